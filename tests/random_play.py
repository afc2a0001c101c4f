"""Random games for the tests written once for every game: seeded walks yielding positions.

Random play can run for thousands of moves (a memory game's random concoctions mostly
fail), and a view carries the game's log, so checking every few positions of such a game
costs time quadratic in its length. Past move ``DENSE`` a walk yields only at the moves
``DENSE * 2**k``: early play, where most rules first meet, is checked closely, every long
game is still checked at its end, and its cost stays near linear.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from witchtable.engine import Game, new_game
from witchtable.engine.sim import pick_seat

DENSE = 150


def positions(game_id: str, players: int, seed: int, every: int = 3) -> Iterator[Game]:
    """A random seeded game, yielded at every ``every``-th position up to move ``DENSE``,
    then at its doublings, and at its end. It is one Game, moved on between yields."""
    game = new_game(game_id, players, seed)
    rng = random.Random(seed)
    while not game.is_over:
        if checked(game.move_number, every):
            yield game
        seat = pick_seat(game, rng)
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    yield game


def checked(move: int, every: int = 1) -> bool:
    """Whether a walk checks the position at ``move``: every ``every``-th up to ``DENSE``,
    then ``DENSE`` times a power of two."""
    if move <= DENSE:
        return move % every == 0
    ratio, rest = divmod(move, DENSE)
    return rest == 0 and ratio & (ratio - 1) == 0
