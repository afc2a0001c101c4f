"""Hocus Focus's view, declared: what ``game.view(seat)`` holds (the spec's ``view_type``).

Bots and presenters are typed against :class:`HocusFocusView`; the reference table of
``docs/games/hocus-focus.md`` is generated from it and a test checks every view of random
games against it. Each key's meaning is the string under it.
"""

from typing import Annotated, Literal, TypedDict

from ...views import CommonView, Seat, TypeName

WizardId = Annotated[str, TypeName("wizard")]
"""A wizard: its size, a dash and the colour letters of hat, robe, shoes and wand (`thin-RPGT`)."""
Colour = Annotated[Literal["red", "purple", "green", "turquoise"], TypeName("colour")]
"""A garment's colour."""
CallType = Literal["claim", "no-match", "pass"]
"""A call: Kazaam! (a claim, pointing at a wizard), No match! or giving up the round."""


class Wizard(TypedDict):
    """A wizard's attributes."""

    size: Literal["thin", "medium", "wide"]
    """its build"""
    hat: Colour
    """its hat's colour"""
    robe: Colour
    """its robe's colour"""
    shoes: Colour
    """its shoes' colour"""
    wand: Colour
    """its wand's colour"""


class MyCall(TypedDict):
    """This seat's own sealed call this round (timed game)."""

    type: CallType
    """what it called"""
    card: WizardId | None
    """the wizard a claim points at (else `null`)"""
    ms: int | None
    """when it called, in ms since the wizard was turned (`null` for a pass)"""
    point_ms: int
    """how long it took to point (a claim in the expert game; else 0)"""


class JudgedCall(MyCall):
    """One seat's call in a judged round, with its verdict."""

    seat: Seat
    """who called"""
    result: Literal["right", "wrong", "slow", "tie", "late", "pass"]
    """its verdict: `right`, `wrong`, `slow` (pointed too late), `tie`, `late` (after the round
    was decided), `pass`"""


class LastRound(TypedDict):
    """The last judged round."""

    round: int
    """its number"""
    outcome: Literal["claim", "no-match", "tie", "nobody"]
    """how it ended: won by a claim or a No match!, a tie, or nobody right"""
    winner: Seat | None
    """the seat that won it (else `null`)"""
    card: WizardId | None
    """the wizard won (else `null`)"""
    calls: list[JudgedCall]
    """every seat's call, by seat"""


class HocusFocusView(CommonView):
    """Everything one seat (or a spectator) may know of a Hocus Focus game."""

    mode: Literal["timed", "untimed"]
    """the `timing` option: a race (`timed`) or turns (`untimed`)"""
    expert: bool
    """the expert game (a wrong call costs a wizard; pointing is timed)"""
    target: int
    """the wizards that win the game"""
    tie_ms: int
    """calls this close (ms) are simultaneous"""
    tie_calls: Literal["any", "right"]
    """which calls within `tie_ms` tie: any call, or only right ones"""
    point_limit_ms: int
    """expert game: the longest a claim may take to point"""
    round: int
    """the round being played (from 1)"""
    board: list[WizardId]
    """the 12 face-up wizards (a won wizard's slot takes the turned card)"""
    turned: WizardId | None
    """the wizard turned up this round (`null` once the game is over)"""
    draw_size: int
    """wizards left in the draw pile (its order is hidden from everyone)"""
    set_aside: list[WizardId]
    """wizards set aside by ties and unwon rounds, for the next round's winner"""
    won: list[list[WizardId]]
    """per seat, the wizards it has won, in order (an expert loses the last first)"""
    out: list[WizardId]
    """wizards lost out of the game (expert)"""
    acted: list[Seat]
    """seats that have called (timed) or had their turn (untimed) this round"""
    barred: list[Seat]
    """untimed: seats barred this round (timed: judged at the end, so empty)"""
    current: Seat | None
    """untimed: whose turn it is (timed, or over: `null`)"""
    my_call: MyCall | None
    """timed: this seat's own sealed call this round, else `null`"""
    last_round: LastRound | None
    """the last judged round (`null` before the first is judged)"""
    cards: dict[WizardId, Wizard]
    """every visible wizard's attributes"""
