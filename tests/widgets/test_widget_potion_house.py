"""Potion House's table: what a moment shows stays only as long as the person lets it.

A search's tokens, a check and the look at new cards are timed reveals: the bots and a
hand-off wait while one is open, the person's setting says how long, and once it closes
nothing of it is in the synced state (potion-house/search/lid-back, potion-house/draw/look).
"""

from __future__ import annotations

import json

from widget_helpers import act, play_through

from witchtable.widgets import TableController
from witchtable.widgets.presenters import potion_house

GAME = "potion-house"


def close(controller: TableController, state: dict) -> dict:
    reveal = state["scene"]["reveal"]
    return controller.handle({"kind": "close", "reveal": reveal["key"], "move": state["scene"]["move"]})


def declare(controller: TableController, count: int = 2) -> dict:
    return act(controller, {"type": "declare", "count": count})


def test_declaring_is_a_2_to_5_choice_then_the_new_cards_show_once_draw_declare_and_look():
    """potion-house/draw/declare, potion-house/draw/look: four buttons, then a look reveal only
    the drawer gets; once it closes the hand is a face-down count."""
    c = TableController(GAME, players=2, seed=3, pace=0.9)
    state = c.state()
    counts = [ch["action"]["count"] for g in state["scene"]["prompt"]["groups"] for ch in g["choices"]]
    assert counts == [2, 3, 4, 5]
    state = declare(c, 3)
    reveal = state["scene"]["reveal"]
    mine = c.game.view(0)["hand"]
    assert reveal["key"].startswith("look-") and [x["kind"] for x in reveal["cards"]] == mine
    assert reveal["duration_ms"] == 5000 and state["auto"]["delay"] == 5000 + 900, "bots wait for the look"
    assert [x["kind"] for x in state["scene"]["hand"]["cards"]] == ["face-down"], "face down beside the look"
    state = close(c, state)
    text = json.dumps(state)
    assert state["scene"]["reveal"] is None and state["auto"]["delay"] == 900
    assert not any(f'"{card}"' in text for card in mine), "after the look the cards are nowhere in the state"


def test_keep_my_cards_visible_is_the_marked_easier_variant_variant_cards_visible():
    """potion-house/variant/cards-visible: the hand shows the cards, and says it is easier."""
    c = TableController(GAME, players=2, seed=3, pace=0.9, keep_cards_visible=True)
    state = declare(c, 2)
    hand = state["scene"]["hand"]
    assert [x["kind"] for x in hand["cards"]] == c.game.view(0)["hand"] and "easier" in hand["label"]
    assert state["scene"]["reveal"] is None


def _to_my_turn(c: TableController) -> dict:
    state = c.state()
    for _ in range(200):
        if state["scene"]["reveal"]:
            state = close(c, state)
        elif state["auto"]:
            state = c.handle(state["auto"]["message"])
        elif c.game.to_act == (0,) and c.game.view(0)["phase"] == "turn":
            return state
        else:
            state = declare(c, 2)
    raise AssertionError("never reached seat 0's turn")


def test_a_search_opens_a_lidded_space_over_a_heap_and_nothing_stays_after_the_lid_closes_lid_back():
    """potion-house/search/everyone-sees, potion-house/search/lid-back: the reveal opens the
    searched space as a heap, the bots wait for it, and after the close no token is in the state."""
    c = TableController(GAME, players=3, seed=4, pace=0.9)
    state = _to_my_turn(c)
    assert [z.get("lid") for z in state["scene"]["table"][:4]] == [True] * 4
    state = act(c, {"type": "search", "space": 2})
    reveal = state["scene"]["reveal"]
    tokens = [x["kind"] for x in reveal["cards"]]
    assert reveal["heap"] and reveal["zone"] == "space-2" and len(tokens) == 10
    assert len(reveal["seats"]) == 3, "every player sees the open space"
    assert state["auto"]["delay"] == 5000 + 900, "the bots wait for the lid"
    state = close(c, state)
    assert state["scene"]["reveal"] is None and state["auto"]["delay"] == 900
    top = c.game.view(0)["discard_top"]
    text = json.dumps(state)
    assert not [t for t in tokens if t != top and f'"{t}"' in text], "a searched token stayed in the state"
    # the log names the space only, counted from 1 as the buttons are (the action's space 2)
    assert state["scene"]["log"][-1]["text"] == "You search storage space 3."


def test_at_pace_0_the_bots_stop_at_an_open_lid_and_go_on_when_it_closes():
    c = TableController(GAME, players=3, seed=4, pace=0)
    state = _to_my_turn(c)
    state = act(c, {"type": "search", "space": 1})
    moved = c.game.move_number
    assert state["scene"]["reveal"]["zone"] == "space-1" and c.game.to_act != (0,)
    assert state["auto"] == {"message": {"kind": "advance", "move": moved}, "delay": 5000}
    close(c, state)
    assert c.game.move_number > moved, "closing the lid lets the bots go on"


def test_the_person_sets_how_long_a_reveal_stays_and_until_closed_holds_the_bots():
    c = TableController(GAME, players=2, seed=3, pace=0.9)
    roles = {x["role"]: x for x in c.state()["scene"]["controls"]}
    assert roles["reveal-time"]["message"] == {"kind": "reveal_time", "seconds": 10.0}
    state = c.handle({"kind": "reveal_time", "seconds": None})
    assert state["notice"] is None and c.reveal_time is None
    state = declare(c, 2)
    assert state["scene"]["reveal"]["duration_ms"] is None and state["auto"] is None, "waits for the close"
    state = close(c, state)
    assert state["auto"]["delay"] == 900
    bad = c.handle({"kind": "reveal_time", "seconds": 0})
    assert bad["notice"]["level"] == "error" and c.reveal_time is None


def test_pass_and_play_keeps_the_screen_with_the_drawer_until_the_look_ends_draw_look():
    """potion-house/draw/look with two people: the hand-off waits until the drawer closes the look."""
    c = TableController(GAME, players=2, bots=None, seed=2)
    if c.state()["scene"]["handoff"]:
        c.handle({"kind": "handoff"})
    state = declare(c, 2)
    assert state["scene"]["handoff"] is None and state["scene"]["reveal"]["key"].startswith("look-")
    assert state["scene"]["seat"] == 0
    state = close(c, state)
    assert state["scene"]["handoff"]["to"] == 1 and state["scene"]["reveal"] is None


def test_concocting_is_card_then_space_in_order_and_the_check_shows_space_by_space_concoct_assign_check():
    """potion-house/concoct/assign, potion-house/concoct/check: one row per card with four spaces,
    the placed cards numbered in order, then a step-by-step check reveal."""
    c = TableController(GAME, players=2, seed=3, pace=0.9)
    state = _to_my_turn(c)
    state = act(c, {"type": "concoct"})
    rows = state["scene"]["prompt"]["groups"][0]["rows"]
    cards = [r["card"]["kind"] for r in rows]
    assert len(cards) == 2 and all(len(r["choices"]) == 4 for r in rows)
    state = act(c, {"type": "assign", "card": cards[1], "space": 3})
    potion = next(z for z in state["scene"]["table"] if z["key"] == "potion")
    assert potion["cards"][0]["kind"] == cards[1] and potion["cards"][0]["caption"].startswith("1.")
    state = act(c, {"type": "assign", "card": cards[0], "space": 0})
    check = state["scene"]["reveal"]
    assert check["key"].startswith("check-") and check["steps"]
    assert [x["kind"] for x in check["cards"]] == [cards[1], cards[0]]
    first = check["cards"][0]["caption"]
    assert first.startswith("1. space 4: ") and ("found" in first or "missing" in first)


def _over(totals: list, bags: list, winners: list) -> dict:
    return {"is_over": True, "winners": winners, "totals": totals, "bags": bags,
            "log": [{"kind": "potion", "actor": s, "text": "", "msg": ""} for s, bag in enumerate(bags)
                    for _ in bag]}


def test_the_game_over_panel_gives_the_scoring_and_the_tie_break_end_winner_fewer_potions_shared():
    """potion-house/end/winner (the rulebook's example: 5+3+3 = 11 beats 2+2+4+2 = 10),
    potion-house/end/fewer-potions and potion-house/end/shared, as the panel words them."""
    names = ["Ann", "Bo"]
    example = _over([11, 10], [[5, 3, 3], [2, 2, 4, 2]], [0])
    board = potion_house._scoreboard(example, names)
    assert [r["cells"][0]["text"] for r in board["rows"]] == ["5 + 3 + 3 (3)", "2 + 2 + 4 + 2 (4)"]
    assert "fewer potions" in board["caption"]
    assert "Ann won by 1 over Bo" in potion_house._gameover(example, names, None)["text"]
    tie = potion_house._gameover(_over([10, 10], [[5, 5], [2, 4, 2, 2]], [0]), names, 1)
    assert tie["title"] == "Ann wins" and "the tie-break (fewer potions) decides" in tie["text"]
    shared = potion_house._gameover(_over([10, 10], [[5, 5], [5, 5]], [0, 1]), names, None)
    assert shared["title"] == "Ann and Bo share the victory"


def test_a_whole_game_against_the_memory_bots_through_the_controller():
    c = TableController(GAME, players=3, seed=9, pace=0.9)
    final = play_through(c, seed=9)
    over = final["scene"]["gameover"]
    assert over and final["scene"]["scoreboard"]["rows"] and over["story"]


def test_table_js_opens_the_lid_over_a_heap_and_leaves_nothing_once_the_time_is_up():
    """potion-house/search/lid-back in the page (table.js in Node): the heap is drawn inside the
    searched space, its lid open; when the time ends the page sends the close, and then no
    token is in the DOM and the lid is closed."""
    import shutil

    import pytest
    from test_widget_node import Page

    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    c = TableController(GAME, players=3, seed=4, pace=0.9)
    _to_my_turn(c)
    state = act(c, {"type": "search", "space": 2})
    tokens = [x["kind"] for x in state["scene"]["reveal"]["cards"]]
    page = Page(c)
    try:
        page.op("update", state=state)
        drawn = page.query(".wt-zone[data-zone=space-2][data-lid=open] .wt-heap .wt-token")
        assert sorted(t["attrs"]["data-card"] for t in drawn) == sorted(tokens)
        assert len(page.query(".wt-zone[data-lid=closed]")) == 3
        assert page.op("wait", ms=4999)["sent"] == []
        answer = page.op("wait", ms=1, html=True)
        assert answer["sent"] == [{"kind": "close", "reveal": state["scene"]["reveal"]["key"],
                                   "move": state["scene"]["move"]}]
        top = c.game.view(0)["discard_top"]
        assert not any(f'data-card="{t}"' in answer["html"] for t in tokens if t != top)
        page.deliver(answer)
        assert page.query(".wt-token") == [] and len(page.query(".wt-zone[data-lid=closed]")) == 4
    finally:
        page.close()


def test_a_table_of_bots_only_plays_to_the_end_through_its_searches():
    """A search's timed reveal holds the bots only while a person watches: with no person
    at the table (seat none, pace 0) the game plays on to its end."""
    from witchtable.widgets import TableController

    table = TableController("potion-house", players=3, seat=None, seed=3, pace=0)
    assert table.game.is_over, "bots only, unpaced: the game is played out at once"
