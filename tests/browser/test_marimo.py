"""The play table in marimo: ``marimo run`` serves a small app, a click plays a move.

marimo renders an anywidget shown as a cell's last expression with its own front end
(no Jupyter kernel protocol, each widget in a shadow root) and carries anywidget's custom
messages (``model.send`` -> the widget's ``on_msg`` handlers), which is all the table
needs; ``play()`` there returns :class:`MarimoTableWidget` (its front end in its own model,
its stylesheet as its ``_css``), and the test checks the stylesheet reaches the table.
``marimo_witching_hour.py`` shows ``play("witching-hour", players=3, seed=5, pace=0)``.
The truth here is a replica: the same app run in this process (``app.run()``) deals the
same seeded game, the clicked action is applied to it, and the page must show what the
replica's seat 0 sees (move number, own hand, every hand size). Rulebook:
``witching-hour.txt`` (Gameplay: on your turn you make an attack or play a card).
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page
from wt_browser import (
    LOCAL_HOST,
    NAV_TIMEOUT_MS,
    PLAY,
    LocalServer,
    Table,
    open_tab,
)

pytestmark = pytest.mark.browser

marimo = pytest.importorskip("marimo", reason="marimo is not installed (requirements/dev.txt pins it)")

APP = Path(__file__).with_name("marimo_witching_hour.py")


class MarimoServer(LocalServer):
    """``marimo run APP`` on 127.0.0.1, no token, with a throwaway home (no user config)."""

    def __init__(self, app: Path, state_dir: Path, log_path: Path) -> None:
        super().__init__(log_path)
        self.app = app
        self.state_dir = state_dir

    def start(self, timeout: float = 90.0) -> None:
        exe = Path(sys.executable).parent / "marimo"
        if not exe.exists():
            raise RuntimeError(f"{exe} is missing: install requirements/dev.txt into this venv")
        home = self.state_dir / "home"
        home.mkdir(parents=True, exist_ok=True)
        env = dict(os.environ)
        if env.get("PYTHONPATH"):  # the app runs elsewhere: make build/dev absolute
            env["PYTHONPATH"] = os.pathsep.join(
                str(Path(entry).resolve()) for entry in env["PYTHONPATH"].split(os.pathsep) if entry)
        env.update({"HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"),
                    "XDG_CACHE_HOME": str(home / ".cache"), "XDG_STATE_HOME": str(home / ".state"),
                    "MARIMO_SKIP_UPDATE_CHECK": "1", "PYTHONUNBUFFERED": "1"})
        cmd = [str(exe), "run", str(self.app), "--host", LOCAL_HOST, "--port", str(self.port),
               "--headless", "--no-token", "--no-sandbox"]
        self.launch("marimo", cmd, f"{self.base_url}/health", timeout, cwd=self.app.parent, env=env,
                    stdin=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def marimo_server(tmp_path_factory: pytest.TempPathFactory, artifacts: Path) -> Iterator[MarimoServer]:
    folder = tmp_path_factory.mktemp("marimo")
    app = folder / APP.name  # a copy: marimo may write beside the app it runs
    shutil.copy(APP, app)
    server = MarimoServer(app, folder, artifacts / "marimo.log")
    server.start()
    yield server
    server.stop()


def replica():
    """The app's table, made by running the same app file in this process."""
    spec = importlib.util.spec_from_file_location("marimo_witching_hour", APP)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    _, defs = module.app.run()
    return defs["table"]


def seen(table: Table) -> dict:
    """What seat 0's table shows: the move, its own hand, every seat's hand size."""
    snap = table.snapshot()
    return {"move": snap["move"], "hand": Counter(snap["hand"] or []),
            "hand_sizes": [p["hand_size"] for p in sorted(snap["players"], key=lambda p: p["seat"])]}


def truth(widget) -> dict:
    view = widget.game.view(0)
    return {"move": widget.game.move_number, "hand": Counter({k: n for k, n in view["hand"].items() if n}),
            "hand_sizes": list(view["hand_sizes"])}


@pytest.fixture
def tab(request: pytest.FixtureRequest, chromium: BrowserContext) -> Iterator[Page]:
    """A fresh tab (closed after the failure screenshot); ``tab.wt_stacks``: its JS errors."""
    page = open_tab(chromium)
    stacks: list[str] = []
    page.on("pageerror", lambda err: stacks.append(err.stack or str(err)))
    page.wt_stacks = stacks  # type: ignore[attr-defined]
    request.node.wt_page = page
    yield page
    request.node.wt_page = None
    page.close()


def test_a_click_plays_a_move_in_marimo(tab: Page, marimo_server: MarimoServer, artifacts: Path) -> None:
    """Gameplay (witching-hour.txt): seat 0 opens; the clicked action is the move played."""
    started = time.monotonic()
    tab.goto(marimo_server.base_url, timeout=NAV_TIMEOUT_MS)
    root = tab.locator(PLAY).first  # (CSS locators pierce marimo's shadow roots)
    root.wait_for(timeout=NAV_TIMEOUT_MS)
    table = Table(tab, root)
    table.wait_idle()
    shown = time.monotonic() - started
    styled = root.evaluate("el => getComputedStyle(el).getPropertyValue('--wt-bg').trim()")
    assert styled, "table.css does not reach the table (marimo draws it in a shadow root)"

    twin = replica()
    assert seen(table) == truth(twin), "the page does not show the seeded deal"
    button = table.find('button[data-action]:not([data-role="confirm"]):not([disabled])').first
    action = json.loads(button.get_attribute("data-action"))
    assert action in twin.game.legal_actions(0), f"the page offers an illegal action: {action}"

    ms = table.act(lambda: button.click())
    twin.send_message({"kind": "act", "action": action, "move": 0})
    assert twin.game.move_number >= 1
    assert seen(table) == truth(twin), "the page does not show the game after the clicked action"
    assert not table.busy
    assert tab.wt_stacks == [], "uncaught errors in the page:\n" + "\n".join(tab.wt_stacks)
    root.screenshot(path=str(artifacts / "marimo-play.png"))
    print(f"marimo: table shown {shown:.1f} s after opening; click to re-render {ms:.0f} ms")
