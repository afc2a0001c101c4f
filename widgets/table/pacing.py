"""Bot pacing at the play table: bots move one at a time at the person's pace (the front end
sends ``advance`` after the delay :meth:`BotPacing._auto` gives), a long bot turn speeds up
(:func:`chain_delay`), a timed reveal holds them, the table passes for a person where the
reactions setting says so, and a race's bot calls are played when the page's clock reaches them.
"""

from __future__ import annotations

from typing import Any

from ...engine.rules import brief
from ...engine.sim import next_bot, play_bots
from ..i18n import _
from ..scene import plural
from .base import TableController
from .messages import KEEP, error, info, is_int, race_ms_problem
from .settings import NORMAL_PACE, REACTION_TEXT, REACTIONS, bad_pace, reveal_time_problem

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


class BotPacing(TableController):
    """A table whose bots move at the person's pace: what the play table adds for its bots."""

    viewer: int | None
    handoff_to: int | None
    chain: tuple[Any, int]  # whose turn the paced bot moves are in, how many
    race: dict | None  # a race's bot calls this round (_race_part), never synced

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
        reaction = self.presenter.reaction
        if self.reactions == "always" or reaction is None:
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

    def _held(self) -> bool:
        """A timed reveal (the presenter's ``timed_reveals``) is open on this screen now.

        What a moment shows (a searched storage space, a look at new cards) stays for the
        time the person set or until they close it: the bots and a hand-off wait for it,
        since the next action would end it. Games without timed reveals are never held.
        """
        if not self.presenter.timed_reveals or not self.humans:
            return False  # (no people: nobody at this screen is looking, the game plays on)
        shown = None if self.handoff_to is not None else self.viewer
        scene = self.presenter.present(self.game, shown, names=self.names, bots=self.kinds, you=shown)
        shown_reveal = scene.get("reveal")
        if not shown_reveal:
            return False
        return (self.game.move_number, shown_reveal.get("key")) not in self.closed

    def _turn_owner(self) -> Any:
        """Whose turn the next bot move belongs to (a chain, for :func:`chain_delay`): the public
        view's ``current`` seat, else (a game whose view has none) the bot that moves."""
        current = self.game.view(None).get("current")
        return current if is_int(current) else self._next_bot()

    def _auto(self, scene: dict) -> dict | None:
        """What the front end should send by itself, and after how long (bot pacing: the pace,
        shortened deep in one bot's long turn so that it stays under :data:`BOT_CHAIN_CAP`).

        While a timed reveal is open, the next bot move waits for its time on top of the
        pace (or, set to "until closed", for the close message, which settles the table).
        """
        if self.game.is_over:
            return None
        cue = self._race_cue()
        if cue is not None:
            return cue
        if self._next_bot() is None:
            return None
        owner, played = self.chain
        delay = chain_delay(self.pace, played if owner == self._turn_owner() else 0) * 1000
        if scene.get("reveal") and self.presenter.timed_reveals:
            if self.reveal_time is None:
                return None
            delay += self.reveal_time * 1000
        elif self.pace <= 0:
            return None
        return {"message": {"kind": "advance", "move": self.game.move_number}, "delay": int(delay)}

    def _waiting_part(self) -> dict | None:
        """The "<bot> is thinking…" line while a paced bot move is due."""
        seat = self._next_bot()
        if seat is None or self.game.is_over or self.pace <= 0:
            return None
        name = self.names[seat]
        return {"seat": seat, "name": name, "text": _("{name} is thinking…").format(name=name)}

    # -- the messages

    def _on_advance(self, message: dict) -> Any:
        """The front end's timer ran out: the next bot move (or, in a race, the calls due)."""
        if "ms" in message:
            return self._hear(message)
        if "move" in message:
            if not is_int(message["move"]):
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

    def _on_skip(self, message: dict) -> Any:
        """The bots play on to the person's next decision at once."""
        played = self._run_bots()
        self.chain = (None, 0)
        self._settle()
        if not played:
            return info("No bot is to move now.")
        return info(f"Skipped ahead: the bots played {plural(played, 'move')}.")

    def _on_pace(self, message: dict) -> Any:
        """The person's pace setting: seconds between bot moves (and their cards' flight)."""
        pace: Any = message.get("pace")  # the page's JSON, checked here
        if bad_pace(pace):
            return error(f"'pace' is the seconds between bot moves, 0 to 10, not {brief(pace)}.")
        self.pace = float(pace)
        self._settle()  # at pace 0 the bots waiting to move play at once
        return None

    def _on_reveal_time(self, message: dict) -> Any:
        """The person's setting: how long a timed reveal stays open (None: until closed)."""
        seconds = message.get("seconds")
        problem = reveal_time_problem(seconds)
        if problem:
            return error(f"'seconds' {problem.split(' ', 1)[1]}.")
        self.reveal_time = None if seconds is None else float(seconds)
        return None

    def _on_reactions(self, message: dict) -> Any:
        """The person's setting: when they are asked to react (else the table passes for them)."""
        value = message.get("value")
        if value not in REACTIONS:
            return error(f"'reactions' is one of {', '.join(REACTIONS)}, not {brief(value)}.")
        self.reactions = value
        self._settle()
        return info(_("Reactions: {what}").format(what=_(REACTION_TEXT[value][1])))

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
        problem = race_ms_problem(ms)
        if problem:
            return error(problem)
        if message.get("move", self.game.move_number) != self.game.move_number:
            return KEEP  # sent on an earlier board: the calls it cued are played already
        pending = self._race_pending()
        if not pending:
            return error("'ms' in an 'advance' answers a race's cue; no bot call is waiting now.")
        assert self.race is not None, "calls are pending only while a race is on (_race_pending)"
        heard = self.race["heard"]
        due = sorted((call["ms"], s) for s, call in pending.items() if call.get("ms", ms + 1) <= ms)
        for at, seat in due:
            self.game.apply(seat, pending[seat])
            heard[seat] = at
        self._settle()
        return None if due else KEEP

    def _race_rest(self) -> None:
        """Once no person at this table may still call, the race's other bot calls are played
        as they were chosen (never chosen again), so the round is judged at once."""
        pending = self._race_pending()
        if pending and not any(s in self.humans for s in self.game.to_act):
            for seat in sorted(pending):
                self.game.apply(seat, pending[seat])
