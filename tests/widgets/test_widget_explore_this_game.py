"""Reaching the explorer from a finished game (issue 27, item 6).

A finished play table offers "Explore this game" on its game-over panel and in its
toolbar; it turns the same table (the same widget, the same play page) into the explorer
on that game, with the names it was played with, at its last move. Before the game is
over the explorer would show the other hands, so it is refused (a table of bots only has
nothing to hide). The explorer's log follows the timeline: it ends with the events of the
position shown.
"""

from __future__ import annotations

import random

import pytest

from witchtable.engine import new_game
from witchtable.widgets import TableController

EXPLORE = {"kind": "explore"}


def finished(game_id: str = "witching-hour", seed: int = 3, **kw) -> TableController:
    """A play table whose people played seeded random legal moves to the end (each reveal
    closed at once, each hand-off taken)."""
    table = TableController(game_id, players=3, seed=seed, pace=0, **kw)
    rng = random.Random(seed)
    while not table.game.is_over:
        scene = table.state()["scene"]
        if scene.get("reveal"):
            table.handle({"kind": "close", "reveal": scene["reveal"]["key"], "move": scene["move"]})
        elif table.handoff_to is not None:
            table.handle({"kind": "handoff"})
        else:
            action = rng.choice(table.game.legal_actions(table.viewer))
            table.handle({"kind": "act", "action": action, "move": table.game.move_number})
    return table


def test_a_finished_game_offers_explore_on_its_panel_and_in_the_toolbar():
    table = finished()
    scene = table.state()["scene"]
    assert scene["gameover"] and scene["explore"]["message"] == EXPLORE
    assert [c for c in scene["controls"] if c["role"] == "explore"] == [scene["explore"]]


def test_before_the_end_the_explorer_is_refused_and_not_offered():
    """It would show every hand (and the seed) while the person still plays."""
    table = TableController("witching-hour", players=3, seed=3, pace=0)
    scene = table.state()["scene"]
    assert scene["explore"] is None and "explore" not in [c["role"] for c in scene["controls"]]
    state = table.handle(EXPLORE)
    assert state["mode"] == "play" and state["notice"]["level"] == "error"
    assert "once the game is over" in state["notice"]["text"]
    assert state["scene"]["seat"] == 0 and "save" not in state["scene"]


def test_a_table_of_bots_only_may_explore_at_any_time():
    table = TableController("witching-hour", players=3, seat=None, seed=4, pace=0.9)
    assert not table.game.is_over and table.state()["scene"]["explore"]
    assert table.handle(EXPLORE)["mode"] == "explore"


def test_explore_this_game_keeps_the_names_and_every_move():
    """Not "Player 1/2/3": the bots keep their witches' names, the person is still "You"
    (with their seat, spoken of in the third person); the timeline holds every move, the
    position is the end, every hand is shown."""
    table = finished()
    played = [[m.seat, dict(m.action)] for m in table.game.history]
    state = table.handle(EXPLORE)
    scene = state["scene"]
    assert state["mode"] == "explore" and scene["mode"] == "explore" and scene["god"]
    assert [p["name"] for p in scene["players"]] == ["You (player 1)", "Morgana", "Hazel"]
    timeline = scene["timeline"]
    assert table.line == played and timeline["position"] == timeline["length"] == len(played)
    assert scene["gameover"] and scene["save"], "the finished game, with its save"
    assert table.handle({"kind": "new"})["scene"]["players"][1]["name"] == "Morgana", "names stay"


def test_pass_and_play_names_stay_too():
    table = finished(bots=None, names=["Ann", "Bo", "Cy"])
    scene = table.handle(EXPLORE)["scene"]
    assert [p["name"] for p in scene["players"]] == ["Ann", "Bo", "Cy"]


@pytest.mark.parametrize("game_id", ["witching-hour", "potion-house"])
def test_the_log_follows_the_position_shown(game_id):
    """At each position the log's last entry is the last event of the game at that move."""
    table = finished(game_id)
    table.handle(EXPLORE)
    length = len(table.line)
    for move in sorted({0, 1, length // 3, length // 2, length - 1, length}):
        scene = table.handle({"kind": "goto", "move": move})["scene"]
        replay = new_game(game_id, 3, table.game.seed, **table.game.options)
        for seat, action in table.line[:move]:
            replay.apply(seat, action)
        assert scene["log"][-1]["n"] == replay.view(None)["log"][-1]["n"], f"move {move}"
        assert scene["timeline"]["position"] == move


def test_the_explorer_refuses_the_play_message():
    table = finished()
    table.handle(EXPLORE)
    state = table.handle(EXPLORE)
    assert state["notice"]["level"] == "error" and "play table" in state["notice"]["text"]


# ---------------------------------------------------------------------------- in Chromium


@pytest.mark.browser
def test_explore_this_game_in_the_page_and_the_log_follows_the_timeline():
    """The game-over panel's button opens the explorer in the same widget with the names kept;
    stepping back on the timeline, the log shows its end (the position's events) even when
    the person had scrolled it up."""
    pytest.importorskip("playwright")
    from widget_harness import CHROMIUM, browser, open_table, serve_repo, settle

    if CHROMIUM is None:
        pytest.skip("Debian chromium is not installed")
    table = finished()
    errors: list = []
    with serve_repo() as base, browser(width=1366, height=768) as (context, _outside):
        page = open_table(context, base, table, errors)
        button = page.locator(".wt-gameover [data-role=explore]")
        assert button.count() == 1 and page.locator(".wt-controls [data-role=explore]").count() == 1
        button.click()
        settle(page)
        page.wait_for_selector(".wt-table[data-mode=explore]")
        names = page.locator(".wt-player .wt-player-name").all_inner_texts()
        assert "Morgana" in " ".join(names) and "Player 2" not in " ".join(names)
        log = page.locator(".wt-log")
        log.evaluate("(box) => { box.scrollTop = 0; }")
        for _step in range(3):
            page.click(".wt-controls [data-role=back]")
            settle(page)
        move = table.game.move_number
        last = int(page.locator(".wt-log li").last.get_attribute("data-n"))
        assert last == table.game.view(None)["log"][-1]["n"] and move == len(table.line) - 3
        at_end = log.evaluate("(box) => box.scrollTop + box.clientHeight >= box.scrollHeight - 2")
        assert at_end, "the log shows the position's own events"
        assert errors == []


def test_the_button_speaks_the_tables_language():
    """A Spanish Hocus Focus table (bots only: explorable at once) words the button in Spanish."""
    table = TableController("hocus-focus", players=3, seat=None, seed=2, pace=0.9, language="es")
    assert table.state()["scene"]["explore"]["label"] == "Explorar esta partida"
