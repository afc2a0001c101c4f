"""Simulations and benchmarks: many seeded games, statistics, random-play speed.

Also the one bot loop every caller uses: the command line (``python -m witchtable
simulate|play-bots``), the widgets' bot moves and autoplay, and the lab. Standard
library only, so it runs in Pyodide too.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from .bots import Bot, make_bot
from .core import GAMES, Game, new_game
from .rules import brief

MAX_ACTIONS = 100_000
"""A game still running after this many bot moves is a bug (a loop in the rules), not play."""

SeatBots = Sequence["Bot | None"]
"""One entry per seat: the bot that plays it, or ``None`` for a person."""


def pick_seat(game: Game, rng: random.Random | None) -> int:
    """Who acts next when several seats may (a reaction window): a seeded random one.

    Without ``rng`` the first seat listed acts (the widgets' order).
    """
    to_act = game.to_act
    return to_act[0] if len(to_act) == 1 or rng is None else to_act[rng.randrange(len(to_act))]


def bot_seeds(seed: int, players: int, salt: int = 0) -> list[int]:
    """The seed of each seat's bot in a game dealt with ``seed``: ``seed * 31 + seat (+ salt)``."""
    return [seed * 31 + s + salt for s in range(players)]


def seat_bots(game_id: str, kinds: Sequence[str | None], seed: int, salt: int = 0) -> list[Bot | None]:
    """Bots for a game dealt with ``seed``, one per seat (``None`` kinds stay people)."""
    return [make_bot(kind, game_id, bot_seed) if kind is not None else None
            for kind, bot_seed in zip(kinds, bot_seeds(seed, len(kinds), salt), strict=True)]


def next_bot(game: Game, bots: SeatBots, rng: random.Random | None = None) -> int | None:
    """The bot seat to move now, or ``None`` when the game is over or a person may act.

    When several seats may act at once (a reaction window) and a person is among them,
    the person decides first and the bots wait; among bots alone ``rng`` picks
    (:func:`pick_seat`).
    """
    to_act = game.to_act
    if not to_act:
        return None
    for s in to_act:
        if bots[s] is None:
            return None
    return pick_seat(game, rng)


def show_table(game: Game, bots: SeatBots) -> None:
    """Show each watching bot (one with ``observe``) its seat's view of the table now.

    A memory game shows some things only for a moment (Potion House: a search's tokens
    until the next action), so a bot that remembers must look after every action, as a
    person watching the table does. People's seats (``None``) are skipped.
    """
    for seat, bot in enumerate(bots):
        observe = getattr(bot, "observe", None)
        if observe is not None:
            observe(game.view(seat))


def bot_move(game: Game, bots: SeatBots, seat: int) -> None:
    """The bot in ``seat`` plays one move, from the view a person in that seat would get;
    then every watching bot sees the table (:func:`show_table`)."""
    bot = bots[seat]
    if bot is None:
        raise ValueError(f"seat {seat} is a person's, not a bot's")
    view = game.view(seat) if getattr(bot, "needs_view", True) else {}
    game.apply(seat, bot.choose(view, game.legal_actions(seat)))
    show_table(game, bots)


def play_bots(game: Game, bots: SeatBots, rng: random.Random | None = None, *,
              limit: int | None = None, max_actions: int = MAX_ACTIONS) -> int:
    """Bots move one at a time until the game ends, a person may act, or ``limit`` moves.

    Returns the moves played. ``limit=1`` is one paced step (the play widget);
    no limit plays on to a person's decision or the end (autoplay, simulations).
    """
    played = 0
    show_table(game, bots)  # what the last move (perhaps a person's) left on the table
    while limit is None or played < limit:
        seat = next_bot(game, bots, rng)
        if seat is None:
            break
        if played >= max_actions:
            raise RuntimeError(f"{game.id} did not reach a person's turn or its end "
                               f"after {max_actions} bot moves")
        bot_move(game, bots, seat)
        played += 1
    return played


def play_out(game: Game, bots: SeatBots, rng: random.Random, max_actions: int = MAX_ACTIONS) -> int:
    """Let ``bots`` (one per seat, no people) play ``game`` to its end; returns the actions played."""
    if any(bot is None for bot in bots):
        raise ValueError("play_out needs a bot in every seat")
    return play_bots(game, bots, rng, max_actions=max_actions)


def play_game(game_id: str, kinds: Sequence[str], seed: int, **options) -> tuple[Game, int]:
    """One whole seeded bot game: dealt with ``seed``, bots seeded by :func:`bot_seeds`,
    reaction windows ordered by ``random.Random(seed)``. Returns the game and its length.

    This is game ``i`` of a simulation with ``seed + i``, and what ``play-bots`` shows.
    """
    game = new_game(game_id, len(kinds), seed, **options)
    return game, play_out(game, seat_bots(game_id, kinds, seed), random.Random(seed))


def seat_kinds(game_id: str, players: int, bots: Sequence[str] | str) -> list[str]:
    """One bot kind per seat from a kind or a list; ValueError says what is wrong."""
    if not isinstance(bots, (str, list, tuple)):
        raise ValueError(f"bots is a bot kind or a list of one per seat, not {type(bots).__name__}")
    kinds = [bots] * players if isinstance(bots, str) else list(bots)
    if len(kinds) != players:
        raise ValueError(f"give one bot kind for every seat ({players}), not {len(kinds)}: "
                         f"{brief(','.join(map(str, kinds)))}")
    for kind in dict.fromkeys(kinds):
        make_bot(kind, game_id)  # raises ValueError naming the kinds this game has
    return kinds


class Tally:
    """Running statistics of finished games: wins by seat (ties split), lengths, scores,
    and games every seat won (a cooperative game's team wins)."""

    def __init__(self, players: int):
        self.team_wins = 0
        self.wins = [0.0] * players
        self.lengths: list[int] = []
        self.scores: list[list] = [[] for _ in range(players)]
        self.extra: dict[str, list] = {}

    def add(self, game: Game, length: int) -> None:
        """Count one finished game (its length, winners, scores and rounds) into the statistics."""
        self.lengths.append(length)
        winners = game.winners
        if winners and len(winners) == len(self.wins):
            self.team_wins += 1
        for w in winners:
            self.wins[w] += 1 / len(winners)
        for s, value in enumerate(game.scores or []):  # a game may keep no scores
            self.scores[s].append(value)
        final = game.view(None)
        if "round" in final:
            self.extra.setdefault("rounds", []).append(final["round"])

    def win_rate(self) -> list[float]:
        """Each seat's share of wins so far (a shared win split evenly), 0 before any game."""
        done = len(self.lengths)
        return [w / done if done else 0.0 for w in self.wins]


def simulate(game_id: str, players: int, games: int, seed: int = 0,
             bots: Sequence[str] | str = "random",
             progress: Callable[[int, int], None] | None = None, **options) -> dict:
    """Play ``games`` seeded games; return win rates by seat, lengths and score statistics.

    Game ``i`` is :func:`play_game` with seed ``seed + i``, so any single game can be
    replayed and explored.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games is how many games to play (1 or more), not {games!r}")
    kinds = seat_kinds(game_id, players, bots)
    tally = Tally(players)
    for i in range(games):
        tally.add(*play_game(game_id, kinds, seed + i, **options))
        if progress:
            progress(i + 1, games)
    return {
        "game": game_id, "players": players, "games": games, "seed": seed, "bots": kinds,
        "win_rate": tally.win_rate(),
        **({"team": {"wins": tally.team_wins, "rate": tally.team_wins / games,
                     "interval": wilson_interval(tally.team_wins, games)}}
           if GAMES[game_id].cooperative else {}),
        "length": _stats(tally.lengths),
        "scores": [_stats(s) for s in tally.scores],
        "extra": {k: _stats(v) for k, v in tally.extra.items()},
    }


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a rate: sound near 0% and 100% too.

    >>> [round(x, 3) for x in wilson_interval(0, 500)]
    [0.0, 0.008]
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    d = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / d
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def _stats(values: list) -> dict:
    import statistics  # (here, not at the top: the play pages import this module at start)
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
    game_ids = list(game_ids or sorted(GAMES))
    unknown = [g for g in game_ids if g not in GAMES]
    if unknown:
        raise ValueError(f"unknown game {', '.join(map(repr, unknown))}; the games are: "
                         f"{', '.join(sorted(GAMES))}")
    for name, value in (("runs", runs), ("actions", actions)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be a whole number of 1 or more, not {value!r}")
    import statistics  # (see _stats)
    out = {}
    for game_id in game_ids:
        spec = GAMES[game_id]
        rates = []
        per_game = max(1, actions // (spec.max_players - spec.min_players + 1))
        for run in range(runs):
            per_count = [random_play_rate(game_id, n, per_game, seed=run * 1000 + n)
                         for n in range(spec.min_players, spec.max_players + 1)]
            rates.append(statistics.fmean(per_count))
        out[game_id] = {"median": statistics.median(rates), "runs": rates}
    return out
