"""Hostile input, handled in the core once for every registered game (issue 8's fuzzing run).

Damaged saves raise SaveError and nothing else (deep nesting, huge numbers, odd version
types); options are capped in size; refusals quote input briefly; and a view shares nothing
changeable with the game, so a caller editing its view changes no later view of any seat.
"""

from __future__ import annotations

import json
import random
import sys

import pytest
from random_play import positions

from witchtable.engine import GAMES, SaveError, load_game, new_game
from witchtable.engine.core import OPTIONS_SIZE_LIMIT, FrozenAction, fresh_json, json_problem
from witchtable.engine.sim import pick_seat

GAME_IDS = sorted(GAMES)


def _save(game_id: str) -> dict:
    spec = GAMES[game_id]
    game = new_game(game_id, spec.min_players, seed=3)
    rng = random.Random(3)
    for _ in range(6):
        seat = pick_seat(game, rng)
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game.to_json()


def _refused(data) -> str:
    with pytest.raises(SaveError) as err:
        load_game(data)
    assert len(str(err.value)) < 500, "a refusal quotes its input briefly"
    return str(err.value)


DEEP = 1_000 if sys.platform == "emscripten" else 10_000
"""How deep the objects built here nest. Inside Pyodide, merely freeing a list nested 10,000
deep overflows the WebAssembly stack (no JSON text can build one there: text is measured
before it is parsed), so the Pyodide run uses 1,000."""


def _nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_deeply_nested_saves_are_save_errors(game_id):
    """A 2 kB save of 1,000 brackets, as text or as objects, is a SaveError (not RecursionError)."""
    assert "deeper" in _refused("[" * 1000 + "]" * 1000)
    assert "deeper" in _refused('{"a":' * 100_000 + "1" + "}" * 100_000)
    save = _save(game_id)
    for key in ("options", "actions", "seed", "game"):
        deep = dict(save, **{key: _nested(DEEP)})
        assert "deeper" in _refused(deep)
        assert "deeper" in _refused(json.dumps(dict(save, **{key: _nested(100)})))
    deep_action = dict(save, actions=[[0, {"type": "x", "card": _nested(DEEP)}]])
    assert "deeper" in _refused(deep_action)


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("key", ["seed", "players"])
def test_huge_numbers_in_saves_are_save_errors(game_id, key):
    save = _save(game_id)
    assert "5000 digits" in _refused(dict(save, **{key: 10 ** 5000}))
    assert "digits" in _refused(json.dumps(save).replace(f'"{key}": {save[key]}', f'"{key}": {"9" * 5000}'))


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("version", [1.0, True, "1", None, [1], 2])
def test_only_the_whole_number_1_is_save_version_1(game_id, version):
    assert "version" in _refused(dict(_save(game_id), version=version))
    assert load_game(dict(_save(game_id), version=1)).move_number == 6


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_refusals_quote_input_briefly(game_id):
    """A 5 MB field comes back as a few dozen characters."""
    save = _save(game_id)
    big = "x" * 5_000_000
    for damaged in (dict(save, format=big), dict(save, version=big), dict(save, game=big),
                    dict(save, actions=[[0, big]]), dict(save, players=big), dict(save, seed=big),
                    dict(save, options={big: 1}), dict(save, actions=[[0, {"type": big}]])):
        _refused(damaged)


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("bad", ["nan", "inf", "key", "object"])
def test_saves_of_non_json_values_are_save_errors(game_id, bad):
    save = _save(game_id)
    value = {"nan": float("nan"), "inf": float("-inf"), "key": {1: 2}, "object": object()}[bad]
    _refused(dict(save, options={"deck": value}))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_options_are_capped_in_size(game_id):
    """House data (options) over OPTIONS_SIZE_LIMIT characters of JSON is refused, saying the cap."""
    name = next(iter(GAMES[game_id].options))
    for value in ({f"k{i}": i for i in range(OPTIONS_SIZE_LIMIT // 4)}, ["x" * (OPTIONS_SIZE_LIMIT + 1)],
                  list(range(OPTIONS_SIZE_LIMIT)), _nested(100)):
        with pytest.raises(ValueError, match="options must be plain JSON") as err:
            new_game(game_id, GAMES[game_id].min_players, 1, **{name: value})
        assert len(str(err.value)) < 300
    _refused(dict(_save(game_id), options={name: ["x" * (OPTIONS_SIZE_LIMIT + 1)]}))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_new_game_refuses_seeds_no_save_could_hold(game_id):
    with pytest.raises(ValueError, match="seed must be a whole number") as err:
        new_game(game_id, GAMES[game_id].min_players, 10 ** 5000)
    assert len(str(err.value)) < 200


def _vandalise(value) -> None:
    """Change every list and object inside ``value`` that lets itself be changed."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
            try:
                item["__vandal__"] = 1
            except TypeError:  # a listed action (FrozenAction) is read-only by design
                pass
        elif isinstance(item, list):
            stack.extend(item)
            item.append("__vandal__")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_views_share_nothing_changeable_with_the_game(game_id):
    """Editing a returned view (every nested list and object) changes no later view of any seat."""
    spec = GAMES[game_id]
    for players in (spec.min_players, spec.max_players):
        for seed in range(4):
            seats = [None, *range(players)]
            for game in positions(game_id, players, seed, every=7):
                before = json.dumps([game.view(s) for s in seats] + [game.to_json()], sort_keys=True)
                for seat in seats:
                    _vandalise(game.view(seat))
                after = json.dumps([game.view(s) for s in seats] + [game.to_json()], sort_keys=True)
                assert after == before, f"{game_id}: a view shares lists at move {game.move_number}"


def test_fresh_json_copies_every_list_and_object():
    action = FrozenAction({"type": "take"})
    value = {"a": [1, {"b": [2]}], "t": (3, [4]), "action": action}
    copy = fresh_json(value)
    assert copy == value and copy["action"] is action  # listed actions are immutable: shared
    _vandalise(copy)
    assert value == {"a": [1, {"b": [2]}], "t": (3, [4]), "action": action}


def test_json_problem_walks_without_recursion():
    assert json_problem(_nested(DEEP * 100 if DEEP > 1_000 else DEEP)) == "it nests deeper than 32 levels"
    assert json_problem({"a": [1, 2.5, None, True, "x"]}) is None
    assert "too large" in json_problem(["x" * 100], size=50)
