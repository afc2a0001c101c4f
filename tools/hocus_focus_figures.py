"""Measure Hocus Focus's house deck and bots: the figures quoted in docs/games/hocus-focus.md.

    PYTHONPATH=build/dev python tools/hocus_focus_figures.py [--deals 100000] [--games 2000]

- no-match rate on fresh deals: shuffle the deck, 12 face up, turn the next card: how
  often does no face-up wizard fit?
- no-match rate in play: every round of seeded games between medium bots (the table
  thins out as fitting wizards are won, so this is the rate players meet);
- each bot level's reaction times, over fresh deals: mean ms of its claims and of its
  "No match!" calls, how often it claims wrongly, calls "No match!" wrongly, or gives up.
Everything is seeded, so the figures repeat exactly.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build" / "dev"))

from witchtable.engine import new_game  # noqa: E402
from witchtable.engine.games.hocus_focus import BOTS, HOUSE_DECK, LEVELS  # noqa: E402
from witchtable.engine.games.hocus_focus.state import fitting  # noqa: E402


def fresh_no_match(deals: int, seed: int = 1) -> float:
    rng = random.Random(seed)
    deck = list(HOUSE_DECK)
    none = 0
    for _ in range(deals):
        cards = rng.sample(deck, 13)
        if not fitting(cards[:12], cards[12]):
            none += 1
    return none / deals


def in_play_no_match(games: int, players: int = 3) -> tuple[float, int]:
    rounds = none = 0
    for seed in range(games):
        game = new_game("hocus-focus", players, seed)
        bots = [BOTS["heuristic"](seed * 31 + s) for s in range(players)]
        seen = set()
        state = game._state
        while not game.is_over:
            if state.round not in seen:
                seen.add(state.round)
                rounds += 1
                none += not fitting(state.board, state.turned)
            play_out_one(game, bots)
            state = game._state
    return none / rounds, rounds


def play_out_one(game, bots) -> None:
    seat = game.to_act[0]
    game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))


def bot_times(level: str, deals: int, seed: int = 2) -> dict:
    rng = random.Random(seed)
    bot = BOTS["heuristic" if level == "medium" else level](seed)
    claims, no_match, wrong, wrong_nm, gave_up, fit_deals = [], [], 0, 0, 0, 0
    by_fits: dict[str, list] = {"1": [], "2-3": [], "4+": [], "none": []}
    for _ in range(deals):
        cards = rng.sample(HOUSE_DECK, 13)
        board, turned = cards[:12], cards[12]
        fits = fitting(board, turned)
        fit_deals += bool(fits)
        view = {"mode": "timed", "round": 1, "board": board, "turned": turned}
        action = bot.choose(view, [])
        if action["type"] != "pass":
            bucket = "none" if not fits else "1" if len(fits) == 1 else "2-3" if len(fits) <= 3 else "4+"
            by_fits[bucket].append(action["ms"])
        if action["type"] == "pass":
            gave_up += 1
        elif action["type"] == "claim":
            claims.append(action["ms"])
            wrong += action["card"] not in fits
        else:
            no_match.append(action["ms"])
            wrong_nm += bool(fits)
    return {"level": level, "claim_ms": statistics.fmean(claims),
            "no_match_ms": statistics.fmean(no_match) if no_match else 0.0,
            "wrong_claims": wrong / max(1, len(claims)), "wrong_no_match": wrong_nm / max(1, len(no_match)),
            "gave_up": gave_up / deals,
            "all_ms": statistics.fmean(claims + no_match), "median_ms": statistics.median(claims + no_match),
            "by_fits": {k: statistics.fmean(v) if v else 0.0 for k, v in by_fits.items()}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args(argv)
    print(f"fresh deals: no match in {fresh_no_match(args.deals):.2%} of {args.deals:,}")
    rate, rounds = in_play_no_match(args.games)
    print(f"in play (3 medium bots, {args.games:,} games): no match in {rate:.2%} of {rounds:,} rounds")
    print("| Level | Mean claim | Mean \"No match!\" | Mean of all calls | Median | Wrong claims "
          "| Wrong \"No match!\" | Gives up |")
    print("|---|---|---|---|---|---|---|---|")
    times = {level: bot_times(level, args.deals // 5) for level in LEVELS}
    for level, t in times.items():
        print(f"| {level} | {t['claim_ms']:,.0f} ms | {t['no_match_ms']:,.0f} ms | {t['all_ms']:,.0f} ms "
              f"| {t['median_ms']:,.0f} ms | {t['wrong_claims']:.1%} | {t['wrong_no_match']:.1%} "
              f"| {t['gave_up']:.2%} |")
    print()
    print("| Level | 1 wizard fits | 2-3 fit | 4 or more fit | none fits |")
    print("|---|---|---|---|---|")
    for level, t in times.items():
        cells = " | ".join(f"{t['by_fits'][k]:,.0f} ms" for k in ("1", "2-3", "4+", "none"))
        print(f"| {level} | {cells} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
