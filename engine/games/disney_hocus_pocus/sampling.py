"""Disney Hocus Pocus deals that agree with everything one seat has seen (``Game.sample``).

The seat's whole log is replayed into a :class:`~witchtable.engine.knowledge.Tokens`
model whose zones are the hidden ones: ``("hand", s)``, the Ingredient ``"deck"`` and the
``"swap"`` card of Daylight Savings Time. The deck is modelled unordered: nobody ever sees
its order before a card leaves it (its top cards are seen only as they are drawn or
burnt), and a round reshuffles it anyway, so the deal finally shuffles it. Piles, the
discard pile and the removed cards are face up: cards going there leave the model, and
the Binx and Spell Book cards a round gathers come back into the deck by name.

What pins cards: the seat's own deal, draws, passes and swaps; every card played or
discarded (by a player or a Spell) face up; the hand Binx showed and every change to it
while he stays (``binx/reveal``: draws, passes and swaps into a Binx hand are logged by
name); and the answers (``ask/answers``). An answer speaks of the answering hand *at
that moment*: a "no" forbids that colour or type to every card in it then, which is a
constraint on each of those cards wherever it goes later; a "yes" needs one of them to
have it, so one card that can (a witness, chosen at random) is restricted to it. Cards
that left the hand unseen earlier (a random pass, a swap between two others) are first
decided, so an answer never binds a card that was gone.

The Spell deck's order is unknown to all: its cards (public: all but the cast ones) are
shuffled. Random choices that a later observation contradicts are redrawn by
:func:`~witchtable.engine.knowledge.sample_world`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable
from functools import partial

from ...knowledge import Contradiction, Token, Tokens, _fits, redacted_log, sample_world, seen_events
from ...toolkit import shuffled
from . import cards as cardmod

DECK = "deck"
SWAP = "swap"
WEIGHT = 0.5
"""How strongly a card seen leaving a hand is taken from one whose "yes" it explains."""
NOISE = 2.0
"""Random noise in that choice, so that a replay that backs up may choose otherwise."""
TRIES = 25
SEARCH = 500
"""Nodes the exact check of one hand's claims may visit."""
BUDGET = 5000
RESTARTS = 4
"""Replay steps per try, and fresh tries, before sampling gives up (RuntimeError)."""
"""Random tries at a deal of a hand (or of everything) before the replay backs up."""


def _hand(seat: int) -> tuple:
    return ("hand", seat)


class _Table(Tokens):
    """The model, plus what the answers say.

    A "no" is a face each of the hand's cards cannot be (``never``). A "yes" is a *claim*:
    ``[cards, faces]``, one of those cards has one of those faces; it follows the cards
    wherever they go, is dropped once a card of it shows such a face, and is a
    contradiction once none of them can. Cards are dealt so that every claim holds."""

    def __init__(self, rng: random.Random, limit: Counter):
        super().__init__(rng, limit)
        self.names = frozenset(limit)
        about: dict = {}
        for name in self.names:
            colour, kind, _ = cardmod.parse(name)
            about.setdefault(("colour", colour), set()).add(name)
            about.setdefault(("ingredient", kind), set()).add(name)
        self.about = {key: frozenset(names) for key, names in about.items()}
        self.claims: list[list] = []

    def copy(self) -> _Table:
        """A copy to back up to, its claims naming the copy's own tokens."""
        other = super().copy()
        # The copy keeps each zone's tokens in order: map old tokens to new by position.
        new = {id(old): twin for key, zone in self.zones.items()
               for old, twin in zip(zone, other.zones[key], strict=True)}
        other.claims = [[[new[id(t)] for t in cards if id(t) in new], faces]
                        for cards, faces in self.claims]
        return other

    known_first = False

    def rank(self, token: Token, face: object) -> float:
        """A card seen leaving a hand is first one whose claims it makes true (the "yes" was
        about that very card), never the last card of a claim it cannot make true; another
        claim it cannot make true counts against it (more so the fewer cards that claim
        has left), but only as a preference, with random noise of the same size, so that a
        replay that backs up here may choose otherwise."""
        score = -WEIGHT if token.face == face else 0.0
        need = 0.0
        for cards, faces in self.claims:
            if any(t is token for t in cards):
                if face in faces:
                    score -= WEIGHT
                elif len(cards) == 1:
                    score += 1000
                else:
                    need = max(need, 1 / len(cards))
        return score + need + NOISE * self.rng.random()

    def take(self, key, face, top: bool = False) -> Token:
        """A card seen leaving ``key``, then the claims checked again."""
        token = super().take(key, face, top)
        self.check()  # the next card taken in the same move sees the claims as they are now
        return token

    def _resolve(self, hole, token: Token) -> None:
        super()._resolve(hole, token)
        twin = hole.twin  # ``token`` is gone: the stand-in is that card now
        for claim in self.claims:
            claim[0] = [twin if t is token else t for t in claim[0]]

    def check(self) -> None:
        """Drop the claims a known card makes true; a claim with one card left that can make
        it true makes that card one of its faces (which may leave other claims with one);
        a claim no card can make true is a contradiction."""
        claims = self.claims
        while True:
            open_claims = []
            forced = False
            for cards, faces in claims:
                if any(t.face in faces for t in cards if t.face is not None):
                    continue
                live = [t for t in cards if t.face is None and not faces <= t.never]
                if not live:
                    raise Contradiction
                if len(live) == 1 and not self.names - faces <= live[0].never:
                    live[0].never = live[0].never | (self.names - faces)
                    forced = True
                open_claims.append([live, faces])
            claims = open_claims
            if not forced:
                break
        self.claims = claims
        self._feasible()

    def _feasible(self) -> None:
        """Each hand's claims that lie wholly in it must hold together: a card can make two
        claims true only with a face both allow (a small exact search; contradiction if none)."""
        where = {id(t): key for key, zone in self.zones.items() for t in zone}
        by_zone: dict = {}
        for cards, faces in self.claims:
            keys = {where.get(id(t)) for t in cards}
            if len(keys) == 1:
                by_zone.setdefault(keys.pop(), []).append((cards, faces))
        for claims in by_zone.values():
            if len(claims) < 2:
                continue
            allowed = {id(t): self.names - t.never for cards, _ in claims for t in cards}
            budget = [SEARCH]
            if not _hit(sorted(claims, key=lambda c: len(c[0])), 0, allowed, budget):
                raise Contradiction

    def _assign(self, tokens: list[Token], faces: Counter) -> None:
        """Give ``tokens`` exactly the multiset ``faces`` (as :meth:`Tokens._assign`), with
        every claim that lies wholly among them made true: a few random tries, each giving
        every claim a card of its faces first, then the rest the most restricted first."""
        unknown, rest = self._unknown(tokens, faces)
        inside = {id(t) for t in unknown}
        claims = [c for c in self.claims if all(id(t) in inside for t in c[0])]
        for _ in range(TRIES):
            plan = self._plan(unknown, rest, claims)
            if plan is not None:
                break
        else:
            raise Contradiction
        for t in unknown:
            t.name(plan[id(t)])
        self._check(plan.values())
        self.check()

    def _plan(self, unknown: list[Token], rest: Counter, claims: list) -> dict | None:
        """One random try at faces for ``unknown`` (id -> face), or None."""
        pool = Counter(rest)
        plan: dict = {}
        for cards, wanted in sorted(claims, key=lambda c: self.rng.random()):
            if any(plan.get(id(t)) in wanted for t in cards):
                continue
            options = [(t, f) for t in cards if id(t) not in plan
                       for f in sorted(wanted) if pool[f] > 0 and f not in t.never]
            if not options:
                return None
            token, face = options[self.rng.randrange(len(options))]
            plan[id(token)] = face
            pool[face] -= 1
        left = sorted(pool.elements())
        self.rng.shuffle(left)
        for t in sorted((t for t in unknown if id(t) not in plan), key=lambda t: -len(t.never)):
            fits = [i for i, f in enumerate(left) if f not in t.never]
            if not fits:
                return None
            plan[id(t)] = left.pop(fits[self.rng.randrange(len(fits))])
        return plan

    def _settle_preferring(self, key: tuple, leaves: Callable[[Token], bool]) -> None:
        """Decide the open holes of ``key`` (cards that left it unseen), choosing first among
        the cards for which ``leaves`` is true (those the coming observation rules out)."""
        for hole in [h for h in self.holes if h.zone == key]:
            if hole not in self.holes:
                continue
            fits = [t for t in self.zone(key) if id(t) in hole.candidates and _fits(t, hole.twin)]
            if not fits:
                raise Contradiction
            pool = [t for t in fits if leaves(t)] or fits
            self._resolve(hole, pool[self.rng.randrange(len(pool))])

    def answer(self, seat: int, about: str, value: str, yes: bool) -> None:
        """``seat`` said ``yes`` (or no) to holding a card of this colour or type, now."""
        faces = self.about[(about, value)]
        key = _hand(seat)

        def may(t: Token) -> bool:  # possibly of that colour/type
            return t.face in faces if t.face is not None else not faces <= t.never

        if yes:
            self._settle_preferring(key, lambda t: not may(t))
            cards = list(self.zone(key))
            same = (f == faces and len(c) == len(cards) and all(a is b for a, b in zip(c, cards, strict=True))
                    for c, f in self.claims)
            if not any(same):  # the same answer again adds nothing
                self.claims.append([cards, faces])
            return
        self._settle_preferring(key, may)
        for t in self.zone(key):
            if t.face is not None:
                if t.face in faces:
                    raise Contradiction
            else:
                t.never = t.never | faces
                if self.names <= t.never:
                    raise Contradiction


def _hit(claims: list, index: int, allowed: dict, budget: list) -> bool:
    """Whether claims ``index``.. can each get a card of theirs with one of their faces, the
    cards' possible faces narrowed by the claims they already serve (True when the search
    runs out of ``budget``: no contradiction proven)."""
    if index == len(claims):
        return True
    budget[0] -= 1
    if budget[0] < 0:
        return True
    cards, faces = claims[index]
    if any(allowed[id(t)] <= faces for t in cards):
        return _hit(claims, index + 1, allowed, budget)
    for t in cards:
        before = allowed[id(t)]
        narrowed = before & faces
        if narrowed:
            allowed[id(t)] = narrowed
            if _hit(claims, index + 1, allowed, budget):
                allowed[id(t)] = before
                return True
            allowed[id(t)] = before
    return False


def _take(tokens: _Table, key: Hashable, entry: dict, field: str = "cards") -> None:
    """Cards of ``entry`` that left ``key`` face up, out of the model."""
    for name in entry[field]:
        tokens.take(key, name)


def _step(tokens: _Table, entry: dict, seat: int, players: int, deck: int) -> None:
    """Apply one entry of ``seat``'s log to ``tokens``."""
    kind = entry["kind"]
    actor = entry.get("actor")
    hand = _hand(actor) if actor is not None else None
    if kind == "deal":
        for s in range(players):
            if s == seat:
                tokens.put(_hand(s), entry["hand"])
            else:
                tokens.hidden(_hand(s), entry["size"])
        tokens.hidden(DECK, deck)
    elif kind == "draw":
        if "cards" in entry:
            for name in entry["cards"]:
                tokens.move(DECK, hand, name)
        else:
            tokens.move_unseen(DECK, hand, entry["count"])
    elif kind == "ask":
        for s, said in enumerate(entry["answers"]):
            if said is not None and s != seat:
                tokens.answer(s, entry["about"], entry["value"], said)
    elif kind == "play":
        tokens.take(hand, entry["card"])
    elif kind == "discard":
        _take(tokens, hand, entry)
    elif kind == "spell-discard":
        _take(tokens, hand if hand is not None else DECK, entry)
    elif kind == "binx":
        tokens.look(_hand(entry["target"]), entry["hand"])
    elif kind == "trick":
        if entry["trick"] == "burning-rain":
            _take(tokens, hand, entry)
        elif entry["trick"] == "daylight-savings":
            if "card" in entry:
                tokens.move(hand, SWAP, entry["card"])
            else:
                tokens.move_unseen(hand, SWAP)
    elif kind == "swap":  # the actor gave a card to the player who asked for the swap
        target = _hand(entry["target"])
        if "gave" in entry:
            tokens.move(hand, target, entry["gave"])
            tokens.move(SWAP, hand, entry["got"], top=True)
        else:
            tokens.move_unseen(hand, target)
            tokens.move_unseen(SWAP, hand, top=True)
    elif kind == "round":
        tokens.put(DECK, entry["cards"])


def _passes(tokens: _Table, entries: list[dict]) -> None:
    """Come Little Children: every card leaves its hand before any arrives."""
    for entry in entries:
        giver, held = _hand(entry["actor"]), ("passing", entry["target"])
        if "card" in entry:
            tokens.move(giver, held, entry["card"])
        else:
            tokens.move_unseen(giver, held)
    for entry in entries:
        tokens.move_unseen(("passing", entry["target"]), _hand(entry["target"]), top=True)


def _checked(apply: Callable[[_Table], None]) -> Callable[[_Table], None]:
    """A replay step: one observation applied, then the model checked for a world left."""
    def step(tokens: _Table) -> None:
        apply(tokens)
        tokens.check()
    return step


def _steps(entries: list[dict], seat: int, players: int, deck: int) -> list[Callable]:
    """One replay step per entry, the passes of one Spell together."""
    steps: list[Callable] = []
    index = 0
    while index < len(entries):
        entry = entries[index]
        if entry["kind"] == "pass":
            group = []
            while index < len(entries) and entries[index]["kind"] == "pass":
                group.append(entries[index])
                index += 1
            steps.append(_checked(partial(_passes, entries=group)))
            continue
        steps.append(_checked(partial(_step, entry=entry, seat=seat, players=players, deck=deck)))
        index += 1
    return steps


def sample_state(state, seat: int, rng: random.Random):
    """A copy of ``state`` with every card ``seat`` has not seen dealt anew, consistently
    with its whole log; its log keeps only public and ``seat``'s own entries."""
    players = state.players
    every = Counter(cardmod.build_deck(state.options["symbols"]))
    entries = [entry for _, entry in seen_events(state.log.events, seat)]
    size = entries[0]["size"]
    public = Counter([*state.discard, *state.removed, *(c for pile in state.piles for c in pile)])
    total = every - public
    order = [_hand(s) for s in range(players)] + [SWAP, DECK]

    dealt: dict[Hashable, list] = {}

    def deal(tokens: Tokens) -> None:  # the last step: a finished replay ends with this deal
        dealt.update(tokens.deal(total, order))

    steps = _steps(entries, seat, players, sum(every.values()) - players * size)
    for restart in range(RESTARTS):
        try:
            sample_world(_Table(rng, every), [*steps, deal], budget=BUDGET)
            break
        except RuntimeError:
            if restart == RESTARTS - 1:
                raise
    other = state.copy()
    for s in range(players):
        other.hands[s] = sorted(dealt[_hand(s)])
    if state.swap is not None:
        other.swap[1] = dealt[SWAP][0]
    other.deck = shuffled(rng, dealt[DECK])
    other.spell_deck = shuffled(rng, sorted(state.spell_deck))
    other.rng = random.Random(rng.getrandbits(64))
    other.log = redacted_log(state.log, seat)
    return other
