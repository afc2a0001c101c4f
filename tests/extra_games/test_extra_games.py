"""The proof that a new game gets every generic test for free, with nothing else edited.

Two throwaway games live here, outside the shipped package: ``pebbles`` (2-4 players, one
hidden card per seat, a peek that shows one card to one seat, scores kept out of views
because they count a hidden card) and ``pebbles_team`` (the same as a cooperative game:
the table wins or loses as one). Each is a package with a ``SPEC``, one rules test file
(``test_pebbles_rules.py``, ``test_pebbles_team_rules.py``), a docs page
(``docs/games/<id>.md``) and a notebook (``examples/<id>.ipynb``); no presenter (the
generic one draws them) and no bots of their own (random bots play them).

The test starts a fresh pytest with ``WITCHTABLE_EXTRA_GAMES=pebbles,pebbles_team`` (read
by the engine's registry) and this folder importable, runs the generic engine and widget
suites and the games' own rules tests, and checks that every generic test ran, and
passed, for both games.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
EXTRA = {"pebbles": "pebbles", "pebbles-team": "pebbles_team"}
"""Game id: the module that registers it."""
GENERIC = [ROOT / "tests" / "engine" / "test_contract.py", ROOT / "tests" / "engine" / "test_every_game.py",
           ROOT / "tests" / "engine" / "test_sampling.py",
           ROOT / "tests" / "widgets" / "test_widget_every_game.py",
           ROOT / "tests" / "widgets" / "test_widget_notebooks.py"]
"""The suites written once for every registered game (parametrized over GAMES)."""

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="starts pytest in a subprocess")


def per_game_tests(path: Path) -> set[str]:
    """The test functions of ``path`` that run once per game (they take ``game_id``)."""
    return {node.name for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
            and "game_id" in [a.arg for a in node.args.args]}


def test_a_new_game_gets_every_generic_test_by_registering(tmp_path):
    report = tmp_path / "report.xml"
    python_path = os.pathsep.join([str(HERE), *sys.path])
    env = dict(os.environ, WITCHTABLE_EXTRA_GAMES=",".join(EXTRA.values()), PYTHONPATH=python_path,
               WITCHTABLE_CONTRACT_GAMES="8")
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not browser and not site",
         "-k", " or ".join(EXTRA), f"--junitxml={report}", *map(str, GENERIC),
         str(HERE / "test_pebbles_rules.py"), str(HERE / "test_pebbles_team_rules.py")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    passed: dict[str, set[str]] = {gid: set() for gid in EXTRA}
    for case in ET.parse(report).iter("testcase"):
        if any(child.tag in ("failure", "error", "skipped") for child in case):
            continue
        test, _, param = case.get("name", "").partition("[")
        game_id = re.sub(r"-\d+p$", "", param.rstrip("]"))  # ids: "<game>" or "<game>-<n>p"
        if game_id in passed:
            passed[game_id].add(test)
    wanted = set().union(*map(per_game_tests, GENERIC))
    assert len(wanted) > 15
    for gid in EXTRA:
        missing = wanted - passed[gid]
        assert not missing, f"generic tests that did not run (or pass) for {gid}: {sorted(missing)}"
    names = [case.get("name", "") for case in ET.parse(report).iter("testcase")]
    assert any(n.startswith("test_the_table_wins_or_loses_together") for n in names)
    assert any(n.startswith("test_peek_once_shows_that_card") for n in names)
