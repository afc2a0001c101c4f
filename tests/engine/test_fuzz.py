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
        # A real-time game lists its calls at 0 ms; the caller sets the moment it acts.
        timeless = {**game.history[-1].action, **dict.fromkeys(game.spec.state_class.time_fields, 0)}
        played = {k: v for k, v in timeless.items() if k in game.history[-1].action}
        assert played in listed, f"accepted {action!r}, which was not listed"


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


# --------------------------------------------------------------------------- the audit (issue 26)

FORMAT_TEXT = ["{caster.x}", "{actor:>4000000000}", "{p0:>99999999}", "{0}", "{", "}", "{{", "{actor!r}",
               "{name.__class__}", "{msg}"]
"""Text a format string would read as code (attributes, gigabyte widths, indices)."""


def _names(value) -> list[str]:
    """Every short key and text a view holds: the names the game's own options use."""
    found, stack = set(), [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found.update(k for k in item if isinstance(k, str) and len(k) <= 40)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and len(item) <= 40:
            found.add(item)
    return sorted(found)


@pytest.mark.parametrize("game_id", GAME_IDS)
@FUZZ
@given(data=st.data())
def test_nested_edits_of_listed_actions_are_judged_as_given_and_put_back(game_id, data):
    """A listed action edited behind its back, at any depth (``dict.__setitem__``,
    ``list.clear`` and the like on a list inside it), is judged as what it now says, recorded
    in its normal form, and put back as made for every other game."""
    game = data.draw(games(game_id), label="game")
    seat = data.draw(st.sampled_from(game.to_act), label="seat")
    listed = game.legal_actions(seat)
    action = data.draw(st.sampled_from(listed), label="action")
    made = json.dumps(action, sort_keys=True)
    first = json.dumps(new_game(game_id, game.players, 1).legal_actions(0), sort_keys=True)
    inner = [v for v in action.values() if isinstance(v, list)]
    how = data.draw(st.sampled_from(["set", "delete", "clear", "append", "replace"] if inner else
                                     ["set", "delete"]), label="how")
    key = data.draw(st.sampled_from(sorted(action)), label="key")
    if how == "set":
        dict.__setitem__(action, key, data.draw(json_values, label="value"))
    elif how == "delete":
        dict.__delitem__(action, key)
    elif how == "clear":
        list.clear(inner[0])
    elif how == "append":
        list.append(inner[0], data.draw(json_values | st.sampled_from(inner[0] or [0]), label="item"))
    elif inner[0]:
        list.__setitem__(inner[0], 0, data.draw(json_values, label="item"))
    given = json.loads(json.dumps(action, allow_nan=True))
    twin, before = game.clone(), snapshot(game)
    try:
        game.apply(seat, action)
    except IllegalAction:
        event(f"{how}: refused")
        assert snapshot(game) == before
    else:
        event(f"{how}: legal")
        twin.apply(seat, given)
        assert game.history[-1].action == twin.history[-1].action
        assert load_game(game.to_json()).to_json() == game.to_json()
    assert json.dumps(action, sort_keys=True) == made, "the shared action is put back as it was made"
    assert json.dumps(new_game(game_id, game.players, 1).legal_actions(0), sort_keys=True) == first


def _with_text(value, text: str, field: str):
    """``value`` (plain JSON) with the text under every key ``field`` made ``text`` (every
    Spell's name, say)."""
    if isinstance(value, dict):
        return {k: (text if k == field and isinstance(v, str) else _with_text(v, text, field))
                for k, v in value.items()}
    if isinstance(value, list):
        return [_with_text(v, text, field) for v in value]
    return value


@st.composite
def house_text(draw, game_id: str):
    """An option of ``game_id`` with format-like text in it: the house table a view shows under
    the option's name (a Spell table, a deck) with one name or key replaced, or a value made of
    the game's own names and such text."""
    spec = GAMES[game_id]
    view = new_game(game_id, spec.min_players, 1).view(0)
    tables = sorted(o for o in spec.options if isinstance(view.get(o), (dict, list)) and view[o])
    text = draw(st.sampled_from(FORMAT_TEXT) | st.text(max_size=10), label="text")
    if tables and draw(st.booleans()):
        option = draw(st.sampled_from(tables), label="option")
        fields = sorted({k for inner in (view[option].values() if isinstance(view[option], dict) else [])
                         if isinstance(inner, dict) for k, v in inner.items() if isinstance(v, str)})
        if fields:
            return option, _with_text(view[option], text, draw(st.sampled_from(fields), label="field"))
    words = st.sampled_from(_names(view) + FORMAT_TEXT) | st.just(text)
    value = draw(st.recursive(words | st.integers(-2, 60) | st.booleans(),
                              lambda inner: st.lists(inner, max_size=4)
                              | st.dictionaries(words, inner, max_size=4), max_leaves=10), label="value")
    return draw(st.sampled_from(sorted(spec.options)), label="option"), value


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(FUZZ, max_examples=80)
@given(data=st.data())
def test_option_and_variant_text_is_data(game_id, data):
    """House data with any text (format-like text among the game's own names) is refused
    briefly or played: no view, log line, save or variant file ever reads it as code."""
    from witchtable.variants import VariantError, parse_variant

    option, value = data.draw(house_text(game_id))
    spec = GAMES[game_id]
    variant = {"format": "witchtable-variant", "version": 1, "game": game_id, "name": "fuzz",
               "description": "fuzzed house data", "options": {option: value}}
    try:
        parse_variant(variant)
    except VariantError as err:
        assert len(str(err)) < 700
    try:
        game = new_game(game_id, spec.min_players, 2, **{option: value})
    except ValueError as err:
        event("refused")
        assert len(str(err)) < 700
        return
    event("played")
    rng = random.Random(2)
    for _ in range(60):
        if game.is_over:
            break
        seat = pick_seat(game, rng)
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    for seat in (None, *range(game.players)):
        assert all(len(entry["text"]) < 5_000 for entry in game.view(seat)["log"])
    assert load_game(json.dumps(game.to_json())).to_json() == game.to_json()


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(FUZZ, max_examples=30)
@given(data=st.data())
def test_a_save_of_any_size_is_refused_or_loaded_in_bounded_time(game_id, data):
    """Saves padded to megabytes (a huge text, many values, deep escapes, brackets in a
    string) load or raise SaveError, never MemoryError or another exception."""
    save = data.draw(games(game_id), label="game").to_json()
    size = data.draw(st.sampled_from([10 ** 3, 10 ** 5, 2 * 10 ** 6]), label="size")
    where = data.draw(st.sampled_from(["game", "seed", "options", "actions", "extra"]), label="where")
    filler = data.draw(st.sampled_from(["text", "escapes", "brackets", "values", "deep"]), label="filler")
    value = {"text": "x" * size, "escapes": '\\"' * (size // 2), "brackets": "[{" * (size // 2),
             "values": [0] * (size // 2), "deep": json.loads("[" * 30 + "]" * 30)}[filler]
    damaged = dict(save, **{where: value})
    text = json.dumps(damaged)
    for form in (damaged, text):
        try:
            game = load_game(form)
        except SaveError as err:
            assert 0 < len(str(err)) < 600
        else:
            assert load_game(game.to_json()).to_json() == game.to_json()
