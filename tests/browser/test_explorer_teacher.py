"""The rules explorer as a teacher uses it, in real JupyterLab and Debian's Chromium.

``examples/witching-hour.ipynb`` is run; its explorer (``explore("witching-hour",
players=3, seed=3, autoplay=True)``: a whole game, opened at move 0) is then:

1. stepped with the keyboard: after a click on the table, the arrow keys step the timeline,
   Home/End jump, PageUp/PageDown move a turn, and JupyterLab's own notebook commands
   (the arrows move the active cell) do not take the keys;
2. viewed as one seat: no other seat's options, no save box (its seed tells every card);
   the god view brings them back;
3. branched: a different answer at move 1 starts a variation beside the main line, the
   main line is shown again, and the variation is returned to;
4. seen on a 1366x768 laptop screen: the board and the rules panel lie inside the window
   without scrolling (nor does the board column scroll inside), the timeline is grouped by
   round and turn, the move the line takes here is marked (timeline and rules panel), and
   axe finds nothing serious;
5. asked where a rule comes from (issue 13, item 3): at the first position past the start
   whose rules panel names a rule with a ruling, a click opens the rule in place with its
   rulebook section, the project's ruling and the game's reference in the project (a
   notebook has no site: ``docs/games/witching-hour.md``, whose Rulings give it); Enter on
   the summary closes and reopens it (the panel has no Escape for it: a native
   ``<details>``), it stays open while the timeline steps away and back, a click closes it.
   No Witching Hour rule on this line is house data, so no house part is drawn.

The expected turns, positions and references are the controller's own
(``TableController.turns``, its scene's ``explain``), built here the same way the notebook
builds its explorer. Uses the shared harness (``conftest.py``,
``wt_browser.py``).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext
from wt_axe import Audit
from wt_browser import (
    EXPLORE,
    LAPTOP,
    REPO,
    JupyterServer,
    NotebookSession,
    Table,
    canon,
    close_tab,
    explorer_to_the_top,
    open_and_run,
    open_tab,
    watched,
)

from witchtable.engine import GAMES
from witchtable.widgets import TableController

pytestmark = pytest.mark.browser

NOTEBOOK = "witching-hour.ipynb"
SHOWN = """el => el.querySelector('li[data-line="{line}"][data-active="1"]') && el.dataset.busy === '0'"""


@pytest.fixture(scope="module")
def shared(chromium: BrowserContext, jupyter: JupyterServer) -> Iterator[NotebookSession]:
    tab = open_tab(chromium)
    session = open_and_run(tab, jupyter, NOTEBOOK)
    yield session
    session.close()
    close_tab(tab, jupyter)


@pytest.fixture
def session(request: pytest.FixtureRequest, shared: NotebookSession) -> Iterator[NotebookSession]:
    with watched(request, shared.page):
        yield shared


def the_notebooks_explorer() -> TableController:
    controller = TableController("witching-hour", players=3, seed=3, mode="explore")
    controller.handle({"kind": "autoplay"})
    return controller


def active_cell(session: NotebookSession) -> int:
    """The index of JupyterLab's active cell (the notebook's arrows would move it)."""
    return session.nb.panel.evaluate(
        "el => [...el.querySelectorAll('.jp-Cell')].findIndex(c => c.classList.contains('jp-mod-active'))")


def on_the_main_line_at(ex: Table, move: int) -> None:
    """The god view of the main line at ``move``, whatever an earlier test left shown."""
    ex.wait_idle()
    if ex.root.get_attribute("data-seat") != "":
        ex.find('[data-role="god"]').click()
        ex.wait_until("el => el.dataset.seat === '' && el.dataset.busy === '0'")
    shown = ex.find('[data-role="variations"] li[data-line="0"] [data-role="variation-show"]')
    if shown.count() and shown.get_attribute("aria-pressed") != "true":
        shown.click()
        ex.wait_until(SHOWN.format(line=0))
    if ex.move != move:
        ex.act(lambda: ex.find(f'.wt-moves button[data-key="goto:{move}"]').click())


def test_arrow_keys_step_the_timeline_inside_jupyterlab(session: NotebookSession) -> None:
    ex = session.explore
    expected = the_notebooks_explorer()
    length, turns = len(expected.line), expected.turns
    ex.wait_idle()
    assert ex.move == 0, "the notebook opens its explorer at move 0"
    title = ex.find(".wt-timeline .wt-section-title")
    title.scroll_into_view_if_needed()
    title.click()  # the table takes the focus (tabindex=-1); the notebook goes to command mode
    focused = ex.root.evaluate("el => el === document.activeElement || el.contains(document.activeElement)")
    assert focused, "a click on the table gives it the focus"
    cell = active_cell(session)
    keyboard = session.page.keyboard

    def press(key: str) -> int:
        before = ex.move
        ex.act(lambda: keyboard.press(key))
        assert ex.move != before
        return ex.move

    assert press("ArrowRight") == 1
    assert press("ArrowRight") == 2
    assert press("ArrowDown") == 3
    assert press("ArrowLeft") == 2
    assert press("ArrowUp") == 1
    first = next(p for p in turns if p > 1)
    assert press("PageDown") == first
    assert press("PageDown") == next(p for p in turns if p > first)
    assert press("PageUp") == first
    assert press("End") == length
    assert press("Home") == 0
    assert active_cell(session) == cell, "JupyterLab's notebook took the arrow keys too"
    assert ex.find('.wt-moves [aria-current="step"]').count() == 1


def test_a_seats_view_shows_no_other_seats_options_nor_the_save(session: NotebookSession) -> None:
    ex = session.explore
    ex.wait_idle()
    if ex.move != 1:
        ex.act(lambda: ex.find('.wt-moves button[data-key="goto:1"]').click())
    # After Player 1's attack (move 1), the defender is to act: view as the third seat.
    controller = the_notebooks_explorer()
    controller.handle({"kind": "goto", "move": 1})
    actor = controller.game.to_act[0]
    other = next(s for s in range(3) if s not in controller.game.to_act)
    assert ex.find(f'.wt-explain[aria-label] [data-seat="{actor}"]').count(), "the god view lists them"
    assert ex.find('[data-role="save"]').count() == 1
    ex.find(f'[data-role="view-as"][data-seat="{other}"]').click()
    ex.wait_until(f"el => el.dataset.seat === '{other}' && el.dataset.busy === '0'")
    assert ex.find(f'.wt-explain [data-seat="{actor}"]').count() == 0, "another seat's options show"
    assert ex.find('[data-role="hidden-options"]').count() == 1
    assert ex.find('[data-role="save"]').count() == 0 and ex.find('[data-role="save-note"]').count() == 1
    ex.find('[data-role="god"]').click()
    ex.wait_until("el => el.dataset.seat === '' && el.dataset.busy === '0'")
    assert ex.find('[data-role="save"]').count() == 1


def test_a_variation_is_created_left_and_returned_to(session: NotebookSession) -> None:
    """3. At move 1 a different answer starts a variation; the main line is shown again
    (at the move where the two part) and the variation is returned to."""
    ex = session.explore
    ex.wait_idle()
    if ex.root.get_attribute("data-seat") != "":
        ex.find('[data-role="god"]').click()
        ex.wait_until("el => el.dataset.seat === '' && el.dataset.busy === '0'")
    if ex.move != 1:
        ex.act(lambda: ex.find('.wt-moves button[data-key="goto:1"]').click())
    main = the_notebooks_explorer().line
    taken = canon(main[1][1])
    chips = ex.find(".wt-explain button[data-action]")
    other = next(i for i in range(chips.count()) if chips.nth(i).get_attribute("data-action") != taken)
    assert ex.find('[data-role="variations"]').count() == 0, "one line only so far"
    ex.act(lambda: chips.nth(other).click())
    lines = ex.find('[data-role="variations"] li[data-line]')
    assert lines.count() == 2 and ex.move == 2
    assert ex.find('li[data-line="1"][data-active="1"]').count() == 1
    assert ex.find(".wt-moves li.wt-move-row").count() == 3, "the variation has its 2 moves (and the start)"
    # Leave it: the main line again, at the move where the two part, all its moves there.
    ex.find('li[data-line="0"] [data-role="variation-show"]').click()
    ex.wait_until(SHOWN.format(line=0))
    assert ex.move == 2 and ex.find(".wt-moves li.wt-move-row").count() == len(main) + 1
    # And back to it.
    ex.find('li[data-line="1"] [data-role="variation-show"]').click()
    ex.wait_until(SHOWN.format(line=1))
    assert ex.find(".wt-moves li.wt-move-row").count() == 3 and ex.move == 2
    assert ex.find(".wt-moves li.wt-round").count() == 1, "the variation's 2 moves, grouped in round 1"


BOXES = """el => {
    const box = (s) => { const b = el.querySelector(s).getBoundingClientRect();
                         return { top: b.top, bottom: b.bottom, left: b.left, right: b.right }; };
    return { board: box('.wt-ex-layout > .wt-main'), rules: box('[data-role="rules-panel"]'),
             moves: box('.wt-moves'), table: el.getBoundingClientRect().height,
             column: { client: el.querySelector('.wt-ex-layout > .wt-main').clientHeight,
                       content: el.querySelector('.wt-ex-layout > .wt-main').scrollHeight },
             play: el.querySelectorAll('[data-role="play-here"] :is(.wt-hand, .wt-prompt)').length,
             window: { width: window.innerWidth, height: window.innerHeight } };
}"""


def test_the_explorer_fits_a_laptop_screen_grouped_by_round_and_turn(session: NotebookSession) -> None:
    """4. At 1366x768 (JupyterLab's side panels closed), with the explorer's top at the top of
    the notebook: the board and the rules panel are inside the window, no scrolling (the
    board column's whole position shows, its hand and choices below the columns); the
    timeline shows its rounds and turns as the controller groups them, and marks the move the
    main line takes from here, in the timeline and on its chip in the rules panel."""
    ex, page = session.explore, session.page
    size = page.viewport_size
    page.evaluate("() => { const s = window.jupyterapp.shell; s.collapseLeft(); s.collapseRight(); }")
    try:
        page.set_viewport_size(LAPTOP)
        on_the_main_line_at(ex, 1)
        expected = the_notebooks_explorer()
        expected.handle({"kind": "goto", "move": 1})
        scene = expected.state()["scene"]
        groups = scene["timeline"]["groups"]
        explorer_to_the_top(page, ex.root)
        boxes = ex.root.evaluate(BOXES)
        print(f"\nexplorer at 1366x768 in JupyterLab: {boxes}")
        height = boxes["window"]["height"]
        for part in ("board", "rules"):
            box = boxes[part]
            assert 0 <= box["top"] < box["bottom"] <= height, f"the {part} is not within the window: {boxes}"
            assert 0 <= box["left"] < box["right"] <= boxes["window"]["width"], f"the {part} is cut: {boxes}"
        column = boxes["column"]
        assert column["content"] <= column["client"] + 1, f"the board column scrolls inside: {column}"
        assert boxes["play"] >= 1, "the hand and choices are below the columns, in Play from this position"
        assert boxes["moves"]["bottom"] - boxes["moves"]["top"] >= 250, "the timeline's list is taller"
        assert ex.find(".wt-moves li.wt-round").count() == len(groups) == 3, "three rounds of Witching Hour"
        labels = ex.find(".wt-moves .wt-round-label").all_inner_texts()
        assert labels == [g["label"] for g in groups]
        assert ex.find(".wt-moves li.wt-turn").count() == sum(len(g["turns"]) for g in groups)
        taken = ex.find('.wt-moves li.wt-move-row[data-taken="1"] button')
        assert taken.count() == 1 and taken.get_attribute("data-key") == "goto:2"
        assert scene["timeline"]["taken"] in taken.inner_text()
        chip = ex.find('[data-role="rules-panel"] button.wt-chip-btn[data-taken="1"]')
        assert chip.count() == 1 and chip.get_attribute("data-action") == canon(expected.line[1][1])
        audit = Audit("the explorer at 1366x768")
        audit.run(page, "grouped timeline", include=EXPLORE, widths=((LAPTOP["width"], LAPTOP["height"]),))
        audit.check()
    finally:
        page.set_viewport_size(size)


def first_ruled_reference(controller: TableController) -> tuple[int, str, dict]:
    """Along the main line, from move 1 on: the first position whose rules panel names a rule
    with a ruling; that move, the summary's key (table.js: ``ref:<seat>:<legal>:<rule>``) and
    the controller's reference for it."""
    for move in range(1, len(controller.line) + 1):
        controller.handle({"kind": "goto", "move": move})
        for who in controller.state()["scene"]["explain"]:
            for group in who["groups"]:
                ref = group["reference"]
                if ref and ref["ruling"]:
                    return move, f"ref:{who['seat']}:{int(group['legal'])}:{group['rule']}", ref
    raise AssertionError("no position of the notebook's game names a rule with a ruling")


def rulings_of(doc: str) -> str:
    """A game's reference (docs/games/<id>.md): its Rulings section's text."""
    start = doc.index("\n## Rulings\n")
    end = doc.find("\n## ", start + 1)
    return doc[start:end if end > 0 else None]


def test_a_rule_opens_in_place_with_its_section_ruling_and_reference(session: NotebookSession) -> None:
    """5. The rules reference in place: at a position whose panel names a rule with a ruling,
    a click on "Where this rule comes from" opens the rulebook section and the project's
    ruling, and points at the game's reference in the project (a notebook has no site, so a
    path, not a link); the summary keeps the focus (Enter closes and opens it), the reference
    stays open while the teacher steps away and back, and a click closes it. No rule of this
    game on the line is house data (witching-hour/deck/house is no choice's rule), so no house
    part shows."""
    ex = session.explore
    move, key, ref = first_ruled_reference(the_notebooks_explorer())
    rule = ref["rule"]
    on_the_main_line_at(ex, move)
    summary = ex.find(f'[data-role="rules-panel"] .wt-rule[data-rule-id="{rule}"] summary[data-key="{key}"]')
    details = ex.find(f'details[data-details="{key}"]')
    parts = details.locator('[data-role="rule-reference"] [data-part]')
    assert summary.count() == 1 and summary.inner_text() == ref["title"]
    assert details.get_attribute("open") is None and not parts.first.is_visible(), "closed until asked"
    summary.scroll_into_view_if_needed()
    summary.click()
    ex.wait_until(f"""el => el.querySelector('details[data-details="{key}"]').open""")
    shown = {parts.nth(i).get_attribute("data-part"): parts.nth(i) for i in range(parts.count())}
    assert sorted(shown) == ["link", "ruling", "section"], "a ruling, no house data: section, ruling, link"
    assert all(part.is_visible() for part in shown.values())
    assert shown["section"].inner_text() == f"{ref['section']}: {ref['source']}"
    assert shown["ruling"].inner_text() == ref["ruling"]
    # No site here: the reference is the project's file, named (not a dead link to a site page).
    link = ref["link"]
    assert link["url"] is None and details.locator("a[href]").count() == 0
    assert shown["link"].inner_text() == link["path"] == "docs/games/witching-hour.md"
    doc = (REPO / link["path"]).read_text(encoding="utf-8")
    ruling = GAMES["witching-hour"].rules[rule].ruling
    assert ruling in ref["ruling"] and f"- `{rule}` (" in rulings_of(doc) and ruling in rulings_of(doc), \
        f"{link['path']}'s Rulings do not give {rule}'s ruling"
    # The keyboard: the clicked summary has the focus; Enter closes the reference, and opens it.
    page = session.page
    assert summary.evaluate("el => el === document.activeElement"), "the summary took the focus"
    page.keyboard.press("Enter")
    ex.wait_until(f"""el => !el.querySelector('details[data-details="{key}"]').open""")
    page.keyboard.press("Enter")
    ex.wait_until(f"""el => el.querySelector('details[data-details="{key}"]').open""")
    # Stepping away and back (the arrow keys step the timeline): it is still open.
    ex.act(lambda: page.keyboard.press("ArrowRight"))
    ex.act(lambda: page.keyboard.press("ArrowLeft"))
    assert ex.move == move and details.get_attribute("open") is not None
    assert shown["ruling"].inner_text() == ref["ruling"]
    # A click on the summary closes it.
    summary.click()
    ex.wait_until(f"""el => !el.querySelector('details[data-details="{key}"]').open""")
    assert not parts.first.is_visible()
