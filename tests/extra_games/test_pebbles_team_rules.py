"""Pebbles Together: its one rule of its own (Pebbles' rules are tested in test_pebbles_rules.py)."""

from __future__ import annotations

from witchtable.engine import new_game


def finish(seed: int, last: int):
    """A two-player game with a 4-pebble pile whose last pebble ``last`` takes."""
    game = new_game("pebbles-team", 2, seed=seed, pile=4)
    if last == 0:
        for seat, count in ((0, 1), (1, 2), (0, 1)):
            game.apply(seat, {"type": "take", "count": count})
    else:
        for seat, count in ((0, 3), (1, 1)):
            game.apply(seat, {"type": "take", "count": count})
    return game


def test_the_table_wins_or_loses_together():
    """pebbles-team/end/together: all win if the highest card's holder takes the last pebble."""
    for seed in range(6):
        for last in (0, 1):
            game = finish(seed, last)
            top = max((0, 1), key=game._state.cards.__getitem__)
            assert game.winners == ([0, 1] if last == top else [])
