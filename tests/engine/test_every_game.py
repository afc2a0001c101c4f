"""What every registered game owes the project besides its rules: checked once, for all.

- The registry: every package under ``engine/games/`` is registered, in a fixed order;
  each spec is complete (options with help, a goal line, a summary, kind and timing).
- Rule coverage: every rule id of a game is named by a test in its own test files
  (``test_<package>_*.py`` anywhere under ``tests/``): in a test function's docstring
  (the full id), or by a ``@covers(...)`` decorator on it (full ids, or ids relative to
  the game: ``@covers("bell/no-block")``); and no test names a rule id that does not exist.
- Rules in our words: each rule of a game cites a section (a heading of its rulebook,
  when the rulebook text is on this machine) and sums it up in one line.
- Doc freshness: ``docs/games/<id>.md`` holds the generated rule table and rulings
  (``tools/rules_table.py``), current, and names every rule id; the README's list of
  the games is generated from the registry too.

A new game gets all of these by registering (see ``docs/design.md``).
"""

from __future__ import annotations

import ast
import importlib.util
import os
import pkgutil
import re
from pathlib import Path

import pytest
from game_files import ROOT, doc_of, own_test_files, package_of, short_name

from witchtable.engine import GAMES, games
from witchtable.engine.core import KINDS, TIMINGS, GameSpec, Option

RULEBOOKS = Path("/work/shared/rulebooks")
GAME_IDS = list(GAMES)


def own_rules(game_id: str) -> list:
    return [r for r in GAMES[game_id].rules if r.id.startswith(game_id + "/")]


def rules_tool():
    spec = importlib.util.spec_from_file_location("rules_table", ROOT / "tools" / "rules_table.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)  # in-process: Pyodide runs these tests too, without subprocesses
    return tool


# --------------------------------------------------------------------------- registry


def test_every_game_package_is_registered_in_package_order():
    """A game registers by being a package under engine/games/: no list names it."""
    packages = sorted(m.name for m in pkgutil.iter_modules(games.__path__) if m.ispkg)
    registered = [short_name(gid) for gid in GAMES if package_of(gid)[0].startswith(games.__name__ + ".")]
    assert registered == packages
    assert games.discover()[:len(packages)] == [f"{games.__name__}.{p}" for p in packages]


def test_the_catalogue_is_the_registry_and_nothing_else():
    """Discovery is the one list of games: the site's catalogue keeps no hand-kept list
    (such as games "coming") beside it (issue 28.5)."""
    catalogue = games.catalogue()
    assert catalogue == {"games": [spec.describe() for spec in GAMES.values()]}
    assert [g["id"] for g in catalogue["games"]] == GAME_IDS
    assert not hasattr(games, "COMING") and not hasattr(games, "coming")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_spec_declares_what_the_other_layers_need(game_id):
    spec = GAMES[game_id]
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", spec.id), "a game id is a safe folder and URL name"
    assert spec.name and spec.summary and spec.goal and "\n" not in spec.goal
    assert spec.kind in KINDS and spec.timing in TIMINGS
    assert spec.bot_kinds[0] == "random" and len(set(spec.bot_kinds)) == len(spec.bot_kinds)
    assert set(spec.options) == set(spec.option_help) == {o.name for o in spec.option_list}
    for option in spec.option_list:
        assert option.help, f"option {option.name} has no help text"
    assert spec.presenter is None or re.fullmatch(r"[a-z_][a-z0-9_.]*", spec.presenter)
    assert spec.describe()["id"] == game_id


def test_a_spec_refuses_a_declaration_the_platform_cannot_use():
    base = GAMES[GAME_IDS[0]]
    good = dict(id="x-game", name="X", min_players=2, max_players=3, state_class=base.state_class,
                rules=base.rules, options=[Option("n", 1, "a number")])
    assert GameSpec(**good).options == {"n": 1} and GameSpec(**good).default_bot == "random"
    twice = [Option("n", 1, "a"), Option("n", 2, "b")]
    for bad, error in [({"options": {"n": 1}}, TypeError), ({"options": twice}, ValueError),
                       ({"kind": "team"}, ValueError), ({"timing": "fast"}, ValueError),
                       ({"bots": {"random": object}}, ValueError), ({"min_players": 4}, ValueError)]:
        with pytest.raises(error):
            GameSpec(**dict(good, **bad))


# --------------------------------------------------------------------------- rule coverage


def named_rule_ids(game_id: str, path: Path) -> set[str]:
    """The rule ids the test functions of ``path`` name (docstrings, ``@covers`` marks)."""
    prefix = game_id + "/"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if not (isinstance(node, ast.FunctionDef) and node.name.startswith("test_")):
            continue
        doc = ast.get_docstring(node) or ""
        found |= set(re.findall(rf"{re.escape(prefix)}[a-z0-9-]+(?:/[a-z0-9-]+)*", doc))
        for mark in node.decorator_list:
            if (isinstance(mark, ast.Call) and isinstance(mark.func, ast.Name) and mark.func.id == "covers"):
                for arg in mark.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        found.add(arg.value if arg.value.startswith(prefix) else prefix + arg.value)
    return found


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_rule_id_has_a_test_that_names_it(game_id):
    """Each rule of the game is named by some test of its own (and no test names a rule
    that does not exist, a misspelt id, say)."""
    files = own_test_files(game_id)
    assert files, f"{game_id} has no test file named test_{short_name(game_id)}_*.py"
    ids = {r.id for r in own_rules(game_id)}
    named = set().union(*(named_rule_ids(game_id, path) for path in files))
    assert not ids - named, f"rule ids without a test: {sorted(ids - named)}"
    assert not named - ids, f"tests name unknown rule ids: {sorted(named - ids)}"


# --------------------------------------------------------------------------- rules and docs


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_rules_cite_a_section_and_sum_it_up_in_one_line(game_id):
    """Every rule has a rulebook section and a one-line summary in our own words; where
    the rulebook text is on this machine, the section's last part is one of its headings."""
    rules = own_rules(game_id)
    assert rules, f"{game_id} enforces no rule of its own"
    rulebook = RULEBOOKS / f"{game_id}.txt"
    text = rulebook.read_text() if rulebook.is_file() else None
    for rule in rules:
        assert rule.section and rule.summary[:1].isupper(), rule.id
        assert "\n" not in rule.summary and rule.summary.endswith(".") and len(rule.summary) < 200, rule.id
        if text is not None:
            assert rule.section.split(": ")[-1] in text, f"{rule.id}: {rule.section!r} is not in the rulebook"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_games_reference_doc_is_current(game_id):
    """docs/games/<id>.md holds the generated rule table (and rulings), up to date."""
    path = doc_of(game_id)
    assert path.is_file(), f"{game_id} has no reference page {path}"
    doc = path.read_text()
    assert "<!-- BEGIN rules_table.py rules -->" in doc, f"{path} has no generated rule table"
    assert rules_tool().refreshed(game_id, doc) == doc, (
        f"{path} is stale: run tools/rules_table.py {game_id} --write {path}")
    for rule in own_rules(game_id):
        assert f"`{rule.id}`" in doc, rule.id
    tool = rules_tool()
    for other in sorted(path.parent.glob(f"{game_id}.*.md")):  # the page in another language
        text, language = other.read_text(), tool.doc_language(other)
        assert language != "en" and "<!-- BEGIN rules_table.py rules -->" in text, other
        assert tool.refreshed(game_id, text, language) == text, (
            f"{other} is stale: run tools/rules_table.py {game_id} --write {other}")


@pytest.mark.skipif(bool(os.environ.get(games.EXTRA_GAMES_VARIABLE)),
                    reason="the README lists the shipped games, and extra ones are registered")
def test_the_readme_lists_every_registered_game():
    """The README's list of games is generated from the registry (tools/rules_table.py --games)."""
    readme = (ROOT / "README.md").read_text()
    assert rules_tool().refreshed_games(readme) == readme, (
        "the README's games list is stale: run tools/rules_table.py --games --write README.md")
    for game_id in GAMES:
        assert f"docs/games/{game_id}.md" in readme
