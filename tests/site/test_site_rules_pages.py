"""The built site's rules pages (issue 27, item 7; lite/player_rules.py): from the landing
page, each game's player's page (and its other languages) opens offline with nothing missing,
shows its pictures of the table, passes axe's audit (as the other pages: tests/site/
test_accessibility.py), and leads to the rules reference and back."""

from __future__ import annotations

from wt_axe import Audit

from witchtable.engine import GAMES

import pages  # lite/pages.py (conftest puts lite/ on the path)


def test_every_players_page_opens_from_the_landing_page_and_reaches_the_reference(
        fresh_browser, site_url: str, manifest: dict) -> None:
    audit = Audit("the player's rules pages")
    with fresh_browser() as browser:
        page = browser.new_page()
        for game in manifest["games"]:
            name = GAMES[game].name
            for language in pages.page_languages(GAMES[game].describe()):
                page.goto(site_url)
                folder = pages.game_folder("rules", game, language)
                link = page.locator(f'.wt-game[data-game="{game}"] a[data-role="rules"][href="{folder}"]')
                assert link.count() == 1, f"the landing page must link {folder}"
                link.click()
                page.wait_for_load_state("load")
                assert page.url == site_url + folder
                assert page.locator("html").get_attribute("lang") == language and name in page.title()
                assert page.locator("figure.wt-rules-picture .wt-snap").count() == 3
                assert page.locator("#how-to-play ol li").count() == len(GAMES[game].how_to_play)
                audit.run(page, folder)
                page.locator('a[data-role="reference"]').first.click()
                page.wait_for_load_state("load")
                reference = page.url
                assert reference.startswith(f"{site_url}rules/{game}/") and reference.endswith("/reference/")
                assert page.locator("table").count() >= 1  # the reference's rule table
                page.locator('a[data-role="player-rules"]').click()
                page.wait_for_load_state("load")
                assert page.url == reference.removesuffix("reference/")  # its own language's player's page
    audit.check()
