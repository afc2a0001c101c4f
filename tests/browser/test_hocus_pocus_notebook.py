"""Hocus Pocus in a real notebook: JupyterLab, Debian's Chromium, a whole game by clicks.

``examples/hocus-pocus.ipynb`` is run in JupyterLab and its play table is played the way
a person plays it: a quick two-player game against the heuristic bot, Hocus cards cast
with their buttons, Pocus windows answered (at least once with a Pocus card, not only
Pass), turns ended, Crystal Balls put back with the order picker. After every step the
board in the page is compared with the engine: the widget's real game is read from the
kernel (:class:`wt_browser.KernelPeek`) and replayed with ``load_game`` to the move the
page shows. Rulebook sections are those of ``hocus-pocus.txt``.

Uses the shared harness (``conftest.py``: the JupyterLab server, the offline Chromium;
``wt_browser.py``: notebooks, tables, kernel traffic). Screenshots of the table at 900 px
and 380 px go to ``test-artifacts/browser/hocus-pocus-*.png``.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from wt_browser import (
    ARTIFACTS,
    JupyterServer,
    NotebookSession,
    Table,
    canon,
    close_tab,
    has_horizontal_overflow,
    open_and_run,
    open_tab,
    percentile,
    watched,
)

from witchtable.engine import load_game
from witchtable.engine.core import Game
from witchtable.widgets.scene import second_person

pytestmark = pytest.mark.browser

NOTEBOOK = "hocus-pocus.ipynb"
YOU = 0
WIDTHS = (900, 380)

SNAPSHOT_JS = """
el => {
    const all = (sel, from = el) => [...from.querySelectorAll(sel)];
    const num = (node, attr) => node ? Number(node.getAttribute(attr)) : null;
    const hand = el.querySelector('.wt-hand');
    const over = el.querySelector('.wt-gameover');
    const windowZone = el.querySelector('.wt-zone[data-zone="window"]');
    const order = el.querySelector('.wt-order');
    return {
        mode: el.dataset.mode, game: el.dataset.game, move: Number(el.dataset.move),
        phase: el.dataset.phase, seat: el.dataset.seat, busy: el.dataset.busy,
        hand_seat: hand ? Number(hand.dataset.seat) : null,
        hand: hand ? all('.wt-card[data-card]', hand).map(c => c.dataset.card) : null,
        players: all('.wt-player').map(p => ({
            seat: Number(p.dataset.seat),
            name: p.querySelector('.wt-player-name').textContent,
            acting: p.dataset.acting === '1',
            hand_size: num(p.querySelector('[data-hand-size]'), 'data-hand-size'),
            gems: num(p.querySelector('[data-gems]'), 'data-gems'),
            grimoire: all('.wt-tableau .wt-chipcard[data-card]', p).map(c => c.dataset.card),
            hand_cards: p.querySelector('.wt-mini-cards') ? true : false,
        })),
        cauldron: num(el.querySelector('[data-cauldron-size]'), 'data-cauldron-size'),
        library: num(el.querySelector('[data-library-size]'), 'data-library-size'),
        discard: num(el.querySelector('[data-discard-size]'), 'data-discard-size'),
        window: windowZone ? all('.wt-card[data-card]', windowZone).map(c => c.dataset.card) : null,
        window_text: windowZone ? windowZone.textContent : null,
        order: order ? all('.wt-order-cards button[data-card]', order).map(c => c.dataset.card) : null,
        actions: all('button[data-action]').filter(b => b.dataset.role !== 'confirm').map(b => ({
            action: b.dataset.action, disabled: b.disabled, visible: b.checkVisibility(),
            name: b.getAttribute('aria-label') || b.textContent,
        })),
        controls: Object.fromEntries(all('button[data-role]').map(b => [b.dataset.role, !b.disabled])),
        headline: el.querySelector('.wt-headline').textContent,
        notice: el.querySelector('.wt-notice') ? el.querySelector('.wt-notice').dataset.level : null,
        gameover: over ? over.textContent : null,
    };
}
"""


# --------------------------------------------------------------------------- a session


class Session(NotebookSession):
    """The Hocus Pocus notebook's session."""

    def act(self, trigger) -> None:
        """Click (``trigger``), wait for the re-render, keep its time."""
        self.record(self.play.act(trigger))


@pytest.fixture(scope="module")
def hp_session(chromium, jupyter: JupyterServer) -> Iterator[Session]:
    """One run of the notebook shared by the tests of this file (in file order)."""
    tab = open_tab(chromium)
    s = open_and_run(tab, jupyter, NOTEBOOK, Session)
    yield s
    s.close()
    close_tab(tab, jupyter)


@pytest.fixture
def table(request: pytest.FixtureRequest, hp_session: Session) -> Iterator[Session]:
    """The shared session, with this test's failure screenshot and page-error check."""
    with watched(request, hp_session.page):
        yield hp_session


# --------------------------------------------------------------------------- checks


def snapshot(table: Table) -> dict:
    """A snapshot taken while no message is in flight (bot pacing may start one anytime)."""
    for _ in range(50):
        table.wait_idle()
        snap = table.root.evaluate(SNAPSHOT_JS)
        if snap["busy"] == "0":
            return snap
    raise AssertionError("the widget never settled (data-busy stayed 1)")


def check_board(snap: dict, game: Game, you: int | None) -> None:
    """The page shows ``game`` as ``you`` may see it (Setup; Summary of the Rules: Hands
    secret; Grimoires, Gems, hand sizes and the piles open to all)."""
    where = f"move {snap['move']}"
    view = game.view(you)
    assert snap["move"] == game.move_number and snap["phase"] == view["phase"], where
    assert len(snap["players"]) == game.players, where
    for p in snap["players"]:
        s = p["seat"]
        assert p["hand_size"] == view["hand_sizes"][s], f"{where}: Hand size of seat {s}"
        assert p["gems"] == view["gems"][s], f"{where}: Gems of seat {s}"
        assert p["grimoire"] == view["grimoires"][s], f"{where}: Grimoire of seat {s}"
        assert p["acting"] == (s in game.to_act), f"{where}: who may act"
        if snap["mode"] == "play":
            assert not p["hand_cards"], f"{where}: play mode shows seat {s}'s Hand"
    assert snap["cauldron"] == view["cauldron"], f"{where}: Gems in the Cauldron"
    assert snap["library"] == view["library_size"], f"{where}: Library size"
    assert snap["discard"] == len(view["discard"]), f"{where}: discard pile size"
    hocus = view["hocus"]
    if hocus:
        assert snap["window"] == [hocus["card"]] + [p["card"] for p in hocus["pocus"]], f"{where}: the window"
    else:
        assert snap["window"] is None, f"{where}: a window with no Hocus waiting"
    if snap["hand"] is not None:
        seat = snap["hand_seat"]
        if snap["mode"] == "play":
            assert seat == you, f"{where}: another seat's Hand is shown"
        assert Counter(snap["hand"]) == Counter(game.view(seat)["hand"]), f"{where}: the Hand of seat {seat}"


def check_offers(snap: dict, game: Game, seat: int) -> None:
    """Every button sends a legal action of ``seat``, each with a name, and every legal
    action is offered (a Crystal Ball's orders through the order picker)."""
    legal = {canon(a) for a in game.legal_actions(seat)}
    offered = {b["action"] for b in snap["actions"]}
    unnamed = [b["action"] for b in snap["actions"] if not (b["name"] or "").strip()]
    assert unnamed == [], f"move {snap['move']}: buttons without an accessible name: {unnamed}"
    assert offered <= legal, f"move {snap['move']}: offered but illegal: {offered - legal}"
    needed = {canon(a) for a in game.legal_actions(seat) if a["type"] != "arrange"}
    assert needed <= offered, f"move {snap['move']}: legal but not offered: {needed - offered}"


def winner_named(snap: dict, game: Game) -> None:
    """End of the Game: the most Gems wins, named on the board."""
    names = {p["seat"]: p["name"] for p in snap["players"]}
    for w in game.winners:
        assert ("You" if w == YOU else names[w]) in snap["gameover"], snap["gameover"]


# --------------------------------------------------------------------------- playing by clicks


def click_action(table: Table, action: str) -> None:
    table.find(f"button[data-action='{action}']").first.click()


def arrange_by_clicks(s: Session, snap: dict, game: Game, rng: random.Random) -> None:
    """Hocus Cards: Crystal Ball: pick the cards seen in a chosen order, then confirm; the
    confirm button carries exactly that arrangement."""
    seen = game.view(YOU)["pending"]["cards"]
    assert snap["order"] == seen, "the order picker shows the cards seen, top first"
    table = s.play
    indexes = list(range(len(seen)))
    rng.shuffle(indexes)
    cards = table.find(".wt-order-cards button")
    for i in indexes:
        cards.nth(i).click()
    confirm = table.find('.wt-order [data-role="confirm"]')
    expected = {"type": "arrange", "cards": [seen[i] for i in indexes]}
    assert confirm.get_attribute("data-action") == canon(expected)
    s.act(lambda: confirm.click())


def swap_from_fold(s: Session, snap: dict, rng: random.Random) -> bool:
    """Grimoire and Hand: open the folded swaps and click one (False if none is offered)."""
    swaps = [b for b in snap["actions"] if json.loads(b["action"])["type"] == "exchange"]
    if not swaps:
        return False
    fold = s.play.find("details.wt-fold")
    if fold.get_attribute("open") is None:
        fold.locator("summary").click()
    choice = rng.choice(swaps)
    s.act(lambda: click_action(s.play, choice["action"]))
    return True


def person_step(s: Session, snap: dict, game: Game, rng: random.Random, state: dict) -> None:
    """One decision of the person, by clicks."""
    check_offers(snap, game, YOU)
    table = s.play
    phase = game.view(YOU)["phase"]
    buttons = [b for b in snap["actions"] if not b["disabled"] and b["visible"]]
    by_type: dict[str, list] = {}
    for b in buttons:
        by_type.setdefault(json.loads(b["action"])["type"], []).append(b)
    if phase == "arrange" and YOU in game.to_act and "refill" not in by_type:
        arrange_by_clicks(s, snap, game, rng)
        state["arranged"] = state.get("arranged", 0) + 1
        return
    if "pocus" in by_type:
        hocus = game.view(YOU)["hocus"]
        theirs = hocus["caster"] != YOU
        if (theirs and not state.get("reacted")) or rng.random() < 0.3:
            choice = rng.choice(by_type["pocus"])
            s.act(lambda: click_action(table, choice["action"]))
            if theirs:
                state["reacted"] = state.get("reacted", 0) + 1
                state.setdefault("reaction_move", snap["move"])
            return
    if "pass" in by_type:
        state["passed"] = state.get("passed", 0) + 1
        s.act(lambda: click_action(table, by_type["pass"][0]["action"]))
        return
    if phase == "turn" and "refill" not in by_type:
        roll = rng.random()
        if roll < 0.12 and swap_from_fold(s, snap, rng):
            state["swapped"] = state.get("swapped", 0) + 1
            return
        if "hocus" in by_type and roll < 0.7:
            choice = rng.choice(by_type["hocus"])
        else:
            choice = rng.choice(by_type.get("gem", []) + by_type.get("draw", []))
        s.act(lambda: click_action(table, choice["action"]))
        return
    choice = rng.choice(buttons)
    s.act(lambda: click_action(table, choice["action"]))


def bots_step(s: Session, snap: dict, rng: random.Random, state: dict) -> None:
    """Let the bot move: by the front end's pace timer, or by "Skip bots"."""
    table = s.play
    if snap["controls"].get("skip") and (state.get("paced", 0) >= 4 or rng.random() < 0.6):
        try:
            table.act(lambda: table.find('[data-role="skip"]').click(timeout=2000), since_move=snap["move"])
            state["skipped"] = state.get("skipped", 0) + 1
            return
        except PlaywrightTimeout:
            if table.find('[data-role="skip"]').is_enabled():
                raise
    table.wait_until(f"el => el.dataset.move !== '{snap['move']}' && el.dataset.busy === '0'", timeout=60)
    state["paced"] = state.get("paced", 0) + 1


def screenshots(s: Session, stem: str) -> None:
    """The play table at 900 px and 380 px (JupyterLab's side panels closed), checked for
    horizontal overflow, into test-artifacts/browser/hocus-pocus-<stem>-<width>px.png."""
    page = s.page
    size = page.viewport_size
    page.evaluate("() => { const a = window.jupyterapp.shell; a.collapseLeft(); a.collapseRight(); }")
    try:
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            page.wait_for_timeout(300)  # JupyterLab re-lays out its panels after a resize
            report = has_horizontal_overflow(s.play.root)
            assert report["scrollWidth"] <= report["clientWidth"] + 1, f"{stem} at {width}px: {report}"
            assert report["outside"] == [], f"{stem} at {width}px, sticking out: {report}"
            height = s.play.root.evaluate("el => el.getBoundingClientRect().height")
            page.set_viewport_size({"width": width, "height": min(12000, int(height) + 400)})
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            s.play.root.scroll_into_view_if_needed()
            s.play.root.screenshot(path=str(ARTIFACTS / f"hocus-pocus-{stem}-{width}px.png"))
    finally:
        page.set_viewport_size(size)
        page.evaluate("() => window.jupyterapp.shell.expandLeft()")


# --------------------------------------------------------------------------- the tests


def test_notebook_runs_and_both_tables_render(table: Session, artifacts) -> None:
    """1. The notebook runs; the play table shows the person's seat and the explorer its
    save (Setup: three cards face up and three in hand each)."""
    snap = snapshot(table.play)
    assert snap["game"] == "hocus-pocus" and snap["mode"] == "play"
    assert snap["hand_seat"] == YOU and len(snap["hand"]) == 3
    game = table.truth(snap["move"])
    check_board(snap, game, YOU)
    assert game.options["quick"] and snap["cauldron"] == 15, "the notebook's quick game"
    ex = table.explore.root.evaluate(SNAPSHOT_JS)
    assert ex["mode"] == "explore" and ex["game"] == "hocus-pocus"
    save = table.explore.find('[data-role="save"]').input_value()
    check_board(ex, load_game(json.loads(save)), None)
    table.page.screenshot(path=str(artifacts / "hocus-pocus-notebook.png"))


def test_whole_game_against_the_bot_by_clicks(table: Session) -> None:
    """2. A whole quick game against the heuristic bot by clicks, the board checked
    against the engine at every step: Hocus cast with their buttons (a target on the
    same row), every Pocus window answered (at least once with a Pocus of the person's on
    the bot's Hocus: 2. Play one or more Pocus cards), the turn ended (3. End your Turn),
    and the winner named (End of the Game). Screenshots of an open window and the end."""
    rng = random.Random(3)
    state: dict[str, Any] = {}
    shot_window = False
    for _step in range(900):
        snap = snapshot(table.play)
        game = table.truth(snap["move"])
        check_board(snap, game, YOU)
        assert snap["notice"] != "error", f"move {snap['move']}: an error notice"
        if snap["gameover"]:
            winner_named(snap, game)
            break
        if YOU in game.to_act:
            view = game.view(YOU)
            if view["phase"] == "react" and not view["refills"]:
                assert not snap["controls"]["skip"], "a bot would move while the person may answer"
                assert "Pass" in " ".join(b["name"] for b in snap["actions"])
                if view["hocus"]["pocus"] and not shot_window:
                    screenshots(table, "window")
                    shot_window = True
            person_step(table, snap, game, rng, state)
        else:
            bots_step(table, snap, rng, state)
    else:
        raise AssertionError(f"the game did not end in 900 steps: {state}")
    assert state.get("reacted"), f"the person never answered the bot's Hocus with a Pocus: {state}"
    assert state.get("passed") and state.get("skipped") and state.get("paced"), state
    game = table.truth(snapshot(table.play)["move"])
    assert game.is_over and game.view(None)["cauldron"] == 0
    reactions = [m for m in game.history if m.seat == YOU and m.action["type"] == "pocus"]
    assert reactions, "no Pocus of the person's reached the engine"
    screenshots(table, "over")
    clicks = table.clicks
    times = {"median_ms": round(percentile(clicks, 0.5), 1), "p90_ms": round(percentile(clicks, 0.9), 1),
             "clicks": len(clicks), "samples_ms": [round(v, 1) for v in clicks]}
    (ARTIFACTS / "hocus-pocus-timings.json").write_text(json.dumps(times, indent=1))
    print(f"\nhocus-pocus play: click-to-rerender median {times['median_ms']:.0f} ms, "
          f"p90 {times['p90_ms']:.0f} ms over {times['clicks']} clicks (reported, not asserted)")


def test_the_synced_state_holds_only_the_persons_view(table: Session) -> None:
    """3. Every state of the play table the kernel sent the page (read off the kernel
    websocket) holds only what seat 0 may know (Summary of the Rules: Hands and the
    Library are secret): no other Hand, no save, no log line beyond ``view(0)``, and no
    card face the person cannot see."""
    play_id = table.model_id("play")
    save = table.save()
    messages = table.traffic.of_kernel(table.kernel_id)
    full: dict = {}
    cache: dict[int, Game] = {}
    checked = 0
    for msg in messages:
        data = msg["content"].get("data", {})
        if msg["content"].get("comm_id") != play_id or not isinstance(data.get("state"), dict):
            continue
        full.update(data["state"])
        scene = full.get("scene") or {}
        if "move" not in scene:
            continue
        move = scene["move"]
        if move > len(save["actions"]):
            continue  # a later game (none is started in these tests)
        if move not in cache:
            cache[move] = load_game(dict(save, actions=save["actions"][:move]))
        problems = leaks(full, cache[move])
        assert problems == [], f"move {move}: {problems}"
        checked += 1
    assert checked >= 20, f"too few states seen on the websocket: {checked}"
    assert table.traffic.undecoded == 0


def leaks(state: dict, game: Game) -> list[str]:
    problems = []
    scene = state["scene"]
    view = game.view(YOU, names=[p["name"] for p in sorted(scene["players"], key=lambda p: p["seat"])])
    if scene.get("god") or any("cards" in p for p in scene["players"]):
        problems.append("another seat's cards are in the scene")
    if scene.get("hand") and scene["hand"]["seat"] != YOU:
        problems.append("another seat's Hand is shown")
    text = json.dumps(state)
    if '"seed"' in text or scene.get("save"):
        problems.append("a save (its seed gives away every hidden card) is in the state")
    visible = Counter(view["hand"])
    seen = (view["pending"] or {}).get("cards", [])
    for zone in (*view["grimoires"], view["discard"], view["play_area"], seen):
        visible.update(zone)
    if view["hocus"]:
        visible[view["hocus"]["card"]] += 1
        visible.update(p["card"] for p in view["hocus"]["pocus"])
    for faces in face_lists(state):
        extra = faces - visible
        if extra:
            problems.append(f"card faces the person cannot see: {dict(extra)}")
    names = [p["name"] for p in sorted(scene["players"], key=lambda p: p["seat"])]
    # the person reads their own events in the second person ("You cast ..."): the same event
    allowed = {e["text"] for e in view["log"]} | {second_person(e, names, YOU) for e in view["log"]}
    problems += [f"a log line the person may not read: {e['text']!r}" for e in scene["log"]
                 if e["text"] not in allowed]
    return problems


def face_lists(node: Any) -> Iterator[Counter]:
    """Every list of card faces (dicts with a ``kind`` and a ``count``) in a state, counted."""
    if isinstance(node, list):
        if node and all(isinstance(x, dict) and "kind" in x and "count" in x for x in node):
            faces: Counter = Counter()
            for x in node:
                faces[x["kind"]] += x["count"]
            yield faces
        for item in node:
            yield from face_lists(item)
    elif isinstance(node, dict):
        for value in node.values():
            yield from face_lists(value)


def test_explorer_steps_through_a_window_with_several_seats_to_act(table: Session) -> None:
    """4. The explorer (god view): step to a Pocus window where several seats may act;
    each seat's Pass names the seat; playing one for a seat moves the game for that seat."""
    ex = table.explore
    save = json.loads(ex.find('[data-role="save"]').input_value())
    assert save["actions"] == [], "the explorer opens at move 0 of a whole bots' game"
    length = int(ex.find('[data-role="timeline"]').get_attribute("max"))
    game = load_game(save)
    while not (len(game.to_act) > 1 and game.view(None)["hocus"]):
        assert game.move_number < length, "no window with several seats in the whole game"
        ex.act(lambda: ex.find('[data-role="forward"]').click())
        game = load_game(json.loads(ex.find('[data-role="save"]').input_value()))
    snap = ex.root.evaluate(SNAPSHOT_JS)
    check_board(snap, game, None)
    seat = game.to_act[-1]
    pass_button = ex.find(f".wt-prompt button[data-action='{canon({'type': 'pass'})}'][data-seat='{seat}']")
    assert pass_button.count() == 1
    ex.act(lambda: pass_button.click())
    after = load_game(json.loads(ex.find('[data-role="save"]').input_value()))
    assert after.history[-1].seat == seat and after.history[-1].action == {"type": "pass"}
    screenshot = ARTIFACTS / "hocus-pocus-explore-900px.png"
    ex.root.screenshot(path=str(screenshot))
