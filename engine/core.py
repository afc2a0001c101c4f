"""The generic game machinery behind the public API.

A game is a small :class:`State` subclass (OpenSpiel style): who acts, the legal
actions, ``validate`` (which names the rule an action breaks) and ``perform``. The
:class:`Game` wrapper around it gives every game the same contract: atomic ``apply``,
history with what each move revealed, exact undo, save/load, clone, and views that
carry the log as each seat may see it.
"""

from __future__ import annotations

import copy
import json
import marshal
import os
import random
import re
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from json.decoder import scanstring  # type: ignore[attr-defined]  # the C scanner; typeshed omits it
from typing import Any, ClassVar, NamedTuple, Self, cast

from .rules import CORE_RULES, N_, IllegalAction, Rule, RuleBook, brief, fill
from .toolkit import ActionFormat, PhaseTable, copy_state
from .toolkit import shuffled as shuffled  # the one shuffle, importable from core as before

Action = dict
"""An action: a JSON-compatible dict with a ``"type"`` key (key order irrelevant)."""


class FrozenList(list):
    """A list inside a listed action (the cards of a discard, say): read-only like the action.

    >>> cards = FrozenList(["bell", "mirror"])
    >>> cards == ["bell", "mirror"], json.dumps(cards)
    (True, '["bell", "mirror"]')
    >>> cards.clear()
    Traceback (most recent call last):
    ...
    TypeError: actions listed by the engine are read-only; change a copy: dict(action)
    """

    __slots__ = ()

    def _read_only(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("actions listed by the engine are read-only; change a copy: dict(action)")

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _read_only  # type: ignore[assignment]
    append = extend = insert = pop = remove = clear = sort = reverse = _read_only

    def __copy__(self) -> FrozenList:
        return self

    def __deepcopy__(self, memo: dict) -> FrozenList:
        return self

    def __reduce__(self) -> tuple:
        return (FrozenList, (list(self),))


class FrozenAction(dict):
    """An action as the engine lists it: a plain JSON dict that cannot be changed, all the
    way down (its lists are :class:`FrozenList` s, its objects frozen too).

    Games may share these between calls and states (a cache of every attack, say), so
    listing legal actions costs little and ``apply`` can recognise an action it has just
    listed without checking it again. To vary one, copy it: ``dict(action)`` (and
    ``list(action["cards"])`` for a list inside it).

    Python cannot stop ``dict.__setitem__(action, ...)`` (or ``list.clear`` of a list
    inside), so each keeps a private twin of what it was made as (``_made``, sharing no
    container with it and handed to nobody): the core plays, records and replays only
    twins, and trusts one it handed out only while it still equals its twin; otherwise it
    :meth:`restore` s it (other games list the same shared action) and validates what it
    was given like any other action. ``_public`` leads from a twin to the action handed out.

    >>> a = FrozenAction({"type": "take"})
    >>> a == {"type": "take"}, json.dumps(a)
    (True, '{"type": "take"}')
    >>> a["type"] = "block"
    Traceback (most recent call last):
    ...
    TypeError: actions listed by the engine are read-only; change a copy: dict(action)
    """

    __slots__ = ("_made", "_public")
    _made: FrozenAction
    _public: FrozenAction

    def __init__(self, *args: Any, **kwargs: Any):
        dict.__init__(self, *args, **kwargs)
        made = FrozenAction.__new__(FrozenAction)
        if any(type(v) in _NESTED for v in self.values()):  # a list or object inside: freeze
            dict.update(made, {k: _frozen(v) for k, v in self.items()})  # two copies of it,
            dict.update(self, {k: _frozen(v) for k, v in self.items()})  # shared with nobody
        else:
            dict.update(made, self)
        made._made = made  # what the core plays and records: a private twin nobody is handed
        made._public = self
        self._made = made
        self._public = self

    def _read_only(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("actions listed by the engine are read-only; change a copy: dict(action)")

    __setitem__ = __delitem__ = __ior__ = _read_only  # type: ignore[assignment]
    clear = pop = popitem = setdefault = update = _read_only  # type: ignore[assignment]

    def restore(self) -> dict:
        """Put a tampered action back as it was made (other games list the same shared
        action) and return what it had been changed to, as plain JSON to validate.

        >>> a = FrozenAction(type="take", cards=["bell"])
        >>> list.clear(a["cards"])
        >>> a.restore(), a
        ({'type': 'take', 'cards': []}, {'type': 'take', 'cards': ['bell']})
        """
        given = fresh_json(self)  # plain again: what was given, to validate
        dict.clear(self)
        dict.update(self, {k: _frozen(v) for k, v in self._made.items()})
        return given

    def __copy__(self) -> FrozenAction:
        return self

    def __deepcopy__(self, memo: dict) -> FrozenAction:
        return self

    def __reduce__(self) -> tuple:
        return (FrozenAction, (fresh_json(self._made),))


def _frozen(value: Any) -> Any:
    """A read-only copy of a JSON value inside an action (its containers new, frozen)."""
    kind = type(value)
    if kind is list or kind is FrozenList:
        return FrozenList([_frozen(v) for v in value])
    if kind is tuple:
        return tuple(_frozen(v) for v in value)
    if kind is dict or kind is FrozenAction:
        inner = FrozenAction.__new__(FrozenAction)
        dict.update(inner, {k: _frozen(v) for k, v in value.items()})
        inner._made = inner._public = inner  # a part of an action, never played on its own
        return inner
    return value


def checked(action: Any) -> Any:
    """``action`` as it was made if it is a listed action changed behind its back (put back
    first), else ``action`` itself: the check every path that hands an action out makes."""
    if type(action) is FrozenAction and action != action._made:
        action.restore()
    return action


def private(action: Any) -> FrozenAction:
    """The core's own copy of a normal form ``validate`` returned: a listed action's twin
    (so a shared action changed behind its back is never played), or a plain dict frozen."""
    return (checked(action) if type(action) is FrozenAction else FrozenAction(action))._made


_NESTED = frozenset({list, tuple, dict, FrozenList, FrozenAction})

SAVE_FORMAT = "witchtable-save"
SAVE_VERSION = 1

SEAT_FIELDS = frozenset({"actor", "target", "defender", "attacker", "player", "to", "owner"})
"""Event fields that hold a seat number; narration replaces them with player names."""


class ActionCache:
    """Shared read-only actions, one per distinct action, made on first use.

    ``actions("block", "mirror", 2, True)`` is the action ``{"type": "block", "card":
    "mirror", "count": 2, "candle": True}`` when ``fields["block"]`` is ``("card", "count",
    "candle")``; a shorter key leaves the last fields out. Listing legal actions then costs
    a lookup per action instead of a new dict.

    >>> actions = ActionCache({"take": (), "block": ("card", "count")})
    >>> actions("block", "bell", 2)
    {'type': 'block', 'card': 'bell', 'count': 2}
    >>> actions("take") is actions("take")
    True
    """

    __slots__ = ("cache", "fields")

    def __init__(self, fields: Mapping[str, Sequence[str]]):
        self.fields = dict(fields)
        self.cache: dict[tuple, FrozenAction] = {}

    def __call__(self, *key: Any) -> FrozenAction:
        action = self.cache.get(key)
        if action is None:
            names = self.fields[key[0]]
            if len(key) - 1 > len(names):
                raise ValueError(f"too many values for a {key[0]!r} action: {key!r}")
            values = dict(zip(names, key[1:], strict=False))  # a short key omits the last fields
            action = self.cache[key] = FrozenAction(type=key[0], **values)
        return action


# --------------------------------------------------------------------------- events


class EventLog:
    """The game's log. Each event says who may see what.

    An event is stored as ``(public, private)``: ``public`` is what every seat (and a
    spectator) sees, or ``None`` when nobody else learns anything; ``private`` maps a
    seat to the fuller version that seat sees (a drawn card's face, say). Texts are
    templates (``"{actor} attacks {target}"``) filled in with names when shown.
    """

    __slots__ = ("_rendered", "events")

    def __init__(self) -> None:
        self.events: list[tuple[dict | None, dict | None]] = []
        # Events never change once logged, so each seat's narrated log is only extended:
        # (seat, names) -> (events narrated so far, entries). Bots read a view every move.
        # (seat, names) -> (events narrated so far, entries, and the entries holding lists or
        # objects: (index, ((key, whether a shallow copy of it suffices), ...))).
        self._rendered: dict[tuple, tuple[int, list[dict], list[tuple]]] = {}

    def add(self, kind: str, msg: str, private: dict | None = None, **fields: Any) -> None:
        """Log a public event, optionally with fuller private versions for some seats."""
        fields["kind"] = kind
        fields["msg"] = msg
        self.events.append((fields, private))

    def secret(self, seats: Sequence[int], kind: str, msg: str, **fields: Any) -> None:
        """Log an event only ``seats`` see (nobody else learns it happened)."""
        fields["kind"] = kind
        fields["msg"] = msg
        self.events.append((None, {s: fields for s in seats}))

    def for_seat(self, seat: int | None, names: Sequence[str]) -> list[dict]:
        """The log as ``seat`` sees it, texts filled with ``names``: fresh copies each call,
        nested lists and objects included, so a caller may edit its log freely."""
        key = (seat, tuple(names))
        done, out, deep = self._rendered.get(key, (0, [], []))
        events = self.events
        for index in range(done, len(events)):
            public, private = events[index]
            entry = public
            if private is not None and seat in private:
                entry = dict(public or {}, **private[seat]) if public else private[seat]
            if entry is None:
                continue
            entry = dict(entry)
            entry["n"] = index
            entry["text"] = narrate(entry, names)
            nested = tuple((k, _flat(v)) for k, v in entry.items() if type(v) in _CONTAINERS)
            if nested:
                deep.append((len(out), nested))
            out.append(entry)
        self._rendered[key] = (len(events), out, deep)
        log = [dict(entry) for entry in out]
        for index, nested in deep:  # few entries hold lists (a dealt hand, a scored round)
            log[index] = _copy_entry(out[index], nested)
        return log

    def copy(self) -> EventLog:
        """A cloned or sampled game's log: its own list, sharing the events (never changed)."""
        other = EventLog()
        other.events = list(self.events)
        return other


def _flat(value: Any) -> bool:
    """Whether a list or object holds no list or object: a shallow copy is a full one."""
    items = value.values() if isinstance(value, dict) else value
    return not any(type(v) in _CONTAINERS for v in items)


def _copy_entry(entry: dict, nested: tuple) -> dict:
    """A log entry copied with its lists and objects (shallowly where that is enough)."""
    copy = dict(entry)
    for key, flat in nested:
        value = copy[key]
        if not flat:
            copy[key] = fresh_json(value)
        elif type(value) is not tuple:
            copy[key] = _PLAIN[type(value)](value)
    return copy


def narrate(entry: Mapping[str, Any], names: Sequence[str]) -> str:
    """Fill an event's template with player names.

    >>> narrate({"msg": "{actor} attacks {target}", "actor": 0, "target": 1}, ["Ana", "Bo"])
    'Ana attacks Bo'
    """
    values = {}
    for key, value in entry.items():
        is_seat = key in SEAT_FIELDS or (key[:1] == "p" and key[1:].isdigit())
        if is_seat and isinstance(value, int) and 0 <= value < len(names):
            values[key] = names[value]
        else:
            values[key] = value
    return fill(str(entry.get("msg", "")), values)  # data is never a format string


UNDO_NOTHING = N_("You have not acted yet, so there is nothing of yours to take back.")
UNDO_ANSWERED = N_("Undo is not allowed: {name} has answered your move, and that answer came from "
                   "cards you cannot see.")
UNDO_SHOWN = N_("Undo is not allowed: the {what} by {who} showed you hidden cards.")
UNDO_OWN = N_("Undo is not allowed: your last move itself showed you hidden cards.")
"""Your own move revealed (a Hocus Focus call that ended the round): no other seat to name."""
"""Why :meth:`Game.takeback` refuses (templates, so a table can word them in its language)."""


def default_names(players: int) -> list[str]:
    """Seat names for a table that gave none, so every log line and scene can still name a seat."""
    return [f"Player {i + 1}" for i in range(players)]


# --------------------------------------------------------------------------- state


class State:
    """Base class of one game's rules. Subclasses implement the abstract methods.

    ``validate`` must not change anything; ``perform`` applies an action that
    ``validate`` accepted and returns the seats to whom it revealed hidden information.

    A game declares its actions' fields (``action_format``), the actions each phase
    allows (``phase_table``) and its mutable attributes (``mutable``): then ``validate``
    checks format and phase here, once for every game, and the game's ``check`` sees
    only well-formed actions allowed now; ``copy`` copies exactly the mutable parts.
    """

    rules: RuleBook
    action_format: ActionFormat | None = None
    phase_table: PhaseTable | None = None
    mutable: Mapping[str, int] | None = None
    """Attribute -> depth of the mutable containers a copy must not share (see copy_state)."""
    shared: ClassVar[frozenset[str]] = frozenset({"options"})
    """Attributes holding containers that copies share on purpose: read-only tables, or
    values only ever replaced whole, never changed in place (a test holds a game to it)."""
    time_fields: tuple[str, ...] = ()
    """Action fields a caller sets to the moment it acts (a real-time game lists its actions
    with them at 0; a bot or a clock fills in the milliseconds)."""

    def __init__(self, players: int, rng: random.Random, options: dict):
        # ``options`` is shared by every state of one game (undo replays, clones): read only.
        self.players = players
        self.rng = rng
        self.options = options
        self.log = EventLog()

    # -- to implement
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now (several at once in a race): the core asks before every action."""
        raise NotImplementedError

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may play now, in normal form: what tables offer and bots choose from."""
        raise NotImplementedError

    def validate(self, seat: int, action: Action) -> Action:
        """Return the action in normal form, or raise IllegalAction naming the rule.

        The declared format (rule ``core/action-format``) and phase table come first;
        the game's ``check`` then gets the normalised action.
        """
        if self.action_format is None:
            raise NotImplementedError
        normal = self.action_format.normalise(action, self)
        if self.phase_table is not None:
            self.phase_table.check(self, seat, normal["type"])
        return self.check(seat, normal)

    def check(self, seat: int, action: Action) -> Action:
        """The game's own rules for a well-formed action its phase allows: the normal
        form, or IllegalAction naming the rule broken."""
        raise NotImplementedError

    def perform(self, seat: int, action: Action) -> frozenset:
        """Apply an action ``validate`` accepted; return the seats it showed hidden cards (undo needs it)."""
        raise NotImplementedError

    def view(self, seat: int | None) -> dict:
        """What ``seat`` may see (None: a spectator): the one door hidden information must not pass."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        """Whether the game has ended, so the core stops asking for actions."""
        raise NotImplementedError

    @property
    def scores(self) -> list:
        """Each seat's score now (a cooperative game may keep none), for tables, saves and statistics."""
        raise NotImplementedError

    @property
    def winners(self) -> list[int]:
        """The winning seats once the game is over (all seats when a team wins together)."""
        raise NotImplementedError

    @property
    def scores_public(self) -> bool:
        """Whether the running scores are open to every seat now (with ``public_scores`` in
        the spec, ``Game.view`` carries them only then): a game whose rules hide scores
        for a while (face-down score tokens) says so here."""
        return True

    def inventory(self) -> dict:
        """Every component counted across all zones (cards by kind, gems...).

        The contract tests check it never changes: nothing is created or lost.
        """
        raise NotImplementedError

    def determinize(self, seat: int | None, rng: random.Random) -> State:
        """A copy in which everything ``seat`` cannot see is dealt afresh at random.

        Zone sizes and all public information stay; hidden cards move between hidden
        zones. ``view(seat)`` must be the same for the copy: that is how the contract
        tests prove no hidden card leaks into a view, and what a search bot samples.
        """
        raise NotImplementedError

    def sample(self, seat: int, rng: random.Random) -> State:
        """A copy in which every card ``seat`` has not seen is dealt anew, consistently with
        everything it has seen (its whole log, not only what it sees now).

        Its log keeps the public entries and ``seat``'s own private ones only, and its
        generator is re-seeded from ``rng``. See :meth:`Game.sample`.
        """
        raise NotImplementedError(f"{type(self).__name__} cannot sample what a seat knows")

    # -- optional
    def candidate_actions(self, seat: int) -> list[Action]:
        """Plausible actions, legal or not, for the explorer to explain; default: legal ones."""
        return self.legal_actions(seat)

    def action_rule(self, action: Action) -> str:
        """The id of the rule that allows this (legal) action."""
        raise NotImplementedError

    @classmethod
    def check_options(cls, players: int, options: dict) -> dict:
        """Validate and normalise options (raise ValueError saying what is wrong)."""
        return options

    def copy(self) -> Self:
        """An independent copy: the declared ``mutable`` attributes copied, or deepcopy."""
        if self.mutable is None:
            return copy.deepcopy(self)
        other = copy_state(self, self.mutable)
        kind = type(self.rng)
        other.rng = kind.__new__(kind)  # not Random(): that seeds itself from the OS first
        other.rng.setstate(self.rng.getstate())
        other.log = self.log.copy()
        return other


# --------------------------------------------------------------------------- specs

KINDS = ("competitive", "cooperative")
"""A game's kind: each seat for itself, or the whole table wins or loses as one."""

TIMINGS = ("turns", "reactions", "real-time")
"""How a game's seats act: one at a time; in turns with reaction windows where several
seats may answer; or all at once in a race (actions carry the milliseconds they were made at)."""


@dataclass(frozen=True)
class Option:
    """One setting a game may be started with: ``new_game(game_id, players, **options)``.

    ``check(value, players)`` returns the value in normal form or raises ``ValueError``
    saying what a right value would be; ``None`` takes any JSON value. Checks that
    concern several options at once (is the deck big enough for this many players?)
    belong in the game's ``State.check_options``, which runs after every option's own.
    ``choices`` lists the values a setup form may offer (with the default among them), for
    an option that takes one of a few.
    """

    name: str
    default: Any
    help: str
    check: Callable[[Any, int], Any] | None = None
    choices: tuple | None = None


def flag_option(name: str) -> Callable[[Any, int], bool]:
    """A check for a true/false option."""
    def check(value: Any, players: int) -> bool:
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be true or false, not {brief(value)}")
        return value
    return check


def seat_option(name: str) -> Callable[[Any, int], int]:
    """A check for an option naming a seat of the table (who starts, say)."""
    def check(value: Any, players: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
            raise ValueError(f"{name} must be a seat from 0 to {players - 1}, not {brief(value)}")
        return value
    return check


def count_option(name: str, low: int, high: int) -> Callable[[Any, int], int]:
    """A check for a whole-number option from ``low`` to ``high``."""
    def check(value: Any, players: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"{name} must be a whole number from {low} to {high}, not {brief(value)}")
        return value
    return check


@dataclass(frozen=True)
class GameSpec:
    """Everything the other layers know about a game: the one place a game registers.

    A game is a package under ``engine/games/`` whose ``__init__`` defines ``SPEC``;
    :mod:`witchtable.engine.games` finds it (no list to edit). The command line, the bots,
    the presenters, the site's pages and the generic tests all read their games from
    :data:`GAMES` and these fields:

    - ``id``: the game id (``"witching-hour"``), as in saves, URLs and rule ids;
      ``name``: its title; ``min_players``/``max_players``: the seat counts it takes.
    - ``state_class``: its :class:`State` subclass; ``rules``: its :class:`RuleBook`.
    - ``options``: give a list of :class:`Option` (name, default, help, check); the spec
      keeps them in ``option_list`` and ``options`` becomes the contract's dict of
      defaults (``spec.option_help`` the help texts by name).
    - ``kind``: ``"competitive"`` or ``"cooperative"`` (``winners`` is every seat or
      none); ``timing``: ``"turns"``, ``"reactions"`` (windows where several seats may
      answer) or ``"real-time"`` (a race; see :data:`TIMINGS`).
    - ``bots``: the game's own bots by kind, ``{"heuristic": MyBot}`` (each a class
      taking a seed, from the game's ``bot.py``); the platform adds ``"random"`` to
      every game, so a game without bots of its own still plays against random bots
      (``bot_kinds`` lists them all, ``default_bot`` is the one a table gets unasked:
      ``default_kind`` where the game names one, else its ``"heuristic"``).
    - ``presenter``: the module under ``witchtable.widgets.presenters`` that draws the
      game (a name, ``"witching_hour"``: the engine never imports widgets); ``None``:
      the generic presenter, every legal action as a button.
    - ``summary`` (a sentence or two: what you do), ``goal`` (one line: "Most Gems
      wins"), ``how_to_play`` (a few short lines): UI text for the site and widgets.
    - ``public_scores``: whether ``Game.view`` carries ``scores`` (the running score of
      every seat). Declare it only when the score follows from public information: a
      score that counts hidden cards would leak them. A game whose scores are hidden for a
      while (face-down tokens) also answers ``State.scores_public``: the view carries
      them only while it is true. ``Game.scores`` is always there.
    - ``view_type``: the :class:`typing.TypedDict` declaring what ``Game.view`` gives (the
      game's ``views.py``, built on :class:`~witchtable.engine.views.CommonView`): bots and
      presenters are typed against it, the reference's view table is generated from it and
      the tests check every view of random games against it. ``None``: undeclared.

    The spec checks its own declaration (a kind or timing it does not know, an option
    declared twice, a ``"random"`` bot of its own) and ``describe()`` gives it as plain
    JSON (what the site's build reads).
    """

    id: str
    name: str
    min_players: int
    max_players: int
    state_class: type[State]
    rules: RuleBook
    options: Any = ()
    kind: str = "competitive"
    timing: str = "turns"
    bots: Mapping[str, Callable[[int], Any]] = field(default_factory=dict)
    presenter: str | None = None
    summary: str = ""
    goal: str = ""
    how_to_play: tuple[str, ...] = ()
    public_scores: bool = False
    default_kind: str | None = None
    view_type: type | None = None
    option_list: tuple[Option, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        given = self.options
        if isinstance(given, Mapping) or not all(isinstance(o, Option) for o in given):
            raise TypeError(f"{self.id}: options is a list of Option(name, default, help, check)")
        names = [o.name for o in given]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.id}: an option is declared twice: {names}")
        if self.kind not in KINDS:
            raise ValueError(f"{self.id}: kind must be one of {KINDS}, not {self.kind!r}")
        if self.timing not in TIMINGS:
            raise ValueError(f"{self.id}: timing must be one of {TIMINGS}, not {self.timing!r}")
        if "random" in self.bots:
            raise ValueError(f"{self.id}: 'random' bots come with the platform; declare only your own")
        if self.default_kind is not None and self.default_kind not in self.bots:
            raise ValueError(f"{self.id}: default_kind {self.default_kind!r} is not one of its bots")
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"{self.id}: player counts {self.min_players}-{self.max_players} make no sense")
        object.__setattr__(self, "option_list", tuple(given))
        object.__setattr__(self, "options", {o.name: o.default for o in given})
        object.__setattr__(self, "bots", dict(self.bots))
        object.__setattr__(self, "how_to_play", tuple(self.how_to_play))

    @property
    def option_help(self) -> dict[str, str]:
        """Each option's help text, by name."""
        return {o.name: o.help for o in self.option_list}

    @property
    def cooperative(self) -> bool:
        """Whether the seats win or lose together, so tables and statistics speak of the team."""
        return self.kind == "cooperative"

    @property
    def bot_kinds(self) -> tuple[str, ...]:
        """The bots this game plays with: ``"random"`` and the game's own."""
        return ("random", *self.bots)

    @property
    def default_bot(self) -> str:
        """The bot a table gets when nobody says which: the game's ``default_kind``, else its
        heuristic, else its first own bot, else ``"random"``."""
        if self.default_kind is not None:
            return self.default_kind
        return "heuristic" if "heuristic" in self.bots else next(iter(self.bots), "random")

    def describe(self) -> dict:
        """The spec as plain JSON (for the site's build, which reads it from the wheel)."""
        return {"id": self.id, "name": self.name, "min_players": self.min_players,
                "max_players": self.max_players, "kind": self.kind, "timing": self.timing,
                "bots": list(self.bot_kinds), "default_bot": self.default_bot,
                "presenter": self.presenter, "summary": self.summary, "goal": self.goal,
                "how_to_play": list(self.how_to_play), "public_scores": self.public_scores,
                "options": {o.name: {"default": o.default, "help": o.help,
                                     **({"choices": list(o.choices)} if o.choices else {})}
                            for o in self.option_list}}

    def __repr__(self) -> str:
        return f"<GameSpec {self.id} ({self.min_players}-{self.max_players} players)>"


class Move(NamedTuple):
    """One applied action: who played it, what it was, and to whom it revealed secrets."""

    seat: int
    action: Action
    reveals: frozenset


class SaveError(ValueError):
    """A save that cannot be loaded: damaged, foreign, or from an incompatible engine."""


JSON_DEPTH_LIMIT = 32
"""The deepest nesting taken from outside (saves, options, widget messages); ours nest 6 deep."""
INT_DIGITS_LIMIT = 4_000
"""The longest whole number taken from outside (Python refuses to print one of 4,300 digits)."""
OPTIONS_SIZE_LIMIT = 64_000
"""The most characters of JSON a game's options (house data tables included) may take."""


_END = object()


def json_problem(value: Any, depth: int = JSON_DEPTH_LIMIT, size: int | None = None) -> str | None:
    """What makes ``value`` unfit as plain JSON taken from outside, or ``None`` if it is fine.

    Walks without recursion, so a hostile value cannot exhaust the stack: only dicts with
    string keys, lists (tuples), strings, finite numbers, booleans and ``None``; at most
    ``depth`` levels; whole numbers under :data:`INT_DIGITS_LIMIT` digits; with ``size``,
    at most that many values and characters of text in all.

    >>> json_problem({"seed": 7, "actions": [[0, {"type": "take"}]]}) is None
    True
    >>> json_problem([[[[1]]]], depth=3)
    'it nests deeper than 3 levels'
    >>> json_problem({"seed": 10 ** 5000})
    'it holds a whole number of about 5000 digits'
    """
    stack: list[tuple[Any, int]] = [(iter((value,)), 1)]  # one iterator per open level, so
    count = 0                                                 # memory grows with depth, not size
    while stack:
        items, level = stack[-1]
        item = next(items, _END)
        if item is _END:
            stack.pop()
            continue
        count += 1
        kind = type(item)
        if isinstance(item, str):
            count += len(item)
        elif item is None or kind is bool:
            pass
        elif isinstance(item, int):
            if item.bit_length() > INT_DIGITS_LIMIT * 3.32:
                return f"it holds {brief(item)}"
        elif isinstance(item, float):
            if item != item or item in (float("inf"), float("-inf")):
                return f"it holds {item!r}, which is not a number JSON can carry"
        elif isinstance(item, (dict, list, tuple)):
            if level >= depth and item:
                return f"it nests deeper than {depth} levels"
            if isinstance(item, dict):
                for key in item:
                    if not isinstance(key, str):
                        return f"it has a key that is not text: {brief(key)}"
                    count += len(key)
                children: Iterable[Any] = item.values()
            else:
                children = item
            stack.append((iter(children), level + 1))
        else:
            return f"it holds a {kind.__name__}, which is not a JSON value"
        if size is not None and count > size:
            return f"it is too large (over {size:,} values and characters)"
    return None


def fresh_json(value: Any) -> Any:
    """A copy of a JSON value sharing no dict or list with it (several times faster than ``deepcopy``).

    For views: a caller who edits the view it got must not change the game or anyone's
    later views, so a State's ``view`` hands out containers of its own (this, for a
    part it keeps, such as a scored round) and the log's entries are copied with it.
    ``marshal`` copies plain values in C; anything it refuses (a listed action, whose copy
    comes out as a plain dict and lists) is walked.
    """
    try:
        return marshal.loads(marshal.dumps(value))
    except ValueError:
        return _walked(value)


def _walked(value: Any) -> Any:
    kind = type(value)
    if kind is dict or kind is FrozenAction:  # a listed action in a view comes out plain:
        return {k: (v if type(v) not in _CONTAINERS else _walked(v)) for k, v in value.items()}
    if kind is list or kind is FrozenList:  # the core's records are never handed out
        return [v if type(v) not in _CONTAINERS else _walked(v) for v in value]
    if kind is tuple:
        return tuple(v if type(v) not in _CONTAINERS else _walked(v) for v in value)
    return value  # immutable: str, numbers, None


_CONTAINERS = frozenset({dict, list, tuple, FrozenAction, FrozenList})
_PLAIN: dict[type, type] = {dict: dict, list: list, FrozenAction: dict, FrozenList: list}
"""The plain container a (flat) copy of each kind of container is made as."""


# --------------------------------------------------------------------------- game


def _check_seat(seat: object, players: int | None, also: str = "") -> None:
    """Refuse anything but a seat number of this table (not ``1.0``, not ``True``): the one
    check every entry point that takes a seat makes, so every game answers alike. With
    ``players`` None only the type is checked (``legal_actions(7)`` is ``[]``: seat 7 may
    not act, as the contract says)."""
    if isinstance(seat, bool) or type(seat) is not int or (players is not None and not 0 <= seat < players):
        table = f"from 0 to {players - 1}" if players is not None else "(0 is the first seat)"
        raise IllegalAction("core/out-of-turn", f"A seat is a whole number {table}"
                            f"{' ' + also if also else ''}, not {brief(seat)}.")


class Game:
    """One game in progress. See the engine API contract in ``docs/design.md``."""

    def __init__(self, spec: GameSpec, players: int, seed: int, options: dict):
        self.spec = spec
        self.players = players
        self.seed: int | None = seed  # None in a sample (Game.sample): no seed replays it
        self.options = options
        self._state: State = spec.state_class(players, random.Random(seed), options)
        self._history: list[Move] = []
        self._listed: tuple | None = None  # (state, seat, actions): the last listing
        self._root: tuple[State, int] | None = None  # a sampled game: (its start, its move)

    # -- the contract
    @property
    def id(self) -> str:
        """The game's id, so a saved or shared game names which rules it plays."""
        return self.spec.id

    @property
    def rules(self) -> RuleBook:
        """The game's rule book, for a refusal's or a reference page's rule id."""
        return self.spec.rules

    @property
    def log_length(self) -> int:
        """How many events the log holds: the next event's ``n`` (a screen tells apart the
        events of one move from those that follow it)."""
        return len(self._state.log.events)

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now (none once the game is over), for tables and bots."""
        state = self._state
        return () if state.is_over else state.to_act()

    def legal_actions(self, seat: int) -> list[Action]:
        """The actions ``seat`` may play now (``[]`` when it may not act, a seat number
        outside the table included; anything but a whole number is refused)."""
        _check_seat(seat, None)
        state = self._state
        if state.is_over or seat not in state.to_act():
            return []
        actions: list[Any] = state.legal_actions(seat)  # FrozenActions, or a plain dict: see below
        try:  # one comparison in C for the whole list: any shared action changed behind its back?
            tampered = [a._made for a in actions] != actions
        except AttributeError:  # a plain dict among them: listed read-only too, all the way down
            actions = [checked(a) if type(a) is FrozenAction else FrozenAction(a) for a in actions]
            tampered = False
        if tampered:
            for action in actions:
                checked(action)
        self._listed = (state, seat, actions)
        return actions[:]  # the caller's copy: adding to it never makes anything trusted

    def apply(self, seat: int, action: Action) -> None:
        """Play ``action`` for ``seat``; on IllegalAction nothing has changed."""
        state = self._state
        normal = None
        listed = self._listed
        if (type(action) is FrozenAction and listed is not None and listed[0] is state
                and type(seat) is int and listed[1] == seat):
            # Listed for this very state and seat (so the game is on and the seat may act)...
            for candidate in listed[2]:
                if candidate is action:
                    made = action._made  # ...and unchanged since it was made
                    if action == made:
                        normal = made
                    else:
                        action = action.restore()
                    break
        if normal is None:
            normal = private(self._validated(state, seat, action))
        self._listed = None
        try:
            reveals = state.perform(seat, normal)
        except BaseException:
            # A bug in perform must not leave a half-applied move behind.
            self._state = self._replayed(self._history)
            raise
        self._history.append(Move(seat, normal, reveals))

    def _validated(self, state: State, seat: int, action: object) -> Action:
        """``action`` in normal form if ``seat`` may play it now; else IllegalAction."""
        if state.is_over:
            raise IllegalAction("core/game-over", "The game is over; start a new game or undo.")
        _check_seat(seat, self.players)
        to_act = state.to_act()
        if seat not in to_act:
            waiting = ", ".join(f"{{p{s}}}" for s in to_act)
            raise IllegalAction("core/out-of-turn",
                                f"{{p{seat}}} may not act now; waiting for {waiting}.",
                                {f"p{s}": s for s in (seat, *to_act)})
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("core/action-format",
                                f"An action must be an object with a 'type' field, got {brief(action)}.")
        if type(action) is FrozenAction and action != action._made:
            action = action.restore()  # changed behind its back: what was given is what is checked
        return state.validate(seat, action)

    def view(self, seat: int | None, names: Sequence[str] | None = None) -> dict:
        """All that ``seat`` may know now (``None``: a spectator), its log included."""
        if seat is not None:
            _check_seat(seat, self.players, "or None (a spectator)")
        names = list(names) if names else default_names(self.players)
        state = self._state
        data = {
            "game": self.spec.id,
            "players": self.players,
            "seat": seat,
            "move": len(self._history),
            "to_act": list(self.to_act),
            "is_over": state.is_over,
        }
        data.update(state.view(seat))
        if self.spec.public_scores and state.scores_public:  # a hidden score would tell cards
            data["scores"] = fresh_json(list(state.scores))
        data["winners"] = list(state.winners) if state.is_over else []
        data["log"] = state.log.for_seat(seat, names)
        return data

    @property
    def is_over(self) -> bool:
        """Whether the game has ended, so tables show the result and bots stop."""
        return self._state.is_over

    @property
    def scores(self) -> list:
        """Each seat's score now, a fresh list the caller may keep."""
        return list(self._state.scores)

    @property
    def winners(self) -> list[int]:
        """The winning seats (empty until the game is over), a fresh list the caller may keep."""
        return list(self._state.winners) if self._state.is_over else []

    def undo(self) -> None:
        """Take back the last action exactly (randomness included) by replaying the rest."""
        if not self._history:
            raise IllegalAction("core/undo", "There is nothing to undo: no action has been played.")
        if self._root is not None and len(self._history) <= self._root[1]:
            raise IllegalAction("core/undo", "This game was sampled (Game.sample) at this move; "
                                "moves before it cannot be undone.")
        self._state = self._replayed(self._history[:-1])
        self._history.pop()
        self._listed = None

    def to_json(self) -> dict:
        """A plain-JSON save: enough to replay this exact game."""
        if self._root is not None:
            raise ValueError("a sampled game (Game.sample) has no seed that replays it, so it "
                             "cannot be saved; save the game it was sampled from")
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.spec.id,
            "players": self.players,
            "seed": self.seed,
            "options": copy.deepcopy(self.options),
            "actions": fresh_json([[m.seat, m.action] for m in self._history]),  # plain, shared with nothing
        }

    def clone(self) -> Game:
        """An independent copy with the same history: bots and explorers try moves on it, not here."""
        other = Game.__new__(Game)
        other.spec, other.players, other.seed = self.spec, self.players, self.seed
        other.options = self.options
        other._state = self._state.copy()
        other._history = list(self._history)
        other._listed = None
        other._root = self._root
        return other

    def sample(self, seat: int, rng: random.Random) -> Game:
        """An independent game as ``seat`` might find it: its knowledge kept, the rest re-dealt.

        Every card ``seat`` has not seen is dealt anew with ``rng``, consistently with
        everything it has seen over the whole game (a hand a Book showed, what it put into
        its own Hex pile, the cards an Abracadabra gave it, the Library top a Crystal Ball
        showed), so every view ``seat`` has had is one it could have had in the sample:
        ``view(seat)`` (its log included) is the same, and the sample plays on (its future
        draws come from a generator seeded from ``rng``). It depends on nothing but
        ``seat``'s view and ``rng``: no hidden card of this game leaks into it, so search
        bots (ISMCTS) can play it out.

        A sample is a position, not a replayable record: it has no seed (``seed`` is
        ``None``) and ``to_json`` refuses it; ``undo`` takes back moves made after sampling
        and refuses to go further; its history keeps ``seat``'s own actions and only the
        type of everyone else's (the details are in the public log); other seats' logs lack
        their private entries, which held this game's real hidden cards.
        """
        _check_seat(seat, self.players)
        if not isinstance(rng, random.Random):
            raise ValueError(f"rng must be a random.Random, not {type(rng).__name__}")
        other = Game.__new__(Game)
        other.spec, other.players, other.seed = self.spec, self.players, None
        other.options = self.options
        other._state = self._state.sample(seat, rng)
        other._history = [m if m.seat == seat else m._replace(action=private({"type": m.action["type"]}))
                          for m in self._history]
        other._listed = None
        other._root = (other._state.copy(), len(other._history))
        return other

    # -- beyond the contract: history, explanations, player-facing undo
    @property
    def history(self) -> tuple[Move, ...]:
        """Every applied action, in order. Each is the action as handed out (read-only), never
        the core's own record: one changed behind its back changes no save and no replay."""
        return tuple(m._replace(action=checked(cast(FrozenAction, m.action)._public)) for m in self._history)

    @property
    def move_number(self) -> int:
        """How many actions have been applied: a position's address in links, the explorer and undo."""
        return len(self._history)

    def explain(self, seat: int, names: Sequence[str] | None = None) -> list[dict]:
        """Each plausible action of ``seat`` now, legal or not, with the rule behind it.

        Legal ones carry the rule that allows them; illegal ones the rule that forbids
        them and the message a player would see (players named by ``names``).
        """
        _check_seat(seat, None)
        state = self._state
        if state.is_over or seat not in state.to_act():
            return []
        out = []
        for action in state.candidate_actions(seat):
            try:
                normal = private(state.validate(seat, checked(action)))._public
            except IllegalAction as err:
                out.append({"action": action, "legal": False, "rule": err.rule,
                            "summary": self.rules[err.rule].summary, "message": err.text(names)})
            else:
                rule = state.action_rule(normal)
                out.append({"action": normal, "legal": True, "rule": rule,
                            "summary": self.rules[rule].summary, "message": ""})
        return out

    def takeback(self, seat: int, names: Sequence[str] | None = None, *, replies: bool = True,
                 automatic: Container[int] = ()) -> tuple[int, str]:
        """How many actions a *player-facing* undo for ``seat`` would take back.

        Returns ``(n, "")`` where undoing ``n`` actions returns to just before ``seat``'s
        last action, or ``(0, reason)`` when that is not allowed: nothing to take back, or
        some action since then revealed hidden information to ``seat`` (a draw, a look at
        another hand, a card an opponent showed), which an undo would let it exploit. The
        reason names players by ``names`` (default: "Player 1", ...), as the log does.

        ``replies=False`` is the fair rule against bots (core/undo-replies): refuse once any
        other seat has acted since, because that reply came from cards ``seat`` cannot see
        (a Hocus Pocus pass, a Witching Hour take), and undoing and retrying would read
        them. ``automatic`` holds the indices of ``seat``'s moves the table made for it (an
        automatic pass): they are not its own decisions, so the undo reaches past them.
        """
        _check_seat(seat, self.players)
        history = self._history
        for index in range(len(history) - 1, -1, -1):
            if history[index].seat == seat and index not in automatic:
                break
        else:
            return 0, UNDO_NOTHING
        names = list(names) if names else default_names(self.players)
        if not replies:
            for move in history[index + 1:]:
                if move.seat != seat:
                    return 0, UNDO_ANSWERED.format(name=names[move.seat])
        for move in history[index:]:
            if seat in move.reveals:
                if move.seat == seat:
                    return 0, UNDO_OWN
                return 0, UNDO_SHOWN.format(what=move.action.get("type", "an action"), who=names[move.seat])
        return len(history) - index, ""

    # -- internals
    def _replayed(self, moves: Sequence[Move]) -> State:
        if self._root is not None:  # a sampled game replays from where it was sampled
            state = self._root[0].copy()
            moves = moves[self._root[1]:]
        else:
            state = self.spec.state_class(self.players, random.Random(self.seed), self.options)
        for move in moves:
            state.perform(move.seat, private(state.validate(move.seat, move.action)))
        return state


# --------------------------------------------------------------------------- registry

GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add a game to :data:`GAMES` (:mod:`witchtable.engine.games` does it for each package)."""
    if not isinstance(spec, GameSpec):
        raise TypeError(f"register takes a GameSpec, not {type(spec).__name__}")
    if spec.id in GAMES:
        raise ValueError(f"game {spec.id!r} registered twice")
    GAMES[spec.id] = spec
    return spec


def _spec(game_id: object) -> GameSpec:
    if not isinstance(game_id, str) or game_id not in GAMES:
        known = ", ".join(sorted(GAMES))
        raise ValueError(f"unknown game {brief(game_id)}; the games are: {known}")
    return GAMES[game_id]


def _check_players(spec: GameSpec, players: object) -> int:
    if isinstance(players, bool) or not isinstance(players, int) or not (
            spec.min_players <= players <= spec.max_players):
        raise ValueError(f"{spec.name} takes {spec.min_players} to {spec.max_players} players, "
                         f"not {brief(players)}")
    return players


def _check_options(spec: GameSpec, players: int, options: Mapping[str, Any]) -> dict:
    unknown = sorted(set(options) - set(spec.options))
    if unknown:
        known = ", ".join(sorted(spec.options)) or "none"
        raise ValueError(f"unknown option(s) {', '.join(brief(u) for u in unknown[:5])} for {spec.id}; "
                         f"its options are: {known}")
    problem = json_problem(dict(options), size=OPTIONS_SIZE_LIMIT)
    if problem:
        raise ValueError(f"options must be plain JSON values of at most {OPTIONS_SIZE_LIMIT:,} "
                         f"characters: {problem}")
    merged = copy.deepcopy(spec.options)
    merged.update(copy.deepcopy(dict(options)))
    for option in spec.option_list:
        if option.check is not None:
            merged[option.name] = option.check(merged[option.name], players)
    return spec.state_class.check_options(players, merged)


def new_game(game_id: str, players: int, seed: int | None = None, **options: Any) -> Game:
    """Start a game. ``seed=None`` picks a fresh seed (recorded, so the game replays)."""
    spec = _spec(game_id)
    players = _check_players(spec, players)
    if seed is None:
        seed = int.from_bytes(os.urandom(6), "big")
    if isinstance(seed, bool) or not isinstance(seed, int) or json_problem(seed):
        raise ValueError(f"seed must be a whole number (under {INT_DIGITS_LIMIT:,} digits), "
                         f"not {brief(seed)}")
    return Game(spec, players, seed, _check_options(spec, players, options))


def load_game(data: Any, *, progress: Callable[[int, int], None] | None = None) -> Game:
    """Rebuild a game from :meth:`Game.to_json` output (a dict or its JSON text).

    Raises :class:`SaveError` saying what is wrong with a damaged or foreign save, and
    nothing else, whatever the input (deep nesting, huge numbers, odd types).
    """
    if isinstance(data, (str, bytes, bytearray)):
        data = parse_json(data, "this save", SaveError)
    problem = json_problem(data)
    if problem:
        raise SaveError(f"this save is not plain JSON: {problem}")
    if not isinstance(data, dict):
        raise SaveError(f"a save is a JSON object, not {type(data).__name__}")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"this is not a witchtable save (its 'format' is {brief(data.get('format'))}, "
                        f"expected {SAVE_FORMAT!r})")
    version = data.get("version")
    if type(version) is not int or version != SAVE_VERSION:  # 1.0 and true are not version 1
        raise SaveError(f"save format version {brief(version)} is not supported; "
                        f"this engine reads version {SAVE_VERSION}")
    missing = [k for k in ("game", "players", "seed", "options", "actions") if k not in data]
    if missing:
        raise SaveError(f"the save is missing {', '.join(missing)}")
    try:
        game = new_game(data["game"], data["players"], data["seed"], **_as_options(data["options"]))
    except ValueError as err:
        raise SaveError(f"the save's set-up is invalid: {err}") from None
    actions = data["actions"]
    if not isinstance(actions, list):
        raise SaveError("the save's 'actions' must be a list of [seat, action] pairs")
    for number, entry in enumerate(actions, 1):
        if (not isinstance(entry, (list, tuple)) or len(entry) != 2
                or not isinstance(entry[1], dict)):
            raise SaveError(f"move {number} of the save is not a [seat, action] pair: {brief(entry)}")
        try:
            game.apply(entry[0], entry[1])
        except IllegalAction as err:
            reason = err.message if len(err.message) <= 300 else err.message[:299] + "…"
            raise SaveError(f"move {number} of the save cannot be played: {reason} "
                            f"(rule {err.rule}); the save is damaged or from another game") from None
        if progress:
            progress(number, len(actions))
    return game


_JSON_TOKENS = re.compile(r'[\[\]{}"]')


def text_depth(text: str) -> int:
    """How deep JSON text nests, found without parsing it (so without recursion), in memory
    that does not grow with the text: one bracket or quote at a time, strings skipped whole.

    >>> text_depth('{"a": [1, "[[\\\\\\"[", {"b": []}]}')
    4
    """
    depth = deepest = 0
    search = _JSON_TOKENS.search
    match = search(text)
    while match:
        token, at = match.group(), match.end()
        if token == '"':  # a string, skipped whole by the JSON module's own C scanner
            try:
                at = scanstring(text, at)[1]
            except ValueError:  # not a string JSON reads: the parser will say why
                break
        elif token in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        else:
            depth -= 1
        match = search(text, at)
    return deepest


def parse_json(text: str | bytes | bytearray, what: str, error: type[Exception] = ValueError) -> Any:
    """JSON text from outside, parsed; ``error`` (never RecursionError) saying why it is not JSON."""
    try:
        if isinstance(text, (bytes, bytearray)):
            text = bytes(text).decode("utf-8")
        too_deep = text_depth(text) > JSON_DEPTH_LIMIT  # checked before the parser recurses:
        value = None if too_deep else json.loads(text)  # Pyodide's stack is small
    except RecursionError:
        too_deep = True
    except ValueError as err:  # also UnicodeDecodeError and Python's 4,300-digit limit
        reason = str(err)
        reason = reason if len(reason) <= 120 else reason[:117] + "..."
        raise error(f"{what} is not valid JSON ({reason})") from None
    if too_deep:
        raise error(f"{what} is not usable JSON: it nests deeper than {JSON_DEPTH_LIMIT} levels")
    return value


def _as_options(options: Any) -> dict:
    if not isinstance(options, dict):
        raise SaveError("the save's 'options' must be an object")
    return options


def make_rulebook(game_rules: Sequence[Rule]) -> RuleBook:
    """A game's rule book: its own rules plus the engine's generic ones."""
    return RuleBook(list(CORE_RULES) + list(game_rules))
