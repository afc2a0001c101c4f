"""A table that a newcomer enjoys (issue 9), shown in Debian's Chromium through harness.html.

The How to play panel and the goal in the headline, the live region's narration (your
turn, your own move in the second person, a bot chain as one summary), keyboard play
(roving tabindex, shortcut keys, the "?" list; the key presses of one Witching Hour
attack are counted), the phone layout at 380 px, and bot moves animated unless reduced
motion is asked for. Screenshots of each game at start, mid-decision and game over at
1280 and 380 px go to ``test-artifacts/newcomer/``.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("playwright")

from widget_harness import CHROMIUM, ROOT, browser, open_table, serve_repo, settle

from witchtable.widgets import TableController

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(CHROMIUM is None, reason="Debian chromium is not installed")]

ART = ROOT / "test-artifacts" / "newcomer"
GAMES = ("witching-hour", "hocus-pocus")
KEY_GOAL = 6
"""Issue 9: at most six key presses for one Witching Hour attack."""

WATCH_LIVE = """() => {
  window.wtSaid = [];
  if (window.wtWatching) return;
  window.wtWatching = true;
  const live = document.querySelector('.wt-live');
  new MutationObserver(() => window.wtSaid.push(live.textContent))
    .observe(live, {childList: true, characterData: true, subtree: true});
}"""



def page_for(context, base, controller):
    errors: list = []
    page = open_table(context, base, controller, errors)
    page.errors = errors
    return page


def to_game_over(controller: TableController, seed: int = 3) -> None:
    """The person plays random legal moves, the bots play on, until the game ends."""
    rng = random.Random(seed)
    while not controller.game.is_over:
        seat = controller.viewer
        if seat is not None and seat in controller.game.to_act:
            action = rng.choice(controller.game.legal_actions(seat))
            controller.handle({"kind": "act", "action": action, "move": controller.game.move_number})
        else:
            controller.handle({"kind": "skip"})


@pytest.mark.parametrize("game_id", GAMES)
def test_how_to_play_panel_opens_on_the_first_game_and_at_any_time(base, game_id):
    """The panel shows the registry's goal, turn and rules link; R and the button reopen it."""
    controller = TableController(game_id, players=3, seed=5, pace=0, rules_url=f"../../rules/{game_id}/")
    spec = controller.game.spec
    with browser(width=1280, height=900) as (context, outside):
        page = page_for(context, base, controller)
        panel = page.locator(".wt-howto")
        assert panel.count() == 1, "the How to play panel is open on the first game"
        assert spec.goal in panel.inner_text()
        assert page.locator(".wt-howto-lines li").count() == len(spec.how_to_play) >= 4
        assert page.locator("[data-role=rules-link]").get_attribute("href") == f"../../rules/{game_id}/"
        assert spec.goal in page.locator(".wt-headline [data-role=goal]").inner_text()
        page.click("[data-role=howto-close]")
        assert page.locator(".wt-howto").count() == 0
        assert spec.goal in page.locator(".wt-headline").inner_text(), "the headline keeps the goal"
        page.focus(".wt-headline")
        page.keyboard.press("r")
        assert page.locator(".wt-howto").count() == 1
        page.keyboard.press("Escape")
        assert page.locator(".wt-howto").count() == 0
        page.click("[data-role=howto]")
        assert page.locator(".wt-howto").count() == 1
        page.click("[data-role=new]")
        settle(page)
        assert page.locator(".wt-howto").count() == 1, "it stays open until the person closes it"
        assert page.errors == [] and outside == []


def test_live_region_says_your_move_in_the_second_person_and_a_bot_chain_once(base):
    """Your move is told as "You attack ..."; the bots' replies as one summary, then "Your turn"."""
    controller = TableController("witching-hour", players=3, seed=7, pace=0.15)
    with browser(width=1280, height=900) as (context, outside):
        page = page_for(context, base, controller)
        assert "Lowest total" in page.locator(".wt-live").inner_text(), "the start says the goal"
        for _step in range(3):
            page.evaluate(WATCH_LIVE)
            legal = controller.game.legal_actions(0)
            action = next((a for a in legal if a["type"] == "take"), None) or next(
                a for a in legal if a["type"] == "attack")
            before = controller.game.move_number
            page.evaluate("([a, m]) => window.wtModel.send({kind: 'act', action: a, move: m})",
                          [action, before])
            page.wait_for_function("() => window.wtSaid.some(t => t.includes('Your turn'))"
                                   " || document.querySelector('.wt-table').dataset.phase === 'over'",
                                   timeout=30000)
            said = page.evaluate("window.wtSaid")
            bot_moves = controller.game.move_number - before - 1
            print(f"\nlive region after your {action['type']} ({bot_moves} bot moves):",
                  [t[:70] + "..." + t[-90:] for t in said])
            assert said[0].startswith("You attack " if action["type"] == "attack" else "You take "), said
            summaries = [t for t in said if t.startswith("While you waited:")]
            assert len(summaries) == (1 if bot_moves else 0) and len(said) <= 2, \
                "a bot chain is told once, not move by move"
            assert said[-1].count("Your turn") == 1, said[-1]
        assert page.errors == [] and outside == []


def test_one_witching_hour_attack_takes_at_most_six_keys(base):
    """H (the hand), arrows from kind to kind, Shift+Space (the set), T (target), Enter."""
    controller = TableController("witching-hour", players=3, seed=7, pace=0)
    view = controller.game.view(0)
    with browser(width=1280, height=900) as (context, outside):
        page = page_for(context, base, controller)
        page.locator("[data-role=howto-close]").click()
        page.focus(".wt-headline")
        kinds = page.eval_on_selector_all(".wt-hand-cards button.wt-card", "e => e.map(b => b.dataset.card)")
        order = list(dict.fromkeys(kinds))
        combos = controller.state()["scene"]["picker"]["combos"]
        # the biggest plain set among the first three kinds (a set the person would play)
        choices = [(view["hand"][k], i, k) for i, k in enumerate(order[:3])
                   if f"{k}:{view['hand'][k]}" in combos]
        count, index, kind = max(choices)
        presses = ["h", *["ArrowRight"] * index, "Shift+Space", "t", "Enter"]
        for key in presses:
            page.keyboard.press(key)
        settle(page)
        last = controller.game.history[0]
        assert last.seat == 0 and last.action["type"] == "attack" and last.action["count"] + (
            1 if last.action.get("candle") else 0) == count and last.action["card"] == kind
        print(f"\nkeys for one Witching Hour attack ({count} {kind}): {len(presses)}: {presses}")
        assert len(presses) <= KEY_GOAL
        # one Tab stop per group: the hand is a single stop
        stops = page.eval_on_selector_all(".wt-hand-cards button",
                                          "e => e.filter(b => b.tabIndex === 0).length")
        assert stops <= 1
        page.keyboard.press("?")
        keys = page.locator(".wt-keys")
        assert keys.count() == 1 and "Shift+Space" in keys.inner_text()
        assert page.errors == [] and outside == []


@pytest.mark.parametrize("game_id", GAMES)
def test_at_380_px_your_hand_and_choices_are_in_view_when_you_act(base, game_id):
    controller = TableController(game_id, players=3, seed=5, pace=0)
    with browser(width=380, height=800) as (context, outside):
        page = page_for(context, base, controller)
        page.click("[data-role=howto-close]")
        assert page.locator(".wt-table").get_attribute("data-acting") == "1"
        height = page.evaluate("innerHeight")
        hand = page.locator(".wt-hand").bounding_box()
        assert 0 <= hand["y"] < height / 2, f"the hand starts at {hand['y']} px"
        act = page.locator(".wt-picker [data-role=confirm], .wt-prompt button[data-action]").first
        act = act.bounding_box()
        assert act["y"] + act["height"] <= height, f"the first choice ends at {act['y'] + act['height']} px"
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 380
        assert page.errors == [] and outside == []


@pytest.mark.parametrize("reduce", [False, True])
def test_bot_moves_fly_a_card_unless_reduced_motion(base, reduce):
    controller = TableController("witching-hour", players=3, seed=7, pace=0.6)
    with browser(width=1280, height=900, reduced_motion=reduce) as (context, outside):
        page = page_for(context, base, controller)
        attack = next(a for a in controller.game.legal_actions(0) if a["type"] == "attack")
        page.evaluate("a => window.wtModel.send({kind: 'act', action: a, move: 0})", attack)
        if reduce:
            page.wait_for_function("() => Number(document.querySelector('.wt-table').dataset.move) > 1",
                                   timeout=20000)
            page.wait_for_timeout(300)
            assert page.locator(".wt-table").get_attribute("data-motion") == "reduce"
            assert page.locator(".wt-table").get_attribute("data-flights") is None
            assert page.locator(".wt-flyer").count() == 0
        else:
            page.wait_for_selector(".wt-flyer", timeout=20000)
            assert int(page.locator(".wt-table").get_attribute("data-flights")) >= 1
        assert page.errors == [] and outside == []


def test_screenshots_of_each_game_at_start_mid_decision_and_game_over():
    """Not a check of looks: pictures for people, at 1280 and 380 px."""
    ART.mkdir(parents=True, exist_ok=True)
    with serve_repo() as url:
        for width in (1280, 380):
            with browser(width=width, height=900 if width > 400 else 800) as (context, outside):
                for game_id in GAMES:
                    start = TableController(game_id, players=3, seed=5, pace=0)
                    page = page_for(context, url, start)
                    page.screenshot(path=str(ART / f"{game_id}-start-{width}.png"))
                    page.click("[data-role=howto-close]")
                    if game_id == "witching-hour":
                        page.locator(".wt-hand-cards button.wt-card").first.click()
                        targets = page.locator(".wt-targets button[data-target]")
                        if targets.count():
                            targets.first.click()
                    page.screenshot(path=str(ART / f"{game_id}-decision-{width}.png"))
                    page.close()
                    over = TableController(game_id, players=3, seed=5, pace=0)
                    over.handle({"kind": "new"})
                    to_game_over(over)
                    page = page_for(context, url, over)
                    page.screenshot(path=str(ART / f"{game_id}-over-{width}.png"), full_page=True)
                    assert page.errors == []
                    page.close()
                assert outside == []


@pytest.mark.parametrize("width", [1280, 380])
def test_no_text_on_the_table_is_smaller_than_12_px(base, width):
    """Issue 9 item 8: card names and labels at least 12 px, at every width."""
    small = {}
    with browser(width=width, height=900) as (context, outside):
        for game_id in GAMES:
            controller = TableController(game_id, players=3, seed=5, pace=0)
            page = page_for(context, base, controller)
            found = page.evaluate("""() => {
              const out = {};
              const table = document.querySelector('.wt-table');
              const walk = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
              for (let n = walk.nextNode(); n; n = walk.nextNode()) {
                const el = n.parentElement;
                if (!n.nodeValue.trim() || el.closest('.wt-sr') || !el.getClientRects().length) continue;
                const size = parseFloat(getComputedStyle(el).fontSize);
                if (size < 12) out[el.className || el.tagName] = size;
              }
              return out;
            }""")
            small.update({f"{game_id} {k}": v for k, v in found.items()})
            page.close()
        assert outside == []
    assert small == {}, f"text under 12 px: {small}"
