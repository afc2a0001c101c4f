"""The command line refuses bad arguments with its usage line and exit status 2, never a traceback.

Each bad case runs in-process (``face.cli.main``) and the reported ones also as
``python -m witchtable`` in a subprocess, the way a person meets them.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from witchtable import cli
from witchtable.engine.sim import play_game, simulate

BAD = {
    # name: (arguments, words the message must contain)
    "unknown-game": (["play-bots", "no-such-game"], ["invalid choice", "witching-hour"]),
    "simulate-unknown-game": (["simulate", "no-such-game"], ["invalid choice"]),
    "bench-unknown-game": (["bench", "no-such-game"], ["unknown game 'no-such-game'", "witching-hour"]),
    "too-many-players": (["play-bots", "witching-hour", "--players", "9"], ["takes 2 to 5 players, not 9"]),
    "too-few-players": (["simulate", "hocus-pocus", "--players", "1"], ["takes 2 to 6 players, not 1"]),
    "zero-players": (["simulate", "witching-hour", "--players", "0"], ["takes 2 to 5 players, not 0"]),
    "negative-players": (["simulate", "witching-hour", "--players", "-3"], ["--players", "'-3'"]),
    "non-numeric-players": (["play-bots", "witching-hour", "--players", "three"], ["'three'"]),
    "too-few-bots": (["play-bots", "witching-hour", "--players", "3", "--bots", "heuristic,random"],
                     ["one per seat (3)", "not 2"]),
    "too-many-bots-play": (["play-bots", "witching-hour", "--players", "2", "--bots", "random,random,random"],
                           ["one per seat (2)", "not 3"]),
    "too-many-bots-simulate": (["simulate", "witching-hour", "--players", "2", "--bots",
                                "random,random,random"], ["one per seat (2)", "not 3"]),
    "unknown-bot": (["play-bots", "witching-hour", "--bots", "genius"], ["unknown bot 'genius'", "random"]),
    "unknown-bot-in-list": (["simulate", "hocus-pocus", "--players", "2", "--bots", "random,genius"],
                            ["unknown bot 'genius'"]),
    "empty-bot": (["simulate", "witching-hour", "--bots", ""], ["unknown bot ''"]),
    "games-zero": (["simulate", "witching-hour", "--games", "0"], ["--games", "1 to 1,000,000", "'0'"]),
    "games-negative": (["simulate", "witching-hour", "--games", "-5"], ["--games", "'-5'"]),
    "games-over-cap": (["simulate", "witching-hour", "--games", "1000001"], ["1 to 1,000,000"]),
    "games-non-numeric": (["simulate", "witching-hour", "--games", "many"], ["'many'"]),
    "games-float": (["simulate", "witching-hour", "--games", "2.5"], ["'2.5'"]),
    "games-huge": (["simulate", "witching-hour", "--games", "9" * 5000], ["characters"]),
    "seed-negative": (["play-bots", "witching-hour", "--seed", "-1"], ["--seed", "'-1'"]),
    "seed-non-numeric": (["simulate", "witching-hour", "--seed", "abc"], ["--seed", "'abc'"]),
    "runs-zero": (["bench", "witching-hour", "--runs", "0", "--no-pyodide"], ["--runs", "'0'"]),
    "actions-negative": (["bench", "--actions", "-1", "--no-pyodide"], ["--actions", "'-1'"]),
    "no-command": ([], ["required"]),
    "unknown-command": (["fly"], ["invalid choice"]),
}

SUBPROCESS = ("bench-unknown-game", "too-few-bots", "games-zero", "games-negative", "unknown-bot",
              "too-many-players", "games-huge")


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_arguments_exit_2_with_usage(case, capsys):
    args, words = BAD[case]
    with pytest.raises(SystemExit) as stop:
        cli.main(args)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: python -m witchtable")
    assert "error:" in err and "Traceback" not in err
    for word in words:
        assert word in err
    assert len(err) < 2000  # huge input is quoted briefly


needs_processes = pytest.mark.skipif(sys.platform == "emscripten",
                                     reason="Pyodide has no subprocesses (the in-process tests run there)")


def _run(*args: str) -> subprocess.CompletedProcess:
    """``python -m witchtable`` with this interpreter and environment (the installed package)."""
    return subprocess.run([sys.executable, "-m", "witchtable", *args], capture_output=True, text=True,
                          timeout=120)


@needs_processes
@pytest.mark.parametrize("case", SUBPROCESS)
def test_bad_arguments_as_a_command(case):
    args, words = BAD[case]
    proc = _run(*args)
    assert proc.returncode == 2
    assert proc.stderr.startswith("usage: python -m witchtable") and "Traceback" not in proc.stderr
    for word in words:
        assert word in proc.stderr


def test_help_documents_the_games_cap(capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["simulate", "--help"])
    assert stop.value.code == 0
    assert "1,000,000" in " ".join(capsys.readouterr().out.split())


def test_play_bots_one_kind_or_one_per_seat(capsys):
    assert cli.main(["play-bots", "witching-hour", "--players", "3", "--seed", "4",
                     "--bots", "heuristic,random,random"]) == 0
    out = capsys.readouterr().out
    game, _ = play_game("witching-hour", ["heuristic", "random", "random"], 4)
    assert out.startswith("Witching Hour: 3 players, seed 4, bots: Heuristic 1, Random 2, Random 3")
    assert "Final scores: " + ", ".join(f"{n} {v}" for n, v in
                                        zip(["Heuristic 1", "Random 2", "Random 3"], game.scores,
                                            strict=True)) in out
    assert cli.main(["play-bots", "hocus-pocus", "--players", "2", "--bots", "random"]) == 0
    assert "Winner: " in capsys.readouterr().out


def test_simulate_json_matches_the_engine(capsys):
    assert cli.main(["simulate", "hocus-pocus", "--players", "4", "--games", "5", "--seed", "3",
                     "--bots", "heuristic,random,random,random", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result == json.loads(json.dumps(
        simulate("hocus-pocus", 4, 5, seed=3, bots=["heuristic", "random", "random", "random"])))


@needs_processes
def test_simulate_and_bench_as_commands():
    proc = _run("simulate", "witching-hour", "--games", "3", "--players", "2")
    assert proc.returncode == 0, proc.stderr
    assert "Win rate by seat" in proc.stdout
    proc = _run("bench", "witching-hour", "--runs", "1", "--actions", "50", "--no-pyodide")
    assert proc.returncode == 0, proc.stderr
    assert "witching-hour" in proc.stdout


def test_engine_refuses_what_the_cli_refuses():
    """The library calls refuse the same cases with a ValueError (no KeyError, no division by zero)."""
    from witchtable.engine.sim import bench
    for call in (lambda: simulate("witching-hour", 3, 0), lambda: simulate("witching-hour", 3, -5),
                 lambda: simulate("witching-hour", 3, 2, bots=["random", "random"]),
                 lambda: simulate("witching-hour", 3, 2, bots="genius"),
                 lambda: bench(["no-such-game"]), lambda: bench(runs=0)):
        with pytest.raises(ValueError):
            call()


@pytest.mark.parametrize("args", [["play-bots", "witching-hour", "--bots", "x" * 100_000],
                                  ["simulate", "y" * 100_000],
                                  ["simulate", "hocus-pocus", "--players", "2", "--bots",
                                   "random," + "z" * 100_000]])
def test_a_huge_argument_is_quoted_briefly(args, capsys):
    """Issue 26.7: a 100,000-character --bots (or game) comes back as a few dozen characters."""
    with pytest.raises(SystemExit) as stop:
        cli.main(args)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.startswith("usage:") and "Traceback" not in err
    assert len(err.splitlines()[-1]) < 400 and "(100002 characters)" in err
