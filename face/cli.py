"""The command line: ``python -m witchtable <command>``.

play-bots   a whole game between bots, narrated, with the scores
simulate    many seeded games: win rates by seat, game length, score statistics
bench       random-play actions per second, CPython and Pyodide, median of several runs
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

from .engine import GAMES, new_game
from .engine.bots import BOT_KINDS, make_bot
from .engine.sim import bench, pick_seat, simulate


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
    game = new_game(args.game, args.players, args.seed)
    kinds = (args.bots.split(",") if "," in args.bots else [args.bots] * args.players)
    bots = [make_bot(kind, args.game, args.seed * 31 + s) for s, kind in enumerate(kinds)]
    names = [f"{kind.capitalize()} {s + 1}" for s, kind in enumerate(kinds)]
    rng = random.Random(args.seed)
    print(f"{GAMES[args.game].name}: {args.players} players, seed {args.seed}, "
          f"bots: {', '.join(names)}\n")
    while not game.is_over:
        seat = pick_seat(game, rng)
        game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    for entry in game.view(None, names=names)["log"]:
        print(("\n" if entry["kind"] in ("deal", "score", "game-end") else "  ") + entry["text"])
    print("\nFinal scores: " + ", ".join(f"{names[s]} {v}" for s, v in enumerate(game.scores)))
    print("Winner: " + " and ".join(names[w] for w in game.winners))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    kinds = args.bots.split(",") if "," in args.bots else args.bots
    result = simulate(args.game, args.players, args.games, args.seed, kinds,
                      progress=lambda d, t: _progress(d, t, started))
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    elapsed = time.perf_counter() - started
    print(f"{GAMES[args.game].name}: {args.games} games, {args.players} players, seeds "
          f"{args.seed}..{args.seed + args.games - 1}, bots {result['bots']} ({elapsed:.1f} s)")
    print("\nWin rate by seat:")
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


def main(argv: list | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m witchtable", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    game_ids = sorted(GAMES)

    p = sub.add_parser("play-bots", help="a whole game between bots, narrated")
    p.add_argument("game", choices=game_ids)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bots", default="heuristic",
                   help=f"one of {BOT_KINDS}, or one per seat separated by commas")
    p.set_defaults(func=cmd_play_bots)

    p = sub.add_parser("simulate", help="statistics over many seeded games")
    p.add_argument("game", choices=game_ids)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bots", default="random",
                   help=f"one of {BOT_KINDS}, or one per seat separated by commas")
    p.add_argument("--json", action="store_true", help="print the raw statistics as JSON")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("bench", help="random-play speed, CPython and Pyodide")
    p.add_argument("games", nargs="*", default=[], help="game ids (default: all)")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--actions", type=int, default=20_000)
    p.add_argument("--no-pyodide", action="store_true")
    p.set_defaults(func=cmd_bench)

    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except ValueError as err:
        parser.error(str(err))
    except BrokenPipeError:  # output piped into `head` and the like: stop quietly
        sys.stderr.close()
        return 0
    return 2


