"""The rulebook's worked examples, replayed move by move with stacked hands.

Every number the text states is checked at the moment it states it. Hands not spelled
out by the text are filled so that the text's claims hold (Abby cannot block four cards;
Sarah cannot block three Books once her Mirrors are gone).
"""

from __future__ import annotations

from wh_helpers import TAKE, attack, block, check_zones, discard_pile, events, hand, hex_pile, stack

from witchtable.engine.games.witching_hour.deck import HOUSE_DECK, RULEBOOK_POINTS

ABBY, BOB, CANDY = 0, 1, 2
NAMES = ["Abby", "Bob", "Candy"]


def sizes(game) -> list:
    return game.view(None)["hand_sizes"]


def last_text(game, seat=None) -> str:
    return game.view(seat, names=NAMES)["log"][-1]["text"]


def test_round_of_play_example():
    """witching-hour/candle/all-candle + witching-hour/skull/play + witching-hour/candle/one +
    witching-hour/mirror/reflect + witching-hour/turn/order: Abby, Bob and Candy's round."""
    # Rulebook: Round of Play Example.
    game = stack(3, [
        {"bell": 3, "book": 2, "cauldron": 2, "hourglass": 2, "mirror": 2, "skull": 2},
        {"skull": 1, "chalice": 3, "candle": 1, "mirror": 3, "book": 2, "cauldron": 1, "hourglass": 1,
         "toadstool": 1},
        {"candle": 4, "familiar": 3, "toadstool": 2, "bell": 1, "chalice": 1, "skull": 1, "book": 1},
    ])
    # "they are each dealt 13 cards. The rest of the cards are placed ... in the discard pile"
    assert sizes(game) == [13, 13, 13]
    assert game.view(None)["discard_size"] == 56 - 39
    # "Abby starts ... She may attack either Bob or Candy."
    assert game.to_act == (ABBY,)
    assert {a["target"] for a in game.legal_actions(ABBY) if a["type"] == "attack"} == {BOB, CANDY}
    game.apply(ABBY, attack(CANDY, "bell", 3))
    assert last_text(game) == "Abby attacks Candy with 3 Bells."
    # "Candy decides to block the attack by playing three Candle cards."
    assert block("candle", 3) in game.legal_actions(CANDY)
    game.apply(CANDY, block("candle", 3))
    # "The three Bells and three Candles are placed facedown in the discard pile."
    assert game.view(None)["discard_size"] == 17 + 6
    assert discard_pile(game)["bell"] >= 3 and discard_pile(game)["candle"] >= 3
    # "Abby and Candy now have 10 cards in hand. Bob still has 13."
    assert sizes(game) == [10, 13, 10]

    # "It is now Bob's turn because he is to the left of Abby. Bob plays a Skull card"
    assert game.to_act == (BOB,)
    game.apply(BOB, {"type": "skull"})
    # "He has to place the Skull card in his Hex pile"
    assert hex_pile(game, BOB) == {"skull": 1}
    # "look through the discard pile": Bob (only) sees it, Candles included.
    seen = game.view(BOB)["pending"]["cards"]
    assert seen == discard_pile(game) and seen["candle"] >= 3
    assert "cards" not in game.view(ABBY)["pending"]
    # "Bob selects one of the Candle cards from the discard pile and places it into his hand."
    game.apply(BOB, {"type": "pick", "card": "candle"})
    assert hand(game, BOB)["candle"] == 2
    # "The Skull gives Bob another turn ... he still has 13 cards in hand"
    assert game.to_act == (BOB,)
    assert last_text(game) == "Bob takes another turn."
    assert sizes(game) == [10, 13, 10]

    # "Bob takes his next turn and attacks Abby with three Chalice cards and one Candle card."
    game.apply(BOB, attack(ABBY, "chalice", 3, candle=True))
    assert game.view(None)["attack"]["size"] == 4
    # "Abby does not have four cards of the same type, nor three and a Candle, so she accepts"
    assert game.legal_actions(ABBY) == [TAKE]
    game.apply(ABBY, TAKE)
    # "She places the four attack cards in her Hex pile"
    assert hex_pile(game, ABBY) == {"candle": 1, "chalice": 3}
    assert game.view(None)["hex_sizes"][ABBY] == 4
    # "At the end of Bob's second turn, he has 9 cards in hand. Abby and Candy still have 10."
    assert sizes(game) == [10, 9, 10]

    # "It is now Candy's turn. Candy decides to attack Bob with three Familiar cards."
    assert game.to_act == (CANDY,)
    game.apply(CANDY, attack(BOB, "familiar", 3))
    # "Bob chooses to block that attack with three Mirror cards ... reflected back"
    game.apply(BOB, block("mirror", 3))
    assert last_text(game) == "Bob reflects the attack with 3 Mirrors: now Candy must block or take it."
    # "Bob's three Mirror cards are discarded as they have been used to block."
    assert discard_pile(game)["mirror"] == HOUSE_DECK["mirror"]["copies"] - 2 - 3 + 3
    # "Candy now has the option to block the three Familiars."
    assert game.to_act == (CANDY,)
    assert game.view(None)["attack"] == {"attacker": BOB, "defender": CANDY, "card": "familiar",
                                         "count": 3, "candle": False, "size": 3, "reflections": 1}
    # "Candy blocks with two Toadstool cards and one Candle card."
    game.apply(CANDY, block("toadstool", 2, candle=True))
    # "The Familiars, Toadstools, and Candle are all placed facedown in the discard pile."
    assert game.view(None)["discard_size"] == 17 + 6 - 1 + 3 + 6
    assert game.view(None)["hex_sizes"] == [4, 1, 0]
    # "Candy now has 4 cards in hand. Abby still has 10, and Bob has 6."
    assert sizes(game) == [10, 6, 4]
    assert hand(game, CANDY) == {"bell": 1, "chalice": 1, "skull": 1, "book": 1}
    # "It is now Abby's turn."
    assert game.to_act == (ABBY,)
    assert game.view(None)["round"] == 1
    check_zones(game)


def test_mirror_chain_example():
    """witching-hour/mirror/chain + witching-hour/mirror/reflect + witching-hour/attack/take:
    Peyton's three Books, Sarah's three Mirrors, Peyton's two Mirrors and a Candle."""
    # Rulebook: Abilities: Mirror (the Peyton and Sarah example). Books need three players.
    peyton, sarah = 0, 1
    game = stack(3, [
        {"book": 3, "mirror": 2, "candle": 1, "bell": 2, "skull": 2, "cauldron": 2, "hourglass": 1},
        {"mirror": 3, "bell": 2, "skull": 2, "cauldron": 2, "hourglass": 2, "chalice": 2},
        {"toadstool": 4, "familiar": 4, "chalice": 2, "book": 2, "bell": 1},
    ])
    mirrors = discard_pile(game).get("mirror", 0)
    candles = discard_pile(game).get("candle", 0)
    # "Peyton attacks Sarah with three Book cards."
    game.apply(peyton, attack(sarah, "book", 3))
    # "Sarah blocks with three Mirror cards, the Mirror cards are discarded"
    game.apply(sarah, block("mirror", 3))
    assert discard_pile(game)["mirror"] == mirrors + 3
    # "and Peyton must block or take the three Book cards."
    assert game.to_act == (peyton,)
    assert game.view(None)["attack"]["defender"] == peyton
    assert game.view(None)["attack"]["card"] == "book" and game.view(None)["attack"]["size"] == 3
    # "Peyton blocks with two Mirror cards and one Candle card from his hand."
    assert block("mirror", 2, candle=True) in game.legal_actions(peyton)
    game.apply(peyton, block("mirror", 2, candle=True))
    # "Those two Mirror cards and one Candle card are discarded"
    assert discard_pile(game)["mirror"] == mirrors + 5
    assert discard_pile(game).get("candle", 0) == candles + 1
    # "and Sarah must once again block an attack of three Book cards. She cannot"
    assert game.to_act == (sarah,)
    assert game.view(None)["attack"] == {"attacker": peyton, "defender": sarah, "card": "book",
                                         "count": 3, "candle": False, "size": 3, "reflections": 2}
    assert game.legal_actions(sarah) == [TAKE]
    # "and takes the three Book cards facedown into her Hex pile."
    game.apply(sarah, TAKE)
    assert hex_pile(game, sarah) == {"book": 3}
    assert game.view(None)["hex_sizes"] == [0, 3, 0]
    assert game.view(None)["hand_sizes"] == [13 - 3 - 3, 13 - 3, 13]
    assert [e["kind"] for e in game.view(None)["log"]] == ["attack", "reflect", "reflect", "take"]
    assert game.to_act == (sarah,)   # Peyton's turn is over; Sarah sits to his left
    check_zones(game)


def test_scoring_example():
    """witching-hour/scoring/track + witching-hour/deck/house: Lauren's four Bells, one Candle,
    one Book and two Mirrors score 5 + 1 + 0 + 2 = 8 with the house tracks."""
    # Rulebook: Scoring (Lauren's example).
    lauren = 0
    game = stack(3, [{"skull": 1}, {"cauldron": 1}, {}],
                 hexes=[{"bell": 4, "candle": 1, "book": 1, "mirror": 2}, {}, {}])
    game.apply(lauren, attack(1, "skull", 1))
    game.apply(1, block("cauldron", 1))     # every hand is empty: the round ends and is scored
    last = game.view(None)["last_round"]
    assert last["hex"][lauren] == {"bell": {"count": 4, "points": 5}, "candle": {"count": 1, "points": 1},
                                   "book": {"count": 1, "points": 0}, "mirror": {"count": 2, "points": 2}}
    assert last["raw"][lauren] == 8 and game.scores[lauren] == 8
    assert "you scored 8" in events(game, lauren, "score")[-1]["text"]  # face down after (scoring/public)
    # The house tracks agree with every value the rulebook prints (a lone Chalice: -3).
    for card, copies, points in RULEBOOK_POINTS:
        assert HOUSE_DECK[card]["points"][copies - 1] == points
