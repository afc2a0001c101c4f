"""The rules reference in place: each rule the explorer's panel names opens with its
rulebook section, the project's ruling and why (where the rulebook is ambiguous: the rule
tables carry them), house data marked as such, and the game's rules page.

Checked for every registered game along random games (every group's reference is its
rule's own entry), and drawn by table.js (Node) for a rule with a ruling.
"""

from __future__ import annotations

import random

import pytest
from test_widget_node import NODE, Page

from witchtable.engine import GAMES
from witchtable.engine.rules import Rule
from witchtable.engine.sim import pick_seat
from witchtable.widgets import TableController


def references(controller: TableController):
    for who in controller.state()["scene"]["explain"]:
        for group in who["groups"]:
            yield group["rule"], group["reference"]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_rule_in_the_panel_opens_with_its_section_ruling_and_page(game_id):
    controller = TableController(game_id, players=3, seed=4, mode="explore",
                                 rules_url=f"../../rules/{game_id}/")
    rng = random.Random(4)
    seen, ruled = set(), set()
    for _step in range(60):
        game = controller.game
        for rule_id, ref in references(controller):
            rule = game.rules[rule_id]
            assert ref["rule"] == rule_id and ref["source"] == rule.section
            assert (ref["ruling"] is not None) == bool(rule.ruling)
            if rule.ruling:
                assert rule.ruling in ref["ruling"]
                ruled.add(rule_id)
            assert (ref["house"] is not None) == rule.house
            link = ref["link"]
            assert link["path"] == f"docs/games/{game_id}.md"
            assert link["url"].startswith(f"../../rules/{game_id}/#")
            anchor = "#rulings" if rule.ruling else "#house-data" if rule.house else "#rules"
            assert link["url"].endswith(anchor)
            seen.add(rule_id)
        if game.is_over:
            break
        seat = pick_seat(game, rng)
        controller.handle({"kind": "act", "action": rng.choice(game.legal_actions(seat)),
                           "move": game.move_number, "seat": seat})
    assert seen, "the panel named rules"
    assert ruled or not any(GAMES[game_id].rules[r].ruling for r in seen)


def test_a_notebook_without_a_site_points_at_the_reference_in_the_project():
    controller = TableController("witching-hour", players=3, seed=4, mode="explore")
    _rule, ref = next(references(controller))
    assert ref["link"]["url"] is None and ref["link"]["path"] == "docs/games/witching-hour.md"


def test_house_data_is_marked_by_its_rules_id():
    """witching-hour/deck/house: the copies and point tracks are the project's own table."""
    assert GAMES["witching-hour"].rules["witching-hour/deck/house"].house
    assert not GAMES["witching-hour"].rules["witching-hour/block/same-number"].house
    assert not Rule("x/housekeeping", "s", "y").house and Rule("x/spell/house", "s", "y").house


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_panel_draws_the_section_the_ruling_and_the_link():
    controller = TableController("witching-hour", players=3, seed=4, mode="explore",
                                 rules_url="../../rules/wh/")
    ruled = next(((rule, ref) for rule, ref in references(controller) if ref["ruling"]), None)
    assert ruled, "the first decision names a rule with a ruling"
    rule, ref = ruled
    page = Page(controller)
    try:
        key = f'ref:0:1:{rule}'
        page.op("click", selector=f'summary[data-key="{key}"]')
        drawn = page.query(f'details[data-details="{key}"] [data-role="rule-reference"] [data-part]')
        parts = {d["attrs"]["data-part"]: d for d in drawn}
        assert parts["section"]["text"] == f"{ref['section']}: {ref['source']}"
        assert parts["ruling"]["text"] == ref["ruling"]
        assert parts["link"]["attrs"]["href"] == "../../rules/wh/#rulings"
    finally:
        page.close()
