"""The play table: people against bots (or each other) at one screen.

The scene is built from the viewing seat's view alone, so no other seat's hand ever
reaches the browser; with several people at one screen the hands hide behind a hand-off
screen whenever the person to act changes (unless the presenter says the game hides
nothing between them: ``SHARED_SCREEN``). Bots move at the person's pace
(:class:`.pacing.BotPacing`); undo takes back the person's own move under the table's rule.
"""

from __future__ import annotations

from typing import Any, ClassVar, cast

from ...engine.core import UNDO_ANSWERED, UNDO_NOTHING, UNDO_OWN, UNDO_SHOWN
from ...engine.rules import brief
from ..i18n import _
from ..scene import control, plural, second_person
from .base import PLAY, Handler, TableController
from .explore import ExploreTable
from .messages import error, info
from .pacing import BotPacing
from .seats import default_names, resolve_seats
from .settings import pace_control, reactions_control, reveal_time_control
from .words import reworded


class PlayTable(BotPacing):
    """``TableController(..., mode="play")``: who sits where, whose screen it is, undo."""

    mode = PLAY
    WHERE = "play table"
    NOT_IN = "play"

    def _default_seat(self) -> int | None:
        return 0

    def _seat_people(self, players: int, seat: Any, bots: Any, best: str) -> None:
        self.kinds = resolve_seats(players, seat, bots)
        self.humans = [s for s, kind in enumerate(self.kinds) if kind is None]
        self.view_seat = None
        self.explore_bots = []

    def _default_names(self) -> list[str]:
        return default_names(self.kinds)

    def _start(self) -> None:
        """Fresh game: who sees the screen, and bots that move first (when unpaced)."""
        super()._start()
        self.viewer = None
        self.handoff_to = None
        self.race = None
        self.automatic = set()
        self.own_upto = -1  # the last log event of the person's own latest move (told at once)
        self.chain = (None, 0)
        if len(self.humans) == 1:
            self.viewer = self.humans[0]
        self._settle()

    def _howto_opens(self) -> bool:
        """On the first game of this table, until a person has moved."""
        return self.first_game and not any(m.seat in self.humans for m in self.game.history)

    # -- whose screen it is

    def _seat_for(self, asked: int | None) -> int | dict:
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

    def _moved(self, seat: int) -> Any:
        self._settle(own_move=True)
        return None

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
        return len(self.humans) > 1 and self.presenter.SHARED_SCREEN

    def _bot_seats(self) -> list[int]:
        return [s for s, kind in enumerate(self.kinds) if kind is not None]

    # -- the messages

    def _on_handoff(self, message: dict) -> Any:
        """The next person has the screen: their hand shows."""
        if self.handoff_to is None:
            return info("No hand-off is waiting.")
        self.viewer, self.handoff_to = self.handoff_to, None
        return None

    def _on_undo(self, message: dict) -> Any:
        """Take back the person's own last move (and, practising, the bots' answers to it)."""
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

    def _on_new(self, message: dict) -> Any:
        """A new deal. A seed tells every hidden card, so it comes from the operating system
        and is never shown (a seed that followed from the last one could be predicted and
        opened in the explorer)."""
        fresh = self._deal(None)
        self._start()
        return info(f"A new game of {fresh.spec.name}: new cards, shuffled at random.")

    def _explorable(self) -> bool:
        """Whether this play table may open in the explorer now: it shows every hand (and the
        seed), so only once the game is over, or at a table where only bots play."""
        return self.game.is_over or not self.humans

    def _on_explore(self, message: dict) -> Any:
        """"Explore this game": the same table (the one its host holds) turns into the explorer
        on the game just played, at its last move, with the same names; the bots that played go
        on for it when asked."""
        if not self._explorable():
            return error(_("The explorer shows every hand, so it opens once the game is over."))
        played = list(self.kinds)
        alone = self._custom_names is None and len(self.humans) == 1
        # The names the game was played with; the default "You" is spoken of in the third
        # person in the explorer ("You (player 1) attacks Hazel"), so it gets its seat too.
        self._custom_names = [_("You (player {n})").format(n=s + 1) if alone and kind is None else name
                              for s, (name, kind) in enumerate(zip(self.names, played, strict=True))]
        self.__class__ = ExploreTable  # type: ignore[assignment]  # same object, the explorer's ways
        explorer = cast(ExploreTable, self)
        explorer._setup(self.game, None, played)
        explorer._open_lines([[[m.seat, dict(m.action)] for m in self.game.history]], 0)
        explorer._start()
        return info(_("Exploring this game: every hand is shown. Step through its moves on the "
                      "timeline, or try another move at any position (a variation)."))

    # -- the scene

    def _draw(self) -> dict:
        shown = None if self.handoff_to is not None else self.viewer
        scene = self.presenter.present(self.game, shown, names=self.names, bots=self.kinds, you=shown)
        if shown is not None and scene.get("log"):
            self._second_person(scene, shown)
        scene["handoff"] = self._handoff_part()
        scene["waiting"] = self._waiting_part()
        scene["controls"] = self._play_controls()
        scene["yours"] = self.own_upto
        scene["explore"] = self._explore_part()
        return scene

    def _clocked(self, scene: dict) -> None:
        self._race_part(scene)

    def _second_person(self, scene: dict, seat: int) -> None:
        """The log told to the person at the screen: "You attack Morgana", not "You attacks"."""
        events = {e["n"]: e for e in self.game.view(seat, names=self.names)["log"]}
        for entry in scene["log"]:
            event = events.get(entry.get("n"))
            if event is not None and event.get("text") == entry.get("text"):
                entry["text"] = second_person(event, self.names, seat)

    def _handoff_part(self) -> dict | None:
        """The hand-off screen: who the screen passes to, and their button."""
        if self.handoff_to is None:
            return None
        name = self.names[self.handoff_to]
        return {"to": self.handoff_to, "name": name,
                "text": _("Pass the screen to {name}. The other hands stay hidden until {name} is ready.")
                .format(name=name),
                "label": _("I am {name}: show my cards").format(name=name), "message": {"kind": "handoff"}}

    def _explore_part(self) -> dict | None:
        """The "Explore this game" button (play): in the controls, and on the game-over panel."""
        if not self._explorable():
            return None
        return control("explore", _("Explore this game"), {"kind": "explore"}, icon="eye",
                       hint=_("Open this game in the explorer: every hand, move by move, with the rules "
                              "behind each choice."))

    def _undo_control(self) -> dict:
        """Undo, enabled while the person at the screen may take a move back, saying how far."""
        can_undo = self.viewer is not None and self.handoff_to is None and not self.game.is_over
        hint = self._takeback(self.viewer)[1] if can_undo and self.viewer is not None else ""
        if self.undo_rule == "practice":
            usual = _("Practice table: take back your last move and the bots' answers to it "
                      "(not after it showed you hidden cards).")
        else:
            usual = _("Take back your last move, until a bot has answered it "
                      "(not after it showed you hidden cards).")
        return control("undo", _("Undo"), {"kind": "undo"}, enabled=can_undo, icon="undo", hint=hint or usual)

    def _play_controls(self) -> list:
        """The play table's buttons: undo, the settings this game has, new game, explore."""
        controls = [self._undo_control()]
        if self.humans and self.presenter.reaction is not None:
            controls.append(reactions_control(self.reactions, len(self.automatic)))
        if self._bot_seats():  # pass-and-play has no bots to hurry
            pending = self._next_bot() is not None and self.pace > 0 and not self.game.is_over
            controls.append(control("skip", _("Skip bots"), {"kind": "skip"}, enabled=pending, icon="skip",
                                    hint=_("Let the bots play on to your next decision.")))
            controls.append(pace_control(self.pace))
        if self.presenter.timed_reveals:
            controls.append(reveal_time_control(self.reveal_time))
        controls.append(control("new", _("New game"), {"kind": "new"}, icon="new",
                                hint=_("Deal a new game.")))
        explore = self._explore_part()
        if explore is not None:
            controls.append(explore)
        return controls

    HANDLERS: ClassVar[dict[str, Handler]] = {
        "act": TableController._on_act, "build": TableController._on_build,
        "advance": BotPacing._on_advance, "skip": BotPacing._on_skip, "undo": _on_undo, "new": _on_new,
        "handoff": _on_handoff, "close": TableController._on_close, "reactions": BotPacing._on_reactions,
        "pace": BotPacing._on_pace, "reveal_time": BotPacing._on_reveal_time, "explore": _on_explore,
    }
