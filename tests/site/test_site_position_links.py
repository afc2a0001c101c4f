"""A position as a link on the built offline site (widgets/links.py, docs/widgets.md "A
position as a link"): ``play/<game>/?position=wt1.…`` opens the explorer at the move the
link shows (the board, timeline and log as the CPython explorer has them there); its "Copy
link to this position" gives this page's address with the position shown (and stepping on
changes it); a damaged link opens nothing and an alert says why; a link asked for in play
mode opens in the explorer and the page says so (a link holds the seed, every hidden card).
"""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlsplit

from wt_browser import Table
from wt_site import IDLE

from witchtable.widgets import TableController
from witchtable.widgets.links import read_link

GAME = "witching-hour"
MOVE = 9


def teacher_link() -> TableController:
    """The position a teacher hands out: a bot game of Witching Hour, shown at move 9."""
    controller = TableController(GAME, players=3, seed=3, mode="explore")
    controller.handle({"kind": "autoplay"})
    controller.handle({"kind": "goto", "move": MOVE})
    return controller


def open_link(browser, site_url: str, query: str):
    page = browser.new_page()
    page.goto(f"{site_url}play/{GAME}/?{query}")
    page.wait_for_function("() => document.body.dataset.state !== 'loading'", timeout=120_000)
    return page


def page_scene(page) -> dict:
    return json.loads(page.evaluate("() => window.witchtableState()"))["scene"]


def test_a_position_link_opens_the_board_at_its_move_and_copies_its_own_address(
        fresh_browser, site_url: str) -> None:
    teacher = teacher_link()
    expected = teacher.state()["scene"]
    with fresh_browser() as browser:
        page = open_link(browser, site_url, f"pace=0&position={teacher.link()}")
        page.locator(IDLE).wait_for()
        root = page.locator(".wt-table")
        table = Table(page, root)
        assert root.get_attribute("data-mode") == "explore"
        assert table.move == MOVE
        timeline = root.locator("[data-role=timeline]")
        assert timeline.input_value() == str(MOVE) and timeline.get_attribute("max") == str(len(teacher.line))
        scene = page_scene(page)
        assert scene["mode"] == "explore"
        assert scene["timeline"] == expected["timeline"] and scene["log"] == expected["log"]
        assert page.locator("[data-role=link-error]").is_hidden()
        # the copy control gives this page's address with the position shown
        copy = root.locator("[data-role=copy-link]")
        address = copy.get_attribute("data-link")
        parts = urlsplit(address)
        assert address.startswith(f"{site_url}play/{GAME}/?mode=explore&position=wt1.")
        linked = read_link(parse_qs(parts.query)["position"][0])
        assert (linked.line, linked.move) == (teacher.line, MOVE)
        table.act(lambda: root.locator("[data-role=forward]").click())
        stepped = read_link(parse_qs(urlsplit(
            root.locator("[data-role=copy-link]").get_attribute("data-link")).query)["position"][0])
        assert stepped.move == MOVE + 1 and stepped.line == teacher.line
        # that address opens the same board, at the next move
        second = browser.new_page()
        second.goto(root.locator("[data-role=copy-link]").get_attribute("data-link"))
        second.locator(IDLE).wait_for(timeout=120_000)
        assert Table(second, second.locator(".wt-table")).move == MOVE + 1


def test_a_damaged_link_opens_nothing_and_says_why(fresh_browser, site_url: str) -> None:
    link = teacher_link().link()
    with fresh_browser() as browser:
        page = open_link(browser, site_url, f"pace=0&position={link[:30]}!{link[31:]}")
        alert = page.locator("[role=alert][data-role=link-error]")
        alert.wait_for()
        text = alert.inner_text()
        assert "could not be opened" in text and "base64url does not use" in text
        assert "copy the whole link again" in text and "Nothing was opened" in text
        assert page.locator(".wt-table").count() == 0  # no game half-opened, none dealt instead
        assert page.locator("#wt-setup").is_visible()  # the New game form is open to start one


def test_a_link_in_play_mode_opens_in_the_explorer_and_says_so(fresh_browser, site_url: str) -> None:
    link = teacher_link().link()
    with fresh_browser() as browser:
        page = open_link(browser, site_url, f"pace=0&mode=play&position={link}")
        page.locator(IDLE).wait_for()
        assert page_scene(page)["mode"] == "explore"
        assert Table(page, page.locator(".wt-table")).move == MOVE
        assert "opens in the explorer" in page.locator("#wt-setup-note").inner_text()
