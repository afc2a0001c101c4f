"""Where a registered game's own files live, for the tests written once for every game.

A game shipped in the package keeps them in the checkout: ``docs/games/<id>.md``,
``examples/<id>.ipynb`` and ``tests/**/test_<package>_*.py``. A game registered from
elsewhere (``WITCHTABLE_EXTRA_GAMES``, the throwaway games of ``tests/extra_games``) keeps
the same layout in the folder its package sits in.
"""

from __future__ import annotations

import sys
from pathlib import Path

from witchtable.engine import GAMES

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
SHIPPED = "witchtable.engine.games."


def package_of(game_id: str) -> tuple[str, Path]:
    """The game's package: its module name and its folder."""
    module = sys.modules[GAMES[game_id].state_class.__module__]
    package = sys.modules[module.__package__ or module.__name__]
    return package.__name__, Path(package.__file__).parent


def short_name(game_id: str) -> str:
    """The package's own name (``witching_hour``): its test files are named after it."""
    return package_of(game_id)[0].rsplit(".", 1)[-1]


def home_of(game_id: str) -> Path:
    """The folder holding the game's ``docs/`` and ``examples/``."""
    name, folder = package_of(game_id)
    return ROOT if name.startswith(SHIPPED) else folder.parent


def doc_of(game_id: str) -> Path:
    return home_of(game_id) / "docs" / "games" / f"{game_id}.md"


def notebook_of(game_id: str) -> Path:
    return home_of(game_id) / "examples" / f"{game_id}.ipynb"


def own_test_files(game_id: str) -> list[Path]:
    """The game's own test files: ``test_<package>_*.py`` (or ``test_<package>.py``) under tests/."""
    package = short_name(game_id)
    return sorted({*TESTS.rglob(f"test_{package}_*.py"), *TESTS.rglob(f"test_{package}.py")})
