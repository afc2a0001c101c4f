"""Lay out build/dev/witchtable/ as symlinks to this checkout's folders.

The wheel remaps engine/, widgets/ and lite/ (as witchtable.site) under the witchtable package, which editable
installs cannot do; with ``PYTHONPATH=build/dev`` Python imports the checkout directly.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "build" / "dev" / "witchtable"
PKG.mkdir(parents=True, exist_ok=True)
links = {p.name: p for p in (ROOT / "face").iterdir() if p.name != "__pycache__"}
links.update({"engine": ROOT / "engine", "widgets": ROOT / "widgets", "site": ROOT / "lite"})
for name, target in links.items():
    link = PKG / name
    if link.is_symlink() or link.exists():
        link.unlink()
    link.symlink_to(target)
print(f"linked {len(links)} entries into {PKG}")
