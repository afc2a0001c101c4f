"""tools/pyodide/run.mjs, checked from CPython: it runs code against the installed wheel,
passes exit codes through, and refuses every network access loudly.

Needs node, node_modules/pyodide, build/pyodide-wheels (tools/pyodide/fetch-wheels.sh)
and dist/witchtable-*.whl; skipped with the reason when one is missing. Each test that
starts Pyodide takes a few seconds.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tools" / "pyodide" / "run.mjs"
WHEELS = ROOT / "build" / "pyodide-wheels"
PROJECT_WHEELS = sorted((ROOT / "dist").glob("witchtable-*-py3-none-any.whl"))

pytestmark = [
    pytest.mark.skipif(sys.platform == "emscripten", reason="starts Node in a subprocess"),
    pytest.mark.skipif(shutil.which("node") is None, reason="needs node on PATH"),
    pytest.mark.skipif(not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists(),
                       reason="needs node_modules/pyodide (npm ci)"),
    pytest.mark.skipif(not list(WHEELS.glob("micropip-*.whl")),
                       reason="needs build/pyodide-wheels (tools/pyodide/fetch-wheels.sh)"),
    pytest.mark.skipif(not PROJECT_WHEELS, reason="needs dist/witchtable-*.whl (make the wheel)"),
]


def run(*args: str, wheels: bool = True) -> subprocess.CompletedProcess:
    command = ["node", str(RUNNER), "--quiet"]
    if wheels:
        command += ["--wheels", str(WHEELS), "--wheel", str(PROJECT_WHEELS[-1])]
    return subprocess.run([*command, *args], capture_output=True, text=True, cwd=ROOT, timeout=300)


def test_snippet_runs_in_pyodide_against_the_installed_wheel_and_passes_its_exit_code():
    snippet = ("import sys, random, witchtable.engine as e\n"
               "print('PLATFORM', sys.platform, sys.version_info[:2])\n"
               "print('FROM', e.__file__)\n"
               "print('RANDOM', random.Random(7).random())\n"
               "g = e.new_game('witching-hour', players=3, seed=7)\n"
               "print('TO_ACT', g.to_act)\n"
               "raise SystemExit(4)")
    proc = run("--python", snippet)
    assert proc.returncode == 4, proc.stderr
    lines = dict(line.split(" ", 1) for line in proc.stdout.splitlines())
    assert lines["PLATFORM"] == "emscripten (3, 14)"
    assert "/site-packages/witchtable/engine/" in lines["FROM"]
    assert float(lines["RANDOM"]) == random.Random(7).random()  # one generator, both interpreters
    assert lines["TO_ACT"] == "(0,)"


def test_a_python_error_exits_1_with_its_traceback():
    proc = run("--python", "{}['missing']")
    assert proc.returncode == 1
    assert "KeyError: 'missing'" in proc.stderr


def test_any_network_access_aborts_the_run_with_a_clear_error():
    proc = run("--python", "import js\nawait js.fetch('https://example.invalid/x.whl')")
    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert "offline run: fetch https://example.invalid/x.whl refused" in proc.stderr
    assert "network access was attempted" in proc.stderr


@pytest.mark.parametrize(("args", "message"), [
    ((), "give exactly one of --pytest ARGS... or --python CODE"),
    (("--python", "1"), "give --wheels DIR"),
    (("--python", "1", "--pytest"), "give exactly one of"),
    (("--bogus",), 'unknown argument "--bogus"'),
    (("--wheels",), "--wheels needs a value"),
])
def test_a_bad_command_line_exits_2_with_the_usage(args, message):
    proc = run(*args, wheels=False)
    assert proc.returncode == 2
    assert message in proc.stderr
    assert "usage: node tools/pyodide/run.mjs" in proc.stderr


def test_a_missing_project_wheel_is_named_with_how_to_build_it(tmp_path):
    proc = run("--wheels", str(WHEELS), "--wheel", str(tmp_path / "witchtable-9-py3-none-any.whl"),
               "--python", "1", wheels=False)
    assert proc.returncode == 3
    assert "does not exist (build it with" in proc.stderr
