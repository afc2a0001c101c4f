"""Hocus Focus's presenter: the turned wizard, the 12 face-up wizards, a clock, the race.

Reads ``game.view(seat)`` and ``game.legal_actions(seat)`` only. Each face-up wizard is
a button that plays that seat's claim on it (in the timed game the controller puts the
clock's milliseconds into the claim's ``ms``: the click is the "Kazaam!" and the point
at once); "No match!" and "Pass" are buttons beside them. A wrong call shows which
garments matched (the engine's log entry carries ``matched``). Calls are sealed until a
round is judged, so the scene shows who has called, never what.

The wizards' pictures (``hocus_focus.pictures.json``, written by :func:`pictures` via
``tools/hocus_focus_pictures.py``) are drawn from their attributes: the body's width
is the size, and each garment is filled with its colour and that colour's pattern
(red plain, purple stripes, green dots, turquoise diagonals), so the four colours differ
without colour vision; each card's name also spells the colours' initials.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, cast

from ...engine import Game, IllegalAction
from ...engine.games.hocus_focus import HOUSE_DECK, HocusFocusView, card_facts
from ..i18n import N_, _, bot_word, ngettext, pgettext
from ..scene import SCENE_VERSION, card, choice, clock, counter, god_log, grid, log_entry, told

# The Presenter hooks this game leaves at their defaults:
from .hooks import reaction as reaction
from .hooks import timed_reveals as timed_reveals

R = "hocus-focus/"
SHARED_SCREEN = True
"""Nothing on the table is hidden from one person and shown to another (calls are sealed
only until the round is judged, and the table shows who has called, never what): several
people race at one screen, each with their own call key, with no hand-off between them."""
CALL_KEYS = ("a", "l", "z", "m", "q", "p")
"""Each person's call key at a shared keyboard, by their order at the table (far apart on
the keyboard, and none of the table's own shortcut keys)."""
SOLO_KEY = "k"
"""The call key of a lone person ("Kazaam!")."""
COUNTDOWN = 3
"""Seconds the page counts down (3, 2, 1) before a round's clock starts, with the turned
wizard hidden, and only once How to play is closed: the race starts when the person can
see the board, as the bots' times (from the round's start) assume."""

COLOUR_HEX = {"red": "#d8453c", "purple": "#9b62dc", "green": "#3c9f4b", "turquoise": "#23b5b2"}
"""The garment colours as drawn."""
MARK = {"red": "", "purple": "stripe", "green": "dot", "turquoise": "slash"}
"""The mark each colour carries over its fill (red none: plain), so no two colours look
alike in grey. Marks are drawn as shapes at points inside each garment, not as SVG
patterns: a pattern is found by id across the page, and a browser draws nothing when the
first element with that id sits in a hidden part of the page."""
HALF_WIDTH = {"thin": 2.6, "medium": 4.4, "wide": 6.4}
"""Half the robe's width at its hem, by size."""
LETTER = {"red": "R", "purple": "P", "green": "G", "turquoise": "T"}
"""Each colour's letter in the wizards' ids and pictures' pattern ids (never shown)."""
PATTERN_WORDS = {"red": N_("plain"), "purple": N_("stripes"), "green": N_("dots"),
                 "turquoise": N_("diagonal lines")}
"""What each colour's pattern looks like, for the legend."""
SIZE_TONE = {"thin": "teal", "medium": "violet", "wide": "gold"}


def _words() -> dict:
    """Attribute words, translated when drawn (not at import: the language is chosen later)."""
    return {"size": _("size"), "hat": _("hat"), "robe": _("robe"), "shoes": _("shoes"), "wand": _("wand"),
            "thin": _("thin"), "medium": _("medium"), "wide": _("wide"), "red": _("red"),
            "purple": _("purple"), "green": _("green"), "turquoise": _("turquoise")}


def _fill(colour: str) -> str:
    return f'style="fill:{COLOUR_HEX[colour]};stroke:#1b1530;stroke-width:.6"'


def _marks(colour: str, points: Sequence[tuple[float, float]]) -> str:
    """``colour``'s mark at each point (inside a garment)."""
    kind = MARK[colour]
    if not kind:
        return ""
    out = []
    for x, y in points:
        if kind == "dot":
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r=".55" '
                       'style="fill:#fff;fill-opacity:.85;stroke:none"/>')
        else:
            d = f"M{x - .8:.1f} {y:.1f}H{x + .8:.1f}" if kind == "stripe" else \
                f"M{x - .6:.1f} {y + .6:.1f}L{x + .6:.1f} {y - .6:.1f}"
            out.append(f'<path d="{d}" style="fill:none;stroke:#fff;stroke-opacity:.85;stroke-width:.5"/>')
    return "".join(out)


def wizard_svg(wizard: str) -> str:
    """A wizard's picture (the inside of a 24x24 ``<svg>``) drawn from its attributes: the
    robe's width is the size; each garment is filled with its colour and carries that
    colour's mark (:data:`MARK`)."""
    facts = card_facts(wizard)
    w = HALF_WIDTH[facts["size"]]
    hat = (f'<path d="M{12 - 3.2:.1f} 6.6L12 .8 {12 + 3.2:.1f} 6.6z" {_fill(facts["hat"])}/>'
           + _marks(facts["hat"], [(12, 3.6), (12, 5.5)]))
    head = '<circle cx="12" cy="8.4" r="1.9" style="fill:#f1d9b5;stroke:#1b1530;stroke-width:.5"/>'
    robe = (f'<path d="M{12 - w * .45:.1f} 10.3H{12 + w * .45:.1f}L{12 + w:.1f} 19.6H{12 - w:.1f}z" '
            f'{_fill(facts["robe"])}/>'
            + _marks(facts["robe"], [(12, 12.4), (12 - w * .45, 16.8), (12 + w * .45, 16.8), (12, 18.4)]))
    feet = (12 - w * .55, 12 + w * .55)
    shoes = "".join(f'<ellipse cx="{x:.1f}" cy="20.9" rx="1.9" ry="1.1" {_fill(facts["shoes"])}/>'
                    for x in feet) + _marks(facts["shoes"], [(x, 20.9) for x in feet])
    hand = 12 + w * .45 + 1.2
    wand = (f'<path d="M{hand:.1f} 13.2L21.6 4.2" '
            'style="fill:none;stroke:#1b1530;stroke-width:2.6;stroke-linecap:round"/>'
            f'<path d="M{hand:.1f} 13.2L21.6 4.2" style="fill:none;stroke:{COLOUR_HEX[facts["wand"]]};'
            'stroke-width:1.8;stroke-linecap:round"/>'
            + _marks(facts["wand"], [(hand + (21.6 - hand) * t, 13.2 - 9 * t) for t in (.3, .7)]))
    return f"{hat}{robe}{head}{shoes}{wand}"


def swatch_svg(colour: str) -> str:
    """A colour's swatch with its mark (the legend's icon)."""
    return (f'<rect x="3" y="3" width="18" height="18" rx="3" style="fill:{COLOUR_HEX[colour]};'
            'stroke:#1b1530;stroke-width:.8"/>'
            + _marks(colour, [(x, y) for x in (7.5, 12, 16.5) for y in (7.5, 12, 16.5)]))


def pictures(deck: Sequence[str] = HOUSE_DECK) -> dict:
    """Every wizard of ``deck`` by id, and each colour's swatch (``swatch-red``): what
    ``hocus_focus.pictures.json`` holds."""
    return {**{wizard: wizard_svg(wizard) for wizard in deck},
            **{f"swatch-{colour}": swatch_svg(colour) for colour in COLOUR_HEX}}


def legend() -> list:
    """The four colours, each with its pattern and letter: the game plays without colour vision."""
    words = _words()
    return [{"kind": f"colour-{colour}", "icon": f"swatch-{colour}", "name": words[colour],
             "tag": letter(colour), "tone": "ash", "text": _(PATTERN_WORDS[colour]),
             "rule": R + "claim/fit"} for colour in COLOUR_HEX]


def pictures_json() -> str:
    """The wizards' pictures as pictures.json text (tools/hocus_focus_pictures.py writes it)."""
    return json.dumps(pictures(), indent=1, sort_keys=True) + "\n"


def letter(colour: str) -> str:
    """A colour's one-letter mark as names show it, in the active language (Spanish: R rojo,
    M morado, V verde, T turquesa)."""
    return {"red": pgettext("colour letter", "R"), "purple": pgettext("colour letter", "P"),
            "green": pgettext("colour letter", "G"), "turquoise": pgettext("colour letter", "T")}[colour]


def wizard_name(wizard: str) -> str:
    """A wizard's short name: its size and the initials of hat, robe, shoes, wand colours."""
    facts = card_facts(wizard)
    return f"{_words()[facts['size']]} {'·'.join(letter(facts[g]) for g in ('hat', 'robe', 'shoes', 'wand'))}"


def _garment_colours() -> dict:
    """Each garment's colour words: a colour agrees with its garment in languages whose
    adjectives do (Spanish: sombrero rojo, túnica roja, zapatos rojos, varita roja)."""
    return {
        "hat": {"red": pgettext("hat colour", "red"), "purple": pgettext("hat colour", "purple"),
                "green": pgettext("hat colour", "green"), "turquoise": pgettext("hat colour", "turquoise")},
        "robe": {"red": pgettext("robe colour", "red"), "purple": pgettext("robe colour", "purple"),
                 "green": pgettext("robe colour", "green"),
                 "turquoise": pgettext("robe colour", "turquoise")},
        "shoes": {"red": pgettext("shoes colour", "red"), "purple": pgettext("shoes colour", "purple"),
                  "green": pgettext("shoes colour", "green"),
                  "turquoise": pgettext("shoes colour", "turquoise")},
        "wand": {"red": pgettext("wand colour", "red"), "purple": pgettext("wand colour", "purple"),
                 "green": pgettext("wand colour", "green"),
                 "turquoise": pgettext("wand colour", "turquoise")}}


def wizard_words(wizard: str) -> str:
    """Every attribute in words, for the accessible name and hints."""
    facts, words, colours = card_facts(wizard), _words(), _garment_colours()
    garments = ", ".join(_("{garment} {colour}").format(garment=words[g], colour=colours[g][facts[g]])
                         for g in ("hat", "robe", "shoes", "wand"))
    return _("{size} wizard: {garments}").format(size=words[facts["size"]], garments=garments)


def face(wizard: str, **extra: Any) -> dict:
    """A wizard's card face: its name, size tone and garments in words."""
    return card(wizard, wizard_name(wizard), 1, SIZE_TONE[card_facts(wizard)["size"]], wizard,
                caption=wizard_words(wizard), **extra)


def action_label(action: Mapping[str, Any], names: Sequence[str]) -> str:  # a view's MyCall too
    """A call in words (a claim names its wizard; a timed call its time)."""
    kind = action.get("type")
    ms = action.get("ms")
    at = _(" at {ms} ms").format(ms=ms) if isinstance(ms, int) and ms else ""
    if kind == "claim" and isinstance(action.get("card"), str):
        try:
            return _("Kazaam! {card}").format(card=wizard_name(action["card"])) + at
        except (ValueError, KeyError):
            return _("Kazaam! {card}").format(card=action["card"]) + at
    if kind == "no-match":
        return _("No match!") + at
    if kind == "pass":
        return _("Pass")
    return str(kind)


def compose(picker: str, picked: Any, target: Any, game: Game, seat: int) -> dict:
    """Hocus Focus has no card picker: say what to click instead."""
    raise IllegalAction("core/action-format", _("Hocus Focus has no card picker: click a wizard to claim "
                                                "it, or press No match! or Pass."))


def _values(entry: dict) -> dict:
    """A log event's fields in the table's words: wizards by name, garments translated."""
    words = _words()
    values = {}
    for key in ("card", "turned"):
        if isinstance(entry.get(key), str):
            try:
                values[key] = wizard_name(entry[key])
            except (ValueError, KeyError):
                pass
    if isinstance(entry.get("matched"), list):
        values["same"] = ", ".join(words.get(m, m) for m in entry["matched"])
    return values


def _log(view: HocusFocusView, names: Sequence[str], you: int | None) -> list:
    """The last 80 log lines in the table's language, told to ``you``."""
    return [dict(log_entry(e), text=told(e, names, you, _values(e))) for e in view["log"][-80:]]


def present(game: Game, seat: int | None, *, names: Sequence[str], bots: Sequence | None = None,
            you: int | None = None) -> dict:
    """The scene of ``seat``'s view, with its calls while it may still call."""
    view = cast(HocusFocusView, game.view(seat, names=names))  # the spec's view_type (checked by tests)
    legal = game.legal_actions(seat) if seat is not None and seat in view["to_act"] else []
    return _scene(game, view, legal, seat, list(names), bots, you, _log(view, names, you), god=False)


def present_god_view(game: Game, *, names: Sequence[str], bots: Sequence | None = None) -> dict:
    """The explorer's scene: the public view, with every seat's own log entries merged in."""
    view = cast(HocusFocusView, game.view(None, names=names))  # the spec's view_type (checked by tests)
    views = [_told(cast(HocusFocusView, game.view(s, names=names)), names) for s in range(game.players)]
    actor = view["to_act"][0] if view["to_act"] else None
    legal = game.legal_actions(actor) if actor is not None else []
    return _scene(game, view, legal, actor, list(names), bots, None,
                  god_log(_told(view, names), views, list(names)), god=True)


def _told(view: HocusFocusView, names: Sequence[str]) -> dict:
    """A view whose log reads in the table's language (the explorer compares seats' texts)."""
    return {**view, "log": [dict(e, text=told(e, names, None, _values(e))) for e in view["log"]]}


def _feedback(view: HocusFocusView, names: list, you: int | None) -> list:
    """Lines on the last judged round: who won what, and each wrong claim's matching garments."""
    last = view.get("last_round")
    if not last:
        return []
    words = _words()
    lines = []
    wrong = {e.get("actor"): e for e in view["log"] if e.get("kind") == "wrong"
             and e["n"] > max((x["n"] for x in view["log"] if x.get("kind") in ("turn", "turn-untimed")
                               and x.get("round") == last["round"]), default=-1)}
    for call in last.get("calls", []):
        name, mine = names[call["seat"]], call["seat"] == you
        result = call.get("result")
        if result == "wrong" and call["seat"] in wrong:
            assert call["card"] is not None, "a wrong claim points (a wrong No match! logs wrong-no-match)"
            matched = ", ".join(words.get(m, m) for m in wrong[call["seat"]].get("matched", []))
            text = (_("You were wrong: {card} shares {same} with the turned wizard.") if mine else
                    _("{name} was wrong: {card} shares {same} with the turned wizard."))
            lines.append({"text": text.format(name=name, card=wizard_name(call["card"]), same=matched),
                          "tone": "status"})
        elif result == "wrong":
            text = (_("You called No match! wrongly: a wizard fitted.") if mine else
                    _("{name} called No match! wrongly: a wizard fitted."))
            lines.append({"text": text.format(name=name), "tone": "status"})
        elif result == "slow":
            text = (_("You pointed too late (the expert time limit).") if mine else
                    _("{name} pointed too late (the expert time limit)."))
            lines.append({"text": text.format(name=name), "tone": "status"})
        elif result == "right":
            card = call["card"]
            what = wizard_name(card) if card else _("the turned wizard")
            text = _("You won {card}.") if mine else _("{name} won {card}.")
            lines.append({"text": text.format(name=name, card=what), "tone": "outcome"})
    if last.get("outcome") == "tie":
        lines.append({"text": _("A tie: the turned wizard is set aside for the next round's winner."),
                      "tone": "info"})
    return lines


def _gameover(view: HocusFocusView, names: list, winners: list, named: str, you: int | None) -> dict:
    """Who won, by how many wizards over the runner-up, and how the rounds went (game/target,
    game/pile-empty), from the view alone."""
    scores = view["scores"]
    best = max(scores)
    runner = max((scores[s] for s in range(len(scores)) if s not in winners), default=None)
    text = _("Final count: {counts}.").format(counts=", ".join(
        f"{names[s]} {scores[s]}" for s in sorted(range(len(scores)), key=lambda s: (-scores[s], s))))
    if runner is not None:
        behind = ", ".join(names[s] for s in range(len(scores)) if scores[s] == runner)
        n = best - runner
        margin = (ngettext("You won by {n} wizard over {runner}.", "You won by {n} wizards over {runner}.", n)
                  if winners == [you] else
                  ngettext("{who} won by {n} wizard over {runner}.",
                           "{who} won by {n} wizards over {runner}.", n))
        text += " " + margin.format(who=named, n=best - runner, runner=behind)
    kinds = [e.get("kind") for e in view["log"]]
    story = [_("{rounds} rounds: {claims} won by a right claim, {nomatch} by a right No match!, "
               "{aside} set aside (ties or nobody right).").format(
        rounds=view["round"], claims=kinds.count("right"), nomatch=kinds.count("right-no-match"),
        aside=kinds.count("tie") + kinds.count("nobody"))]
    wrong = kinds.count("wrong") + kinds.count("wrong-no-match") + kinds.count("slow")
    if wrong:
        story.append(ngettext("{n} wrong call barred its caller for a round.",
                              "{n} wrong calls barred their callers for a round.", wrong).format(n=wrong))
    last = view.get("last_round")
    if "pile-empty" in kinds:
        story.append(_("The draw pile ran out, so the most wizards won."))
    elif last and last["winner"] is not None:
        reached = (_("You reached {target} wizards in round {n}.") if last["winner"] == you else
                   _("{name} reached {target} wizards in round {n}."))
        story.append(reached.format(name=names[last["winner"]], target=view["target"], n=last["round"]))
    title = _("You won") if winners == [you] else _("{names} won").format(names=named or _("nobody"))
    return {"title": title,
            "winners": [names[w] for w in winners], "text": text, "story": story}


def _scene(game: Game, view: HocusFocusView, legal: list, actor: int | None, names: list,
           bots: Sequence | None, you: int | None, log: list, god: bool) -> dict:
    timed = view["mode"] == "timed"
    told_who = bots is not None  # the controller says who is a person (None) and who a bot
    bots = list(bots) if bots else [None] * game.players
    to_act, acted = view["to_act"], view.get("acted", [])
    winners = list(view.get("winners", []))
    table = _table(view, legal, actor, names, you, god)
    scores = view["scores"]
    players = _players(view, game.players, names, bots, you, timed)
    prompt = None
    others = [a for a in legal if a["type"] != "claim"]
    people = ([s for s in range(game.players) if bots[s] is None] if told_who
              else [actor] if actor is not None else []) if not god else []
    several = len(people) > 1 and timed
    if legal:
        callers = [s for s in people if s in to_act] if several else [actor if god else None]
        choices = [choice((_("No match!") if a["type"] == "no-match" else _("Pass"))
                          + (_(" · {name}").format(name=names[s]) if several and s is not None else ""), a,
                          tone="primary" if a["type"] == "no-match" else "normal",
                          hint=_("No face-up wizard fits: win the turned card.") if a["type"] == "no-match"
                          else _("Give up this round."),
                          rule=R + ("no-match/right" if a["type"] == "no-match" else "time/pass"),
                          seat=s)
                   for s in callers for a in others]
        prompt = {"title": _("Kazaam!"), "text": _("Click the wizard with nothing in common with the "
                                                   "turned one (or press Tab to it and Enter)."),
                  "groups": [{"label": _("Calls"), "choices": choices}]}
    headline, gameover = _headline(view, legal, names, winners, you)
    scene: dict[str, Any] = {
        "version": SCENE_VERSION, "game": game.id, "title": game.spec.name,
        "move": view["move"], "phase": view["mode"], "seat": view.get("seat"), "god": god,
        "chips": [{"label": _("Round"), "value": str(view["round"])},
                  {"label": _("Draw pile"), "value": str(view["draw_size"])},
                  {"label": _("Goal"), "value": str(view["target"])}],
        "headline": headline, "players": players, "table": table, "hand": None, "picker": None,
        "prompt": prompt, "scoring": None,
        "scoreboard": {"caption": _("The race"), "head": [_("Player"), _("Wizards")],
                       "rows": [{"head": {"text": names[s]}, "cells": [{"text": str(scores[s]),
                                                                        "strong": s in winners}]}
                                for s in sorted(range(game.players), key=lambda s: -scores[s])], "foot": []},
        "gameover": gameover, "log": log, "legend": legend(),
        "legend_title": _("Colours"),
        "legend_note": _("Each colour has its own pattern and letter, so the game plays without "
                         "colour vision; a wizard's name spells its hat, robe, shoes and wand."),
    }
    if timed and legal and any("ms" in a for a in legal):
        scene["clock"] = {**clock(f"round-{view['round']}-{view['move'] - len(acted)}", _("Time"), field="ms",
                                  point_field="point_ms"),
                          "countdown": COUNTDOWN,
                          "ready": _("Get ready: {n}"),
                          "closed": _("The round starts when How to play is closed.")}
        scene["calls"] = _calls(people if several else [actor] if not god else [], to_act, names, you)
    return scene


def _table(view: HocusFocusView, legal: list, actor: int | None, names: list, you: int | None,
           god: bool) -> list:
    """The turned wizard, the face-up board (each claimable wizard clickable), the draw pile,
    the wizards set aside and what the last round showed."""
    claims = {a["card"]: a for a in legal if a["type"] == "claim"}
    board = []
    for wizard in view["board"]:
        action = claims.get(wizard)
        extra = {"action": action, "hint": _("Kazaam! Claim this wizard.")} if action else {}
        if action and god:
            extra["seat"] = actor
        board.append(face(wizard, **extra))
    turned = view.get("turned")
    table = [{"key": "turned", "label": _("The turned wizard"),
              "cards": [face(turned)] if turned else [], "text": _("Round {n}").format(n=view["round"]),
              "tone": "cast",
              "lines": [{"text": _("Find a face-up wizard of another size with every garment "
                                   "another colour."),
                         "tone": "info"}]},
             {"key": "board", "label": _("Face-up wizards"), "grid": grid(board, columns=4), "text": ""},
             {"key": "draw", "label": _("Draw pile"),
              "pile": {"count": view["draw_size"], "attr": "draw-size"},
              "text": ""}]
    if view.get("set_aside"):
        table.append({"key": "set-aside", "label": _("Set aside (tie)"),
                      "cards": [face(w) for w in view["set_aside"]], "small": True, "text": ""})
    feedback = _feedback(view, names, you)
    if feedback:
        table.append({"key": "result", "label": _("Last round"), "lines": feedback, "text": ""})
    return table


def _players(view: HocusFocusView, count: int, names: list, bots: list, you: int | None,
             timed: bool) -> list:
    """Each seat's row: wizards won of the target, barred or called this round."""
    to_act, acted, barred = view["to_act"], view.get("acted", []), view.get("barred", [])
    winners, scores = list(view.get("winners", [])), view["scores"]
    players = []
    for s in range(count):
        badges = []
        if s in barred:
            badges.append({"text": _("barred"), "tone": "danger"})
        if timed and s in acted and not view["is_over"]:
            badges.append({"text": _("called")})
        players.append({"seat": s, "name": names[s], "you": s == you, "bot": bot_word(bots[s]),
                        "acting": s in to_act,
                        "role": None, "winner": s in winners, "out": False,
                        "counters": [counter("won", _("Wizards"), scores[s], "star", "won")],
                        "note": _("{n} of {target}").format(n=scores[s], target=view["target"]),
                        "badges": badges})
    return players


def _headline(view: HocusFocusView, legal: list, names: list, winners: list,
              you: int | None) -> tuple[dict, dict | None]:
    """The headline (game over, the round's call to find, or whom we wait for) and the game-over story."""
    to_act = view["to_act"]
    my_call = view.get("my_call")
    if view["is_over"]:
        named = _(" and ").join(names[w] for w in winners)
        over = (_("Game over: you won.") if winners == [you] else
                _("Game over: {names} won.").format(names=named or _("nobody")))
        headline = {"text": over, "tone": "over"}
        gameover = _gameover(view, names, winners, named, you)
    elif legal:
        headline = {"text": _("Round {n}: find the wizard with nothing in common!").format(n=view["round"]),
                    "tone": "you"}
        gameover = None
    else:
        text = _("Waiting for {names}.").format(names=_(" and ").join(names[s] for s in to_act))
        if my_call:
            text = _("You called {call}; waiting for the others.").format(call=action_label(my_call, names)) \
                   + " " + text
        headline, gameover = {"text": text, "tone": "wait"}, None
    return headline, gameover


def _calls(people: list, to_act: Sequence[int], names: list, you: int | None) -> dict | None:
    """The call keys: a lone person's "Kazaam!" key, or one key per person at a shared
    keyboard; after the key, the card is pointed at with the arrows and Enter (or a click)."""
    keys = [SOLO_KEY] if len(people) == 1 else list(CALL_KEYS)
    entries = [{"seat": s, "name": names[s], "key": keys[i],
                "label": _("Kazaam!") if len(people) == 1 else _("Kazaam! · {name}").format(name=names[s])}
               for i, s in enumerate(people[:len(keys)]) if s in to_act]
    if not entries:
        return None
    return {"grid": "board", "keys": entries,
            "help": _("Press your call key for Kazaam!, then point at the wizard (arrows and Enter, or "
                      "a click)."),
            "pointing": _("Kazaam! {name}: now point at the wizard (arrows and Enter, or a click); Esc "
                          "takes the call back.")}
