"""Bots: each sees exactly the view a person in its seat sees, and picks a legal action.

A bot is any object with ``choose(view, legal) -> action``. ``make_bot(kind, game_id,
seed)`` builds one by name: ``"random"`` for every game, ``"heuristic"`` where a game
has one (see :data:`HEURISTICS`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from ..games.hocus_pocus.bot import HocusPocusBot
from ..games.witching_hour.bot import WitchingHourBot


class Bot(Protocol):
    name: str

    def choose(self, view: dict, legal: list) -> dict: ...


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"
    needs_view = False

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: dict, legal: list) -> dict:
        return self.rng.choice(legal)


HEURISTICS: dict[str, Callable[[int], Bot]] = {
    "witching-hour": WitchingHourBot,
    "hocus-pocus": HocusPocusBot,
}

BOT_KINDS = ("random", "heuristic")


def make_bot(kind: str, game_id: str, seed: int = 0) -> Bot:
    """A bot by name; ValueError lists the kinds available for ``game_id``."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic" and game_id in HEURISTICS:
        return HEURISTICS[game_id](seed)
    kinds = ["random"] + (["heuristic"] if game_id in HEURISTICS else [])
    raise ValueError(f"unknown bot {kind!r} for {game_id}; choose from: {', '.join(kinds)}")


__all__ = ["BOT_KINDS", "HEURISTICS", "Bot", "RandomBot", "make_bot"]
