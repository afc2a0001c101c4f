"""Every view fits its game's declared view type (issue 28, item 2).

Each registered game names a TypedDict as its spec's ``view_type``; seeded random games at
the smallest and largest table check every seat's view and the spectator's (``None``)
after every action (past ``random_play.DENSE`` moves at its doublings, as the contract
tests do, and at the end) against it with ``engine.views.problems``. The checker itself is
tested on views made wrong on purpose, so these tests can fail.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from typing import Literal, NotRequired, TypedDict

import pytest
from game_files import ROOT, doc_of
from random_play import checked

from witchtable.engine import GAMES, new_game, views
from witchtable.engine import games as game_packages
from witchtable.engine.sim import pick_seat

SEEDS = (1, 2)


def _tables() -> list[tuple[str, int]]:
    return [(gid, n) for gid, spec in GAMES.items() if spec.view_type is not None
            for n in sorted({spec.min_players, spec.max_players})]


def test_every_shipped_game_declares_its_view():
    """Each game package under engine/games/ names its view type on its spec."""
    shipped = [importlib.import_module(name).SPEC for name in game_packages.discover()
               if name.startswith(game_packages.__name__ + ".")]
    assert shipped
    for spec in shipped:
        assert spec.view_type is not None, f"{spec.id}: declare view_type= on its GameSpec"
        assert issubclass(spec.view_type, dict) and "log" in views.fields(spec.view_type), spec.id


def _check_views(game_id: str, players: int, seed: int, **options) -> None:
    """Play a seeded random game, checking every seat's and the spectator's view against the
    declared type after every action (new log entries only: earlier ones were checked)."""
    schema = GAMES[game_id].view_type
    game, rng = new_game(game_id, players, seed, **options), random.Random(seed)
    seen = dict.fromkeys([None, *range(players)], 0)
    while True:
        if checked(game.move_number) or game.is_over:
            for seat in seen:
                view = game.view(seat)
                view["log"], seen[seat] = view["log"][seen[seat]:], len(view["log"])
                found = views.problems(schema, view)
                assert not found, (f"{game_id} {options} seed {seed} move {game.move_number} seat "
                                   f"{seat}: " + "; ".join(found[:5]))
        if game.is_over:
            return
        seat = pick_seat(game, rng)
        game.apply(seat, rng.choice(game.legal_actions(seat)))


@pytest.mark.parametrize(("game_id", "players"), _tables())
def test_every_view_of_random_games_fits_the_declared_type(game_id, players):
    """Every seat's and the spectator's view, after every action, has exactly the declared
    keys with the declared types."""
    for seed in SEEDS:
        _check_views(game_id, players, seed)


def _variants() -> list[tuple[str, dict]]:
    """Each game's options set away from their defaults one at a time: a flag flipped, each
    other choice of an option that lists them (views differ by option: a hand kept visible,
    turns instead of a race)."""
    out = []
    for gid, spec in GAMES.items():
        for option in spec.option_list if spec.view_type else ():
            if type(option.default) is bool:
                out.append((gid, {option.name: not option.default}))
            out += [(gid, {option.name: c}) for c in option.choices or () if c != option.default]
    return out


@pytest.mark.parametrize(("game_id", "options"), _variants(), ids=str)
def test_views_fit_the_declared_type_under_every_option(game_id, options):
    """The same check with an option changed, at the smallest table."""
    _check_views(game_id, GAMES[game_id].min_players, SEEDS[0], **options)


@pytest.mark.parametrize("game_id", [gid for gid, spec in GAMES.items() if spec.view_type])
def test_every_key_has_a_meaning(game_id):
    """The reference table needs a meaning for every key (the string under it)."""
    missing = [path for path, _type, meaning in views.rows(GAMES[game_id].view_type) if not meaning]
    assert not missing, f"{game_id}: keys without a meaning: {missing}"


@pytest.mark.parametrize("game_id", [gid for gid, spec in GAMES.items() if spec.view_type])
def test_the_reference_view_table_is_generated_from_the_type(game_id):
    """docs/games/<id>.md holds the view table tools/rules_table.py makes from the view type,
    current: one row per key path, its type and meaning."""
    spec = importlib.util.spec_from_file_location("rules_table", ROOT / "tools" / "rules_table.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    doc = doc_of(game_id).read_text()
    block = tool.view_block(game_id)
    assert f"<!-- BEGIN rules_table.py view -->\n{block}\n<!-- END rules_table.py view -->" in doc, (
        f"{doc_of(game_id)} has no current view table: run tools/rules_table.py {game_id} --write "
        f"{doc_of(game_id)}")
    for path, _type, _meaning in views.rows(GAMES[game_id].view_type):
        assert f"| `{path}` |" in block, path


# -- the checker itself --------------------------------------------------------------------


class _Inner(TypedDict):
    card: str
    """a card"""


class _Sample(TypedDict):
    phase: Literal["turn", "over"]
    """the phase"""
    count: int
    """a count"""
    who: int | None
    """a seat or nobody"""
    inner: list[_Inner]
    """records"""
    maybe: NotRequired[bool]
    """sometimes there"""


GOOD = {"phase": "turn", "count": 2, "who": None, "inner": [{"card": "bell"}]}


def test_checker_accepts_a_fitting_value():
    """A value with every required key, right types, an optional key or not: no problem."""
    assert views.problems(_Sample, dict(GOOD)) == []
    assert views.problems(_Sample, dict(GOOD, maybe=True, who=1)) == []


def test_checker_names_a_misspelled_key():
    """A misspelled key is both unknown and, under its right name, missing."""
    wrong = dict(GOOD)
    wrong["cuont"] = wrong.pop("count")
    found = views.problems(_Sample, wrong)
    assert any("unknown key 'cuont'" in p for p in found), found
    assert any("missing key 'count'" in p for p in found), found


def test_checker_names_a_wrong_type_at_its_path():
    """Wrong types are named at their path, nested ones included; a bool is no int."""
    found = views.problems(_Sample, dict(GOOD, inner=[{"card": 3}], count=True, phase="dusk"))
    assert any(p.startswith("view.inner[0].card: expected str") for p in found), found
    assert any(p.startswith("view.count: expected int, got bool") for p in found), found
    assert any(p.startswith("view.phase: expected \"turn\" or \"over\"") for p in found), found


def test_checker_names_a_missing_key_but_not_an_optional_one():
    """A missing required key is the one problem; a missing NotRequired one is none."""
    wrong = dict(GOOD)
    del wrong["who"]
    assert views.problems(_Sample, wrong) == ["view: missing key 'who' (_Sample declares it)"]


def test_checker_catches_a_misspelled_key_in_a_real_view():
    """A real game's view with one key misspelled no longer fits its declared type."""
    game_id = next(iter(gid for gid, spec in GAMES.items() if spec.view_type))
    view = new_game(game_id, GAMES[game_id].min_players, 1).view(0)
    assert views.problems(GAMES[game_id].view_type, view) == []
    view["tu_act"] = view.pop("to_act")
    assert len(views.problems(GAMES[game_id].view_type, view)) == 2
