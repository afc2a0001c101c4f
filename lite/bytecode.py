"""Bytecode for the modules the site imports at start, shipped beside their sources.

npm Pyodide's ``python_stdlib.zip`` and every wheel the site ships hold only ``.py``
sources, so each import at start is compiled inside WebAssembly, on every visit.
``bytecode.mjs`` starts the site's own Pyodide under Node as the play pages' worker and
the notebook kernel do, records the modules then imported, and compiles them
(unchecked-hash ``.pyc``: valid whatever the files' dates, and bound to this Pyodide's
CPython, so they are made again by every build). This module puts them where the import
system looks:

- the standard library: ``name.pyc`` beside ``name.py`` inside ``python_stdlib.zip``
  (zipimport tries ``.pyc`` before ``.py`` in the same folder; there is no ``__pycache__``
  in a zip);
- a wheel's module: ``__pycache__/name.<cache tag>.pyc`` in the wheel (and its RECORD),
  which Pyodide unpacks into site-packages, where the source loader finds it;

and keeps every source (tracebacks and ``inspect`` read them). The site has a size
limit, so the bytecode has a budget: the kernel's modules first, those that save the
most compiling per byte first (:func:`kernel_order`); then the play pages', in import
order (a play page starts from its memory snapshot, lite/snapshot.py: its bytecode is
for a cold start, when the snapshot cannot be used), while they fit; the rest stay
source only. Zips are rewritten with fixed entry dates in their original order, so two builds
give the same bytes.
"""

from __future__ import annotations

import base64
import hashlib
import json
import posixpath
import shutil
import subprocess
import zipfile
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ZIP_ENTRY_OVERHEAD = 30 + 46
"""Bytes a zip entry costs besides its data and (twice) its name: local and central headers."""


def compile_startup(pyodide_dir: Path, wheel: str, preload: tuple[str, ...], work: Path) -> dict:
    """Run bytecode.mjs on ``pyodide_dir``; returns its modules.json (the .pyc under ``work``)."""
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    cmd = ["node", str(HERE / "bytecode.mjs"), "--pyodide", str(pyodide_dir), "--host",
           str(HERE / "site" / "host.py"), "--wheel", wheel, "--preload", ",".join(preload),
           "--out", str(work)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode or not (work / "modules.json").is_file():
        raise SystemExit(f"lite/build.py: compiling the start-up modules failed:\n{proc.stderr[-3000:]}")
    return json.loads((work / "modules.json").read_text())


def entry_cost(name: str, data: bytes) -> int:
    """What an entry adds to a zip (compressed data, headers): shipped bytecode stays in budget."""
    return len(zlib.compress(data, 9)) + ZIP_ENTRY_OVERHEAD + 2 * len(name.encode())


def pyc_name(rel: str, cache_tag: str) -> str:
    """Where the source loader looks for ``rel``'s bytecode in site-packages."""
    folder, base = posixpath.split(rel)
    return posixpath.join(folder, "__pycache__", f"{base[:-3]}.{cache_tag}.pyc")


def record_line(name: str, data: bytes) -> str:
    """A wheel RECORD line for a new member, so the wheel's hashes still check after bytecode is added."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def rewrite_zip(path: Path, extra: dict[str, tuple[str, bytes]], record: str | None = None) -> None:
    """Rewrite ``path`` with ``extra`` ({source member: (new member, data)}) after each source.

    Every entry is written again (deflated at level 9) in its original order and with its
    original date, the new ones with their source's date; ``record`` (a wheel's RECORD
    member) gets a line for each new file.
    """
    temp = path.with_suffix(path.suffix + ".tmp")
    with zipfile.ZipFile(path) as old, \
            zipfile.ZipFile(temp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as new:
        added_lines = {}
        for info in old.infolist():
            if info.filename in extra:
                added_lines[info.filename] = record_line(*extra[info.filename])
        for info in old.infolist():
            data = old.read(info)
            if info.filename == record:
                lines = data.decode().splitlines()
                out = []
                for line in lines:
                    out.append(line)
                    source = line.split(",")[0]
                    if source in added_lines:
                        out.append(added_lines[source])
                data = ("\n".join(out) + "\n").encode()
            new.writestr(clone(info, info.filename), data)
            if info.filename in extra:
                name, pyc = extra[info.filename]
                new.writestr(clone(info, name), pyc)
    temp.replace(path)


def clone(info: zipfile.ZipInfo, name: str) -> zipfile.ZipInfo:
    """A zip entry ``name`` with ``info``'s date and attributes: rewritten wheels stay reproducible."""
    entry = zipfile.ZipInfo(name, date_time=info.date_time)
    entry.external_attr = info.external_attr
    entry.compress_type = zipfile.ZIP_DEFLATED if not name.endswith("/") else zipfile.ZIP_STORED
    entry.create_system = info.create_system
    return entry


def kernel_order(entries: list[tuple[str, str, int]], nodes: dict[str, int]) -> list[int]:
    """The kernel route's modules (``(part, rel, cost)``), most compiling saved per byte first.

    What bytecode saves a module is its compiling, which grows with its syntax tree
    (``nodes``, counted by bytecode.mjs: deterministic, unlike a timing); what it costs
    is its compressed size. Measured under Node on this site's Pyodide, compiling takes
    0.2 to 0.6 us per byte of bytecode (10th to 90th percentile): docstrings and tables
    are cheap, dense code dear. Ties keep import order, so the order is the same each build.
    """
    def saved_per_byte(index: int) -> float:
        part, rel, cost = entries[index]
        return nodes.get(f"{part}:{rel}", 0) / cost
    return sorted(range(len(entries)), key=lambda i: (-saved_per_byte(i), i))


def ship_bytecode(pyodide_dir: Path, modules: dict, work: Path, budget: int) -> dict:
    """Put the compiled modules into the shipped zips while they fit in ``budget`` bytes
    (counted compressed); returns what was shipped and what was left out, per route."""
    wheels = sorted(pyodide_dir.glob("*.whl"))
    owner: dict[str, Path] = {}
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as whl:
            for name in whl.namelist():
                owner.setdefault(name, wheel)
    cache_tag = modules["cache_tag"]
    chosen: dict[Path, dict[str, tuple[str, bytes]]] = {}
    spent, seen, taken = 0, set(), set()
    report = {"python": modules["python"], "budget_bytes": budget, "routes": {}}
    for route in ("kernel", "play"):
        shipped = left_out = 0
        todo = []  # (part, rel, cost, target, member, pyc) of the route's modules not yet weighed
        for part, rel in modules[route]:
            if (part, rel) in seen:
                shipped += (part, rel) in taken
                left_out += (part, rel) not in taken
                continue
            seen.add((part, rel))
            pyc = (work / part / (rel + "c")).read_bytes()
            if part == "stdlib":
                target, member = pyodide_dir / "python_stdlib.zip", rel[:-3] + ".pyc"
            elif rel in owner:
                target, member = owner[rel], pyc_name(rel, cache_tag)
            else:
                raise SystemExit(f"lite/build.py: no shipped wheel holds {rel}")
            cost = entry_cost(member, pyc) + (len(record_line(member, pyc)) if part == "site" else 0)
            todo.append((part, rel, cost, target, member, pyc))
        order = (range(len(todo)) if route == "play"
                 else kernel_order([t[:3] for t in todo], modules.get("nodes", {})))
        for index in order:
            part, rel, cost, target, member, pyc = todo[index]
            if spent + cost > budget:
                left_out += 1
                continue
            spent += cost
            chosen.setdefault(target, {})[rel] = (member, pyc)
            taken.add((part, rel))
            shipped += 1
        report["routes"][route] = {"modules": len(modules[route]), "with_bytecode": shipped,
                                   "left_out_for_size": left_out}
    for target, extra in sorted(chosen.items()):
        record = None
        if target.suffix == ".whl":
            with zipfile.ZipFile(target) as whl:
                record = next(n for n in whl.namelist() if n.endswith(".dist-info/RECORD"))
        rewrite_zip(target, extra, record)
    report["bytecode_files"] = sum(len(extra) for extra in chosen.values())
    return report
