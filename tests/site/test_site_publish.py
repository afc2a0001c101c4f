"""A teacher's path, from the built wheel (not the checkout): install, build, serve, embed, play.

The wheel of this checkout goes into a fresh virtual environment with the ``site`` extra
(from a local wheelhouse, ``--no-index``); that environment's ``python -m witchtable site
build`` makes a site of a teacher's notebook and house variant in a temporary folder, and
its ``site serve`` serves it on 127.0.0.1. A course page on another port (another origin,
as a school's own site would be) embeds the snippet the site's embed page writes; a move
is played in that iframe and in the teacher's notebook, with every other host blocked.

What is local, and why (the suite must stay fast on 2 cores):
- the wheelhouse ``build/wheelhouse`` (``$WITCHTABLE_WHEELHOUSE``) holds the wheels of
  requirements/lite.txt: downloaded by pip from PyPI once if missing, then reused;
- the environment is made ``--without-pip`` and filled by this pip (``pip --python``),
  without compiling bytecode: 15 s instead of 40 s here, the same packages installed;
- npm's Pyodide comes from ``node_modules/pyodide`` (a teacher runs ``npm install
  pyodide@314.0.7``) and the pinned Pyodide wheels from ``build/lite-cache`` (``--cache``):
  both are what a teacher's own first build downloads once.
Rule references: the moves are whatever the board offers (legal by construction).
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import threading
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from wt_axe import Audit
from wt_browser import LOCAL_HOST
from wt_site import REPO, click_an_action, record, run_all_cells, wait_cells_done, when_playable

from serve import make_server  # lite/serve.py (on the path: conftest)

WHEELHOUSE = Path(os.environ.get("WITCHTABLE_WHEELHOUSE", REPO / "build" / "wheelhouse"))
VARIANT = {"format": "witchtable-variant", "version": 1, "game": "witching-hour", "name": "one-round",
           "title": "One quick round", "description": "A single round with the scores open, for a lesson.",
           "players": 3, "options": {"rounds": 1, "open_scores": True}}
LESSON = {"cells": [
    {"cell_type": "markdown", "id": "title", "metadata": {}, "source": ["# Week 3: one quick round"]},
    {"cell_type": "code", "id": "play", "metadata": {}, "execution_count": None, "outputs": [],
     "source": ["from witchtable import play\n",
                'play(variant="variants/one-round.json", seat=0, bots="random", pace=0, seed=5)']}],
    "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def run(cmd: list, **kwargs) -> subprocess.CompletedProcess:
    """A subprocess that must not see this checkout (no PYTHONPATH=build/dev)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    proc = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, env=env, **kwargs)
    assert proc.returncode == 0, f"{cmd[:6]} failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-3000:]}"
    return proc


def wheelhouse() -> Path:
    """The extra's wheels, local: pip downloads requirements/lite.txt once if they are missing."""
    pins = [line.split("==")[0].strip().lower().replace("-", "_") for line in
            (REPO / "requirements" / "lite.txt").read_text().splitlines() if "==" in line]
    have = {p.name.split("-")[0].lower() for p in WHEELHOUSE.glob("*.whl")}
    if not set(pins) <= have:
        run([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check",
             "--only-binary=:all:", "-r", REPO / "requirements" / "lite.txt", "-d", WHEELHOUSE])
    return WHEELHOUSE


@pytest.fixture(scope="module")
def teacher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict]:
    root = tmp_path_factory.mktemp("teacher")
    times = {}
    started = time.monotonic()
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", root / "dist",
         REPO])
    wheel = next((root / "dist").glob("witchtable-*.whl"))
    house = wheelhouse()
    times["wheel_s"] = round(time.monotonic() - started, 1)
    started = time.monotonic()
    venv = root / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", venv])
    python = venv / "bin" / "python"
    run([sys.executable, "-m", "pip", "--python", python, "install", "-q", "--disable-pip-version-check",
         "--no-compile", "--no-index", "--find-links", house, f"witchtable[site] @ {wheel.as_uri()}"])
    times["venv_install_s"] = round(time.monotonic() - started, 1)
    where = run([python, "-c", "import witchtable.site.build as b; print(b.__file__, b.CHECKOUT)"],
                cwd=root).stdout.split()
    assert where[0].startswith(str(venv)) and where[1] == "False", f"not the installed package: {where}"

    (root / "lessons").mkdir()
    (root / "lessons" / "week-3-witching-hour.ipynb").write_text(json.dumps(LESSON, indent=1))
    (root / "house").mkdir()
    (root / "house" / "one-round.json").write_text(json.dumps(VARIANT, indent=2))
    started = time.monotonic()
    run([python, "-m", "witchtable", "site", "build", "--out", "site", "--notebooks", "lessons",
         "--variants", "house", "--pyodide", REPO / "node_modules" / "pyodide",
         "--cache", REPO / "build" / "lite-cache"], cwd=root)
    times["site_build_s"] = round(time.monotonic() - started, 1)
    site = root / "site"
    times["site_mb"] = round(sum(p.stat().st_size for p in site.rglob("*") if p.is_file()) / 1e6, 1)
    record("teacher_path", times)
    print(f"\nteacher's path: {times}")

    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    server = subprocess.Popen([python, "-m", "witchtable", "site", "serve", site, "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=root)
    try:
        line = server.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert found, f"site serve said {line!r} {server.stderr.read() if server.poll() is not None else ''}"
        yield {"root": root, "site": site, "url": found.group(0), "wheel": wheel}
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="module")
def course_url(teacher: dict) -> Iterator[str]:
    """The teacher's course page on another port of 127.0.0.1 (another origin); the test
    writes the embed snippet into it."""
    folder = teacher["root"] / "course"
    folder.mkdir()
    server = make_server(folder, LOCAL_HOST, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://{LOCAL_HOST}:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def test_the_site_holds_the_teachers_notebook_and_variant(teacher: dict) -> None:
    site = teacher["site"]
    manifest = json.loads((site / "site-manifest.json").read_text())
    assert manifest["notebooks"] == ["week-3-witching-hour.ipynb"]
    assert manifest["variants"] == [{"name": "one-round", "game": "witching-hour",
                                     "title": "One quick round"}]
    assert json.loads((site / "variants" / "one-round.json").read_text())["options"]["rounds"] == 1
    assert (site / "lite" / "files" / "variants" / "one-round.json").is_file()
    assert manifest["size_bytes"]["total"] < 40_000_000
    with zipfile.ZipFile(site / "lite" / "static" / "pyodide" / teacher["wheel"].name) as shipped:
        names = shipped.namelist()
    assert "witchtable/variants.py" in names
    assert not [n for n in names if n.startswith("witchtable/site/")], "the builder is not shipped"
    landing = (site / "index.html").read_text()
    assert 'href="play/witching-hour/?variant=one-round"' in landing and "One quick round" in landing


def test_the_embed_snippet_plays_in_another_sites_page(fresh_browser, teacher: dict, course_url: str) -> None:
    """The embed page writes the snippet; pasted into a course page on another origin, the
    iframe deals the variant and takes a move."""
    with fresh_browser() as browser:
        page = browser.new_page()
        page.goto(f"{teacher['url']}embed/")
        page.select_option("select[name=game]", "witching-hour")
        page.select_option("select[name=variant]", "one-round")
        page.select_option("select[name=bots]", "random")
        page.select_option("select[name=mode]", "play")
        snippet = page.locator("#wt-snippet").input_value()
        assert snippet.startswith(f'<iframe src="{teacher["url"]}play/witching-hour/?embed=1')
        assert "variant=one-round" in snippet and "bots=random" in snippet
        (teacher["root"] / "course" / "index.html").write_text(
            "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Week 3</title></head>"
            f"<body><h1>Week 3: hexes</h1><p>Play one round before class.</p>{snippet}</body></html>")
        course = browser.new_page()
        course.goto(course_url)
        frame = course.locator("iframe").element_handle().content_frame()
        when_playable(frame, timeout_s=120)
        assert "House variant: One quick round" in frame.locator("#wt-variant-note").inner_text()
        assert frame.locator(".wt-site-head").is_hidden(), "embedded: no site header"
        click_an_action(frame, random.Random(3))
        assert browser.errors == []


def test_the_teachers_notebook_plays_its_variant(fresh_browser, teacher: dict) -> None:
    with fresh_browser() as browser:
        page = browser.new_page()
        page.goto(f"{teacher['url']}lite/notebooks/index.html?path=week-3-witching-hour.ipynb")
        page.locator(".jp-Notebook .jp-CodeCell").first.wait_for(timeout=90_000)
        run_all_cells(page)
        when_playable(page, timeout_s=240)
        wait_cells_done(page)
        errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
        assert [e.inner_text()[:500] for e in errors.all() if "Traceback" in e.inner_text()] == []
        click_an_action(page, random.Random(5))
        assert browser.errors == []


def test_an_unknown_variant_in_the_address_is_said_and_the_printed_rules_dealt(fresh_browser,
                                                                               teacher: dict) -> None:
    with fresh_browser() as browser:
        page = browser.new_page()
        page.goto(f"{teacher['url']}play/witching-hour/?variant=no-such&pace=0")
        when_playable(page)
        page.wait_for_function("() => /variant/.test(document.querySelector('#wt-setup-note').textContent)")
        assert page.locator("#wt-setup-note").is_visible(), "the page says why, where it can be seen"
        note = page.locator("#wt-setup-note").inner_text()
        assert "no variant “no-such”" in note and "one-round" in note, note
        assert page.locator("#wt-variant-note").is_hidden()
        page.goto(f"{teacher['url']}play/witching-hour/?variant=one-round&pace=0")
        when_playable(page)
        assert page.locator("select[name=variant]").input_value() == "one-round"
        assert page.locator("select[name=players]").input_value() == "3"  # the variant's table


def test_the_landing_and_embed_pages_are_accessible(fresh_browser, teacher: dict) -> None:
    """axe-core's WCAG 2.1 A/AA rules (as tests/site/test_accessibility.py) on the pages this adds."""
    with fresh_browser() as browser:
        page = browser.new_page()
        for path, name in (("", "the landing page with variants"), ("embed/", "the embed page")):
            page.goto(f"{teacher['url']}{path}")
            audit = Audit(name)
            audit.run(page, name.replace(" ", "-"))
            audit.check()
