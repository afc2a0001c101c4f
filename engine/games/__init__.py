"""The games, one package each; importing this registers them in :data:`GAMES`.

A game registers by being here: every package under ``engine/games/`` whose
``__init__`` defines ``SPEC`` (a :class:`~witchtable.engine.core.GameSpec`) is found by
:func:`discover` (``pkgutil``, so it works from a wheel, a zip or Pyodide alike) and
registered in package-name order. Adding a game edits no list.

``WITCHTABLE_EXTRA_GAMES`` (a comma-separated list of importable module names, each
defining ``SPEC``) registers games from elsewhere after these: the test suite uses it to
run every generic test over a throwaway game that is not shipped.
"""

from __future__ import annotations

import importlib
import os
import pkgutil

from ..core import GAMES, GameSpec, register

EXTRA_GAMES_VARIABLE = "WITCHTABLE_EXTRA_GAMES"

def discover() -> list[str]:
    """The module names of the games to register: the packages here, then the extra ones."""
    own = sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg)
    extra = [n.strip() for n in os.environ.get(EXTRA_GAMES_VARIABLE, "").split(",") if n.strip()]
    return [f"{__name__}.{name}" for name in own] + extra


def _register_all() -> None:
    for module_name in discover():
        spec = getattr(importlib.import_module(module_name), "SPEC", None)
        if not isinstance(spec, GameSpec):
            raise ImportError(f"{module_name} is a game package but defines no SPEC = GameSpec(...)")
        register(spec)


def catalogue() -> dict:
    """Every registered game described as plain JSON, in registry order: what the site builds
    its pages from (discovery is the only list of games)."""
    return {"games": [spec.describe() for spec in GAMES.values()]}


_register_all()
