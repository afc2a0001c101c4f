"""The rules reference in place, on the built offline site (issue 13, item 3; docs/widgets.md,
Scene: ``explain``'s ``reference``): on Hocus Pocus's play page in explore mode, a rule the rules
panel names with a ruling opens in place with its rulebook section and the project's ruling;
its link, followed as a teacher would (a new tab), loads the game's rules page from the site
(offline, nothing missing: the player's page, lite/player_rules.py) at ``#rulings``, and that
section gives the rule's ruling.

The expected reference is the CPython controller's for the same table (seed, players,
``rules_url`` as the page gives it); the page's own scene is checked to name the same rules.
"""

from __future__ import annotations

import json

from wt_browser import Table
from wt_site import open_play_page

from witchtable.engine import GAMES
from witchtable.widgets import TableController

GAME = "hocus-pocus"
PLAYERS = 4
SEED = 3
RULES_URL = f"../../rules/{GAME}/"
"""What the play page gives its table (lite/site/host.py: the rules page beside the play pages)."""

RULING_IN = """([id, rule]) => {
    const section = document.getElementById(id);
    if (!section) return null;
    const items = [...section.querySelectorAll('li')].filter((li) => li.dataset.rule === rule)
        .map((li) => li.textContent);
    const target = document.querySelector(':target');
    return { items, target: target ? target.id : null, title: document.title };
}"""
"""In a rules page: the list items of the section ``id`` given to rule ``rule``."""


def references(scene: dict) -> list[tuple[int, bool, str, dict]]:
    return [(who["seat"], group["legal"], group["rule"], group["reference"])
            for who in scene["explain"] for group in who["groups"]]


def test_a_rule_with_a_ruling_opens_in_place_and_its_link_opens_the_rulings(
        fresh_browser, site_url: str) -> None:
    expected = references(TableController(GAME, players=PLAYERS, seed=SEED, mode="explore",
                                          rules_url=RULES_URL).state()["scene"])
    seat, legal, rule_id, ref = next(r for r in expected if r[3]["ruling"])
    rule = GAMES[GAME].rules[rule_id]
    key = f"ref:{seat}:{int(legal)}:{rule_id}"
    with fresh_browser() as browser:
        page, _ms = open_play_page(browser, site_url, GAME,
                                   f"pace=0&seed={SEED}&mode=explore&players={PLAYERS}")
        root = page.locator(".wt-table")
        Table(page, root).wait_idle()
        assert root.get_attribute("data-mode") == "explore"
        scene = json.loads(page.evaluate("() => window.witchtableState()"))["scene"]
        assert references(scene) == expected, "the page's table is not the one computed here"
        summary = root.locator(f'[data-role="rules-panel"] .wt-rule[data-rule-id="{rule_id}"] '
                               f'summary[data-key="{key}"]')
        assert summary.count() == 1 and summary.inner_text() == ref["title"]
        details = root.locator(f'details[data-details="{key}"]')
        assert details.get_attribute("open") is None
        summary.scroll_into_view_if_needed()
        summary.click()
        page.wait_for_function("el => el.open", arg=details.element_handle())

        def part(name: str):
            return details.locator(f'[data-role="rule-reference"] [data-part="{name}"]')

        drawn = details.locator('[data-role="rule-reference"] [data-part]')
        names = sorted(drawn.nth(i).get_attribute("data-part") for i in range(drawn.count()))
        assert names == ["link", "ruling", "section"], "a ruling, no house data (Hocus Pocus has none)"
        assert part("section").inner_text() == f"{ref['section']}: {ref['source']}"
        assert part("ruling").inner_text() == ref["ruling"] and rule.ruling in ref["ruling"]
        link = part("link")
        assert link.is_visible() and link.get_attribute("target") == "_blank"
        assert link.get_attribute("href") == ref["link"]["url"] == f"{RULES_URL}#rulings"
        assert link.inner_text() == ref["link"]["label"]
        # Followed: the rules page opens in a new tab, from this site, at its Rulings.
        with page.context.expect_page() as opened:
            link.click()
        rules = opened.value
        rules.wait_for_load_state("load")
        assert rules.url == f"{site_url}rules/{GAME}/#rulings"
        found = rules.evaluate(RULING_IN, ["rulings", rule_id])
        assert found is not None, f"{rules.url}: no #rulings anchor"
        assert found["target"] == "rulings" and GAMES[GAME].name in found["title"]
        assert found["items"] == [f"{rule.summary} {rule.ruling}"], \
            f"the Rulings of {rules.url} do not give {rule_id}'s ruling: {found['items']}"
        assert rules.evaluate("() => { const b = document.getElementById('rulings').getBoundingClientRect();"
                              " return b.top > -1 && b.top < innerHeight; }"), "not scrolled to #rulings"
