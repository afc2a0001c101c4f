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

from witchtable.engine import GAMES, IllegalAction, SaveError, load_game, new_game
from witchtable.engine.core import OPTIONS_SIZE_LIMIT, FrozenAction, fresh_json, json_problem
from witchtable.engine.rules import REFUSAL_LIMIT
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
        if isinstance(item, dict):  # behind the back of a read-only one too (dict.__setitem__):
            stack.extend(item.values())  # a view hands out nothing the core keeps
            dict.__setitem__(item, "__vandal__", 1)
        elif isinstance(item, list):
            stack.extend(item)
            list.append(item, "__vandal__")


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
    action = FrozenAction({"type": "take", "cards": ["bell"]})
    value = {"a": [1, {"b": [2]}], "t": (3, [4]), "action": action}
    copy = fresh_json(value)
    # A listed action comes out plain: a view never hands out what the core keeps, since a
    # frozen one can still be changed behind its back (dict.__setitem__, list.clear).
    assert copy == value and type(copy["action"]) is dict and type(copy["action"]["cards"]) is list
    _vandalise(copy)
    assert value == {"a": [1, {"b": [2]}], "t": (3, [4]), "action": {"type": "take", "cards": ["bell"]}}


def test_json_problem_walks_without_recursion():
    assert json_problem(_nested(DEEP * 100 if DEEP > 1_000 else DEEP)) == "it nests deeper than 32 levels"
    assert json_problem({"a": [1, 2.5, None, True, "x"]}) is None
    assert "too large" in json_problem(["x" * 100], size=50)


# --------------------------------------------------------------------------- the audit (issue 26)

HOSTILE_TEXT = ["{caster.x}", "{caster:>4000000000}", "{actor:>99999999}", "{0}", "{", "}{", "{{actor}}",
                "{p0.__class__.__mro__}", "{actor!r:^999999}"]
"""Text that a format string would read as code: attributes, widths of gigabytes, indices."""


def _listed(game_id: str, players: int, seed: int, every: int = 5):
    """(game, seat, listed actions) at positions of a random seeded game."""
    for game in positions(game_id, players, seed, every=every):
        for seat in game.to_act:
            yield game, seat, game.legal_actions(seat)


@pytest.mark.parametrize("name", HOSTILE_TEXT)
def test_a_house_spells_name_is_data_never_a_format_string(name):
    """Issue 26.1: a house Spell named like a format string is logged as written, in every view
    and the save, and costs no more than its length (it once raised AttributeError in every
    view, or asked for 4 GB)."""
    from witchtable.engine.games.disney_hocus_pocus.cards import HOUSE_SPELLS
    from witchtable.engine.sim import play_game

    spells = {sid: {"name": name} for sid in HOUSE_SPELLS}
    game, _ = play_game("disney-hocus-pocus", ["random"] * 3, 5, spells=spells)
    texts = [e["text"] for s in (None, 0, 1, 2) for e in game.view(s)["log"]]
    cast = [t for t in texts if t.startswith("The witches cast") or t.startswith("The Spell ")]
    assert cast and all(name in t for t in cast)
    assert max(len(t) for t in texts) < 2_000
    assert load_game(json.dumps(game.to_json())).view(0)["log"] == game.view(0)["log"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_text_in_a_log_entry_is_read_as_a_format_string(game_id):
    """Issue 26.1 for every game: whatever text a log entry's fields or template carry (a card
    named by house data, a name), narration fills only plain {name} fields."""
    from witchtable.engine.core import narrate

    spec = GAMES[game_id]
    game = next(g for g in positions(game_id, spec.max_players, 2, every=40) if g.move_number >= 40)
    names = [f"P{s}" for s in range(game.players)]
    for entry in game.view(None)["log"]:
        for text in HOSTILE_TEXT:
            hostile = {k: (text if isinstance(v, str) and k not in ("msg", "kind") else v)
                       for k, v in entry.items()}
            filled = narrate(hostile, names)
            assert len(filled) < 10 * len(entry["msg"]) + 500
            assert narrate({**entry, "msg": entry["msg"] + " " + text}, names).endswith(text.replace(
                "{{", "{").replace("}}", "}"))


def test_a_refusal_that_names_players_fills_only_its_own_fields():
    """Issue 26.1: IllegalAction's message names players, and input quoted in it stays text."""
    err = IllegalAction("core/out-of-turn", "{p0} may not play {p0:>999999999} or {p0.x}.", {"p0": 0})
    assert err.text(["Ana"]) == "Ana may not play {p0:>999999999} or {p0.x}."


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_listed_action_is_read_only_all_the_way_down(game_id):
    """Issue 26.3: a listed action's lists and objects refuse changes like the action itself."""
    found = 0
    for _game, _seat, listed in _listed(game_id, GAMES[game_id].max_players, 1):
        for action in listed:
            for key, value in action.items():
                if isinstance(value, list):
                    found += 1
                    for change in (lambda v: v.clear(), lambda v: v.append(1), lambda v: v.pop(),
                                   lambda v: v.__setitem__(0, 1), lambda v: v.__iadd__([1])):
                        with pytest.raises(TypeError, match="read-only"):
                            change(value)
                    assert dict(action)[key] == value
    if game_id == "disney-hocus-pocus":
        assert found, "Burning Rain of Death lists three cards"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_listed_action_changed_behind_its_back_is_put_back_and_judged_as_given(game_id):
    """Issue 26.3: a list inside a listed action emptied or grown behind its back
    (``list.clear``, ``list.append``) is judged as what it now says (an IllegalAction, or a
    legal move recorded as given), and is put back for everyone else: the save still loads
    and a fresh game lists it as made."""
    spec = GAMES[game_id]
    tried = 0
    for seed in range(6):
        for game, seat, listed in _listed(game_id, min(3, spec.max_players), seed, every=1):
            for action in listed:
                lists = [k for k, v in action.items() if isinstance(v, list) and v]
                if not lists or tried >= 20:
                    continue
                tried += 1
                made = json.dumps(action, sort_keys=True)
                before = snapshot_of(game)
                for change in (list.clear, lambda v: list.append(v, v[0]), lambda v: list.reverse(v)):
                    change(action[lists[0]])
                    given, twin = json.loads(json.dumps(action)), game.clone()
                    try:
                        game.apply(seat, action)
                    except IllegalAction:
                        assert snapshot_of(game) == before
                        with pytest.raises(IllegalAction):
                            twin.apply(seat, given)
                    else:  # recorded as what was given (in its normal form), not as listed
                        twin.apply(seat, given)
                        assert game.history[-1].action == twin.history[-1].action
                        game.undo()
                    assert json.dumps(action, sort_keys=True) == made, "put back as it was made"
                assert load_game(game.to_json()).to_json() == game.to_json()
    if game_id == "disney-hocus-pocus":
        assert tried


def snapshot_of(game) -> str:
    return json.dumps([game.to_json(), [game.view(s) for s in (None, *range(game.players))]], sort_keys=True)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_action_handed_out_can_poison_another_game(game_id):
    """Issue 26.4: actions handed out by history, explain and validation of a plain dict are
    the shared listed ones or copies; changing any behind its back (``dict.__setitem__``)
    changes no other game's listing, no save's replay, and no record of this game."""
    spec = GAMES[game_id]
    players = spec.min_players
    game = new_game(game_id, players, seed=9)
    rng = random.Random(9)
    plain_save = {"format": "witchtable-save", "version": 1, "game": game_id, "players": players,
                  "seed": 9, "options": {}, "actions": []}
    for _ in range(30):
        if game.is_over:
            break
        seat = pick_seat(game, rng)
        action = json.loads(json.dumps(rng.choice(game.legal_actions(seat))))  # a plain dict
        game.apply(seat, action)
        plain_save["actions"].append([seat, action])
        for handed in [game.history[-1].action, *(e["action"] for s in game.to_act for e in game.explain(s))]:
            for key in [k for k in handed if k != "type"][:2]:
                dict.__setitem__(handed, key, 10 ** 6)
    fresh = new_game(game_id, players, seed=9)
    replayed = load_game(plain_save)
    assert replayed.to_json()["actions"] == plain_save["actions"]
    assert load_game(game.to_json()).to_json() == game.to_json() == replayed.to_json()
    for other in (fresh, replayed):
        for seat in other.to_act:
            assert all(10 ** 6 not in a.values() for a in other.legal_actions(seat))
    assert all(10 ** 6 not in dict(m.action).values() for m in game.history)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_refusal_is_clipped(game_id):
    """Issue 26.5: a refusal quotes input briefly whatever the game's own message did: a card
    of a million characters gives a short IllegalAction (once a 1,000,111-character one)."""
    spec = GAMES[game_id]
    big = "a:" + "x" * 10 ** 6
    for game, seat, listed in _listed(game_id, spec.min_players, 4, every=10):
        for action in listed[:6]:
            for key in action:
                bent = {**action, key: big}
                with pytest.raises(IllegalAction) as err:
                    game.apply(seat, bent)
                assert len(str(err.value)) <= REFUSAL_LIMIT + 60
                assert len(err.value.text([big])) <= REFUSAL_LIMIT


@pytest.mark.skipif(sys.platform == "emscripten", reason="tracemalloc measures CPython's allocations")
@pytest.mark.parametrize("shape", ["string", "escapes", "brackets", "values"])
def test_checking_a_save_costs_memory_of_the_order_of_its_size(shape):
    """Issue 26.6: the nesting check once took 115 bytes a character (596 MB for a 5 MB string,
    MemoryError at 50 MB); every check of input now costs a few bytes a character."""
    import tracemalloc

    save = _save("witching-hour")
    value = {"string": "x" * 5_000_000, "escapes": '\\"' * 1_500_000, "brackets": "[]{}" * 1_000_000,
             "values": [0] * 1_000_000}[shape]
    text = json.dumps(dict(save, game=value))
    tracemalloc.start()
    try:
        with pytest.raises(SaveError):
            load_game(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 12 * len(text), f"{peak / len(text):.1f} bytes a character"


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seat", [1.0, True, "1", -1, 99, None, [1]])
def test_a_seat_is_a_whole_number_of_the_table_everywhere(game_id, seat):
    """Issue 26.7: ``1.0`` (TypeError in three games, seat 1 in two) and ``True`` are refused
    alike by every entry point that takes a seat, saying what a seat is."""
    game = new_game(game_id, GAMES[game_id].max_players, seed=1)
    action = game.legal_actions(game.to_act[0])[0]
    calls = [lambda: game.apply(seat, action), lambda: game.takeback(seat),
             lambda: game.sample(seat, random.Random(1))]
    if seat is not None:
        calls.append(lambda: game.view(seat))
    if type(seat) is int:  # a seat outside the table may not act: the contract's []
        assert game.legal_actions(seat) == [] and game.explain(seat) == []
    else:
        calls += [lambda: game.legal_actions(seat), lambda: game.explain(seat)]
    for call in calls:
        with pytest.raises(IllegalAction, match="A seat is a whole number") as err:
            call()
        assert err.value.rule == "core/out-of-turn" and len(str(err.value)) < 200
    assert game.move_number == 0
