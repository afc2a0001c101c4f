"""The scene: the declarative picture of a table that the one front-end module draws.

Presenters (one per game) build scenes from a seat's view and legal actions; the
controller adds the generic parts (controls, hand-off, explorer panels). The front end
knows no rules: it draws what the scene lists and sends back the exact action a
clickable carries. The full schema is documented in ``docs/widgets.md``; the helpers
here keep presenters short and the shapes consistent.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from .i18n import _

SCENE_VERSION = 1

TONES = ("gold", "violet", "green", "red", "blue", "teal", "orange", "pink", "silver", "bone", "ash")
"""Colour families the stylesheet knows; a card's colour is never its only cue."""


def action_key(action: Mapping[str, Any]) -> str:
    """The canonical JSON text of an action (sorted keys), as the front end writes it."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def combo_key(picked: Mapping[str, int]) -> str:
    """Key of a multiset of picked card kinds: ``{"candle": 1, "bell": 2}`` -> ``bell:2,candle:1``.

    The front end builds the same key from the cards a player toggled, to look up
    whether the selection is one of the legal combinations the presenter listed.
    """
    return ",".join(f"{kind}:{count}" for kind, count in sorted(picked.items()) if count)


def card(kind: str, name: str, count: int = 1, tone: str = "ash", icon: str | None = None,
         **extra: Any) -> dict:
    """A card face: ``kind`` (stable id, data-card), its name, how many, colour and icon."""
    face = {"kind": kind, "name": name, "count": count, "tone": tone, "icon": icon or kind}
    face.update(extra)
    return face


FLY = ("all", "others")
"""Where a bot's move is drawn as a card flying from the mover to a number that grew: to
this number whoever's it is (``all``), or only when it is not the mover's own (``others``:
what the mover gains itself comes from elsewhere on the table, such as Gems from the
Cauldron). The presenter says which (``fly=``); the page knows no game's numbers."""


def counter(key: str, label: str, value: Any, icon: str, attr: str | None = None, *,
            repeats: bool = False, fly: str | None = None) -> dict:
    """A labelled number; ``attr`` names the data attribute (``hand-size``) the DOM carries.
    ``repeats``: the panel shows the number otherwise (the cards of its tableau); the
    explorer's three columns leave the counter out. ``fly``: see :data:`FLY`."""
    data = {"key": key, "label": label, "value": value, "icon": icon}
    if attr:
        data["attr"] = attr
    if repeats:
        data["repeats"] = True
    if fly is not None:
        assert fly in FLY and attr, "a counter a card flies to names its attribute and one of FLY"
        data["fly"] = fly
    return data


def choice(label: str, action: dict, *, hint: str = "", rule: str = "", icon: str = "",
           cards: list | None = None, tone: str = "normal", seat: int | None = None) -> dict:
    """A button that plays ``action``; tone is ``primary``, ``normal`` or ``danger``."""
    data: dict[str, Any] = {"label": label, "action": action, "tone": tone}
    if hint:
        data["hint"] = hint
    if rule:
        data["rule"] = rule
    if icon:
        data["icon"] = icon
    if cards:
        data["cards"] = cards
    if seat is not None:
        data["seat"] = seat
    return data


def control(role: str, label: str, message: dict, *, enabled: bool = True, hint: str = "",
            pressed: bool | None = None, icon: str = "") -> dict:
    """A toolbar button: ``data-role=role``; clicking it sends ``message`` as it is."""
    data: dict[str, Any] = {"role": role, "label": label, "message": message, "enabled": enabled}
    if hint:
        data["hint"] = hint
    if pressed is not None:
        data["pressed"] = pressed
    if icon:
        data["icon"] = icon
    return data


def walk_actions(node: Any) -> Iterator[dict]:
    """Every action a scene lets the user send (any dict under an ``action`` key)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "action" and isinstance(value, dict):
                yield value
            else:
                yield from walk_actions(value)
    elif isinstance(node, list):
        for item in node:
            yield from walk_actions(item)


def plural(count: int, word: str, many: str | None = None) -> str:
    """``plural(1, "card")`` -> ``1 card``; ``plural(3, "card")`` -> ``3 cards``."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


class Who:
    """Seats as a scene's sentences name them: "you" for the person at the screen, else the
    seat's name; one place for the second person, shared by the presenters.

    ``english`` is for a presenter whose sentences are English: a translated "you" would
    sit in them, so its words stay English. ``own`` and ``many`` build English phrases.
    """

    def __init__(self, names: Sequence[str], you: int | None, *, english: bool = False):
        self.names, self.you, self.english = list(names), you, english

    def __call__(self, seat: int | None, cap: bool = False) -> str:
        """``seat``'s name, or "you" ("You" with ``cap``); no seat is "nobody"."""
        if seat is None:
            return "nobody" if self.english else _("nobody")
        if seat != self.you:
            return self.names[seat]
        if self.english:
            return "You" if cap else "you"
        return _("You") if cap else _("you")

    def is_you(self, seat: int | None) -> bool:
        """Whether ``seat`` is the person at the screen (a sentence then says "you")."""
        return seat is not None and seat == self.you

    def own(self, seat: int, cap: bool = False) -> str:
        """The English possessive: "your" ("Your" with ``cap``) or "Agnes's"."""
        if seat == self.you:
            return "Your" if cap else "your"
        return f"{self.names[seat]}'s"

    def many(self, seats: Sequence[int]) -> str:
        """Several seats in one phrase: "Agnes, you and Hazel" (none: "nobody")."""
        words = [self(s) for s in seats]
        if len(words) <= 1:
            return "".join(words) or self(None)
        return ", ".join(words[:-1]) + " and " + words[-1]


def log_entry(entry: Mapping[str, Any]) -> dict:
    """A log line for the scene: its number, kind, text and (if any) the acting seat."""
    data = {"n": entry["n"], "kind": entry.get("kind", ""), "text": entry["text"]}
    if isinstance(entry.get("actor"), int):
        data["seat"] = entry["actor"]
    return data


def god_log(public: Mapping[str, Any], views: list, names: list, last: int = 80) -> list:
    """The explorer's log: the public log, each event carrying the seats' private versions.

    An event nobody else saw appears as "(a secret event)" with its private texts.
    Only the explorer uses this: play scenes show one seat's own log.
    """
    secrets: dict[int, list] = {}
    public_text = {e["n"]: e["text"] for e in public["log"]}
    for seat, view in enumerate(views):
        for entry in view["log"]:
            if entry["text"] != public_text.get(entry["n"]):
                secrets.setdefault(entry["n"], []).append(
                    {"seat": seat, "name": names[seat], "text": entry["text"]})
    entries = {e["n"]: e for e in public["log"]}
    for n in secrets:
        entries.setdefault(n, {"n": n, "kind": "secret", "text": "(a secret event)"})
    log = []
    for n in sorted(entries)[-last:]:
        entry = log_entry(entries[n])
        if n in secrets:
            entry["secret"] = secrets[n]
        log.append(entry)
    return log


# --------------------------------------------------------------------------- per-game pictures

@functools.cache
def _read_pictures(path: str) -> dict:
    file = Path(path)
    if not file.is_file():
        return {}
    data = json.loads(file.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                             for k, v in data.items()):
        raise ValueError(f"{file.name} maps icon names to SVG markup (strings), not {type(data).__name__}")
    return data


def pictures_of(module: object) -> dict:  # a presenter module, typed as Presenter
    """A presenter's card pictures: ``<module>.pictures.json`` beside it ({icon: SVG markup}).

    The markup is the inside of a 24x24 ``<svg>`` (paths; ``class="wt-fill"`` parts are
    filled). Keeping them beside the presenter keeps ``table.js`` free of any game's
    pictures; a presenter without the file draws its cards with the table's own icons.
    """
    file = getattr(module, "__file__", None)
    if not file:
        return {}
    return _read_pictures(str(Path(file).with_suffix(".pictures.json")))


# --------------------------------------------------------------------------- table grids

def grid(cards: list, *, columns: int | None = None, select: dict | None = None, chips: bool = False) -> dict:
    """A grid (or row) of cards on the table, for a zone's ``grid`` key.

    Each card is a face (:func:`card`) that may carry ``action`` (clicking it sends that
    action) or ``pick: True`` (it toggles into the grid's ``select``). ``columns`` fixes
    the width of the grid (a row when left out and the cards fit). ``chips``: tokens that
    nobody clicks (no ``action``, no ``select``), which the explorer's three columns draw
    as a row of chips (name and tag) instead of cards.
    """
    if chips and (select is not None or any("action" in c or c.get("pick") for c in cards)):
        raise ValueError("a grid drawn as chips holds no buttons: no action, pick or select")
    data: dict[str, Any] = {"cards": cards}
    if columns is not None:
        data["columns"] = columns
    if select is not None:
        data["select"] = select
    if chips:
        data["chips"] = True
    return data


def grid_select(id: str, verb: str, choices: Mapping[tuple, dict], *, help: str = "", empty: str = "",
                invalid: str = "") -> dict:
    """A picker over a grid's cards: ``choices`` maps a tuple of card positions to its action.

    The front end builds the key of the picked positions (:func:`positions_key`); a hit
    sends the action, a miss a ``build`` message (``picked``: the positions) for the
    presenter's ``compose`` and the engine to judge.
    """
    return {"id": id, "verb": verb, "help": help, "empty": empty, "invalid": invalid,
            "choices": {positions_key(key): {"action": action} for key, action in choices.items()}}


def positions_key(positions: Any) -> str:
    """``(3, 0)`` -> ``"0,3"``: the key of a set of grid positions, as the front end writes it."""
    return ",".join(str(p) for p in sorted(positions))


# --------------------------------------------------------------------------- reveals and clocks

REVEAL_MS = 4000
"""How long a transient reveal stays on screen unless the presenter says otherwise."""


def reveal(key: str, title: str, *, cards: list | None = None, text: str = "", seats: Sequence[str] = (),
           duration_ms: int | None = REVEAL_MS, close_label: str = "") -> dict:
    """Something shown to some seats for a moment (the scene's ``reveal``).

    ``key`` names this showing (a new key is a new showing); ``duration_ms`` ``None``
    keeps it until closed. The front end removes it after the time and tells the
    controller, which drops it from every later state; the presenter builds it only from
    a view field the engine keeps until the next action, so nothing of it stays.
    """
    data: dict[str, Any] = {"key": key, "title": title, "text": text, "cards": cards or [],
                            "seats": list(seats), "duration_ms": duration_ms}
    if close_label:
        data["close_label"] = close_label
    return data


def clock(key: str, label: str, *, field: str = "ms", limit_ms: int | None = None,
          point_field: str | None = None) -> dict:
    """A running clock (the scene's ``clock``), started when the front end first draws ``key``.

    While it runs, every action the page sends carries the milliseconds measured since
    then; the controller puts them into the action's ``field`` (the one the engine
    declares for timed input). ``point_field``: a call timed in two steps (a call key,
    then the card: the scene's ``calls``) also carries ``point_ms``, the time from the
    call to pointing, put into that field.
    """
    data: dict[str, Any] = {"key": key, "label": label, "field": field}
    if point_field is not None:
        data["point_field"] = point_field
    if limit_ms is not None:
        data["limit_ms"] = limit_ms
    return data


# --------------------------------------------------------------------------- outcomes

def team_result(spec: Any, over: bool, winners: Sequence[int], players: int) -> str | None:
    """``"won"`` or ``"lost"`` for a finished cooperative game, else ``None``.

    A cooperative game's ``winners`` is every seat (the table won) or empty (it lost).
    """
    if not over or not getattr(spec, "cooperative", False):
        return None
    return "won" if len(winners) == players else "lost"


def team_outcome(result: str, names: Sequence[str]) -> tuple[dict, dict]:
    """The headline and game-over panel of a cooperative game the table ``won`` or ``lost``.

    Both carry ``result``, which the front end shows (the panel's ``data-result``, a
    crown or not); in the players, every seat is a ``winner`` (with ``team``) or none.
    """
    if result == "won":
        headline = _("Game over: the table wins together.")
        title, text = _("The table wins"), _("Every seat wins together.")
        winners = list(names)
    else:
        headline = _("Game over: the table loses together.")
        title, text = _("The table loses"), _("Nobody wins: the game beat the whole table.")
        winners = []
    return ({"text": headline, "tone": "over", "result": result},
            {"title": title, "text": text, "winners": winners, "result": result})


def public_scores(spec: Any, view: Mapping[str, Any]) -> list | None:
    """The view's running scores when the game declares them public and the view has them."""
    scores = view.get("scores")
    if not getattr(spec, "public_scores", True) or not isinstance(scores, list):
        return None
    return scores


# --------------------------------------------------------------------------- second person

_IRREGULAR = {"has": "have", "is": "are", "does": "do", "goes": "go", "was": "were"}
_ADVERBS = frozenset({"alone", "still", "also", "only", "then", "now", "first", "again"})


def _base_verb(word: str) -> str:
    """``attacks`` -> ``attack``, ``passes`` -> ``pass``, ``tries`` -> ``try``: the "you" form."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "ches", "shes", "xes", "zes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


_OBJECTS = frozenset({"the", "a", "an", "it", "them", "their", "your", "one", "every", "each"})


def _second_verbs(words: list, index: int) -> None:
    """The same subject's later verbs in its clause ("... and stops the attack" -> "and stop"):
    a word after "and" that ends in s and is followed by an object (an article, a pronoun,
    a field)."""
    for j in range(index + 1, len(words) - 1):
        if words[j - 1][-1:] in ".;:":
            return
        after = words[j + 1].rstrip(".,;:!")
        if words[j - 1] == "and" and words[j][:1].islower() and words[j].isalpha() \
                and (after in _OBJECTS or after.startswith("{")):
            words[j] = _base_verb(words[j])


def _you_subject(text: str, key: str) -> str:
    """``{key} alone still holds`` -> ``You alone still hold`` wherever ``{key}`` is a subject."""
    mark = "{" + key + "}"
    out = []
    rest = text
    while mark in rest:
        before, rest = rest.split(mark, 1)
        start = not before.strip() or before.rstrip().endswith(".")
        subject = start or before.rstrip().endswith((":", ";"))
        if rest.startswith("'s"):
            out.append(before + ("Your" if start else "your"))
            rest = rest[2:]
            continue
        words = rest.split(" ")
        # words[0] is "" (the space after the name); find the verb after any adverbs
        index = 1
        while index < len(words) and words[index] in _ADVERBS:
            index += 1
        if subject and index < len(words) and words[index][:1].islower():
            word = words[index].rstrip(".,;:!")
            words[index] = _base_verb(word) + words[index][len(word):]
            _second_verbs(words, index)
            rest = " ".join(words)
        out.append(before + ("You" if start else "you"))
    out.append(rest)
    return "".join(out)


PLACE_FIELDS = frozenset({"pile", "space"})
"""Log fields holding a place's index (a pile, a storage space): the engine counts from 0."""


def place_number(index: int) -> int:
    """A place as people count it: the engine's pile 0 is the table's "Pile 1" (every
    button, caption and log line says the same number)."""
    return index + 1


def counted(entry: Mapping[str, Any]) -> dict:
    """An event's place fields (:data:`PLACE_FIELDS`) as people count them, for its text."""
    return {key: place_number(value) for key, value in entry.items()
            if key in PLACE_FIELDS and isinstance(value, int) and not isinstance(value, bool)}


def second_person(entry: Mapping[str, Any], names: Sequence[str], you: int | None) -> str:
    """A log event told to the person who is ``you``: "You attack Morgana with 2 Bells".

    The engine's events are templates (``"{actor} attacks {target} ..."``) with seat
    fields; where a seat field is ``you``, the name becomes "you", its verb loses the
    third person's ``s`` and "their" (the actor's) becomes "your". Other events, and
    every event when ``you`` is ``None``, read exactly as the engine narrates them.
    """
    from ..engine.core import narrate

    entry = {**entry, **counted(entry)}
    mine = _your_fields(entry, you, seats=True)
    if not mine:
        return narrate(entry, names)
    return narrate({**entry, "msg": you_template(str(entry.get("msg", "")), mine)}, names)


def _your_fields(entry: Mapping[str, Any], you: int | None, *, seats: bool) -> list[str]:
    """The seat fields of an event's template that are ``you`` (``seats``: the numbered
    ``p0``, ``p1``... fields too)."""
    from ..engine.core import SEAT_FIELDS

    if you is None:
        return []
    template = str(entry.get("msg", ""))
    return [key for key, value in entry.items()
            if (key in SEAT_FIELDS or (seats and key[:1] == "p" and key[1:].isdigit())) and value == you
            and isinstance(value, int) and not isinstance(value, bool) and "{" + key + "}" in template]


def you_template(template: str, keys: Sequence[str]) -> str:
    """An English log template told to the seat in ``keys``: "{actor} attacks" -> "You attack"."""
    for key in keys:
        if key == "actor" and template.startswith("{actor}"):
            template = template.replace(" their ", " your ")
        template = _you_subject(template, key)
    return template


def told(entry: Mapping[str, Any], names: Sequence[str], you: int | None,
         values: Mapping[str, Any] | None = None) -> str:
    """A log event in the active language, told to ``you`` in the second person.

    The engine's events carry their English template (``msg``, marked for the catalogue
    with ``engine.rules.N_``) and fields; the template, or its second-person form where a
    seat field is ``you``, is looked up in the catalogue and filled with ``names`` and
    ``values`` (a presenter's words for fields such as a card id). A template the
    catalogue lacks reads as the engine wrote it.
    """
    from ..engine.core import narrate

    template = str(entry.get("msg", ""))
    mine = _your_fields(entry, you, seats=False)
    if mine:
        template = you_template(template, mine)
    filled = {**entry, **counted(entry), **(values or {}), "msg": _(template)}
    return narrate(filled, names)
