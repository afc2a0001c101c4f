"""Build the offline witchtable site: one folder that any static file host can serve.

    python -m witchtable site build --out DIR [--notebooks FOLDER] [--games id,id] [--variants FOLDER]
    .venv-lite/bin/python lite/build.py [--out build/site] [--wheel dist/witchtable-*.whl]   (make site)

The same code either way: installed as ``witchtable.site`` (``pip install "witchtable[site]"``
brings the pinned JupyterLite pieces), or run from the repository, where ``make site``
runs it with the lite build environment (``requirements/lite.txt`` in ``.venv-lite``),
never with ``.venv``: the JupyterLite kernel extension must not sit beside JupyterLab.
Everything the site needs is fetched at build time (pinned, cached) and shipped in the
output; the built site makes no request to any other host. The output::

    index.html             the landing page: the games, the variants and the notebooks
    play/<game-id>/        a page per game: the widget's table.js driven by the
                           TableController in Pyodide in a web worker (no JupyterLab)
    play/assets/           the play pages' scripts, and table.js/table.css from the wheel
    embed/                 a page that writes the <iframe> snippet of a play page
    variants/<name>.json   the house variants (?variant=<name> on a play page)
    rules/<game-id>/       each game's rules reference
    lite/                  JupyterLite (lab/, notebooks/, tree/) with the notebooks
    lite/static/pyodide/   Pyodide 314.0.7, every shipped wheel and the site's own lock
                           (the notebook kernel and the play pages share it)
    site-manifest.json     versions, sizes, and what takes the space

A mistake in what is asked (a folder that does not exist, a notebook that is not valid
JSON, an unknown game id, a damaged variant, an output folder that holds something other
than an earlier site) is refused before anything is written; the site is built beside
the output folder and moved into place only when complete, so a failed build leaves the
earlier site as it was.
"""

from __future__ import annotations

import argparse
import base64
import fnmatch
import hashlib
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zipfile
from collections import Counter
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CHECKOUT = (ROOT / "pyproject.toml").is_file() and (ROOT / "face" / "__init__.py").is_file()
"""Running from the repository (make site, or PYTHONPATH=build/dev), not from an installed wheel."""

if __package__:
    from .bytecode import clone, compile_startup, record_line, ship_bytecode
    from .pages import VARIANTS_DIR, write_pages
    from .pyodide_lock import canonical, sha256, write_lock
    from .snapshot import NAME as SNAPSHOT
    from .snapshot import make_snapshot
else:  # python lite/build.py, from the repository
    sys.path.insert(0, str(HERE))
    from bytecode import clone, compile_startup, record_line, ship_bytecode
    from pages import VARIANTS_DIR, write_pages
    from pyodide_lock import canonical, sha256, write_lock
    from snapshot import NAME as SNAPSHOT
    from snapshot import make_snapshot

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
PRELOAD = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "ipython",
           "widgetsnbextension", "anywidget", "ipywidgets", "witchtable")
"""Loaded with Pyodide before the kernel starts, so a notebook needs no install cell.
The kernel skips its own installs of the names it finds here."""
EXAMPLES = ROOT / "examples" if CHECKOUT else HERE / "examples"
"""The project's example notebooks (package data in the wheel)."""
EXTRA_HINT = 'pip install "witchtable[site]"'


class BuildError(Exception):
    """The build cannot be done here: a piece of its environment is missing, or a step failed."""


class UsageError(BuildError):
    """A mistake in what was asked (a folder, a notebook, a game, a variant): exit 2 and the usage."""


def fail(message: str) -> None:
    """Stop the build for something this machine lacks (a BuildError, exit status 1)."""
    raise BuildError(message)


def refuse(message: str) -> None:
    """Stop the build for the teacher's mistake on the command line (a UsageError, exit status 2)."""
    raise UsageError(message)


def check_environment() -> None:
    """Refuse to start without the JupyterLite packages, saying what to install, before any slow step."""
    for dist in ("jupyterlite-core", "jupyterlite-pyodide-kernel"):
        try:
            version = metadata.version(dist)
        except metadata.PackageNotFoundError:
            if CHECKOUT:
                fail(f"{dist} is not installed here ({sys.executable}). Run this script with the lite "
                     "environment: python3 -m venv .venv-lite && .venv-lite/bin/pip install -r "
                     "requirements/lite.txt, then .venv-lite/bin/python lite/build.py")
            fail(f"{dist} is not installed here ({sys.executable}): building a site needs the "
                 f"extra, {EXTRA_HINT}")
        if version != LITE_VERSION:
            fail(f"{dist} is {version}; the site needs exactly {LITE_VERSION} ({EXTRA_HINT} pins it)")
    if shutil.which("node") is None:
        fail("Node.js is not on the PATH: the build runs the site's own Pyodide under Node once, to "
             "compile the start-up bytecode (install Node.js 20 or newer)")


def find_wheel(given: str | None, work: Path) -> Path:
    """The witchtable wheel the site ships: ``--wheel``, the checkout's newest dist/*.whl,
    or the installed package packed again as a wheel."""
    if given:
        wheel = Path(given)
        if not wheel.is_file() or not wheel.name.startswith("witchtable-") or wheel.suffix != ".whl":
            refuse(f"--wheel {given}: no such witchtable-*.whl file")
        return wheel.resolve()
    if CHECKOUT:
        wheels = sorted((ROOT / "dist").glob("witchtable-*-py3-none-any.whl"),
                        key=lambda p: p.stat().st_mtime)
        if not wheels:
            fail("no dist/witchtable-*.whl: build it first with "
                 "`.venv/bin/python -m pip wheel --no-deps --no-build-isolation -w dist .` (or pass --wheel)")
        return wheels[-1].resolve()
    return installed_wheel(work)


INSTALLER_FILES = ("INSTALLER", "REQUESTED", "direct_url.json", "RECORD")
"""What pip adds to (or rewrites in) a wheel's .dist-info when it installs it."""
WHEEL_DATE = (1980, 1, 1, 0, 0, 0)


def installed_wheel(work: Path) -> Path:
    """The installed witchtable packed again as the wheel it was installed from (its RECORD's
    files, without bytecode or pip's own files), so the site ships exactly this version."""
    try:
        dist = metadata.distribution("witchtable")
    except metadata.PackageNotFoundError:
        fail("witchtable is not installed: pass --wheel witchtable-*.whl")
    files = [f for f in dist.files or [] if not str(f).startswith("..") and "__pycache__" not in str(f)
             and not str(f).endswith(".pyc")]
    info = next((f for f in files if str(f).endswith(".dist-info/METADATA")), None)
    if info is None:
        fail("the installed witchtable has no wheel RECORD (an editable or source install?): "
             "pass --wheel witchtable-*.whl")
    info_dir = str(info).split("/")[0]
    keep = [f for f in files if str(f) not in {f"{info_dir}/{n}" for n in INSTALLER_FILES}]
    wheel = work / f"witchtable-{dist.version}-py3-none-any.whl"
    record = []
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as whl:
        for name in sorted(keep, key=lambda f: (str(f).startswith(info_dir), str(f))):
            data = Path(str(dist.locate_file(name))).read_bytes()  # a Path, typed as SimplePath
            entry = zipfile.ZipInfo(str(name), date_time=WHEEL_DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            whl.writestr(entry, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.append(f"{name},sha256={digest},{len(data)}")
        record.append(f"{info_dir}/RECORD,,")
        entry = zipfile.ZipInfo(f"{info_dir}/RECORD", date_time=WHEEL_DATE)
        entry.compress_type = zipfile.ZIP_DEFLATED
        entry.external_attr = 0o644 << 16
        whl.writestr(entry, "\n".join(record) + "\n")
    return wheel


BUILDER = "witchtable/site/"
"""This package in the wheel: the build's code, templates, examples and rules references."""


def without_builder(wheel: Path, work: Path) -> Path:
    """The wheel as the site ships it: the same package less :data:`BUILDER`, which no page
    imports (the play pages fetch their own copy of host.py; the notebooks need the engine,
    the widgets and the variants), so its bytes go to start-up bytecode instead."""
    target = work / "ship" / wheel.name
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(wheel) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            if info.filename.startswith(BUILDER):
                continue
            data = old.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode().splitlines()
                data = ("\n".join(line for line in lines if not line.startswith(BUILDER)) + "\n").encode()
            entry = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            entry.external_attr, entry.compress_type = info.external_attr, zipfile.ZIP_DEFLATED
            new.writestr(entry, data)
    return target


PYODIDE_HINT = (f"Pyodide {PYODIDE_VERSION} (the Python that runs in the browser) is not on PyPI: get it "
                f"once from npm, `npm install pyodide@{PYODIDE_VERSION}` (it makes node_modules/pyodide "
                "in the current folder, where the build looks), or pass --pyodide FOLDER")


def npm_pyodide(given: str | None = None) -> Path:
    """The npm Pyodide distribution: ``--pyodide``, ``$WITCHTABLE_PYODIDE``, the checkout's
    node_modules/pyodide, or node_modules/pyodide in the current folder."""
    if given:
        folder = Path(given)
        if not (folder / "package.json").is_file():
            refuse(f"--pyodide {given}: not a Pyodide folder (no package.json); {PYODIDE_HINT}")
    else:
        candidates = [os.environ.get("WITCHTABLE_PYODIDE")]
        candidates += [str(ROOT / "node_modules" / "pyodide")] if CHECKOUT else []
        candidates.append(str(Path.cwd() / "node_modules" / "pyodide"))
        found = [Path(c) for c in candidates if c and (Path(c) / "package.json").is_file()]
        if not found:
            fail(PYODIDE_HINT if not CHECKOUT else "node_modules/pyodide is missing: run `npm ci` "
                 "(package.json pins pyodide)")
        folder = found[0]
    version = json.loads((folder / "package.json").read_text()).get("version")
    if version != PYODIDE_VERSION:
        fail(f"{folder} is Pyodide {version}; the site needs {PYODIDE_VERSION} "
             f"(`npm install pyodide@{PYODIDE_VERSION}`)")
    missing = [n for n in (*PYODIDE_FILES, "pyodide-lock.json") if not (folder / n).is_file()]
    if missing:
        fail(f"{folder} lacks {', '.join(missing)}: reinstall it (`npm install pyodide@{PYODIDE_VERSION}`)")
    return folder.resolve()


def default_cache() -> Path:
    """Where the pinned wheels are downloaded once: build/lite-cache in the repository, else
    the user's cache folder."""
    if CHECKOUT:
        return ROOT / "build" / "lite-cache"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "witchtable" / "site"


PINS = HERE / "pyodide-wheels.txt"
"""The wheels the site ships, pinned with their hashes."""


def pinned_wheels(pins_file: Path = PINS) -> dict[str, tuple[str, str]]:
    """A pins file (pyodide-wheels.txt) as {canonical name: (version, sha256)}."""
    pins = {}
    for line in pins_file.read_text().splitlines():
        spec = line.split("#")[0].strip()
        if spec:
            requirement, _, digest = spec.partition("--hash=sha256:")
            name, version = requirement.strip().split("==")
            pins[canonical(name)] = (version, digest.strip())
    return pins


def fetch_wheels(cache: Path, pins_file: Path = PINS) -> list[Path]:
    """The wheels ``pins_file`` pins, downloaded once (by pip, hash-checked) into ``cache``."""
    pins = pinned_wheels(pins_file)

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
        proc = subprocess.run([sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "-q",
                               "--no-deps", "--require-hashes", "-r", str(pins_file),
                               "--python-version", "3.14", "--platform", "any", "--implementation", "py",
                               "--only-binary=:all:", "-d", str(cache)], capture_output=True, text=True)
        if proc.returncode:
            fail(f"pip could not download the wheels {pins_file.name} pins into {cache} (the first "
                 f"build needs PyPI; later ones use that cache):\n{proc.stderr[-2000:]}")
        have = cached()
    missing = set(pins) - set(have)
    if missing:
        fail(f"pip did not download (with the pinned hash): {', '.join(sorted(missing))}")
    return [have[name] for name in sorted(pins)]


def kernel_wheels() -> list[Path]:
    """The Pyodide kernel's own wheels (:data:`KERNEL_WHEELS`), found where it is installed, to ship."""
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


INSPECT = """
import json, sys
from witchtable.engine.games import catalogue
found, errors = [], []
for path in sys.argv[1:]:
    from witchtable.variants import VariantError, load_variant
    try:
        found.append(load_variant(path).to_json())
    except VariantError as err:
        errors.append(str(err))
print(json.dumps({"catalogue": catalogue(), "variants": found, "errors": errors}))
"""


def inspect_wheel(wheel: Path, variant_files: list[Path]) -> dict:
    """The games the wheel registers (the engine's :func:`~witchtable.engine.games.catalogue`)
    and the variant files as its own :mod:`witchtable.variants` reads them, by importing the
    wheel in a subprocess (the build environment need not have witchtable installed)."""
    env = dict(os.environ, PYTHONPATH=str(wheel))
    proc = subprocess.run([sys.executable, "-c", INSPECT, *map(str, variant_files)],
                          capture_output=True, text=True, env=env)
    if proc.returncode:
        fail(f"could not read the games from {wheel.name}:\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout)


def visible_files(folder: Path) -> list[Path]:
    """The files under ``folder``, less hidden ones and caches, in order."""
    return [p for p in sorted(folder.rglob("*")) if p.is_file() and not any(
        part.startswith(".") or part == "__pycache__" for part in p.relative_to(folder).parts)]


def check_notebook(path: Path, shown: str) -> None:
    """Refuse a file named .ipynb that JupyterLite could not open."""
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        refuse(f"the notebook {shown} is not UTF-8 text")
    except ValueError as err:
        refuse(f"the notebook {shown} is not valid JSON ({err}); open it in Jupyter and save it again")
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list) \
            or notebook.get("nbformat") != 4:
        refuse(f"the notebook {shown} is JSON but not a Jupyter notebook of format 4 "
               "(no 'cells' list or 'nbformat': 4)")


def check_folder(option: str, given: str) -> Path:
    """The folder an option names, resolved, or a refusal saying it is missing or not a folder."""
    folder = Path(given)
    if not folder.is_dir():
        refuse(f"{option} {given}: {'not a folder' if folder.exists() else 'no such folder'}")
    return folder.resolve()


def check_out(out: Path, inputs: list[Path]) -> None:
    """The output folder: new, empty, or an earlier site (which the build replaces)."""
    if out.exists() and not out.is_dir():
        refuse(f"--out {out} is a file; give a folder (new, empty, or an earlier site)")
    for folder in inputs:
        if out == folder or folder in out.parents or out in folder.parents:
            refuse(f"--out {out} and {folder} overlap: the site is built in a folder of its own, "
                   "outside the notebooks and variants")
    if out.is_dir() and any(out.iterdir()) and not is_site(out):
        refuse(f"--out {out} is not empty and not an earlier witchtable site (no site-manifest.json): "
               "the build replaces the folder's contents, so give a new or empty folder")


def is_site(folder: Path) -> bool:
    """Whether a folder holds a witchtable site (its manifest): the only full folder a build replaces."""
    try:
        return "witchtable_wheel" in json.loads((folder / "site-manifest.json").read_text())
    except (OSError, ValueError, TypeError):
        return False


def choose_games(catalogue: dict, given: str | None) -> list[dict]:
    """The games --games asks for (all when none), or a refusal listing the known ids."""
    games = catalogue["games"]
    if not given:
        return games
    known = [g["id"] for g in games]
    asked = list(dict.fromkeys(g.strip() for g in given.split(",") if g.strip()))
    unknown = [g for g in asked if g not in known]
    if unknown or not asked:
        refuse(f"--games: unknown game {', '.join(map(repr, unknown)) or 'list (empty)'}; "
               f"the games are: {', '.join(known)}")
    return [g for g in games if g["id"] in asked]


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
    """``$SOURCE_DATE_EPOCH``, else the last commit's time in a checkout: the build stamps it
    on every file date it writes (an installed package's build keeps the files' own dates)."""
    if os.environ.get("SOURCE_DATE_EPOCH", "").isdigit():
        return int(os.environ["SOURCE_DATE_EPOCH"])
    if not CHECKOUT or shutil.which("git") is None:
        return None
    proc = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True)
    return int(proc.stdout.strip()) if proc.returncode == 0 and proc.stdout.strip().isdigit() else None


def stage_lite(stage: Path, wheels: list[Path], files_in: list[tuple[Path, str]], epoch: int | None,
               pyodide: Path, preload: tuple[str, ...] = PRELOAD) -> list[str]:
    """Lay out the JupyterLite input folder; returns the notebooks' paths (in files/).

    ``files_in`` is every (file, path in the site's files) to ship; notebooks are made
    to open on the Pyodide kernel. ``preload=()`` stages a stock kernel (the benchmark's
    anchor, lite/bench_anchor.py): it installs its own packages at start with micropip
    and piplite, as JupyterLite does by default."""
    if stage.exists():
        shutil.rmtree(stage)  # also drops .jupyterlite.doit.db and .cache from a failed build
    pyodide_dir = stage / "static" / "pyodide"
    pyodide_dir.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, pyodide_dir / name)
    for wheel in wheels:
        shutil.copy2(wheel, pyodide_dir / wheel.name)
    packages = write_lock(pyodide / "pyodide-lock.json", [pyodide_dir / w.name for w in wheels],
                          pyodide_dir / "pyodide-lock.json")
    absent = [p for p in preload if p not in packages]
    if absent:
        fail(f"the lock lacks packages the kernel preloads: {absent}")
    files = stage / "files"
    files.mkdir()
    notebooks = []
    for path, rel in files_in:
        target = files / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".ipynb":
            target.write_text(for_lite(path))
            notebooks.append(rel)
        else:
            shutil.copy2(path, target)
        if epoch is not None:  # the contents listing shows file dates: make them repeatable
            os.utime(target, (epoch, epoch))
    kernel: dict = {"disablePyPIFallback": True}
    if preload:
        kernel["loadPyodideOptions"] = {"packages": list(preload)}
    (stage / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "witchtable",
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel},
            # (JupyterLite has no terminals; off, nothing can ask for xterm.js: unused_chunks)
            "disabledExtensions": ["@jupyterlab/terminal-extension"],
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
    """Run `jupyter lite build` on the staged folder, its log kept and quoted when it fails."""
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


FAVICON_PX = 48
"""The largest favicon image kept: a tab, a bookmark or a task bar shows 16 to 48 px."""


UNUSED_LOADERS = {
    "xterm.js": re.compile(r"Promise\.all\(\[([^\]]{0,800})\]\);\w+=\w+\.Terminal,\w+=\w+\.FitAddon"),
    "ELK": re.compile(r"Promise\.all\(\[([^\]]{0,400})\]\)\.then\([^)]*\)\),"
                      r"\"loader\"\),\w+=\[\{name:\"elk\""),
}
"""JupyterLab's code that loads, when first asked for, a feature this site never uses:
the terminal's xterm.js and its add-ons (JupyterLite has no terminals, and the site turns
the terminal extension off), and ELK, the layout engine of a Mermaid diagram that asks
for ``layout: elk`` (Mermaid's own layouts stay; such a diagram shows Mermaid's error).
Each pattern captures the chunks its loader fetches; together 1.9 MB, which the play
pages' memory snapshot needs."""


CHUNK_LOAD = re.compile(r"\.e\((\d+)\)")
"""How JupyterLab's bundled code asks for a chunk (``__webpack_require__.e(<id>)``, minified)."""


def unused_chunks(build: Path) -> int:
    """Remove the chunks that only the :data:`UNUSED_LOADERS` fetch (a chunk another piece
    of code also asks for stays); returns the bytes saved. The build fails if a loader is
    no longer found (a new JupyterLab: look at its code again)."""
    code = {path: path.read_text(errors="replace") for path in sorted(build.glob("*.js"))}
    asked = Counter(chunk for text in code.values() for chunk in CHUNK_LOAD.findall(text))
    removed = 0
    for feature, loader in UNUSED_LOADERS.items():
        found = [m for text in code.values() for m in loader.finditer(text)]
        if len(found) != 1:
            fail(f"{build}: JupyterLab's loader of {feature} was found {len(found)} times, not once; "
                 "look again at UNUSED_LOADERS for this JupyterLite")
        chunks = CHUNK_LOAD.findall(found[0].group(1))
        only_here = [c for c in chunks if asked[c] == chunks.count(c)]
        if not only_here:
            fail(f"{build}: every chunk of {feature} is also asked for elsewhere; "
                 "look again at UNUSED_LOADERS")
        for chunk in only_here:
            for path in build.glob(f"{chunk}.*.js"):
                removed += path.stat().st_size
                path.unlink()
    return removed


def trim(lite: Path) -> int:
    """Remove what no browser that runs the site loads; returns the bytes saved."""
    removed = unused_chunks(lite / "build")
    for pattern in LEGACY_FONTS:
        for path in (lite / "build").glob(pattern):
            removed += path.stat().st_size
            path.unlink()
    for path in sorted(lite.glob("*/favicon.ico")):
        removed += small_favicon(path)
    return removed + schema_copies(lite / "build" / "schemas") + trim_wheels(lite / "static" / "pyodide")


SERVICE_WORKER_PROXY = "shouldDrop(t,a)||(n=maybeFromCache(e))"
"""In JupyterLite's service worker, the call that answers every other same-origin GET
(the wasm, the standard library, the wheels, the JavaScript) by fetching it itself."""
SERVICE_WORKER_PASS = "!enableCache||" + SERVICE_WORKER_PROXY


def pass_through_service_worker(lite: Path) -> int:
    """Let the service worker answer only what needs it: the kernel's reads of the
    notebooks' folder (``/api/drive``), ``input()`` (``/api/stdin``) and its heartbeat.

    With its cache off (JupyterLite's default, and this site's), the stock worker answers
    every other GET by fetching it again itself, which gives the page the same bytes
    later: on a cold start the kernel's 25 MB pass through it. Declining those requests
    leaves them to the browser, unchanged in what they return; with the cache turned on
    (``enableServiceWorkerCache``) the worker behaves as shipped. Returns the number of
    files changed; the build fails if JupyterLite's worker no longer has that call."""
    workers = sorted(lite.glob("**/service-worker.js"))
    if not workers:
        fail(f"{lite} has no service-worker.js: JupyterLite ships one, look at pass_through_service_worker")
    changed = 0
    for path in workers:
        text = path.read_text()
        if SERVICE_WORKER_PASS in text:
            continue
        if text.count(SERVICE_WORKER_PROXY) != 1:
            fail(f"{path} no longer has exactly one {SERVICE_WORKER_PROXY!r}: JupyterLite's service worker "
                 "changed; look again at pass_through_service_worker for this version")
        path.write_text(text.replace(SERVICE_WORKER_PROXY, SERVICE_WORKER_PASS))
        changed += 1
    return changed


IPYTHON_TERMINAL_EAGER = "from .terminal.embed import embed\n"
"""In IPython's ``__init__``: the import that loads its terminal shell (prompt_toolkit,
wcwidth, xml and IPython's own terminal modules: 163 in all) whenever anything of IPython
is imported."""
IPYTHON_TERMINAL_LAZY = '''def __getattr__(name):
    # witchtable's site (lite/build.py, lazy_ipython_terminal): the terminal shell loads
    # when IPython.embed is first asked for, not with every import of IPython
    if name == "embed":
        from .terminal.embed import embed
        return embed
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
'''


def lazy_ipython_terminal(folder: Path) -> bool:
    """Make ``IPython.embed`` load IPython's terminal shell when it is first used.

    IPython's ``__init__`` imports ``IPython.terminal.embed``, which imports prompt_toolkit:
    163 of the kernel's 903 start-up modules, for a terminal a browser kernel never has.
    The shipped wheel's ``__init__`` gets a module ``__getattr__`` instead (PEP 562), so
    ``IPython.embed`` and ``from IPython import embed`` still give the same function, loaded
    on first use. Returns whether the wheel was changed (False: already lazy); the build
    fails if IPython's ``__init__`` no longer has that import."""
    return patch_wheel(folder, "IPython", "IPython/__init__.py", IPYTHON_TERMINAL_EAGER,
                       IPYTHON_TERMINAL_LAZY, "lazy_ipython_terminal")


def patch_wheel(folder: Path, name: str, member: str, old: str, new: str, step: str) -> bool:
    """Replace the one ``old`` in ``member`` of the one ``name`` wheel in ``folder`` by ``new``
    (its RECORD line follows); False if it has ``new`` already. The build fails if there is
    not exactly one such wheel, or one ``old`` in it (a new version: look again at ``step``)."""
    wheels = sorted(folder.glob(f"{name.lower()}-*.whl"))
    if len(wheels) != 1:
        fail(f"{folder} has {len(wheels)} {name} wheels, not one: look at {step}")
    with zipfile.ZipFile(wheels[0]) as whl:
        source = whl.read(member).decode()
    if new in source:
        return False
    if source.count(old) != 1:
        fail(f"{wheels[0].name}'s {member} no longer has exactly one {old.strip()!r}: "
             f"{name} changed; look again at {step} for this version")
    replace_member(wheels[0], member, source.replace(old, new).encode())
    return True


KERNEL_JEDI_ON = "self.Completer.use_jedi = True\n"
"""In jupyterlite-pyodide-kernel's ``Interpreter``: completion through jedi, always."""
KERNEL_JEDI_OFF = ("self.Completer.use_jedi = False  "
                   "# witchtable's site ships no jedi (lite/build.py, completion_without_jedi)\n")


KERNEL_INSTALLS = '["ipykernel","comm","pyodide-kernel","jedi","ipython"]'
"""In the kernel's worker scripts: what it installs at start unless the site preloads it."""
KERNEL_INSTALLS_NO_JEDI = '["ipykernel","comm","pyodide-kernel","ipython"]'


def kernel_installs_no_jedi(extension: Path) -> int:
    """Take jedi out of the kernel workers' list of start-up installs (the site ships none:
    :func:`completion_without_jedi`); returns the files changed. The build fails if no
    worker script has the list (a new kernel: look again)."""
    changed, found = 0, 0
    for path in sorted(extension.glob("static/*.js")):
        text = path.read_text()
        found += text.count(KERNEL_INSTALLS) + text.count(KERNEL_INSTALLS_NO_JEDI)
        if KERNEL_INSTALLS in text:
            path.write_text(text.replace(KERNEL_INSTALLS, KERNEL_INSTALLS_NO_JEDI))
            changed += 1
    if not found:
        fail(f"{extension}: no worker script lists {KERNEL_INSTALLS}: the kernel changed; "
             "look again at kernel_installs_no_jedi for this version")
    return changed


def completion_without_jedi(folder: Path) -> bool:
    """Have the kernel complete with IPython's own completer: the site ships no jedi.

    jedi and parso were 1.7 MB of the site, and importing them 98 of the kernel's start-up
    modules (IPython imports jedi whenever it is installed), which the play pages' memory
    snapshot needs more. IPython's own completer still completes names, attributes (it
    evaluates what is before the dot, where that is safe), imports, dictionary keys, paths
    and magics; what jedi adds is inferring the type of a call's result. The kernel turns
    jedi on unconditionally, so its wheel gets ``use_jedi = False``. Returns whether the
    wheel was changed; the build fails if the kernel no longer has that line."""
    return patch_wheel(folder, "pyodide_kernel", "pyodide_kernel/interpreter.py", KERNEL_JEDI_ON,
                       KERNEL_JEDI_OFF, "completion_without_jedi")


def replace_member(wheel: Path, member: str, data: bytes) -> None:
    """Rewrite ``wheel`` with ``member``'s contents replaced by ``data`` and its RECORD line
    following; every other entry keeps its bytes, order and date."""
    temp = wheel.with_suffix(".whl.tmp")
    with zipfile.ZipFile(wheel) as old, \
            zipfile.ZipFile(temp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as new:
        for info in old.infolist():
            content = data if info.filename == member else old.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                lines = [record_line(member, data) if line.split(",")[0] == member else line
                         for line in content.decode().splitlines()]
                content = ("\n".join(lines) + "\n").encode()
            new.writestr(clone(info, info.filename), content)
    temp.replace(wheel)


def schema_copies(schemas: Path) -> int:
    """Remove the settings schemas' one-file-per-plugin copies: JupyterLite's settings
    service reads only ``all.json`` and ``all_federated.json`` (which hold every schema),
    the folders are for a Jupyter server; returns the bytes saved. Refused (nothing
    removed) if a plugin's schema is missing from ``all.json``."""
    listed = {entry["id"] for entry in json.loads((schemas / "all.json").read_text())}
    copies = sorted(schemas.glob("*/*/*.json"))
    ids = {f"{p.parent.parent.name}/{p.parent.name}:{p.stem}" for p in copies}
    if ids - listed:
        fail(f"{schemas}/all.json lacks {sorted(ids - listed)[:3]}: JupyterLite keeps settings otherwise now")
    removed = 0
    for folder in sorted({p.parent.parent for p in copies}):
        removed += folder_size(folder)
        shutil.rmtree(folder)
    return removed


def small_favicon(path: Path) -> int:
    """Keep only the icon's images of at most :data:`FAVICON_PX` (JupyterLab's own favicon
    carries ten, up to 256 px, in 0.3 MB); returns the bytes saved."""
    data = path.read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    if reserved or kind != 1 or len(data) < 6 + 16 * count:
        return 0  # not an icon file: leave it
    entries = [struct.unpack_from("<BBBBHHII", data, 6 + 16 * i) for i in range(count)]
    keep = [e for e in entries if 0 < e[0] <= FAVICON_PX and 0 < e[1] <= FAVICON_PX]
    if not keep or len(keep) == count:
        return 0
    offset, head, body = 6 + 16 * len(keep), [struct.pack("<HHH", 0, 1, len(keep))], []
    for width, height, colours, zero, planes, bits, size, start in keep:
        head.append(struct.pack("<BBBBHHII", width, height, colours, zero, planes, bits, size, offset))
        body.append(data[start:start + size])
        offset += size
    new = b"".join(head + body)
    path.write_bytes(new)
    return len(data) - len(new)


UNUSED_IN_WHEELS = (
    "*.data/data/share/*",
    "*/labextension/*",
    "*/nbextension/*",
    "*/tests/*",
)
"""Files of the shipped wheels that nothing in the browser reads, left out of the site:
a wheel's data for a Jupyter server's install (its copies of the front-end extensions,
which JupyterLite ships built in lite/extensions, and manual pages), the same front-end
bundles inside a package, and packages' own test suites. Pyodide unpacks a wheel into
site-packages whole, so these would be downloaded and written on every start; their
room goes to start-up bytecode."""


def trim_wheels(folder: Path) -> int:
    """Rewrite each shipped wheel without :data:`UNUSED_IN_WHEELS` (and their RECORD lines),
    entries in their order and with their dates; returns the bytes saved."""
    saved = 0
    for wheel in sorted(folder.glob("*.whl")):
        with zipfile.ZipFile(wheel) as old:
            names = old.namelist()
            drop = {n for n in names if any(fnmatch.fnmatchcase(n, p) for p in UNUSED_IN_WHEELS)}
            if not drop:
                continue
            before = wheel.stat().st_size
            temp = wheel.with_suffix(".whl.tmp")
            with zipfile.ZipFile(temp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as new:
                for info in old.infolist():
                    if info.filename in drop:
                        continue
                    data = old.read(info)
                    if info.filename.endswith(".dist-info/RECORD"):
                        lines = data.decode().splitlines()
                        data = ("\n".join(line for line in lines if line.split(",")[0] not in drop)
                                + "\n").encode()
                    entry = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                    entry.external_attr, entry.create_system = info.external_attr, info.create_system
                    entry.compress_type = zipfile.ZIP_DEFLATED
                    new.writestr(entry, data)
        temp.replace(wheel)
        saved += before - wheel.stat().st_size
    return saved


def folder_size(path: Path) -> int:
    """The bytes under a folder, for the size report and the size limit."""
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def size_report(out: Path) -> dict:
    """Bytes per part of the site, and the largest single files."""
    snapshot = out / "play" / "assets" / SNAPSHOT
    snapshot_size = snapshot.stat().st_size if snapshot.is_file() else 0
    parts = {
        "jupyterlite (JupyterLab apps and extensions)": folder_size(out / "lite")
        - folder_size(out / "lite" / "static" / "pyodide"),
        "pyodide runtime": sum((out / "lite/static/pyodide" / n).stat().st_size for n in PYODIDE_FILES),
        "wheels": sum(p.stat().st_size for p in (out / "lite/static/pyodide").glob("*.whl")),
        "play pages' Python (the memory snapshot)": snapshot_size,
        "play pages and landing page": folder_size(out) - folder_size(out / "lite") - snapshot_size,
    }
    files = sorted((p for p in out.rglob("*") if p.is_file()), key=lambda p: -p.stat().st_size)
    return {"total": folder_size(out), "parts": parts,
            "largest": {str(p.relative_to(out)): p.stat().st_size for p in files[:15]}}


def mb(n: int) -> str:
    """Bytes as megabytes for the build's report."""
    return f"{n / 1e6:.1f} MB"


def add_build_arguments(parser: argparse.ArgumentParser, out_default: str | None = None) -> None:
    """The build's options: one list for ``python -m witchtable site build`` and lite/build.py."""
    parser.add_argument("--out", required=out_default is None, default=out_default, metavar="DIR",
                        help="the folder to build into: new, empty, or an earlier site (replaced)"
                        + (f" (default {out_default})" if out_default else ""))
    parser.add_argument("--notebooks", metavar="FOLDER",
                        help="your notebooks (and the files they read), shipped instead of the "
                             "project's examples; every .ipynb must be a valid notebook")
    parser.add_argument("--with-examples", action="store_true",
                        help="with --notebooks: ship the project's example notebooks too, in examples/")
    parser.add_argument("--games", metavar="ID,ID",
                        help="only these games' play pages (default: every game the package registers)")
    parser.add_argument("--variants", metavar="FOLDER",
                        help="house variant files (*.json, see witchtable.variants): listed on the "
                             "landing page, opened by play/<game>/?variant=<name>")
    parser.add_argument("--wheel", metavar="FILE",
                        help="the witchtable wheel to ship (default: the installed package; in the "
                             "repository, the newest dist/*.whl)")
    parser.add_argument("--pyodide", metavar="FOLDER",
                        help=f"npm's Pyodide {PYODIDE_VERSION} (default: $WITCHTABLE_PYODIDE, else "
                             "node_modules/pyodide)")
    parser.add_argument("--cache", metavar="DIR", help=f"download cache (default {default_cache()})")


def plan_files(args: argparse.Namespace, games: list[dict], variants: list[dict],
               variant_files: dict[str, Path]) -> list[tuple[Path, str]]:
    """Every (file, path in the notebooks' files) to ship, checked: notebooks must open."""
    ids = [g["id"] for g in games]
    if args.notebooks:
        folder = Path(args.notebooks).resolve()
        plan = [(p, p.relative_to(folder).as_posix()) for p in visible_files(folder)]
        if args.with_examples:
            if any(rel.split("/")[0] == "examples" for _, rel in plan):
                refuse(f"--with-examples puts the examples in examples/, but {folder} has an examples "
                       "entry of its own: rename it, or leave out --with-examples")
            plan += [(p, f"examples/{p.relative_to(EXAMPLES).as_posix()}") for p in visible_files(EXAMPLES)]
    else:
        plan = [(p, p.relative_to(EXAMPLES).as_posix()) for p in visible_files(EXAMPLES)]
        if args.games:  # the project's examples of the games chosen only
            plan = [(p, rel) for p, rel in plan if p.suffix != ".ipynb"
                    or any(gid in p.stem for gid in ids)]
    for path, rel in plan:
        if path.suffix == ".ipynb":
            check_notebook(path, rel)
    taken = {rel for _, rel in plan}
    for variant in variants:  # beside the notebooks too: play(variant="variants/<name>.json")
        rel = f"{VARIANTS_DIR}/{variant['name']}.json"
        if rel in taken:
            refuse(f"the notebooks folder already has {rel}; the variants go there: rename it")
        plan.append((variant_files[variant["name"]], rel))
    return plan


def build_site(args: argparse.Namespace) -> dict:
    """Check everything asked, then build the site beside ``--out`` and move it into place."""
    started = time.monotonic()
    out = Path(args.out).resolve()
    variant_paths = _check_arguments(args, out)
    work = Path(tempfile.mkdtemp(prefix="witchtable-site-"))
    partial = out.parent / f".{out.name}.building"
    keep_work = False
    try:
        # First what the teacher asked (no build environment needed to say it is wrong) ...
        wheel, games, variants, files_in = _what_was_asked(args, work, variant_paths)
        # ... then what the build needs here.
        check_environment()
        pyodide, wheel, wheels, notebooks, trimmed = _lite_site(args, work, partial, wheel, files_in)
        write_pages(partial, games=games, notebooks=notebooks, wheel=wheel,
                    pyodide="lite/static/pyodide/", variants=variants)
        bytecode, snapshot = _play_assets(partial, work, wheel, pyodide)
        sizes = size_report(partial)
        manifest = {"witchtable_wheel": wheel.name, "pyodide": PYODIDE_VERSION, "jupyterlite": LITE_VERSION,
                    "games": [g["id"] for g in games], "notebooks": notebooks,
                    "variants": [{k: v[k] for k in ("name", "game", "title")} for v in variants],
                    "wheels": sorted(w.name for w in wheels), "bytecode": bytecode, "snapshot": snapshot,
                    "size_bytes": sizes,
                    "build_seconds": round(time.monotonic() - started, 1)}
        (partial / "site-manifest.json").write_text(json.dumps(manifest, indent=2))
        if out.exists():
            shutil.rmtree(out)
        partial.rename(out)
    except BuildError as err:
        keep_work = not isinstance(err, UsageError)  # (a failed step's log is in it)
        raise
    finally:
        if partial.exists():
            shutil.rmtree(partial, ignore_errors=True)
        if not keep_work:
            shutil.rmtree(work, ignore_errors=True)
    _report(out, manifest, trimmed)
    return manifest


def _check_arguments(args: argparse.Namespace, out: Path) -> list[Path]:
    """The variant files asked for, after refusing the command line's own mistakes (before
    anything is looked for: a misuse is said first)."""
    if args.with_examples and not args.notebooks:
        refuse("--with-examples goes with --notebooks (without it the examples are the notebooks)")
    notebooks_dir = check_folder("--notebooks", args.notebooks) if args.notebooks else None
    variants_dir = check_folder("--variants", args.variants) if args.variants else None
    check_out(out, [f for f in (notebooks_dir, variants_dir) if f])
    variant_paths = [p for p in visible_files(variants_dir) if p.suffix == ".json"] if variants_dir else []
    if variants_dir and not variant_paths:
        refuse(f"--variants {args.variants}: no *.json variant files there")
    return variant_paths


def _what_was_asked(args: argparse.Namespace, work: Path,
                    variant_paths: list[Path]) -> tuple[Path, list, list, list]:
    """The wheel, games, variants and files to ship, each checked against the others, so a
    teacher's mistake is refused before the build environment is even looked at."""
    wheel = find_wheel(args.wheel, work)
    found = inspect_wheel(wheel, variant_paths)
    if found["errors"]:
        refuse("damaged variant files (nothing was built):\n  " + "\n  ".join(found["errors"]))
    games = choose_games(found["catalogue"], args.games)
    variants = found["variants"]
    names = [v["name"] for v in variants]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        refuse(f"two variant files have the same name: {', '.join(twice)} (each name is an address)")
    variant_files = dict(zip(names, variant_paths, strict=True))
    for variant, path in zip(variants, variant_paths, strict=True):
        if variant["game"] not in [g["id"] for g in games]:
            refuse(f"the variant {path.name} is for {variant['game']}, which --games leaves out")
    return wheel, games, variants, plan_files(args, games, variants, variant_files)


def _lite_site(args: argparse.Namespace, work: Path, partial: Path, wheel: Path,
               files_in: list) -> tuple[Path, Path, list, list, int]:
    """JupyterLite built into ``partial/lite`` from the staged wheels and files, trimmed and
    patched to run offline; returns what later steps need (Pyodide's folder, the shipped
    wheel, every wheel, the notebooks, the bytes trimmed)."""
    pyodide = npm_pyodide(args.pyodide)
    cache = Path(args.cache).resolve() if args.cache else default_cache()
    wheel = without_builder(wheel, work)
    wheels = [*fetch_wheels(cache / "wheels"), *kernel_wheels(), wheel]
    epoch = source_date_epoch()
    stage = work / "stage"
    notebooks = stage_lite(stage, wheels, files_in, epoch, pyodide)
    if partial.exists():
        shutil.rmtree(partial)  # a build stopped midway: its own folder, never the site
    partial.parent.mkdir(parents=True, exist_ok=True)
    build_lite(stage, partial / "lite", epoch)
    trimmed = trim(partial / "lite")
    pass_through_service_worker(partial / "lite")
    lazy_ipython_terminal(partial / "lite" / "static" / "pyodide")
    completion_without_jedi(partial / "lite" / "static" / "pyodide")
    kernel_installs_no_jedi(partial / "lite" / "extensions" / "@jupyterlite" / "pyodide-kernel-extension")
    return pyodide, wheel, wheels, notebooks, trimmed


def _play_assets(partial: Path, work: Path, wheel: Path, pyodide: Path) -> tuple[dict, dict]:
    """Start-up bytecode (within the size limit) and the play pages' memory snapshot, so the
    pages start fast; the lock file is rewritten for the wheels' new hashes."""
    shipped = partial / "lite" / "static" / "pyodide"
    modules = compile_startup(shipped, wheel.name, PRELOAD, work / "bytecode")
    with tempfile.TemporaryDirectory() as whole:  # (with all its bytecode: no compiling's leftovers)
        shutil.copytree(shipped, Path(whole) / "pyodide")
        ship_bytecode(Path(whole) / "pyodide", modules, work / "bytecode", budget=SIZE_LIMIT)
        snapshot = make_snapshot(Path(whole) / "pyodide", wheel.name,
                                 partial / "play" / "assets" / SNAPSHOT)
    bytecode = ship_bytecode(shipped, modules, work / "bytecode",
                             SIZE_LIMIT - MANIFEST_RESERVE - folder_size(partial))
    write_lock(pyodide / "pyodide-lock.json", sorted(shipped.glob("*.whl")),
               shipped / "pyodide-lock.json")  # (the wheels with bytecode have new hashes)
    return bytecode, snapshot


def _report(out: Path, manifest: dict, trimmed: int) -> None:
    """Tell the teacher what was built where: sizes by part, what was left out and why."""
    sizes, bytecode, snapshot = manifest["size_bytes"], manifest["bytecode"], manifest["snapshot"]
    print(f"Built the witchtable site in {out} ({manifest['build_seconds']:.0f} s): {mb(sizes['total'])}")
    for name, size in sizes["parts"].items():
        print(f"  {mb(size):>9}  {name}")
    print(f"  (left out {mb(trimmed)} no browser that runs the site loads: legacy font formats, large "
          "favicon images, settings schemas' per-plugin copies, wheel files for a Jupyter server, "
          "test suites, and the chunks of two JupyterLab features the site never uses: xterm.js, ELK)")
    for route, counts in bytecode["routes"].items():
        print(f"  bytecode, {route}: {counts['with_bytecode']} of {counts['modules']} start-up modules "
              f"({counts['left_out_for_size']} left as source only, for the size limit)")
    print(f"  play pages' snapshot: {snapshot['modules']} modules, a {mb(snapshot['memory'])} memory image "
          f"in {mb(snapshot['bytes'])}")
    variants = manifest["variants"]
    print(f"  games: {', '.join(manifest['games'])}; notebooks: {', '.join(manifest['notebooks']) or 'none'}"
          + (f"; variants: {', '.join(v['name'] for v in variants)}" if variants else ""))


def main(argv: list | None = None) -> int:
    """lite/build.py, as ``make site`` runs it (``python -m witchtable site build`` is the same build)."""
    parser = argparse.ArgumentParser(prog="lite/build.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_build_arguments(parser, out_default=str(ROOT / "build" / "site"))
    args = parser.parse_args(argv)
    try:
        build_site(args)
    except UsageError as err:
        parser.error(str(err))
    except BuildError as err:
        sys.stderr.write(f"{parser.prog}: {err}\n")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
