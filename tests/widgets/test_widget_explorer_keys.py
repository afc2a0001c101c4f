"""The explorer in table.js (Node, ``node_dom.mjs``): the timeline keys and the strict view's panels.

Arrow keys step the timeline, Home/End jump to its ends, PageUp/PageDown move a turn (the
controller's ``timeline.turns``); a seat's view draws the hidden options' sentence and the
save note instead of another seat's options and the save box. (docs/widgets.md)
"""

from __future__ import annotations

import itertools

import pytest
from test_widget_node import NODE, Page

from witchtable.widgets import TableController

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


@pytest.fixture
def page():
    controller = TableController("hocus-pocus", players=3, seed=3, mode="explore", seat=None)
    controller.handle({"kind": "autoplay"})
    controller.handle({"kind": "goto", "move": 30})
    opened = Page(controller)
    yield opened
    opened.close()


def press(page: Page, key: str) -> int:
    """Press ``key`` on the table (focused, as after a click on it); the position it reached."""
    answer = page.op("key", selector=".wt-table", key=key)
    assert [m["kind"] for m in answer["sent"]] in (["goto"], [])
    page.deliver(answer)
    return page.controller.game.move_number


def test_arrow_keys_step_and_home_end_jump(page):
    assert press(page, "ArrowRight") == 31
    assert press(page, "ArrowDown") == 32
    assert press(page, "ArrowLeft") == 31
    assert press(page, "ArrowUp") == 30
    length = len(page.controller.line)
    assert press(page, "End") == length
    assert press(page, "ArrowRight") == length, "nothing past the end"
    assert press(page, "Home") == 0
    assert press(page, "ArrowLeft") == 0, "nothing before the start"


def test_page_down_and_up_move_a_turn(page):
    turns = page.controller.turns
    assert turns and all(b > a for a, b in itertools.pairwise(turns))
    start = next(p for p in turns if p > 30)
    assert press(page, "PageDown") == start
    after = next(p for p in turns if p > start)
    assert press(page, "PageDown") == after
    assert press(page, "PageUp") == start
    assert press(page, "PageUp") == max(p for p in turns if p < start)


def test_keys_inside_the_log_scroll_it_instead(page):
    answer = page.op("key", selector=".wt-log", key="ArrowDown")
    assert not answer["sent"]


def test_a_seats_view_draws_the_hidden_options_and_the_save_note(page):
    controller = page.controller
    actor = controller.game.to_act[0]
    other = (actor + 1) % controller.game.players
    page.op("update", state=controller.handle({"kind": "view_as", "seat": other}))
    hidden = page.query('[data-role="hidden-options"]')
    assert hidden and controller.names[actor] in hidden[0]["text"]
    drawn = {b["attrs"]["data-seat"] for b in page.query(".wt-explain [data-action]")}
    assert drawn <= {str(other)}, "no other seat's option is drawn"
    assert not page.query('[data-role="save"]') and page.query('[data-role="save-note"]')
    page.op("update", state=controller.handle({"kind": "view_as", "seat": None}))
    assert page.query('[data-role="save"]') and not page.query('[data-role="hidden-options"]')
