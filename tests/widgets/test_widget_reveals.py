"""A transient reveal's life cycle (issue 27, item 1): every new game shows its own reveals.

Reveal keys are made from move numbers (``look-1``: the look at the cards drawn by move 1),
which start over in a new game. A reveal closed in one game must not count as closed in
the next: the controller forgets its closed reveals whenever the history shown changes
(``TableController._new_history``: a new game, a load, another line of the explorer) and
numbers that history in the scene (``deal``), which ``table.js`` scopes its own closed key
by. And a reveal that appears while the page is scrolled to the choices below is brought
into view, or its time runs out unseen. The Python tests here run everywhere; the browser
tests drive ``table.js`` in Chromium through harness.html.
"""

from __future__ import annotations

import pytest

from witchtable.widgets import TableController

GAME = "potion-house"


def draw(table: TableController, count: int = 2) -> dict:
    """The person (seat 0, first to play) declares a draw: the state with their look."""
    action = next(a for a in table.game.legal_actions(0) if a["type"] == "declare" and a["count"] == count)
    return table.handle({"kind": "act", "action": action, "move": table.game.move_number})


def close(table: TableController, state: dict) -> dict:
    return table.handle({"kind": "close", "reveal": state["scene"]["reveal"]["key"],
                         "move": state["scene"]["move"]})


def test_a_new_game_is_a_new_deal_and_shows_its_first_look():
    """The first look of a new game has the key the last game's closed look had (move
    numbers start over); the scene says it is another deal, so no side takes it as closed."""
    table = TableController(GAME, players=2, seed=5, pace=0.9)
    first = draw(table)
    assert first["scene"]["reveal"]["key"] == "look-1"
    assert close(table, first)["scene"]["reveal"] is None
    table.handle({"kind": "new"})
    again = draw(table)
    assert again["scene"]["reveal"] and again["scene"]["reveal"]["key"] == "look-1"
    assert again["scene"]["deal"] == first["scene"]["deal"] + 1


def _explorer_at_a_search(seed: int = 5) -> tuple[TableController, int]:
    """An explorer on a whole bot game, at the first position whose scene shows a search."""
    table = TableController(GAME, players=2, seed=seed, mode="explore")
    table.handle({"kind": "autoplay"})
    for move in range(1, len(table.line) + 1):
        shown = table.handle({"kind": "goto", "move": move})["scene"]["reveal"]
        if shown and shown["key"].startswith("search-"):
            return table, move
    raise AssertionError("this seeded game has no search")


def test_a_reveal_closed_in_the_explorer_shows_again_in_a_loaded_save():
    """A load is another history: its reveal at the same move is not the one closed before."""
    table, move = _explorer_at_a_search()
    save = table.state()["scene"]["save"]
    close(table, table.state())
    assert table.state()["scene"]["reveal"] is None, "closed: gone from the state"
    table.handle({"kind": "load", "save": save})
    assert table.game.move_number == move
    assert table.state()["scene"]["reveal"]["key"] == f"search-{move}"


def test_a_reveal_closed_on_one_line_shows_on_a_variation_at_the_same_move():
    """Another line of the explorer is another history: a different search at the same move
    shows, though the line left had a closed reveal with the same key."""
    table, move = _explorer_at_a_search()
    close(table, table.state())
    taken = table.line[move - 1]
    table.handle({"kind": "goto", "move": move - 1})
    other = next(a for a in table.game.legal_actions(taken[0])
                 if a["type"] == "search" and dict(a) != taken[1])
    state = table.handle({"kind": "act", "action": other, "move": move - 1, "seat": taken[0]})
    assert table.active == 1 and table.game.move_number == move
    assert state["scene"]["reveal"]["key"] == f"search-{move}"


def test_stepping_back_and_forth_on_one_line_keeps_a_reveal_closed():
    """The same line is the same history: what the person closed stays closed."""
    table, move = _explorer_at_a_search()
    close(table, table.state())
    table.handle({"kind": "goto", "move": move - 1})
    assert table.handle({"kind": "goto", "move": move})["scene"]["reveal"] is None


# ---------------------------------------------------------------------------- in Chromium

class Table:
    """What harness.html talks to: the controller of the table on show, which "Start this
    game" replaces (as the play page's host.start does)."""

    def __init__(self, controller: TableController):
        self.controller = controller

    def handle(self, message):
        return self.controller.handle(message)

    def state(self):
        return self.controller.state()


RESTART = """async (state) => {
  // The play page's "Start this game" (lite/site/play.js renderTable): the old view is
  // cleaned up and a new one drawn from the new table's state, in the same page.
  window.wtCleanup();
  const app = document.getElementById("app");
  app.replaceChildren();
  const model = new window.wtModel.constructor(state);
  window.wtModel = model;
  const widget = (await import("/widgets/static/table.js")).default;
  window.wtCleanup = widget.render({ model, el: app });
}"""

IN_VIEW = """() => {
  const box = document.querySelector(".wt-reveal").getBoundingClientRect();
  return box.top >= -1 && box.bottom <= window.innerHeight + 1;  // (sub-pixel layout)
}"""



def _page(context, base, table: Table):
    from widget_harness import open_table

    errors: list = []
    page = open_table(context, base, table, errors)
    page.errors = errors
    return page


def _draw_in_page(page) -> None:
    from widget_harness import settle

    page.click(".wt-prompt button:has-text('Draw 2')")
    settle(page)


def _shown_and_in_view(page) -> None:
    reveal = page.locator(".wt-reveal")
    assert reveal.count() == 1, "the look at the cards drawn is on the screen"
    assert reveal.locator(".wt-card").count() == 2
    page.wait_for_function(IN_VIEW, timeout=3000)


@pytest.mark.browser
@pytest.mark.parametrize("how", ["new", "start"])
def test_each_new_game_shows_its_first_look(base, how):
    """Issue 27.1: New game (the table's control: the same page and view; table.js used to
    keep the last game's closed ``look-1`` and so hid the new game's) and "Start this game"
    (a new table and view in the same page): the first draw's look is shown each time."""
    from widget_harness import browser, settle

    table = Table(TableController(GAME, players=2, seed=5, pace=0.9))
    with browser(width=1280, height=900) as (context, _outside):
        page = _page(context, base, table)
        page.click("[data-role=howto-close]")
        for game in range(3):
            _draw_in_page(page)
            _shown_and_in_view(page)
            page.click("[data-role=close-reveal]")
            settle(page)
            assert page.locator(".wt-reveal").count() == 0
            if how == "new":
                page.click(".wt-controls [data-role=new]")
            else:
                table.controller = TableController(GAME, players=2, seed=6 + game, pace=0.9)
                page.evaluate(RESTART, table.state())
                page.wait_for_selector(".wt-table")
                page.click("[data-role=howto-close]")
            settle(page)
        assert page.errors == []


@pytest.mark.browser
@pytest.mark.parametrize("size", [(1366, 768), (900, 700)])
def test_the_first_look_after_closing_how_to_play_is_in_view(base, size):
    """The first game: How to play closed, the page scrolled down to the draw's buttons; the
    look appears above them. It is brought into view and stays for its time (it used to be
    drawn off screen at a laptop's height, and its five seconds ran out unseen)."""
    from widget_harness import browser

    table = Table(TableController(GAME, players=2, seed=5, pace=0.9))
    width, height = size
    with browser(width=width, height=height) as (context, _outside):
        page = _page(context, base, table)
        page.click("[data-role=howto-close]")
        _draw_in_page(page)
        _shown_and_in_view(page)
        page.wait_for_timeout(1500)
        assert page.locator(".wt-reveal .wt-card").count() == 2, "it stays for its time"
        assert page.errors == []
