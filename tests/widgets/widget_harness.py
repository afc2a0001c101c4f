"""Drive the front-end module in Debian's Chromium, with a real controller behind it.

``harness.html`` gives ``table.js`` a stand-in anywidget model whose ``send`` calls a
Playwright-exposed Python function, which passes the message to a TableController and
returns its new state. Used by the front-end tests and by ``shoot.py`` (screenshots).
Nothing leaves 127.0.0.1: every other request is aborted and recorded.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import shutil
import socketserver
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = next((p for p in ("/usr/lib/chromium/chromium", shutil.which("chromium") or "")
                 if p and Path(p).exists()), None)
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--disable-quic", "--disable-dev-shm-usage"]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@contextlib.contextmanager
def serve_repo() -> Iterator[str]:
    """Serve the checkout on 127.0.0.1 (a free port); yields the base URL."""
    handler = functools.partial(_Quiet, directory=str(ROOT))
    with socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler) as server:
        server.daemon_threads = True
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}"
        finally:
            server.shutdown()


@contextlib.contextmanager
def browser(width: int = 900, height: int = 900, reduced_motion: bool = True) -> Iterator[tuple]:
    """A fresh headless Chromium context; yields (context, outside_requests list)."""
    from playwright.sync_api import sync_playwright

    if CHROMIUM is None:
        raise RuntimeError("Debian chromium is not installed (apt-get install -y chromium)")
    outside: list[str] = []
    with tempfile.TemporaryDirectory(prefix="wt-chromium-") as profile, sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=FLAGS,
            viewport={"width": width, "height": height},
            reduced_motion="reduce" if reduced_motion else "no-preference")

        def guard(route) -> None:
            url = route.request.url
            if url.startswith(("http://127.0.0.1", "data:", "blob:")):
                route.continue_()
            else:
                outside.append(url)
                route.abort()

        context.route("**/*", guard)
        try:
            yield context, outside
        finally:
            context.close()


def open_table(context, base: str, controller, errors: list | None = None):
    """A page showing ``controller``'s table, wired to it; returns the page."""
    page = context.new_page()
    if errors is not None:
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.expose_function("wtSend", controller.handle)
    page.expose_function("wtInitial", controller.state)
    page.goto(f"{base}/tests/widgets/harness.html")
    page.wait_for_selector("body[data-ready='1'] .wt-table")
    return page


def settle(page) -> None:
    """Wait until no message is in flight."""
    page.wait_for_selector(".wt-table[data-busy='0']")
