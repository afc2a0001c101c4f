"""The shared widget layer's elements for the next games: per-game card pictures, table
grids, transient reveals, a running clock with timestamped input, cooperative outcomes,
scores kept out unless public, and the one translation catalogue.

No engine game uses reveals, clocks or grids yet, so these tests wrap a real game's
presenter (Witching Hour) with one that adds the element, the way a game's presenter
will, and check the controller's side of the contract: the scene is built, the action
round trip works, a reveal is gone after it ends, the clock's ms reach the action.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
import types
from pathlib import Path

import pytest
from widget_helpers import act

from witchtable.engine import GAMES, new_game
from witchtable.engine.bots import make_bot
from witchtable.engine.sim import play_out
from witchtable.widgets import LabController, TableController, i18n
from witchtable.widgets.presenters import generic, presenter_for
from witchtable.widgets.presenters import hocus_pocus as hp
from witchtable.widgets.presenters import witching_hour as wh
from witchtable.widgets.scene import (
    card,
    clock,
    grid,
    grid_select,
    pictures_of,
    positions_key,
    reveal,
    team_result,
    walk_actions,
)

ROOT = Path(__file__).resolve().parents[2]
TABLE_JS = (ROOT / "widgets" / "static" / "table.js").read_text()


def js_icons() -> set[str]:
    """The names of the icons table.js itself holds (its ``ICONS`` table)."""
    start = TABLE_JS.index("const ICONS = {")
    block = TABLE_JS[start:TABLE_JS.index("\n};", start)]
    return set(re.findall(r'^\s+"?([a-z-]+)"?: \'<', block, re.M))


def icons_used(node, out: set) -> set:
    """Every icon a scene draws: explicit ``icon`` fields, and a face's kind when it has none."""
    if isinstance(node, dict):
        if isinstance(node.get("icon"), str):
            out.add(node["icon"])
        for value in node.values():
            icons_used(value, out)
    elif isinstance(node, list):
        for item in node:
            icons_used(item, out)
    return out


def wrapped(base, extra):
    """A presenter that is ``base`` plus ``extra(game, seat, scene)`` drawing one more element."""

    def present(game, seat, *, names, bots=None, you=None):
        scene = base.present(game, seat, names=names, bots=bots, you=you)
        extra(game, seat, scene)
        return scene

    return types.SimpleNamespace(present=present, present_god_view=base.present_god_view,
                                 action_label=base.action_label, compose=base.compose,
                                 SHARED_SCREEN=base.SHARED_SCREEN, timed_reveals=base.timed_reveals,
                                 reaction=base.reaction,
                                 __file__=base.__file__)  # its pictures are the base's


# --------------------------------------------------------------------------- pictures

@pytest.mark.parametrize("game_id, players", [("witching-hour", 4), ("hocus-pocus", 4)])
def test_card_pictures_are_per_game_data_and_every_drawn_icon_has_one(game_id, players):
    """The state carries the game's pictures (beside its presenter); every icon a whole
    game's scenes draw is either one of them or one of the table's own, so nothing falls
    back to the spark (today's look is kept)."""
    controller = TableController(game_id, players=players, seed=5, mode="explore")
    controller.handle({"kind": "autoplay"})
    pictures = controller.state()["pictures"]
    assert pictures == {"set": game_id, "icons": pictures_of(presenter_for(game_id))}
    assert controller.state()["scene"]["pictures"] == game_id
    known = set(pictures["icons"]) | js_icons()
    used: set = set()
    for move in range(0, controller.game.move_number + 1, 7):
        controller.handle({"kind": "goto", "move": move})
        icons_used(controller.state()["scene"], used)
    assert used and used <= known, f"icons drawn with no picture: {sorted(used - known)}"


def test_table_js_holds_no_game_pictures():
    """The only icon shared by the table and a game is the hourglass (the explorer's timeline)."""
    base = js_icons()
    for presenter in (wh, hp):
        assert set(pictures_of(presenter)) & base == {"hourglass"}
    assert pictures_of(generic) == {}


# --------------------------------------------------------------------------- grids

def test_a_grid_of_table_cards_sends_the_action_each_card_carries():
    """Each legal action becomes a clickable card in a table grid; clicking one plays it."""
    def extra(game, seat, scene):
        legal = game.legal_actions(seat) if seat is not None and seat in game.to_act else []
        cells = [card(f"slot-{i}", f"Slot {i}", action=a) for i, a in enumerate(legal[:12])]
        scene["table"].append({"key": "grid", "label": "Spells on the table", "grid": grid(cells, columns=4)})

    controller = TableController("witching-hour", players=3, seed=7)
    controller.presenter = wrapped(wh, extra)
    state = controller.state()
    zone = next(z for z in state["scene"]["table"] if z["key"] == "grid")
    assert zone["grid"]["columns"] == 4 and len(zone["grid"]["cards"]) == 12
    legal = controller.game.legal_actions(0)
    offered = list(walk_actions(zone))
    assert offered == legal[:12], "walk_actions sees the grid's actions (the privacy and legality checks do)"
    act(controller, offered[5])
    assert controller.game.history[0].action == offered[5]


def test_a_grid_picker_maps_picked_positions_to_an_action_or_asks_compose():
    """A grid's select: a listed set of positions is an action; any other set goes to the
    presenter's compose as positions (and the engine judges what it makes)."""
    seen = []

    def compose(picker, picked, target, game, seat):
        seen.append((picker, picked))
        return game.legal_actions(seat)[0]

    def extra(game, seat, scene):
        if game.move_number:
            return
        legal = game.legal_actions(0)
        select = grid_select("claim", "Claim", {(2, 0): legal[1]}, help="Pick two cards")
        cells = [card(f"c{i}", f"C{i}", pick=True) for i in range(4)]
        scene["table"].append({"key": "claim", "label": "Cards", "grid": grid(cells, select=select)})

    controller = TableController("witching-hour", players=3, seed=7)
    presenter = wrapped(wh, extra)
    presenter.compose = compose
    controller.presenter = presenter
    zone = next(z for z in controller.state()["scene"]["table"] if z["key"] == "claim")
    assert positions_key([2, 0]) == "0,2" and set(zone["grid"]["select"]["choices"]) == {"0,2"}
    assert list(walk_actions(zone)) == [controller.game.legal_actions(0)[1]]
    controller.handle({"kind": "build", "picker": "claim", "picked": [1, 3], "target": None, "move": 0})
    assert seen == [("claim", [1, 3])] and controller.game.move_number >= 1


# --------------------------------------------------------------------------- reveals

def glimpse_game(controller: TableController, at: int, seat: int = 0):
    """Give the game's view a field that exists only at move ``at`` (until the next action),
    as a memory game's engine will, and a presenter that shows it as a reveal."""
    game = controller.game
    view = game.view

    def view_with_glimpse(s, names=None):
        data = view(s, names=names)
        if s == seat and game.move_number == at:
            data["glimpse"] = ["bell", "skull", "book"]
        return data

    game.view = view_with_glimpse

    def extra(g, s, scene):
        seen = g.view(s).get("glimpse") if s is not None else None
        scene["reveal"] = reveal(f"search-{at}", "Storage 2 holds", duration_ms=1500,
                                 cards=[card(k, k.title()) for k in seen], seats=["You"]) if seen else None

    controller.presenter = wrapped(wh, extra)


def test_a_reveal_is_shown_then_gone_from_every_later_state_once_it_ends():
    controller = TableController("witching-hour", players=3, seed=7, pace=0.5)
    glimpse_game(controller, at=0)
    state = controller.state()
    shown = state["scene"]["reveal"]
    assert shown["key"] == "search-0" and shown["duration_ms"] == 1500
    assert [c["kind"] for c in shown["cards"]] == ["bell", "skull", "book"]
    # a close made on another board is ignored; the right one removes it
    controller.handle({"kind": "close", "reveal": "search-0", "move": 3})
    assert controller.state()["scene"]["reveal"] is not None
    state = controller.handle({"kind": "close", "reveal": "search-0", "move": 0})
    assert state["scene"]["reveal"] is None and "Storage 2" not in json.dumps(state)
    assert state["notice"] is None, "closing is quiet"
    # still gone on later states (a redraw, a refused click) and after taking back to that move
    assert controller.handle({"kind": "undo"})["scene"]["reveal"] is None
    act(controller, controller.game.legal_actions(0)[0])
    assert "Storage 2" not in json.dumps(controller.state())


def test_a_reveal_the_engine_drops_at_the_next_action_leaves_nothing():
    """Unclosed, it lasts only while the view has it; the controller keeps no copy."""
    controller = TableController("witching-hour", players=3, seed=7, pace=0.5)
    glimpse_game(controller, at=0)
    assert controller.state()["scene"]["reveal"]
    state = act(controller, controller.game.legal_actions(0)[0])
    assert state["scene"]["reveal"] is None and "Storage 2" not in json.dumps(state)
    assert "Storage 2" not in json.dumps(vars(controller), default=repr)


def test_a_close_message_must_name_the_reveal():
    controller = TableController("witching-hour", players=3, seed=7)
    state = controller.handle({"kind": "close", "reveal": 3, "move": 0})
    assert state["notice"]["level"] == "error" and "'reveal'" in state["notice"]["text"]


# --------------------------------------------------------------------------- clock

def timed_game(controller: TableController, field: str = "ms"):
    """A clock on the scene, and an engine stand-in that records the timed field it gets.

    Like a real-time engine (State.time_fields), the stand-in lists its actions with the
    timed field at 0 and reads the field from what it is given.
    """
    received = []
    game = controller.game
    apply, legal_actions = game.apply, game.legal_actions

    def apply_timed(seat, action):
        received.append(action.get(field))
        apply(seat, {k: v for k, v in action.items() if k != field})

    game.apply = apply_timed
    game.legal_actions = lambda seat: [{**a, field: 0} for a in legal_actions(seat)]
    controller.presenter = wrapped(wh, lambda g, s, scene: scene.update(
        clock=clock(f"card-{g.move_number}", "Since the card turned", field=field)))
    return received


def test_the_clock_ms_measured_by_the_page_reach_the_action_in_the_engines_field():
    controller = TableController("witching-hour", players=3, seed=7, pace=0.5)
    received = timed_game(controller, field="elapsed")
    scene = controller.state()["scene"]
    assert scene["clock"] == {"key": "card-0", "label": "Since the card turned", "field": "elapsed"}
    action = controller.game.legal_actions(0)[0]
    state = act(controller, action, ms=1234)
    assert state["notice"] is None and received == [1234]
    assert controller.game.history[0].action == {k: v for k, v in action.items() if k != "elapsed"}


def test_an_action_without_the_clocks_field_is_played_untimed_while_the_clock_runs():
    """A pass in a race declares no time field: the page's ms are checked but not added."""
    controller = TableController("witching-hour", players=3, seed=7, pace=0.5)
    received = timed_game(controller, field="elapsed")
    controller.state()
    action = {k: v for k, v in controller.game.legal_actions(0)[0].items() if k != "elapsed"}
    assert act(controller, action, ms=99)["notice"] is None
    assert received == [None]


def test_a_timed_action_is_judged_against_the_board_even_before_any_state_was_drawn():
    """A script's first message: the controller draws the board to learn of the clock."""
    controller = TableController("witching-hour", players=3, seed=7, pace=0.5)
    received = timed_game(controller)
    controller.clock = None
    assert act(controller, controller.game.legal_actions(0)[0], ms=7)["notice"] is None
    assert received == [7]


@pytest.mark.parametrize("ms", [None, -1, 1.5, True, "12", 3_600_001])
def test_a_timed_action_without_good_ms_is_refused_and_nothing_is_played(ms):
    controller = TableController("witching-hour", players=3, seed=7, pace=0.5)
    received = timed_game(controller)
    extra = {} if ms is None else {"ms": ms}
    state = act(controller, controller.game.legal_actions(0)[0], **extra)
    assert state["notice"]["level"] == "error" and "'ms'" in state["notice"]["text"]
    assert received == [] and controller.game.move_number == 0


def test_ms_without_a_clock_is_refused():
    controller = TableController("witching-hour", players=3, seed=7, pace=0.5)
    state = act(controller, controller.game.legal_actions(0)[0], ms=10)
    assert state["notice"]["level"] == "error" and controller.game.move_number == 0


# --------------------------------------------------------------------------- cooperative outcomes

def cooperative(game, *, won: bool | None = None, public_scores: bool = True):
    """Declare ``game`` cooperative (as its spec will), optionally forcing the outcome."""
    spec = dataclasses.replace(game.spec, options=game.spec.option_list, kind="cooperative",
                               public_scores=public_scores)
    game.spec = spec
    if won is not None:
        view = game.view

        def team_view(seat, names=None):
            data = view(seat, names=names)
            if data["is_over"]:
                data["winners"] = list(range(game.players)) if won else []
            return data

        game.view = team_view


@pytest.mark.parametrize("won", [True, False])
def test_a_cooperative_game_ends_in_a_team_win_or_loss(won):
    """All seats win or none: the headline, the game-over panel and every player say so."""
    controller = TableController("witching-hour", players=3, seed=4, mode="explore")
    controller.presenter = generic
    controller.handle({"kind": "autoplay"})
    cooperative(controller.game, won=won)
    scene = controller.presenter.present(controller.game, 0, names=controller.names)
    result = "won" if won else "lost"
    assert scene["headline"]["result"] == result and scene["gameover"]["result"] == result
    assert ("wins together" in scene["headline"]["text"]) is won
    assert all(p["winner"] is won and p["team"] for p in scene["players"])
    assert scene["gameover"]["winners"] == (controller.names if won else [])


def test_team_result_is_only_for_finished_cooperative_games():
    spec = types.SimpleNamespace(cooperative=True)
    assert team_result(spec, True, [0, 1, 2], 3) == "won"
    assert team_result(spec, True, [], 3) == "lost"
    assert team_result(spec, False, [], 3) is None
    assert team_result(GAMES["witching-hour"], True, [1], 3) is None, "competitive games unchanged"


def test_the_lab_shows_a_cooperative_game_as_the_tables_win_rate():
    lab = LabController("witching-hour", players=3, games=12, seed=3)
    lab.cooperative = True
    lab.run(12)
    scene = lab.scene()
    assert len(scene["bars"]["items"]) == 1 and "Team" in scene["bars"]["caption"]
    outcomes = next(t for t in scene["tables"] if t["caption"] == "Team outcomes")
    won, lost = (int(r["cells"][0]["text"]) for r in outcomes["rows"])
    expected = 0
    for i in range(12):
        game = new_game("witching-hour", 3, 3 + i)
        play_out(game, [make_bot("random", "witching-hour", (3 + i) * 31 + s) for s in range(3)],
                 random.Random(3 + i))
        expected += len(game.winners) == 3
    assert (won, lost) == (expected, 12 - expected)


# --------------------------------------------------------------------------- scores

def test_scores_stay_out_unless_the_game_declares_them_public():
    controller = TableController("witching-hour", players=3, seed=7, mode="explore")
    game = controller.game
    shown = generic.present(game, 0, names=controller.names)
    assert all(p["counters"] and p["counters"][0]["key"] == "score" for p in shown["players"])
    cooperative(game, public_scores=False)
    hidden = generic.present(game, 0, names=controller.names)
    assert all(p["counters"] == [] for p in hidden["players"])
    view = game.view
    game.view = lambda seat, names=None: {k: v for k, v in view(seat, names=names).items() if k != "scores"}
    game.spec = GAMES["witching-hour"]
    assert all(p["counters"] == [] for p in generic.present(game, 0, names=controller.names)["players"])


# --------------------------------------------------------------------------- translation

def test_the_catalogue_is_complete_and_its_mo_files_are_fresh():
    """Every marked message is in each .po and the compiled .mo match them (tools/i18n.py)."""
    pytest.importorskip("babel")
    import sys
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import i18n as tool
    finally:
        sys.path.pop(0)
    assert tool.languages() == list(i18n.LANGUAGES)
    assert tool.stale() == [], "run tools/i18n.py and commit the catalogues"


def test_every_word_table_js_writes_comes_from_the_strings():
    """table.js asks for words by id only: each id it uses is in the catalogue's table."""
    ids = set(re.findall(r'\bt\("([a-z_]+)"', TABLE_JS))
    plural = set(re.findall(r'\btn\("([a-z_]+)"', TABLE_JS))
    assert ids and plural
    missing = (ids | {f"{p}_{form}" for p in plural for form in ("one", "other")}) - set(i18n.UI_STRINGS)
    assert not missing, f"ids table.js uses with no string: {sorted(missing)}"
    state = TableController("witching-hour", players=3, seed=7).state()
    assert state["strings"] == i18n.ui_strings() and state["strings"]["clear"] == "Clear"
    assert LabController("witching-hour", players=3, games=1).state()["strings"] == state["strings"]


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match="no catalogue"):
        i18n.use("xx")


def test_the_wheel_ships_the_catalogues_and_the_pictures(tmp_path):
    """The play pages run the installed wheel in Pyodide: gettext and the pictures must find
    their files there, as in a notebook."""
    pytest.importorskip("hatchling")
    import subprocess
    import sys
    import zipfile

    subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(tmp_path)],
                   cwd=ROOT, check=True, capture_output=True, timeout=300)
    (wheel,) = tmp_path.glob("witchtable-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for language in i18n.LANGUAGES:
        assert f"witchtable/widgets/locale/{language}/LC_MESSAGES/witchtable.mo" in names
    for presenter in (wh, hp):
        assert f"witchtable/widgets/presenters/{Path(presenter.__file__).stem}.pictures.json" in names
