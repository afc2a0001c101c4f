"""The built offline site in Chromium: landing page, play pages, the notebook, saves.

Each page is opened cold (a fresh browser profile, nothing cached) with every host but
127.0.0.1 blocked; a test fails if the page tried to leave or met a missing file. The
timings are recorded (printed, and in test-artifacts/site/timings.json), never asserted:
they depend on the machine. The size is a property of the build and is asserted.

Rule references: the moves clicked here are whatever the presenter offers, so they are
legal by construction (the engine's own suites check the rules); these tests check the
site carries a click to the engine and the new board back.
"""

from __future__ import annotations

import json
import random
import urllib.request

import pytest
from wt_site import (
    PLAYABLE,
    RUNS,
    SITE,
    click_an_action,
    open_play_page,
    record,
    run_all_cells,
    summarize,
    wait_cells_done,
    when_playable,
    witching_hour_notebook,
)

from witchtable.engine import GAMES

SIZE_TARGET_MB = 40
CLICKS = 12

# --------------------------------------------------------------------------- landing


def test_landing_page_lists_games_and_notebooks(fresh_browser, site_url: str, manifest: dict) -> None:
    with fresh_browser() as browser:
        page = browser.new_page()
        page.goto(site_url)
        assert "witchtable" in page.title()
        for game in manifest["games"]:
            link = page.locator(f'.wt-game[data-game="{game}"] a[href="play/{game}/"]')
            assert link.count() == 1, f"the landing page must link the {game} play page"
        assert page.locator(".wt-game").count() == len(manifest["games"])
        hrefs = page.locator("a[href]").evaluate_all("links => links.map(a => a.href)")
        for nb in manifest["notebooks"]:
            assert any(nb in href for href in hrefs), f"the landing page must link the notebook {nb}"
        for href in hrefs:  # every link of the landing page leads to a file of the site
            assert href.startswith(site_url), f"a link leaves the site: {href}"
            with urllib.request.urlopen(href, timeout=10) as reply:
                assert reply.status == 200, href


def test_the_offline_guard_catches_a_page_that_leaves(fresh_browser, site_url: str) -> None:
    """The suite's own check: a request to another host is blocked AND fails the test."""
    with fresh_browser() as browser:
        page = browser.new_page()
        page.goto(site_url)
        outcome = page.evaluate("""async () => {
            try { await fetch('http://example.invalid/x.js'); return 'fetched'; }
            catch (err) { return 'blocked'; } }""")
        assert outcome == "blocked"
        with pytest.raises(AssertionError, match=r"example\.invalid"):
            browser.check_clean()  # (takes the record, so leaving the block passes)


# --------------------------------------------------------------------------- play pages


def test_the_site_has_a_play_page_for_every_registered_game(manifest: dict) -> None:
    """The build reads its games from the engine's registry: all of them, and nothing else."""
    assert manifest["games"] == list(GAMES), "rebuild the site (make site) after adding a game"


@pytest.mark.parametrize("game", list(GAMES))
def test_every_play_page_takes_a_move(fresh_browser, site_url: str, manifest: dict, game: str) -> None:
    """Each registered game's page reaches a playable board and carries a click to the engine."""
    assert game in manifest["games"], f"the site has no play page for {game}: rebuild it (make site)"
    with fresh_browser() as browser:
        page, _ms = open_play_page(browser, site_url, game)
        assert page.locator(".wt-table").get_attribute("data-game") == game
        click_an_action(page, random.Random(1))
        assert browser.errors == []


def test_play_page_cold_start_and_click_times(fresh_browser, site_url: str) -> None:
    """Witching Hour: page open to playable board (cold, median of RUNS), click to re-render."""
    starts, breakdown, clicks = [], [], []
    for run in range(RUNS):
        with fresh_browser() as browser:
            page, ms = open_play_page(browser, site_url, "witching-hour", f"pace=0&seed={run + 1}")
            starts.append(ms / 1000)
            breakdown.append(page.evaluate("window.witchtableTimings"))
            if run == 0:
                record("play_page_downloaded_mb", round(browser.bytes_downloaded() / 1e6, 2))
                rng = random.Random(7)
                for _ in range(CLICKS):
                    if page.locator(".wt-gameover").count():
                        break
                    clicks.append(click_an_action(page, rng))
                    page.wait_for_selector(PLAYABLE)
    record("play_page_cold_start_s", summarize(starts))
    record("play_page_load_steps_ms", breakdown)
    record("play_page_click_to_rerender_ms", summarize(clicks))
    print(f"\nplay page: playable after {summarize(starts)} s (target < 8 s); "
          f"click to re-render {summarize(clicks)} ms; steps {breakdown}")
    assert len(clicks) >= 5


def test_play_page_setup_form_starts_the_chosen_game(fresh_browser, site_url: str) -> None:
    with fresh_browser() as browser:
        page, _ = open_play_page(browser, site_url, "witching-hour")
        page.locator("summary", has_text="New game").click()
        form = page.locator("#wt-setup")
        form.locator("select[name=players]").select_option("4")
        form.locator("select[name=seat]").select_option("1")
        form.locator("input[name=seed]").fill("42")
        form.locator("select[name=pace]").select_option("0")
        form.locator("button[type=submit]").click()
        page.wait_for_function("() => document.querySelectorAll('.wt-table .wt-player').length === 4")
        page.wait_for_selector(PLAYABLE)
        assert page.locator(".wt-table").get_attribute("data-seat") == "1"

        form.locator("select[name=mode]").select_option("explore")  # the rules explorer
        form.locator("select[name=seat]").select_option("none")     # every hand
        form.locator("button[type=submit]").click()
        page.wait_for_selector(".wt-table[data-mode=explore] [data-role=timeline]")
        assert page.locator(".wt-table").get_attribute("data-god") == "1"


def test_play_page_bad_setup_says_why_and_deals_the_default(fresh_browser, site_url: str) -> None:
    with fresh_browser() as browser:
        page, _ = open_play_page(browser, site_url, "witching-hour", "players=9&seed=abc")
        note = page.locator("#wt-setup-note")
        assert note.is_visible() and note.get_attribute("data-level") == "error"
        assert "players" in note.inner_text()
        assert page.locator(".wt-table .wt-player").count() == 3


def test_play_page_refuses_a_mid_game_save_that_would_show_hidden_cards(fresh_browser, site_url) -> None:
    """A save holds the seed: while a person plays, the page must not hand one out."""
    with fresh_browser() as browser:
        page, _ = open_play_page(browser, site_url, "witching-hour", "pace=0&seed=5")
        click_an_action(page, random.Random(3))
        page.wait_for_selector(PLAYABLE)
        page.locator("summary", has_text="Save or load").click()
        page.locator("#wt-save").click()
        page.wait_for_function(
            "() => /every hidden card/.test(document.querySelector('#wt-save-note').textContent)")
        assert page.locator("#wt-save-text").input_value() == ""


def test_play_page_save_loads_back(fresh_browser, site_url: str) -> None:
    """The explorer saves any position; the save loads back (a damaged one changes nothing)."""
    with fresh_browser() as browser:
        page, _ = open_play_page(browser, site_url, "witching-hour", "pace=0&seed=5&mode=explore")
        rng = random.Random(3)
        for _ in range(2):
            click_an_action(page, rng)
            page.wait_for_selector(PLAYABLE)
        table = page.locator(".wt-table")
        saved_move = table.get_attribute("data-move")
        saved_hand = page.locator(".wt-hand .wt-card[data-card]").evaluate_all(
            "cards => cards.map(c => c.dataset.card)")
        page.locator("summary", has_text="Save or load").click()
        page.locator("#wt-save").click()
        page.wait_for_function("() => document.querySelector('#wt-save-text').value.length > 0")
        save = page.locator("#wt-save-text").input_value()
        assert json.loads(save)["actions"], "the save holds the moves played"

        page.locator(".wt-table [data-role=new]").click()
        page.wait_for_function("() => document.querySelector('.wt-table').dataset.move === '0'")

        page.locator("#wt-save-text").fill(save[: len(save) // 2])  # a damaged save changes nothing
        page.locator("#wt-load").click()
        page.wait_for_function(
            "() => /could not be loaded/.test(document.querySelector('#wt-save-note').textContent)")
        assert table.get_attribute("data-move") == "0"

        page.locator("#wt-save-text").fill(save)
        page.locator("#wt-load").click()
        page.wait_for_function(f"() => document.querySelector('.wt-table').dataset.move === '{saved_move}'")
        hand = page.locator(".wt-hand .wt-card[data-card]").evaluate_all(
            "cards => cards.map(c => c.dataset.card)")
        assert hand == saved_hand
        click_an_action(page, rng)  # and play goes on from the loaded position


@pytest.mark.parametrize("lost, said", [
    (("pyodide.asm.wasm",), "application/wasm"),  # Pyodide's own file: the page names what to check
    # the wheel, fetched while Python starts, needed when it starts cold (without its snapshot)
    (("witchtable-", "python-snapshot.bin"), "-py3-none-any.whl: HTTP 404"),
])
def test_play_page_reports_a_python_that_cannot_load(fresh_browser, site_url: str, lost: tuple,
                                                     said: str) -> None:
    """A host that lost a file the worker needs: the page says which, instead of spinning forever."""
    with fresh_browser() as browser:
        # The worker's requests go through the context's routes, not the page's.
        browser.context.route(lambda url: url.rsplit("/", 1)[-1].startswith(lost),
                              lambda route: route.fulfill(status=404, body="gone"))
        browser.allowed_failures += lost  # these 404s are the point
        page = browser.new_page()
        page.goto(f"{site_url}play/witching-hour/")
        error = page.locator("#wt-error")
        error.wait_for(state="visible", timeout=60_000)
        assert "Python could not start" in error.inner_text()
        assert said in error.inner_text()
        assert page.locator("body").get_attribute("data-state") == "error"


def test_play_page_says_when_the_host_serves_the_wasm_with_the_wrong_type(fresh_browser,
                                                                         site_url: str) -> None:
    """A host that serves .wasm as text: the page says so, instead of loading for ever."""
    def as_text(route) -> None:
        reply = route.fetch()
        route.fulfill(response=reply, headers={**reply.headers, "content-type": "text/plain"})

    with fresh_browser() as browser:
        browser.context.route("**/pyodide.asm.wasm", as_text)
        page = browser.new_page()
        page.goto(f"{site_url}play/witching-hour/")
        error = page.locator("#wt-error")
        error.wait_for(state="visible", timeout=60_000)
        assert "could not compile" in error.inner_text() and "MIME type" in error.inner_text()
        assert "application/wasm" in error.inner_text()


# --------------------------------------------------------------------------- the notebook


def test_notebook_runs_and_its_widget_takes_a_move(fresh_browser, site_url: str, manifest: dict) -> None:
    """The Witching Hour notebook in JupyterLite: no install cell, widget playable (cold, median)."""
    notebook = witching_hour_notebook(manifest)
    starts, cell_done = [], []
    for run in range(RUNS):
        with fresh_browser() as browser:
            page = browser.new_page()
            page.goto(f"{site_url}lite/notebooks/index.html?path={notebook}")
            page.locator(".jp-Notebook .jp-CodeCell").first.wait_for(timeout=90_000)
            run_all_cells(page)
            starts.append(when_playable(page, timeout_s=240) / 1000)
            wait_cells_done(page)
            cell_done.append(page.evaluate("performance.now()") / 1000)
            errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
            tracebacks = [e.inner_text()[:500] for e in errors.all() if "Traceback" in e.inner_text()]
            assert tracebacks == [], f"a cell failed: {tracebacks}"
            if run == 0:
                record("notebook_downloaded_mb", round(browser.bytes_downloaded() / 1e6, 2))
                click_an_action(page, random.Random(11))
            assert browser.errors == []
    record("notebook_cold_start_s", summarize(starts))
    record("notebook_all_cells_done_s", summarize(cell_done))
    print(f"\nnotebook: widget playable after {summarize(starts)} s; all cells done {summarize(cell_done)} s")


def test_notebook_reads_a_file_from_its_folder(fresh_browser, site_url: str, manifest: dict) -> None:
    """The kernel sees the notebook's folder: ``open()`` on a file beside the notebook
    works, and so does ``input()``. JupyterLite's service worker carries both (the site
    keeps it on for them and lets it decline only the requests it would fetch again;
    lite/README.md says why), so a build that drops it or passes those through fails here."""
    notebook = witching_hour_notebook(manifest)
    with fresh_browser() as browser:
        page = browser.new_page()
        page.goto(f"{site_url}lite/notebooks/index.html?path={notebook}")
        first = page.locator(".jp-Notebook .jp-CodeCell").first
        first.wait_for(timeout=90_000)
        page.wait_for_function(
            """() => {
                const name = document.querySelector('.jp-Toolbar-kernelName');
                return !!name && /Pyodide/.test(name.textContent);
            }""", timeout=120_000)
        first.locator(".jp-InputPrompt").click()   # select the cell (command mode)
        page.keyboard.press("a")                   # a new cell above it
        editor = page.locator(".jp-Notebook .jp-CodeCell").first.locator(".cm-content")
        editor.click()
        name = notebook.rsplit("/", 1)[-1]
        page.keyboard.type(f'import json; nb = json.load(open("{name}"))["nbformat"]; '
                           'print("nbformat", nb, "read by", input("Who reads? "))')
        page.keyboard.press("Shift+Enter")
        cell = page.locator(".jp-Notebook .jp-CodeCell").first
        page.wait_for_function(
            """() => { const cell = document.querySelector('.jp-Notebook .jp-CodeCell');
                       return !!cell.querySelector('.jp-Stdin-input') || /Error/.test(cell.textContent); }""",
            timeout=240_000)
        stdin = cell.locator(".jp-Stdin-input")
        assert stdin.count() == 1, cell.inner_text()[:500]
        stdin.fill("Ada")
        stdin.press("Enter")
        page.wait_for_function(
            """() => { const cell = document.querySelector('.jp-Notebook .jp-CodeCell');
                       return /nbformat 4 read by Ada|Error/.test(cell.textContent); }""", timeout=60_000)
        output = cell.locator(".jp-OutputArea").inner_text()
        assert "nbformat 4 read by Ada" in output, cell.inner_text()[:500]
        assert browser.errors == []


# --------------------------------------------------------------------------- size


def test_site_size(manifest: dict) -> None:
    files = [p for p in SITE.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    parts = {name: round(size / 1e6, 2) for name, size in manifest["size_bytes"]["parts"].items()}
    record("site_size_mb", round(total / 1e6, 2))
    record("site_size_parts_mb", parts)
    record("site_files", len(files))
    print(f"\nsite: {total / 1e6:.1f} MB in {len(files)} files: {parts}")
    assert total < SIZE_TARGET_MB * 1e6, f"the site is {total / 1e6:.1f} MB; target < {SIZE_TARGET_MB} MB"
    assert not list(SITE.rglob("*.map")), "source maps must not ship (no_sourcemaps)"
    lock = json.loads((SITE / "lite/static/pyodide/pyodide-lock.json").read_text())
    for name, entry in lock["packages"].items():
        path = SITE / "lite/static/pyodide" / entry["file_name"]
        assert path.is_file(), f"the lock lists a missing {name}"
