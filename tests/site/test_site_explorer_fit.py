"""The explorer on a 1366 x 768 laptop screen, on the built offline site (issue 13, item 5;
docs/widgets.md "The explorer's layout"): every game's play page in explore mode, scrolled
to the explorer's top, shows the board column's whole position without scrolling inside it,
the board and the rules panel inside the window, and no text under 11 px; the acting seat's
hand and choices sit below the three columns in "Play from this position", where a move can
be played. Two columns (a narrower window) keep the hand and choices in the board column.
"""

from __future__ import annotations

import json
import random

import pytest
from wt_browser import LAPTOP, Table, explorer_to_the_top, fullest_position
from wt_site import IDLE, open_play_page, pick_an_action

from witchtable.engine import GAMES

MEASURE = """el => {
    const box = (node) => { const b = node.getBoundingClientRect();
        return { top: Math.round(b.top), bottom: Math.round(b.bottom),
                 left: Math.round(b.left), right: Math.round(b.right) }; };
    const main = el.querySelector('.wt-ex-layout > .wt-main');
    const play = el.querySelector('[data-role="play-here"]');
    let smallest = 99;
    for (const node of main.querySelectorAll('*')) {
        if (![...node.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
        const style = getComputedStyle(node);
        if (style.display === 'none' || style.visibility === 'hidden' || node.closest('.wt-sr')) continue;
        smallest = Math.min(smallest, parseFloat(style.fontSize));
    }
    return { client: main.clientHeight, scroll: main.scrollHeight, board: box(main),
             rules: box(el.querySelector('[data-role="rules-panel"]')),
             layout: box(el.querySelector('.wt-ex-layout')),
             play: play ? box(play) : null, smallest,
             parts: [...main.children].map((n) => [n.className, Math.round(n.offsetHeight)]),
             window: { width: innerWidth, height: innerHeight } };
}"""


def explore_query(game: str) -> str:
    return f"pace=0&seed=3&mode=explore&players={min(4, GAMES[game].max_players)}"



def measured_on_a_laptop(page):
    """The explorer at 1366 x 768, in three columns, scrolled to the top: its table, and the
    board column measured (``MEASURE``)."""
    page.set_viewport_size(LAPTOP)
    root = page.locator(".wt-table")
    table = Table(page, root)
    table.wait_idle()
    assert root.locator('.wt-ex-layout[data-split="1"]').count() == 1, "three columns at 1366 px"
    explorer_to_the_top(page, root)
    return root, table, root.evaluate(MEASURE)

@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_explorer_board_fits_a_laptop_screen_and_plays_from_below(
        fresh_browser, site_url: str, game: str) -> None:
    with fresh_browser() as browser:
        page, _ms = open_play_page(browser, site_url, game, explore_query(game))
        root, table, m = measured_on_a_laptop(page)
        assert root.get_attribute("data-mode") == "explore"
        print(f"\n{game} at 1366x768: board column {m['client']} px tall, its content {m['scroll']} px; "
              f"parts {m['parts']}; smallest text {m['smallest']} px; play panel {m['play']}")
        assert m["scroll"] <= m["client"] + 1, f"{game}: the board column scrolls inside: {m}"
        for part in ("board", "rules"):
            box = m[part]
            height = m["window"]["height"]
            assert 0 <= box["top"] < box["bottom"] <= height, f"{game}: {part} leaves the window: {m}"
            assert 0 <= box["left"] < box["right"] <= m["window"]["width"], f"{game}: the {part} is cut: {m}"
        assert m["smallest"] >= 11, f"{game}: text under 11 px in the board column: {m}"
        # The hand and the choices: below the columns, none left in the board column.
        scene = json.loads(page.evaluate("() => window.witchtableState()"))["scene"]
        main, play = root.locator(".wt-ex-layout > .wt-main"), root.locator('[data-role="play-here"]')
        assert main.locator(".wt-hand, .wt-prompt").count() == 0
        assert play.locator(".wt-hand").count() == (1 if scene.get("hand") else 0)
        assert play.locator(".wt-prompt").count() == (1 if scene.get("prompt") else 0)
        assert m["play"] and m["play"]["top"] >= m["layout"]["bottom"], f"{game}: play panel not below: {m}"
        # A move played from there.
        page.locator(IDLE).wait_for()
        before = table.move
        choice = pick_an_action(play, random.Random(3))
        table.act(lambda: choice.click())
        assert table.move == before + 1
        # Two columns (a narrower window): the hand and choices stay in the board column.
        page.set_viewport_size({"width": 1000, "height": 768})
        page.wait_for_function("el => el.querySelector('.wt-ex-layout[data-split=\"0\"]')",
                               arg=root.element_handle())
        assert root.locator('[data-role="play-here"]').count() == 0
        scene = json.loads(page.evaluate("() => window.witchtableState()"))["scene"]
        wanted = bool(scene.get("hand")) + bool(scene.get("prompt"))
        assert main.locator(":scope > .wt-hand, :scope > .wt-prompt").count() == wanted


# --------------------------------------------------------------------------- later positions


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_explorer_fits_a_laptop_screen_at_the_fullest_position(
        fresh_browser, site_url: str, game: str) -> None:
    """Later in a game the table holds more (chips in front of the players, a spell chain, a
    potion being checked, an open storage space, a round's questions): the fullest position of
    a seeded bot game, opened by its link, still shows whole in the board column."""
    move, link = fullest_position(game)
    with fresh_browser() as browser:
        page, _ms = open_play_page(browser, site_url, game, f"pace=0&mode=explore&position={link}")
        root, _table, m = measured_on_a_laptop(page)
        assert root.get_attribute("data-move") == str(move)
        print(f"\n{game} move {move} at 1366x768: board column {m['client']} px tall, its content "
              f"{m['scroll']} px; parts {m['parts']}; smallest text {m['smallest']} px")
        assert m["scroll"] <= m["client"] + 1, f"{game} at move {move}: the board column scrolls inside: {m}"
        assert m["smallest"] >= 11, f"{game} at move {move}: text under 11 px in the board column: {m}"
