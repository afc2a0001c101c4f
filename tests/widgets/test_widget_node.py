"""table.js in Node with a small DOM (``node_dom.mjs``): the new scene elements drawn and
clicked without a browser, with a fake clock, against a real TableController.

Checks that card pictures come from the state's per-game data, that every word comes
from the state's strings, and for table grids (click, pick, arrow keys), transient
reveals (gone from the DOM when their time ends or they are closed, and from the
state), the running clock (the ms the page measured reach the engine) and a team's
game-over panel. The browser tests check the look; these check the behaviour.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from test_widget_elements import glimpse_game, timed_game, wrapped

from witchtable.widgets import TableController
from witchtable.widgets.presenters import witching_hour as wh
from witchtable.widgets.scene import action_key, card, grid, grid_select, pictures_of

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


class Page:
    """table.js drawn in a Node process; ``op`` sends one instruction and returns the answer."""

    def __init__(self, controller: TableController):
        self.controller = controller
        self.proc = subprocess.Popen([NODE, str(ROOT / "tests/widgets/node_dom.mjs"),
                                      str(ROOT / "widgets/static/table.js")],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.answer = self.op("render", state=controller.state())

    def op(self, name: str, **fields) -> dict:
        self.proc.stdin.write(json.dumps({"op": name, **fields}) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        assert answer["errors"] == [], answer["errors"]
        return answer

    def query(self, selector: str) -> list:
        return self.op("noop", query=selector)["found"]

    def deliver(self, answer: dict) -> dict:
        """Pass what the page sent to the controller and draw its new state."""
        state = None
        for message in answer["sent"]:
            state = self.controller.handle(message)
        if state is not None:
            self.op("update", state=state)
        return state

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


@pytest.fixture
def pages():
    opened: list[Page] = []
    yield lambda controller: opened.append(Page(controller)) or opened[-1]
    for page in opened:
        page.close()


@pytest.mark.parametrize("game_id", ["witching-hour", "hocus-pocus", "disney-hocus-pocus"])
def test_cards_are_drawn_with_the_games_own_pictures(pages, game_id):
    controller = TableController(game_id, players=3, seed=7)
    page = pages(controller)
    pictures = pictures_of(controller.presenter)
    faces = controller.state()["scene"]["hand"]["cards"]
    arts = page.query(".wt-hand .wt-card .wt-card-art")
    assert len(arts) == sum(f["count"] for f in faces)
    drawn = {a["html"] for a in arts}
    for face in faces:
        assert any(pictures[face["icon"]] in html for html in drawn), f"{face['kind']}: not its picture"
    legal = {action_key(a) for a in controller.game.legal_actions(0)}
    offered = {b["attrs"]["data-action"] for b in page.query("button[data-action]")}
    assert offered and offered <= legal


def test_table_js_writes_only_the_words_the_state_gives_it(pages):
    controller = TableController("witching-hour", players=3, seed=7)
    page = pages(controller)
    text = page.op("noop", html=True)["html"]
    assert "What happened" in text or controller.state()["scene"]["log"] == []
    state = controller.state()
    state["strings"] = {"log_title": "Lo que pasó", "last": "Último"}
    assert "Último" in page.op("update", state=state, html=True)["html"]
    state["strings"] = {}
    text = page.op("update", state=state, html=True)["html"]
    assert "last" in text and "Último" not in text, "a missing word shows its id, never English from JS"


def test_a_table_grid_is_clicked_and_walked_with_the_arrow_keys(pages):
    def extra(game, seat, scene):
        legal = game.legal_actions(seat) if seat is not None and seat in game.to_act else []
        cells = [card(f"slot-{i}", f"Slot {i}", action=a) for i, a in enumerate(legal[:8])]
        scene["table"].append({"key": "grid", "label": "Wizards", "grid": grid(cells, columns=4)})

    controller = TableController("witching-hour", players=3, seed=7)
    controller.presenter = wrapped(wh, extra)
    page = pages(controller)
    page.op("update", state=controller.state())
    cells = page.query(".wt-grid[data-grid=grid] button.wt-grid-cell")
    assert [c["attrs"]["data-pos"] for c in cells] == [str(i) for i in range(8)]
    cell = ".wt-grid button.wt-grid-cell"
    assert page.op("key", selector=cell, key="ArrowRight")["active"]["attrs"]["data-pos"] == "1"
    assert page.op("key", selector=cell, index=1, key="ArrowDown")["active"]["attrs"]["data-pos"] == "5"
    answer = page.op("click", selector=".wt-grid button.wt-grid-cell", index=5)
    expected = controller.game.legal_actions(0)[5]
    assert answer["sent"] == [{"kind": "act", "action": expected, "move": 0}]
    page.deliver(answer)
    assert controller.game.history[0].action == expected


def test_a_grid_picker_sends_a_listed_set_as_its_action_and_any_other_as_build(pages):
    def extra(game, seat, scene):
        if game.move_number:
            return
        select = grid_select("claim", "Claim", {(0, 2): game.legal_actions(0)[1]})
        cells = [card(f"c{i}", f"C{i}", pick=True) for i in range(4)]
        scene["table"].append({"key": "claim", "label": "Cards", "grid": grid(cells, select=select)})

    controller = TableController("witching-hour", players=3, seed=7)
    controller.presenter = wrapped(wh, extra)
    page = pages(controller)
    page.op("update", state=controller.state())
    page.op("click", selector=".wt-grid button.wt-grid-cell", index=2)
    page.op("click", selector=".wt-grid button.wt-grid-cell", index=0)
    confirm = page.query("[data-role=grid-confirm]")[0]
    assert confirm["attrs"]["data-action"] == action_key(controller.game.legal_actions(0)[1])
    page.op("click", selector=".wt-grid button.wt-grid-cell", index=2)
    page.op("click", selector=".wt-grid button.wt-grid-cell", index=3)
    answer = page.op("click", selector="[data-role=grid-confirm]")
    assert answer["sent"] == [{"kind": "build", "picker": "claim", "picked": [0, 3], "target": None,
                               "move": 0}]


def test_a_reveal_leaves_the_dom_when_its_time_ends_and_the_state_drops_it(pages):
    controller = TableController("witching-hour", players=3, seed=7, pace=0.5)
    glimpse_game(controller, at=0)
    page = pages(controller)
    shown = page.query(".wt-reveal[data-reveal=search-0] .wt-card")
    assert [c["attrs"]["data-card"] for c in shown] == ["bell", "skull", "book"]
    assert page.op("wait", ms=1499)["sent"] == []
    assert page.query(".wt-reveal")
    answer = page.op("wait", ms=1, html=True)
    assert answer["sent"] == [{"kind": "close", "reveal": "search-0", "move": 0}]
    assert "Storage 2" not in answer["html"] and not page.query(".wt-reveal")
    state = page.deliver(answer)
    assert state["scene"]["reveal"] is None and "Storage 2" not in json.dumps(state)
    assert page.query(".wt-reveal") == [] and answer["timers"] >= 0


def test_a_reveal_closed_by_its_button_goes_at_once(pages):
    controller = TableController("witching-hour", players=3, seed=7, pace=0.5)
    glimpse_game(controller, at=0)
    page = pages(controller)
    answer = page.op("click", selector="[data-role=close-reveal]", html=True)
    assert answer["sent"] == [{"kind": "close", "reveal": "search-0", "move": 0}]
    assert "Storage 2" not in answer["html"]
    page.deliver(answer)
    assert page.op("wait", ms=5000)["sent"] == [], "no second close from the old timer"


def test_the_clock_runs_and_what_the_page_sends_carries_its_milliseconds(pages):
    controller = TableController("witching-hour", players=3, seed=7, pace=0.5)
    received = timed_game(controller)
    page = pages(controller)
    page.op("wait", ms=2500)
    assert page.query(".wt-clock[data-clock=card-0] .wt-clock-time")[0]["text"] == "2.5 s"
    answer = page.op("click", selector=".wt-ability-choices button[data-action]")
    assert [m.get("ms") for m in answer["sent"]] == [2500]
    page.deliver(answer)
    assert received == [2500] and controller.game.move_number >= 1


def test_a_team_loss_is_drawn_as_such(pages):
    controller = TableController("witching-hour", players=3, seed=7)
    page = pages(controller)
    state = controller.state()
    state["scene"]["gameover"] = {"title": "The table loses", "text": "", "winners": [], "result": "lost"}
    page.op("update", state=state)
    assert page.query(".wt-gameover[data-result=lost]")[0]["text"].startswith("The table loses")


def test_a_folded_group_with_an_icon_stays_folded_and_a_pile_draws_its_lines(pages):
    """Disney Hocus Pocus's question (disney-hocus-pocus/ask/question): two closed groups, their
    buttons inside; the deck pile's warning line (a pile zone's lines) is drawn under it."""
    controller = TableController("disney-hocus-pocus", players=3, seed=5)
    page = pages(controller)
    folds = page.query("details.wt-fold[data-details^='fold:ask-']")
    assert len(folds) == 2 and all("open" not in f["attrs"] for f in folds)
    assert len(page.query("details.wt-fold button[data-action]")) == 10
    state = controller.state()
    deck = next(z for z in state["scene"]["table"] if z["key"] == "deck")
    deck["lines"] = [{"text": "Only 2 cards left", "tone": "warning"}]
    page.op("update", state=state)
    (line,) = page.query(".wt-zone[data-zone=deck] .wt-zone-line[data-tone=warning]")
    assert line["text"] == "Only 2 cards left"


def test_the_explorer_draws_its_timeline_by_round_and_turn_with_the_taken_move_and_a_bots_reason(pages):
    """Issue 13, items 5 and 6: rounds hold turns hold moves, exactly as the scene groups them;
    the move the line takes here is marked in the timeline and on its chip in the rules panel;
    "Bot's move here" puts the bot's reason beside the move it played."""
    controller = TableController("witching-hour", players=3, seed=3, mode="explore")
    controller.handle({"kind": "autoplay"})
    controller.handle({"kind": "goto", "move": 4})
    page = pages(controller)
    timeline = controller.state()["scene"]["timeline"]
    rounds = page.query(".wt-moves li.wt-round")
    assert [r["attrs"]["data-round"] for r in rounds] == [str(g["round"]) for g in timeline["groups"]]
    turns = page.query(".wt-moves li.wt-turn")
    assert [int(t["attrs"]["data-start"]) for t in turns] == [
        tn["start"] for g in timeline["groups"] for tn in g["turns"]]
    assert len(page.query(".wt-moves li.wt-move-row")) == len(controller.line) + 1
    taken = page.query('.wt-moves li.wt-move-row[data-taken="1"] button')
    assert len(taken) == 1 and taken[0]["attrs"]["data-key"] == "goto:5"
    assert timeline["taken"] in taken[0]["text"]
    chips = page.query('.wt-ex-rules button.wt-chip-btn[data-taken="1"]')
    assert len(chips) == 1 and chips[0]["attrs"]["data-action"] == action_key(controller.line[4][1])
    assert page.query('.wt-ex-layout [data-role="rules-panel"] .wt-explain'), "the rules panel's column"
    answer = page.op("click", selector='button[data-role="botmove"]')
    state = page.deliver(answer)
    reason = state["scene"]["timeline"]["moves"][4]["bot"]["reason"]
    drawn = page.query('.wt-moves li.wt-move-row[data-bot="1"] [data-role="bot-reason"]')
    assert len(drawn) == 1 and reason in drawn[0]["text"]
