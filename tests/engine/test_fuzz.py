"""Property-based fuzzing (hypothesis) of actions and saves, for every registered game.

- Generated illegal or garbage actions: ``apply`` raises IllegalAction (and the game's
  save and every view are exactly as before) or the action was legal (its normal form is
  one the engine listed); never another exception.
- Damaged saves (fields replaced, removed or added, text cut or spliced): ``load_game``
  raises SaveError or loads; never another exception.

Deterministic (``derandomize``, no example database) and budgeted (``max_examples``) so
the file runs in well under a minute; a new game gets these tests by registering.
"""

from __future__ import annotations

import json
import random
import sys

import pytest

if sys.platform == "emscripten":  # the Pyodide run ships no hypothesis; CPython runs the fuzzing
    pytest.importorskip("hypothesis", reason="fuzzing runs on CPython (the engine code is the same)")

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from witchtable.engine import GAMES, IllegalAction, SaveError, load_game, new_game
from witchtable.engine.sim import pick_seat

GAME_IDS = sorted(GAMES)
FUZZ = settings(max_examples=200, derandomize=True, database=None, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

ODD_VALUES = [None, True, False, 0, 1, -1, 2, 99, -27, 1.0, 0.5, 2 ** 63, 10 ** 40, "", "x", "0",
              [], {}, [0], {"type": "take"}, float("inf"), "🜁" * 3]
"""Values a hostile or buggy client is likely to send: wrong types, edges, the absurd."""

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-10 ** 20, max_value=10 ** 20)
    | st.floats(allow_nan=False) | st.text(max_size=12) | st.sampled_from(ODD_VALUES),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8)


def position(game_id: str, players: int, seed: int, steps: int):
    """A seeded game after up to ``steps`` random legal actions, stopped short of its end."""
    game = new_game(game_id, players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = pick_seat(game, rng)
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        if game.is_over:
            game.undo()
            break
    return game


def snapshot(game) -> str:
    return json.dumps([game.to_json(), [game.view(s) for s in [None, *range(game.players)]],
                       list(game.to_act)], sort_keys=True)


@st.composite
def games(draw, game_id: str):
    spec = GAMES[game_id]
    players = draw(st.integers(spec.min_players, spec.max_players))
    return position(game_id, players, draw(st.integers(0, 10_000)), draw(st.integers(0, 80)))


@st.composite
def hostile_actions(draw, game):
    """A listed action bent out of shape, another seat's, or garbage from scratch."""
    listed = [a for s in game.to_act for a in game.legal_actions(s)]
    fields = sorted({k for a in listed for k in a}) or ["type"]
    values = sorted({json.dumps(v) for a in listed for v in a.values()}) or ["null"]
    how = draw(st.sampled_from(["bend", "drop", "add", "swap", "garbage", "listed"]))
    if how == "garbage" or not listed:
        action = draw(st.dictionaries(st.sampled_from(fields) | st.text(max_size=6), json_values, max_size=5))
        if draw(st.booleans()):
            action["type"] = draw(st.sampled_from([a["type"] for a in listed] or ["take"]) | json_values)
        return action
    action = dict(draw(st.sampled_from(listed)))
    key = draw(st.sampled_from(sorted(action)))
    if how == "bend":
        action[key] = draw(json_values)
    elif how == "drop":
        del action[key]
    elif how == "add":
        action[draw(st.sampled_from(fields) | st.text(max_size=6))] = draw(json_values)
    elif how == "swap":
        action[key] = json.loads(draw(st.sampled_from(values)))
    return action


@st.composite
def seats(draw, game):
    """Mostly a seat that may act (so the action itself is tested), sometimes any or an odd one."""
    how = draw(st.integers(0, 5))
    if how == 0:
        return draw(st.sampled_from([-1, game.players, True, False, 0.0, 1.0, None, "0", 10 ** 30]))
    if how == 1:
        return draw(st.integers(0, game.players - 1))
    return draw(st.sampled_from(game.to_act))


@pytest.mark.parametrize("game_id", GAME_IDS)
@FUZZ
@given(data=st.data())
def test_hostile_actions_are_refused_whole_or_were_legal(game_id, data):
    game = data.draw(games(game_id), label="game")
    seat = data.draw(seats(game), label="seat")
    action = data.draw(hostile_actions(game), label="action")
    listed = [dict(a) for a in game.legal_actions(seat)] if type(seat) is int else []
    before = snapshot(game)
    try:
        game.apply(seat, action)
    except IllegalAction as err:
        event(f"refused: {err.rule}")
        assert err.rule in game.rules, err.rule
        assert err.message
        assert snapshot(game) == before, "a refused action changed the game"
    else:
        event("accepted")
        assert dict(game.history[-1].action) in listed, f"accepted {action!r}, which was not listed"


def damage(draw, save: dict):
    """A save with one or two things wrong: a field replaced, dropped, added, or a move bent."""
    save = json.loads(json.dumps(save))
    for _ in range(draw(st.integers(1, 2))):
        how = draw(st.sampled_from(["field", "drop", "add", "move", "moves", "seat"]))
        moves = save.get("actions") if isinstance(save.get("actions"), list) else None
        if how == "field":
            save[draw(st.sampled_from(sorted(save)))] = draw(json_values)
        elif how == "drop" and save:
            del save[draw(st.sampled_from(sorted(save)))]
        elif how == "add":
            save[draw(st.text(max_size=6))] = draw(json_values)
        elif how == "move" and moves:
            actions = moves
            entry = actions[draw(st.integers(0, len(actions) - 1))]
            if isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], dict) and entry[1]:
                entry[1][draw(st.sampled_from(sorted(entry[1])))] = draw(json_values)
            else:
                actions.append(draw(json_values))
        elif how == "moves" and moves is not None:
            actions = moves
            if actions:
                i, j = draw(st.integers(0, len(actions) - 1)), draw(st.integers(0, len(actions) - 1))
                actions[i], actions[j] = actions[j], actions[i]
            actions.insert(draw(st.integers(0, len(actions))), draw(json_values))
        elif how == "seat" and moves:
            entry = moves[0]
            if isinstance(entry, list) and entry:
                entry[0] = draw(st.sampled_from(ODD_VALUES))
    return save


@pytest.mark.parametrize("game_id", GAME_IDS)
@FUZZ
@given(data=st.data())
def test_damaged_saves_load_or_raise_save_error(game_id, data):
    save = data.draw(games(game_id), label="game").to_json()
    damaged = damage(data.draw, save)
    form = data.draw(st.sampled_from(["object", "text", "cut", "spliced"]), label="form")
    if form != "object":
        try:
            damaged = json.dumps(damaged)
        except ValueError:  # an infinite float: JSON text cannot hold it
            damaged = json.dumps(save)
        if form == "cut":
            damaged = damaged[:data.draw(st.integers(0, len(damaged)))]
        elif form == "spliced":
            at = data.draw(st.integers(0, len(damaged)))
            junk = data.draw(st.text(max_size=8) | st.sampled_from(["[" * 200, "9" * 5000]))
            damaged = damaged[:at] + junk + damaged[at:]
    try:
        game = load_game(damaged)
    except SaveError as err:
        event("refused")
        assert 0 < len(str(err)) < 600
    else:
        event("loaded")
        assert load_game(game.to_json()).to_json() == game.to_json()
