"""Hocus Pocus deals that agree with everything one seat has seen (``Game.sample``).

The seat's whole log is replayed into a :class:`~witchtable.engine.knowledge.Tokens`
model whose zones are the hidden ones: ``("hand", s)`` and the ``"library"`` (ordered,
top last). Grimoires, the discard pile and the cards in play are face up, so cards going
there simply leave the model and cards coming from there arrive known. What pins cards:
the seat's own deal and draws, every card played or discarded from a Hand, the cards an
Owl, a Black Cat, a Pumpkin or an exchange put into a Hand, the Hand an Abracadabra gave
the seat (or took from it), the Library top a Crystal Ball showed and the order the seat
put it back in, and each reshuffle (the new Library is the old discard pile, whose cards
the log names: ``hocus-pocus/library/reshuffle``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from ...knowledge import Tokens, redacted_log, sample_world, seen_events

if TYPE_CHECKING:
    from .state import HocusPocusState

LIBRARY = "library"


class _Table(Tokens):
    """The model, plus how many cards the last Crystal Ball showed, and the final deal."""

    def __init__(self, rng: random.Random):
        super().__init__(rng)
        self.looked = 0
        self.dealt: dict[Hashable, list[str]] = {}


def _draw(tokens: _Table, actor: int, entry: dict) -> None:
    if "cards" in entry:
        for name in entry["cards"]:
            tokens.move(LIBRARY, ("hand", actor), name, top=True)
    else:
        tokens.move_unseen(LIBRARY, ("hand", actor), entry["count"], top=True)


def _step(tokens: _Table, entry: dict, seat: int, players: int, library: int) -> None:
    """Apply one entry of ``seat``'s log to ``tokens``."""
    kind = entry["kind"]
    actor = entry.get("actor")
    hand = ("hand", actor)
    if kind == "deal":
        for s in range(players):
            if s == seat:
                tokens.put(("hand", s), entry["hand"])
            else:
                tokens.hidden(("hand", s), len(entry["hand"]))
        tokens.hidden(LIBRARY, library)
    elif kind in ("hocus", "pocus"):
        if entry["source"] == "hand":
            tokens.take(hand, entry["card"])
    elif kind == "exchange":
        tokens.take(hand, entry["to_grimoire"])
        tokens.put(hand, [entry["to_hand"]])
    elif kind in ("draw", "inspiration"):
        _draw(tokens, entry["actor"], entry)
    elif kind == "reshuffle":
        # Only when the Library ran out: cards drawn earlier in the same draw are still
        # on top in the model (the log names the draw after the reshuffle).
        rest = tokens.zones.pop(LIBRARY, [])
        tokens.grouped(LIBRARY, entry["cards"])
        tokens.zone(LIBRARY).extend(rest)
    elif kind == "discard":
        tokens.take(hand, entry["card"])
    elif kind == "refill":
        for name in entry["cards"]:
            tokens.take(hand, name)
    elif kind == "give":
        tokens.put(("hand", entry["to"]), entry["cards"])
    elif kind == "stopped":
        if entry["stopper"] == "black-cat":
            tokens.put(hand, [entry["card"]])
        elif entry["stopper"] == "pumpkin":
            tokens.put(("hand", entry["player"]), [entry["card"]])
    elif kind == "abracadabra":
        tokens.swap(hand, ("hand", entry["target"]))
        if "cards" in entry:
            tokens.look(("hand", seat), entry["cards"])
    elif kind == "crystal-ball":
        tokens.looked = entry["count"]
        if "cards" in entry:
            tokens.see_top(LIBRARY, entry["cards"])
    elif kind == "arrange":
        count = tokens.looked
        if "cards" in entry:
            zone = tokens.zone(LIBRARY)
            top = zone[len(zone) - count:]
            ordered = []
            for name in entry["cards"]:  # top first; the top cards were all seen
                token = next(t for t in top if t.face == name and t not in ordered)
                ordered.append(token)
            zone[len(zone) - count:] = ordered[::-1]
        else:
            tokens.shuffle(LIBRARY, count)


def sample_state(state: HocusPocusState, seat: int, rng: random.Random) -> HocusPocusState:
    """A copy of ``state`` with every card ``seat`` has not seen dealt anew, consistently
    with its whole log; its log keeps only public and ``seat``'s own entries."""
    deck = state.deck
    entries = [entry for _, entry in seen_events(state.log.events, seat)]
    players = state.players
    setup = Counter(deck.names[c] for c in deck.setup_cards(players))
    library = sum(setup.values()) - 6 * players
    public = [*state.discard, *state.play_area, *(p.code for p in state.stack)]
    public += [c for grim in state.grims for c in grim]
    if state.hocus is not None:
        public.append(state.hocus.code)
    total = setup - Counter(deck.names[c] for c in public)

    def step(entry: dict) -> Callable[[Tokens], None]:
        return lambda tokens: _step(_table(tokens), entry, seat, players, library)

    def deal(tokens: Tokens) -> None:
        order: list[Hashable] = [("hand", s) for s in range(players)] + [LIBRARY]
        _table(tokens).dealt = tokens.deal(total, order)

    dealt = _table(sample_world(_Table(rng), [*map(step, entries), deal])).dealt
    code = deck.code
    other = state.copy()
    for s in range(players):
        if s != seat:
            other.hands[s] = [code[name] for name in dealt[("hand", s)]]
    other.library = [code[name] for name in dealt[LIBRARY]]
    other.rng = random.Random(rng.getrandbits(64))
    other.log = redacted_log(state.log, seat)
    return other


def _table(tokens: Tokens) -> _Table:
    """The model :func:`sample_world` hands back (typed: it knows only :class:`Tokens`)."""
    assert isinstance(tokens, _Table)
    return tokens
