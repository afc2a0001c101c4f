"""Hocus Focus's race as a person sees it (issue 27.2): a countdown starts the round when the
board can be seen, bots' calls appear when the page's clock passes them (and nothing of a
bot's call reaches the page before its time but the time itself), the wizards are large
enough to read at 1280 px and at 380 px, and the table's bots follow the person's pace.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from test_widget_node import pages  # noqa: F401  (the page fixture: table.js in a fake DOM)

from witchtable.widgets import TableController
from witchtable.widgets.presenters import hocus_focus

CARD = "[data-grid=board] button.wt-grid-cell"


def table(**options) -> TableController:
    return TableController("hocus-focus", players=3, seed=3, pace=0.5, **options)


def test_the_table_gets_adaptive_bots_that_follow_its_people():
    """hocus-focus/time/ms: a table's default bots are adaptive and follow the people's seats
    (public: each seat shows whether a bot plays it)."""
    controller = table()
    assert controller.kinds == [None, "adaptive", "adaptive"]
    assert [getattr(b, "follow", None) for b in controller.bots[1:]] == [(0,), (0,)]


def test_the_page_learns_only_the_time_of_the_next_bot_call():
    """hocus-focus/time/ms: while the person may call, the state cues the next bot call by its
    time alone; other calls at the same times (other cards, other kinds) give the very same
    state, so nothing of what a bot calls reaches the page before the round is judged."""
    controller = table()
    state = controller.state()
    calls = controller.race["calls"]
    first = min(call["ms"] for call in calls.values())
    cue = {"message": {"kind": "advance", "move": 0, "ms": first}, "at_ms": first, "delay": 0}
    assert state["auto"] == cue
    board = controller.game.view(0)["board"]
    for seat, call in calls.items():  # the same times, other calls
        calls[seat] = ({"type": "no-match", "round": 1, "ms": call["ms"]} if call["type"] == "claim" else
                       {"type": "claim", "round": 1, "card": board[seat], "ms": call["ms"], "point_ms": 5})
    assert json.dumps(controller.state(), sort_keys=True) == json.dumps(state, sort_keys=True)


def test_a_bots_call_is_played_when_the_pages_clock_passes_it():
    """hocus-focus/time/ms: an advance whose clock is short of the cue plays nothing; once the
    page's clock passes a bot's time that call is played (sealed) and the scene says who
    called and when, never what."""
    controller = table()
    controller.state()  # the round's clock is drawn: its bots' calls are chosen
    calls = dict(controller.race["calls"])
    (at, seat), (later, _other) = sorted((call["ms"], s) for s, call in calls.items())
    early = controller.handle({"kind": "advance", "move": 0, "ms": at - 1})
    assert controller.game.move_number == 0 and early["notice"] is None and early["scene"]["heard"] == []
    state = controller.handle({"kind": "advance", "move": 0, "ms": at})
    assert [move.action for move in controller.game.history] == [calls[seat]]
    name = controller.names[seat]
    assert state["scene"]["heard"] == [{"seat": seat, "name": name, "ms": at,
                                        "text": f"{name} called at {at / 1000:.1f} s."}]
    assert state["auto"]["at_ms"] == later and state["auto"]["message"]["move"] == 1
    card = calls[seat].get("card")
    assert card is None or card not in json.dumps(state["scene"]["heard"])
    bad = controller.handle({"kind": "advance", "move": 1, "ms": "soon"})
    assert bad["notice"]["level"] == "error" and "'ms'" in bad["notice"]["text"]
    assert controller.game.move_number == 1


def test_the_persons_call_ends_the_round_with_the_bots_calls_as_chosen():
    """hocus-focus/time/ms: once the person has called, the bots' calls chosen when the round's
    clock appeared are played as they were (never chosen again), and the round is judged at
    once, by ms alone."""
    controller = table()
    controller.state()  # the round's clock is drawn: its bots' calls are chosen
    calls = dict(controller.race["calls"])
    claim = controller.game.legal_actions(0)[0]
    state = controller.handle({"kind": "act", "action": claim, "move": 0, "ms": 100})
    assert state["notice"] is None
    played = {move.seat: dict(move.action) for move in controller.game.history}
    assert {s: played[s] for s in calls} == calls and played[0]["ms"] == 100
    assert controller.game.view(0)["round"] == 2
    assert state["auto"]["message"]["ms"] == min(c["ms"] for c in controller.race["calls"].values())


def test_a_table_without_a_person_to_call_cues_nothing():
    """Bots alone (no clock on the screen) play at the table's pace, as before."""
    controller = TableController("hocus-focus", players=3, seat=None, bots="easy", seed=3, pace=0.5)
    state = controller.state()
    assert "at_ms" not in (state["auto"] or {}) and controller.race is None


# --------------------------------------------------------------------------- the page (fake DOM)


def test_the_round_starts_after_how_to_play_and_a_countdown(pages):  # noqa: F811
    """hocus-focus/time/ms: with How to play open nothing is timed and a click sends nothing;
    after it closes, 3-2-1 with the board hidden; then the clock runs from the countdown's end
    and a call carries the ms measured from there."""
    controller = table()
    page = pages(controller)
    assert page.query(".wt-table[data-counting='1']")
    page.op("wait", ms=5000)
    assert page.op("click", selector=CARD)["sent"] == [], "no call before the round starts"
    assert page.query(".wt-clock-time")[0]["text"] == "The round starts when How to play is closed."
    page.op("key", selector=".wt-table", key="Escape")
    assert page.query(".wt-clock-time")[0]["text"] == "Get ready: 3"
    page.op("wait", ms=1100)
    assert page.query(".wt-clock-time")[0]["text"] == "Get ready: 2"
    page.op("wait", ms=1900)
    assert not page.query(".wt-table[data-counting='1']")
    page.op("wait", ms=700)
    [message] = page.op("click", selector=CARD)["sent"]
    assert message["ms"] == 700


def test_the_page_sends_the_cue_when_its_clock_reaches_it(pages):  # noqa: F811
    """hocus-focus/time/ms: the page answers the cue at its time on the round's clock (not
    before, and not while the countdown runs), and the bot's call then shows."""
    controller = table()
    at = controller.state()["auto"]["at_ms"]
    page = pages(controller)
    page.op("key", selector=".wt-table", key="Escape")
    assert page.op("wait", ms=hocus_focus.COUNTDOWN * 1000 + at - 1)["sent"] == []
    answer = page.op("wait", ms=1)
    assert answer["sent"] == [{"kind": "advance", "move": 0, "ms": at}]
    page.deliver(answer)
    [heard] = page.query(".wt-heard li")
    assert heard["text"].endswith(f"called at {at / 1000:.1f} s.")


# --------------------------------------------------------------------------- the look (a real browser)

sys.path.insert(0, str(Path(__file__).resolve().parent))

SIZES = """() => [...document.querySelectorAll('[data-grid=board] .wt-grid-cell')].map((cell) => {
  const name = cell.querySelector('.wt-card-name');
  const art = cell.querySelector('.wt-card-art');
  const probe = document.createElement('span');
  probe.style.cssText = 'white-space:nowrap;position:absolute;visibility:hidden';
  name.append(probe);
  const words = name.firstChild.textContent.split(' ').map((word) => {
    probe.textContent = word; return probe.getBoundingClientRect().width; });
  probe.remove();
  const style = getComputedStyle(name);
  const room = name.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return { width: cell.getBoundingClientRect().width, art: art.getBoundingClientRect().height,
           widest: Math.max(...words), room,
           lines: Math.round(name.clientHeight / parseFloat(style.lineHeight)),
           text: name.textContent };
})"""


@pytest.mark.browser
@pytest.mark.parametrize("width, card, art", [(1280, 110, 80), (380, 68, 56)])
def test_the_wizards_are_large_and_their_names_whole(width, card, art):
    """The face-up wizards at 1280 and 380 px: each card and picture at least this large, and
    every name whole (no word broken: "medium", not "mediu-m"; two lines at most)."""
    pytest.importorskip("playwright")
    from widget_harness import CHROMIUM, browser, open_table, serve_repo

    if CHROMIUM is None:
        pytest.skip("Debian chromium is not installed")
    controller = table()
    with serve_repo() as base, browser(width=width, height=900) as (context, outside):
        page = open_table(context, base, controller)
        page.click("[data-role=howto-close]")  # How to play opens first: the round starts when it closes
        page.wait_for_selector(".wt-table:not([data-counting='1'])", timeout=10_000)
        cells = page.evaluate(SIZES)
        assert outside == []
    assert len(cells) == 12
    for cell in cells:
        assert cell["width"] >= card and cell["art"] >= art, cell
        assert cell["widest"] <= cell["room"] + 0.5 and cell["lines"] <= 2, cell


def test_an_undo_refused_by_your_own_judging_call_says_so():
    """core/undo: when the person's own call ends the round (every bot heard already), the
    refusal says their own move revealed, in the table's language (not "the claim by you")."""
    controller = table(language="es")
    controller.state()
    controller.handle({"kind": "advance", "move": 0, "ms": 3_600_000})
    claim = controller.game.legal_actions(0)[0]
    state = controller.handle({"kind": "act", "action": claim, "move": 2, "ms": 3_600_000})
    assert controller.game.view(0)["round"] == 2
    [undo] = [c for c in state["scene"]["controls"] if c.get("role") == "undo"]
    assert "tu propia última jugada" in json.dumps(undo, ensure_ascii=False), undo
