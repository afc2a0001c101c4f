"""Type-check witchtable as it imports (`make typecheck`; settings in pyproject.toml [tool.mypy]).

The package's folders are not its import names (face/ is witchtable, lite/ is witchtable.site), so
mypy reads it through build/dev's symlinks (tools/devlink.py) and names files by those links; this
prints each error at its checkout file instead (engine/core.py, not build/dev/witchtable/engine/core.py),
so that editors and readers land on the file to change.

    .venv/bin/python tools/typecheck.py [mypy options]
"""

import os
import re
import sys
from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parent.parent
LINKED = re.compile(r"^build/dev/witchtable/[^:\s]+(?=:)", re.M)
"""A message's file, as mypy names it through build/dev's links (at the start of its line)."""


def checkout_paths(report: str, root: Path = ROOT) -> str:
    """mypy's report with each linked file named by the checkout file it links to."""
    return LINKED.sub(lambda m: str((root / m.group(0)).resolve().relative_to(root.resolve())), report)


def main(argv: list[str]) -> int:
    """Run mypy from the checkout's root (where its settings are) and print its report."""
    os.chdir(ROOT)
    if not (ROOT / "build" / "dev" / "witchtable" / "__init__.py").exists():
        sys.exit("build/dev/witchtable is missing: run `make dev` (tools/devlink.py) first")
    out, err, status = api.run(argv)
    sys.stdout.write(checkout_paths(out))
    sys.stderr.write(err)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
