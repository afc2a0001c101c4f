"""The explorer's strict "view as": viewing as a seat syncs exactly what that seat may know.

For every registered game: at positions along a game the explorer holds (its end, and an
earlier position with the rest of the line ahead), the whole synced state of each seat's
view is compared with the state the explorer syncs when everything that seat has not seen
is dealt anew (``Game.sample``: consistent with the seat's whole log; a game that cannot
sample yet re-deals what the seat cannot see now, ``State.determinize``) and every other
seat's moves are known to it by their kind only. Equal: nothing the seat cannot know
(another hand, another seat's options or near misses, the seed in the save box) reaches
the browser. The god view keeps showing all. (docs/widgets.md, "The strict view".)
"""

from __future__ import annotations

import json
import random

import pytest
from widget_helpers import offered_actions

from witchtable.engine import GAMES
from witchtable.engine.sim import pick_seat
from witchtable.widgets import TableController

GAME_IDS = list(GAMES)


def usual_players(spec) -> int:
    return min(max(3, spec.min_players), spec.max_players)


def explorer_after(game_id: str, moves: int, seed: int) -> TableController:
    """An explorer whose line holds ``moves`` random moves (fewer if the game ends)."""
    players = usual_players(GAMES[game_id])
    controller = TableController(game_id, players=players, seed=seed, mode="explore", seat=None)
    rng = random.Random(seed)
    for _step in range(moves):
        game = controller.game
        if game.is_over:
            break
        seat = pick_seat(game, rng)
        action = rng.choice(game.legal_actions(seat))
        message = {"kind": "act", "action": action, "move": game.move_number, "seat": seat}
        if controller.state()["scene"].get("clock"):
            message["ms"] = 1500  # a timed game (Hocus Focus): the clock's milliseconds
        state = controller.handle(message)
        assert state["notice"] is None or state["notice"]["level"] != "error", state["notice"]
    return controller


def redealt_state(controller: TableController, seat: int, rng: random.Random) -> dict:
    """The state synced when what ``seat`` has not seen is dealt anew (nothing kept after)."""
    game, line = controller.game, controller.line
    try:
        sample = game.sample(seat, rng)
    except NotImplementedError:  # a game without State.sample yet: re-deal what the seat sees now
        sample = game.clone()
        sample._state = game._state.determinize(seat, rng)  # the engine's re-deal (test only)
    masked = [[s, a if s == seat else {"type": a["type"]}] for s, a in line]
    try:
        controller.game, controller.line = sample, masked
        return controller.state()
    finally:
        controller.game, controller.line = game, line


def assert_strict(controller: TableController, rng: random.Random) -> int:
    """Each seat's view: equal under a re-deal; returns how many views had a seat to wait for."""
    waiting = 0
    for seat in range(controller.game.players):
        state = controller.handle({"kind": "view_as", "seat": seat})
        state.pop("seq")
        assert state["scene"]["save"] is None and state["scene"]["load"] is None, "the seed tells every card"
        assert state["scene"]["save_note"]
        for _sample in range(2):
            again = redealt_state(controller, seat, rng)
            again.pop("seq")
            where = f"{controller.game.id}, move {controller.game.move_number}"
            assert again == state, f"{where}: seat {seat}'s view depends on what it cannot see"
        for who in state["scene"]["explain"]:
            if who["seat"] != seat:
                waiting += 1
                assert not who["groups"] and who["hidden"], "another seat's options stay hidden"
        acting = set(controller.game.to_act)
        offered = offered_actions(state["scene"])
        if seat not in acting:
            assert not offered, "a seat not to act is offered nothing"
    god = controller.handle({"kind": "view_as", "seat": None})
    assert json.loads(god["scene"]["save"])["seed"] == controller.game.seed, "the god view keeps the save"
    assert all(who["groups"] for who in god["scene"]["explain"])
    return waiting


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_seats_view_in_the_explorer_is_unchanged_when_what_it_cannot_see_is_redealt(game_id):
    rng = random.Random(5)
    waiting = 0
    for seed, moves in ((1, 14), (2, 31)):
        controller = explorer_after(game_id, moves, seed)
        waiting += assert_strict(controller, rng)
        length = len(controller.line)
        controller.handle({"kind": "goto", "move": length // 2})
        waiting += assert_strict(controller, rng)
        assert controller.state()["scene"]["timeline"]["length"] == length, "stepping back keeps the line"
    assert waiting, "some view had another seat to act (its options hidden)"


def test_viewing_as_player_3_hides_the_defenders_blocks():
    """The issue's case: Witching Hour, 3 players, seed 3, Player 1 attacks Player 2 with two
    Bells; Player 3's view names no block Player 2 could make, nor anything of its hand."""
    controller = TableController("witching-hour", players=3, seed=3, mode="explore", seat=None)
    game = controller.game
    attack = next(a for a in game.legal_actions(0) if a["type"] == "attack" and a["target"] == 1
                  and a["card"] == "bell" and a["count"] == 2)
    controller.handle({"kind": "act", "action": attack, "move": 0})
    god = controller.state()["scene"]
    assert any(g["legal"] and g["actions"] for g in god["explain"][0]["groups"]), "the god view lists them"
    state = controller.handle({"kind": "view_as", "seat": 2})
    text = json.dumps(state)
    assert state["scene"]["explain"] == [{"seat": 1, "name": "Player 2", "groups": [], "hidden":
                                          state["scene"]["explain"][0]["hidden"]}]
    for group in god["explain"][0]["groups"]:
        for item in group["actions"]:
            assert item["label"] not in text, f"Player 3's view shows Player 2's option {item['label']!r}"
    # Nor may this view play for Player 2: the refusal would tell what Player 2 lacks.
    block = next(a for a in game.legal_actions(1))
    refused = controller.handle({"kind": "act", "action": block, "move": 1, "seat": 1})
    assert refused["notice"]["level"] == "error" and "viewing as Player 3" in refused["notice"]["text"]
    assert game.move_number == 1
