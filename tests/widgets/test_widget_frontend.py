"""table.js in Debian's Chromium, driven by a real TableController through harness.html.

Checks the DOM conventions other parts rely on, clicking and keyboard play, the attack
builder (rulebook "Make an Attack": one type plus at most one Candle), notices naming
the rule, pacing, the hand-off, the explorer panels, narrow layouts, reduced motion,
and that nothing is fetched from outside 127.0.0.1.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

pytest.importorskip("playwright")

from widget_harness import CHROMIUM, browser, open_table, settle

from witchtable.widgets import TableController
from witchtable.widgets.scene import action_key

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(CHROMIUM is None, reason="Debian chromium is not installed")]



@pytest.fixture
def chromium():
    with browser(width=900, height=900) as (context, outside):
        yield context
        assert outside == [], f"requests left 127.0.0.1: {outside}"


def open_page(context, base, controller):
    errors: list = []
    page = open_table(context, base, controller, errors)
    page.errors = errors
    return page


def root(page):
    return page.locator(".wt-table")


def test_dom_conventions_match_the_engine(chromium, base):
    controller = TableController("witching-hour", players=3, seed=7)
    page = open_page(chromium, base, controller)
    game = controller.game
    table = root(page)
    assert table.get_attribute("data-game") == "witching-hour"
    assert table.get_attribute("data-move") == "0" and table.get_attribute("data-phase") == "turn"
    assert table.get_attribute("data-seat") == "0" and table.get_attribute("data-busy") == "0"
    hand = Counter(page.eval_on_selector_all(".wt-hand .wt-card[data-card]",
                                             "e => e.map(x => x.dataset.card)"))
    assert dict(hand) == game.view(0)["hand"]
    for seat in range(3):
        player = page.locator(f".wt-player[data-seat='{seat}']")
        assert player.locator("[data-hand-size]").get_attribute("data-hand-size") == "13"
        assert player.locator("[data-hex-size]").get_attribute("data-hex-size") == "0"
    assert page.locator("[data-discard-size]").get_attribute("data-discard-size") == str(
        game.view(0)["discard_size"])
    legal = {action_key(a) for a in game.legal_actions(0)}
    buttons = page.eval_on_selector_all(
        "button[data-action]",
        "e => e.map(b => [b.tagName, b.dataset.action, b.getAttribute('aria-label') || b.textContent])")
    assert buttons
    for tag, text, name in buttons:
        action = json.loads(text)
        assert tag == "BUTTON" and name.strip()
        assert text == action_key(action), "data-action is the JSON with sorted keys"
        assert text in legal
    for role in ("undo", "new", "skip"):
        assert page.locator(f"[data-role='{role}']").count() == 1
    assert page.locator(".wt-live").get_attribute("aria-live") == "polite"
    assert page.errors == []


def test_build_an_attack_by_clicking_then_bots_move_at_a_visible_pace(chromium, base):
    controller = TableController("witching-hour", players=3, seed=7, pace=0.15)
    page = open_page(chromium, base, controller)
    hand = controller.game.view(0)["hand"]
    kind = next(k for k, n in hand.items() if n >= 2 and k not in ("candle", "toadstool"))
    cards = page.locator(f".wt-hand button.wt-card[data-card='{kind}']")
    cards.nth(0).click()
    cards.nth(1).click()
    assert cards.nth(0).get_attribute("aria-pressed") == "true"
    page.locator(".wt-hand button.wt-card[data-card='candle']").first.click()
    status = page.locator(".wt-pick-status")
    assert status.get_attribute("data-valid") == "1" and "attack of 3 cards" in status.inner_text()
    page.locator("[data-target='2']").click()
    confirm = page.locator("[data-role='confirm']")
    expected = {"type": "attack", "target": 2, "card": kind, "count": 2, "candle": True}
    assert confirm.get_attribute("data-action") == action_key(expected)
    confirm.click()
    page.wait_for_selector(".wt-table[data-move='1']")
    assert controller.game.history[0].action == expected
    assert "You attack " in page.locator(".wt-live").inner_text(), "your own move, in the second person"
    # the bots' moves arrive one at a time, by the front end's timer, back to a decision of ours
    page.wait_for_function("() => document.querySelector('.wt-table').dataset.move >= '2'", timeout=10_000)
    page.wait_for_function("() => !document.querySelector('.wt-waiting')", timeout=20_000)
    assert 0 in controller.game.to_act or controller.game.is_over
    assert page.errors == []


def test_an_illegal_attempt_shows_the_rule(chromium, base):
    controller = TableController("witching-hour", players=3, seed=7)
    page = open_page(chromium, base, controller)
    kinds = [k for k in controller.game.view(0)["hand"] if k != "candle"][:2]
    for kind in kinds:
        page.locator(f".wt-hand button.wt-card[data-card='{kind}']").first.click()
    assert page.locator(".wt-pick-status").get_attribute("data-valid") == "0"
    page.locator("[data-target='1']").click()
    confirm = page.locator("[data-role='confirm']")
    assert confirm.get_attribute("data-action") is None
    confirm.click()
    settle(page)
    notice = page.locator(".wt-notice")
    assert notice.get_attribute("data-level") == "error"
    assert notice.get_attribute("data-rule") == "witching-hour/attack/same-type"
    assert controller.game.move_number == 0
    inline = page.locator(".wt-picker .wt-pick-error")
    assert "witching-hour/attack/same-type" in inline.inner_text(), "the refusal is shown at the picker too"
    page.locator("[data-role='clear']").click()
    assert page.locator(".wt-hand button[data-card][aria-pressed='true']").count() == 0


def test_a_double_click_plays_once(chromium, base):
    controller = TableController("witching-hour", players=3, seed=7)
    page = open_page(chromium, base, controller)
    page.locator(".wt-ability-choices button[data-action]").first.dblclick()
    settle(page)
    page.wait_for_function("() => window.wtModel.sent.length >= 2")
    assert controller.game.move_number == 1
    assert page.locator(".wt-notice").get_attribute("data-level") == "info"


def test_every_control_is_reachable_by_keyboard_with_visible_focus(chromium, base):
    """Tab reaches every group's one stop and every other control; arrows reach the rest."""
    controller = TableController("witching-hour", players=3, seed=7)
    page = open_page(chromium, base, controller)
    page.locator("body").click(position={"x": 2, "y": 2})
    groups = page.eval_on_selector_all("[data-roving]", """e => e.map(g => [g.dataset.roving,
        [...g.querySelectorAll('button:not([disabled])')].filter(b => b.tabIndex === 0).length])""")
    assert groups and all(stops == 1 for _name, stops in groups), f"one Tab stop per group: {groups}"
    wanted = set(page.eval_on_selector_all(
        ".wt-table button:not([disabled]):not([tabindex='-1']), .wt-table input, .wt-table textarea, "
        ".wt-table summary",
        "e => e.map(x => x.dataset.key || x.dataset.action || x.textContent)"))
    reached = set()
    for _ in range(len(wanted) * 3):
        page.keyboard.press("Tab")
        info = page.evaluate("""() => { const a = document.activeElement;
            if (!a || !a.closest('.wt-table')) return null;
            const s = getComputedStyle(a);
            return [a.dataset.key || a.dataset.action || a.textContent, a.matches(':focus-visible'),
                    s.outlineStyle, s.outlineWidth]; }""")
        if info is None:
            continue
        key, visible, style, width = info
        assert visible and style != "none" and width != "0px", f"no visible focus on {key}"
        reached.add(key)
        if reached >= wanted:
            break
    assert wanted <= reached, f"not reachable by Tab: {sorted(wanted - reached)[:5]}"
    # inside a group the arrows reach every button: the hand, copy by copy
    hand = page.eval_on_selector_all(".wt-hand-cards button.wt-card", "e => e.map(b => b.dataset.key)")
    page.locator(".wt-hand-cards button.wt-card[tabindex='0']").focus()
    page.keyboard.press("Home")
    seen = [page.evaluate("document.activeElement.dataset.key")]
    for _ in hand[1:]:
        page.keyboard.press("ArrowDown")
        seen.append(page.evaluate("document.activeElement.dataset.key"))
    assert seen == hand
    # play a card with the keyboard: focus a toggle, Space toggles it
    page.locator(".wt-hand button.wt-card").first.focus()
    page.keyboard.press("Space")
    assert page.locator(".wt-hand button.wt-card").first.get_attribute("aria-pressed") == "true"
    assert page.evaluate("document.activeElement.classList.contains('wt-card')"), "focus survives the redraw"


def test_pass_and_play_hand_off_hides_the_hand(chromium, base):
    controller = TableController("witching-hour", players=3, seed=2, bots=None)
    page = open_page(chromium, base, controller)
    assert page.locator(".wt-hand").count() == 0
    page.locator("[data-role='handoff']").click()
    page.wait_for_selector(".wt-hand[data-seat='0']")
    page.locator("button[data-action*='\"chalice\"']").first.click() if page.locator(
        "button[data-action*='\"chalice\"']").count() else page.locator("[data-role='confirm']").click()
    settle(page)
    if controller.game.to_act[0] != 0:
        assert page.locator(".wt-hand").count() == 0
        assert page.locator("[data-role='handoff']").count() == 1


def test_explorer_panels(chromium, base):
    controller = TableController("witching-hour", players=3, seed=3, mode="explore")
    controller.handle({"kind": "autoplay"})
    page = open_page(chromium, base, controller)
    end = controller.game.move_number
    assert root(page).get_attribute("data-god") == "1"
    assert page.locator(".wt-player .wt-mini-cards").count() == 3 or controller.game.is_over
    page.locator("[data-role='timeline']").evaluate(
        "(e) => { e.value = 10; e.dispatchEvent(new Event('change')); }")
    page.wait_for_selector(".wt-table[data-move='10']")
    page.locator("[data-role='back']").click()
    page.wait_for_selector(".wt-table[data-move='9']")
    page.locator("[data-role='forward']").click()
    page.wait_for_selector(".wt-table[data-move='10']")
    assert page.locator(".wt-rule[data-legal='1'] .wt-rule-id").count() >= 1
    page.locator("[data-role='view-as'][data-seat='1']").click()
    page.wait_for_selector(".wt-table[data-seat='1']")
    assert page.locator(".wt-player .wt-mini-cards").count() == 0
    page.locator("[data-role='god']").click()
    page.wait_for_selector(".wt-table[data-god='1']")
    save = page.locator("[data-role='save']").input_value()
    assert len(json.loads(save)["actions"]) == 10
    page.locator("[data-role='save']").fill('{"format": "witchtable-save", "version": 1, "game": "chess"}')
    page.locator("[data-role='load']").click()
    settle(page)
    assert page.locator(".wt-notice").get_attribute("data-level") == "error"
    assert controller.game.move_number == 10 and len(controller.line) == end
    page.locator("[data-role='save']").fill(save)
    page.locator("[data-role='load']").click()
    settle(page)
    assert page.locator(".wt-notice").get_attribute("data-level") == "info"
    page.locator("[data-role='autoplay']").click()
    page.wait_for_selector(".wt-gameover")
    assert page.errors == []


@pytest.mark.parametrize("width", [380, 900])
def test_no_horizontal_overflow(base, width):
    with browser(width=width, height=800) as (context, outside):
        for controller in (TableController("witching-hour", players=5, seed=1),
                           TableController("witching-hour", players=4, seed=1, mode="explore")):
            if controller.mode == "explore":
                controller.handle({"kind": "autoplay"})
                controller.handle({"kind": "goto", "move": 30})
            page = open_page(context, base, controller)
            sizes = page.evaluate("""() => ({doc: document.documentElement.scrollWidth,
                                             table: document.querySelector('.wt-table').scrollWidth,
                                             box: document.querySelector('.wt-table').clientWidth})""")
            assert sizes["doc"] <= width and sizes["table"] <= sizes["box"] + 1, sizes
        assert outside == []


def test_motion_honours_prefers_reduced_motion(base):
    for reduce, expect in ((True, "none"), (False, "wt-glow")):
        with browser(reduced_motion=reduce) as (context, _):
            page = open_page(context, base, TableController("witching-hour", players=3, seed=7))
            name = page.evaluate("getComputedStyle(document.querySelector(\".wt-player[data-acting='1']\"))"
                                 ".animationName")
            assert name == expect


def test_host_page_styles_do_not_leak_in(chromium, base):
    """JupyterLab styles `.jp-ThemedContainer button` and `code`; the table's own look must win."""
    page = open_page(chromium, base, TableController("witching-hour", players=3, seed=7))
    page.add_style_tag(content=".hostile button { border-radius: 2px; font-family: monospace; padding: 0; }"
                               ".hostile code { font-size: 30px; } .hostile table { font-size: 30px; }"
                               ".hostile button:focus-visible { outline: 2px solid rgb(25, 118, 210); }")
    page.evaluate("document.body.classList.add('hostile')")
    style = page.evaluate("""() => { const b = getComputedStyle(document.querySelector('.wt-btn'));
        const choice = getComputedStyle(document.querySelector('.wt-choice, .wt-ability-choices .wt-btn'));
        return [b.borderRadius, b.fontFamily.includes('monospace'), b.paddingLeft, b.fontSize, b.fontWeight,
                choice.fontFamily.includes('monospace')]; }""")
    assert style == ["999px", False, "13px", "13px", "600", False]
    page.locator("body").click(position={"x": 2, "y": 2})
    page.keyboard.press("Tab")
    ring = page.evaluate("getComputedStyle(document.activeElement).outlineColor")
    assert ring == "rgb(255, 224, 138)", "the widget's own focus ring"


def test_the_three_column_explorer_draws_disney_hocus_pocus_densely(base):
    """At 1366 x 768 (three columns) the board column leaves out what repeats (Binx's zone,
    the sunrise track, the answer badges, the hand-size counters of hands drawn, the last
    move) and static help, draws the witches and Trick tokens as chips and one question;
    at 1000 px (two columns) everything is drawn as in play."""
    from witchtable.engine import GAMES
    from witchtable.engine.sim import play_game

    game = "disney-hocus-pocus"
    played, _length = play_game(game, [GAMES[game].default_bot] * 4, 3)
    controller = TableController(game, 4, mode="explore", save=played.to_json(), pace=0)
    controller.handle({"kind": "goto", "move": 78})
    with browser(width=1366, height=768) as (context, outside):
        page = open_page(context, base, controller)
        main = page.locator(".wt-ex-layout[data-split='1'] > .wt-main")
        assert main.count() == 1
        for gone in ("[data-zone=binx]", "[data-zone=sunrise]", ".wt-last", ".wt-badge[data-tone=yes]",
                     "[data-zone=cauldron] .wt-zone-text", "[data-zone=tricks] .wt-zone-text"):
            assert main.locator(gone).count() == 0, gone
        assert main.locator(".wt-counter[data-hand-size]:visible").count() == 0
        assert main.locator(".wt-counter[data-hand-size]").count() == 4, "hidden, its data attribute kept"
        assert main.locator("[data-zone=witches] .wt-grid-chips .wt-chipcard").count() == 3
        tricks = main.locator("[data-zone=tricks] .wt-grid-chips .wt-chipcard")
        assert tricks.count() == 4 and main.locator("[data-zone=tricks] .wt-card").count() == 0
        questions = main.locator("[data-zone=questions] .wt-zone-line")
        assert questions.count() == 2, "the latest, and the earlier ones counted"
        column = main.evaluate("el => ({ client: el.clientHeight, content: el.scrollHeight })")
        assert column["content"] <= column["client"] + 1, column
        page.set_viewport_size({"width": 1000, "height": 768})
        page.wait_for_selector(".wt-ex-layout[data-split='0']")
        main = page.locator(".wt-ex-layout > .wt-main")
        for back in ("[data-zone=binx]", "[data-zone=sunrise]", ".wt-last", ".wt-badge[data-tone=yes]",
                     "[data-zone=cauldron] .wt-zone-text", "[data-zone=tricks] .wt-card"):
            assert main.locator(back).count() >= 1, back
        assert main.locator("[data-zone=questions] .wt-zone-line").count() == 7
        assert page.errors == [] and outside == []


def test_a_forbidden_token_chip_keeps_its_lock_in_the_three_columns(base):
    """Tokens drawn as chips show their names without their pictures, but a token a Spell
    forbids this round (state locked) still shows the lock."""
    from witchtable.engine import GAMES
    from witchtable.engine.sim import play_game

    game = "disney-hocus-pocus"
    played, _length = play_game(game, [GAMES[game].default_bot] * 4, 3)
    controller = TableController(game, 4, mode="explore", save=played.to_json(), pace=0)
    controller.handle({"kind": "goto", "move": 78})
    shown = controller.state

    def with_a_locked_token() -> dict:
        state = shown()
        tricks = next(z for z in state["scene"]["table"] if z["key"] == "tricks")
        tricks["grid"]["cards"][0]["state"] = "locked"
        return state

    controller.state = with_a_locked_token
    with browser(width=1366, height=768) as (context, outside):
        page = open_page(context, base, controller)
        chips = page.locator(".wt-ex-layout[data-split='1'] [data-zone=tricks] .wt-grid-chips .wt-chipcard")
        assert chips.count() == 4
        assert chips.locator(".wt-chip-icon:visible").count() == 1, "only the lock: no pictures"
        assert chips.first.locator(".wt-chip-lock:visible").count() == 1
        assert page.errors == [] and outside == []
