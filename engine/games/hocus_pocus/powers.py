"""How a waiting Hocus resolves: the Pocus pile in order, then the card's power.

:func:`settle` reads the pile without changing anything (the view's ``forecast`` shows
it); :func:`resolve` carries it out: a stopper ends it, else the Hocus's power acts,
looked up by kind in ``POWERS``. Plain functions of the state; the state calls
:func:`resolve` when everyone asked has passed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from .cards import (
    ABRACADABRA,
    BLACK_CAT,
    CRYSTAL_BALL,
    CURSE,
    HOURGLASS,
    INSPIRATION,
    KINDS,
    LIGHTNING,
    MAGIC_WAND,
    MIRROR,
    OWL,
    PUMPKIN,
    SACRIFICE,
    SPELL,
    THIEF,
    VORTEX,
)
from .moves import plural, take_chosen
from .table import LOOK, NOBODY, Pending, Pocus, subsets

if TYPE_CHECKING:
    from .state import HocusPocusState


class Settlement(NamedTuple):
    """How a waiting Hocus resolves if the window closes now (see :func:`settle`)."""

    cancelled: list[Pocus]
    """Pocus entries a Lightning cancels (they go to the discard pile)."""
    remaining: list[Pocus]
    """Pocus entries that stay with the Hocus (to the play area, or discarded if it is stopped)."""
    number: int
    """The Hocus's number after Magic Wands (0: a kind without a number)."""
    aimed: int
    """The seat it is aimed at (NOBODY too)."""
    hourglass: bool
    stop: Pocus | None
    """The Pocus entry that stops it, if any."""
    states: list[str]
    """Per Pocus entry: '' (it counts), 'cancelled' or 'void'."""
    protected: bool
    """A Lightning is on it."""


class Cast(NamedTuple):
    """A Hocus taking effect, as its power handler gets it."""

    code: int
    caster: int
    target: int
    number: int
    what: str
    """How the log names it (with its doubled number)."""
    effect: dict
    """Its counts (see :func:`effect`)."""


def settle(state: HocusPocusState) -> Settlement:
    """How the waiting Hocus resolves if the window closes now (react/order, lightning/protect).

    A Lightning cancels every Pocus before it except Magic Wands, and every later Pocus
    but Magic Wands does nothing; otherwise the Pocus cards count in the order played,
    the first stopper ending the resolution. No side effects.
    """
    assert state.hocus is not None, "no Hocus is waiting"
    kinds = state.deck.kinds
    stack = state.stack
    first = next((i for i, p in enumerate(stack) if kinds[p.code] == LIGHTNING), -1)
    if first >= 0:
        cancelled = [p for p in stack[:first] if kinds[p.code] != MAGIC_WAND]
        remaining = [p for p in stack[:first] if kinds[p.code] == MAGIC_WAND] + stack[first:]
        effective = [p for p in stack if kinds[p.code] == MAGIC_WAND]
        states = ["" if i == first or kinds[p.code] == MAGIC_WAND else
                  "cancelled" if i < first else "void" for i, p in enumerate(stack)]
    else:
        cancelled, remaining, effective, states = [], stack, stack, [""] * len(stack)
    number = state.deck.values[state.hocus.code]
    aimed, hourglass, stop = state.hocus.target, False, None
    stops = state.deck.stops
    for p in effective:
        kind = kinds[p.code]
        if kind == MAGIC_WAND:
            number *= 2
        elif kind == MIRROR:
            aimed = p.target
        elif kind == HOURGLASS:
            hourglass = True
        elif stops[p.code]:
            stop = p
            break
    return Settlement(cancelled, remaining, number, aimed, hourglass, stop, states, first >= 0)


def resolve(state: HocusPocusState) -> None:
    """Everyone passed: the Pocus cards take effect in order, then the Hocus (react/order)."""
    assert state.hocus is not None, "no Hocus is waiting"
    code, caster = state.hocus.code, state.hocus.caster
    plan = settle(state)
    stack = state.stack
    state.hocus = None
    state.stack = []
    state.phase = "turn"
    if plan.cancelled:
        state.discard.extend(p.code for p in plan.cancelled)
        lightning = next(p for p in stack if state.deck.kinds[p.code] == LIGHTNING)
        state.log.add("lightning", "{actor}'s Lightning cancels " + state.labels(
            [p.code for p in plan.cancelled]) + " and protects " + state.label(code) + ".",
                      actor=lightning.seat)
    if plan.hourglass:
        state.turn_over = True
    if plan.stop is not None:
        stopped(state, code, caster, plan.stop, plan.remaining)
    else:
        state.play_area.append(code)
        state.play_area.extend(p.code for p in plan.remaining)
        power(state, code, caster, plan.aimed, plan.number)
    if plan.hourglass and not state.over:
        state.log.add("hourglass", "The Hourglass ends {actor}'s turn: they only draw or take a "
                      "Gem now.", actor=caster)


def forecast(state: HocusPocusState) -> dict | None:
    """What happens if every seat passes now: the view's ``hocus["forecast"]``.

    Public information only. ``pocus``: per Pocus on the Hocus, in order, ``""`` (it
    counts), ``"cancelled"`` or ``"void"`` (a Lightning's doing); ``protected``: a
    Lightning is on it; ``stopped``: ``None`` or the stopper's ``seat``, ``card`` and
    what it ``does`` (``destroy``, ``take``, ``return``: cards.STOPS); ``number``: the
    Hocus's number after Magic Wands (``None`` for kinds without one); ``aimed_at``;
    ``hourglass``: the caster's turn ends after it; ``effect``: ``None`` when stopped,
    else what the Hocus does, by counts (see :func:`effect`): which cards a draw, a
    look or a swap of Hands moves stays hidden.
    """
    if state.hocus is None:
        return None
    code, caster = state.hocus.code, state.hocus.caster
    plan = settle(state)
    names = state.deck.names
    stop = plan.stop
    return {
        "pocus": list(plan.states),
        "protected": plan.protected,
        "stopped": None if stop is None else {"seat": stop.seat, "card": names[stop.code],
                                              "does": state.deck.stops[stop.code]},
        "number": plan.number or None,
        "aimed_at": plan.aimed if plan.aimed >= 0 else None,
        "hourglass": plan.hourglass,
        "effect": None if stop is not None else effect(state, code, caster, plan.aimed, plan.number),
    }


def effect(state: HocusPocusState, code: int, caster: int, target: int, number: int) -> dict:
    """What Hocus ``code`` resolving now does, in counts of public things (its power acts on it).

    ``kind`` is the Hocus's kind; then, by kind: ``gems`` taken (spell: from the
    Cauldron, ``held_back`` if one stays there because the last would tie, spell/no-tie;
    ``ends_game`` if it empties the Cauldron), stolen (thief, ``from`` the target) or
    put back (sacrifice, by ``seat``); ``cards`` drawn (inspiration), looked at
    (crystal-ball) or chosen from the target's Grimoire (owl, curse; ``choice``: more
    than one way to choose them); ``with``: the seat whose Hand an Abracadabra swaps.
    """
    kind = state.deck.kinds[code]
    out: dict = {"kind": KINDS[kind], "caster": caster}
    if kind == SPELL:
        take = min(number, state.cauldron)
        held = bool(take) and take == state.cauldron and state.would_tie(caster, take)
        take -= held
        out.update(gems=take, held_back=held, ends_game=bool(take) and take == state.cauldron)
    elif kind == THIEF:
        out.update(gems=min(number, state.gems[target]), **{"from": target})
    elif kind == SACRIFICE:
        out.update(gems=min(number, state.gems[target]), seat=target)
    elif kind == INSPIRATION:
        out.update(cards=min(number, len(state.library) + len(state.discard)))
    elif kind == CRYSTAL_BALL:
        out.update(cards=min(LOOK, len(state.library) or len(state.discard)))
    elif kind in (OWL, CURSE):
        grim = state.grims[target]
        count = min(number, len(grim))
        out.update(cards=count, seat=target, choice=count > 0 and len(subsets(grim, count)) > 1)
    elif kind == ABRACADABRA:
        out.update(**{"with": target})
    return out


def stopped(state: HocusPocusState, code: int, caster: int, stop: Pocus, remaining: list[Pocus]) -> None:
    """A stopper ends the Hocus: destroyed, taken or returned (pocus/discarded)."""
    kind, seat = state.deck.kinds[stop.code], stop.seat
    state.discard.extend(p.code for p in remaining)
    what = state.label(code)
    name = state.deck.names[code]
    if kind == BLACK_CAT:
        state.hands[seat].append(code)
        state.log.add("stopped", "{actor}'s Black Cat takes " + what + " into their Hand; the "
                      "Pocus cards on it are discarded.", actor=seat, card=name, stopper=KINDS[kind])
    elif kind == PUMPKIN:
        state.hands[caster].append(code)
        state.locked.append(code)
        state.log.add("stopped", "{actor}'s Pumpkin sends " + what + " back to {player}'s Hand "
                      "(not playable again this turn); the Pocus cards on it are discarded.",
                      actor=seat, player=caster, card=name, stopper=KINDS[kind])
    else:
        state.discard.append(code)
        state.log.add("stopped", "{actor}'s " + state.label(stop.code) + " destroys " + what + " and "
                      "the Pocus cards on it.", actor=seat, card=name, stopper=KINDS[kind])


# ------------------------------------------------------------------ the powers


def power(state: HocusPocusState, code: int, caster: int, target: int, number: int) -> None:
    """Hocus ``code`` takes effect: its kind's handler in ``POWERS``."""
    what = state.label(code)
    if number != state.deck.values[code]:
        what += f" (doubled to {number})"
    cast = Cast(code, caster, target, number, what, effect(state, code, caster, target, number))
    POWERS[state.deck.kinds[code]](state, cast)


def _spell(state: HocusPocusState, cast: Cast) -> None:
    take = cast.effect["gems"]
    note = " (not the last one: that would end the game in a tie)" if cast.effect["held_back"] else ""
    state.log.add("spell", "{actor}'s " + cast.what + " takes " + plural(take, "Gem") + " from the "
                  "Cauldron" + note + ".", actor=cast.caster, count=take)
    if take:
        state.from_cauldron(cast.caster, take)


def _thief(state: HocusPocusState, cast: Cast) -> None:
    take = cast.effect["gems"]
    state.gems[cast.target] -= take
    state.gems[cast.caster] += take
    state.log.add("thief", "{actor}'s " + cast.what + " steals " + plural(take, "Gem") + " from "
                  "{target}.", actor=cast.caster, target=cast.target, count=take)


def _sacrifice(state: HocusPocusState, cast: Cast) -> None:
    back = cast.effect["gems"]
    state.gems[cast.target] -= back
    state.cauldron += back
    state.log.add("sacrifice", "{actor}'s " + cast.what + ": {target} puts " + plural(back, "Gem")
                  + " back into the Cauldron.", actor=cast.caster, target=cast.target, count=back)


def _inspiration(state: HocusPocusState, cast: Cast) -> None:
    caster, what = cast.caster, cast.what
    drawn = state.draw(caster, cast.number)
    state.inspired = True
    state.log.add("inspiration", "{actor}'s " + what + " draws " + plural(len(drawn), "card") + ".",
                  private={caster: {"msg": "Your " + what + " draws " + state.labels(drawn) + ".",
                                    "cards": [state.deck.names[c] for c in drawn]}},
                  actor=caster, count=len(drawn))


def _abracadabra(state: HocusPocusState, cast: Cast) -> None:
    caster, target = cast.caster, cast.target
    names = state.deck.names
    mine, theirs = state.hands[caster], state.hands[target]
    state.release_locks(mine)
    state.hands[caster], state.hands[target] = theirs, mine
    state.reveals.update((caster, target))
    state.log.add("abracadabra", "{actor}'s Abracadabra swaps Hands with {target}: {actor} "
                  "now holds " + plural(len(theirs), "card") + ", {target} "
                  + plural(len(mine), "card") + ".",
                  private={caster: {"msg": "Your Abracadabra swaps Hands with {target}: you get "
                                    + state.labels(theirs) + ".", "cards": [names[c] for c in theirs]},
                           target: {"msg": "{actor}'s Abracadabra swaps Hands with you: you get "
                                    + state.labels(mine) + ".", "cards": [names[c] for c in mine]}},
                  actor=cast.caster, target=target)


def _vortex(state: HocusPocusState, cast: Cast) -> None:
    old = state.grims
    state.release_locks(old[state.current])
    state.grims = [old[(s - 1) % state.players] for s in range(state.players)]
    state.log.add("vortex", "Vortex: every Grimoire passes to the next player on the left.",
                  actor=cast.caster)


def _crystal_ball(state: HocusPocusState, cast: Cast) -> None:
    caster = cast.caster
    if not state.library and state.discard:
        state.reshuffle()
    count = min(LOOK, len(state.library))
    seen = state.library[len(state.library) - count:][::-1]
    if count:
        state.reveals.add(caster)
    state.log.add("crystal-ball", "{actor} looks at the top " + plural(count, "card")
                  + " of the Library.", private={caster: {
                      "msg": "You look at the Library's top cards (top first): "
                             + state.labels(seen) + ".", "cards": [state.deck.names[c] for c in seen]}},
                  actor=caster, count=count)
    if count >= 2:
        state.pending = Pending("arrange", caster, NOBODY, count)
        state.phase = "arrange"


def _owl_or_curse(state: HocusPocusState, cast: Cast) -> None:
    """An Owl takes Grimoire cards into the caster's Hand, a Curse discards them; the
    player who chooses them is asked only when there is a choice."""
    caster, target = cast.caster, cast.target
    owl = state.deck.kinds[cast.code] == OWL
    count = cast.effect["cards"]
    choices = subsets(state.grims[target], count)
    state.log.add("owl" if owl else "curse", "{actor}'s " + cast.what + " is aimed at {target}'s "
                  "Grimoire.", actor=caster, target=target, count=count)
    if not count:
        return
    choice = Pending("give", target, caster, count) if owl else Pending("curse", caster, target, count)
    if len(choices) == 1:
        take_chosen(state, choice, list(choices[0]))
    else:
        state.pending = choice
        state.phase = choice.kind


POWERS: dict[int, Callable[[HocusPocusState, Cast], None]] = {
    SPELL: _spell, THIEF: _thief, SACRIFICE: _sacrifice, INSPIRATION: _inspiration,
    ABRACADABRA: _abracadabra, VORTEX: _vortex, CRYSTAL_BALL: _crystal_ball,
    OWL: _owl_or_curse, CURSE: _owl_or_curse,
}
"""Each Hocus kind's power (abracadabra/swap, spell/take, ...: see :mod:`.rules`)."""
