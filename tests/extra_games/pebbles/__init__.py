"""Pebbles: a throwaway game that proves the platform (tests only; not shipped).

Two to four players share a pile of pebbles; each holds one numbered card face down. On
your turn take 1-3 pebbles, or once per game peek at another player's card. When the
pile is empty, pebbles plus card score; the highest wins. The score counts a hidden card,
so the spec keeps scores out of views. Registered with ``WITCHTABLE_EXTRA_GAMES=pebbles``
(see ``tests/extra_games/test_extra_games.py``).

Actions: ``{"type": "take", "count": 2}``, ``{"type": "peek", "target": 1}``.
"""

from witchtable.engine.core import GameSpec, Option, count_option

from .state import PebblesState

SPEC = GameSpec(
    id="pebbles",
    name="Pebbles",
    min_players=2,
    max_players=4,
    state_class=PebblesState,
    rules=PebblesState.rules,
    options=[Option("pile", 10, "pebbles in the pile at the start", count_option("pile", 3, 40))],
    summary="Take pebbles from a shared pile; your hidden card adds to your score.",
    goal="Most pebbles plus card wins",
    public_scores=False,
)
