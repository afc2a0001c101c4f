"""What a person picks on the board, checked against what is there before anything is built.

A card picker sends counts (``{"bell": 2}``) or names in order (``["a", "b"]``); a
presenter's ``compose`` turns them into an action for the engine to judge. A message is
input from outside, so the counts are checked here first, against the cards the seat
holds or the game has: a count of 10**100 is refused at once instead of becoming a list of
that length (what the seat holds is still the engine's to judge, naming its rule, where the
game has more).
Every presenter's picker passes through these two checks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine import IllegalAction
from ..engine.rules import brief


def picked_counts(picked: Any, available: Mapping[str, int], what: str) -> dict[str, int]:
    """``picked`` as ``{name: count}`` with every count a whole number from 0 to the
    ``available`` count of that name (``what`` says what the names are, for the refusal).

    >>> picked_counts({"bell": 2}, {"bell": 3, "book": 1}, "card types")
    {'bell': 2}
    >>> picked_counts({"bell": 10 ** 100}, {"bell": 3}, "card types")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    witchtable.engine.rules.IllegalAction: A pick takes 0 to 3 of 'bell', not a whole number of about...
    """
    if not isinstance(picked, dict) or not all(isinstance(k, str) for k in picked):
        raise IllegalAction("core/action-format", f"The picked cards map {what} to counts, "
                                                  f"not {brief(picked)}.")
    for name, count in picked.items():
        if name not in available:
            have = ", ".join(sorted(available)) or "none"
            raise IllegalAction("core/action-format", f"{brief(name)} is not one of the {what} you "
                                                      f"can pick ({brief(have, 200)}).")
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= available[name]:
            raise IllegalAction("core/action-format",
                                f"A pick takes 0 to {available[name]} of {brief(name)}, not {brief(count)}.")
    return {name: count for name, count in picked.items() if count}


def picked_order(picked: Any, most: int) -> list[str]:
    """``picked`` as a list of at most ``most`` names (an order, top first)."""
    if (not isinstance(picked, list) or len(picked) > most
            or not all(isinstance(n, str) for n in picked)):
        raise IllegalAction("core/action-format", f"The picked cards are a list of at most {most} card "
                                                  f"names, top first, not {brief(picked)}.")
    return list(picked)


def hand_counts(hand: Sequence[str] | Mapping[str, int]) -> dict[str, int]:
    """A seat's hand as counts by name, whether its view lists the cards or counts them."""
    if isinstance(hand, Mapping):
        return dict(hand)
    counts: dict[str, int] = {}
    for name in hand:
        counts[name] = counts.get(name, 0) + 1
    return counts
