"""Helpers for the widget tests: drive a TableController the way the front end does.

(A module of its own, not conftest: several test folders have a conftest.py.)
"""

from __future__ import annotations

import json
import random
import re

from witchtable.widgets import TableController
from witchtable.widgets.scene import walk_actions


def act(controller: TableController, action: dict, **extra) -> dict:
    """Send an act message made on the current board."""
    return controller.handle({"kind": "act", "action": action, "move": controller.game.move_number, **extra})


def scene_actions(state: dict) -> list[dict]:
    """Every action the scene lets the user click (picker combos included)."""
    return list(walk_actions(state["scene"]))


def human_turn(controller: TableController, seat: int = 0) -> dict:
    """Let the bots play (advance, as the front end's timer would) until ``seat`` must act."""
    state = controller.state()
    for _ in range(10_000):
        if controller.game.is_over or seat in controller.game.to_act:
            return state
        assert state["auto"], "bots are to move but the state asks for no advance"
        state = controller.handle(state["auto"]["message"])
    raise AssertionError("never came back to the person's turn")


def play_through(controller: TableController, seat: int = 0, seed: int = 0, check=None) -> dict:
    """Play a whole game through handle() alone: the person clicks a random offered action.

    ``check(state)`` runs on every state the front end would receive.
    """
    rng = random.Random(seed)
    state = controller.state()
    for _ in range(20_000):
        if check:
            check(state)
        if state["scene"].get("gameover"):
            return state
        if state["auto"]:
            state = controller.handle(state["auto"]["message"])
            continue
        handoff = state["scene"].get("handoff")
        if handoff:
            state = controller.handle(handoff["message"])
            continue
        offered = scene_actions(state)
        shown = state["scene"].get("reveal")
        if not offered and shown:  # a timed reveal holds the table: its time runs out, as in the page
            message = {"kind": "close", "reveal": shown["key"], "move": state["scene"]["move"]}
            state = controller.handle(message)
            continue
        assert offered, f"nothing to click and nothing to wait for at move {state['scene']['move']}"
        message = {"kind": "act", "action": rng.choice(offered), "move": state["scene"]["move"]}
        if state["scene"].get("clock"):
            message["ms"] = rng.randrange(300, 9000)  # what the front end measures while a clock runs
        state = controller.handle(message)
        assert state["notice"] is None, state["notice"]
    raise AssertionError("the game did not end")


def seed_with(*kinds: str, players: int = 3, seat: int = 0) -> int:
    """A seed whose deal gives ``seat`` at least one card of each of ``kinds``
    (so tests do not depend on how the engine happens to shuffle)."""
    from witchtable.engine import new_game

    for seed in range(1000):
        hand = new_game("witching-hour", players, seed).view(seat)["hand"]
        if all(hand.get(kind) for kind in kinds):
            return seed
    raise AssertionError(f"no seed deals {kinds} to seat {seat}")


def dumps(state: dict) -> str:
    return json.dumps(state, sort_keys=True)


def card_lists(node):
    """Every list of card faces (dicts with a ``kind`` and a ``count``) in a widget state:
    where the privacy tests look for hands that must not be there."""
    if isinstance(node, dict):
        for value in node.values():
            yield from card_lists(value)
    elif isinstance(node, list):
        if node and all(isinstance(i, dict) and "kind" in i and "count" in i for i in node):
            yield node
        for item in node:
            yield from card_lists(item)


def texts(value) -> list[str]:
    """Every string in a state (scene, notice...): what can reach the person at the screen."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in texts(v)]
    return []


def default_named(state: dict) -> list[str]:
    """Texts of a state that name a player "Player N" (a table with its own names has none)."""
    return [t for t in texts(state) if re.search(r"\bPlayer \d", t)]


def offered_actions(scene: dict) -> list[dict]:
    """Every action a scene lets the user send: each clickable thing's ``action`` and each
    complete order of an order picker (``orders``: the Crystal Ball's, say)."""
    out = []

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "action" and isinstance(value, dict):
                    out.append(value)
                elif key == "orders" and isinstance(value, dict):
                    out.extend(value.values())
                else:
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(scene)
    return out
