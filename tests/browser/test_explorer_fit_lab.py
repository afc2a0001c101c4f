"""The explorer's three columns in real JupyterLab at 1366 x 768 (issue 13, item 5;
docs/widgets.md "In the three columns"), later in a game: the fullest position of a seeded
bot game (``wt_browser.fullest_position``), opened by its link in a notebook of its own
(``explore(link=...)``), shows whole in the board column with JupyterLab's side panels
closed and the explorer scrolled to the top: no scrolling inside the column, for every game.
It also measures the height JupyterLab's notebook leaves the output (``LAB_ROOM``), in which
tests/widgets/test_widget_explorer_fit.py steps through every position of each game.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext
from wt_browser import (
    EXPLORE,
    HARNESS_DIR,
    LAB_ROOM,
    LAPTOP,
    JupyterServer,
    Notebook,
    Table,
    close_tab,
    explorer_to_the_top,
    fullest_position,
    open_tab,
)

from witchtable.engine import GAMES

pytestmark = pytest.mark.browser

COLUMN = """el => { const main = el.querySelector('.wt-ex-layout > .wt-main');
    let room = innerHeight;  // the notebook's scrolling box, as table.js's fit() finds it
    for (let n = el.parentElement; n && n !== document.body; n = n.parentElement) {
        const o = getComputedStyle(n).overflowY;
        if ((o === 'auto' || o === 'scroll') && n.scrollHeight > n.clientHeight + 1) {
            room = n.clientHeight; break; }
    }
    return { split: el.querySelector('.wt-ex-layout').dataset.split, client: main.clientHeight,
             content: main.scrollHeight, move: Number(el.dataset.move), room }; }"""


def notebook(link: str) -> dict:
    cells = [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "id": "fit-0",
              "source": ["from witchtable import explore\n", "\n", f"explore(link={link!r})"]}]
    return {"cells": cells, "nbformat": 4, "nbformat_minor": 5, "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"},
        "language_info": {"name": "python"}}}


@pytest.fixture
def tab(chromium: BrowserContext, jupyter: JupyterServer) -> Iterator:
    page = open_tab(chromium)
    size = page.viewport_size
    yield page
    page.set_viewport_size(size)
    close_tab(page, jupyter)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_fullest_position_fits_jupyterlab_on_a_laptop(tab, jupyter: JupyterServer, game: str) -> None:
    move, link = fullest_position(game)
    path = f"{HARNESS_DIR}/fit-{game}.ipynb"
    (jupyter.root_dir / path).write_text(json.dumps(notebook(link)))
    nb = Notebook(tab, jupyter, path).open()
    nb.run_all()
    assert nb.error_outputs() == [], "the notebook's cell raised"
    tab.evaluate("() => { const s = window.jupyterapp.shell; s.collapseLeft(); s.collapseRight(); }")
    tab.set_viewport_size(LAPTOP)
    explorer = Table(tab, nb.panel.locator(EXPLORE).first)
    explorer.wait_idle()
    explorer_to_the_top(tab, explorer.root)
    column = explorer.root.evaluate(COLUMN)
    print(f"\n{game} move {move} in JupyterLab at 1366x768: {column}")
    assert column["move"] == move and column["split"] == "1", f"three columns at move {move}: {column}"
    assert column["content"] <= column["client"] + 1, f"{game} at {move}: the column scrolls: {column}"
    # The widget harness steps through every position of each game in a page this tall
    # (tests/widgets/test_widget_explorer_fit.py): JupyterLab must leave at least as much.
    assert column["room"] >= LAB_ROOM, f"JupyterLab leaves the output {column['room']} px, not {LAB_ROOM}"
