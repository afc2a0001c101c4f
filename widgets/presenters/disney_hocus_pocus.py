"""Disney Hocus Pocus: The Game's presenter: a seat's view and legal actions, drawn as a scene.

It reads ``game.view(seat)`` and ``game.legal_actions(seat)`` only (the explorer's god view
reads every seat's view), and the game package's public names for words (colours,
ingredients, Spell effects). Every button carries an action the engine listed; which card
fits which pile, when a Trick token may be used and what stuns whom are the engine's to say.

The table: the Cauldron's five piles (top card and depth, or the printed space of an empty
one), the sunrise track, the witch board with the Stun token, the deck with a warning when
it runs low, the Spell just cast (its caster, and its effect or "missed"), the four Trick
tokens (used ones turned over), Binx and the hand he shows, and this round's questions with
each answer beside its player. A question is two clicks: open "a colour" or "an
ingredient", then pick which.

For the explorer's three columns (docs/widgets.md, "In the three columns") the scene marks
what only repeats the board (``repeats``: Binx's zone, the sunrise track, the answer badges),
the zones' static help (``help``), the tokens drawn as chips (the witches, the Trick tokens)
and the latest question (``compact_lines``); the god view draws a hand Binx shows once,
as the hand.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, cast

from ...engine import Game, IllegalAction
from ...engine.games.disney_hocus_pocus import SPELL_EFFECTS, DisneyHocusPocusView, parse
from ..i18n import N_, _, bot_word, ngettext, pgettext
from ..picks import hand_counts, picked_counts
from ..scene import (
    SCENE_VERSION,
    Who,
    card,
    choice,
    combo_key,
    counter,
    god_log,
    grid,
    log_entry,
    second_person,
    team_outcome,
    team_result,
)

# The Presenter hooks this game leaves at their defaults:
from .hooks import SHARED_SCREEN as SHARED_SCREEN
from .hooks import reaction as reaction
from .hooks import timed_reveals as timed_reveals

R = "disney-hocus-pocus/"

TONE = {"purple": "violet", "orange": "orange", "blue": "blue", "green": "green", "yellow": "gold"}
"""Each Ingredient colour's card tone (the colour word is on the card too)."""

COLOUR_NAMES = {"purple": N_("Purple"), "orange": N_("Orange"), "blue": N_("Blue"), "green": N_("Green"),
                "yellow": N_("Yellow")}
TYPE_NAMES = {"newt-saliva": N_("Newt Saliva"), "dead-mans-toe": N_("Dead Man's Toe"),
              "oil-of-boil": N_("Oil of Boil"), "herb-thats-red": N_("Herb That's Red"),
              "dash-of-pox": N_("Dash of Pox")}
TYPE_SHORT = {"newt-saliva": N_("Newt"), "dead-mans-toe": N_("Toe"), "oil-of-boil": N_("Oil"),
              "herb-thats-red": N_("Herb"), "dash-of-pox": N_("Pox")}
"""The word on the card itself (the full name is in its title and every button)."""
SYMBOL_NAMES = {"binx": N_("Binx"), "book": N_("Spell Book")}
SYMBOL_SHORT = {"binx": N_("Binx"), "book": N_("Book")}
WITCH_NAMES = {"winifred": N_("Winifred"), "mary": N_("Mary"), "sarah": N_("Sarah"),
               "all": N_("all three sisters")}
WITCH_STUN = {"winifred": N_("stunned by one ingredient in five colours"),
              "mary": N_("stunned by five tops of one ingredient"),
              "sarah": N_("stunned by five tops of one colour")}
WITCH_TONE = {"winifred": "red", "mary": "teal", "sarah": "pink", "all": "violet"}
TRICKS = {
    "circle-of-salt": (N_("Circle of Salt"), N_("Ignore a Spell just drawn."), "salt"),
    "daylight-savings": (N_("Daylight Savings Time"),
                         N_("After asking: swap a card with a player; each of you picks your own."), "swap"),
    "billy-butcherson": (N_("Billy Butcherson"), N_("No play and no draw this turn."), "skull"),
    "burning-rain": (N_("Burning Rain of Death"), N_("Discard three, draw three, then play as usual."),
                     "rain"),
}
OUTCOME = {"drawn": N_("drawn: use Circle of Salt or let it work"), "cast": N_("cast"),
           "missed": N_("missed: its caster is stunned"), "salted": N_("ignored (Circle of Salt)")}


def low_deck(players: int) -> int:
    """The deck size from which the table is warned: about two rounds of end-of-turn draws.

    Only a *required* draw from an empty deck loses (a Spell's, or replacing discards), but
    with this few left one failed play can end the game.
    """
    return 2 * players


# --------------------------------------------------------------------------- words


def colour_name(colour: str) -> str:
    """A colour as the table's language names it."""
    return _(COLOUR_NAMES.get(colour, colour))


def type_name(kind: str) -> str:
    """An Ingredient type as the table's language names it."""
    return _(TYPE_NAMES.get(kind, kind))


def card_name(name: str) -> str:
    """``"blue:oil-of-boil:binx"`` -> ``Blue Oil of Boil (Binx)``."""
    colour, kind, symbol = parse(name)
    text = _("{colour} {ingredient}").format(colour=colour_name(colour), ingredient=type_name(kind))
    if symbol:
        text = _("{card} ({symbol})").format(card=text, symbol=_(SYMBOL_NAMES.get(symbol, symbol)))
    return text


def colour_letter(colour: str) -> str:
    """A colour's letter where a card is drawn small (Binx's chips, where orange and yellow
    tints look alike), as Hocus Focus's wizard names spell theirs (same "colour letter" context)."""
    return {"purple": pgettext("colour letter", "P"), "orange": pgettext("colour letter", "O"),
            "blue": pgettext("colour letter", "B"), "green": pgettext("colour letter", "G"),
            "yellow": pgettext("colour letter", "Y")}[colour]


def face(name: str, count: int = 1, lettered: bool = False, **extra: Any) -> dict:
    """An Ingredient as a card face: its colour's tone and word (the tag on top), its
    ingredient's picture and short name, its symbol's word after the name (so colour is never
    the only cue, and the tag stays one word as wide as the card). ``lettered``: the name also
    carries the colour's letter, for a chip, which has no tag."""
    colour, kind, symbol = parse(name)
    short = _(TYPE_SHORT.get(kind, kind))
    if symbol:
        short = _("{ingredient} · {symbol}").format(ingredient=short,
                                                     symbol=_(SYMBOL_SHORT.get(symbol, symbol)))
    if lettered:
        short = _("{ingredient} ({letter})").format(ingredient=short, letter=colour_letter(colour))
    data = card(name, short, count, TONE.get(colour, "ash"), kind, tag=colour_name(colour))
    data.update(extra)
    return data


CARD_NAME = re.compile(r"\b([a-z]+):([a-z-]+)(?::(binx|book))?\b")
BARE_TYPE = re.compile(r"(?<![\w:-])(?:" + "|".join(map(re.escape, TYPE_NAMES)) + r")(?![\w-])")
"""An ingredient named alone (the question "who has dash-of-pox")."""


def readable(text: str) -> str:
    """The engine's log names cards by id (``blue:oil-of-boil:book``) and ingredients by theirs
    (``dash-of-pox``); the table reads them as names."""
    def name(match: re.Match) -> str:
        colour, kind, _symbol = match.groups()
        if colour not in COLOUR_NAMES or kind not in TYPE_NAMES:
            return match.group(0)
        return card_name(match.group(0))
    return BARE_TYPE.sub(lambda m: type_name(m.group(0)), CARD_NAME.sub(name, text))


def hand_faces(cards: Sequence[str] | None, lettered: bool = False) -> list:
    """A hand as card faces, one per name with its count (so alike cards stack)."""
    counts: dict[str, int] = {}
    for name in cards or ():
        counts[name] = counts.get(name, 0) + 1
    return [face(name, n, lettered) for name, n in counts.items()]


def question_text(about: str, value: str) -> str:
    """What a question asks about (a colour or an Ingredient), in words."""
    return colour_name(value) if about == "colour" else type_name(value)


def witch_name(witch: str) -> str:
    """A Sanderson sister (a Spell's caster) as the table's language names her."""
    return _(WITCH_NAMES.get(witch, witch))


# --------------------------------------------------------------------------- labels


def action_label(action: dict, names: Sequence[str]) -> str:
    """What an action does, as the predicate of a sentence: 'asks who has Purple'."""
    kind = action.get("type")

    def name(key: str) -> str:
        seat = action.get(key)
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else str(seat)

    def cards(key: str = "cards") -> str:
        return _(", ").join(card_name(c) for c in action.get(key) or [])

    if kind == "ask":
        return _("asks who has {what}").format(what=question_text(action["about"], action["value"]))
    if kind == "play":
        return _("plays {card} onto pile {pile}").format(card=card_name(action["card"]),
                                                          pile=action["pile"] + 1)
    if kind == "no-play":
        return _("cannot play: a Spell is cast")
    if kind == "discard":
        return _("discards {cards} and draws as many").format(cards=cards())
    if kind == "binx":
        return _("places Binx before {name}").format(name=name("seat"))
    if kind == "circle-of-salt":
        return _("uses Circle of Salt: the Spell is ignored")
    if kind == "accept-spell":
        return _("lets the Spell work")
    if kind == "daylight-savings":
        return _("uses Daylight Savings Time with {name}, offering {card}").format(
            name=name("with"), card=card_name(action["card"]))
    if kind == "give":
        return _("gives {card} in the swap").format(card=card_name(action["card"]))
    if kind == "billy-butcherson":
        return _("uses Billy Butcherson: no play, no draw")
    if kind == "burning-rain":
        return _("uses Burning Rain of Death on {cards}").format(cards=cards())
    return str(kind)


# --------------------------------------------------------------------------- compose


def compose(picker: str, picked: Any, target: Any, game: Game, seat: int) -> dict:
    """A hand-built discard that is not a listed one, as the action the engine judges.

    Every legal discard is listed, so a miss is an empty or impossible selection; the
    engine's refusal names the rule (``play/cannot``).
    """
    if picker != "discard":
        raise IllegalAction("core/action-format", f"Unknown card picker {picker!r}; "
                                                  "Disney Hocus Pocus has 'discard'.")
    hand = _view(game, seat)["hand"]
    assert hand is not None, "a seat's own view holds its hand (only a spectator's has none)"
    counts = picked_counts(picked, hand_counts(hand), "Ingredients in your hand")
    return {"type": "discard", "cards": sorted(k for k, n in counts.items() for _ in range(n))}


# --------------------------------------------------------------------------- scenes


def present(game: Game, seat: int | None, *, names: Sequence[str], bots: Sequence | None = None,
            you: int | None = None) -> dict:
    """The scene of ``seat``'s view (``None``: a spectator), with ``seat``'s legal choices."""
    view = _view(game, seat, names)
    hands = {seat: view["hand"]} if seat is not None else {}
    legal = game.legal_actions(seat) if seat is not None else []
    log = [log_entry(e) for e in _told(view, names, you)["log"][-80:]]
    return _scene(game, view, hands, seat, legal, list(names), bots, you, log, god=False)


def present_god_view(game: Game, *, names: Sequence[str], bots: Sequence | None = None) -> dict:
    """The explorer's god view: every hand face up, from each seat's own view."""
    views = [_view(game, s, names) for s in range(game.players)]
    public = _view(game, None, names)
    actor = game.to_act[0] if game.to_act else None
    base = views[actor].copy() if actor is not None else public.copy()
    base["seat"] = None
    hands = {s: views[s]["hand"] for s in range(game.players)}
    legal = game.legal_actions(actor) if actor is not None else []
    return _scene(game, base, hands, actor, legal, list(names), bots, None,
                  god_log(_told(public, names, None), [_told(v, names, None) for v in views], list(names)),
                  god=True)


def _view(game: Game, seat: int | None, names: Sequence[str] | None = None) -> DisneyHocusPocusView:
    """``seat``'s view as the spec declares it (view_type: a test checks every view against it)."""
    return cast(DisneyHocusPocusView, game.view(seat, names=names))


def _told(view: DisneyHocusPocusView, names: Sequence[str], you: int | None) -> dict:
    """A view whose log reads as the table tells it: cards by name, piles counted from 1,
    and the person at the screen (``you``) in the second person."""
    return {**view, "log": [dict(e, text=readable(second_person(e, names, you))) for e in view["log"]]}


def _scene(game: Game, view: DisneyHocusPocusView, hands: dict, actor: int | None, legal: list, names: list,
           bots: Sequence | None, you: int | None, log: list, god: bool) -> dict:
    who = Who(names, you)
    bots = list(bots) if bots else [None] * game.players
    result = team_result(game.spec, view["is_over"], view["winners"], game.players)
    scene: dict[str, Any] = {
        "version": SCENE_VERSION, "game": game.id, "title": game.spec.name,
        "move": view["move"], "phase": view["phase"], "seat": view["seat"], "god": god,
        "chips": [{"label": _("Round"), "value": str(view["round"])},
                  {"label": _("Stuns"), "value": f"{view['stuns']} / {view['sun_top']}"},
                  {"label": _("Deck"), "value": str(view["deck_size"])},
                  {"label": _("Move"), "value": str(view["move"])}],
        "headline": _headline(view, actor, who),
        "players": _players(view, hands, names, bots, you, god, bool(result)),
        "table": _table(view, who),
        "hand": None, "picker": None, "prompt": None, "scoring": None, "scoreboard": None,
        "gameover": None, "log": log, "legend": _legend(view),
        "legend_title": _("The Spells of this game"),
        "legend_note": _("A Spell of the stunned sister misses; those of all three never miss."),
    }
    if result:
        scene["headline"], scene["gameover"] = team_outcome(result, names)
        how = _how(view)
        if how:
            scene["gameover"]["text"] = how
        last = [entry["text"] for entry in log[-3:]] if isinstance(log, list) else []
        scene["gameover"]["story"] = [_("How it ended:"), *[t for t in last if isinstance(t, str) and t]]
    if actor is not None and hands.get(actor) is not None:
        label = _("Your hand") if actor == you else _("{name}'s hand").format(name=names[actor])
        scene["hand"] = {"seat": actor, "label": label, "cards": hand_faces(hands[actor]),
                         "size": view["hand_sizes"][actor]}
    if legal:
        scene["picker"] = _picker(view, legal)
        scene["prompt"] = _prompt(view, legal, actor, who)
    return scene


def _how(view: DisneyHocusPocusView) -> str:
    """How the game ended, in the engine's words (its last game-end log entry, with names)."""
    for entry in reversed(view["log"]):
        if entry.get("kind") == "game-end":
            return readable(entry["text"])
    return ""


def _headline(view: DisneyHocusPocusView, actor: int | None, who: Who) -> dict:
    if view["is_over"] or not view["to_act"]:
        return {"text": "", "tone": "info"}
    current = view["current"]
    acting = view["to_act"][0]
    mine = actor is not None and acting == actor and actor == who.you
    tone = "you" if mine else "wait"
    name = who(current, True)
    phase = view["phase"]
    texts = {
        "ask": (_("Your turn: ask who has a colour or an ingredient."),
                _("{name}'s turn: asking a question.")),
        "play": (_("Play an Ingredient onto a pile that matches it by colour or ingredient."),
                 _("{name}'s turn: playing an Ingredient.")),
        "salt": (_("A Spell was drawn: use Circle of Salt on it, or let it work."),
                 _("{name} decides whether to use Circle of Salt on the Spell.")),
        "binx": (_("Place Binx before a player: that hand is shown to everyone."),
                 _("{name} places Binx.")),
        "discard": (_("You could not play: discard one or more cards and draw as many."),
                    _("{name} could not play and replaces cards.")),
        "swap": (_("Daylight Savings Time: choose the card you give {name}."),
                 _("{other} chooses a card to swap with {name}.")),
    }
    yours, theirs = texts.get(phase, ("", ""))
    if mine:
        return {"text": yours.format(name=who(current)), "tone": tone}
    return {"text": theirs.format(name=name, other=who(acting, True)), "tone": tone}


def _players(view: DisneyHocusPocusView, hands: dict, names: list, bots: list, you: int | None, god: bool,
             team: bool) -> list:
    questions = view["questions"]
    last = questions[-1] if questions else None
    seats = []
    for s in range(len(names)):
        badges = []
        if last is not None:
            answer = last["answers"][s]
            what = question_text(last["about"], last["value"])
            # the latest line of "Questions this round" says the same (the three columns leave these out)
            if answer is None:
                badges.append({"text": _("asked: {what}?").format(what=what), "tone": "muted",
                               "repeats": True})
            else:
                badges.append({"text": (_("yes: {what}") if answer else _("no: {what}")).format(what=what),
                               "tone": "yes" if answer else "no", "repeats": True})
        if view["binx"] == s:
            badges.append({"text": _("Binx: hand shown"), "tone": "binx"})
        role = None
        if s == view["current"] and not view["is_over"]:
            role = _("your turn") if s == you else _("their turn")
        entry: dict[str, Any] = {
            "seat": s, "name": names[s], "you": s == you, "bot": bot_word(bots[s]),
            "acting": s in view["to_act"], "role": role, "winner": s in view["winners"], "out": False,
            "counters": [counter("hand", _("Hand"), view["hand_sizes"][s], "back", "hand-size")],
            "badges": badges, "note": "",
        }
        if view["binx"] == s and view["binx_hand"] is not None and not god:  # the god view draws the hand
            entry["tableau"] = {"label": _("Shown by Binx"), "cards": hand_faces(view["binx_hand"], True),
                                "empty": _("no cards")}
        if team:
            entry["team"] = True
        if god:
            entry["cards"] = hand_faces(hands.get(s))
        seats.append(entry)
    return seats


# --------------------------------------------------------------------------- the table


def _table(view: DisneyHocusPocusView, who: Who) -> list:
    zones = [_cauldron(view), _sunrise(view), _witches(view), _deck(view)]
    spell = _spell(view)
    if spell:
        zones.append(spell)
    zones.append(_tricks(view))
    if view["binx"] is not None:
        # the seat's badge says where Binx sits, its panel shows the hand
        zones.append({"key": "binx", "label": _("Binx"), "icon": "binx", "small": True, "repeats": True,
                      "cards": hand_faces(view["binx_hand"], True),
                      "text": _("Binx sits before {name}: that hand is shown to everyone until another "
                                "Binx is played, a Spell removes him or the round ends.").format(
                                    name=who(view["binx"]))})
    if view["questions"]:
        zones.append(_questions(view, who))
    if view["swap"]:
        swap = view["swap"]
        text = _("{name} offers a card face down to {other}, who chooses the card to give back.").format(
            name=who(swap["from"], True), other=who(swap["with"]))
        cards = [face(swap["card"], caption=_("offered"))] if swap["card"] else []
        zones.append({"key": "swap", "label": _("Daylight Savings Time"), "cards": cards, "text": text,
                      "tone": "reveal"})
    return zones


def _cauldron(view: DisneyHocusPocusView) -> dict:
    cells = []
    for i, pile in enumerate(view["piles"]):
        depth = len(pile["cards"])
        caption = ngettext("Pile {pile} · {n} card", "Pile {pile} · {n} cards", depth).format(
            pile=i + 1, n=depth)
        if pile["top"]:
            cells.append(face(pile["top"], caption=caption, depth=depth))
        elif pile["space"]:
            cells.append(face(pile["space"], state="void", depth=0,
                              caption=_("Pile {pile} · printed space").format(pile=i + 1)))
        else:
            cells.append(card(f"empty-{i}", _("Empty: takes any card"), tone="ash", icon="cauldron",
                              state="void", depth=0, caption=_("Pile {pile} · empty").format(pile=i + 1)))
    text = (_("Play onto a pile whose top shares the card's colour or ingredient; an empty pile shows "
              "its printed space, which is not a card.") if view["cauldron"] == "printed"
            else _("Play onto a pile whose top shares the card's colour or ingredient; an empty pile "
                   "takes any card."))
    return {"key": "cauldron", "label": _("The Cauldron"), "grid": grid(cells, columns=5), "text": text,
            "help": True}


def _sunrise(view: DisneyHocusPocusView) -> dict:
    top = view["sun_top"]
    cells = []
    for step in range(top + 1):
        name = _("Sunrise") if step == top else (_("Night") if step == 0 else _("Stun {n}").format(n=step))
        here = step == view["sun"]
        cells.append(card(f"sun-{step}", name, tone="gold" if here else "ash", icon="sun" if here else "moon",
                          state=None if here else "void", caption=_("the Sun") if here else ""))
    for c in cells:
        if c["state"] is None:
            del c["state"]
    left = top - view["sun"]
    # the header's Stuns chip tells the same (stuns so far / stuns to sunrise)
    return {"key": "sunrise", "label": _("Sunrise track"), "grid": grid(cells, columns=top + 1),
            "repeats": True,
            "text": ngettext("{n} more stun brings the sunrise.", "{n} more stuns bring the sunrise.",
                             left).format(n=left) if left > 0 else _("The sun is up.")}


def _witches(view: DisneyHocusPocusView) -> dict:
    cells = []
    for witch in view["witches"]:
        stunned = witch == view["stunned"]
        extra: dict[str, Any] = {
            "caption": _("Stun token: her Spells miss") if stunned else _(WITCH_STUN[witch])}
        if stunned:
            extra["tag"] = _("Stunned")
        cells.append(card(f"witch-{witch}", witch_name(witch), tone=WITCH_TONE[witch], icon=witch, **extra))
    text = (_("The Stun token is on {witch}.").format(witch=witch_name(view["stunned"])) if view["stunned"]
            else _("No sister is stunned yet."))
    return {"key": "witches", "label": _("The witches"), "grid": grid(cells, columns=3, chips=True),
            "text": text}


def _deck(view: DisneyHocusPocusView) -> dict:
    size = view["deck_size"]
    zone: dict[str, Any] = {"key": "deck", "label": _("Ingredient deck"),
                            "pile": {"count": size, "attr": "deck-size"}, "text": _("face down"),
                            "help": True}
    players = len(view["hand_sizes"])
    if size == 0:
        zone["lines"] = [{"text": _("The deck is empty: the next required draw loses the game."),
                          "tone": "warning"}]
    elif size <= low_deck(players):
        zone["lines"] = [{"text": ngettext("Only {n} card left: a required draw from an empty deck loses.",
                                           "Only {n} cards left: a required draw from an empty deck loses.",
                                           size).format(n=size), "tone": "warning"}]
    if zone.get("lines"):
        zone["tone"] = "warning"
    return zone


def _spell(view: DisneyHocusPocusView) -> dict | None:
    spell = view["spell"]
    ongoing = [view["spells"][sid]["name"] for sid in view["ongoing"]]
    lines = []
    if ongoing:
        lines.append({"text": _("Until the round ends: {spells}.").format(spells=_(", ").join(ongoing)),
                      "tone": "status"})
    lines.append({"text": ngettext("{n} Spell in the deck", "{n} Spells in the deck",
                                   view["spell_deck_size"]).format(n=view["spell_deck_size"]),
                  "tone": "status"})
    if not spell:
        return {"key": "spell", "label": _("Spells"), "icon": "book", "lines": lines,
                "text": _("No Spell cast yet.")}
    caster = spell["caster"]
    outcome = _(OUTCOME.get(spell["outcome"], spell["outcome"]))
    by = _("cast by all three sisters") if caster == "all" else _("cast by {witch}").format(
        witch=witch_name(caster))
    state = {"missed": "cancelled", "salted": "cancelled"}.get(spell["outcome"])
    extra: dict[str, Any] = {"state": state} if state else {}
    spell_face = card("spell-" + spell["id"], spell["name"], tone=WITCH_TONE.get(caster, "violet"),
                      icon="book",
                      tag=_("Spell"), caption=by, **extra)
    effect = SPELL_EFFECTS.get(spell["effect"], "")
    text = _("Missed: the Spell is discarded unread.") if spell["outcome"] == "missed" else effect
    lines.insert(0, {"text": f"{spell['name']}: {outcome}", "tone": "outcome"})
    # its effect is the card's own text (the legend below the board lists every Spell's)
    return {"key": "spell", "label": _("The Spell just cast"), "cards": [spell_face], "text": text,
            "help": True, "lines": lines, "tone": "cast" if spell["outcome"] == "drawn" else ""}


def _tricks(view: DisneyHocusPocusView) -> dict:
    blocked = any(view["spells"][sid]["effect"] == "no-tricks" for sid in view["ongoing"])
    cells = []
    for trick, used in view["tricks"].items():
        name, text, icon = TRICKS.get(trick, (trick, "", "spark"))
        if used:
            cells.append(card(f"trick-{trick}", _(name), tone="ash", icon="back", state="void",
                              caption=_("used: turned over")))
        else:
            extra: dict[str, Any] = {"state": "locked", "caption": _("a Spell forbids it this round")} \
                if blocked else {"caption": _(text)}
            cells.append(card(f"trick-{trick}", _(name), tone="teal", icon=icon, **extra))
    left = sum(not used for used in view["tricks"].values())
    # the text counts what the chips show (used ones struck through), and says when a token may be used
    return {"key": "tricks", "label": _("Trick tokens"), "grid": grid(cells, columns=4, chips=True),
            "help": True,
            "text": ngettext("{n} token left, once per game each, on your own turn.",
                             "{n} tokens left, once per game each, on your own turn.", left).format(n=left)}


QUESTIONS_SHOWN = 6
"""This round's latest questions on the table (the log keeps every one)."""
QUESTIONS_COMPACT = 1
"""... and in the explorer's three columns, where the board column has less room."""


def _questions(view: DisneyHocusPocusView, who: Who) -> dict:
    return {"key": "questions", "label": _("Questions this round"),
            "lines": _question_lines(view, who, QUESTIONS_SHOWN),
            "compact_lines": _question_lines(view, who, QUESTIONS_COMPACT),
            "text": _("Answers are yes or no, truthful and public; nothing more may be said."), "help": True}


def _question_lines(view: DisneyHocusPocusView, who: Who, shown: int) -> list:
    """The latest ``shown`` questions, the earlier ones counted (the log has them)."""
    lines = []
    questions = view["questions"]
    earlier = len(questions) - shown
    if earlier > 0:
        lines.append({"text": ngettext("({n} earlier question in the log)",
                                       "({n} earlier questions in the log)", earlier).format(n=earlier),
                      "tone": "status"})
    for q in questions[-shown:]:
        what = question_text(q["about"], q["value"])
        answers = [(_("{name}: yes") if a else _("{name}: no")).format(name=who(s, True))
                   for s, a in enumerate(q["answers"]) if a is not None]
        lines.append({"text": _("{name} asked who has {what}: {answers}").format(
            name=who(q["asker"], True), what=what, answers=_(", ").join(answers)), "tone": "info"})
    lines[-1]["tone"] = "outcome"
    return lines


# --------------------------------------------------------------------------- choices


def _picker(view: DisneyHocusPocusView, legal: list) -> dict | None:
    """The cards to replace after a failed play: any one or more of the hand."""
    discards = [a for a in legal if a["type"] == "discard"]
    if not discards:
        return None
    combos = {}
    for action in discards:
        picked: dict[str, int] = {}
        for name in action["cards"]:
            picked[name] = picked.get(name, 0) + 1
        n = len(action["cards"])
        combos[combo_key(picked)] = {
            "picked": picked,
            "text": ngettext("Replace {n} card: discard it, draw one",
                             "Replace {n} cards: discard them, draw {n}",
                             n).format(n=n),
            "choices": [{"label": _("Discard and draw"), "action": action}]}
    return {"id": "discard", "title": _("Replace cards"), "verb": _("Discard and draw"),
            "help": _("Pick one or more cards to discard; you draw as many (an empty deck then loses)."),
            "combos": combos, "needs_target": False, "targets": [],
            "empty": _("Select the cards to replace in your hand."),
            "invalid": _("Pick at least one card of your hand."), "rule": R + "play/cannot"}


def _prompt(view: DisneyHocusPocusView, legal: list, actor: int | None, who: Who) -> dict | None:
    phase = view["phase"]
    groups: list = []
    if phase == "ask":
        for about, label, icon in (("colour", _("Ask about a colour"), "palette"),
                                   ("ingredient", _("Ask about an ingredient"), "cauldron")):
            choices = [choice(question_text(a["about"], a["value"]), a, tone="primary",
                              rule=R + "ask/question",
                              icon=a["value"] if about == "ingredient" else "")
                       for a in legal if a["type"] == "ask" and a["about"] == about]
            if choices:
                groups.append({"label": label, "fold": True, "key": f"ask-{about}", "icon": icon,
                               "choices": choices})
        return {"title": _("Ask one question"), "text": _("Every other player answers yes or no, for all to "
                                                          "see. First choose a colour or an ingredient, then "
                                                          "which."), "groups": groups}
    if phase == "play":
        return _play_prompt(view, legal, who)
    if phase == "salt":
        spell = view["spell"]
        assert spell is not None, "the salt phase follows a Spell drawn"
        for a in legal:
            if a["type"] == "circle-of-salt":
                groups.append(choice(_("Use Circle of Salt"), a, tone="primary",
                                     rule=R + "trick/circle-of-salt",
                                     hint=_("the Spell is ignored; the token is used up")))
            elif a["type"] == "accept-spell":
                groups.append(choice(_("Let it work"), a, rule=R + "spell/cast",
                                     hint=SPELL_EFFECTS.get(spell["effect"], "")))
        return {"title": _("The witches cast {spell}").format(spell=spell["name"]),
                "groups": [{"label": _("Circle of Salt"), "choices": groups}]}
    if phase == "binx":
        choices = [choice(_("Before {name}").format(name=who(a["seat"])), a, tone="primary",
                          rule=R + "binx/place", icon="binx") for a in legal if a["type"] == "binx"]
        return {"title": _("Place Binx"), "text": _("That player's hand is shown to everyone."),
                "groups": [{"label": _("Binx goes before"), "choices": choices}]}
    if phase == "discard":
        return {"title": _("Replace cards"), "text": _("Pick the cards in your hand above, then confirm."),
                "groups": []}
    if phase == "swap":
        swap = view["swap"]
        assert swap is not None, "the swap phase answers a Daylight Savings Time"
        choices = [choice(_("Give {card}").format(card=card_name(a["card"])), a, tone="primary",
                          rule=R + "trick/swap-choice", cards=[face(a["card"])])
                   for a in legal if a["type"] == "give"]
        return {"title": _("Daylight Savings Time"),
                "text": _("{name} swaps a card with you: choose the card you give.").format(
                    name=who(swap["from"], True)),
                "groups": [{"label": _("Your card to give"), "choices": choices}]}
    return None


def _play_prompt(view: DisneyHocusPocusView, legal: list, who: Who) -> dict:
    """The play phase: each playable Ingredient with the piles it matches, the cards that match
    none, the no-play answer when nothing fits, and the Trick tokens usable now."""
    groups: list = []
    rows: dict[str, dict] = {}
    for a in legal:
        if a["type"] != "play":
            continue
        row = rows.setdefault(a["card"], {"label": card_name(a["card"]), "card": face(a["card"]),
                                          "icon": parse(a["card"])[1], "tone": TONE[parse(a["card"])[0]],
                                          "text": _("onto a pile it matches:"), "rule": R + "play/match",
                                          "choices": []})
        top = view["piles"][a["pile"]]["top"] or view["piles"][a["pile"]]["space"]
        row["choices"].append(choice(_("Pile {pile}").format(pile=a["pile"] + 1), a, tone="primary",
                                     hint=card_name(top) if top else _("empty")))
    if rows:
        groups.append({"label": _("Play an Ingredient"), "rows": list(rows.values())})
    held = sorted(set(view["hand"] or []) - set(rows))
    if rows and held:
        groups.append({"label": _("Not playable now"), "notes": [
            {"text": _("No pile's top shares its colour or ingredient."), "rule": R + "play/match",
             "cards": [face(c) for c in held]}]})
    for a in legal:
        if a["type"] == "no-play":
            groups.append({"label": _("No card of yours matches a pile"), "choices": [
                choice(_("I cannot play: a Spell is cast"), a, tone="danger", rule=R + "play/cannot",
                       hint=_("then you replace cards"))]})
    groups += _trick_groups(view, legal, who)
    return {"title": _("Play"), "groups": groups}


def _trick_groups(view: DisneyHocusPocusView, legal: list, who: Who) -> list:
    """The Trick tokens usable now, each folded under its name (the engine lists when)."""
    groups: list[dict[str, Any]] = []
    billy = [a for a in legal if a["type"] == "billy-butcherson"]
    if billy:
        name, text, icon = TRICKS["billy-butcherson"]
        groups.append({"label": _(name), "icon": icon, "tone": "teal", "text": _(text),
                       "rule": R + "trick/billy-butcherson",
                       "choices": [choice(_("Use it"), billy[0])]})
    rain = [a for a in legal if a["type"] == "burning-rain"]
    if rain:
        name, text, icon = TRICKS["burning-rain"]
        groups.append({"label": _("{trick}: {what}").format(trick=_(name), what=_(text)), "fold": True,
                       "key": "trick-burning-rain", "icon": icon, "choices": [
                           choice(_(", ").join(card_name(c) for c in a["cards"]), a,
                                  rule=R + "trick/burning-rain", cards=[face(c) for c in a["cards"]])
                           for a in rain]})
    swaps: dict[int, dict] = {}
    for a in legal:
        if a["type"] != "daylight-savings":
            continue
        row = swaps.setdefault(a["with"], {
            "label": _("With {name}").format(name=who(a["with"], True)), "icon": "swap", "tone": "teal",
            "text": _("offer a card face down ({n} in that hand):").format(n=view["hand_sizes"][a["with"]]),
            "rule": R + "trick/daylight-savings", "choices": []})
        row["choices"].append(choice(card_name(a["card"]), a))
    if swaps:
        name, text, icon = TRICKS["daylight-savings"]
        groups.append({"label": _("{trick}: {what}").format(trick=_(name), what=_(text)), "fold": True,
                       "key": "trick-daylight-savings", "icon": icon, "rows": list(swaps.values())})
    return groups


def _legend(view: DisneyHocusPocusView) -> list:
    out = []
    for sid, entry in view["spells"].items():
        if not entry.get("copies", 1):
            continue
        caster = entry["caster"]
        out.append({"kind": "spell-" + sid, "name": entry["name"], "tone": WITCH_TONE.get(caster, "violet"),
                    "text": SPELL_EFFECTS.get(entry["effect"], ""), "rule": R + "spell/house",
                    "copies": entry.get("copies", 1), "icon": "book",
                    "detail": _("cast by all three sisters, never missed") if caster == "all"
                    else _("cast by {witch}").format(witch=witch_name(caster))})
    return out
