"""Disney Hocus Pocus: The Game: the components, and the house data the rulebook lacks.

Known (COMPONENTS.md): 50 Ingredients, five colours x five ingredient types x two copies;
13 Spell cards, among them "Come Little Children" (cast by Sarah in the rulebook's example)
and "Take Flight" (cast by all three sisters). Known with less confidence: "Calming
Circle", and a Spell that clears the top of every pile.

HOUSE DATA (not from the published game), each replaceable by an option:

- the two ingredient types nobody has named (:data:`TYPES`, the last two);
- which Ingredients carry Binx or the Spell Book (:data:`HOUSE_SYMBOLS`, option ``symbols``);
- what each Cauldron space prints (:data:`HOUSE_SPACES`, used by ``cauldron="printed"``);
- the 13 Spells: names, casters and effects (:data:`HOUSE_SPELLS`, option ``spells``).

Design intent for the Spells: Winifred's five are the most dangerous (they eat the
Ingredient deck or force draws, which is how the team loses); Mary's and Sarah's hinder
(they silence questions, narrow what matches, take Binx away); three Spells last until the
round ends; two clear pile tops and so may stun a witch by accident ("magic runs amok").
"""

from __future__ import annotations

import functools

from ...rules import brief

COLOURS = ("purple", "orange", "blue", "green", "yellow")
TYPES = ("newt-saliva", "dead-mans-toe", "oil-of-boil", "herb-thats-red", "dash-of-pox")
"""The first three are known; the last two are house data (from the film's recipe)."""
COPIES = 2
INGREDIENTS = len(COLOURS) * len(TYPES) * COPIES
"""How many Ingredient cards the game has (50)."""
SYMBOLS = ("binx", "book")
WITCHES = ("winifred", "mary", "sarah")
CASTERS = (*WITCHES, "all")


def card_key(colour: str, kind: str, symbol: str = "") -> str:
    """A card's name in actions and views: ``colour:type`` or ``colour:type:symbol``."""
    return f"{colour}:{kind}:{symbol}" if symbol else f"{colour}:{kind}"


@functools.lru_cache(maxsize=256)
def parse(card: str) -> tuple[str, str, str]:
    """``(colour, type, symbol)`` of a card name (symbol ``""`` when plain); cached, as the
    rules ask it of the same few dozen names all game long."""
    parts = card.split(":")
    return parts[0], parts[1], parts[2] if len(parts) > 2 else ""


HOUSE_SYMBOLS: dict = {
    "binx": [card_key(COLOURS[i], TYPES[i]) for i in range(5)],
    "book": [card_key(COLOURS[i], TYPES[(i + 2) % 5]) for i in range(5)],
}
"""HOUSE DATA: one copy of each listed Ingredient shows the symbol (5 Binx, 5 Spell Books)."""

HOUSE_SPACES = tuple((COLOURS[i], TYPES[(i + 1) % 5]) for i in range(5))
"""HOUSE DATA: the colour and ingredient printed on each of the five Cauldron spaces."""

SPELL_EFFECTS = {
    "pass-left": "Every player with cards passes one random card to the player on their left.",
    "clear-tops": "The top card of every pile goes to the discard pile.",
    "silence": "Until the round ends, no questions are asked.",
    "redraw-hand": "The current player discards their whole hand and draws as many (a required draw).",
    "burn-deck": "The top three Ingredients of the deck go to the discard pile.",
    "draw-two": "The current player draws two Ingredients (a required draw).",
    "clear-deepest": "The top card of the deepest pile goes to the discard pile (the first on a tie).",
    "no-binx": "Binx leaves play and, until the round ends, the Binx symbol does nothing.",
    "no-tricks": "Until the round ends, no Trick token may be used.",
    "type-only": "Until the round ends, a card matches a pile only by ingredient type.",
    "colour-only": "Until the round ends, a card matches a pile only by colour.",
    "lose-card": "The current player discards one random card and draws none.",
    "everyone-redraws": "From the current player on, everyone discards a random card and draws one "
                        "(required draws).",
}
"""Every effect the engine implements; a Spell table entry names one of them."""

ONGOING = frozenset({"silence", "no-binx", "no-tricks", "type-only", "colour-only"})
"""Effects that last until the round ends."""

HOUSE_SPELLS: dict = {
    "come-little-children": {"name": "Come Little Children", "caster": "sarah", "effect": "pass-left"},
    "take-flight": {"name": "Take Flight", "caster": "all", "effect": "clear-tops"},
    "calming-circle": {"name": "Calming Circle", "caster": "mary", "effect": "silence"},
    "amok-amok-amok": {"name": "Amok Amok Amok", "caster": "winifred", "effect": "redraw-hand"},
    "black-flame-candle": {"name": "Black Flame Candle", "caster": "winifred", "effect": "burn-deck"},
    "lightning-bolt": {"name": "Lightning Bolt", "caster": "winifred", "effect": "draw-two"},
    "vacuum-sweep": {"name": "Vacuum Sweep", "caster": "mary", "effect": "clear-deepest"},
    "sarahs-song": {"name": "Sarah's Song", "caster": "sarah", "effect": "no-binx"},
    "hex-of-silence": {"name": "Hex of Silence", "caster": "winifred", "effect": "no-tricks"},
    "marys-muddle": {"name": "Mary's Muddle", "caster": "mary", "effect": "type-only"},
    "twisted-recipe": {"name": "Twisted Recipe", "caster": "sarah", "effect": "colour-only"},
    "spilled-potion": {"name": "Spilled Potion", "caster": "mary", "effect": "lose-card"},
    "i-put-a-spell-on-you": {"name": "I Put a Spell on You", "caster": "winifred",
                             "effect": "everyone-redraws"},
}
"""HOUSE DATA: the 13 Spells. Only the names "Come Little Children", "Take Flight" and
"Calming Circle" and the first two casters are known; the rest is the project's design."""


def merge_spells(overrides: object) -> dict:
    """The house Spell table with ``overrides`` applied (ValueError says what is wrong).

    ``{"take-flight": {"copies": 0}}`` turns a Spell off; a new id with a name, caster and
    effect adds one; ``caster``/``effect``/``name``/``copies`` replace one field.
    """
    if not isinstance(overrides, dict):
        raise ValueError("the spells option maps Spell ids to {'name', 'caster', 'effect', 'copies'}")
    table = {sid: dict(entry, copies=1) for sid, entry in HOUSE_SPELLS.items()}
    for sid, entry in overrides.items():
        if not isinstance(entry, dict) or set(entry) - {"name", "caster", "effect", "copies"}:
            raise ValueError(f"spells[{brief(sid)}] must be an object with some of: name, caster, "
                             "effect, copies")
        if sid not in table:
            if not {"caster", "effect"} <= set(entry):
                raise ValueError(f"the new Spell {brief(sid)} needs a caster and an effect")
            table[sid] = {"name": sid, "copies": 1}
        table[sid].update(entry)
        spell = table[sid]
        if spell["caster"] not in CASTERS:
            raise ValueError(f"spells[{brief(sid)}]: the caster must be one of {', '.join(CASTERS)}, "
                             f"not {brief(spell['caster'])}")
        if spell["effect"] not in SPELL_EFFECTS:
            raise ValueError(f"spells[{brief(sid)}]: the effect must be one of "
                             f"{', '.join(SPELL_EFFECTS)}, not {brief(spell['effect'])}")
        copies = spell["copies"]
        if isinstance(copies, bool) or not isinstance(copies, int) or not 0 <= copies <= 13:
            raise ValueError(f"spells[{brief(sid)}]['copies'] must be a whole number 0-13, "
                             f"not {brief(copies)}")
        if not isinstance(spell["name"], str) or not spell["name"]:
            raise ValueError(f"spells[{brief(sid)}]['name'] must be a non-empty text")
    return table


def merge_symbols(overrides: object) -> dict:
    """Which Ingredients show Binx and the Spell Book (ValueError says what is wrong)."""
    if not isinstance(overrides, dict) or set(overrides) - set(SYMBOLS):
        raise ValueError("the symbols option maps 'binx' and/or 'book' to lists of "
                         "'colour:type' Ingredients")
    table = {s: list(HOUSE_SYMBOLS[s]) for s in SYMBOLS}
    for symbol, cards in overrides.items():
        if not isinstance(cards, list):
            raise ValueError(f"symbols[{brief(symbol)}] must be a list of 'colour:type' names")
        for card in cards:
            plain = isinstance(card, str) and card.count(":") == 1
            colour, kind, _ = parse(card) if plain else ("", "", "")
            if colour not in COLOURS or kind not in TYPES:
                raise ValueError(f"symbols[{brief(symbol)}]: {brief(card)} is not a 'colour:type' Ingredient")
        table[symbol] = list(cards)
    for colour in COLOURS:
        for kind in TYPES:
            marked = sum(table[s].count(card_key(colour, kind)) for s in SYMBOLS)
            if marked > COPIES:
                raise ValueError(f"{card_key(colour, kind)} has {COPIES} copies but {marked} symbols")
    return table


def build_deck(symbols: dict) -> list[str]:
    """All 50 Ingredients by name (with their symbols), in a fixed order."""
    cards = []
    for colour in COLOURS:
        for kind in TYPES:
            marks = [s for s in SYMBOLS for c in symbols[s] if c == card_key(colour, kind)]
            marks += [""] * (COPIES - len(marks))
            cards += [card_key(colour, kind, m) for m in marks]
    return cards
