"""Notebooks that survive export and reopening (issue 13, item 8).

- the table's module and stylesheet are stored once per kernel (the shared assets model),
  each table's own model carries a small loader;
- every registered game's table has a still picture of its position (``snapshot_bundle``):
  plain HTML without scripts, showing what the table shows, and in play mode only the
  viewing seat's view: re-dealing what that seat cannot see leaves it identical;
- the picture is displayed under the table and updated when the position changes;
- an executed, saved notebook exported with nbconvert shows a board in its HTML;
- the front end says when the table's kernel is gone (table.js in Node).
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

pytest.importorskip("anywidget")

from widget_helpers import play_through

from witchtable import explore, play
from witchtable.engine import GAMES
from witchtable.widgets import TableController, TableWidget
from witchtable.widgets.anywidget_host import STATIC, TableAssets
from witchtable.widgets.i18n import ui_strings
from witchtable.widgets.snapshot import snapshot_html

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")
VOID = {"br", "img", "input", "meta", "link", "hr", "wbr"}


class Tags(HTMLParser):
    """Checks the snapshot is well formed (every element closed in order) and collects its text."""

    def __init__(self):
        super().__init__()
        self.stack: list[str] = []
        self.tags: set[str] = set()
        self.attrs: set[str] = set()
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        self.attrs |= {name for name, _value in attrs}
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.add(tag)

    def handle_endtag(self, tag):
        opened = self.stack[-1] if self.stack else None
        assert opened == tag, f"</{tag}> closes <{opened}>"
        self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


def parsed(html: str) -> Tags:
    tags = Tags()
    tags.feed(html)
    tags.close()
    assert not tags.stack, f"unclosed: {tags.stack}"
    return tags


def players_for(game_id: str) -> int:
    spec = GAMES[game_id]
    return min(max(3, spec.min_players), spec.max_players)


def face_names(faces: list) -> set[str]:
    return {face["name"] for face in faces}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_games_table_has_a_snapshot_of_what_it_shows(game_id):
    """Play and explore, at the start and after some moves: the picture names the players,
    the headline and the viewer's cards; it has no script; in the god view, every hand."""
    players = players_for(game_id)
    widget = play(game_id, players=players, seed=11, pace=0)
    for step in range(2):
        bundle = widget.snapshot_bundle()
        assert set(bundle) == {"text/html", "text/plain"}
        html = bundle["text/html"]
        tags = parsed(html)
        assert "script" not in tags.tags and not any(a.startswith("on") for a in tags.attrs), "no script"
        text = " ".join(tags.text)
        scene = widget.scene
        assert f'data-game="{game_id}"' in html and f'data-move="{scene["move"]}"' in html
        assert scene["headline"]["text"] in text
        for player in scene["players"]:
            assert player["name"] in text
        if scene.get("hand") and not scene.get("handoff"):
            for name in face_names(scene["hand"]["cards"]):
                assert name in text, f"the viewer's {name} is in the picture"
        assert scene["title"] in bundle["text/plain"]
        if step == 0:  # one decision by the person, then the bots answer
            offered = [c for g in (scene.get("prompt") or {}).get("groups", []) for c in g.get("choices", [])]
            if offered:
                widget.send_message({"kind": "act", "action": offered[0]["action"], "move": scene["move"]})
            widget.send_message({"kind": "skip"})
    god = explore(game_id, players=players, seed=11, autoplay=True)
    god.send_message({"kind": "goto", "move": 3})
    html = god.snapshot_bundle()["text/html"]
    text = " ".join(parsed(html).text)
    assert 'data-god="1"' in html and 'data-mode="explore"' in html
    for player in god.scene["players"]:
        for name in face_names(player.get("cards") or []):
            assert name in text, f"the god view's snapshot shows {player['name']}'s {name}"


def redealt(controller: TableController, rng: random.Random) -> dict:
    """The state synced when everything the viewing seat cannot see is dealt afresh."""
    game = controller.game
    other = game.clone()
    other._state = game._state.determinize(controller.state()["scene"]["seat"], rng)  # test only
    try:
        controller.game = other
        return controller.state()
    finally:
        controller.game = game


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_play_snapshot_is_the_seats_view_unchanged_when_hidden_cards_are_redealt(game_id):
    """Whole games against bots: the picture is built from the seat's view alone."""
    controller = TableController(game_id, players=players_for(game_id), seat=0, seed=5, pace=0)
    rng = random.Random(5)
    checked = []

    def check(state):
        if controller.game.is_over or len(checked) > 60:
            return
        checked.append(state["seq"])
        if len(checked) % 3 == 1:
            html = snapshot_html(state)
            assert 'data-god="0"' in html and 'data-seat="0"' in html, "play mode: the seat's view"
            assert snapshot_html(redealt(controller, rng)) == html, (
                f"{game_id}, move {controller.game.move_number}: the snapshot depends on hidden cards")

    play_through(controller, seat=0, seed=5, check=check)
    assert checked


def test_each_table_carries_a_small_loader_and_the_module_is_stored_once():
    first = play("witching-hour", players=3, seed=1)
    second = explore("hocus-pocus", players=3, seed=2)
    assert first._assets is second._assets, "one assets model per kernel"
    for widget in (first, second):
        state = widget.get_state()
        own = len(state["_esm"]) + len(state["_css"])
        assert own < 2_000, f"a table's own module and style are {own} bytes"
        assert "pictures" not in state and "strings" not in state
        assert state["_assets"] == f"IPY_MODEL_{first._assets.model_id}"
    module = len((STATIC / "table.js").read_text()) + len((STATIC / "table.css").read_text())
    assert module > 20 * 2_500, "the shared module is the bulk (what used to be in every model)"
    assets = first._assets.get_state()
    assert assets["esm"] == (STATIC / "table.js").read_text()
    assert assets["_model_name"] == "WidgetModel" and assets["_model_module"] == "@jupyter-widgets/base"
    hocus = play("hocus-pocus", players=3, seed=4)
    assert hocus.shared == second.shared, "a game's pictures and the words, once"
    kept = [json.dumps(p, sort_keys=True) for p in first._assets.pictures.values()]
    assert len(kept) == len(set(kept)), "each picture set once"
    first._assets.close()
    third = play("witching-hour", players=3, seed=3)
    assert third._assets is not first._assets and third._assets.comm is not None, "closed: made again"
    assert TableAssets.shared() is third._assets


def test_the_snapshot_is_displayed_under_the_table_and_follows_the_position(monkeypatch):
    import IPython.display

    shown, updates = [], []
    monkeypatch.setattr(IPython.display, "display", lambda *a, **k: shown.append((a, k)))
    monkeypatch.setattr(IPython.display, "update_display", lambda *a, **k: updates.append((a, k)))
    widget = play("witching-hour", players=3, seed=7, pace=0)
    widget._ipython_display_()
    (table, _), (snap, snap_kw) = [(a[0], k) for a, k in shown]
    assert "application/vnd.jupyter.widget-view+json" in table and "text/html" not in table, (
        "the live table's own output has no fallback (nbconvert would show the picture twice)")
    assert snap_kw["display_id"] == widget.snapshot_id
    assert snap["text/html"] == widget.snapshot_bundle()["text/html"]
    action = next(a for a in widget.game.legal_actions(0) if a["type"] == "attack")
    widget.send_message({"kind": "act", "action": action, "move": 0})
    assert updates and updates[-1][1]["display_id"] == widget.snapshot_id
    assert updates[-1][0][0]["text/html"] == widget.snapshot_bundle()["text/html"] != snap["text/html"]
    count = len(updates)
    widget.send_message({"kind": "act", "action": action, "move": 0})  # a stale click: a notice only
    assert widget.notice and len(updates) == count, "no update when the position is the same"
    monkeypatch.setattr(TableWidget, "snapshots", False)
    shown.clear()
    play("witching-hour", players=3, seed=7)._ipython_display_()
    assert len(shown) == 1, "snapshots off: the table alone"


nbconvert = pytest.importorskip("nbconvert")


def test_the_notebook_size_tool_measures_every_registered_game_in_registry_order():
    """tools/notebook_size.py keeps no list of the games: its tables come from discovery
    (issue 28.5), so a new game is measured with nothing to edit."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import notebook_size
    finally:
        sys.path.pop(0)
    cells = notebook_size.table_notebook(2 * len(GAMES)).cells[1:]
    shown = [cell.source.split('"')[1] for cell in cells]
    assert shown == [*GAMES, *GAMES]
    assert [cell.source.split("(")[0] for cell in cells] == ["play"] * len(GAMES) + ["explore"] * len(GAMES)


def test_an_executed_saved_notebook_exports_to_html_that_shows_the_boards(tmp_path):
    """nbclient executes a notebook of tables keeping the widget state (as ``jupyter nbconvert
    --execute`` does); nbconvert's HTML shows every table's snapshot, with no script of ours."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import notebook_size
    finally:
        sys.path.pop(0)
    figures = notebook_size.measure(3, tmp_path)
    assert figures["html_snapshots"] == 3
    html = (tmp_path / "tables.html").read_text()
    assert all(spec.name in html for spec in list(GAMES.values())[:3]), "a table per game, in registry order"
    saved = json.loads((tmp_path / "tables.ipynb").read_text())
    state = saved["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    esm = [m["state"].get("esm") or m["state"].get("_esm") for m in state.values()]
    assert esm.count((STATIC / "table.js").read_text()) == 1, "the module is saved once"
    assert figures["largest_table_model_bytes"] < figures["assets_model_bytes"], "the bulk is shared"


# ---------------------------------------------------------------- the front end (Node)


class Page:
    """table.js in Node (``node_dom.mjs``) as a Jupyter widget's view."""

    def __init__(self, controller: TableController, **render):
        self.controller = controller
        self.proc = subprocess.Popen([NODE, str(ROOT / "tests/widgets/node_dom.mjs"),
                                      str(ROOT / "widgets/static/table.js")],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.op("render", state=controller.state(), **render)

    def op(self, name: str, **fields) -> dict:
        self.proc.stdin.write(json.dumps({"op": name, **fields}) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        assert answer["errors"] == [], answer["errors"]
        return answer

    def notice(self) -> dict:
        (found,) = self.op("noop", query="[data-role=kernel]")["found"]
        return found

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_a_reopened_table_whose_kernel_is_gone_says_so_and_how_to_bring_it_back():
    strings = ui_strings()
    dead = Page(TableController("witching-hour", players=3, seed=7), jupyter=True,
                hostClass="jupyter-widgets-disconnected")
    try:
        note = dead.notice()
        assert "hidden" not in note["attrs"] and note["attrs"]["role"] == "alert"
        assert note["text"] == strings["kernel_gone"] and "run the cell again" in note["text"]
        assert dead.op("noop", query=".wt-table")["found"][0]["attrs"]["data-kernel"] == "gone"
        dead.op("host_class", remove="jupyter-widgets-disconnected")
        dead.op("click", selector="[data-role=undo]")  # the class went: checked again on the next send
        assert "hidden" in dead.notice()["attrs"]
    finally:
        dead.close()


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_a_message_without_an_answer_says_the_kernel_may_be_busy_or_gone_and_an_answer_clears_it():
    controller = TableController("witching-hour", players=3, seed=7)
    page = Page(controller, jupyter=True)
    try:
        assert "hidden" in page.notice()["attrs"], "a live kernel: no notice"
        sent = page.op("click", selector="[data-role=undo]")["sent"]
        assert sent and "hidden" in page.notice()["attrs"]
        page.op("wait", ms=8_100)
        note = page.notice()
        assert "hidden" not in note["attrs"] and note["text"].startswith("No answer from this table's kernel")
        page.op("update", state=controller.handle(sent[0]))  # the answer comes after all
        assert "hidden" in page.notice()["attrs"]
    finally:
        page.close()
    site = Page(TableController("witching-hour", players=3, seed=7))  # the offline site: no kernel to watch
    try:
        site.op("click", selector="[data-role=undo]")
        site.op("wait", ms=20_000)
        assert "hidden" in site.notice()["attrs"]
    finally:
        site.close()
