"""Cold-start benchmark of the built site against a stock JupyterLite (``make bench-site``).

    .venv/bin/python lite/bench_site.py [--site build/site] [--runs 5]

Serves the built site and the anchor on 127.0.0.1 and measures, cold (a fresh Chromium
profile for every page) with every other host blocked, the median of ``--runs``:
each play page to a playable board, each notebook to a usable widget, and, as the
anchor, a stock JupyterLite notebook of the same versions running ``print(1)`` (built
offline-complete by ``lite/bench_anchor.py`` into build/lite-anchor on every run: a few
seconds; never shipped). The routes
take turns within each run, so the machine's load weighs on all of them alike; the
ratios to the anchor are the figures to compare across machines. Prints the times, the
ratios and the bytes each route downloads; writes them to test-artifacts/bench-site.json.
A route that does not get ready stops the run with what its page reported (its errors,
console errors, failed and blocked requests), not a bare timeout.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "lite"), str(ROOT / "tests" / "site"), str(ROOT / "tests" / "browser")]

from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from wt_browser import CHROMIUM, CHROMIUM_FLAGS, LOCAL_HOST, OfflineGuard  # noqa: E402
from wt_site import Browser, run_all_cells, when_playable  # noqa: E402

from build import folder_size  # noqa: E402
from serve import make_server  # noqa: E402

ANCHOR_CELL_DONE = """() => [...document.querySelectorAll('.jp-OutputArea-output')]
    .some(o => o.textContent.trim() === '1') ? performance.now() : false"""


def serve(folder: Path) -> str:
    """Serve a folder on a free local port in a background thread, so the browser can load it offline."""
    server = make_server(folder, LOCAL_HOST, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://{LOCAL_HOST}:{server.server_address[1]}/"


READY_S = {"playable": 90, "notebook": 240, "anchor": 240}
"""How long each kind of route may take to get ready before the run stops."""
GRACE_S = 60.0
"""How long a route may still get ready after its page reported an error: a failed kernel
never will, so the run stops then with the error instead of at the timeout; a harmless
error must not stop a page that is slow to start (the notebooks take 10-25 s)."""
SLICE_S = 2.0
"""The waits are cut in slices this long, to look at the page's errors in between (the
time measured is the page's own clock, so a slice's end adds nothing to it)."""


class NotReady(Exception):
    """A route that did not get ready; the message says what its page reported."""


def make_anchor(anchor: Path, lite_python: Path) -> None:
    """Build the anchor afresh (lite/bench_anchor.py, with the lite build environment):
    a few seconds, and an anchor left by an older recipe can never be measured."""
    if not lite_python.is_file():
        raise SystemExit(f"{lite_python} is missing: the anchor is built with the lite build environment "
                         "(make site makes it)")
    print(f"building the stock JupyterLite anchor into {anchor} ...", flush=True)
    proc = subprocess.run([str(lite_python), str(ROOT / "lite" / "bench_anchor.py"), "--out", str(anchor)])
    if proc.returncode:
        raise SystemExit("the stock JupyterLite anchor could not be built (lite/bench_anchor.py said why, "
                         "above): nothing was measured")


def routes(site: Path, site_url: str, anchor_url: str) -> dict:
    """{route name: (url, what "ready" means)} for the site's games and notebooks."""
    manifest = json.loads((site / "site-manifest.json").read_text())
    found = {f"play {g}": (f"{site_url}play/{g}/?pace=0", "playable") for g in manifest["games"]}
    for nb in manifest["notebooks"]:
        found[f"notebook {nb}"] = (f"{site_url}lite/notebooks/index.html?path={nb}", "notebook")
    found["anchor: stock JupyterLite print(1)"] = (
        f"{anchor_url}notebooks/index.html?path=anchor.ipynb", "anchor")
    return found


def one_line(text: str) -> str:
    """A page error in one line: a Python traceback's last ``...Error: ...`` line."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    errors = [line for line in lines if "Error" in line.split(":")[0] or "Exception" in line.split(":")[0]]
    return (errors or lines or ["(empty)"])[-1][:300]


class Watch:
    """What a page reports besides its content: page errors (``Browser``), console errors
    (the kernel's web worker's too), failed requests, HTTP errors, blocked other hosts."""

    def __init__(self, context, browser: Browser) -> None:
        self.browser = browser
        self.console: list[str] = []
        self.failed: list[str] = []
        self.first_error_at: float | None = None
        context.on("console", lambda m: m.type == "error" and self.console.append(m.text))
        context.on("requestfailed", lambda r: self.failed.append(f"{r.url} ({r.failure})"))

    def failing(self) -> bool:
        """Whether the page reported an error more than :data:`GRACE_S` ago."""
        if self.browser.errors and self.first_error_at is None:
            self.first_error_at = time.monotonic()
        return self.first_error_at is not None and time.monotonic() - self.first_error_at > GRACE_S

    def report(self) -> str:
        """What went wrong in the page (errors, blocked or failed requests), for a route never ready."""
        found = {
            "errors in the page": list(dict.fromkeys(map(one_line, self.browser.errors))),
            "console errors": list(dict.fromkeys(one_line(t) for t in self.console)),
            "requests to other hosts (blocked)": self.browser.guard.take(),
            "failed requests": self.failed, "HTTP errors": self.browser.bad_responses}
        lines = [f"  {what}: " + "; ".join(items[:5]) + (f"; {len(items) - 5} more" if len(items) > 5 else "")
                 for what, items in found.items() if items]
        return "\n".join(lines) or "  the page reported no error, no failed or blocked request"


def wait_ready(wait, watch: Watch, timeout_s: float) -> float:
    """``wait(seconds)`` in slices until it returns (the page's ms at ready), the page has
    been failing for :data:`GRACE_S`, or ``timeout_s`` is over (then :class:`NotReady`)."""
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            return wait(SLICE_S)
        except PlaywrightTimeout:
            if watch.failing():
                raise NotReady(f"it reported an error and was not ready {GRACE_S:.0f} s later") from None
            if time.monotonic() >= deadline:
                raise NotReady(f"not ready after {timeout_s:.0f} s") from None


def measure(pw, url: str, kind: str, run: int, ready_s: float | None = None) -> tuple[float, int]:
    """Seconds from navigation to ready, and the bytes downloaded, in a fresh profile;
    :class:`NotReady` (saying what the page reported) if it does not get ready."""
    ready_s = READY_S[kind] if ready_s is None else ready_s
    with tempfile.TemporaryDirectory(prefix="wt-bench-profile-") as profile:
        context = pw.chromium.launch_persistent_context(
            profile, executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS,
            viewport={"width": 1280, "height": 900})
        context.set_default_timeout(120_000)
        guard = OfflineGuard()
        guard.attach(context)
        browser = Browser(context, guard)
        watch = Watch(context, browser)
        try:
            page = browser.new_page()
            page.goto(url + (f"&seed={run + 1}" if kind == "playable" else ""))
            if kind == "playable":
                ms = wait_ready(lambda s: when_playable(page, timeout_s=s), watch, ready_s)
            else:
                page.locator(".jp-Notebook .jp-CodeCell").first.wait_for(timeout=120_000)
                run_all_cells(page)
                if kind == "notebook":
                    ms = wait_ready(lambda s: when_playable(page, timeout_s=s), watch, ready_s)
                else:
                    ms = wait_ready(lambda s: page.wait_for_function(
                        ANCHOR_CELL_DONE, timeout=s * 1000, polling=50).json_value(), watch, ready_s)
            browser.check_clean()
            return ms / 1000, browser.bytes_downloaded()
        except (NotReady, PlaywrightTimeout, AssertionError) as err:
            why = err if isinstance(err, NotReady) else str(err).splitlines()[0]
            raise NotReady(f"{url}: {why}\n{watch.report()}") from None
        finally:
            context.close()


def _parser() -> argparse.ArgumentParser:
    """The command line: which site and anchor, how many runs, which routes, where to write."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", default=str(ROOT / "build" / "site"))
    parser.add_argument("--anchor", default=str(ROOT / "build" / "lite-anchor"))
    parser.add_argument("--lite-python", default=str(ROOT / ".venv-lite" / "bin" / "python"),
                        help="the lite build environment's python (builds the anchor)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--out", default=str(ROOT / "test-artifacts" / "bench-site.json"))
    parser.add_argument("--only", metavar="TEXT", action="append", default=[],
                        help="measure only the routes whose name holds TEXT (repeatable; the "
                             "anchor is always measured), e.g. --only witching-hour --only notebook")
    return parser


def main(argv: list | None = None) -> int:
    """Time each route's cold start against the anchor (a plain JupyterLite) and write the medians."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error(f"--runs {args.runs}: give at least 1 run")
    site, anchor = Path(args.site).resolve(), Path(args.anchor).resolve()
    if not (site / "site-manifest.json").is_file():
        raise SystemExit(f"no built site in {site}: make site first")
    if not CHROMIUM.exists():
        raise SystemExit(f"{CHROMIUM} is missing: tools/install-chromium.sh")
    make_anchor(anchor, Path(args.lite_python))
    every = routes(site, serve(site), serve(anchor))
    todo = {name: route for name, route in every.items()
            if not args.only or name.startswith("anchor") or any(text in name for text in args.only)}
    if len(todo) == 1:
        parser.error(f"--only {' '.join(args.only)}: no route's name holds that; the routes are "
                     + ", ".join(n for n in every if not n.startswith("anchor")))
    times: dict[str, list[float]] = {name: [] for name in todo}
    downloaded: dict[str, int] = {}
    loads = []
    with sync_playwright() as pw:
        for run in range(args.runs):
            loads.append(os.getloadavg()[0])
            for name, (url, kind) in todo.items():
                try:
                    seconds, size = measure(pw, url, kind, run)
                except NotReady as err:
                    print(f"bench_site: stopped, nothing written: the route {name!r} did not get ready "
                          f"at {err}", file=sys.stderr)
                    if name.startswith("anchor"):
                        print(f"(`{args.lite_python} lite/bench_anchor.py --check {anchor}` says whether the "
                              "anchor is offline-complete)", file=sys.stderr)
                    return 1
                times[name].append(round(seconds, 3))
                downloaded.setdefault(name, size)
                print(f"  run {run + 1}/{args.runs} {name}: {seconds:.2f} s", flush=True)
    medians = {name: statistics.median(values) for name, values in times.items()}
    anchor_name = next(n for n in todo if n.startswith("anchor"))
    result = {
        "site": str(site), "runs": args.runs, "measured_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "load_average_1min": [round(v, 2) for v in loads], "site_bytes": folder_size(site),
        "routes": {name: {"median_s": round(medians[name], 3), "runs_s": times[name],
                          "ratio_to_anchor": round(medians[name] / medians[anchor_name], 3),
                          "downloaded_bytes": downloaded[name]} for name in todo},
    }
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2))
    _print_result(result, out, loads)
    return 0


def _print_result(result: dict, out: Path, loads: list[float]) -> None:
    """The written result as a table to read at a glance (each route's median and ratio)."""
    print(f"\nsite {result['site']} ({result['site_bytes'] / 1e6:.1f} MB); cold starts, median of "
          f"{result['runs']} (load average {min(loads):.1f}-{max(loads):.1f}):")
    print(f"  {'route':<40}{'median':>9}{'x anchor':>10}{'downloads':>12}")
    for name, row in result["routes"].items():
        print(f"  {name:<40}{row['median_s']:>8.2f}s{row['ratio_to_anchor']:>10.2f}"
              f"{row['downloaded_bytes'] / 1e6:>9.1f} MB")
    print(f"(written to {out})")


if __name__ == "__main__":
    raise SystemExit(main())
