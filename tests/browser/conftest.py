"""Fixtures of the browser suite: a JupyterLab server, an offline Chromium, artifacts.

Run with ``pytest tests/browser`` from the environment that has witchtable (the wheel
in .venv, or ``PYTHONPATH=build/dev`` after ``make dev``: the JupyterLab server and its
kernels inherit this process's environment). Needs Debian's chromium:
``tools/install-chromium.sh``.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, sync_playwright
from wt_browser import (
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_FLAGS,
    HARNESS_DIR,
    NAV_TIMEOUT_MS,
    REPO,
    JupyterServer,
    OfflineGuard,
    close_tab,
    open_tab,
)

EXAMPLES = Path(os.environ.get("WITCHTABLE_EXAMPLES") or REPO / "examples")
"""The notebooks to serve (a temp copy of them); WITCHTABLE_EXAMPLES points elsewhere."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    if report.when in ("setup", "call") and report.failed:
        page = getattr(item, "wt_page", None)
        if page is not None and not page.is_closed():
            path = ARTIFACTS / f"FAILED-{item.name}.png"
            try:
                page.screenshot(path=str(path), full_page=True)
                report.sections.append(("browser", f"screenshot of the failure: {path}"))
            except Exception as err:  # the page may be the thing that broke
                report.sections.append(("browser", f"no screenshot: {err}"))
    return report


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    """Print the click-to-rerender timings a test recorded (see test 7)."""
    path = ARTIFACTS / "timings.json"
    if not path.exists() or path.stat().st_mtime < getattr(config, "_wt_started", 0):
        return
    data = json.loads(path.read_text())
    terminalreporter.write_sep("-", "witchtable widget: click-to-rerender")
    for name, entry in data.items():
        if isinstance(entry, dict) and "median_ms" in entry:
            terminalreporter.write_line(
                f"{name}: median {entry['median_ms']:.0f} ms, p90 {entry['p90_ms']:.0f} ms "
                f"over {entry['clicks']} clicks ({path.relative_to(REPO)})")


def pytest_configure(config: pytest.Config) -> None:
    config._wt_started = time.time()


# --------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for old in ARTIFACTS.glob("FAILED-*.png"):  # from an earlier run
        old.unlink()
    return ARTIFACTS


@pytest.fixture(scope="session")
def lab_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A temp copy of examples/ (what the server serves) plus the harness's notebook."""
    root = tmp_path_factory.mktemp("lab") / "root"
    if EXAMPLES.is_dir():
        shutil.copytree(EXAMPLES, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    else:
        root.mkdir()
    write_harness_notebook(root / HARNESS_DIR)
    return root


@pytest.fixture(scope="session")
def jupyter(lab_root: Path, tmp_path_factory: pytest.TempPathFactory,
            artifacts: Path) -> Iterator[JupyterServer]:
    server = JupyterServer(lab_root, tmp_path_factory.mktemp("jupyter-state"),
                           artifacts / "jupyterlab.log")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def offline_guard() -> OfflineGuard:
    return OfflineGuard()


@pytest.fixture(scope="session")
def chromium(tmp_path_factory: pytest.TempPathFactory,
             offline_guard: OfflineGuard) -> Iterator[BrowserContext]:
    """Debian's Chromium, headless, fresh profile, every non-127.0.0.1 request aborted."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: run tools/install-chromium.sh (Debian's chromium; "
                    f"never `playwright install`), or point WITCHTABLE_CHROMIUM at a Chromium",
                    pytrace=False)
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")),
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS,
            viewport={"width": 1280, "height": 900}, service_workers="block",
        )
        context.set_default_timeout(NAV_TIMEOUT_MS)
        offline_guard.attach(context)
        yield context
        context.close()


@pytest.fixture(autouse=True)
def no_outside_requests(offline_guard: OfflineGuard) -> Iterator[None]:
    """Fail the test if anything in the browser tried to reach a host but 127.0.0.1."""
    offline_guard.take()
    yield
    attempted = offline_guard.take()
    if attempted:
        pytest.fail("the page tried to reach hosts other than 127.0.0.1 (blocked): "
                    + ", ".join(attempted[:10]), pytrace=False)


@pytest.fixture
def page(request: pytest.FixtureRequest, chromium: BrowserContext, jupyter: JupyterServer) -> Iterator[Page]:
    """A fresh tab for one test; its notebooks' kernels are stopped afterwards."""
    tab = open_tab(chromium)
    request.node.wt_page = tab
    yield tab
    request.node.wt_page = None
    close_tab(tab, jupyter)


# --------------------------------------------------------------------------- harness notebook

TRIVIAL_WIDGET = '''\
import time

import anywidget
import traitlets


class Trivial(anywidget.AnyWidget):
    """A stand-in with the widget contract's DOM: a root with data-move/data-busy."""

    _esm = """
    export default {
      render({ model, el }) {
        const root = document.createElement("div");
        root.className = "wt-table";
        root.dataset.game = "trivial";
        const button = document.createElement("button");
        button.textContent = "Next";
        button.dataset.action = JSON.stringify({type: "next"});
        button.addEventListener("click", () => {
          root.dataset.busy = "1";
          model.send({kind: "act", action: {type: "next"}, move: model.get("move")});
        });
        const draw = () => {
          root.dataset.move = String(model.get("move"));
          root.dataset.busy = "0";
          button.setAttribute("aria-label", "Next (move " + model.get("move") + ")");
        };
        model.on("change:move", draw);
        draw();
        root.append(button);
        el.append(root);
        return () => model.off("change:move", draw);
      },
    };
    """
    move = traitlets.Int(0).tag(sync=True)

    def __init__(self) -> None:
        super().__init__()
        self.on_msg(self._handle)

    def _handle(self, widget, message, buffers) -> None:
        if message.get("kind") == "act" and message.get("move") == self.move:
            time.sleep(0.02)
            self.move += 1


Trivial()
'''


def write_harness_notebook(folder: Path) -> None:
    """A throwaway notebook that shows a trivial anywidget (tests the harness itself)."""
    folder.mkdir(parents=True, exist_ok=True)
    cells = [
        {"cell_type": "markdown", "metadata": {}, "source": ["# Harness check"]},
        {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
         "source": ["import sys\n", "\n", "import witchtable\n", "\n",
                    "print(sys.executable)\n", "print(witchtable.__file__)"]},
        {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
         "source": TRIVIAL_WIDGET.splitlines(keepends=True)},
    ]
    for number, cell in enumerate(cells):
        cell["id"] = f"harness-{number}"  # nbformat 4.5 wants cell ids
    notebook = {"cells": cells, "nbformat": 4, "nbformat_minor": 5, "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"},
        "language_info": {"name": "python"}}}
    (folder / "trivial.ipynb").write_text(json.dumps(notebook, indent=1))
