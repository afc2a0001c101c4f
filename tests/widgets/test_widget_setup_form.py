"""The play page's setup form in Chromium (lite/pages.py drawn, lite/site/play.js run): an
option naming a seat ("Who starts") offers "Player 1", "Player 2"... and only the seats of the
players chosen, so the form never sends a seat the table lacks (the engine would refuse it
in its own words, counting seats from 0). Python never loads here: the form works before it.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import shutil
import socketserver
import sys
import threading
import zipfile
from pathlib import Path

import pytest

from witchtable.engine import GAMES

ROOT = Path(__file__).resolve().parents[2]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@contextlib.contextmanager
def serve(folder: Path):
    handler = functools.partial(_Quiet, directory=str(folder))
    with socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler) as server:
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}"
        finally:
            server.shutdown()


@pytest.mark.browser
def test_who_starts_offers_the_seats_of_the_players_chosen(tmp_path):
    pytest.importorskip("playwright")
    from widget_harness import CHROMIUM, browser

    if CHROMIUM is None:
        pytest.skip("Debian chromium is not installed")
    sys.path.insert(0, str(ROOT / "lite"))
    import pages

    wheel = tmp_path / "witchtable-0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w"):
        pass  # English: the page needs no catalogue
    html = pages.play_page(GAMES["witching-hour"].describe(), wheel, "lite/pyodide/", [], list(GAMES))
    (tmp_path / "play" / "witching-hour").mkdir(parents=True)
    (tmp_path / "play" / "witching-hour" / "index.html").write_text(html)
    (tmp_path / "play" / "assets").mkdir()
    shutil.copy2(ROOT / "lite" / "site" / "play.js", tmp_path / "play" / "assets" / "play.js")
    with serve(tmp_path) as base, browser() as (context, _outside):
        page = context.new_page()
        page.goto(f"{base}/play/witching-hour/")
        starts = page.locator("select[name='option:first_player']")
        starts.wait_for(state="attached")
        page.wait_for_function("document.querySelector(\"select[name=seat]\").options.length > 0")

        def offered() -> list[str]:
            return starts.evaluate("(s) => [...s.options].filter((o) => !o.disabled).map((o) => o.text)")

        assert offered() == ["Player 1", "Player 2", "Player 3"]  # the usual 3 players
        page.evaluate("document.querySelector('#wt-setup').closest('details').open = true")
        page.select_option("select[name=players]", "5")
        assert offered() == [f"Player {n}" for n in range(1, 6)]
        starts.select_option("4")
        page.select_option("select[name=players]", "2")
        assert offered() == ["Player 1", "Player 2"] and starts.input_value() == "0"
