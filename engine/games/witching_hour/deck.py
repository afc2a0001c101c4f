"""Witching Hour's deck make-up and point tracks.

HOUSE DATA. The rulebook prints neither how many copies each card type has nor most of
the point tracks (they are on the cards). This table is the project's own design: it
adds up to the 56 cards the rulebook counts and agrees with every value the rulebook
shows (4 Bells score 5, 1 Candle 1, 1 Book 0, 2 Mirrors 2, a lone Chalice -3).
Replace it, whole or per type, with the ``deck`` option, e.g.
``new_game("witching-hour", 3, deck={"bell": {"copies": 6, "points": [1, 2, 3, 5]}})``.

Design intent: cards with strong abilities (Cauldron, Hourglass, Skull) cost more
points when they end up in your Hex pile; a Chalice is a gift when alone and a burden
in company; Toadstools, the unblockable attack, pile up points slowly but steadily.
A track shorter than the type's copies scores its last value for any larger set.
"""

from __future__ import annotations

from ...rules import brief

TYPES = ("bell", "book", "candle", "cauldron", "chalice",
         "familiar", "hourglass", "mirror", "skull", "toadstool")
"""The ten card types, in the engine's fixed order (index = type number)."""

NAMES = {t: t.capitalize() for t in TYPES}
PLURALS = {t: NAMES[t] + ("es" if t.endswith("s") else "s") for t in TYPES}
ONE = {t: ("an " if t == "hourglass" else "a ") + NAMES[t] for t in TYPES}
"""One card of a type, as the texts say it: 'a Bell', 'an Hourglass'."""


def card_words(kind: str, count: int, candle: bool = False) -> str:
    """``count`` cards of type ``kind`` (plus one Candle if ``candle``), as the texts say them.

    >>> card_words("bell", 3, True), card_words("hourglass", 1), card_words("candle", 2)
    ('3 Bells and a Candle', 'an Hourglass', '2 Candles')
    """
    text = ONE[kind] if count == 1 else f"{count} {PLURALS[kind]}"
    return text + (" and a Candle" if candle else "")


def card_info(copies: list, tracks: list) -> dict:
    """Each card type of a game (the view's ``card_info``): its ``name``, ``plural``, ``one``
    (one card, with its article), ``copies`` in this game, ``points`` (its track) and
    ``order`` (its place in :data:`TYPES`); ``copies`` and ``tracks`` are indexed like TYPES."""
    return {t: {"name": NAMES[t], "plural": PLURALS[t], "one": ONE[t], "copies": copies[i],
                "points": list(tracks[i]), "order": i} for i, t in enumerate(TYPES)}

HOUSE_DECK: dict = {
    "bell":      {"copies": 6, "points": [1, 2, 3, 5, 7, 9]},
    "book":      {"copies": 5, "points": [0, 2, 4, 7, 10]},
    "candle":    {"copies": 8, "points": [1, 2, 3, 4, 6, 8, 10, 12]},
    "cauldron":  {"copies": 4, "points": [2, 4, 7, 10]},
    "chalice":   {"copies": 4, "points": [-3, 4, 8, 12]},
    "familiar":  {"copies": 5, "points": [2, 4, 6, 8, 10]},
    "hourglass": {"copies": 4, "points": [2, 4, 7, 10]},
    "mirror":    {"copies": 7, "points": [1, 2, 4, 6, 8, 10, 12]},
    "skull":     {"copies": 5, "points": [2, 4, 6, 9, 12]},
    "toadstool": {"copies": 8, "points": [1, 2, 3, 5, 7, 9, 11, 13]},
}

RULEBOOK_POINTS = (("bell", 4, 5), ("candle", 1, 1), ("book", 1, 0),
                   ("mirror", 2, 2), ("chalice", 1, -3))
"""(type, copies, points) pairs the rulebook itself prints; the house table honours them."""


def points_for(track: list, count: int) -> int:
    """Points a set of ``count`` copies scores on ``track`` (0 for none).

    >>> points_for([1, 2, 3, 5], 4), points_for([1, 2, 3, 5], 9), points_for([1, 2], 0)
    (5, 5, 0)
    """
    if count <= 0:
        return 0
    return track[min(count, len(track)) - 1]


MAX_COPIES = 60
"""The most copies of one type a deck option may ask for (so the largest set of a type)."""
MAX_POINTS = 1_000
"""House data caps: the largest points value, either way, one track entry may hold."""


def merge_deck(overrides: object) -> dict:
    """The house table with ``overrides`` applied, validated (ValueError says what is wrong)."""
    if overrides is None:
        overrides = {}
    if not isinstance(overrides, dict):
        raise ValueError("the deck option is an object mapping card types to "
                         "{'copies': n, 'points': [...]}")
    deck = {t: {"copies": v["copies"], "points": list(v["points"])} for t, v in HOUSE_DECK.items()}
    for card, entry in overrides.items():
        if card not in deck:
            raise ValueError(f"unknown card type {brief(card)} in the deck option; "
                             f"the types are: {', '.join(TYPES)}")
        if not isinstance(entry, dict) or set(entry) - {"copies", "points"}:
            raise ValueError(f"deck[{card!r}] must be an object with 'copies' and/or 'points', "
                             f"not {brief(entry)}")
        if "copies" in entry:
            copies = entry["copies"]
            if isinstance(copies, bool) or not isinstance(copies, int) or not 0 <= copies <= MAX_COPIES:
                raise ValueError(f"deck[{card!r}]['copies'] must be a whole number 0-{MAX_COPIES}, "
                                 f"not {brief(copies)}")
            deck[card]["copies"] = copies
        if "points" in entry:
            points = entry["points"]
            if (not isinstance(points, list) or not 1 <= len(points) <= MAX_COPIES
                    or any(isinstance(p, bool) or not isinstance(p, int) or not -MAX_POINTS <= p <= MAX_POINTS
                           for p in points)):
                raise ValueError(f"deck[{card!r}]['points'] must be a list of 1 to {MAX_COPIES} whole "
                                 f"numbers from -{MAX_POINTS} to {MAX_POINTS} (points for 1, 2, 3... "
                                 f"copies), not {brief(points)}")
            deck[card]["points"] = list(points)
    return deck
