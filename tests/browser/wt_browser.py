"""Drive JupyterLab and the witchtable widget in Debian's Chromium, offline.

The pieces the browser tests share: a JupyterLab server the tests start themselves, a
Playwright context that refuses every request to a host other than 127.0.0.1 (and
remembers it, so the test fails), and small helpers that know JupyterLab's and the
widget's DOM. They wait for conditions, never for fixed times.
"""

from __future__ import annotations

import ast
import http.cookiejar
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

from playwright.sync_api import BrowserContext, Locator, Page, WebSocket

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts" / "browser"
HARNESS_DIR = "_harness"
"""Folder (inside the served copy of examples/) for the harness's own notebooks."""
CHROMIUM = Path(os.environ.get("WITCHTABLE_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
    "--disable-dev-shm-usage",
]
LOCAL_HOST = "127.0.0.1"
NAV_TIMEOUT_MS = 60_000
CELL_TIMEOUT_S = 120.0
"""Generous sanity limits only: the suite never asserts on speed."""

# JupyterLab's own settings for the test server: no news or update checks (they would
# ask the internet and put a toast over the notebook).
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
        {"fetchNews": "false", "checkForUpdates": False, "doNotDisturbMode": True},
}


# --------------------------------------------------------------------------- server


def free_port() -> int:
    """A TCP port nobody listens on now (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((LOCAL_HOST, 0))
        return sock.getsockname()[1]


APPS = {"lab": "LabApp", "notebook": "JupyterNotebookApp"}
"""The front ends JupyterServer can start: the ``jupyter`` subcommand -> its config class."""


class LocalServer:
    """A server the tests start on 127.0.0.1 in its own process group, logging to ``log_path``:
    the start (launch, then wait until ``url`` answers), the log's tail and the stop that
    JupyterLab, Notebook 7 and marimo share."""

    def __init__(self, log_path: Path) -> None:
        self.log_path = log_path
        self.port = free_port()
        self.base_url = f"http://{LOCAL_HOST}:{self.port}"
        self.proc: subprocess.Popen | None = None
        self._log = None

    def launch(self, name: str, cmd: list[str], url: str, timeout: float, **popen: Any) -> None:
        """Run ``cmd`` (its output to the log) and wait until ``url`` answers 200; if the
        process exits first or time runs out, stop it and raise with the log's tail."""
        self._log = open(self.log_path, "w")
        self.proc = subprocess.Popen(cmd, stdout=self._log, stderr=subprocess.STDOUT,
                                     start_new_session=True, **popen)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{name} exited with code {self.proc.returncode}; "
                                   f"its log:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(url, timeout=2) as reply:
                    if reply.status == 200:
                        return
            except OSError:
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"{name} did not answer on {url} within {timeout:.0f} s; "
                           f"its log:\n{self.log_tail()}")

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def stop(self) -> None:
        """Stop the server and its children (they share the process group we started)."""
        stop_group(self.proc)
        if self._log is not None:
            self._log.close()
            self._log = None


class JupyterServer(LocalServer):
    """A JupyterLab (or Notebook 7) server on 127.0.0.1, isolated from the user's Jupyter config.

    It runs from the same environment as the tests (``sys.executable``'s bin folder), so
    its kernels import the same witchtable (the installed wheel, or the checkout when
    ``PYTHONPATH=build/dev`` is set: the environment is passed through).
    """

    def __init__(self, root_dir: Path, state_dir: Path, log_path: Path, app: str = "lab") -> None:
        if app not in APPS:
            raise ValueError(f"app must be one of {sorted(APPS)}, not {app!r}")
        # "lab" (JupyterLab) or "notebook" (Jupyter Notebook 7: the same server and kernels,
        # one notebook per page at /notebooks/PATH).
        super().__init__(log_path)
        self.app = app
        self.root_dir = root_dir
        self.state_dir = state_dir
        self._opener: urllib.request.OpenerDirector | None = None
        self._cookies: http.cookiejar.CookieJar | None = None

    def start(self, timeout: float = 90.0) -> None:
        jupyter = Path(sys.executable).parent / "jupyter"
        if not jupyter.exists():
            raise RuntimeError(f"{jupyter} is missing: install requirements/dev.txt into this venv")
        dirs = {name: self.state_dir / name for name in ("config", "data", "runtime", "ipython",
                                                         "settings", "workspaces")}
        for path in dirs.values():
            path.mkdir(parents=True, exist_ok=True)
        for rel, values in (LAB_SETTINGS if self.app == "lab" else {}).items():
            target = dirs["settings"] / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(values))
        env = dict(os.environ)
        if env.get("PYTHONPATH"):
            # Kernels start in the notebook's folder: a relative entry (build/dev) would miss.
            env["PYTHONPATH"] = os.pathsep.join(
                str(Path(entry).resolve()) for entry in env["PYTHONPATH"].split(os.pathsep) if entry)
        env.update({
            "JUPYTER_CONFIG_DIR": str(dirs["config"]),
            "JUPYTER_DATA_DIR": str(dirs["data"]),
            "JUPYTER_RUNTIME_DIR": str(dirs["runtime"]),
            "IPYTHONDIR": str(dirs["ipython"]),
            "JUPYTER_PLATFORM_DIRS": "1",
            "PYTHONUNBUFFERED": "1",
        })
        cls = APPS[self.app]
        cmd = [
            str(jupyter), self.app, "--allow-root", "--no-browser", "--ip", LOCAL_HOST,
            "--port", str(self.port), "--port-retries", "0",
            "--IdentityProvider.token=", "--ServerApp.password=",
            f"--ServerApp.root_dir={self.root_dir}",
            f"--{cls}.user_settings_dir={dirs['settings']}",
            f"--{cls}.workspaces_dir={dirs['workspaces']}",
            f"--{cls}.expose_app_in_browser=True",
        ]
        if self.app == "lab":  # (options of JupyterLab's LabApp only)
            cmd += ["--LabApp.news_url=None",
                    "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                    "--LabApp.extension_manager=readonly"]
        self.launch(f"jupyter {self.app}", cmd, f"{self.base_url}/api/status", timeout,
                    cwd=self.root_dir, env=env)

    def api(self, method: str, path: str) -> Any:
        """Call the server's REST API (with the XSRF cookie a browser would have)."""
        if self._opener is None:
            self._cookies = http.cookiejar.CookieJar()
            self._opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self._cookies))
            self._opener.open(f"{self.base_url}/{'lab' if self.app == 'lab' else 'tree'}",
                              timeout=10).read()
        xsrf = next((c.value for c in self._cookies if c.name == "_xsrf"), "")
        request = urllib.request.Request(f"{self.base_url}{path}", method=method,
                                         headers={"X-XSRFToken": xsrf})
        with self._opener.open(request, timeout=10) as reply:
            body = reply.read()
        return json.loads(body) if body else None

def stop_group(proc: subprocess.Popen | None) -> None:
    """Stop a server started with ``start_new_session=True`` and all it started (kernels)."""
    if proc is not None and proc.poll() is None:
        pgid = os.getpgid(proc.pid)
        os.killpg(pgid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(pgid, signal.SIGKILL)
            proc.wait(timeout=5)
        try:  # kernels left behind after the server went away
            os.killpg(pgid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def open_tab(context: BrowserContext) -> Page:
    """A new tab that remembers its uncaught JS errors (``tab.wt_errors``)."""
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda err: errors.append(str(err)))
    tab.wt_errors = errors  # type: ignore[attr-defined]
    return tab


def close_tab(tab: Page, jupyter: JupyterServer) -> None:
    """Close the tab and stop the kernels of the notebooks it opened."""
    opened = set(getattr(tab, "wt_opened", ()))
    tab.close()
    for session in jupyter.api("GET", "/api/sessions"):
        if session.get("path") in opened:
            jupyter.api("DELETE", f"/api/sessions/{session['id']}")


# --------------------------------------------------------------------------- offline guard


def is_local(url: str) -> bool:
    """True for URLs the tests may load: 127.0.0.1, and in-page data:/blob:/about: URLs."""
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about", "chrome-error"):
        return True
    return parts.hostname == LOCAL_HOST


class OfflineGuard:
    """Abort every request to another host and keep a list of them (the test then fails)."""

    def __init__(self) -> None:
        self.blocked: list[str] = []

    def attach(self, context: BrowserContext) -> None:
        context.route(lambda url: not is_local(url), self._abort)
        context.route_web_socket(lambda url: not is_local(url), self._refuse_socket)
        context.on("request", self._watch)

    def _abort(self, route: Any) -> None:
        self._note(route.request.url)
        route.abort("blockedbyclient")

    def _refuse_socket(self, ws: Any) -> None:
        self._note(ws.url)
        ws.close()

    def _watch(self, request: Any) -> None:
        # Requests routing does not see (none expected) still count.
        if not is_local(request.url):
            self._note(request.url)

    def _note(self, url: str) -> None:
        if url not in self.blocked:
            self.blocked.append(url)

    def take(self) -> list[str]:
        """The URLs attempted since the last call."""
        out, self.blocked = self.blocked, []
        return out


# --------------------------------------------------------------------------- kernel traffic


def decode_frame(payload: str | bytes) -> dict | None:
    """One kernel websocket frame as a Jupyter message dict (either wire protocol).

    JupyterLab 4 speaks ``v1.kernel.websocket.jupyter.org`` (binary: a table of offsets,
    then channel, header, parent header, metadata, content, buffers) and falls back to
    JSON text frames; both are read here. Returns None for anything else.
    """
    if isinstance(payload, str):
        try:
            msg = json.loads(payload)
        except ValueError:
            return None
        return msg if isinstance(msg, dict) else None
    data = bytes(payload)
    if len(data) < 8:
        return None
    count = int.from_bytes(data[:8], "little")
    if count < 6 or 8 * (count + 1) > len(data):
        return None
    offsets = [int.from_bytes(data[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    offsets.append(len(data))
    parts = [data[offsets[i]:offsets[i + 1]] for i in range(count)]
    try:
        msg = {"channel": parts[0].decode(), "header": json.loads(parts[1]),
               "parent_header": json.loads(parts[2]), "metadata": json.loads(parts[3]),
               "content": json.loads(parts[4])}
    except ValueError:
        return None
    msg["buffers"] = parts[5:count]
    return msg


class KernelTraffic:
    """Every widget comm message the kernel sent to this page (``comm_open``/``comm_msg``).

    This is everything the browser ever received of a widget's synced state, so a
    secret that never appears here never reached the page.
    """

    def __init__(self, page: Page) -> None:
        self.messages: list[dict] = []
        self.undecoded = 0
        page.on("websocket", self._socket)

    def _socket(self, ws: WebSocket) -> None:
        match = re.search(r"/api/kernels/([^/?]+)", ws.url)
        if match:
            ws.on("framereceived", lambda payload: self._frame(match.group(1), payload))

    def _frame(self, kernel_id: str, payload: str | bytes) -> None:
        msg = decode_frame(payload)
        if msg is None:
            self.undecoded += 1
            return
        if msg.get("header", {}).get("msg_type") in ("comm_open", "comm_msg"):
            msg["kernel_id"] = kernel_id
            self.messages.append(msg)

    def of_kernel(self, kernel_id: str) -> list[dict]:
        """The messages one kernel sent (a page may talk to several)."""
        return [m for m in self.messages if m["kernel_id"] == kernel_id]

    def states(self) -> list[dict]:
        """Each synced state (or partial update) in arrival order."""
        out = []
        for msg in self.messages:
            data = msg.get("content", {}).get("data", {})
            if isinstance(data, dict) and isinstance(data.get("state"), dict):
                out.append(data["state"])
        return out

    def widgets(self, kernel_id: str | None = None) -> dict[str, dict]:
        """Each widget's state as the page has it now (comm id -> updates merged in order)."""
        out: dict[str, dict] = {}
        for msg in self.messages if kernel_id is None else self.of_kernel(kernel_id):
            content = msg.get("content", {})
            data = content.get("data", {})
            if isinstance(data, dict) and isinstance(data.get("state"), dict):
                out.setdefault(content.get("comm_id"), {}).update(data["state"])
        return out


# --------------------------------------------------------------------------- notebook

PROMPT_DONE = re.compile(r"^\[\d+\]:$")


class Notebook:
    """A notebook open in JupyterLab, with its cells run the way a user would."""

    def __init__(self, page: Page, server: JupyterServer, path: str) -> None:
        self.page = page
        self.server = server
        self.path = path
        self.file = server.root_dir / path
        self.widget_id = ""

    def open(self) -> Notebook:
        """Open the notebook: in the JupyterLab already loaded in this tab (as from its file
        browser), or by loading JupyterLab at the notebook's URL."""
        opened = getattr(self.page, "wt_opened", None)
        if opened is None:
            opened = self.page.wt_opened = []  # type: ignore[attr-defined]
        opened.append(self.path)
        loaded = self.page.url.startswith(f"{self.server.base_url}/lab") and self.page.evaluate(
            "() => window.jupyterapp !== undefined")
        if self.server.app == "notebook":  # Notebook 7: one notebook per page
            self.page.goto(f"{self.server.base_url}/notebooks/{quote(self.path)}", timeout=NAV_TIMEOUT_MS)
        elif loaded:
            # Not awaited: the command's promise settles seconds after the panel is usable.
            self.page.evaluate("p => { window.jupyterapp.commands.execute('docmanager:open', {path: p}); }",
                               self.path)
        else:  # ?reset: start from an empty workspace, whatever an earlier test left open.
            self.page.goto(f"{self.server.base_url}/lab/tree/{quote(self.path)}?reset",
                           timeout=NAV_TIMEOUT_MS)
        self.widget_id = self.page.wait_for_function(
            """p => {
                const app = window.jupyterapp;
                const w = app && app.shell.currentWidget;
                return w && w.context && w.context.path === p && w.content && w.id;
            }""", arg=self.path, timeout=NAV_TIMEOUT_MS).json_value()
        self.panel.locator(".jp-Cell").first.wait_for(timeout=NAV_TIMEOUT_MS)
        self.wait_kernel_idle()
        return self

    @property
    def panel(self) -> Locator:
        return self.page.locator(f"[id={json.dumps(self.widget_id)}]")

    def _js(self, body: str) -> str:
        """A page function with ``w``, this notebook's panel widget, in scope."""
        return ("() => { const w = [...window.jupyterapp.shell.widgets('main')]"
                f".find(x => x.id === {json.dumps(self.widget_id)}); {body} }}")

    @property
    def kernel_id(self) -> str:
        return self.page.evaluate(self._js("return w.sessionContext.session.kernel.id;"))

    def wait_kernel_idle(self, timeout: float = CELL_TIMEOUT_S) -> None:
        """Wait until the session's kernel is started and idle (not merely 'unknown')."""
        self.page.wait_for_function(self._js(
            """const k = w && w.sessionContext.session && w.sessionContext.session.kernel;
               return !!k && k.status === 'idle' && k.connectionStatus === 'connected';"""),
            timeout=timeout * 1000)

    def code_cells(self) -> list[int]:
        """Indices of the code cells with source, from the file on disk."""
        nb = json.loads(self.file.read_text())
        return [i for i, cell in enumerate(nb["cells"])
                if cell["cell_type"] == "code" and "".join(cell["source"]).strip()]

    def prompts(self) -> list[str]:
        return [p.strip() for p in self.panel.locator(".jp-Cell").evaluate_all(
            """cells => cells.map(c => {
                const p = c.querySelector('.jp-InputArea-prompt');
                return p ? p.textContent : '';
            })""")]

    def run_all(self, timeout: float = CELL_TIMEOUT_S) -> None:
        """Run every cell and wait until each code cell has FINISHED (a numbered prompt).

        The first run request on a freshly opened notebook can be swallowed while the
        kernel connection settles: if no cell started, ask again.
        """
        wanted = self.code_cells()
        deadline = time.monotonic() + timeout
        for _attempt in range(3):
            self.page.evaluate(self._js(
                "window.jupyterapp.shell.activateById(w.id);"
                " return window.jupyterapp.commands.execute('notebook:run-all-cells');"))
            started = time.monotonic() + 10
            while time.monotonic() < min(started, deadline):
                prompts = self.prompts()
                if any(prompts[i] != "[ ]:" for i in wanted if i < len(prompts)):
                    break
                time.sleep(0.1)
            else:
                continue
            break
        while time.monotonic() < deadline:
            prompts = self.prompts()
            if all(i < len(prompts) and PROMPT_DONE.match(prompts[i]) for i in wanted):
                return
            errors = self.error_outputs()
            if errors:  # JupyterLab stops running the cells after an error
                raise AssertionError(f"a cell raised: {errors}; prompts: {prompts}")
            time.sleep(0.1)
        raise AssertionError(f"cells did not finish within {timeout:.0f} s; prompts: {self.prompts()}")

    def error_outputs(self) -> list[str]:
        """Tracebacks shown in the notebook now (error outputs of the kernel)."""
        return self.page.evaluate(self._js(
            """const out = [];
               for (const cell of w.content.model.cells) {
                   if (cell.type !== 'code') continue;
                   for (let i = 0; i < cell.outputs.length; i++) {
                       const o = cell.outputs.get(i).toJSON();
                       if (o.output_type === 'error') out.push(o.ename + ': ' + o.evalue);
                   }
               }
               return out;"""))

    def save(self) -> None:
        """Save through JupyterLab (as the user's Ctrl+S) and wait until it is written."""
        self.page.evaluate(self._js(
            "window.jupyterapp.shell.activateById(w.id);"
            " return window.jupyterapp.commands.execute('docmanager:save');"))
        self.page.wait_for_function(self._js("return !w.context.model.dirty;"), timeout=30_000)

    def close_and_shutdown(self) -> None:
        """Close the notebook tab and stop its kernel."""
        self.page.evaluate(self._js(
            "return w.sessionContext.shutdown().then(() => w.dispose());"))


# --------------------------------------------------------------------------- the widget


class Table:
    """One witchtable widget (``.wt-table``) in the page, and how to wait on it."""

    def __init__(self, page: Page, root: Locator) -> None:
        self.page = page
        self.root = root

    @property
    def move(self) -> int:
        return int(self.root.get_attribute("data-move") or "-1")

    @property
    def busy(self) -> bool:
        return self.root.get_attribute("data-busy") == "1"

    def find(self, selector: str) -> Locator:
        return self.root.locator(selector)

    def listen_live(self) -> None:
        """Start keeping every text the ARIA live region announces (``live_said``)."""
        self.root.evaluate(
            """el => {
                const live = el.querySelector('.wt-live');
                if (live.__wtSaid) return;
                live.__wtSaid = [];
                new MutationObserver(() => live.__wtSaid.push(live.textContent))
                    .observe(live, {childList: true, characterData: true, subtree: true});
            }""")

    def live_said(self) -> list[str]:
        """The texts announced since :meth:`listen_live`, oldest first."""
        return self.root.evaluate("el => el.querySelector('.wt-live').__wtSaid || []")

    def snapshot(self) -> dict:
        """Everything the tests compare, read from the DOM in one go (one JS task)."""
        return self.root.evaluate(SNAPSHOT_JS)

    def wait_idle(self, timeout: float = 30.0) -> None:
        """Wait until no message is in flight (``data-busy`` is "0")."""
        self.root.element_handle().wait_for_element_state("visible", timeout=timeout * 1000)
        self.page.wait_for_function("el => el.getAttribute('data-busy') === '0'",
                                    arg=self.root.element_handle(), timeout=timeout * 1000)

    def wait_until(self, script: str, timeout: float = 30.0) -> None:
        """Wait until ``script`` (a JS function of the root element) returns true."""
        self.page.wait_for_function(script, arg=self.root.element_handle(), timeout=timeout * 1000)

    def act(self, trigger: Callable[[], None], timeout: float = 30.0,
            since_move: int | None = None) -> float | None:
        """Do ``trigger`` (a click or key press), wait for the re-render, return its ms.

        The re-render is done when ``data-move`` differs from before and ``data-busy``
        is "0". The time is measured inside the page (from the trigger's DOM event to
        the mutation that completed the re-render), so Playwright's own round trips do
        not count. None when the board moved on without the trigger (a paced bot move
        landed first). ``since_move``: the move the trigger was decided on, if the board
        may have moved on already before this call.
        """
        handle = self.root.element_handle()
        self.page.evaluate(
            """([el, since]) => {
                const start = since === null ? el.getAttribute('data-move') : String(since);
                const probe = {start, t0: null, t1: null};
                window.__wtProbe = probe;
                const mark = () => { if (probe.t0 === null) probe.t0 = performance.now(); };
                for (const type of ['pointerdown', 'keydown', 'click'])
                    el.addEventListener(type, mark, {capture: true, once: true});
                const done = () => el.getAttribute('data-move') !== start
                                   && el.getAttribute('data-busy') === '0';
                const obs = new MutationObserver(() => {
                    if (probe.t1 === null && done()) { probe.t1 = performance.now(); obs.disconnect(); }
                });
                obs.observe(el, {attributes: true, attributeFilter: ['data-move', 'data-busy']});
                if (done()) { probe.t1 = performance.now(); obs.disconnect(); }
            }""", [handle, since_move])
        trigger()
        self.page.wait_for_function("() => window.__wtProbe.t1 !== null", timeout=timeout * 1000)
        return self.page.evaluate(
            """() => { const p = window.__wtProbe;
                       return p.t0 === null || p.t0 > p.t1 ? null : p.t1 - p.t0; }""")


LAPTOP = {"width": 1366, "height": 768}
"""The laptop screen the explorer's three columns are made to fit (issue 13, item 5)."""

LAB_ROOM = 647
"""The height (px) JupyterLab's notebook leaves a cell's output in a ``LAPTOP`` window with its
side panels closed (the notebook's scrolling box: the window less JupyterLab's menu, tabs and
toolbar). tests/browser/test_explorer_fit_lab.py measures it; the widget harness opens its page
this tall to step through every position of a game as JupyterLab would show it
(tests/widgets/test_widget_explorer_fit.py)."""


def explorer_to_the_top(page: Page, root: Locator) -> None:
    """Scroll the explorer's top to the window's top, as a teacher does, and let its columns
    take the height that leaves (``--wt-fit-h``, set by table.js on a resize)."""
    root.evaluate("el => { el.scrollIntoView({ block: 'start' }); "
                  "window.dispatchEvent(new Event('resize')); }")
    page.wait_for_function("el => el.style.getPropertyValue('--wt-fit-h') !== ''",
                           arg=root.element_handle())
    page.wait_for_timeout(200)  # the columns take the fitted height in the next frame


def drawn(scene: dict) -> int:
    """How much the board column draws of a position: the cards, chips, lines and badges of
    the players and of the table (and of a heap or reveal opened on it)."""
    count = 0
    for p in scene.get("players") or []:
        count += len(p.get("badges") or []) + len(p.get("cards") or [])
        count += len((p.get("tableau") or {}).get("cards") or [])
    for z in scene.get("table") or []:
        count += len(z.get("cards") or []) + len(z.get("lines") or []) + bool(z.get("pile"))
        count += len((z.get("grid") or {}).get("cards") or []) + bool(z.get("text"))
    count += len((scene.get("reveal") or {}).get("cards") or [])
    return count


def seeded_explorer(game: str) -> tuple:
    """The explorer on the seeded default-bot game of ``game`` (seed 3, up to 4 players: the
    site's play page opened with ``seed=3&players=4``): (explorer, the game's length, its save)."""
    from witchtable.engine import GAMES
    from witchtable.engine.sim import play_game
    from witchtable.widgets import TableController

    spec = GAMES[game]
    players = min(4, spec.max_players)
    played, length = play_game(game, [spec.default_bot] * players, 3)
    save = played.to_json()
    return TableController(game, players, mode="explore", save=save, pace=0), length, save


def fullest_position(game: str) -> tuple[int, str]:
    """The move of the seeded default-bot game (``seeded_explorer``) whose position draws the
    most, and its link (a position reached by seed and moves, for the explorer fit tests of
    the site and of JupyterLab)."""
    from witchtable.widgets.links import make_link

    explorer, length, save = seeded_explorer(game)
    sizes = []
    for move in range(length):  # the last position is the game's end: no rules panel
        explorer.handle({"kind": "goto", "move": move})
        sizes.append((drawn(explorer.state()["scene"]), -move))
    _size, move = max(sizes)
    return -move, make_link(save, -move)


def has_horizontal_overflow(locator: Locator) -> dict:
    """How wide the element is, and which descendants stick out of it sideways.

    Descendants inside a box that clips or scrolls them (``overflow-x`` not visible)
    are that box's business and not counted; the box itself is.
    """
    return locator.evaluate(
        """el => {
            const box = el.getBoundingClientRect();
            const clipped = node => {
                for (let n = node.parentElement; n && n !== el; n = n.parentElement)
                    if (getComputedStyle(n).overflowX !== 'visible') return true;
                return false;
            };
            const out = [];
            for (const child of el.querySelectorAll('*')) {
                const r = child.getBoundingClientRect();
                if (r.width === 0 && r.height === 0) continue;
                if ((r.right > box.right + 1 || r.left < box.left - 1) && !clipped(child)) {
                    const name = typeof child.className === 'string' && child.className
                                 ? child.className : child.tagName.toLowerCase();
                    out.push(`${name} ${Math.round(r.left)}..${Math.round(r.right)}`);
                }
            }
            return {scrollWidth: el.scrollWidth, clientWidth: el.clientWidth,
                    left: box.left, right: box.right, viewport: window.innerWidth,
                    outside: out.slice(0, 10)};
        }""")


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0 < q < 1) of ``values``, interpolated between the sorted values."""
    ordered = sorted(values)
    if not ordered:
        raise ValueError("no values")
    pos = q * (len(ordered) - 1)
    low = int(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


# --------------------------------------------------------------------------- the kernel's truth


class KernelPeek:
    """A second client of a notebook's kernel, to read a widget's real game.

    The play widget never sends the browser a save (a save holds the seed, hence every
    hidden card), so the tests read the truth from the kernel itself: the widget with a
    given model id (its comm id) exposes ``.game``. The request is silent (no output,
    no history) and the answer comes back to this client alone.
    """

    def __init__(self, server: JupyterServer, notebook_path: str) -> None:
        from jupyter_client import BlockingKernelClient

        sessions = [s for s in server.api("GET", "/api/sessions")
                    if s.get("path") == notebook_path and s.get("kernel")]
        if not sessions:
            running = [s.get("path") for s in server.api("GET", "/api/sessions")]
            raise AssertionError(f"no running kernel for {notebook_path}; sessions: {running}")
        kernel_id = sessions[0]["kernel"]["id"]
        connection = server.state_dir / "runtime" / f"kernel-{kernel_id}.json"
        if not connection.exists():
            found = sorted((server.state_dir / "runtime").glob("kernel-*.json"))
            raise AssertionError(f"no connection file {connection.name}; the runtime dir has {found}")
        self.client = BlockingKernelClient(connection_file=str(connection))
        self.client.load_connection_file()
        self.client.start_channels()

    def evaluate(self, expression: str, timeout: float = 30.0) -> str:
        """The text of ``expression``'s value in the kernel (raises on an error there)."""
        msg_id = self.client.execute("", silent=True, store_history=False,
                                     user_expressions={"value": expression})
        deadline = time.monotonic() + timeout
        while True:
            reply = self.client.get_shell_msg(timeout=max(0.1, deadline - time.monotonic()))
            if reply["parent_header"].get("msg_id") == msg_id:
                break
        result = reply["content"]["user_expressions"]["value"]
        if result.get("status") != "ok":
            raise AssertionError(f"kernel could not evaluate {expression!r}: "
                                 f"{result.get('ename')}: {result.get('evalue')}")
        return result["data"]["text/plain"]

    def save(self, model_id: str) -> dict:
        """The save of the game behind the widget whose model (comm) id is ``model_id``."""
        text = self.evaluate(
            "__import__('json').dumps(__import__('ipywidgets').widgets.widget"
            f"._instances[{model_id!r}].game.to_json())")
        return json.loads(ast.literal_eval(text))

    def close(self) -> None:
        self.client.stop_channels()


# --------------------------------------------------------------------------- notebook sessions

PLAY = '.wt-table[data-mode="play"]'
EXPLORE = '.wt-table[data-mode="explore"]'


def canon(action: dict) -> str:
    """An action's JSON as the widget writes it in ``data-action`` (sorted keys)."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


@dataclass
class NotebookSession:
    """An example notebook opened and run: its play table, its explorer, and the way to
    the truth (the play table's real game, read from the kernel)."""

    page: Page
    jupyter: JupyterServer
    nb: Notebook
    traffic: KernelTraffic
    play: Table
    explore: Table
    kernel_id: str = ""
    peek: KernelPeek | None = None
    clicks: list[float] = field(default_factory=list)
    """Click-to-rerender times (ms) of every measured click on the play table."""

    def model_id(self, mode: str) -> str:
        """The comm (model) id of the first widget of ``mode`` the kernel opened."""
        for comm_id, state in self.traffic.widgets(self.kernel_id).items():
            if state.get("mode") == mode and state.get("scene"):
                return comm_id
        raise AssertionError(f"the kernel opened no widget in {mode} mode")

    def messages(self) -> list[dict]:
        """The widget messages this notebook's kernel sent the page."""
        return self.traffic.of_kernel(self.kernel_id)

    def save(self) -> dict:
        """The save of the play widget's game, read from the kernel."""
        if self.peek is None:
            self.peek = KernelPeek(self.jupyter, self.nb.path)
        return self.peek.save(self.model_id("play"))

    def truth(self, move: int) -> Any:
        """The play widget's real game, replayed to ``move`` (the move the DOM shows)."""
        from witchtable.engine import load_game

        save = self.save()
        assert len(save["actions"]) >= move, (
            f"the page shows move {move} but the kernel's game has only {len(save['actions'])} moves")
        save["actions"] = save["actions"][:move]
        return load_game(save)

    def record(self, ms: float | None) -> None:
        """Keep a click-to-rerender time (None: a paced bot move landed before the click)."""
        if ms is not None:
            self.clicks.append(ms)

    def close(self) -> None:
        if self.peek is not None:
            self.peek.close()


def open_and_run(page: Page, jupyter: JupyterServer, path: str, session: type = NotebookSession):
    """Open a notebook, run every cell, find its play table and explorer."""
    assert (jupyter.root_dir / path).is_file(), f"{path} is missing from the served examples/"
    traffic = KernelTraffic(page)
    nb = Notebook(page, jupyter, path).open()
    nb.run_all()
    assert nb.error_outputs() == [], "the notebook's cells raised"
    play = Table(page, nb.panel.locator(PLAY).first)
    explore = Table(page, nb.panel.locator(EXPLORE).first)
    play.wait_idle()
    explore.wait_idle()
    return session(page, jupyter, nb, traffic, play, explore, kernel_id=nb.kernel_id)


@contextmanager
def watched(request: Any, page: Page) -> Iterator[None]:
    """Give a test the shared page: its failure screenshot, and no uncaught page errors."""
    request.node.wt_page = page
    before = len(page.wt_errors)
    yield
    request.node.wt_page = None
    errors = page.wt_errors[before:]
    assert errors == [], f"uncaught errors in the page: {errors}"


# --------------------------------------------------------------------------- snapshots

SNAPSHOT_JS = """
el => {
    const all = (sel, from = el) => [...from.querySelectorAll(sel)];
    const num = (node, attr) => node ? Number(node.getAttribute(attr)) : null;
    const hand = el.querySelector('.wt-hand');
    const role = (r) => el.querySelector(`[data-role="${r}"]`);
    const over = el.querySelector('.wt-gameover');
    return {
        mode: el.dataset.mode, game: el.dataset.game, move: Number(el.dataset.move),
        phase: el.dataset.phase, seat: el.dataset.seat, busy: el.dataset.busy, god: el.dataset.god,
        hand_seat: hand ? Number(hand.dataset.seat) : null,
        hand: hand ? all('.wt-card[data-card]', hand).map(c => c.dataset.card) : null,
        players: all('.wt-player').map(p => {
            const mini = p.querySelector('.wt-mini-cards');
            return {
                seat: Number(p.dataset.seat),
                name: p.querySelector('.wt-player-name').textContent,
                hand_size: num(p.querySelector('[data-hand-size]'), 'data-hand-size'),
                hex_size: num(p.querySelector('[data-hex-size]'), 'data-hex-size'),
                cards: mini ? all('.wt-card[data-card]', mini).map(c => {
                    const n = c.querySelector('.wt-card-count');
                    return [c.dataset.card, n ? Number(n.textContent.replace(/[^0-9]/g, '')) : 1];
                }) : null,
            };
        }),
        discard_size: num(el.querySelector('[data-discard-size]'), 'data-discard-size'),
        actions: all('button[data-action]').filter(b => b.dataset.role !== 'confirm').map(b => ({
            action: b.dataset.action, disabled: b.disabled,
            name: b.getAttribute('aria-label') || b.textContent,
        })),
        controls: Object.fromEntries(all('button[data-role]').map(b => [b.dataset.role, !b.disabled])),
        gameover: over ? over.textContent : null,
        scoring: !!el.querySelector('table.wt-scoring'),
        save: role('save') ? role('save').value : null,
    };
}
"""
