"""The explorer: a game move by move, every hand (or one seat's view), the rules behind each
choice, variations beside the main line, bots asked for their move, saves and position links.

It shows every hand and the seed, so it opens on a finished game of the play table, a
save, a link, or a game of its own; never on a game a person is still playing.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ...engine import load_game
from ...engine.bots import reason_for
from ...engine.core import SaveError, parse_json
from ...engine.rules import brief
from ...engine.sim import play_out, seat_bots
from ..i18n import _, bot_word, ngettext
from ..links import PREFIX, LinkError, Position, read_link
from ..scene import plural
from ..variations import descendants, parents, read_tree, shared
from .base import EXPLORE, Handler, TableController, seed_of
from .explore_scene import ExplorerScene
from .messages import error, info, is_int, stale
from .seats import DEFAULT_BOTS, resolve_seats
from .timeline import Marks, line_name, mark_turns, prefix_keys


class ExploreTable(ExplorerScene):
    """``TableController(..., mode="explore")``: opening a game, stepping along its lines,
    playing moves and bots' moves on them, variations, saves."""

    mode = EXPLORE
    WHERE = "explorer"
    NOT_IN = "the explorer"

    def _default_seat(self) -> int | None:
        return None  # the god view

    def _linked(self, game_id: Any, position: Any, save: Any) -> Position | None:
        """The position link asked for, read (raises LinkError saying what is wrong), or None."""
        if position is None:
            return None
        if save is not None:
            raise ValueError("give a save or a position link, not both")
        linked = read_link(position)
        if game_id is not None and game_id != linked.game.id:
            raise ValueError(f"this link is a position of {linked.game.spec.name} ({linked.game.id}), "
                             f"not of {game_id}: open it with {linked.game.spec.name} (its play page, "
                             "or explore(link=...) without a game)")
        return linked

    def _seat_people(self, players: int, seat: Any, bots: Any, best: str) -> None:
        if seat is not None and (not is_int(seat) or not 0 <= seat < players):
            raise ValueError(f"seat (the view shown) is None for the god view or 0 to {players - 1}, "
                             f"not {seat!r}")
        self.kinds = [None] * players
        self.humans = list(range(players))
        self.view_seat = seat
        kinds = resolve_seats(players, None, bots if bots is not None else best)
        self.explore_bots = [k or best for k in kinds]

    def _default_names(self) -> list[str]:
        return [_("Player {n}").format(n=s + 1) for s in range(self.game.players)]

    def _open(self, save: Any, linked: Position | None) -> None:
        lines, active = read_tree(save, self.game) if save is not None else ([[]], 0)
        self._open_lines([linked.line] if linked is not None else lines, active)
        if linked is not None:
            self._goto(linked.move)

    def _open_lines(self, lines: list[list], active: int) -> None:
        """The explorer's lines and the one shown, with the turns and rounds found on it."""
        self.lines, self.active = lines, active
        self.marks = Marks()
        self.reasons = {}
        self._mark_turns(0)

    def _mark_turns(self, start: int) -> None:
        """Find the line's marks again from position ``start`` on (:func:`.timeline.mark_turns`)."""
        self.marks = mark_turns(self.game, self.line, start, self.marks)

    def _goto(self, move: int) -> None:
        """Show the line's position after ``move`` moves."""
        save = self.game.to_json()
        save["actions"] = [list(entry) for entry in self.line[:move]]
        self.game = load_game(save)

    # -- acting

    def _seat_for(self, asked: int | None) -> int | dict:
        game = self.game
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

    def _moved(self, seat: int) -> Any:
        """The move joins the line: a step forward where the line already holds it, a new
        variation where the line went on otherwise, else the line's new last move."""
        game = self.game
        index = game.move_number - 1
        played = [seat, dict(game.history[-1].action)]
        if index < len(self.line):
            if self.line[index] == played:
                return None  # the same move the timeline already holds: just a step forward
            return self._branch([*self.line[:index], played], index)
        self.line.append(played)
        self._mark_turns(index)
        return None

    def _branch(self, moves: list[list], start: int) -> dict:
        """Leave the line shown at ``start`` for ``moves``: the line already holding them, or a
        new variation beside it (the line left is kept whole)."""
        for index, line in enumerate(self.lines):
            if line[:len(moves)] == moves:
                self.active = index
                self._new_history()
                self._mark_turns(0)
                return info(_("On {line} again (it already holds this move).").format(line=line_name(index)))
        self.lines.append(moves)
        self.active = len(self.lines) - 1
        self._new_history()
        self._mark_turns(0)
        return info(_("A new variation from move {n}: the line you left is kept; its moves are "
                      "under Variations.").format(n=start))

    # -- the messages

    def _on_undo(self, message: dict) -> Any:
        """A step back along the line (the move stays on it, to step forward again)."""
        if self.game.move_number == 0:
            return error("There is nothing to undo: this is the start of the game.", "core/undo")
        self._goto(self.game.move_number - 1)
        return info("Stepped back one move; step forward to replay it.")

    def _on_new(self, message: dict) -> Any:
        """A new game; the explorer shows every hand anyway, so it stays reproducible and says
        its seed (in the god view only: the seed tells every card)."""
        seed = self._seeds.randrange(2**31)
        fresh = self._deal(seed)
        self._open_lines([[]], 0)
        self._start()
        if self.view_seat is not None:
            return info(f"A new game of {fresh.spec.name}.")
        return info(f"A new game of {fresh.spec.name} (seed {seed}).")

    def _on_goto(self, message: dict) -> Any:
        """Show another position of the line."""
        move = message.get("move")
        if not is_int(move) or not 0 <= move <= len(self.line):
            return error(f"'goto' needs a move number from 0 to {len(self.line)}, not {brief(move)}.")
        self._goto(move)
        return None

    def _on_view_as(self, message: dict) -> Any:
        """Show the god view, or only what one seat may know."""
        if "seat" not in message:
            return error("'view_as' needs 'seat': a seat number, or null for the god view.")
        seat = message["seat"]
        if seat is not None and (not is_int(seat) or not 0 <= seat < self.game.players):
            return error(f"'seat' is null (the god view) or a seat from 0 to {self.game.players - 1}, "
                         f"not {brief(seat)}.")
        self.view_seat = seat
        return None

    def _on_autoplay(self, message: dict) -> Any:
        """Bots play every seat from here to the end (a variation where the line went on)."""
        game = self.game
        if game.is_over:
            return info("The game is over already.")
        start = game.move_number
        branch = start < len(self.line)
        # Bots seeded by the position, so "play on from here" differs from move to move.
        seed = seed_of(game)
        bots = seat_bots(game.id, self.explore_bots, seed, salt=1009 * start)
        play_out(game, bots, random.Random(seed + start))
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
        refusal = stale(message, self.game.move_number)
        if refusal:
            return refusal
        game = self.game
        if game.is_over:
            return info("The game is over already.")
        seat = self._acting_seat(message)
        if isinstance(seat, dict):
            return seat
        if seat not in game.to_act:
            return self._play(seat, {"type": "pass"})  # the engine refuses, naming its turn rule
        start = game.move_number
        bot = seat_bots(game.id, self.explore_bots, seed_of(game), salt=1009 * start)[seat]
        assert bot is not None, "the explorer has a bot kind for every seat (explore_bots)"
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
        if not is_int(index) or not 0 <= index < len(self.lines):
            return error(f"'variation' needs 'index', a line from 0 (the main line) to "
                         f"{len(self.lines) - 1}, not {brief(index)}.")
        if op not in ("show", "delete", "promote"):
            return error(f"'op' is 'show', 'delete' or 'promote', not {brief(op)}.")
        if op == "show":
            return self._show_line(index)
        if index == 0:
            return error(_("The main line cannot be {done}; promote a variation in its place.").format(
                done=_("deleted") if op == "delete" else _("promoted")))
        if op == "promote":
            line = self.lines.pop(index)
            self.lines.insert(0, line)
            self.active = {index: 0}.get(self.active, self.active + 1 if self.active < index else self.active)
            return info(_("Variation {n} is the main line now.").format(n=index))
        return self._delete_line(index)

    def _show_line(self, index: int) -> dict:
        """Show line ``index`` where it parts from the line shown (the move the teacher changed)."""
        left = self.line
        if index != self.active:
            self._new_history()
        self.active = index
        # Where the two lines part (the move the teacher changed), or the start of the line.
        self._goto(min(shared(left, self.line) + 1, len(self.line)) if left is not self.line
                   else self.game.move_number)
        self._mark_turns(0)
        return info(_("Showing {line}.").format(line=line_name(index)))

    def _delete_line(self, index: int) -> dict:
        """Delete variation ``index`` and those branching from it; showing one of them, show
        its parent where it left."""
        name = line_name(index)
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
        """Open a pasted save (with its variations) or position link; a bad one changes nothing."""
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
        refusal = self._sit_at(game)
        if refusal:
            return refusal
        self._open_lines(lines, active)
        self._new_history()
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

    def _sit_at(self, game: Any) -> dict | None:
        """Sit the table at a loaded game, keeping the view and bots where they fit; a refusal
        (a bot kind that game lacks) puts everything back."""
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
        return None

    HANDLERS: ClassVar[dict[str, Handler]] = {
        "act": TableController._on_act, "build": TableController._on_build, "goto": _on_goto,
        "view_as": _on_view_as, "autoplay": _on_autoplay, "load": _on_load, "undo": _on_undo, "new": _on_new,
        "close": TableController._on_close, "variation": _on_variation, "botmove": _on_botmove,
    }
