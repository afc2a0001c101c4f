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

This module is the public face; the parts live in :mod:`.table`, one concern each:
``messages`` (kinds, fields, checks, notices), ``seats``, ``base`` (what both modes
share), ``play`` and ``pacing`` (the play table and its bots' pace, the race's calls),
``explore``, ``explore_scene`` and ``timeline`` (the explorer), ``settings``, ``rules`` and ``words``.
"""

from __future__ import annotations

from .presenters import presenter_for
from .table.base import EXPLORE, PLAY, TABLES, TableController
from .table.explore import ExploreTable
from .table.messages import (
    KEEP,
    MAX_MS,
    MESSAGE_DEPTH,
    MESSAGE_FIELDS,
    MESSAGE_SIZE,
    NOTICE_LIMIT,
    _is_int,
    clip,
    error,
    info,
    is_int,
    message_problem,
)
from .table.pacing import BOT_CHAIN_CAP, BOT_CHAIN_FULL, BotPacing, chain_delay
from .table.play import PlayTable
from .table.rules import rules_anchor
from .table.seats import BOT_NAMES, DEFAULT_BOTS, DEFAULT_SEAT, default_names, resolve_seats
from .table.settings import (
    DEFAULT_REACTIONS,
    DEFAULT_REVEAL_TIME,
    MAX_REVEAL_TIME,
    NORMAL_PACE,
    PACES,
    REACTION_TEXT,
    REACTIONS,
    REVEAL_TIMES,
    UNDO_RULES,
)
from .table.timeline import prefix_keys
from .table.words import language_of, refusal_text, reworded

PLAY_KINDS = tuple(PlayTable.HANDLERS)
"""The messages the play table takes (docs/widgets.md)."""
EXPLORE_KINDS = tuple(ExploreTable.HANDLERS)
"""The messages the explorer takes (docs/widgets.md)."""

__all__ = [
    "BOT_CHAIN_CAP", "BOT_CHAIN_FULL", "BOT_NAMES", "DEFAULT_BOTS", "DEFAULT_REACTIONS",
    "DEFAULT_REVEAL_TIME", "DEFAULT_SEAT", "EXPLORE", "EXPLORE_KINDS", "KEEP", "MAX_MS", "MAX_REVEAL_TIME",
    "MESSAGE_DEPTH", "MESSAGE_FIELDS", "MESSAGE_SIZE", "NORMAL_PACE", "NOTICE_LIMIT", "PACES", "PLAY",
    "PLAY_KINDS", "REACTIONS", "REACTION_TEXT", "REVEAL_TIMES", "TABLES", "UNDO_RULES", "BotPacing",
    "ExploreTable", "PlayTable", "TableController", "_is_int", "chain_delay", "clip", "default_names",
    "error", "info", "is_int", "language_of", "message_problem", "prefix_keys", "presenter_for",
    "refusal_text", "resolve_seats", "reworded", "rules_anchor",
]
