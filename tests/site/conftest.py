"""Fixtures of the built-site suite: a static server, offline Chromium profiles, timings.

The site is built by ``lite/build.py`` (``make site``) into ``build/site``; set
``WITCHTABLE_SITE`` to test another build. The tests serve it from 127.0.0.1 with
lite/serve.py's static server (what ``make serve`` runs), open it in Debian's Chromium
with every other host blocked, and fail if the page tried to reach one, or if any file
of the site was missing (HTTP 4xx/5xx). Browser helpers come from tests/browser's
``wt_browser`` module, shared with the JupyterLab suite.
"""

from __future__ import annotations

import json
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

_REPO = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(Path(__file__).parent), str(_REPO / "tests" / "browser"), str(_REPO / "lite")]

from playwright.sync_api import sync_playwright  # noqa: E402
from wt_browser import CHROMIUM, CHROMIUM_FLAGS, LOCAL_HOST, NAV_TIMEOUT_MS, OfflineGuard  # noqa: E402
from wt_site import SITE, TIMINGS, Browser, screenshot  # noqa: E402

from serve import make_server  # noqa: E402  (lite/serve.py: what `make serve` runs)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.site)


# --------------------------------------------------------------------------- timings

def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    if not TIMINGS:
        return
    terminalreporter.write_sep("-", "witchtable site, measured here (see test-artifacts/site/timings.json)")
    for key in sorted(TIMINGS):
        value = TIMINGS[key]
        if isinstance(value, dict) and "median" in value:
            unit = "ms" if key.endswith("_ms") else ("MB" if key.endswith("_mb") else "s")
            terminalreporter.write_line(f"{key}: median {value['median']} {unit} over {value['runs']}")
        elif not isinstance(value, (dict, list)):
            terminalreporter.write_line(f"{key}: {value}")


# --------------------------------------------------------------------------- the site


@pytest.fixture(scope="session")
def manifest() -> dict:
    path = SITE / "site-manifest.json"
    if not path.is_file():
        pytest.fail(f"no built site at {SITE}: build it first (make site, or "
                    f".venv-lite/bin/python lite/build.py --out {SITE})", pytrace=False)
    return json.loads(path.read_text())


@pytest.fixture(scope="session")
def site_url(manifest: dict) -> Iterator[str]:
    """The built site on http://127.0.0.1:<free port>/ (lite/serve.py's server, in a thread)."""
    server = make_server(SITE, LOCAL_HOST, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://{LOCAL_HOST}:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def playwright_driver() -> Iterator:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: run tools/install-chromium.sh (Debian's chromium; "
                    "never `playwright install`)", pytrace=False)
    with sync_playwright() as pw:
        yield pw


@pytest.fixture
def fresh_browser(playwright_driver, request: pytest.FixtureRequest) -> Callable:
    """``with fresh_browser() as browser:`` a new Chromium with an empty profile each time."""

    @contextmanager
    def open_browser() -> Iterator[Browser]:
        with tempfile.TemporaryDirectory(prefix="wt-site-profile-") as profile:
            context = playwright_driver.chromium.launch_persistent_context(
                profile, executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS,
                viewport={"width": 1280, "height": 900})
            context.set_default_timeout(NAV_TIMEOUT_MS)
            guard = OfflineGuard()
            guard.attach(context)
            browser = Browser(context, guard)
            try:
                yield browser
                browser.check_clean()
            except BaseException:
                screenshot(request.node.name, context)
                raise
            finally:
                context.close()

    return open_browser


