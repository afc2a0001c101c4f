"""The harness checks itself on a trivial anywidget: if these fail, trust no other result.

They prove that the server's kernel is this environment's Python, that cells are run to
the end, that a click is waited for until the re-render, that the kernel traffic is
decoded, and that a request to another host is blocked AND reported (the guard can fail).
"""

from __future__ import annotations

import sys
from pathlib import Path

from wt_browser import HARNESS_DIR, JupyterServer, KernelTraffic, Notebook, OfflineGuard, Table

import witchtable


def test_trivial_widget_round_trip(page, jupyter: JupyterServer) -> None:
    traffic = KernelTraffic(page)
    nb = Notebook(page, jupyter, f"{HARNESS_DIR}/trivial.ipynb").open()
    nb.run_all()
    assert nb.error_outputs() == []
    python, package = nb.panel.locator(".jp-OutputArea-output").first.inner_text().split()
    assert Path(python).resolve() == Path(sys.executable).resolve(), (
        "the kernel must run the tests' own Python")
    assert Path(package).resolve() == Path(witchtable.__file__).resolve(), (
        "the kernel must import the same witchtable as the tests, which replay its games")

    table = Table(page, nb.panel.locator(".wt-table").first)
    table.wait_idle()
    assert table.move == 0
    for expected in (1, 2, 3):
        ms = table.act(lambda: table.find("button").click())
        assert table.move == expected and not table.busy
        assert ms >= 0
    moves = [s["move"] for s in traffic.states() if "move" in s]
    assert moves[-3:] == [1, 2, 3], f"decoded widget states: {traffic.states()}"
    assert traffic.undecoded == 0


def test_guard_blocks_and_reports_outside_requests(page, jupyter: JupyterServer,
                                                   offline_guard: OfflineGuard) -> None:
    page.goto(f"{jupyter.base_url}/lab?reset")  # (API pages forbid fetches by CSP)
    outcome = page.evaluate(
        """async () => {
            try { await fetch('http://example.invalid/probe.js'); return 'fetched'; }
            catch (err) { return 'blocked'; }
        }""")
    page.evaluate(
        """() => new Promise(done => {
            const ws = new WebSocket('ws://192.0.2.1:9/socket');
            ws.onclose = ws.onerror = () => done();
            setTimeout(done, 3000);
        })""")
    attempted = offline_guard.take()  # taken here, so this test itself passes
    assert outcome == "blocked"
    assert "http://example.invalid/probe.js" in attempted
    assert any(url.startswith("ws://192.0.2.1") for url in attempted), attempted
