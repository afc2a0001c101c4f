"""Hocus Focus on the built offline site: whole games by clicks against bots, in both
languages, timed and untimed.

A person at seat 0 against easy bots (two in the race, one untimed) plays on the play page
(Pyodide, offline) with the game's own options from the page's address
(``?option.language=es&option.timing=untimed&option.target=3``). Each round the test
reads the turned wizard and the face-up ones from the page (their ``data-card`` ids) and
decides as a person would, so every game has a wrong claim (``hocus-focus/claim/wrong``),
one "No match!" call (``hocus-focus/no-match/right`` when nothing fits, else
``hocus-focus/no-match/wrong``) and right claims (``hocus-focus/claim/right``) until
someone reaches the target (``hocus-focus/game/target``). The time from each click to the
judged claim drawn on the page is measured inside the page; its median is recorded.
"""

from __future__ import annotations

from urllib.parse import urljoin

import pytest
from wt_browser import Table
from wt_site import ARTIFACTS, open_play_page, record, start_race, summarize

from witchtable.engine import GAMES
from witchtable.engine.games.hocus_focus import shared

GAME = "hocus-focus"
MAX_CLICKS = 80
WORDS = {"en": ("No match!", "Game over", "won"), "es": ("¡Sin coincidencia!", "Fin de la partida", "ganado")}
"""Per language: the No match! button, the headline at the end, a word of the game-over title."""
CLICK_MS: list[float] = []


@pytest.mark.parametrize("timing", ["timed", "untimed"])
@pytest.mark.parametrize("language", ["en", "es"])
def test_a_whole_game_with_right_and_wrong_claims_and_a_no_match(
        fresh_browser, site_url: str, manifest: dict, language: str, timing: str) -> None:
    assert GAME in manifest["games"] and GAME in GAMES, "rebuild the site with this game"
    no_match_label, over_word, won_word = WORDS[language]
    # Untimed, the seat that looks first moves round by round: with one bot and a higher
    # target the person has enough turns for a wrong, a "No match!" and a right call.
    players, target = (3, 3) if timing == "timed" else (2, 6)
    # Spanish: the game's Spanish page (its form, notes and rules link in Spanish, the
    # language option preset); English: the English page.
    query = f"pace=0&seed=3&players={players}&seat=0&bots=easy&option.timing={timing}&option.target={target}"
    with fresh_browser() as browser:
        path = GAME if language == "en" else f"{GAME}/{language}"
        page, _ms = open_play_page(browser, site_url, path, query)
        assert page.locator("html").get_attribute("lang") == language
        start_label = page.locator("#wt-setup [data-role=start]").text_content()
        assert start_label == {"en": "Start this game", "es": "Empezar esta partida"}[language]
        assert page.locator("select[name='option:language']").input_value() == language
        root = page.locator(".wt-table")
        table = Table(page, root)
        assert root.get_attribute("data-game") == GAME and root.get_attribute("data-phase") == timing
        assert (root.locator(".wt-clock").count() == 1) == (timing == "timed")
        made = {"wrong": 0, "no-match": 0, "right": 0}
        times = []
        for _click in range(MAX_CLICKS):
            if root.locator(".wt-gameover").count():
                break
            start_race(page, root)  # timed: the board shows once How to play is closed and counted down
            root.locator("[data-grid=board] button.wt-grid-cell, .wt-gameover").first.wait_for()
            table.wait_idle()
            if root.locator(".wt-gameover").count():
                break
            start_race(page, root)  # timed: How to play closed, then the countdown
            turned = root.locator(".wt-zone[data-zone=turned] [data-card]").first.get_attribute("data-card")
            cards = root.locator("[data-grid=board] button.wt-grid-cell")
            ids = [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]
            fits = [i for i, card in enumerate(ids) if not shared(card, turned)]
            if not made["wrong"] and fits:
                kind, button = "wrong", cards.nth(next(i for i, c in enumerate(ids) if shared(c, turned)))
            elif not made["no-match"] or not fits:
                kind = "no-match"
                button = root.locator("button[data-action]", has_text=no_match_label).first
            else:
                kind, button = "right", cards.nth(fits[0])
            ms = table.act(lambda b=button: b.click())
            made[kind] += 1
            if ms is not None:
                times.append(ms)
        else:
            raise AssertionError("the game did not end")
        assert made["wrong"] >= 1 and made["no-match"] >= 1 and made["right"] >= 1, made
        over = root.locator(".wt-gameover").inner_text()
        assert won_word in over.lower() or won_word in over, over
        assert over_word in root.locator(".wt-headline").inner_text()
        log = root.locator(".wt-log").inner_text()
        if language == "es":
            assert "Kazaam" not in log or "¡Kazaam!" in log
            assert " wins " not in log and " the " not in log, "no English left in the Spanish log"
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"hocus-focus-{language}-{timing}.png"), full_page=True)
        rules = root.locator("a[href*='rules/']").first.get_attribute("href")  # How to play's link
        assert rules.endswith(f"rules/{GAME}/" if language == "en" else f"rules/{GAME}/{language}/"), rules
        page.goto(urljoin(page.url, rules))  # the player's page, the reference one link away
        assert page.locator("html").get_attribute("lang") == language
        page.goto(urljoin(page.url, page.locator("a[data-role=reference]").first.get_attribute("href")))
        assert page.locator("html").get_attribute("lang") == language
        assert page.locator("code", has_text=f"{GAME}/claim/fit").count() >= 1
        assert browser.errors == []
    CLICK_MS.extend(times)
    record(f"hocus_focus_click_to_judged_{language}_{timing}_ms", summarize(times))
    record("hocus_focus_click_to_judged_ms", summarize(CLICK_MS))
    print(f"\nHocus Focus ({language}, {timing}): {sum(made.values())} clicks {made}; "
          f"median click to judged claim {summarize(times)['median']} ms")
