"""The built site against axe-core's WCAG 2.1 A/AA and best-practice rules, and the board's
text contrast measured from its real colours (issue 16).

One page per registered game (``for game in GAMES``: a new game is checked without a
line here), stepped through its states rather than reloaded: the start, each distinct
decision the person meets while playing (a phase, a prompt such as being attacked or a
reaction window, a choice), the game over (the setup form restarts the table with bots
only), and the explorer. Each state is audited at 1280x900 and 380x800. A serious or
critical violation fails; moderate and minor ones are printed as figures.
"""

from __future__ import annotations

import random

import pytest
from wt_axe import Audit, Contrast, board_contrast
from wt_site import IDLE, PLAYABLE, click_an_action, open_play_page

from witchtable.engine import GAMES

CLICKS = 40
"""Moves played looking for decisions (a game of either kind meets several by then)."""
DECISIONS = 4
"""Distinct decision states audited per game, besides the start (bounds the suite's time)."""

SITUATION_JS = """() => {
    const t = document.querySelector('.wt-table');
    const you = t.querySelector('.wt-player[data-you="1"]');
    return [t.dataset.phase, you ? you.dataset.stance || '' : '',
            ...['.wt-prompt', '.wt-choice', '.wt-targets', '.wt-order', '.wt-zone[data-zone=window]']
               .filter((s) => t.querySelector(s))].join(' ');
}"""


def test_landing_page_is_accessible(fresh_browser, site_url: str) -> None:
    with fresh_browser() as browser:
        page = browser.new_page()
        page.goto(site_url)
        audit = Audit("the landing page")
        audit.run(page, "landing")
        audit.check()
        # The contrast check's own test: grey text over a gradient whose worst stop is too
        # light fails it (4.5:1 needed), while dark text over light stops passes.
        page.evaluate("""() => document.body.insertAdjacentHTML('beforeend',
            '<div id="probe" style="background: linear-gradient(#222, #ddd)">'
            + '<p style="color: #777">low</p></div>'
            + '<div id="fine" style="background: linear-gradient(#fff, #fff 50%, #eee)">'
            + '<p style="color: #333">ok</p></div>')""")
        low, fine = board_contrast(page, "#probe"), board_contrast(page, "#fine")
        assert [f["text"] for f in low["failures"]] == ["low"] and low["worst"]["ratio"] < 4.5
        assert fine["checked"] == 1 and fine["failures"] == [] and fine["worst"]["ratio"] > 10


def _next_decision(page) -> None:
    """Wait until the person can move again (or the game is over), closing what a moment
    shows while bots play, as a person may: a memory game's bot turns would otherwise hold
    the table for each reveal's seconds (Potion House: 5 s a search, 230 s a run)."""
    ready = f"{PLAYABLE}, .wt-gameover"
    for _ in range(400):  # (20 s of closing; one close a bot's reveal is the usual)
        # attached, not visible: a Disney Hocus Pocus question's choices sit in a closed fold
        page.wait_for_selector(f"{ready}, {IDLE} [data-role=close-reveal]", state="attached")
        if page.locator(ready).count():
            return
        page.evaluate("() => document.querySelector('[data-role=close-reveal]')?.click()")
        page.wait_for_timeout(50)
    raise AssertionError("closing the open reveal never let the table take a move again")


def _restart(page, **fields: str) -> None:
    """Start a new table from the page's setup form (no reload)."""
    page.evaluate("() => { document.querySelector('#wt-setup').closest('details').open = true; }")
    form = page.locator("#wt-setup")
    for name in ("mode", "seat", "pace"):
        if name in fields:
            form.locator(f"select[name={name}]").select_option(fields[name])
    form.locator("button[type=submit]").click()


@pytest.mark.parametrize("game", list(GAMES))
def test_play_page_is_accessible_in_every_state(fresh_browser, site_url: str, game: str) -> None:
    """Play (start, decisions, game over) and explore, both widths: no serious/critical
    axe violation, and every board text at 4.5:1 (3:1 large) against what it sits on."""
    audit, contrast = Audit(f"{game}'s play page"), Contrast(f"{game}'s play page")
    with fresh_browser() as browser:
        page, _ms = open_play_page(browser, site_url, game, "pace=0&seed=3")

        def check(state: str) -> None:
            audit.run(page, state)
            contrast.run(page, state)

        check("play: start")
        seen, rng = {page.evaluate(SITUATION_JS)}, random.Random(5)
        for _ in range(CLICKS):
            if page.locator(".wt-gameover").count() or len(seen) > DECISIONS:
                break
            click_an_action(page, rng)
            _next_decision(page)
            situation = page.evaluate(SITUATION_JS)
            if situation not in seen:
                seen.add(situation)
                check(f"play: {situation}")
        assert len(seen) > 1, f"no decision state met in {CLICKS} moves"

        _restart(page, seat="none", pace="0")  # bots only, played to the end
        page.wait_for_selector(".wt-table .wt-gameover", timeout=120_000)
        page.wait_for_selector(".wt-table[data-busy='0']")
        check("play: game over")

        _restart(page, mode="explore", seat="none")
        page.wait_for_selector(".wt-table[data-mode=explore] [data-role=timeline]")
        page.wait_for_selector(PLAYABLE, state="attached")
        check("explore")
        assert browser.errors == []
    audit.check()
    contrast.check()
