"""Hostile messages from the browser, for every registered game in play and explore modes.

Every malformed message (wrong types, huge, deeply nested, unknown kind, extra fields,
non-text keys) gets a visible error notice, briefly worded, and changes nothing: the game
and the scene stay as they were. The play page's host answers JSON for any text.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from witchtable.engine import GAMES
from witchtable.widgets import LabController, TableController
from witchtable.widgets.controller import MESSAGE_FIELDS, MESSAGE_SIZE, NOTICE_LIMIT

HOST = Path(__file__).resolve().parents[2] / "lite" / "site" / "host.py"
GAME_IDS = sorted(GAMES)
MODES = ("play", "explore")


def _nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def _table(game_id: str, mode: str) -> TableController:
    return TableController(game_id, players=GAMES[game_id].min_players, seat=0 if mode == "play" else None,
                           bots="random", seed=5, mode=mode, pace=0)


def _before(table: TableController) -> str:
    scene = dict(table.state()["scene"])
    return json.dumps([table.game.to_json(), scene], sort_keys=True, default=str)


def _hostile(move: int) -> dict[str, object]:
    big = "x" * 1_000_000
    return {
        "not-an-object": "act", "list": ["act", {"type": "take"}], "number": 10 ** 5000,
        "none": None, "unknown-kind": {"kind": "fly"}, "huge-kind": {"kind": big},
        "kind-not-text": {"kind": ["act"]}, "non-text-key": {"kind": "act", 1: 2},
        "extra-field-act": {"kind": "act", "action": {"type": "take"}, "move": move, "colour": "red"},
        "extra-field-undo": {"kind": "undo", "really": True},
        "extra-field-new": {"kind": "new", "seed": 3},
        "deep-action": {"kind": "act", "action": {"type": "take", "card": _nested(10_000)}, "move": move},
        "deep-message": {"kind": "act", "action": _nested(100), "move": move},
        "huge-action-type": {"kind": "act", "action": {"type": big}, "move": move},
        "huge-extra-key": {"kind": "act", "action": {"type": "take"}, "move": move, big: 1},
        "too-big": {"kind": "load", "save": "x" * (MESSAGE_SIZE + 1)},
        "huge-move": {"kind": "act", "action": {"type": "take"}, "move": 10 ** 3000},
        "huge-seat": {"kind": "act", "action": {"type": "take"}, "move": move, "seat": 10 ** 3000},
        "float-seat": {"kind": "act", "action": {"type": "take"}, "move": move, "seat": 0.0},
        "bool-seat": {"kind": "act", "action": {"type": "take"}, "move": move, "seat": True},
        "nan-move": {"kind": "act", "action": {"type": "take"}, "move": float("nan")},
        "odd-object": {"kind": "act", "action": {"type": "take"}, "move": move, "seat": object()},
        "deep-save": {"kind": "load", "save": "[" * 5000 + "]" * 5000},
        "deep-save-object": {"kind": "load", "save": {"format": "witchtable-save", "x": _nested(5000)}},
        "huge-save": {"kind": "load", "save": '{"format": "witchtable-save", "version": 1, "seed": '
                      + "9" * 5000 + "}"},
        "goto-huge": {"kind": "goto", "move": 10 ** 3000},
        "view-as-float": {"kind": "view_as", "seat": 1.0},
        "build-deep": {"kind": "build", "picker": _nested(50), "picked": {}, "target": None, "move": move},
        "build-extra": {"kind": "build", "picker": "x", "picked": {}, "target": None, "move": move, "z": 1},
    }


CASES = sorted(_hostile(0))


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("case", CASES)
def test_malformed_messages_get_a_brief_notice_and_change_nothing(game_id, mode, case):
    table = _table(game_id, mode)
    message = _hostile(table.game.move_number)[case]
    before = _before(table)
    state = table.handle(message)
    notice = state["notice"]
    assert notice and notice["level"] in ("error", "info"), (case, notice)
    assert notice["text"] and len(notice["text"]) <= NOTICE_LIMIT
    assert "Something went wrong" not in notice["text"], notice["text"]
    assert _before(table) == before
    json.dumps(state)  # the answer is still plain JSON for the front end


@pytest.mark.parametrize("kind", sorted(MESSAGE_FIELDS))
def test_every_kind_refuses_fields_it_does_not_take(kind):
    mode = "play" if kind in ("advance", "skip", "handoff") else "explore"
    table = _table("witching-hour", mode)
    before = _before(table)
    state = table.handle({"kind": kind, "unexpected": 1})
    assert state["notice"]["level"] == "error"
    assert "'unexpected'" in state["notice"]["text"]
    assert _before(table) == before


def test_the_lab_refuses_malformed_messages():
    lab = LabController("witching-hour", players=2, games=4, seed=1, chunk=2)
    for message in ({"kind": "advance", "move": 0, "extra": 1}, {"kind": "skip", "x": 1},
                    {"kind": "advance", "move": _nested(100)}, "x" * 1000, {"kind": "x" * 10_000}):
        state = lab.handle(message)
        assert state["notice"]["level"] == "error" and len(state["notice"]["text"]) <= NOTICE_LIMIT
        assert lab.done == 0


@pytest.fixture
def host():
    spec = importlib.util.spec_from_file_location("wt_host_hostile", HOST)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"game": ' + "9" * 5000 + "}",
                                  "[1, 2]", '"witching-hour"', "null", "{}", '{"game": ["x"]}',
                                  '{"game": "witching-hour", "save": ' + "[" * 2000 + "]" * 2000 + "}",
                                  "\udcff", "not json"])
def test_the_play_page_host_answers_an_error_for_any_setup(host, text):
    answer = json.loads(host.start(text))
    assert set(answer) == {"error"} and 0 < len(answer["error"]) <= 400


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, "not json", "9" * 5000, "[]",
                                  '{"kind": "act", "action": ' + "[" * 5000 + "]" * 5000 + "}"])
def test_the_play_page_host_turns_any_message_into_a_notice(host, text):
    json.loads(host.start(json.dumps({"game": "witching-hour", "players": 3, "pace": 0})))
    answer = json.loads(host.handle(text))
    notice = answer["state"]["notice"]
    assert notice["level"] == "error" and len(notice["text"]) <= NOTICE_LIMIT
    assert answer["state"]["scene"]["move"] == 0


@pytest.mark.parametrize("variant", ["/etc/passwd", "variants/one-round.json", "../host.py", 7, ["x"]])
def test_the_play_page_host_opens_no_path_given_as_a_variant(host, variant, tmp_path, monkeypatch):
    """Issue 26.7: a variant reaches the host as one of the site's own (the page resolves
    ?variant=<name> among them); text, a path above all, is refused and no file is opened."""
    import builtins
    from pathlib import Path as PathType

    opened: list = []
    monkeypatch.setattr(builtins, "open", lambda *a, **k: opened.append(a) or (_ for _ in ()).throw(OSError))
    monkeypatch.setattr(PathType, "read_bytes", lambda self: opened.append(self) or b"{}")
    answer = json.loads(host.start(json.dumps({"game": "witching-hour", "players": 3, "variant": variant})))
    assert set(answer) == {"error"} and "never a file path" in answer["error"] and not opened
