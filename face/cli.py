"""The command line: ``python -m witchtable <command>``.

play-bots   a whole game between bots, narrated, with the scores
simulate    many seeded games: win rates by seat, game length, score statistics
bench       random-play actions per second, CPython and Pyodide, median of several runs
site build  build the offline site (play pages, notebooks, variants) into a folder;
            needs the extra: pip install "witchtable[site]"
site serve  serve a built site on http://127.0.0.1:PORT/ (this computer only)

A bad argument (unknown game or bot, a player count the game does not take, the wrong
number of bots, a number out of range) gets the usage line, what was wrong and what
would be right, and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from .engine import GAMES
from .engine.bots import BOT_KINDS, default_bot
from .engine.rules import BRIEF_LIMIT, brief, clip
from .engine.sim import bench, play_game, seat_kinds, simulate

MAX_GAMES = 1_000_000
"""The most games one ``simulate`` runs (hours of play already; split a bigger study)."""
MAX_SEED = 2**63 - 1
MAX_RUNS = 1_000
MAX_ACTIONS = 10_000_000


ERROR_LIMIT = 300
"""The longest error the command line prints: argparse and our checks quote what was typed
(an unknown choice, a bot kind), and a 100,000-character argument must not come back whole."""


class Parser(argparse.ArgumentParser):
    """argparse's parser whose every error (its own and ours) is cut to :data:`ERROR_LIMIT`
    characters: the usage line, what was wrong, exit status 2. Subcommands inherit it."""

    def error(self, message: str) -> NoReturn:
        """argparse's error, with what was typed quoted briefly and the whole cut to ERROR_LIMIT."""
        quoted = _LONG_QUOTE.sub(lambda m: brief(m.group()[1:-1]), message)  # what was typed, briefly
        super().error(clip(quoted, ERROR_LIMIT))


_LONG_QUOTE = re.compile(r"'[^']{" + str(BRIEF_LIMIT) + ",}'")


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``, else a message saying so."""
    def parse(text: str) -> int:
        try:
            value = int(text, 10) if len(text) <= 30 else None
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"expected a whole number from {low:,} to {high:,}, "
                                             f"not {brief(text)}")
        return value
    parse.__name__ = "whole number"
    return parse


def _progress(done: int, total: int, started: float) -> None:
    if not sys.stderr.isatty() and done not in (total,) and done % max(1, total // 10):
        return
    width = 30
    filled = int(width * done / total)
    rate = done / max(time.perf_counter() - started, 1e-9)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games "
                     f"({rate:.0f}/s)")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def cmd_play_bots(args: argparse.Namespace) -> int:
    """`play-bots`: one bots' game narrated in the terminal, to watch a game's rules at work."""
    kinds = args.kinds
    game, _length = play_game(args.game, kinds, args.seed)
    names = [f"{kind.capitalize()} {s + 1}" for s, kind in enumerate(kinds)]
    print(f"{GAMES[args.game].name}: {args.players} players, seed {args.seed}, "
          f"bots: {', '.join(names)}\n")
    for entry in game.view(None, names=names)["log"]:
        print(("\n" if entry["kind"] in ("deal", "score", "game-end") else "  ") + entry["text"])
    print("\nFinal scores: " + ", ".join(f"{names[s]} {v}" for s, v in enumerate(game.scores)))
    print("Winner: " + (" and ".join(names[w] for w in game.winners) or "nobody"))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    """`simulate`: many bots' games summed up (win rates, lengths, scores) to judge balance and bots."""
    started = time.perf_counter()
    result = simulate(args.game, args.players, args.games, args.seed, args.kinds,
                      progress=lambda d, t: _progress(d, t, started))
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    elapsed = time.perf_counter() - started
    print(f"{GAMES[args.game].name}: {args.games} games, {args.players} players, seeds "
          f"{args.seed}..{args.seed + args.games - 1}, bots {result['bots']} ({elapsed:.1f} s)")
    if "team" in result:  # cooperative: the table wins or loses together
        team = result["team"]
        low, high = team["interval"]
        print(f"\nTeam win rate: {team['rate']:.1%} ({team['wins']} of {args.games} games; "
              f"95% interval {low:.1%} to {high:.1%})")
    print("\nWin rate by seat:" + (" (each win shared by the whole table)" if "team" in result else ""))
    for seat, rate in enumerate(result["win_rate"]):
        bar = "#" * round(rate * 40)
        print(f"  seat {seat} ({result['bots'][seat]:>9}): {rate:6.1%} {bar}")
    length = result["length"]
    print(f"\nGame length (actions): mean {length['mean']:.1f}, median {length['median']:.0f}, "
          f"min {length['min']}, max {length['max']}")
    for key, stats in result["extra"].items():
        print(f"{key.capitalize()} per game: mean {stats['mean']:.2f}, max {stats['max']}")
    print("\nFinal score by seat: mean (stdev) [min-max]")
    for seat, stats in enumerate(result["scores"]):
        print(f"  seat {seat}: {stats['mean']:.1f} ({stats['stdev']:.1f}) "
              f"[{stats['min']}-{stats['max']}]")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """`bench`: actions per second (CPython; Pyodide when built): an engine change shows it is not slower."""
    games = args.games or sorted(GAMES)
    print(f"Random-play actions per second (median of {args.runs} runs, "
          f"{args.actions} actions a run)\n")
    cpython = bench(games, runs=args.runs, actions=args.actions)
    pyodide = None if args.no_pyodide else _bench_pyodide(games, args.runs, args.actions)
    header = f"{'game':<22}{'CPython':>12}"
    if pyodide:
        header += f"{'Pyodide':>12}{'ratio':>8}"
    print(header)
    for game_id in games:
        line = f"{game_id:<22}{cpython[game_id]['median']:>12,.0f}"
        if pyodide and game_id in pyodide:
            py = pyodide[game_id]["median"]
            line += f"{py:>12,.0f}{cpython[game_id]['median'] / py:>7.2f}x"
        print(line)
    print("\nruns (actions/s): " + json.dumps(
        {g: {"cpython": [round(r) for r in cpython[g]["runs"]],
             **({"pyodide": [round(r) for r in pyodide[g]["runs"]]} if pyodide else {})}
         for g in games}))
    if pyodide is None and not args.no_pyodide:
        print("\n(Pyodide figures need a checkout with `make test-pyodide` done first: "
              "tools/pyodide/run.mjs, node_modules/pyodide, build/pyodide-wheels and dist/*.whl.)")
    return 0


def _bench_pyodide(games: list, runs: int, actions: int):
    runner = Path("tools/pyodide/run.mjs")
    wheels = sorted(Path("dist").glob("witchtable-*.whl"))
    micropip_dir = Path("build/pyodide-wheels")  # micropip's wheel: tools/pyodide/fetch-wheels.sh
    if not (runner.exists() and wheels and list(micropip_dir.glob("micropip-*.whl"))
            and shutil.which("node")):
        return None
    code = ("import json; from witchtable.engine.sim import bench; "
            f"print('BENCH' + json.dumps(bench({games!r}, runs={runs}, actions={actions})))")
    proc = subprocess.run(["node", str(runner), "--quiet", "--wheels", str(micropip_dir),
                           "--wheel", str(wheels[-1]), "--python", code],
                          capture_output=True, text=True)
    for line in proc.stdout.splitlines():
        if line.startswith("BENCH"):
            return json.loads(line[5:])
    sys.stderr.write(proc.stdout[-2000:] + proc.stderr[-2000:])
    return None


def cmd_site_build(args: argparse.Namespace) -> int:
    """`site build`: the offline site, for a teacher to publish without a server."""
    from .site.build import build_site

    build_site(args)
    return 0


def cmd_site_serve(args: argparse.Namespace) -> int:
    """`site serve`: a built site on 127.0.0.1, refused when the folder is not one."""
    from .site.build import UsageError, is_site
    from .site.serve import serve_site

    site = Path(args.dir)
    if not is_site(site):
        raise UsageError(f"{args.dir} is not a built witchtable site (no site-manifest.json): "
                         "build one with `python -m witchtable site build --out DIR`")
    return serve_site(site, "127.0.0.1", args.port)


def _game_id(text: str) -> str:
    """An argparse type: a registered game id (``bench`` takes several, so no ``choices``)."""
    if text not in GAMES:
        raise argparse.ArgumentTypeError(f"unknown game {brief(text)}; choose from "
                                         f"{', '.join(sorted(GAMES))}")
    return text


def _check_table(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """What depends on the game: its player counts and its bots (one kind, or one per seat)."""
    spec = GAMES[args.game]
    if not spec.min_players <= args.players <= spec.max_players:
        parser.error(f"argument --players: {spec.name} takes {spec.min_players} to "
                     f"{spec.max_players} players, not {args.players}")
    kinds = (args.bots if args.bots is not None else default_bot(args.game)).split(",")
    if len(kinds) != 1 and len(kinds) != args.players:
        parser.error(f"argument --bots: give one bot kind, or one per seat ({args.players}) "
                     f"separated by commas, not {len(kinds)}: {brief(','.join(kinds))}")
    try:
        args.kinds = seat_kinds(args.game, args.players, kinds[0] if len(kinds) == 1 else kinds)
    except ValueError as err:
        parser.error(f"argument --bots: {err}")


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The parser and each command's own (whose usage line a bad argument prints)."""
    parser = Parser(prog="python -m witchtable", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True, metavar="command")
    game_ids = sorted(GAMES)
    counts = ", ".join(f"{g} {GAMES[g].min_players}-{GAMES[g].max_players}" for g in game_ids)
    bots_help = f"one of {', '.join(BOT_KINDS)}, or one per seat separated by commas"
    seed = whole_number(0, MAX_SEED)
    commands: dict[str, argparse.ArgumentParser] = {}

    p = commands["play-bots"] = sub.add_parser("play-bots", help="a whole game between bots, narrated")
    p.add_argument("game", choices=game_ids)
    p.add_argument("--players", type=whole_number(0, 999), default=3, help=f"players: {counts}")
    p.add_argument("--seed", type=seed, default=1, help="the deal's seed (0 or more)")
    p.add_argument("--bots", default=None, help=bots_help + " (default: the game's own bot)")
    p.set_defaults(func=cmd_play_bots, table=True)

    p = commands["simulate"] = sub.add_parser("simulate", help="statistics over many seeded games")
    p.add_argument("game", choices=game_ids)
    p.add_argument("--players", type=whole_number(0, 999), default=3, help=f"players: {counts}")
    p.add_argument("--games", type=whole_number(1, MAX_GAMES), default=1000,
                   help=f"how many games, 1 to {MAX_GAMES:,} (game i has seed SEED + i)")
    p.add_argument("--seed", type=seed, default=1, help="the first game's seed (0 or more)")
    p.add_argument("--bots", default="random", help=bots_help)
    p.add_argument("--json", action="store_true", help="print the raw statistics as JSON")
    p.set_defaults(func=cmd_simulate, table=True)

    p = commands["bench"] = sub.add_parser("bench", help="random-play speed, CPython and Pyodide")
    p.add_argument("games", nargs="*", default=[], type=_game_id, metavar="game",
                   help=f"game ids (default: all): {', '.join(game_ids)}")
    p.add_argument("--runs", type=whole_number(1, MAX_RUNS), default=5,
                   help=f"runs to take the median of, 1 to {MAX_RUNS:,}")
    p.add_argument("--actions", type=whole_number(1, MAX_ACTIONS), default=20_000,
                   help=f"random actions a run, 1 to {MAX_ACTIONS:,}")
    p.add_argument("--no-pyodide", action="store_true")
    p.set_defaults(func=cmd_bench, table=False)

    from .site import build as site_build  # (standard library only until a build starts)

    p = sub.add_parser("site", help="build or serve the offline site")
    site_sub = p.add_subparsers(dest="site_command", required=True, metavar="command")
    commands["site"] = p
    p = commands["site build"] = site_sub.add_parser(
        "build", help="build the offline site into a folder",
        description=site_build.__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    site_build.add_build_arguments(p)
    p.set_defaults(func=cmd_site_build, table=False)
    p = commands["site serve"] = site_sub.add_parser(
        "serve", help="serve a built site on 127.0.0.1 (this computer only)")
    p.add_argument("dir", metavar="DIR", help="the built site's folder")
    p.add_argument("--port", type=whole_number(0, 65535), default=8000,
                   help="the port (default 8000; 0: any free one)")
    p.set_defaults(func=cmd_site_serve, table=False)
    return parser, commands


def main(argv: list | None = None) -> int:
    """The `witchtable` command: run a subcommand; each kind of error becomes its message and exit status."""
    from .site.build import BuildError, UsageError

    parser, commands = build_parser()
    args = parser.parse_args(argv)
    command = commands[" ".join(filter(None, (args.command, getattr(args, "site_command", None))))]
    if args.table:
        _check_table(command, args)
    try:
        return args.func(args)
    except UsageError as err:  # a teacher's mistake: the usage line, what is wrong, status 2
        command.error(str(err))
    except BuildError as err:  # the build environment lacks something: say what, status 1
        sys.stderr.write(f"{command.prog}: {err}\n")
        return 1
    except ValueError as err:
        command.error(str(err))
    except BrokenPipeError:  # output piped into `head` and the like: stop quietly
        sys.stderr.close()
        return 0
    return 2
