"""The presenter hooks' defaults: what a game that does not set a hook gets.

Every presenter module declares every hook of :class:`.Presenter`: the ones it sets
itself, the rest imported from here (``from .hooks import reaction as reaction``), so
the table reads each hook directly and a presenter's module shows all it offers.
"""

from __future__ import annotations

SHARED_SCREEN = False
"""Several people may share the screen without a hand-off: nothing one may see is hidden
from another (a race around one board). Default: hands hide between people."""

timed_reveals = False
"""The scene's ``reveal`` is a moment that closes by itself after the reveal time the person
sets, and the bots and a hand-off wait while it is open. Default: reveals stay until the
next move."""

reaction = None
"""``reaction(view, seat, legal)``: whether a seat's decision is a reaction prompt the table
may pass for it (``{"pass": action, "concerns": bool, "stops": bool}``), or None. Default
None: the game has no reaction windows, so the table never passes for a person."""
