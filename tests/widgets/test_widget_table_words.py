"""What table.js says and shows about turns, rules and the end (issue 27, items 3 and 7):
no "Your turn" while a person answers in another seat's turn (a Hocus Pocus reaction
window), no rule id as visible text on the play table (a house-rule note says its words and
links the rules page, the id only in its tooltip), and the game-over panel's link to the
game's rules page. In Node (``node_dom.mjs``) and once in Chromium.
"""

from __future__ import annotations

import pytest
from test_widget_explore_this_game import finished
from test_widget_node import NODE, Page

from witchtable.widgets import TableController

RULES = "../../rules/hocus-pocus/"


@pytest.fixture
def pages():
    opened: list[Page] = []
    yield lambda controller: opened.append(Page(controller)) or opened[-1]
    for page in opened:
        page.close()


pytestmark_node = pytest.mark.skipif(NODE is None, reason="node is not installed")


def reaction_state(controller: TableController) -> dict:
    """The first state in which the person at seat 0 answers a Hocus in a reaction window."""
    state = controller.state()
    for _ in range(2000):
        game = controller.game
        view = game.view(0)
        if 0 in game.to_act and view["phase"] == "react" and not view["refills"]:
            return state
        assert not game.is_over, "the game ended before seat 0 had a reaction window"
        if state["auto"]:
            state = controller.handle(state["auto"]["message"])
            continue
        seat = 0 if 0 in game.to_act else game.to_act[0]
        legal = game.legal_actions(seat)
        hocus = [a for a in legal if a["type"] == "hocus"]
        action = hocus[0] if hocus else legal[0]  # cast a Hocus when one may: it opens a window
        state = controller.handle({"kind": "act", "action": action, "move": game.move_number})
    raise AssertionError("no reaction window for seat 0")


@pytestmark_node
def test_a_reaction_window_is_not_called_your_turn(pages):
    """hocus-pocus/pocus/window: answering a Hocus (yours or another's) is a reaction, not a
    turn; the screen reader hears the headline alone, with no "Your turn." before it."""
    controller = TableController("hocus-pocus", players=3, seat=0, seed=2, pace=0, reactions="always")
    page = pages(controller)
    state = reaction_state(controller)
    headline = state["scene"]["headline"]
    assert headline["tone"] == "you" and headline.get("reacting"), headline
    page.op("update", state=state)
    (live,) = page.query(".wt-live")
    assert headline["text"] in live["text"]
    assert "Your turn." not in live["text"], live["text"]


@pytestmark_node
def test_your_turn_is_still_said_on_a_turn(pages):
    """The prefix stays for a real turn whose headline does not say it itself."""
    controller = TableController("witching-hour", players=3, seat=0, seed=7, pace=0)
    page = pages(controller)
    state = controller.state()
    state["scene"]["headline"] = {"text": "Attack or pass.", "tone": "you"}
    state["scene"]["move"] += 1  # another decision than the one the first drawing read out
    page.op("update", state=state)
    assert "Your turn. Attack or pass." in page.query(".wt-live")[0]["text"]


def with_note(state: dict, rule: str) -> dict:
    state["scene"]["prompt"] = {"title": "Your turn", "groups": [{"label": "House rules", "notes": [
        {"text": "House rule: swaps are capped before each Hocus you play.", "rule": rule}]}]}
    return state


@pytestmark_node
def test_a_house_rule_note_shows_words_and_keeps_its_id_out_of_sight(pages):
    """hocus-pocus/exchange/limit: the note reads as words; its rule id is no visible text on
    the play table (no code element): it is the tooltip and the link's data-rule, and the
    link goes to the game's rules page."""
    rule = "hocus-pocus/exchange/limit"
    controller = TableController("hocus-pocus", players=3, seat=0, seed=7, pace=0, rules_url=RULES)
    page = pages(controller)
    page.op("update", state=with_note(controller.state(), rule))
    (note,) = page.query(".wt-notes li")
    assert rule not in note["text"] and note["text"].startswith("House rule: swaps are capped")
    assert not page.query(".wt-notes code")
    assert rule in note["attrs"]["title"]
    (link,) = page.query(".wt-notes a.wt-note-rule")
    assert link["attrs"]["href"] == RULES and link["attrs"]["data-rule"] == rule
    bare = TableController("hocus-pocus", players=3, seat=0, seed=7, pace=0)  # a notebook: no page
    page = pages(bare)
    page.op("update", state=with_note(bare.state(), rule))
    assert not page.query(".wt-notes a") and not page.query(".wt-notes code")
    assert rule not in page.query(".wt-notes li")[0]["text"]


@pytestmark_node
def test_the_explorer_keeps_a_notes_rule_id(pages):
    """The explorer is where rule ids are shown on purpose: its notes keep theirs."""
    rule = "hocus-pocus/exchange/limit"
    explorer = TableController("hocus-pocus", players=3, seed=7, mode="explore")
    page = pages(explorer)
    page.op("update", state=with_note(explorer.state(), rule))
    assert [c["text"] for c in page.query(".wt-notes code.wt-rule-id")] == [rule]


@pytestmark_node
def test_the_game_over_panel_links_the_rules_page(pages):
    """Issue 27.7: "Rules of Witching Hour" under the finished game's story, to the table's
    rules_url; none where the table has no rules page."""
    url = "../../rules/witching-hour/"
    table = finished(rules_url=url)
    page = pages(table)
    (link,) = page.query(".wt-gameover a[data-role=gameover-rules]")
    assert link["attrs"]["href"] == url and link["text"] == "Rules of Witching Hour"
    page = pages(finished())
    assert page.query(".wt-gameover") and not page.query(".wt-gameover a[data-role=gameover-rules]")


@pytest.mark.browser
def test_the_game_over_panel_links_the_rules_page_in_chromium():
    """The link is drawn and points at the rules page the play page would pass."""
    pytest.importorskip("playwright")
    from widget_harness import CHROMIUM, browser, open_table, serve_repo

    if CHROMIUM is None:
        pytest.skip("Debian chromium is not installed")
    url = "../../rules/witching-hour/"
    table = finished(rules_url=url)
    errors: list = []
    with serve_repo() as base, browser(width=1366, height=768) as (context, _outside):
        page = open_table(context, base, table, errors)
        link = page.locator(".wt-gameover a[data-role=gameover-rules]")
        assert link.count() == 1 and link.is_visible()
        assert link.inner_text() == "Rules of Witching Hour" and link.get_attribute("href") == url
        assert errors == []
