"""The play pages' memory snapshot (lite/snapshot.mjs, lite/snapshot.py, site/worker.js).

A play page's worker restores Python from ``play/assets/python-snapshot.bin`` and starts
cold when it cannot: these tests check, in Chromium, that every play page starts from
it, that two visitors are still dealt different games, that Python's files come only
once the page is idle, and that a missing or damaged snapshot only costs time; and,
under Node, that the snapshot is what the worker reads, that a restored Python deals
without its files and brings them for an import no table made, and that the same
inputs give the same bytes (the build stays reproducible).
"""

from __future__ import annotations

import gzip
import json
import subprocess
from pathlib import Path

import pytest
from wt_site import SITE, open_play_page, when_playable

SNAPSHOT = SITE / "play" / "assets" / "python-snapshot.bin"
PYODIDE = SITE / "lite" / "static" / "pyodide"
ROOT = Path(__file__).resolve().parents[2]


def test_the_snapshot_is_what_the_worker_reads(manifest: dict) -> None:
    """gzip of the magic, the count of XORed bytes, then Pyodide's snapshot of a 31 MB memory."""
    assert manifest["snapshot"]["bytes"] == SNAPSHOT.stat().st_size
    plain = gzip.decompress(SNAPSHOT.read_bytes())
    assert plain[:8] == b"WTSNAP1\0"
    count = int.from_bytes(plain[8:12], "little")
    assert 0 < count < manifest["snapshot"]["memory"] and count % 4 == 0
    assert len(plain) - 12 == manifest["snapshot"]["memory"]
    assert manifest["snapshot"]["modules"] > 200  # (Pyodide's own start, witchtable and host.py)


@pytest.mark.skipif(not (SITE / "site-manifest.json").is_file(), reason="no built site (make site)")
def test_the_same_inputs_make_the_same_snapshot(tmp_path: Path) -> None:
    """snapshot.mjs pins randomness and clocks: two runs on the same files give the same bytes."""
    wheel = json.loads((SITE / "site-manifest.json").read_text())["witchtable_wheel"]
    made = []
    for name in ("a.bin", "b.bin"):
        run = subprocess.run(["node", str(ROOT / "lite" / "snapshot.mjs"), "--pyodide", str(PYODIDE),
                              "--wheel", wheel, "--host", str(ROOT / "lite" / "site" / "host.py"),
                              "--out", str(tmp_path / name)], capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stderr[-2000:]
        made.append((tmp_path / name).read_bytes())
    assert made[0] == made[1]


def test_every_play_page_starts_from_the_snapshot(fresh_browser, site_url: str, manifest: dict) -> None:
    for game in manifest["games"]:
        with fresh_browser() as browser:
            page, _ms = open_play_page(browser, site_url, game)
            timings = page.evaluate("window.witchtableTimings")
            assert timings["from"] == "snapshot", (game, timings)
            assert browser.errors == []


def test_two_visitors_are_dealt_different_games(fresh_browser, site_url: str) -> None:
    """Restored from the same memory, each page still takes its seed from the browser's
    randomness: two pages without a seed differ, where two with the same seed agree."""
    def dealt(query: str) -> str:
        with fresh_browser() as browser:
            page, _ms = open_play_page(browser, site_url, "witching-hour", query)
            assert page.evaluate("window.witchtableTimings.from") == "snapshot"
            return page.evaluate("window.witchtableState()")

    assert dealt("pace=0&seed=5") == dealt("pace=0&seed=5")
    assert dealt("pace=0") != dealt("pace=0")


@pytest.mark.parametrize("damage", ["missing", "cut short", "not a snapshot"])
def test_a_page_without_its_snapshot_starts_cold(fresh_browser, site_url: str, damage: str) -> None:
    """A host that lost or damaged the snapshot: the page still plays (cold) and says why in its timings."""
    whole = SNAPSHOT.read_bytes()
    answers = {"missing": {"status": 404, "body": "gone"},
               "cut short": {"status": 200, "body": whole[: len(whole) // 3]},
               "not a snapshot": {"status": 200, "body": gzip.compress(b"hello" * 100)}}
    with fresh_browser() as browser:
        browser.context.route("**/python-snapshot.bin", lambda route: route.fulfill(**answers[damage]))
        browser.allowed_failures.append("python-snapshot.bin")
        page = browser.new_page()
        page.goto(f"{site_url}play/witching-hour/?pace=0")
        when_playable(page)
        timings = page.evaluate("window.witchtableTimings")
        assert timings["from"] == "cold", timings
        assert timings["snapshotProblem"], timings
        assert browser.errors == []


def test_pythons_files_are_fetched_once_the_page_is_idle(fresh_browser, site_url: str) -> None:
    """From the snapshot neither the standard library's zip nor the wheel is on the way to
    the first board: the worker fetches them once it has had nothing to do for a moment."""
    with fresh_browser() as browser:
        page, _ms = open_play_page(browser, site_url, "witching-hour")

        def fetched() -> list[str]:
            return sorted(r.url.rsplit("/", 1)[-1].split("-")[0] for r in browser.finished
                          if r.method == "GET" and r.url.endswith(("-py3-none-any.whl", "python_stdlib.zip")))

        assert fetched() == []
        for _ in range(100):
            if len(fetched()) == 2:
                break
            page.wait_for_timeout(100)
        assert fetched() == ["python_stdlib.zip", "witchtable"]
        assert browser.errors == []


RESTORE = r"""
// As worker.js does: the snapshot, XORed back against the fresh instance's memory, with an
// empty standard library; then a game, and an import no table made, which brings the files.
import { readFileSync, writeFileSync } from "node:fs";
const [site, lite, tmp] = process.argv.slice(1);
const { unpack, xorMemory } = await import(lite + "/site/snapshot-file.mjs");
const { installWheel } = await import(lite + "/site/wheel.mjs");
const indexURL = site + "/lite/static/pyodide/";
const read = await unpack(new Uint8Array(readFileSync(site + "/play/assets/python-snapshot.bin")));
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async (...call) => {
  const result = await instantiate(...call);
  const memory = call[1].env?.memory || result.instance.exports.memory;
  xorMemory(read.snapshot, memory.buffer, read.count);
  WebAssembly.instantiate = instantiate;
  return result;
};
writeFileSync(tmp + "/empty.zip", new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]));
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const py = await loadPyodide({ indexURL, _loadSnapshot: read.snapshot, stdLibURL: tmp + "/empty.zip",
                               stdout: () => {}, stderr: () => {} });
const host = py.pyimport("wt_host");
const wheel = JSON.parse(readFileSync(site + "/site-manifest.json", "utf8")).witchtable_wheel;
let brought = 0;
const zipPath = host.files_later(() => {
  brought += 1;
  py.FS.writeFile(zipPath, readFileSync(indexURL + "python_stdlib.zip"));
  installWheel(py, wheel, readFileSync(indexURL + wheel));
  host.files_arrived();
});
const dealt = JSON.parse(host.start(JSON.stringify({ game: "witching-hour", pace: 0 })));
const before = brought;
console.log(JSON.stringify({ dealt: "state" in dealt, before,
  colorsys: py.runPython("import colorsys; colorsys.rgb_to_hsv(1, 0, 0)").toJs(), after: brought,
  witchtable: py.runPython("import os, witchtable; os.path.isfile(witchtable.__file__)") }));
"""


@pytest.mark.skipif(not SNAPSHOT.is_file(), reason="no built site (make site)")
def test_a_restored_python_deals_without_its_files_and_brings_them_for_a_new_import(tmp_path: Path) -> None:
    run = subprocess.run(["node", "--input-type=module", "-e", RESTORE, str(SITE), str(ROOT / "lite"),
                          str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert json.loads(run.stdout.strip().splitlines()[-1]) == {
        "dealt": True, "before": 0, "colorsys": [0, 1, 1], "after": 1, "witchtable": True}
