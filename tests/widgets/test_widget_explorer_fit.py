"""Every position of a game fits the explorer's board column on a laptop in JupyterLab
(issue 13, item 5; docs/widgets.md "In the three columns").

The harness page at 1366 x ``LAB_ROOM``: the explorer's columns take the height the page
leaves them (``fit`` in table.js), and ``LAB_ROOM`` is the height JupyterLab's notebook
leaves a cell's output in a 1366 x 768 window with its side panels closed, which
tests/browser/test_explorer_fit_lab.py measures in JupyterLab itself. A seeded game between
the default bots (``seeded_explorer``: the site's ``seed=3&players=4``) is stepped
through position by position, and at each the board column's content must show whole, with
no scrolling inside the column: the header and the headline vary (a notice, a headline on
two lines), so the column's own height is taken at each position too.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("playwright")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))
from widget_harness import CHROMIUM, browser, open_table
from wt_browser import LAB_ROOM, LAPTOP, seeded_explorer

from witchtable.engine import GAMES

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(CHROMIUM is None, reason="Debian chromium is not installed")]

AT = """m => { const t = document.querySelector('.wt-table');
    return t.dataset.move === String(m) && t.dataset.busy === '0'; }"""
COLUMN = """() => { const main = document.querySelector('.wt-ex-layout > .wt-main');
    return { split: main.parentElement.dataset.split, client: main.clientHeight,
             content: main.scrollHeight }; }"""



@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_position_of_a_game_fits_the_board_column_in_jupyterlab(base, game: str) -> None:
    explorer, length, _save = seeded_explorer(game)
    explorer.handle({"kind": "goto", "move": 0})
    scrolling = []
    with browser(width=LAPTOP["width"], height=LAB_ROOM) as (context, outside):
        page = open_table(context, base, explorer)
        for move in range(length):  # the last position is the game's end: no rules panel
            page.evaluate("m => window.wtModel.send({ kind: 'goto', move: m })", move)
            page.wait_for_function(AT, arg=move)
            column = page.evaluate(COLUMN)
            assert column["split"] == "1", f"three columns at move {move}: {column}"
            if column["content"] > column["client"] + 1:
                scrolling.append((move, column["content"] - column["client"]))
        assert outside == []
    print(f"\n{game}: {length} positions stepped through at 1366 x {LAB_ROOM}")
    assert scrolling == [], f"{game}: the board column scrolls at (move, px over): {scrolling}"
