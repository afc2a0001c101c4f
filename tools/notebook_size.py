"""Measure what a saved notebook of tables weighs, and whether its HTML export shows a board.

    PYTHONPATH=build/dev .venv/bin/python tools/notebook_size.py [--tables 20] [--out DIR]

Writes a notebook with ``--tables`` cells (play and explore tables of every game in
turn), executes it with nbclient keeping the widget state (as ``jupyter nbconvert
--execute`` does), saves it, exports it with nbconvert's HTML exporter (no network is
used: the export's widget scripts would come from a CDN, so offline only what is in the
page shows), and prints the sizes: the notebook, the largest widget model, the shared
assets model, and how many snapshots the HTML shows. The kernel imports witchtable from
the ``PYTHONPATH`` given to this script.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbconvert import HTMLExporter

from witchtable.engine import GAMES


def table_notebook(tables: int) -> nbformat.NotebookNode:
    """``tables`` code cells, each showing one table (play, then explore, of each registered
    game in registry order: a new game is measured with no list to edit)."""
    games = list(GAMES)
    cells = [nbformat.v4.new_code_cell("from witchtable import play, explore")]
    for i in range(tables):
        game = games[i % len(games)]
        call = "explore" if (i // len(games)) % 2 else "play"
        extra = ", autoplay=True" if call == "explore" else ", pace=0"
        cells.append(nbformat.v4.new_code_cell(f'{call}("{game}", seed={i + 1}{extra})'))
    return nbformat.v4.new_notebook(cells=cells)


def measure(tables: int, out: Path) -> dict:
    nb = table_notebook(tables)
    env_path = os.pathsep.join(
        str(Path(p).resolve()) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p
    )
    NotebookClient(
        nb,
        timeout=600,
        kernel_name="python3",
        store_widget_state=True,
        resources={"metadata": {"path": str(out)}},
    ).execute(env={**os.environ, "PYTHONPATH": env_path})
    path = out / "tables.ipynb"
    nbformat.write(nb, path)
    state = (
        nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    )
    sizes = {mid: len(json.dumps(model)) for mid, model in state.items()}
    tables_models = {mid: s for mid, s in sizes.items() if state[mid].get("model_name") == "AnyModel"}
    html, _resources = HTMLExporter().from_notebook_node(nb)
    (out / "tables.html").write_text(html, encoding="utf-8")
    return {
        "tables": tables,
        "notebook_bytes": path.stat().st_size,
        "models": len(state),
        "largest_table_model_bytes": max(tables_models.values(), default=0),
        "assets_model_bytes": max((s for mid, s in sizes.items() if mid not in tables_models), default=0),
        "html_bytes": len(html.encode("utf-8")),
        "html_snapshots": html.count('class="wt-snap"'),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--out", type=Path, default=None, help="where to keep tables.ipynb and tables.html")
    args = parser.parse_args(argv)
    out = args.out or Path(tempfile.mkdtemp(prefix="wt-nb-"))
    out.mkdir(parents=True, exist_ok=True)
    print(json.dumps({**measure(args.tables, out), "out": str(out)}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
