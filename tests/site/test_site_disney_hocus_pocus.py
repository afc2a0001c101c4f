"""Disney Hocus Pocus on the built offline site: a whole game played by clicks, with bot team-mates.

A person at seat 0 of a three-player table, the other two seats the heuristic team bot, on
the play page (Pyodide, offline). The first question is asked the way a person asks it,
in two clicks (open "Ask about a colour", then pick one: ``disney-hocus-pocus/ask/question``),
and each answer shows beside its player (``disney-hocus-pocus/ask/answers``). Then the
person clicks whatever the board offers (a card onto a pile, a failed play and the cards
to replace, Binx, a Trick token...) until the table wins (``disney-hocus-pocus/game/win``)
or loses (``disney-hocus-pocus/game/lose``): the game-over panel says which, for everyone.
"""

from __future__ import annotations

import random

from wt_site import ARTIFACTS, click_an_action, open_play_page, record

from witchtable.engine import GAMES

GAME = "disney-hocus-pocus"
MAX_CLICKS = 400


def test_a_whole_game_by_clicks_with_bot_team_mates_ends_in_a_team_win_or_loss(
        fresh_browser, site_url: str, manifest: dict) -> None:
    assert GAME in manifest["games"] and GAME in GAMES, "rebuild the site with this game"
    with fresh_browser() as browser:
        page, _ms = open_play_page(browser, site_url, GAME, "pace=0&seed=3&players=3&seat=0")
        root = page.locator(".wt-table")
        assert root.get_attribute("data-game") == GAME and root.get_attribute("data-phase") == "ask"
        # A question in two clicks: the group first, then which colour.
        colours = root.locator("details[data-details='fold:ask-colour']")
        assert colours.get_attribute("open") is None, "the question's groups start closed"
        root.locator("summary[data-key='fold:ask-colour']").click()
        colours.locator("button[data-action]").first.click()
        page.wait_for_function("el => el.getAttribute('data-busy') === '0' && el.dataset.move !== '0'",
                               arg=root.element_handle())
        answers = root.locator(".wt-player .wt-badge[data-tone=yes], .wt-player .wt-badge[data-tone=no]")
        assert answers.count() >= 2, "each other player's answer shows beside them"
        assert root.locator(".wt-zone[data-zone=questions]").count() == 1
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "disney-hocus-pocus-asked.png"), full_page=True)
        rng = random.Random(3)
        clicks = 1
        times = []
        while not root.locator(".wt-gameover").count():
            assert clicks < MAX_CLICKS, "the game did not end"
            times.append(click_an_action(page, rng))
            clicks += 1
            page.wait_for_function("el => el.getAttribute('data-busy') === '0'", arg=root.element_handle())
        over = root.locator(".wt-gameover")
        result = over.get_attribute("data-result")
        assert result in ("won", "lost")
        text = over.inner_text()
        assert ("Everyone wins" in text) if result == "won" else ("Everyone loses" in text)
        assert root.locator(".wt-zone[data-zone=cauldron] .wt-grid-cell").count() == 5
        page.screenshot(path=str(ARTIFACTS / "disney-hocus-pocus-over.png"), full_page=True)
        assert browser.errors == []
        median = round(sorted(times)[len(times) // 2]) if times else None
        record("disney_hocus_pocus_game", {"clicks": clicks, "result": result, "median_click_ms": median})
        print(f"\nDisney Hocus Pocus on the site: {clicks} clicks, the table {result}; "
              f"median click to re-render {median} ms")
