"""Hocus Pocus: a test for every rule id and every card's power.

Rulebook: /work/shared/rulebooks/hocus-pocus.txt. Each test is marked ``@covers(rule id)``
and its comment cites the rulebook section it checks. Positions are built by white-box
state surgery (``position``): hands, Grimoires, Gems, Cauldron and Library are exactly as
given, so undo/save (which replay from the seed) are not used on them.
"""

from __future__ import annotations

import pytest

from witchtable.engine import GAMES, IllegalAction, new_game
from witchtable.engine.games.hocus_pocus.cards import CARD_TABLE, KINDS, NUMBERED

SPEC = GAMES["hocus-pocus"]
P = "hocus-pocus/"
FILLER = ("crystal-ball", "crystal-ball", "crystal-ball")
"""Default Grimoire: inert cards (a Hocus only its owner may play, on their own turn)."""


def covers(*ids: str):
    """Name the rule ids a test checks (and fail at import on a typo)."""
    for rule_id in ids:
        assert P + rule_id in SPEC.rules, f"unknown rule id {rule_id}"

    def mark(test):
        test.rule_ids = ids
        return test
    return mark


# --------------------------------------------------------------------------- helpers


def position(players: int = 3, *, current: int = 0, hands: dict | None = None,
             grims: dict | None = None, gems: list | None = None, cauldron: int | None = None,
             library: list | None = None, discard: list | None = None, seed: int = 1, **options):
    """A game in exactly this position at the start of ``current``'s turn.

    ``hands``/``grims`` map seats to card names (Hands default to empty, Grimoires to
    three Crystal Balls); ``library`` is listed top card first (default: ten Spell 1s).
    """
    game = new_game("hocus-pocus", players, seed, **options)
    state = game._state
    code = state.deck.code
    hands, grims = hands or {}, grims or {}
    state.hands = [[code[c] for c in hands.get(s, [])] for s in range(players)]
    state.grims = [[code[c] for c in grims.get(s, FILLER)] for s in range(players)]
    state.gems = list(gems) if gems is not None else [0] * players
    if cauldron is not None:
        state.cauldron = cauldron
    state.library = [code[c] for c in reversed(library if library is not None else ["spell-1"] * 10)]
    state.discard = [code[c] for c in (discard or [])]
    state.current = current
    state.phase = "turn"
    state._advance()
    return game


def hocus(game, seat: int, card: str, source: str = "hand", target: int | None = None) -> None:
    action = {"type": "hocus", "card": card, "from": source}
    if target is not None:
        action["target"] = target
    game.apply(seat, action)


def pocus(game, seat: int, card: str, source: str = "hand", target: int | None = None) -> None:
    action = {"type": "pocus", "card": card, "from": source}
    if target is not None:
        action["target"] = target
    game.apply(seat, action)


def pass_all(game) -> None:
    """Everyone still asked passes, until the Pocus window closes."""
    while game._state.phase == "react" and game.to_act:
        game.apply(game.to_act[0], {"type": "pass"})


def cast(game, seat: int, card: str, source: str = "hand", target: int | None = None) -> None:
    """Play a Hocus that nobody reacts to."""
    hocus(game, seat, card, source, target)
    pass_all(game)


def hand(game, seat: int) -> list:
    return sorted(game.view(seat)["hand"])


def grim(game, seat: int) -> list:
    return game.view(None)["grimoires"][seat]


def refuse(game, seat: int, action: dict, rule: str) -> IllegalAction:
    """``action`` is refused for breaking ``rule``, and nothing changes."""
    before = [game.view(s) for s in [None, *range(game.players)]], game.to_act
    with pytest.raises(IllegalAction) as err:
        game.apply(seat, action)
    assert err.value.rule == P + rule, err.value
    assert ([game.view(s) for s in [None, *range(game.players)]], game.to_act) == before
    return err.value


def legal_types(game, seat: int) -> set:
    return {a["type"] for a in game.legal_actions(seat)}


def all_cards(game) -> list:
    state = game._state
    zones = [*state.hands, *state.grims, state.library, state.discard, state.play_area]
    return [state.deck.names[c] for zone in zones for c in zone]


# --------------------------------------------------------------------------- setup


@covers("setup/cards-out")
def test_two_players_set_the_mirrors_aside_more_players_three_amulets():
    # Setup: 2 players remove the 3 Enchanted Mirrors, more players remove 3 Amulets.
    for players, mirrors, amulets in ((2, 0, 7), (3, 3, 4), (4, 3, 4), (6, 3, 4)):
        cards = all_cards(new_game("hocus-pocus", players, seed=players))
        assert len(cards) == 72
        assert cards.count("mirror") == mirrors and cards.count("amulet") == amulets


@covers("setup/deal")
def test_each_player_gets_three_grimoire_and_three_hand_cards():
    # Setup: 3 cards face up (the Grimoire), 3 face down (the Hand); the rest is the Library.
    for players in range(2, 7):
        game = new_game("hocus-pocus", players, seed=11)
        view = game.view(None)
        assert [len(g) for g in view["grimoires"]] == [3] * players
        assert view["hand_sizes"] == [3] * players
        assert view["library_size"] == 72 - 6 * players
        assert view["discard"] == [] and view["play_area"] == []


@covers("setup/cauldron")
@pytest.mark.parametrize(("players", "gems"), [(2, 20), (3, 25), (4, 30), (5, 35), (6, 35)])
def test_cauldron_gems_by_player_count_and_the_quick_game(players, gems):
    # Setup: the Gems table (2: 20, 3: 25, 4: 30, 5 and 6: 35, quick game: 15).
    assert new_game("hocus-pocus", players, seed=1).view(None)["cauldron"] == gems
    quick = new_game("hocus-pocus", players, seed=1, quick=True).view(None)
    assert quick["cauldron"] == 15 and quick["quick"] is True
    with pytest.raises(ValueError, match="quick"):
        new_game("hocus-pocus", players, seed=1, quick="yes")


@covers("setup/first-player")
def test_seat_zero_starts_unless_first_player_names_another():
    # Sequence of Play: the youngest starts (ruling: seat 0, or the first_player option).
    assert new_game("hocus-pocus", 4, seed=2).to_act == (0,)
    game = new_game("hocus-pocus", 4, seed=2, first_player=2)
    assert game.to_act == (2,) and game.view(None)["current"] == 2
    with pytest.raises(ValueError, match="first_player"):
        new_game("hocus-pocus", 4, seed=2, first_player=4)


@covers("deck/values")
def test_card_table_matches_the_rulebook_counts_and_can_be_replaced():
    # Components: 50 Hocus and 25 Pocus in the listed kinds; printed numbers from COMPONENTS.md.
    count = {k: len(v) if isinstance(v, list) else v for k, v in CARD_TABLE.items()}
    assert sum(count[k] for k in KINDS[:9]) == 50 and sum(count[k] for k in KINDS[9:]) == 25
    assert (count["thief"], count["spell"], count["inspiration"], count["amulet"]) == (15, 15, 5, 7)
    assert CARD_TABLE["thief"] == [1] * 5 + [2] * 4 + [3] * 3 + [4] * 2 + [5]
    assert CARD_TABLE["owl"] == [1, 1, 2] and CARD_TABLE["sacrifice"] == [2, 2]
    game = new_game("hocus-pocus", 3, seed=4, deck={"thief": [5] * 15, "vortex": 0})
    cards = all_cards(game)
    assert cards.count("thief-5") == 15 and "thief-1" not in cards and "vortex" not in cards
    assert game.view(None)["deck"]["thief"] == [5] * 15
    info = game.view(None)["card_info"]
    assert {k: v for k, v in info["thief-5"].items() if k != "order"} == {
        "label": "Thief 5", "kind": "thief", "name": "Thief", "value": 5, "hocus": True,
        "targeted": True, "stops": None}
    assert info["black-cat"]["stops"] == "take" and info["amulet"]["stops"] == "destroy"
    assert sorted(info, key=lambda n: info[n]["order"])[:2] == ["abracadabra", "crystal-ball"]
    kinds = {k["kind"]: k for k in game.view(None)["kinds"]}
    assert "vortex" not in kinds and kinds["thief"]["values"] == [5] * 15
    assert kinds["amulet"]["copies"] == 7 - 3, "setup/cards-out: three Amulets stay in the box"
    view = game.view(0)
    view["card_info"]["thief-5"]["label"] = "edited"
    view["kinds"][0]["copies"] = 99
    next(k for k in view["kinds"] if k["values"])["values"].append(99)
    assert game.view(0)["card_info"] == info and game.view(None)["kinds"] == list(kinds.values()), \
        "a view's card facts are fresh copies: editing one changes no later view"
    for bad, words in (({"thief": 3}, "value of each copy"), ({"amulet": [1]}, "number of copies"),
                       ({"dragon": 1}, "unknown card kind"), ("big", "object")):
        with pytest.raises(ValueError, match=words):
            new_game("hocus-pocus", 3, seed=4, deck=bad)
    small = {k: [] if k in NUMBERED else 0 for k in KINDS}
    with pytest.raises(ValueError, match="needs 36"):
        new_game("hocus-pocus", 6, seed=4, deck=dict(small, spell=[1] * 20))


@covers("info/hidden")
def test_views_show_own_hand_only_and_the_library_as_a_size():
    # Summary of the Rules: Hands are secret but their sizes are not; Grimoires and Gems open.
    game = new_game("hocus-pocus", 3, seed=5)
    state = game._state
    for seat in range(3):
        view = game.view(seat)
        assert view["hand"] == sorted(state.deck.names[c] for c in state.hands[seat])
        assert view["hand_sizes"] == [3, 3, 3] and "library" not in view
        deal = view["log"][0]
        assert deal["hand"] == [state.deck.names[c] for c in state.hands[seat]]
    spectator = game.view(None)
    assert spectator["hand"] is None and "hand" not in spectator["log"][0]
    # A draw shows its cards to the drawer only.
    game.apply(0, {"type": "draw"})
    drawn = next(e for e in game.view(0)["log"] if e["kind"] == "draw")
    other = next(e for e in game.view(1)["log"] if e["kind"] == "draw")
    assert len(drawn["cards"]) == 2 and "cards" not in other and other["count"] == 2
    assert 0 in game.history[-1].reveals and 1 not in game.history[-1].reveals


# --------------------------------------------------------------------------- the turn


@covers("turn/order", "end/choose")
def test_turns_pass_to_the_next_seat_after_the_draw_or_the_gem():
    # 3. End your Turn (draw 2 cards or take 1 Gem) and 4. Pass to the next player (the left).
    game = position(3, hands={0: ["spell-1"], 1: ["spell-2"], 2: ["spell-3"]})
    game.apply(0, {"type": "draw"})
    assert game.to_act == (1,) and len(hand(game, 0)) == 3
    game.apply(1, {"type": "gem"})
    assert game.to_act == (2,) and game.scores == [0, 1, 0] and game.view(None)["cauldron"] == 24
    game.apply(2, {"type": "draw"})
    assert game.to_act == (0,) and game.view(None)["turn"] == 4


@covers("end/choose")
def test_the_turn_cannot_end_while_a_hocus_waits():
    # 3. End your Turn: the drawing action comes once you play no more Hocus cards.
    game = position(3, hands={0: ["spell-2", "spell-1"], 1: ["amulet"]})
    hocus(game, 0, "spell-2")
    refuse(game, 0, {"type": "draw"}, "end/choose")
    refuse(game, 0, {"type": "gem"}, "end/choose")


@covers("cards/kind")
def test_hocus_and_pocus_cards_are_played_their_own_way():
    # Hocus Cards: never played on another card; Pocus Cards: only on a Hocus in play.
    game = position(3, hands={0: ["spell-2", "counterspell"], 1: ["thief-1"]})
    refuse(game, 0, {"type": "hocus", "card": "counterspell", "from": "hand"}, "cards/kind")
    hocus(game, 0, "spell-2")
    refuse(game, 1, {"type": "pocus", "card": "thief-1", "from": "hand"}, "cards/kind")


@covers("hocus/own-turn")
def test_hocus_only_on_your_turn_one_at_a_time():
    # 1. Play one or more Hocus cards: during your Turn, one at a time.
    game = position(3, hands={0: ["spell-2", "spell-1"], 1: ["spell-3", "amulet"]})
    with pytest.raises(IllegalAction) as err:
        game.apply(1, {"type": "hocus", "card": "spell-3", "from": "hand"})
    assert err.value.rule == "core/out-of-turn"
    hocus(game, 0, "spell-2")
    refuse(game, 0, {"type": "hocus", "card": "spell-1", "from": "hand"}, "hocus/own-turn")
    err = refuse(game, 1, {"type": "hocus", "card": "spell-3", "from": "hand"}, "hocus/own-turn")
    assert "own turn" in err.message
    pass_all(game)
    cast(game, 0, "spell-1")
    assert game.scores[0] == 3


@covers("hocus/from")
def test_hocus_from_hand_or_grimoire_only_if_held_there():
    # 1. Play one or more Hocus cards: from your Hand or from your Grimoire.
    game = position(3, hands={0: ["spell-2", "spell-1", "spell-1", "spell-1"]},
                    grims={0: ["spell-3", "crystal-ball", "crystal-ball"]})
    refuse(game, 0, {"type": "hocus", "card": "spell-3", "from": "hand"}, "hocus/from")
    refuse(game, 0, {"type": "hocus", "card": "spell-2", "from": "grimoire"}, "hocus/from")
    hocus(game, 0, "spell-3", "grimoire")
    game.apply(0, {"type": "refill", "card": "spell-1"})
    pass_all(game)
    assert game.scores[0] == 3


@covers("hocus/target")
def test_targeted_hocus_name_another_player_others_name_nobody():
    # Hocus Cards: "choose a player" (ruling: another player); Spell etc. have no target.
    game = position(3, hands={0: ["thief-2", "spell-1"]}, gems=[0, 3, 0])
    refuse(game, 0, {"type": "hocus", "card": "thief-2", "from": "hand", "target": 0}, "hocus/target")
    refuse(game, 0, {"type": "hocus", "card": "thief-2", "from": "hand"}, "hocus/target")
    refuse(game, 0, {"type": "hocus", "card": "spell-1", "from": "hand", "target": 1}, "hocus/target")
    legal = game.legal_actions(0)
    assert {a.get("target") for a in legal if a.get("card") == "thief-2"} == {1, 2}
    assert {"type": "hocus", "card": "spell-1", "from": "hand"} in legal


@covers("pocus/window")
def test_pocus_only_while_a_hocus_waits_by_anyone_several_each():
    # 2. Play one or more Pocus cards: all players, the caster included, several cards each.
    game = position(3, hands={0: ["spell-2", "magic-wand", "magic-wand"], 1: ["spell-1"],
                              2: ["spell-1"]})
    refuse(game, 0, {"type": "pocus", "card": "magic-wand", "from": "hand"}, "pocus/window")
    hocus(game, 0, "spell-2")
    assert game.to_act == (0, 1, 2)
    pocus(game, 0, "magic-wand")
    pocus(game, 0, "magic-wand")
    pass_all(game)
    assert game.scores[0] == 8
    refuse(game, 0, {"type": "pass"}, "react/close")


@covers("pocus/from")
def test_pocus_from_hand_or_grimoire_only_if_held_there():
    # Pocus Cards: played from the Hand or the Grimoire like any card.
    game = position(3, hands={0: ["spell-3"], 1: ["spell-1", "spell-1", "spell-1"]},
                    grims={1: ["counterspell", "crystal-ball", "crystal-ball"]})
    hocus(game, 0, "spell-3")
    refuse(game, 1, {"type": "pocus", "card": "counterspell", "from": "hand"}, "pocus/from")
    refuse(game, 1, {"type": "pocus", "card": "amulet", "from": "grimoire"}, "pocus/from")
    pocus(game, 1, "counterspell", "grimoire")
    game.apply(1, {"type": "refill", "card": "spell-1"})
    pass_all(game)
    assert game.scores[0] == 0


@covers("react/close")
def test_the_window_closes_only_when_all_passed_since_the_last_pocus():
    # 2. Play one or more Pocus cards: resolve when no player wishes to add another Pocus.
    game = position(4, hands={0: ["spell-2", "spell-1"], 1: ["thief-1"], 2: ["magic-wand", "spell-1"]},
                    grims={3: list(FILLER)})
    hocus(game, 0, "spell-2")
    # Seat 1 holds no Pocus but is asked (else its hand would leak); seat 3, with an empty Hand
    # and no Pocus in its Grimoire, visibly cannot react and is not asked.
    assert game.to_act == (0, 1, 2)
    assert game.legal_actions(1) == [{"type": "pass"}]
    game.apply(1, {"type": "pass"})
    game.apply(0, {"type": "pass"})
    assert game.to_act == (2,) and game.view(None)["hocus"]["passed"] == [0, 1]
    pocus(game, 2, "magic-wand")
    assert game.to_act == (0, 1, 2)          # a new Pocus asks everyone again
    game.apply(2, {"type": "pass"})
    game.apply(1, {"type": "pass"})
    assert game.view(None)["phase"] == "react"
    game.apply(0, {"type": "pass"})
    assert game.view(None)["phase"] == "turn" and game.scores[0] == 4


@covers("react/close")
def test_an_empty_hand_with_a_playable_grimoire_pocus_is_asked():
    # 2. Play one or more Pocus cards: every player may react, from the Grimoire too.
    game = position(3, hands={0: ["spell-2"]}, grims={2: ["counterspell", "crystal-ball", "crystal-ball"]})
    hocus(game, 0, "spell-2")
    assert game.to_act == (2,)
    game.apply(2, {"type": "pass"})
    assert game.scores[0] == 2


@covers("react/order")
def test_pocus_take_effect_in_the_order_played():
    # 2. Play one or more Pocus cards: resolved in the order played, then the Hocus.
    # Hourglass then Counterspell: the Hourglass took effect, so the turn ends.
    game = position(3, hands={0: ["spell-3", "spell-1"], 1: ["hourglass"], 2: ["counterspell"]})
    hocus(game, 0, "spell-3")
    pocus(game, 1, "hourglass")
    pocus(game, 2, "counterspell")
    pass_all(game)
    assert game.scores[0] == 0 and legal_types(game, 0) == {"draw", "gem"}
    # Counterspell then Hourglass: the Counterspell destroys everything first.
    game = position(3, hands={0: ["spell-3", "spell-1"], 1: ["hourglass"], 2: ["counterspell"]})
    hocus(game, 0, "spell-3")
    pocus(game, 2, "counterspell")
    pocus(game, 1, "hourglass")
    pass_all(game)
    assert game.scores[0] == 0 and "hocus" in legal_types(game, 0)


@covers("pocus/discarded")
def test_a_hocus_leaving_play_takes_its_pocus_to_the_discard_pile():
    # Pocus Cards: when a Hocus leaves the Play area, the Pocus on it are discarded.
    game = position(3, hands={0: ["spell-2", "spell-3", "magic-wand"], 1: ["counterspell"]})
    cast(game, 0, "spell-2")
    hocus(game, 0, "spell-3")
    pocus(game, 0, "magic-wand")
    pocus(game, 1, "counterspell")
    pass_all(game)
    view = game.view(None)
    assert sorted(view["discard"]) == ["counterspell", "magic-wand", "spell-3"]
    assert view["play_area"] == ["spell-2"]      # the resolved Hocus stays until the turn ends


@covers("grimoire/refill")
def test_a_grimoire_is_refilled_at_once_by_its_owner_even_out_of_turn():
    # Grimoire and Hand: a free Grimoire space is filled at once from the Hand, even out of turn.
    game = position(3, hands={0: ["spell-3", "spell-1"], 1: ["thief-1", "owl-1"]},
                    grims={1: ["amulet", "counterspell", "crystal-ball"]})
    hocus(game, 0, "spell-3")
    pocus(game, 1, "counterspell", "grimoire")
    assert game.to_act == (1,) and game.view(None)["refills"] == [1]
    assert game.legal_actions(1) == [{"type": "refill", "card": "owl-1"},
                                     {"type": "refill", "card": "thief-1"}]
    refuse(game, 1, {"type": "pass"}, "grimoire/refill")
    refuse(game, 1, {"type": "refill", "card": "spell-5"}, "grimoire/refill")
    game.apply(1, {"type": "refill", "card": "thief-1"})
    assert grim(game, 1) == ["amulet", "crystal-ball", "thief-1"] and hand(game, 1) == ["owl-1"]
    assert game.to_act == (0, 1)
    game.apply(0, {"type": "pass"})
    refuse(game, 1, {"type": "refill", "card": "owl-1"}, "grimoire/refill")


@covers("grimoire/refill")
def test_refill_is_automatic_when_the_hand_cannot_choose():
    # Grimoire and Hand: refill as far as the Hand allows; no choice when it has too few cards.
    game = position(3, hands={0: ["spell-1", "crystal-ball"]},
                    grims={0: ["spell-2", "spell-3", "thief-1"]}, gems=[0, 2, 0])
    hocus(game, 0, "spell-2", "grimoire")
    assert game.to_act == (0,) and game.legal_actions(0)[0]["type"] == "refill"
    game.apply(0, {"type": "refill", "card": "crystal-ball"})
    pass_all(game)
    cast(game, 0, "spell-3", "grimoire")            # one card in hand, one space: automatic
    assert sorted(grim(game, 0)) == ["crystal-ball", "spell-1", "thief-1"]
    assert hand(game, 0) == []
    cast(game, 0, "thief-1", "grimoire", target=1)  # empty hand: the space stays free
    assert len(grim(game, 0)) == 2 and game.to_act == (0,)
    game.apply(0, {"type": "draw"})                 # two new cards, one space: a choice
    assert game.to_act == (0,) and legal_types(game, 0) == {"refill"}


@covers("exchange/own-turn")
def test_exchange_on_your_own_turn_before_the_draw():
    # Grimoire and Hand: exchange only during your Turn, never after the drawing action.
    game = position(3, hands={0: ["spell-1", "spell-2", "spell-3", "thief-1", "thief-2"],
                              1: ["amulet"]},
                    grims={0: ["owl-1", "crystal-ball", "vortex"]})
    game.apply(0, {"type": "exchange", "hand": "spell-2", "grimoire": "vortex"})
    assert grim(game, 0) == ["owl-1", "crystal-ball", "spell-2"] and "vortex" in hand(game, 0)
    assert game.history[-1].reveals == frozenset({1, 2})
    hocus(game, 0, "spell-1")
    refuse(game, 0, {"type": "exchange", "hand": "spell-3", "grimoire": "owl-1"}, "exchange/own-turn")
    pass_all(game)
    game.apply(0, {"type": "draw"})                  # 6 cards: the discard phase
    assert game.view(None)["phase"] == "discard"
    refuse(game, 0, {"type": "exchange", "hand": "spell-3", "grimoire": "owl-1"}, "exchange/own-turn")
    with pytest.raises(IllegalAction) as err:
        game.apply(1, {"type": "exchange", "hand": "amulet", "grimoire": "crystal-ball"})
    assert err.value.rule == "core/out-of-turn"


@covers("exchange/swap")
def test_an_exchange_swaps_two_different_held_cards():
    # Grimoire and Hand: cards move between your Grimoire and your Hand.
    game = position(3, hands={0: ["crystal-ball", "spell-1"]})
    refuse(game, 0, {"type": "exchange", "hand": "crystal-ball", "grimoire": "crystal-ball"},
           "exchange/swap")
    refuse(game, 0, {"type": "exchange", "hand": "spell-2", "grimoire": "crystal-ball"}, "exchange/swap")
    refuse(game, 0, {"type": "exchange", "hand": "spell-1", "grimoire": "vortex"}, "exchange/swap")
    assert [a for a in game.legal_actions(0) if a["type"] == "exchange"] == [
        {"type": "exchange", "hand": "spell-1", "grimoire": "crystal-ball"}]


@covers("exchange/limit")
def test_three_exchanges_per_hocus():
    # Grimoire and Hand (ruling): three swaps reach any Grimoire, so four in a row are refused.
    game = position(3, hands={0: ["spell-1", "spell-2", "spell-3", "thief-1"]}, gems=[0, 1, 0])
    for card in ("spell-1", "spell-2", "spell-3"):
        game.apply(0, {"type": "exchange", "hand": card, "grimoire": "crystal-ball"})
    assert game.view(0)["exchanges_left"] == 0
    refuse(game, 0, {"type": "exchange", "hand": "thief-1", "grimoire": "spell-1"}, "exchange/limit")
    cast(game, 0, "thief-1", target=1)
    assert game.view(0)["exchanges_left"] == 3
    game.apply(0, {"type": "exchange", "hand": "crystal-ball", "grimoire": "spell-1"})


@covers("end/hand-limit")
def test_hand_limit_five_after_the_draw_the_player_chooses_the_discards():
    # 3. End your Turn: at most 5 cards in hand; choose the excess and discard it face up.
    game = position(3, hands={0: ["thief-1", "thief-2", "thief-3", "thief-4", "thief-5"],
                              1: ["spell-1"] * 7},
                    library=["owl-1", "owl-2", "spell-1"])
    game.apply(0, {"type": "draw"})
    assert game.view(None)["pending"] == {"kind": "discard", "seat": 0, "count": 2}
    assert game.to_act == (0,) and legal_types(game, 0) == {"discard"}
    refuse(game, 0, {"type": "discard", "card": "spell-5"}, "end/hand-limit")
    game.apply(0, {"type": "discard", "card": "owl-2"})
    game.apply(0, {"type": "discard", "card": "thief-1"})
    assert len(hand(game, 0)) == 5 and game.to_act == (1,)
    assert game.view(None)["discard"] == ["owl-2", "thief-1"]
    assert len(hand(game, 1)) == 7        # the limit binds only at the end of your own turn
    refuse(game, 1, {"type": "discard", "card": "spell-1"}, "end/hand-limit")


@covers("end/play-area")
def test_the_play_area_is_discarded_at_the_end_of_the_turn():
    # 3. End your Turn: gather the cards still in the Play area onto the discard pile.
    game = position(3, hands={0: ["spell-1", "spell-2", "magic-wand"], 1: ["amulet"]})
    hocus(game, 0, "spell-1")
    pocus(game, 0, "magic-wand")
    pass_all(game)
    view = game.view(None)
    assert view["play_area"] == ["spell-1", "magic-wand"] and view["discard"] == []
    hocus(game, 0, "spell-2")   # the resolved Spell 1 takes no Pocus any more: only Spell 2 waits
    assert game.view(None)["hocus"]["card"] == "spell-2"
    pass_all(game)
    game.apply(0, {"type": "draw"})
    view = game.view(None)
    assert view["play_area"] == [] and view["discard"] == ["spell-1", "magic-wand", "spell-2"]


@covers("library/reshuffle")
def test_an_empty_library_is_reshuffled_from_the_discard_pile():
    # 3. End your Turn: if the Library is empty, shuffle the discard pile into a new Library.
    game = position(3, hands={0: ["spell-1"]}, library=["thief-1", "thief-2"], discard=["owl-1"])
    game.apply(0, {"type": "draw"})
    view = game.view(None)
    assert view["library_size"] == 1 and view["discard"] == []
    assert any(e["kind"] == "reshuffle" for e in view["log"])
    # Ruling: a draw that finds the Library empty reshuffles first; with nothing left, fewer.
    game = position(3, hands={0: ["inspiration-3"]}, library=["thief-1"], discard=["owl-1"])
    cast(game, 0, "inspiration-3")
    assert hand(game, 0) == ["owl-1", "thief-1"]
    assert game.view(None)["library_size"] == 0


@covers("library/reshuffle")
def test_the_reshuffle_is_seeded():
    # 3. End your Turn: the shuffle uses the game's own seeded generator.
    orders = set()
    for _ in range(2):
        game = position(3, hands={0: ["spell-1"]}, library=[],
                        discard=["thief-1", "thief-2", "thief-3", "thief-4", "owl-1", "owl-2"])
        game.apply(0, {"type": "draw"})
        orders.add(tuple(game._state.library))
    assert len(orders) == 1


@covers("end/last-gem", "end/winner")
def test_taking_the_last_gem_ends_the_game_most_gems_wins():
    # End of the Game: the last Gem taken ends the game at once; the most Gems wins.
    game = position(3, hands={0: ["spell-2"], 1: ["spell-1"]}, gems=[5, 7, 3], cauldron=2, current=1)
    game.apply(1, {"type": "gem"})
    assert not game.is_over and game.view(None)["cauldron"] == 1
    game.apply(2, {"type": "draw"})
    cast(game, 0, "spell-2")          # takes the last Gem (only 1 left): 6 vs 8
    assert game.is_over and game.to_act == () and game.scores == [6, 8, 3] and game.winners == [1]
    assert game.view(None)["phase"] == "over"
    with pytest.raises(IllegalAction) as err:
        game.apply(0, {"type": "draw"})
    assert err.value.rule == "core/game-over"


@covers("end/no-tie")
def test_nobody_takes_the_last_gem_into_a_tie():
    # End of the Game: taking the last Gem may not cause a tie (ruling: for the most Gems).
    game = position(3, hands={0: ["spell-1"]}, gems=[4, 5, 0], cauldron=1)
    assert {"type": "gem"} not in game.legal_actions(0)
    refuse(game, 0, {"type": "gem"}, "end/no-tie")
    # Ruling: a Spell that would empty the Cauldron into a tie takes one Gem fewer.
    cast(game, 0, "spell-1")
    assert game.scores == [4, 5, 0] and game.view(None)["cauldron"] == 1 and not game.is_over
    game = position(3, hands={0: ["spell-3"]}, gems=[2, 5, 0], cauldron=3)
    cast(game, 0, "spell-3")
    assert game.scores == [4, 5, 0] and game.view(None)["cauldron"] == 1
    # Another player alone on top also counts: a tie for the most Gems ends nothing.
    game = position(3, hands={0: ["spell-1"]}, gems=[0, 5, 5], cauldron=1)
    refuse(game, 0, {"type": "gem"}, "end/no-tie")


# --------------------------------------------------------------------------- Hocus powers


@covers("abracadabra/swap")
def test_abracadabra_swaps_hands_even_an_empty_one():
    # Hocus Cards, Abracadabra: swap Hands; an empty Hand simply receives the other one.
    game = position(3, hands={0: ["abracadabra", "thief-1"], 1: ["spell-5", "amulet", "owl-2"]})
    cast(game, 0, "abracadabra", target=1)
    assert hand(game, 0) == ["amulet", "owl-2", "spell-5"] and hand(game, 1) == ["thief-1"]
    assert game.history[-1].reveals >= {0, 1}
    game = position(3, hands={0: ["abracadabra"], 2: ["spell-5", "owl-2"]})
    cast(game, 0, "abracadabra", target=2)
    assert hand(game, 0) == ["owl-2", "spell-5"] and hand(game, 2) == []


@covers("crystal-ball/arrange")
def test_crystal_ball_shows_the_top_four_to_its_player_who_reorders_them():
    # Hocus Cards, Crystal Ball: look at the top 4 Library cards, put them back in any order.
    game = position(3, hands={0: ["crystal-ball"]},
                    library=["thief-1", "thief-2", "owl-1", "spell-5", "spell-4"])
    cast(game, 0, "crystal-ball")
    assert game.to_act == (0,) and game.view(0)["phase"] == "arrange"
    assert game.view(0)["pending"] == {"kind": "arrange", "seat": 0, "count": 4,
                                       "cards": ["thief-1", "thief-2", "owl-1", "spell-5"]}
    assert "cards" not in game.view(1)["pending"] and "cards" not in game.view(None)["pending"]
    assert len(game.legal_actions(0)) == 24
    refuse(game, 0, {"type": "arrange", "cards": ["thief-1", "thief-2", "owl-1"]}, "crystal-ball/arrange")
    refuse(game, 0, {"type": "arrange", "cards": ["spell-4", "thief-2", "owl-1", "spell-5"]},
           "crystal-ball/arrange")
    game.apply(0, {"type": "arrange", "cards": ["spell-5", "owl-1", "thief-2", "thief-1"]})
    game.apply(0, {"type": "draw"})
    assert hand(game, 0) == ["owl-1", "spell-5"]
    assert game._state.library[-2:] == [game._state.deck.code[c] for c in ("thief-1", "thief-2")]


@covers("crystal-ball/arrange")
def test_crystal_ball_with_fewer_cards_in_the_library():
    # Hocus Cards, Crystal Ball (ruling): with fewer than 4, the ones there are.
    game = position(3, hands={0: ["crystal-ball", "crystal-ball"]}, library=["thief-1", "owl-1"])
    cast(game, 0, "crystal-ball")
    assert game.view(0)["pending"]["count"] == 2 and len(game.legal_actions(0)) == 2
    game.apply(0, {"type": "arrange", "cards": ["owl-1", "thief-1"]})
    game = position(3, hands={0: ["crystal-ball"]}, library=["thief-1"])
    cast(game, 0, "crystal-ball")
    assert game.view(0)["phase"] == "turn"    # one card: nothing to arrange


@covers("owl/give")
def test_owl_target_chooses_grimoire_cards_for_the_casters_hand():
    # Hocus Cards, Owl: the player gives you that many Grimoire cards (ruling: they choose).
    game = position(3, hands={0: ["owl-1"], 1: ["spell-1", "thief-1"]},
                    grims={1: ["counterspell", "amulet", "spell-4"]})
    cast(game, 0, "owl-1", target=1)
    assert game.to_act == (1,)
    assert game.view(None)["pending"] == {"kind": "give", "seat": 1, "to": 0, "count": 1}
    assert len(game.legal_actions(1)) == 3
    refuse(game, 1, {"type": "give", "cards": ["spell-4", "amulet"]}, "owl/give")
    refuse(game, 1, {"type": "give", "cards": ["lightning"]}, "owl/give")
    game.apply(1, {"type": "give", "cards": ["amulet"]})
    assert hand(game, 0) == ["amulet"] and game.to_act == (1,)     # then seat 1 refills
    game.apply(1, {"type": "refill", "card": "thief-1"})
    assert grim(game, 1) == ["counterspell", "spell-4", "thief-1"] and game.to_act == (0,)


@covers("owl/give")
def test_owl_takes_the_whole_grimoire_when_it_holds_too_few():
    # Hocus Cards, Owl: not enough cards in the Grimoire: give the entire Grimoire.
    game = position(3, hands={0: ["owl-2", "magic-wand"]},
                    grims={1: ["amulet", "spell-4", "counterspell"]})
    hocus(game, 0, "owl-2", target=1)
    pocus(game, 0, "magic-wand")           # Owl 4 on three cards
    pass_all(game)
    assert hand(game, 0) == ["amulet", "counterspell", "spell-4"] and grim(game, 1) == []


@covers("inspiration/draw")
def test_inspiration_draws_its_number():
    # Hocus Cards, Inspiration: draw the number of cards shown on the card.
    game = position(3, hands={0: ["inspiration-3"]}, library=["thief-1", "owl-1", "spell-5", "spell-4"])
    cast(game, 0, "inspiration-3")
    assert hand(game, 0) == ["owl-1", "spell-5", "thief-1"]
    assert game.history[-1].reveals >= {0}
    mine = next(e for e in game.view(0)["log"] if e["kind"] == "inspiration")["text"]
    theirs = next(e for e in game.view(1)["log"] if e["kind"] == "inspiration")["text"]
    assert "Spell 5" in mine and "Spell 5" not in theirs


@covers("inspiration/once")
def test_one_successful_inspiration_per_turn():
    # Hocus Cards, Inspiration: after a successful one, no other Inspiration that turn.
    game = position(3, hands={0: ["inspiration-2", "inspiration-3"], 1: ["amulet"]},
                    grims={0: ["inspiration-2", "crystal-ball", "crystal-ball"]})
    cast(game, 0, "inspiration-2")
    refuse(game, 0, {"type": "hocus", "card": "inspiration-3", "from": "hand"}, "inspiration/once")
    refuse(game, 0, {"type": "hocus", "card": "inspiration-2", "from": "grimoire"}, "inspiration/once")
    assert not [a for a in game.legal_actions(0) if a.get("card", "").startswith("inspiration")]
    game.apply(0, {"type": "draw"})
    game.apply(1, {"type": "draw"})
    game.apply(2, {"type": "draw"})
    assert any(a.get("card") == "inspiration-3" for a in game.legal_actions(0))


@covers("inspiration/once")
def test_a_stopped_inspiration_does_not_count():
    # Hocus Cards, Inspiration (ruling): "played successfully" means its power took effect.
    game = position(3, hands={0: ["inspiration-2", "inspiration-3"], 1: ["counterspell", "spell-1"]})
    hocus(game, 0, "inspiration-2")
    pocus(game, 1, "counterspell")
    pass_all(game)
    cast(game, 0, "inspiration-3")
    assert len(hand(game, 0)) == 3


@covers("curse/discard")
def test_curse_caster_picks_grimoire_cards_to_discard():
    # Hocus Cards, Curse: choose that many cards of the player's Grimoire; they are discarded.
    game = position(3, hands={0: ["curse-2"], 1: ["spell-1", "spell-2"]},
                    grims={1: ["lightning", "amulet", "spell-4"]})
    cast(game, 0, "curse-2", target=1)
    assert game.to_act == (0,)
    assert game.view(None)["pending"] == {"kind": "curse", "seat": 0, "target": 1, "count": 2}
    assert len(game.legal_actions(0)) == 3
    refuse(game, 0, {"type": "curse", "cards": ["lightning"]}, "curse/discard")
    game.apply(0, {"type": "curse", "cards": ["spell-4", "lightning"]})
    assert sorted(game.view(None)["discard"]) == ["lightning", "spell-4"]
    # two spaces, two cards in hand: seat 1's Grimoire is refilled with no choice to make
    assert grim(game, 1) == ["amulet", "spell-1", "spell-2"] and game.to_act == (0,)


@covers("curse/discard")
def test_curse_discards_the_whole_grimoire_when_it_holds_too_few():
    # Hocus Cards, Curse: as many cards as the Curse shows, so all of a smaller Grimoire.
    game = position(3, hands={0: ["curse-2"]}, grims={2: ["lightning"]})
    cast(game, 0, "curse-2", target=2)
    assert grim(game, 2) == [] and game.view(None)["discard"] == ["lightning"]
    assert game.to_act == (0,)


@covers("sacrifice/return")
def test_sacrifice_returns_two_gems_or_the_last_one():
    # Hocus Cards, Sacrifice: the player puts 2 Gems back into the Cauldron (1 if that is all).
    game = position(3, hands={0: ["sacrifice-2", "sacrifice-2"]}, gems=[0, 5, 1], cauldron=10)
    cast(game, 0, "sacrifice-2", target=1)
    assert game.scores == [0, 3, 1] and game.view(None)["cauldron"] == 12
    cast(game, 0, "sacrifice-2", target=2)
    assert game.scores == [0, 3, 0] and game.view(None)["cauldron"] == 13


@covers("spell/take")
def test_spell_takes_its_number_from_the_cauldron():
    # Hocus Cards, Spell: take that many Gems from the Cauldron.
    game = position(3, hands={0: ["spell-4", "spell-5"]}, gems=[0, 1, 0], cauldron=8)
    cast(game, 0, "spell-4")
    assert game.scores == [4, 1, 0] and game.view(None)["cauldron"] == 4
    cast(game, 0, "spell-5")      # ruling: only 4 left: takes them, which ends the game
    assert game.scores == [8, 1, 0] and game.is_over and game.winners == [0]


@covers("thief/steal")
def test_thief_steals_its_number_or_all_the_target_has():
    # Hocus Cards, Thief: the player gives you that many Gems, or all of them if fewer.
    game = position(3, hands={0: ["thief-3", "thief-5"]}, gems=[1, 4, 2])
    cast(game, 0, "thief-3", target=1)
    assert game.scores == [4, 1, 2]
    cast(game, 0, "thief-5", target=2)
    assert game.scores == [6, 1, 0]


@covers("vortex/pass-left")
def test_vortex_passes_every_grimoire_to_the_next_seat():
    # Hocus Cards, Vortex: everyone gives their Grimoire to the left; an empty one gives nothing.
    game = position(3, hands={0: ["vortex"], 2: ["spell-2"]},
                    grims={0: ["spell-1", "spell-1", "spell-1"], 1: ["thief-1", "thief-2", "thief-3"],
                           2: []})
    # seat 2's single hand card refilled its empty Grimoire at once: it now shows spell-2
    assert grim(game, 2) == ["spell-2"]
    cast(game, 0, "vortex")
    assert grim(game, 1) == ["spell-1", "spell-1", "spell-1"]
    assert grim(game, 2) == ["thief-1", "thief-2", "thief-3"]
    assert grim(game, 0) == ["spell-2"]


@covers("vortex/pass-left", "grimoire/refill")
def test_a_smaller_grimoire_received_from_a_vortex_is_refilled():
    # Hocus Cards, Vortex, then Grimoire and Hand: the receiver fills the free space at once.
    game = position(3, hands={1: ["thief-1", "thief-2"]},
                    grims={0: ["vortex", "spell-1", "spell-1"], 1: ["owl-1", "owl-1", "owl-1"]})
    cast(game, 0, "vortex", "grimoire")
    assert grim(game, 1) == ["spell-1", "spell-1"] and grim(game, 2) == ["owl-1", "owl-1", "owl-1"]
    assert game.to_act == (1,) and legal_types(game, 1) == {"refill"}
    game.apply(1, {"type": "refill", "card": "thief-2"})
    assert grim(game, 1) == ["spell-1", "spell-1", "thief-2"] and game.to_act == (0,)


@covers("vortex/stop-from-hand")
def test_only_a_counterspell_or_pumpkin_from_a_hand_stops_a_vortex():
    # Hocus Cards, Vortex: stopped only by a Counterspell or a Pumpkin played from a Hand.
    game = position(3, hands={0: ["vortex"], 1: ["black-cat", "pumpkin", "counterspell"]},
                    grims={1: ["counterspell", "pumpkin", "crystal-ball"]})
    hocus(game, 0, "vortex")
    refuse(game, 1, {"type": "pocus", "card": "black-cat", "from": "hand"}, "vortex/stop-from-hand")
    refuse(game, 1, {"type": "pocus", "card": "counterspell", "from": "grimoire"}, "vortex/stop-from-hand")
    refuse(game, 1, {"type": "pocus", "card": "pumpkin", "from": "grimoire"}, "vortex/stop-from-hand")
    assert {(a["card"], a["from"]) for a in game.legal_actions(1) if a["type"] == "pocus"} == {
        ("counterspell", "hand"), ("pumpkin", "hand")}
    pocus(game, 1, "pumpkin")
    pass_all(game)
    assert grim(game, 1) == ["counterspell", "pumpkin", "crystal-ball"] and hand(game, 0) == ["vortex"]


# --------------------------------------------------------------------------- Pocus powers


@covers("amulet/target-only", "amulet/destroy")
def test_amulet_only_by_the_target_destroys_hocus_and_pocus():
    # Pocus Cards, Amulet: the Hocus aimed at you is destroyed, with every Pocus on it.
    game = position(3, hands={0: ["thief-4", "magic-wand", "spell-1"], 1: ["amulet"], 2: ["amulet"]},
                    gems=[0, 6, 6])
    hocus(game, 0, "thief-4", target=1)
    refuse(game, 2, {"type": "pocus", "card": "amulet", "from": "hand"}, "amulet/target-only")
    pocus(game, 0, "magic-wand")
    pocus(game, 1, "amulet")
    pass_all(game)
    assert game.scores == [0, 6, 6]
    assert sorted(game.view(None)["discard"]) == ["amulet", "magic-wand", "thief-4"]


@covers("amulet/target-only")
def test_no_amulet_on_a_hocus_aimed_at_nobody():
    # Pocus Cards, Amulet (ruling): Spell, Inspiration, Crystal Ball, Vortex have no target.
    game = position(3, hands={0: ["spell-3"], 1: ["amulet"]})
    hocus(game, 0, "spell-3")
    err = refuse(game, 1, {"type": "pocus", "card": "amulet", "from": "hand"}, "amulet/target-only")
    assert "nobody" in err.message


@covers("magic-wand/double")
def test_the_rulebooks_magic_wand_example():
    # Pocus Cards, Magic Wand: "Christophe plays a Spell 3, then a Magic Wand ... takes 6 Gems".
    christophe = 0
    game = position(3, hands={christophe: ["spell-3", "magic-wand"], 1: ["spell-1"], 2: ["spell-1"]})
    hocus(game, christophe, "spell-3")
    pocus(game, christophe, "magic-wand")
    pass_all(game)
    assert game.scores[christophe] == 6


@covers("magic-wand/double")
def test_wands_double_again_only_on_numbered_hocus():
    # Pocus Cards, Magic Wand (ruling): each Wand doubles; no number, no Wand.
    game = position(3, hands={0: ["thief-1", "magic-wand", "magic-wand", "crystal-ball"]}, gems=[0, 9, 0])
    hocus(game, 0, "thief-1", target=1)
    pocus(game, 0, "magic-wand")
    pocus(game, 0, "magic-wand")
    pass_all(game)
    assert game.scores == [4, 5, 0]
    game = position(3, hands={0: ["crystal-ball", "magic-wand"]})
    hocus(game, 0, "crystal-ball")
    refuse(game, 0, {"type": "pocus", "card": "magic-wand", "from": "hand"}, "magic-wand/double")


@covers("black-cat/take")
def test_black_cat_takes_the_hocus_into_its_players_hand():
    # Pocus Cards, Black Cat: take the Hocus into your Hand; every Pocus on it is discarded.
    game = position(3, hands={0: ["spell-5", "magic-wand"], 2: ["black-cat", "spell-1"]})
    hocus(game, 0, "spell-5")
    pocus(game, 0, "magic-wand")
    pocus(game, 2, "black-cat")
    pass_all(game)
    assert game.scores == [0, 0, 0] and hand(game, 2) == ["spell-1", "spell-5"]
    assert sorted(game.view(None)["discard"]) == ["black-cat", "magic-wand"]


@covers("black-cat/take")
def test_black_cat_on_your_own_hocus_returns_it_free_to_play():
    # Pocus Cards, Black Cat (ruling): on your own Hocus it comes back to you, not locked.
    game = position(3, hands={0: ["thief-2", "black-cat"], 1: ["magic-wand"]}, gems=[0, 5, 0])
    hocus(game, 0, "thief-2", target=1)
    pocus(game, 1, "magic-wand")
    pocus(game, 0, "black-cat")
    pass_all(game)
    assert hand(game, 0) == ["thief-2"] and game.view(None)["locked"] == []
    cast(game, 0, "thief-2", target=1)
    assert game.scores == [2, 3, 0]


@covers("pumpkin/return")
def test_pumpkin_returns_the_hocus_to_its_caster():
    # Pocus Cards, Pumpkin: the Hocus goes back to its player's Hand; the Pocus are discarded.
    game = position(3, hands={0: ["spell-4", "magic-wand"], 1: ["pumpkin"]})
    hocus(game, 0, "spell-4")
    pocus(game, 0, "magic-wand")
    pocus(game, 1, "pumpkin")
    pass_all(game)
    assert game.scores == [0, 0, 0] and hand(game, 0) == ["spell-4"]
    assert sorted(game.view(None)["discard"]) == ["magic-wand", "pumpkin"]


@covers("pumpkin/lock")
def test_a_pumpkin_returned_hocus_waits_for_the_next_turn():
    # Pocus Cards, Pumpkin: the player may only play it again from their next Turn.
    game = position(2, hands={0: ["spell-4", "spell-4"], 1: ["pumpkin", "spell-1"]})
    hocus(game, 0, "spell-4")
    pocus(game, 1, "pumpkin")
    pass_all(game)
    assert game.view(None)["locked"] == ["spell-4"]
    cast(game, 0, "spell-4")               # the other copy is free (identical copies)
    assert game.scores[0] == 4
    refuse(game, 0, {"type": "hocus", "card": "spell-4", "from": "hand"}, "pumpkin/lock")
    game.apply(0, {"type": "exchange", "hand": "spell-4", "grimoire": "crystal-ball"})
    refuse(game, 0, {"type": "hocus", "card": "spell-4", "from": "grimoire"}, "pumpkin/lock")
    game.apply(0, {"type": "draw"})
    game.apply(1, {"type": "draw"})
    assert game.view(None)["locked"] == []
    hocus(game, 0, "spell-4", "grimoire")
    game.apply(0, {"type": "refill", "card": "spell-1"})
    pass_all(game)
    assert game.scores[0] == 8


@covers("counterspell/destroy")
def test_counterspell_destroys_the_hocus_and_its_pocus():
    # Pocus Cards, Counterspell: the Hocus and every Pocus on it go to the discard pile.
    game = position(3, hands={0: ["spell-3", "hourglass"], 2: ["counterspell"]})
    hocus(game, 0, "spell-3")
    pocus(game, 2, "counterspell")
    pocus(game, 0, "hourglass")
    pass_all(game)
    assert game.scores == [0, 0, 0]
    assert sorted(game.view(None)["discard"]) == ["counterspell", "hourglass", "spell-3"]


@covers("lightning/protect")
def test_the_rulebooks_lightning_example():
    # Pocus Cards, Lightning (tip): "Christophe plays a Counterspell on Claire's Thief 4. Claire
    # then plays Lightning, protecting her Thief from the Counterspell, and steals 4 Gems from
    # Christophe."
    claire, christophe = 0, 1
    game = position(3, current=claire, gems=[2, 6, 3],
                    hands={claire: ["thief-4", "lightning"], christophe: ["counterspell", "spell-1"],
                           2: ["spell-1"]})
    hocus(game, claire, "thief-4", target=christophe)
    pocus(game, christophe, "counterspell")
    pocus(game, claire, "lightning")
    pass_all(game)
    assert game.scores == [6, 2, 3]
    view = game.view(None)
    assert view["discard"] == ["counterspell"] and view["play_area"] == ["thief-4", "lightning"]


@covers("lightning/protect")
def test_lightning_voids_later_pocus_except_wands_and_undoes_mirrors():
    # Pocus Cards, Lightning: later Pocus have no effect; only the Magic Wand works.
    game = position(4, gems=[0, 5, 5, 5],
                    hands={0: ["thief-2", "lightning"], 1: ["mirror", "amulet"], 2: ["magic-wand"],
                           3: ["lightning", "counterspell"]})
    hocus(game, 0, "thief-2", target=1)
    pocus(game, 1, "mirror", target=2)          # turned towards seat 2...
    pocus(game, 2, "magic-wand")                # (before the Lightning: still works, ruling)
    pocus(game, 0, "lightning")                 # ...but the Lightning cancels the Mirror
    assert game.view(None)["hocus"]["aimed_at"] == 1
    pocus(game, 1, "amulet")                    # seat 1 is aimed at again, but it is void
    pocus(game, 3, "lightning")                 # a second Lightning is void too
    pocus(game, 3, "counterspell")
    pass_all(game)
    assert game.scores == [4, 1, 5, 5]
    view = game.view(None)
    assert view["discard"] == ["mirror"]
    assert sorted(view["play_area"]) == ["amulet", "counterspell", "lightning", "lightning",
                                         "magic-wand", "thief-2"]


@covers("mirror/target-only", "mirror/redirect")
def test_mirror_turns_the_hocus_and_chains_never_back_to_its_caster():
    # Pocus Cards, Enchanted Mirror: the target names a new target, never the caster; chains.
    game = position(4, gems=[0, 5, 5, 5],
                    hands={0: ["thief-3"], 1: ["mirror", "mirror", "spell-1"], 2: ["mirror"],
                           3: ["mirror"]})
    hocus(game, 0, "thief-3", target=1)
    refuse(game, 2, {"type": "pocus", "card": "mirror", "from": "hand", "target": 3}, "mirror/target-only")
    refuse(game, 1, {"type": "pocus", "card": "mirror", "from": "hand", "target": 0}, "mirror/redirect")
    refuse(game, 1, {"type": "pocus", "card": "mirror", "from": "hand", "target": 1}, "mirror/redirect")
    refuse(game, 1, {"type": "pocus", "card": "mirror", "from": "hand"}, "mirror/redirect")
    assert {a["target"] for a in game.legal_actions(1) if a["type"] == "pocus"} == {2, 3}
    pocus(game, 1, "mirror", target=2)
    assert game.view(None)["hocus"]["aimed_at"] == 2
    pocus(game, 2, "mirror", target=3)
    refuse(game, 1, {"type": "pocus", "card": "mirror", "from": "hand", "target": 2}, "mirror/target-only")
    pass_all(game)
    assert game.scores == [3, 5, 5, 2]        # the caster still gets the Gems


@covers("mirror/target-only")
def test_no_mirror_on_a_hocus_aimed_at_nobody():
    # Pocus Cards, Enchanted Mirror: it reverses a Hocus "of which you are the target".
    game = position(3, hands={0: ["inspiration-2"], 1: ["mirror"]})
    hocus(game, 0, "inspiration-2")
    refuse(game, 1, {"type": "pocus", "card": "mirror", "from": "hand", "target": 2}, "mirror/target-only")


@covers("hourglass/end-turn")
def test_hourglass_ends_the_turn_after_the_hocus_the_draw_still_happens():
    # Pocus Cards, Hourglass: the turn ends once that Hocus resolves; still draw 2 or take a Gem.
    game = position(3, hands={0: ["spell-2", "spell-3", "spell-1"], 1: ["hourglass"]})
    hocus(game, 0, "spell-2")
    pocus(game, 1, "hourglass")
    pass_all(game)
    assert game.scores[0] == 2 and game.view(None)["turn_over"]
    assert game.legal_actions(0) == [{"type": "draw"}, {"type": "gem"}]
    refuse(game, 0, {"type": "hocus", "card": "spell-3", "from": "hand"}, "hourglass/end-turn")
    refuse(game, 0, {"type": "exchange", "hand": "spell-3", "grimoire": "crystal-ball"},
           "hourglass/end-turn")
    game.apply(0, {"type": "draw"})
    assert len(hand(game, 0)) == 4 and game.to_act == (1,)
