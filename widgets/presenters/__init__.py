"""Presenters: one module per game turns a seat's view into a scene.

A presenter module provides four functions and declares three hooks (see :class:`Presenter`;
the hooks it does not set it imports from :mod:`.hooks`, their defaults). A game names its
module in its spec (``GameSpec.presenter``, a module of this package, imported by name:
the engine never imports widgets); games without one get :mod:`.generic`, which offers
every legal action as a labelled button, so a new engine game is playable (plainly)
before its presenter exists.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, Protocol, cast

from ...engine import GAMES
from . import generic

ReactionHook = Callable[[dict, int, list], "dict | None"]
"""``reaction(view, seat, legal)``: a reaction prompt's pass and how it concerns the seat, or None."""


class Presenter(Protocol):
    """What the controller needs from a game's presenter module: four functions and the hooks
    (defaults in :mod:`.hooks`), each read directly, never looked up with a fallback."""

    SHARED_SCREEN: bool
    """People share the screen without a hand-off (the game hides nothing between them)."""
    timed_reveals: bool
    """A scene's ``reveal`` closes by itself after the person's reveal time; bots wait for it."""
    reaction: ReactionHook | None
    """Which reaction prompts the table may pass for a person (None: the game has none)."""

    def present(self, game: Any, seat: int | None, *, names: Sequence[str],
                bots: Sequence | None = None, you: int | None = None) -> dict:
        """The scene of ``seat``'s view (None: a spectator), with its choices."""

    def present_god_view(self, game: Any, *, names: Sequence[str], bots: Sequence | None = None) -> dict:
        """The explorer's scene with every hand face up."""

    def action_label(self, action: dict, names: Sequence[str]) -> str:
        """An action in words for the log and the buttons (never raises)."""

    def compose(self, picker: str, picked: Any, target: Any, game: Any, seat: int) -> dict:
        """The action a picker's choices make (IllegalAction names what is wrong)."""


MEMBERS = tuple(sorted({*Presenter.__annotations__,
                        *(name for name, value in vars(Presenter).items()
                          if callable(value) and not name.startswith("_"))}))
"""What every presenter module defines: :class:`Presenter`'s functions and hooks."""


def _load(module: str) -> ModuleType:
    """A presenter module by the name a spec gives it: one of this package's, or a full
    module path (a game registered from outside the package), refused when it lacks a
    member of :class:`Presenter`."""
    found = importlib.import_module(module if "." in module else f"{__name__}.{module}")
    missing = [name for name in MEMBERS if name not in vars(found)]
    if missing:
        raise TypeError(f"presenter module {found.__name__} lacks {', '.join(missing)}: a presenter "
                        "defines every member of witchtable.widgets.presenters.Presenter (the hooks it "
                        "does not set it imports from witchtable.widgets.presenters.hooks, e.g. "
                        "`from witchtable.widgets.presenters.hooks import reaction as reaction`)")
    return found


def presenter_for(game_id: str) -> Presenter:
    """The game's presenter module (imported when a table of that game first asks, and
    kept by the import system: a play page shows one game, so it loads one presenter), or
    the generic one."""
    spec = GAMES.get(game_id)
    return cast(Presenter, _load(spec.presenter) if spec is not None and spec.presenter else generic)


__all__ = ["MEMBERS", "Presenter", "ReactionHook", "presenter_for"]
