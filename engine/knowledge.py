"""What one seat knows about hidden cards, and deals consistent with it.

``Game.sample`` needs a deal of every card a seat has not seen that agrees with all it
has seen: a hand a Book showed, the cards it put into its own Hex pile, the Library top a
Crystal Ball showed. A game's sampler replays the seat's own log (only what that seat
saw) into a :class:`Tokens` model and reads a deal off it.

The model is a set of zones holding card *tokens*. A token's face is known once the seat
has seen it, else unknown (possibly with faces it cannot be). Moves the seat watched say
which face left a zone. A card that left a zone unseen (a random draw, another player's
choice) leaves a *hole* there: which of the zone's cards it was is decided only when it
must be, at a later look at that zone or at the deal, among the cards that were there at
the time, so later observations steer the choice instead of contradicting it; the card
itself travels on as a stand-in token that takes the chosen card's face. A look at a
whole zone fixes its unknown tokens' faces. Should the random choices still clash with a
later observation, the replay backs up and redraws (:func:`sample_world`), so a finished
model is a world the seat cannot rule out. Unknown tokens finally get the cards nobody
has pinned down, shuffled.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Self

from .core import EventLog


class Contradiction(Exception):
    """This replay's random choices contradict a later observation: draw again."""


class Token:
    """One card: its face when the seat knows it, else ``None``; faces it cannot be; and,
    for a stand-in, the hole it came out of (its source not yet decided)."""

    __slots__ = ("face", "group", "hole", "never")

    def __init__(self, face: Any = None, never: frozenset = frozenset()):
        self.face = face
        self.never = never
        self.hole: Hole | None = None
        self.group: Counter | None = None  # the faces still open among its group's cards

    def name(self, face: Any) -> None:
        """The seat now knows this card is ``face``."""
        if self.face is None and self.group is not None:
            if self.group[face] <= 0:
                raise Contradiction
            self.group[face] -= 1
        self.face = face

    def allows(self, face: Any) -> bool:
        """Whether this card may be ``face``: its known face, or one not ruled out."""
        return self.face == face if self.face is not None else face not in self.never


class Hole:
    """A card that left ``zone`` unseen: one of ``candidates`` (ids of the tokens there
    then); ``twin`` is the stand-in token that carries it on."""

    __slots__ = ("candidates", "twin", "zone")

    def __init__(self, zone: Hashable, candidates: set, twin: Token):
        self.zone = zone
        self.candidates = candidates
        self.twin = twin


def _fits(token: Token, twin: Token) -> bool:
    """May ``token`` be the card ``twin`` stands in for?"""
    if token.face is not None:
        return twin.allows(token.face)
    return twin.face is None or token.allows(twin.face)


class Tokens:
    """Zones of tokens as one seat knows them (see the module docstring).

    Cards whose faces together are known but not one by one (a reshuffled Library) are a
    *group* (:meth:`grouped`): naming one takes its face from the group's.

    >>> t = Tokens(random.Random(1))
    >>> t.hidden("hand", 2); t.put("hand", ["owl"])
    >>> played = t.take("hand", "mirror")  # it played a Mirror: an unknown card was that
    >>> sorted(t.deal(Counter(owl=1, bell=1), ["hand"])["hand"])  # what the hand holds now
    ['bell', 'owl']
    """

    def __init__(self, rng: random.Random, limit: Counter | None = None):
        self.rng = rng
        self.zones: dict[Hashable, list[Token]] = {}
        self.holes: list[Hole] = []
        # With ``limit`` (every copy of each face), cards taken out (in play) are counted
        # until put back, so a face is never known more often than it exists.
        self.limit = limit
        self.table: Counter = Counter()

    def copy(self) -> Self:
        """An independent copy (the generator shared), for backtracking."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        new: dict[int, Token] = {}
        pairs = []
        groups: dict[int, Counter] = {}

        def cp(token: Token) -> Token:
            twin = new.get(id(token))
            if twin is None:
                twin = new[id(token)] = Token(token.face, token.never)
                pairs.append((token, twin))
                if token.group is not None:
                    group = groups.get(id(token.group))
                    if group is None:
                        group = groups[id(token.group)] = Counter(token.group)
                    twin.group = group
            return twin

        other.zones = {key: [cp(t) for t in zone] for key, zone in self.zones.items()}
        holes = {}
        for hole in self.holes:
            holes[id(hole)] = Hole(hole.zone, set(), cp(hole.twin))
        for hole in self.holes:
            holes[id(hole)].candidates = {id(new[i]) for i in hole.candidates if i in new}
        for old, twin in pairs:
            if old.hole is not None:
                twin.hole = holes[id(old.hole)]
        other.holes = list(holes.values())
        other.table = Counter(self.table)
        return other

    def _check(self, faces: Iterable) -> None:
        if self.limit is None:
            return
        for face in set(faces):
            # A stand-in that left with its source still open may be counted twice (as
            # itself in play and as a known card of its source): count it once at most.
            known = self.table[face] + sum(t.face == face and t.hole is None
                                           for zone in self.zones.values() for t in zone)
            known -= sum(h.twin.face == face for h in self.holes)
            if known > self.limit[face]:
                raise Contradiction

    def zone(self, key: Hashable) -> list[Token]:
        """The tokens at ``key`` (an empty zone made on first use: any key names a place)."""
        zone = self.zones.get(key)
        if zone is None:
            zone = self.zones[key] = []
        return zone

    def size(self, key: Hashable) -> int:
        """How many cards ``key`` really holds (tokens less the holes still open there)."""
        return len(self.zones.get(key, ())) - sum(h.zone == key for h in self.holes)

    # -- cards arriving
    def put(self, key: Hashable, faces: Iterable) -> None:
        """Cards the seat saw arrive (face up, from its own hand, named in the log)."""
        faces = list(faces)
        for face in faces:
            if self.table[face] > 0:
                self.table[face] -= 1
        self.zone(key).extend(Token(face) for face in faces)

    def hidden(self, key: Hashable, count: int) -> None:
        """``count`` cards the seat has not seen."""
        self.zone(key).extend(Token() for _ in range(count))

    def grouped(self, key: Hashable, faces: Iterable) -> None:
        """Cards the seat knows the faces of together but not in which order (shuffled)."""
        group = Counter(faces)
        for _ in range(sum(group.values())):
            token = Token()
            token.group = group
            self.zone(key).append(token)

    # -- cards leaving
    def take(self, key: Hashable, face: Any, top: bool = False) -> Token:
        """A card of ``face`` left ``key`` where the seat saw it (or the top card, ``top``).

        A token already known to be that face goes first (the remaining world then
        includes the one where an unknown card was that face too), else a random unknown.
        """
        zone = self.zone(key)
        if top:
            if not zone or not zone[-1].allows(face):
                raise Contradiction
            token = zone[-1]
        else:
            known = [t for t in zone if t.face == face]
            unknown = [t for t in zone if t.face is None and face not in t.never]
            if not self.known_first:
                unknown, known = known + unknown, []
            self.rng.shuffle(unknown)  # a stand-in or a plain unknown card: either may be it
            unknown.sort(key=lambda t: self.rank(t, face))
            for token in known + unknown:
                if self._spare(key, token):
                    break
            else:
                raise Contradiction
        self._remove(key, token)
        fresh = token.face is None
        token.name(face)
        if self.limit is not None:
            self.table[face] += 1
            if fresh:
                self._check((face,))
        return token

    known_first = True
    """Whether a card seen leaving a zone is one already known to be that face when there is
    one (cards alike but for their face are interchangeable); a game whose observations
    tell cards apart otherwise (an answer about the hand at one moment) ranks all of them."""

    def rank(self, token: Token, face: Any) -> Any:
        """Which unknown card a seen ``face`` is taken from first (lowest rank first, ties in
        random order); a game whose observations tie cards to faces (an answer that one of
        these cards is blue) ranks the card that face explains first."""
        return 0

    def _spare(self, key: Hashable, token: Token) -> bool:
        """Can ``token`` leave ``key`` and every open hole there still find a card?"""
        holes = [h for h in self.holes if h.zone == key]
        if not holes:
            return True
        rest = [t for t in self.zone(key) if t is not token]
        return len(rest) >= len(holes) and all(
            any(id(t) in h.candidates and _fits(t, h.twin) for t in rest) for h in holes)

    def _remove(self, key: Hashable, token: Token) -> None:
        zone = self.zone(key)
        for index, t in enumerate(zone):
            if t is token:
                del zone[index]
                break
        for hole in self.holes:
            hole.candidates.discard(id(token))

    def move(self, src: Hashable, dst: Hashable, face: Any, top: bool = False) -> None:
        """A card of ``face`` the seat saw go from ``src`` to ``dst`` (``top``: the top card)."""
        token = self.take(src, face, top)
        if self.limit is not None:
            self.table[face] -= 1
        self.zone(dst).append(token)

    def move_unseen(self, src: Hashable, dst: Hashable, count: int = 1,
                    never: frozenset = frozenset(), top: bool = False) -> None:
        """``count`` cards the seat did not see go from ``src`` to ``dst``: the top ones
        (``top``), or any (a hole each), none of a face in ``never``."""
        zone = self.zone(src)
        for _ in range(count):
            if top:
                if not zone or zone[-1].face in never:
                    raise Contradiction
                token = zone.pop()
                if token.face is None:
                    token.never = token.never | never
                self.zone(dst).append(token)
                continue
            if self.size(src) < 1:
                raise Contradiction
            twin = Token(None, never)
            twin.hole = Hole(src, {id(t) for t in zone}, twin)
            self.holes.append(twin.hole)
            self.zone(dst).append(twin)

    def move_all(self, src: Hashable, dst: Hashable) -> None:
        """Every card of ``src`` goes to ``dst`` (its open holes settled first)."""
        self._settle(src)
        self.zone(dst).extend(self.zones.pop(src, []))

    def swap(self, a: Hashable, b: Hashable) -> None:
        """Zones ``a`` and ``b`` trade places, their open holes with them."""
        self.zones[a], self.zones[b] = self.zone(b), self.zone(a)
        for hole in self.holes:
            hole.zone = b if hole.zone == a else a if hole.zone == b else hole.zone

    def shuffle(self, key: Hashable, last: int | None = None) -> None:
        """Put ``key`` (or only its last ``last`` tokens) in a random order."""
        self._settle(key)
        zone = self.zone(key)
        start = 0 if last is None else len(zone) - last
        part = zone[start:]
        self.rng.shuffle(part)
        zone[start:] = part

    # -- holes
    def _resolve(self, hole: Hole, token: Token) -> None:
        """Decide that ``token`` (in the hole's zone) is the card that left unseen."""
        twin = hole.twin
        if not _fits(token, twin):
            raise Contradiction
        self.holes.remove(hole)
        self._remove(hole.zone, token)
        twin.face = token.face if token.face is not None else twin.face
        twin.never = twin.never | token.never
        if twin.face is not None and twin.face in twin.never:
            raise Contradiction
        twin.hole = token.hole  # a stand-in chosen: its own source is still open
        if token.hole is not None:
            token.hole.twin = twin
        for other in self.holes:
            if other.zone == hole.zone and not any(
                    id(t) in other.candidates for t in self.zone(hole.zone)):
                raise Contradiction

    def _settle(self, key: Hashable | None = None) -> None:
        """Decide every open hole (of ``key``, or all) at random among what fits."""
        for hole in [h for h in self.holes if key is None or h.zone == key]:
            if hole not in self.holes:
                continue
            fits = [t for t in self.zone(hole.zone) if id(t) in hole.candidates and _fits(t, hole.twin)]
            if not fits:
                raise Contradiction
            self._resolve(hole, fits[self.rng.randrange(len(fits))])

    # -- looking
    def look(self, key: Hashable, faces: Iterable) -> None:
        """The seat saw the whole of ``key``: exactly ``faces`` (any order)."""
        faces = Counter(faces)
        holes = [h for h in self.holes if h.zone == key]
        if holes:
            self._fill_holes(key, holes, faces)
        self._assign(self.zone(key), faces)

    def _fill_holes(self, key: Hashable, holes: list[Hole], faces: Counter) -> None:
        """Decide ``key``'s open holes so that what stays can be ``faces``: known cards the
        look did not show must be among those that left."""
        zone = self.zone(key)
        for _ in range(20):
            excess = Counter(t.face for t in zone if t.face is not None)
            excess.subtract(faces)
            pairs: list[tuple[Hole, Token]] = []
            taken: set[int] = set()
            for hole in sorted(holes, key=lambda h: self.rng.random()):
                fits = [t for t in zone if id(t) in hole.candidates and id(t) not in taken
                        and _fits(t, hole.twin)]
                must = [t for t in fits if t.face is not None and excess[t.face] > 0]
                pool = must or fits
                if not pool:
                    break
                token = pool[self.rng.randrange(len(pool))]
                taken.add(id(token))
                pairs.append((hole, token))
                if token.face is not None:
                    excess[token.face] -= 1
            else:
                if all(v <= 0 for v in excess.values()):
                    for hole, token in pairs:
                        self._resolve(hole, token)
                    return
        raise Contradiction

    def see_top(self, key: Hashable, faces: list) -> None:
        """The seat saw the top cards of an ordered zone, top first."""
        zone = self.zone(key)
        if len(faces) > len(zone):
            raise Contradiction
        for depth, face in enumerate(faces, 1):
            token = zone[-depth]
            if not token.allows(face):
                raise Contradiction
            token.name(face)
        self._check(faces)

    @staticmethod
    def _unknown(tokens: list[Token], faces: Counter) -> tuple[list[Token], Counter]:
        """The ``tokens`` whose face is not known, and the faces ``faces`` leaves them once
        the known ones are counted out (Contradiction when the known ones do not fit)."""
        if len(tokens) != sum(faces.values()):
            raise Contradiction
        rest = Counter(faces)
        unknown = []
        for token in tokens:
            if token.face is None:
                unknown.append(token)
            elif rest[token.face] > 0:
                rest[token.face] -= 1
            else:
                raise Contradiction
        return unknown, rest

    def _assign(self, tokens: list[Token], faces: Counter) -> None:
        """Give ``tokens`` exactly the multiset ``faces``: known ones must fit, unknown ones
        get the rest in a random order that respects what each cannot be."""
        unknown, rest = self._unknown(tokens, faces)
        pool = sorted(rest.elements(), key=repr)
        self.rng.shuffle(pool)
        for index, token in enumerate(unknown):
            face = pool[index]
            if face in token.never:  # repair by one swap with a token that may take it
                for other, theirs in enumerate(pool):
                    if theirs not in token.never and face not in unknown[other].never:
                        pool[index], pool[other] = theirs, face
                        break
                else:
                    raise Contradiction
        for token, face in zip(unknown, pool, strict=True):
            token.name(face)
        self._check(pool)

    # -- the deal
    def deal(self, total: Counter, order: Iterable[Hashable]) -> dict[Hashable, list]:
        """Faces for every zone: ``total`` is every card the model's zones hold together.

        Unknown tokens get what ``total`` leaves once the known faces are counted, at random
        (zones in ``order`` first, so the rng use does not depend on dict order).
        """
        self._settle()
        keys = list(order) + sorted((k for k in self.zones if k not in set(order)), key=repr)
        tokens = [t for key in keys for t in self.zones.get(key, ())]
        groups: dict[int, tuple[Counter, list[Token]]] = {}
        for token in tokens:
            if token.face is None and token.group is not None:
                groups.setdefault(id(token.group), (token.group, []))[1].append(token)
        for group, members in groups.values():
            faces = Counter(+group)
            for token in members:
                token.group = None
            self._assign(members, faces)
        self._assign(tokens, total)
        return {key: [t.face for t in self.zones.get(key, ())] for key in keys}


def sample_world(model: Tokens, steps: Sequence[Callable[[Tokens], None]], budget: int = 50_000) -> Tokens:
    """Apply ``steps`` (one per observation) to ``model``, redrawing random picks that a
    later observation contradicts, and return the finished model.

    A randomised backtracking search: a contradiction at step ``i`` restarts from the
    snapshot a step back, further back (doubling every 16 failures) while contradictions
    pile up at the same step. The true world
    is consistent, so a finished model exists; running out of ``budget`` steps means a
    bug in the sampler, not bad luck.
    """
    every = 8  # a snapshot every few steps: copying the model is most of the cost
    snapshots = {0: model.copy()}
    index = frontier = fails = work = 0
    while index < len(steps):
        work += 1
        if work > budget:
            raise RuntimeError(f"no deal consistent with the seat's observations after {budget} steps")
        try:
            steps[index](model)
        except Contradiction:
            if index > frontier:
                frontier, fails = index, 0
            fails += 1
            back = max(0, index - (1 << min(fails // 16, 30)))
            index = back - back % every
            for key in [k for k in snapshots if k > index]:
                del snapshots[key]
            model = snapshots[index].copy()
            continue
        index += 1
        if index % every == 0:
            snapshots[index] = model.copy()
    return model


def seen_events(events: list, seat: int) -> list[tuple[int, dict]]:
    """``(index, entry)`` for each logged event as ``seat`` saw it (its private version
    merged over the public one), unnarrated: the sampler's only source besides the view."""
    out = []
    for index, (public, private) in enumerate(events):
        entry = public
        if private is not None and seat in private:
            entry = dict(public or {}, **private[seat]) if public else private[seat]
        if entry is not None:
            out.append((index, entry))
    return out


def redacted_log(log: EventLog, seat: int) -> EventLog:
    """The log as it may exist in a game sampled for ``seat``: public parts and ``seat``'s
    own private parts; every other seat's private entries (real hidden cards) dropped."""
    out = EventLog()
    for public, private in log.events:
        if private is not None:
            private = {seat: private[seat]} if seat in private else None
        out.events.append((public, private))
    return out
