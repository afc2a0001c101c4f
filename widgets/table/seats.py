"""Who sits where: people at this screen and bot seats, and what they are called.

Read once when a table is made (and again when the explorer loads a save), so the
checks and their error messages live here rather than in either table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..i18n import _
from .messages import is_int

BOT_NAMES = ("Agnes", "Morgana", "Hazel", "Sybil", "Elspeth", "Tabitha", "Mildred", "Ursula")
"""Default names of bot seats (by seat), so the log reads like a table of witches."""

DEFAULT_SEAT: Any = type("DefaultSeat", (), {"__repr__": lambda self: "the default seat"})()
"""``seat`` left out: seat 0 plays in play mode; the explorer opens on the god view."""

DEFAULT_BOTS: Any = type("DefaultBots", (), {"__repr__": lambda self: "the game's default bots"})()
"""``bots`` left out (or ``"default"``): the game's own best bot (its heuristic), or random
bots for a game without bots of its own."""


def resolve_seats(players: int, seat: Any, bots: Any) -> list[str | None]:
    """Who plays each seat: a bot kind, or ``None`` for a person at this screen.

    ``bots`` a kind (``"random"``, ``"heuristic"``): the seats in ``seat`` (an int, a
    list of ints, or ``None`` for nobody: watch the bots) are people, the rest bots.
    ``bots`` a list, one entry per seat: ``None`` entries are people (``seat`` unused).
    ``bots=None``: every seat is a person (pass-and-play; ``seat`` unused).
    """
    if bots is None:
        return [None] * players
    if isinstance(bots, (list, tuple)):
        if len(bots) != players:
            raise ValueError(f"bots lists one entry per seat ({players}), got {len(bots)}: {bots!r}")
        for kind in bots:
            if kind is not None and not isinstance(kind, str):
                raise ValueError(f"each bots entry is a bot kind or None (a person), not {kind!r}")
        return list(bots)
    if not isinstance(bots, str):
        raise ValueError(f"bots is a kind ('random', 'heuristic'), a list per seat, or None, not {bots!r}")
    people = _people(seat)
    for s in people:
        if not 0 <= s < players:
            raise ValueError(f"seat {s} does not exist: seats are 0 to {players - 1}")
    return [None if s in people else bots for s in range(players)]


def _people(seat: Any) -> list[int]:
    """The seats ``seat`` names as people: one, a list, or none (``None``: watch the bots)."""
    if seat is None:
        return []
    if is_int(seat):
        return [seat]
    if isinstance(seat, (list, tuple)) and all(is_int(s) for s in seat):
        return list(seat)
    raise ValueError(f"seat is a seat number, a list of them, or None, not {seat!r}")


def default_names(kinds: Sequence[str | None]) -> list[str]:
    """One person against bots is "You" (log, notices and headline then speak to them);
    with several people each is "Player N"; a bot seat has a witch's name."""
    alone = sum(kind is None for kind in kinds) == 1
    return [(_("You") if alone else _("Player {n}").format(n=s + 1)) if kind is None
            else BOT_NAMES[s % len(BOT_NAMES)] for s, kind in enumerate(kinds)]


def custom_names(names: Sequence[Any], players: int) -> list[str]:
    """The names a caller gave, checked: one non-empty name per seat, trimmed."""
    if len(names) != players or not all(isinstance(n, str) and n.strip() for n in names):
        raise ValueError(f"names lists one non-empty name per seat ({players}), got {list(names)!r}")
    return [n.strip() for n in names]
