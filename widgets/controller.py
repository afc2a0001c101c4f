"""The table controller: one game, who sits where, the bots and their pace, the explorer.

Host-independent: the anywidget adapter, a Pyodide web worker or a test drives it the
same way. :meth:`TableController.state` is the whole synced model state (plain JSON);
:meth:`TableController.handle` takes one message from the front end and returns the
new state. ``handle`` never raises: a malformed message, a repeated click, or a click
made on a board the game has since moved past becomes a visible notice and changes
nothing. The message kinds are listed in :data:`PLAY_KINDS` and :data:`EXPLORE_KINDS`
and documented in ``docs/widgets.md``.

In play mode the scene is built from the viewing seat's view alone, so no other
seat's hand ever reaches the browser; with several people at one screen the hands
hide behind a hand-off screen whenever the person to act changes.
"""

from __future__ import annotations

import json
import random
import re
import traceback
from collections.abc import Sequence
from typing import Any

from ..engine import IllegalAction, load_game, new_game
from ..engine.bots import default_bot, make_bot, reason_for
from ..engine.core import (
    UNDO_ANSWERED,
    UNDO_NOTHING,
    UNDO_OWN,
    UNDO_SHOWN,
    Game,
    SaveError,
    json_problem,
    parse_json,
)
from ..engine.rules import Rule, brief
from ..engine.sim import next_bot, play_bots, play_out, seat_bots
from .i18n import LANGUAGES, N_, _, bot_word, language, ngettext, ui_strings, using
from .links import PREFIX, LinkError, Position, link_url, make_link, play_page, read_link
from .presenters import presenter_for
from .scene import control, pictures_of, plural, second_person
from .variations import descendants, parents, read_tree, shared, write_tree

PLAY, EXPLORE = "play", "explore"
PLAY_KINDS = ("act", "build", "advance", "skip", "undo", "new", "handoff", "close", "reactions",
              "pace", "reveal_time", "explore")
EXPLORE_KINDS = ("act", "build", "goto", "view_as", "autoplay", "load", "undo", "new", "close", "variation",
                 "botmove")
MAX_MS = 3_600_000
"""The longest timed input taken (an hour): a clock's ``ms`` beyond it is refused."""
MESSAGE_FIELDS: dict[str, tuple[str, ...]] = {
    "act": ("action", "move", "seat", "ms", "point_ms"),
    "build": ("picker", "picked", "target", "move", "seat", "ms"),
    "advance": ("move", "ms"), "skip": (), "undo": (), "new": (), "handoff": (), "autoplay": (),
    "goto": ("move",), "view_as": ("seat",), "load": ("save",), "close": ("reveal", "move"),
    "reactions": ("value",), "pace": ("pace",), "reveal_time": ("seconds",), "variation": ("index", "op"),
    "botmove": ("move", "seat"), "explore": (),
}
"""The fields each message kind may carry besides ``kind``; any other field is refused."""
MESSAGE_DEPTH = 16
"""The deepest nesting a message may have (a save pasted as an object nests 6 deep)."""
MESSAGE_SIZE = 5_000_000
"""The most values and characters a message may hold (a pasted save is the largest)."""
BOT_NAMES = ("Agnes", "Morgana", "Hazel", "Sybil", "Elspeth", "Tabitha", "Mildred", "Ursula")
"""Default names of bot seats (by seat), so the log reads like a table of witches."""

REACTIONS = ("targeted", "stoppable", "always")
"""When a person is asked to react (a Pocus window): only when it concerns them (they can
stop or turn away a spell aimed at them, or double or save their own); whenever they hold a
card that stops it; or always. Otherwise the table passes for them (the presenter's
``reaction`` says, from the seat's own view and legal actions)."""
DEFAULT_REACTIONS = "targeted"
UNDO_RULES = ("fair", "practice")
"""``fair``: undo only until another seat has answered your move (core/undo-replies);
``practice``: the bots' answers may be taken back too, and the table says so."""

REACTION_TEXT = {
    "targeted": (N_("Ask me: when it concerns me"),
                 N_("you are asked only when you can stop or turn away a spell aimed at you, or "
                    "double or save your own; otherwise you pass automatically.")),
    "stoppable": (N_("Ask me: when I can stop it"),
                  N_("you are asked whenever you hold a card that stops the spell; otherwise you "
                     "pass automatically.")),
    "always": (N_("Ask me: always"), N_("you are asked about every spell.")),
}
"""The reactions control: its label and what the setting does, by setting."""

PACES = ((N_("slow"), 1.6), (N_("normal"), 0.9), (N_("fast"), 0.35), (N_("instant"), 0.0))
"""The pace control's steps (seconds between bot moves); it cycles through them."""
NORMAL_PACE = 0.9
BOT_CHAIN_FULL = 3
"""The first moves of a bot's turn that are played at the full pace."""
BOT_CHAIN_CAP = 4.0
"""The most seconds one bot's turn (its chain of moves: extra turns after a Witching Hour
Skull, Hourglass and Book, the answers inside it) may hold the person at the normal pace;
scaled by the pace set (slow 7.1 s, fast 1.6 s). Past :data:`BOT_CHAIN_FULL` moves each wait
is half of what is left of it (:func:`chain_delay`), so however long the chain, it stays under."""


def chain_delay(pace: float, played: int) -> float:
    """Seconds to wait before the next bot move of a turn that has had ``played`` paced moves:
    the pace for the first :data:`BOT_CHAIN_FULL`, then half of what is left of the turn's
    cap, each time (a person waited 20 s through one bot's extra turns)."""
    if played < BOT_CHAIN_FULL:
        return pace
    left = max(0.0, BOT_CHAIN_CAP * pace / NORMAL_PACE - BOT_CHAIN_FULL * pace)
    return left / 2 ** (played - BOT_CHAIN_FULL + 1)

REVEAL_TIMES = ((N_("3 s"), 3.0), (N_("5 s"), 5.0), (N_("10 s"), 10.0), (N_("20 s"), 20.0),
                (N_("until closed"), None))
"""The reveal-time control's steps (seconds a timed reveal stays open; None: until closed)."""
DEFAULT_REVEAL_TIME = 5.0
"""A timed reveal stays a few seconds unless the person sets otherwise."""
MAX_REVEAL_TIME = 600.0

KEEP = object()
"""A handler's answer meaning: leave the current notice as it is."""

DEFAULT_SEAT: Any = type("DefaultSeat", (), {"__repr__": lambda self: "the default seat"})()
"""``seat`` left out: seat 0 plays in play mode; the explorer opens on the god view."""

DEFAULT_BOTS: Any = type("DefaultBots", (), {"__repr__": lambda self: "the game's default bots"})()
"""``bots`` left out (or ``"default"``): the game's own best bot (its heuristic), or random
bots for a game without bots of its own."""


NOTICE_LIMIT = 600
"""The longest notice shown: refusals quote input briefly even where a message forgot to."""


def _notice(level: str, text: str, rule: str | None = None) -> dict:
    return {"level": level, "text": clip(text, NOTICE_LIMIT), "rule": rule}


def error(text: str, rule: str | None = None) -> dict:
    return _notice("error", text, rule)


def info(text: str) -> dict:
    return _notice("info", text)


def _reveal_time_problem(seconds: Any) -> str | None:
    """Why ``seconds`` is not a reveal time (0.5 to 600 seconds, or None: until closed), or None."""
    if seconds is None:
        return None
    if (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
            or not 0.5 <= seconds <= MAX_REVEAL_TIME):
        return (f"reveal_time is the seconds a reveal stays open, 0.5 to {MAX_REVEAL_TIME:g}, or None "
                f"(until closed), not {brief(seconds)}")
    return None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def resolve_seats(players: int, seat: Any, bots: Any) -> list[str | None]:
    """Who plays each seat: a bot kind, or ``None`` for a person at this screen.

    ``bots`` a kind (``"random"``, ``"heuristic"``): the seats in ``seat`` (an int, a
    list of ints, or ``None`` for nobody: watch the bots) are people, the rest bots.
    ``bots`` a list, one entry per seat: ``None`` entries are people (``seat`` unused).
    ``bots=None``: every seat is a person (pass-and-play; ``seat`` unused).
    """
    if bots is None:
        return [None] * players
    if isinstance(bots, (list, tuple)):
        if len(bots) != players:
            raise ValueError(f"bots lists one entry per seat ({players}), got {len(bots)}: {bots!r}")
        for kind in bots:
            if kind is not None and not isinstance(kind, str):
                raise ValueError(f"each bots entry is a bot kind or None (a person), not {kind!r}")
        return list(bots)
    if not isinstance(bots, str):
        raise ValueError(f"bots is a kind ('random', 'heuristic'), a list per seat, or None, not {bots!r}")
    if seat is None:
        people: list = []
    elif _is_int(seat):
        people = [seat]
    elif isinstance(seat, (list, tuple)) and all(_is_int(s) for s in seat):
        people = list(seat)
    else:
        raise ValueError(f"seat is a seat number, a list of them, or None, not {seat!r}")
    for s in people:
        if not 0 <= s < players:
            raise ValueError(f"seat {s} does not exist: seats are 0 to {players - 1}")
    return [None if s in people else bots for s in range(players)]


def default_names(kinds: Sequence[str | None]) -> list[str]:
    """One person against bots is "You" (log, notices and headline then speak to them);
    with several people each is "Player N"; a bot seat has a witch's name."""
    alone = sum(kind is None for kind in kinds) == 1
    return [(_("You") if alone else _("Player {n}").format(n=s + 1)) if kind is None
            else BOT_NAMES[s % len(BOT_NAMES)] for s, kind in enumerate(kinds)]


def rules_anchor(rule: Rule) -> str:
    """Where on its game's rules page a rule is explained: its ruling, the house data it
    states, or the rules table (tests/widgets/test_rules_pages.py checks each rule's page has it)."""
    return "#rulings" if rule.ruling else "#house-data" if rule.house else "#rules"


class TableController:
    """One table: ``mode="play"`` (people vs bots, or pass-and-play) or ``"explore"``.

    Play: ``seat``/``bots`` say who plays which seat (see :func:`resolve_seats`);
    ``pace`` is the seconds between bot moves the front end waits (0: bots move at
    once). Explore: ``seat`` is the seat whose view is shown (``None``, the default: the god view)
    and ``bots`` the kind that plays on when asked to ("let the bots play").
    ``save`` (explore) opens a saved game (JSON text or dict) at its last move; ``position``
    (explore) opens a position link (widgets/links.py) at the move it shows. ``site_url``: the
    site's base address, so the explorer's link is the game's play page there.
    """

    def __init__(self, game_id: str, players: int = 3, seat: Any = DEFAULT_SEAT, bots: Any = DEFAULT_BOTS,
                 seed: int | None = None, names: Sequence[str] | None = None, mode: str = PLAY,
                 pace: float = 0.9, save: Any = None, reactions: str = DEFAULT_REACTIONS,
                 undo: str = "fair", rules_url: str | None = None,
                 reveal_time: float | None = DEFAULT_REVEAL_TIME, position: Any = None,
                 site_url: str | None = None, **options: Any):
        if mode not in (PLAY, EXPLORE):
            raise ValueError(f"mode is 'play' or 'explore', not {mode!r}")
        if reactions not in REACTIONS:
            raise ValueError(f"reactions is one of {', '.join(REACTIONS)}, not {reactions!r}")
        if undo not in UNDO_RULES:
            raise ValueError(f"undo is 'fair' (not after a bot has answered) or 'practice', not {undo!r}")
        self.reactions = reactions
        self.undo_rule = undo
        self.automatic: set[int] = set()  # indices of moves the table played for a person
        if isinstance(pace, bool) or not isinstance(pace, (int, float)) or not 0 <= pace <= 10:
            raise ValueError(f"pace is the seconds between bot moves, 0 to 10, not {pace!r}")
        problem = _reveal_time_problem(reveal_time)
        if problem:
            raise ValueError(problem)
        self.reveal_time = None if reveal_time is None else float(reveal_time)
        if rules_url is not None and not isinstance(rules_url, str):
            raise ValueError(f"rules_url is the address of the game's rules page (text), not {rules_url!r}")
        if site_url is not None and not isinstance(site_url, str):
            raise ValueError(f"site_url is the witchtable site's base address (text), not {site_url!r}")
        self.site_url = site_url
        linked = self._linked(game_id, mode, position, save)
        self.mode = mode
        self.pace = float(pace)
        self.rules_url = rules_url
        self.first_game = True  # the How to play panel opens by itself on the first game only
        self.deal = 0  # which history the table shows (_new_history): reveals are scoped to it
        self.seq = 0
        self.notice: dict | None = None
        self._seeds = random.Random(seed)
        self._custom_names = list(names) if names is not None else None
        if seat is DEFAULT_SEAT:
            seat = 0 if mode == PLAY else None
        if save is not None:
            if isinstance(save, (str, bytes, bytearray)):
                save = parse_json(save, "this save", SaveError)
            game = load_game(save)
        elif linked is not None:
            game = linked.game
        else:
            game = new_game(game_id, players, seed, **options)
        self._setup(game, seat, bots)
        if mode == EXPLORE:
            # The main line and the variations beside it (widgets/variations.py); the one shown.
            lines, active = read_tree(save, game) if save is not None else ([[]], 0)
            self._open_lines([linked.line] if linked is not None else lines, active)
            if linked is not None:
                self._goto(linked.move)
        self._start()

    def _open_lines(self, lines: list[list], active: int) -> None:
        """The explorer's lines (the main line and the variations beside it, widgets/variations.py)
        and the one shown, with the turns and rounds of the timeline found on it."""
        self.lines, self.active = lines, active
        self.turns: list[int] = []
        self._currents: list[Any] = []  # the view's ``current`` seat at each position
        self._rounds: list[Any] = []  # the view's ``round`` at each position (None: no rounds)
        self._numbers: list[Any] = []  # the view's ``turn`` number at each position, if it has one
        self.reasons: dict[int, dict] = {}  # a line's start (prefix_keys) -> the bot's move there, why
        self._mark_turns(0)

    @staticmethod
    def _linked(game_id: Any, mode: str, position: Any, save: Any) -> Position | None:
        """The position link asked for, read (raises LinkError saying what is wrong), or None.

        A link holds the seed, which tells every card: it opens in the explorer only.
        """
        if position is None:
            return None
        if mode != EXPLORE:
            raise ValueError("a position link opens in the explorer (mode='explore'): it holds the seed, "
                             "which tells every hidden card, so a play table never opens one")
        if save is not None:
            raise ValueError("give a save or a position link, not both")
        linked = read_link(position)
        if game_id is not None and game_id != linked.game.id:
            raise ValueError(f"this link is a position of {linked.game.spec.name} ({linked.game.id}), "
                             f"not of {game_id}: open it with {linked.game.spec.name} (its play page, "
                             "or explore(link=...) without a game)")
        return linked

    # ------------------------------------------------------------------ set-up

    def _setup(self, game: Game, seat: Any, bots: Any) -> None:
        self.game = game
        self.presenter = presenter_for(game.id)
        players = game.players
        best = default_bot(game.id)
        if bots is DEFAULT_BOTS or bots == "default":
            bots = best
        if self.mode == PLAY:
            self.kinds = resolve_seats(players, seat, bots)
            self.humans = [s for s, kind in enumerate(self.kinds) if kind is None]
            self.view_seat: int | None = None
            self.explore_bots: list[str] = []
        else:
            if seat is not None and (not _is_int(seat) or not 0 <= seat < players):
                raise ValueError(f"seat (the view shown) is None for the god view or 0 to {players - 1}, "
                                 f"not {seat!r}")
            self.kinds = [None] * players
            self.humans = list(range(players))
            self.view_seat = seat
            kinds = resolve_seats(players, None, bots if bots is not None else best)
            self.explore_bots = [k or best for k in kinds]
        for kind in set(self.kinds + self.explore_bots) - {None}:
            make_bot(kind, game.id)  # raises ValueError naming the kinds this game has
        with using(language_of(game)):
            self._name_seats(players)
        self.bots = seat_bots(game.id, self.kinds, game.seed)
        for bot in self.bots:
            if bot is not None and hasattr(bot, "follow"):
                bot.follow = tuple(self.humans)  # public: each seat shows whether a bot plays it

    def _name_seats(self, players: int) -> None:
        names = self._custom_names
        if names is not None:
            if len(names) != players or not all(isinstance(n, str) and n.strip() for n in names):
                raise ValueError(f"names lists one non-empty name per seat ({players}), got {names!r}")
            self.names = [n.strip() for n in names]
        else:
            self.names = default_names(self.kinds) if self.mode == PLAY else [
                _("Player {n}").format(n=s + 1) for s in range(players)]

    def _start(self) -> None:
        """Fresh game: who sees the screen, and bots that move first (when unpaced)."""
        self.viewer: int | None = None
        self.handoff_to: int | None = None
        self._new_history()
        self.clock: tuple[int, dict | None] | None = None  # (move, clock) of the scene last drawn
        self.race: dict | None = None  # a race's bot calls this round (_race_part), never synced
        self.automatic = set()
        self.own_upto = -1  # the last log event of the person's own latest move (told at once)
        self.chain: tuple[Any, int] = (None, 0)  # whose turn the paced bot moves are in, how many
        if self.mode == PLAY:
            if len(self.humans) == 1:
                self.viewer = self.humans[0]
            self._settle()

    def _new_history(self) -> None:
        """The moves before the position shown may differ from now on (a new deal, a load,
        another line of the explorer), so move numbers, and the reveal keys made from them,
        start over: the reveals closed so far are forgotten, and the scene's ``deal`` changes,
        so the front end forgets the one it closed too (a new game's first look at move 1
        is not the last game's look at move 1)."""
        self.deal += 1
        self.closed: set[tuple[int, str]] = set()  # (move, key) of reveals that ended

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

    # ------------------------------------------------------------------ dispatch

    def _dispatch(self, message: Any) -> Any:
        problem = message_problem(message, MESSAGE_FIELDS)
        if problem:
            return error(problem)
        kind = message.get("kind")
        kinds = PLAY_KINDS if self.mode == PLAY else EXPLORE_KINDS
        if kind not in kinds:
            other = EXPLORE_KINDS if self.mode == PLAY else PLAY_KINDS
            if isinstance(kind, str) and kind in other:
                return error(f"'{kind}' works in the {'explorer' if self.mode == PLAY else 'play table'}, "
                             f"not in {'play' if self.mode == PLAY else 'the explorer'}.")
            return error(f"Unknown message kind {brief(kind)}; this {self.mode} table understands: "
                         f"{', '.join(kinds)}.")
        return getattr(self, "_on_" + kind)(message)

    def _stale(self, message: dict) -> dict | None:
        """A notice if the message lacks its move number or was made on an earlier board."""
        move = message.get("move")
        if "move" not in message:
            return error(f"A '{message['kind']}' message must carry the 'move' number it was made on.")
        if not _is_int(move):
            return error(f"'move' is the move number the click was made on (a whole number), "
                         f"not {brief(move)}.")
        now = self.game.move_number
        if move != now:
            return info(f"Ignored a click made on move {brief(move)}: the game is at move {now} now, "
                        "so it was not played (nothing is ever played twice or late).")
        return None

    # -- acting (both modes)

    def _acting_seat(self, message: dict) -> int | dict:
        """The seat an action is played for, or an error notice."""
        game = self.game
        asked = message.get("seat")
        if "seat" in message and asked is not None and not _is_int(asked):
            return error(f"'seat' is a seat number, not {brief(asked)}.")
        if self.mode == EXPLORE:
            if asked is None:
                if len(game.to_act) > 1:
                    return error("Several seats may act now; say which one with 'seat'.")
                asked = game.to_act[0] if game.to_act else 0
            viewed = self.view_seat
            if viewed is not None and asked != viewed:
                # Playing another seat from this view would tell its options (a refusal
                # names the cards it lacks): only the viewed seat acts here.
                return error(f"You are viewing as {self.names[viewed]}: only {self.names[viewed]}'s "
                             "moves can be played in this view. Choose All hands (or that seat's "
                             "view) to play for another seat.")
            return asked
        if self.handoff_to is not None:
            name = self.names[self.handoff_to]
            return error(f"Pass the screen to {name} first: {name} presses “I am {name}”.")
        if self._shared() and asked is not None and asked in self.humans:
            return asked  # several people at one screen, each acting for their own seat
        if self.viewer is None:
            waiting = " and ".join(self.names[s] for s in self.game.to_act) or "nobody"
            return error(f"Nobody at this screen may act now; waiting for {waiting}.")
        if asked is not None and asked != self.viewer:
            return error(f"This screen plays {self.names[self.viewer]}'s seat, not {self.names[asked]}'s."
                         if 0 <= asked < len(self.names) else f"There is no seat {brief(asked)}.")
        return self.viewer

    def _on_act(self, message: dict) -> Any:
        action = message.get("action")
        if not isinstance(action, dict):
            return error(f"An 'act' message carries the 'action' object to play, not {brief(action)}.")
        stale = self._stale(message)
        if stale:
            return stale
        seat = self._acting_seat(message)
        if isinstance(seat, dict):
            return seat
        action, refusal = self._timed(message, action)
        return refusal or self._play(seat, action)

    def _timed(self, message: dict, action: dict) -> tuple[dict, dict | None]:
        """``action`` with the clock's milliseconds in the engine's field, and a refusal or None.

        While the scene shows a running clock, the front end measures the time since the
        clock appeared and sends it as ``ms``; the engine declares the field it reads
        (the clock's ``field``). Without a clock, ``ms`` is refused: nothing is timed.
        """
        if self.clock is None or self.clock[0] != self.game.move_number:
            self.scene()  # not drawn for this board yet (a script's first message): draw it now
        clock = self.clock[1] if self.clock else None
        if clock is None:
            if "ms" in message:
                return action, error("'ms' is only sent while a clock runs; no clock is running now.")
            return action, None
        ms = message.get("ms")
        if not _is_int(ms) or not 0 <= ms <= MAX_MS:
            return action, error(f"A timed action carries 'ms', the whole milliseconds since the clock "
                                 f"started (0 to {MAX_MS}), not {brief(ms)}.")
        if clock["field"] not in action:
            return action, None  # an untimed call while the clock runs (a pass): its time is not read
        timed = {**action, clock["field"]: ms}
        point, field = message.get("point_ms"), clock.get("point_field")
        if "point_ms" in message:
            if not field or field not in action:
                return action, error("'point_ms' is only sent with a call the clock times in two steps "
                                     "(a call key, then the card).")
            if not _is_int(point) or not 0 <= point <= MAX_MS:
                return action, error(f"'point_ms' is the whole milliseconds from the call to pointing "
                                     f"(0 to {MAX_MS}), not {brief(point)}.")
            timed[field] = point
        return timed, None

    def _on_build(self, message: dict) -> Any:
        stale = self._stale(message)
        if stale:
            return stale
        seat = self._acting_seat(message)
        if isinstance(seat, dict):
            return seat
        if seat not in self.game.to_act:
            # Not this seat's decision: let the engine refuse it, naming its turn rule.
            return self._play(seat, {"type": "build"})
        try:
            action = self.presenter.compose(message.get("picker"), message.get("picked"),
                                            message.get("target"), self.game, seat)
        except IllegalAction as err:
            return error(err.text(self.names), err.rule)
        action, refusal = self._timed(message, action)
        return refusal or self._play(seat, action)

    def _on_close(self, message: dict) -> Any:
        """A transient reveal ended (its time ran out, or the person closed it): drop it."""
        key = message.get("reveal")
        if not isinstance(key, str):
            return error(f"A 'close' message names the 'reveal' that ended, not {brief(key)}.")
        if message.get("move") != self.game.move_number:
            return KEEP  # the game moved on: that reveal is gone already
        self.closed.add((self.game.move_number, key))
        if self.mode == PLAY:
            self._settle()  # bots and a hand-off held by the reveal go on
        return KEEP

    @property
    def line(self) -> list[list]:
        """The line shown (explorer): the main line or a variation, every move from the start."""
        return self.lines[self.active]

    @line.setter
    def line(self, moves: list[list]) -> None:
        self.lines[self.active] = moves

    def _play(self, seat: int, action: dict) -> Any:
        game = self.game
        branch = self.mode == EXPLORE and game.move_number < len(self.line)
        try:
            game.apply(seat, action)
        except IllegalAction as err:
            return error(err.text(self.names), err.rule)
        if self.mode == EXPLORE:
            index = game.move_number - 1
            played = [seat, dict(game.history[-1].action)]
            if branch and self.line[index] == played:
                return None  # the same move the timeline already holds: just a step forward
            if branch:
                return self._branch([*self.line[:index], played], index)
            self.line.append(played)
            self._mark_turns(index)
            return None
        self._settle(own_move=True)
        return None

    # -- play: bots, undo, hand-off

    def _next_bot(self) -> int | None:
        """A bot seat to move now (bots move at the front end's pace), or None.

        When several seats may act at once (a reaction window), a person at this screen
        among them decides first and the bots wait: a paced bot move landing while the
        person clicks would make that click stale. The person is asked again whenever a
        bot's move re-opens the decision (the engine puts them back in ``to_act``).
        """
        return next_bot(self.game, self.bots)

    def _auto_answer(self, seat: int) -> dict | None:
        """The pass the table plays for ``seat`` now, or None: ask the person.

        Decided from ``seat``'s own view and legal actions only (the presenter says whether
        this is a reaction prompt and how it concerns them), so it reveals nothing.
        """
        if self.reactions == "always":
            return None
        reaction = getattr(self.presenter, "reaction", None)
        if reaction is None:
            return None
        game = self.game
        prompt = reaction(game.view(seat), seat, game.legal_actions(seat))
        if prompt is None:
            return None
        wanted = prompt["stops"] if self.reactions == "stoppable" else prompt["concerns"]
        return None if wanted else prompt["pass"]

    def _auto_pass(self) -> int:
        """The table passes for each person whose reaction prompt the setting skips."""
        passed = 0
        while not self.game.is_over:
            for seat in self.game.to_act:
                if seat in self.humans:
                    action = self._auto_answer(seat)
                    if action is not None:
                        self.game.apply(seat, action)
                        self.automatic.add(self.game.move_number - 1)
                        passed += 1
                        break
            else:
                return passed
        return passed

    def _run_bots(self, limit: int | None = None, hold: bool = False) -> int:
        """Bots play until a person may act or the game ends (or ``limit`` moves); the
        table's automatic passes for people are made before and after each bot move.
        With ``hold``, they also stop while a timed reveal is open on the screen."""
        played = 0
        self._auto_pass()
        while limit is None or played < limit:
            if hold and self._held():
                break
            if not play_bots(self.game, self.bots, limit=1):
                break
            played += 1
            self._auto_pass()
            if played > 100_000:
                raise RuntimeError("the bots did not reach a person's turn in 100000 moves")
        return played

    def _settle(self, own_move: bool = False) -> None:
        """After any change in play: automatic passes, unpaced bots move, and the screen
        follows the turn."""
        self._race_rest()
        self._auto_pass()
        if own_move:  # the person's move and the table's passes for them: told at once
            self.own_upto = self.game.log_length - 1
            self.chain = (None, 0)  # the bots' next moves start a new chain
        if self.pace <= 0:
            self._run_bots(hold=True)
        if len(self.humans) <= 1:
            self.viewer = self.humans[0] if self.humans else None
            return
        if self.game.is_over:
            self.viewer = self.handoff_to = None
            return
        people = [s for s in self.game.to_act if s in self.humans]
        if self._shared():  # nothing hidden between the people here: no hand-off screen
            self.viewer, self.handoff_to = (people or self.humans)[0], None
            return
        if self.viewer is not None and self.viewer in people:
            return  # the same person goes on (an extra turn, a Mirror chain)
        if self.viewer is not None and self._held():
            return  # the person at the screen is still looking at what a moment shows
        self.viewer = None  # hide the last person's hand: someone else may be looking
        self.handoff_to = people[0] if people else None

    def _shared(self) -> bool:
        """Whether the people at this screen share it: the presenter says the game hides
        nothing from one person that another may see (a race around one board), so several
        people play at once, each with their own seat in their messages."""
        return len(self.humans) > 1 and getattr(self.presenter, "SHARED_SCREEN", False)

    def _on_advance(self, message: dict) -> Any:
        if "ms" in message:
            return self._hear(message)
        if "move" in message:
            if not _is_int(message["move"]):
                return error(f"'move' is a whole number, not {brief(message['move'])}.")
            if message["move"] != self.game.move_number:
                return KEEP  # another view's timer already moved the game on: harmless
        if self.game.is_over:
            return info("The game is over; there is no bot move to show.")
        owner = self._turn_owner()
        if not self._run_bots(limit=1):
            return info("No bot is to move now.")
        self.chain = (owner, self.chain[1] + 1 if self.chain[0] == owner else 1)
        self._settle()
        return None

    def _turn_owner(self) -> Any:
        """Whose turn the next bot move belongs to (a chain, for :func:`chain_delay`): the public
        view's ``current`` seat, else (a game whose view has none) the bot that moves."""
        current = self.game.view(None).get("current")
        return current if _is_int(current) else self._next_bot()

    def _on_skip(self, message: dict) -> Any:
        played = self._run_bots()
        self.chain = (None, 0)
        self._settle()
        if not played:
            return info("No bot is to move now.")
        return info(f"Skipped ahead: the bots played {plural(played, 'move')}.")

    def _on_pace(self, message: dict) -> Any:
        """The person's pace setting: seconds between bot moves (and their cards' flight)."""
        pace = message.get("pace")
        if isinstance(pace, bool) or not isinstance(pace, (int, float)) or not 0 <= pace <= 10:
            return error(f"'pace' is the seconds between bot moves, 0 to 10, not {brief(pace)}.")
        self.pace = float(pace)
        self._settle()  # at pace 0 the bots waiting to move play at once
        return None

    def _on_reveal_time(self, message: dict) -> Any:
        """The person's setting: how long a timed reveal stays open (None: until closed)."""
        seconds = message.get("seconds")
        problem = _reveal_time_problem(seconds)
        if problem:
            return error(f"'seconds' {problem.split(' ', 1)[1]}.")
        self.reveal_time = None if seconds is None else float(seconds)
        return None

    def _held(self) -> bool:
        """A timed reveal (the presenter's ``timed_reveals``) is open on this screen now.

        What a moment shows (a searched storage space, a look at new cards) stays for the
        time the person set or until they close it: the bots and a hand-off wait for it,
        since the next action would end it. Games without timed reveals are never held.
        """
        if self.mode != PLAY or not getattr(self.presenter, "timed_reveals", False):
            return False
        if not self.humans:
            return False  # bots only: nobody at this screen is looking, the game plays on
        shown = None if self.handoff_to is not None else self.viewer
        scene = self.presenter.present(self.game, shown, names=self.names, bots=self.kinds, you=shown)
        shown_reveal = scene.get("reveal")
        return bool(shown_reveal) and (self.game.move_number, shown_reveal.get("key")) not in self.closed

    def _on_handoff(self, message: dict) -> Any:
        if self.handoff_to is None:
            return info("No hand-off is waiting.")
        self.viewer, self.handoff_to = self.handoff_to, None
        return None

    def _on_undo(self, message: dict) -> Any:
        if self.mode == EXPLORE:
            if self.game.move_number == 0:
                return error("There is nothing to undo: this is the start of the game.", "core/undo")
            self._goto(self.game.move_number - 1)
            return info("Stepped back one move; step forward to replay it.")
        if self.handoff_to is not None:
            return error(f"Hand the screen to {self.names[self.handoff_to]} first.")
        seat = self.viewer
        if seat is None:
            return error("Nobody at this screen has a move to take back now.")
        game = self.game
        count, reason = self._takeback(seat)
        if not count:
            if not any(m.seat == seat for m in game.history):
                return error(reason, "core/undo")
            if game.takeback(seat, self.names, automatic=self.automatic)[0]:
                return error(reason, "core/undo-replies")  # only this table's undo rule refuses
            return error(reason)
        others = sorted({m.seat for m in game.history[-count:]} - {seat} - set(self._bot_seats()))
        if others:
            return error("Undo would also take back "
                         + " and ".join(f"{self.names[s]}'s move" for s in others)
                         + "; only your own move (and the bots' replies) can be taken back.")
        replies = sum(1 for m in game.history[-count:] if m.seat != seat)
        for _step in range(count):
            game.undo()
        self.automatic = {i for i in self.automatic if i < game.move_number}
        self.own_upto = min(self.own_upto, game.log_length - 1)
        if replies:
            return info(_("Practice: took back your last move and {replies}; the bots may answer "
                          "differently now.").format(replies=plural(replies, "bot reply", "bot replies")))
        return info(_("Took back your last move."))

    def _takeback(self, seat: int) -> tuple[int, str]:
        """The engine's takeback under this table's undo rule (core/undo-replies), its reason
        in the table's language."""
        count, reason = self.game.takeback(seat, self.names, replies=self.undo_rule == "practice",
                                           automatic=self.automatic)
        return count, reworded(reason, (UNDO_NOTHING, UNDO_ANSWERED, UNDO_SHOWN, UNDO_OWN))

    def _on_reactions(self, message: dict) -> Any:
        value = message.get("value")
        if value not in REACTIONS:
            return error(f"'reactions' is one of {', '.join(REACTIONS)}, not {brief(value)}.")
        self.reactions = value
        self._settle()
        return info(_("Reactions: {what}").format(what=_(REACTION_TEXT[value][1])))

    def _bot_seats(self) -> list[int]:
        return [s for s, kind in enumerate(self.kinds) if kind is not None]

    def _on_new(self, message: dict) -> Any:
        game = self.game
        # A seed tells every hidden card. In play mode the next deal comes from the operating
        # system and is never shown (a seed that followed from the last one could be predicted
        # and opened in the explorer); the explorer, which shows every hand anyway, stays
        # reproducible and says its seed.
        seed = self._seeds.randrange(2**31) if self.mode == EXPLORE else None
        fresh = new_game(game.id, game.players, seed, **game.options)
        self.game = fresh
        self.first_game = False
        self.bots = seat_bots(fresh.id, self.kinds, fresh.seed)
        if self.mode == EXPLORE:
            self.lines, self.active = [[]], 0
            self.reasons = {}
            self._mark_turns(0)
            self._start()
            if self.view_seat is not None:  # the seed tells every card: god view only
                return info(f"A new game of {fresh.spec.name}.")
            return info(f"A new game of {fresh.spec.name} (seed {seed}).")
        self._start()
        return info(f"A new game of {fresh.spec.name}: new cards, shuffled at random.")

    def _explorable(self) -> bool:
        """Whether this play table may open in the explorer now: it shows every hand (and the
        seed), so only once the game is over, or at a table where only bots play."""
        return self.game.is_over or not self.humans

    def _on_explore(self, message: dict) -> Any:
        """"Explore this game": the same table turns into the explorer on the game just played,
        at its last move, with the same names; the bots that played go on for it when asked."""
        if not self._explorable():
            return error(_("The explorer shows every hand, so it opens once the game is over."))
        played = list(self.kinds)
        alone = self._custom_names is None and len(self.humans) == 1
        # The names the game was played with; the default "You" is spoken of in the third
        # person in the explorer ("You (player 1) attacks Hazel"), so it gets its seat too.
        self._custom_names = [_("You (player {n})").format(n=s + 1) if alone and kind is None else name
                              for s, (name, kind) in enumerate(zip(self.names, played, strict=True))]
        self.mode = EXPLORE
        self._setup(self.game, None, played)
        self._open_lines([[[m.seat, dict(m.action)] for m in self.game.history]], 0)
        self._start()
        return info(_("Exploring this game: every hand is shown. Step through its moves on the "
                      "timeline, or try another move at any position (a variation)."))

    def _explore_part(self) -> dict | None:
        """The "Explore this game" button (play): in the controls, and on the game-over panel."""
        if not self._explorable():
            return None
        return control("explore", _("Explore this game"), {"kind": "explore"}, icon="eye",
                       hint=_("Open this game in the explorer: every hand, move by move, with the rules "
                              "behind each choice."))

    # -- explore: timeline, views, autoplay, saves

    def _goto(self, move: int) -> None:
        save = self.game.to_json()
        save["actions"] = [list(entry) for entry in self.line[:move]]
        self.game = load_game(save)

    def _mark_turns(self, start: int) -> None:
        """``self.turns``: the positions of the line where a new turn begins (PageUp/PageDown);
        with the view's round and turn number at each position, for the grouped timeline.

        A turn is the public ``current`` seat of the game's view (whose turn it is: a
        reaction by another seat stays inside it); for a game whose view has none, a turn
        begins wherever the seat that moves changes. Positions up to ``start`` keep what
        was found; the rest is found by replaying the line from there.
        """
        save = self.game.to_json()
        save["actions"] = [list(entry) for entry in self.line[:start]]
        game = load_game(save)
        currents, rounds, numbers = self._currents[:start], self._rounds[:start], self._numbers[:start]

        def note() -> None:
            view = game.view(None)  # public facts only: whose turn, which round, the turn's number
            currents.append(view.get("current"))
            rounds.append(view.get("round"))
            numbers.append(view.get("turn"))

        note()
        for seat, action in self.line[start:]:
            game.apply(seat, action)
            note()
        self._currents, self._rounds, self._numbers = currents, rounds, numbers
        if all(c is None for c in currents):
            currents = [seat for seat, _action in self.line]
        self.turns = [p for p in range(1, len(currents)) if currents[p] != currents[p - 1]]

    def _on_goto(self, message: dict) -> Any:
        move = message.get("move")
        if not _is_int(move) or not 0 <= move <= len(self.line):
            return error(f"'goto' needs a move number from 0 to {len(self.line)}, not {brief(move)}.")
        self._goto(move)
        return None

    def _on_view_as(self, message: dict) -> Any:
        if "seat" not in message:
            return error("'view_as' needs 'seat': a seat number, or null for the god view.")
        seat = message["seat"]
        if seat is not None and (not _is_int(seat) or not 0 <= seat < self.game.players):
            return error(f"'seat' is null (the god view) or a seat from 0 to {self.game.players - 1}, "
                         f"not {brief(seat)}.")
        self.view_seat = seat
        return None

    def _branch(self, moves: list[list], start: int) -> dict:
        """Leave the line shown at ``start`` for ``moves``: the line already holding them, or a
        new variation beside it (the line left is kept whole)."""
        for index, line in enumerate(self.lines):
            if line[:len(moves)] == moves:
                self.active = index
                self._new_history()
                self._mark_turns(0)
                return info(_("On {line} again (it already holds this move).").format(
                    line=self._line_name(index)))
        self.lines.append(moves)
        self.active = len(self.lines) - 1
        self._new_history()
        self._mark_turns(0)
        return info(_("A new variation from move {n}: the line you left is kept; its moves are "
                      "under Variations.").format(n=start))

    def _line_name(self, index: int) -> str:
        return _("the main line") if index == 0 else _("variation {n}").format(n=index)

    def _on_autoplay(self, message: dict) -> Any:
        game = self.game
        if game.is_over:
            return info("The game is over already.")
        start = game.move_number
        branch = start < len(self.line)
        # Bots seeded by the position, so "play on from here" differs from move to move.
        bots = seat_bots(game.id, self.explore_bots, game.seed, salt=1009 * start)
        play_out(game, bots, random.Random(game.seed + start))
        text = f"The bots played {plural(game.move_number - start, 'move')} to the end."
        moves = [[m.seat, dict(m.action)] for m in game.history]
        if branch and moves != self.line:
            return info(text + " " + self._branch(moves, start)["text"])
        self.line = moves
        self._mark_turns(start)
        return info(text)

    def _on_botmove(self, message: dict) -> Any:
        """The explorer's bot plays its choice for the seat to act here (a variation when the
        line already goes on), from that seat's own view, as "Bots play to the end" would."""
        stale = self._stale(message)
        if stale:
            return stale
        game = self.game
        if game.is_over:
            return info("The game is over already.")
        seat = self._acting_seat(message)
        if isinstance(seat, dict):
            return seat
        if seat not in game.to_act:
            return self._play(seat, {"type": "pass"})  # the engine refuses, naming its turn rule
        start = game.move_number
        bot = seat_bots(game.id, self.explore_bots, game.seed, salt=1009 * start)[seat]
        view = game.view(seat) if getattr(bot, "needs_view", True) else {}
        legal = game.legal_actions(seat)
        action = bot.choose(view, legal)
        reason = reason_for(bot, view, legal, action, self.names)
        label = f"{self.names[seat]} {self.presenter.action_label(action, self.names)}"
        result = self._play(seat, action)
        if isinstance(result, dict) and result["level"] == "error":
            return result
        kind = self.explore_bots[seat]
        self.reasons[prefix_keys(self.line[:start + 1])[-1]] = {
            "kind": kind, "reason": reason or _("This bot gives no reason for its moves.")}
        text = _("The bot ({kind}) plays here: {move}.").format(kind=bot_word(kind), move=label)
        if reason:
            text += " " + _("Why: {reason}").format(reason=reason)
        return info(text + (" " + result["text"] if isinstance(result, dict) else ""))

    def _on_variation(self, message: dict) -> Any:
        """Show, delete or promote (make the main line) one of the lines."""
        index, op = message.get("index"), message.get("op")
        if not _is_int(index) or not 0 <= index < len(self.lines):
            return error(f"'variation' needs 'index', a line from 0 (the main line) to "
                         f"{len(self.lines) - 1}, not {brief(index)}.")
        if op not in ("show", "delete", "promote"):
            return error(f"'op' is 'show', 'delete' or 'promote', not {brief(op)}.")
        name = self._line_name(index)
        if op == "show":
            left = self.line
            if index != self.active:
                self._new_history()
            self.active = index
            # Where the two lines part (the move the teacher changed), or the start of the line.
            self._goto(min(shared(left, self.line) + 1, len(self.line)) if left is not self.line
                       else self.game.move_number)
            self._mark_turns(0)
            return info(_("Showing {line}.").format(line=name))
        if index == 0:
            return error(_("The main line cannot be {done}; promote a variation in its place.").format(
                done=_("deleted") if op == "delete" else _("promoted")))
        if op == "promote":
            line = self.lines.pop(index)
            self.lines.insert(0, line)
            self.active = {index: 0}.get(self.active, self.active + 1 if self.active < index else self.active)
            return info(_("Variation {n} is the main line now.").format(n=index))
        gone = descendants(self.lines, index)
        at = parents(self.lines)[index]
        keep = [i for i in range(len(self.lines)) if i not in gone]
        if self.active in gone:
            self._new_history()
            parent = at[0] if at[0] is not None else 0
            self.active = keep.index(parent)
            self.lines = [self.lines[i] for i in keep]
            self._goto(min(at[1], len(self.line)))
            self._mark_turns(0)
        else:
            self.active = keep.index(self.active)
            self.lines = [self.lines[i] for i in keep]
        return info(ngettext("Deleted {line}.", "Deleted {line} and the {n} variations branching from it.",
                             len(gone)).format(line=name, n=len(gone) - 1))

    def _on_load(self, message: dict) -> Any:
        save = message.get("save")
        if not isinstance(save, (str, dict)) or (isinstance(save, str) and not save.strip()):
            return error("Paste a save (the JSON text from the save box) before loading.")
        shown = None  # a position link pasted in the box: the move it shows
        try:
            if isinstance(save, str) and save.strip().startswith(PREFIX[:2]):
                linked = read_link(save)
                game, lines, active, shown = linked.game, [linked.line], 0, linked.move
            else:
                if isinstance(save, str):
                    save = parse_json(save, "this save", SaveError)
                game = load_game(save)
                lines, active = read_tree(save, game)
        except (ValueError, TypeError, KeyError) as err:
            what = ("That position link could not be opened" if isinstance(err, LinkError)
                    else "That save could not be loaded")
            return error(f"{what}: {err}. Nothing was changed.")
        previous = (self.game, self.presenter, self.names, self.kinds, self.humans, self.explore_bots,
                    self.view_seat, self.bots)
        names = self._custom_names
        if names is not None and len(names) != game.players:
            self._custom_names = None
        try:
            self._setup(game, self.view_seat if (self.view_seat or 0) < game.players else None,
                        self.explore_bots[0] if self.explore_bots else DEFAULT_BOTS)
        except ValueError as err:
            (self.game, self.presenter, self.names, self.kinds, self.humans, self.explore_bots,
             self.view_seat, self.bots) = previous
            self._custom_names = names
            return error(f"That save could not be loaded: {err}. Nothing was changed.")
        self.lines, self.active = lines, active
        self.reasons = {}
        self._new_history()
        self._mark_turns(0)
        if shown is not None:
            self._goto(shown)
            return info(f"Opened a position link of {game.spec.name}: {game.players} players, move {shown} "
                        f"of {len(self.line)}.")
        extra = len(lines) - 1
        if extra:
            return info(f"Loaded a save of {game.spec.name}: {game.players} players, move {game.move_number} "
                        f"of its line, with {plural(extra, 'variation')}.")
        return info(f"Loaded a save of {game.spec.name}: {game.players} players, "
                    f"{plural(game.move_number, 'move')}.")

    # ------------------------------------------------------------------ the scene

    def _auto(self, scene: dict) -> dict | None:
        """What the front end should send by itself, and after how long (bot pacing: the pace,
        shortened deep in one bot's long turn so that it stays under :data:`BOT_CHAIN_CAP`).

        While a timed reveal is open, the next bot move waits for its time on top of the
        pace (or, set to "until closed", for the close message, which settles the table).
        """
        if self.mode == PLAY and not self.game.is_over:
            cue = self._race_cue()
            if cue is not None:
                return cue
        if self.mode != PLAY or self.game.is_over or self._next_bot() is None:
            return None
        owner, played = self.chain
        delay = chain_delay(self.pace, played if owner == self._turn_owner() else 0) * 1000
        if scene.get("reveal") and getattr(self.presenter, "timed_reveals", False):
            if self.reveal_time is None:
                return None
            delay += self.reveal_time * 1000
        elif self.pace <= 0:
            return None
        return {"message": {"kind": "advance", "move": self.game.move_number}, "delay": int(delay)}

    def scene(self) -> dict:
        """What to draw now (see ``docs/widgets.md`` for the schema)."""
        game = self.game
        if self.mode == EXPLORE:
            if self.view_seat is None:
                scene = self.presenter.present_god_view(game, names=self.names)
            else:
                scene = self.presenter.present(game, self.view_seat, names=self.names)
            scene.update(self._explorer_parts())
        else:
            shown = None if self.handoff_to is not None else self.viewer
            scene = self.presenter.present(game, shown, names=self.names, bots=self.kinds, you=shown)
            if shown is not None and scene.get("log"):
                self._second_person(scene, shown)
            scene["handoff"] = self._handoff_part()
            scene["waiting"] = self._waiting_part()
            scene["controls"] = self._play_controls()
            scene["yours"] = self.own_upto
            scene["explore"] = self._explore_part()
        scene["mode"] = self.mode
        scene["deal"] = self.deal
        scene["pictures"] = game.id
        scene["howto"] = self._howto()
        if scene.get("gameover"):
            scene["gameover"]["rules"] = self._rules_of_game()
        reveal = scene.get("reveal")
        if reveal and (game.move_number, reveal.get("key")) in self.closed:
            scene["reveal"] = None  # ended: nothing of it stays in the state
        elif reveal and getattr(self.presenter, "timed_reveals", False):
            reveal["duration_ms"] = None if self.reveal_time is None else int(self.reveal_time * 1000)
        self.clock = (game.move_number, scene.get("clock") or None)
        if self.mode == PLAY:
            self._race_part(scene)
        elif scene.get("clock"):
            scene["clock"].pop("countdown", None)  # the explorer times a call from its first draw
        return scene

    # -- a race's bots (a clock with a countdown: Hocus Focus)

    def _race_part(self, scene: dict) -> None:
        """Each bot's call of a race's round is chosen once, when the round's clock is first
        drawn, and kept here. The page learns only the time of the next one (``auto``'s
        ``at_ms``), never whose or what; once its clock has passed it, the page says so (an
        ``advance`` with its ``ms``), the call is played (sealed, as the engine keeps calls
        until the round is judged) and ``scene["heard"]`` tells who called, and when."""
        clock = scene.get("clock")
        if not clock or not clock.get("countdown"):
            return
        game = self.game
        key = (self.deal, clock["key"])
        if self.race is None or self.race["key"] != key:
            calls = {s: dict(self.bots[s].choose(game.view(s), game.legal_actions(s)))
                     for s in game.to_act if self.bots[s] is not None}
            self.race = {"key": key, "round": game.view(None).get("round"), "calls": calls, "heard": {}}
        scene["heard"] = [{"seat": s, "name": self.names[s], "ms": ms,
                           "text": _("{name} called at {seconds} s.").format(name=self.names[s],
                                                                            seconds=f"{ms / 1000:.1f}")}
                          for s, ms in sorted(self.race["heard"].items(), key=lambda item: item[1])]

    def _race_pending(self) -> dict[int, dict]:
        """The race's bot calls of the round being played that are not played yet (seat -> call)."""
        race = self.race
        if race is None or self.deal != race["key"][0] or self.game.is_over \
                or self.game.view(None).get("round") != race["round"]:
            return {}
        return {s: call for s, call in race["calls"].items() if s in self.game.to_act}

    def _race_cue(self) -> dict | None:
        """While a person may still call: the next bot call's time, for the page to answer when
        its clock reaches it (a script may send the message as it is)."""
        times = [call["ms"] for call in self._race_pending().values() if "ms" in call]
        if not times or not any(s in self.humans for s in self.game.to_act):
            return None
        at = min(times)
        return {"message": {"kind": "advance", "move": self.game.move_number, "ms": at}, "at_ms": at,
                "delay": 0}

    def _hear(self, message: dict) -> Any:
        """The page's clock has passed ``ms``: every bot call of the race made by then is played."""
        ms = message["ms"]
        if not _is_int(ms) or not 0 <= ms <= MAX_MS:
            return error(f"An 'advance' in a race carries 'ms', the whole milliseconds its clock shows "
                         f"(0 to {MAX_MS}), not {brief(ms)}.")
        if message.get("move", self.game.move_number) != self.game.move_number:
            return KEEP  # sent on an earlier board: the calls it cued are played already
        pending = self._race_pending()
        if not pending:
            return error("'ms' in an 'advance' answers a race's cue; no bot call is waiting now.")
        due = sorted((call["ms"], s) for s, call in pending.items() if call.get("ms", ms + 1) <= ms)
        for at, seat in due:
            self.game.apply(seat, self.race["calls"][seat])
            self.race["heard"][seat] = at
        self._settle()
        return None if due else KEEP

    def _race_rest(self) -> None:
        """Once no person at this table may still call, the race's other bot calls are played
        as they were chosen (never chosen again), so the round is judged at once."""
        pending = self._race_pending()
        if pending and not any(s in self.humans for s in self.game.to_act):
            for seat in sorted(pending):
                self.game.apply(seat, self.race["calls"][seat])

    def _second_person(self, scene: dict, seat: int) -> None:
        """The log told to the person at the screen: "You attack Morgana", not "You attacks"."""
        events = {e["n"]: e for e in self.game.view(seat, names=self.names)["log"]}
        for entry in scene["log"]:
            event = events.get(entry.get("n"))
            if event is not None and event.get("text") == entry.get("text"):
                entry["text"] = second_person(event, self.names, seat)

    def _rules_link(self, anchor: str = "") -> dict:
        """The game's rules page: its address where the host serves one (the site), else the
        reference's path in the project (``docs/games/<id>.md``, a notebook has no site)."""
        url = self.rules_url
        return {"label": _("The full rules: every rule id, ruling and house setting"),
                "url": url + anchor if url and anchor else url, "path": f"docs/games/{self.game.id}.md"}

    def _rules_of_game(self) -> dict | None:
        """The game-over panel's link to the game's rules page, "Rules of <game>" (None where
        the host serves no such page: a notebook's How to play names the file instead)."""
        if not self.rules_url:
            return None
        return {"label": _("Rules of {game}").format(game=self.game.spec.name), "url": self.rules_url}

    def _reference(self, rule_id: str) -> dict:
        """A rule opened in place: its rulebook section, the project's ruling and why (where
        the rulebook is ambiguous), whether it states house data, and the rules page."""
        rule = self.game.rules[rule_id]
        anchor = rules_anchor(rule)
        data = {"rule": rule.id, "title": _("Where this rule comes from"),
                "section": _("Rulebook section"), "source": rule.section,  # cited as the rulebook names it
                "ruling": _("Our ruling (the rulebook is ambiguous here): {ruling}")
                .format(ruling=_(rule.ruling)) if rule.ruling else None,
                "house": _("House data: the rulebook does not print these numbers; the project's own "
                           "table is used (a game option can replace it).") if rule.house else None,
                "link": self._rules_link(anchor)}
        return data

    def _howto(self) -> dict:
        """The How to play panel: the registry's goal, turn and special cases, and the rules page.

        Every game fills it from its ``GameSpec`` (``goal``, ``summary``, ``how_to_play``);
        ``open`` asks the front end to show it by itself (the first game of this table, at
        its start); the person can open and close it at any time.
        """
        spec = self.game.spec
        return {"title": _("How to play {game}").format(game=spec.name), "goal": _(spec.goal),
                "summary": _(spec.summary), "lines": [_(line) for line in spec.how_to_play],
                "rules": self._rules_link(),
                "open": self.first_game and self.mode == PLAY
                and not any(m.seat in self.humans for m in self.game.history)}

    def _handoff_part(self) -> dict | None:
        if self.handoff_to is None:
            return None
        name = self.names[self.handoff_to]
        return {"to": self.handoff_to, "name": name,
                "text": _("Pass the screen to {name}. The other hands stay hidden until {name} is ready.")
                .format(name=name),
                "label": _("I am {name}: show my cards").format(name=name), "message": {"kind": "handoff"}}

    def _waiting_part(self) -> dict | None:
        seat = self._next_bot()
        if seat is None or self.game.is_over:
            return None
        if self.pace <= 0:
            return None
        name = self.names[seat]
        return {"seat": seat, "name": name, "text": _("{name} is thinking…").format(name=name)}

    def _play_controls(self) -> list:
        can_undo = self.viewer is not None and self.handoff_to is None and not self.game.is_over
        hint = ""
        if can_undo:
            _count, hint = self._takeback(self.viewer)
        pending = self._next_bot() is not None and self.pace > 0 and not self.game.is_over
        if self.undo_rule == "practice":
            usual = _("Practice table: take back your last move and the bots' answers to it "
                      "(not after it showed you hidden cards).")
        else:
            usual = _("Take back your last move, until a bot has answered it "
                      "(not after it showed you hidden cards).")
        controls = [control("undo", _("Undo"), {"kind": "undo"}, enabled=can_undo, icon="undo",
                            hint=hint or usual)]
        if self.humans and getattr(self.presenter, "reaction", None) is not None:
            following = REACTIONS[(REACTIONS.index(self.reactions) + 1) % len(REACTIONS)]
            label, hint_text = REACTION_TEXT[self.reactions]
            done = ngettext("{n} pass was made for you automatically so far.",
                            "{n} passes were made for you automatically so far.",
                            len(self.automatic)).format(n=len(self.automatic))
            controls.append(control("reactions", _(label), {"kind": "reactions", "value": following},
                                    icon="pass", hint=_("{now} {done} Press for: {then}").format(
                                        now=_(hint_text), done=done, then=_(REACTION_TEXT[following][1]))))
        if self._bot_seats():  # pass-and-play has no bots to hurry
            controls.append(control("skip", _("Skip bots"), {"kind": "skip"}, enabled=pending, icon="skip",
                                    hint=_("Let the bots play on to your next decision.")))
            names = [name for name, seconds in PACES]
            now = next((i for i, (_name, seconds) in enumerate(PACES) if seconds == self.pace), None)
            step = PACES[(now + 1) % len(PACES) if now is not None else 1]
            label = _(names[now]) if now is not None else _("{s} s").format(s=self.pace)
            controls.append(control("pace", _("Pace: {pace}").format(pace=label),
                                    {"kind": "pace", "pace": step[1]}, icon="hourglass",
                                    hint=_("How fast the bots move (and their cards fly); next: {pace}.")
                                    .format(pace=_(step[0]))))
        if getattr(self.presenter, "timed_reveals", False):
            now = next((i for i, (_name, seconds) in enumerate(REVEAL_TIMES)
                        if seconds == self.reveal_time), None)
            step = REVEAL_TIMES[(now + 1) % len(REVEAL_TIMES) if now is not None else 0]
            label = (_(REVEAL_TIMES[now][0]) if now is not None
                     else _("{s} s").format(s=f"{self.reveal_time:g}"))
            controls.append(control("reveal-time", _("Show for: {time}").format(time=label),
                                    {"kind": "reveal_time", "seconds": step[1]}, icon="eye",
                                    hint=_("How long what a moment shows stays open (a search, a check, "
                                           "your new cards) before it closes; next: {time}.")
                                    .format(time=_(step[0]))))
        controls.append(control("new", _("New game"), {"kind": "new"}, icon="new",
                                hint=_("Deal a new game.")))
        explore = self._explore_part()
        if explore is not None:
            controls.append(explore)
        return controls

    def _explorer_parts(self) -> dict:
        game = self.game
        position, length = game.move_number, len(self.line)
        names = self.names
        moves = [{"n": i + 1, "seat": s, "text": self._move_text(s, a)} for i, (s, a) in enumerate(self.line)]
        for key, move in zip(prefix_keys(self.line) if self.reasons else (), moves, strict=False):
            played = self.reasons.get(key)
            # A bot's reason tells what its seat knows (its cards, its memory): its own view's only.
            if played is not None and self.view_seat in (None, move["seat"]):
                move["bot"] = {"kind": played["kind"], "reason": played["reason"],
                               "label": _("Bot's move ({kind})").format(kind=bot_word(played["kind"]))}
        if position < length:
            moves[position]["taken"] = True  # the move this line takes from the position shown
        views = [control("god", _("All hands"), {"kind": "view_as", "seat": None}, icon="eye",
                         pressed=self.view_seat is None, hint=_("The god view: every seat's cards."))]
        views += [dict(control("view-as", names[s], {"kind": "view_as", "seat": s},
                               pressed=self.view_seat == s,
                               hint=_("Only what {name} may know.").format(name=names[s])),
                       seat=s)
                  for s in range(game.players)]
        controls = [
            control("back", _("Back"), {"kind": "goto", "move": position - 1}, enabled=position > 0,
                    icon="prev", hint=_("Step back one move.")),
            control("forward", _("Forward"), {"kind": "goto", "move": position + 1},
                    enabled=position < length, icon="next", hint=_("Step forward one move.")),
            control("botmove", _("Bot's move here"), {"kind": "botmove", "move": position,
                                                      "seat": self._bot_seat()},
                    enabled=self._bot_seat() is not None, icon="skip",
                    hint=_("The bot's choice for the seat to act, played here (a variation if the line "
                           "goes on).")),
            control("autoplay", _("Bots play to the end"), {"kind": "autoplay"}, enabled=not game.is_over,
                    icon="skip", hint=_("From here, bots play every seat to the end of the game.")),
            control("new", _("New game"), {"kind": "new"}, icon="new", hint=_("Start a new game.")),
        ]
        god = self.view_seat is None
        return {
            "controls": controls,
            "views": views,
            "timeline": {"position": position, "length": length, "moves": moves,
                         "turns": self.turns, "groups": self._groups(), "line": self.active,
                         "taken": _("Taken here") if position < length else None,
                         "variations": self._variations()},
            "explain": self._explain(),
            # A save holds the seed, hence every hidden card: the god view shows it, a seat's
            # view says where it is instead.
            "save": json.dumps(self._save()) if god else None,
            "save_note": None if god else _("The save box shows in the All hands view: a save "
                                            "holds the seed, which tells every hidden card."),
            "load": control("load", _("Load this save"), {"kind": "load"}, icon="load",
                            hint=_("Load the save pasted in the box above.")) | {"input": "save"}
            if god else None,
            "link": self._link_part() if god else None,
            "handoff": None, "waiting": None,
        }

    def _groups(self) -> list:
        """The timeline's moves by round and turn, from the public view at each position: a round
        (``round`` in the view; one unnamed group for a game without rounds) holds turns (from
        ``self.turns``: whose turn it is, the view's ``current``; else the seat that moves).
        Move ``n`` is played from position ``n - 1``, so it belongs to that position's round and
        turn. Each group gives its first and last move (``start``, ``end``)."""
        line, names = self.line, self.names
        if not line:
            return []
        starts = set(self.turns)
        has_current = any(c is not None for c in self._currents)
        rounds: list[dict] = []
        for index, (seat, _action) in enumerate(line):
            number = self._rounds[index]
            if not rounds or number != rounds[-1]["round"]:
                label = _("Round {n}").format(n=number) if number is not None else None
                rounds.append({"round": number, "label": label, "start": index + 1, "turns": []})
            turns = rounds[-1]["turns"]
            if not turns or index in starts:
                current = self._currents[index] if has_current else seat
                if not (_is_int(current) and 0 <= current < len(names)):
                    current = seat  # between turns (a round's scoring): the seat that moves
                who, turn = names[current], self._numbers[index]
                label = (_("Turn {n}: {name}").format(n=turn, name=who) if _is_int(turn)
                         else _("{name}'s turn").format(name=who) if has_current else who)
                turns.append({"seat": current, "label": label, "start": index + 1})
            turns[-1]["end"] = rounds[-1]["end"] = index + 1
        return rounds

    def _bot_seat(self) -> int | None:
        """The seat "Bot's move here" plays for: the one viewed if it is to act, else (god
        view) the first to act; None when no such seat may act."""
        to_act = self.game.to_act
        if self.view_seat is not None:
            return self.view_seat if self.view_seat in to_act else None
        return to_act[0] if to_act else None

    def _save(self) -> dict:
        """The position shown, as a save ``load_game`` reads; with the whole tree beside it
        (``explorer``, widgets/variations.py) when there is more than this position."""
        save = self.game.to_json()
        if len(self.lines) > 1 or self.game.move_number < len(self.line):
            save["explorer"] = write_tree(self.lines, self.active)
        return save

    def link(self) -> str:
        """The position link of the position shown (explorer): the line shown and this move on it."""
        if self.mode != EXPLORE:
            raise ValueError("position links belong to the explorer: a link holds the seed, which "
                             "tells every hidden card")
        save = self.game.to_json()
        save["actions"] = [list(entry) for entry in self.line]
        return make_link(save, self.game.move_number)

    def _link_part(self) -> dict:
        """The "Copy link to this position" control (god view): the text it copies is the play
        page's address where the site is known, else the line of Python that opens the link."""
        link = self.link()
        url = link_url(play_page(self.site_url, self.game.id), link) if self.site_url else None
        return {"label": _("Copy link to this position"), "link": link, "url": url,
                "copy": url or f'from witchtable import explore\nexplore(link="{link}")',
                "hint": _("Copies the address of this page at move {n}: whoever opens it sees this "
                          "position in the explorer (every hand: a link holds the seed).").format(
                              n=self.game.move_number) if url else
                _("Copies the Python that opens this position (move {n}) in the explorer of any "
                  "notebook; the text after link= also opens it on the site's play page as "
                  "?position=… (a link holds the seed, so every hand).").format(n=self.game.move_number)}

    def _variations(self) -> list:
        """The timeline's lines: the main line, then each variation (where it leaves its parent,
        its first own move), with the buttons to show, promote or delete it."""
        if len(self.lines) == 1:
            return []
        out = []
        for index, (parent, at) in enumerate(parents(self.lines)):
            line = self.lines[index]
            first = self._move_text(*line[at]) if at < len(line) else ""
            name = self._line_name(index)
            entry = {"index": index, "name": name[:1].upper() + name[1:], "parent": parent, "at": at,
                     "length": len(line), "active": index == self.active,
                     "text": _("from move {n}: {move}").format(n=at, move=first) if index else
                     _("{n} moves").format(n=len(line)),
                     "controls": [control("variation-show", _("Show"), {"kind": "variation", "index": index,
                                                                          "op": "show"},
                                          pressed=index == self.active, hint=_("Show this line."))]}
            if index:
                entry["controls"] += [
                    control("variation-promote", _("Make main"), {"kind": "variation", "index": index,
                                                                  "op": "promote"},
                            hint=_("Make this variation the main line.")),
                    control("variation-delete", _("Delete"), {"kind": "variation", "index": index,
                                                              "op": "delete"},
                            hint=_("Delete this variation and the ones branching from it."))]
            out.append(entry)
        return out

    def _move_text(self, seat: int, action: dict) -> str:
        """A timeline row: the whole move in the god view and for the viewed seat's own moves;
        another seat's move by its kind only (its details may be hidden cards: a pass, a
        Hex; the log beside tells what the viewed seat saw of it)."""
        names = self.names
        if self.view_seat is None or seat == self.view_seat:
            return f"{names[seat]} {self.presenter.action_label(action, names)}"
        kind = str(action.get("type", "")).replace("_", " ").replace("-", " ")
        return _("{name}: {kind}").format(name=names[seat], kind=kind)

    def _explain(self) -> list:
        """The acting seats' candidate actions, grouped by the rule behind each."""
        out = []
        game = self.game
        position = game.move_number
        taken = self.line[position] if position < len(self.line) else None  # the line's next move
        for seat in game.to_act:
            if self.view_seat is not None and seat != self.view_seat:
                # Another seat's options (and near misses) follow from its hand: this view
                # says only that it is to act (docs/widgets.md, "The strict view").
                out.append({"seat": seat, "name": self.names[seat], "groups": [],
                            "hidden": _("{name} is to act. Their options depend on cards {viewer} "
                                        "cannot see; they show in All hands or in {name}'s view.")
                            .format(name=self.names[seat], viewer=self.names[self.view_seat])})
                continue
            groups: dict[tuple, dict] = {}
            for entry in game.explain(seat, self.names):
                key = (entry["legal"], entry["rule"])
                group = groups.setdefault(key, {"rule": entry["rule"], "summary": _(entry["summary"]),
                                                "legal": entry["legal"], "actions": [],
                                                "reference": self._reference(entry["rule"])})
                item = {"label": self.presenter.action_label(entry["action"], self.names)}
                if entry["legal"]:
                    item["action"] = entry["action"]
                    item["seat"] = seat
                    if taken is not None and taken[0] == seat and dict(entry["action"]) == taken[1]:
                        item["taken"] = True  # the move this line takes here
                else:
                    item["message"] = refusal_text(entry["message"], entry["summary"])
                group["actions"].append(item)
            ordered = sorted(groups.values(), key=lambda g: (not g["legal"], g["rule"]))
            out.append({"seat": seat, "name": self.names[seat], "groups": ordered})
        return out


def prefix_keys(line: Sequence[Sequence]) -> list[int]:
    """A key per start of ``line`` (its first 1, 2, ... moves), equal for equal starts: what a
    bot's move (and why) is remembered under, wherever the lines move (promote, delete)."""
    keys, key = [], 0
    for seat, action in line:
        key = hash((key, seat, json.dumps(action, sort_keys=True)))
        keys.append(key)
    return keys


def reworded(text: str, templates: Sequence[str]) -> str:
    """An engine text made from one of ``templates`` (``"... {name} ..."``) in the active
    language: the template that made it is found, translated and filled in again."""
    for template in templates:
        pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.+?)", re.escape(template))
        found = re.fullmatch(pattern, text)
        if found:
            return _(template).format(**found.groupdict())
    return text


def language_of(game: Game) -> str:
    """A game's language: its ``language`` option when it has one with a catalogue, else English."""
    language = game.options.get("language", "en")
    return language if language in LANGUAGES else "en"


def refusal_text(message: str, summary: str) -> str:
    """An engine refusal in the active language: the engine words its refusals in English
    with the input in them, so another language shows the rule's translated summary."""
    translated = _(summary)
    if translated == summary or language() == "en":
        return message  # English, or a rule the catalogue does not translate: the engine's own
    return _("Not allowed: {rule}").format(rule=translated)


def clip(text: str, limit: int = 200) -> str:
    """Plain text cut to ``limit`` characters (an error's own words may quote input)."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def message_problem(message: Any, fields: dict[str, tuple[str, ...]]) -> str | None:
    """Why a front-end message cannot be taken at all, or ``None``: checked before any handler.

    A message is a small plain-JSON object (:func:`engine.core.json_problem`: no deep
    nesting, no huge numbers, at most :data:`MESSAGE_SIZE` values and characters) with
    a known ``kind`` and only the fields that kind takes (``fields``).
    """
    if not isinstance(message, dict):
        return f"A message is an object with a 'kind' field, not {type(message).__name__} {brief(message)}."
    problem = json_problem(message, depth=MESSAGE_DEPTH, size=MESSAGE_SIZE)
    if problem:
        return f"That message was refused: {problem}."
    kind = message.get("kind")
    if not isinstance(kind, str) or kind not in fields:
        return None  # the dispatcher names the kinds this table understands
    extra = sorted(set(message) - {"kind", *fields[kind]})
    if extra:
        takes = ", ".join(repr(f) for f in fields[kind]) or "no other fields"
        return (f"A '{kind}' message takes {takes}; it also had {', '.join(brief(k) for k in extra[:5])}. "
                "Nothing was done.")
    return None

