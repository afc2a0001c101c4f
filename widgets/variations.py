"""The explorer's variations: the main line and the branches a teacher tried beside it.

Each line is a whole sequence of moves from the start (``[seat, action]`` pairs); line 0
is the main line. A line's place in the tree follows from its moves: its parent is the
earlier line it shares the longest start with, and it leaves it there (``at``). So
promoting a line is moving it to the front, and nothing but the moves is stored.

The save holds the tree beside an ordinary save (``docs/widgets.md``, "Variations"):
``{...a witchtable-save of the position shown..., "explorer": {"version": 1, "active": k,
"lines": [{"parent": null, "at": 0, "actions": [...]}, {"parent": 0, "at": 9,
"actions": [...the moves after move 9...]}, ...]}}``. ``load_game`` reads it as the
position it shows (the tree is extra), and a save without ``explorer`` (every save made
before) opens as one main line. :func:`read_tree` refuses a damaged tree with a clear
reason, before anything changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import IllegalAction, load_game
from ..engine.core import Game
from ..engine.rules import brief

TREE_VERSION = 1
"""The version of the ``explorer`` part of a save that this code writes and reads."""
MAX_LINES = 200
"""The most lines (the main line and its variations) a save may hold."""

Line = list  # [[seat, action], ...]


def shared(a: Sequence, b: Sequence) -> int:
    """How many first moves two lines share."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def parents(lines: Sequence[Line]) -> list[tuple[int | None, int]]:
    """Each line's ``(parent, at)``: the earlier line it shares most with, and where it leaves it."""
    out: list[tuple[int | None, int]] = [(None, 0)]
    for index in range(1, len(lines)):
        best, at = 0, -1
        for other in range(index):
            n = shared(lines[index], lines[other])
            if n > at:
                best, at = other, n
        out.append((best, at))
    return out


def descendants(lines: Sequence[Line], index: int) -> set[int]:
    """``index`` and every line that branches from it (directly or further out)."""
    links = parents(lines)
    found = {index}
    for line in range(index + 1, len(lines)):
        if links[line][0] in found:
            found.add(line)
    return found


def write_tree(lines: Sequence[Line], active: int) -> dict:
    """The ``explorer`` part of a save: every line as its parent, fork and own moves."""
    out = []
    for line, (parent, at) in zip(lines, parents(lines), strict=True):
        out.append({"parent": parent, "at": at, "actions": [list(m) for m in line[at:]]})
    return {"version": TREE_VERSION, "active": active, "lines": out}


def read_tree(save: Any, game: Game) -> tuple[list[Line], int]:
    """The lines and the active one of a save (``game``: the save's position, loaded).

    A save without an ``explorer`` part is one main line (its moves). Raises ValueError
    saying what is wrong: a tree that is not an object of this version, a parent that is
    not an earlier line, a fork beyond its parent's end, a line whose moves cannot be
    played, a position shown that is not on the active line.
    """
    shown = [[m.seat, dict(m.action)] for m in game.history]
    tree = save.get("explorer") if isinstance(save, dict) else None
    if tree is None:
        return [shown], 0
    if not isinstance(tree, dict) or type(tree.get("version")) is not int or tree["version"] != TREE_VERSION:
        raise ValueError(f"its 'explorer' part is not version {TREE_VERSION} of the variations "
                         f"(an object with version, active and lines), but {brief(tree)}")
    entries, active = tree.get("lines"), tree.get("active")
    if not isinstance(entries, list) or not 1 <= len(entries) <= MAX_LINES:
        raise ValueError(f"its variations hold 'lines', a list of 1 to {MAX_LINES} lines, "
                         f"not {brief(entries)}")
    if type(active) is not int or not 0 <= active < len(entries):
        raise ValueError(f"its variations' 'active' is a line from 0 to {len(entries) - 1}, "
                         f"not {brief(active)}")
    lines: list[Line] = []
    for number, entry in enumerate(entries):
        if not isinstance(entry, dict) or not isinstance(entry.get("actions"), list):
            raise ValueError(f"line {number} of its variations is not an object with 'actions': "
                             f"{brief(entry)}")
        parent, at = entry.get("parent"), entry.get("at")
        if number == 0:
            if parent is not None or at != 0:
                raise ValueError("line 0 of its variations is the main line: parent null, at 0")
            start: Line = []
        else:
            if type(parent) is not int or not 0 <= parent < number:
                raise ValueError(f"line {number} of its variations names parent {brief(parent)}; "
                                 f"a parent is an earlier line (0 to {number - 1})")
            if type(at) is not int or not 0 <= at <= len(lines[parent]):
                raise ValueError(f"line {number} of its variations leaves line {parent} at {brief(at)}, "
                                 f"beyond its {len(lines[parent])} moves")
            start = lines[parent][:at]
        moves = entry["actions"]
        if any(not isinstance(m, list) or len(m) != 2 or not isinstance(m[1], dict) for m in moves):
            raise ValueError(f"line {number} of its variations holds a move that is not a "
                             "[seat, action] pair")
        lines.append([list(m) for m in start] + [[m[0], dict(m[1])] for m in moves])
    for number, line in enumerate(lines):
        problem = replay_problem(game, line)
        if problem:
            raise ValueError(f"line {number} of its variations cannot be played: {problem}")
    if lines[active][:len(shown)] != shown:
        raise ValueError("the position it shows is not on its active line")
    return lines, active


def replay_problem(game: Game, line: Line) -> str | None:
    """Why ``line`` cannot be played from the start of ``game``'s set-up, or None."""
    save = game.to_json()
    save["actions"] = []
    fresh = load_game(save)
    for number, (seat, action) in enumerate(line, 1):
        try:
            fresh.apply(seat, action)
        except IllegalAction as err:
            return f"move {number}: {err.message[:200]} (rule {err.rule})"
    return None
