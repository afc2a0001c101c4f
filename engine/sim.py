"""Simulations and benchmarks: many seeded games, statistics, random-play speed.

Used by the command line (``python -m witchtable simulate|bench``) and the lab widget;
standard library only, so it runs in Pyodide too.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence

from .bots import make_bot
from .core import GAMES, Game, new_game


def pick_seat(game: Game, rng: random.Random) -> int:
    """Who acts next when several seats may (a reaction window): a seeded random one."""
    to_act = game.to_act
    return to_act[0] if len(to_act) == 1 else to_act[rng.randrange(len(to_act))]


def play_out(game: Game, bots: Sequence, rng: random.Random, max_actions: int = 100_000) -> int:
    """Let ``bots`` (one per seat) play ``game`` to its end; returns the actions played."""
    played = 0
    while not game.is_over:
        if played >= max_actions:
            raise RuntimeError(f"{game.id} did not end after {max_actions} actions")
        seat = pick_seat(game, rng)
        bot = bots[seat]
        view = game.view(seat) if getattr(bot, "needs_view", True) else {}
        game.apply(seat, bot.choose(view, game.legal_actions(seat)))
        played += 1
    return played


def simulate(game_id: str, players: int, games: int, seed: int = 0,
             bots: Sequence[str] | str = "random",
             progress: Callable[[int, int], None] | None = None, **options) -> dict:
    """Play ``games`` seeded games; return win rates by seat, lengths and score statistics.

    Game ``i`` uses seed ``seed + i``, so any single game can be replayed and explored.
    """
    kinds = [bots] * players if isinstance(bots, str) else list(bots)
    if len(kinds) != players:
        raise ValueError(f"give one bot kind per seat ({players}), not {len(kinds)}")
    wins = [0.0] * players
    lengths: list[int] = []
    scores: list[list] = [[] for _ in range(players)]
    extra: dict[str, list] = {}
    for i in range(games):
        game = new_game(game_id, players, seed + i, **options)
        seat_bots = [make_bot(kind, game_id, (seed + i) * 31 + s) for s, kind in enumerate(kinds)]
        lengths.append(play_out(game, seat_bots, random.Random(seed + i)))
        for w in game.winners:
            wins[w] += 1 / len(game.winners)
        for s, value in enumerate(game.scores):
            scores[s].append(value)
        final = game.view(None)
        if "round" in final:
            extra.setdefault("rounds", []).append(final["round"])
        if progress:
            progress(i + 1, games)
    return {
        "game": game_id, "players": players, "games": games, "seed": seed, "bots": kinds,
        "win_rate": [w / games for w in wins],
        "length": _stats(lengths),
        "scores": [_stats(s) for s in scores],
        "extra": {k: _stats(v) for k, v in extra.items()},
    }


def _stats(values: list) -> dict:
    if not values:
        return {}
    return {"mean": statistics.fmean(values), "median": statistics.median(values),
            "min": min(values), "max": max(values),
            "stdev": statistics.pstdev(values) if len(values) > 1 else 0.0}


def random_play_rate(game_id: str, players: int, actions: int = 20_000, seed: int = 0) -> float:
    """Random-play actions per second: list legal actions, pick one, apply; new game at the end."""
    rng = random.Random(seed)
    done = 0
    game_seed = seed
    start = time.perf_counter()
    while done < actions:
        game = new_game(game_id, players, game_seed)
        game_seed += 1
        while not game.is_over and done < actions:
            seat = pick_seat(game, rng)
            legal = game.legal_actions(seat)
            game.apply(seat, legal[rng.randrange(len(legal))])
            done += 1
    return done / (time.perf_counter() - start)


def bench(game_ids: Sequence[str] | None = None, runs: int = 5, actions: int = 20_000) -> dict:
    """Median (and every run) of random-play actions/s per game, over the player counts."""
    out = {}
    for game_id in game_ids or sorted(GAMES):
        spec = GAMES[game_id]
        rates = []
        for run in range(runs):
            per_count = [random_play_rate(game_id, n, actions // (spec.max_players - spec.min_players + 1),
                                          seed=run * 1000 + n)
                         for n in range(spec.min_players, spec.max_players + 1)]
            rates.append(statistics.fmean(per_count))
        out[game_id] = {"median": statistics.median(rates), "runs": rates}
    return out
