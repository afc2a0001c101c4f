"""Hocus Pocus's view, declared: what ``game.view(seat)`` holds (the spec's ``view_type``).

Bots and presenters are typed against :class:`HocusPocusView`; the reference table of
``docs/games/hocus-pocus.md`` is generated from it and a test checks every view of random
games against it. Each key's meaning is the string under it; keys that are Python keywords
(``from``, ``with``) are declared in the functional form, their meaning in ``Annotated``.
"""

from typing import Annotated, Literal, NotRequired, TypedDict

from ...views import CommonView, Seat, TypeName

CardName = Annotated[str, TypeName("card")]
"""A card: its kind, plus its number for numbered kinds (`thief-3`, `owl-1`, `amulet`)."""
Kind = Annotated[Literal["abracadabra", "crystal-ball", "owl", "inspiration", "curse", "sacrifice",
                         "spell", "thief", "vortex", "amulet", "magic-wand", "black-cat", "pumpkin",
                         "counterspell", "lightning", "mirror", "hourglass"], TypeName("card kind")]
"""The card kinds (cards.KINDS): the nine Hocus kinds, then the eight Pocus kinds."""
Stops = Literal["destroy", "take", "return"]
"""What a Pocus that stops a Hocus does with it: to the discard pile, into the stopper's Hand,
back to the caster's Hand."""
Source = Literal["hand", "grimoire"]
"""Where a card is played from."""

_Played = TypedDict("_Played", {"from": Annotated[Source, "where it was played from"]})


class Played(_Played):
    """A Pocus played on the Hocus."""

    card: CardName
    """the card"""
    seat: Seat
    """who played it"""
    target: Seat | None
    """the seat a Mirror turns the Hocus on (else `null`)"""


class Stopped(TypedDict):
    """The Pocus that stops the Hocus."""

    seat: Seat
    """who played it"""
    card: CardName
    """the card"""
    does: Stops
    """what it does with the Hocus"""


class Effect(TypedDict):
    """What the Hocus does if it resolves now, in counts of public things (each kind's record
    adds its counts)."""

    kind: Kind
    """the Hocus's kind"""
    caster: Seat
    """who cast it"""


class SpellEffect(Effect):
    """A Spell's Gems from the Cauldron."""

    gems: int
    """Gems taken (Spell, from the Cauldron), stolen (Thief) or put back (Sacrifice)"""
    held_back: bool
    """a Spell: one Gem stays in the Cauldron because taking the last would tie"""
    ends_game: bool
    """a Spell: it empties the Cauldron"""


_ThiefFrom = TypedDict("_ThiefFrom", {"from": Annotated[Seat, "a Thief: the seat it steals from"]})


class ThiefEffect(Effect, _ThiefFrom):
    """A Thief's Gems stolen."""

    gems: int
    """Gems stolen"""


class SacrificeEffect(Effect):
    """A Sacrifice's Gems put back."""

    gems: int
    """Gems put back"""
    seat: Seat
    """a Sacrifice, Owl or Curse: the seat it acts on"""


class CardsEffect(Effect):
    """An Inspiration's draw or a Crystal Ball's look."""

    cards: int
    """cards drawn (Inspiration), looked at (Crystal Ball) or chosen (Owl, Curse)"""


class ChoiceEffect(CardsEffect):
    """An Owl's or Curse's cards chosen from a Grimoire."""

    seat: Seat
    """whose Grimoire"""
    choice: bool
    """there is more than one way to choose the cards"""


_SwapWith = TypedDict("_SwapWith", {
    "with": Annotated[Seat, "an Abracadabra: the seat whose Hand is swapped"]})


class SwapEffect(Effect, _SwapWith):
    """An Abracadabra's swap of Hands."""


AnyEffect = SpellEffect | ThiefEffect | SacrificeEffect | ChoiceEffect | CardsEffect | SwapEffect | Effect
"""What a Hocus does, by kind (a Vortex: the kind and caster alone)."""


class Forecast(TypedDict):
    """What happens if every seat passes now (public information only, the same for all)."""

    pocus: list[Literal["", "cancelled", "void"]]
    """per Pocus, in order: `""` it counts, `cancelled` or `void` (a Lightning's doing)"""
    protected: bool
    """a Lightning is on the Hocus"""
    stopped: Stopped | None
    """the Pocus that stops it, else `null`"""
    number: int | None
    """its number after Magic Wands (`null` for a kind without one)"""
    aimed_at: Seat | None
    """the seat it acts on after Mirrors and Lightning (else `null`)"""
    hourglass: bool
    """the caster's turn ends after it"""
    effect: AnyEffect | None
    """what it does (`null` when stopped)"""


_HocusFrom = TypedDict("_HocusFrom", {"from": Annotated[Source, "where it was cast from"]})


class Hocus(_HocusFrom):
    """The Hocus waiting in the window."""

    card: CardName
    """the card"""
    caster: Seat
    """who cast it"""
    target: Seat | None
    """the seat it was cast at (`null`: untargeted)"""
    aimed_at: Seat | None
    """the seat it acts on after Mirrors and Lightning (`null`: none)"""
    pocus: list[Played]
    """the Pocus played on it, in order"""
    passed: list[Seat]
    """seats that passed"""
    waiting: list[Seat]
    """seats that may still answer"""
    forecast: Forecast
    """what happens if every seat passes now"""


class Decision(TypedDict):
    """A decision asked of one seat: what every kind has (each kind's record adds the rest)."""

    seat: Seat
    """who decides"""
    count: int
    """how many cards"""


class Give(Decision):
    """A seat giving cards to another."""

    kind: Literal["give"]
    """`give` (cards to another seat), `curse` (cards to discard from a Grimoire), `arrange`
    (a Crystal Ball's order), `discard` (down to the hand limit)"""
    to: Seat
    """a `give`: who receives the cards"""


class Curse(Decision):
    """A seat choosing cards to discard from a Grimoire."""

    kind: Literal["curse"]
    """always `curse`"""
    target: Seat
    """a `curse`: whose Grimoire"""


class Arrange(Decision):
    """A Crystal Ball's cards being put back in an order."""

    kind: Literal["arrange"]
    """always `arrange`"""
    cards: NotRequired[list[CardName]]
    """an `arrange`, to its seat only: the cards, top first"""


class Discard(Decision):
    """The current seat discarding down to the hand limit."""

    kind: Literal["discard"]
    """always `discard`"""


class CardInfo(TypedDict):
    """One card name of this game and its facts."""

    label: str
    """how the table writes it"""
    kind: Kind
    """its kind"""
    name: str
    """its kind's name"""
    value: int | None
    """its printed number (`null` for kinds without one)"""
    hocus: bool
    """a Hocus (else a Pocus)"""
    targeted: bool
    """it is played at a seat"""
    stops: Stops | None
    """what it does if it stops a Hocus, else `null`"""
    order: int
    """its place in the card list (Hocus kinds first, numbers rising)"""


class KindInfo(TypedDict):
    """One kind with cards in this game."""

    kind: Kind
    """the kind"""
    name: str
    """its name"""
    family: Literal["Hocus", "Pocus"]
    """its family"""
    copies: int
    """copies shuffled at setup (after the set-aside ones)"""
    values: list[int] | None
    """numbered kinds: each copy's number, else `null`"""
    targeted: bool
    """it is played at a seat"""
    stops: Stops | None
    """what it does if it stops a Hocus, else `null`"""


class HocusPocusView(CommonView):
    """Everything one seat (or a spectator) may know of a Hocus Pocus game."""

    phase: Literal["turn", "react", "give", "curse", "arrange", "end", "discard", "over"]
    """`turn`, `react` (Pocus window), `give`, `curse`, `arrange`, `end` (a refill is being
    chosen), `discard` (hand limit), `over`"""
    turn: int
    """the turn number (from 1)"""
    current: Seat
    """whose turn it is"""
    hand: list[CardName] | None
    """this seat's Hand, sorted (`null` for a spectator)"""
    hand_sizes: list[int]
    """the cards in every Hand (public, as the rulebook requires)"""
    grimoires: list[list[CardName]]
    """every Grimoire, face up"""
    gems: list[int]
    """Gems per seat"""
    cauldron: int
    """Gems left in the Cauldron"""
    library_size: int
    """cards in the face-down Library"""
    discard: list[CardName]
    """the face-up discard pile (last = top)"""
    play_area: list[CardName]
    """the cards of Hocus resolved this turn with their Pocus"""
    hocus: Hocus | None
    """the Hocus waiting in the window, else `null`"""
    pending: Give | Curse | Arrange | Discard | None
    """the decision asked for, else `null`"""
    refills: list[Seat]
    """seats that must choose a card to fill their Grimoire"""
    locked: list[CardName]
    """cards a Pumpkin returned this turn (not playable until the caster's next turn)"""
    inspired: bool
    """an Inspiration took effect this turn"""
    exchanges_left: int
    """exchanges still allowed before the next Hocus"""
    turn_over: bool
    """an Hourglass ended the turn"""
    quick: bool
    """the quick game"""
    deck: dict[Kind, int | list[int]]
    """the card table in use: copies per kind (numbered kinds: each copy's number)"""
    card_info: dict[CardName, CardInfo]
    """per card name, its facts"""
    kinds: list[KindInfo]
    """each kind in this game, in card-list order"""
