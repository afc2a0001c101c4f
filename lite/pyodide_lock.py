"""The site's own Pyodide lock: only the wheels the site ships, hashes recomputed.

Pyodide (and micropip, which looks in the lock first) trusts the lock to say where each
package is. The npm lock lists 357 packages whose files are not shipped, so the site
keeps the npm lock's ``info`` (the ABI it was built for) and replaces the package list
with the shipped wheels, each with the sha256 of the file actually shipped.
"""

from __future__ import annotations

import hashlib
import json
import re
import zipfile
from email.parser import Parser
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (packaging comes with the site extra; imported when a lock is written)
    from packaging.requirements import Requirement

# The environment Pyodide 314 reports for marker evaluation (sys_platform "emscripten").
PYODIDE_ENV = {
    "implementation_name": "cpython", "implementation_version": "3.14.2",
    "os_name": "posix", "platform_machine": "wasm32", "platform_release": "5.0.3",
    "platform_system": "Emscripten", "platform_version": "", "python_full_version": "3.14.2",
    "platform_python_implementation": "CPython", "python_version": "3.14",
    "sys_platform": "emscripten", "extra": "",
}


def canonical(name: str) -> str:
    """PEP 503 name: what the lock is keyed by and what ``loadPackage`` looks up."""
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_metadata(path: Path) -> tuple[str, str, list[Requirement], list[str]]:
    """(name, version, requirements, top-level import names) read from a wheel file."""
    from packaging.requirements import Requirement

    with zipfile.ZipFile(path) as whl:
        names = whl.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA") and n.count("/") == 1)
        meta = Parser().parsestr(whl.read(meta_name).decode("utf-8"))
        top_file = meta_name.replace("METADATA", "top_level.txt")
        if top_file in names:
            imports = [t.strip() for t in whl.read(top_file).decode().splitlines() if t.strip()]
        else:
            tops = set()
            for entry in names:
                first = entry.split("/")[0]
                if not first.endswith((".dist-info", ".data")):
                    tops.add(first if "/" in entry else first.removesuffix(".py"))
            imports = sorted(tops)
    requires = [Requirement(r) for r in meta.get_all("Requires-Dist") or []]
    return meta["Name"], meta["Version"], requires, imports


def applies(req: Requirement) -> bool:
    """Whether a requirement holds in Pyodide without extras."""
    from packaging.markers import Marker

    return req.marker is None or Marker(str(req.marker)).evaluate(PYODIDE_ENV)


def sha256(path: Path) -> str:
    """A file's SHA-256, read in blocks (wheels are large), as the lock file records it."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_lock(npm_lock: Path, wheels: list[Path], out: Path) -> dict[str, dict]:
    """Write ``out`` (a pyodide-lock.json) listing ``wheels`` (files beside ``out``).

    A dependency that no shipped wheel provides is dropped from ``depends`` only when
    it is known to be absent on purpose (see ``OPTIONAL``); any other gap is an error,
    so a missing wheel shows at build time, not as a failed import in the browser.
    """
    info = json.loads(npm_lock.read_text())["info"]
    metas = {}
    for wheel in wheels:
        name, version, requires, imports = wheel_metadata(wheel)
        metas[canonical(name)] = (wheel, name, version, requires, imports)
    packages: dict[str, dict] = {}
    missing = []
    for key, (wheel, name, version, requires, imports) in sorted(metas.items()):
        depends = []
        for req in requires:
            if not applies(req):
                continue
            dep = canonical(req.name)
            if dep in metas:
                depends.append(dep)
            elif dep not in OPTIONAL:
                missing.append(f"{name} needs {req}")
        packages[key] = {
            "name": key, "version": version, "file_name": wheel.name, "install_dir": "site",
            "sha256": sha256(wheel), "package_type": "package", "imports": imports,
            "depends": sorted(set(depends)), "unvendored_tests": False, "shared_library": False,
        }
    if missing:
        raise SystemExit("the site's wheels are incomplete:\n  " + "\n  ".join(missing)
                         + "\nadd the missing ones to lite/pyodide-wheels.txt (pinned, with --hash)")
    out.write_text(json.dumps({"info": info, "packages": packages}, indent=1, sort_keys=True))
    return packages


OPTIONAL = {
    # ipywidgets names the classic notebook's and JupyterLab's front-end packages: their
    # JavaScript is shipped as JupyterLite extensions, their Python side is never imported.
    "jupyterlab-widgets",
    # IPython completes with jedi when it is installed; the site ships none, for room, and
    # the kernel uses IPython's own completer (lite/build.py, completion_without_jedi).
    "jedi",
}
