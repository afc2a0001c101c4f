"""The benchmark's anchor (lite/bench_anchor.py): built from a clone, it starts offline.

``make bench-site`` times the site against a stock JupyterLite running ``print(1)``. Its
kernel installs jedi at start, which the site stopped shipping, so the anchor's kernel
failed offline and the benchmark waited 240 s for a raw TimeoutError (issue 26, item 10).
These tests build the anchor as the benchmark does, check the build is offline-complete,
run its ``print(1)`` in Chromium with every other host blocked, and check that a broken
anchor stops the benchmark at once with the kernel's own error. The anchor is built with
the lite build environment (.venv-lite, which ``make site`` makes), in about 5 s.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from wt_browser import LOCAL_HOST
from wt_site import record

import bench_anchor
import bench_site
from serve import make_server

REPO = Path(__file__).resolve().parents[2]
LITE_PYTHON = REPO / ".venv-lite" / "bin" / "python"
PRINT_1 = "notebooks/index.html?path=anchor.ipynb"


@pytest.fixture(scope="module")
def anchor(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The anchor, built by lite/bench_anchor.py as ``make bench-site`` builds it."""
    if not LITE_PYTHON.is_file():
        pytest.fail(f"{LITE_PYTHON} is missing: make site makes the lite build environment", pytrace=False)
    out = tmp_path_factory.mktemp("anchor") / "lite-anchor"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    started = time.monotonic()
    proc = subprocess.run([str(LITE_PYTHON), str(REPO / "lite" / "bench_anchor.py"), "--out", str(out)],
                          capture_output=True, text=True, env=env)
    assert proc.returncode == 0, f"the anchor did not build:\n{proc.stdout}\n{proc.stderr}"
    record("anchor_build_s", round(time.monotonic() - started, 1))
    return out


def broken_copy(anchor: Path, folder: Path) -> Path:
    """The anchor as it was built before the fix: no jedi (nor parso) in its lock."""
    copy = folder / "anchor-without-jedi"
    shutil.copytree(anchor, copy)
    lock_path = copy / "static" / "pyodide" / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    for name in ("jedi", "parso"):
        (lock_path.parent / lock["packages"].pop(name)["file_name"]).unlink()
    for entry in lock["packages"].values():
        entry["depends"] = [d for d in entry["depends"] if d not in ("jedi", "parso")]
    lock_path.write_text(json.dumps(lock))
    return copy


@contextmanager
def served(folder: Path) -> Iterator[str]:
    server = make_server(folder, LOCAL_HOST, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{LOCAL_HOST}:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_the_anchor_build_is_offline_complete(anchor: Path) -> None:
    """Pyodide from the anchor itself, PyPI off, and every package the stock kernel
    installs at start (jedi too) in its lock, each file there with the lock's hash."""
    assert bench_anchor.offline_problems(anchor) == []
    kernel = json.loads((anchor / "jupyter-lite.json").read_text())[
        "jupyter-config-data"]["litePluginSettings"][bench_anchor.KERNEL_SETTINGS]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert (anchor / "static" / "pyodide" / "pyodide.mjs").is_file()
    assert kernel["disablePyPIFallback"] is True
    assert "loadPyodideOptions" not in kernel, "stock: the kernel installs its packages itself, no preloads"
    lock = json.loads((anchor / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    assert {"jedi", "parso", "ipython", "micropip"} <= set(lock)
    assert "witchtable" not in lock, "the anchor is JupyterLite alone"


def test_offline_problems_name_what_would_stop_the_kernel(anchor: Path, tmp_path: Path) -> None:
    """The anchor built before the fix (no jedi), with Pyodide from a CDN, PyPI allowed and
    a wheel gone: each is named (the build fails with them, and ``--check`` prints them)."""
    copy = broken_copy(anchor, tmp_path)
    config_path = copy / "jupyter-lite.json"
    config = json.loads(config_path.read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"][bench_anchor.KERNEL_SETTINGS]
    kernel["pyodideUrl"] = "https://cdn.jsdelivr.net/pyodide/v0.29.0/full/pyodide.mjs"
    del kernel["disablePyPIFallback"]
    config_path.write_text(json.dumps(config))
    (copy / "static" / "pyodide" / "comm-0.2.3-py3-none-any.whl").unlink()
    problems = "\n".join(bench_anchor.offline_problems(copy))
    assert "the kernel installs jedi at start" in problems and "anchor-wheels.txt" in problems
    assert "pyodideUrl 'https://cdn.jsdelivr.net" in problems
    assert "disablePyPIFallback" in problems
    assert "comm-0.2.3-py3-none-any.whl, which is not in" in problems
    assert bench_anchor.offline_problems(tmp_path / "nothing")[0].endswith("not a built anchor")


def test_the_anchor_prints_1_offline_in_chromium(anchor: Path, playwright_driver) -> None:
    """The benchmark's own measurement of the anchor, with every host but 127.0.0.1 blocked."""
    with served(anchor) as url:
        seconds, downloaded = bench_site.measure(playwright_driver, url + PRINT_1, "anchor", 0)
    record("anchor_print_1_s", round(seconds, 2))
    assert 0 < seconds < bench_site.READY_S["anchor"]
    assert downloaded > 10_000_000, "Pyodide and the kernel's wheels come from the anchor itself"


def test_a_kernel_that_cannot_start_stops_the_benchmark_with_its_error(
        anchor: Path, tmp_path: Path, playwright_driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """The anchor as it was before the fix: the benchmark stops soon after the kernel's
    error, and says it, instead of waiting 240 s for a bare TimeoutError."""
    monkeypatch.setattr(bench_site, "GRACE_S", 3.0)
    started = time.monotonic()
    with served(broken_copy(anchor, tmp_path)) as url, pytest.raises(bench_site.NotReady) as err:
        bench_site.measure(playwright_driver, url + PRINT_1, "anchor", 0)
    assert time.monotonic() - started < 90
    message = str(err.value)
    assert "it reported an error and was not ready 3 s later" in message
    assert "errors in the page: ValueError: Can't find a pure Python 3 wheel for: 'jedi'" in message
