"""Potion House, rule by rule: a test per rule id, the rulebook's scoring example, and the
no-memory proofs (after a reveal has passed, nothing of it is in any view or log).

Each test names its rule id(s) in its docstring and cites the section of
``potion-house.txt``. Positions are stacked white-box (the storage spaces and the hands of
a real game rewritten). Rule coverage, rulebook sections and the docs page's freshness are
checked for every game by ``tests/engine/test_every_game.py``.
"""

from __future__ import annotations

import json
import random

import pytest

from witchtable.engine import GAMES, IllegalAction, new_game
from witchtable.engine.bots import make_bot
from witchtable.engine.core import shuffled
from witchtable.engine.games.potion_house.bot import DIFFICULTY, HumanMemoryBot, PerfectMemoryBot
from witchtable.engine.games.potion_house.ingredients import FAMILIES, HOUSE_INGREDIENTS, IDS
from witchtable.engine.sim import play_out, simulate

G = "potion-house"
P = G + "/"
INDEX = {name: i for i, name in enumerate(IDS)}


# --------------------------------------------------------------------------- helpers


def started(players: int = 2, seed: int = 0, count: int = 2, **options):
    """A game past the setup draws: everyone declared ``count`` cards; the first turn waits."""
    game = new_game(G, players, seed, **options)
    for _ in range(players):
        game.apply(game.to_act[0], {"type": "declare", "count": count})
    return game


def stack(game, spaces: list[list[str]] | None = None, hands: dict[int, list[str]] | None = None):
    """Rewrite the storage spaces (four lists of ten ids) and some hands (ids from the draw pile)."""
    state = game._state
    if spaces is not None:
        assert sorted(t for s in spaces for t in s) == sorted(IDS) and all(len(s) == 10 for s in spaces)
        state.spaces = [sorted(INDEX[t] for t in s) for s in spaces]
        for k, space in enumerate(state.spaces):
            for t in space:
                state.where[t] = k
    for seat, cards in (hands or {}).items():
        state.draw += state.hands[seat]
        codes = [INDEX[c] for c in cards]
        for code in codes:
            for zone in (state.draw, state.discard, *state.hands):
                if code in zone:
                    zone.remove(code)
        state.hands[seat] = codes
    return game


def spaces_of(game) -> list[list[str]]:
    return [[IDS[t] for t in space] for space in game._state.spaces]


def where(game, card: str) -> int:
    return game._state.where[INDEX[card]]


def concoct(game, seat: int, plan: list[tuple[str, int]]) -> None:
    """Concoct with ``seat``'s cards placed as ``plan`` ((card, space) in placing order)."""
    game.apply(seat, {"type": "concoct"})
    for card, space in plan:
        game.apply(seat, {"type": "assign", "card": card, "space": space})


def right(game, seat: int) -> list[tuple[str, int]]:
    return [(IDS[c], game._state.where[c]) for c in game._state.hands[seat]]


def wrong_first(game, seat: int) -> list[tuple[str, int]]:
    plan = right(game, seat)
    card, space = plan[0]
    return [(card, (space + 1) % 4), *plan[1:]]


def snapshot(game) -> str:
    return json.dumps([game.view(s) for s in [None, *range(game.players)]], sort_keys=True)


def assert_illegal(game, seat: int, action: dict, rule: str, match: str = "") -> IllegalAction:
    before = snapshot(game)
    with pytest.raises(IllegalAction) as err:
        game.apply(seat, action)
    assert err.value.rule == rule, err.value
    assert match in err.value.message
    assert snapshot(game) == before
    return err.value


def without_table(view: dict) -> str:
    """A view as JSON without the ingredient table (which names every ingredient)."""
    return json.dumps({k: v for k, v in view.items() if k != "card_info"})


def all_views(game) -> list[dict]:
    return [game.view(s) for s in [None, *range(game.players)]]


def redeal_spaces(state, rng: random.Random, keep: int | None = None) -> None:
    """Re-deal every token among the storage spaces (ten each), except space ``keep``."""
    spaces = [k for k in range(4) if k != keep]
    tokens = shuffled(rng, [t for k in spaces for t in state.spaces[k]])
    for i, k in enumerate(spaces):
        state.spaces[k] = sorted(tokens[i * 10:(i + 1) * 10])
        for t in state.spaces[k]:
            state.where[t] = k


# --------------------------------------------------------------------------- components, setup


def test_components_ingredients():
    """potion-house/components/ingredients: 40 distinct ingredients, one card and one token each."""
    # Rulebook: Game Contents (40 Ingredient cards, 40 Ingredient tokens).
    assert len(HOUSE_INGREDIENTS) == 40 == len({v["name"] for v in HOUSE_INGREDIENTS.values()})
    assert sum(len(names) for names in FAMILIES.values()) == 40
    game = new_game(G, 3, 1)
    inventory = game._state.inventory()
    assert inventory["cards"] == [1] * 40 and inventory["tokens"] == [1] * 40
    assert set(game.view(None)["card_info"]) == set(IDS)
    # House data: the option renames ingredients (ids stay) and refuses nonsense.
    renamed = new_game(G, 2, 1, ingredients={"moonflower": {"name": "Night Lily", "family": "lily"}})
    assert renamed.view(None)["card_info"]["moonflower"] == {"name": "Night Lily", "family": "lily"}
    for bad in ({"no-such": {"name": "x"}}, {"moonflower": {"name": ""}}, {"moonflower": "x"},
                {"moonflower": {"name": "Foxglove"}}, [1]):
        with pytest.raises(ValueError):
            new_game(G, 2, 1, ingredients=bad)


def test_components_potions_and_bag_four():
    """potion-house/components/potions + potion-house/bag/four: tokens 2-5 (20 of 2/3, 20 of 4/5),
    four bag spaces; the supply never runs out."""
    # Rulebook: Game Contents (40 Potion tokens, 5 Bag cards with 4 spaces each).
    game = started(5)
    view = game.view(None)
    assert view["potion_supply"] == {"2-3": 20, "4-5": 20} and view["bag_size"] == 4
    # The most a table can use is five full bags of one kind: twenty tokens.
    assert 5 * view["bag_size"] <= min(view["potion_supply"].values())
    state = game._state
    stack(game, hands={0: [IDS[0], IDS[1], IDS[2], IDS[3], IDS[4]]})
    concoct(game, 0, right(game, 0))
    assert game.view(None)["bags"][0] == [5]
    assert game.view(None)["potion_supply"] == {"2-3": 20, "4-5": 19}
    assert state.inventory()["potions"] == {"2-3": 20, "4-5": 20}


def test_setup_storage_and_storage_fixed():
    """potion-house/setup/storage + potion-house/storage/fixed: ten random tokens per space, and
    they never move all game."""
    # Rulebook: Setup step 4; 1. Search the Attic (NOTE: tokens never leave their space).
    layouts = set()
    for seed in range(5):
        game = new_game(G, 3, seed)
        start = spaces_of(game)
        assert [len(s) for s in start] == [10] * 4
        layouts.add(json.dumps(start))
        bots = [make_bot("perfect", G, s) for s in range(3)]
        play_out(game, bots, random.Random(seed))
        assert spaces_of(game) == start
    assert len(layouts) == 5


def test_setup_deck():
    """potion-house/setup/deck: the 40 cards are shuffled into a face-down draw pile."""
    # Rulebook: Setup step 3.
    game = new_game(G, 2, 4)
    view = game.view(None)
    assert view["draw_size"] == 40 and view["discard_size"] == 0 and "draw" not in view
    orders = {tuple(new_game(G, 2, seed)._state.draw) for seed in range(5)}
    assert len(orders) == 5


def test_setup_first_player_and_setup_draw():
    """potion-house/setup/first-player + potion-house/setup/draw: seat 0 (or first_player) draws and
    plays first; every player declares and draws once before the first turn, in turn order."""
    # Rulebook: Setup step 6 (the last to have watched a film about sorcery starts; clockwise).
    game = new_game(G, 3, 1, first_player=1)
    order = []
    while game.view(None)["phase"] == "declare":
        seat = game.to_act[0]
        order.append(seat)
        assert [a["type"] for a in game.legal_actions(seat)] == ["declare"] * 4
        game.apply(seat, {"type": "declare", "count": 3})
    assert order == [1, 2, 0]
    view = game.view(None)
    assert view["phase"] == "turn" and game.to_act == (1,) and view["hand_sizes"] == [3, 3, 3]
    assert view["turn"] == 1 and view["round"] == 1
    with pytest.raises(ValueError, match="first_player"):
        new_game(G, 3, 1, first_player=3)


def test_draw_declare():
    """potion-house/draw/declare: the count (2-5) is declared first, then exactly that many are drawn."""
    # Rulebook: Setup ("Important: ... say how many cards you are going to take before drawing").
    game = new_game(G, 2, 2)
    for bad in (1, 6, 0):
        assert_illegal(game, 0, {"type": "declare", "count": bad}, P + "draw/declare", "2 to 5")
    assert_illegal(game, 0, {"type": "search", "space": 0}, P + "draw/declare", "declare")
    assert_illegal(game, 0, {"type": "declare", "count": "3"}, "core/action-format")
    game.apply(0, {"type": "declare", "count": 4})
    assert game.view(None)["hand_sizes"] == [4, 0]
    entry = game.view(1)["log"][-1]
    assert entry["kind"] == "declare" and entry["count"] == 4
    # After a potion (working or not) the next draw is declared again.
    game.apply(1, {"type": "declare", "count": 2})
    concoct(game, 0, wrong_first(game, 0))
    assert game.view(None)["phase"] == "declare" and game.to_act == (0,)
    game.apply(0, {"type": "declare", "count": 5})
    assert game.view(None)["hand_sizes"] == [5, 2] and game.to_act == (1,)


def test_draw_look():
    """potion-house/draw/look: the drawer sees the new cards until the next action; then nobody's view
    (not even the owner's) holds them until they are turned over."""
    # Rulebook: Setup step 6 ("check what is on the cards and place these ... face down").
    game = new_game(G, 3, 5)
    game.apply(0, {"type": "declare", "count": 3})
    drawn = [IDS[c] for c in game._state.hands[0]]
    assert game.view(0)["hand"] == drawn and game.view(0)["looking"] == 0
    assert game.view(1)["hand"] is None and game.view(None)["hand"] is None
    assert not any(c in without_table(game.view(1)) for c in drawn)
    game.apply(1, {"type": "declare", "count": 2})
    assert game.view(0)["hand"] is None and game.view(0)["looking"] == 1
    assert game.view(0)["hand_sizes"][0] == 3
    assert not any(c in json.dumps(game.view(0)["log"]) for c in drawn)
    assert game.history[0].reveals == frozenset({0})


def test_variant_cards_visible():
    """potion-house/variant/cards-visible: with keep_cards_visible your own cards stay in your view
    (and only yours)."""
    # Rulebook: Setup step 6 has them face down; this is the project's easier variant.
    game = started(3, 5, keep_cards_visible=True)
    for seat in range(3):
        assert game.view(seat)["hand"] == [IDS[c] for c in game._state.hands[seat]]
        assert game.view(seat)["keep_cards_visible"] is True
    assert game.view(None)["hand"] is None
    assert GAMES[G].options["keep_cards_visible"] is False
    with pytest.raises(ValueError, match="keep_cards_visible"):
        new_game(G, 2, 1, keep_cards_visible="yes")


def test_draw_reshuffle():
    """potion-house/draw/reshuffle: an empty draw pile is replaced by the shuffled discard pile, even
    in the middle of a draw; only the discard pile's top card is on show."""
    # Rulebook: 2. Concoct a potion (NOTE: if the draw pile is empty, shuffle the discard pile).
    game = started(2, 3)
    state = game._state
    state.discard = state.draw[1:]
    state.draw = state.draw[:1]
    before = game.view(None)["discard_size"]
    concoct(game, 0, wrong_first(game, 0))
    game.apply(0, {"type": "declare", "count": 3})
    view = game.view(None)
    assert view["hand_sizes"][0] == 3
    assert view["draw_size"] == before + 2 + 1 - 3 and view["discard_size"] == 0
    assert view["log"][-1]["kind"] == "reshuffle"
    assert state.inventory()["cards"] == [1] * 40
    assert "discard" not in view and view["discard_top"] is None


# --------------------------------------------------------------------------- the turn


def test_turn_order_and_turn_choose():
    """potion-house/turn/order + potion-house/turn/choose: turns pass to the next seat; a turn is one
    search or one potion, nothing else."""
    # Rulebook: How to Play (clockwise turns; Search the Attic OR Concoct a potion).
    game = started(3, 1)
    assert [a["type"] for a in game.legal_actions(0)] == ["search"] * 4 + ["concoct"]
    assert_illegal(game, 0, {"type": "declare", "count": 3}, P + "turn/choose", "search")
    assert_illegal(game, 0, {"type": "assign", "card": IDS[0], "space": 0}, P + "turn/choose")
    seats = []
    for _ in range(6):
        seats.append(game.to_act[0])
        game.apply(game.to_act[0], {"type": "search", "space": 0})
    assert seats == [0, 1, 2, 0, 1, 2]
    assert game.view(None)["round"] == 3 and game.view(None)["turn"] == 7


def test_search_one_space():
    """potion-house/search/one-space: a search opens exactly one of the spaces 0-3."""
    # Rulebook: 1. Search the Attic (Necrochu's first rule: only one storage space).
    game = started(2, 1)
    assert_illegal(game, 0, {"type": "search", "space": 4}, P + "search/one-space", "four")
    assert_illegal(game, 0, {"type": "search", "space": -1}, P + "search/one-space")
    assert_illegal(game, 0, {"type": "search", "space": 1.0}, "core/action-format")
    assert_illegal(game, 0, {"type": "search"}, "core/action-format")
    game.apply(0, {"type": "search", "space": 2})
    assert game.view(None)["reveal"]["space"] == 2 and game.to_act == (1,)


def test_search_everyone_sees():
    """potion-house/search/everyone-sees: every seat and the spectator see the ten tokens, until the
    next action; the log names the space only."""
    # Rulebook: 1. Search the Attic (the other sorcerers can look; nobody may stop them seeing).
    game = started(3, 7)
    game.apply(0, {"type": "search", "space": 1})
    tokens = sorted(spaces_of(game)[1], key=INDEX.get)
    for view in all_views(game):
        assert view["reveal"] == {"kind": "search", "seat": 0, "space": 1, "tokens": tokens}
        entry = view["log"][-1]
        assert entry["kind"] == "search" and entry["space"] == 1
        assert not any(t in json.dumps(entry) for t in tokens)
    assert game.history[-1].reveals == frozenset({0, 1, 2})
    assert game.takeback(0)[0] == 0   # everyone saw hidden tokens: no player-facing undo


def test_search_lid_back_no_memory_proof():
    """potion-house/search/lid-back: once the next action is played, re-dealing the storage spaces
    leaves every view (logs included) unchanged: no view remembers for a player."""
    # Rulebook: 1. Search the Attic (Necrochu's fifth rule: put the lid back).
    checked = 0
    for seed in range(4):
        game = new_game(G, 3, seed)
        bots = [make_bot(kind, G, seed * 7 + s) for s, kind in enumerate(("perfect", "human", "random"))]
        rng = random.Random(seed)
        while not game.is_over and game.move_number < 200:
            seat = game.to_act[0]
            game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
            for s, bot in enumerate(bots):
                if hasattr(bot, "observe"):
                    bot.observe(game.view(s))
            state = game._state
            reveal = state.reveal
            if reveal is not None and reveal["kind"] == "check":
                continue   # a check on show pins some tokens; the generic determinize covers it
            before = all_views(game)
            original = ([list(s) for s in state.spaces], list(state.where))
            keep = reveal["space"] if reveal is not None else None
            redeal_spaces(state, rng, keep)
            assert all_views(game) == before, f"a view depends on the spaces (move {game.move_number})"
            state.spaces, state.where = original
            checked += 1
    assert checked > 100


def test_search_lid_back_log_never_names_a_token():
    """potion-house/search/lid-back + potion-house/concoct/check: no log entry of a whole game names
    an ingredient, for any seat."""
    # Rulebook: 1. Search the Attic; 2. Concoct a potion (the check).
    game = new_game(G, 4, 3)
    play_out(game, [make_bot(k, G, s) for s, k in enumerate(("perfect", "human", "human-easy", "random"))],
             random.Random(3))
    kinds = {entry["kind"] for entry in game.view(None)["log"]}
    assert {"search", "concoct", "assign", "declare", "game-end"} <= kinds
    for seat in [None, 0, 1, 2, 3]:
        text = json.dumps(game.view(seat)["log"])
        assert not [c for c in IDS if f'"{c}"' in text]


def test_concoct_reveal():
    """potion-house/concoct/reveal: concocting turns all the player's cards face up for everyone."""
    # Rulebook: 2. Concoct a potion, step 1.
    game = started(2, 9, count=3)
    cards = [IDS[c] for c in game._state.hands[0]]
    assert game.view(0)["hand"] is None
    game.apply(0, {"type": "concoct"})
    for view in all_views(game):
        assert view["potion"] == {"seat": 0, "cards": cards, "placed": []}
        assert view["phase"] == "assign" and view["hand_sizes"] == [0, 3]
    assert game.history[-1].reveals == frozenset({0, 1})


def test_concoct_assign():
    """potion-house/concoct/assign: each card once, by one of the four spaces, in the order chosen."""
    # Rulebook: 2. Concoct a potion, steps 2-3 (restart for each card).
    game = started(2, 9, count=3)
    cards = [IDS[c] for c in game._state.hands[0]]
    other = next(c for c in IDS if c not in cards)
    game.apply(0, {"type": "concoct"})
    assert len(game.legal_actions(0)) == 12
    assert_illegal(game, 0, {"type": "concoct"}, P + "concoct/assign", "place")
    assert_illegal(game, 0, {"type": "assign", "card": other, "space": 0}, P + "concoct/assign",
                   "not one of your potion's cards")
    assert_illegal(game, 0, {"type": "assign", "card": cards[0], "space": 4}, P + "concoct/assign")
    assert_illegal(game, 0, {"type": "assign", "card": "no-such", "space": 0}, "core/action-format")
    game.apply(0, {"type": "assign", "card": cards[2], "space": 3})
    assert_illegal(game, 0, {"type": "assign", "card": cards[2], "space": 1}, P + "concoct/assign",
                   "already placed")
    view = game.view(1)
    assert view["potion"]["placed"] == [{"card": cards[2], "space": 3}]
    assert view["potion"]["cards"] == cards[:2] and view["log"][-1]["space"] == 3
    assert cards[2] not in json.dumps(view["log"])
    assert {a["card"] for a in game.legal_actions(0)} == set(cards[:2])


def test_concoct_check_stops_at_first_mistake():
    """potion-house/concoct/check: checked in placing order; the check stops at the first missing
    ingredient and shows only the verdicts, until the next action."""
    # Rulebook: 2. Concoct a potion (check each space; stop at a mistake).
    game = started(2, 11, count=4)
    plan = right(game, 0)
    plan[1] = (plan[1][0], (plan[1][1] + 1) % 4)
    concoct(game, 0, plan)
    for view in all_views(game):
        reveal = view["reveal"]
        assert reveal["kind"] == "check" and reveal["success"] is False
        assert [c["found"] for c in reveal["cards"]] == [True, False, None, None]
        assert [(c["card"], c["space"]) for c in reveal["cards"]] == plan
        assert "tokens" not in reveal
        entry = view["log"][-1]
        assert entry["kind"] == "fail" and entry["checked"] == 2 and entry["count"] == 4
    game.apply(0, {"type": "declare", "count": 2})
    assert all(v["reveal"] is None for v in all_views(game))


def test_concoct_success():
    """potion-house/concoct/success: the token worth the card count goes into the bag, the cards to
    the discard pile, then a declared draw."""
    # Rulebook: 2. Concoct a potion (all found: take the Potion token ..., discard, draw 2-5).
    game = started(2, 13, count=3)
    plan = right(game, 0)
    concoct(game, 0, plan)
    view = game.view(1)
    assert view["bags"] == [[3], []] and view["totals"] == [3, 0] and view["scores"] == [3, 0]
    assert view["reveal"]["success"] is True and all(c["found"] for c in view["reveal"]["cards"])
    assert view["discard_size"] == 3 and view["discard_top"] == plan[-1][0]
    assert view["log"][-1]["kind"] == "potion" and view["phase"] == "declare"
    assert game.to_act == (0,)
    game.apply(0, {"type": "declare", "count": 2})
    assert game.to_act == (1,)


def test_concoct_failure():
    """potion-house/concoct/failure: a failed potion scores nothing; all its cards are discarded and
    a new declared draw follows."""
    # Rulebook: 2. Concoct a potion (a mistake: discard all the cards and draw 2-5).
    game = started(2, 13, count=5)
    concoct(game, 0, wrong_first(game, 0))
    view = game.view(None)
    assert view["bags"] == [[], []] and view["discard_size"] == 5 and view["phase"] == "declare"
    assert view["reveal"]["cards"][0]["found"] is False


# --------------------------------------------------------------------------- end of the game


def finish_with(game, seat: int, count_cards: int | None = None) -> None:
    """``seat`` (to act, in its turn phase) concocts its stacked cards correctly."""
    concoct(game, seat, right(game, seat))
    if game.view(None)["phase"] == "declare":
        game.apply(seat, {"type": "declare", "count": 2})


def test_end_full_bag_round_is_completed():
    """potion-house/end/full-bag: when seat 0 fills its bag, seats 1 and 2 still play their turn,
    then the game ends; the filler draws no more."""
    # Rulebook: End of the Game (players keep taking turns until all had the same number).
    game = started(3, 17)
    game._state.bags[0] = [2, 2, 2]
    concoct(game, 0, right(game, 0))
    view = game.view(None)
    assert view["ending"] is True and view["ended_by"] == 0 and not game.is_over
    assert view["hand_sizes"][0] == 0 and game.to_act == (1,)
    assert view["log"][-1]["kind"] == "bag-full"
    game.apply(1, {"type": "search", "space": 0})
    assert game.to_act == (2,)
    game.apply(2, {"type": "search", "space": 0})
    assert game.is_over and game.to_act == () and game.legal_actions(0) == []
    assert game.winners == [0]
    with pytest.raises(IllegalAction) as err:
        game.apply(0, {"type": "search", "space": 0})
    assert err.value.rule == "core/game-over"


def test_end_full_bag_by_last_seat_ends_at_once():
    """potion-house/end/full-bag: a bag filled by the round's last seat ends the game at once."""
    # Rulebook: End of the Game.
    game = started(2, 19)
    game._state.bags[1] = [2, 2, 2]
    game.apply(0, {"type": "search", "space": 3})
    concoct(game, 1, right(game, 1))
    assert game.is_over and game.winners == [1]


def test_scoring_public():
    """potion-house/scoring/public: every seat and the spectator see every bag and total."""
    # Rulebook: End of the Game (each sorcerer adds their Potion tokens).
    game = started(3, 21)
    concoct(game, 0, right(game, 0))
    for view in all_views(game):
        assert view["bags"][0] == [2] and view["totals"] == [2, 0, 0] == view["scores"]


def test_end_winner_rulebook_scoring_example():
    """potion-house/end/winner: the rulebook's example: 5 + 3 + 3 = 11 beats 2 + 2 + 4 + 2 = 10."""
    # Rulebook: End of the Game (Example: sorcerer 1 scores 11, sorcerer 2 scores 10).
    game = started(2, 23)
    state = game._state
    state.bags = [[5, 3], [2, 2, 4]]
    stack(game, hands={0: list(IDS[:3]), 1: list(IDS[3:5])})
    finish_with(game, 0)
    assert game.view(None)["bags"][0] == [5, 3, 3]
    concoct(game, 1, right(game, 1))
    assert game.is_over
    assert game.view(None)["bags"] == [[5, 3, 3], [2, 2, 4, 2]]
    assert game.scores == [11, 10] and game.winners == [0]
    assert "Player 1 wins" in game.view(None)["log"][-1]["text"]


def test_end_fewer_potions():
    """potion-house/end/fewer-potions: equal totals: the player with fewer potions wins."""
    # Rulebook: End of the Game (a tie: the most points with the least potions wins).
    game = started(2, 25)
    game._state.bags = [[4, 4], [2, 2, 4]]
    stack(game, hands={0: list(IDS[:2]), 1: list(IDS[2:4])})
    finish_with(game, 0)
    concoct(game, 1, right(game, 1))
    assert game.scores == [10, 10] and game.winners == [0]


def test_end_shared():
    """potion-house/end/shared: equal totals and potion counts share the victory."""
    # Rulebook: End of the Game (if a tie persists, the sorcerers share the victory).
    game = started(3, 27)
    game._state.bags = [[2, 2, 2], [3, 3, 2], [2, 2, 2]]
    stack(game, hands={0: list(IDS[:2]), 1: list(IDS[2:4]), 2: list(IDS[4:7])})
    concoct(game, 0, right(game, 0))
    game.apply(1, {"type": "search", "space": 0})
    concoct(game, 2, right(game, 2))
    assert game.is_over and game.scores == [8, 8, 9]
    game = started(3, 27)
    game._state.bags = [[2, 2, 2], [4, 2], [2, 2, 2]]
    stack(game, hands={0: list(IDS[:2]), 1: list(IDS[2:4]), 2: list(IDS[4:6])})
    concoct(game, 0, right(game, 0))
    game.apply(1, {"type": "search", "space": 0})
    concoct(game, 2, right(game, 2))
    assert game.scores == [8, 6, 8] and game.winners == [0, 2]
    assert "share the victory" in game.view(None)["log"][-1]["text"]


# --------------------------------------------------------------------------- memory, bots


def test_own_cards_no_memory_proof():
    """potion-house/draw/look: after the look, swapping a player's cards for others leaves every view
    unchanged (the table does not remember your cards for you)."""
    # Rulebook: Setup step 6 (face down).
    game = started(3, 29, count=4)
    game.apply(0, {"type": "search", "space": 0})
    state = game._state
    before = all_views(game)
    state.hands[1], state.draw[-4:] = state.draw[-4:], state.hands[1]
    assert all_views(game) == before


def test_bots_remember_only_what_views_showed():
    """potion-house/search/everyone-sees: a memory bot learns a search only by seeing the view; shown
    nothing between its turns it knows only what its own views held."""
    # Rulebook: 1. Search the Attic.
    game = started(2, 31)
    watcher, blind = PerfectMemoryBot(1), PerfectMemoryBot(1)
    for seat, space in ((0, 2), (1, 0), (0, 1)):
        game.apply(seat, {"type": "search", "space": space})
        watcher.observe(game.view(1))
    for bot in (watcher, blind):
        bot.observe(game.view(1))
    known = {c for c, cand in watcher.cand.items() if len(cand) == 1}
    assert known == set(IDS)   # three spaces seen: the fourth is deduced
    assert {c for c, cand in blind.cand.items() if len(cand) == 1} == set(spaces_of(game)[1])
    for card in IDS:
        assert watcher.cand[card] == {where(game, card)}


def test_human_memory_forgets_and_confuses():
    """potion-house/search/everyone-sees: the human-like memory notices few tokens, forgets them with
    time and files some under look-alikes; harder levels remember more."""
    # Rulebook: 1. Search the Attic (memory is the game).
    assert DIFFICULTY["easy"].half_life < DIFFICULTY["medium"].half_life < DIFFICULTY["hard"].half_life
    game = started(2, 33)
    game.apply(0, {"type": "search", "space": 0})
    view = game.view(1)
    recalled = {}
    for level in DIFFICULTY:
        counts, wrong = [], 0
        for seed in range(200):
            bot = HumanMemoryBot(seed, level)
            bot.observe(view)
            now = [c for c in bot.where if bot._recall(c, view["turn"]) is not None]
            later = [c for c in bot.where if bot._recall(c, view["turn"] + 20) is not None]
            counts.append((len(now), len(later)))
            wrong += sum(1 for c in bot.where if where(game, c) != 0)
        recalled[level] = (sum(a for a, _ in counts), sum(b for _, b in counts), wrong)
        assert recalled[level][1] < recalled[level][0]
    assert recalled["easy"][0] < recalled["medium"][0] < recalled["hard"][0]
    assert recalled["easy"][2] > recalled["hard"][2] > 0


def test_bot_kinds_and_perfect_memory_wins():
    """potion-house/end/winner: the bot kinds exist and perfect memory beats the human-like one."""
    # Rulebook: Object of the Game.
    for kind in ("perfect", "human", "human-easy", "human-hard", "heuristic", "random"):
        assert make_bot(kind, G, 1).choose
    with pytest.raises(ValueError, match="perfect"):
        make_bot("genius", G)
    result = simulate(G, 2, 40, seed=5, bots=["human", "perfect"])
    assert result["win_rate"][1] > 0.8


def test_explain_and_illegal_messages():
    """potion-house/turn/choose: the explorer explains near misses with the rule behind each."""
    # Rulebook: How to Play.
    game = new_game(G, 2, 1)
    notes = {json.dumps(n["action"], sort_keys=True): n for n in game.explain(0)}
    assert notes['{"count": 6, "type": "declare"}']["rule"] == P + "draw/declare"
    assert notes['{"count": 2, "type": "declare"}']["legal"]
    assert notes['{"count": 2, "type": "declare"}']["rule"] == P + "setup/draw"
    err = assert_illegal(game, 0, {"type": "declare", "count": 3, "x": 1}, "core/action-format")
    assert "no field(s) x; its fields are: count" in err.message


def test_turn_choose_the_actions_and_phases_are_declared():
    """potion-house/turn/choose: the actions, the phases and the mutable parts are declared
    (issue 28.1), so the core's ``validate`` and ``copy`` serve this game as every other."""
    from witchtable.engine.core import State
    from witchtable.engine.games.potion_house.state import ACTIONS, PotionHouseState

    assert PotionHouseState.validate is State.validate and PotionHouseState.copy is State.copy
    assert PotionHouseState.action_format is ACTIONS and PotionHouseState.mutable
    phases = PotionHouseState.phase_table.phases
    assert {t for phase in phases.values() for t in phase.actions} == set(ACTIONS.order)
