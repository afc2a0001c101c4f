"""Disney Hocus Pocus's view, declared: what ``game.view(seat)`` holds (the spec's ``view_type``).

Bots and presenters are typed against :class:`DisneyHocusPocusView`; the reference table of
``docs/games/disney-hocus-pocus.md`` is generated from it and a test checks every view of
random games against it. Each key's meaning is the string under it; the swap's keys that are
Python keywords (``from``, ``with``) are declared in the functional form, their meaning in
``Annotated``.
"""

from typing import Annotated, Literal, TypedDict

from ...views import CommonView, Seat, TypeName

CardName = Annotated[str, TypeName("card")]
"""An Ingredient card: `colour:type`, plus `:binx` or `:book` on a card with a symbol."""
SpellId = Annotated[str, TypeName("spell id")]
"""A Spell of the table in use (house data or the `spells` option)."""
Witch = Literal["winifred", "mary", "sarah"]
"""The three sisters."""
Effect = Annotated[Literal["pass-left", "clear-tops", "silence", "redraw-hand", "burn-deck", "draw-two",
                           "clear-deepest", "no-binx", "no-tricks", "type-only", "colour-only",
                           "lose-card", "everyone-redraws"], TypeName("spell effect")]
"""Every Spell effect the engine implements (cards.SPELL_EFFECTS)."""
Trick = Annotated[Literal["circle-of-salt", "daylight-savings", "billy-butcherson", "burning-rain"],
                  TypeName("trick")]
"""The four Trick tokens."""


class Pile(TypedDict):
    """One Cauldron pile."""

    cards: list[CardName]
    """its cards, bottom first"""
    top: CardName | None
    """its top card (`null`: empty)"""
    space: CardName | None
    """the picture printed on its space (`null` with the `open` cauldron)"""


class SpellEntry(TypedDict):
    """One Spell of the table in use."""

    name: str
    """its name"""
    caster: Witch | Literal["all"]
    """the sister who casts it, or `all` three"""
    effect: Effect
    """what it does"""


class TableSpell(SpellEntry):
    """One Spell of the table in use, with its copies."""

    copies: int
    """copies in the Spell deck (0: turned off)"""


class DrawnSpell(SpellEntry):
    """The Spell drawn last."""

    id: SpellId
    """its id"""
    outcome: Literal["drawn", "cast", "missed", "salted"]
    """`drawn` (waiting for a Circle of Salt), `cast`, `missed` (its caster is stunned), `salted`"""


class Question(TypedDict):
    """A question of this round, public."""

    asker: Seat
    """who asked"""
    about: Literal["colour", "ingredient"]
    """what it asked about"""
    value: str
    """the colour or ingredient type asked for"""
    answers: list[bool | None]
    """each player's truthful answer (the asker's is `null`)"""


_SwapSeats = TypedDict("_SwapSeats", {
    "from": Annotated[Seat, "the current player, who passes the card"],
    "with": Annotated[Seat, "the player who receives it"],
})


class Swap(_SwapSeats):
    """A card being passed in a swap."""

    card: CardName | None
    """the card, shown only to its owner (and when Binx's hand is the current one); else `null`"""


class DisneyHocusPocusView(CommonView):
    """Everything one seat (or a spectator) may know of a Disney Hocus Pocus game."""

    phase: Literal["ask", "play", "binx", "swap", "salt", "discard", "over"]
    """`ask`, `play`, `binx` (choose who holds Binx), `swap`, `salt` (a Circle of Salt may stop
    the Spell), `discard`, `over`"""
    current: Seat
    """whose turn it is"""
    round: int
    """the round (from 1)"""
    hand: list[CardName] | None
    """this seat's own hand (`null` for a spectator)"""
    hand_sizes: list[int]
    """the cards in every hand"""
    binx: Seat | None
    """the seat holding Binx, whose hand everyone sees (else `null`)"""
    binx_hand: list[CardName] | None
    """Binx's seat's hand, shown to all (else `null`)"""
    piles: list[Pile]
    """the five Cauldron piles"""
    cauldron: Literal["printed", "open"]
    """the `cauldron` option: what an empty pile's first card must match"""
    deck_size: int
    """Ingredient cards left in the deck"""
    discard: list[CardName]
    """the discard pile, last on top"""
    removed: list[CardName]
    """cards out of the game"""
    spell_deck_size: int
    """Spells left in the Spell deck"""
    spell_discard: list[SpellId]
    """Spells discarded"""
    spell: DrawnSpell | None
    """the Spell drawn last (else `null`)"""
    ongoing: list[SpellId]
    """Spells lasting until the round ends"""
    tricks: dict[Trick, bool]
    """each Trick token: used or not"""
    sun: int
    """the sun's place on its track (the stuns so far)"""
    sun_top: int
    """the stuns that make the sun rise (the team wins)"""
    stunned: Witch | None
    """the sister stunned this round (else `null`)"""
    stuns: int
    """the stuns so far"""
    questions: list[Question]
    """this round's questions with every answer"""
    swap: Swap | None
    """a card being passed in a swap (else `null`)"""
    must_play: bool
    """a Trick used this turn obliges the player to play a card"""
    outcome: Literal["won", "lost"] | None
    """the end: `won` or `lost` (else `null`)"""
    how: str
    """how the game ended (empty while it goes on)"""
    spells: dict[SpellId, TableSpell]
    """the Spell table in use"""
    witches: list[Witch]
    """the three sisters, in the board's order"""
