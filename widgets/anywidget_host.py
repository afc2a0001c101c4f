"""The anywidget adapter: a TableController (or LabController) as a Jupyter widget.

The only module that imports anywidget/traitlets. Each top-level key of
``controller.state()`` is a synced traitlet; a custom message from the front end goes
to ``controller.handle`` and the returned state is written back in one sync.

Saved notebooks: the table's module and stylesheet, the games' card pictures and the
front end's words live once per kernel in one shared :class:`TableAssets` model; each
table's own ``_esm`` is a small loader (``static/bootstrap.js``) that takes them from it,
so twenty tables store the 50 kB module (and a game's pictures) once, not twenty times.
(``pictures`` and ``strings`` are still traits mirroring the controller's state; only
their keys in the assets model, ``shared``, are synced.)

Displayed in IPython, a table also puts a still picture of its position
(:mod:`.snapshot`) in the output below it, updated as the position changes: an exported
page or a notebook viewer shows the board without a kernel, and the live table's
stylesheet hides it while the table itself is drawn.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets
import traitlets

from .snapshot import snapshot_html, snapshot_text

STATIC = Path(__file__).parent / "static"
SNAPSHOT_MIME = "text/html"
SHARED = ("pictures", "strings")
"""State keys kept once per kernel in the assets model (a table syncs only their keys)."""


class TableAssets(ipywidgets.Widget):
    """The table's front end, once per kernel: ``esm`` (table.js) and ``css`` (table.css).

    A plain widget model (``@jupyter-widgets/base`` ``WidgetModel``, no view), so every
    Jupyter front end can hold it and a saved notebook stores it once.
    """

    esm = traitlets.Unicode().tag(sync=True)
    css = traitlets.Unicode().tag(sync=True)
    pictures = traitlets.Dict().tag(sync=True)  # {key: a game's card pictures}, each once
    strings = traitlets.Dict().tag(sync=True)  # {key: the front end's words in one language}, each once

    def share(self, name: str, value: dict) -> str:
        """Keep ``value`` in the ``name`` table (``pictures`` or ``strings``) once; its key."""
        key = hashlib.sha1(json.dumps(value, sort_keys=True).encode("utf-8")).hexdigest()[:16]
        store = getattr(self, name)
        if key not in store:
            setattr(self, name, {**store, key: value})
        return key

    @classmethod
    def shared(cls) -> TableAssets:
        """The kernel's one assets model (made again if it was closed)."""
        current = cls.__dict__.get("_current")
        if current is None or current.comm is None:
            current = cls(esm=(STATIC / "table.js").read_text(encoding="utf-8"),
                          css=(STATIC / "table.css").read_text(encoding="utf-8"))
            cls._current = current
        return current


def loader() -> str:
    """``static/bootstrap.js`` as each table's model stores it: without its comment lines."""
    lines = (STATIC / "bootstrap.js").read_text(encoding="utf-8").splitlines()
    return "\n".join(line for line in lines if not line.lstrip().startswith("//")) + "\n"


class TableWidget(anywidget.AnyWidget):
    """A game table (play or explore) or the simulation lab, drawn by ``static/table.js``."""

    _esm = loader()
    _css = ""
    _assets = traitlets.Instance(TableAssets).tag(sync=True, **ipywidgets.widget_serialization)

    snapshots = True
    """Put a still picture of the position under the table when it is displayed (set False
    on the class for hosts that draw each output apart, where it would show twice)."""

    seq = traitlets.Int(0).tag(sync=True)
    mode = traitlets.Unicode("play").tag(sync=True)
    scene = traitlets.Dict().tag(sync=True)
    notice = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)
    auto = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)
    pictures = traitlets.Dict()  # the game's card pictures: kept in the assets model, once per game
    strings = traitlets.Dict()  # the front end's words: kept in the assets model, once per language
    shared = traitlets.Dict().tag(sync=True)  # {"pictures": key, "strings": key} in the assets model

    def __init__(self, controller: Any, **kwargs: Any):
        super().__init__(_assets=self._assets_model(), **kwargs)
        self.controller = controller
        self._snapshot_shown: str | None = None  # the snapshot last displayed (None: not displayed)
        self._sync(controller.state())
        self.on_msg(self._on_msg)

    @classmethod
    def _assets_model(cls) -> TableAssets | None:
        """The shared assets model this kind of table takes its front end from."""
        return TableAssets.shared()

    def _on_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        self._sync(self.controller.handle(content))

    def send_message(self, message: dict) -> dict:
        """Act as the front end would (for scripts and tests); returns the new state."""
        state = self.controller.handle(message)
        self._sync(state)
        return state

    def _sync(self, state: dict) -> None:
        shared = dict(self.shared)
        for name in SHARED if self._assets is not None else ():  # into the assets model first:
            # its update reaches the page before ours
            if name in state and (name not in shared or state[name] != getattr(self, name)):
                shared[name] = self._assets.share(name, state[name])
        with self.hold_sync():
            for key, value in state.items():
                setattr(self, key, value)
            self.shared = shared
        if self._snapshot_shown is not None:
            self._update_snapshot()

    # ------------------------------------------------------------------ the snapshot

    def snapshot_bundle(self) -> dict:
        """The still picture of the position as display data: ``text/html`` and ``text/plain``."""
        state = {"scene": self.scene, "pictures": self.pictures, "strings": self.strings}
        return {SNAPSHOT_MIME: snapshot_html(state), "text/plain": snapshot_text(state)}

    @property
    def snapshot_id(self) -> str:
        """The display id of this table's snapshot output (every copy of it updates together)."""
        return f"witchtable-snapshot-{self.model_id}"

    def _update_snapshot(self) -> None:
        bundle = self.snapshot_bundle()
        if bundle[SNAPSHOT_MIME] == self._snapshot_shown:
            return  # the position did not change (a busy flag, a notice, a bot's pause)
        from IPython.display import update_display

        update_display(bundle, raw=True, display_id=self.snapshot_id)
        self._snapshot_shown = bundle[SNAPSHOT_MIME]

    def _ipython_display_(self, **kwargs: Any) -> None:
        """The live table, then (``snapshots``) its still picture with a display id."""
        from IPython.display import display

        shown = self._repr_mimebundle_(**kwargs)
        assert shown is not None, "anywidget gives no bundle only to a widget without a view"
        data, metadata = shown
        display(data, metadata=metadata, raw=True)
        if self.snapshots:
            bundle = self.snapshot_bundle()
            display(bundle, raw=True, display_id=self.snapshot_id)
            self._snapshot_shown = bundle[SNAPSHOT_MIME]

    @property
    def game(self) -> Any:
        """The controller's current game (play: note this holds every hidden card)."""
        return getattr(self.controller, "game", None)

    def __repr__(self) -> str:
        scene = self.scene or {}
        return f"<TableWidget {scene.get('title', '')} {self.mode} move {scene.get('move', 0)}>"


class MarimoTableWidget(TableWidget):
    """The table as marimo draws it: its whole front end in its own model.

    Not the assets model, because marimo draws each anywidget in a shadow root, which the
    stylesheet the loader puts in the page's head does not reach (marimo puts a widget's
    own ``_css`` there), and a marimo notebook is code, not saved widget state: there is
    nothing to store once. ``static/marimo.js`` loads ``table.js`` from ``table_esm``.
    """

    _esm = (STATIC / "marimo.js").read_text(encoding="utf-8")
    _css = (STATIC / "table.css").read_text(encoding="utf-8")
    _assets = traitlets.Any(None)  # no assets model: not synced
    table_esm = traitlets.Unicode().tag(sync=True)
    pictures = traitlets.Dict().tag(sync=True)
    strings = traitlets.Dict().tag(sync=True)
    snapshots = False  # (marimo draws the widget itself, never through _ipython_display_)

    def __init__(self, controller: Any, **kwargs: Any):
        super().__init__(controller, table_esm=(STATIC / "table.js").read_text(encoding="utf-8"), **kwargs)

    @classmethod
    def _assets_model(cls) -> None:
        return None


def in_marimo() -> bool:
    """True in a marimo notebook or app (its kernel has imported marimo; nothing imports it here)."""
    marimo = sys.modules.get("marimo")
    return marimo is not None and bool(marimo.running_in_notebook())


def table_widget(controller: Any) -> TableWidget:
    """The widget for ``controller`` in this host: :class:`MarimoTableWidget` in marimo,
    else :class:`TableWidget` (Jupyter: JupyterLab, Notebook 7, JupyterLite, VS Code)."""
    return (MarimoTableWidget if in_marimo() else TableWidget)(controller)
