"""What the play table and the explorer share: making a table, the ``state``/``handle``
contract, playing an action for a seat, and the scene's common parts.

:class:`TableController` is the public name; made with ``mode="play"`` it is a
:class:`~.play.PlayTable`, with ``mode="explore"`` an :class:`~.explore.ExploreTable`
(each registers its mode here), so neither mode asks which mode it is in.
"""

from __future__ import annotations

import random
import traceback
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from ...engine import IllegalAction, load_game, new_game
from ...engine.bots import default_bot, make_bot
from ...engine.core import Game, SaveError, parse_json
from ...engine.rules import brief
from ...engine.sim import seat_bots
from ..i18n import ui_strings, using
from ..links import Position
from ..presenters import Presenter, presenter_for
from ..scene import pictures_of
from .messages import KEEP, MESSAGE_FIELDS, clip, error, is_int, message_problem, stale, timed
from .rules import howto, rules_of_game
from .seats import DEFAULT_BOTS, DEFAULT_SEAT, custom_names
from .settings import (
    DEFAULT_REACTIONS,
    DEFAULT_REVEAL_TIME,
    REACTIONS,
    UNDO_RULES,
    bad_pace,
    reveal_time_problem,
)
from .words import language_of

PLAY, EXPLORE = "play", "explore"
TABLES: dict[str, type[TableController]] = {}
"""The table class of each mode, filled as each defines itself (``mode = ...``)."""

Handler = Callable[[Any, dict], Any]


def seed_of(game: Game) -> int:
    """The seed a table's game was dealt with, which its bots are seeded from."""
    assert game.seed is not None, "a table holds dealt or loaded games, never Game.sample's unseeded ones"
    return game.seed


class TableController:
    """One table: ``mode="play"`` (people vs bots, or pass-and-play) or ``"explore"``.

    Play: ``seat``/``bots`` say who plays which seat (see :func:`.seats.resolve_seats`);
    ``pace`` is the seconds between bot moves the front end waits (0: bots move at
    once). Explore: ``seat`` is the seat whose view is shown (``None``, the default: the god view)
    and ``bots`` the kind that plays on when asked to ("let the bots play").
    ``save`` (explore) opens a saved game (JSON text or dict) at its last move; ``position``
    (explore) opens a position link (widgets/links.py) at the move it shows. ``site_url``: the
    site's base address, so the explorer's link is the game's play page there.
    """

    mode: ClassVar[str] = ""
    HANDLERS: ClassVar[dict[str, Handler]] = {}
    """Each message kind this table takes and its handler, in the order a refusal lists them."""
    WHERE: ClassVar[str] = ""
    """What a refusal calls this table when a message belongs here ("the play table")."""
    NOT_IN: ClassVar[str] = ""
    """What a refusal calls this table when a message does not belong here ("play")."""

    game: Game
    presenter: Presenter
    names: list[str]
    kinds: list[str | None]  # per seat: a bot kind, or None for a person
    humans: list[int]
    bots: list[Any]
    view_seat: int | None
    explore_bots: list[str]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "mode" in cls.__dict__:
            TABLES[cls.mode] = cls

    def __new__(cls, game_id: Any = None, players: int = 3, seat: Any = DEFAULT_SEAT,
                bots: Any = DEFAULT_BOTS, seed: int | None = None, names: Sequence[str] | None = None,
                mode: Any = None, *args: Any, **kwargs: Any) -> TableController:
        """The table of the mode asked for (``TableController(..., mode="explore")``)."""
        if cls is TableController:
            mode = PLAY if mode is None else mode
            if mode not in (PLAY, EXPLORE):
                raise ValueError(f"mode is 'play' or 'explore', not {mode!r}")
            cls = TABLES[mode]
        return super().__new__(cls)

    def __init__(self, game_id: str, players: int = 3, seat: Any = DEFAULT_SEAT, bots: Any = DEFAULT_BOTS,
                 seed: int | None = None, names: Sequence[str] | None = None, mode: str | None = None,
                 pace: float = 0.9, save: Any = None, reactions: str = DEFAULT_REACTIONS,
                 undo: str = "fair", rules_url: str | None = None,
                 reveal_time: float | None = DEFAULT_REVEAL_TIME, position: Any = None,
                 site_url: str | None = None, **options: Any):
        if mode is not None and mode != self.mode:
            raise ValueError(f"mode is 'play' or 'explore', not {mode!r}" if mode not in (PLAY, EXPLORE)
                             else f"this table is the {self.WHERE}, not {mode!r}")
        self._settings(pace, reactions, undo, reveal_time, rules_url, site_url)
        linked = self._linked(game_id, position, save)
        self.first_game = True  # the How to play panel opens by itself on the first game only
        self.deal = 0  # which history the table shows (_new_history): reveals are scoped to it
        self.seq = 0
        self.notice: dict | None = None
        self._seeds = random.Random(seed)
        self._custom_names = list(names) if names is not None else None
        if save is not None:
            if isinstance(save, (str, bytes, bytearray)):
                save = parse_json(save, "this save", SaveError)
            game = load_game(save)
        elif linked is not None:
            game = linked.game
        else:
            game = new_game(game_id, players, seed, **options)
        self._setup(game, self._default_seat() if seat is DEFAULT_SEAT else seat, bots)
        self._open(save, linked)
        self._start()

    def _settings(self, pace: Any, reactions: Any, undo: Any, reveal_time: Any, rules_url: Any,
                  site_url: Any) -> None:
        """The table's settings, checked: each refusal says what the setting takes."""
        if reactions not in REACTIONS:
            raise ValueError(f"reactions is one of {', '.join(REACTIONS)}, not {reactions!r}")
        if undo not in UNDO_RULES:
            raise ValueError(f"undo is 'fair' (not after a bot has answered) or 'practice', not {undo!r}")
        if bad_pace(pace):
            raise ValueError(f"pace is the seconds between bot moves, 0 to 10, not {pace!r}")
        problem = reveal_time_problem(reveal_time)
        if problem:
            raise ValueError(problem)
        if rules_url is not None and not isinstance(rules_url, str):
            raise ValueError(f"rules_url is the address of the game's rules page (text), not {rules_url!r}")
        if site_url is not None and not isinstance(site_url, str):
            raise ValueError(f"site_url is the witchtable site's base address (text), not {site_url!r}")
        self.reactions = reactions
        self.undo_rule = undo
        self.automatic: set[int] = set()  # indices of moves the table played for a person
        self.reveal_time = None if reveal_time is None else float(reveal_time)
        self.site_url = site_url
        self.pace = float(pace)
        self.rules_url = rules_url

    # ------------------------------------------------------------------ what each mode decides

    def _default_seat(self) -> int | None:
        """``seat`` left out: who plays (play) or whose view is shown (explore)."""
        raise NotImplementedError

    def _linked(self, game_id: Any, position: Any, save: Any) -> Position | None:
        """The position link asked for, read; only the explorer opens one (it holds the seed)."""
        if position is None:
            return None
        raise ValueError("a position link opens in the explorer (mode='explore'): it holds the seed, "
                         "which tells every hidden card, so a play table never opens one")

    def _seat_people(self, players: int, seat: Any, bots: Any, best: str) -> None:
        """``kinds``, ``humans``, ``view_seat`` and ``explore_bots`` from the caller's ``seat``/``bots``."""
        raise NotImplementedError

    def _default_names(self) -> list[str]:
        """The seats' names when the caller gave none."""
        raise NotImplementedError

    def _open(self, save: Any, linked: Position | None) -> None:
        """What a table opens on besides the game (the explorer: its lines and the move shown)."""

    def _seat_for(self, asked: int | None) -> int | dict:
        """The seat an action asked for ``asked`` (None: not said) is played for, or an error notice."""
        raise NotImplementedError

    def _moved(self, seat: int) -> Any:
        """After ``seat``'s move was applied: the table follows it (a notice, or None)."""
        raise NotImplementedError

    def _settle(self, own_move: bool = False) -> None:
        """After any change: what moves by itself moves (the explorer has nothing that does)."""

    def _draw(self) -> dict:
        """The presenter's scene with this mode's own parts."""
        raise NotImplementedError

    def _clocked(self, scene: dict) -> None:
        """A drawn scene's clock, as this mode runs it."""

    def _auto(self, scene: dict) -> dict | None:
        """What the front end should send by itself, and after how long (None: nothing)."""
        return None

    def _howto_opens(self) -> bool:
        """Whether How to play opens by itself now."""
        return False

    def link(self) -> str:
        """The position link of the position shown: the explorer's alone."""
        raise ValueError("position links belong to the explorer: a link holds the seed, which "
                         "tells every hidden card")

    # ------------------------------------------------------------------ set-up

    def _setup(self, game: Game, seat: Any, bots: Any) -> None:
        """Sit the table at ``game``: its presenter, who plays which seat, names, bots."""
        self.game = game
        self.presenter = presenter_for(game.id)
        players = game.players
        best = default_bot(game.id)
        if bots is DEFAULT_BOTS or bots == "default":
            bots = best
        self._seat_people(players, seat, bots, best)
        for kind in {k for k in (*self.kinds, *self.explore_bots) if k is not None}:
            make_bot(kind, game.id)  # raises ValueError naming the kinds this game has
        with using(language_of(game)):
            self.names = (custom_names(self._custom_names, players) if self._custom_names is not None
                          else self._default_names())
        self.bots = seat_bots(game.id, self.kinds, seed_of(game))
        for bot in self.bots:
            if bot is not None and hasattr(bot, "follow"):
                bot.follow = tuple(self.humans)  # public: each seat shows whether a bot plays it

    def _start(self) -> None:
        """A fresh game (or a fresh look at one): reveals start over, no clock drawn yet."""
        self._new_history()
        self.clock: tuple[int, dict | None] | None = None  # (move, clock) of the scene last drawn

    def _new_history(self) -> None:
        """The moves before the position shown may differ from now on (a new deal, a load,
        another line of the explorer), so move numbers, and the reveal keys made from them,
        start over: the reveals closed so far are forgotten, and the scene's ``deal`` changes,
        so the front end forgets the one it closed too (a new game's first look at move 1
        is not the last game's look at move 1)."""
        self.deal += 1
        self.closed: set[tuple[int, str]] = set()  # (move, key) of reveals that ended

    def _deal(self, seed: int | None) -> Game:
        """A new game of the same game, players and options, dealt with ``seed``."""
        game = self.game
        fresh = new_game(game.id, game.players, seed, **game.options)
        self.game = fresh
        self.first_game = False
        self.bots = seat_bots(fresh.id, self.kinds, seed_of(fresh))
        return fresh

    # ------------------------------------------------------------------ the contract

    @property
    def language(self) -> str:
        """The table's language: the game's ``language`` option where it has one, else English."""
        return language_of(self.game)

    def state(self) -> dict:
        """The whole synced model state (plain JSON), in the table's language."""
        with using(self.language):
            scene = self.scene()
            return {"seq": self.seq, "mode": self.mode, "scene": scene, "notice": self.notice,
                    "auto": self._auto(scene),
                    "pictures": {"set": self.game.id, "icons": pictures_of(self.presenter)},
                    "strings": ui_strings()}

    def handle(self, message: Any) -> dict:
        """Process one front-end message and return the new :meth:`state`; never raises."""
        self.seq += 1
        try:
            with using(self.language):
                result = self._dispatch(message)
        except Exception as err:  # a bug must show as a notice, not kill the widget
            result = error(f"Something went wrong inside witchtable ({type(err).__name__}: "
                           f"{clip(str(err))}); "
                           "the game is unchanged. Please report it.")
            self.last_traceback = traceback.format_exc()
        if result is not KEEP:
            self.notice = result
        return self.state()

    def _dispatch(self, message: Any) -> Any:
        """The message's handler's answer, or why no handler of this table takes it."""
        problem = message_problem(message, MESSAGE_FIELDS)
        if problem:
            return error(problem)
        kind = message.get("kind")
        if isinstance(kind, str) and kind in self.HANDLERS:
            return self.HANDLERS[kind](self, message)
        other = next((table for table in TABLES.values()
                      if isinstance(kind, str) and kind in table.HANDLERS), None)
        if other is not None:
            return error(f"'{kind}' works in the {other.WHERE}, not in {self.NOT_IN}.")
        return error(f"Unknown message kind {brief(kind)}; this {self.mode} table understands: "
                     f"{', '.join(self.HANDLERS)}.")

    # ------------------------------------------------------------------ acting (both modes)

    def _acting_seat(self, message: dict) -> int | dict:
        """The seat an action is played for, or an error notice."""
        asked = message.get("seat")
        if "seat" in message and asked is not None and not is_int(asked):
            return error(f"'seat' is a seat number, not {brief(asked)}.")
        return self._seat_for(asked)

    def _actor(self, message: dict) -> int | dict:
        """The seat a click made on this very board acts for, or the notice refusing it."""
        return stale(message, self.game.move_number) or self._acting_seat(message)

    def _on_act(self, message: dict) -> Any:
        """A legal action played as sent (a button, a card dropped on its target)."""
        action = message.get("action")
        if not isinstance(action, dict):
            return error(f"An 'act' message carries the 'action' object to play, not {brief(action)}.")
        seat = self._actor(message)
        if isinstance(seat, dict):
            return seat
        action, refusal = self._timed(message, action)
        return refusal or self._play(seat, action)

    def _on_build(self, message: dict) -> Any:
        """An action the presenter composes from a picker's choices (cards, then a target)."""
        seat = self._actor(message)
        if isinstance(seat, dict):
            return seat
        if seat not in self.game.to_act:
            # Not this seat's decision: let the engine refuse it, naming its turn rule.
            return self._play(seat, {"type": "build"})
        try:
            picker: Any = message.get("picker")  # the page's, unchecked: compose refuses unknown pickers
            action = self.presenter.compose(picker, message.get("picked"), message.get("target"),
                                            self.game, seat)
        except IllegalAction as err:
            return error(err.text(self.names), err.rule)
        action, refusal = self._timed(message, action)
        return refusal or self._play(seat, action)

    def _timed(self, message: dict, action: dict) -> tuple[dict, dict | None]:
        """``action`` timed by the clock drawn for this board (:func:`.messages.timed`)."""
        if self.clock is None or self.clock[0] != self.game.move_number:
            self.scene()  # not drawn for this board yet (a script's first message): draw it now
        return timed(message, action, self.clock[1] if self.clock else None)

    def _on_close(self, message: dict) -> Any:
        """A transient reveal ended (its time ran out, or the person closed it): drop it."""
        key = message.get("reveal")
        if not isinstance(key, str):
            return error(f"A 'close' message names the 'reveal' that ended, not {brief(key)}.")
        if message.get("move") != self.game.move_number:
            return KEEP  # the game moved on: that reveal is gone already
        self.closed.add((self.game.move_number, key))
        self._settle()  # bots and a hand-off held by the reveal go on
        return KEEP

    def _play(self, seat: int, action: dict) -> Any:
        """Apply ``action`` for ``seat`` (a refusal names its rule), then follow the move."""
        try:
            self.game.apply(seat, action)
        except IllegalAction as err:
            return error(err.text(self.names), err.rule)
        return self._moved(seat)

    # ------------------------------------------------------------------ the scene

    def scene(self) -> dict:
        """What to draw now (see ``docs/widgets.md`` for the schema)."""
        game = self.game
        scene = self._draw()
        scene["mode"] = self.mode
        scene["deal"] = self.deal
        scene["pictures"] = game.id
        scene["howto"] = howto(game, self.rules_url, self._howto_opens())
        if scene.get("gameover"):
            scene["gameover"]["rules"] = rules_of_game(game, self.rules_url)
        reveal = scene.get("reveal")
        if reveal and (game.move_number, reveal.get("key")) in self.closed:
            scene["reveal"] = None  # ended: nothing of it stays in the state
        elif reveal and self.presenter.timed_reveals:
            reveal["duration_ms"] = None if self.reveal_time is None else int(self.reveal_time * 1000)
        self.clock = (game.move_number, scene.get("clock") or None)
        self._clocked(scene)
        return scene
