"""The explorer's variations: acting at an earlier position starts a branch beside the main
line (nothing is thrown away); a branch can be shown again, deleted, promoted; the save
holds the whole tree (widgets/variations.py, docs/widgets.md "Variations"), loads back
exactly, still loads a save made before variations, and a damaged tree is refused with
nothing changed.
"""

from __future__ import annotations

import json

import pytest

from witchtable.engine import load_game
from witchtable.widgets import TableController
from witchtable.widgets.variations import parents, write_tree


@pytest.fixture
def explorer() -> TableController:
    controller = TableController("witching-hour", players=3, seed=3, mode="explore", seat=None)
    controller.handle({"kind": "autoplay"})
    return controller


def branch(controller: TableController, at: int) -> dict:
    """Play, at move ``at``, a legal move other than the line's."""
    controller.handle({"kind": "goto", "move": at})
    game = controller.game
    seat = game.to_act[0]
    other = next(a for a in game.legal_actions(seat) if [seat, a] != controller.line[at])
    return controller.handle({"kind": "act", "action": other, "move": at, "seat": seat})


def variation(state: dict, index: int, op: str) -> dict:
    line = next(v for v in state["scene"]["timeline"]["variations"] if v["index"] == index)
    return next(c for c in line["controls"] if c["role"] == f"variation-{op}")["message"]


def test_acting_earlier_starts_a_variation_and_keeps_the_main_line(explorer):
    main = [list(m) for m in explorer.line]
    state = branch(explorer, 9)
    assert "variation from move 9" in state["notice"]["text"]
    assert explorer.lines[0] == main, "the main line is kept whole"
    assert explorer.active == 1 and explorer.line[:9] == main[:9] and explorer.line[9] != main[9]
    lines = state["scene"]["timeline"]["variations"]
    assert [(v["index"], v["parent"], v["at"], v["active"]) for v in lines] == [(0, None, 0, False),
                                                                                 (1, 0, 9, True)]
    # Back to the main line: where the two part, with every later move still there.
    state = explorer.handle(variation(state, 0, "show"))
    assert explorer.active == 0 and explorer.game.move_number == 10 and explorer.line == main
    assert state["scene"]["timeline"]["length"] == len(main)
    # The same different move again: back on the variation, not a third line.
    state = branch(explorer, 9)
    assert explorer.active == 1 and len(explorer.lines) == 2 and "again" in state["notice"]["text"]


def test_a_variation_of_a_variation_promote_and_delete(explorer):
    branch(explorer, 9)
    explorer.handle({"kind": "autoplay"})
    branch(explorer, 15)  # a variation of variation 1
    assert parents(explorer.lines) == [(None, 0), (0, 9), (1, 15)]
    second = list(explorer.lines[2])
    state = explorer.handle({"kind": "variation", "index": 2, "op": "promote"})
    assert explorer.lines[0] == second and explorer.active == 0 and "main line" in state["notice"]["text"]
    assert explorer.handle({"kind": "variation", "index": 0, "op": "delete"})["notice"]["level"] == "error"
    # Deleting the old main line (now a variation) takes the lines that branch from it.
    old = explorer.lines.index(next(line for line in explorer.lines[1:]
                                    if len(line) > 15 and line[9] != second[9]))
    state = explorer.handle({"kind": "variation", "index": old, "op": "delete"})
    assert state["notice"]["level"] == "info" and second in explorer.lines and len(explorer.lines) < 3
    assert explorer.lines[0] == second


def test_deleting_the_line_shown_returns_to_its_parent_where_it_left(explorer):
    branch(explorer, 9)
    explorer.handle({"kind": "variation", "index": 1, "op": "delete"})
    assert explorer.lines and len(explorer.lines) == 1 and explorer.active == 0
    assert explorer.game.move_number == 9


def test_the_save_holds_the_whole_tree_and_loads_back(explorer):
    branch(explorer, 9)
    explorer.handle({"kind": "autoplay"})
    explorer.handle({"kind": "goto", "move": 20})
    save = json.loads(explorer.state()["scene"]["save"])
    assert save["explorer"] == write_tree(explorer.lines, 1)
    assert load_game(save).move_number == 20, "load_game reads it as the position it shows"
    other = TableController("hocus-pocus", players=4, seed=1, mode="explore")
    state = other.handle({"kind": "load", "save": json.dumps(save)})
    assert state["notice"]["level"] == "info" and "1 variation" in state["notice"]["text"]
    assert other.lines == explorer.lines and other.active == 1 and other.game.move_number == 20
    opened = TableController("witching-hour", mode="explore", save=json.dumps(save))
    assert opened.lines == explorer.lines


def damaged_trees(save: dict):
    tree = save["explorer"]
    yield "not an object", "x"
    yield "another version", {**tree, "version": 2}
    yield "no lines", {**tree, "lines": []}
    yield "active out of range", {**tree, "active": 9}
    yield "a parent after it", {**tree, "lines": [tree["lines"][0], {**tree["lines"][1], "parent": 1}]}
    yield "a fork past the end", {**tree, "lines": [tree["lines"][0], {**tree["lines"][1], "at": 10_000}]}
    bad = json.loads(json.dumps(tree))
    bad["lines"][1]["actions"][0][1] = {"type": "no-such-move"}
    yield "an unplayable move", bad
    moved = json.loads(json.dumps(tree))
    moved["lines"][1]["actions"][0] = "x"
    yield "not a pair", moved
    main = json.loads(json.dumps(tree))
    main["lines"][0]["parent"] = 0
    yield "a main line with a parent", main
    yield "the position off its active line", {**tree, "active": 0}


def test_a_damaged_tree_is_refused_and_nothing_changes(explorer):
    branch(explorer, 9)
    explorer.handle({"kind": "goto", "move": 12})
    save = json.loads(explorer.state()["scene"]["save"])
    before = (json.dumps(explorer.game.to_json()), json.dumps(explorer.lines), explorer.active)
    cases = list(damaged_trees(save))
    for what, tree in cases:
        state = explorer.handle({"kind": "load", "save": json.dumps({**save, "explorer": tree})})
        assert state["notice"]["level"] == "error", what
        assert "Nothing was changed" in state["notice"]["text"], what
        after = (json.dumps(explorer.game.to_json()), json.dumps(explorer.lines), explorer.active)
        assert after == before, what


@pytest.mark.parametrize("message", [{"kind": "variation", "index": 5, "op": "show"},
                                     {"kind": "variation", "index": "1", "op": "show"},
                                     {"kind": "variation", "index": 0, "op": "swap"},
                                     {"kind": "variation", "op": "show"}])
def test_a_bad_variation_message_is_refused(explorer, message):
    state = explorer.handle(message)
    assert state["notice"]["level"] == "error" and len(explorer.lines) == 1


def bot_control(state: dict) -> dict:
    return next(c for c in state["scene"]["controls"] if c["role"] == "botmove")


def test_the_bots_move_here_is_played_as_a_variation(explorer):
    """The explorer's bot chooses for the seat to act from its own view; at an earlier
    position its move starts a variation unless it is the line's own."""
    main = [list(m) for m in explorer.line]
    state = explorer.handle({"kind": "goto", "move": 9})
    control = bot_control(state)
    assert control["enabled"] and control["message"]["seat"] == explorer.game.to_act[0]
    state = explorer.handle(control["message"])
    assert state["notice"]["level"] == "info" and "The bot (heuristic) plays here" in state["notice"]["text"]
    assert explorer.game.move_number == 10 and explorer.lines[0] == main
    if explorer.line[9] != main[9]:
        assert explorer.active == 1 and "variation" in state["notice"]["text"]
    else:
        assert explorer.active == 0 and len(explorer.lines) == 1
    stale = explorer.handle(control["message"])
    assert stale["notice"]["level"] == "info" and explorer.game.move_number == 10, "made on move 9"


def test_the_bots_move_is_offered_only_to_a_viewed_seat_that_acts(explorer):
    explorer.handle({"kind": "goto", "move": 9})
    actor = explorer.game.to_act[0]
    idle = next(s for s in range(3) if s not in explorer.game.to_act)
    state = explorer.handle({"kind": "view_as", "seat": idle})
    assert not bot_control(state)["enabled"]
    refused = explorer.handle({"kind": "botmove", "move": 9, "seat": actor})
    assert refused["notice"]["level"] == "error" and explorer.game.move_number == 9
    state = explorer.handle({"kind": "view_as", "seat": actor})
    assert bot_control(state)["enabled"] and bot_control(state)["message"]["seat"] == actor
