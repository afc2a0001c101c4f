"""What one seat of a Hocus Pocus game sees, built from the state (:mod:`.views` declares it).

Kept apart from the state so that what a seat may see is decided in one short place:
other Hands and the Library appear only as sizes; a Crystal Ball's cards only to the
seat arranging them. The core adds the keys every game shares (``Game.view``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .checks import aimed
from .powers import forecast
from .table import EXCHANGES_PER_HOCUS, HAND_LIMIT

if TYPE_CHECKING:
    from .state import HocusPocusState


def seat_view(state: HocusPocusState, seat: int | None) -> dict:
    """The view of ``seat`` (None: a spectator): this game's keys of :class:`.views.HocusPocusView`."""
    deck = state.deck
    names = deck.names

    def named(cards: list[int]) -> list[str]:
        return [names[c] for c in cards]

    return {
        "phase": state.phase,
        "turn": state.turn,
        "current": state.current,
        "hand": sorted(named(state.hands[seat])) if seat is not None else None,
        "hand_sizes": [len(h) for h in state.hands],
        "grimoires": [named(g) for g in state.grims],
        "gems": list(state.gems),
        "cauldron": state.cauldron,
        "library_size": len(state.library),
        "discard": named(state.discard),
        "play_area": named(state.play_area),
        "hocus": _hocus(state),
        "pending": _pending(state, seat),
        "refills": list(state.owing),
        "locked": named(state.locked),
        "inspired": state.inspired,
        "exchanges_left": 0 if state.turn_over else EXCHANGES_PER_HOCUS - state.exchanges,
        "turn_over": state.turn_over,
        "quick": state.options["quick"],
        "deck": deck.to_json(),
        "card_info": deck.card_info(),
        "kinds": deck.in_play(state.players),
    }


def _hocus(state: HocusPocusState) -> dict | None:
    """The waiting Hocus, the Pocus piled on it, who is still asked, and its forecast."""
    hocus = state.hocus
    if hocus is None:
        return None
    names = state.deck.names
    at = aimed(state)
    return {
        "card": names[hocus.code], "caster": hocus.caster, "from": hocus.source,
        "target": hocus.target if hocus.target >= 0 else None,
        "aimed_at": at if at >= 0 else None,
        "pocus": [{"card": names[p.code], "seat": p.seat, "from": p.source,
                   "target": p.target if p.target >= 0 else None} for p in state.stack],
        "passed": [s for s in range(state.players) if state.passed[s]],
        "waiting": list(state.waiting()),
        "forecast": forecast(state),
    }


def _pending(state: HocusPocusState, seat: int | None) -> dict | None:
    """The choice the table waits for: a discard, an Owl's or a Curse's cards, an order."""
    pending = state.pending
    if state.phase == "discard":
        return {"kind": "discard", "seat": state.current,
                "count": len(state.hands[state.current]) - HAND_LIMIT}
    if pending is None:
        return None
    if pending.kind == "give":
        return {"kind": "give", "seat": pending.seat, "to": pending.other, "count": pending.n_cards}
    if pending.kind == "curse":
        return {"kind": "curse", "seat": pending.seat, "target": pending.other,
                "count": pending.n_cards}
    out: dict = {"kind": "arrange", "seat": pending.seat, "count": pending.n_cards}
    if seat == pending.seat:
        out["cards"] = [state.deck.names[c] for c in state.seen()]
    return out
