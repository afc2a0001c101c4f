"""Notebooks that survive export and reopening, in real JupyterLab and Debian's Chromium.

1. Tables drawn in JupyterLab load their module from the one shared assets model (each
   table's own ``_esm`` is the small loader); the still picture under each table is in
   the page but hidden while the table is drawn; a click plays.
2. When the kernel goes, each table says so and how to bring it back.
3. An executed notebook saved with its widget state, exported with nbconvert and opened
   with nothing but 127.0.0.1 reachable (the export's widget scripts come from a CDN, so
   they are blocked), shows every table's board.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import expect
from wt_browser import ARTIFACTS, PLAY, Notebook, Table

from witchtable.engine import GAMES

FIRST = next(iter(GAMES.values())).name
"""The game of the first table tools/notebook_size.py writes (it follows the registry)."""

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
CELLS = ["from witchtable import explore, play",
         'play("witching-hour", players=3, seed=7, pace=0)',
         'explore("hocus-pocus", players=3, seed=2)']


def tables_notebook(path: Path) -> None:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(src) for src in CELLS])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, path)


def test_tables_load_the_shared_module_hide_their_snapshot_and_say_when_the_kernel_is_gone(page, jupyter):
    tables_notebook(jupyter.root_dir / "export-live.ipynb")
    nb = Notebook(page, jupyter, "export-live.ipynb").open()
    nb.run_all()
    assert nb.error_outputs() == []
    tables = nb.panel.locator(".wt-table")
    tables.nth(1).wait_for(timeout=30_000)
    assert tables.count() == 2
    assert page.evaluate("() => !!document.getElementById('witchtable-table-css')"), "the shared style is in"
    snaps = nb.panel.locator(".wt-snap")
    assert snaps.count() == 2, "each table's snapshot is in the notebook"
    assert not snaps.first.is_visible() and not snaps.nth(1).is_visible(), "hidden under a live table"
    play = Table(page, nb.panel.locator(PLAY).first)
    play.wait_idle()
    assert play.find("[data-role=kernel]").is_hidden()
    card = play.find(".wt-hand .wt-card").first  # its picture and the words come from the assets model
    pictures = json.loads((REPO / "widgets/presenters/witching_hour.pictures.json").read_text())
    art = card.locator(".wt-card-art").inner_html()
    assert pictures[card.get_attribute("data-card")].split('"')[1] in art, "the game's own picture"
    assert play.find("[data-role=clear]").inner_text().strip() == "Clear"
    before = play.move
    play.act(lambda: play.find("button[data-action]").first.click())
    assert play.move > before, "the table plays"
    page.screenshot(path=str(ARTIFACTS / "export-live.png"))
    page.evaluate(nb._js("return w.sessionContext.session.kernel.shutdown();"))
    notice = play.find("[data-role=kernel]")
    notice.wait_for(state="visible", timeout=30_000)
    assert "kernel is gone" in notice.inner_text() and "run the cell again" in notice.inner_text()
    explorer_notice = nb.panel.locator('.wt-table[data-mode="explore"] [data-role=kernel]')
    explorer_notice.wait_for(state="visible", timeout=30_000)
    notice.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "export-kernel-gone.png"))


def test_an_nbconvert_export_of_a_saved_notebook_shows_the_boards_offline(page, offline_guard, tmp_path):
    sys.path.insert(0, str(REPO / "tools"))
    try:
        import notebook_size
    finally:
        sys.path.pop(0)
    figures = notebook_size.measure(3, tmp_path)
    html = (tmp_path / "tables.html").read_text()
    page.set_content(html, wait_until="load")  # the exported file as a browser opens it, offline
    snaps = page.locator(".wt-snap")
    assert snaps.count() == figures["html_snapshots"] == 3
    for i in range(3):
        snap = snaps.nth(i)
        assert snap.is_visible(), f"table {i + 1}'s board shows in the exported page"
        box = snap.bounding_box()
        assert box and box["height"] > 150 and box["width"] > 300
    first = snaps.first.inner_text()
    assert FIRST in first and "You" in first
    assert page.locator(".wt-snap svg use").count() > 0, "the cards' pictures are drawn"
    page.screenshot(path=str(ARTIFACTS / "export-nbconvert.png"), full_page=True)
    blocked = offline_guard.take()  # the export's own widget scripts (a CDN): blocked, as offline
    assert all(any(lib in url for lib in ("jupyter-widgets", "require", "mathjax")) for url in blocked), (
        json.dumps(blocked))


def test_a_reopened_notebook_shows_its_boards_and_each_table_says_its_kernel_is_gone(page, jupyter, tmp_path):
    """The executed, saved notebook opened again in a fresh kernel. Untrusted (as a file from
    elsewhere opens), JupyterLab shows no widget, and the sanitised snapshot still tells the
    position; trusted, the tables come back from the saved widget state with no comm behind
    them, and each says its kernel is gone and how to bring it back."""
    sys.path.insert(0, str(REPO / "tools"))
    try:
        import notebook_size
    finally:
        sys.path.pop(0)
    notebook_size.measure(2, tmp_path)
    (jupyter.root_dir / "export-reopened.ipynb").write_text((tmp_path / "tables.ipynb").read_text())
    nb = Notebook(page, jupyter, "export-reopened.ipynb").open()
    snaps = nb.panel.locator(".wt-snap")
    snaps.nth(1).wait_for(timeout=30_000)
    assert nb.panel.locator(".wt-table").count() == 0, "untrusted: no live widget"
    first = snaps.first.inner_text()
    assert snaps.first.is_visible() and FIRST in first and "Your hand" in first
    page.evaluate(nb._js("window.jupyterapp.shell.activateById(w.id);"
                         " window.jupyterapp.commands.execute('notebook:trust');"))
    page.locator(".jp-Dialog .jp-mod-accept").click()
    notices = nb.panel.locator(".wt-table [data-role=kernel]")
    notices.nth(1).wait_for(state="visible", timeout=30_000)
    for i in range(2):  # (a notice may show before its words are in: wait for them)
        expect(notices.nth(i)).to_contain_text("kernel is gone", timeout=30_000)
        expect(notices.nth(i)).to_contain_text("run the cell again")
    assert not snaps.first.is_visible(), "the live tables are back: their snapshots hide"
    page.screenshot(path=str(ARTIFACTS / "export-reopened.png"))
