"""The table controller by concern (issue 28, item 4): play and explorer are separate tables
sharing one base, so neither asks which mode it is in; presenter hooks are declared on
``presenters.Presenter`` (defaults in ``presenters.hooks``) and read directly.

No game rule is enforced here; these are the widget layer's own contracts (docs/design.md,
"the controller"), and the rule ids the tables cite come from the engine (core/undo and
core/out-of-turn in tests/widgets/test_widget_controller.py).
"""

from __future__ import annotations

import ast
import sys
import types
from pathlib import Path

import pytest

from witchtable.engine import GAMES
from witchtable.widgets import TableController, presenters
from witchtable.widgets.presenters import generic, presenter_for

WIDGETS = Path(presenters.__file__).resolve().parent.parent
HOOKS = ("SHARED_SCREEN", "timed_reveals", "reaction")
GAME_IDS = sorted(GAMES)


def _sources(folder: Path) -> list[tuple[Path, ast.Module]]:
    return [(path, ast.parse(path.read_text(encoding="utf-8"))) for path in sorted(folder.rglob("*.py"))]


@pytest.mark.parametrize("game_id", [*GAME_IDS, None])
def test_every_presenter_declares_every_hook(game_id):
    """Each presenter module (and the generic one) defines each hook itself or imports its
    default from presenters.hooks: nothing is left for a reader to guess."""
    module = presenter_for(game_id) if game_id else generic
    missing = [name for name in HOOKS if name not in vars(module)]
    assert not missing, f"{module.__name__} lacks {missing}"
    assert isinstance(module.SHARED_SCREEN, bool) and isinstance(module.timed_reveals, bool)
    assert module.reaction is None or callable(module.reaction)


def test_the_hooks_are_declared_on_the_protocol():
    declared = presenters.Presenter.__annotations__
    assert set(HOOKS) <= set(declared)
    assert set(HOOKS) <= set(presenters.MEMBERS)


def test_a_presenter_lacking_a_hook_is_refused_saying_where_the_defaults_are(monkeypatch):
    """A game registered from outside with its own presenter module that misses a hook gets a
    clear refusal naming the hook and the defaults' module, not a silent default."""
    module = types.ModuleType("outside_game.presenter")
    for name in ("present", "present_god_view", "action_label", "compose"):
        setattr(module, name, getattr(generic, name))
    module.timed_reveals = True
    monkeypatch.setitem(sys.modules, "outside_game", types.ModuleType("outside_game"))
    monkeypatch.setitem(sys.modules, "outside_game.presenter", module)
    with pytest.raises(TypeError) as refused:
        presenters._load("outside_game.presenter")
    text = str(refused.value)
    assert "SHARED_SCREEN" in text and "reaction" in text and "timed_reveals" not in text.split(":")[0]
    assert "witchtable.widgets.presenters.hooks" in text


def test_no_hook_is_looked_up_with_a_fallback():
    """The widgets read presenter hooks directly (``presenter.timed_reveals``), never through
    ``getattr(presenter, "timed_reveals", False)``, which hid a misspelt hook."""
    found = []
    for path, tree in _sources(WIDGETS):
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"
                    and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)
                    and node.args[1].value in HOOKS):
                found.append(f"{path.name}:{node.lineno}")
    assert not found, found


def test_a_hook_the_presenter_sets_is_what_the_table_uses():
    """The table follows the hooks as declared: a presenter with timed reveals gets the reveal-time
    control; one without has none (Witching Hour leaves the default)."""
    table = TableController("witching-hour", players=3, seed=1)
    kinds = [c["role"] for c in table.state()["scene"]["controls"]]
    assert "reveal-time" not in kinds
    base = presenter_for("witching-hour")
    table.presenter = types.SimpleNamespace(**{name: getattr(base, name) for name in presenters.MEMBERS},
                                            __file__=base.__file__)
    table.presenter.timed_reveals = True
    assert "reveal-time" in [c["role"] for c in table.state()["scene"]["controls"]]


def test_play_and_explore_are_separate_tables_sharing_one_base():
    from witchtable.widgets.controller import ExploreTable, PlayTable

    play = TableController("witching-hour", players=3, seed=2, bots="random", seat=None, pace=0)
    explore = TableController("witching-hour", players=3, seed=2, mode="explore")
    assert type(play) is PlayTable and type(explore) is ExploreTable
    assert isinstance(play, TableController) and isinstance(explore, TableController)
    assert play.state()["mode"] == "play" and explore.state()["mode"] == "explore"
    # "Explore this game" turns the same object (the one its host holds) into the explorer.
    state = play.handle({"kind": "explore"})
    assert type(play) is ExploreTable and state["mode"] == "explore", state["notice"]
    assert play.handle({"kind": "goto", "move": 1})["scene"]["timeline"]["position"] == 1
    with pytest.raises(ValueError, match="mode is 'play' or 'explore', not 'watch'"):
        TableController("witching-hour", mode="watch")


def test_no_table_asks_which_mode_it_is_in():
    """``self.mode`` is only reported (the state's and the scene's ``mode``), never branched on."""
    branches = []
    sources = [*_sources(WIDGETS / "table"), (WIDGETS / "controller.py",
                                               ast.parse((WIDGETS / "controller.py").read_text()))]
    assert len(sources) > 5  # the controller and its parts
    for path, tree in sources:
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                parts = [node.left, *node.comparators]
                if any(isinstance(p, ast.Attribute) and p.attr == "mode" and isinstance(p.value, ast.Name)
                       and p.value.id == "self" for p in parts):
                    branches.append(f"{path.name}:{node.lineno}")
    branches = [b for b in branches if not b.startswith("base.py")]  # __init__ checks the mode asked for
    assert not branches, branches


def test_the_table_modules_stay_small():
    """No function over 60 lines and no class over 400 in the controller and its parts."""
    too_long = []
    for path, tree in [*_sources(WIDGETS / "table"), *[(WIDGETS / "controller.py",
                                                      ast.parse((WIDGETS / "controller.py").read_text()))]]:
        for node in ast.walk(tree):
            limit = 400 if isinstance(node, ast.ClassDef) else 60
            size = node.end_lineno - node.lineno + 1 if hasattr(node, "end_lineno") else 0
            if isinstance(node, (ast.ClassDef, ast.FunctionDef)) and size > limit:
                too_long.append(f"{path.name}:{node.name} ({node.end_lineno - node.lineno + 1} lines)")
    assert not too_long, too_long
