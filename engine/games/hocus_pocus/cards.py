"""Hocus Pocus's cards: the kinds, how many copies, and the number printed on each copy.

SOURCES. The kinds and the copies per kind come from the rulebook's card list
(``hocus-pocus.txt``, "Components": 50 Hocus, 25 Pocus). The number printed on each copy
of the numbered Hocus kinds is NOT in the rulebook: the values below come from
``COMPONENTS.md`` (confidence M: an open-source implementation whose card images are scans
of the French cards; the totals agree with the rulebook's 50 Hocus cards). Replace them,
whole or per kind, with the ``deck`` option, e.g.
``new_game("hocus-pocus", 3, deck={"thief": [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]})``: a numbered
kind maps to the list of its copies' values, any other kind to its number of copies.

At run time each distinct (kind, value) is one *card type* with a small integer code; a
:class:`Deck` holds the per-code lookups the rules use (kind, value, name) so play stays
fast. Identical copies are interchangeable, so hands and Grimoires are lists of codes.
"""

from __future__ import annotations

import json

from ...rules import brief

HOCUS_KINDS = ("abracadabra", "crystal-ball", "owl", "inspiration", "curse", "sacrifice",
               "spell", "thief", "vortex")
POCUS_KINDS = ("amulet", "magic-wand", "black-cat", "pumpkin", "counterspell", "lightning",
               "mirror", "hourglass")
KINDS = HOCUS_KINDS + POCUS_KINDS
(ABRACADABRA, CRYSTAL_BALL, OWL, INSPIRATION, CURSE, SACRIFICE, SPELL, THIEF, VORTEX,
 AMULET, MAGIC_WAND, BLACK_CAT, PUMPKIN, COUNTERSPELL, LIGHTNING, MIRROR, HOURGLASS) = range(len(KINDS))

NAMES = {
    "abracadabra": "Abracadabra", "crystal-ball": "Crystal Ball", "owl": "Owl",
    "inspiration": "Inspiration", "curse": "Curse", "sacrifice": "Sacrifice", "spell": "Spell",
    "thief": "Thief", "vortex": "Vortex", "amulet": "Amulet", "magic-wand": "Magic Wand",
    "black-cat": "Black Cat", "pumpkin": "Pumpkin", "counterspell": "Counterspell",
    "lightning": "Lightning", "mirror": "Enchanted Mirror", "hourglass": "Hourglass",
}
NUMBERED = frozenset({"owl", "inspiration", "curse", "sacrifice", "spell", "thief"})
"""Kinds whose cards print a number (the Magic Wand doubles it)."""
TARGETED = frozenset({"abracadabra", "owl", "curse", "sacrifice", "thief"})
"""Hocus kinds whose player chooses another player: the Hocus's target."""
STOPS = {"amulet": "destroy", "counterspell": "destroy", "black-cat": "take", "pumpkin": "return"}
"""Pocus kinds that stop a Hocus, and what each does with it (pocus/discarded): ``destroy``
(to the discard pile), ``take`` (into the stopper's Hand), ``return`` (to the caster's
Hand). The first one that counts ends the resolution (react/order)."""

_VALUES = [1] * 5 + [2] * 4 + [3] * 3 + [4] * 2 + [5]

CARD_TABLE: dict = {
    # Hocus (50). Numbered kinds: one printed value per copy (COMPONENTS.md, confidence M).
    "abracadabra": 2,
    "crystal-ball": 3,
    "owl": [1, 1, 2],
    "inspiration": [2, 2, 2, 3, 3],
    "curse": [1, 1, 2],
    "sacrifice": [2, 2],
    "spell": list(_VALUES),
    "thief": list(_VALUES),
    "vortex": 2,
    # Pocus (25): copies only (the rulebook's card list).
    "amulet": 7,
    "magic-wand": 4,
    "black-cat": 2,
    "pumpkin": 3,
    "counterspell": 2,
    "lightning": 2,
    "mirror": 3,
    "hourglass": 2,
}
"""The card table: copies per kind (numbered kinds: the value of each copy)."""

SET_ASIDE = 3
"""Cards of one kind returned to the box at setup: Mirrors with two players, else Amulets."""


def merge_table(overrides: object) -> dict:
    """The card table with ``overrides`` applied, validated (ValueError says what is wrong)."""
    if overrides is None:
        overrides = {}
    if not isinstance(overrides, dict):
        raise ValueError("the deck option is an object mapping card kinds to copies (a number) "
                         "or, for numbered kinds, to the list of the copies' values")
    table = {k: (list(v) if isinstance(v, list) else v) for k, v in CARD_TABLE.items()}
    for kind, entry in overrides.items():
        if kind not in table:
            raise ValueError(f"unknown card kind {brief(kind)} in the deck option; "
                             f"the kinds are: {', '.join(KINDS)}")
        if kind in NUMBERED:
            if (not isinstance(entry, list) or len(entry) > 40
                    or any(isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 20
                           for v in entry)):
                raise ValueError(f"deck[{kind!r}] lists the printed value of each copy: a list of "
                                 f"at most 40 whole numbers from 1 to 20, not {brief(entry)}")
            table[kind] = sorted(entry)
        else:
            if isinstance(entry, bool) or not isinstance(entry, int) or not 0 <= entry <= 40:
                raise ValueError(f"deck[{kind!r}] is the number of copies, a whole number from 0 "
                                 f"to 40, not {brief(entry)}")
            table[kind] = entry
    return table


def copies(table: dict, kind: str) -> int:
    """How many cards of ``kind`` a card table has (numbered kinds list one value per copy)."""
    entry = table[kind]
    return len(entry) if isinstance(entry, list) else entry


def card_name(kind: str, value: int = 0) -> str:
    """A card's name in actions and views: ``thief-3`` (numbered kinds), ``mirror`` (the others)."""
    return f"{kind}-{value}" if value else kind


def card_label(name: str) -> str:
    """How people read a card name of any card table: ``thief-3`` -> ``Thief 3``,
    ``mirror`` -> ``Enchanted Mirror``; anything that is no card name comes back as it is.

    >>> card_label("spell-5"), card_label("crystal-ball"), card_label("wand-9")
    ('Spell 5', 'Crystal Ball', 'wand-9')
    """
    if not isinstance(name, str):
        return str(name)
    if name in NAMES and name not in NUMBERED:
        return NAMES[name]
    kind, _, value = name.rpartition("-")
    if kind in NUMBERED and value.isdigit() and value[0] != "0":
        return f"{NAMES[kind]} {value}"
    return name


def set_aside_kind(players: int) -> str:
    """The kind whose three cards go back to the box at setup (setup/cards-out)."""
    return "mirror" if players == 2 else "amulet"


def deck_size(table: dict, players: int) -> int:
    """How many cards are shuffled at setup, after the set-aside cards go back to the box."""
    total = sum(copies(table, k) for k in KINDS)
    return total - min(SET_ASIDE, copies(table, set_aside_kind(players)))


class Deck:
    """The card types of one card table, with per-code lookups (codes index these lists)."""

    def __init__(self, table: dict):
        self.table = table
        names, kinds, values = [], [], []
        for k, kind in enumerate(KINDS):
            entry = table[kind]
            for value in (sorted(set(entry)) if kind in NUMBERED else [0]):
                names.append(card_name(kind, value))
                kinds.append(k)
                values.append(value)
        self.names: list[str] = names
        self.kinds: list[int] = kinds
        self.values: list[int] = values
        self.code = {name: c for c, name in enumerate(names)}
        self.is_hocus = [k < len(HOCUS_KINDS) for k in kinds]
        self.targeted = [KINDS[k] in TARGETED for k in kinds]
        self.labels = [card_label(name) for name in names]
        self.stops = [STOPS.get(KINDS[k]) for k in kinds]
        self._info: dict | None = None
        self._in_play: dict[int, list] = {}

    def setup_cards(self, players: int) -> list[int]:
        """Every card shuffled at setup (unshuffled), the set-aside kind already removed."""
        cards: list[int] = []
        aside = set_aside_kind(players)
        for kind in KINDS:
            entry = self.table[kind]
            if kind in NUMBERED:
                cards.extend(self.code[card_name(kind, v)] for v in entry)
            else:
                count = entry - (min(SET_ASIDE, entry) if kind == aside else 0)
                cards.extend([self.code[kind]] * count)
        return cards

    def to_json(self) -> dict:
        """The card table as the view's ``deck`` (fresh lists)."""
        return {k: (list(v) if isinstance(v, list) else v) for k, v in self.table.items()}

    def card_info(self) -> dict:
        """Each card name (the view's ``card_info``): ``label``, ``kind`` and its ``name``, the
        printed ``value`` (or None), ``hocus`` (else Pocus), ``targeted``, ``stops`` (what it
        does if it stops a Hocus: :data:`STOPS`, else None) and ``order`` (its place in the
        card list: Hocus kinds first, numbers rising). Fresh dicts on every call."""
        info = self._info
        if info is None:
            info = self._info = {
                name: {"label": self.labels[c], "kind": KINDS[self.kinds[c]],
                       "name": NAMES[KINDS[self.kinds[c]]], "value": self.values[c] or None,
                       "hocus": self.is_hocus[c], "targeted": self.targeted[c],
                       "stops": self.stops[c], "order": c}
                for c, name in enumerate(self.names)}
        return {name: dict(entry) for name, entry in info.items()}

    def in_play(self, players: int) -> list[dict]:
        """Each kind with cards in a game of ``players`` (the view's ``kinds``), in the card
        list's order: its ``name``, ``family``, ``copies`` shuffled at setup (after the
        set-aside ones, setup/cards-out), for the numbered kinds each copy's printed
        ``values`` (else None), ``targeted`` and ``stops``. Fresh dicts on every call."""
        kinds = self._in_play.get(players)
        if kinds is None:
            kinds = self._in_play[players] = []
            aside = set_aside_kind(players)
            for k, kind in enumerate(KINDS):
                count = copies(self.table, kind)
                if kind == aside:
                    count -= min(SET_ASIDE, count)
                if count:
                    kinds.append({"kind": kind, "name": NAMES[kind],
                                  "family": "Hocus" if k < len(HOCUS_KINDS) else "Pocus",
                                  "copies": count,
                                  "values": sorted(self.table[kind]) if kind in NUMBERED else None,
                                  "targeted": kind in TARGETED, "stops": STOPS.get(kind)})
        return [dict(entry, values=list(entry["values"])) if entry["values"] else dict(entry)
                for entry in kinds]


_CACHE: dict[str, Deck] = {}


def deck_for(table: dict) -> Deck:
    """The (shared, read-only) :class:`Deck` of a merged card table."""
    key = json.dumps(table, sort_keys=True)
    deck = _CACHE.get(key)
    if deck is None:
        deck = _CACHE[key] = Deck(table)
    return deck
