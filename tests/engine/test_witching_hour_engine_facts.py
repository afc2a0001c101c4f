"""Witching Hour states as facts what a table would otherwise decide itself (issue 28, item 4).

A selection of cards picked by hand is read by the engine (``read_selection``), which
refuses what no action can express by the rule it breaks; the running totals after each
round, with the score floor applied, are the engine's, in every view (``round_totals``).
"""

from __future__ import annotations

import pytest
from wh_helpers import finish_round

from witchtable.engine import IllegalAction, new_game
from witchtable.engine.games.witching_hour import read_selection
from witchtable.engine.games.witching_hour.views import WitchingHourView

P = "witching-hour/"


@pytest.mark.parametrize("what,picked,target,rule,words", [
    ("attack", {"bell": 1, "mirror": 2}, 1, "attack/same-type", "Bells and Mirrors"),
    ("block", {"book": 1, "bell": 1}, None, "block/same-type", "Bells and Books"),
    ("attack", {"mirror": 1, "candle": 2}, 1, "candle/one", "2 Candles"),
    ("block", {"skull": 2, "candle": 3}, None, "candle/one", "3 Candles"),
    ("attack", {}, 1, "attack/same-type", "Pick the cards"),
    ("block", {"bell": 0}, None, "block/same-number", "Pick the cards"),
    ("attack", {"bell": 1}, None, "attack/target", "opponent"),
    ("attack", {"bell": 1}, True, "attack/target", "opponent"),
])
def test_a_selection_no_action_can_express_is_refused_by_its_rule(what, picked, target, rule, words):
    """witching-hour/attack/same-type, witching-hour/block/same-type, witching-hour/candle/one,
    witching-hour/block/same-number, witching-hour/attack/target: the engine, not a table,
    refuses a selection of cards that makes no attack or block, naming the rule."""
    with pytest.raises(IllegalAction) as err:
        read_selection(what, picked, target)
    assert err.value.rule == P + rule and words in err.value.message


@pytest.mark.parametrize("what,picked", [("parry", {"bell": 1}), ("attack", {"wand": 1}),
                                         ("attack", {"bell": -1}), ("attack", {"bell": True}),
                                         ("attack", ["bell"])])
def test_a_malformed_selection_says_what_would_be_right(what, picked):
    """core/action-format: an unknown picker, card type or count is refused with what is allowed."""
    with pytest.raises(IllegalAction) as err:
        read_selection(what, picked, 1)
    assert err.value.rule == "core/action-format" and err.value.message


def test_a_selection_that_fits_is_the_action_the_engine_lists():
    """witching-hour/candle/one, witching-hour/candle/all-candle: one type plus at most one
    Candle is an action, and the engine lists the same action as legal for a hand that holds it."""
    assert read_selection("attack", {"bell": 2, "candle": 1}, 2) == {
        "type": "attack", "card": "bell", "count": 2, "candle": True, "target": 2}
    assert read_selection("attack", {"candle": 3}, 1) == {
        "type": "attack", "card": "candle", "count": 3, "candle": False, "target": 1}
    assert read_selection("block", {"mirror": 2}) == {
        "type": "block", "card": "mirror", "count": 2, "candle": False}
    game = new_game("witching-hour", 3, 0)
    hand = game.view(0)["hand"]
    kind = next(k for k in hand if k != "candle")
    assert read_selection("attack", {kind: 1}, 1) in game.legal_actions(0)


def test_the_running_totals_are_the_engines_with_the_floor_applied():
    """witching-hour/scoring/total-floor: a total never drops below zero, and every view
    records each round's running totals as the engine kept them (no table adds them up)."""
    game = new_game("witching-hour", 3, 0, open_scores=True)  # every score open: one view shows all
    finish_round(game, [{"bell": 4}, {"bell": 1}, {}])
    finish_round(game, [{"chalice": 1}, {"chalice": 1}, {"chalice": 1}])
    assert game.view(None)["round_scores"] == [[5, 1, 0], [-3, -3, -3]]
    # A sum of the round scores would say [2, -2, -3]; the floor keeps them at 0.
    assert game.view(None)["round_totals"] == [[5, 1, 0], [2, 0, 0]]
    assert game.view(None)["round_totals"][-1] == game.scores


def test_a_seat_sees_only_its_own_running_totals_while_the_tokens_lie_face_down():
    """witching-hour/scoring/public: once round two starts, the tokens lie face down, so a
    seat's running totals are its own; the others' are null, as ``totals`` are."""
    game = new_game("witching-hour", 3, 0)
    finish_round(game, [{"bell": 4}, {"bell": 1}, {}])
    finish_round(game, [{"mirror": 1}, {"bell": 2}, {"skull": 1}])
    actor = game.to_act[0]
    game.apply(actor, next(a for a in game.legal_actions(actor) if a["type"] == "attack"))
    view = game.view(1)
    assert not view["scores_open"]
    assert view["round_totals"] == [[None, 1, None], [None, 3, None]]
    assert [row[1] for row in view["round_totals"]][-1] == view["totals"][1]
    assert "round_totals" in WitchingHourView.__annotations__
