"""witchtable's widgets: play and explore any game in a notebook cell or a web page.

The layers: a presenter per game turns a seat's view into a scene; the host-independent
:class:`TableController` holds the game, the seats, the bots and the explorer's
timeline; one ES module (``static/table.js``) draws any scene. :class:`TableWidget`
(anywidget) is a thin adapter and the only place that imports ipywidgets; it is
imported lazily so a Pyodide worker can use the controller without anywidget.
"""

from __future__ import annotations

from typing import Any

from .controller import TableController, resolve_seats
from .lab import LabController

__all__ = ["LabController", "TableController", "TableWidget", "resolve_seats"]


def __getattr__(name: str) -> Any:
    if name == "TableWidget":
        from .anywidget_host import TableWidget

        return TableWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
