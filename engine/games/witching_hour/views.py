"""Witching Hour's view, declared: what ``game.view(seat)`` holds (the spec's ``view_type``).

Bots and presenters are typed against :class:`WitchingHourView`; the reference table of
``docs/games/witching-hour.md`` is generated from it and a test checks every view of
random games against it. Each key's meaning is the string under it.
"""

from typing import Annotated, Literal, TypedDict

from ...views import CommonView, Seat, TypeName

CardType = Annotated[Literal["bell", "book", "candle", "cauldron", "chalice",
                             "familiar", "hourglass", "mirror", "skull", "toadstool"], TypeName("card type")]
"""The ten card types (deck.TYPES), the keys of every per-type object."""
Counts = dict[CardType, int]
"""Cards counted by type (types with none may be left out)."""


class Attack(TypedDict):
    """The attack waiting for its defender's answer."""

    attacker: Seat
    """the attacking seat"""
    defender: Seat
    """the seat that must answer (changes when a Mirror reflects it)"""
    card: CardType
    """the type attacked with"""
    count: int
    """how many cards of that type"""
    candle: bool
    """whether a Candle is added"""
    size: int
    """the cards in the attack, Candle included (what a block must match)"""
    reflections: int
    """how many times Mirrors have reflected it"""


class PendingPublic(TypedDict):
    """A choice as everyone but the chooser sees it: which kind, not the cards."""

    kind: Literal["pick", "split"]
    """which choice: `pick` (Skull, Hourglass) or `split` (Cauldron)"""
    source: Literal["discard", "hex"] | None
    """where a pick comes from; `null` for a split"""


class SplitPending(TypedDict):
    """The chooser's own split: the Cauldron's two cards."""

    kind: Literal["split"]
    """always `split`"""
    cards: list[CardType]
    """the two cards to share out"""


class PickPending(TypedDict):
    """The chooser's own pick: the pile it looks through."""

    kind: Literal["pick"]
    """always `pick`"""
    source: Literal["discard", "hex"]
    """the discard pile (a Skull) or its own Hex pile (an Hourglass)"""
    cards: Counts
    """the chooser only: the pile it picks from, by type (a split: the Cauldron's two cards)"""


class TypeTrack(TypedDict):
    """One card type of this game's deck."""

    copies: int
    """copies in the deck"""
    points: list[int]
    """its point track: what 1, 2, 3... cards of it score in a Hex pile"""


class CardInfo(TypeTrack):
    """One card type as the table words and orders it."""

    name: str
    """its name (`Bell`)"""
    plural: str
    """its plural (`Bells`)"""
    one: str
    """one card with its article (`an Hourglass`)"""
    order: int
    """its place in the fixed type order"""


class HexSet(TypedDict):
    """The cards of one type in a scored Hex pile."""

    count: int
    """how many"""
    points: int
    """what they scored"""


class RoundScore(TypedDict):
    """A round's scoring as announced."""

    round: int
    """the round scored"""
    hex: list[dict[CardType, HexSet]]
    """per seat, its Hex pile by type with the points each set scored"""
    raw: list[int]
    """per seat, the points its pile scored"""
    counted: list[int]
    """per seat, the score counted (round one's negative scores count 0)"""
    totals: list[int | None]
    """per seat, its running total (`null` where the seat may not see it)"""
    next_starter: Seat
    """who starts the next round (the last to empty their hand)"""


class WitchingHourView(CommonView):
    """Everything one seat (or a spectator) may know of a Witching Hour game."""

    round: int
    """the round being played (from 1)"""
    rounds: int
    """the rounds option; ties add rounds"""
    phase: Literal["turn", "defend", "pick", "split", "over"]
    """`turn` (attack or play), `defend` (answer an attack), `pick` (Skull, Hourglass),
    `split` (Cauldron), `over`"""
    current: Seat
    """whose turn it is (during `defend`, the attacker's)"""
    hand: Counts | None
    """this seat's hand by type (`null` for a spectator)"""
    hand_sizes: list[int]
    """cards in every hand"""
    hex_sizes: list[int]
    """cards in every Hex pile: sizes only, to everyone, their owner included"""
    discard_size: int
    """cards in the discard pile"""
    attack: Attack | None
    """the pending attack, else `null`"""
    pending: PendingPublic | PickPending | SplitPending | None
    """during `pick`/`split`: the choice being made (its seat also gets the cards); else `null`"""
    round_scores: list[list[int | None]]
    """each finished round's counted score per seat, `null` where this seat may not see it
    (witching-hour/scoring/public)"""
    totals: list[int | None]
    """the running totals, `null` where this seat may not see them"""
    round_totals: list[list[int | None]]
    """each finished round's running total per seat, as the engine kept it (never below 0,
    witching-hour/scoring/total-floor), `null` where this seat may not see it"""
    last_round: RoundScore | None
    """the last scoring while it is announced (until the next round's first move), else `null`"""
    scores_open: bool
    """whether every round score and total is open now"""
    deck: dict[CardType, TypeTrack]
    """the copies and point track of every type in this game (house data or the `deck` option)"""
    card_info: dict[CardType, CardInfo]
    """per type: how the table words and orders it, with its copies and track"""
