"""Helpers of the built-site suite: where the site is, timings, an offline browser, the board.

Shared by tests/site's conftest and tests (a module of its own, so nothing imports
``conftest`` by name: tests/browser has one too).
"""

from __future__ import annotations

import json
import os
import random
import re
import statistics
import time
from pathlib import Path

from playwright.sync_api import BrowserContext, Locator, Page
from wt_browser import OfflineGuard, Table

REPO = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("WITCHTABLE_SITE", REPO / "build" / "site"))
ARTIFACTS = REPO / "test-artifacts" / "site"
RUNS = int(os.environ.get("WITCHTABLE_SITE_RUNS", "1"))
"""Cold starts measured per page (each in a fresh browser profile); the median is reported.
One by default: the suite checks, ``make bench-site`` measures (medians of 5 against an anchor)."""

# --------------------------------------------------------------------------- timings

TIMINGS: dict = {}


def record(key: str, value: object) -> None:
    """Keep one measurement for the summary and test-artifacts/site/timings.json.

    The file keeps the other keys of earlier runs (a partial run updates only its own);
    each entry says when it was measured and how busy the machine was (load average).
    """
    TIMINGS[key] = value
    path = ARTIFACTS / "timings.json"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        saved = json.loads(path.read_text())
    except (OSError, ValueError):
        saved = {}
    saved[key] = {"value": value, "measured_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
                  "load_average_1min": round(os.getloadavg()[0], 2)}
    path.write_text(json.dumps(saved, indent=2, sort_keys=True))


def summarize(values: list[float]) -> dict:
    return {"median": round(statistics.median(values), 3), "runs": [round(v, 3) for v in values]}



# --------------------------------------------------------------------------- the browser


class Browser:
    """A Chromium with a fresh profile (a cold start), offline except 127.0.0.1."""

    def __init__(self, context: BrowserContext, guard: OfflineGuard) -> None:
        self.context = context
        self.guard = guard
        self.bad_responses: list[str] = []
        self.allowed_failures: list[str] = []
        self.errors: list[str] = []
        self.finished: list = []
        # On the context, so the web workers' requests (Pyodide, wheels) count too.
        context.on("response", self._response)
        context.on("requestfinished", lambda request: self.finished.append(request))

    def _response(self, response) -> None:
        if response.status >= 400 and not any(a in response.url for a in self.allowed_failures):
            self.bad_responses.append(f"{response.status} {response.url}")

    def new_page(self) -> Page:
        page = self.context.new_page()
        page.on("pageerror", lambda err: self.errors.append(str(err)))
        return page

    def bytes_downloaded(self) -> int:
        """Response bodies received so far, each URL once (JupyterLite's service worker
        makes a second request for what it passes through)."""
        sizes: dict[str, int] = {}
        for request in self.finished:
            size = request.sizes()["responseBodySize"]
            sizes[request.url] = max(size, sizes.get(request.url, 0))
        return sum(sizes.values())

    def check_clean(self) -> None:
        """Fail if the page tried another host or met a missing file."""
        attempted = self.guard.take()
        assert not attempted, f"the site tried to reach hosts other than 127.0.0.1: {attempted[:10]}"
        assert not self.bad_responses, f"requests that failed: {self.bad_responses[:10]}"


def screenshot(name: str, context: BrowserContext) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for i, page in enumerate(context.pages):
        try:
            page.screenshot(path=str(ARTIFACTS / f"FAILED-{name}-{i}.png"), full_page=True)
        except Exception:  # the page may be what broke
            pass


# --------------------------------------------------------------------------- the board

IDLE = ".wt-table[data-busy='0']"
OFFERED = f"{IDLE} button[data-action]:not([disabled]):not([data-role=confirm])"
PLAYABLE = f"{OFFERED}, {IDLE} .wt-hand button[data-card]"
"""A board that takes a move: the table drawn, idle, offering an action or cards to pick."""


def when_playable(page, timeout_s: float = 90) -> float:
    """Wait for a playable board; the ms since the page's navigation started (in-page clock)."""
    handle = page.wait_for_function(
        "sel => document.querySelector(sel) ? performance.now() : false", arg=PLAYABLE,
        timeout=timeout_s * 1000, polling=50)
    return handle.json_value()


def open_play_page(browser, site_url: str, game: str, query: str = "pace=0"):
    page = browser.new_page()
    page.goto(f"{site_url}play/{game}/?{query}")
    ms = when_playable(page)
    return page, ms


OFFERS = ("button[data-action]:not([disabled]):visible, .wt-hand button[data-card]:visible, "
          "details.wt-fold:not([open]) > summary:visible")
"""Inside one table: something a person can click now to make a move (or a folded group of
choices to open first: a Disney Hocus Pocus question is a colour or an ingredient, then which)."""


def pick_an_action(table: Locator, rng: random.Random) -> Locator:
    """The button of ``table`` that plays one offered action (chosen by ``rng``).

    Either a visible action button, or, when the only choice is to pick cards (the
    attack builder), the builder's confirm button after picking a card (and a target)
    that make a legal play, as the presenter's combos say.
    """
    offered = table.locator("button[data-action]:not([disabled]):not([data-role=confirm]):visible")
    if not offered.count():  # every choice is folded away: open one group, as a person would
        folds = table.locator("details.wt-fold:not([open]) > summary:visible")
        if folds.count():
            folds.nth(rng.randrange(folds.count())).click()
    if offered.count():
        return offered.nth(rng.randrange(offered.count()))
    toggles = table.locator(".wt-hand button[data-card]:visible")
    confirm = table.locator("[data-role=confirm]")
    order = list(range(toggles.count()))
    rng.shuffle(order)
    for i in order:
        toggles.nth(i).click()
        targets = table.locator("[data-target]:visible")
        if targets.count() and not table.locator("[data-target][aria-pressed=true]").count():
            targets.nth(rng.randrange(targets.count())).click()
        if confirm.get_attribute("data-action") and confirm.is_enabled():
            return confirm
        table.locator("[data-role=clear]").click()
    raise AssertionError("the board offers cards to pick but no pick makes a legal play")


def start_race(page: Page, root) -> None:
    """A race's round (Hocus Focus) starts once How to play is closed and its countdown has
    run; until then the page sends no call. Nothing to do at any other table."""
    if root.get_attribute("data-counting") != "1":
        return
    close = root.locator("[data-role=howto-close]")
    if close.count():
        close.first.click()
    page.wait_for_function("el => el.dataset.counting !== '1'", arg=root.element_handle(), timeout=15_000)


def click_an_action(page: Page, rng: random.Random, index: int = 0) -> float:
    """Play one action offered by the page's ``index``-th table; returns the ms to re-render."""
    root = page.locator(".wt-table").nth(index)
    table = Table(page, root)
    root.locator(OFFERS).first.wait_for()  # (bots may still be moving)
    table.wait_idle()
    start_race(page, root)
    choice = pick_an_action(root, rng)
    before = table.move
    ms = table.act(lambda: choice.click())
    assert table.move > before, "the move number must grow after a played action"
    return ms


# --------------------------------------------------------------------------- JupyterLite

def witching_hour_notebook(manifest: dict) -> str:
    found = [nb for nb in manifest["notebooks"]
             if "witching-hour" in Path(nb).stem.lower().replace("_", "-")]
    assert found, f"the site has no Witching Hour notebook (examples/): {manifest['notebooks']}"
    return found[0]


PROMPT_DONE = re.compile(r"^\[\d+\]:$")


def run_all_cells(page) -> None:
    """Run > Run All Cells, as a user would, once the notebook has its kernel.

    The kernel starts by itself when the notebook opens; until the session knows which
    kernel it gets ("No Kernel" in the toolbar) running a cell asks the user to choose
    one, so wait for the name first. A first request swallowed is asked again.
    """
    page.wait_for_function(
        """() => {
            const name = document.querySelector('.jp-Toolbar-kernelName');
            return !!name && /Pyodide/.test(name.textContent);
        }""", timeout=120_000)
    for _attempt in range(3):
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
        page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
        try:
            page.wait_for_function(
                """() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
                          .some(p => p.textContent.trim() !== '[ ]:' && p.textContent.trim() !== '')""",
                timeout=10_000)
            return
        except Exception:
            continue
    raise AssertionError("Run All Cells did not start any cell")


def wait_cells_done(page, timeout_s: float = 300) -> None:
    page.wait_for_function(
        """() => {
            const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
            return prompts.length > 0 && prompts.every(p => /^\\[\\d+\\]:$/.test(p.textContent.trim()));
        }""", timeout=timeout_s * 1000, polling=250)


