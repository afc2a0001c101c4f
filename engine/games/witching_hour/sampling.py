"""Witching Hour deals that agree with everything one seat has seen (``Game.sample``).

Only the current round matters: a new round reshuffles every card (rule
``witching-hour/setup/deal``), so the seat's log is replayed from the round's deal into a
:class:`~witchtable.engine.knowledge.Tokens` model. Zones: ``("hand", s)``, ``("hex", s)``
(face down, ``witching-hour/hex/hidden``), ``"discard"`` (face down) and ``"pending"``
(a Cauldron's two cards); cards in play (a pending attack) are outside the model.
What pins cards: the seat's own deal, every card played face up, the hand a Book showed
and the card it took, the Cauldron's cards and how the seat shared them, the discard pile
or Hex pile a Skull or Hourglass showed and the card picked, an Hourglass that found
nothing to take (only Hourglasses in that pile), and the Hex piles shown at scoring.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from typing import cast

from ...knowledge import Tokens, redacted_log, sample_world, seen_events
from .deck import TYPES

HOURGLASS_ONLY = frozenset({"hourglass"})


def _attack_cards(attack: dict) -> list[str]:
    return [attack["card"]] * attack["count"] + (["candle"] if attack["candle"] else [])


class _Round(Tokens):
    """The model, plus the attack in play and where a pending pick comes from."""

    dealt: dict[Hashable, list]
    """The faces dealt to every zone, once the last observation is applied."""

    def __init__(self, rng: random.Random, limit: Counter):
        super().__init__(rng, limit)
        self.attack: dict = {}
        self.source: Hashable = "discard"


def _step(tokens: _Round, entries: list[dict], number: int, seat: int, players: int,
          is_picking: bool) -> None:
    """Apply entry ``number`` of one round of ``seat``'s log to ``tokens``."""
    entry = entries[number]
    kind = entry["kind"]
    actor = entry.get("actor")
    hand = ("hand", actor)
    attack = tokens.attack
    if kind == "deal":
        for s in range(players):
            if s == seat:
                tokens.put(("hand", s), Counter(entry["hand"]).elements())
            else:
                tokens.hidden(("hand", s), entry["size"])
        tokens.hidden("discard", entry["rest"])
    elif kind == "attack":
        tokens.attack = dict(entry)
        for card in _attack_cards(entry):
            tokens.take(hand, card)
    elif kind == "take":
        tokens.put(("hex", actor), _attack_cards(attack))
    elif kind == "toadstool":
        tokens.move_unseen("discard", ("hex", actor), entry["count"])
    elif kind in ("block", "reflect"):
        for card in _attack_cards(entry):
            tokens.move(hand, "discard", card)
        if kind == "block":
            tokens.put("discard", _attack_cards(attack))
        else:
            tokens.attack = dict(attack, actor=actor, target=attack["actor"])
    elif kind == "familiar":
        tokens.move(hand, ("hex", actor), "familiar")
        tokens.put("discard", _attack_cards(attack))
    else:
        _effect_step(tokens, entries, number, is_picking)


def _effect_step(tokens: _Round, entries: list[dict], number: int, is_picking: bool) -> None:
    """Apply entry ``number`` when it is no deal and no attack: a card played for its
    effect, a pick after one, the last cards or the scoring."""
    entry = entries[number]
    kind = entry["kind"]
    actor = entry.get("actor")
    hand = ("hand", actor)
    if kind == "book":
        target = ("hand", entry["target"])
        tokens.move(hand, ("hex", actor), "book")
        if "seen" in entry:
            tokens.look(target, Counter(entry["seen"]).elements())
        if "card" in entry:
            tokens.move(target, hand, entry["card"])
        else:
            tokens.move_unseen(target, hand)
    elif kind == "chalice":
        tokens.move(hand, ("hex", entry["target"]), "chalice")
    elif kind == "cauldron":
        tokens.move(hand, ("hex", actor), "cauldron")
        drawn = min(2, tokens.size("discard"))
        where = "pending" if drawn == 2 else ("hex", actor)
        if "cards" in entry:
            for card in entry["cards"]:
                tokens.move("discard", where, card)
        else:
            tokens.move_unseen("discard", where, drawn)
    elif kind == "split":
        if "keep" in entry:
            tokens.move("pending", ("hex", actor), entry["keep"])
            tokens.move("pending", ("hex", entry["target"]), entry["give"])
        else:
            tokens.move_unseen("pending", ("hex", actor))
            tokens.move_unseen("pending", ("hex", entry["target"]))
    elif kind in ("skull", "hourglass"):
        tokens.move(hand, ("hex", actor), kind)
        source = tokens.source = "discard" if kind == "skull" else ("hex", actor)
        picks = (number + 1 < len(entries) and entries[number + 1]["kind"] == "pick"
                 ) or (number + 1 == len(entries) and is_picking)
        if "seen" in entry:
            tokens.look(source, Counter(entry["seen"]).elements())
        elif not picks and kind == "hourglass":  # nothing to take: only Hourglasses there
            tokens.look(source, ["hourglass"] * tokens.size(source))
    elif kind == "pick":
        origin = tokens.source
        if "card" in entry:
            tokens.move(origin, hand, entry["card"])
        else:
            never = HOURGLASS_ONLY if origin != "discard" else frozenset()
            tokens.move_unseen(origin, hand, never=never)
    elif kind == "last-cards" and "count" in entry:
        tokens.move_all(hand, ("hex", actor))
    elif kind == "score":
        for s, sets in enumerate(entry.get("hex") or ()):  # hidden scores: no piles logged
            tokens.look(("hex", s), [t for t, v in sets.items() for _ in range(v["count"])])


def sample_state(state, seat: int, rng: random.Random):
    """A copy of ``state`` with every card ``seat`` has not seen dealt anew, consistently
    with all it saw this round; its log keeps only public and ``seat``'s own entries."""
    seen = [entry for _, entry in seen_events(state.log.events, seat)]
    start = max(i for i, entry in enumerate(seen) if entry["kind"] == "deal")
    entries = seen[start:]
    total_all = Counter({TYPES[t]: c for t, c in enumerate(state.copies) if c})
    total = Counter(total_all)
    if state.attack is not None:
        atk = state.attack
        total[TYPES[atk[2]]] -= atk[3]
        total["candle"] -= 1 if atk[4] else 0
    picking = state.phase == "pick"
    players = state.players
    order: list[Hashable] = [("hand", s) for s in range(players)]
    order += [("hex", s) for s in range(players)]
    order += ["discard", "pending"]

    def step(number: int):
        return lambda tokens: _step(tokens, entries, number, seat, players, picking)

    def deal(tokens: Tokens) -> None:  # sample_world hands each step the _Round it was given
        cast(_Round, tokens).dealt = tokens.deal(+total, order)

    steps = [step(number) for number in range(len(entries))] + [deal]
    dealt = cast(_Round, sample_world(_Round(rng, Counter(total_all)), steps)).dealt
    other = state.copy()
    index = {name: i for i, name in enumerate(TYPES)}

    def counts(faces: list) -> list:
        out = [0] * len(TYPES)
        for face in faces:
            out[index[face]] += 1
        return out

    other.hands = [counts(dealt[("hand", s)]) for s in range(players)]
    other.hex = [counts(dealt[("hex", s)]) for s in range(players)]
    other.discard = counts(dealt["discard"])
    if state.phase == "split":
        other.pending = [index[face] for face in dealt["pending"]]
    other.rng = random.Random(rng.getrandbits(64))
    other.log = redacted_log(state.log, seat)
    return other
