"""The fallback presenter: any engine game, drawn plainly from its view.

Players with their scores, the viewing seat's hand when the view has one (a mapping
of card kind to count, or a list of kinds), and every legal action as a button. A
game's own presenter replaces this with a real table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine import Game, IllegalAction
from ..scene import SCENE_VERSION, card, choice, counter


def action_label(action: dict, names: Sequence[str]) -> str:
    """``{"type": "play", "card": "x", "target": 1}`` -> ``play card=x target=Player 2``."""
    parts = [str(action.get("type"))]
    for key, value in sorted(action.items()):
        if key == "type":
            continue
        if key in ("target", "to", "seat", "player") and isinstance(value, int) and 0 <= value < len(names):
            value = names[value]
        parts.append(f"{key}={value}")
    return " ".join(parts)


def compose(picker: str, picked: Any, target: Any, game: Game, seat: int) -> dict:
    raise IllegalAction("core/action-format", f"{game.spec.name} has no card picker yet; "
                                              "choose one of the listed actions.")


def _hand(hand: Any) -> list:
    if isinstance(hand, dict):
        return [card(str(k), str(k).replace("-", " ").title(), v) for k, v in hand.items()
                if isinstance(v, int) and v > 0]
    if isinstance(hand, list):
        counts: dict[str, int] = {}
        for item in hand:
            counts[str(item)] = counts.get(str(item), 0) + 1
        return [card(k, k.replace("-", " ").title(), v) for k, v in counts.items()]
    return []


def present(game: Game, seat: int | None, *, names: Sequence[str], bots: Sequence | None = None,
            you: int | None = None) -> dict:
    view = game.view(seat, names=names)
    hands = {seat: view.get("hand")} if seat is not None else {}
    return _scene(game, view, hands, seat, list(names), bots, you, god=False)


def present_god_view(game: Game, *, names: Sequence[str], bots: Sequence | None = None) -> dict:
    """Every seat's hand, from each seat's own view (explorer only)."""
    view = game.view(None, names=names)
    hands = {s: game.view(s).get("hand") for s in range(game.players)}
    actor = game.to_act[0] if game.to_act else None
    return _scene(game, view, hands, actor, list(names), bots, None, god=True)


def _scene(game: Game, view: dict, hands: dict, actor: int | None, names: list,
           bots: Sequence | None, you: int | None, god: bool) -> dict:
    bots = list(bots) if bots else [None] * game.players
    to_act = list(view.get("to_act", []))
    scores = view.get("scores")  # only when the game declares its scores public
    players = []
    for s in range(game.players):
        entry = {"seat": s, "name": names[s], "you": s == you, "bot": bots[s], "acting": s in to_act,
                 "role": None, "winner": s in view.get("winners", []), "out": False,
                 "counters": [counter("score", "Score", scores[s], "star")] if scores else [],
                 "note": ""}
        if god:
            entry["cards"] = _hand(hands.get(s))
        players.append(entry)
    legal = game.legal_actions(actor) if actor is not None else []
    prompt = None
    if legal:
        prompt = {"title": "Choose an action", "groups": [{"label": "Legal actions", "choices": [
            choice(action_label(a, names), a, tone="primary") for a in legal]}]}
    hand = None
    if actor is not None and hands.get(actor) is not None:
        hand = {"seat": actor, "label": "Your hand" if actor == you else f"{names[actor]}'s hand",
                "cards": _hand(hands[actor]), "size": None}
    if view.get("is_over"):
        winners = [names[w] for w in view.get("winners", [])]
        headline = {"text": "Game over: " + (" and ".join(winners) or "nobody") + " won.", "tone": "over"}
        gameover = {"title": " and ".join(winners) + " won", "winners": winners, "text": ""}
    else:
        waiting = " and ".join(names[s] for s in to_act)
        headline = {"text": f"Waiting for {waiting}.", "tone": "you" if you in to_act else "wait"}
        gameover = None
    return {
        "version": SCENE_VERSION, "game": game.id, "title": game.spec.name,
        "move": view.get("move", game.move_number), "phase": str(view.get("phase", "")),
        "seat": view.get("seat"), "god": god,
        "chips": [{"label": "Move", "value": str(game.move_number)}],
        "headline": headline, "players": players, "table": [], "hand": hand, "picker": None,
        "prompt": prompt, "scoring": None, "scoreboard": None, "gameover": gameover,
        "log": [{"n": e["n"], "kind": e.get("kind", ""), "text": e["text"]}
                for e in view.get("log", [])[-80:]],
        "legend": [],
    }
