"""The widgets' generic promises, checked for every registered game (its presenter, or
the generic one when it declares none):

- a seat's scene offers exactly that seat's legal actions, nothing more or less, and a
  spectator's none; the explorer's god view offers only acting seats' legal actions;
- a play-mode scene is built from the viewer's view alone: re-dealing every card the
  viewer cannot see (the engine's ``determinize``) leaves it identical, over whole games
  against bots and in pass-and-play;
- the presenter a spec names exists and has the four functions the controller calls.

Nothing here knows a game: a game registered in :data:`GAMES` gets all of it.
"""

from __future__ import annotations

import json
import random

import pytest
from random_play import checked, positions
from widget_helpers import offered_actions, play_through

from witchtable.engine import GAMES
from witchtable.widgets import TableController
from witchtable.widgets.presenters import generic, presenter_for
from witchtable.widgets.scene import action_key

GAME_IDS = list(GAMES)


def usual_players(spec) -> int:
    return min(max(3, spec.min_players), spec.max_players)


CASES = [(gid, n) for gid, spec in GAMES.items()
         for n in sorted({spec.min_players, usual_players(spec), spec.max_players})]
IDS = [f"{gid}-{n}p" for gid, n in CASES]


def keys(actions) -> set[str]:
    return {action_key(a) for a in actions}


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_the_scene_offers_exactly_the_legal_actions(game_id, players):
    """Every seat, at positions along random games: offered == legal; spectators get none."""
    presenter = presenter_for(game_id)
    names = [f"P{s}" for s in range(players)]
    acted = 0
    for seed in (1, 2):
        for game in positions(game_id, players, seed):
            for seat in range(players):
                scene = presenter.present(game, seat, names=names, you=seat)
                assert json.loads(json.dumps(scene)) == scene, "a scene is plain JSON"
                legal = game.legal_actions(seat)
                assert keys(offered_actions(scene)) == keys(legal), (
                    f"seed {seed}, move {game.move_number}, seat {seat}: offered != legal")
                acted += bool(legal)
            assert not offered_actions(presenter.present(game, None, names=names))
            god = presenter.present_god_view(game, names=names)
            assert json.loads(json.dumps(god)) == god
            acting = set().union(*(keys(game.legal_actions(s)) for s in game.to_act))
            offered = keys(offered_actions(god))
            assert offered <= acting, "the god view offers only acting seats' legal actions"
            if game.to_act:
                assert keys(game.legal_actions(game.to_act[0])) <= offered
    assert acted


def assert_unchanged_when_hidden_cards_are_redealt(controller: TableController, state: dict, rng) -> None:
    """Everything the viewer cannot see, dealt afresh: the scene must be exactly the same."""
    game = controller.game
    if game.is_over:
        return
    other = game.clone()
    other._state = game._state.determinize(state["scene"]["seat"], rng)  # the engine's re-deal (test only)
    try:
        controller.game = other
        again = controller.state()
    finally:
        controller.game = game
    assert again["scene"] == state["scene"], (
        f"the scene of seat {state['scene']['seat']} depends on cards it cannot see")


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_a_play_scene_is_unchanged_when_hidden_cards_are_redealt(game_id, players):
    """Against the game's default bots, whole games: every state's scene survives a re-deal."""
    for seed in (3, 4):
        controller = TableController(game_id, players=players, seat=0, seed=seed, pace=0)
        rng = random.Random(seed)
        seen = []

        def check(state, controller=controller, rng=rng, seen=seen):
            seen.append(state["seq"])
            if len(seen) % 3 == 1:
                assert_unchanged_when_hidden_cards_are_redealt(controller, state, rng)

        final = play_through(controller, seat=0, seed=seed, check=check)
        assert final["scene"]["gameover"] and controller.game.is_over and seen


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pass_and_play_scenes_are_unchanged_when_hidden_cards_are_redealt(game_id):
    """Pass-and-play: the seat at the screen (or nobody, at a hand-off) sees only its own."""
    spec = GAMES[game_id]
    players = usual_players(spec)
    controller = TableController(game_id, players=players, bots=None, seed=6)
    rng = random.Random(6)
    handoffs = []

    def check(state):
        scene = state["scene"]
        if scene["handoff"]:
            handoffs.append(scene["handoff"]["to"])
            assert scene["seat"] is None and not offered_actions(scene), "a hand-off screen shows nothing"
        elif not controller.game.is_over and not scene.get("reveal"):
            # (a person still looking at a timed reveal keeps the screen until it closes)
            assert scene["seat"] in controller.game.to_act
        if checked(scene["move"]):  # (a long random game: sparsely, as random_play says why)
            assert_unchanged_when_hidden_cards_are_redealt(controller, state, rng)

    play_through(controller, seed=6, check=check)
    if getattr(presenter_for(game_id), "SHARED_SCREEN", False):
        assert not handoffs, "a shared screen (nothing hidden between people: a race) has no hand-off"
    else:
        assert len(set(handoffs)) >= 2, "the screen was handed from person to person"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_declared_presenter_exists_and_has_what_the_controller_calls(game_id):
    spec = GAMES[game_id]
    module = presenter_for(game_id)
    if spec.presenter is None:
        assert module is generic
    else:
        assert module is not generic and module.__name__.endswith(spec.presenter)
        assert presenter_for(game_id) is module  # imported on first use, the same module after
    for name in ("present", "present_god_view", "action_label", "compose"):
        assert callable(getattr(module, name, None)), f"{module.__name__} has no {name}()"
