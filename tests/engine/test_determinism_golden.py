"""Same seed + same moves = same game, on CPython 3.11 and on Pyodide's CPython 3.14.

DESIGN.md (engine contract, "Randomness comes only from the game's own seeded
generator"): a game's chance comes from ``random.Random(seed)`` and nothing else, so a
seeded game played with the same actions must come out identical on every interpreter.
This test plays a few seeded random games per registered game and player count (seat
choice with ``witchtable.engine.sim.pick_seat``, actions picked from ``legal_actions`` by
``random.Random(k)``), hashes every step's legal actions and choice and, at the end,
``json.dumps(view, sort_keys=True)`` of the spectator and every seat, and compares the
digests with a golden file that CPython wrote from the same checkout moments before.
``make test-pyodide`` does both: it writes ``build/golden/determinism.json`` with CPython

    .venv/bin/python tests/engine/test_determinism_golden.py --update-golden

and runs this test inside Pyodide with ``WITCHTABLE_GOLDEN`` pointing at it. The digests
are made fresh each run (not committed), so changing a game's wording needs no upkeep,
while any difference between the two interpreters fails. Without ``WITCHTABLE_GOLDEN``
(a plain CPython run) there is nothing to compare against and the test is skipped.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import random
import sys
from pathlib import Path

import pytest

from witchtable.engine import GAMES, load_game, new_game
from witchtable.engine.sim import pick_seat

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / os.environ.get("WITCHTABLE_GOLDEN", "build/golden/determinism.json")
"""A path relative to the checkout, so it means the same file on the host and in Pyodide."""
GAMES_PER_COUNT = 4
"""Seeded games per game and player count: game ``k`` uses seed ``k`` and ``random.Random(k)``."""
MAX_ACTIONS = 20_000
REGENERATE = "make test-pyodide (which regenerates the CPython digests first)"
CASES = [(gid, n) for gid, spec in sorted(GAMES.items())
         for n in range(spec.min_players, spec.max_players + 1)]


def _canonical(value: object) -> bytes:
    return json.dumps(value, sort_keys=True).encode() + b"\n"


def views_digest(game) -> str:
    """sha256 of the spectator's view and every seat's view (logs included)."""
    digest = hashlib.sha256()
    for seat in [None, *range(game.players)]:
        digest.update(_canonical(game.view(seat)))
    return digest.hexdigest()


def play(game_id: str, players: int, k: int) -> dict:
    """Play seeded random game ``k`` to its end; return its golden record.

    ``trail`` hashes each step's seat, legal actions (in order) and choice, so it pins
    where two interpreters first part ways; ``views`` hashes every final view.
    """
    game = new_game(game_id, players, seed=k)
    rng = random.Random(k)
    trail = hashlib.sha256()
    actions = 0
    while not game.is_over:
        if actions >= MAX_ACTIONS:
            raise AssertionError(f"{game_id} with {players} players, seed {k}: no end after "
                                 f"{actions} actions")
        seat = pick_seat(game, rng)
        legal = game.legal_actions(seat)
        choice = rng.randrange(len(legal))
        trail.update(_canonical([seat, choice, legal]))
        game.apply(seat, legal[choice])
        actions += 1
    record = {"seed": k, "actions": actions, "scores": game.scores, "winners": game.winners,
              "trail": trail.hexdigest(), "views": views_digest(game)}
    replayed = load_game(json.loads(json.dumps(game.to_json())))
    if views_digest(replayed) != record["views"]:
        raise AssertionError(f"{game_id} with {players} players, seed {k}: replaying the save "
                             "gives other views than the game itself")
    return record


def generate() -> dict:
    """Every registered game's golden records (what ``--update-golden`` writes)."""
    games: dict = {}
    for game_id, players in CASES:
        games.setdefault(game_id, {})[str(players)] = [play(game_id, players, k)
                                                       for k in range(GAMES_PER_COUNT)]
    return {
        "about": "Digests of seeded random games; see tests/engine/test_determinism_golden.py. "
                 f"Regenerate with: {REGENERATE}",
        "generated_by": f"{platform.python_implementation()} {platform.python_version()} "
                        f"({sys.platform})",
        "games_per_count": GAMES_PER_COUNT,
        "games": games,
    }


def _load_golden() -> dict:
    if "WITCHTABLE_GOLDEN" not in os.environ:
        pytest.skip("cross-interpreter check: runs under Pyodide in `make test-pyodide`")
    if not GOLDEN.exists():
        pytest.fail(f"{GOLDEN} is missing; generate it on CPython with: {REGENERATE}")
    return json.loads(GOLDEN.read_text())


def _interpreter() -> str:
    return f"{platform.python_implementation()} {platform.python_version()} on {sys.platform}"


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_seeded_random_games_match_the_cpython_golden_digests(game_id, players):
    """DESIGN.md engine contract (seeded determinism): same seed + same moves = same game."""
    golden = _load_golden()
    entry = golden["games"].get(game_id, {}).get(str(players))
    if entry is None:
        pytest.fail(f"{GOLDEN.name} has no digests for {game_id} with {players} players (a newly "
                    f"registered game or player count?); regenerate on CPython with: {REGENERATE}")
    if golden["games_per_count"] != GAMES_PER_COUNT:
        pytest.fail(f"{GOLDEN.name} has {golden['games_per_count']} games per count, this test plays "
                    f"{GAMES_PER_COUNT}; regenerate on CPython with: {REGENERATE}")
    for expected in entry:
        got = play(game_id, players, expected["seed"])
        differs = [key for key in expected if got.get(key) != expected[key]]
        assert not differs, (
            f"{game_id} with {players} players, seed {expected['seed']}: {', '.join(differs)} differ "
            f"from the golden digests ({golden['generated_by']}) on {_interpreter()}.\n"
            f"  golden: {json.dumps({k: expected[k] for k in differs})}\n"
            f"  now:    {json.dumps({k: got[k] for k in differs})}\n"
            "If the game's rules, views or log texts changed on purpose, regenerate on CPython with: "
            f"{REGENERATE}\nIf only Pyodide differs, the engine depends on something that is not the "
            "game's seeded generator (set order, hash(), the clock, os.urandom).")


def test_golden_file_lists_only_registered_games():
    """A golden entry for a game or player count the engine no longer has is stale."""
    golden = _load_golden()
    registered = {(gid, str(n)) for gid, n in CASES}
    stale = sorted(f"{gid} {n}p" for gid, counts in golden["games"].items() for n in counts
                   if (gid, n) not in registered)
    assert not stale, (f"{GOLDEN.name} has digests for {', '.join(stale)}, which the engine does not "
                       f"register; regenerate on CPython with: {REGENERATE}")


def _format(golden: dict) -> str:
    """The golden file's text: one game's record a line, so a diff shows which games changed."""
    head = {k: v for k, v in golden.items() if k != "games"}
    lines = ["{", *(f" {json.dumps(k)}: {json.dumps(v)}," for k, v in sorted(head.items())), ' "games": {']
    for g, (gid, counts) in enumerate(sorted(golden["games"].items())):
        lines.append(f"  {json.dumps(gid)}: {{")
        for c, (n, records) in enumerate(sorted(counts.items(), key=lambda item: int(item[0]))):
            lines.append(f"   {json.dumps(n)}: [")
            lines += [f"    {json.dumps(r, sort_keys=True)}" + ("," if i < len(records) - 1 else "")
                      for i, r in enumerate(records)]
            lines.append("   ]" + ("," if c < len(counts) - 1 else ""))
        lines.append("  }" + ("," if g < len(golden["games"]) - 1 else ""))
    return "\n".join([*lines, " }", "}", ""])


def _main(argv: list[str]) -> int:
    """``--update-golden`` rewrites the golden file (CPython only); otherwise report differences."""
    fresh = generate()
    if argv == ["--update-golden"]:
        if platform.python_implementation() != "CPython" or sys.platform == "emscripten":
            print("generate the golden digests on CPython (not Pyodide), so Pyodide is checked against it")
            return 2
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(_format(fresh))
        total = sum(len(v) for counts in fresh["games"].values() for v in counts.values())
        print(f"wrote {total} games' digests for {', '.join(sorted(fresh['games']))} to {GOLDEN}")
        return 0
    if argv:
        print("usage: test_determinism_golden.py [--update-golden]   (without the flag: only compare)")
        return 2
    old = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {"games": {}}
    differ = [f"{gid} {n}p" for gid, counts in fresh["games"].items() for n, records in counts.items()
              if old["games"].get(gid, {}).get(n) != records]
    print("golden digests up to date" if not differ else "differ from the golden file: " + ", ".join(differ))
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(_main(sys.argv[1:]))
