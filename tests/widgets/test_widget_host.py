"""The anywidget adapter and the package's face: traits mirror the controller's state,
messages reach the controller, the front end is shipped as files, play/explore/lab work.
"""

from __future__ import annotations

import json

import pytest

pytest.importorskip("anywidget")

from witchtable import explore, lab, play
from witchtable.widgets import LabController, TableController, TableWidget
from witchtable.widgets.anywidget_host import STATIC, loader


def traits(widget: TableWidget) -> dict:
    keys = ("seq", "mode", "scene", "notice", "auto", "pictures", "strings")
    return {key: getattr(widget, key) for key in keys}


def send(widget: TableWidget, message: dict) -> None:
    """Deliver a custom message the way the Jupyter comm does."""
    widget._handle_custom_msg(message, [])


def test_traits_mirror_the_controller_state_through_messages():
    controller = TableController("witching-hour", players=3, seed=7)
    widget = TableWidget(controller)
    assert traits(widget) == controller.state()
    action = next(a for a in controller.game.legal_actions(0) if a["type"] == "attack")
    send(widget, {"kind": "act", "action": action, "move": 0})
    assert controller.game.move_number == 1
    assert traits(widget) == controller.state()
    send(widget, {"kind": "act", "action": action, "move": 0})  # a double click
    assert widget.notice["level"] == "info" and controller.game.move_number == 1
    send(widget, ["not", "a", "message"])
    assert widget.notice["level"] == "error"
    assert traits(widget) == controller.state()
    assert widget.send_message({"kind": "skip"}) == controller.state()


def test_synced_state_is_json_and_the_front_end_files_ship():
    widget = play("witching-hour", players=3, seed=1)
    state = widget.get_state()
    for key in ("seq", "mode", "scene", "notice", "auto"):
        assert key in state
    json.dumps({k: state[k] for k in ("seq", "mode", "scene", "notice", "auto")})
    assert (STATIC / "table.js").read_text().count("export default") == 1
    assert "wt-table" in (STATIC / "table.css").read_text()
    assert state["_esm"] == loader() and "get_model" in loader(), "each table carries the small loader"
    assert "pictures" not in state and "strings" not in state, "kept once, in the assets model"
    assert widget._assets.pictures[state["shared"]["pictures"]] == widget.pictures
    assert widget._assets.strings[state["shared"]["strings"]] == widget.strings
    assert state["_css"] == ""
    assets = widget._assets
    assert state["_assets"] == f"IPY_MODEL_{assets.model_id}", "the shared module is a widget reference"
    assert assets.esm == (STATIC / "table.js").read_text(), "the module shipped in the package, once"
    assert assets.css == (STATIC / "table.css").read_text()
    js = (STATIC / "table.js").read_text()
    for forbidden in ("http://", "https://", "import ", "fetch("):
        assert forbidden not in js.replace("http://www.w3.org/2000/svg", ""), forbidden


def test_the_synced_traits_never_hold_an_opponents_hand():
    widget = play("witching-hour", players=4, seat=2, seed=12, pace=0)
    game = widget.controller.game
    text = json.dumps(traits(widget))
    mine = game.view(2)["hand"]
    assert widget.scene["hand"]["seat"] == 2
    for seat in (0, 1, 3):
        private = {e["text"] for e in game.view(seat)["log"]} - {e["text"] for e in game.view(2)["log"]}
        assert private and not any(t in text for t in private)
        assert game.view(seat)["hand"] != mine


def test_play_explore_and_lab_return_widgets():
    assert play("witching-hour", players=2, seed=1).mode == "play"
    widget = explore("witching-hour", players=3, seed=2, autoplay=True)
    assert widget.mode == "explore" and widget.scene["timeline"]["position"] == 0
    assert widget.scene["timeline"]["length"] > 50 and widget.notice is None
    widget = lab("witching-hour", players=3, games=10, seed=1)
    assert widget.mode == "lab" and isinstance(widget.controller, LabController)
    while widget.auto:
        send(widget, widget.auto["message"])
    assert widget.scene["progress"] == {"done": 10, "total": 10}
    assert repr(widget).startswith("<TableWidget")


def test_face_arguments_are_checked():
    with pytest.raises(ValueError, match="unknown game"):
        play("chess")
    with pytest.raises(ValueError, match="seat"):
        play("witching-hour", players=3, seat=5)
    with pytest.raises(ValueError):
        lab("witching-hour", games=0)
