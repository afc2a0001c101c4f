"""Witching Hour's presenter: a seat's view and legal actions, drawn as a scene.

Everything here reads ``game.view(seat)`` and ``game.legal_actions(seat)`` (and, for the
explorer's god view, every seat's view); nothing reads the engine's internal state, so
a play-mode scene can only hold what that seat may know. Every clickable carries an
action the engine listed as legal; :func:`compose` turns a hand-built selection that is
*not* a legal combination into the action (or the rule) the engine judges.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from ...engine import Game, IllegalAction
from ...engine.games.witching_hour import (
    PickPending,
    SplitPending,
    WitchingHourView,
    card_words,
    read_selection,
)
from ..i18n import _, bot_word
from ..picks import picked_counts
from ..scene import SCENE_VERSION, Who, card, choice, combo_key, counter, god_log, log_entry, plural

# The Presenter hooks this game leaves at their defaults:
from .hooks import SHARED_SCREEN as SHARED_SCREEN
from .hooks import reaction as reaction
from .hooks import timed_reveals as timed_reveals

R = "witching-hour/"

TONE = {"bell": "gold", "book": "blue", "candle": "orange", "cauldron": "green",
        "chalice": "red", "familiar": "violet", "hourglass": "teal", "mirror": "silver",
        "skull": "bone", "toadstool": "pink"}

ABILITY = {
    "bell": ("Can never be used to block.", "bell/no-block"),
    "book": ("Into your Hex: see an opponent's hand, take one of their cards at random, go again.",
             "book/play"),
    "candle": ("One Candle may join any attack or block, adding one; Candles may also attack alone.",
               "candle/one"),
    "cauldron": ("Into your Hex: draw two from the discard; one goes into your Hex, one to a rival's.",
                 "cauldron/play"),
    "chalice": ("Into anyone's Hex pile. A lone Chalice in a pile scores minus three.",
                "chalice/play"),
    "familiar": ("Put one into your Hex to stop an attack (not a Toadstool attack).",
                 "familiar/block"),
    "hourglass": ("Into your Hex: take one card back from your Hex pile, go again.",
                  "hourglass/play"),
    "mirror": ("Block with Mirrors to turn the attack back on the attacker.", "mirror/reflect"),
    "skull": ("Into your Hex: take one card from the discard pile, go again.", "skull/play"),
    "toadstool": ("Attacks with it cannot be blocked; its attacker takes a random discard per Toadstool.",
                  "toadstool/unblockable"),
}


class Cards:
    """The facts about this game's card types, read from its view's ``card_info``."""

    def __init__(self, view: WitchingHourView):
        self.info: dict = view["card_info"]
        self.types = sorted(self.info, key=lambda t: self.info[t]["order"])
        """The types in the deck's fixed order."""

    def name(self, kind: str) -> str:
        """A card type's name in the deck in use."""
        return self.info[kind]["name"]

    def face(self, kind: str, count: int = 1) -> dict:
        """``count`` cards of a type as one card face."""
        return card(kind, self.name(kind), count, TONE[kind])

    def hand_faces(self, hand: dict | None) -> list:
        """A hand (type -> count) as card faces in the deck's fixed order."""
        return [self.face(kind, hand[kind]) for kind in self.types if hand and hand.get(kind)]


def _picked(action: dict) -> dict:
    """The cards an attack or block uses, as a multiset of kinds."""
    picked = {action["card"]: action["count"]}
    if action.get("candle"):
        picked["candle"] = picked.get("candle", 0) + 1
    return picked


def _cards(kind: str, count: int, candle: bool = False) -> str:
    """'3 Bells and a Candle', 'an Hourglass', '2 Hourglasses' (the engine's wording)."""
    return card_words(kind, count, candle)


# --------------------------------------------------------------------------- labels


def action_label(action: dict, names: Sequence[str]) -> str:
    """What an action does, as the predicate of a sentence: 'attacks Hazel with 2 Bells'."""
    kind = action.get("type")

    def name(key: str) -> str:
        seat = action.get(key)
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else str(seat)

    if kind == "attack":
        return f"attacks {name('target')} with {_cards(action['card'], action['count'], action['candle'])}"
    if kind == "block":
        verb = "reflects" if action["card"] == "mirror" else "blocks"
        return f"{verb} with {_cards(action['card'], action['count'], action['candle'])}"
    if kind == "familiar":
        return "stops the attack with a Familiar"
    if kind == "take":
        return "takes the attack into their Hex pile"
    if kind == "book":
        return f"plays a Book on {name('target')}"
    if kind == "chalice":
        return f"puts a Chalice into {name('target')}'s Hex pile"
    if kind in ("cauldron", "skull"):
        return f"plays {_cards(kind, 1)}"
    if kind == "hourglass":
        return "plays an Hourglass"
    if kind == "pick":
        return f"takes back {_cards(action['card'], 1)}"
    if kind == "split":
        return (f"keeps {_cards(action['keep'], 1)} and gives {_cards(action['give'], 1)} "
                f"to {name('to')}")
    return str(kind)


# --------------------------------------------------------------------------- compose


def compose(picker: str, picked: Any, target: Any, game: Game, seat: int) -> dict:
    """The action a hand-built selection means, or IllegalAction naming the rule it breaks.

    The engine reads the selection (:func:`read_selection`): one type, perhaps one Candle,
    becomes an action for it to judge; what no action can express it refuses by its rule.
    """
    if picker not in ("attack", "block"):
        raise IllegalAction("core/action-format", f"Unknown card picker {picker!r}; "
                                                  "Witching Hour has 'attack' and 'block'.")
    info = game.view(seat)["card_info"]
    # Bounded by the game's copies of each type; the engine judges what the hand holds.
    picked = picked_counts(picked, {k: v["copies"] for k, v in info.items()}, "card types")
    return read_selection(picker, picked, target)


# --------------------------------------------------------------------------- scenes


def _view(game: Game, seat: int | None, names: Sequence[str] | None = None) -> WitchingHourView:
    """``seat``'s view as the spec declares it (view_type: a test checks every view against it)."""
    return cast(WitchingHourView, game.view(seat, names=names))


def present(game: Game, seat: int | None, *, names: Sequence[str], bots: Sequence | None = None,
            you: int | None = None) -> dict:
    """The scene of ``seat``'s view (``None``: a spectator), with ``seat``'s legal choices.

    ``you`` is the seat the person at the screen plays (texts then say "you").
    """
    view = _view(game, seat, names)
    hands = {seat: view["hand"]} if seat is not None else {}
    legal = game.legal_actions(seat) if seat is not None else []
    log = [log_entry(e) for e in view["log"][-80:]]
    return _scene(game, view, hands, seat, legal, list(names), bots, you, log, god=False)


def present_god_view(game: Game, *, names: Sequence[str], bots: Sequence | None = None) -> dict:
    """The explorer's god view: every seat's hand face up, built from each seat's own view.

    Used only by the explorer. The acting seat's view supplies the pending choice (a
    Cauldron's cards, a pile to pick from); the log is the public one, with each seat's
    private version of an event attached.
    """
    views = [_view(game, s, names) for s in range(game.players)]
    public = _view(game, None, names)
    to_act = list(game.to_act)
    actor = to_act[0] if to_act else None
    base = views[actor].copy() if actor is not None else public.copy()
    base["seat"] = None
    # Each seat sees its own face-down score tokens (scoring/public): the god view shows them all.
    base["round_scores"] = [[views[s]["round_scores"][i][s] for s in range(game.players)]
                            for i in range(len(public["round_scores"]))]
    base["round_totals"] = [[views[s]["round_totals"][i][s] for s in range(game.players)]
                            for i in range(len(public["round_totals"]))]
    base["totals"] = [views[s]["totals"][s] for s in range(game.players)]
    base["scores_open"] = True
    hands = {s: views[s]["hand"] for s in range(game.players)}
    legal = game.legal_actions(actor) if actor is not None else []
    log = god_log(public, views, list(names))
    return _scene(game, base, hands, actor, legal, list(names), bots, None, log, god=True)


def _scene(game: Game, view: WitchingHourView, hands: dict, actor: int | None, legal: list, names: list,
           bots: Sequence | None, you: int | None, log: list, god: bool) -> dict:
    """Assemble the scene; ``actor`` is the seat whose hand and choices are shown."""
    deck = Cards(view)
    players = game.players
    bots = list(bots) if bots else [None] * players
    to_act = view["to_act"]
    atk = view["attack"]

    who = Who(names, you, english=True)
    roles = {}
    if atk:
        roles = {atk["attacker"]: "attacker", atk["defender"]: "defender"}
    winners = view["winners"]
    seats = []
    for s in range(players):
        rounds = " · ".join(f"R{i + 1} {_score_text(r[s])}" for i, r in enumerate(view["round_scores"]))
        entry: dict[str, Any] = {
            "seat": s, "name": names[s], "you": s == you, "bot": bot_word(bots[s]),
            "acting": s in to_act, "role": roles.get(s), "winner": s in winners,
            "out": view["hand_sizes"][s] == 0 and not view["is_over"],
            "counters": [
                counter("hand", "Hand", view["hand_sizes"][s], "back", "hand-size"),
                counter("hex", "Hex", view["hex_sizes"][s], "hex", "hex-size", fly="all"),
                counter("score", "Score", _("face down") if view["totals"][s] is None else view["totals"][s],
                        "star"),
            ],
            "note": rounds,
        }
        if god:
            entry["cards"] = deck.hand_faces(hands.get(s))
        seats.append(entry)

    scene: dict[str, Any] = {
        "version": SCENE_VERSION, "game": game.id, "title": game.spec.name,
        "move": view["move"], "phase": view["phase"], "seat": view["seat"], "god": god,
        "chips": [{"label": "Round", "value": f"{view['round']} of {view['rounds']}"},
                  {"label": "Move", "value": str(view["move"])}],
        "headline": _headline(view, actor, who, names),
        "players": seats,
        "table": _table(view, actor, who),
        "hand": None, "picker": None, "prompt": None,
        "scoring": _scoring(view, names, _scored_just_now(view["log"], you)),
        "scoreboard": _scoreboard(view, names),
        "gameover": _gameover(view, names, who),
        "log": log,
        "legend": _legend(view),
        "legend_title": _("Cards, abilities and points"),
        "legend_note": _("Points: what 1, 2, 3… copies of a card score in a Hex pile at the round's end."),
    }
    if actor is not None and hands.get(actor) is not None:
        owner = "Your hand" if actor == you else f"{names[actor]}'s hand"
        scene["hand"] = {"seat": actor, "label": owner, "cards": deck.hand_faces(hands[actor]),
                         "size": view["hand_sizes"][actor]}
    if legal:
        scene["picker"] = _picker(view, legal, names, who)
        scene["prompt"] = _prompt(view, legal, actor, names, who)
    return scene


def _headline(view: WitchingHourView, actor: int | None, who: Who, names: list) -> dict:
    atk = view["attack"]
    phase = view["phase"]
    if view["is_over"]:
        winners = " and ".join(who(w, True) for w in view["winners"])
        verb = "win" if view["winners"] == [who.you] else "wins"
        return {"text": f"Game over: {winners} {verb} with the lowest total.", "tone": "over"}
    if not view["to_act"]:
        return {"text": "", "tone": "info"}
    current = view["to_act"][0]
    mine = current == actor and who.is_you(actor)
    tone = "you" if mine else "wait"
    if phase == "turn":
        if mine:
            return {"text": "Your turn: attack an opponent, or play a card into a Hex pile.", "tone": tone}
        return {"text": f"{names[current]}'s turn: attack, or play a card into a Hex pile.", "tone": tone}
    if phase == "defend":
        assert atk is not None, "the defend phase answers an attack"
        size = plural(atk["size"], "card")
        what = _cards(atk["card"], atk["count"], atk["candle"])
        them = "it" if atk["size"] == 1 else "them"
        if mine:
            how = "turns the attack back on you" if atk["reflections"] else "attacks you"
            return {"text": f"{names[atk['attacker']]} {how}: {what}. Block with {size} of one type, "
                            f"or take {them}.", "tone": tone}
        verb = "turned the attack back on" if atk["reflections"] else "attacked"
        return {"text": f"{who(atk['attacker'], True)} {verb} {who(atk['defender'])} ({what}); "
                        f"{who(atk['defender'])} must block with {size} or take {them}.", "tone": tone}
    if phase == "pick":
        where = "the discard pile" if _pick_source(view) == "discard" else "their Hex pile"
        if mine:
            where = where.replace("their", "your")
            return {"text": f"Choose the card to take from {where} into your hand.", "tone": tone}
        return {"text": f"{names[current]} is choosing a card from {where}.", "tone": tone}
    if phase == "split":
        if mine:
            return {"text": "Share out the Cauldron's two cards: keep one in your Hex pile, "
                            "give the other away.", "tone": tone}
        return {"text": f"{names[current]} is sharing out a Cauldron's two cards.", "tone": tone}
    return {"text": "", "tone": "info"}


def _table(view: WitchingHourView, actor: int | None, who: Who) -> list:
    deck = Cards(view)
    zones: list[dict[str, Any]] = [{"key": "discard", "label": "Discard pile",
                                    "pile": {"count": view["discard_size"], "attr": "discard-size",
                                             "fly": "all"},
                                    "text": "face down"}]
    atk = view["attack"]
    if atk:
        cards = [deck.face(atk["card"], atk["count"])]
        if atk["candle"]:
            cards.append(deck.face("candle"))
        note = f"{plural(atk['size'], 'card')} to match"
        if atk["reflections"]:
            note += f" · reflected {plural(atk['reflections'], 'time')}"
        zones.append({"key": "attack", "label": f"{who(atk['attacker'], True)} → {who(atk['defender'])}",
                      "cards": cards, "text": note, "tone": "attack"})
    seen = _seen(view)
    if seen is not None and seen["kind"] == "split" and seen["cards"]:
        zones.append({"key": "cauldron", "label": "Drawn by the Cauldron",
                      "cards": [deck.face(k) for k in seen["cards"]], "text": "keep one, give one",
                      "tone": "reveal"})
    elif seen is not None and seen["kind"] == "pick":
        if seen["source"] == "discard":
            where = "The discard pile"
        else:
            assert actor is not None, "only the picking seat's own view holds the cards it picks from"
            where = f"{who.own(actor, cap=True)} Hex pile"
        zones.append({"key": "pick", "label": where + ", seen",
                      "cards": deck.hand_faces(seen["cards"]), "text": "take one into your hand",
                      "tone": "reveal"})
    return zones


def _picker(view: WitchingHourView, legal: list, names: list, who: Who) -> dict | None:
    phase = view["phase"]
    if phase == "turn":
        combos: dict = {}
        for action in legal:
            if action["type"] != "attack":
                continue
            picked = _picked(action)
            key = combo_key(picked)
            size = action["count"] + (1 if action["candle"] else 0)
            entry = combos.setdefault(key, {
                "picked": picked,
                "text": f"{_cards(action['card'], action['count'], action['candle'])}: "
                        f"an attack of {plural(size, 'card')}",
                "choices": []})
            entry["choices"].append({"target": action["target"], "label": names[action["target"]],
                                     "action": action})
        if not combos:
            return None
        targets = sorted({c["target"] for combo in combos.values() for c in combo["choices"]})
        return {"id": "attack", "title": "Build an attack", "verb": "Attack",
                "help": "Pick cards of one type (plus at most one Candle), then the opponent to attack.",
                "combos": combos, "needs_target": True,
                "targets": [{"seat": t, "label": names[t],
                             "note": plural(view["hand_sizes"][t], "card")} for t in targets],
                "empty": "Select cards in your hand to build an attack.",
                "invalid": "Not a legal attack: cards of one type, plus at most one Candle.",
                "rule": R + "attack/same-type"}
    if phase == "defend":
        atk = view["attack"]
        assert atk is not None, "the defend phase answers an attack"
        size = atk["size"]
        combos = {}
        for action in legal:
            if action["type"] != "block":
                continue
            picked = _picked(action)
            verb = "Reflect" if action["card"] == "mirror" else "Block"
            combos[combo_key(picked)] = {
                "picked": picked,
                "text": f"{verb} with {_cards(action['card'], action['count'], action['candle'])}",
                "choices": [{"label": verb, "action": action}]}
        return {"id": "block", "title": "Build a block", "verb": "Block",
                "help": f"Pick {plural(size, 'card')} of one type (a Candle may be one of them); "
                        "Mirrors reflect, Bells never block.",
                "combos": combos, "needs_target": False, "targets": [],
                "empty": (f"Select {plural(size, 'card')} in your hand to block, or choose below." if combos
                          else f"None of your cards make a block of {size}; choose below, or try one."),
                "invalid": f"Not a legal block: {plural(size, 'card')} of one type, a Candle may be one.",
                "rule": R + "block/same-number"}
    return None


def _prompt(view: WitchingHourView, legal: list, actor: int | None, names: list, who: Who) -> dict | None:
    deck = Cards(view)
    phase = view["phase"]
    if phase == "turn":
        return _ability_prompt(view, legal, actor, names, who)
    if phase == "defend":
        atk = view["attack"]
        assert atk is not None, "the defend phase answers an attack"
        blocks, other = [], []
        for action in legal:
            kind = action["type"]
            if kind == "take":
                other.append(choice("Take them into my Hex pile", action, tone="danger", icon="hex",
                                    hint="The attack's cards go face down into your Hex pile.",
                                    rule=R + "attack/take"))
            elif kind == "familiar":
                other.append(choice("Stop it with a Familiar", action, icon="familiar",
                                    hint=ABILITY["familiar"][0], rule=R + "familiar/block"))
            elif kind == "block":
                mirror = action["card"] == "mirror"
                cards = [deck.face(action["card"], action["count"])]
                if action["candle"]:
                    cards.append(deck.face("candle"))
                blocks.append(choice(("Reflect with " if mirror else "Block with ")
                                     + _cards(action["card"], action["count"], action["candle"]),
                                     action, cards=cards, tone="primary",
                                     rule=R + ("mirror/reflect" if mirror else "block/same-number")))
        groups = []
        if blocks:
            groups.append({"label": "Block", "choices": blocks})
        groups.append({"label": "Or" if blocks else "No block fits your hand", "choices": other})
        return {"title": f"Answer the attack of {plural(atk['size'], 'card')}", "groups": groups}
    if phase == "pick":
        return _pick_prompt(view, legal, actor, who)
    if phase == "split":
        splits = [choice(f"Keep {deck.name(a['keep'])}, give {deck.name(a['give'])} to {names[a['to']]}", a,
                         cards=[deck.face(a["keep"]), deck.face(a["give"])], tone="primary",
                         rule=R + "cauldron/split") for a in legal if a["type"] == "split"]
        return {"title": "Share out the Cauldron's cards",
                "groups": [{"label": "Keep, give", "choices": splits}]}
    return None


def _ability_prompt(view: WitchingHourView, legal: list, actor: int | None, names: list,
                    who: Who) -> dict | None:
    """The cards ``actor`` may play for their ability on its turn, one group per type."""
    deck = Cards(view)
    groups = []
    for kind in deck.types:  # a card played for its ability: the action type is its type
        actions = [a for a in legal if a["type"] == kind]
        if not actions:
            continue
        text, rule = ABILITY[kind]
        choices = []
        for action in actions:
            if "target" in action:
                target = action["target"]
                label = "Your own pile" if target == actor and who.is_you(actor) else names[target]
                if kind == "chalice" and target == actor and not who.is_you(actor):
                    label = f"{names[target]} (own pile)"
            else:
                label = f"Play {_cards(kind, 1)}"
            choices.append(choice(label, action, tone="primary" if "target" not in action else "normal"))
        groups.append({"label": deck.name(kind), "icon": kind, "tone": TONE[kind], "text": text,
                       "rule": R + rule, "choices": choices})
    if not groups:
        return None
    return {"title": "Or play a card into a Hex pile", "groups": groups}


def _pick_source(view: WitchingHourView) -> str | None:
    """Where the pending pick comes from (`discard`, `hex`; None: no pick pending)."""
    pending = view["pending"]
    return pending["source"] if pending is not None and pending["kind"] == "pick" else None


def _seen(view: WitchingHourView) -> PickPending | SplitPending | None:
    """The pending pick or split with the cards it offers, in the view of the seat choosing
    (only that seat's view holds them: the public shape has no ``cards``), else None."""
    pending = view["pending"]
    if pending is None or "cards" not in pending:
        return None
    return cast("PickPending | SplitPending", pending)


def _pick_prompt(view: WitchingHourView, legal: list, actor: int | None, who: Who) -> dict:
    """The cards a Skull or an Hourglass may bring back, and why any in the pile is not offered."""
    deck = Cards(view)
    seen = _seen(view)
    pool = seen["cards"] if seen is not None and seen["kind"] == "pick" else {}
    picks = [choice(f"Take {_cards(a['card'], 1)}", a, tone="primary",
                    cards=[deck.face(a["card"], pool.get(a["card"], 1))])
             for a in legal if a["type"] == "pick"]
    if _pick_source(view) == "discard":
        source = "the discard pile"
    else:
        assert actor is not None, "a pick is offered to the seat to act"
        source = f"{who.own(actor)} Hex pile"
    groups: list = [{"label": "Cards", "choices": picks}]
    # The engine lists no pick of the Hourglasses in the pile: say why (a house rule).
    if pool.get("hourglass") and not any(a["type"] == "pick" and a["card"] == "hourglass" for a in legal):
        groups.append({"label": _("House rule"), "notes": [{
            "text": _("An Hourglass cannot bring back an Hourglass: that would give endless extra "
                      "turns, so the Hourglasses in the pile stay there."),
            "rule": R + "hourglass/not-hourglass"}]})
    return {"title": f"Take one card from {source}", "groups": groups}


def _scored_just_now(log: list, you: int | None) -> bool:
    """Whether the last round's scores are news: you have not acted since (or, for a
    spectator, little has happened since), so the table is shown on the board itself."""
    for index in range(len(log) - 1, -1, -1):
        if log[index].get("kind") == "score":
            later = log[index + 1:]
            if you is None:
                return len(later) <= 3
            return not any(e.get("actor") == you and e.get("kind") not in ("deal", "last-cards", "tie")
                           for e in later)
    return False


def _scoring(view: WitchingHourView, names: list, fresh: bool = False) -> dict | None:
    deck = Cards(view)
    last = view.get("last_round")
    if not last:
        return None
    players = len(names)
    kinds = [k for k in deck.types if any(k in pile for pile in last["hex"])]
    rows = []
    for kind in kinds:
        cells = []
        for s in range(players):
            entry = last["hex"][s].get(kind)
            cells.append({"text": f"{entry['count']} → {entry['points']}" if entry else "–",
                          "value": entry["points"] if entry else None})
        rows.append({"head": {"text": deck.name(kind), "icon": kind, "tone": TONE[kind]}, "cells": cells})
    foot = [{"head": {"text": "Round score"}, "cells": [{"text": str(v)} for v in last["raw"]]}]
    if last["counted"] != last["raw"]:
        foot.append({"head": {"text": "Counted (no negative first round)"},
                     "cells": [{"text": str(v)} for v in last["counted"]]})
    foot.append({"head": {"text": "Total"}, "cells": [{"text": _score_text(v)} for v in last["totals"]]})
    return {"caption": f"Round {last['round']} scoring: each Hex pile's sets (copies → points)",
            "head": ["Card", *names], "rows": rows, "foot": foot, "round": last["round"], "fresh": fresh}


def _scoreboard(view: WitchingHourView, names: list) -> dict | None:
    if not view["round_scores"]:
        return None
    rounds = view["round_scores"]
    rows = []
    for s in range(len(names)):
        cells: list[dict[str, Any]] = [{"text": _score_text(r[s])} for r in rounds]
        cells.append({"text": _score_text(view["totals"][s]), "strong": True})
        rows.append({"head": {"text": names[s]}, "cells": cells})
    head = ["Player", *(f"R{i + 1}" for i in range(len(rounds))), "Total"]
    caption = "Scores by round (lowest total wins)"
    if not view.get("scores_open", True):
        caption = _("Scores by round (lowest total wins). Score tokens lie face down: you see your "
                    "own; the others' were announced once (house note, scoring/public).")
    return {"caption": caption, "head": head, "rows": rows, "foot": []}


def _score_text(value: int | None) -> str:
    """A score as shown: a face-down one (scoring/public) as a hidden token."""
    return _("face down") if value is None else str(value)


def _gameover(view: WitchingHourView, names: list, who: Who) -> dict | None:
    """Who won, by how much, and the story of the rounds (every score is open at the end)."""
    if not view["is_over"]:
        return None
    winners = view["winners"]
    assert None not in view["totals"], "every total is open once the game is over (scoring/public)"
    totals = cast(list[int], view["totals"])
    low = min(totals)
    named = [who(w, True) for w in winners]
    title = " and ".join(named) + (" win!" if named == ["You"] else " wins!")
    standings = sorted(range(len(names)), key=lambda s: (totals[s], s))
    text = (f"Lowest total after {view['round']} rounds: {low} points. Final totals: "
            + ", ".join(f"{names[s]} {totals[s]}" for s in standings) + ".")
    runner = next((s for s in standings if s not in winners), None)
    if runner is not None:
        text += " " + _("{who} won by {margin} over {runner}.").format(
            who=" and ".join(named), margin=plural(totals[runner] - low, "point"), runner=names[runner])
    return {"title": title, "winners": [names[w] for w in winners], "text": text,
            "story": _round_story(view["round_scores"], view["round_totals"], names, winners)}


def _round_story(rounds: list, running_totals: list, names: list, winners: list) -> list[str]:
    """One line per round (its scores, the running totals the engine kept, who led), then the
    deciding round: the one after which the winner led for good."""
    players = len(names)
    leaders: list[list[int]] = []
    lines = []
    for number, (scores, running) in enumerate(zip(rounds, running_totals, strict=True), 1):
        low = min(running)
        leaders.append([s for s in range(players) if running[s] == low])
        signed = [f"+{v}" if v >= 0 else str(v) for v in scores]
        lines.append(_("Round {n}: {scores}; running totals {totals}.").format(
            n=number, scores=", ".join(f"{names[s]} {signed[s]}" for s in range(players)),
            totals=", ".join(f"{names[s]} {running[s]}" for s in range(players))))
    if winners and rounds:
        deciding = len(rounds)
        while deciding > 1 and leaders[deciding - 2] == winners:
            deciding -= 1
        best = min(range(players), key=lambda s: (rounds[deciding - 1][s], s))
        lines.append(_("Deciding round: {n}; {who} led alone from then on ({best} scored least that "
                       "round: {points}).").format(n=deciding, who=" and ".join(names[w] for w in winners),
                                                   best=names[best], points=rounds[deciding - 1][best]))
    return lines


def _legend(view: WitchingHourView) -> list:
    deck = Cards(view)
    out = []
    for kind in deck.types:
        entry = deck.info[kind]
        if not entry["copies"]:
            continue
        text, rule = ABILITY[kind]
        out.append({"kind": kind, "name": deck.name(kind), "tone": TONE[kind], "text": text,
                    "rule": R + rule, "copies": entry["copies"],
                    "points": " · ".join(str(p) for p in entry["points"])})
    return out
