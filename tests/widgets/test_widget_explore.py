"""The rules explorer: god view, timeline (goto, back, forward, jump), view_as, autoplay,
the rule behind each action (the engine's explain), saves out and back in.
"""

from __future__ import annotations

import json
import re

import pytest
from widget_helpers import act, default_named

from witchtable.engine import load_game, new_game
from witchtable.widgets import TableController
from witchtable.widgets.scene import action_key, walk_actions


@pytest.fixture
def explorer() -> TableController:
    controller = TableController("witching-hour", players=3, seed=3, mode="explore", seat=None)
    state = controller.handle({"kind": "autoplay"})
    assert state["notice"]["level"] == "info" and controller.game.is_over
    return controller


def control(state: dict, role: str) -> dict:
    return next(c for c in state["scene"]["controls"] if c["role"] == role)


def test_autoplay_fills_the_timeline_with_a_whole_game(explorer):
    state = explorer.state()
    timeline = state["scene"]["timeline"]
    assert timeline["position"] == timeline["length"] == explorer.game.move_number
    assert len(timeline["moves"]) == timeline["length"]
    assert state["scene"]["gameover"]
    assert explorer.handle({"kind": "autoplay"})["notice"]["text"] == "The game is over already."


def test_goto_back_forward_and_jump(explorer):
    end = explorer.game.move_number
    reference = load_game(explorer.game.to_json())
    state = explorer.handle({"kind": "goto", "move": 10})
    assert explorer.game.move_number == 10 and state["scene"]["timeline"]["position"] == 10
    assert state["scene"]["timeline"]["length"] == end, "jumping back keeps the future"
    back = control(state, "back")["message"]
    assert back == {"kind": "goto", "move": 9}
    state = explorer.handle(back)
    assert explorer.game.move_number == 9
    state = explorer.handle(control(state, "forward")["message"])
    assert explorer.game.move_number == 10
    # the position is exactly the game replayed to that move
    replay = new_game("witching-hour", 3, 3)
    for seat, action in [(m.seat, m.action) for m in reference.history[:10]]:
        replay.apply(seat, action)
    assert explorer.game.view(0) == replay.view(0)
    state = explorer.handle({"kind": "goto", "move": 0})
    assert not control(state, "back")["enabled"] and control(state, "forward")["enabled"]
    state = explorer.handle({"kind": "goto", "move": end})
    assert not control(state, "forward")["enabled"]


@pytest.mark.parametrize("move", [-1, 10_000, "3", None, 2.5, True])
def test_goto_out_of_range_is_refused(explorer, move):
    before = explorer.game.move_number
    state = explorer.handle({"kind": "goto", "move": move})
    assert state["notice"]["level"] == "error" and explorer.game.move_number == before


def test_god_view_and_view_as(explorer):
    explorer.handle({"kind": "goto", "move": 5})
    state = explorer.state()
    assert state["scene"]["god"] and all("cards" in p for p in state["scene"]["players"])
    god = next(c for c in state["scene"]["views"] if c["role"] == "god")
    assert god["pressed"] is True
    state = explorer.handle({"kind": "view_as", "seat": 2})
    assert state["scene"]["seat"] == 2 and not state["scene"]["god"]
    assert all("cards" not in p for p in state["scene"]["players"])
    assert state["scene"]["hand"]["seat"] == 2
    assert {c["kind"]: c["count"] for c in state["scene"]["hand"]["cards"]} == explorer.game.view(2)["hand"]
    assert next(c for c in state["scene"]["views"] if c.get("seat") == 2)["pressed"] is True
    state = explorer.handle({"kind": "view_as", "seat": None})
    assert state["scene"]["god"]
    for bad in ({"kind": "view_as"}, {"kind": "view_as", "seat": 3}, {"kind": "view_as", "seat": "1"}):
        assert explorer.handle(bad)["notice"]["level"] == "error"


def test_explain_gives_the_rule_behind_every_action(explorer):
    """The explorer lists legal actions with the rule allowing each, and near misses refused."""
    for move in (0, 7, 21):
        state = explorer.handle({"kind": "goto", "move": move})
        game = explorer.game
        seat = game.to_act[0]
        explain = state["scene"]["explain"]
        assert [e["seat"] for e in explain] == list(game.to_act)
        offered = set()
        for group in explain[0]["groups"]:
            assert group["rule"] in game.rules and group["summary"] == game.rules[group["rule"]].summary
            for item in group["actions"]:
                if group["legal"]:
                    offered.add(action_key(item["action"]))
                else:
                    assert "action" not in item and item["message"]
        assert offered == {action_key(a) for a in game.legal_actions(seat)}
        every = {action_key(a) for a in walk_actions(state["scene"])}
        assert every <= {action_key(a) for a in game.legal_actions(seat)}


def test_explain_shows_near_misses_with_the_forbidding_rule():
    """Abilities: Bell: Bells never block; the explorer shows that refusal."""
    for seed in range(60):
        controller = TableController("witching-hour", players=3, seed=seed, mode="explore")
        game = controller.game
        attack = next((a for a in game.legal_actions(0) if a["type"] == "attack"
                       and a["card"] not in ("toadstool",) and a["target"] == 1), None)
        controller.handle({"kind": "act", "action": attack, "move": 0})
        if not game.view(1)["hand"].get("bell"):
            continue
        groups = controller.state()["scene"]["explain"][0]["groups"]
        refused = {g["rule"] for g in groups if not g["legal"]}
        if "witching-hour/bell/no-block" in refused:
            return
    pytest.fail("no position showed the Bell's refusal")


def test_acting_in_the_past_branches_and_replaying_the_same_move_does_not(explorer):
    end = explorer.game.move_number
    explorer.handle({"kind": "goto", "move": 4})
    same = [explorer.line[4][0], explorer.line[4][1]]
    state = explorer.handle({"kind": "act", "action": same[1], "move": 4, "seat": same[0]})
    assert state["notice"] is None and state["scene"]["timeline"]["length"] == end
    seat = explorer.game.to_act[0]
    other = next(a for a in explorer.game.legal_actions(seat) if a != explorer.line[5][1])
    state = explorer.handle({"kind": "act", "action": other, "move": 5})
    assert "variation" in state["notice"]["text"] and state["scene"]["timeline"]["length"] == 6
    assert len(explorer.lines) == 2 and len(explorer.lines[0]) == end, "the line left is kept whole"
    stale = explorer.handle({"kind": "act", "action": other, "move": 5})
    assert stale["notice"]["level"] == "info" and explorer.game.move_number == 6


def test_undo_in_the_explorer_steps_back(explorer):
    explorer.handle({"kind": "goto", "move": 3})
    state = explorer.handle({"kind": "undo"})
    assert explorer.game.move_number == 2 and state["notice"]["level"] == "info"
    explorer.handle({"kind": "goto", "move": 0})
    assert explorer.handle({"kind": "undo"})["notice"]["rule"] == "core/undo"


def test_save_of_any_point_loads_back(explorer):
    explorer.handle({"kind": "goto", "move": 12})
    save = explorer.state()["scene"]["save"]
    data = json.loads(save)
    assert data["format"] == "witchtable-save" and len(data["actions"]) == 12
    other = TableController("witching-hour", players=4, seed=99, mode="explore")
    state = other.handle({"kind": "load", "save": save})
    assert state["notice"]["level"] == "info"
    assert other.game.players == 3 and other.game.move_number == 12
    assert other.game.view(1) == explorer.game.view(1)
    assert len(state["scene"]["players"]) == 3
    # The save holds the rest of the line too (its "explorer" part): it opens at move 12 of it.
    assert state["scene"]["timeline"]["length"] == len(explorer.line) and other.line == explorer.line
    del data["explorer"]  # a save made before variations: the position alone, one line
    assert other.handle({"kind": "load", "save": data})["scene"]["timeline"]["length"] == 12


DAMAGED = [
    "", "   ", "not json", "[1, 2]", '{"format": "chess"}', 5, None,
    '{"format": "witchtable-save", "version": 99}',
    '{"format": "witchtable-save", "version": 1, "game": "witching-hour", "players": 3, "seed": 3, '
    '"options": {}, "actions": [[0, {"type": "take"}]]}',
    '{"format": "witchtable-save", "version": 1, "game": "no-such-game", "players": 3, "seed": 3, '
    '"options": {}, "actions": []}',
    '{"format": "witchtable-save", "version": 1, "game": "witching-hour", "players": 3, "seed": 3, '
    '"options": {}, "actions": [["x", {"type": "take"}]]}',
    '{"format": "witchtable-save", "version": 1, "game": "witching-hour", "players": 3, "seed": 3, '
    '"options": {"wand": 1}, "actions": []}',
]


@pytest.mark.parametrize("save", DAMAGED, ids=[repr(s)[:40] for s in DAMAGED])
def test_a_damaged_save_gives_a_clear_notice_and_changes_nothing(explorer, save):
    explorer.handle({"kind": "goto", "move": 7})
    before = (json.dumps(explorer.game.to_json()), list(map(str, explorer.line)), explorer.view_seat)
    state = explorer.handle({"kind": "load", "save": save})
    assert state["notice"]["level"] == "error" and state["notice"]["text"]
    assert (json.dumps(explorer.game.to_json()), list(map(str, explorer.line)), explorer.view_seat) == before


def test_explore_opens_a_save_and_a_new_game():
    game = new_game("witching-hour", 2, 5)
    game.apply(0, game.legal_actions(0)[0])
    controller = TableController("witching-hour", mode="explore", save=game.to_json())
    assert controller.game.move_number == 1 and controller.state()["scene"]["timeline"]["length"] == 1
    state = controller.handle({"kind": "new"})
    assert controller.game.move_number == 0 and state["scene"]["timeline"]["length"] == 0


def test_play_messages_are_refused_in_the_explorer(explorer):
    for kind in ("advance", "skip", "handoff"):
        assert "play table" in explorer.handle({"kind": kind})["notice"]["text"]


def test_explorer_works_for_a_game_without_its_own_presenter(monkeypatch):
    """A newly registered game is explorable (the generic presenter) before it gets its own."""
    from witchtable.engine import GAMES
    from witchtable.widgets import presenters
    from witchtable.widgets.table import base

    monkeypatch.setattr(base, "presenter_for", lambda game_id: presenters.generic)  # no presenter yet
    for game_id in sorted(GAMES):
        spec = GAMES[game_id]
        controller = TableController(game_id, players=spec.min_players, seed=1, mode="explore")
        assert controller.presenter is presenters.generic
        state = controller.handle({"kind": "autoplay"})
        assert controller.game.is_over, state["notice"]
        state = controller.handle({"kind": "goto", "move": 1})
        assert state["scene"]["explain"] and state["scene"]["players"]
        json.dumps(state)


@pytest.mark.parametrize("game_id", ["witching-hour", "hocus-pocus"])
def test_explorer_texts_use_the_tables_names(game_id):
    """core/out-of-turn and every rule's refusal in the explorer: the notices, the log, the
    legal-move panel's messages and every seat's view name players as the table does."""
    import random

    names = ["Ana", "Bo", "Cy"]
    table = TableController(game_id, players=3, seed=5, names=names, mode="explore")
    rng = random.Random(2)
    refused = 0
    for _ in range(120):
        if table.game.is_over:
            break
        for seat in (0, 1, 2, None):  # ends on the god view, which may play for any seat
            state = table.handle({"kind": "view_as", "seat": seat})
            assert not default_named(state), default_named(state)
        messages = [a["message"] for s in state["scene"]["explain"] for g in s["groups"]
                    for a in g["actions"] if "message" in a]
        assert not [m for m in messages if re.search(r"\bPlayer \d", m)]
        to_act = table.game.to_act
        idle = next((s for s in range(3) if s not in to_act), None)
        if idle is not None:
            notice = act(table, {"type": "pass"}, seat=idle)["notice"]
            assert notice["rule"] == "core/out-of-turn" and names[idle] in notice["text"], notice
            assert not default_named(notice)
            refused += 1
        seat = rng.choice(to_act)
        state = act(table, rng.choice(table.game.legal_actions(seat)), seat=seat)
        assert state["notice"] is None and not default_named(state)
    assert refused
