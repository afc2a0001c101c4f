"""Bots: each sees exactly the view a person in its seat sees, and picks a legal action.

A bot is any object with ``choose(view, legal) -> action``. ``make_bot(kind, game_id,
seed)`` builds one by name: ``"random"`` for every game (the platform's), and the bots a
game declares in its spec (``GameSpec.bots``, e.g. ``"heuristic"`` from its ``bot.py``).
A bot that also has ``observe(view)`` watches the table: it is shown its seat's view after
every action (``sim.play_out``, ``sim.show_table``), as a person sees the table between
turns; a memory game shows a search only for a moment.

A bot may also say why it chose (:class:`Explains`: ``reason(view, legal, action, names)``,
a short sentence in our words, or ``None``); the explorer's "Bot's move here" shows it
(:func:`reason_for`). It is asked only after ``choose``, on the same bot, so ``choose``
pays nothing for it and a reason may read what ``choose`` left in the bot (its memory).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from ..core import GAMES
from ..rules import brief


class Bot(Protocol):
    """What the core and tables need of any bot, so a game's bot and the random one interchange."""
    name: str

    def choose(self, view: dict, legal: list) -> dict:
        """One of ``legal``, chosen from the seat's ``view`` alone (what a person in the seat sees)."""


class Explains(Protocol):
    """A bot that can say why it chose ``action`` (given the ``view`` and ``legal`` it chose
    from, just after ``choose``); ``names`` are the seats' names, for the sentence."""

    def reason(self, view: dict, legal: list, action: dict, names: Sequence[str]) -> str | None:
        """A short sentence in our words for the explorer's "Bot's move here", or None."""


def reason_for(bot: Bot, view: dict, legal: list, action: dict, names: Sequence[str]) -> str | None:
    """The bot's own words for its choice, or ``None`` when it has no ``reason`` (or none here)."""
    explain = getattr(bot, "reason", None)
    if explain is None:
        return None
    text = explain(view, legal, action, names)
    return text if isinstance(text, str) and text else None


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"
    needs_view = False

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: dict, legal: list) -> dict:
        """Any legal action, uniformly: the baseline every game has before its own bot."""
        return self.rng.choice(legal)

    def reason(self, view: dict, legal: list, action: dict, names: Sequence[str]) -> str:
        """Says plainly that the choice weighed nothing, so the explorer does not read sense into it."""
        return f"A random legal move (one of {len(legal)}): the random bot weighs nothing."


HEURISTICS: dict[str, Callable[[int], Bot]] = {
    gid: spec.bots["heuristic"] for gid, spec in GAMES.items() if "heuristic" in spec.bots}
"""The games with a heuristic bot, and its class (from each game's spec)."""

BOT_KINDS: tuple[str, ...] = tuple(dict.fromkeys(
    kind for spec in GAMES.values() for kind in spec.bot_kinds)) or ("random",)
"""Every bot kind some registered game has, ``"random"`` first."""


def bot_kinds(game_id: str) -> tuple[str, ...]:
    """The bots ``game_id`` plays with: ``"random"`` and the game's own."""
    spec = GAMES.get(game_id)
    return spec.bot_kinds if spec is not None else ("random",)


def default_bot(game_id: str) -> str:
    """The bot a table gets when nobody says which: the game's heuristic, else its first
    own bot, else ``"random"`` (so a game without bots of its own still plays)."""
    spec = GAMES.get(game_id)
    return spec.default_bot if spec is not None else "random"


def make_bot(kind: str, game_id: str, seed: int = 0) -> Bot:
    """A bot by name; ValueError lists the kinds available for ``game_id``."""
    if kind == "random":
        return RandomBot(seed)
    spec = GAMES.get(game_id)
    if spec is not None and kind in spec.bots:
        return spec.bots[kind](seed)
    raise ValueError(f"unknown bot {brief(kind)} for {brief(game_id)}; choose from: "
                     f"{', '.join(bot_kinds(game_id))}")


__all__ = ["BOT_KINDS", "HEURISTICS", "Bot", "Explains", "RandomBot", "bot_kinds", "default_bot", "make_bot",
           "reason_for"]
