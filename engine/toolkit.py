"""What every game used to write by hand, declared as data and checked once here.

A game declares its actions' fields (:class:`ActionFormat`), which actions each phase
allows (:class:`PhaseTable`) and which of its attributes are mutable containers
(``State.mutable``, used by :func:`copy_state`); it shuffles with :func:`shuffled` and
re-deals hidden cards with :func:`redeal`. The core runs the format and phase checks
before a game's own ``check`` sees an action, so every game refuses malformed input the
same way (rule ``core/action-format``) and its ``check`` tests only its own rules.

Only the standard library, and no import of :mod:`.core` (which builds on this).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .rules import IllegalAction, brief

FORMAT = "core/action-format"
ABSENT: Any = object()
"""A field's value when the action leaves it out."""
LISTED = 12
"""Sets of allowed values up to this size are listed in full in a refusal."""


def _bound(value: int | Callable[[Any], int], state: Any) -> int:
    return value(state) if callable(value) else value


def _some(values: Sequence[str], most: int = LISTED) -> str:
    """``values`` joined with commas, or the first few and how many more."""
    if len(values) <= most:
        return ", ".join(values)
    return f"{', '.join(values[:4])} and {len(values) - 4} more"


# --------------------------------------------------------------------------- fields


class Field:
    """One declared field of an action: what values it takes, and its default.

    ``check`` returns the value in normal form or raises ``IllegalAction`` saying what
    the field allows. A field with a ``default`` may be left out (it is then filled in);
    an ``optional`` one may be left out or be ``null`` (it is then left out).
    """

    def __init__(self, *, default: Any = ABSENT, optional: bool = False):
        self.default = default
        self.optional = optional

    def allowed(self, state: Any) -> str:
        """What the field takes, in words ("a seat from 0 to 2")."""
        raise NotImplementedError

    def valid(self, value: Any, state: Any) -> bool:
        """Whether ``value`` fits the field now (``state`` bounds seats, counts): ``check`` refuses it."""
        raise NotImplementedError

    def check(self, name: str, value: Any, state: Any) -> Any:
        """The value as the action keeps it, or IllegalAction saying what the field takes instead."""
        if not self.valid(value, state):
            raise IllegalAction(FORMAT, f"{name!r} must be {self.allowed(state)}, not {brief(value)}.")
        return value


def _is_int(value: Any) -> bool:
    return type(value) is int  # never a bool (True is an int to Python) nor a float


class Seat(Field):
    """A seat number, ``0`` to ``players - 1``.

    >>> class S: players = 3
    >>> Seat().check("target", 2, S())
    2
    >>> try:
    ...     Seat().check("target", 7, S())
    ... except IllegalAction as err:
    ...     print(err.message)
    'target' must be a seat from 0 to 2, not 7.
    """

    def allowed(self, state: Any) -> str:
        return f"a seat from 0 to {state.players - 1}"

    def valid(self, value: Any, state: Any) -> bool:
        return _is_int(value) and 0 <= value < state.players


class Count(Field):
    """A whole number from ``low`` to ``high`` (either may depend on the state: a callable).

    Where the range is itself a rule of the game (draw 2 to 5 cards), ``rule`` names it:
    a whole number outside the range is then refused by that rule, so the player (and the
    explorer) learn which rule it breaks; anything else is still ``core/action-format``.

    >>> try:
    ...     Count(1, 60, what="how many cards").check("count", True, None)
    ... except IllegalAction as err:
    ...     print(err.message)
    'count' must be how many cards, a whole number from 1 to 60, not True.
    >>> from .rules import Rule, RuleBook
    >>> class S: rules = RuleBook([Rule("demo/draw", "", "draw 2 to 5 cards")])
    >>> try:
    ...     Count(2, 5, rule="demo/draw").check("count", 6, S())
    ... except IllegalAction as err:
    ...     print(err.rule, err.message)
    demo/draw 'count' must be a whole number from 2 to 5, not 6.
    """

    def __init__(self, low: int | Callable[[Any], int], high: int | Callable[[Any], int], *,
                 what: str = "", rule: str = "", **kwargs: Any):
        super().__init__(**kwargs)
        self.low, self.high, self.what, self.rule = low, high, what, rule

    def check(self, name: str, value: Any, state: Any) -> Any:
        """The number, or a refusal: by ``rule`` when only the range is wrong."""
        if self.valid(value, state):
            return value
        if self.rule and _is_int(value):
            raise state.rules.illegal(self.rule, f"{name!r} must be {self.allowed(state)}, not {value}.")
        return super().check(name, value, state)

    def allowed(self, state: Any) -> str:
        text = f"a whole number from {_bound(self.low, state)} to {_bound(self.high, state)}"
        return f"{self.what}, {text}" if self.what else text

    def valid(self, value: Any, state: Any) -> bool:
        return _is_int(value) and _bound(self.low, state) <= value <= _bound(self.high, state)


class Flag(Field):
    """``true`` or ``false``.

    >>> try:
    ...     Flag(default=False).check("candle", 1, None)
    ... except IllegalAction as err:
    ...     print(err.message)
    'candle' must be true or false, not 1.
    """

    def allowed(self, state: Any) -> str:
        return "true or false"

    def valid(self, value: Any, state: Any) -> bool:
        return type(value) is bool


class OneOf(Field):
    """One of a fixed set of values (strings, say).

    >>> try:
    ...     OneOf(("hand", "grimoire")).check("from", "pocket", None)
    ... except IllegalAction as err:
    ...     print(err.message)
    'from' must be one of "hand", "grimoire", not 'pocket'.
    """

    def __init__(self, values: Sequence[Any], **kwargs: Any):
        super().__init__(**kwargs)
        self.values = tuple(values)
        self._set = frozenset(self.values)
        self._types = frozenset(type(v) for v in self.values)

    def allowed(self, state: Any) -> str:
        quoted = [f'"{v}"' if isinstance(v, str) else repr(v) for v in self.values]
        return f"one of {_some(quoted)}"

    def valid(self, value: Any, state: Any) -> bool:
        return type(value) in self._types and value in self._set


class Card(Field):
    """The name of a card of this game: ``cards`` is the set of names, or a callable
    giving it for a state (a game whose card set depends on its options).

    >>> try:
    ...     Card(("bell", "skull")).check("card", "dragon", None)
    ... except IllegalAction as err:
    ...     print(err.message)
    'card' must be a card name (bell, skull), not 'dragon'.
    """

    def __init__(self, cards: Collection[str] | Callable[[Any], Collection[str]], *,
                 where: str = "", **kwargs: Any):
        super().__init__(**kwargs)
        self.cards = cards
        self.where = where  # where a player finds all the names, when there are many

    def names(self, state: Any) -> Collection[str]:
        """The card names allowed now (a game may list them per state), so checks and messages agree."""
        return self.cards(state) if callable(self.cards) else self.cards

    def allowed(self, state: Any) -> str:
        names = list(self.names(state))
        if len(names) <= LISTED or not self.where:
            return f"a card name ({_some(names)})"
        return f"a card of this game (such as {', '.join(names[:4])}; {self.where})"

    def valid(self, value: Any, state: Any) -> bool:
        return type(value) is str and value in self.names(state)


class Cards(Card):
    """A list of card names (each as :class:`Card` takes it), at most ``most`` long.

    >>> try:
    ...     Cards(("bell", "skull"), most=2).check("cards", ["bell", 3], None)
    ... except IllegalAction as err:
    ...     print(err.message)
    'cards' must be a list of at most 2 card names (bell, skull), not ['bell', 3].
    """

    def __init__(self, cards: Collection[str] | Callable[[Any], Collection[str]], *,
                 most: int | Callable[[Any], int], **kwargs: Any):
        super().__init__(cards, **kwargs)
        self.most = most

    def allowed(self, state: Any) -> str:
        names = super().allowed(state).replace("a card name", "card names", 1)
        return f"a list of at most {_bound(self.most, state)} {names.replace('a card', 'cards', 1)}"

    def valid(self, value: Any, state: Any) -> bool:
        if not isinstance(value, list) or len(value) > _bound(self.most, state):
            return False
        names = self.names(state)
        return all(type(v) is str and v in names for v in value)

    def check(self, name: str, value: Any, state: Any) -> Any:
        return list(super().check(name, value, state))


class ActionFormat:
    """Every action type of one game and its declared fields, checked in one place.

    ``order[type]`` lists a type's fields in their declared order (what
    :class:`~.core.ActionCache` keys its actions by).

    >>> class S: players = 2
    >>> fmt = ActionFormat("Demo", {"take": {}, "hit": {"target": Seat(), "hard": Flag(default=False)}})
    >>> fmt.normalise({"type": "hit", "target": 1}, S())
    {'type': 'hit', 'target': 1, 'hard': False}
    >>> try:
    ...     fmt.normalise({"type": "hit", "target": 1, 3: "x"}, S())
    ... except IllegalAction as err:
    ...     print(err.message)
    A 'hit' action has no field(s) 3; its fields are: target, hard.
    >>> try:
    ...     fmt.normalise({"type": "jump"}, S())
    ... except IllegalAction as err:
    ...     print(err.message)
    Unknown action type 'jump'; Demo's are: take, hit.
    """

    def __init__(self, game: str, types: Mapping[str, Mapping[str, Field]]):
        self.game = game
        self.types = {kind: dict(fields) for kind, fields in types.items()}
        self.order = {kind: tuple(fields) for kind, fields in self.types.items()}

    def normalise(self, action: Any, state: Any) -> dict:
        """``action`` with each field checked and in normal form (defaults filled in)."""
        if not isinstance(action, dict) or type(action.get("type")) is not str:
            raise IllegalAction(FORMAT, f"An action must be an object with a 'type' field, got "
                                        f"{brief(action)}.")
        kind = action["type"]
        fields = self.types.get(kind)
        if fields is None:
            raise IllegalAction(FORMAT, f"Unknown action type {brief(kind)}; {self.game}'s are: "
                                        f"{', '.join(self.types)}.")
        if len(action) > len(fields) + 1 or any(k != "type" and k not in fields for k in action):
            extra = sorted(brief(k) if type(k) is not str else k
                           for k in action if k != "type" and k not in fields)
            raise IllegalAction(FORMAT, f"A {kind!r} action has no field(s) {_some(extra, 5)}; "
                                        f"its fields are: {', '.join(fields) or 'none'}.")
        normal = {"type": kind}
        for name, spec in fields.items():
            value = action.get(name, ABSENT)
            if value is ABSENT or (value is None and spec.optional):
                if spec.default is not ABSENT:
                    normal[name] = spec.default
                elif not spec.optional:
                    raise IllegalAction(FORMAT, f"A {kind!r} action needs a {name!r} field: "
                                                f"{spec.allowed(state)}.")
                continue
            normal[name] = spec.check(name, value, state)
        return normal


# --------------------------------------------------------------------------- phases


@dataclass(frozen=True)
class Phase:
    """What a phase allows: its action types, and the refusal of any other ("not now").

    ``message`` may use ``{kind}`` (the type tried) and ``{waiting}`` (the phase's
    ``waiting``: what the table waits for).
    """

    actions: tuple[str, ...]
    rule: str = ""
    message: str = ""
    waiting: str = ""


class PhaseTable:
    """Phase -> allowed action types, and which rule refuses the others (boardgame.io style).

    A refusal is looked up by ``(phase, type)``, then the phase's own ``rule``, then the
    type tried: some games word "not now" by what the table waits for, some by what was
    tried (``refusals`` must then cover every type a phase without a rule refuses).
    ``key(state, seat)`` names the phase (default: ``state.phase``), so a game may split
    one phase by a detail (who must refill first, where a card is picked from).

    >>> table = PhaseTable({"turn": Phase(("hit",), "demo/turn", "Hit now, not {kind}."),
    ...                     "block": Phase(("block",), "demo/block", "Block {waiting}.", "the hit")})
    >>> class S: phase = "block"
    >>> table.refusal(S(), 0, "hit")
    ('demo/block', 'Block the hit.')
    >>> table.refusal(S(), 0, "block") is None
    True
    """

    def __init__(self, phases: Mapping[str, Phase],
                 refusals: Mapping[str | tuple[str, str], tuple[str, str]] | None = None,
                 key: Callable[[Any, int], str] | None = None):
        self.phases = dict(phases)
        self.refusals = dict(refusals or {})
        self.key = key
        self._allowed = {name: frozenset(phase.actions) for name, phase in self.phases.items()}

    def phase_of(self, state: Any, seat: int) -> str:
        """The phase that decides what ``seat`` may do (the game's key, else ``state.phase``)."""
        return self.key(state, seat) if self.key is not None else state.phase

    def refusal(self, state: Any, seat: int, kind: str) -> tuple[str, str] | None:
        """``(rule id, message)`` refusing ``kind`` now, or None when the phase allows it."""
        name = self.phase_of(state, seat)
        allowed = self._allowed.get(name)
        if allowed is not None and kind in allowed:
            return None
        phase = self.phases.get(name, Phase(()))
        rule, message = (self.refusals.get((name, kind)) or (phase.rule and (phase.rule, phase.message))
                         or self.refusals[kind])
        return rule, message.format(kind=kind, waiting=phase.waiting or "it is not the time")

    def check(self, state: Any, seat: int, kind: str) -> None:
        """Refuse an action type the phase does not allow, naming the game's rule for it."""
        refused = self.refusal(state, seat, kind)
        if refused is not None:
            raise state.rules.illegal(*refused)


# --------------------------------------------------------------------------- chance


def shuffled(rng: random.Random, items: Sequence) -> list:
    """A uniformly random ordering of ``items`` drawn from ``rng``: every shuffle of a game.

    One ``rng.random()`` per item and a sort: several times faster than
    ``rng.shuffle`` in pure Python, and as deterministic on every interpreter.

    >>> shuffled(random.Random(1), "abcde") == shuffled(random.Random(1), "abcde")
    True
    """
    keys = [rng.random() for _ in items]
    return [items[i] for i in sorted(range(len(items)), key=keys.__getitem__)]


def redeal(rng: random.Random, zones: Sequence[list]) -> None:
    """Deal the cards of hidden ``zones`` (lists of cards) afresh among them, in place.

    Each zone keeps its size; which card lands where is uniformly random (one
    :func:`shuffled` of them all), so a sampled game keeps all that is public.

    >>> zones = [["a", "b"], [], ["c"]]
    >>> redeal(random.Random(3), zones)
    >>> [len(z) for z in zones], sorted(c for z in zones for c in z)
    ([2, 0, 1], ['a', 'b', 'c'])
    """
    pool = shuffled(rng, [card for zone in zones for card in zone])
    pos = 0
    for zone in zones:
        size = len(zone)
        zone[:] = pool[pos:pos + size]
        pos += size


def redeal_counts(rng: random.Random, zones: Sequence[list[int]], lists: Sequence[list] = ()) -> None:
    """:func:`redeal` for zones held as counts per card type (``zone[t]`` cards of type
    ``t``), together with ``lists``: zones held as lists of type indexes.

    >>> counts, cards = [[2, 0], [0, 1]], [[1]]
    >>> redeal_counts(random.Random(1), counts, cards)
    >>> [sum(z) for z in counts], len(cards[0]), sum(z[1] for z in counts) + cards[0].count(1)
    ([2, 1], 1, 2)
    """
    dealt = [[t for t, n in enumerate(zone) for _ in range(n)] for zone in zones]
    redeal(rng, [*dealt, *lists])
    for zone, cards in zip(zones, dealt, strict=True):
        zone[:] = [0] * len(zone)
        for card in cards:
            zone[card] += 1


# --------------------------------------------------------------------------- copying


def copy_state(state: Any, mutable: Mapping[str, int]) -> Any:
    """A copy of ``state`` sharing nothing mutable: the attributes ``mutable`` names
    are copied ``depth`` levels deep (1: the container, 2: it and the containers in it);
    everything else is immutable or shared on purpose (options, a deck table).

    A value without a ``copy`` method (None, a tuple, a string) is immutable and shared.

    >>> class S: pass
    >>> s = S(); s.hands = [[1], [2]]; s.turn = 3
    >>> c = copy_state(s, {"hands": 2})
    >>> c.hands == s.hands and c.hands[0] is not s.hands[0] and c.turn == 3
    True
    """
    other = object.__new__(type(state))
    values = dict(state.__dict__)
    for name, depth in mutable.items():
        value = values[name]
        if depth >= 2 and value is not None:
            values[name] = [inner.copy() if hasattr(inner, "copy") else inner for inner in value]
        elif hasattr(value, "copy"):
            values[name] = value.copy()
    other.__dict__.update(values)
    return other


# --------------------------------------------------------------------------- moments


class Now(Count):
    """A field naming the moment an action answers (a round, a turn number), which must be
    the state's ``attr`` now: in a race a call can arrive late or twice, and one naming a
    past moment is refused by the game's ``rule`` instead of counting in the present one
    (boardgame.io refuses stale moves by their state id the same way). ``message`` may use
    ``{sent}`` and ``{now}``; a value that is no moment at all is ``core/action-format``.

    >>> from .rules import Rule, RuleBook
    >>> class S: round = 2; rules = RuleBook([Rule("demo/bound", "", "a call answers its round")])
    >>> Now("round", 9, rule="demo/bound", message="Round {sent} is over; round {now} is on.",
    ...     what="the round").check("round", 2, S())
    2
    >>> try:
    ...     Now("round", 9, rule="demo/bound", message="Round {sent} is over; round {now} is on.",
    ...         what="the round").check("round", 1, S())
    ... except IllegalAction as err:
    ...     print(err.rule, err.message)
    demo/bound Round 1 is over; round 2 is on.
    """

    def __init__(self, attr: str, high: int | Callable[[Any], int], *, rule: str, message: str,
                 **kwargs: Any):
        super().__init__(1, high, **kwargs)
        self.attr, self.bound_rule, self.message = attr, rule, message

    def check(self, name: str, value: Any, state: Any) -> Any:
        """The moment, if well formed and the present one; else a refusal saying which."""
        value = super().check(name, value, state)
        now = getattr(state, self.attr)
        if value != now:
            raise state.rules.illegal(self.bound_rule, self.message.format(sent=value, now=now))
        return value
