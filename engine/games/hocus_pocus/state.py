"""Hocus Pocus as one state machine: the position, its turn flow, and the moves it offers.

Phases: ``turn`` (the current player plays a Hocus, exchanges, or ends the turn with a
draw or a Gem), ``react`` (the Pocus window on a waiting Hocus: every seat still asked
plays Pocus or passes), ``give`` / ``curse`` / ``arrange`` (a decision a resolving Owl,
Curse or Crystal Ball asks for), ``end`` (the turn's draw is done; seen only while a
refill is chosen), ``discard`` (hand limit at the end of a turn), ``over``.
Before any of these, a seat whose Grimoire has a free space and whose Hand could fill it
in more than one way must choose the card (a ``refill``): those seats alone act.

Cards are small integer codes (see :mod:`.cards`); hands, Grimoires, the Library (top at
the end) and the piles are lists of codes. After every action :meth:`_advance` settles
the automatic steps (refills without a choice, closing a window, resolving, ending a
turn) and caches who acts next, so queries stay cheap.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

from ...core import Action, State, make_rulebook
from ...toolkit import redeal, shuffled
from . import checks, moves, powers
from .cards import deck_for, deck_size
from .rules import RULES
from .sampling import sample_state
from .seat_view import seat_view
from .table import (
    CAULDRON,
    DEAL,
    GRIMOIRE,
    GRIMOIRE_SIZE,
    HAND,
    HAND_LIMIT,
    QUICK_GEMS,
    Hocus,
    Pending,
    Pocus,
)


class HocusPocusState(State):
    """One game of Hocus Pocus: every zone, whose turn it is, and what is waiting."""

    rules = make_rulebook(RULES)
    action_format = checks.ACTIONS
    phase_table = checks.PHASES
    mutable: Mapping[str, int] = {
        "hands": 2, "grims": 2, "gems": 1, "library": 1, "discard": 1, "play_area": 1, "stack": 1,
        "passed": 1, "locked": 1, "final": 1, "reveals": 1}
    """Every mutable container (attribute -> depth): ``copy`` copies exactly these."""
    # The State methods written as plain functions of the state elsewhere, bound here
    # (no wrapper call: they run once per action or more).
    check = checks.check
    legal_actions = checks.legal_actions
    candidate_actions = checks.candidate_actions
    action_rule = checks.action_rule
    view = seat_view

    def __init__(self, players: int, rng: random.Random, options: dict):
        super().__init__(players, rng, options)
        self.deck = deck_for(options["deck"])
        cards = shuffled(rng, self.deck.setup_cards(players))
        self.library: list[int] = cards
        """Face down, top card last."""
        self.grims = [[cards.pop() for _ in range(DEAL)] for _ in range(players)]
        self.hands = [[cards.pop() for _ in range(DEAL)] for _ in range(players)]
        self.gems = [0] * players
        self.cauldron: int = QUICK_GEMS if options["quick"] else CAULDRON[players]
        self.discard: list[int] = []
        self.play_area: list[int] = []
        """Hocus cards that took effect this turn, with their Pocus (discarded at its end)."""
        self.current: int = options["first_player"]
        self.phase = "turn"
        self.turn = 1
        self.hocus: Hocus | None = None
        self.stack: list[Pocus] = []
        self.passed = [False] * players
        """Who passed in the Pocus window since the last card was added to it."""
        self.pending: Pending | None = None
        self.locked: list[int] = []
        """Pumpkin-returned cards of the current player, not playable again this turn."""
        self.inspired = False
        self.exchanges = 0
        self.turn_over = False
        """An Hourglass ended the turn: only a draw or a Gem is left."""
        self.over = False
        self.final: list[int] = []
        self.acting: tuple[int, ...] = ()
        self.owing: tuple[int, ...] = ()
        """Seats that must choose a card to fill their Grimoire before anything else."""
        self.reveals: set[int] = set()
        """Seats the action being performed showed hidden cards to (``Game.takeback``)."""
        self._log_deal()
        self._advance()

    def _log_deal(self) -> None:
        """The deal in the log: public, and each seat's own Hand to it alone (setup/deal)."""
        names = self.deck.names
        self.log.add("deal", "Each player has a Grimoire of 3 face-up cards and 3 cards in hand; the "
                     "Cauldron holds {count} Gems. {actor} starts.",
                     private={s: {"msg": "Each player has a Grimoire of 3 face-up cards and 3 cards "
                                         "in hand; yours: " + self.labels(self.hands[s])
                                         + ". The Cauldron holds {count} Gems. {actor} starts.",
                                  "hand": [names[c] for c in self.hands[s]]}
                              for s in range(self.players)},
                     actor=self.current, count=self.cauldron,
                     grimoires=[[names[c] for c in g] for g in self.grims])

    @classmethod
    def check_options(cls, players: int, options: dict) -> dict:
        """The deck against the table (each option is checked on its own by SPEC's Options)."""
        size = deck_size(options["deck"], players)
        need = players * 2 * DEAL
        if size < need:
            raise ValueError(f"the deck has {size} cards but dealing to {players} players needs {need}")
        return options

    # ------------------------------------------------------------------ the turn flow

    def perform(self, seat: int, action: Action) -> frozenset:
        """Do an accepted action (:mod:`.moves`), then the automatic steps that follow it."""
        self.reveals = set()
        moves.MOVES[action["type"]](self, seat, action)
        self._advance()
        return frozenset(self.reveals)

    def _advance(self) -> None:
        """Run the automatic steps, then cache who must act next."""
        players = range(self.players)
        while not self.over:
            # A Grimoire with a free space takes a Hand that fits whole; else its owner chooses.
            grims, hands = self.grims, self.hands    # read now: a Vortex replaces the list
            owing = []
            for seat in players:
                missing = GRIMOIRE_SIZE - len(grims[seat])
                if missing > 0 and hands[seat]:
                    if len(hands[seat]) <= missing:
                        self.fill(seat)
                    else:
                        owing.append(seat)
            self.owing = tuple(owing)
            if owing:
                self.acting = self.owing
                return
            phase = self.phase
            if phase == "react":
                waiting = self.waiting()
                if waiting:
                    self.acting = waiting
                    return
                powers.resolve(self)
                continue
            if phase == "end":
                if len(self.hands[self.current]) > HAND_LIMIT:
                    self.phase = "discard"
                else:
                    self._next_turn()
                continue
            if phase == "discard" and len(self.hands[self.current]) <= HAND_LIMIT:
                self.phase = "end"
                continue
            pending = self.pending
            self.acting = (pending.seat,) if pending is not None and pending.kind == phase \
                else (self.current,)
            return
        self.acting = self.owing = ()

    def waiting(self) -> tuple[int, ...]:
        """Who the Pocus window still asks: anyone who has not passed and could play (holding
        cards in hand, whatever they are, or a Grimoire Pocus it may play)."""
        passed, hands = self.passed, self.hands
        return tuple(s for s in range(self.players)
                     if not passed[s] and (hands[s] or self._grimoire_pocus(s)))

    def _grimoire_pocus(self, seat: int) -> bool:
        """Has ``seat`` a Pocus in its Grimoire that it may play on the waiting Hocus?"""
        is_hocus = self.deck.is_hocus
        return any(not is_hocus[c] and checks.pocus_problem(self, seat, c, GRIMOIRE) is None
                   for c in self.grims[seat])

    def _next_turn(self) -> None:
        """The turn is over: clear the play area and hand the turn to the left."""
        if self.play_area:
            self.discard.extend(self.play_area)
            self.play_area = []
        if not self.library and self.discard:
            self.reshuffle()
        self.current = (self.current + 1) % self.players
        self.turn += 1
        self.locked = []
        self.inspired = False
        self.exchanges = 0
        self.turn_over = False
        self.phase = "turn"
        self.log.add("turn", "Turn {turn}: {actor} plays.", actor=self.current, turn=self.turn)

    def end_game(self, taker: int) -> None:
        """The Cauldron is empty: the most Gems win (end/last-gem, end/winner)."""
        self.over = True
        self.phase = "over"
        top = max(self.gems)
        self.final = [s for s in range(self.players) if self.gems[s] == top]
        self.log.add("game-end", "{actor} takes the last Gem from the Cauldron: the game ends. "
                     "{player} wins with {count} Gems.", actor=taker, player=self.final[0],
                     count=top, gems=list(self.gems))

    # ------------------------------------------------------------------ moving cards and Gems

    def zone(self, seat: int, source: str) -> list[int]:
        """``seat``'s Hand or Grimoire (an action's ``from``)."""
        return (self.hands if source == HAND else self.grims)[seat]

    def shown_to_others(self, seat: int) -> None:
        """Cards of ``seat``'s that others had not seen are now public."""
        self.reveals.update(s for s in range(self.players) if s != seat)

    def reshuffle(self) -> None:
        """The discard pile becomes the new Library (library/reshuffle)."""
        cards = [self.deck.names[c] for c in self.discard]
        self.library = shuffled(self.rng, self.discard)
        self.discard = []
        self.log.add("reshuffle", "The Library is empty: the discard pile ({count} cards) is "
                     "shuffled into a new Library.", count=len(self.library), cards=cards)

    def draw(self, seat: int, count: int) -> list[int]:
        """Draw up to ``count`` cards into ``seat``'s hand, reshuffling an empty Library."""
        drawn = []
        hand = self.hands[seat]
        for _ in range(count):
            if not self.library:
                if not self.discard:
                    break
                self.reshuffle()
            card = self.library.pop()
            hand.append(card)
            drawn.append(card)
        if drawn:
            self.reveals.add(seat)
        return drawn

    def fill(self, seat: int) -> None:
        """Move a whole Hand into its Grimoire: no more cards than free spaces (grimoire/refill)."""
        moved = list(self.hands[seat])
        self.grims[seat].extend(moved)
        self.hands[seat].clear()
        self.shown_to_others(seat)
        self.log.add("refill", "{actor} fills their Grimoire with their last Hand card"
                     + ("s" if len(moved) > 1 else "") + ": " + self.labels(moved) + ".",
                     actor=seat, cards=[self.deck.names[c] for c in moved])

    def release_locks(self, leaving: list[int]) -> None:
        """Cards leaving the current player: locked copies leave first (pumpkin/lock)."""
        locked = self.locked
        for code in leaving:
            if code in locked:
                locked.remove(code)

    def would_tie(self, seat: int, gain: int) -> bool:
        """Would ``seat`` gaining ``gain`` Gems leave the most Gems shared?"""
        gems = list(self.gems)
        gems[seat] += gain
        top = max(gems)
        return gems.count(top) > 1

    def from_cauldron(self, seat: int, count: int) -> None:
        """``seat`` takes Gems from the Cauldron; the last one ends the game."""
        self.gems[seat] += count
        self.cauldron -= count
        if self.cauldron == 0:
            self.end_game(seat)

    def label(self, code: int) -> str:
        """How people read a card (``Thief 3``), for messages."""
        return self.deck.labels[code]

    def labels(self, cards: list[int]) -> str:
        """Several cards for a message, or ``nothing``."""
        return ", ".join(self.deck.labels[c] for c in cards) if cards else "nothing"

    # ------------------------------------------------------------------ queries

    def to_act(self) -> tuple[int, ...]:
        """Who may act now (cached by :meth:`_advance`)."""
        return self.acting

    @property
    def is_over(self) -> bool:
        """Has the last Gem left the Cauldron?"""
        return self.over

    @property
    def scores(self) -> list:
        """Each seat's Gems."""
        return list(self.gems)

    @property
    def winners(self) -> list[int]:
        """The seats with the most Gems once the game is over."""
        return list(self.final)

    def seen(self) -> list[int]:
        """The cards a pending Crystal Ball shows, top first."""
        assert self.pending is not None, "no Crystal Ball is waiting"
        return self.library[-self.pending.n_cards:][::-1]

    def card_info(self) -> dict:
        """Each card name of this game and its facts (see :meth:`.cards.Deck.card_info`)."""
        return self.deck.card_info()

    def inventory(self) -> dict:
        """Every card by name across all zones, and every Gem (players' and the Cauldron's)."""
        counts: Counter = Counter()
        for zone in (*self.hands, *self.grims, self.library, self.discard, self.play_area):
            counts.update(zone)
        counts.update(p.code for p in self.stack)
        if self.hocus is not None:
            counts[self.hocus.code] += 1
        names = self.deck.names
        return {"cards": {names[c]: n for c, n in sorted(counts.items())},
                "gems": sum(self.gems) + self.cauldron}

    # ------------------------------------------------------------------ other worlds

    def determinize(self, seat: int | None, rng: random.Random) -> HocusPocusState:
        """Deal afresh what ``seat`` cannot see: the other Hands and the Library.

        Zone sizes stay; a Crystal Ball's cards stay on top while their viewer arranges
        them. What ``seat`` learnt earlier about other hands (an Abracadabra, a Black Cat)
        is not kept: a search bot gets a plausible sample, not a posterior.
        """
        other = self.copy()
        zones = [other.hands[s] for s in range(self.players) if s != seat]
        pending = self.pending
        known = pending.n_cards if pending is not None and pending.kind == "arrange" \
            and seat == pending.seat else 0
        hidden = len(other.library) - known
        library = other.library[:hidden]
        redeal(rng, [*zones, library])
        other.library[:hidden] = library
        return other

    def sample(self, seat: int, rng: random.Random) -> HocusPocusState:
        """Every card ``seat`` has not seen dealt anew, agreeing with its whole log."""
        return sample_state(self, seat, rng)
