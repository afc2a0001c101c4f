"""Presenters: one module per game turns a seat's view into a scene.

A presenter module provides four functions (see :class:`Presenter`); games without one
get :mod:`.generic`, which offers every legal action as a labelled button, so a new
engine game is playable (plainly) before its presenter exists.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any, Protocol, cast

from . import generic, hocus_pocus, witching_hour


class Presenter(Protocol):
    """What the controller needs from a game's presenter module."""

    def present(self, game: Any, seat: int | None, *, names: Sequence[str],
                bots: Sequence | None = None, you: int | None = None) -> dict: ...

    def present_god_view(self, game: Any, *, names: Sequence[str], bots: Sequence | None = None) -> dict: ...

    def action_label(self, action: dict, names: Sequence[str]) -> str: ...

    def compose(self, picker: str, picked: Any, target: Any, game: Any, seat: int) -> dict: ...


PRESENTERS: dict[str, ModuleType] = {
    "witching-hour": witching_hour,
    "hocus-pocus": hocus_pocus,
}


def presenter_for(game_id: str) -> Presenter:
    """The game's presenter module, or the generic one."""
    return cast(Presenter, PRESENTERS.get(game_id, generic))


__all__ = ["PRESENTERS", "Presenter", "presenter_for"]
