"""What lies on a Hocus Pocus table: the zones' sizes and the records of cards in play.

Kept apart from :mod:`.state` so that :mod:`.checks`, :mod:`.moves` and :mod:`.powers`
can build and read these records without importing the state they act on (they see it
only as a type).
"""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

HAND, GRIMOIRE = "hand", "grimoire"
"""Where a player plays a card from (an action's ``from``)."""
GRIMOIRE_SIZE = 3
HAND_LIMIT = 5
DEAL = 3
"""Cards dealt to each Grimoire and to each Hand."""
EXCHANGES_PER_HOCUS = 3
LOOK = 4
"""How many Library cards a Crystal Ball shows."""
CAULDRON = {2: 20, 3: 25, 4: 30, 5: 35, 6: 35}
"""Gems in the Cauldron by player count (setup/gems)."""
QUICK_GEMS = 15
NOBODY = -1
"""A seat field that names no player (a Hocus without a target)."""


class Hocus(NamedTuple):
    """The Hocus waiting in the Pocus window."""

    code: int
    caster: int
    source: str
    target: int
    """Its chosen target, or NOBODY."""


class Pocus(NamedTuple):
    """One Pocus card piled on the waiting Hocus, in the order played."""

    code: int
    seat: int
    source: str
    target: int
    """The seat an Enchanted Mirror turns the Hocus towards, or NOBODY."""


class Pending(NamedTuple):
    """A choice a resolving Owl, Curse or Crystal Ball waits for; ``seat`` makes it.

    ``give``: ``seat`` gives ``n_cards`` Grimoire cards to ``other`` (the Owl's caster);
    ``curse``: ``seat`` (the caster) discards ``n_cards`` cards of ``other``'s Grimoire;
    ``arrange``: ``seat`` puts back the Library's top ``n_cards`` cards (``other`` is NOBODY).
    """

    kind: str
    seat: int
    other: int
    n_cards: int

    def grimoire_owner(self) -> int:
        """Whose Grimoire an Owl or a Curse takes its cards from."""
        return self.seat if self.kind == "give" else self.other


def subsets(cards: list[int], count: int) -> list[tuple[int, ...]]:
    """The distinct sub-multisets of ``count`` cards (each sorted), in sorted order: the
    different choices an Owl or a Curse offers.

    >>> subsets([3, 1, 3], 2)
    [(1, 3), (3, 3)]
    """
    return sorted({tuple(sorted(c)) for c in combinations(cards, count)})
