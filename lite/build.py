"""Build the offline witchtable site: one folder that any static file host can serve.

    .venv-lite/bin/python lite/build.py [--out build/site] [--wheel dist/witchtable-*.whl]

Run it with the lite build environment (``requirements/lite.txt`` in ``.venv-lite``),
never with ``.venv``: the JupyterLite kernel extension must not sit beside JupyterLab.
Everything the site needs is fetched at build time (pinned, cached under
``build/lite-cache``) and shipped in the output; the built site makes no request to
any other host. The output::

    index.html             the landing page: the games and the notebooks
    play/<game-id>/        a page per registered game: the widget's table.js driven by
                           the TableController in Pyodide in a web worker (no JupyterLab)
    play/assets/           the play pages' scripts, and table.js/table.css from the wheel
    lite/                  JupyterLite (lab/, notebooks/, tree/) with examples/*.ipynb
    lite/static/pyodide/   Pyodide 314.0.7, every shipped wheel and the site's own lock
                           (the notebook kernel and the play pages share it)
    site-manifest.json     versions, sizes, and what takes the space
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from bytecode import compile_startup, ship_bytecode  # noqa: E402
from pages import write_pages  # noqa: E402
from pyodide_lock import canonical, sha256, write_lock  # noqa: E402

LITE_VERSION = "0.8.6"
"""jupyterlite-core and jupyterlite-pyodide-kernel: exactly this version, both."""
PYODIDE_VERSION = "314.0.7"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "package.json")
KERNEL_WHEELS = ("piplite", "pyodide_kernel", "ipykernel", "widgetsnbextension-4")
"""The Pyodide kernel's own wheels (shipped inside jupyterlite-pyodide-kernel): its
package manager, the kernel, and its stand-ins for ipykernel and widgetsnbextension."""
LITE_APPS = ("lab", "notebooks", "tree")
SIZE_LIMIT = 40_000_000
"""The whole site stays under this many bytes (tests/site checks it): the start-up
bytecode gets what is left of it."""
MANIFEST_RESERVE = 60_000
"""Bytes kept for site-manifest.json, written last."""
PRELOAD = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython",
           "widgetsnbextension", "anywidget", "ipywidgets", "witchtable")
"""Loaded with Pyodide before the kernel starts, so a notebook needs no install cell.
The kernel skips its own installs of the names it finds here."""


def fail(message: str) -> None:
    raise SystemExit(f"lite/build.py: {message}")


def check_environment() -> None:
    for dist in ("jupyterlite-core", "jupyterlite-pyodide-kernel"):
        try:
            version = metadata.version(dist)
        except metadata.PackageNotFoundError:
            fail(f"{dist} is not installed here ({sys.executable}). Run this script with the lite "
                 "environment: python3 -m venv .venv-lite && .venv-lite/bin/pip install -r "
                 "requirements/lite.txt, then .venv-lite/bin/python lite/build.py")
        if version != LITE_VERSION:
            fail(f"{dist} is {version}; the site needs exactly {LITE_VERSION} (see requirements/lite.txt)")


def find_wheel(given: str | None) -> Path:
    if given:
        wheel = Path(given)
        if not wheel.is_file():
            fail(f"--wheel {given}: no such file")
        return wheel.resolve()
    wheels = sorted((ROOT / "dist").glob("witchtable-*-py3-none-any.whl"), key=lambda p: p.stat().st_mtime)
    if not wheels:
        fail("no dist/witchtable-*.whl: build it first with "
             "`.venv/bin/python -m pip wheel --no-deps --no-build-isolation -w dist .` (or pass --wheel)")
    return wheels[-1].resolve()


def npm_pyodide() -> Path:
    folder = ROOT / "node_modules" / "pyodide"
    package = folder / "package.json"
    if not package.is_file():
        fail("node_modules/pyodide is missing: run `npm ci` (package.json pins pyodide)")
    version = json.loads(package.read_text())["version"]
    if version != PYODIDE_VERSION:
        fail(f"node_modules/pyodide is {version}; the site needs {PYODIDE_VERSION} (run `npm ci`)")
    return folder


def pinned_wheels() -> dict[str, tuple[str, str]]:
    """lite/pyodide-wheels.txt as {canonical name: (version, sha256)}."""
    pins = {}
    for line in (HERE / "pyodide-wheels.txt").read_text().splitlines():
        spec = line.split("#")[0].strip()
        if spec:
            requirement, _, digest = spec.partition("--hash=sha256:")
            name, version = requirement.strip().split("==")
            pins[canonical(name)] = (version, digest.strip())
    return pins


def fetch_wheels(cache: Path) -> list[Path]:
    """The pinned wheels, downloaded once (by pip, hash-checked) into ``cache``."""
    pins = pinned_wheels()

    def cached() -> dict[str, Path]:
        found = {}
        for path in cache.glob("*.whl"):
            name, version = canonical(path.name.split("-")[0]), path.name.split("-")[1]
            if pins.get(name, ("", ""))[0] == version and sha256(path) == pins[name][1]:
                found[name] = path
        return found

    cache.mkdir(parents=True, exist_ok=True)
    have = cached()
    if set(pins) - set(have):
        subprocess.run([sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "-q",
                        "--no-deps", "--require-hashes", "-r", str(HERE / "pyodide-wheels.txt"),
                        "--python-version", "3.14", "--platform", "any", "--implementation", "py",
                        "--only-binary=:all:", "-d", str(cache)], check=True)
        have = cached()
    missing = set(pins) - set(have)
    if missing:
        fail(f"pip did not download (with the pinned hash): {', '.join(sorted(missing))}")
    return [have[name] for name in sorted(pins)]


def kernel_wheels() -> list[Path]:
    import jupyterlite_pyodide_kernel

    pypi = (Path(jupyterlite_pyodide_kernel.__file__).parent / "labextension" / "static" / "pypi")
    if not pypi.is_dir():
        pypi = (Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite"
                / "pyodide-kernel-extension/static/pypi")
    found = []
    for prefix in KERNEL_WHEELS:
        matches = sorted(pypi.glob(f"{prefix}*.whl"))
        if len(matches) != 1:
            fail(f"expected one {prefix}*.whl in {pypi}, found {[m.name for m in matches]}")
        found.append(matches[0])
    return found


def registered_games(wheel: Path) -> dict:
    """The games the wheel registers (``{"games": [...], "coming": [...]}``, the engine's
    :func:`~witchtable.engine.games.catalogue`), read by importing its engine in a subprocess."""
    code = "import json; from witchtable.engine.games import catalogue; print(json.dumps(catalogue()))"
    env = dict(os.environ, PYTHONPATH=str(wheel))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    if proc.returncode:
        fail(f"could not read the games from {wheel.name}:\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout)


PYODIDE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def for_lite(path: Path) -> str:
    """A notebook as the site ships it: opening on the Pyodide kernel (no kernel dialog),
    without widget outputs saved elsewhere (their models do not exist in a new kernel)."""
    notebook = json.loads(path.read_text())
    notebook.setdefault("metadata", {})["kernelspec"] = dict(PYODIDE_KERNELSPEC)
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = [o for o in cell.get("outputs", []) if WIDGET_VIEW not in o.get("data", {})]
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def source_date_epoch() -> int | None:
    """The last commit's time: the build stamps it on every file date it writes."""
    if os.environ.get("SOURCE_DATE_EPOCH", "").isdigit():
        return int(os.environ["SOURCE_DATE_EPOCH"])
    proc = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True)
    return int(proc.stdout.strip()) if proc.returncode == 0 and proc.stdout.strip().isdigit() else None


def stage_lite(stage: Path, wheels: list[Path], examples: Path, epoch: int | None,
               preload: tuple[str, ...] = PRELOAD) -> list[str]:
    """Lay out the JupyterLite input folder; returns the notebooks' paths (in files/).

    ``preload=()`` stages a stock kernel (the benchmark's anchor): it installs its own
    packages at start with micropip and piplite, as JupyterLite does by default."""
    if stage.exists():
        shutil.rmtree(stage)  # also drops .jupyterlite.doit.db and .cache from a failed build
    pyodide_dir = stage / "static" / "pyodide"
    pyodide_dir.mkdir(parents=True)
    npm = npm_pyodide()
    for name in PYODIDE_FILES:
        shutil.copy2(npm / name, pyodide_dir / name)
    for wheel in wheels:
        shutil.copy2(wheel, pyodide_dir / wheel.name)
    packages = write_lock(npm / "pyodide-lock.json", [pyodide_dir / w.name for w in wheels],
                          pyodide_dir / "pyodide-lock.json")
    absent = [p for p in preload if p not in packages]
    if absent:
        fail(f"the lock lacks packages the kernel preloads: {absent}")
    files = stage / "files"
    files.mkdir()
    notebooks = []
    if examples.is_dir():
        for path in sorted(examples.rglob("*")):
            rel = path.relative_to(examples)
            if any(part.startswith(".") or part == "__pycache__" for part in rel.parts) or path.is_dir():
                continue
            (files / rel).parent.mkdir(parents=True, exist_ok=True)
            if path.suffix == ".ipynb":
                (files / rel).write_text(for_lite(path))
                notebooks.append(rel.as_posix())
            else:
                shutil.copy2(path, files / rel)
            if epoch is not None:  # the contents listing shows file dates: make them repeatable
                os.utime(files / rel, (epoch, epoch))
    kernel: dict = {"disablePyPIFallback": True}
    if preload:
        kernel["loadPyodideOptions"] = {"packages": list(preload)}
    (stage / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "witchtable",
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel},
        },
    }, indent=2))
    # Open a notebook straight on the Pyodide kernel, never asking which kernel to use.
    (stage / "overrides.json").write_text(json.dumps({
        "@jupyterlab/notebook-extension:tracker": {"autoStartDefaultKernel": True},
    }, indent=2))
    (stage / "jupyter_lite_config.json").write_text(json.dumps({
        "LiteBuildConfig": {"apps": list(LITE_APPS), "no_sourcemaps": True,
                            "no_unused_shared_packages": True, "contents": ["files"]},
    }, indent=2))
    return notebooks


def build_lite(stage: Path, out: Path, epoch: int | None) -> None:
    jupyter = Path(sys.executable).parent / "jupyter"
    cmd = [str(jupyter), "lite", "build", "--lite-dir", str(stage), "--output-dir", str(out)]
    if epoch is not None:
        cmd += ["--source-date-epoch", str(epoch)]
    proc = subprocess.run(cmd, cwd=stage, capture_output=True, text=True)
    (stage / "build.log").write_text(proc.stdout + proc.stderr)
    if proc.returncode:
        log = (proc.stdout + proc.stderr)[-3000:]
        fail(f"jupyter lite build failed (whole log: {stage / 'build.log'}):\n{log}")
    settings = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = settings["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    if not (out / "static" / "pyodide" / "pyodide-lock.json").is_file() or \
            not kernel.get("pyodideUrl", "").startswith("./static/pyodide/"):
        fail("jupyter lite build did not point the kernel at static/pyodide: it would use a CDN")


LEGACY_FONTS = ("fa-*.eot", "fa-*.svg", "fa-*.ttf", "fa-*.woff")
"""Font Awesome's fallbacks for browsers older than WebAssembly (IE, old iOS) and woff2
(the woff files): every browser that runs Pyodide takes the woff2 listed first, so
these 2.8 MB never load (and the start-up bytecode gets the room)."""


def trim(lite: Path) -> int:
    removed = 0
    for pattern in LEGACY_FONTS:
        for path in (lite / "build").glob(pattern):
            removed += path.stat().st_size
            path.unlink()
    return removed


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def size_report(out: Path) -> dict:
    """Bytes per part of the site, and the largest single files."""
    parts = {
        "jupyterlite (JupyterLab apps and extensions)": folder_size(out / "lite")
        - folder_size(out / "lite" / "static" / "pyodide"),
        "pyodide runtime": sum((out / "lite/static/pyodide" / n).stat().st_size for n in PYODIDE_FILES),
        "wheels": sum(p.stat().st_size for p in (out / "lite/static/pyodide").glob("*.whl")),
        "play pages and landing page": folder_size(out) - folder_size(out / "lite"),
    }
    files = sorted((p for p in out.rglob("*") if p.is_file()), key=lambda p: -p.stat().st_size)
    return {"total": folder_size(out), "parts": parts,
            "largest": {str(p.relative_to(out)): p.stat().st_size for p in files[:15]}}


def mb(n: int) -> str:
    return f"{n / 1e6:.1f} MB"


ANCHOR_NOTEBOOK = {"cells": [{"cell_type": "code", "execution_count": None, "id": "print-1",
                               "metadata": {}, "outputs": [], "source": ["print(1)"]}],
                   "metadata": {"kernelspec": PYODIDE_KERNELSPEC}, "nbformat": 4, "nbformat_minor": 5}


def build_anchor(out: Path, cache: Path) -> None:
    """The benchmark's anchor: a stock JupyterLite of the same versions with one notebook
    (``print(1)``), offline: the same npm Pyodide files and pinned wheels (without
    witchtable), no preloads, no bytecode, so its kernel starts as JupyterLite's does."""
    check_environment()
    examples = cache.parent / "lite-anchor-files"
    if examples.exists():
        shutil.rmtree(examples)
    examples.mkdir(parents=True)
    (examples / "anchor.ipynb").write_text(json.dumps(ANCHOR_NOTEBOOK, indent=1))
    stage = cache.parent / "lite-anchor-stage"
    stage_lite(stage, [*fetch_wheels(cache / "wheels"), *kernel_wheels()], examples, None, preload=())
    if out.exists():
        shutil.rmtree(out)
    build_lite(stage, out, None)
    print(f"Built the stock JupyterLite anchor in {out}: {mb(folder_size(out))}")


def main(argv: list | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=str(ROOT / "build" / "site"), help="output folder (replaced)")
    parser.add_argument("--wheel", help="the witchtable wheel to ship (default: newest dist/*.whl)")
    parser.add_argument("--examples", default=str(ROOT / "examples"), help="the notebooks' folder")
    parser.add_argument("--cache", default=str(ROOT / "build" / "lite-cache"), help="download cache")
    parser.add_argument("--anchor", action="store_true",
                        help="build only the benchmark's stock JupyterLite anchor into --out (not shipped)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    if args.anchor:
        build_anchor(Path(args.out).resolve(), Path(args.cache).resolve())
        return 0
    check_environment()
    wheel = find_wheel(args.wheel)
    out = Path(args.out).resolve()
    cache = Path(args.cache).resolve()
    catalogue = registered_games(wheel)
    games = catalogue["games"]
    wheels = [*fetch_wheels(cache / "wheels"), *kernel_wheels(), wheel]
    stage = cache.parent / "lite-stage"
    epoch = source_date_epoch()
    notebooks = stage_lite(stage, wheels, Path(args.examples), epoch)
    if out.exists():
        shutil.rmtree(out)
    build_lite(stage, out / "lite", epoch)
    trimmed = trim(out / "lite")
    write_pages(out, games=games, coming=catalogue["coming"], notebooks=notebooks, wheel=wheel,
                pyodide="lite/static/pyodide/")
    shipped = out / "lite" / "static" / "pyodide"
    work = cache.parent / "lite-bytecode"
    modules = compile_startup(shipped, wheel.name, PRELOAD, work)
    bytecode = ship_bytecode(shipped, modules, work, SIZE_LIMIT - MANIFEST_RESERVE - folder_size(out))
    write_lock(npm_pyodide() / "pyodide-lock.json", sorted(shipped.glob("*.whl")),
               shipped / "pyodide-lock.json")  # (the wheels with bytecode have new hashes)
    sizes = size_report(out)
    manifest = {"witchtable_wheel": wheel.name, "pyodide": PYODIDE_VERSION, "jupyterlite": LITE_VERSION,
                "games": [g["id"] for g in games], "notebooks": notebooks,
                "wheels": sorted(w.name for w in wheels), "bytecode": bytecode, "size_bytes": sizes}
    (out / "site-manifest.json").write_text(json.dumps(manifest, indent=2))
    print(f"Built the witchtable site in {out} ({time.monotonic() - started:.0f} s): {mb(sizes['total'])}")
    for name, size in sizes["parts"].items():
        print(f"  {mb(size):>9}  {name}")
    print(f"  (left out {mb(trimmed)} of legacy font files no WebAssembly-capable browser loads)")
    for route, counts in bytecode["routes"].items():
        print(f"  bytecode, {route}: {counts['with_bytecode']} of {counts['modules']} start-up modules "
              f"({counts['left_out_for_size']} left as source only, for the size limit)")
    print(f"  games: {', '.join(g['id'] for g in games)}; notebooks: {', '.join(notebooks) or 'none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
