"""The play pages' memory snapshot: their Python, started at build time.

A play page's worker spends most of its start in Python itself: the interpreter's own
start, unpacking the witchtable wheel and importing host.py (about 0.8 s of 1.5 in
Chromium). ``snapshot.mjs`` does all that once, under Node with the site's own Pyodide,
deals a table of every game, and saves the interpreter's memory with Pyodide's
``makeMemorySnapshot``; the worker restores it (``loadPyodide``'s ``_loadSnapshot``) and
starts cold only when that fails. The snapshot is bound to this Pyodide build and this
wheel, so every build makes it again; it is reproducible (randomness and clocks are
pinned while it is made). It is made before the bytecode is shipped: it holds no listing
of a zip or folder, so the zips may change after it.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
NAME = "python-snapshot.bin"
"""The snapshot's file, in the play pages' assets folder (play.js gives the worker its URL)."""


def make_snapshot(pyodide_dir: Path, wheel: str, out: Path) -> dict:
    """Run snapshot.mjs on ``pyodide_dir`` (the shipped Pyodide and ``wheel``) into ``out``;
    returns its report: the file's bytes, the memory image's, the modules it holds."""
    cmd = ["node", str(HERE / "snapshot.mjs"), "--pyodide", str(pyodide_dir), "--wheel", wheel,
           "--host", str(HERE / "site" / "host.py"), "--out", str(out)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode or not out.is_file():
        raise SystemExit(f"lite/build.py: making the play pages' snapshot failed:\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])
