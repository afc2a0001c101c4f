"""The core toolkit (``engine/toolkit.py``) as both games use it.

core/action-format: every declared field type refuses bad input with a message that
names the field and what it allows (data-driven, both games); the phase tables refuse
"not now" with the rule each game names; listed actions cannot be forged (issue 8,
item 8); the generic copy and re-deal keep what they must.
"""

from __future__ import annotations

import json
import random

import pytest
from test_hocus_pocus_rules import position
from wh_helpers import stack

from witchtable.engine import GAMES, IllegalAction, load_game, new_game
from witchtable.engine.core import FrozenAction, shuffled
from witchtable.engine.sim import pick_seat
from witchtable.engine.toolkit import redeal, redeal_counts
from witchtable.engine.toolkit import shuffled as toolkit_shuffled

FORMAT = "core/action-format"
WH, HP = "witching-hour", "hocus-pocus"
ATTACK = {"type": "attack", "target": 1, "card": "bell", "count": 1, "candle": False}
HOCUS = {"type": "hocus", "card": "spell-1", "from": "hand"}
HUGE = 10 ** 5000  # over the 4,300 digits int -> str refuses
PHASED = sorted(g for g, spec in GAMES.items() if spec.state_class.phase_table is not None)
"""The games that declare a phase table (a throwaway test game may not)."""
COPIED = sorted(g for g, spec in GAMES.items() if spec.state_class.mutable is not None)


def refused(game, seat: int, action) -> IllegalAction:
    """``action`` is refused and nothing changes (the save and every view stay)."""
    before = json.dumps([game.to_json(), [game.view(s) for s in [None, *range(game.players)]]])
    with pytest.raises(IllegalAction) as err:
        game.apply(seat, action)
    after = json.dumps([game.to_json(), [game.view(s) for s in [None, *range(game.players)]]])
    assert after == before
    return err.value


# --------------------------------------------------------------------------- fields

FORMAT_CASES = [
    # (game, action, words the core/action-format message must contain)
    (WH, dict(ATTACK, target=7), "'target' must be a seat from 0 to 2, not 7."),
    (WH, dict(ATTACK, target=True), "'target' must be a seat from 0 to 2, not True."),
    (WH, dict(ATTACK, target=1.0), "'target' must be a seat from 0 to 2, not 1.0."),
    (WH, dict(ATTACK, target="1"), "not '1'"),
    (WH, dict(ATTACK, target=-1), "a seat from 0 to 2"),
    (WH, dict(ATTACK, card="dragon"), "'card' must be a card name (bell, book, candle,"),
    (WH, dict(ATTACK, card=["bell"]), "'card' must be a card name"),
    (WH, dict(ATTACK, count=0), "'count' must be how many cards of that type you attack with, "
                                "a whole number from 1 to 60, not 0."),
    (WH, dict(ATTACK, count=61), "from 1 to 60, not 61"),
    (WH, dict(ATTACK, count=2.0), "from 1 to 60, not 2.0"),
    (WH, dict(ATTACK, count=True), "from 1 to 60, not True"),
    (WH, dict(ATTACK, count=HUGE), "not a whole number of about 5000 digits"),
    (WH, dict(ATTACK, candle=1), "'candle' must be true or false, not 1."),
    (WH, dict(ATTACK, candle="yes"), "'candle' must be true or false"),
    (WH, {"type": "attack", "card": "bell", "count": 1}, "A 'attack' action needs a 'target' field: "
                                                        "a seat from 0 to 2."),
    (WH, dict(ATTACK, card2="skull"), "A 'attack' action has no field(s) card2; its fields are: "
                                      "target, card, count, candle."),
    (WH, {**ATTACK, 3: "x"}, "has no field(s) 3"),
    (WH, {**ATTACK, (1, 2): "x"}, "has no field(s) (1, 2)"),
    (WH, {"type": "take", **{f"k{i}": i for i in range(1000)}}, "k0, k1, k10, k100 and 996 more"),
    (WH, {"type": "cast"}, "Unknown action type 'cast'; Witching Hour's are: attack, block,"),
    (WH, {"type": "split", "keep": "bell", "give": 3, "to": 1}, "'give' must be a card name"),
    (WH, {"type": 3}, "An action must be an object with a 'type' field"),
    (WH, ["attack"], "An action must be an object with a 'type' field, got ['attack']."),
    (HP, dict(HOCUS, card="dragon-9"), "(such as abracadabra, crystal-ball, owl-1"),
    (HP, dict(HOCUS, card="dragon-9"), "the view's 'card_info' lists them all), not 'dragon-9'."),
    (HP, dict(HOCUS, **{"from": "pocket"}), "'from' must be one of \"hand\", \"grimoire\", not 'pocket'."),
    (HP, dict(HOCUS, target=9), "'target' must be a seat from 0 to 2, not 9."),
    (HP, dict(HOCUS, target=False), "'target' must be a seat from 0 to 2, not False."),
    (HP, {"type": "hocus", "card": "spell-1"}, "A 'hocus' action needs a 'from' field: one of"),
    (HP, {**HOCUS, 1: 2}, "A 'hocus' action has no field(s) 1; its fields are: card, from, target."),
    (HP, {"type": "give", "cards": "owl-1"}, "'cards' must be a list of at most 72 cards of this game"),
    (HP, {"type": "give", "cards": ["owl-1", 7]}, "not ['owl-1', 7]"),
    (HP, {"type": "give", "cards": ["owl-1"] * 73}, "a list of at most 72"),
    (HP, {"type": "cast"}, "Unknown action type 'cast'; Hocus Pocus's are: hocus, pocus, pass,"),
    (HP, {"type": "x" * 5_000_000}, "(5000002 characters)"),
]


@pytest.mark.parametrize(("game_id", "action", "words"), FORMAT_CASES,
                         ids=[f"{g}-{i}" for i, (g, _, _) in enumerate(FORMAT_CASES)])
def test_core_action_format_names_the_field_and_what_it_allows(game_id, action, words):
    """core/action-format: one check for every game, a short message quoting the input."""
    game = new_game(game_id, 3, seed=1)
    err = refused(game, 0, action)
    assert err.rule == FORMAT
    assert words in err.message, err.message
    assert len(err.message) < 400
    with pytest.raises(IllegalAction) as direct:  # the same check when a State validates
        game._state.validate(0, action)
    assert direct.value.message == err.message


def test_core_action_format_fills_defaults_before_the_game_checks_its_rules():
    """core/action-format: a left-out Flag gets its default; the game sees the normal form."""
    game = stack(3, [{"bell": 2}, {"mirror": 2}, {"toadstool": 2}])
    game.apply(0, {"type": "attack", "target": 1, "card": "bell", "count": 2})
    assert game.history[-1].action == dict(ATTACK, count=2)
    assert type(game.history[-1].action["candle"]) is bool


def test_core_action_format_leaves_out_an_optional_null_field():
    """core/action-format: an optional field (a Hocus's target) may be null or absent."""
    game = new_game(HP, 3, seed=1)
    listed = next(a for a in game.legal_actions(0) if a["type"] == "hocus" and "target" not in a)
    game.apply(0, dict(listed, target=None))
    assert "target" not in game.history[-1].action


@pytest.mark.parametrize("game_id", [WH, HP])
def test_explain_uses_the_same_format_check(game_id, monkeypatch):
    """core/action-format: the explorer's candidates go through the one format check."""
    game = new_game(game_id, 3, seed=1)
    state = game._state
    bad = {"type": "cast", 1: 2}
    monkeypatch.setattr(state, "candidate_actions", lambda seat: [bad])
    (entry,) = game.explain(0)
    assert entry["legal"] is False and entry["rule"] == FORMAT and "Unknown action type" in entry["message"]


# --------------------------------------------------------------------------- phases


def _wh_turn():
    return stack(3, [{"bell": 2}, {"mirror": 2}, {"toadstool": 2}]), 0


def _wh_defend():
    game = stack(3, [{"bell": 2}, {"mirror": 2}, {"toadstool": 2}])
    game.apply(0, dict(ATTACK))
    return game, 1


def _wh_pick(card: str):
    def setup():
        hexes = [{"candle": 1}, {}, {}]
        game = stack(3, [{card: 1, "bell": 1}, {"mirror": 2}, {"toadstool": 2}], hexes=hexes)
        game.apply(0, {"type": card})
        return game, 0
    return setup


def _wh_split():
    game = stack(3, [{"cauldron": 1, "bell": 1}, {"mirror": 2}, {"toadstool": 2}])
    game.apply(0, {"type": "cauldron"})
    return game, 0


def _hp_turn():
    return position(3, hands={0: ["spell-2"], 1: ["amulet"]}), 0


def _hp_react():
    game = position(3, hands={0: ["spell-2", "spell-1"], 1: ["amulet", "spell-3"]})
    game.apply(0, {"type": "hocus", "card": "spell-2", "from": "hand"})
    return game, 1


def _hp_refill():
    game = position(3, hands={0: ["spell-3", "spell-1"], 1: ["thief-1", "owl-1"]},
                    grims={1: ["amulet", "counterspell", "crystal-ball"]})
    game.apply(0, {"type": "hocus", "card": "spell-3", "from": "hand"})
    game.apply(1, {"type": "pocus", "card": "counterspell", "from": "grimoire"})
    return game, 1


PHASE_CASES = [
    # (setup -> (game, seat), a well-formed action the phase does not allow, rule, words)
    (_wh_turn, {"type": "take"}, "witching-hour/turn/choose", "(not 'take')"),
    (_wh_defend, dict(ATTACK, target=0), "witching-hour/turn/respond", "block, use a Familiar"),
    (_wh_pick("skull"), {"type": "take"}, "witching-hour/skull/play", "(a 'pick')"),
    (_wh_pick("hourglass"), dict(ATTACK), "witching-hour/hourglass/play", "(a 'pick')"),
    (_wh_split, {"type": "pick", "card": "bell"}, "witching-hour/cauldron/split", "(a 'split')"),
    (_hp_turn, {"type": "pass"}, "hocus-pocus/react/close", "no Pocus window"),
    (_hp_turn, {"type": "pocus", "card": "amulet", "from": "hand"}, "hocus-pocus/pocus/window",
     "No Hocus is waiting"),
    (_hp_turn, {"type": "discard", "card": "spell-2"}, "hocus-pocus/end/hand-limit", "hand limit"),
    (_hp_turn, {"type": "give", "cards": ["spell-2"]}, "hocus-pocus/owl/give", "No Owl"),
    (_hp_turn, {"type": "curse", "cards": ["spell-2"]}, "hocus-pocus/curse/discard", "No Curse"),
    (_hp_turn, {"type": "arrange", "cards": []}, "hocus-pocus/crystal-ball/arrange", "No Crystal Ball"),
    (_hp_turn, {"type": "refill", "card": "spell-2"}, "hocus-pocus/grimoire/refill", "no free space"),
    (_hp_react, {"type": "hocus", "card": "spell-3", "from": "hand"}, "hocus-pocus/hocus/own-turn",
     "own turn"),
    (_hp_react, {"type": "draw"}, "hocus-pocus/end/choose",
     "You cannot end your turn now: a Hocus is waiting for Pocus cards"),
    (_hp_react, {"type": "exchange", "hand": "amulet", "grimoire": "crystal-ball"},
     "hocus-pocus/exchange/own-turn", "You cannot exchange cards now"),
    (_hp_refill, {"type": "pass"}, "hocus-pocus/grimoire/refill", "first fill it"),
]


@pytest.mark.parametrize(("setup", "action", "rule", "words"), PHASE_CASES,
                         ids=[f"{case[2]}-{i}" for i, case in enumerate(PHASE_CASES)])
def test_phase_table_refuses_what_the_phase_does_not_allow(setup, action, rule, words):
    """The phase tables: each rule id above refuses an action its phase does not allow."""
    game, seat = setup()
    err = refused(game, seat, action)
    assert err.rule == rule
    assert words in err.message, err.message


@pytest.mark.parametrize("game_id", PHASED)
def test_phase_table_is_consistent_with_the_format_and_the_rules(game_id):
    """Every phase's types are declared; every refusal names a registered rule; a phase
    that words no refusal of its own leaves none of the other types unexplained."""
    state_class = GAMES[game_id].state_class
    fmt, table, rules = state_class.action_format, state_class.phase_table, GAMES[game_id].rules
    listed = {kind for phase in table.phases.values() for kind in phase.actions}
    assert listed == set(fmt.order)
    for name, phase in table.phases.items():
        assert not phase.rule or phase.rule in rules
        if not phase.rule:
            missing = {k for k in fmt.order if k not in phase.actions
                       and (name, k) not in table.refusals and k not in table.refusals}
            assert not missing, f"phase {name} has no refusal for {missing}"
    for rule, _message in table.refusals.values():
        assert rule in rules


@pytest.mark.parametrize("game_id", PHASED)
def test_phase_table_agrees_with_the_listing(game_id):
    """Over random games: every listed action is one its phase allows, and any other type,
    well formed, is refused by the phase table's rule before the game's own checks."""
    samples: dict[str, dict] = {}
    for seed in range(8):
        rng = random.Random(seed)
        game = new_game(game_id, 3, seed)
        while not game.is_over:
            state = game._state
            seat = pick_seat(game, rng)
            legal = game.legal_actions(seat)
            allowed = set(state.phase_table.phases[state.phase_table.phase_of(state, seat)].actions)
            for action in legal:
                assert action["type"] in allowed
                samples.setdefault(action["type"], dict(action))
            for kind, sample in samples.items():
                refusal = state.phase_table.refusal(state, seat, kind)
                if refusal is not None:
                    with pytest.raises(IllegalAction) as err:
                        state.validate(seat, sample)
                    assert err.value.rule == refusal[0]
            game.apply(seat, rng.choice(legal))


# --------------------------------------------------------------------------- forging


@pytest.mark.parametrize("game_id", [WH, HP])
def test_an_action_appended_to_the_listing_is_validated(game_id):
    """core/action-format: adding to the list legal_actions returned never makes a move trusted."""
    game = new_game(game_id, 3, seed=1)
    legal = game.legal_actions(0)
    forged = FrozenAction(dict(ATTACK, count=-27) if game_id == WH else dict(HOCUS, card="dragon-9"))
    legal.append(forged)
    assert refused(game, 0, legal[-1]).rule == FORMAT
    legal.clear()  # the caller's copy: the game's own listing is untouched
    assert game.legal_actions(0)
    game.apply(0, game.legal_actions(0)[0])


def test_a_listed_action_changed_through_dict_setitem_is_validated_and_repaired():
    """witching-hour/attack/in-hand: a tampered listed action is checked like any input, and
    the shared action goes back to what it was for every other game that lists it."""
    game = stack(3, [{"bell": 2}, {"mirror": 2}, {"toadstool": 2}])
    other = stack(3, [{"bell": 2}, {"mirror": 2}, {"toadstool": 2}])
    action = next(a for a in game.legal_actions(0) if a["type"] == "attack" and a["count"] == 1)
    assert action in other.legal_actions(0)  # the same shared object
    dict.__setitem__(action, "count", -27)
    assert refused(game, 0, action).rule == FORMAT
    assert action["count"] == 1 and action in other.legal_actions(0)
    dict.__setitem__(action, "count", 2)  # well formed, but not what was listed: validated
    game.apply(0, action)
    assert game.history[-1].action["count"] == 2 and action["count"] == 1


def test_a_listed_action_changed_in_hand_count_terms_cannot_overdraw():
    """witching-hour/attack/in-hand: the hand count of -27 the fuzzing run found stays impossible."""
    game = stack(3, [{"bell": 2}, {"mirror": 2}, {"toadstool": 2}])
    action = next(a for a in game.legal_actions(0) if a["type"] == "attack")
    dict.__setitem__(action, "count", 29)
    assert refused(game, 0, action).rule == "witching-hour/attack/in-hand"
    assert min(game._state.hand_count) >= 0


def test_a_listed_action_changed_to_an_equal_value_plays_the_original():
    """core/action-format: 0 for False passes as equal, but the record keeps the original types,
    so the save still loads."""
    game = stack(3, [{"bell": 2}, {"mirror": 2}, {"toadstool": 2}])
    action = next(a for a in game.legal_actions(0) if a["type"] == "attack" and not a["candle"])
    dict.__setitem__(action, "candle", 0)
    try:
        game.apply(0, action)
    finally:
        dict.__setitem__(action, "candle", False)
    assert type(game.history[-1].action["candle"]) is bool
    assert game.to_json()["actions"][-1][1]["candle"] is False


def test_a_key_added_to_a_listed_action_is_refused():
    """core/action-format: an extra field smuggled into a listed action is an unknown field."""
    game = new_game(HP, 3, seed=1)
    action = game.legal_actions(0)[0]
    dict.__setitem__(action, "gems", 99)
    assert "no field(s) gems" in refused(game, 0, action).message
    assert "gems" not in action


# --------------------------------------------------------------------------- chance and copies


def test_one_shuffle_function_importable_from_core():
    assert shuffled is toolkit_shuffled
    assert sorted(shuffled(random.Random(4), list(range(30)))) == list(range(30))


def test_redeal_keeps_zone_sizes_and_cards():
    rng = random.Random(5)
    zones = [list("aab"), [], list("cdef")]
    redeal(rng, zones)
    assert [len(z) for z in zones] == [3, 0, 4]
    assert sorted(c for z in zones for c in z) == sorted("aabcdef")
    counts, lists = [[3, 0, 1], [0, 2, 0]], [[2, 2]]
    redeal_counts(rng, counts, lists)
    assert [sum(z) for z in counts] == [4, 2] and len(lists[0]) == 2
    totals = [sum(z[t] for z in counts) + lists[0].count(t) for t in range(3)]
    assert totals == [3, 2, 3]


@pytest.mark.parametrize("game_id", COPIED)
def test_copy_shares_no_mutable_attribute(game_id):
    """State.copy copies every declared mutable container; nothing else is mutable."""
    for seed in range(5):
        rng = random.Random(seed)
        game = new_game(game_id, 4, seed)
        for _ in range(rng.randrange(5, 80)):
            if game.is_over:
                break
            seat = pick_seat(game, rng)
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        state = game._state
        other = state.copy()
        for name, value in vars(state).items():
            if name in state.shared:
                continue  # shared on purpose, as the game declares
            if isinstance(value, (list, dict, set)):
                assert name in state.mutable, f"{name} is mutable but not declared"
                assert getattr(other, name) is not value and getattr(other, name) == value
        clone = game.clone()
        while not clone.is_over:  # playing the clone out leaves the original as it was
            seat = pick_seat(clone, rng)
            clone.apply(seat, rng.choice(clone.legal_actions(seat)))
        assert load_game(game.to_json()).view(None) == game.view(None)


@pytest.mark.parametrize("seat", [HUGE, -HUGE, 7, -1, 1.0, True, "0", None],
                         ids=["huge", "-huge", "7", "-1", "1.0", "True", "'0'", "None"])
def test_a_seat_that_is_no_seat_is_refused_briefly(seat):
    """core/out-of-turn: a seat outside the table (a 5,000-digit one too) gets a short refusal."""
    game = new_game(WH, 3, seed=1)
    err = refused(game, seat, {"type": "take"})
    assert err.rule == "core/out-of-turn" and len(err.message) < 200


# --------------------------------------------------------------------------- moments


def test_a_now_field_refuses_a_past_moment_by_the_games_rule_and_a_non_moment_by_format():
    """toolkit.Now (issue 28.1, the race's calls): a call naming another round is refused by
    the game's rule (hocus-focus/round/bound), whatever else it says; one naming no round is
    no round at all (core/action-format); one leaving it out answers the present round."""
    game = new_game("hocus-focus", 2, seed=3)
    game.apply(0, {"type": "pass", "round": 1})
    game.apply(1, {"type": "pass", "round": 1})
    assert game.view(None)["round"] == 2
    stale = refused(game, 0, {"type": "no-match", "round": 1, "ms": 10})
    assert stale.rule == "hocus-focus/round/bound"
    assert stale.message.startswith("This call answers round 1, but round 2 is being played")
    assert refused(game, 0, {"type": "no-match", "round": 0, "ms": 10}).rule == FORMAT
    assert refused(game, 0, {"type": "no-match", "round": "2", "ms": 10}).rule == FORMAT
    game.apply(0, {"type": "no-match", "ms": 10})
    assert game.history[-1].action == {"type": "no-match", "round": 2, "ms": 10}


def test_hocus_focus_declares_its_format_phases_and_mutable_parts():
    """Issue 28.1: Hocus Focus is on the toolkit's shape (declared actions, a phase table
    for the race and for untimed turns, the generic copy), in both timings."""
    state_class = GAMES["hocus-focus"].state_class
    assert state_class.phase_table is not None and state_class.mutable is not None
    assert set(state_class.action_format.order) == {"claim", "no-match", "pass"}
    for timing, phase in (("timed", "race"), ("untimed", "turns")):
        state = new_game("hocus-focus", 3, seed=1, timing=timing)._state
        assert state.phase_table.phase_of(state, 0) == phase
        assert state.action_format.order["claim"][:2] == ("round", "card")
        assert all(state.phase_table.refusal(state, 0, kind) is None
                   for kind in ("claim", "no-match", "pass"))
