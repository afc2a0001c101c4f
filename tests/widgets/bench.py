"""How long the widget layer takes: Python per message, JSON size, and drawing in Chromium.

    PYTHONPATH=build/dev .venv/bin/python tests/widgets/bench.py

Medians of several runs; not a test (timings depend on the machine).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from witchtable.widgets import TableController


def median_ms(fn, runs: int = 25) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def python_side() -> dict:
    out = {}
    c = TableController("witching-hour", players=4, seed=3)
    out["state() at move 0, 4 players"] = median_ms(c.state)
    out["state JSON bytes (play, move 0)"] = len(json.dumps(c.state()))

    def act_and_undo():
        action = next(a for a in c.game.legal_actions(0) if a["type"] == "attack")
        c.handle({"kind": "act", "action": action, "move": c.game.move_number})
        c.handle({"kind": "undo"})
    out["act + undo (two messages)"] = median_ms(act_and_undo)

    e = TableController("witching-hour", players=4, seed=3, mode="explore")
    e.handle({"kind": "autoplay"})
    end = e.game.move_number
    out["explore: moves in the bot game"] = end
    out["explore: goto the middle"] = median_ms(lambda: e.handle({"kind": "goto", "move": end // 2}))
    out["explore: state JSON bytes (middle)"] = len(json.dumps(e.state()))

    def autoplay():
        e.handle({"kind": "goto", "move": 0})
        e.handle({"kind": "autoplay"})
    out["explore: goto 0 + bots play a whole game"] = median_ms(autoplay, runs=7)
    return out


def browser_side() -> dict:
    from widget_harness import CHROMIUM, browser, open_table, serve_repo

    if CHROMIUM is None:
        return {"chromium": "not installed"}
    out = {}
    c = TableController("witching-hour", players=4, seed=3, mode="explore")
    c.handle({"kind": "autoplay"})
    states = []
    for move in range(0, c.game.move_number, 5):
        states.append(c.handle({"kind": "goto", "move": move}))
    with serve_repo() as base, browser(width=900) as (context, _):
        page = open_table(context, base, c)
        times = page.evaluate("""async (states) => {
            const out = [];
            for (const s of states) {
                const t0 = performance.now();
                window.wtModel.update(s);
                await Promise.resolve();
                out.push(performance.now() - t0);
            }
            return out;
        }""", states)
        out["draw an explorer state (ms, median)"] = statistics.median(times)
        out["explorer draws measured"] = len(times)
    play = TableController("witching-hour", players=4, seed=3, pace=0)
    states = [play.state()]
    while not play.game.is_over and len(states) < 30:
        action = next(a for a in play.game.legal_actions(0))
        states.append(play.handle({"kind": "act", "action": action, "move": play.game.move_number}))
    with serve_repo() as base, browser(width=900) as (context, _):
        page = open_table(context, base, play)
        times = page.evaluate("""async (states) => {
            const out = [];
            for (const s of states) {
                const t0 = performance.now();
                window.wtModel.update(s);
                await Promise.resolve();
                out.push(performance.now() - t0);
            }
            return out;
        }""", states)
        out["draw a play state (ms, median)"] = statistics.median(times)
        out["play draws measured"] = len(times)
    return out


if __name__ == "__main__":
    for key, value in {**python_side(), **browser_side()}.items():
        print(f"{key:<45} {value:.2f}" if isinstance(value, float) else f"{key:<45} {value}")
