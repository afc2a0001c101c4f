"""The site's rules pages (``rules/<id>/``, from ``docs/games/<id>.md``) that How to play links."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "lite"))

import pages  # noqa: E402

from witchtable.engine import GAMES  # noqa: E402
from witchtable.widgets.controller import rules_anchor  # noqa: E402


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_with_a_rules_reference_gets_a_page_with_its_rule_ids(game_id):
    spec = GAMES[game_id]
    html = pages.rules_page({"id": game_id, "name": spec.name})
    if not (pages.DOCS / f"{game_id}.md").is_file():
        assert html is None
        return
    assert html.startswith("<!doctype html>") and f"<title>{spec.name}: the rules reference</title>" in html
    assert "<table>" in html and "<h2 " in html
    some = [rule.id for rule in spec.rules if "/" in rule.id and not rule.id.startswith("core/")][:5]
    assert some
    assert all(f"<code>{rule}</code>" in html or rule in html for rule in some)


def test_markdown_is_escaped_and_keeps_code_links_and_lists():
    html = pages.markdown_page("# A & B\n\nSee [x](#y) and `<b>`.\n\n- one\n- two\n\n"
                               "| a | b |\n|---|---|\n| 1 | 2 |\n")
    assert '<h1 id="a--b">A &amp; B</h1>' in html
    assert '<a href="#y">x</a>' in html and "<code>&lt;b&gt;</code>" in html
    assert "<ul><li>one</li><li>two</li></ul>" in html and "<td>1</td>" in html


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_rules_link_of_the_explorer_lands_on_a_section_of_the_page(game_id):
    """The explorer's rule reference links ``rules/<id>/#rulings``, ``#house-data`` or
    ``#rules`` (``rules_anchor``): each rule's anchor is a heading the page has."""
    html = pages.rules_page({"id": game_id, "name": GAMES[game_id].name})
    if html is None:
        return
    ids = set(re.findall(r' id="([^"]+)"', html))
    rules = GAMES[game_id].rules
    missing = {rule.id: rules_anchor(rule) for rule in rules if rules_anchor(rule)[1:] not in ids}
    assert not missing, f"docs/games/{game_id}.md has no section for these rules' links: {missing}"
