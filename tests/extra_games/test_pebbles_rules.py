"""Pebbles, rule by rule (the throwaway game's one rules test file).

Each test's docstring names the rule id it checks. Everything every game owes (the
contract, privacy, the widgets, rule coverage, the doc) comes from the generic suites.
"""

from __future__ import annotations

import pytest

from witchtable.engine import IllegalAction, new_game


def test_each_seat_sees_only_its_own_card():
    """pebbles/setup/deal: one card each, face down; the rest set aside."""
    game = new_game("pebbles", 3, seed=1)
    cards = game._state.cards
    for seat in range(3):
        view = game.view(seat)
        assert view["hand"] == [f"card-{cards[seat]}"] and view["cards"] == {str(seat): f"card-{cards[seat]}"}
    assert game.view(None)["cards"] == {} and "scores" not in game.view(0)
    assert len(game._state.aside) == 3


def test_take_one_to_three_never_more_than_the_pile():
    """pebbles/turn/take: 1-3 pebbles; asking for more than the pile holds is refused. The
    declared field refuses what is no take at all (core/action-format)."""
    game = new_game("pebbles", 2, seed=1, pile=4)
    for count in (4, 0, True, "2"):
        with pytest.raises(IllegalAction) as err:
            game.apply(0, {"type": "take", "count": count})
        assert err.value.rule == "core/action-format" and "how many pebbles you take" in err.value.message
    game.apply(0, {"type": "take", "count": 3})
    assert game.view(1)["pile"] == 1 and game.to_act == (1,)
    with pytest.raises(IllegalAction) as err:
        game.apply(1, {"type": "take", "count": 2})
    assert err.value.rule == "pebbles/turn/take" and "1 to 1" in err.value.message


def test_peek_once_shows_that_card_to_the_peeker_only():
    """pebbles/turn/peek: once per game you may look at another card instead of taking."""
    game = new_game("pebbles", 3, seed=2)
    game.apply(0, {"type": "peek", "target": 2})
    card = f"card-{game._state.cards[2]}"
    assert game.view(0)["cards"]["2"] == card and "2" not in game.view(1)["cards"]
    assert card in game.view(0)["log"][-1]["text"] and card not in game.view(1)["log"][-1]["text"]
    game.apply(1, {"type": "take", "count": 1})
    game.apply(2, {"type": "take", "count": 1})
    with pytest.raises(IllegalAction) as err:
        game.apply(0, {"type": "peek", "target": 1})
    assert err.value.rule == "pebbles/turn/peek"


def test_peek_at_another_player_not_yourself():
    """pebbles/peek/target: the card peeked at is another player's; a target that is no
    seat is refused by the declared field (core/action-format)."""
    game = new_game("pebbles", 2, seed=3)
    with pytest.raises(IllegalAction) as err:
        game.apply(0, {"type": "peek", "target": 0})
    assert err.value.rule == "pebbles/peek/target"
    for target in (2, -1, None):
        with pytest.raises(IllegalAction) as err:
            game.apply(0, {"type": "peek", "target": target})
        assert err.value.rule == "core/action-format" and "a seat from 0 to 1" in err.value.message


def test_the_model_game_is_on_the_toolkits_shape():
    """pebbles/turn/peek: the phase table refuses a second peek (its phase allows only
    taking); the generic copy shares nothing mutable. Pebbles is the game a newcomer copies
    (docs/design.md), so it declares what every game declares (issue 28.1)."""
    game = new_game("pebbles", 3, seed=5)
    state = game._state
    assert state.action_format is not None and state.phase_table is not None and state.mutable
    assert state.phase_table.refusal(state, 0, "peek") is None
    game.apply(0, {"type": "peek", "target": 1})
    assert state.phase_table.refusal(state, 0, "peek")[0] == "pebbles/turn/peek"
    other = state.copy()
    for name in state.mutable:
        mine, copied = getattr(state, name), getattr(other, name)
        assert copied == mine and copied is not mine
    assert all(a is not b for a, b in zip(other.known, state.known, strict=True))


def test_empty_pile_shows_every_card_and_the_highest_total_wins():
    """pebbles/end/score: pebbles taken plus card; the highest wins, ties all win."""
    game = new_game("pebbles", 2, seed=4, pile=3)
    game.apply(0, {"type": "take", "count": 2})
    game.apply(1, {"type": "take", "count": 1})
    cards = game._state.cards
    assert game.is_over and game.scores == [2 + cards[0], 1 + cards[1]]
    best = max(game.scores)
    assert game.winners == [s for s in (0, 1) if game.scores[s] == best]
    assert game.view(None)["cards"] == {"0": f"card-{cards[0]}", "1": f"card-{cards[1]}"}
