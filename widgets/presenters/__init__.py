"""Presenters: one module per game turns a seat's view into a scene.

A presenter module provides four functions (see :class:`Presenter`). A game names its
module in its spec (``GameSpec.presenter``, a module of this package, imported by name:
the engine never imports widgets); games without one get :mod:`.generic`, which offers
every legal action as a labelled button, so a new engine game is playable (plainly)
before its presenter exists.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from types import ModuleType
from typing import Any, Protocol, cast

from ...engine import GAMES
from . import generic


class Presenter(Protocol):
    """What the controller needs from a game's presenter module."""

    def present(self, game: Any, seat: int | None, *, names: Sequence[str],
                bots: Sequence | None = None, you: int | None = None) -> dict: ...

    def present_god_view(self, game: Any, *, names: Sequence[str], bots: Sequence | None = None) -> dict: ...

    def action_label(self, action: dict, names: Sequence[str]) -> str: ...

    def compose(self, picker: str, picked: Any, target: Any, game: Any, seat: int) -> dict: ...


def _load(module: str) -> ModuleType:
    """A presenter module by the name a spec gives it: one of this package's, or a full
    module path (a game registered from outside the package)."""
    return importlib.import_module(module if "." in module else f"{__name__}.{module}")


def presenter_for(game_id: str) -> Presenter:
    """The game's presenter module (imported when a table of that game first asks, and
    kept by the import system: a play page shows one game, so it loads one presenter), or
    the generic one."""
    spec = GAMES.get(game_id)
    return cast(Presenter, _load(spec.presenter) if spec is not None and spec.presenter else generic)


__all__ = ["Presenter", "presenter_for"]
