"""What the site build leaves out so that bytecode and the play pages' snapshot fit in the
40 MB (lite/build.py).

Unit tests of the trims (a wheel's files no browser reads; a favicon's large images; the
settings schemas' per-plugin copies; the chunks only the terminal and Mermaid's ELK layout
load; jedi, with the kernel completing by IPython's own completer) and of the service
worker's pass-through (it stops fetching again what the browser fetches itself), and
checks of the built site: no shipped wheel holds a left-out file, every RECORD lists only
files its wheel has, the service worker passes through, and the kernel completes. No
browser is needed (tests/site/test_site.py checks in Chromium that the kernel still
reads the notebook's folder and ``input()`` still works).
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


# --------------------------------------------------------------------------- unused chunks

unused_chunks = site_build.unused_chunks
TERMINAL_LOADER = ('let[n,h,u,p,m]=await Promise.all([o.e(2802).then(o.t.bind(o,1,23)),o.e(5733).then('
                   'o.t.bind(o,2,23)),c?o.e(2113).then(o.t.bind(o,3,23)):o.e(2613).then(o.t.bind(o,4,23))]);'
                   'r=n.Terminal,s=h.FitAddon,d=u.WebglAddon')
ELK_LOADER = ('var l=(0,r(95328).K)(async()=>await Promise.all([r.e(5981),r.e(4680)]).then(r.bind(r,28667)),'
              '"loader"),s=[{name:"elk",loader:l}]')


def make_build(folder: Path, *, other: str = "") -> None:
    folder.mkdir()
    (folder / "jlab_core.abc.js").write_text(f"x;{TERMINAL_LOADER};y;{other}")
    (folder / "5395.abc.js").write_text(ELK_LOADER)
    for chunk in ("2802", "5733", "2113", "2613", "5981", "4680"):
        (folder / f"{chunk}.abc.js").write_text("chunk " * 100)


def test_unused_chunks_removes_what_only_the_terminal_and_elk_load(tmp_path: Path) -> None:
    make_build(tmp_path / "build", other="z.e(5981)")  # (Mermaid's other layouts share 5981)
    assert unused_chunks(tmp_path / "build") == 5 * 600
    assert sorted(p.name for p in (tmp_path / "build").iterdir()) == [
        "5395.abc.js", "5981.abc.js", "jlab_core.abc.js"]


def test_unused_chunks_refused_when_a_loader_is_gone(tmp_path: Path) -> None:
    make_build(tmp_path / "build")
    (tmp_path / "build" / "5395.abc.js").write_text("no elk here")
    with pytest.raises(BuildError, match="loader of ELK was found 0 times"):
        unused_chunks(tmp_path / "build")


def test_built_site_has_no_unused_chunk_and_no_terminal() -> None:
    build = SITE / "lite" / "build"
    if not build.is_dir():
        pytest.skip("no built site (make site)")
    code = "".join(p.read_text(errors="replace") for p in build.glob("*.js"))
    assert "org.eclipse.elk" not in code
    for loader in site_build.UNUSED_LOADERS.values():
        for chunk in site_build.CHUNK_LOAD.findall(loader.search(code).group(1)):
            asked = code.count(f".e({chunk})")
            assert asked > 1 or not list(build.glob(f"{chunk}.*.js")), f"chunk {chunk} is still shipped"
    settings = json.loads((SITE / "lite" / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert "@jupyterlab/terminal-extension" in settings["disabledExtensions"]


# --------------------------------------------------------------------------- no jedi

completion_without_jedi = site_build.completion_without_jedi
kernel_installs_no_jedi = site_build.kernel_installs_no_jedi


def test_kernel_completes_without_jedi_and_installs_none(tmp_path: Path) -> None:
    wheel = tmp_path / "pyodide_kernel-0.8-py3-none-any.whl"
    source = "class Interpreter:\n    def __init__(self):\n        self.Completer.use_jedi = True\n"
    with zipfile.ZipFile(wheel, "w") as whl:
        whl.writestr("pyodide_kernel/interpreter.py", source)
        whl.writestr(RECORD.replace("IPython", "x"), "")
    assert completion_without_jedi(tmp_path) is True
    with zipfile.ZipFile(wheel) as whl:
        patched = whl.read("pyodide_kernel/interpreter.py").decode()
    assert "self.Completer.use_jedi = False  # witchtable" in patched
    assert completion_without_jedi(tmp_path) is False
    static = tmp_path / "ext" / "static"
    static.mkdir(parents=True)
    (static / "worker.js").write_text(f"for(let e of{site_build.KERNEL_INSTALLS})x(e)")
    assert kernel_installs_no_jedi(tmp_path / "ext") == 1
    assert '"jedi"' not in (static / "worker.js").read_text()
    assert kernel_installs_no_jedi(tmp_path / "ext") == 0  # (already without)
    (static / "worker.js").write_text("changed")
    with pytest.raises(BuildError, match="no worker script lists"):
        kernel_installs_no_jedi(tmp_path / "ext")


KERNEL_COMPLETES = r"""
const indexURL = process.argv[1];
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const py = await loadPyodide({ indexURL, lockFileURL: indexURL + "pyodide-lock.json", packages: [],
                               stdout: () => {}, stderr: () => {} });
await py.loadPackage(["ipykernel", "comm", "pyodide-kernel", "ipython", "witchtable"],
                     { messageCallback: () => {} });
await py.runPythonAsync("import pyodide_kernel");
console.log(py.runPython(`
import json, sys, pyodide_kernel
kernel = pyodide_kernel.kernel_instance
kernel.interpreter.user_ns["json"] = __import__("json")
codes = ("import witch", "from witchtable import pl", "json.dum")
replies = {code: kernel.complete(code, len(code)) for code in codes}
json.dumps([kernel.interpreter.Completer.use_jedi, "jedi" in sys.modules,
            {code: [r["matches"], r["cursor_start"]] for code, r in replies.items()}])
`));
"""


@pytest.mark.skipif(not (SITE / "site-manifest.json").is_file(), reason="no built site (make site)")
def test_built_site_kernel_completes_without_jedi() -> None:
    """In the site's own Pyodide (Node): the kernel completes modules, names and a live
    object's attributes with IPython's own completer, and jedi is neither shipped nor asked for."""
    pyodide = SITE / "lite" / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    assert "jedi" not in lock and "parso" not in lock and "jedi" not in lock["ipython"]["depends"]
    run = subprocess.run(["node", "--input-type=module", "-e", KERNEL_COMPLETES, f"{pyodide}/"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    use_jedi, imported, completions = json.loads(run.stdout.strip().splitlines()[-1])
    assert (use_jedi, imported) == (False, False)
    assert completions == {"import witch": [["witchtable"], 7],
                           "from witchtable import pl": [["play"], 23],
                           "json.dum": [[".dump", ".dumps"], 4]}
