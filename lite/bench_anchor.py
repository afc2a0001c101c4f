"""The benchmark's anchor: a stock JupyterLite whose one notebook runs ``print(1)``.

    .venv-lite/bin/python lite/bench_anchor.py [--out build/lite-anchor]   (make bench-site runs it)
    .venv-lite/bin/python lite/bench_anchor.py --check DIR                  (is DIR offline-complete?)

``make bench-site`` times the site's pages against it, so it is JupyterLite as shipped,
of the site's versions, with only what running offline requires (lite/build.py's pieces):

- Pyodide is npm's, in ``static/pyodide`` (``pyodideUrl``), not the jsDelivr CDN's;
- a Pyodide lock lists the wheels shipped beside it (``write_lock``), not the CDN's 357;
- the wheels the kernel installs at start are shipped: the site's pins
  (``lite/pyodide-wheels.txt``), the kernel's own, and jedi and parso
  (``lite/anchor-wheels.txt``): the stock kernel installs jedi at start, and the site no
  longer ships it (it turns jedi off: ``build.completion_without_jedi``). Without jedi
  the anchor's kernel stopped with "Can't find a pure Python 3 wheel for: 'jedi'";
- piplite's PyPI fallback is off (``disablePyPIFallback``): a missing wheel fails at
  once instead of asking pypi.org.

It shares ``stage_lite``'s settings with the site (the kernel starts with the notebook,
no kernel dialog; the terminal extension off; no source maps). It has none of the site's
start-up work: no witchtable wheel, no preloads, no bytecode, no trims, the service
worker as shipped. The build checks its output is offline-complete
(:func:`offline_problems`) and fails naming what is missing. Never shipped.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from build import (  # noqa: E402
    KERNEL_INSTALLS,
    PYODIDE_KERNELSPEC,
    BuildError,
    build_lite,
    check_environment,
    default_cache,
    fail,
    fetch_wheels,
    folder_size,
    kernel_wheels,
    mb,
    npm_pyodide,
    stage_lite,
)
from pyodide_lock import canonical, sha256  # noqa: E402

ANCHOR_PINS = HERE / "anchor-wheels.txt"
NOTEBOOK = "anchor.ipynb"
ANCHOR_NOTEBOOK = {"cells": [{"cell_type": "code", "execution_count": None, "id": "print-1",
                              "metadata": {}, "outputs": [], "source": ["print(1)"]}],
                   "metadata": {"kernelspec": PYODIDE_KERNELSPEC}, "nbformat": 4, "nbformat_minor": 5}
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
KERNEL_EXTENSION = Path("extensions/@jupyterlite/pyodide-kernel-extension")
STARTUP = ("micropip", *json.loads(KERNEL_INSTALLS))
"""What the stock kernel loads at start: micropip (from the lock), then its installs."""


def build_anchor(out: Path, cache: Path, pyodide: str | None = None) -> None:
    """Build the anchor into ``out`` (replacing an earlier anchor), then check it."""
    if out.exists() and any(out.iterdir()) and not (out / "files" / NOTEBOOK).is_file():
        fail(f"--out {out} holds something other than an earlier anchor (no files/{NOTEBOOK}): "
             "give a new or empty folder")
    check_environment()
    wheels = [*fetch_wheels(cache / "wheels"), *fetch_wheels(cache / "wheels", ANCHOR_PINS), *kernel_wheels()]
    with tempfile.TemporaryDirectory(prefix="witchtable-anchor-") as temp:
        notebook = Path(temp) / NOTEBOOK
        notebook.write_text(json.dumps(ANCHOR_NOTEBOOK, indent=1))
        stage = Path(temp) / "stage"
        stage_lite(stage, wheels, [(notebook, NOTEBOOK)], None, npm_pyodide(pyodide), preload=())
        if out.exists():
            shutil.rmtree(out)
        build_lite(stage, out, None)
    problems = offline_problems(out)
    if problems:
        fail(f"the anchor in {out} cannot start offline:\n  " + "\n  ".join(problems))
    print(f"Built the stock JupyterLite anchor in {out}: {mb(folder_size(out))}")


def local_path(folder: Path, url: str) -> Path | None:
    """The file a relative URL of the anchor names (query dropped); None for another host."""
    path = url.split("?")[0]
    if not path or "://" in path or path.startswith("/"):
        return None
    return folder / path


def offline_problems(anchor: Path) -> list[str]:
    """What would keep the anchor's kernel from starting with only 127.0.0.1 reachable
    (empty when nothing): Pyodide or piplite's index elsewhere, PyPI allowed, a lock entry
    whose file is missing or differs, a start-up package neither the lock nor piplite has."""
    try:
        config = json.loads((anchor / "jupyter-lite.json").read_text())["jupyter-config-data"]
        kernel = config["litePluginSettings"][KERNEL_SETTINGS]
    except (OSError, ValueError, KeyError, TypeError) as err:
        return [f"{anchor / 'jupyter-lite.json'} has no Pyodide kernel settings ({err!r}): "
                "not a built anchor"]
    problems = []
    url = kernel.get("pyodideUrl", "")
    pyodide = local_path(anchor, url)
    if pyodide is None or not pyodide.is_file():
        problems.append(f"pyodideUrl {url!r} is not a file of the anchor: the kernel would load Pyodide "
                        "from a CDN (put npm's Pyodide in static/pyodide before `jupyter lite build`)")
    if kernel.get("disablePyPIFallback") is not True:
        problems.append("disablePyPIFallback is not true: piplite would ask pypi.org for a missing wheel")
    indexed: set[str] = set()
    for index_url in kernel.get("pipliteUrls", []):
        index = local_path(anchor, index_url)
        if index is None or not index.is_file():
            problems.append(f"piplite index {index_url!r} is not a file of the anchor")
        else:
            indexed |= {canonical(name) for name in json.loads(index.read_text())}
    lock_path = (pyodide.parent if pyodide else anchor / "static" / "pyodide") / "pyodide-lock.json"
    if not lock_path.is_file():
        return [*problems, f"{lock_path} is missing: Pyodide would look for its packages elsewhere"]
    lock = {canonical(name): entry for name, entry in json.loads(lock_path.read_text())["packages"].items()}
    for name, entry in sorted(lock.items()):
        wheel = lock_path.parent / entry["file_name"]
        if not wheel.is_file():
            problems.append(f"the lock lists {name} in {entry['file_name']}, "
                            f"which is not in {lock_path.parent}")
        elif sha256(wheel) != entry["sha256"]:
            problems.append(f"{entry['file_name']} differs from the lock's sha256 (Pyodide refuses it)")
    if not any(KERNEL_INSTALLS in p.read_text(errors="replace")
               for p in (anchor / KERNEL_EXTENSION).glob("static/*.js")):
        problems.append(f"no worker script of {KERNEL_EXTENSION} lists {KERNEL_INSTALLS} (its start-up "
                        "installs): the kernel changed, look again at STARTUP")
    todo, seen = [canonical(n) for n in STARTUP], set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        if name in lock:
            todo += [canonical(d) for d in lock[name]["depends"]]
        elif name not in indexed:
            problems.append(f"the kernel installs {name} at start, and neither the lock nor piplite's index "
                            f"has it (pin it in {ANCHOR_PINS.name})")
    return problems


def main(argv: list | None = None) -> int:
    """Build (or check) the anchor: the stock JupyterLite the site's start-up times are measured against."""
    parser = argparse.ArgumentParser(prog="lite/bench_anchor.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=str(HERE.parent / "build" / "lite-anchor"), metavar="DIR",
                        help="the folder to build into (default build/lite-anchor; "
                             "an earlier anchor is replaced)")
    parser.add_argument("--check", metavar="DIR",
                        help="only check that the anchor in DIR is offline-complete")
    parser.add_argument("--cache", metavar="DIR", help=f"download cache (default {default_cache()})")
    parser.add_argument("--pyodide", metavar="FOLDER", help="npm's Pyodide (default node_modules/pyodide)")
    args = parser.parse_args(argv)
    try:
        if args.check:
            problems = offline_problems(Path(args.check).resolve())
            for problem in problems:
                print(problem, file=sys.stderr)
            return 1 if problems else 0
        build_anchor(Path(args.out).resolve(), Path(args.cache or default_cache()).resolve(), args.pyodide)
    except BuildError as err:
        print(f"{parser.prog}: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
