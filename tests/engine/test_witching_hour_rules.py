"""Witching Hour, rule by rule: at least one test per rule id, both sides where a side exists.

Each test's docstring starts with the rule id(s) it checks and a comment cites the section
of ``witching-hour.txt``. The legal case checks the effect (which zone every card went to,
counts, scores); the illegal case checks that ``IllegalAction.rule`` is that id and that
nothing observable changed. Hands are stacked with :mod:`wh_helpers`.
``test_every_game.py`` fails when a rule id of the engine has no test naming it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from wh_helpers import (
    TAKE,
    as_cards,
    assert_illegal,
    attack,
    block,
    check_zones,
    discard_pile,
    events,
    finish_round,
    hand,
    hex_pile,
    shown,
    snapshot,
    stack,
)

from witchtable.engine import IllegalAction, new_game
from witchtable.engine.games.witching_hour.deck import HOUSE_DECK, RULEBOOK_POINTS, TYPES

P = "witching-hour/"
BOOK = TYPES.index("book")
DECK_SIZE = sum(v["copies"] for v in HOUSE_DECK.values())


# --------------------------------------------------------------------------- Setup


@pytest.mark.parametrize(("players", "each"), [(2, 13), (3, 13), (4, 13), (5, 10)])
def test_setup_deal(players, each):
    """witching-hour/setup/deal: 13 cards each (10 with five), the rest face down as the discard."""
    # Rulebook: Setup, steps 2-3.
    for seed in range(5):
        game = new_game("witching-hour", players, seed)
        deck = DECK_SIZE - (HOUSE_DECK["book"]["copies"] if players == 2 else 0)
        view = game.view(None)
        assert view["hand_sizes"] == [each] * players
        assert view["hex_sizes"] == [0] * players
        assert view["discard_size"] == deck - each * players
        assert "discard" not in view   # face down: its size only
        for seat in range(players):
            assert sum(game.view(seat)["hand"].values()) == each
        check_zones(game)
    # The deal is shuffled: different seeds deal different hands.
    hands = {json.dumps(new_game("witching-hour", players, seed).view(0)["hand"]) for seed in range(6)}
    assert len(hands) > 1
    # A deck too small for the deal is refused at set-up.
    with pytest.raises(ValueError, match="needs"):
        new_game("witching-hour", players, 1, deck={t: {"copies": 2} for t in TYPES})


def test_setup_books_out():
    """witching-hour/setup/books-out: no Book is dealt or left in the discard with two players."""
    # Rulebook: Setup (Note) and Abilities: Book.
    for seed in range(20):
        game = new_game("witching-hour", 2, seed)
        state = game._state
        assert state.hands[0][BOOK] == state.hands[1][BOOK] == state.discard[BOOK] == 0
        assert game.view(0)["deck"]["book"]["copies"] == 0
        assert not any(a["type"] == "book" for a in game.legal_actions(0))
        assert_illegal(game, 0, {"type": "book", "target": 1}, P + "book/play", match="Book")
    # With three players the Books are in play.
    assert any(new_game("witching-hour", 3, seed)._state.hands[0][BOOK] for seed in range(10))
    assert new_game("witching-hour", 3, 0).view(0)["deck"]["book"]["copies"] == 5


def test_setup_first_player():
    """witching-hour/setup/first-player: seat 0 starts unless first_player names another seat."""
    # Rulebook: Setup, step 4 (the youngest starts; the engine cannot know ages).
    assert new_game("witching-hour", 3, 1).to_act == (0,)
    game = new_game("witching-hour", 4, 1, first_player=2)
    assert game.to_act == (2,)
    assert game.view(None)["current"] == 2
    assert game.legal_actions(0) == []
    assert_illegal(game, 0, game.legal_actions(2)[0], "core/out-of-turn")
    for bad in (4, -1, "1", True, 1.5, None):
        with pytest.raises(ValueError, match="first_player must be a seat from 0 to 3"):
            new_game("witching-hour", 4, 1, first_player=bad)


def test_deck_house_table_and_option():
    """witching-hour/deck/house: the house table (56 cards, the printed values) or the deck option."""
    # Rulebook: Components (56 cards) and Scoring (the printed example values).
    assert DECK_SIZE == 56
    view = new_game("witching-hour", 3, 0).view(1)
    assert view["deck"] == HOUSE_DECK
    for card, copies, points in RULEBOOK_POINTS:
        track = HOUSE_DECK[card]["points"]
        assert track[min(copies, len(track)) - 1] == points
    for entry in HOUSE_DECK.values():
        assert len(entry["points"]) == entry["copies"]
    # The option replaces house data per type, and the game uses it: deal size and scoring.
    deck = {"bell": {"copies": 10, "points": [7, 7, 7]}, "skull": {"copies": 1}}
    game = new_game("witching-hour", 3, 0, deck=deck)
    assert game.view(0)["deck"]["bell"] == {"copies": 10, "points": [7, 7, 7]}
    assert game.view(0)["deck"]["skull"] == {"copies": 1, "points": HOUSE_DECK["skull"]["points"]}
    assert game.view(0)["discard_size"] == 56 + 4 - 4 - 39
    info = game.view(0)["card_info"]
    assert info["bell"] == {"name": "Bell", "plural": "Bells", "one": "a Bell", "copies": 10,
                            "points": [7, 7, 7], "order": 0}
    assert (info["hourglass"]["one"], info["hourglass"]["plural"]) == ("an Hourglass", "Hourglasses")
    assert sorted(info, key=lambda t: info[t]["order"]) == list(TYPES)
    assert new_game("witching-hour", 2, 0).view(None)["card_info"]["book"]["copies"] == 0
    finish_round(game, [{"bell": 1}, {"skull": 1}, {}])
    assert game._state.round_scores[0] == [7, HOUSE_DECK["skull"]["points"][0], 0]
    # Bad deck options are refused with a message saying what would be right.
    bad = [
        ("bells", "is an object mapping card types"),
        ({"goblin": {"copies": 2}}, "unknown card type 'goblin'"),
        ({"bell": 5}, "must be an object with 'copies' and/or 'points'"),
        ({"bell": {"copies": 5, "colour": "red"}}, "must be an object with 'copies' and/or 'points'"),
        ({"bell": {"copies": -1}}, "whole number 0-60"),
        ({"bell": {"copies": 2.5}}, "whole number 0-60"),
        ({"bell": {"copies": True}}, "whole number 0-60"),
        ({"bell": {"copies": 61}}, "whole number 0-60"),
        ({"bell": {"points": []}}, "list of 1 to 60 whole numbers"),
        ({"bell": {"points": [1, "two"]}}, "list of 1 to 60 whole numbers"),
        ({"bell": {"points": [1, True]}}, "list of 1 to 60 whole numbers"),
        ({"bell": {"points": 3}}, "list of 1 to 60 whole numbers"),
        ({"bell": {"points": list(range(61))}}, "list of 1 to 60 whole numbers from -1000 to 1000"),
        ({"bell": {"points": [1, 10 ** 6]}}, "list of 1 to 60 whole numbers from -1000 to 1000"),
        ({t: {"copies": 3} for t in TYPES}, "the deck has 30 cards but dealing to 3 players needs 39"),
    ]
    for option, message in bad:
        with pytest.raises(ValueError, match=re.escape(message)):
            new_game("witching-hour", 3, 0, deck=option)


# --------------------------------------------------------------------------- Gameplay


def test_turn_choose_one_action_per_turn():
    """witching-hour/turn/choose: on your turn, attack or play one card; nothing else."""
    # Rulebook: Gameplay ("On your turn, you will do one of two things").
    game = stack(3, [{"bell": 2, "chalice": 1, "familiar": 1}, {"mirror": 2}, {"skull": 2}])
    kinds = {a["type"] for a in game.legal_actions(0)}
    assert kinds == {"attack", "chalice"}
    for action in (TAKE, {"type": "familiar"}, block("bell", 1), {"type": "pick", "card": "bell"},
                   {"type": "split", "keep": "bell", "give": "bell", "to": 1}):
        assert_illegal(game, 0, action, P + "turn/choose", match="attack or play a card")
    # One play ends the turn: a Chalice gives no extra turn.
    game.apply(0, {"type": "chalice", "target": 2})
    assert game.to_act == (1,)
    assert_illegal(game, 0, attack(1, "bell", 1), "core/out-of-turn")


def test_turn_order_passes_left_and_skips_empty_hands():
    """witching-hour/turn/order: turns pass to the next seat; seats with no cards are skipped."""
    # Rulebook: Round of Play Example ("Bob's turn because he is to the left of Abby");
    # the skip is the engine's ruling (an empty hand cannot attack or play).
    game = stack(4, [{"bell": 2}, {"mirror": 2}, {"skull": 2}, {"candle": 2}])
    order = []
    for _ in range(4):
        seat = game.to_act[0]
        order.append(seat)
        game.apply(seat, {"type": "attack", "target": (seat + 1) % 4,
                          "card": next(iter(hand(game, seat))), "count": 1, "candle": False})
        game.apply((seat + 1) % 4, TAKE)
    assert order == [0, 1, 2, 3]
    # Seat 1 runs out of cards: from seat 0 the turn goes straight to seat 2.
    game = stack(4, [{"bell": 2}, {"mirror": 1}, {"skull": 2}, {"candle": 2}])
    game.apply(0, attack(1, "bell", 1))
    game.apply(1, block("mirror", 1))   # reflected back at seat 0, who takes it
    game.apply(0, TAKE)
    assert game.view(None)["hand_sizes"] == [1, 0, 2, 2]
    assert game.to_act == (2,)
    game.apply(2, attack(3, "skull", 1))
    game.apply(3, TAKE)
    game.apply(3, attack(0, "candle", 1))
    game.apply(0, TAKE)
    assert game.to_act == (0,)
    game.apply(0, attack(2, "bell", 1))
    game.apply(2, TAKE)
    assert game.view(None)["hand_sizes"] == [0, 0, 1, 1]
    assert game.to_act == (2,)   # seat 1 (empty) skipped again
    assert_illegal(game, 1, attack(2, "bell", 1), "core/out-of-turn")
    assert game.legal_actions(1) == []


@pytest.mark.parametrize("card", ["book", "hourglass", "skull"])
def test_turn_extra_after_book_hourglass_skull(card):
    """witching-hour/turn/extra: Book, Hourglass and Skull give their player another turn."""
    # Rulebook: Play a Card ("take that turn as soon as you finish resolving this card").
    game = stack(3, [{card: 1, "bell": 2}, {"mirror": 2}, {"skull": 1, "toadstool": 1}],
                 hexes=[{"candle": 1}, {}, {}])
    action = {"type": card, "target": 1} if card == "book" else {"type": card}
    game.apply(0, action)
    if game.view(0)["phase"] == "pick":
        game.apply(0, game.legal_actions(0)[0])
    assert game.to_act == (0,) and game.view(None)["phase"] == "turn"
    assert events(game, None, "extra-turn")[-1]["actor"] == 0
    # The extra turn is a full turn; after it, play passes on as usual.
    game.apply(0, attack(2, "bell", 1))
    game.apply(2, TAKE)
    assert game.to_act == (1,)


@pytest.mark.parametrize("card", ["cauldron", "chalice"])
def test_turn_extra_not_after_cauldron_or_chalice(card):
    """witching-hour/turn/extra: a Cauldron or a Chalice ends the turn (no extra turn)."""
    # Rulebook: Abilities: Cauldron, Chalice (neither grants another turn).
    game = stack(3, [{card: 1, "bell": 2}, {"mirror": 2}, {"skull": 2}])
    game.apply(0, {"type": card, "target": 0} if card == "chalice" else {"type": card})
    if game.view(0)["phase"] == "split":
        game.apply(0, game.legal_actions(0)[0])
    assert game.to_act == (1,)
    assert not events(game, None, "extra-turn")


def test_turn_extra_ruling_round_end_check_comes_first():
    """witching-hour/turn/extra (ruling): the round ends before an extra turn when one hand is left."""
    # Rulebook: Play a Card and Round End ("at the end of any player's turn").
    game = stack(3, [{"book": 1, "bell": 2}, {"mirror": 1}, {}])
    game.apply(0, {"type": "book", "target": 1})  # takes seat 1's last card
    assert game._state.round == 2
    assert not events(game, None, "extra-turn")
    assert game._state.last_round["hex"][0] == {"book": {"count": 1, "points": 0},
                                                "bell": {"count": 2, "points": 2},
                                                "mirror": {"count": 1, "points": 1}}


def test_turn_respond_defender_alone_decides():
    """witching-hour/turn/respond: while an attack is pending only the defender acts, and only to respond."""
    # Rulebook: Make an Attack ("The Defender now has the opportunity to block").
    game = stack(3, [{"bell": 3}, {"mirror": 2, "skull": 1}, {"skull": 2}])
    game.apply(0, attack(1, "bell", 2))
    assert game.to_act == (1,)
    assert game.legal_actions(0) == game.legal_actions(2) == []
    kinds = {a["type"] for a in game.legal_actions(1)}
    assert kinds == {"take", "block"}
    assert_illegal(game, 1, {"type": "skull"}, P + "turn/respond", match="block, use a Familiar or take")
    assert_illegal(game, 1, attack(0, "mirror", 1), P + "turn/respond")
    assert_illegal(game, 0, TAKE, "core/out-of-turn")
    assert_illegal(game, 2, block("skull", 2), "core/out-of-turn")


def test_hex_hidden_sizes_only():
    """witching-hour/hex/hidden: every view (the owner's too) shows Hex pile sizes, never contents."""
    # Rulebook: Play a Card ("You are not allowed to look at the cards in your Hex pile").
    game = stack(3, [{"bell": 2}, {"mirror": 2}, {"skull": 2}],
                 hexes=[{"chalice": 2, "toadstool": 1}, {"familiar": 1}, {}])
    views = {s: game.view(s) for s in (None, 0, 1, 2)}
    for view in views.values():
        assert view["hex_sizes"] == [3, 1, 0]
        assert "hex" not in view
    # Changing what is inside the piles (same sizes) changes no view at all.
    state = game._state
    state.hex[0] = list(state.hex[1])
    state.hex[0][TYPES.index("bell")] += 2
    state.discard[TYPES.index("bell")] -= 2
    state.discard[TYPES.index("chalice")] += 2
    state.discard[TYPES.index("toadstool")] += 1
    state.discard[TYPES.index("familiar")] -= 1
    check_zones(game)
    for seat, view in views.items():
        assert game.view(seat) == view


# --------------------------------------------------------------------------- Attacks and blocks


def test_attack_target_opponents_with_cards():
    """witching-hour/attack/target: the defender is an opponent who still holds cards."""
    # Rulebook: Make an Attack ("choose an opponent with cards in their hand").
    game = stack(3, [{"bell": 2}, {}, {"skull": 2}])
    targets = {a["target"] for a in game.legal_actions(0) if a["type"] == "attack"}
    assert targets == {2}
    assert_illegal(game, 0, attack(1, "bell", 1), P + "attack/target", match="no cards in hand")
    assert_illegal(game, 0, attack(0, "bell", 1), P + "attack/target", match="yourself")
    game.apply(0, attack(2, "bell", 2))
    assert game.view(None)["attack"] == {"attacker": 0, "defender": 2, "card": "bell", "count": 2,
                                         "candle": False, "size": 2, "reflections": 0}


def test_attack_same_type():
    """witching-hour/attack/same-type: an attack is some cards of one type (a lone Candle aside)."""
    # Rulebook: Make an Attack ("All the cards you play must be the same type").
    game = stack(3, [{"bell": 3, "skull": 2, "candle": 1}, {"mirror": 2}, {"skull": 2}])
    listed = [a for a in game.legal_actions(0) if a["type"] == "attack"]
    assert {a["card"] for a in listed} == {"bell", "skull", "candle"}
    assert {(a["card"], a["count"]) for a in listed if a["target"] == 1} == {
        ("bell", 1), ("bell", 2), ("bell", 3), ("skull", 1), ("skull", 2), ("candle", 1)}
    # An attack names one type only; an empty attack is no attack.
    assert_illegal(game, 0, attack(1, "bell", 0), "core/action-format", match="a whole number from 1 to 60")
    assert_illegal(game, 0, attack(1, "bell", -2), "core/action-format", match="a whole number from 1 to 60")
    assert_illegal(game, 0, dict(attack(1, "bell", 2), card=["bell", "skull"]), "core/action-format")
    assert_illegal(game, 0, dict(attack(1, "bell", 2), card2="skull"), "core/action-format")
    game.apply(0, attack(1, "bell", 3))
    assert hand(game, 0) == {"skull": 2, "candle": 1}


def test_attack_in_hand():
    """witching-hour/attack/in-hand: only cards you hold can be played."""
    # Rulebook: Gameplay ("play any number of cards from your hand").
    game = stack(3, [{"bell": 2}, {"mirror": 2}, {"skull": 2}])
    assert_illegal(game, 0, attack(1, "bell", 3), P + "attack/in-hand", match="hold 2 Bells")
    assert_illegal(game, 0, attack(1, "mirror", 1), P + "attack/in-hand", match="no Mirrors")
    assert_illegal(game, 0, attack(1, "bell", 1, candle=True), P + "candle/one", match="Candle")


def test_attack_take_goes_to_hex():
    """witching-hour/attack/take: an unblocked attack goes into the defender's Hex pile."""
    # Rulebook: Make an Attack ("the Defender places all of the attack cards ... into their Hex pile").
    game = stack(3, [{"bell": 3, "candle": 1}, {"mirror": 2}, {"skull": 2}])
    discard = discard_pile(game)
    game.apply(0, attack(1, "bell", 3, candle=True))
    game.apply(1, TAKE)
    assert hex_pile(game, 1) == {"bell": 3, "candle": 1}
    assert hand(game, 1) == {"mirror": 2}
    assert hand(game, 0) == {}
    assert discard_pile(game) == discard
    assert game.view(None)["hex_sizes"] == [0, 4, 0]
    text = events(game, None, "take")[-1]["text"]
    assert text == "Player 2 takes 3 Bells and a Candle into their Hex pile."


def test_block_optional():
    """witching-hour/block/optional: the defender may always take instead of blocking."""
    # Rulebook: Make an Attack ("The Defender may choose not to block an attack").
    game = stack(3, [{"bell": 1}, {"mirror": 3, "familiar": 1, "candle": 2}, {"skull": 2}])
    game.apply(0, attack(1, "bell", 1))
    legal = game.legal_actions(1)
    assert TAKE in legal and len(legal) > 1
    game.apply(1, TAKE)
    assert hex_pile(game, 1) == {"bell": 1}
    # Taking is only a response: with no attack pending it is no action at all.
    assert game.to_act == (1,)
    assert_illegal(game, 1, TAKE, P + "turn/choose")


def test_block_same_number():
    """witching-hour/block/same-number: a block has exactly the attack's number of cards."""
    # Rulebook: Make an Attack ("the Defender must play the same number of cards").
    game = stack(3, [{"bell": 3}, {"skull": 4, "candle": 1}, {"mirror": 2}])
    game.apply(0, attack(1, "bell", 3))
    for wrong in (block("skull", 2), block("skull", 4), block("skull", 3, candle=True),
                  block("skull", 1, candle=True), block("candle", 1)):
        assert_illegal(game, 1, wrong, P + "block/same-number", match="Block with exactly 3")
    assert_illegal(game, 1, block("skull", 0), P + "block/same-number", match="at least one card")
    blocks = sorted((a["card"], a["count"], a["candle"])
                    for a in game.legal_actions(1) if a["type"] == "block")
    assert blocks == [("skull", 2, True), ("skull", 3, False)]
    game.apply(1, block("skull", 2, candle=True))
    assert hand(game, 1) == {"skull": 2}


def test_block_same_type():
    """witching-hour/block/same-type: a block is one type (a lone Candle aside), maybe not the attack's."""
    # Rulebook: Make an Attack ("they do not need to be the same type as the cards used to make the attack").
    game = stack(3, [{"skull": 2}, {"toadstool": 1, "familiar": 1, "hourglass": 2}, {"mirror": 2}])
    game.apply(0, attack(1, "skull", 2))
    blocks = [a for a in game.legal_actions(1) if a["type"] == "block"]
    assert blocks == [block("hourglass", 2)]
    # One card and one Familiar are two types: no such block can even be written.
    assert_illegal(game, 1, dict(block("toadstool", 1), card=["toadstool", "familiar"]), "core/action-format")
    assert_illegal(game, 1, dict(block("toadstool", 1), also="familiar"), "core/action-format")
    assert_illegal(game, 1, block("toadstool", 2), P + "attack/in-hand")
    game.apply(1, block("hourglass", 2))
    assert discard_pile(game)["skull"] >= 2 and hand(game, 1) == {"toadstool": 1, "familiar": 1}


def test_block_discard_both_sets():
    """witching-hour/block/discard: attack and block cards all go to the discard pile."""
    # Rulebook: Make an Attack ("place all of the cards used by the Attacker and the Defender ...").
    game = stack(3, [{"bell": 2, "candle": 1}, {"skull": 3, "candle": 1}, {"mirror": 2}])
    before = discard_pile(game)
    game.apply(0, attack(1, "bell", 2, candle=True))
    game.apply(1, block("skull", 2, candle=True))
    after = discard_pile(game)
    gained = {t: after.get(t, 0) - before.get(t, 0) for t in TYPES if after.get(t, 0) != before.get(t, 0)}
    assert gained == {"bell": 2, "candle": 2, "skull": 2}
    assert game.view(None)["hex_sizes"] == [0, 0, 0]
    assert game.view(None)["discard_size"] == sum(before.values()) + 6
    assert hand(game, 1) == {"skull": 1}
    assert game.to_act == (1,)


def test_candle_one_in_attack_and_block():
    """witching-hour/candle/one: one Candle may join an attack or a block of another type, adding one."""
    # Rulebook: Abilities: Candle ("add exactly one Candle card to any attack you make or ... block").
    game = stack(3, [{"bell": 3, "candle": 2}, {"toadstool": 3, "candle": 1, "skull": 4}, {"mirror": 2}])
    game.apply(0, attack(1, "bell", 3, candle=True))
    assert game.view(None)["attack"]["size"] == 4
    assert hand(game, 0) == {"candle": 1}
    # A Candle listed twice in a block, or a Candle the defender lacks, is refused.
    assert_illegal(game, 1, block("candle", 3, candle=True), P + "candle/one", match="lists them all")
    restack_attack = game.clone()
    restack_attack._state.hands[1][TYPES.index("candle")] = 0
    restack_attack._state.hand_count[1] -= 1
    restack_attack._state.discard[TYPES.index("candle")] += 1
    restack_attack._state.discard_count += 1
    assert_illegal(restack_attack, 1, block("toadstool", 3, candle=True), P + "candle/one", match="Candle")
    # The legal block: three Toadstools and the one Candle make four.
    assert block("toadstool", 3, candle=True) in game.legal_actions(1)
    game.apply(1, block("toadstool", 3, candle=True))
    assert hand(game, 1) == {"skull": 4}
    # Two Candles cannot join a Bell attack: the action has room for one only.
    game = stack(3, [{"bell": 2, "candle": 2}, {"mirror": 2}, {"skull": 2}])
    assert_illegal(game, 0, attack(1, "bell", 2, candle=2), "core/action-format")
    assert all(a["count"] + a["candle"] <= 3 for a in game.legal_actions(0) if a["card"] == "bell")


def test_candle_all_candle_attack_and_block():
    """witching-hour/candle/all-candle: any number of Candles may attack (or block) alone."""
    # Rulebook: Abilities: Candle ("any number of Candle cards if there are no other cards in the attack").
    game = stack(3, [{"candle": 3, "bell": 1}, {"candle": 3, "skull": 1}, {"mirror": 2}])
    assert attack(1, "candle", 3) in game.legal_actions(0)
    assert_illegal(game, 0, attack(1, "candle", 2, candle=True), P + "candle/all-candle",
                   match="set 'candle' to false")
    before = discard_pile(game).get("candle", 0)
    game.apply(0, attack(1, "candle", 3))
    assert game.view(None)["attack"]["size"] == 3
    assert block("candle", 3) in game.legal_actions(1)
    game.apply(1, block("candle", 3))
    assert discard_pile(game)["candle"] == before + 6
    assert hand(game, 0) == {"bell": 1} and hand(game, 1) == {"skull": 1}


def test_bell_cannot_block():
    """witching-hour/bell/no-block: Bells never block, not even with a Candle; they can attack."""
    # Rulebook: Abilities: Bell.
    game = stack(3, [{"skull": 4}, {"bell": 4, "candle": 1}, {"mirror": 2}])
    game.apply(0, attack(1, "skull", 3))
    assert [a for a in game.legal_actions(1) if a["type"] == "block"] == []
    assert game.legal_actions(1) == [TAKE]
    assert_illegal(game, 1, block("bell", 3), P + "bell/no-block", match="Bells cannot block")
    assert_illegal(game, 1, block("bell", 2, candle=True), P + "bell/no-block")
    game.apply(1, TAKE)
    game.apply(1, attack(0, "bell", 4, candle=True))
    assert game.view(None)["attack"]["size"] == 5


# --------------------------------------------------------------------------- Book


def test_book_play():
    """witching-hour/book/play: Book to your Hex, look at a hand, take a random card, another turn."""
    # Rulebook: Abilities: Book.
    taken = set()
    for seed in range(12):
        game = stack(3, [{"book": 1, "bell": 1}, {"mirror": 2, "skull": 1, "familiar": 1}, {"toadstool": 2}],
                     seed=seed)
        game.apply(0, {"type": "book", "target": 1})
        assert hex_pile(game, 0) == {"book": 1}
        card = events(game, 0, "book")[-1]["card"]
        taken.add(card)
        assert hand(game, 0) == {"bell": 1, card: 1}
        expected = {"mirror": 2, "skull": 1, "familiar": 1}
        expected[card] -= 1
        assert hand(game, 1) == {k: v for k, v in expected.items() if v}
        assert game.to_act == (0,)
        check_zones(game)
    assert taken == {"mirror", "skull", "familiar"}   # random, and from that hand only
    game = stack(3, [{"bell": 1}, {"mirror": 2}, {"toadstool": 2}])
    assert_illegal(game, 0, {"type": "book", "target": 1}, P + "book/play", match="no Books")


def test_book_target():
    """witching-hour/book/target: the Book's opponent must hold cards (and not be you)."""
    # Rulebook: Abilities: Book ("Look at an opponent's hand"); the empty-hand case is a ruling.
    game = stack(3, [{"book": 1, "bell": 1}, {}, {"toadstool": 2}])
    assert [a for a in game.legal_actions(0) if a["type"] == "book"] == [{"type": "book", "target": 2}]
    assert_illegal(game, 0, {"type": "book", "target": 1}, P + "book/target", match="no cards in hand")
    assert_illegal(game, 0, {"type": "book", "target": 0}, P + "book/target", match="opponent")
    game.apply(0, {"type": "book", "target": 2})
    assert hand(game, 0) == {"bell": 1, "toadstool": 1}


def test_book_seen_hand_only_in_actors_view():
    """witching-hour/book/play (hidden information): the seen hand is only in the actor's log."""
    # Rulebook: Abilities: Book ("Look at an opponent's hand"): only the Book's player looks.
    game = stack(3, [{"book": 1, "bell": 1}, {"mirror": 2, "skull": 1}, {"toadstool": 2}])
    game.apply(0, {"type": "book", "target": 1})
    mine = events(game, 0, "book")[-1]
    assert mine["seen"] == {"mirror": 2, "skull": 1}
    assert "Mirror" in mine["text"]
    theirs = events(game, 1, "book")[-1]
    assert "seen" not in theirs and theirs["card"] == mine["card"]
    for seat in (None, 2):
        entry = events(game, seat, "book")[-1]
        assert "seen" not in entry and "card" not in entry
        assert "mirror" not in shown(game, seat) and "skull" not in shown(game, seat)
    assert game.takeback(0)[0] == 0 and "showed you hidden cards" in game.takeback(0)[1]


# --------------------------------------------------------------------------- Cauldron


def test_cauldron_play():
    """witching-hour/cauldron/play: Cauldron to your Hex, draw two random discard cards to look at."""
    # Rulebook: Abilities: Cauldron ("Take two random cards from the discard pile. Look at them.").
    game = stack(3, [{"cauldron": 1, "bell": 1}, {"mirror": 2}, {"toadstool": 2}])
    pile = game.view(None)["discard_size"]
    game.apply(0, {"type": "cauldron"})
    view = game.view(0)
    assert view["phase"] == "split" and game.to_act == (0,)
    cards = view["pending"]["cards"]
    assert len(cards) == 2
    assert view["discard_size"] == pile - 2
    assert hex_pile(game, 0) == {"cauldron": 1}
    check_zones(game)
    assert_illegal(game, 0, attack(1, "bell", 1), P + "cauldron/split", match="share out")
    # No Cauldron, no play.
    game = stack(3, [{"bell": 1}, {"mirror": 2}, {"toadstool": 2}])
    assert_illegal(game, 0, {"type": "cauldron"}, P + "cauldron/play", match="no Cauldrons")


def test_cauldron_ruling_one_or_no_card_left():
    """witching-hour/cauldron/play (ruling): one card left goes to your own Hex; none, nothing more."""
    # Rulebook: Abilities: Cauldron (the rulebook is silent on a short discard pile).
    game = stack(3, [{"cauldron": 1, "bell": 1}, {"mirror": 2}, {"toadstool": 2}],
                 discard={"skull": 1}, spare=("hex", 2))
    game.apply(0, {"type": "cauldron"})
    assert hex_pile(game, 0) == {"cauldron": 1, "skull": 1}
    assert game.view(None)["discard_size"] == 0 and game.to_act == (1,)
    assert "Skull" in events(game, 0, "cauldron")[-1]["text"]
    assert "Skull" not in events(game, 1, "cauldron")[-1]["text"]
    game = stack(3, [{"cauldron": 1, "bell": 1}, {"mirror": 2}, {"toadstool": 2}],
                 discard={}, spare=("hex", 2))
    game.apply(0, {"type": "cauldron"})
    assert hex_pile(game, 0) == {"cauldron": 1}
    assert game.to_act == (1,)


def test_cauldron_split():
    """witching-hour/cauldron/split: keep one card in your Hex, give the other to another player's."""
    # Rulebook: Abilities: Cauldron ("even if they have no cards in hand").
    game = stack(3, [{"cauldron": 1, "bell": 1}, {}, {"toadstool": 2}],
                 discard={"skull": 1, "mirror": 1}, spare=("hex", 2))
    hex2 = hex_pile(game, 2)
    game.apply(0, {"type": "cauldron"})
    assert sorted(game.view(0)["pending"]["cards"]) == ["mirror", "skull"]
    legal = game.legal_actions(0)
    assert {(a["keep"], a["give"], a["to"]) for a in legal} == {
        ("mirror", "skull", 1), ("mirror", "skull", 2), ("skull", "mirror", 1), ("skull", "mirror", 2)}
    split = {"type": "split", "keep": "skull", "give": "mirror", "to": 0}
    assert_illegal(game, 0, split, P + "cauldron/split", match="another player")
    assert_illegal(game, 0, dict(split, to=1, give="bell"), P + "cauldron/split", match="keep one and give")
    assert_illegal(game, 0, dict(split, to=1, keep="mirror"), P + "cauldron/split")
    game.apply(0, dict(split, to=1))           # seat 1 holds no cards and still receives one
    assert hex_pile(game, 0) == {"cauldron": 1, "skull": 1}
    assert hex_pile(game, 1) == {"mirror": 1}
    assert hex_pile(game, 2) == hex2
    assert game.to_act == (2,)                 # no extra turn; seat 1 (empty) is skipped
    check_zones(game)


def test_cauldron_cards_only_in_actors_view():
    """witching-hour/cauldron/split (hidden information): only the Cauldron's player sees its two cards."""
    # Rulebook: Abilities: Cauldron ("That player will not know which card they received").
    game = stack(3, [{"cauldron": 1, "bell": 1}, {"bell": 2}, {"bell": 2}],
                 discard={"skull": 1, "familiar": 1}, spare=("hex", 2))
    game.apply(0, {"type": "cauldron"})
    assert sorted(events(game, 0, "cauldron")[-1]["cards"]) == ["familiar", "skull"]
    assert sorted(game.view(0)["pending"]["cards"]) == ["familiar", "skull"]
    assert game.takeback(0)[0] == 0         # the draw was seen: no taking it back
    for seat in (None, 1, 2):
        assert game.view(seat)["pending"] == {"kind": "split", "source": None}
        text = shown(game, seat)
        assert "familiar" not in text and "skull" not in text
    game.apply(0, {"type": "split", "keep": "skull", "give": "familiar", "to": 1})
    for seat in (None, 1, 2):               # not even seat 1, whose Hex pile got the Familiar
        text = shown(game, seat)
        assert "familiar" not in text and "skull" not in text
    assert "Familiar" in events(game, 0, "split")[-1]["text"]


# --------------------------------------------------------------------------- Chalice


@pytest.mark.parametrize("target", [0, 1, 2])
def test_chalice_play_any_hex(target):
    """witching-hour/chalice/play: a Chalice goes into any Hex pile: yours, an opponent's, an empty hand's."""
    # Rulebook: Abilities: Chalice.
    game = stack(3, [{"chalice": 1, "bell": 1}, {}, {"toadstool": 2}])
    assert [a["target"] for a in game.legal_actions(0) if a["type"] == "chalice"] == [0, 1, 2]
    game.apply(0, {"type": "chalice", "target": target})
    assert game._state.hex[target][TYPES.index("chalice")] == 1
    assert sum(game.view(None)["hex_sizes"]) == 1
    assert hand(game, 0) == {"bell": 1}
    assert game.to_act == (2,)


def test_chalice_play_needs_a_chalice_and_scores_minus_three_alone():
    """witching-hour/chalice/play: no Chalice, no play; one alone scores -3 (two score 4 with house data)."""
    # Rulebook: Abilities: Chalice ("If you only have one Chalice ... subtract 3 points").
    game = stack(3, [{"bell": 1}, {"mirror": 1}, {"toadstool": 2}])
    assert_illegal(game, 0, {"type": "chalice", "target": 0}, P + "chalice/play", match="no Chalices")
    game = new_game("witching-hour", 3, 0)
    finish_round(game, [{"chalice": 1, "bell": 4}, {"chalice": 2}, {}])
    assert game._state.last_round["raw"] == [5 - 3, 4, 0]


# --------------------------------------------------------------------------- Familiar


def test_familiar_block():
    """witching-hour/familiar/block: a Familiar into your Hex stops an attack; the attack is discarded."""
    # Rulebook: Abilities: Familiar (the Thomas and Mary example: three Mirrors stopped by a Familiar).
    game = stack(3, [{"mirror": 3, "bell": 1}, {"familiar": 1, "skull": 1}, {"toadstool": 2}])
    before = discard_pile(game)
    game.apply(0, attack(1, "mirror", 3))
    assert {"type": "familiar"} in game.legal_actions(1)
    game.apply(1, {"type": "familiar"})
    assert hex_pile(game, 1) == {"familiar": 1}
    assert hand(game, 1) == {"skull": 1}
    assert discard_pile(game)["mirror"] == before.get("mirror", 0) + 3
    assert game.view(None)["hex_sizes"] == [0, 1, 0]
    game = stack(3, [{"mirror": 3}, {"skull": 1}, {"toadstool": 2}])
    game.apply(0, attack(1, "mirror", 3))
    assert {"type": "familiar"} not in game.legal_actions(1)
    assert_illegal(game, 1, {"type": "familiar"}, P + "familiar/block", match="no Familiars")


def test_familiar_not_against_toadstool():
    """witching-hour/familiar/block + witching-hour/toadstool/unblockable: no Familiar against Toadstools."""
    # Rulebook: Abilities: Familiar ("cannot be used to block attacks involving Toadstool cards").
    game = stack(3, [{"toadstool": 2, "bell": 1}, {"familiar": 2, "skull": 1}, {"bell": 2}])
    game.apply(0, attack(1, "toadstool", 2))
    assert hex_pile(game, 1) == {"toadstool": 2}
    assert hand(game, 1) == {"familiar": 2, "skull": 1}
    assert game.to_act == (1,)               # seat 1's own turn: no response window was opened
    assert_illegal(game, 1, {"type": "familiar"}, P + "turn/choose")


# --------------------------------------------------------------------------- Hourglass


def test_hourglass_play():
    """witching-hour/hourglass/play: Hourglass to your Hex, look at that pile, take a card, another turn."""
    # Rulebook: Abilities: Hourglass.
    game = stack(3, [{"hourglass": 1, "bell": 1}, {"mirror": 2}, {"toadstool": 2}],
                 hexes=[{"skull": 2, "candle": 1}, {}, {}])
    game.apply(0, {"type": "hourglass"})
    view = game.view(0)
    assert view["pending"] == {"kind": "pick", "source": "hex",
                               "cards": {"candle": 1, "hourglass": 1, "skull": 2}}
    assert sorted(a["card"] for a in game.legal_actions(0)) == ["candle", "skull"]
    assert_illegal(game, 0, {"type": "pick", "card": "mirror"}, P + "hourglass/play", match="no Mirror")
    assert_illegal(game, 0, attack(1, "bell", 1), P + "hourglass/play", match="First choose")
    game.apply(0, {"type": "pick", "card": "skull"})
    assert hand(game, 0) == {"bell": 1, "skull": 1}
    assert hex_pile(game, 0) == {"skull": 1, "candle": 1, "hourglass": 1}
    assert game.to_act == (0,) and game.view(0)["phase"] == "turn"
    game = stack(3, [{"bell": 1}, {"mirror": 2}, {"toadstool": 2}])
    assert_illegal(game, 0, {"type": "hourglass"}, P + "hourglass/play", match="You need an Hourglass")


def test_hourglass_plural_in_texts():
    """witching-hour/hourglass/play (messages): two or more Hourglasses are 'Hourglasses'."""
    # Rulebook: Abilities: Hourglass (a clear message names the cards correctly).
    game = stack(3, [{"bell": 1}, {"mirror": 2}, {"toadstool": 2}])
    err = assert_illegal(game, 0, {"type": "hourglass"}, P + "hourglass/play")
    assert "Hourglasss" not in err.message and "no Hourglasses" in err.message
    game = stack(3, [{"hourglass": 2}, {"mirror": 2}, {"toadstool": 2}])
    game.apply(0, attack(1, "hourglass", 2))
    game.apply(1, TAKE)
    texts = [event["text"] for event in game.view(None)["log"]]
    assert texts == ["Player 1 attacks Player 2 with 2 Hourglasses.",
                     "Player 2 takes 2 Hourglasses into their Hex pile."]


def test_hourglass_ruling_nothing_to_take_still_extra_turn():
    """witching-hour/hourglass/play (ruling): with nothing to take, the extra turn still comes."""
    # Rulebook: Abilities: Hourglass (silent on an empty pile).
    game = stack(3, [{"hourglass": 1, "bell": 1}, {"mirror": 2}, {"toadstool": 2}],
                 hexes=[{"hourglass": 1}, {}, {}])
    game.apply(0, {"type": "hourglass"})
    assert game.view(0)["phase"] == "turn" and game.to_act == (0,)
    assert hex_pile(game, 0) == {"hourglass": 2}


def test_hourglass_not_hourglass():
    """witching-hour/hourglass/not-hourglass: an Hourglass never brings back an Hourglass."""
    # Rulebook: Abilities: Hourglass (our ruling: else extra turns would never end).
    game = stack(3, [{"hourglass": 2}, {"mirror": 2}, {"toadstool": 2}],
                 hexes=[{"hourglass": 1, "bell": 1}, {}, {}])
    game.apply(0, {"type": "hourglass"})
    assert game.legal_actions(0) == [{"type": "pick", "card": "bell"}]
    assert_illegal(game, 0, {"type": "pick", "card": "hourglass"}, P + "hourglass/not-hourglass",
                   match="cannot bring back an Hourglass")
    game.apply(0, {"type": "pick", "card": "bell"})
    assert hex_pile(game, 0) == {"hourglass": 2}


def test_hourglass_seen_pile_only_in_owners_view():
    """witching-hour/hourglass/play (hidden information): only the owner sees the pile; no takeback."""
    # Rulebook: Abilities: Hourglass ("Look at your Hex pile").
    game = stack(3, [{"hourglass": 1, "bell": 1}, {"mirror": 2}, {"bell": 2}], hexes=[{"skull": 1}, {}, {}])
    game.apply(0, {"type": "hourglass"})
    assert events(game, 0, "hourglass")[-1]["seen"] == {"skull": 1, "hourglass": 1}
    for seat in (None, 1, 2):
        assert game.view(seat)["pending"] == {"kind": "pick", "source": "hex"}
        assert "skull" not in shown(game, seat)
    assert game.takeback(0)[0] == 0


# --------------------------------------------------------------------------- Mirror


def test_mirror_reflect():
    """witching-hour/mirror/reflect: Mirrors (perhaps with a Candle) are discarded; the attack turns back."""
    # Rulebook: Abilities: Mirror.
    game = stack(3, [{"bell": 2, "skull": 1}, {"mirror": 3, "candle": 1}, {"toadstool": 2}])
    before = discard_pile(game)
    game.apply(0, attack(1, "bell", 2))
    assert block("mirror", 2) in game.legal_actions(1)
    assert block("mirror", 1, candle=True) in game.legal_actions(1)
    assert_illegal(game, 1, block("mirror", 3), P + "block/same-number")
    game.apply(1, block("mirror", 1, candle=True))
    after = discard_pile(game)
    assert after["mirror"] == before.get("mirror", 0) + 1 and after["candle"] == before.get("candle", 0) + 1
    assert after.get("bell", 0) == before.get("bell", 0)    # the attack is still in play
    assert game.to_act == (0,)
    assert game.view(None)["attack"] == {"attacker": 1, "defender": 0, "card": "bell", "count": 2,
                                         "candle": False, "size": 2, "reflections": 1}
    assert {a["type"] for a in game.legal_actions(0)} == {"take"}
    game.apply(0, TAKE)
    assert hex_pile(game, 0) == {"bell": 2}
    assert game.to_act == (1,)       # seat 0's turn is over: play passes to its left


def test_mirror_chain_back_and_forth():
    """witching-hour/mirror/chain: reflected attacks can be reflected again, with a Candle too."""
    # Rulebook: Abilities: Mirror ("the attack is once again reflected").
    game = stack(3, [{"skull": 2, "mirror": 2, "bell": 1}, {"mirror": 3, "candle": 1}, {"toadstool": 2}])
    mirrors = discard_pile(game).get("mirror", 0)
    game.apply(0, attack(1, "skull", 2))
    game.apply(1, block("mirror", 2))
    game.apply(0, block("mirror", 2))
    assert game.to_act == (1,)
    game.apply(1, block("mirror", 1, candle=True))
    assert game.to_act == (0,)
    assert game.view(None)["attack"]["reflections"] == 3
    assert hand(game, 0) == {"bell": 1} and hand(game, 1) == {}
    assert_illegal(game, 0, block("mirror", 2), P + "attack/in-hand")
    game.apply(0, TAKE)
    assert hex_pile(game, 0) == {"skull": 2}
    assert discard_pile(game)["mirror"] == mirrors + 5
    assert game.to_act == (2,)


def test_mirror_chain_ruling_empty_handed_defender_takes():
    """witching-hour/mirror/chain (ruling): reflected onto an empty hand, the attack is taken at once."""
    # Rulebook: Abilities: Mirror (an empty hand cannot block).
    game = stack(3, [{"bell": 2}, {"mirror": 2, "skull": 1}, {"toadstool": 2}])
    game.apply(0, attack(1, "bell", 2))      # seat 0 has no cards left
    game.apply(1, block("mirror", 2))
    assert hex_pile(game, 0) == {"bell": 2}
    assert game.view(None)["attack"] is None
    assert game.to_act == (1,)               # seat 0's turn ended; seat 1 is next


# --------------------------------------------------------------------------- Skull


def test_skull_play():
    """witching-hour/skull/play: Skull to your Hex, look through the discard, take a card, another turn."""
    # Rulebook: Abilities: Skull.
    game = stack(3, [{"skull": 1, "bell": 1}, {"mirror": 2}, {"toadstool": 2}],
                 discard={"candle": 2, "familiar": 1}, spare=("hex", 2))
    game.apply(0, {"type": "skull"})
    assert hex_pile(game, 0) == {"skull": 1}
    assert game.view(0)["pending"] == {"kind": "pick", "source": "discard",
                                       "cards": {"candle": 2, "familiar": 1}}
    assert game.view(1)["pending"] == {"kind": "pick", "source": "discard"}
    assert events(game, 0, "skull")[-1]["seen"] == {"candle": 2, "familiar": 1}
    assert "seen" not in events(game, 1, "skull")[-1]
    assert_illegal(game, 0, {"type": "pick", "card": "bell"}, P + "skull/play",
                   match="no Bell in the discard")
    assert_illegal(game, 0, {"type": "skull"}, P + "skull/play", match="First choose")
    assert game.takeback(0)[0] == 0          # the Skull showed the discard pile
    game.apply(0, {"type": "pick", "card": "candle"})
    assert hand(game, 0) == {"bell": 1, "candle": 1}
    assert discard_pile(game) == {"candle": 1, "familiar": 1}
    assert game.to_act == (0,) and game.view(0)["phase"] == "turn"
    game = stack(3, [{"bell": 1}, {"mirror": 2}, {"toadstool": 2}])
    assert_illegal(game, 0, {"type": "skull"}, P + "skull/play", match="no Skulls")


def test_skull_ruling_empty_discard():
    """witching-hour/skull/play (ruling): with an empty discard nothing is taken; the extra turn remains."""
    # Rulebook: Abilities: Skull (silent on an empty discard pile).
    game = stack(3, [{"skull": 1, "bell": 1}, {"mirror": 2}, {"toadstool": 2}], discard={}, spare=("hex", 2))
    game.apply(0, {"type": "skull"})
    assert game.to_act == (0,) and game.view(0)["phase"] == "turn"
    assert hand(game, 0) == {"bell": 1}
    # A Skull that was the last card, with nothing to take: no hand, so no extra turn.
    game = stack(3, [{"skull": 1}, {"mirror": 2}, {"toadstool": 2}], discard={}, spare=("hex", 2))
    game.apply(0, {"type": "skull"})
    assert game.view(None)["hand_sizes"] == [0, 2, 2]
    assert game.to_act == (1,) and not events(game, None, "extra-turn")


# --------------------------------------------------------------------------- Toadstool


def test_toadstool_unblockable():
    """witching-hour/toadstool/unblockable: a Toadstool attack goes straight to the defender's Hex."""
    # Rulebook: Abilities: Toadstool ("Attacks involving Toadstool cards cannot be blocked").
    game = stack(3, [{"toadstool": 2, "candle": 1, "bell": 1}, {"mirror": 3, "familiar": 1, "candle": 2},
                     {"bell": 2}])
    game.apply(0, attack(1, "toadstool", 2, candle=True))
    assert hex_pile(game, 1) == {"toadstool": 2, "candle": 1}
    assert hand(game, 1) == {"mirror": 3, "familiar": 1, "candle": 2}
    assert game.view(None)["attack"] is None
    assert game.to_act == (1,)
    assert_illegal(game, 1, block("mirror", 3), P + "turn/choose")
    assert "cannot be blocked" in events(game, None, "take")[-1]["text"]


def test_toadstool_penalty():
    """witching-hour/toadstool/penalty: one random discard card per Toadstool into the attacker's Hex."""
    # Rulebook: Abilities: Toadstool ("must do that for each Toadstool card played").
    got = set()
    for seed in range(10):
        game = stack(3, [{"toadstool": 3, "candle": 1}, {"mirror": 2}, {"bell": 2}],
                     discard={"skull": 2, "familiar": 2, "book": 2}, spare=("hex", 2), seed=seed)
        game.apply(0, attack(1, "toadstool", 3, candle=True))   # the Candle adds no penalty card
        pile = hex_pile(game, 0)
        assert sum(pile.values()) == 3 and set(pile) <= {"skull", "familiar", "book"}
        assert game.view(None)["discard_size"] == 3
        got |= set(pile)
        assert "random cards" in events(game, None, "toadstool")[-1]["text"]
        for seat in (None, 0, 1, 2):   # nobody, the attacker included, sees which cards
            text = shown(game, seat)
            assert "skull" not in text and "familiar" not in text and "book" not in text
    assert got == {"skull", "familiar", "book"}


def test_toadstool_penalty_ruling_discard_runs_out():
    """witching-hour/toadstool/penalty (ruling): fewer penalty cards when the discard runs out."""
    # Rulebook: Abilities: Toadstool (silent on an empty discard pile).
    game = stack(3, [{"toadstool": 3}, {"mirror": 2}, {"bell": 2}], discard={"skull": 1}, spare=("hex", 2))
    game.apply(0, attack(1, "toadstool", 3))
    assert hex_pile(game, 0) == {"skull": 1}
    assert game.view(None)["discard_size"] == 0
    game = stack(3, [{"toadstool": 1, "bell": 1}, {"mirror": 2}, {"bell": 2}], discard={}, spare=("hex", 2))
    game.apply(0, attack(1, "toadstool", 1))
    assert hex_pile(game, 0) == {}
    assert not events(game, None, "toadstool")


# --------------------------------------------------------------------------- Round end


def test_round_end_last_hand_goes_to_hex():
    """witching-hour/round/end: a turn ending with one player holding cards ends the round; they keep none."""
    # Rulebook: Round End ("That player places all of the remaining cards ... into their Hex pile").
    game = stack(3, [{"bell": 1}, {"mirror": 2, "skull": 1}, {}], hexes=[{}, {"candle": 1}, {"chalice": 1}])
    game.apply(0, attack(1, "bell", 1))
    game.apply(1, TAKE)
    last = game._state.last_round
    assert last["hex"][1] == {"bell": {"count": 1, "points": 1}, "candle": {"count": 1, "points": 1},
                              "mirror": {"count": 2, "points": 2}, "skull": {"count": 1, "points": 2}}
    assert last["raw"] == [0, 6, -3] and last["counted"] == [0, 6, 0]
    assert game.view(None)["round"] == 2 and game.view(None)["hand_sizes"] == [13, 13, 13]
    assert "alone still holds cards: 3 go" in events(game, None, "last-cards")[-1]["text"]
    # With two players still holding cards, the round goes on.
    game = stack(3, [{"bell": 1}, {"mirror": 2}, {"skull": 1}])
    game.apply(0, attack(1, "bell", 1))
    game.apply(1, TAKE)
    assert game.view(None)["round"] == 1 and game.to_act == (1,)


def test_round_end_ruling_all_hands_empty():
    """witching-hour/round/end + witching-hour/round/next-start (ruling): all hands empty ends the round."""
    # Rulebook: Round End ("The round may also end if no player has any cards in hand").
    game = stack(3, [{"bell": 2}, {"skull": 2}, {}], hexes=[{"mirror": 1}, {}, {}])
    game.apply(0, attack(1, "bell", 2))
    game.apply(1, block("skull", 2))
    last = game._state.last_round
    assert last["raw"] == [1, 0, 0]
    assert last["next_starter"] == 1            # the blocker emptied last
    assert game.to_act == (1,) and game.view(None)["round"] == 2


def test_round_next_start():
    """witching-hour/round/next-start: whoever last held cards starts the next round, after a new deal."""
    # Rulebook: Scoring ("The player who last had cards in their hand ... will start the next round").
    game = stack(3, [{"bell": 3}, {"skull": 1}, {}], current=1, first_player=1)
    game.apply(1, attack(0, "skull", 1))
    game.apply(0, TAKE)                      # seat 0 alone holds cards: the round ends
    view = game.view(None)
    state = game._state
    assert state.last_round["next_starter"] == 0 == view["current"]
    assert view["round"] == 2 and game.to_act == (0,)
    assert view["hand_sizes"] == [13, 13, 13] and view["hex_sizes"] == [0, 0, 0]
    assert view["discard_size"] == 17
    check_zones(game)


# --------------------------------------------------------------------------- Scoring


def test_scoring_track():
    """witching-hour/scoring/track: each type scores once, by its track; beyond the track, its last value."""
    # Rulebook: Scoring (Lauren's example, and "All higher quantities score the same amount").
    game = new_game("witching-hour", 3, 0)
    finish_round(game, [{"bell": 4, "candle": 1, "book": 1, "mirror": 2}, {"toadstool": 8}, {"skull": 3}])
    assert game._state.last_round["raw"] == [8, HOUSE_DECK["toadstool"]["points"][7], 6]
    # A track shorter than the copies held: larger sets score its last value.
    game = new_game("witching-hour", 3, 0, deck={"bell": {"points": [1, 3]}, "skull": {"points": [4]}})
    finish_round(game, [{"bell": 5}, {"bell": 1, "skull": 5}, {"bell": 0}])
    assert game._state.last_round["raw"] == [3, 1 + 4, 0]
    assert game._state.last_round["hex"][1] == {"bell": {"count": 1, "points": 1},
                                                "skull": {"count": 5, "points": 4}}


def test_scoring_first_round_negative_is_zero():
    """witching-hour/scoring/first-round: a negative first-round score counts as zero."""
    # Rulebook: Scoring ("If your score for the first round is negative, you score zero points").
    game = new_game("witching-hour", 3, 0)
    finish_round(game, [{"chalice": 1}, {"chalice": 1, "book": 1}, {"chalice": 1, "bell": 4}])
    last = game._state.last_round
    assert last["raw"] == [-3, -3, 2] and last["counted"] == [0, 0, 2]
    assert game.scores == [0, 0, 2]
    assert game.view(None)["round_scores"] == [[0, 0, 2]]


def test_scoring_public_only_until_the_next_round_starts():
    """witching-hour/scoring/public: a round's scores are open to all while announced (until
    the next round's first move); then each seat sees only its own tokens, and a spectator
    none; the view carries no running ``scores`` while any total is face down."""
    # Rulebook: Scoring ("public information until the start of the next round"; the tokens
    # are placed face down).
    game = new_game("witching-hour", 3, 0)
    finish_round(game, [{"bell": 4}, {"bell": 1}, {}])
    finish_round(game, [{"candle": 1}, {}, {"mirror": 2}])
    mine = {0: 5, 1: 1, 2: 0}
    for seat in (None, 0, 1, 2):  # round 2 is being announced: its row is open to all
        view = game.view(seat)
        assert view["round_scores"] == [[mine[s] if s == seat else None for s in range(3)], [1, 0, 2]]
        assert view["totals"] == [[6, 1, 2][s] if s == seat else None for s in range(3)]
        assert view["last_round"]["hex"][0] == {"candle": {"count": 1, "points": 1}}
        assert view["last_round"]["counted"] == [1, 0, 2] and not view["scores_open"]
        assert "scores" not in view
    seat = game.to_act[0]
    game.apply(seat, next(a for a in game.legal_actions(seat) if a["type"] == "attack"))
    for seat in (None, 0, 1, 2):  # the next round has started: the tokens are face down
        view = game.view(seat)
        assert view["last_round"] is None
        assert view["round_scores"] == [[[5, 1, 0][s] if s == seat else None for s in range(3)],
                                        [[1, 0, 2][s] if s == seat else None for s in range(3)]]
        texts = [e["text"] for e in view["log"] if e["kind"] == "score"]
        assert all("you scored" in t for t in texts) if seat is not None else texts
        assert not any(str(v) in t.split("you scored")[0] for t in texts for v in (5, 6))


def test_scoring_open_scores_is_a_teaching_aid_that_keeps_them_all_open():
    """witching-hour/scoring/public (the open_scores option): every seat sees every round."""
    game = new_game("witching-hour", 3, 0, open_scores=True)
    finish_round(game, [{"bell": 4}, {"bell": 1}, {}])
    finish_round(game, [{"candle": 1}, {}, {"mirror": 2}])
    seat = game.to_act[0]
    game.apply(seat, next(a for a in game.legal_actions(seat) if a["type"] == "attack"))
    for seat in (None, 0, 1, 2):
        view = game.view(seat)
        assert view["round_scores"] == [[5, 1, 0], [1, 0, 2]] and view["totals"] == [6, 1, 2]
        assert view["scores"] == [6, 1, 2] and view["scores_open"]
    assert "Player 1 1" in [e for e in game.view(None)["log"] if e["kind"] == "score"][-1]["text"]


def test_scoring_every_score_is_open_at_the_end():
    """witching-hour/game/end: the final count reveals every round and total to all."""
    game = new_game("witching-hour", 3, 0, rounds=2)
    finish_round(game, [{"bell": 4}, {"bell": 1}, {}])
    finish_round(game, [{"candle": 1}, {}, {"mirror": 2}])
    assert game.is_over
    for seat in (None, 0, 1, 2):
        view = game.view(seat)
        assert view["round_scores"] == [[5, 1, 0], [1, 0, 2]] and view["scores"] == [6, 1, 2]
    assert "Player 1 1" in [e for e in game.view(None)["log"] if e["kind"] == "score"][-1]["text"]


def test_scoring_total_floor_and_later_negatives():
    """witching-hour/scoring/total-floor: later negatives subtract; a total never drops below zero."""
    # Rulebook: Scoring ("If your score is negative in any other round, you subtract those points").
    game = new_game("witching-hour", 3, 0)
    finish_round(game, [{"bell": 4}, {"bell": 1}, {}])
    assert game.scores == [5, 1, 0]
    finish_round(game, [{"chalice": 1}, {"chalice": 1}, {"chalice": 1}])
    assert game._state.last_round["counted"] == [-3, -3, -3]
    assert game.scores == [2, 0, 0]
    assert game._state.round_scores == [[5, 1, 0], [-3, -3, -3]]


def test_game_end_after_three_rounds_lowest_wins():
    """witching-hour/game/end: after three rounds the lowest total wins and nobody may act."""
    # Rulebook: End of the Game.
    game = new_game("witching-hour", 3, 0)
    finish_round(game, [{"bell": 4}, {"bell": 1}, {"mirror": 2}])
    finish_round(game, [{"skull": 1}, {"skull": 2}, {"mirror": 1}])
    assert not game.is_over and game.view(None)["round"] == 3
    finish_round(game, [{}, {"candle": 1}, {"candle": 1}])
    assert game.is_over and game.to_act == ()
    assert game.scores == [7, 6, 4] and game.winners == [2]
    assert game.view(None)["winners"] == [2] and game.view(None)["phase"] == "over"
    assert_illegal(game, 2, attack(0, "bell", 1), "core/game-over")
    # The rounds option changes the length (the rulebook's is three).
    short = new_game("witching-hour", 2, 0, rounds=1)
    finish_round(short, [{"bell": 1}, {}])
    assert short.is_over and short.winners == [1]
    for bad in (0, 21, "3", True):
        with pytest.raises(ValueError, match="rounds must be a whole number from 1 to 20"):
            new_game("witching-hour", 3, 0, rounds=bad)


def test_game_tie_plays_more_rounds():
    """witching-hour/game/tie: a shared lowest total means more rounds, which anyone may then win."""
    # Rulebook: End of the Game ("This may cause one of the previously non-tied players to win").
    game = new_game("witching-hour", 3, 0, rounds=1)
    finish_round(game, [{"candle": 2}, {"candle": 2}, {"candle": 3}])
    assert game.scores == [2, 2, 3] and not game.is_over
    assert game.view(None)["round"] == 2
    assert events(game, None, "tie")[-1]["tied"] == [0, 1]
    finish_round(game, [{"candle": 2}, {"candle": 3}, {}])
    assert game.scores == [4, 5, 3]
    assert game.is_over and game.winners == [2]


def test_takeback_refused_after_a_look_at_hidden_cards():
    """witching-hour/book/play + witching-hour/skull/play + witching-hour/hourglass/play +
    witching-hour/cauldron/play: takeback refuses once a play has shown its player hidden cards."""
    # Rulebook: Abilities (each of these cards lets its player look at hidden cards).
    plays = {"book": {"type": "book", "target": 1}, "skull": {"type": "skull"},
             "hourglass": {"type": "hourglass"}, "cauldron": {"type": "cauldron"}}
    for card, action in plays.items():
        game = stack(3, [{card: 1, "bell": 2}, {"mirror": 2}, {"bell": 2}], hexes=[{"candle": 1}, {}, {}])
        game.apply(0, attack(1, "bell", 1))
        game.apply(1, TAKE)
        game.apply(1, attack(2, "mirror", 1))
        game.apply(2, TAKE)
        game.apply(2, attack(0, "bell", 1))
        game.apply(0, TAKE)
        assert game.takeback(0) == (1, "")
        game.apply(0, action)
        n, reason = game.takeback(0)
        assert n == 0 and "showed you hidden cards" in reason, card


# --------------------------------------------------------------------------- coverage


def test_illegal_errors_name_registered_rules():
    """Every IllegalAction raised above names a registered rule (spot check of a few messages)."""
    game = stack(3, [{"bell": 2}, {"mirror": 2}, {"skull": 2}])
    for action in (attack(0, "bell", 1), attack(1, "bell", 9), {"type": "book", "target": 1}, TAKE):
        with pytest.raises(IllegalAction) as err:
            game.apply(0, action)
        assert err.value.rule in game.rules
        assert f"[rule {err.value.rule}]" in str(err.value)
    assert as_cards(game._state.hands[0]) == {"bell": 2}
    assert snapshot(game) == snapshot(game.clone())


@pytest.mark.parametrize("card", ["book", "cauldron", "hourglass", "skull", "chalice"])
def test_takeback_refused_once_others_saw_a_played_card(card):
    """witching-hour/book/play + witching-hour/cauldron/play + witching-hour/hourglass/play +
    witching-hour/skull/play + witching-hour/chalice/play: a card played face up from a hidden
    hand is news to every other seat, so their takeback across it is refused."""
    # Rulebook: Play a Card ("you may reveal one of these cards and place it into your Hex pile").
    game = stack(3, [{"bell": 2}, {"bell": 2}, {card: 1, "mirror": 2}], hexes=[{}, {}, {"candle": 1}],
                 current=1)
    game.apply(1, attack(2, "bell", 1))
    game.apply(2, TAKE)
    assert game.takeback(1) == (2, "")
    game.apply(2, {"type": card, "target": 0} if card in ("book", "chalice") else {"type": card})
    # Seat 1 now knows seat 2 held that card; undoing its own attack would use that knowledge.
    n, reason = game.takeback(1)
    assert n == 0 and "showed you hidden cards" in reason, (card, n)
    assert f"the {card} by Player 3 " in reason, "by default players are Player 1, 2, ..."
    named = game.takeback(1, ["Ana", "Bo", "Cy"])[1]
    assert f"the {card} by Cy " in named and "Player" not in named, "the reason names the table's players"


def test_takeback_refused_across_a_round_end():
    """witching-hour/round/end + witching-hour/round/next-start: the move that ends a round shows
    every Hex pile and deals new hands, so nobody may take back across it."""
    # Rulebook: Scoring ("All players reveal all the cards in their Hex pile ... deal each player").
    game = stack(3, [{"bell": 1}, {"mirror": 2}, {}], hexes=[{}, {}, {"skull": 2}])
    game.apply(0, attack(1, "bell", 1))
    assert game.takeback(0) == (1, "")
    game.apply(1, TAKE)
    assert game.view(None)["round"] == 2
    assert game.view(0)["last_round"]["hex"][2] == {"skull": {"count": 2, "points": 4}}
    for seat in (0, 1):
        n, reason = game.takeback(seat)
        assert n == 0 and reason, (seat, n)


ROOT = Path(__file__).resolve().parents[2]


def test_reference_doc_holds_the_house_data():
    """Meta: docs/games/witching-hour.md holds the real house data (its generated rule table
    is checked for every game in test_every_game.py)."""
    doc = (ROOT / "docs" / "games" / "witching-hour.md").read_text()
    rows = re.findall(r"^\| ([A-Z][a-z]+) \| (\d+) \| ([-\d, ]+) \|$", doc, re.MULTILINE)
    table = {name.lower(): {"copies": int(copies), "points": [int(p) for p in points.split(", ")]}
             for name, copies, points in rows}
    assert table == HOUSE_DECK
    assert "**House data.**" in doc
