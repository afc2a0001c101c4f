"""Hocus Focus's wizards: what a card is, when one fits another, and the house deck.

A wizard has a size (thin, medium, wide) and a colour (red, purple, green, turquoise)
for each of four garments (hat, robe, shoes, wand). Its id spells that out: the size,
a dash, then the colour letters of hat, robe, shoes and wand (``R``ed, ``P``urple,
``G``reen, ``T``urquoise): ``"thin-RPGT"`` is a thin wizard with a red hat, a purple
robe, green shoes and a turquoise wand. There are 3 x 4^4 = 768 possible wizards.

HOUSE DATA. The rulebook says only that the 48 wizards are all different; the printed
cards are not known. :data:`HOUSE_DECK` is the project's own design, replaceable with
the ``deck`` option (any list of distinct wizard ids):

- 16 wizards per size. Write the colours as the numbers 0-3 (red, purple, green,
  turquoise) and read them as the field GF(4) (addition is XOR). The thin wizards are
  the 16 words ``(a, b, a+b, a+2b)`` of a linear code: an orthogonal array of strength 2,
  so for any two garments every pair of colours shows exactly once, and every colour
  shows four times on every garment. The medium wizards are the same words with every
  colour shifted by 1 (XOR 1), the wide ones shifted by 2.
- So every wizard fits exactly 10 of the other 47 (none of its own size), every round
  has the same odds, and a deal of 12 face-up cards has no fit for the turned card in
  about 3.8% of fresh deals (measured: see ``docs/games/hocus-focus.md``). The colour
  shifts are what set that rate: with one shared colouring a card fits only 6 others
  and 16% of deals would have no fit; "no match" rounds should happen, but rarely.
"""

from __future__ import annotations

from ...rules import brief

SIZES = ("thin", "medium", "wide")
GARMENTS = ("hat", "robe", "shoes", "wand")
COLOURS = ("red", "purple", "green", "turquoise")
LETTERS = {"R": "red", "P": "purple", "G": "green", "T": "turquoise"}
ATTRIBUTES = ("size", *GARMENTS)
"""What two wizards are compared on, in the order a player's eye checks them."""

HOUSE_DECK: tuple[str, ...] = (
    "thin-RRRR", "thin-RPPG", "thin-RGGT", "thin-RTTP", "thin-PRPP", "thin-PPRT",
    "thin-PGTG", "thin-PTGR", "thin-GRGG", "thin-GPTR", "thin-GGRP", "thin-GTPT",
    "thin-TRTT", "thin-TPGP", "thin-TGPR", "thin-TTRG",
    "medium-PPPP", "medium-PRRT", "medium-PTTG", "medium-PGGR", "medium-RPRR", "medium-RRPG",
    "medium-RTGT", "medium-RGTP", "medium-TPTT", "medium-TRGP", "medium-TTPR", "medium-TGRG",
    "medium-GPGG", "medium-GRTR", "medium-GTRP", "medium-GGPT",
    "wide-GGGG", "wide-GTTR", "wide-GRRP", "wide-GPPT", "wide-TGTT", "wide-TTGP",
    "wide-TRPR", "wide-TPRG", "wide-RGRR", "wide-RTPG", "wide-RRGT", "wide-RPTP",
    "wide-PGPP", "wide-PTRT", "wide-PRTG", "wide-PPGR",
)
"""The house deck (house data, see the module docstring): 48 distinct wizards."""

MIN_DECK = 14
"""A deck needs 12 face-up wizards, one to turn, and one more so a round can follow."""
MAX_DECK = len(SIZES) * len(COLOURS) ** len(GARMENTS)


def _parse(card: str) -> tuple[str, str, str, str, str] | None:
    size, dash, colours = card.partition("-")
    if not dash or size not in SIZES or len(colours) != 4 or any(c not in LETTERS for c in colours):
        return None
    return (size, *(LETTERS[c] for c in colours))  # type: ignore[return-value]


_ALL = {f"{size}-{a}{b}{c}{d}": _parse(f"{size}-{a}{b}{c}{d}")
        for size in SIZES for a in LETTERS for b in LETTERS for c in LETTERS for d in LETTERS}
"""Every possible wizard id and its attributes, parsed once (judging a round reads them)."""


def attributes(card: str) -> tuple[str, str, str, str, str] | None:
    """``(size, hat, robe, shoes, wand)`` of a wizard id, or None if it is not one.

    >>> attributes("thin-RPGT")
    ('thin', 'red', 'purple', 'green', 'turquoise')
    >>> attributes("tall-RRRR") is None, attributes(["thin-RPGT"]) is None
    (True, True)
    """
    return _ALL.get(card) if type(card) is str else None


def shared(a: str, b: str) -> list[str]:
    """The attributes two wizards have in common (``[]``: they are completely different).

    >>> shared("thin-RPGT", "wide-PRTG"), shared("thin-RPGT", "thin-PRTG")
    ([], ['size'])
    >>> shared("thin-RPGT", "wide-RRTG")
    ['hat']
    """
    one, other = attributes(a), attributes(b)
    if one is None or other is None:
        raise ValueError(f"not wizard ids: {brief(a)}, {brief(b)}")
    return [name for name, x, y in zip(ATTRIBUTES, one, other, strict=True) if x == y]


def fits(card: str, turned: str) -> bool:
    """Whether ``card`` differs from ``turned`` in size and in all four garments' colours."""
    return not shared(card, turned)


def card_facts(card: str) -> dict:
    """A wizard as the view gives it to presenters: its size and each garment's colour."""
    values = attributes(card)
    if values is None:
        raise ValueError(f"not a wizard id: {brief(card)}")
    return dict(zip(ATTRIBUTES, values, strict=True))


def check_deck(value: object) -> list[str]:
    """The ``deck`` option in normal form: ``[]`` (or None) is the house deck; otherwise a
    list of distinct wizard ids, 14 to 768 of them (ValueError says what is wrong)."""
    if value is None or value == []:
        return list(HOUSE_DECK)
    if not isinstance(value, list):
        raise ValueError("the deck option is a list of wizard ids such as 'thin-RPGT' "
                         "(size, then hat, robe, shoes and wand colour letters R, P, G, T)")
    if not MIN_DECK <= len(value) <= MAX_DECK:
        raise ValueError(f"a deck holds {MIN_DECK} to {MAX_DECK} wizards, not {len(value)}")
    bad = [card for card in value if attributes(card) is None]
    if bad:
        raise ValueError(f"not a wizard id: {brief(bad[0])}; an id is a size (thin, medium, wide), "
                         "a dash, and four colour letters (R, P, G, T) for hat, robe, shoes, wand")
    if len(set(value)) != len(value):
        twice = next(card for card in value if value.count(card) > 1)
        raise ValueError(f"the deck holds {brief(twice)} more than once; no two wizards are alike")
    return list(value)
