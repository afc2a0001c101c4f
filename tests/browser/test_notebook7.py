"""The play table in Jupyter Notebook 7 (not JupyterLab): a notebook runs, a click plays.

Notebook 7 is its own front end (one notebook per page, its own shell) on the same Jupyter
server and kernels, and loads anywidget's front end the same way. A small generated
notebook shows ``play("witching-hour", seed=5, pace=0)``; the test clicks a legal action
and checks, in the kernel's real game, that exactly that action was played as seat 0's
move and that the page shows the game's new move number. No uncaught error may reach the
page once the notebook has loaded. Notebook 7.6.5's own bundle raises one TypeError while it
loads its settings, before any cell runs (so before our widget's code is loaded): an error
then is allowed only if every frame of its stack is in Notebook's ``/static/notebook/``.
Rulebook: ``witching-hour.txt`` (Gameplay: on your turn you make an attack or play a card).
"""

from __future__ import annotations

import ast
import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext
from wt_browser import PLAY, JupyterServer, KernelPeek, Notebook, Table, close_tab, open_tab

from witchtable.engine import load_game

pytestmark = pytest.mark.browser

notebook_app = pytest.importorskip(
    "notebook.app", reason="Jupyter Notebook 7 is not installed (requirements/dev.txt pins `notebook`)")

NOTEBOOK = "play.ipynb"
CELL = 'from witchtable import play\n\ntable = play("witching-hour", players=3, seed=5, pace=0)\ntable'


def write_notebook(path: Path) -> None:
    """A one-cell notebook that shows a seeded play table (bots answer at once: pace=0)."""
    notebook = {"cells": [{"cell_type": "code", "id": "play-0", "metadata": {}, "execution_count": None,
                           "outputs": [], "source": CELL.splitlines(keepends=True)}],
                "nbformat": 4, "nbformat_minor": 5, "metadata": {
                    "kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                   "language": "python"},
                    "language_info": {"name": "python"}}}
    path.write_text(json.dumps(notebook, indent=1))


@pytest.fixture(scope="module")
def notebook7(tmp_path_factory: pytest.TempPathFactory, artifacts: Path) -> Iterator[JupyterServer]:
    """``jupyter notebook`` (Notebook 7) on 127.0.0.1, no token, its own config and state."""
    root = tmp_path_factory.mktemp("notebook7") / "root"
    root.mkdir()
    write_notebook(root / NOTEBOOK)
    server = JupyterServer(root, tmp_path_factory.mktemp("notebook7-state"), artifacts / "notebook7.log",
                           app="notebook")
    server.start()
    yield server
    server.stop()


def kernel_save(peek: KernelPeek) -> dict:
    """The save of the notebook's ``table`` (its real game, hidden cards and all)."""
    text = peek.evaluate("__import__('json').dumps(table.game.to_json())")
    return json.loads(ast.literal_eval(text))


def test_a_click_plays_a_move_in_notebook7(request: pytest.FixtureRequest, chromium: BrowserContext,
                                          notebook7: JupyterServer, artifacts: Path) -> None:
    """Gameplay (witching-hour.txt): seat 0 opens; the clicked action is the move played."""
    tab = open_tab(chromium)
    stacks: list[str] = []
    tab.on("pageerror", lambda err: stacks.append(err.stack or str(err)))
    request.node.wt_page = tab
    peek = None
    try:
        started = time.monotonic()
        nb = Notebook(tab, notebook7, NOTEBOOK).open()
        assert tab.url.startswith(f"{notebook7.base_url}/notebooks/"), "not Notebook 7's page"
        assert tab.evaluate("() => window.jupyterapp.name") == "Jupyter Notebook"
        on_load = len(stacks)
        nb.run_all()
        assert nb.error_outputs() == []
        table = Table(tab, nb.panel.locator(PLAY).first)
        table.wait_idle()
        shown = time.monotonic() - started

        peek = KernelPeek(notebook7, NOTEBOOK)
        before = kernel_save(peek)
        game = load_game(before)
        assert table.move == game.move_number == 0
        assert game.to_act == (0,)
        button = table.find('button[data-action]:not([data-role="confirm"]):not([disabled])').first
        action = json.loads(button.get_attribute("data-action"))
        assert action in game.legal_actions(0), f"the page offers an illegal action: {action}"

        ms = table.act(lambda: button.click())
        after = kernel_save(peek)
        assert after["actions"][0] == [0, action], "the kernel's game did not play the clicked action"
        assert table.move == load_game(after).move_number >= 1
        assert not table.busy
        host = [s for s in stacks[:on_load] if s.splitlines()[1:2]
                and all("/static/notebook/" in line for line in s.splitlines()[1:] if " at " in line
                        and "http" in line)]
        assert stacks[:on_load] == host, f"errors while Notebook 7 loaded, not in its own code: {stacks}"
        assert stacks[on_load:] == [], f"uncaught errors once the notebook ran: {stacks[on_load:]}"
        table.root.screenshot(path=str(artifacts / "notebook7-play.png"))
        print(f"Notebook 7: table shown {shown:.1f} s after opening; click to re-render {ms:.0f} ms")
    finally:
        if peek is not None:
            peek.close()
        request.node.wt_page = None
        close_tab(tab, notebook7)
