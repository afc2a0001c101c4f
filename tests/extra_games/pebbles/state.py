"""Pebbles' rules as code: a pile, one hidden card per seat, take 1-3 or peek once.

The smallest game written the way every game is (copy it to start one): its actions'
fields are declared (``ACTIONS``), so the core refuses malformed input before ``check``;
its phases are declared (``PHASES``), so "not now" is refused the same way; its mutable
parts are declared (``mutable``), so the generic ``copy`` needs no code. ``check`` then
holds only the game's own rules.
"""

from __future__ import annotations

import random
from typing import ClassVar

from witchtable.engine.core import ActionCache, State, make_rulebook, shuffled
from witchtable.engine.knowledge import redacted_log
from witchtable.engine.toolkit import ActionFormat, Count, Phase, PhaseTable, Seat

from .rules import RULES, P

CARDS = (1, 2, 3, 4, 5, 6)
ACTIONS = ActionFormat("Pebbles", {
    "take": {"count": Count(1, 3, what="how many pebbles you take")},
    "peek": {"target": Seat()},
})
"""Every action type and its fields: the core checks them before ``check`` sees an action."""
PHASES = PhaseTable({
    "turn": Phase(("take", "peek")),
    "peeked": Phase(("take",), P + "turn/peek", "You have already peeked once this game; take pebbles."),
}, key=lambda state, seat: "peeked" if state.peeked[seat] else "turn")
"""What a seat may do on its turn: take or peek, and only take once it has peeked."""


def card_name(value: int) -> str:
    """A card as views and the log name it (``card-4``)."""
    return f"card-{value}"


class PebblesState(State):
    """The pile, each seat's card and take, who has peeked and what each seat knows."""

    rules = make_rulebook(RULES)
    action_format = ACTIONS
    phase_table = PHASES
    mutable: ClassVar[dict[str, int]] = {"cards": 1, "aside": 1, "taken": 1, "peeked": 1, "known": 2}
    """Every mutable container (attribute -> depth): the generic ``copy`` copies exactly these."""
    actions = ActionCache(ACTIONS.order)

    def __init__(self, players: int, rng: random.Random, options: dict):
        super().__init__(players, rng, options)
        deck = shuffled(rng, CARDS)
        self.cards, self.aside = deck[:players], deck[players:]
        self.pile = options["pile"]
        self.taken = [0] * players
        self.peeked = [False] * players
        self.known = [{s} for s in range(players)]  # whose cards each seat has seen
        self.current = 0
        self.over = False
        self.log.add("deal", "Each player is dealt a card face down; the pile holds {count} pebbles.",
                     private={s: {"msg": "You are dealt the {card}.", "card": card_name(self.cards[s])}
                              for s in range(players)}, count=self.pile)

    def to_act(self) -> tuple[int, ...]:
        """One seat at a time, in seat order, until the pile is empty."""
        return () if self.over else (self.current,)

    def legal_actions(self, seat: int) -> list:
        """Each take the pile allows, and a peek at each other seat until this one has peeked."""
        out = [self.actions("take", n) for n in range(1, min(3, self.pile) + 1)]
        if not self.peeked[seat]:
            out += [self.actions("peek", t) for t in range(self.players) if t != seat]
        return out

    def check(self, seat: int, action: dict) -> dict:
        """The game's own rules for a well-formed action its phase allows."""
        if action["type"] == "take":
            count, most = action["count"], min(3, self.pile)
            if count > most:
                raise self.rules.illegal(P + "turn/take", f"Take from 1 to {most} pebbles, not {count}.")
            return self.actions("take", count)
        if action["target"] == seat:
            raise self.rules.illegal(P + "peek/target", "Peek at another player's card, not your own.")
        return self.actions("peek", action["target"])

    def perform(self, seat: int, action: dict) -> frozenset:
        if action["type"] == "peek":
            target = action["target"]
            self.peeked[seat] = True
            self.known[seat].add(target)
            self.log.add("peek", "{actor} looks at {target}'s card.", actor=seat, target=target,
                         private={seat: {"msg": "{actor} looks at {target}'s card: the {card}.",
                                         "card": card_name(self.cards[target])}})
            self._next()
            return frozenset({seat})
        self.pile -= action["count"]
        self.taken[seat] += action["count"]
        self.log.add("take", "{actor} takes {count}; {left} left.", actor=seat, count=action["count"],
                     left=self.pile)
        if self.pile:
            self._next()
            return frozenset()
        self.over = True
        self.log.add("end", "The pile is empty: every card is shown.",
                     cards=[card_name(c) for c in self.cards])
        return frozenset(range(self.players))

    def _next(self) -> None:
        self.current = (self.current + 1) % self.players

    def view(self, seat: int | None) -> dict:
        if self.over:
            known = list(range(self.players))  # every card was shown at the end
        else:
            known = sorted(self.known[seat]) if seat is not None else []
        return {"pile": self.pile, "taken": list(self.taken), "current": self.current,
                "peeked": list(self.peeked),
                "hand": [card_name(self.cards[seat])] if seat is not None else None,
                "cards": {str(s): card_name(self.cards[s]) for s in known}}

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def scores(self) -> list:
        return [self.taken[s] + self.cards[s] for s in range(self.players)]

    @property
    def winners(self) -> list[int]:
        best = max(self.scores)
        return [s for s, v in enumerate(self.scores) if v == best]

    def inventory(self) -> dict:
        return {"cards": sorted(self.cards + self.aside), "pebbles": self.pile + sum(self.taken)}

    def determinize(self, seat: int | None, rng: random.Random) -> State:
        other = self.copy()
        if self.over:
            return other  # every card has been shown
        hidden = [s for s in range(self.players) if seat is None or s not in self.known[seat]]
        pool = shuffled(rng, [self.cards[s] for s in hidden] + self.aside)
        for s in hidden:
            other.cards[s] = pool.pop()
        other.aside = pool
        return other

    def sample(self, seat: int, rng: random.Random) -> State:
        """Cards never move and ``known`` keeps every card a seat has seen (its own, its
        peek), so the re-deal of what it cannot see now respects all it ever saw."""
        other = self.copy()
        if not self.over:
            hidden = [s for s in range(self.players) if s not in self.known[seat]]
            pool = shuffled(rng, sorted([self.cards[s] for s in hidden] + self.aside))
            for s in hidden:
                other.cards[s] = pool.pop()
            other.aside = pool
        other.rng = random.Random(rng.getrandbits(64))
        other.log = redacted_log(self.log, seat)
        return other

    def action_rule(self, action: dict) -> str:
        return P + ("turn/take" if action["type"] == "take" else "turn/peek")

    def candidate_actions(self, seat: int) -> list:
        """The legal actions plus near misses: taking one too many, peeking at yourself."""
        return [*self.legal_actions(seat), {"type": "take", "count": min(3, self.pile) + 1},
                {"type": "peek", "target": seat}]
