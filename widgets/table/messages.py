"""What a table takes from its front end and answers it: message kinds and their fields,
the checks every message passes before any handler runs, and the notices.

Kept apart from the tables so that the contract with ``static/table.js`` (and the lab,
which answers the same way) is read in one place.
"""

from __future__ import annotations

from typing import Any, TypeGuard

from ...engine.core import json_problem
from ...engine.rules import brief

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
NOTICE_LIMIT = 600
"""The longest notice shown: refusals quote input briefly even where a message forgot to."""

KEEP = object()
"""A handler's answer meaning: leave the current notice as it is."""


def clip(text: str, limit: int = 200) -> str:
    """Plain text cut to ``limit`` characters (an error's own words may quote input)."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _notice(level: str, text: str, rule: str | None = None) -> dict:
    return {"level": level, "text": clip(text, NOTICE_LIMIT), "rule": rule}


def error(text: str, rule: str | None = None) -> dict:
    """A refusal the front end shows in red (``rule``: the rule id behind it, opened in place)."""
    return _notice("error", text, rule)


def info(text: str) -> dict:
    """A plain notice: what a message did, told so the person sees it happened."""
    return _notice("info", text)


def is_int(value: Any) -> TypeGuard[int]:
    """A whole number that is not a bool (JSON's ``true`` is no seat or move number)."""
    return isinstance(value, int) and not isinstance(value, bool)


_is_int = is_int  # the name the lab imports


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


def stale(message: dict, now: int) -> dict | None:
    """A notice if the message lacks its move number or was made on a board before move ``now``:
    nothing is ever played twice or late."""
    move = message.get("move")
    if "move" not in message:
        return error(f"A '{message['kind']}' message must carry the 'move' number it was made on.")
    if not is_int(move):
        return error(f"'move' is the move number the click was made on (a whole number), "
                     f"not {brief(move)}.")
    if move != now:
        return info(f"Ignored a click made on move {brief(move)}: the game is at move {now} now, "
                    "so it was not played (nothing is ever played twice or late).")
    return None


def _ms_problem(value: Any, what: str) -> str | None:
    if is_int(value) and 0 <= value <= MAX_MS:
        return None
    return f"{what} (0 to {MAX_MS}), not {brief(value)}."


def timed(message: dict, action: dict, clock: dict | None) -> tuple[dict, dict | None]:
    """``action`` with the clock's milliseconds in the engine's field, and a refusal or None.

    While the scene shows a running clock, the front end measures the time since the
    clock appeared and sends it as ``ms``; the engine declares the field it reads
    (the clock's ``field``). Without a clock, ``ms`` is refused: nothing is timed.
    """
    if clock is None:
        if "ms" in message:
            return action, error("'ms' is only sent while a clock runs; no clock is running now.")
        return action, None
    problem = _ms_problem(message.get("ms"), "A timed action carries 'ms', the whole milliseconds "
                                             "since the clock started")
    if problem:
        return action, error(problem)
    if clock["field"] not in action:
        return action, None  # an untimed call while the clock runs (a pass): its time is not read
    result = {**action, clock["field"]: message["ms"]}
    field = clock.get("point_field")
    if "point_ms" in message:
        if not field or field not in action:
            return action, error("'point_ms' is only sent with a call the clock times in two steps "
                                 "(a call key, then the card).")
        problem = _ms_problem(message["point_ms"], "'point_ms' is the whole milliseconds from the "
                                                   "call to pointing")
        if problem:
            return action, error(problem)
        result[field] = message["point_ms"]
    return result, None


def race_ms_problem(ms: Any) -> str | None:
    """Why an ``advance``'s ``ms`` (the time a race's clock shows) cannot be taken, or None."""
    return _ms_problem(ms, "An 'advance' in a race carries 'ms', the whole milliseconds its clock shows")
