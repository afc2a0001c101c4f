"""The explorer's timeline: where turns and rounds begin on a line, the moves grouped by
them, the lines (main line and variations) listed, and the keys a bot's move is kept under.

Pure functions of the lines and what the public view said at each position, so the
explorer only keeps their results.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...engine import load_game
from ...engine.core import Game
from ..i18n import _
from ..scene import control
from ..variations import parents
from .messages import is_int


@dataclass
class Marks:
    """What the public view says at each position of a line (whose turn, which round, the turn's
    number: public facts only) and, from them, the positions where a new turn begins."""

    currents: list[Any] = field(default_factory=list)  # the view's ``current`` seat
    rounds: list[Any] = field(default_factory=list)  # the view's ``round`` (None: no rounds)
    numbers: list[Any] = field(default_factory=list)  # the view's ``turn`` number, if it has one
    turns: list[int] = field(default_factory=list)  # positions where a new turn begins


def mark_turns(game: Game, line: list[list], start: int, marks: Marks) -> Marks:
    """The marks of ``line`` (played from ``game``'s deal): positions up to ``start`` keep what
    ``marks`` found; the rest is found by replaying the line from there.

    A turn is the public ``current`` seat of the game's view (whose turn it is: a reaction
    by another seat stays inside it); for a game whose view has none, a turn begins wherever
    the seat that moves changes.
    """
    save = game.to_json()
    save["actions"] = [list(entry) for entry in line[:start]]
    replay = load_game(save)
    found = Marks(marks.currents[:start], marks.rounds[:start], marks.numbers[:start])

    def note() -> None:
        view = replay.view(None)
        found.currents.append(view.get("current"))
        found.rounds.append(view.get("round"))
        found.numbers.append(view.get("turn"))

    note()
    for seat, action in line[start:]:
        replay.apply(seat, action)
        note()
    currents = found.currents
    if all(c is None for c in currents):
        currents = [seat for seat, _action in line]
    found.turns = [p for p in range(1, len(currents)) if currents[p] != currents[p - 1]]
    return found


def groups(line: list[list], names: Sequence[str], marks: Marks) -> list:
    """The timeline's moves by round and turn, from the public view at each position: a round
    (``round`` in the view; one unnamed group for a game without rounds) holds turns (whose
    turn it is, the view's ``current``; else the seat that moves). Move ``n`` is played from
    position ``n - 1``, so it belongs to that position's round and turn. Each group gives its
    first and last move (``start``, ``end``)."""
    if not line:
        return []
    starts = set(marks.turns)
    has_current = any(c is not None for c in marks.currents)
    rounds: list[dict] = []
    for index, (seat, _action) in enumerate(line):
        number = marks.rounds[index]
        if not rounds or number != rounds[-1]["round"]:
            label = _("Round {n}").format(n=number) if number is not None else None
            rounds.append({"round": number, "label": label, "start": index + 1, "turns": []})
        turns = rounds[-1]["turns"]
        if not turns or index in starts:
            current = marks.currents[index] if has_current else seat
            if not (is_int(current) and 0 <= current < len(names)):
                current = seat  # between turns (a round's scoring): the seat that moves
            turns.append({"seat": current, "label": _turn_label(names[current], marks.numbers[index],
                                                                has_current),
                          "start": index + 1})
        turns[-1]["end"] = rounds[-1]["end"] = index + 1
    return rounds


def _turn_label(who: str, turn: Any, has_current: bool) -> str:
    return (_("Turn {n}: {name}").format(n=turn, name=who) if is_int(turn)
            else _("{name}'s turn").format(name=who) if has_current else who)


def line_name(index: int) -> str:
    """A line as a notice names it: the main line, or variation N."""
    return _("the main line") if index == 0 else _("variation {n}").format(n=index)


def variations(lines: list[list], active: int, move_text: Callable[[int, dict], str]) -> list:
    """The timeline's lines: the main line, then each variation (where it leaves its parent,
    its first own move), with the buttons to show, promote or delete it."""
    if len(lines) == 1:
        return []
    out = []
    for index, (parent, at) in enumerate(parents(lines)):
        line = lines[index]
        first = move_text(*line[at]) if at < len(line) else ""
        name = line_name(index)
        out.append({"index": index, "name": name[:1].upper() + name[1:], "parent": parent, "at": at,
                    "length": len(line), "active": index == active,
                    "text": _("from move {n}: {move}").format(n=at, move=first) if index else
                    _("{n} moves").format(n=len(line)),
                    "controls": _line_controls(index, index == active)})
    return out


def _line_controls(index: int, shown: bool) -> list:
    """Show a line; promote or delete a variation (the main line is neither)."""
    out = [control("variation-show", _("Show"), {"kind": "variation", "index": index, "op": "show"},
                   pressed=shown, hint=_("Show this line."))]
    if index:
        out += [control("variation-promote", _("Make main"),
                        {"kind": "variation", "index": index, "op": "promote"},
                        hint=_("Make this variation the main line.")),
                control("variation-delete", _("Delete"),
                        {"kind": "variation", "index": index, "op": "delete"},
                        hint=_("Delete this variation and the ones branching from it."))]
    return out


def prefix_keys(line: Sequence[Sequence]) -> list[int]:
    """A key per start of ``line`` (its first 1, 2, ... moves), equal for equal starts: what a
    bot's move (and why) is remembered under, wherever the lines move (promote, delete)."""
    keys, key = [], 0
    for seat, action in line:
        key = hash((key, seat, json.dumps(action, sort_keys=True)))
        keys.append(key)
    return keys
