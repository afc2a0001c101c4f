"""The anywidget adapter: a TableController (or LabController) as a Jupyter widget.

The only module that imports anywidget/traitlets. Each top-level key of
``controller.state()`` is a synced traitlet; a custom message from the front end goes
to ``controller.handle`` and the returned state is written back in one sync.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets

STATIC = Path(__file__).parent / "static"


class TableWidget(anywidget.AnyWidget):
    """A game table (play or explore) or the simulation lab, drawn by ``static/table.js``."""

    _esm = STATIC / "table.js"
    _css = STATIC / "table.css"

    seq = traitlets.Int(0).tag(sync=True)
    mode = traitlets.Unicode("play").tag(sync=True)
    scene = traitlets.Dict().tag(sync=True)
    notice = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)
    auto = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)
    pictures = traitlets.Dict().tag(sync=True)  # the game's card pictures: synced once per game
    strings = traitlets.Dict().tag(sync=True)  # the front end's words: synced once

    def __init__(self, controller: Any, **kwargs: Any):
        super().__init__(**kwargs)
        self.controller = controller
        self._sync(controller.state())
        self.on_msg(self._on_msg)

    def _on_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        self._sync(self.controller.handle(content))

    def send_message(self, message: dict) -> dict:
        """Act as the front end would (for scripts and tests); returns the new state."""
        state = self.controller.handle(message)
        self._sync(state)
        return state

    def _sync(self, state: dict) -> None:
        with self.hold_sync():
            for key, value in state.items():
                setattr(self, key, value)

    @property
    def game(self) -> Any:
        """The controller's current game (play: note this holds every hidden card)."""
        return getattr(self.controller, "game", None)

    def __repr__(self) -> str:
        scene = self.scene or {}
        return f"<TableWidget {scene.get('title', '')} {self.mode} move {scene.get('move', 0)}>"
