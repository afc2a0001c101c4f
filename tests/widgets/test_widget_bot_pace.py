"""A bot's long turn holds the person at most a few seconds (issue 27, item 8).

A Witching Hour bot's extra turns (a Skull, an Hourglass, a Book) made a chain of a dozen
moves, 0.9 s each at the normal pace: the person waited about 20 s. The controller's
``auto`` delays now give the first ``BOT_CHAIN_FULL`` moves of a bot's turn the full pace,
then shrink, so one turn stays under ``BOT_CHAIN_CAP`` (scaled by the pace set).
"""

from __future__ import annotations

import random

import pytest

from witchtable.widgets import TableController
from witchtable.widgets.controller import BOT_CHAIN_CAP, BOT_CHAIN_FULL, NORMAL_PACE, PACES, chain_delay


def bot_turns(seed: int, pace: float = NORMAL_PACE, players: int = 3) -> list[list[int]]:
    """The ``auto`` delays (ms) the front end waited before each paced bot move of a seeded
    Witching Hour game, one list per bot turn: consecutive bot moves while the public view's
    ``current`` seat stays the same and the person does not act. The person plays seeded
    random legal moves."""
    table = TableController("witching-hour", players=players, seed=seed, pace=pace)
    rng = random.Random(seed)
    turns: list[list[int]] = []
    owner = None
    while not table.game.is_over:
        state = table.state()
        if state["auto"]:
            current = table.game.view(None)["current"]
            if current != owner or not turns:
                turns.append([])
                owner = current
            turns[-1].append(state["auto"]["delay"])
            table.handle(state["auto"]["message"])
            continue
        owner = None  # the person acts: the next bot move starts a new turn's chain
        seat = table.viewer
        action = rng.choice(table.game.legal_actions(seat))
        table.handle({"kind": "act", "action": action, "move": table.game.move_number})
    return turns


@pytest.mark.parametrize("seed", [0, 15, 28])
def test_a_long_bot_turn_stays_under_the_cap(seed):
    """The seeded games of the longest bot chains (13 moves of one bot's turn in seed 0): each
    turn's total wait is under the cap, and its first moves still go at the full pace."""
    turns = bot_turns(seed)
    longest = max(turns, key=len)
    assert len(longest) >= 9, "the seed gives a long chain of one bot's extra turns"
    cap_ms = BOT_CHAIN_CAP * 1000
    for turn in turns:
        assert sum(turn) <= cap_ms, f"a bot's turn of {len(turn)} moves held the person {sum(turn)} ms"
        assert turn[:BOT_CHAIN_FULL] == [int(NORMAL_PACE * 1000)] * min(len(turn), BOT_CHAIN_FULL)
    assert sum(longest) > cap_ms * 0.9, "a long turn still takes most of the cap (it is not skipped)"


def test_the_cap_scales_with_the_pace_and_instant_stays_instant():
    """Slow keeps its proportion (BOT_CHAIN_CAP x 1.6 / 0.9); instant never waits."""
    slow = dict(PACES)["slow"]
    assert sum(chain_delay(slow, n) for n in range(60)) <= BOT_CHAIN_CAP * slow / NORMAL_PACE
    assert [chain_delay(slow, n) for n in range(BOT_CHAIN_FULL)] == [slow] * BOT_CHAIN_FULL
    assert all(chain_delay(0.0, n) == 0 for n in range(10))
    turns = bot_turns(28, pace=slow)
    assert max(sum(turn) for turn in turns) <= BOT_CHAIN_CAP * slow / NORMAL_PACE * 1000
