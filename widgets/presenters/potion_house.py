"""Potion House's presenter: a seat's view and legal actions, drawn as a scene.

It reads ``game.view(seat)`` and ``game.legal_actions(seat)`` only. Memory is the whole
game, so the table remembers nothing for the person: a search's ten tokens, a check and
the look at new cards are the scene's transient ``reveal`` (built from the view fields the
engine keeps only until the next action); the person sets how long it stays (the
controller's reveal-time setting, since ``timed_reveals``) or closes it, and then nothing
of it is in the page or the synced state. Your own cards are face down in the hand
(unless the easier "keep my cards visible" option). A search opens that storage space's
lid over its tokens laid out in rows (or, by the person's choice, a jumbled heap to move
with the pointer); concocting
is one row per card, each with the four spaces, clicked in the order wanted; the check
is shown space by space.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from ...engine import Game, IllegalAction
from ...engine.games.potion_house import HOUSE_INGREDIENTS, PotionHouseView
from ..i18n import bot_word
from ..scene import SCENE_VERSION, Who, card, choice, counter, log_entry, place_number, reveal, second_person

# The Presenter hooks this game leaves at their defaults:
from .hooks import SHARED_SCREEN as SHARED_SCREEN
from .hooks import reaction as reaction

R = "potion-house/"

timed_reveals = True
"""This game's reveals (a search, a check, a look at new cards) last as long as the person
sets, and hold the bots and the hand-off while open (see ``controller.TableController``)."""

MEMBER_TONES = ("red", "violet", "teal", "gold")
"""Each ingredient's tone by its place in its look-alike family (the name is on the card too)."""

POTION_TONE = {"2-3": "green", "4-5": "orange"}
"""The two double-sided potion tokens (2/3 and 4/5): a tone each, and the value printed."""

DRAW_WORD = {2: "two", 3: "three", 4: "four", 5: "five"}


class Ingredients:
    """The view's ingredient table (``card_info``): faces and names by id."""

    def __init__(self, view: PotionHouseView):
        self.info = view["card_info"]
        members: dict[str, int] = {}
        self.tone: dict[str, str] = {}
        for key, entry in self.info.items():
            family = entry["family"]
            self.tone[key] = MEMBER_TONES[members.get(family, 0) % len(MEMBER_TONES)]
            members[family] = members.get(family, 0) + 1

    def name(self, key: str) -> str:
        """An ingredient's name in the table in use (its id for an unknown one)."""
        entry = self.info.get(key)
        return entry["name"] if entry else key

    def family(self, key: str, unknown: str) -> str:
        """An ingredient's family of look-alikes (``unknown`` for an id not in the table)."""
        entry = self.info.get(key)
        return entry["family"] if entry else unknown

    def face(self, key: str, **extra: Any) -> dict:
        """An ingredient's card face: its family as icon and tag, its own tone within the family."""
        entry = self.info.get(key, {"name": key, "family": "dust"})
        return card(key, entry["name"], 1, self.tone.get(key, "ash"), entry["family"],
                    tag=entry["family"].title(), **extra)


def space_name(space: int) -> str:
    """A storage space as the table names it, counted from 1 (the engine's space 0 is
    "Storage space 1", in buttons and log alike)."""
    return f"Storage space {place_number(space)}"


def ingredient_name(key: Any) -> str:
    """An ingredient card's name where no view is at hand (an action's label): the house
    table's name, else its id in words (whatever the action holds: a label never raises)."""
    entry = HOUSE_INGREDIENTS.get(key)
    return entry["name"] if entry else str(key).replace("-", " ")


def _space(space: Any) -> str:
    """An action's space as words, whatever the action holds (a label never raises)."""
    return space_name(space) if isinstance(space, int) and not isinstance(space, bool) else f"space {space}"


def back_face(count: int) -> dict:
    """Cards seen face down, counted (a hand or a pile that is hidden)."""
    return card("face-down", "Face down", count, "ash", "back")


def potion_face(value: int) -> dict:
    """A potion token of ``value`` points, toned by its kind."""
    kind = "2-3" if value <= 3 else "4-5"
    return card(f"potion-{value}", f"{value}-point potion", 1, POTION_TONE[kind], "potion", number=value)


# --------------------------------------------------------------------------- words


def action_label(action: dict, names: Sequence[str]) -> str:
    """An action in words for the log and the buttons (never raises)."""
    kind = action.get("type")
    if kind == "declare":
        return f"declares {action.get('count')} cards"
    if kind == "search":
        return f"searches {_space(action.get('space')).lower()}"
    if kind == "concoct":
        return "concocts a potion"
    if kind == "assign":
        return f"places {ingredient_name(action.get('card'))} by {_space(action.get('space')).lower()}"
    return str(kind)


def compose(picker: str, picked: Any, target: Any, game: Game, seat: int) -> dict:
    """Potion House has no card picker: say what to click instead."""
    raise IllegalAction("core/action-format", "Potion House has no card picker: every choice is a "
                                              "button (declare, search, concoct, place a card).")


# --------------------------------------------------------------------------- the scene


def present(game: Game, seat: int | None, *, names: Sequence[str], bots: Sequence | None = None,
            you: int | None = None) -> dict:
    """The scene of ``seat``'s view (None: a spectator), with its choices."""
    view = cast(PotionHouseView, game.view(seat, names=names))  # the spec's view_type (checked by tests)
    legal = game.legal_actions(seat) if seat is not None else []
    return _scene(game, view, seat, legal, list(names), bots, you, god=False)


def present_god_view(game: Game, *, names: Sequence[str], bots: Sequence | None = None) -> dict:
    """The public view with the acting seat's choices: in this game a seat's own view hides its
    cards too (after the look), so there are no hands to gather from the seats' views."""
    view = cast(PotionHouseView, game.view(None, names=names))  # the spec's view_type (checked by tests)
    actor = game.to_act[0] if game.to_act else None
    legal = game.legal_actions(actor) if actor is not None else []
    return _scene(game, view, actor, legal, list(names), bots, None, god=True)


def _scene(game: Game, view: PotionHouseView, seat: int | None, legal: list, names: list,
           bots: Sequence | None, you: int | None, god: bool) -> dict:
    ing = Ingredients(view)
    who = Who(names, you, english=True)
    show = _reveal(view, ing, who, seat, names)
    return {
        "version": SCENE_VERSION, "game": game.id, "title": game.spec.name,
        "move": view["move"], "phase": view["phase"], "seat": view["seat"], "god": god,
        "chips": [{"label": "Round", "value": str(view["round"])},
                  {"label": "Turn", "value": str(view["turn"])},
                  {"label": "Cards to draw", "value": str(view["draw_size"])}],
        "headline": _headline(view, seat, who, legal),
        "players": _players(view, names, bots, you),
        "table": _table(view, ing, who, show),
        "hand": _hand(view, ing, seat, you, names),
        "picker": None,
        "prompt": _prompt(view, legal, ing, seat) if legal else None,
        "scoring": None,
        "scoreboard": _scoreboard(view, names) if view["is_over"] else None,
        "gameover": _gameover(view, names, you),
        "log": [dict(log_entry(e), text=second_person(e, names, you)) for e in view["log"][-80:]],
        "legend": [],
        "reveal": show,
    }


def _headline(view: PotionHouseView, seat: int | None, who: Who, legal: list) -> dict:
    if view["is_over"]:
        winners = view["winners"]
        named = " and ".join(who(w, cap=i == 0) for i, w in enumerate(winners))
        verb = "share the victory" if len(winners) > 1 else ("win" if winners == [who.you] else "wins")
        return {"text": f"Game over: {named} {verb}.", "tone": "over"}
    current = view["current"]
    phase = view["phase"]
    if legal:
        text = {"declare": "Say how many cards you draw (2 to 5): you see them once, then they lie "
                           "face down.",
                "turn": "Your turn: search one storage space, or concoct a potion with your cards.",
                "assign": "Place each card by the storage space that hides its ingredient, in the order "
                          "you choose."}[phase]
        return {"text": text, "tone": "you"}
    doing = {"declare": "is declaring a draw", "turn": "is choosing: search or concoct",
             "assign": "is placing a potion's cards"}.get(phase, "is to act")
    text = f"{who(current, cap=True)} {doing}."
    if view["ending"]:
        text += " A bag is full: this is the last round."
    return {"text": text, "tone": "wait"}


def _players(view: PotionHouseView, names: list, bots: Sequence | None, you: int | None) -> list:
    bots = list(bots) if bots else [None] * len(names)
    potion = view["potion"]
    out = []
    for s, name in enumerate(names):
        bag = view["bags"][s]
        badges = []
        if view["ended_by"] == s:
            badges.append({"text": "bag full", "tone": "muted"})
        if view["looking"] == s:
            badges.append({"text": "looking at new cards", "tone": "muted"})
        out.append({
            "seat": s, "name": name, "you": s == you, "bot": bot_word(bots[s]),
            "acting": s in view["to_act"], "role": "concocting" if potion is not None and potion["seat"] == s
            else None, "winner": s in view["winners"], "out": False,
            "counters": [counter("cards", "Cards", view["hand_sizes"][s], "back", "hand-size"),
                         counter("potions", "Potions", len(bag), "potion", "potions"),
                         counter("total", "Points", view["totals"][s], "star", "total")],
            "badges": badges,
            "tableau": {"label": f"Bag ({len(bag)} of {view['bag_size']})",
                        "cards": [potion_face(v) for v in bag], "empty": "empty bag"},
            "note": "",
        })
    return out


def _open_space(show: dict | None) -> int | None:
    return show["space"] if show and show.get("space") is not None else None


def _table(view: PotionHouseView, ing: Ingredients, who: Who, show: dict | None) -> list:
    zones: list = []
    for k in range(view["spaces"]):
        zones.append({"key": f"space-{k}", "label": space_name(k), "lid": True, "icon": "chest",
                      "text": f"{view['tokens_per_space']} tokens under the lid"})
    zones.append({"key": "draw", "label": "Draw pile",
                  "pile": {"count": view["draw_size"], "attr": "draw-size"}})
    top = ing.face(view["discard_top"]) if view["discard_top"] else None
    discard: dict = {"count": view["discard_size"], "attr": "discard-size", "fly": "all"}
    if top:
        discard["top"] = top
    zones.append({"key": "discard", "label": "Discard pile", "pile": discard})
    supply = view["potion_supply"]
    zones.append({"key": "potions", "label": "Potion tokens",
                  "lines": [{"text": f"{supply['2-3']} tokens of 2 or 3 points, {supply['4-5']} of 4 or 5",
                             "tone": "info"}]})
    potion = view["potion"]
    if potion:
        owner = potion["seat"]
        placed = [ing.face(p["card"], caption=f"{i + 1}. by space {place_number(p['space'])}")
                  for i, p in enumerate(potion["placed"])]
        waiting = [ing.face(c, caption="not placed yet") for c in potion["cards"]]
        zones.append({"key": "potion", "label": f"{who.own(owner, cap=True)} potion, face up", "tone": "cast",
                      "cards": placed + waiting,
                      "text": "The spaces are checked in the order the cards are placed; the check stops "
                              "at the first mistake.", "help": True})
    return zones


def _hand(view: PotionHouseView, ing: Ingredients, seat: int | None, you: int | None,
          names: list) -> dict | None:
    if seat is None or view["seat"] != seat:
        return None
    size = view["hand_sizes"][seat]
    label = "Your cards" if seat == you else f"{names[seat]}'s cards"
    if view["keep_cards_visible"] and view["hand"] is not None:
        cards = [ing.face(c) for c in view["hand"]]
        label += " (kept visible: the easier variant)"
    else:
        cards = [back_face(size)] if size else []
        label += " (face down: remember them)"
    return {"seat": seat, "label": label, "cards": cards, "size": size}


def _reveal(view: PotionHouseView, ing: Ingredients, who: Who, seat: int | None, names: list) -> dict | None:
    """The moment on show: a search's open space, a check, or the seat's look at new cards.

    Its key names only the move, so it says nothing about what is shown.
    """
    everyone = [names[s] for s in range(len(names))]
    shown = view["reveal"]
    if shown and shown["kind"] == "search":
        space = shown["space"]
        data = reveal(f"search-{view['move']}", f"{space_name(space)} is open: its ten tokens",
                      cards=[ing.face(t) for t in shown["tokens"]], seats=everyone,
                      text=f"{who(shown['seat'], cap=True)} lifted the lid; it closes when the time "
                           "is up.",
                      close_label="Close the lid")
        data.update(heap=True, zone=f"space-{space}")
        return data
    if shown and shown["kind"] == "check":
        steps = []
        for i, entry in enumerate(shown["cards"]):
            found = entry["found"]
            word = {True: "found", False: "missing", None: "not checked"}[found]
            place = place_number(entry["space"])
            steps.append(ing.face(entry["card"], caption=f"{i + 1}. space {place}: {word}",
                                  **({} if found else {"state": "void" if found is None else "missing"})))
        if shown["success"]:
            text = f"Every ingredient was there: a {len(steps)}-point potion for {who(shown['seat'])}."
        else:
            checked = sum(1 for e in shown["cards"] if e["found"] is not None)
            text = (f"Check {checked} of {len(steps)} found a missing ingredient: "
                    f"{who.own(shown['seat'])} cards go to the discard pile.")
        data = reveal(f"check-{view['move']}", f"{who.own(shown['seat'], cap=True)} potion, checked space "
                      "by space", cards=steps, seats=everyone, text=text)
        data["steps"] = True
        return data
    if (seat is not None and view["looking"] == seat and view["hand"] is not None
            and not view["keep_cards_visible"]):
        return reveal(f"look-{view['move']}", "Your cards: look once, then they lie face down",
                      cards=[ing.face(c) for c in view["hand"]], seats=[names[seat]],
                      text="Remember them: the table will not show them again until you concoct.",
                      close_label="Turn them face down")
    return None


def _prompt(view: PotionHouseView, legal: list, ing: Ingredients, seat: int | None) -> dict:
    phase = view["phase"]
    if phase == "declare":
        choices = [choice(f"Draw {a['count']}", a, tone="primary",
                          hint=f"{DRAW_WORD[a['count']]} cards: a potion of {a['count']} points if all "
                               "are right",
                          rule=R + "draw/declare") for a in legal]
        return {"title": "Declare your draw", "groups": [
            {"label": "How many cards do you draw? (fixed before you see them)", "choices": choices}]}
    if phase == "turn":
        size = view["hand_sizes"][seat] if seat is not None else 0
        searches = [choice(space_name(a["space"]), a, icon="eye", rule=R + "search/one-space",
                           hint="everyone sees its tokens, for a moment")
                    for a in legal if a["type"] == "search"]
        concoct = [choice(f"Concoct with your {size} cards", a, tone="primary", icon="potion",
                          rule=R + "concoct/reveal", hint="turn them over and place each by a space")
                   for a in legal if a["type"] == "concoct"]
        return {"title": "Search or concoct", "groups": [
            {"label": "Open one storage space", "choices": searches},
            {"label": "Or make a potion", "choices": concoct}]}
    rows: dict[str, dict] = {}
    for a in legal:
        row = rows.setdefault(a["card"], {
            "label": ing.name(a["card"]), "icon": ing.family(a["card"], "spark"),
            "tone": ing.tone.get(a["card"], "ash"), "card": ing.face(a["card"]),
            "text": "is hidden in", "rule": R + "concoct/assign", "choices": []})
        row["choices"].append(choice(f"Space {place_number(a['space'])}", a, tone="primary",
                                     hint=f"place {ing.name(a['card'])} by {space_name(a['space']).lower()}"))
    potion = view["potion"]
    placed = len(potion["placed"]) if potion is not None else 0
    return {"title": "Place your potion's cards", "text": f"{placed} placed so far; each click places one "
            "card, and that is the order of the check.",
            "groups": [{"label": "Pick a card, then its storage space", "rows": list(rows.values())}]}


# --------------------------------------------------------------------------- the end


def _order(view: PotionHouseView) -> list[int]:
    """Seats by the rulebook's ranking: the highest total, then the fewer potions."""
    return sorted(range(len(view["totals"])), key=lambda s: (-view["totals"][s], len(view["bags"][s]), s))


def _scoreboard(view: PotionHouseView, names: list) -> dict:
    rows = []
    for s in _order(view):
        bag = view["bags"][s]
        potions = " + ".join(str(v) for v in bag) or "none"
        rows.append({"head": {"text": names[s]},
                     "cells": [{"text": f"{potions} ({len(bag)})"},
                               {"text": str(view["totals"][s]), "strong": s in view["winners"]}]})
    return {"caption": "Final scores: the highest total wins; on a tie, the fewer potions; "
                       "still tied, the victory is shared",
            "head": ["Player", "Potions (how many)", "Total"], "rows": rows, "foot": []}


def _gameover(view: PotionHouseView, names: list, you: int | None) -> dict | None:
    """Who won, how the tie-breaks went, and the potions of the game (from the public log)."""
    if not view["is_over"]:
        return None
    who = Who(names, you, english=True)
    winners = view["winners"]
    totals, bags = view["totals"], view["bags"]
    named = " and ".join(who(w, cap=i == 0) for i, w in enumerate(winners))
    if len(winners) > 1:
        title = f"{named} share the victory"
        text = (f"Tied on {totals[winners[0]]} points with {len(bags[winners[0]])} potions each: "
                "neither tie-break separates them.")
    else:
        w = winners[0]
        title = f"{named} {'win' if w == you else 'wins'}"
        order = _order(view)
        runner = next((s for s in order if s not in winners), None)
        text = f"{who(w, cap=True)}: {totals[w]} points from {len(bags[w])} potions."
        if runner is not None:
            if totals[runner] == totals[w]:
                verb = "have" if runner == you else "has"
                text += (f" {who(runner, cap=True)} also {verb} {totals[runner]} points but with "
                         f"{len(bags[runner])} "
                         "potions: the tie-break (fewer potions) decides.")
            else:
                text += (f" {who(w, cap=True)} won by {totals[w] - totals[runner]} over {who(runner)} "
                         f"({totals[runner]}).")
    story = []
    made = {s: 0 for s in range(len(names))}
    failed = {s: 0 for s in range(len(names))}
    for e in view["log"]:
        if e.get("kind") == "potion":
            made[e["actor"]] += 1
        elif e.get("kind") == "fail":
            failed[e["actor"]] += 1
    story.append("Potions made and failed: " + ", ".join(
        f"{names[s]} {made[s]} made, {failed[s]} failed" for s in range(len(names))) + ".")
    story += [second_person(e, names, you) for e in view["log"] if e.get("kind") in ("bag-full", "game-end")]
    return {"title": title, "winners": [names[w] for w in winners], "text": text, "story": story}
