"""The engine contract, checked for every registered game at every player count.

Hundreds of seeded random games (OpenSpiel style): every listed action applies; views are
JSON; clones are independent; save/load and undo give identical views; the same seed and
moves give the same game; nonsense and out-of-turn actions raise IllegalAction and change
nothing; no component is created or lost; a view does not change when everything its
seat cannot see is dealt afresh (so no hidden card leaks into it); ``validate`` and
``explain`` agree with the listing; outcomes fit the game's kind (a cooperative table
wins or loses as one); every bot a game declares plays legally. Nothing here knows a
game: a game registered in :data:`GAMES` gets all of it (short games included).

WITCHTABLE_CONTRACT_GAMES sets the random games per game and player count (default 60).
"""

from __future__ import annotations

import json
import os
import random

import pytest

from witchtable.engine import GAMES, IllegalAction, SaveError, load_game, new_game
from witchtable.engine.bots import make_bot
from witchtable.engine.sim import pick_seat

GAMES_PER_COUNT = int(os.environ.get("WITCHTABLE_CONTRACT_GAMES", "60"))
CASES = [(gid, n) for gid, spec in sorted(GAMES.items())
         for n in range(spec.min_players, spec.max_players + 1)]
IDS = [f"{gid}-{n}p" for gid, n in CASES]


def snapshot(game) -> str:
    """Everything observable about a game: its save and every seat's (and a spectator's) view."""
    views = [game.view(s) for s in [None, *range(game.players)]]
    return json.dumps([game.to_json(), views, list(game.to_act)], sort_keys=True)


def key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


def untimed_key(time_fields: tuple[str, ...]):
    """:func:`key` with the time fields at 0: a real-time game lists its calls at 0 ms and a
    bot's call carries its own time."""
    def keyed(action: dict) -> str:
        return key({k: (0 if k in time_fields else v) for k, v in action.items()})
    return keyed


def random_position(game_id: str, players: int, seed: int, rng: random.Random):
    """A seeded random game stopped at a random point before its end (so that someone is
    to act), whatever the game's length."""
    length = len(random_game(game_id, players, seed, random.Random(seed)).history)
    return random_game(game_id, players, seed, random.Random(seed), steps=rng.randrange(length))


def random_game(game_id: str, players: int, seed: int, rng: random.Random, steps: int | None = None):
    """A seeded game advanced by random legal actions (to the end, or ``steps`` actions)."""
    game = new_game(game_id, players, seed)
    done = 0
    while not game.is_over and (steps is None or done < steps):
        seat = pick_seat(game, rng)
        legal = game.legal_actions(seat)
        assert legal, f"seat {seat} is to act but has no legal action"
        game.apply(seat, rng.choice(legal))
        done += 1
    return game


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_random_games_keep_every_invariant(game_id, players):
    """Every listed action applies; zones add up; listed actions and views are JSON; each
    game ends. JSON is checked for each kind of action when it is first listed, and for
    lists and views every 7th move, then (long memory games under random play) at powers
    of two; a seat's log entries once each (encoding every list and whole logs of
    10,000-move games took four fifths of the test's time)."""
    def checked_now(move: int) -> bool:
        return (move % 7 == 0 and move < 1000) or move & (move - 1) == 0

    for seed in range(GAMES_PER_COUNT):
        rng = random.Random(seed)
        game = new_game(game_id, players, seed)
        state = game._state
        inventory = state.inventory()
        moves = 0
        kinds_seen: set[str] = set()
        logged = [0] * players  # each seat's log entries checked so far
        while not game.is_over:
            to_act = game.to_act
            assert to_act and len(set(to_act)) == len(to_act)
            for seat in range(players):
                if seat not in to_act:
                    assert game.legal_actions(seat) == []
            seat = pick_seat(game, rng)
            legal = game.legal_actions(seat)
            assert legal and all(isinstance(a, dict) and isinstance(a.get("type"), str) for a in legal)
            kinds = {a["type"] for a in legal}
            if checked_now(moves) or not kinds <= kinds_seen:
                assert json.loads(json.dumps(legal)) == legal
                kinds_seen |= kinds
            game.apply(seat, rng.choice(legal))
            assert game._state.inventory() == inventory, f"components changed at move {moves}"
            moves += 1
            assert moves < 20_000, "game does not end"
            if checked_now(moves):
                view = game.view(seat)
                view["log"], seen = view["log"][logged[seat]:], len(view["log"])
                assert json.loads(json.dumps(view)) == view
                logged[seat] = seen
        assert game.to_act == () and game.legal_actions(0) == []
        assert len(game.scores) == players
        assert_outcome_fits_the_kind(game)
        final = game.view(None)
        assert final["is_over"] and final["winners"] == game.winners
        assert ("scores" in final) == game.spec.public_scores, "scores in views only when public"


def assert_outcome_fits_the_kind(game) -> None:
    """A competitive game has at least one winner; a cooperative table wins
    or loses as one (``winners`` is every seat, or empty)."""
    winners = game.winners
    assert len(set(winners)) == len(winners) and all(0 <= w < game.players for w in winners)
    if game.spec.cooperative:
        assert sorted(winners) in ([], list(range(game.players))), f"a team outcome, not {winners}"
    else:
        assert winners, "a competitive game ends with a winner"


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_validate_and_explain_agree_with_the_listing(game_id, players):
    """Each listed action validates (in normal form, listed once); each candidate the
    explorer explains is legal exactly when it is listed, with a registered rule, its
    summary and, when refused, a message; every listed action is among the explained."""
    checked = 0
    for seed in range(max(2, GAMES_PER_COUNT // 10)):
        rng = random.Random(seed)
        game = new_game(game_id, players, seed)
        while not game.is_over:
            state = game._state
            for seat in game.to_act:
                legal = game.legal_actions(seat)
                keys = {key(a) for a in legal}
                assert len(keys) == len(legal), "an action is listed twice"
                for action in legal:
                    assert state.validate(seat, dict(action)) == action, action
                explained = game.explain(seat)
                for entry in explained:
                    assert entry["legal"] == (key(entry["action"]) in keys), entry
                    assert entry["rule"] in game.rules and entry["summary"], entry
                    if not entry["legal"]:
                        assert entry["message"].rstrip().endswith((".", "?", ")")), entry
                assert keys <= {key(e["action"]) for e in explained if e["legal"]}
                checked += 1
            seat = pick_seat(game, rng)
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert checked


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_bot_of_the_game_plays_only_legal_actions(game_id):
    """The platform's random bot and each bot the game declares play whole games legally,
    from the view its seat gets."""
    spec = GAMES[game_id]
    for kind in spec.bot_kinds:
        for players in sorted({spec.min_players, spec.max_players}):
            rng = random.Random(players)
            game = new_game(game_id, players, seed=players)
            bots = [make_bot(kind, game_id, s) for s in range(players)]
            untimed = untimed_key(spec.state_class.time_fields)
            while not game.is_over:
                seat = pick_seat(game, rng)
                legal = game.legal_actions(seat)
                choice = bots[seat].choose(game.view(seat), legal)
                assert untimed(choice) in {untimed(a) for a in legal}, (kind, choice)
                game.apply(seat, choice)
                assert game.move_number < 20_000, f"{kind} bots never end the game"
            assert_outcome_fits_the_kind(game)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_same_seed_same_moves_same_game(game_id, players):
    for seed in range(3):
        game = random_game(game_id, players, seed, random.Random(seed))
        again = new_game(game_id, players, seed)
        for move in game.history:
            again.apply(move.seat, move.action)
        assert snapshot(again) == snapshot(game)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_save_load_and_undo_restore_views(game_id, players):
    rng = random.Random(players)
    for seed in range(3):
        game = random_position(game_id, players, seed, rng)
        before = snapshot(game)
        assert snapshot(load_game(game.to_json())) == before
        assert snapshot(load_game(json.dumps(game.to_json()))) == before
        if game.is_over:
            continue
        seat = pick_seat(game, rng)
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        game.undo()
        assert snapshot(game) == before
    full = random_game(game_id, players, 99, rng)
    assert snapshot(load_game(full.to_json())) == snapshot(full)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_undo_walks_back_to_the_start(game_id, players):
    rng = random.Random(7)
    game = random_game(game_id, players, 7, rng, steps=40)
    snapshots = []
    replay = new_game(game_id, players, 7)
    snapshots.append(snapshot(replay))
    for move in game.history:
        replay.apply(move.seat, move.action)
        snapshots.append(snapshot(replay))
    for expected in reversed(snapshots[:-1]):
        game.undo()
        assert snapshot(game) == expected
    with pytest.raises(IllegalAction) as err:
        game.undo()
    assert err.value.rule == "core/undo"


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_clone_is_independent(game_id, players):
    rng = random.Random(3)
    game = random_game(game_id, players, 3, rng, steps=20)
    before = snapshot(game)
    twin = game.clone()
    assert snapshot(twin) == before
    steps = 0
    while not twin.is_over and steps < 30:
        seat = pick_seat(twin, rng)
        twin.apply(seat, rng.choice(twin.legal_actions(seat)))
        steps += 1
    assert snapshot(game) == before
    # ...and the clone plays on exactly like the original would.
    replay = load_game(game.to_json())
    for move in twin.history[len(game.history):]:
        replay.apply(move.seat, move.action)
    assert snapshot(replay) == snapshot(twin)


NONSENSE = [
    None, 42, "attack", [], {}, {"type": None}, {"type": 7}, {"type": "no-such-action"},
    {"type": "pass", "extra": {"nested": [1, 2]}},
]


def mangled(action: dict) -> list:
    """Variants of a legal action with a field missing, of the wrong kind, or out of range."""
    out = []
    for key, value in action.items():
        if key == "type":
            continue
        out.append({k: v for k, v in action.items() if k != key})
        for bad in (None, "x", -1, 10**9, 2.5, True, [value], {"v": value}):
            if bad != value:
                out.append(dict(action, **{key: bad}))
    out.append(dict(action, bogus_field=1))
    return out


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_illegal_actions_raise_and_change_nothing(game_id, players):
    rng = random.Random(11)
    checked = 0
    for seed in range(4):
        game = random_position(game_id, players, seed, rng)
        before = snapshot(game)
        to_act = game.to_act
        seat = to_act[0]
        legal = game.legal_actions(seat)
        legal_keys = {json.dumps(a, sort_keys=True) for a in legal}
        candidates = list(NONSENSE)
        for action in rng.sample(legal, min(5, len(legal))):
            candidates += mangled(action)
        for action in candidates:
            try:
                game.apply(seat, action)
            except IllegalAction as err:
                assert err.rule in game.rules, f"unregistered rule {err.rule}"
                assert len(err.message) >= 10 and err.message.rstrip().endswith((".", "?", ")"))
            else:
                # Only something equivalent to a listed action may pass (key order, defaults).
                assert game.history[-1].action is not None
                assert json.dumps(game.history[-1].action, sort_keys=True) in legal_keys, action
                game.undo()
            assert snapshot(game) == before
            checked += 1
        others = [s for s in range(players) if s not in to_act]
        for other in [*others, -1, players, "0", None, True, 1.0]:
            with pytest.raises(IllegalAction) as err:
                game.apply(other, legal[0])
            assert err.value.rule == "core/out-of-turn"
            assert snapshot(game) == before
    assert checked >= 4 * len(NONSENSE)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_views_hide_what_a_seat_cannot_see(game_id, players):
    """Dealing every hidden card afresh must not change a seat's view (nor its legal actions)."""
    rng = random.Random(5)
    for seed in range(6):
        game = random_position(game_id, players, seed, rng)
        state = game._state
        for seat in [None, *range(players)]:
            view = game.view(seat)
            acts = game.legal_actions(seat) if seat is not None else []
            for trial in range(3):
                game._state = state.determinize(seat, random.Random(trial))
                assert game._state.inventory() == state.inventory()
                assert game.view(seat) == view, f"seat {seat}'s view depends on hidden cards"
                if seat is not None:
                    assert game.legal_actions(seat) == acts
            game._state = state
        # The determinization really deals afresh (else the check above proves nothing).
        # (Compare whole states, not views: a view is what must *not* change.)
        if not game.is_over:
            dealt = [_zones(state.determinize(None, random.Random(t))) for t in range(8)]
            assert any(z != _zones(state) for z in dealt), "determinize changed nothing"


def _zones(state) -> dict:
    """A state's own data (its zones and counters), without its generator, log and options."""
    return {k: v for k, v in vars(state).items() if k not in ("rng", "log", "options")}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_bad_setups_are_refused_clearly(game_id):
    spec = GAMES[game_id]
    for players in (spec.min_players - 1, spec.max_players + 1, "3", None, 2.0):
        with pytest.raises(ValueError, match="players"):
            new_game(game_id, players)
    with pytest.raises(ValueError, match="unknown option"):
        new_game(game_id, spec.min_players, seed=1, no_such_option=1)
    with pytest.raises(ValueError, match="seed"):
        new_game(game_id, spec.min_players, seed="abc")
    with pytest.raises(ValueError, match="unknown game"):
        new_game(game_id + "-nope", spec.min_players)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_damaged_saves_are_refused_clearly(game_id):
    spec = GAMES[game_id]
    game = random_game(game_id, spec.min_players, 1, random.Random(1), steps=15)
    good = game.to_json()
    damaged = [
        ("{not json", "not valid JSON"),
        ([], "JSON object"),
        (dict(good, format="chess"), "not a witchtable save"),
        (dict(good, version=99), "version"),
        ({k: v for k, v in good.items() if k != "seed"}, "missing seed"),
        (dict(good, game="no-such-game"), "unknown game"),
        (dict(good, players=99), "players"),
        (dict(good, actions="oops"), "actions"),
        (dict(good, actions=[*good["actions"], [0, {"type": "no-such-action"}]]), "move"),
        (dict(good, actions=[[5, 5]]), "move 1"),
    ]
    for data, expected in damaged:
        with pytest.raises(SaveError) as err:
            load_game(data)
        assert expected in str(err.value), (expected, str(err.value))
    # Another seed deals other cards: the moves either still fit, or the save says which not.
    try:
        load_game(dict(good, seed=good["seed"] + 1))
    except SaveError as err:
        assert "move" in str(err)
