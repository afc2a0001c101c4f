"""The start-up bytecode the site build ships (lite/bytecode.py): layout, RECORD, lock.

The zip layout is checked with this interpreter's own zipimport and bytecode (the same
rule holds in Pyodide's CPython: ``name.pyc`` beside ``name.py``); the built site is
checked for what the browser relies on: every ``.pyc`` has its source beside it, is an
unchecked-hash pyc, is listed in its wheel's RECORD, and the lock's hashes match.
No browser is needed.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import posixpath
import subprocess
import sys
import traceback
import zipfile
import zipimport
from importlib._bootstrap_external import _code_to_hash_pyc
from pathlib import Path

import pytest
from wt_site import SITE

from bytecode import kernel_order, pyc_name, record_line, rewrite_zip  # lite/ (on the path: conftest)

SOURCE = b"def boom():\n    raise ValueError('from the source line')\n"


def unchecked_pyc(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True)
    return _code_to_hash_pyc(code, importlib.util.source_hash(source), False)


def make_zip(path: Path) -> None:
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(zipfile.ZipInfo("pkg/__init__.py", (2020, 1, 2, 3, 4, 6)), b"")
        z.writestr(zipfile.ZipInfo("pkg/mod.py", (2020, 1, 2, 3, 4, 6)), SOURCE)
        z.writestr(zipfile.ZipInfo("pkg-1.dist-info/RECORD", (2020, 1, 2, 3, 4, 6)),
                   b"pkg/__init__.py,,\npkg/mod.py,,\npkg-1.dist-info/RECORD,,\n")


def test_rewrite_puts_the_pyc_after_its_source_and_in_record(tmp_path: Path) -> None:
    path = tmp_path / "a.zip"
    make_zip(path)
    pyc = unchecked_pyc(SOURCE, "pkg/mod.py")
    member = pyc_name("pkg/mod.py", "cpython-314")
    assert member == "pkg/__pycache__/mod.cpython-314.pyc"
    rewrite_zip(path, {"pkg/mod.py": (member, pyc)}, "pkg-1.dist-info/RECORD")
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        assert names == ["pkg/__init__.py", "pkg/mod.py", member, "pkg-1.dist-info/RECORD"]
        assert z.getinfo(member).date_time == z.getinfo("pkg/mod.py").date_time
        record = z.read("pkg-1.dist-info/RECORD").decode().splitlines()
        assert record[2] == record_line(member, pyc)
        assert z.read("pkg/mod.py") == SOURCE  # the source stays


def test_rewrite_is_repeatable(tmp_path: Path) -> None:
    """Two builds give the same bytes: same order, dates and compression each time."""
    outputs = []
    for name in ("one.zip", "two.zip"):
        path = tmp_path / name
        make_zip(path)
        rewrite_zip(path, {"pkg/mod.py": ("pkg/mod.pyc", unchecked_pyc(SOURCE, "pkg/mod.py"))})
        outputs.append(path.read_bytes())
    assert outputs[0] == outputs[1]


def test_zipimport_uses_a_pyc_beside_its_source_and_tracebacks_show_lines(tmp_path: Path) -> None:
    """The standard library's layout: ``mod.pyc`` next to ``mod.py`` in the zip, no
    __pycache__; the pyc is what loads, and a traceback still quotes the source line."""
    path = tmp_path / "stdlib.zip"
    make_zip(path)
    marker = b"def boom():\n    raise ValueError('from the pyc')\n"  # same lines, other code
    rewrite_zip(path, {"pkg/mod.py": ("pkg/mod.pyc", unchecked_pyc(marker, f"{path}/pkg/mod.py"))})
    importer = zipimport.zipimporter(f"{path}/pkg/")  # (what the package's __path__ gives)
    spec = importer.find_spec("pkg.mod", None)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.__file__.endswith("mod.pyc")
    with pytest.raises(ValueError, match="from the pyc") as err:
        module.boom()
    lines = traceback.format_exception(err.value)
    assert any("raise ValueError('from the source line')" in line for line in lines), lines


CARETS = ("def boom():\n    return {'a': 1}['a'] + {'b': 2}['c']\n")
"""A line where the failing expression is not the whole line: a traceback with column
ranges marks it with ^^^."""


def test_bytecode_without_column_ranges_still_shows_the_line(tmp_path: Path) -> None:
    """The build compiles with PYTHONNODEBUGRANGES=1 (bytecode.mjs): a traceback through a
    shipped module quotes its line, only without the carets under the expression."""
    source = tmp_path / "carets.py"
    source.write_text(CARETS)
    compile_to = ("import importlib.util, sys\n"
                  "from importlib._bootstrap_external import _code_to_hash_pyc as h\n"
                  "s = open(sys.argv[1], 'rb').read()\n"
                  "code = compile(s, sys.argv[1], 'exec')\n"
                  "sys.stdout.buffer.write(h(code, importlib.util.source_hash(s), False))\n")
    shown = {}
    for flag in ([], ["-X", "no_debug_ranges"]):
        pyc = subprocess.run([sys.executable, *flag, "-c", compile_to, str(source)], check=True,
                             capture_output=True).stdout
        path = tmp_path / f"site{len(flag)}.zip"
        with zipfile.ZipFile(path, "w") as z:
            z.writestr("carets.py", CARETS)
        rewrite_zip(path, {"carets.py": ("carets.pyc", pyc)})
        spec = zipimport.zipimporter(str(path)).find_spec("carets", None)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        assert module.__file__.endswith("carets.pyc")
        with pytest.raises(KeyError) as err:
            module.boom()
        shown[bool(flag)] = "".join(traceback.format_exception(err.value))
    for text in shown.values():
        assert "return {'a': 1}['a'] + {'b': 2}['c']" in text and "line 2, in boom" in text
    assert "^^^" in shown[False] and "^^^" not in shown[True].split("line 2, in boom")[1]


def test_kernel_order_puts_most_compiling_per_byte_first() -> None:
    """The kernel's modules: the largest syntax tree per byte of bytecode first; ties (and
    modules the count lacks, last) keep import order."""
    entries = [("site", "a.py", 100), ("stdlib", "b.py", 100), ("site", "c.py", 50),
               ("site", "d.py", 10), ("site", "e.py", 100)]
    nodes = {"site:a.py": 100, "stdlib:b.py": 300, "site:c.py": 50, "site:e.py": 100}
    assert kernel_order(entries, nodes) == [1, 0, 2, 4, 3]


# --------------------------------------------------------------------------- the built site

PYODIDE = SITE / "lite" / "static" / "pyodide"


@pytest.fixture(scope="module")
def lock() -> dict:
    path = PYODIDE / "pyodide-lock.json"
    if not path.is_file():
        pytest.fail(f"no built site at {SITE}: build it first (make site)", pytrace=False)
    return json.loads(path.read_text())


def test_built_site_ships_start_up_bytecode_beside_the_sources(lock: dict, manifest: dict) -> None:
    with zipfile.ZipFile(PYODIDE / "python_stdlib.zip") as z:
        names = set(z.namelist())
        pycs = [n for n in names if n.endswith(".pyc")]
        assert pycs, "the standard library zip has no start-up bytecode"
        for name in pycs:
            assert name[:-1] in names, f"{name} has no source beside it"
            assert int.from_bytes(z.read(name)[4:8], "little") == 0b01, f"{name}: not an unchecked-hash pyc"
    wheels_with_pyc = 0
    for entry in lock["packages"].values():
        path = PYODIDE / entry["file_name"]
        assert hashlib.sha256(path.read_bytes()).hexdigest() == entry["sha256"], f"lock hash of {path.name}"
        with zipfile.ZipFile(path) as whl:
            names = whl.namelist()
            pycs = [n for n in names if n.endswith(".pyc")]
            if not pycs:
                continue
            wheels_with_pyc += 1
            record = whl.read(next(n for n in names if n.endswith(".dist-info/RECORD"))).decode()
            for name in pycs:
                folder, base = posixpath.split(name)  # (a top-level module's is __pycache__/<name>)
                assert posixpath.basename(folder) == "__pycache__", f"{name} is not in a __pycache__"
                source = posixpath.join(posixpath.dirname(folder), base.split(".")[0] + ".py")
                assert source in names, f"{name} has no source"
                assert f"\n{name},sha256=" in "\n" + record, f"{name} is not in its RECORD"
    assert wheels_with_pyc, "no wheel carries start-up bytecode"
    routes = manifest["bytecode"]["routes"]
    # (The kernel's modules come first: a play page starts from its memory snapshot, and
    # its bytecode is for a cold start, when the snapshot cannot be used.)
    for route in ("kernel", "play"):
        counts = routes[route]
        assert counts["with_bytecode"] > 0, f"no {route} module has bytecode"
        assert counts["with_bytecode"] + counts["left_out_for_size"] == counts["modules"], route
