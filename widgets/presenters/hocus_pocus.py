"""Hocus Pocus's presenter: a seat's view and legal actions, drawn as a scene.

Everything here reads ``game.view(seat)``, ``game.legal_actions(seat)`` and, for the
"not playable now" notes, ``game.explain(seat)`` (the explorer's god view reads every
seat's own view); nothing reads the engine's internal state, so a play-mode scene holds
only what that seat may know. Every clickable carries an action the engine listed as
legal. The reaction window is the centre of the table: the Hocus, the Pocus cards on it
in the order played, who may still answer, and what happens if everyone passes now.

Cards are named as in the view's ``card_info`` (``thief-3``, ``amulet``): a face's
``kind`` is that name (the DOM's ``data-card``), its icon the card's kind, its tone the
family's colour from the rulebook (Hocus red, Pocus yellow), and its tag and shape say
Hocus or Pocus in words and outline too (colour is never the only cue).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from ...engine import Game, IllegalAction
from ...engine.games.hocus_pocus import HocusPocusView, card_label
from ..i18n import _, bot_word
from ..picks import picked_order
from ..scene import SCENE_VERSION, Who, card, choice, counter, god_log, log_entry, plural

# The Presenter hooks this game leaves at their defaults:
from .hooks import SHARED_SCREEN as SHARED_SCREEN
from .hooks import timed_reveals as timed_reveals

R = "hocus-pocus/"

FAMILY_TONE = {"Hocus": "red", "Pocus": "gold"}
"""The rulebook's colours: Hocus cards are red, Pocus cards yellow."""

POWER = {
    "abracadabra": ("Swap your whole Hand with another player's Hand.", "abracadabra/swap"),
    "crystal-ball": ("See the Library's top four cards and put them back in any order.",
                     "crystal-ball/arrange"),
    "owl": ("The player you aim it at hands you {n} of their Grimoire.", "owl/give"),
    "inspiration": ("Draw {n} from the Library; one Inspiration per turn.", "inspiration/draw"),
    "curse": ("Choose {n} of the target's Grimoire to throw on the discard pile.", "curse/discard"),
    "sacrifice": ("The player you aim it at puts {gems} back into the Cauldron.", "sacrifice/return"),
    "spell": ("Take {gems} from the Cauldron.", "spell/take"),
    "thief": ("Steal {gems} from the player you aim it at.", "thief/steal"),
    "vortex": ("Every Grimoire moves to the next player; only a Counterspell or a Pumpkin from a "
               "Hand stops it.", "vortex/pass-left"),
    "amulet": ("Aimed at you? Destroy that Hocus and every Pocus on it.", "amulet/destroy"),
    "magic-wand": ("Double the Hocus's number (twice: four times).", "magic-wand/double"),
    "black-cat": ("Take the Hocus into your own Hand; the Pocus on it are discarded.", "black-cat/take"),
    "pumpkin": ("The Hocus goes back to its caster's Hand, not playable again this turn.",
                "pumpkin/return"),
    "counterspell": ("Destroy the Hocus and every Pocus on it.", "counterspell/destroy"),
    "lightning": ("Protect the Hocus: Pocus before it are cancelled, later ones do nothing "
                  "(Magic Wands still count).", "lightning/protect"),
    "mirror": ("Aimed at you? Turn the Hocus towards another player (never its caster).",
               "mirror/redirect"),
    "hourglass": ("The caster's turn ends once this Hocus is dealt with.", "hourglass/end-turn"),
}
"""Each kind's power in the project's own words, and the rule that carries it."""

BREAKS = {"abracadabra": "Abra\u00adcadabra", "counterspell": "Counter\u00adspell",
          "inspiration": "Inspi\u00adration"}
"""Long one-word names with a soft hyphen, so a narrow card can break them legibly."""

STOPS = {"destroy": "destroys it", "take": "takes it into their Hand",
         "return": "sends it back to its caster's Hand"}
"""What a stopper does to the Hocus (the view's ``forecast``: ``stopped["does"]``), in words."""


# --------------------------------------------------------------------------- cards


def label(name: Any) -> str:
    """A card name as people read it: ``thief-3`` -> ``Thief 3``, ``mirror`` -> ``Enchanted Mirror``."""
    return card_label(name)


def labels(names: Sequence[str]) -> str:
    """``["amulet", "spell-2"]`` -> ``Amulet and Spell 2``."""
    words = [label(n) for n in names]
    if len(words) <= 1:
        return "".join(words) or "nothing"
    return ", ".join(words[:-1]) + " and " + words[-1]


class Cards:
    """The facts about this game's cards, read from its view's ``card_info`` (never from names)."""

    def __init__(self, view: HocusPocusView):
        self.info: dict = view["card_info"]

    def _of(self, name: str) -> dict:
        return self.info[name]

    def kind(self, name: str) -> str:
        """A card name's kind (``spell``, ``mirror``, ...)."""
        return self._of(name)["kind"]

    def number(self, name: str) -> int | None:
        """A card name's printed number (None for kinds without one)."""
        return self._of(name)["value"]

    def family(self, name: str) -> str:
        """Hocus or Pocus: whether the card is cast on a turn or played in answer."""
        return "Hocus" if self._of(name)["hocus"] else "Pocus"

    def face(self, name: str, count: int = 1, **extra: Any) -> dict:
        """One card face: name and number, the family as a tag and a shape, its icon and colour."""
        info = self._of(name)
        kind = info["kind"]
        fam = self.family(name)
        data = card(name, BREAKS.get(kind) or info["name"], count, FAMILY_TONE[fam], kind, tag=fam,
                    shape="arch" if fam == "Pocus" else "plain")
        if info["value"] is not None:
            data["number"] = info["value"]
        data.update(extra)
        return data

    def hand_faces(self, cards: Sequence[str] | None) -> list:
        """A Hand (a list of names) as faces with counts: Hocus first, then Pocus, numbers rising."""
        counts: dict[str, int] = {}
        for name in sorted(cards or [], key=lambda n: (self._of(n)["order"], n)):
            counts[name] = counts.get(name, 0) + 1
        return [self.face(name, n) for name, n in counts.items()]

    def power_text(self, name: str) -> str:
        """What a card does, its own number filled in."""
        return power_text(self.kind(name), self.number(name))


def power_text(kind: str, number: int | None) -> str:
    """What a kind does, ``number`` (if any) filled in."""
    text = POWER[kind][0]
    if number is not None:
        text = text.replace("{gems}", plural(number, "Gem")).replace("{n}", plural(number, "card"))
    return text.replace("{gems}", "its number of Gems").replace("{n}", "its number of cards")


# --------------------------------------------------------------------------- labels


def action_label(action: dict, names: Sequence[str]) -> str:
    """What an action does, as the predicate of a sentence: 'casts Thief 3 from their Hand at Bo'."""
    kind = action.get("type")

    def name(key: str) -> str:
        seat = action.get(key)
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else str(seat)

    source = action.get("from")
    where = f" from their {'Grimoire' if source == 'grimoire' else 'Hand'}" if source else ""
    if kind == "hocus":
        at = f" at {name('target')}" if action.get("target") is not None else ""
        return f"casts {label(action.get('card'))}{where}{at}"
    if kind == "pocus":
        turn = f", turning it towards {name('target')}" if action.get("target") is not None else ""
        return f"plays {label(action.get('card'))}{where}{turn}"
    if kind == "pass":
        return "passes"
    if kind == "exchange":
        return (f"swaps {label(action.get('hand'))} from their Hand with {label(action.get('grimoire'))} "
                "from their Grimoire")
    if kind == "draw":
        return "ends the turn by drawing 2 cards"
    if kind == "gem":
        return "ends the turn by taking a Gem"
    if kind == "discard":
        return f"discards {label(action.get('card'))} for the hand limit"
    if kind == "refill":
        return f"fills their Grimoire with {label(action.get('card'))}"
    given = action.get("cards")
    cards = given if isinstance(given, list) else []
    if kind == "give":
        return f"gives {labels(cards)} to the Owl's caster"
    if kind == "curse":
        return f"curses away {labels(cards)}"
    if kind == "arrange":
        return f"puts back {labels(cards)} (top first)"
    return str(kind)


# --------------------------------------------------------------------------- compose


def compose(picker: str, picked: Any, target: Any, game: Game, seat: int) -> dict:
    """The action a hand-built selection means, for the engine to judge.

    Hocus Pocus has one builder, the Crystal Ball's order picker (``"arrange"``): the
    cards picked so far, top first. An incomplete order becomes an ``arrange`` action the
    engine refuses, naming its rule; a complete one is listed as legal anyway.
    """
    if picker != "arrange":
        raise IllegalAction("core/action-format", f"Unknown card picker {picker!r}; Hocus Pocus has "
                                                  "'arrange' (a Crystal Ball's order).")
    # As many names as the Crystal Ball shows; with none waiting, the engine refuses any order
    # (naming its rule), so the list is only kept as short as a game's kinds of card.
    shown = max((len(a["cards"]) for a in game.legal_actions(seat) if a["type"] == "arrange"), default=0)
    return {"type": "arrange", "cards": picked_order(picked, shown or len(game.view(seat)["card_info"]))}


# --------------------------------------------------------------------------- scenes


def _view(game: Game, seat: int | None, names: Sequence[str] | None = None) -> HocusPocusView:
    """``seat``'s view as the spec declares it (view_type: a test checks every view against it)."""
    return cast(HocusPocusView, game.view(seat, names=names))


def present(game: Game, seat: int | None, *, names: Sequence[str], bots: Sequence | None = None,
            you: int | None = None) -> dict:
    """The scene of ``seat``'s view (``None``: a spectator), with ``seat``'s legal choices.

    ``you`` is the seat the person at the screen plays (texts then say "you").
    """
    names = list(names)
    view = _view(game, seat, names)
    legal = {seat: game.legal_actions(seat)} if seat is not None else {}
    notes = _not_now(game, seat, names, Cards(view)) if seat is not None and legal[seat] else []
    log = [log_entry(e) for e in view["log"][-80:]]
    hands = {seat: view["hand"]} if seat is not None else {}
    return _scene(game, view, hands, seat, legal, names, bots, you, log, notes, god=False)


def present_god_view(game: Game, *, names: Sequence[str], bots: Sequence | None = None) -> dict:
    """The explorer's god view: every Hand face up, built from each seat's own view.

    Every seat that may act gets its choices (a reaction window asks several at once);
    each choice carries its seat. The log is the public one, with each seat's private
    version of an event attached.
    """
    names = list(names)
    views = [_view(game, s, names) for s in range(game.players)]
    public = _view(game, None, names)
    to_act = list(game.to_act)
    actor = to_act[0] if to_act else None
    base = views[actor].copy() if actor is not None else public.copy()
    base["seat"] = None
    hands = {s: views[s]["hand"] for s in range(game.players)}
    legal = {s: game.legal_actions(s) for s in to_act}
    log = god_log(public, views, names)
    return _scene(game, base, hands, actor, legal, names, bots, None, log, [], god=True)


def _scene(game: Game, view: HocusPocusView, hands: dict, actor: int | None, legal: dict, names: list,
           bots: Sequence | None, you: int | None, log: list, notes: list, god: bool) -> dict:
    """Assemble the scene; ``actor`` is the seat whose hand is shown, ``legal`` each acting seat's actions."""
    players = game.players
    bots = list(bots) if bots else [None] * players
    who = Who(names, you, english=True)
    scene: dict[str, Any] = {
        "version": SCENE_VERSION, "game": game.id, "title": game.spec.name,
        "move": view["move"], "phase": view["phase"], "seat": view["seat"], "god": god,
        "chips": _chips(view),
        "headline": _headline(view, actor, who),
        "players": _players(view, hands, names, bots, you, god),
        "table": _table(view, who),
        "hand": None, "picker": None, "prompt": None,
        "scoring": None, "scoreboard": _scoreboard(view, names) if view["is_over"] else None,
        "gameover": _gameover(view, names, you),
        "log": log,
        "legend": _legend(view),
        "legend_title": "The cards and their powers",
        "legend_note": "Hocus cards (red, square top) are cast on your own turn; Pocus cards (yellow, "
                       "arched top) go on a Hocus while it waits. The numbers are those of this deck.",
    }
    if actor is not None and hands.get(actor) is not None:
        owner = "Your Hand" if actor == you else f"{names[actor]}'s Hand"
        scene["hand"] = {"seat": actor, "label": owner, "cards": _hand_faces(view, hands[actor], actor),
                         "size": view["hand_sizes"][actor]}
    groups: list = []
    titles: list = []
    for seat, actions in legal.items():
        if not actions:
            continue
        seat_view = view if not god else _view(game, seat, names)
        title, seat_groups = _prompt(seat_view, actions, seat, who, names)
        if god and len(legal) > 1:  # one compact group per seat: its Pass, then its Pocus cards
            seat_groups = [{"label": f"{names[seat]} may answer",
                            "choices": [c for g in seat_groups for c in g.get("choices", [])],
                            "rows": [r for g in seat_groups for r in g.get("rows", [])]}]
        for g in _walk_groups(seat_groups):
            for c in g.get("choices", []):
                c["seat"] = seat
            if g.get("order"):
                g["order"]["seat"] = seat
        groups += seat_groups
        titles.append(title)
    if notes:
        groups.append({"label": "Not playable now", "notes": notes})
    if groups:
        title = titles[0] if len(titles) == 1 else "Each seat still to answer may react or pass"
        scene["prompt"] = {"title": title, "groups": groups}
    return scene


def _walk_groups(groups: list):
    """Every group and ability row of a prompt (rows and folded groups nest)."""
    for g in groups:
        yield g
        yield from _walk_groups(g.get("groups", []))
        yield from _walk_groups(g.get("rows", []))


def _chips(view: HocusPocusView) -> list:
    chips = [{"label": "Turn", "value": str(view["turn"])},
             {"label": "Cauldron", "value": plural(view["cauldron"], "Gem")},
             {"label": "Move", "value": str(view["move"])}]
    if view["quick"]:
        chips.append({"label": "Game", "value": "quick"})
    return chips


def _hand_faces(view: HocusPocusView, hand: list, seat: int) -> list:
    faces = Cards(view).hand_faces(hand)
    if seat == view["current"] and view["locked"]:
        locked = list(view["locked"])
        for f in faces:
            if f["kind"] in locked:
                f["state"] = "locked"
                f["caption"] = "back: not again this turn"
    return faces


# --------------------------------------------------------------------------- the people


def _players(view: HocusPocusView, hands: dict, names: list, bots: list, you: int | None, god: bool) -> list:
    cards = Cards(view)
    hocus = view["hocus"]
    pending = view["pending"]
    dealt_with = None  # the seat the Owl or Curse being dealt with is aimed at
    if pending is not None and pending["kind"] == "curse":
        dealt_with = pending["target"]
    elif pending is not None and pending["kind"] == "give":
        dealt_with = pending["seat"]
    to_act = view["to_act"]
    seats = []
    for s in range(len(names)):
        role = None
        badges = []
        if hocus:
            if s == hocus["caster"]:
                role = "caster"
            elif s == hocus["aimed_at"]:
                role = "target"
            if s in hocus["passed"]:
                badges.append({"text": "passed", "tone": "muted"})
        elif s == dealt_with:
            role = "target"  # of the Owl or Curse being dealt with
        elif s == view["current"] and s not in to_act and not view["is_over"]:
            role = "their turn" if s != you else "your turn"
        if s in view["refills"]:
            badges.append({"text": "fills Grimoire", "tone": "muted"})
        entry: dict[str, Any] = {
            "seat": s, "name": names[s], "you": s == you, "bot": bot_word(bots[s]),
            "acting": s in to_act, "role": role, "winner": s in view["winners"],
            "out": False,
            "counters": [
                counter("hand", "Hand", view["hand_sizes"][s], "back", "hand-size"),
                counter("grimoire", "Grimoire", len(view["grimoires"][s]), "book", "grimoire-size",
                        repeats=True, fly="others"),  # the Grimoire's chips below
                counter("gems", "Gems", view["gems"][s], "gem", "gems", fly="others"),
            ],
            "badges": badges,
            "tableau": {"label": "Grimoire",
                        "cards": [cards.face(n) for n in view["grimoires"][s]],
                        "empty": "empty Grimoire"},
            "note": "",
        }
        if god:
            entry["cards"] = cards.hand_faces(hands.get(s))
        seats.append(entry)
    return seats


# --------------------------------------------------------------------------- the table


def _table(view: HocusPocusView, who: Who) -> list:
    cards = Cards(view)
    zones = []
    zones.append({"key": "cauldron", "label": "Cauldron",
                  "stock": {"count": view["cauldron"], "icon": "gem", "attr": "cauldron-size", "fly": "all",
                            "unit": "Gem", "units": "Gems"},
                  "text": "the last Gem ends the game", "help": True})
    zones.append({"key": "library", "label": "Library",
                  "pile": {"count": view["library_size"], "attr": "library-size"}, "text": "face down",
                  "help": True})
    discard = view["discard"]
    zones.append({"key": "discard", "label": "Discard pile",
                  "pile": {"count": len(discard), "attr": "discard-size", "fly": "all",
                           "top": cards.face(discard[-1]) if discard else None},
                  # the pile draws its top card: the words only repeat it (the three columns leave them out)
                  "text": f"face up; top: {label(discard[-1])}" if discard else "face up", "help": True})
    if view["play_area"]:
        zones.append({"key": "played", "label": "Cast this turn", "small": True,
                      "cards": [cards.face(n) for n in view["play_area"]],
                      "text": "discarded when the turn ends", "help": True})
    window = _window(view, who)
    if window:  # last: right above the choices it asks for
        zones.append(window)
    return zones


def effect_text(effect: Mapping[str, Any], who: Who) -> str:
    """The forecast's ``effect`` (the view: ``hocus["forecast"]["effect"]``) as a clause:
    'Morgana takes 4 Gems from the Cauldron'. Counts only: which cards stays hidden."""
    kind, caster = effect["kind"], effect["caster"]

    def does(seat: int, third: str, second: str) -> str:
        return f"{who(seat, True)} {second if seat == who.you else third}"

    if kind == "spell":
        text = does(caster, "takes", "take") + f" {plural(effect['gems'], 'Gem')} from the Cauldron"
        if effect["held_back"]:
            text += " (not the last one: that would end the game in a tie)"
        return text + (" and ends the game" if effect["ends_game"] else "")
    if kind == "thief":
        gems = plural(effect["gems"], "Gem")
        return does(caster, "steals", "steal") + f" {gems} from {who(effect['from'])}"
    if kind == "sacrifice":
        gems = plural(effect["gems"], "Gem")
        return does(effect["seat"], "puts", "put") + f" {gems} back into the Cauldron"
    if kind == "inspiration":
        return does(caster, "draws", "draw") + f" {plural(effect['cards'], 'card')}"
    if kind == "crystal-ball":
        return does(caster, "looks", "look") + f" at the Library's top {plural(effect['cards'], 'card')}"
    if kind in ("owl", "curse"):
        count = plural(effect["cards"], "card")
        chosen = " of their choice" if effect["choice"] else ""
        if kind == "owl":
            return does(effect["seat"], "hands", "hand") + f" {who(caster)} {count}{chosen} of their Grimoire"
        return does(caster, "discards", "discard") + f" {count}{chosen} of {who.own(effect['seat'])} Grimoire"
    if kind == "abracadabra":
        return does(caster, "swaps", "swap") + f" Hands with {who(effect['with'])}"
    if kind == "vortex":
        return "every Grimoire passes to the next player on the left"
    return "it takes effect"


def _window(view: HocusPocusView, who: Who) -> dict | None:
    """The Pocus window: the Hocus, its Pocus cards, and the engine's forecast of passing now."""
    hocus = view["hocus"]
    if not hocus:
        return None
    cards = Cards(view)
    forecast = hocus["forecast"]
    caster = hocus["caster"]
    name = hocus["card"]
    where = "Grimoire" if hocus["from"] == "grimoire" else "Hand"
    faces = [cards.face(name, caption=f"{who(caster, True)} · from {where}", role="hocus")]
    for i, (p, state) in enumerate(zip(hocus["pocus"], forecast["pocus"], strict=True)):
        caption = f"{i + 1} · {who(p['seat'], True)}"
        if p["target"] is not None:
            caption += f" → {who(p['target'])}"
        extra: dict[str, Any] = {"caption": caption + (f" · {state}" if state else "")}
        if state:
            extra["state"] = state
        faces.append(cards.face(p["card"], **extra))
    aimed, target = hocus["aimed_at"], hocus["target"]
    title = f"{who(caster, True)} {'cast' if caster == who.you else 'casts'} {label(name)}"
    if target is not None:
        title += f" at {who(target)}"
    lines = []
    if aimed is not None and aimed != target:
        lines.append({"text": f"Now aimed at {who(aimed)}: an Enchanted Mirror turned it.", "tone": "info"})
    stop = forecast["stopped"]
    if stop:
        lines.append({"text": f"If everyone passes now, {who.own(stop['seat'])} {label(stop['card'])} "
                              f"{STOPS[stop['does']]}.", "tone": "outcome"})
    else:
        number = forecast["number"]
        worth = f" with its number doubled to {number}" if number != cards.number(name) else ""
        shield = " (a Lightning protects it)" if forecast["protected"] else ""
        assert forecast["effect"] is not None, "a Hocus nothing stops has an effect"
        lines.append({"text": f"If everyone passes now, it takes effect{worth}{shield}: "
                              f"{effect_text(forecast['effect'], who)}.", "tone": "outcome"})
    if forecast["hourglass"]:
        lines.append({"text": "An Hourglass ends the caster's turn after it.", "tone": "info"})
    waiting = hocus["waiting"]
    status = f"Still to answer: {who.many(waiting)}." if waiting else "Everyone has answered."
    if hocus["passed"]:
        status += f" Passed: {who.many(hocus['passed'])}."
    lines.append({"text": status, "tone": "status"})
    return {"key": "window", "label": title, "icon": "magic-wand", "tone": "cast", "cards": faces,
            "lines": lines, "steps": True}


# --------------------------------------------------------------------------- headline


def _react_headline(view: HocusPocusView, to_act: list, me: int | None, who: Who) -> dict:
    """The headline while a Hocus waits for answers; ``me`` is the answering seat at the screen."""
    hocus = view["hocus"]
    assert hocus is not None, "asked only while a Hocus waits"
    tone = "you" if me is not None else "wait"
    caster, aimed = hocus["caster"], hocus["aimed_at"]
    what = label(hocus["card"])
    at = f" at {who(aimed)}" if aimed is not None else ""
    piled = f" ({plural(len(hocus['pocus']), 'Pocus card')} on it)" if hocus["pocus"] else ""
    if me is not None:
        if caster == me:
            return {"text": f"You cast {what}{at}{piled}: play a Pocus on it, or pass to let it "
                            "go ahead.", "tone": tone, "reacting": True}
        if aimed == me:
            return {"text": f"{who(caster, True)} casts {what} at you{piled}: stop or turn it with a "
                            "Pocus, or pass.", "tone": tone, "reacting": True}
        return {"text": f"{who(caster, True)} casts {what}{at}{piled}: play a Pocus on it, or pass.",
                "tone": tone, "reacting": True}  # an answer, not a turn: the table says no "Your turn"
    verb = "cast" if caster == who.you else "casts"
    return {"text": f"{who(caster, True)} {verb} {what}{at}{piled}. Waiting for "
                    f"{who.many(to_act)} to react or pass.", "tone": tone, "reacting": True}


def _headline(view: HocusPocusView, actor: int | None, who: Who) -> dict:
    if view["is_over"]:
        winners = view["winners"]
        top = max(view["gems"]) if view["gems"] else 0
        named = " and ".join(who(w, True) for w in winners)
        verb = "win" if named == "You" else "wins"
        return {"text": f"Game over: {named} {verb} with {plural(top, 'Gem')}.", "tone": "over"}
    to_act = view["to_act"]
    if not to_act:
        return {"text": "", "tone": "info"}
    mine = actor is not None and actor == who.you and actor in to_act
    tone = "you" if mine else "wait"
    current = view["current"]
    if view["refills"]:
        if mine and actor in view["refills"]:
            return {"text": "Your Grimoire has a free space: choose the Hand card that fills it.",
                    "tone": tone}
        return {"text": f"{who.many(view['refills']).capitalize()} must fill a free Grimoire space first.",
                "tone": tone}
    phase = view["phase"]
    hocus = view["hocus"]
    if phase == "react" and hocus:
        return _react_headline(view, to_act, actor if mine else None, who)
    if phase == "turn":
        if mine:
            if view["turn_over"]:
                return {"text": "The Hourglass ended your turn: draw 2 cards or take a Gem.", "tone": tone}
            return {"text": "Your turn: cast a Hocus from your Hand or Grimoire, or end the turn by "
                            "drawing 2 cards or taking a Gem.", "tone": tone}
        return {"text": f"{who.own(current, cap=True)} turn: casting Hocus cards, then drawing 2 cards or "
                        "taking a Gem.", "tone": tone}
    pending = view["pending"]
    count = pending["count"] if pending is not None else 0
    if phase in ("give", "curse"):
        return _grimoire_headline(view, mine, tone, who)
    if phase == "arrange":
        assert pending is not None, "the arrange phase has its Crystal Ball pending"
        if mine:
            return {"text": f"Put the {plural(count, 'card')} you saw back on the Library: pick them "
                            "top card first, then confirm.", "tone": tone}
        return {"text": f"{who(pending['seat'], True)} is putting the Library's top cards back in a "
                        "secret order.", "tone": tone}
    if phase == "discard":
        if mine:
            return {"text": f"Hand limit: discard {plural(count, 'card')} (you may keep 5).", "tone": tone}
        return {"text": f"{who(current, True)} is discarding down to 5 cards.", "tone": tone}
    return {"text": f"Waiting for {who.many(to_act)}.", "tone": tone}


def _grimoire_headline(view: HocusPocusView, mine: bool, tone: str, who: Who) -> dict:
    """The headline while an Owl's or a Curse's Grimoire cards are chosen."""
    pending = view["pending"]
    assert pending is not None, "the give and curse phases have their Owl or Curse pending"
    count = pending["count"]
    if pending["kind"] == "give":
        giver, to = pending["seat"], pending["to"]
        if mine:
            return {"text": f"{who.own(to, cap=True)} Owl takes {plural(count, 'card')} of your Grimoire: "
                            "choose which to hand over.", "tone": tone}
        return {"text": f"{who(giver, True)} is choosing {plural(count, 'Grimoire card')} to give "
                        f"{who(to)}.", "tone": tone}
    assert pending["kind"] == "curse", "the curse phase has its Curse pending"
    target = pending["target"]
    if mine:
        return {"text": f"Your Curse hits {who(target)}: choose {plural(count, 'card')} of their "
                        "Grimoire to discard.", "tone": tone}
    return {"text": f"{who(pending['seat'], True)} is choosing {plural(count, 'card')} of "
                    f"{who.own(target)} Grimoire to discard.", "tone": tone}


# --------------------------------------------------------------------------- choices


def _prompt(view: HocusPocusView, legal: list, seat: int, who: Who, names: list) -> tuple[str, list]:
    """The title and the groups of choices of one seat that may act."""
    cards = Cards(view)
    types = {a["type"] for a in legal}
    if "refill" in types:
        choices = [choice(f"Put {label(a['card'])} in", a, cards=[cards.face(a["card"])], tone="primary",
                          rule=R + "grimoire/refill") for a in legal]
        return ("Fill your Grimoire" if seat == who.you else f"{names[seat]} fills their Grimoire",
                [{"label": "Choose a card from the Hand", "choices": choices}])
    phase = view["phase"]
    if phase == "react":
        return _react_prompt(view, legal, seat, who)
    if phase == "turn":
        return _turn_prompt(view, legal, seat, who, names)
    if phase in ("give", "curse"):
        pending = view["pending"]
        verb = "Give" if phase == "give" else "Discard"
        choices = [choice(f"{verb} {labels(a['cards'])}", a, cards=[cards.face(n) for n in a["cards"]],
                          tone="primary", rule=R + ("owl/give" if phase == "give" else "curse/discard"))
                   for a in legal]
        if phase == "give":
            assert pending is not None and pending["kind"] == "give", "the give phase has its Owl pending"
            title = f"Hand {who.own(pending['to'])} Owl {plural(pending['count'], 'Grimoire card')}"
        else:
            assert pending is not None and pending["kind"] == "curse", "the curse phase has its Curse pending"
            title = f"Discard {plural(pending['count'], 'card')} of {who.own(pending['target'])} Grimoire"
        return title, [{"label": "Choose", "choices": choices}]
    if phase == "arrange":
        return _arrange_prompt(view, legal, seat)
    if phase == "discard":
        pending = view["pending"]
        count = pending["count"] if pending is not None else 1
        choices = [choice(f"Discard {label(a['card'])}", a, cards=[cards.face(a["card"])],
                          rule=R + "end/hand-limit") for a in legal]
        return (f"Hand limit: discard {plural(count, 'card')}, one at a time",
                [{"label": "Which card goes to the discard pile", "choices": choices}])
    return "Choose", [{"label": "Choices", "choices": [choice(action_label(a, names), a) for a in legal]}]


def reaction(view: HocusPocusView, seat: int, legal: list) -> dict | None:
    """How a Pocus window concerns ``seat``, for the table's automatic pass (or None: not one).

    From ``seat``'s own view and legal actions only: ``pass`` (the action the table plays for
    them), ``concerns`` (the Hocus is aimed at them and they hold a Pocus that stops it or a
    Mirror that turns it away, and nobody stops it yet (a later Pocus asks again), or it is
    their own
    and they could double it with a Magic Wand or save it from another seat's stopper with a
    Lightning), ``stops`` (they hold a
    Pocus that stops it, or a Mirror that turns it away from them, or a Lightning that saves
    their own from being stopped).
    """
    hocus = view.get("hocus")
    if view.get("phase") != "react" or hocus is None:
        return None
    passes = [a for a in legal if a["type"] == "pass"]
    if not passes:
        return None
    info = view["card_info"]
    pocus = [info[a["card"]] for a in legal if a["type"] == "pocus"]
    kinds = {entry["kind"] for entry in pocus}
    stoppers = [entry for entry in pocus if entry["stops"]]
    own = hocus["caster"] == seat
    aimed = hocus["aimed_at"] == seat
    stopped = (hocus.get("forecast") or {}).get("stopped")
    threatened = own and stopped is not None and stopped.get("seat") != seat
    rescues = threatened and "lightning" in kinds
    defends = aimed and stopped is None and (bool(stoppers) or "mirror" in kinds)
    concerns = defends or (own and "magic-wand" in kinds) or rescues
    stops = (bool(stoppers) and not own) or (aimed and "mirror" in kinds) or rescues
    return {"pass": passes[0], "concerns": concerns, "stops": stops}


def _react_prompt(view: HocusPocusView, legal: list, seat: int, who: Who) -> tuple[str, list]:
    cards = Cards(view)
    hocus = view["hocus"]
    assert hocus is not None, "the react phase answers a waiting Hocus"
    what = label(hocus["card"])
    passes = [choice("Pass", a, tone="primary", icon="pass", rule=R + "react/close",
                     hint="Play nothing now; any new Pocus asks you again.")
              for a in legal if a["type"] == "pass"]
    groups: list = [{"label": "Let it go ahead", "choices": passes}] if passes else []
    rows: dict[tuple, dict] = {}
    for action in legal:
        if action["type"] != "pocus":
            continue
        name, source = action["card"], action["from"]
        kind = cards.kind(name)
        text, rule = POWER[kind]
        row = rows.setdefault((name, source), {
            "label": f"{label(name)} · from {'your' if seat == who.you else 'the'} "
                     f"{'Grimoire' if source == 'grimoire' else 'Hand'}",
            "icon": kind, "tone": FAMILY_TONE["Pocus"], "card": cards.face(name), "text": text,
            "rule": R + rule, "choices": []})
        if action.get("target") is not None:
            row["choices"].append(choice(f"Turn it to {who(action['target'])}", action, tone="primary"))
        else:
            row["choices"].append(choice("Play it", action, tone="primary"))
    if rows:
        groups.append({"label": f"Or play a Pocus on {what}", "rows": list(rows.values())})
    return f"React to {what}", groups


def _turn_prompt(view: HocusPocusView, legal: list, seat: int, who: Who, names: list) -> tuple[str, list]:
    cards = Cards(view)
    groups: list = []
    casts: dict[tuple, dict] = {}
    for action in legal:
        if action["type"] != "hocus":
            continue
        name, source = action["card"], action["from"]
        kind = cards.kind(name)
        row = casts.setdefault((name, source), {
            "label": f"{label(name)} · from {'your' if seat == who.you else 'the'} "
                     f"{'Grimoire' if source == 'grimoire' else 'Hand'}",
            "icon": kind, "tone": FAMILY_TONE["Hocus"], "card": cards.face(name),
            "text": cards.power_text(name),
            "rule": R + POWER[kind][1], "choices": []})
        target = action.get("target")
        if target is not None:
            detail = _target_note(view, kind, target)
            row["choices"].append(choice(f"At {who(target)}", action, tone="primary", hint=detail))
        else:
            row["choices"].append(choice("Cast it", action, tone="primary"))
    if casts:
        groups.append({"label": "Cast a Hocus (the others may answer with Pocus cards)",
                       "rows": list(casts.values())})
    ends = []
    for action in legal:
        if action["type"] == "draw":
            ends.append(choice("Draw 2 cards", action, icon="back", rule=R + "end/choose",
                               hint=f"{plural(view['library_size'], 'card')} in the Library; then keep "
                                    "at most 5 in hand."))
        elif action["type"] == "gem":
            ends.append(choice("Take 1 Gem", action, icon="gem", rule=R + "end/choose",
                               hint=f"{plural(view['cauldron'], 'Gem')} left in the Cauldron."))
    groups.append({"label": "Or end your turn" if casts else "End your turn", "choices": ends})
    swaps: dict[str, dict] = {}
    for action in legal:
        if action["type"] != "exchange":
            continue
        mine = action["hand"]
        row = swaps.setdefault(mine, {
            "label": f"{label(mine)} from the Hand", "icon": cards.kind(mine),
            "tone": FAMILY_TONE[cards.family(mine)], "card": cards.face(mine),
            "text": "goes into the Grimoire in place of:", "rule": R + "exchange/swap", "choices": []})
        row["choices"].append(choice(label(action["grimoire"]), action))
    if swaps:
        left = view["exchanges_left"]
        groups.append({"label": f"Swap a Hand card with a Grimoire card ({plural(left, 'swap')} left "
                                "before your next Hocus)",
                       "fold": True, "key": f"swap:{seat}", "rows": list(swaps.values())})
    house = _house_notes(view, seat, bool(swaps))
    if house:
        groups.append({"label": _("House rules"), "notes": house})
    title = "Your turn" if seat == who.you else f"{names[seat]}'s turn"
    if view["turn_over"]:
        title += ": the Hourglass ended it"
    return title, groups


def _house_notes(view: HocusPocusView, seat: int, swapping: bool) -> list:
    """The house rulings that bite on this turn, said where they do (from the view's facts)."""
    notes = []
    left = view["exchanges_left"]
    if swapping or (left == 0 and view["hand"] and not view["turn_over"]):
        if left:
            text = _("House rule: swaps are capped before each Hocus you play ({left} left now); "
                     "the rulebook sets no limit, but three swaps already reach every Grimoire your "
                     "cards allow, and the cap makes every turn end.").format(left=left)
        else:
            text = _("House rule: no swaps left until you play a Hocus; the cap is counted afresh "
                     "after each Hocus.")
        notes.append({"text": text, "rule": R + "exchange/limit"})
    if view["locked"]:
        notes.append({"text": _("A Pumpkin returned {cards}: you may not cast it again this turn.").format(
            cards=labels(view["locked"])), "rule": R + "pumpkin/lock"})
    return notes


def _target_note(view: HocusPocusView, kind: str, target: int) -> str:
    """What the target has that this Hocus goes for (public counts only)."""
    if kind in ("thief", "sacrifice"):
        return plural(view["gems"][target], "Gem")
    if kind in ("owl", "curse"):
        return f"Grimoire of {len(view['grimoires'][target])}"
    if kind == "abracadabra":
        return f"Hand of {view['hand_sizes'][target]}"
    return ""


def _arrange_prompt(view: HocusPocusView, legal: list, seat: int) -> tuple[str, list]:
    cards = Cards(view)
    pending = view["pending"]
    seen = pending.get("cards", []) if pending is not None and pending["kind"] == "arrange" else []
    orders = {",".join(a["cards"]): a for a in legal}
    keep = orders.get(",".join(seen))
    group: dict[str, Any] = {
        "label": "Pick the cards top card first",
        "order": {"id": "arrange", "verb": "Put them back",
                  "help": "Click the cards in the order you want them, the top card first.",
                  "cards": [cards.face(n) for n in seen], "orders": orders,
                  "empty": f"Click the card that goes on top ({plural(len(seen), 'card')} to place).",
                  "rule": R + "crystal-ball/arrange"}}
    groups = [group]
    if keep is not None:
        groups.append({"label": "Or", "choices": [choice("Keep them as they are", keep,
                                                         hint="Top first: " + labels(seen) + ".")]})
    return "Crystal Ball: put the cards back", groups


# --------------------------------------------------------------------------- near misses

SKIP_RULES = {R + "hocus/target", R + "exchange/swap"}
"""Near misses not worth a note: aiming at yourself, swapping identical cards."""


def _not_now(game: Game, seat: int, names: list, cards: Cards) -> list:
    """Cards ``seat`` holds but may not play now, grouped by the rule that says why.

    From ``game.explain(seat)``: a card with no legal use now gets one note (its first
    refusal); in a reaction window only Pocus cards are considered, on a turn only Hocus
    cards and the Gem. The engine's messages name players by ``names``.
    """
    entries = game.explain(seat, names)
    if not entries:
        return []
    usable = {(e["action"].get("card"), e["action"].get("from")) for e in entries if e["legal"]}
    react = any(e["legal"] and e["action"]["type"] == "pass" for e in entries)
    wanted = ("pocus",) if react else ("hocus", "gem")
    seen: set = set()
    notes: dict[str, dict] = {}
    for e in entries:
        action = e["action"]
        if e["legal"] or action["type"] not in wanted or e["rule"] in SKIP_RULES:
            continue
        key = (action.get("card"), action.get("from"))
        if key in usable or key in seen:
            continue
        seen.add(key)
        message = e["message"]
        note = notes.setdefault(e["rule"] + "|" + message, {"text": message, "rule": e["rule"], "cards": []})
        if action.get("card"):
            where = "Grimoire" if action.get("from") == "grimoire" else "Hand"
            note["cards"].append(cards.face(action["card"], caption=where))
    return list(notes.values())


# --------------------------------------------------------------------------- the end, the legend


def _scoreboard(view: HocusPocusView, names: list) -> dict:
    order = sorted(range(len(names)), key=lambda s: (-view["gems"][s], s))
    rows = [{"head": {"text": names[s]},
             "cells": [{"text": str(view["gems"][s]), "strong": s in view["winners"]},
                       {"text": str(view["hand_sizes"][s])}]}
            for s in order]
    return {"caption": "Final Gems (the most wins)", "head": ["Player", "Gems", "Hand"], "rows": rows,
            "foot": []}


def _gameover(view: HocusPocusView, names: list, you: int | None) -> dict | None:
    """Who won, by how much, and the biggest Gem swings of the game (from the public log)."""
    if not view["is_over"]:
        return None
    winners = view["winners"]
    gems = view["gems"]
    named = [("You" if w == you else names[w]) for w in winners]
    title = " and ".join(named) + (" win!" if named == ["You"] else " wins!")
    order = sorted(range(len(names)), key=lambda s: (-gems[s], s))
    text = ("The Cauldron is empty. Gems: " + ", ".join(f"{names[s]} {gems[s]}" for s in order) + ".")
    runner = next((s for s in order if s not in winners), None)
    if runner is not None and winners:
        text += " " + _("{who} won by {margin} over {runner}.").format(
            who=" and ".join(named), margin=plural(gems[winners[0]] - gems[runner], "Gem"),
            runner=names[runner])
    return {"title": title, "winners": [names[w] for w in winners], "text": text,
            "story": gem_swings(view["log"])}


SWING_KINDS = ("thief", "sacrifice", "spell")
"""Log events that move Gems by a Hocus's number (the end-of-turn Gem moves only one)."""


def gem_swings(log: list, count: int = 3) -> list[str]:
    """The ``count`` biggest Gem moves of the game, biggest first (ties: the earlier first),
    then who took the last Gem: the deciding moments, read from the log alone."""
    moves = [e for e in log if e.get("kind") in SWING_KINDS and e.get("count")]
    moves.sort(key=lambda e: (-e["count"], e["n"]))
    lines = [_("Biggest Gem swings:")] if moves else []
    lines += [e["text"] for e in moves[:count]]
    lines += [e["text"] for e in log if e.get("kind") == "game-end"]
    return lines


def _legend(view: HocusPocusView) -> list:
    """Each kind in this game (the view's ``kinds``: copies after the set-aside, numbers)."""
    out = []
    for entry in view["kinds"]:
        kind, fam = entry["kind"], entry["family"]
        text, rule = POWER[kind]
        item = {"kind": kind, "icon": kind, "name": entry["name"], "tone": FAMILY_TONE[fam], "tag": fam,
                "text": power_text(kind, None), "rule": R + rule, "copies": entry["copies"]}
        if entry["values"] is not None:
            values: dict[int, int] = {}
            for v in entry["values"]:
                values[v] = values.get(v, 0) + 1
            item["detail"] = "Numbers " + " · ".join(f"{v}×{n}" for v, n in sorted(values.items()))
            item["text"] = text.replace("{gems}", "N Gems").replace("{n}", "N cards")
        out.append(item)
    return out
