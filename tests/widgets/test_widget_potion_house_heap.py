"""Potion House's search reveal opens readable (issue 27, item 5): the ten tokens of the
opened space lie in rows, every name visible, for the whole timed look; the jumbled heap
(about four names readable in a five-second look) is a choice behind the Spread toggle.

potion-house/search/everyone-sees: the search is shown as the rules say (to every seat,
only while the lid is open); how the page lays it out is the page's own (nothing is sent,
nothing is kept once the reveal goes). The Node tests check the behaviour, the browser
tests (``-m browser``, under ``flock /tmp/witchtable-browser.lock``) the look.
"""

from __future__ import annotations

import shutil

import pytest
from widget_helpers import act

from witchtable.widgets import TableController

GAME = "potion-house"
HEAP = ".wt-zone[data-lid=open] .wt-heap"


def searched(seed: int = 4, space: int = 2, **options) -> tuple[TableController, dict]:
    """A 3-player table at seat 0's first turn (bots play the others), then seat 0's search."""
    table = TableController(GAME, players=3, seed=seed, pace=0.9, **options)
    state = table.state()
    for _ in range(200):
        if state["scene"]["reveal"]:
            shown = state["scene"]["reveal"]
            state = table.handle({"kind": "close", "reveal": shown["key"], "move": state["scene"]["move"]})
        elif state["auto"]:
            state = table.handle(state["auto"]["message"])
        elif table.game.to_act == (0,) and table.game.view(0)["phase"] == "turn":
            return table, act(table, {"type": "search", "space": space})
        else:
            state = act(table, {"type": "declare", "count": 2})
    raise AssertionError("never reached seat 0's turn")


def test_the_search_opens_in_rows_and_the_toggle_heaps_it_up():
    """potion-house/search/everyone-sees in table.js (Node): the reveal opens spread (the
    toggle pressed, the tokens in the flow: no position of their own); the toggle jumbles
    them into a heap and back, sending nothing."""
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    from test_widget_node import Page

    table, state = searched()
    tokens = sorted(c["kind"] for c in state["scene"]["reveal"]["cards"])
    page = Page(table)
    try:
        answer = page.op("update", state=state, query=HEAP)
        assert [h["attrs"]["data-spread"] for h in answer["found"]] == ["1"], "opens in rows"
        drawn = page.query(HEAP + " .wt-token")
        assert sorted(t["attrs"]["data-card"] for t in drawn) == tokens
        assert all("style" not in t["attrs"] for t in drawn), "in rows, laid out by the stylesheet"
        toggle = page.query("[data-role=spread-heap]")
        assert [t["attrs"]["aria-pressed"] for t in toggle] == ["true"]
        answer = page.op("click", selector="[data-role=spread-heap]", query=HEAP + " .wt-token")
        assert answer["sent"] == [], "the layout is the page's own"
        assert page.query(HEAP)[0]["attrs"]["data-spread"] == "0"
        assert all("left:" in t["attrs"]["style"] for t in answer["found"]), "jumbled at spots"
        assert page.query("[data-role=spread-heap]")[0]["attrs"]["aria-pressed"] == "false"
        answer = page.op("click", selector="[data-role=spread-heap]", query=HEAP + " .wt-token")
        assert page.query(HEAP)[0]["attrs"]["data-spread"] == "1"
        assert all("style" not in t["attrs"] for t in answer["found"])
    finally:
        page.close()


READABLE = """(heap) => {
  // Each token inside the heap's box, no two overlapping, each name inside its token and
  // the topmost thing at its centre (nothing covers it).
  const box = heap.getBoundingClientRect();
  const tokens = [...heap.querySelectorAll(".wt-token")];
  const rects = tokens.map((t) => t.getBoundingClientRect());
  const problems = [];
  const inside = (r, b) => r.left >= b.left - 0.5 && r.right <= b.right + 0.5
    && r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5;
  tokens.forEach((token, i) => {
    const name = token.querySelector(".wt-token-name");
    const label = name.getBoundingClientRect();
    if (!inside(rects[i], box)) problems.push(`${name.textContent}: outside the heap`);
    if (!inside(label, rects[i])) problems.push(`${name.textContent}: its name spills out`);
    const hit = document.elementFromPoint(label.left + label.width / 2, label.top + label.height / 2);
    if (!hit || !token.contains(hit)) problems.push(`${name.textContent}: covered`);
    for (let j = 0; j < i; j++) {
      const o = rects[j];
      if (rects[i].left < o.right - 0.5 && o.left < rects[i].right - 0.5
          && rects[i].top < o.bottom - 0.5 && o.top < rects[i].bottom - 0.5) {
        problems.push(`${name.textContent} overlaps ${tokens[j].textContent}`);
      }
    }
  });
  return { count: tokens.length, problems };
}"""



@pytest.mark.browser
@pytest.mark.parametrize(("mode", "size"), [("play", (1280, 900)), ("play", (420, 800)),
                                            ("explore", (1440, 900))])
def test_every_token_of_a_search_is_readable_when_the_lid_opens(base, mode, size):
    """potion-house/search/everyone-sees in Chromium: as the reveal opens, every one of the
    ten tokens lies inside the open space, none overlaps another, and each name is whole
    and uncovered, at a desktop's width, a phone's, and in the explorer's split layout."""
    from widget_harness import browser, open_table

    if mode == "play":
        table, _state = searched()
    else:
        table = TableController(GAME, players=3, seed=4, mode="explore")
        table.handle({"kind": "autoplay"})
        move = next(m for m in range(1, len(table.line) + 1)
                    if (table.handle({"kind": "goto", "move": m})["scene"]["reveal"] or {})
                    .get("key", "").startswith("search-"))
        assert table.game.move_number == move
    errors: list = []
    with browser(width=size[0], height=size[1]) as (context, _outside):
        page = open_table(context, base, table, errors)
        if page.locator("[data-role=howto-close]").count():
            page.click("[data-role=howto-close]")
        heap = page.locator(".wt-reveal .wt-heap")
        heap.scroll_into_view_if_needed()
        result = heap.evaluate(READABLE)
        assert result["count"] == 10 and result["problems"] == [], result
        page.click("[data-role=spread-heap]")
        assert page.locator(".wt-reveal .wt-heap[data-spread='0']").count() == 1, "the heap remains a choice"
        assert errors == []
