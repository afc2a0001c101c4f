"""Potion House deals that agree with everything one seat has seen (``Game.sample``).

Two kinds of hidden things, both dealt anew:

- **Tokens** (fixed in their storage spaces all game, ``potion-house/storage/fixed``):
  every search the seat watched showed a whole space; every check showed that one
  token was (or was not) by the space its card was placed at. The rest go to the spaces'
  free places at random, as a matching that respects every "not there".
- **Cards**: the seat's own draws (its look, ``potion-house/draw/look``), every card
  concocted (turned face up, ``potion-house/concoct/reveal``) and so the whole discard
  pile, a reshuffled draw pile as a known set in unknown order; other players' draws
  are unseen. The seat's record (``state.shown``) is replayed into the token model of
  :mod:`witchtable.engine.knowledge`.

The views forget (a memory game); the sample remembers what the seat was shown, as a
perfect memory would: that is the most a seat can know. The sample keeps the public
record and the seat's own draws; other seats' draws keep only their size.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from typing import cast

from ...core import shuffled
from ...knowledge import Tokens, redacted_log, sample_world
from .ingredients import COUNT

SPACES = 4


def _token_places(state, rng: random.Random) -> list[int]:
    """Each token's storage space: searched spaces as they are, checks respected, the
    rest matched at random to the free places (an augmenting-path matching, so a world
    is found whenever one exists; the true one does)."""
    fixed: dict[int, int] = {}
    never: dict[int, set] = {}
    for record in state.shown:
        if record[0] == "search":
            for t in state.spaces[record[1]]:
                fixed[t] = record[1]
        elif record[0] == "check":
            for card, space, found in record[2]:
                if found:
                    fixed[card] = space
                elif found is False:
                    never.setdefault(card, set()).add(space)
    per_space = COUNT // SPACES
    slots = [k for k in range(SPACES) for _ in range(per_space)]
    for k in fixed.values():
        slots.remove(k)
    slots = shuffled(rng, slots)
    loose = shuffled(rng, [t for t in range(COUNT) if t not in fixed])
    owner: list[int | None] = [None] * len(slots)   # slot -> token

    def place(token: int, seen: set) -> bool:
        banned = never.get(token, ())
        for i, k in enumerate(slots):
            if k in banned or i in seen:
                continue
            seen.add(i)
            held = owner[i]
            if held is None or place(held, seen):
                owner[i] = token
                return True
        return False

    for token in loose:
        if not place(token, set()):
            raise RuntimeError("no storage of the tokens fits what the seat saw (a sampler bug)")
    where = [0] * COUNT
    for t, k in fixed.items():
        where[t] = k
    for i, token in enumerate(owner):
        assert token is not None  # as many slots as loose tokens, each placed above
        where[token] = slots[i]
    return where


class _Table(Tokens):
    """The model, plus turning over a card of a hand the seat did not see drawn."""

    dealt: dict[Hashable, list]
    """The cards dealt to every zone, once the last observation is applied."""

    def turn_over(self, key: tuple, face: int) -> None:
        """``face`` leaves hand ``key`` face up. Every card is unique, so which token it
        was is no guess: one of a reshuffled pile's (a *group*) if that pile's faces still
        hold it, else one drawn before (unknown, in no group), else the known one."""
        zone = self.zone(key)
        known = [t for t in zone if t.face == face]
        grouped = [t for t in zone if t.face is None and t.group is not None and t.group[face] > 0]
        plain = [t for t in zone if t.face is None and t.group is None]
        pool = known or grouped or plain
        if not pool:
            raise RuntimeError("a concocted card its hand cannot hold (a sampler bug)")
        token = pool[0]
        self._remove(key, token)
        token.name(face)


def _replay(tokens: _Table, records: list[tuple], seat: int, number: int) -> None:
    """Apply record ``number`` of the table's record, as ``seat`` saw it, to ``tokens``."""
    record = records[number]
    kind = record[0]
    if kind == "draw":
        _, drawer, cards = record
        hand = ("hand", drawer)
        if drawer == seat and isinstance(cards, tuple):
            for card in cards:
                tokens.move("draw", hand, card, top=True)
        else:  # unseen: a count only
            tokens.move_unseen("draw", hand, cards if isinstance(cards, int) else len(cards),
                               top=True)
    elif kind == "reshuffle":
        faces = [t.face for t in tokens.zone("discard")]
        if None in faces:  # every discarded card was turned face up first
            raise RuntimeError("a discarded card the seat never saw (a sampler bug)")
        tokens.zones.pop("discard", None)
        tokens.grouped("draw", faces)
    elif kind == "concoct":
        for card in record[2]:
            tokens.turn_over(("hand", record[1]), card)   # in play: out of the model
    elif kind == "check":
        tokens.put("discard", [card for card, _, _ in record[2]])


def sample_state(state, seat: int, rng: random.Random):
    """A copy of ``state`` with every token and card ``seat`` has not seen dealt anew,
    consistently with all it saw; its record and log keep only what ``seat`` may know."""
    other = state.copy()
    other.where = _token_places(state, rng)
    other.spaces = [sorted(t for t in range(COUNT) if other.where[t] == k) for k in range(SPACES)]
    records = state.shown
    model = _Table(rng)
    model.hidden("draw", COUNT)
    in_play: set[int] = set()
    if state.potion is not None:
        in_play = {*state.potion[1], *(c for c, _ in state.potion[2])}
    total = Counter(c for c in range(COUNT) if c not in in_play)
    players = state.players
    order = ["draw", "discard", *(("hand", s) for s in range(players))]

    def step(number: int):
        return lambda tokens: _replay(tokens, records, seat, number)

    def deal(tokens: Tokens) -> None:  # sample_world hands each step the _Table it was given
        cast(_Table, tokens).dealt = tokens.deal(+total, order)

    world = sample_world(model, [*(step(n) for n in range(len(records))), deal])
    dealt = cast(_Table, world).dealt
    other.draw = list(dealt["draw"])
    other.discard = list(dealt["discard"])
    other.hands = [list(dealt[("hand", s)]) for s in range(players)]
    other.shown = [("draw", r[1], len(r[2]) if isinstance(r[2], tuple) else r[2])
                   if r[0] == "draw" and r[1] != seat else r for r in records]
    other.rng = random.Random(rng.getrandbits(64))
    other.log = redacted_log(state.log, seat)
    return other
