"""What each accepted action does to a Hocus Pocus position (``MOVES``, by action type).

Plain functions of the state, one per action type: :meth:`~.state.HocusPocusState.perform`
looks one up, calls it, then lets the state run the automatic steps. Each assumes
:mod:`.checks` accepted the action; resolving a Hocus is :mod:`.powers`'.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...core import Action
from .table import HAND, NOBODY, Hocus, Pending, Pocus

if TYPE_CHECKING:
    from .state import HocusPocusState


def plural(count: int, word: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{count} {word}" + ("" if count == 1 else "s")


def _played(state: HocusPocusState, seat: int, action: Action) -> tuple[int, str, int]:
    """Take a played card from its Hand or Grimoire (from a Hand, it is now seen by all):
    its code, where it came from and its target (NOBODY if none)."""
    code = state.deck.code[action["card"]]
    source = action["from"]
    state.zone(seat, source).remove(code)
    if source == HAND:
        state.shown_to_others(seat)
    return code, source, action.get("target", NOBODY)


def play_hocus(state: HocusPocusState, seat: int, action: Action) -> None:
    """The Hocus goes on the table and the Pocus window opens on it (pocus/window)."""
    code, source, target = _played(state, seat, action)
    state.hocus = Hocus(code, seat, source, target)
    state.stack = []
    state.passed = [False] * state.players
    state.exchanges = 0
    at = " at {target}" if target >= 0 else ""
    state.log.add("hocus", "{actor} plays " + state.label(code) + " from their " + source + at + ".",
                  actor=seat, card=action["card"], source=source,
                  target=target if target >= 0 else None)
    state.phase = "react"


def play_pocus(state: HocusPocusState, seat: int, action: Action) -> None:
    """The Pocus joins the pile on the waiting Hocus; everyone is asked again."""
    assert state.hocus is not None, "no Hocus is waiting"
    code, source, target = _played(state, seat, action)
    state.stack.append(Pocus(code, seat, source, target))
    state.passed = [False] * state.players
    hocus, caster = state.hocus.code, state.hocus.caster
    turn = ", turning it towards {target}" if target >= 0 else ""
    state.log.add("pocus", "{actor} plays " + state.label(code) + " from their " + source + " on "
                  "{player}'s " + state.label(hocus) + turn + ".", actor=seat, player=caster,
                  card=action["card"], source=source, target=target if target >= 0 else None)


def pass_(state: HocusPocusState, seat: int, action: Action) -> None:
    """``seat`` adds nothing to the pile (asked again only if someone else does)."""
    state.passed[seat] = True


def exchange(state: HocusPocusState, seat: int, action: Action) -> None:
    """A Hand card and a Grimoire card change places (exchange/swap)."""
    code = state.deck.code
    mine, shown = code[action["hand"]], code[action["grimoire"]]
    hand, grim = state.hands[seat], state.grims[seat]
    hand.remove(mine)
    hand.append(shown)
    grim[grim.index(shown)] = mine
    state.exchanges += 1
    state.shown_to_others(seat)
    state.log.add("exchange", "{actor} swaps " + state.label(shown) + " from their Grimoire with "
                  + state.label(mine) + " from their Hand.", actor=seat,
                  to_grimoire=action["hand"], to_hand=action["grimoire"])


def draw(state: HocusPocusState, seat: int, action: Action) -> None:
    """End the turn by drawing two cards (end/choose)."""
    drawn = state.draw(seat, 2)
    state.log.add("draw", "{actor} ends their turn by drawing " + plural(len(drawn), "card") + ".",
                  private={seat: {"msg": "You end your turn by drawing " + state.labels(drawn) + ".",
                                  "cards": [state.deck.names[c] for c in drawn]}},
                  actor=seat, count=len(drawn))
    state.phase = "end"


def gem(state: HocusPocusState, seat: int, action: Action) -> None:
    """End the turn by taking a Gem (end/choose); the last one ends the game."""
    state.log.add("gem", "{actor} ends their turn by taking a Gem from the Cauldron.", actor=seat)
    state.phase = "end"
    state.from_cauldron(seat, 1)


def discard(state: HocusPocusState, seat: int, action: Action) -> None:
    """One card over the hand limit goes to the discard pile (end/hand-limit)."""
    code = state.deck.code[action["card"]]
    state.hands[seat].remove(code)
    state.discard.append(code)
    state.shown_to_others(seat)
    state.log.add("discard", "{actor} discards " + state.label(code) + " to keep five cards in "
                  "hand.", actor=seat, card=action["card"])


def refill(state: HocusPocusState, seat: int, action: Action) -> None:
    """The chosen Hand card fills a free Grimoire space (grimoire/refill)."""
    code = state.deck.code[action["card"]]
    state.hands[seat].remove(code)
    state.grims[seat].append(code)
    state.shown_to_others(seat)
    state.log.add("refill", "{actor} fills their Grimoire with " + state.label(code) + ".",
                  actor=seat, cards=[action["card"]])


def choose(state: HocusPocusState, seat: int, action: Action) -> None:
    """The Owl's target gives, or the Curse's caster discards, the cards it chose."""
    pending = state.pending
    assert pending is not None, "no Owl or Curse is waiting"
    state.pending = None
    take_chosen(state, pending, [state.deck.code[n] for n in action["cards"]])
    state.phase = "turn"


def arrange(state: HocusPocusState, seat: int, action: Action) -> None:
    """The Crystal Ball's cards go back on the Library in the chosen order."""
    assert state.pending is not None, "no Crystal Ball is waiting"
    count = state.pending.n_cards
    state.pending = None
    order = [state.deck.code[n] for n in action["cards"]]
    state.library[-count:] = order[::-1]
    state.log.add("arrange", "{actor} puts the cards back on the Library in the order of their "
                  "choice.", private={seat: {"msg": "You put the cards back, top first: "
                                             + state.labels(order) + ".",
                                             "cards": list(action["cards"])}}, actor=seat)
    state.phase = "turn"


def take_chosen(state: HocusPocusState, choice: Pending, cards: list[int]) -> None:
    """Grimoire cards leave for the Owl's caster's Hand (owl/give) or the discard pile
    (curse/discard)."""
    grim = state.grims[choice.grimoire_owner()]
    for code in cards:
        grim.remove(code)
    names = [state.deck.names[c] for c in cards]
    if choice.kind == "give":
        state.hands[choice.other].extend(cards)
        state.log.add("give", "{actor} gives " + state.labels(cards) + " from their Grimoire to {to}.",
                      actor=choice.seat, to=choice.other, cards=names)
    else:
        state.discard.extend(cards)
        state.log.add("curse-discard", "{actor} discards " + state.labels(cards) + " from {target}'s "
                      "Grimoire.", actor=choice.seat, target=choice.other, cards=names)


MOVES: dict[str, Callable[[HocusPocusState, int, Action], None]] = {
    "hocus": play_hocus, "pocus": play_pocus, "pass": pass_, "exchange": exchange, "draw": draw,
    "gem": gem, "discard": discard, "refill": refill, "give": choose, "curse": choose,
    "arrange": arrange,
}
"""What each action type does (the order of ``checks.ACTIONS``)."""
