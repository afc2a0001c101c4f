"""What the site build leaves out so that start-up bytecode fits in the 40 MB (lite/build.py).

Unit tests of the trims (a wheel's files no browser reads; a favicon's large images; the
settings schemas' per-plugin copies) and of the service worker's pass-through (it stops
fetching again what the browser fetches itself), and a check of the built site: no
shipped wheel holds a left-out file, every RECORD lists only files its wheel has, and the
service worker passes through. No browser is needed (tests/site/test_site.py checks in
Chromium that the kernel still reads the notebook's folder and ``input()`` still works).
"""

from __future__ import annotations

import fnmatch
import importlib.util
import json
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from wt_site import SITE

_SPEC = importlib.util.spec_from_file_location(
    "wt_site_build", Path(__file__).resolve().parents[2] / "lite" / "build.py")
site_build = importlib.util.module_from_spec(_SPEC)  # (by path: "build" also names build/)
_SPEC.loader.exec_module(site_build)
UNUSED_IN_WHEELS, small_favicon, trim_wheels = (site_build.UNUSED_IN_WHEELS, site_build.small_favicon,
                                                 site_build.trim_wheels)
schema_copies, BuildError = site_build.schema_copies, site_build.BuildError
pass_through_service_worker = site_build.pass_through_service_worker
lazy_ipython_terminal = site_build.lazy_ipython_terminal

DATE = (2020, 1, 2, 3, 4, 6)


def make_wheel(path: Path) -> None:
    with zipfile.ZipFile(path, "w") as whl:
        for name in ("pkg/__init__.py", "pkg/tests/test_pkg.py", "pkg/labextension/static/main.js",
                     "pkg-1.data/data/share/jupyter/labextensions/pkg/main.js", "pkg/static/widget.js"):
            whl.writestr(zipfile.ZipInfo(name, DATE), f"# {name}\n")
        record = "".join(f"{n},sha256=x,1\n" for n in whl.namelist()) + "pkg-1.dist-info/RECORD,,\n"
        whl.writestr(zipfile.ZipInfo("pkg-1.dist-info/RECORD", DATE), record)


def test_trim_wheels_drops_server_bundles_and_tests_and_their_record_lines(tmp_path: Path) -> None:
    make_wheel(tmp_path / "pkg-1-py3-none-any.whl")
    assert trim_wheels(tmp_path) > 0
    with zipfile.ZipFile(tmp_path / "pkg-1-py3-none-any.whl") as whl:
        assert whl.namelist() == ["pkg/__init__.py", "pkg/static/widget.js", "pkg-1.dist-info/RECORD"]
        assert all(info.date_time == DATE for info in whl.infolist())
        record = whl.read("pkg-1.dist-info/RECORD").decode().splitlines()
    assert [line.split(",")[0] for line in record] == ["pkg/__init__.py", "pkg/static/widget.js",
                                                      "pkg-1.dist-info/RECORD"]


def test_trim_wheels_is_repeatable(tmp_path: Path) -> None:
    results = []
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        make_wheel(tmp_path / folder / "pkg-1-py3-none-any.whl")
        trim_wheels(tmp_path / folder)
        results.append((tmp_path / folder / "pkg-1-py3-none-any.whl").read_bytes())
    assert results[0] == results[1]
    assert trim_wheels(tmp_path / "a") == 0  # nothing left to drop: the file is not rewritten


def make_icon(sizes: list[int]) -> bytes:
    head, body, offset = [struct.pack("<HHH", 0, 1, len(sizes))], [], 6 + 16 * len(sizes)
    for px in sizes:
        image = bytes([px % 256]) * (px * 4)
        head.append(struct.pack("<BBBBHHII", px % 256, px % 256, 0, 0, 1, 32, len(image), offset))
        body.append(image)
        offset += len(image)
    return b"".join(head + body)


def icon_images(data: bytes) -> list[tuple[int, bytes]]:
    count = struct.unpack_from("<HHH", data)[2]
    found = []
    for i in range(count):
        width, _, _, _, _, _, size, start = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        found.append((width, data[start:start + size]))
    return found


def test_small_favicon_keeps_only_the_small_images_intact(tmp_path: Path) -> None:
    icon = tmp_path / "favicon.ico"
    icon.write_bytes(make_icon([256, 128, 48, 32, 16]))
    original = dict(icon_images(icon.read_bytes()))
    assert small_favicon(icon) > 0
    kept = icon_images(icon.read_bytes())
    assert [w for w, _ in kept] == [48, 32, 16]
    assert all(image == original[w] for w, image in kept)
    assert small_favicon(icon) == 0  # already small: left as it is


def test_small_favicon_leaves_other_files_alone(tmp_path: Path) -> None:
    icon = tmp_path / "favicon.ico"
    icon.write_bytes(b"\x89PNG not an icon")
    assert small_favicon(icon) == 0
    assert icon.read_bytes() == b"\x89PNG not an icon"


def make_schemas(folder: Path, listed: list[str]) -> None:
    (folder / "@lab" / "app-extension").mkdir(parents=True)
    (folder / "@lab" / "app-extension" / "plugin.json").write_text('{"title": "a"}')
    (folder / "all.json").write_text(json.dumps([{"id": i, "schema": {}} for i in listed]))
    (folder / "all_federated.json").write_text("[]")


def test_schema_copies_removes_the_per_plugin_files_all_json_holds(tmp_path: Path) -> None:
    make_schemas(tmp_path, ["@lab/app-extension:plugin"])
    assert schema_copies(tmp_path) == len('{"title": "a"}')
    assert sorted(p.name for p in tmp_path.iterdir()) == ["all.json", "all_federated.json"]


def test_schema_copies_refuses_when_all_json_lacks_a_plugin(tmp_path: Path) -> None:
    make_schemas(tmp_path, [])
    with pytest.raises(BuildError, match="app-extension:plugin"):
        schema_copies(tmp_path)
    assert (tmp_path / "@lab" / "app-extension" / "plugin.json").is_file()


STOCK_ON_FETCH = ('async function onFetch(e){let{request:t}=e,a=new URL(e.request.url);'
                  'if("/api/service-worker-heartbeat"===a.pathname)'
                  'return void e.respondWith(new Response("ok"));'
                  'let n=null;shouldBroadcast(a)?n=broadcastOne(t,a):shouldDrop(t,a)||(n=maybeFromCache(e)),'
                  'n&&e.respondWith(n)}')
"""JupyterLite 0.8.6's fetch handler, as its service-worker.js ships it (minified)."""


def test_service_worker_declines_what_it_would_only_fetch_again(tmp_path: Path) -> None:
    for where in (tmp_path / "service-worker.js", tmp_path / "build" / "service-worker.js"):
        where.parent.mkdir(exist_ok=True)
        where.write_text(STOCK_ON_FETCH)
    assert pass_through_service_worker(tmp_path) == 2
    text = (tmp_path / "service-worker.js").read_text()
    # Drive and stdin requests are still answered by the worker; the rest only with its cache on.
    assert ("shouldBroadcast(a)?n=broadcastOne(t,a):!enableCache||shouldDrop(t,a)||(n=maybeFromCache(e))"
            in text)
    assert pass_through_service_worker(tmp_path) == 0  # already done: the files are left alone
    assert (tmp_path / "build" / "service-worker.js").read_text() == text


def test_service_worker_change_refused_when_jupyterlite_changed_it(tmp_path: Path) -> None:
    (tmp_path / "service-worker.js").write_text(STOCK_ON_FETCH.replace("maybeFromCache(e)", "cached(e)"))
    with pytest.raises(BuildError, match="no longer has exactly one"):
        pass_through_service_worker(tmp_path)
    with pytest.raises(BuildError, match=r"has no service-worker\.js"):
        pass_through_service_worker(tmp_path / "build")


@pytest.mark.skipif(not (SITE / "site-manifest.json").is_file(), reason="no built site (make site)")
def test_built_site_wheels_hold_no_left_out_file_and_their_record_matches() -> None:
    wheels = sorted((SITE / "lite" / "static" / "pyodide").glob("*.whl"))
    assert wheels
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as whl:
            names = set(whl.namelist())
            left = [n for n in names if any(fnmatch.fnmatchcase(n, p) for p in UNUSED_IN_WHEELS)]
            assert not left, f"{wheel.name} still holds {left[:3]}"
            record = next(n for n in names if n.endswith(".dist-info/RECORD"))
            listed = {line.split(",")[0] for line in whl.read(record).decode().splitlines() if line}
            assert listed <= names, f"{wheel.name}'s RECORD lists missing files: {sorted(listed - names)[:3]}"
    for icon in (SITE / "lite").glob("*/favicon.ico"):
        assert icon.stat().st_size < 60_000, f"{icon} keeps large images"
    assert not [p for p in (SITE / "lite" / "build" / "schemas").iterdir() if p.is_dir()]
    workers = sorted((SITE / "lite").glob("**/service-worker.js"))
    assert workers and all(site_build.SERVICE_WORKER_PASS in p.read_text() for p in workers)


IPYTHON_INIT = ('"""IPython."""\nfrom .core import release\nfrom .terminal.embed import embed\n\n'
                '__all__ = ["embed"]\n__version__ = release.version\n')


RECORD = "ipython-9.0.dist-info/RECORD"


def make_ipython_wheel(path: Path) -> None:
    """A small stand-in for IPython's wheel: the import of the terminal shell at the top."""
    files = {"IPython/__init__.py": IPYTHON_INIT, "IPython/core/__init__.py": "",
             "IPython/core/release.py": "version = '9.0'\n", "IPython/terminal/__init__.py": "",
             "IPython/terminal/embed.py": "import sys\nsys.stderr.write('TERMINAL LOADED\\n')\n"
                                          "def embed(**kwargs):\n    return 'embedded'\n"}
    with zipfile.ZipFile(path, "w") as whl:
        for name, text in files.items():
            whl.writestr(zipfile.ZipInfo(name, DATE), text)
        record = "".join(site_build.record_line(n, t.encode()) + "\n" for n, t in files.items())
        whl.writestr(zipfile.ZipInfo(RECORD, DATE), record + f"{RECORD},,\n")


def test_ipython_loads_its_terminal_shell_only_when_embed_is_asked_for(tmp_path: Path) -> None:
    wheel = tmp_path / "ipython-9.0-py3-none-any.whl"
    make_ipython_wheel(wheel)
    with zipfile.ZipFile(wheel) as whl:
        before = {n: whl.read(n) for n in whl.namelist()}
    assert lazy_ipython_terminal(tmp_path) is True
    with zipfile.ZipFile(wheel) as whl:
        after = {n: whl.read(n) for n in whl.namelist()}
        whl.extractall(tmp_path / "site")
    assert list(after) == list(before)  # same entries, same order; only __init__ and RECORD differ
    assert [n for n in after if after[n] != before[n]] == ["IPython/__init__.py", RECORD]
    init = after["IPython/__init__.py"]
    assert site_build.record_line("IPython/__init__.py", init) in after[RECORD].decode()
    check = ("import sys, IPython\n"
             "assert 'IPython.terminal.embed' not in sys.modules, 'imported at start'\n"
             "print('start ok', flush=True)\n"
             "from IPython import embed\n"
             "assert embed() == 'embedded' and IPython.embed is embed\n"
             "assert embed.__module__ == 'IPython.terminal.embed'\n"
             "try:\n    IPython.no_such_name\nexcept AttributeError as err:\n    print('missing:', err)\n")
    path = f"import sys; sys.path.insert(0, {str(tmp_path / 'site')!r})\n"
    run = subprocess.run([sys.executable, "-I", "-c", path + check], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["start ok",
                                       "missing: module 'IPython' has no attribute 'no_such_name'"]
    assert run.stderr == "TERMINAL LOADED\n"  # once, when embed was asked for
    assert lazy_ipython_terminal(tmp_path) is False  # already lazy: left alone
    with zipfile.ZipFile(wheel) as whl:
        assert whl.read("IPython/__init__.py") == init


def test_ipython_change_refused_when_ipython_changed_it(tmp_path: Path) -> None:
    with pytest.raises(BuildError, match="has 0 IPython wheels"):
        lazy_ipython_terminal(tmp_path)
    wheel = tmp_path / "ipython-9.0-py3-none-any.whl"
    make_ipython_wheel(wheel)
    with zipfile.ZipFile(wheel) as whl:
        entries = {n: whl.read(n) for n in whl.namelist()}
    init = entries["IPython/__init__.py"]
    entries["IPython/__init__.py"] = init.replace(b"from .terminal.embed", b"from .shell")
    with zipfile.ZipFile(wheel, "w") as whl:
        for name, data in entries.items():
            whl.writestr(name, data)
    with pytest.raises(BuildError, match=r"no longer has exactly one 'from \.terminal\.embed import embed'"):
        lazy_ipython_terminal(tmp_path)


KERNEL_IPYTHON = r"""
const indexURL = process.argv[1];
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const py = await loadPyodide({ indexURL, lockFileURL: indexURL + "pyodide-lock.json", packages: [],
                               stdout: () => {}, stderr: () => {} });
await py.loadPackage(["ipython"], { messageCallback: () => {} });
console.log(py.runPython(`
import sys
from IPython.core.interactiveshell import InteractiveShell
at_start = sorted({n.split(".")[0] for n in sys.modules} & {"prompt_toolkit", "wcwidth"})
from IPython import embed
import IPython.terminal.embed
f"{at_start} {embed is IPython.terminal.embed.embed} {'prompt_toolkit' in sys.modules}"
`));
"""


@pytest.mark.skipif(not (SITE / "site-manifest.json").is_file(), reason="no built site (make site)")
def test_built_site_ipython_starts_without_its_terminal_shell() -> None:
    """In the site's own Pyodide (Node): importing IPython leaves prompt_toolkit unloaded,
    and ``from IPython import embed`` still gives IPython's embed (loading it then)."""
    pyodide = SITE / "lite" / "static" / "pyodide"
    run = subprocess.run(["node", "--input-type=module", "-e", KERNEL_IPYTHON, f"{pyodide}/"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip().splitlines()[-1] == "[] True True"
