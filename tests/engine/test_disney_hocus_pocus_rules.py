"""Disney Hocus Pocus: The Game, rule by rule: a test per rule id and per house Spell.

Each test's docstring starts with the rule id(s) (or the Spell id) it checks; the section of
``disney-hocus-pocus-the-game.txt`` is in the rule table. Positions are stacked with
:func:`stack`, which keeps every one of the 50 Ingredients and 13 Spells somewhere (cards
not placed leave the game), so ``inventory()`` stays whole.
``test_every_game.py`` fails when a rule id has no test; ``test_every_house_spell_has_a_test``
when a house Spell has none.
"""

from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path

import pytest

from witchtable.engine import IllegalAction, new_game
from witchtable.engine.games.disney_hocus_pocus.cards import (
    HOUSE_SPACES,
    HOUSE_SPELLS,
    HOUSE_SYMBOLS,
    build_deck,
    card_key,
)

G = "disney-hocus-pocus"
P = G + "/"
FULL = None


def c(colour: str, kind: str, symbol: str = "") -> str:
    return card_key(colour, {"newt": "newt-saliva", "toe": "dead-mans-toe", "oil": "oil-of-boil",
                             "herb": "herb-thats-red", "pox": "dash-of-pox"}[kind], symbol)


def stack(game, hands=None, deck=None, piles=None, discard=(), spells=None, phase="play",
          current=0):
    """Set the zones (``deck`` top card first; ``spells`` the Spell deck, top first)."""
    state = game._state
    pool = build_deck(state.options["symbols"])
    def take(cards):
        for card in cards:
            pool.remove(card)   # ValueError: that card is not in the deck (or used twice)
        return list(cards)
    if hands is not None:
        state.hands = [sorted(take(h)) for h in hands]
    else:
        state.hands = [sorted(take(h)) for h in state.hands]
    state.piles = [take(p) for p in (piles or [[]] * 5)]
    state.discard = take(discard)
    if deck is not None:
        state.deck = list(reversed(take(deck)))
    else:
        kept = []
        for card in state.deck:
            if card in pool:
                pool.remove(card)
                kept.append(card)
        state.deck = kept
    state.removed = pool
    if spells is not None:
        rest = [sid for sid in state.spells for _ in range(state.spells[sid]["copies"])]
        for sid in spells:
            rest.remove(sid)
        state.spell_deck = list(reversed(spells))
        state.spell_discard = rest
    state.current = current
    state.phase = phase
    return state


def fresh(players=2, **options):
    return new_game(G, players, seed=1, **options)


def snapshot(game) -> str:
    return json.dumps([game.view(s) for s in [None, *range(game.players)]], sort_keys=True)


def assert_illegal(game, seat, action, rule, match=""):
    before = snapshot(game)
    with pytest.raises(IllegalAction) as err:
        game.apply(seat, action)
    assert err.value.rule == rule, err.value
    assert match in err.value.message
    assert snapshot(game) == before


def whole(game):
    inv = game._state.inventory()
    assert sum(v for k, v in inv.items() if not k.startswith("spell ")) == 50
    assert sum(v for k, v in inv.items() if k.startswith("spell ")) == 13


def kinds(game, seat=None):
    return [e["kind"] for e in game.view(seat)["log"]]


# --------------------------------------------------------------------------- setup


@pytest.mark.parametrize(("players", "each"), [(2, 4), (3, 4), (4, 3), (5, 3), (6, 3)])
def test_setup_deal(players, each):
    """disney-hocus-pocus/setup/deal: 4 cards each with 2-3 players, 3 with 4-6; the rest is the deck."""
    game = new_game(G, players, seed=3)
    view = game.view(None)
    assert view["hand_sizes"] == [each] * players
    assert view["deck_size"] == 50 - each * players
    assert view["spell_deck_size"] == 13
    assert "deck" not in view
    hands = {json.dumps(new_game(G, players, seed=s).view(0)["hand"]) for s in range(5)}
    assert len(hands) > 1
    whole(game)


def test_setup_first_player():
    """disney-hocus-pocus/setup/first-player: seat 0 starts unless first_player names another."""
    assert fresh().to_act == (0,)
    assert new_game(G, 4, seed=1, first_player=3).to_act == (3,)
    with pytest.raises(ValueError, match="first_player"):
        new_game(G, 3, seed=1, first_player=3)


def test_setup_cauldron_printed_and_open():
    """disney-hocus-pocus/setup/cauldron: a printed space is a pile's first top; 'open' takes any card."""
    colour, kind = HOUSE_SPACES[0]
    game = fresh()
    hand = [card_key(colour, "dash-of-pox" if kind != "dash-of-pox" else "newt-saliva"),
            c("green", "toe"), c("yellow", "oil"), c("blue", "herb")]
    stack(game, hands=[hand, [c("orange", "pox")]])
    view = game.view(0)
    assert view["piles"][0]["space"] == card_key(colour, kind) and view["piles"][0]["top"] is None
    assert {"type": "play", "card": hand[0], "pile": 0} in game.legal_actions(0)
    wrong = [a for a in game._state.candidate_actions(0) if a["type"] == "play"
             and not game._state._matches(a["card"], a["pile"])]
    assert wrong, "some card fits no printed space"
    assert_illegal(game, 0, wrong[0], P + "play/match")
    opened = fresh(cauldron="open")
    stack(opened, hands=[hand, [c("orange", "pox")]])
    plays = [a for a in opened.legal_actions(0) if a["type"] == "play"]
    assert len(plays) == 4 * 5
    with pytest.raises(ValueError, match="cauldron"):
        fresh(cauldron="round")


def test_deck_house():
    """disney-hocus-pocus/deck/house: 50 Ingredients, 5 colours x 5 types x 2; symbols are an option."""
    deck = build_deck(HOUSE_SYMBOLS)
    assert len(deck) == 50 and len({card.rsplit(":", 1)[0] if card.count(":") == 2 else card
                                    for card in deck}) == 25
    assert sum(card.endswith(":binx") for card in deck) == 5
    assert sum(card.endswith(":book") for card in deck) == 5
    game = fresh(symbols={"binx": ["purple:newt-saliva", "purple:newt-saliva"], "book": []})
    inv = game._state.inventory()
    assert inv["purple:newt-saliva:binx"] == 2 and not any(k.endswith(":book") for k in inv)
    for bad in ({"binx": ["purple:nope"]}, {"cats": []}, {"binx": ["purple:newt-saliva"] * 3}):
        with pytest.raises(ValueError, match=r"symbols|copies"):
            fresh(symbols=bad)


def test_spell_house_table_and_option():
    """disney-hocus-pocus/spell/house: 13 house Spells; copies 0 turns one off; new ones need an effect."""
    assert len(HOUSE_SPELLS) == 13
    assert HOUSE_SPELLS["come-little-children"]["caster"] == "sarah"
    assert HOUSE_SPELLS["take-flight"]["caster"] == "all"
    casters = [s["caster"] for s in HOUSE_SPELLS.values()]
    assert casters.count("winifred") > max(casters.count("mary"), casters.count("sarah"))
    off = fresh(spells={"take-flight": {"copies": 0}})
    assert off.view(None)["spell_deck_size"] == 12
    more = fresh(spells={"extra": {"caster": "mary", "effect": "burn-deck", "copies": 2}})
    assert more.view(None)["spell_deck_size"] == 15
    for bad in ({"x": {"caster": "mary"}}, {"take-flight": {"caster": "billy"}},
                {"take-flight": {"effect": "nope"}}, {"take-flight": {"copies": -1}}, []):
        with pytest.raises(ValueError, match=r"spell|Spell"):
            fresh(spells=bad)


# --------------------------------------------------------------------------- the turn


def test_turn_order_ask_play_draw_then_next_seat():
    """disney-hocus-pocus/turn/order: ask, play, draw, then the next seat (clockwise)."""
    game = new_game(G, 3, seed=1, cauldron="open")
    stack(game, hands=[[c("blue", "oil")], [c("green", "oil")], [c("yellow", "pox")]],
          deck=[c("purple", "toe"), c("orange", "toe")], phase="ask")
    assert_illegal(game, 0, {"type": "play", "card": c("blue", "oil"), "pile": 0}, P + "turn/order")
    game.apply(0, {"type": "ask", "about": "colour", "value": "green"})
    game.apply(0, {"type": "play", "card": c("blue", "oil"), "pile": 0})
    assert game.view(0)["hand"] == [c("purple", "toe")]
    assert game.to_act == (1,) and game.view(None)["phase"] == "ask"


def test_ask_question_one_colour_or_type():
    """disney-hocus-pocus/ask/question: the turn opens with one question on a colour or a type."""
    game = fresh()
    legal = game.legal_actions(0)
    assert {a["type"] for a in legal} == {"ask"} and len(legal) == 10
    with pytest.raises(IllegalAction) as err:
        game.apply(0, {"type": "ask", "about": "size", "value": "big"})
    assert err.value.rule == "core/action-format"
    with pytest.raises(IllegalAction):
        game.apply(0, {"type": "ask", "about": "colour", "value": "newt-saliva"})


def test_ask_answers_truthful_and_public():
    """disney-hocus-pocus/ask/answers: each other player's truthful yes/no, public, computed by the engine."""
    game = new_game(G, 3, seed=1)
    stack(game, hands=[[c("blue", "oil")], [c("green", "oil"), c("green", "toe")], [c("yellow", "pox")]],
          phase="ask")
    game.apply(0, {"type": "ask", "about": "ingredient", "value": "oil-of-boil"})
    q = game.view(2)["questions"][-1]
    assert q["answers"] == [None, True, False]
    assert game.view(None)["log"][-1]["answers"] == [None, True, False]
    assert "Player 2" in game.view(None)["log"][-1]["text"]
    board = {k: v for k, v in game.view(2).items() if k != "log"}
    assert "green:dead-mans-toe" not in json.dumps(board)   # nothing more than yes/no


def test_play_match_colour_or_type():
    """disney-hocus-pocus/play/match: a card goes on a pile whose top shares its colour or type."""
    game = fresh()
    piles = [[c("blue", "toe")], [c("green", "herb")], [c("yellow", "pox")],
             [c("orange", "oil")], [c("purple", "toe")]]
    stack(game, hands=[[c("blue", "oil"), c("green", "pox")], [c("orange", "newt")]], piles=piles)
    legal = {(a["card"], a["pile"]) for a in game.legal_actions(0) if a["type"] == "play"}
    assert legal == {(c("blue", "oil"), 0), (c("blue", "oil"), 3), (c("green", "pox"), 1),
                     (c("green", "pox"), 2)}
    assert_illegal(game, 0, {"type": "play", "card": c("blue", "oil"), "pile": 1}, P + "play/match",
                   "matches neither")
    assert_illegal(game, 0, {"type": "play", "card": c("yellow", "oil"), "pile": 3}, P + "play/match",
                   "do not hold")
    game.apply(0, {"type": "play", "card": c("blue", "oil"), "pile": 3})
    assert game.view(None)["piles"][3]["top"] == c("blue", "oil")


def test_play_must_when_you_can():
    """disney-hocus-pocus/play/must: holding a playable card, no-play is refused."""
    game = fresh(cauldron="open")
    stack(game, hands=[[c("blue", "oil")], [c("orange", "newt")]])
    assert {"type": "no-play"} not in game.legal_actions(0)
    assert_illegal(game, 0, {"type": "no-play"}, P + "play/must")


ALL_BLUE = [[c("blue", "toe")], [c("blue", "herb")], [c("blue", "pox")], [c("blue", "newt")],
            [c("green", "newt", "")]]


def blocked(game, hand, deck, spells):
    """A position where seat 0 holds only cards that fit no pile."""
    piles = [[c("purple", "toe")], [c("purple", "herb")], [c("purple", "pox")],
             [c("orange", "toe")], [c("orange", "herb")]]
    return stack(game, hands=[hand, [c("orange", "newt")]], piles=piles, deck=deck, spells=spells)


def test_play_cannot_casts_a_spell_then_discard_and_draw():
    """disney-hocus-pocus/play/cannot: no playable card casts a Spell; discard 1+ and draw as many."""
    game = fresh()
    blocked(game, [c("green", "oil"), c("yellow", "newt")], [c("blue", "oil"), c("green", "newt"),
            c("yellow", "oil")], ["calming-circle"])
    game._state.tricks["circle-of-salt"] = True
    legal = game.legal_actions(0)
    assert {"type": "no-play"} in legal and not any(a["type"] == "play" for a in legal)
    game.apply(0, {"type": "no-play"})
    assert game.view(None)["spell"]["id"] == "calming-circle"
    assert game.view(None)["phase"] == "discard"
    assert_illegal(game, 0, {"type": "discard", "cards": []}, P + "play/cannot", "at least one")
    deck = game.view(None)["deck_size"]
    game.apply(0, {"type": "discard", "cards": [c("green", "oil"), c("yellow", "newt")]})
    assert game.view(None)["deck_size"] == deck - 2 - 1     # two replaced, then the turn's draw
    assert len(game.view(0)["hand"]) == 3 and game.to_act == (1,)


def test_play_empty_hand_casts_then_must_draw():
    """disney-hocus-pocus/play/empty-hand: no cards: the Spell, then one required draw (loses if none)."""
    game = fresh()
    blocked(game, [], [c("blue", "oil"), c("green", "newt")], ["black-flame-candle", "take-flight"])
    game._state.tricks["circle-of-salt"] = True
    assert game.legal_actions(0)[0] == {"type": "no-play"}
    game.apply(0, {"type": "no-play"})   # Black Flame Candle burns both deck cards
    assert game.is_over and game.winners == [] and "empty" in game.view(None)["how"]
    game = fresh()
    blocked(game, [], [c("blue", "oil"), c("green", "newt")], ["spilled-potion"])
    game._state.tricks["circle-of-salt"] = True
    game.apply(0, {"type": "no-play"})
    assert game.view(0)["hand"] == [c("blue", "oil"), c("green", "newt")] and game.to_act == (1,)


def test_turn_draw_after_the_spell():
    """disney-hocus-pocus/turn/draw: the turn ends with one draw, after the Spell is resolved."""
    game = fresh()
    blocked(game, [c("green", "oil")], [c("blue", "oil"), c("green", "newt")], ["marys-muddle"])
    hand = [c("purple", "newt"), c("blue", "oil")]
    piles = [[c("purple", "toe")], [c("purple", "herb")], [c("purple", "pox")],
             [c("orange", "toe")], [c("orange", "herb")]]
    stack(game, hands=[[c("purple", "oil", "book"), *hand], [c("orange", "newt")]], piles=piles,
          deck=[c("yellow", "herb"), c("yellow", "pox")], spells=["marys-muddle"])
    game._state.tricks["circle-of-salt"] = True
    game.apply(0, {"type": "play", "card": c("purple", "oil", "book"), "pile": 0})
    log = kinds(game, 0)
    assert log.index("spell-effect") < len(log) - 1 and log[-1] == "draw"
    assert c("yellow", "herb") in game.view(0)["hand"]


def test_turn_draw_empty_is_skipped_not_lost():
    """disney-hocus-pocus/turn/draw-empty: an empty deck skips the ordinary draw; the game goes on."""
    game = fresh(cauldron="open")
    stack(game, hands=[[c("blue", "oil")], [c("orange", "newt")]], deck=[])
    game.apply(0, {"type": "play", "card": c("blue", "oil"), "pile": 0})
    assert not game.is_over and game.to_act == (1,)
    assert kinds(game)[-1] == "no-draw" and game.view(0)["hand"] == []


# --------------------------------------------------------------------------- Binx and Spell Book


def binx_game(players=3):
    game = new_game(G, players, seed=1, cauldron="open")
    hands = [[c("purple", "newt", "binx"), c("blue", "oil")], [c("orange", "toe", "binx"), c("green", "pox")],
             [c("yellow", "herb")]][:players]
    stack(game, hands=hands, deck=[c("blue", "toe"), c("green", "toe"), c("yellow", "toe")])
    return game


def test_binx_place_before_any_player():
    """disney-hocus-pocus/binx/place: a Binx card lets its player place Binx before anyone, themselves too."""
    game = binx_game()
    game.apply(0, {"type": "play", "card": c("purple", "newt", "binx"), "pile": 0})
    assert game.to_act == (0,)
    assert [a["seat"] for a in game.legal_actions(0)] == [0, 1, 2]
    with pytest.raises(IllegalAction):
        game.apply(0, {"type": "binx", "seat": 3})
    game.apply(0, {"type": "binx", "seat": 0})
    assert game.view(None)["binx"] == 0


def test_binx_reveal_the_hand_to_everyone():
    """disney-hocus-pocus/binx/reveal: the Binx player's hand is in every view, kept up to date."""
    game = binx_game()
    game.apply(0, {"type": "play", "card": c("purple", "newt", "binx"), "pile": 0})
    game.apply(0, {"type": "binx", "seat": 2})
    for seat in (None, 0, 1):
        assert game.view(seat)["binx_hand"] == [c("yellow", "herb")]


def test_binx_leaves_when_another_binx_is_played_or_a_spell_removes_him():
    """disney-hocus-pocus/binx/leaves: another Binx card moves him; a Spell removes him."""
    game = binx_game()
    game.apply(0, {"type": "play", "card": c("purple", "newt", "binx"), "pile": 0})
    game.apply(0, {"type": "binx", "seat": 2})
    game.apply(1, {"type": "ask", "about": "colour", "value": "blue"})
    game.apply(1, {"type": "play", "card": c("orange", "toe", "binx"), "pile": 1})
    game.apply(1, {"type": "binx", "seat": 0})
    assert game.view(None)["binx"] == 0 and game.view(2)["binx_hand"] == game.view(0)["hand"]
    state = game._state
    state.spell_deck.remove("sarahs-song")
    state.spell_deck.append("sarahs-song")
    state.tricks["circle-of-salt"] = True
    state.current, state.resume = 2, "play"
    state._cast_spell("play")
    assert game.view(None)["binx"] is None and game.view(1)["binx_hand"] is None


def test_book_spell_on_play():
    """disney-hocus-pocus/book/spell: playing a Spell Book card casts the top Spell."""
    game = fresh(cauldron="open")
    stack(game, hands=[[c("purple", "oil", "book")], [c("orange", "newt")]],
          deck=[c("blue", "toe"), c("green", "toe"), c("yellow", "toe"), c("blue", "pox")],
          spells=["black-flame-candle"])
    game.apply(0, {"type": "play", "card": c("purple", "oil", "book"), "pile": 0})
    assert game.to_act == (0,) and game.view(None)["phase"] == "salt"
    game.apply(0, {"type": "accept-spell"})
    assert game.view(None)["discard"] == [c("blue", "toe"), c("green", "toe"), c("yellow", "toe")]


# --------------------------------------------------------------------------- Spells


def cast(spell, hands, deck=(), piles=None, players=2, salt_used=True, current=0, stunned=None, **options):
    """A game where seat ``current`` cannot play and ``spell`` is next: the no-play casts it."""
    game = new_game(G, players, seed=1, **options)
    default_piles = [[c("purple", "toe")], [c("purple", "herb")], [c("purple", "pox")],
                     [c("orange", "toe")], [c("orange", "herb")]]
    stack(game, hands=hands, deck=list(deck), piles=piles or default_piles, spells=[spell],
          current=current)
    game._state.tricks["circle-of-salt"] = salt_used
    game._state.stunned = stunned
    return game


STUCK = [c("green", "oil"), c("yellow", "newt")]


def test_spell_cast_then_discarded():
    """disney-hocus-pocus/spell/cast: the top Spell is done, then goes to the Spell discards."""
    game = cast("black-flame-candle", [STUCK, [c("blue", "newt")]], deck=[c("blue", "oil")] * 1)
    game.apply(0, {"type": "no-play"})
    view = game.view(None)
    assert view["spell"]["outcome"] == "cast" and view["spell_discard"][-1] == "black-flame-candle"
    assert view["spell_deck_size"] == 0


def test_spell_miss_the_rulebook_example():
    """disney-hocus-pocus/spell/miss: Ernie plays a Spell Book; Sarah is stunned: the Spell misses."""
    # The rulebook's example (Spells): Ernie (seat 0) plays a Spell Book card, draws Come
    # Little Children; Sarah is stunned, so it is discarded, no other Spell is drawn, Ernie
    # draws an Ingredient and it is Jay's (seat 1's) turn.
    game = new_game(G, 2, seed=1, cauldron="open")
    stack(game, hands=[[c("purple", "oil", "book"), c("blue", "oil")], [c("orange", "newt")]],
          deck=[c("yellow", "toe")], spells=["come-little-children", "take-flight"])
    game._state.stunned = "sarah"
    game.apply(0, {"type": "play", "card": c("purple", "oil", "book"), "pile": 0})
    view = game.view(None)
    assert view["spell"] == dict(view["spell"], id="come-little-children", outcome="missed")
    assert view["spell_deck_size"] == 1          # no other Spell was drawn
    assert game.view(1)["hand"] == [c("orange", "newt")]   # nothing was passed
    assert game.view(0)["hand"] == [c("blue", "oil"), c("yellow", "toe")]
    assert game.to_act == (1,)
    # Take Flight, cast by all three, never misses.
    game = cast("take-flight", [STUCK, [c("blue", "newt")]], deck=[c("blue", "oil")], stunned="sarah")
    game.apply(0, {"type": "no-play"})
    assert game.view(None)["spell"]["outcome"] == "cast"


def test_spell_reshuffle_from_discards():
    """disney-hocus-pocus/spell/reshuffle: an empty Spell deck is remade from its discards."""
    game = cast("black-flame-candle", [STUCK, [c("blue", "newt")]], deck=[c("blue", "oil")])
    state = game._state
    state.spell_discard = list(state.spell_deck) + state.spell_discard
    state.spell_deck = []
    game.apply(0, {"type": "no-play"})
    assert "spell-reshuffle" in kinds(game)
    assert game.view(None)["spell_deck_size"] == 12 and game.view(None)["spell_discard"] == [
        game.view(None)["spell"]["id"]]
    game = cast("black-flame-candle", [STUCK, [c("blue", "newt")]], deck=[c("blue", "oil")] * 1)
    game._state.spell_deck, game._state.spell_discard = [], []
    game.apply(0, {"type": "no-play"})
    assert "no-spell" in kinds(game) and game.view(None)["phase"] == "discard"


def test_spell_ongoing_ends_with_the_round():
    """disney-hocus-pocus/spell/ongoing: an ongoing Spell lasts until the round ends."""
    game = cast("calming-circle", [STUCK, [c("blue", "newt")]], deck=[c("blue", "oil"), c("blue", "pox")])
    game.apply(0, {"type": "no-play"})
    assert game.view(None)["ongoing"] == ["calming-circle"]
    game.apply(0, {"type": "discard", "cards": [STUCK[0]]})
    assert game.view(None)["phase"] == "play"          # seat 1 asks nothing
    game._state._end_round("sarah")
    assert game.view(None)["ongoing"] == [] and game.view(None)["phase"] == "ask"


SPELL_TESTS = {}


def test_spell_come_little_children():
    """come-little-children: every player passes a random card to the left, seen only by the two."""
    game = cast("come-little-children", [STUCK, [c("blue", "newt")], [c("blue", "pox")]],
                deck=[c("blue", "oil")], players=3)
    game.apply(0, {"type": "no-play"})
    hands = [game.view(s)["hand"] for s in range(3)]
    assert hands[1] == [c("green", "oil")] or hands[1] == [c("yellow", "newt")]
    assert hands[2] == [c("blue", "newt")] and c("blue", "pox") in hands[0]
    whole(game)


def test_spell_take_flight():
    """take-flight: the top card of every pile is discarded (cast by all: never misses)."""
    piles = [[c("purple", "toe"), c("purple", "herb")], [c("blue", "herb")], [], [], []]
    game = cast("take-flight", [STUCK, [c("blue", "newt")]], deck=[c("blue", "oil")], piles=piles,
                cauldron="open")
    game._state.hands[0] = []
    game.apply(0, {"type": "no-play"})
    assert [p["top"] for p in game.view(None)["piles"]][:2] == [c("purple", "toe"), None]
    assert game.view(None)["discard"] == [c("purple", "herb"), c("blue", "herb")]


def test_spell_calming_circle():
    """calming-circle: no questions until the round ends (turns open at the play)."""
    game = cast("calming-circle", [STUCK, [c("blue", "newt")]], deck=[c("blue", "oil"), c("blue", "pox")])
    game.apply(0, {"type": "no-play"})
    game.apply(0, {"type": "discard", "cards": [STUCK[0]]})
    assert "ask" not in {a["type"] for a in game.legal_actions(1)}


def test_spell_amok_amok_amok():
    """amok-amok-amok: the current player discards the whole hand and draws as many (required)."""
    deck = [c("blue", "oil"), c("blue", "pox"), c("green", "pox")]
    game = cast("amok-amok-amok", [STUCK, [c("blue", "newt")]], deck=deck)
    game.apply(0, {"type": "no-play"})
    assert game.view(0)["hand"] == sorted(deck[:2]) and set(STUCK) <= set(game.view(None)["discard"])
    short = cast("amok-amok-amok", [STUCK, [c("blue", "newt")]], deck=deck[:1])
    short.apply(0, {"type": "no-play"})
    assert short.is_over and short.winners == []


def test_spell_black_flame_candle():
    """black-flame-candle: the deck's top three go to the discard pile (fewer if it is short)."""
    deck = [c("blue", "oil"), c("blue", "pox"), c("green", "pox"), c("green", "newt")]
    game = cast("black-flame-candle", [STUCK, [c("blue", "newt")]], deck=deck)
    game.apply(0, {"type": "no-play"})
    assert game.view(None)["discard"] == deck[:3] and game.view(None)["deck_size"] == 1


def test_spell_lightning_bolt():
    """lightning-bolt: the current player draws two (required: short, the team loses)."""
    deck = [c("blue", "oil"), c("blue", "pox"), c("green", "pox")]
    game = cast("lightning-bolt", [STUCK, [c("blue", "newt")]], deck=deck)
    game.apply(0, {"type": "no-play"})
    assert len(game.view(0)["hand"]) == 4
    short = cast("lightning-bolt", [STUCK, [c("blue", "newt")]], deck=deck[:1])
    short.apply(0, {"type": "no-play"})
    assert short.is_over and short.winners == []


def test_spell_vacuum_sweep():
    """vacuum-sweep: the top of the deepest pile (the first on a tie) is discarded."""
    piles = [[c("purple", "toe")], [c("purple", "herb"), c("purple", "pox")], [c("orange", "pox")],
             [c("orange", "toe")], [c("orange", "herb")]]
    game = cast("vacuum-sweep", [STUCK, [c("blue", "newt")]], deck=[c("blue", "oil")], piles=piles)
    game.apply(0, {"type": "no-play"})
    assert game.view(None)["piles"][1]["top"] == c("purple", "herb")
    assert game.view(None)["discard"] == [c("purple", "pox")]


def test_spell_sarahs_song():
    """sarahs-song: Binx leaves, and a Binx card does nothing until the round ends."""
    game = cast("sarahs-song", [STUCK, [c("blue", "newt")]], deck=[c("blue", "oil"), c("blue", "pox")],
                cauldron="open")
    game._state.binx = 1
    game.apply(0, {"type": "no-play"})
    assert game.view(None)["binx"] is None
    game.apply(0, {"type": "discard", "cards": [STUCK[0]]})
    game._state.hands[1] = [c("purple", "newt", "binx")]
    game._state.removed.remove(c("purple", "newt", "binx"))
    game._state.removed.append(c("blue", "newt"))
    game.apply(1, {"type": "ask", "about": "colour", "value": "blue"})
    game.apply(1, {"type": "play", "card": c("purple", "newt", "binx"), "pile": 0})
    assert game.to_act == (0,) and game.view(None)["binx"] is None


def test_spell_hex_of_silence():
    """hex-of-silence: no Trick token may be used until the round ends."""
    game = cast("hex-of-silence", [STUCK, [c("blue", "newt")]], deck=[c("blue", "oil"), c("blue", "pox")],
                salt_used=False)
    game.apply(0, {"type": "no-play"})
    game.apply(0, {"type": "accept-spell"})
    game.apply(0, {"type": "discard", "cards": [STUCK[0]]})
    game.apply(1, {"type": "ask", "about": "colour", "value": "blue"})
    assert not {"billy-butcherson", "daylight-savings"} & {a["type"] for a in game.legal_actions(1)}
    assert_illegal(game, 1, {"type": "billy-butcherson"}, P + "trick/once", "forbids")


def test_spell_marys_muddle():
    """marys-muddle: until the round ends a card matches only by ingredient type."""
    game = cast("marys-muddle", [STUCK, [c("purple", "newt"), c("blue", "toe")]],
                deck=[c("blue", "oil"), c("blue", "pox")])
    game.apply(0, {"type": "no-play"})
    game.apply(0, {"type": "discard", "cards": [STUCK[0]]})
    game.apply(1, {"type": "ask", "about": "colour", "value": "blue"})
    plays = {(a["card"], a["pile"]) for a in game.legal_actions(1) if a["type"] == "play"}
    assert plays == {(c("blue", "toe"), 0), (c("blue", "toe"), 3)}


def test_spell_twisted_recipe():
    """twisted-recipe: until the round ends a card matches only by colour."""
    game = cast("twisted-recipe", [STUCK, [c("purple", "newt"), c("blue", "toe")]],
                deck=[c("blue", "oil"), c("blue", "pox")])
    game.apply(0, {"type": "no-play"})
    game.apply(0, {"type": "discard", "cards": [STUCK[0]]})
    game.apply(1, {"type": "ask", "about": "colour", "value": "blue"})
    plays = {(a["card"], a["pile"]) for a in game.legal_actions(1) if a["type"] == "play"}
    assert plays == {(c("purple", "newt"), p) for p in range(3)}


def test_spell_spilled_potion():
    """spilled-potion: the current player discards one random card and draws none for it."""
    game = cast("spilled-potion", [STUCK, [c("blue", "newt")]], deck=[c("blue", "oil"), c("blue", "pox")])
    game.apply(0, {"type": "no-play"})
    assert len(game.view(0)["hand"]) == 1 and game.view(None)["discard"][0] in STUCK


def test_spell_i_put_a_spell_on_you():
    """i-put-a-spell-on-you: from the current player on, each discards a random card and draws one."""
    deck = [c("blue", "oil"), c("blue", "pox"), c("green", "pox")]
    game = cast("i-put-a-spell-on-you", [STUCK, [c("blue", "newt")]], deck=deck)
    game.apply(0, {"type": "no-play"})
    assert game.view(1)["hand"] == [c("blue", "pox")] and c("blue", "oil") in game.view(0)["hand"]
    assert len(game.view(None)["discard"]) == 2
    short = cast("i-put-a-spell-on-you", [STUCK, [c("blue", "newt")]], deck=deck[:1])
    short.apply(0, {"type": "no-play"})
    assert short.is_over and short.winners == []


# --------------------------------------------------------------------------- Trick tokens


def test_trick_once_per_game():
    """disney-hocus-pocus/trick/once: a used Trick token cannot be used again, by anyone."""
    game = cast("black-flame-candle", [STUCK, [c("green", "newt"), c("yellow", "oil")]],
                deck=[c("blue", "oil"), c("blue", "pox")])
    game.apply(0, {"type": "billy-butcherson"})
    assert game.view(None)["tricks"]["billy-butcherson"] is True
    game.apply(1, {"type": "ask", "about": "colour", "value": "blue"})
    assert {"type": "billy-butcherson"} not in game.legal_actions(1)
    assert_illegal(game, 1, {"type": "billy-butcherson"}, P + "trick/once", "used already")


def test_trick_circle_of_salt():
    """disney-hocus-pocus/trick/circle-of-salt: a drawn Spell is ignored and discarded, no other drawn."""
    game = cast("black-flame-candle", [STUCK, [c("blue", "newt")]], deck=[c("blue", "oil")] * 1,
                salt_used=False)
    game.apply(0, {"type": "no-play"})
    assert {a["type"] for a in game.legal_actions(0)} == {"circle-of-salt", "accept-spell"}
    game.apply(0, {"type": "circle-of-salt"})
    view = game.view(None)
    assert view["spell"]["outcome"] == "salted" and view["deck_size"] == 1 and view["phase"] == "discard"
    assert view["tricks"]["circle-of-salt"]
    missed = cast("black-flame-candle", [STUCK, [c("blue", "newt")]], deck=[c("blue", "oil")],
                  salt_used=False, stunned="winifred")
    missed.apply(0, {"type": "no-play"})
    assert missed.view(None)["phase"] == "discard"     # a miss asks nothing
    assert_illegal(missed, 0, {"type": "circle-of-salt"}, P + "trick/circle-of-salt", "Spell is drawn")


def test_trick_daylight_savings_then_must_play():
    """disney-hocus-pocus/trick/daylight-savings: after asking, swap one card face down; then play."""
    game = cast("black-flame-candle", [[c("green", "oil")], [c("purple", "newt"), c("yellow", "oil")]],
                deck=[c("blue", "oil"), c("blue", "pox")])
    game.apply(0, {"type": "daylight-savings", "with": 1, "card": c("green", "oil")})
    assert game.to_act == (1,) and game.view(1)["swap"]["card"] is None
    assert game.view(0)["swap"]["card"] == c("green", "oil")
    game.apply(1, {"type": "give", "card": c("purple", "newt")})
    assert game.view(0)["hand"] == [c("purple", "newt")]
    assert game.view(1)["hand"] == [c("green", "oil"), c("yellow", "oil")]
    assert game.to_act == (0,) and {"type": "billy-butcherson"} not in game.legal_actions(0)
    assert_illegal(game, 0, {"type": "billy-butcherson"}, P + "trick/billy-butcherson", "must play")
    game.apply(0, {"type": "play", "card": c("purple", "newt"), "pile": 0})
    assert game.to_act == (1,) and len(game.view(0)["hand"]) == 1
    assert_illegal(game, 1, {"type": "daylight-savings", "with": 0, "card": c("yellow", "oil")},
                   P + "trick/daylight-savings", "after asking")


def test_trick_swap_choice_is_the_other_players():
    """disney-hocus-pocus/trick/swap-choice: the other player picks the card they give (their action)."""
    game = cast("black-flame-candle", [[c("green", "oil")], [c("purple", "newt"), c("yellow", "oil")], []],
                deck=[c("blue", "oil")], players=3)
    assert_illegal(game, 0, {"type": "daylight-savings", "with": 2, "card": c("green", "oil")},
                   P + "trick/swap-choice", "no card")
    game.apply(0, {"type": "daylight-savings", "with": 1, "card": c("green", "oil")})
    assert game.legal_actions(0) == [] and [a["card"] for a in game.legal_actions(1)] == [
        c("purple", "newt"), c("yellow", "oil")]
    assert_illegal(game, 1, {"type": "give", "card": c("green", "oil")}, P + "trick/swap-choice")
    with pytest.raises(IllegalAction) as err:
        game.apply(0, {"type": "give", "card": c("green", "oil")})
    assert err.value.rule == "core/out-of-turn"


def test_trick_billy_butcherson_skips_play_and_draw():
    """disney-hocus-pocus/trick/billy-butcherson: no play and no draw; allowed even if you could play."""
    game = new_game(G, 2, seed=1, cauldron="open")
    stack(game, hands=[[c("blue", "oil")], [c("orange", "newt")]], deck=[c("blue", "pox")])
    assert {"type": "billy-butcherson"} in game.legal_actions(0)
    game.apply(0, {"type": "billy-butcherson"})
    assert game.view(0)["hand"] == [c("blue", "oil")] and game.view(None)["deck_size"] == 1
    assert game.to_act == (1,)


def test_trick_burning_rain_discard_three_draw_three_then_play():
    """disney-hocus-pocus/trick/burning-rain: discard three, draw three, then play as usual."""
    hand = [c("green", "oil"), c("yellow", "newt"), c("green", "newt")]
    deck = [c("purple", "newt"), c("blue", "pox"), c("green", "pox"), c("yellow", "pox")]
    game = cast("black-flame-candle", [hand, [c("blue", "newt")]], deck=deck)
    game.apply(0, {"type": "burning-rain", "cards": hand})
    assert game.view(0)["hand"] == sorted(deck[:3]) and game.view(None)["discard"] == sorted(hand)
    assert game.to_act == (0,) and {"type": "billy-butcherson"} not in game.legal_actions(0)
    game.apply(0, {"type": "play", "card": c("purple", "newt"), "pile": 0})
    assert game.view(0)["hand"] == sorted([c("blue", "pox"), c("green", "pox"), c("yellow", "pox")])
    short = cast("black-flame-candle", [hand, [c("blue", "newt")]], deck=deck[:2])
    assert_illegal(short, 0, {"type": "burning-rain", "cards": hand}, P + "trick/burning-rain", "fewer")
    two = cast("black-flame-candle", [hand[:2], [c("blue", "newt")]], deck=deck)
    assert_illegal(two, 0, {"type": "burning-rain", "cards": hand[:2]}, P + "trick/burning-rain", "three")


# --------------------------------------------------------------------------- stuns


NEAR_DECK = (c("yellow", "toe"), c("orange", "oil"))


def near(tops, hand, players=2, deck=NEAR_DECK, cauldron="open"):
    game = new_game(G, players, seed=1, cauldron=cauldron)
    stack(game, hands=[hand, [c("orange", "pox")]] + [[]] * (players - 2), piles=[[t] for t in tops],
          deck=list(deck))
    return game


def test_stun_patterns_sarah_mary_winifred():
    """disney-hocus-pocus/stun/patterns: one colour: Sarah; one type: Mary; one type, 5 colours: Winifred."""
    sarah = near([c("blue", "toe"), c("blue", "herb"), c("blue", "pox"), c("blue", "newt"),
                  c("green", "oil")],
                 [c("blue", "oil")])
    sarah.apply(0, {"type": "play", "card": c("blue", "oil"), "pile": 4})
    assert sarah.view(None)["stunned"] == "sarah"
    mary = near([c("purple", "newt"), c("purple", "newt", "binx"), c("blue", "newt"), c("green", "newt"),
                 c("yellow", "pox")], [c("yellow", "newt", "")])
    mary.apply(0, {"type": "play", "card": c("yellow", "newt"), "pile": 4})
    assert mary.view(None)["stunned"] == "mary"
    # Printed spaces are not cards: four cards and a printed space never stun.
    game = new_game(G, 2, seed=1)
    stack(game, piles=[[c("blue", "toe")], [c("blue", "herb")], [c("blue", "pox")], [c("blue", "newt")], []])
    assert game._state.stun_pattern() is None


def test_stun_specific_winifred_before_mary():
    """disney-hocus-pocus/stun/specific: one type in five colours is Winifred's, not Mary's."""
    game = near([c("purple", "toe"), c("orange", "newt"), c("blue", "newt"), c("green", "newt"),
                 c("yellow", "newt")], [c("purple", "newt")])
    game.apply(0, {"type": "play", "card": c("purple", "newt"), "pile": 0})
    assert game.view(None)["stunned"] == "winifred"


def test_stun_after_spell():
    """disney-hocus-pocus/stun/after-spell: Take Flight uncovers five matching tops: a stun."""
    piles = [[c("blue", "toe"), c("purple", "toe")], [c("blue", "herb"), c("purple", "herb")],
             [c("blue", "pox"), c("purple", "pox")], [c("blue", "newt"), c("orange", "toe")],
             [c("blue", "oil"), c("orange", "herb")]]
    game = cast("take-flight", [STUCK, [c("blue", "newt", "")]], deck=[c("green", "pox")], piles=[])
    stack(game, hands=[STUCK, [c("orange", "newt")]], piles=piles, deck=[c("green", "pox")],
          spells=["take-flight"])
    game.apply(0, {"type": "no-play"})
    assert game.view(None)["stunned"] == "sarah" and game.view(None)["round"] == 2


def test_stun_ends_round_and_ignores_the_symbol():
    """disney-hocus-pocus/stun/ends-round: a stunning Spell Book casts no Spell; the round ends."""
    game = near([c("purple", "toe"), c("purple", "herb"), c("purple", "pox"), c("purple", "newt"),
                 c("green", "oil")], [c("purple", "oil", "book")])
    spells = game.view(None)["spell_deck_size"]
    game.apply(0, {"type": "play", "card": c("purple", "oil", "book"), "pile": 4})
    assert game.view(None)["stunned"] == "sarah" and game.view(None)["spell_deck_size"] == spells
    assert game.to_act == (1,)
    # After a failed play, the Spell's stun ends the round before any discard.
    test_stun_after_spell()


def test_round_end_draw_skipped_when_empty():
    """disney-hocus-pocus/round/end-draw: the current player draws one; an empty deck: no draw."""
    tops = [c("blue", "toe"), c("blue", "herb"), c("blue", "pox"), c("blue", "newt"), c("green", "oil")]
    game = near(tops, [c("blue", "oil"), c("green", "pox")])
    game.apply(0, {"type": "play", "card": c("blue", "oil"), "pile": 4})
    assert game.view(0)["hand"] == [c("green", "pox"), c("yellow", "toe")]
    empty = near(tops, [c("blue", "oil")], deck=())
    empty.apply(0, {"type": "play", "card": c("blue", "oil"), "pile": 4})
    assert not empty.is_over and empty.view(0)["hand"] == [] and "no-draw" in kinds(empty)


def test_round_stun_token_one_sister_and_ongoing_end():
    """disney-hocus-pocus/round/stun-token: the token moves to the new sister; ongoing Spells end."""
    game = near([c("purple", "toe"), c("orange", "newt"), c("blue", "newt"), c("green", "newt"),
                 c("yellow", "newt")], [c("purple", "newt")])
    game._state.stunned = "sarah"
    game._state.ongoing = ["calming-circle"]
    game.apply(0, {"type": "play", "card": c("purple", "newt"), "pile": 0})
    assert game.view(None)["stunned"] == "winifred" and game.view(None)["ongoing"] == []


def test_round_sun_moves_up_and_scores_count_stuns():
    """disney-hocus-pocus/round/sun: each stun moves the Sun one space; scores are the stuns, for all."""
    game = near([c("purple", "toe"), c("orange", "newt"), c("blue", "newt"), c("green", "newt"),
                 c("yellow", "newt")], [c("purple", "newt")])
    game.apply(0, {"type": "play", "card": c("purple", "newt"), "pile": 0})
    assert game.view(None)["sun"] == 1 and game.scores == [1, 1]


def test_round_gather_specials_back_the_rest_out():
    """disney-hocus-pocus/round/gather: Binx and Spell Book cards return to the deck; the rest leave."""
    tops = [c("blue", "toe"), c("blue", "herb"), c("blue", "pox"), c("blue", "oil", "binx"),
            c("green", "oil")]
    game = near(tops, [c("blue", "oil")])
    game._state.discard = [c("purple", "oil", "book")]
    game._state.removed.remove(c("purple", "oil", "book"))
    removed = len(game._state.removed)
    game.apply(0, {"type": "play", "card": c("blue", "oil"), "pile": 4})
    view = game.view(None)
    assert all(not p["cards"] for p in view["piles"]) and view["discard"] == []
    assert view["deck_size"] == 2 - 1 + 2 and len(view["removed"]) == removed + 5
    assert c("blue", "oil", "binx") not in view["removed"]
    whole(game)


def test_round_binx_off():
    """disney-hocus-pocus/round/binx-off: Binx leaves play when the round ends."""
    game = near([c("blue", "toe"), c("blue", "herb"), c("blue", "pox"), c("blue", "newt"),
                 c("green", "oil")], [c("blue", "oil")])
    game._state.binx = 1
    game.apply(0, {"type": "play", "card": c("blue", "oil"), "pile": 4})
    assert game.view(None)["binx"] is None and game.view(0)["binx_hand"] is None


def test_round_next_player_left_of_the_last_and_hands_kept():
    """disney-hocus-pocus/round/next-player: the next round starts left of the last player; hands stay."""
    game = near([c("blue", "toe"), c("blue", "herb"), c("blue", "pox"), c("blue", "newt"),
                 c("green", "oil")], [c("blue", "oil"), c("yellow", "pox")], players=3)
    game.apply(0, {"type": "play", "card": c("blue", "oil"), "pile": 4})
    assert game.to_act == (1,) and game.view(None)["phase"] == "ask"
    assert game.view(0)["hand"] == [c("yellow", "pox"), c("yellow", "toe")]
    assert game.view(1)["hand"] == [c("orange", "pox")]


def test_game_win_on_the_third_stun():
    """disney-hocus-pocus/game/win: the third stun raises the sun: every seat wins."""
    game = near([c("purple", "toe"), c("orange", "newt"), c("blue", "newt"), c("green", "newt"),
                 c("yellow", "newt")], [c("purple", "newt")], players=3)
    game._state.stuns = 2
    game.apply(0, {"type": "play", "card": c("purple", "newt"), "pile": 0})
    assert game.is_over and game.winners == [0, 1, 2] and game.scores == [3, 3, 3]
    assert game.view(1)["outcome"] == "won"


def test_game_lose_on_a_required_draw_from_an_empty_deck():
    """disney-hocus-pocus/game/lose: replacing discards from an empty deck loses, for everyone."""
    game = cast("black-flame-candle", [STUCK, [c("blue", "newt")]], deck=[])
    game.apply(0, {"type": "no-play"})
    assert not game.is_over        # the empty deck alone does not lose
    game.apply(0, {"type": "discard", "cards": [STUCK[0]]})
    assert game.is_over and game.winners == [] and game.view(0)["outcome"] == "lost"
    assert game.legal_actions(0) == [] and game.to_act == ()


# --------------------------------------------------------------------------- privacy


def test_view_secret_own_hand_binx_hand_answers_board_only():
    """disney-hocus-pocus/view/secret: no other hand is visible unless Binx sits before it."""
    game = binx_game()
    hands = [list(h) for h in game._state.hands]
    for seat in range(3):
        # The other copy of a card may have left the game (public); look at the rest.
        text = json.dumps({k: v for k, v in game.view(seat).items() if k not in ("log", "removed")})
        for other in range(3):
            for card in hands[other]:
                if other != seat:
                    assert card not in text, (seat, card)
    game.apply(0, {"type": "play", "card": c("purple", "newt", "binx"), "pile": 0})
    game.apply(0, {"type": "binx", "seat": 1})
    assert game.view(2)["binx_hand"] == game._state.hands[1]
    # A random game: every seat's view, log included, is unchanged when all it cannot see
    # is dealt afresh (the contract suite checks this at every player count too).
    game = new_game(G, 4, seed=5)
    rng = random.Random(5)
    for _ in range(40):
        if game.is_over:
            break
        seat = game.to_act[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    state = game._state
    for seat in range(4):
        view = game.view(seat)
        game._state = state.determinize(seat, random.Random(1))
        assert game.view(seat) == view
        game._state = state


# --------------------------------------------------------------------------- meta


# --------------------------------------------------------------------------- the declared shape


def test_turn_order_the_turn_is_declared_and_checked_by_the_core():
    """disney-hocus-pocus/turn/order: the actions, the turn's phases and the mutable parts are
    declared (issue 28.1), so the core's ``validate`` and ``copy`` serve this game as every other."""
    from witchtable.engine.core import State
    from witchtable.engine.games.disney_hocus_pocus import ACTIONS

    state = fresh(3)._state
    kind = type(state)
    assert kind.validate is State.validate and kind.copy is State.copy
    assert kind.action_format is ACTIONS
    phases = kind.phase_table.phases
    assert {t for phase in phases.values() for t in phase.actions} == set(ACTIONS.order)


def test_turn_order_a_copy_shares_nothing_that_changes():
    """disney-hocus-pocus/turn/order: every changeable part of the state is declared ``mutable``
    (the rest is shared on purpose: options and tables), so a copy played on leaves the game be."""
    game = new_game(G, 3, seed=4)
    rng = random.Random(4)
    while game.view(None)["round"] == 1 and len(game.history) < 40:
        seat = game.to_act[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    state = game._state
    shared = {"options", "spells", "names"}
    for name, value in vars(state).items():
        if isinstance(value, (list, dict, set)) and name not in shared:
            assert name in type(state).mutable, f"{name} is changeable but not declared mutable"
    before = snapshot(game)
    other = state.copy()
    for name, depth in type(state).mutable.items():
        value = getattr(other, name)
        assert value is None or value is not getattr(state, name), name
        if depth == 2:
            assert all(a is not b for a, b in zip(value, getattr(state, name), strict=True)), name
    while not other.is_over:
        seat = other.to_act()[0]
        other.perform(seat, rng.choice(other.legal_actions(seat)))
    assert snapshot(game) == before


def test_turn_order_each_phase_refuses_the_rest_naming_its_rule():
    """disney-hocus-pocus/turn/order, trick/circle-of-salt: an action its phase does not allow is
    refused by the phase's rule, saying what the table waits for; a Trick token tried while
    asking, placing Binx or discarding names its own rule, as does Circle of Salt with no Spell."""
    game = new_game(G, 3, seed=2, cauldron="open")
    hand = [c("blue", "oil"), c("green", "oil"), c("yellow", "pox")]
    tries = {"ask": {"type": "ask", "about": "colour", "value": "blue"},
             "play": {"type": "play", "card": hand[0], "pile": 0}, "no-play": {"type": "no-play"},
             "discard": {"type": "discard", "cards": hand[:1]}, "binx": {"type": "binx", "seat": 1},
             "circle-of-salt": {"type": "circle-of-salt"}, "accept-spell": {"type": "accept-spell"},
             "daylight-savings": {"type": "daylight-savings", "with": 1, "card": hand[0]},
             "give": {"type": "give", "card": hand[0]}, "billy-butcherson": {"type": "billy-butcherson"},
             "burning-rain": {"type": "burning-rain", "cards": hand}}
    phase_rule = {"ask": "turn/order", "play": "play/match", "salt": "trick/circle-of-salt",
                  "binx": "binx/place", "discard": "play/cannot"}
    for phase, rule in phase_rule.items():
        stack(game, hands=[hand, [c("purple", "toe")], [c("orange", "toe")]], phase=phase)
        allowed = set(type(game._state).phase_table.phases[phase].actions)
        for kind, action in tries.items():
            if kind in allowed:
                continue
            if kind == "circle-of-salt":
                assert_illegal(game, 0, action, P + "trick/circle-of-salt", "when a Spell is drawn")
            elif kind in ("daylight-savings", "billy-butcherson", "burning-rain") and phase != "salt":
                assert_illegal(game, 0, action, P + "trick/" + kind, "after asking and before playing")
            else:
                assert_illegal(game, 0, action, P + rule, f"not {kind!r}")


def test_ask_question_names_a_colour_or_a_type_of_its_kind():
    """disney-hocus-pocus/ask/question: a question about colour names a colour (and one about an
    ingredient a type); a mismatch breaks that rule and lists what the question may name."""
    game = fresh()
    assert_illegal(game, 0, {"type": "ask", "about": "colour", "value": "newt-saliva"},
                   P + "ask/question", "names one of purple, orange, blue, green, yellow")
    assert_illegal(game, 0, {"type": "ask", "about": "ingredient", "value": "blue"},
                   P + "ask/question", "newt-saliva")


def test_play_match_malformed_actions_say_which_field_and_what_it_takes():
    """core/action-format, disney-hocus-pocus/play/match: a field left out is named; a card this
    deck does not have (a symbol on the wrong Ingredient) is malformed, not a card you lack."""
    game = fresh(cauldron="open")
    stack(game, hands=[[c("blue", "oil")], [c("green", "newt")]])
    assert_illegal(game, 0, {"type": "play", "card": c("blue", "oil")}, "core/action-format",
                   "needs a 'pile' field: a pile's number, a whole number from 0 to 4")
    assert_illegal(game, 0, {"type": "play", "card": "green:newt-saliva:binx", "pile": 0},
                   "core/action-format", "must be a card of this game")
    assert_illegal(game, 0, {"type": "burning-rain", "cards": "blue:oil-of-boil"}, "core/action-format",
                   "'cards' must be a list of at most 50 cards")
    assert_illegal(game, 0, {"type": "play", "card": c("green", "newt"), "pile": 0}, P + "play/match",
                   "do not hold")


def test_every_house_spell_has_a_test():
    """Meta: every house Spell id opens the docstring of a test_spell_ test here.

    (Every rule id having a test, the sections and the doc's generated blocks are checked
    for every game by ``test_every_game.py``.)"""
    tree = ast.parse(Path(__file__).read_text())
    spells = {(ast.get_docstring(node) or "").split(":")[0] for node in ast.walk(tree)
              if isinstance(node, ast.FunctionDef) and node.name.startswith("test_spell_")}
    assert set(HOUSE_SPELLS) - spells == set(), f"house Spells without a test: {set(HOUSE_SPELLS) - spells}"


def test_docs_page_lists_the_house_spells():
    """Meta: the docs page's Spell table is the engine's house data, word for word."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "games" / "disney-hocus-pocus.md").read_text()
    rows = re.findall(r"^\| `([a-z-]+)` \| ([^|]+) \| ([a-z]+) \| `([a-z-]+)` \|", doc, re.MULTILINE)
    table = {sid: {"name": name.strip(), "caster": caster, "effect": effect}
             for sid, name, caster, effect in rows}
    assert table == HOUSE_SPELLS
    assert "**House data.**" in doc


def test_heuristic_team_bot_sees_only_its_view_and_stuns_more_than_random():
    """The team bot's choice depends only on its view; its team stuns far more than random bots."""
    from witchtable.engine.bots import make_bot
    from witchtable.engine.sim import simulate

    game = new_game(G, 4, seed=9)
    rng = random.Random(9)
    checked = 0
    while not game.is_over and checked < 60:
        seat = game.to_act[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        choice = make_bot("heuristic", G, 1).choose(view, legal)
        assert choice in legal
        state = game._state
        game._state = state.determinize(seat, random.Random(checked))
        assert make_bot("heuristic", G, 1).choose(game.view(seat), game.legal_actions(seat)) == choice
        game._state = state
        game.apply(seat, choice if rng.random() < 0.5 else rng.choice(legal))
        checked += 1
    smart = simulate(G, 3, 40, seed=100, bots="heuristic")
    dumb = simulate(G, 3, 40, seed=100, bots="random")
    assert smart["scores"][0]["mean"] > dumb["scores"][0]["mean"] + 0.4
    # A cooperative game's simulation counts the table's wins, with a 95% interval.
    team = smart["team"]
    assert team["wins"] == round(sum(smart["win_rate"]) * 40) and team["rate"] == team["wins"] / 40
    assert team["interval"][0] <= team["rate"] <= team["interval"][1]
