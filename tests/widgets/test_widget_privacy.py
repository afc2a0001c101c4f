"""Witching Hour in play mode: the synced state holds the viewing seat's view only.

Rulebook: each player's hand is their own ("Gameplay"), Hex piles stay face down
("Play a Card"): no other seat's cards may ever reach the browser. Checked over whole
games played through handle() alone: no other seat's hand, nor any text only another
seat saw, appears anywhere in the state. (The generic proof, that re-dealing everything
the viewer cannot see leaves the scene unchanged, runs for every game in
``test_widget_every_game.py``.)
"""

from __future__ import annotations

import json

import pytest
from widget_helpers import card_lists, play_through

from witchtable.widgets import TableController


def all_dicts(node):
    """Every dict in the state, except the picker's "picked" (subsets of the viewer's own hand)."""
    if isinstance(node, dict):
        yield node
        for key, value in node.items():
            if key != "picked":
                yield from all_dicts(value)
    elif isinstance(node, list):
        for item in node:
            yield from all_dicts(item)


def faces_as_hand(faces: list) -> dict:
    hand: dict = {}
    for face in faces:
        hand[face["kind"]] = hand.get(face["kind"], 0) + face["count"]
    return hand


def visible_cards(game, viewer: int | None) -> dict:
    view = game.view(viewer)
    seen = dict(view["hand"] or {})
    attack = view["attack"]
    if attack:
        seen[attack["card"]] = seen.get(attack["card"], 0) + attack["count"] + (
            1 if attack["candle"] and attack["card"] == "candle" else 0)
        if attack["candle"]:
            seen["candle"] = seen.get("candle", 0) + 1
    pending = view.get("pending") or {}
    cards = pending.get("cards") or {}
    for kind in (cards if isinstance(cards, list) else [k for k, n in cards.items() for _ in range(n)]):
        seen[kind] = seen.get(kind, 0) + 1
    return seen


def private_texts(game, seat: int, viewer: int | None) -> set[str]:
    """Log texts ``seat`` saw that ``viewer`` did not."""
    mine = {e["text"] for e in game.view(viewer)["log"]} if viewer is not None else {
        e["text"] for e in game.view(None)["log"]}
    return {e["text"] for e in game.view(seat)["log"]} - mine


def assert_only_viewers_cards(controller: TableController, state: dict) -> None:
    game = controller.game
    scene = state["scene"]
    viewer = scene["seat"]
    text = json.dumps(state)
    assert "save" not in scene, "a play-mode save would hold the seed, hence every hidden card"
    for player in scene["players"]:
        assert "cards" not in player, "seat panels never show cards in play"
    if scene["hand"] is not None:
        assert scene["hand"]["seat"] == viewer
    mine = game.view(viewer)["hand"] if viewer is not None else None
    found = [d for d in all_dicts(state) if d and all(isinstance(v, int) for v in d.values())]
    # Card faces the viewer may see (own hand, the attack on the table, cards being picked
    # or shared out) are fine; any other list of faces is compared with the hidden hands.
    seen = visible_cards(game, viewer)
    found += [hand for hand in map(faces_as_hand, card_lists(state))
              if any(n > seen.get(kind, 0) for kind, n in hand.items())]
    for seat in range(game.players):
        if seat == viewer:
            continue
        hand = game.view(seat)["hand"]
        if hand and hand != mine:
            assert hand not in found, f"seat {seat}'s hand {hand} is in the state of seat {viewer}"
        for secret in private_texts(game, seat, viewer):
            assert secret not in text, f"seat {seat}'s private log text leaked: {secret!r}"


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 1), (4, 8), (5, 2)])
def test_vs_bots_whole_game_never_shows_another_seats_cards(players, seed):
    controller = TableController("witching-hour", players=players, seat=0, bots="heuristic", seed=seed)
    states = []

    def check(state):
        assert_only_viewers_cards(controller, state)
        states.append(state["seq"])

    final = play_through(controller, seat=0, seed=seed, check=check)
    assert final["scene"]["gameover"] and controller.game.is_over
    assert len(states) > 50


def test_pass_and_play_whole_game_shows_only_the_seat_at_the_screen():
    controller = TableController("witching-hour", players=3, bots=None, seed=6)
    seen_handoffs = []

    def check(state):
        scene = state["scene"]
        assert_only_viewers_cards(controller, state)
        if scene["handoff"]:
            seen_handoffs.append(scene["handoff"]["to"])
            assert scene["hand"] is None and scene["seat"] is None
            assert not scene["picker"] and not scene["prompt"]
        elif not controller.game.is_over:
            assert scene["seat"] in controller.game.to_act

    play_through(controller, seed=6, check=check)
    assert len(set(seen_handoffs)) == 3, "every person was handed the screen"


def test_watching_bots_shows_no_hand_at_all():
    controller = TableController("witching-hour", players=3, seat=None, bots="random", seed=4)
    state = controller.state()
    while state["auto"]:
        assert state["scene"]["hand"] is None
        assert_only_viewers_cards(controller, state)
        state = controller.handle(state["auto"]["message"])
    assert state["scene"]["gameover"]
