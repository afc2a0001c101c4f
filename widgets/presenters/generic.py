"""The fallback presenter: any engine game, drawn plainly from its view.

Players with their scores, the viewing seat's hand when the view has one (a mapping
of card kind to count, or a list of kinds), and every legal action as a button. A
game's own presenter replaces this with a real table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine import Game, IllegalAction
from ..i18n import _, bot_word
from ..scene import SCENE_VERSION, card, choice, counter, public_scores, team_outcome, team_result

# The Presenter hooks this game leaves at their defaults:
from .hooks import SHARED_SCREEN as SHARED_SCREEN
from .hooks import reaction as reaction
from .hooks import timed_reveals as timed_reveals


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
    """A game with no presenter of its own has no card picker: say what to click instead."""
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
    """A plain scene of any game's view, so a new game plays before it has a presenter."""
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
    scores = public_scores(game.spec, view)
    winners = list(view.get("winners", []))
    result = team_result(game.spec, bool(view.get("is_over")), winners, game.players)
    players = []
    for s in range(game.players):
        entry = {"seat": s, "name": names[s], "you": s == you, "bot": bot_word(bots[s]),
                 "acting": s in to_act,
                 "role": None, "winner": s in winners, "out": False,
                 "counters": [counter("score", _("Score"), scores[s], "star")] if scores else [], "note": ""}
        if result:
            entry["team"] = True
        if god:
            entry["cards"] = _hand(hands.get(s))
        players.append(entry)
    legal = game.legal_actions(actor) if actor is not None else []
    prompt = None
    if legal:
        prompt = {"title": _("Choose an action"), "groups": [{"label": _("Legal actions"), "choices": [
            choice(action_label(a, names), a, tone="primary") for a in legal]}]}
    hand = None
    if actor is not None and hands.get(actor) is not None:
        label = _("Your hand") if actor == you else _("{name}'s hand").format(name=names[actor])
        hand = {"seat": actor, "label": label,
                "cards": _hand(hands[actor]), "size": None}
    if result:
        headline, gameover = team_outcome(result, names)
    elif view.get("is_over"):
        winners = [names[w] for w in winners]
        named = _(" and ").join(winners)
        headline = {"text": _("Game over: {names} won.").format(names=named or _("nobody")), "tone": "over"}
        gameover = {"title": _("{names} won").format(names=named), "winners": winners,
                    "text": _margin(scores, view.get("winners", []), names),
                    "story": [_("How it ended:")] + [e["text"] for e in view.get("log", [])[-3:]]}
    else:
        waiting = _(" and ").join(names[s] for s in to_act)
        headline = {"text": _("Waiting for {names}.").format(names=waiting),
                    "tone": "you" if you in to_act else "wait"}
        gameover = None
    return {
        "version": SCENE_VERSION, "game": game.id, "title": game.spec.name,
        "move": view.get("move", game.move_number), "phase": str(view.get("phase", "")),
        "seat": view.get("seat"), "god": god,
        "chips": [{"label": _("Move"), "value": str(game.move_number)}],
        "headline": headline, "players": players, "table": [], "hand": hand, "picker": None,
        "prompt": prompt, "scoring": None, "scoreboard": None, "gameover": gameover,
        "log": [{"n": e["n"], "kind": e.get("kind", ""), "text": e["text"]}
                for e in view.get("log", [])[-80:]],
        "legend": [],
    }


def _margin(scores: list | None, winners: list, names: list) -> str:
    """By how much the winner won, when the scores are public (higher or lower: whichever
    side the winners are on), else nothing: a hidden score would tell hidden cards."""
    if not scores or not winners:
        return ""
    others = [s for s in range(len(scores)) if s not in winners]
    if not others:
        return ""
    best = scores[winners[0]]
    closest = min(others, key=lambda s: (abs(best - scores[s]), s))
    return _("Scores: {scores}. {winner} won by {margin} over {runner}.").format(
        scores=", ".join(f"{names[s]} {scores[s]}" for s in range(len(scores))),
        winner=names[winners[0]], margin=abs(best - scores[closest]), runner=names[closest])
