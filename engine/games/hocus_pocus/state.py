"""Hocus Pocus as a state machine.

Phases: ``turn`` (the current player plays a Hocus, exchanges, or ends the turn with a
draw or a Gem), ``react`` (the Pocus window on a waiting Hocus: every seat still asked
plays Pocus or passes), ``give`` / ``curse`` / ``arrange`` (a decision a resolving Owl,
Curse or Crystal Ball asks for), ``end`` (the turn's draw is done; seen only while a
refill is chosen), ``discard`` (hand limit at the end of a turn), ``over``.
Before any of these, a seat whose Grimoire has a free space and whose Hand could fill it
in more than one way must choose the card (a ``refill``): those seats alone act.

Cards are small integer codes (see :mod:`.cards`); hands, Grimoires, the Library (top at
the end) and the piles are lists of codes. After every action ``_advance`` settles the
automatic steps (refills without a choice, closing a window, resolving, ending a turn)
and caches who acts next, so queries stay cheap.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import ClassVar

from ...core import ActionCache, State, make_rulebook
from ...toolkit import redeal, shuffled
from .cards import MIRROR, deck_for, deck_size
from .checks import ACTIONS, PHASES, ChecksMixin
from .powers import GRIMOIRE, GRIMOIRE_SIZE, HAND, HAND_LIMIT, PowersMixin
from .rules import RULES
from .sampling import sample_state

_action = ActionCache(ACTIONS.order)
"""Listed actions, shared and read-only (lists of cards stay plain dicts)."""

CAULDRON = {2: 20, 3: 25, 4: 30, 5: 35, 6: 35}
QUICK_GEMS = 15
EXCHANGES_PER_HOCUS = 3
DEAL = 3
"""Cards dealt to each Grimoire and to each Hand."""


class HocusPocusState(ChecksMixin, PowersMixin, State):
    rules = make_rulebook(RULES)
    action_format = ACTIONS
    phase_table = PHASES
    mutable: ClassVar[dict[str, int]] = {
        "hands": 2, "grims": 2, "gems": 1, "library": 1, "discard": 1, "play_area": 1, "stack": 1,
        "passed": 1, "locked": 1, "final": 1, "_reveals": 1}
    """Every mutable container (attribute -> depth): ``copy`` copies exactly these."""

    def __init__(self, players: int, rng: random.Random, options: dict):
        super().__init__(players, rng, options)
        self.deck = deck_for(options["deck"])
        cards = shuffled(rng, self.deck.setup_cards(players))
        self.library: list[int] = cards
        self.grims = [[cards.pop() for _ in range(DEAL)] for _ in range(players)]
        self.hands = [[cards.pop() for _ in range(DEAL)] for _ in range(players)]
        self.gems = [0] * players
        self.cauldron = QUICK_GEMS if options["quick"] else CAULDRON[players]
        self.discard: list[int] = []
        self.play_area: list[int] = []
        self.current = options["first_player"]
        self.phase = "turn"
        self.hocus: tuple | None = None      # (code, caster, source, target or -1)
        self.stack: list[tuple] = []         # Pocus on it: (code, seat, source, mirror target or -1)
        self.passed = [False] * players
        self.pending: tuple | None = None    # ("give", giver, receiver, n) | ("curse", caster,
        #                                       target, n) | ("arrange", caster, n)
        self.locked: list[int] = []          # Pumpkin-returned cards of the current player
        self.inspired = False
        self.exchanges = 0
        self.turn_over = False
        self.over = False
        self.turn = 1
        self.final: list[int] = []
        self.acting: tuple = ()
        self.owing: tuple = ()               # seats that must choose a card to fill their Grimoire
        self._reveals: set = set()
        names = self.deck.names
        self.log.add("deal", "Each player has a Grimoire of 3 face-up cards and 3 cards in hand; the "
                     "Cauldron holds {count} Gems. {actor} starts.",
                     private={s: {"msg": "Each player has a Grimoire of 3 face-up cards and 3 cards "
                                         "in hand; yours: " + self._labels(self.hands[s])
                                         + ". The Cauldron holds {count} Gems. {actor} starts.",
                                  "hand": [names[c] for c in self.hands[s]]}
                              for s in range(players)},
                     actor=self.current, count=self.cauldron,
                     grimoires=[[names[c] for c in g] for g in self.grims])
        self._advance()

    @classmethod
    def check_options(cls, players: int, options: dict) -> dict:
        # Each option is checked on its own by its Option in SPEC; here: the deck against the table.
        size = deck_size(options["deck"], players)
        need = players * 2 * DEAL
        if size < need:
            raise ValueError(f"the deck has {size} cards but dealing to {players} players needs {need}")
        return options

    # ------------------------------------------------------------------ flow

    def _advance(self) -> None:
        """Run the automatic steps, then cache who must act next."""
        players = range(self.players)
        while not self.over:
            grims, hands = self.grims, self.hands    # re-read: a Vortex replaces the list
            owing = []
            for seat in players:
                missing = GRIMOIRE_SIZE - len(grims[seat])
                if missing > 0 and hands[seat]:
                    if len(hands[seat]) <= missing:
                        self._fill(seat)
                    else:
                        owing.append(seat)
            self.owing = tuple(owing)
            if owing:
                self.acting = self.owing
                return
            phase = self.phase
            if phase == "react":
                waiting = tuple(s for s in players if not self.passed[s] and self._can_react(s))
                if waiting:
                    self.acting = waiting
                    return
                self._resolve()
                continue
            if phase == "end":
                if len(self.hands[self.current]) > HAND_LIMIT:
                    self.phase = "discard"
                else:
                    self._next_turn()
                continue
            if phase == "discard":
                if len(self.hands[self.current]) <= HAND_LIMIT:
                    self.phase = "end"
                    continue
            self.acting = (self.pending[1],) if phase in ("give", "curse", "arrange") else (self.current,)
            return
        self.acting = self.owing = ()

    def _can_react(self, seat: int) -> bool:
        """Asked in the window: anyone holding cards in hand, or with a playable Grimoire Pocus."""
        if self.hands[seat]:
            return True
        is_hocus = self.deck.is_hocus
        return any(not is_hocus[c] and self._pocus_problem(seat, c, GRIMOIRE) is None
                   for c in self.grims[seat])

    # ------------------------------------------------------------------ queries

    def to_act(self) -> tuple:
        return self.acting

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def scores(self) -> list:
        return list(self.gems)

    @property
    def winners(self) -> list:
        return list(self.final)

    def legal_actions(self, seat: int) -> list:
        if seat not in self.acting:
            return []
        names = self.deck.names
        hand = self.hands[seat]
        if self._owes_refill(seat):
            return [_action("refill", names[c]) for c in sorted(set(hand))]
        phase = self.phase
        if phase == "react":
            return self._legal_pocus(seat)
        if phase == "turn":
            return self._legal_turn(seat)
        if phase == "discard":
            return [_action("discard", names[c]) for c in sorted(set(hand))]
        if phase == "arrange":
            return [{"type": "arrange", "cards": [names[c] for c in order]}
                    for order in _orders(self._seen())]
        return [{"type": phase, "cards": [names[c] for c in cards]} for cards in self.pending_choices()]

    def _legal_turn(self, seat: int) -> list:
        deck = self.deck
        names, is_hocus, targeted = deck.names, deck.is_hocus, deck.targeted
        hand, grim = self.hands[seat], self.grims[seat]
        out = []
        if not self.turn_over:
            others = [s for s in range(self.players) if s != seat]
            for source, cards in ((HAND, hand), (GRIMOIRE, grim)):
                for code in sorted(set(cards)):
                    if not is_hocus[code] or self._hocus_problem(seat, code):
                        continue
                    if targeted[code]:
                        out += [_action("hocus", names[code], source, target) for target in others]
                    else:
                        out.append(_action("hocus", names[code], source))
            if self.exchanges < EXCHANGES_PER_HOCUS and hand:
                shown = sorted(set(grim))
                for mine in sorted(set(hand)):
                    for card in shown:
                        if card != mine:
                            out.append(_action("exchange", names[mine], names[card]))
        out.append(_action("draw"))
        if self._gem_problem(seat) is None:
            out.append(_action("gem"))
        return out

    def _legal_pocus(self, seat: int) -> list:
        deck = self.deck
        names, is_hocus, kinds = deck.names, deck.is_hocus, deck.kinds
        out = [_action("pass")]
        for source, cards in ((HAND, self.hands[seat]), (GRIMOIRE, self.grims[seat])):
            for code in sorted(set(cards)):
                if is_hocus[code] or self._pocus_problem(seat, code, source):
                    continue
                if kinds[code] == MIRROR:
                    out += [_action("pocus", names[code], source, target)
                            for target in self._mirror_targets(seat)]
                else:
                    out.append(_action("pocus", names[code], source))
        return out

    # ------------------------------------------------------------------ views

    def view(self, seat: int | None) -> dict:
        deck = self.deck
        names = deck.names

        def named(cards: list) -> list:
            return [names[c] for c in cards]

        data = {
            "phase": self.phase,
            "turn": self.turn,
            "current": self.current,
            "hand": sorted(named(self.hands[seat])) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "grimoires": [named(g) for g in self.grims],
            "gems": list(self.gems),
            "cauldron": self.cauldron,
            "library_size": len(self.library),
            "discard": named(self.discard),
            "play_area": named(self.play_area),
            "hocus": None,
            "pending": None,
            "refills": list(self.owing),
            "locked": named(self.locked),
            "inspired": self.inspired,
            "exchanges_left": 0 if self.turn_over else EXCHANGES_PER_HOCUS - self.exchanges,
            "turn_over": self.turn_over,
            "quick": self.options["quick"],
            "deck": deck.to_json(),
            "card_info": self.card_info(),
            "kinds": deck.in_play(self.players),
        }
        if self.hocus is not None:
            code, caster, source, target = self.hocus
            aimed = self._aimed()
            data["hocus"] = {
                "card": names[code], "caster": caster, "from": source,
                "target": target if target >= 0 else None,
                "aimed_at": aimed if aimed >= 0 else None,
                "pocus": [{"card": names[c], "seat": s, "from": src, "target": t if t >= 0 else None}
                          for c, s, src, t in self.stack],
                "passed": [s for s in range(self.players) if self.passed[s]],
                "waiting": [s for s in range(self.players)
                            if not self.passed[s] and self._can_react(s)],
                "forecast": self.forecast(),
            }
        pending = self.pending
        if self.phase == "discard":
            data["pending"] = {"kind": "discard", "seat": self.current,
                               "count": len(self.hands[self.current]) - HAND_LIMIT}
        elif pending is not None and pending[0] == "give":
            data["pending"] = {"kind": "give", "seat": pending[1], "to": pending[2], "count": pending[3]}
        elif pending is not None and pending[0] == "curse":
            data["pending"] = {"kind": "curse", "seat": pending[1], "target": pending[2],
                               "count": pending[3]}
        elif pending is not None:
            data["pending"] = {"kind": "arrange", "seat": pending[1], "count": pending[2]}
            if seat == pending[1]:
                data["pending"]["cards"] = named(self._seen())
        return data

    def card_info(self) -> dict:
        """Each card name of this game and its facts (see :meth:`.cards.Deck.card_info`)."""
        return self.deck.card_info()

    def inventory(self) -> dict:
        """Every card by name across all zones, and every Gem (players' and the Cauldron's)."""
        counts: Counter = Counter()
        for zone in (*self.hands, *self.grims, self.library, self.discard, self.play_area):
            counts.update(zone)
        counts.update(p[0] for p in self.stack)
        if self.hocus is not None:
            counts[self.hocus[0]] += 1
        names = self.deck.names
        return {"cards": {names[c]: n for c, n in sorted(counts.items())},
                "gems": sum(self.gems) + self.cauldron}

    def determinize(self, seat: int | None, rng: random.Random) -> HocusPocusState:
        """Deal afresh what ``seat`` cannot see: the other Hands and the Library.

        Zone sizes stay; a Crystal Ball's cards stay on top while their viewer arranges
        them. What ``seat`` learnt earlier about other hands (an Abracadabra, a Black Cat)
        is not kept: a search bot gets a plausible sample, not a posterior.
        """
        other = self.copy()
        zones = [other.hands[s] for s in range(self.players) if s != seat]
        known = 0
        if self.phase == "arrange" and seat == self.pending[1]:
            known = self.pending[2]
        hidden = len(other.library) - known
        library = other.library[:hidden]
        redeal(rng, [*zones, library])
        other.library[:hidden] = library
        return other

    def sample(self, seat: int, rng: random.Random) -> HocusPocusState:
        """Every card ``seat`` has not seen dealt anew, agreeing with its whole log."""
        return sample_state(self, seat, rng)


def _orders(cards: list) -> list[tuple]:
    """Every distinct order of ``cards`` (identical cards give fewer), in a fixed order."""
    out: list[tuple] = []

    def build(prefix: tuple, rest: list) -> None:
        if not rest:
            out.append(prefix)
            return
        for i, card in enumerate(rest):
            if card in rest[:i]:
                continue
            build((*prefix, card), rest[:i] + rest[i + 1:])

    build((), list(cards))
    return out
