"""Presenters read facts, never rules: they import the engine only through its public API.

``docs/design.md``: widgets import the engine only through its public API. For a
presenter that is ``witchtable.engine`` itself and a game package's public face
(``engine.games.<game>``, its ``__init__``); a game's modules (``cards``, ``deck``,
``state``...) and the engine's own (``core``, ``rules``...) are internals, so a presenter
that needs a card's name, a stopper or a forecast asks the view or a public function.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from witchtable.widgets import presenters

PRESENTERS = sorted(Path(presenters.__file__).parent.glob("*.py"))
PACKAGE = "witchtable.widgets.presenters"


def engine_imports(path: Path) -> list[str]:
    """Every ``witchtable.engine...`` module a presenter file imports (relative ones resolved)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom):
            base = PACKAGE.split(".")
            if node.level:
                base = base[:len(base) - node.level + 1]
                module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            else:
                module = node.module or ""
            out.append(module)
        elif isinstance(node, ast.Import):
            out += [alias.name for alias in node.names]
    return [m for m in out if m == "witchtable.engine" or m.startswith("witchtable.engine.")]


def is_public(module: str) -> bool:
    parts = module.split(".")
    return parts == ["witchtable", "engine"] or (len(parts) == 4 and parts[2] == "games")


def test_the_check_tells_internals_from_the_public_api():
    assert is_public("witchtable.engine") and is_public("witchtable.engine.games.hocus_pocus")
    for internal in ("witchtable.engine.core", "witchtable.engine.games.hocus_pocus.cards",
                     "witchtable.engine.games.witching_hour.state", "witchtable.engine.rules"):
        assert not is_public(internal), internal
    here = Path(__file__)
    assert engine_imports(here) == [], "this file imports no engine module"


@pytest.mark.parametrize("path", PRESENTERS, ids=lambda p: p.stem)
def test_presenters_import_no_engine_internals(path):
    """No presenter imports a game's modules or the engine's own: only the public API."""
    internal = [m for m in engine_imports(path) if not is_public(m)]
    assert not internal, f"{path.name} imports engine internals {internal}; use the view or a public function"
