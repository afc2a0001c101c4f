"""examples/witching-hour.ipynb: committed without outputs, names real rule ids, and runs
top to bottom in a fresh kernel (twice, saved and reopened in between) without errors.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

from witchtable.engine import GAMES  # noqa: E402

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "witching-hour.ipynb"
WIDGET = "application/vnd.jupyter.widget-view+json"


def test_committed_without_outputs():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, "clear the outputs before committing"
    assert "widgets" not in nb.metadata, "no saved widget state in the committed file"


def test_rule_ids_named_in_the_text_exist():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    named = set(re.findall(r"`(witching-hour/[a-z-]+/[a-z-]+)`", text))
    assert len(named) >= 8
    rules = GAMES["witching-hour"].rules
    assert {rule for rule in named if rule not in rules} == set()


def test_runs_top_to_bottom_in_a_fresh_kernel_then_again_after_saving(tmp_path):
    nb = nbformat.read(NOTEBOOK, as_version=4)
    for attempt in range(2):
        nbclient.NotebookClient(nb, timeout=180, kernel_name="python3",
                                resources={"metadata": {"path": str(tmp_path)}}).execute()
        errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
        assert errors == []
        widgets = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
                   if o.output_type == "execute_result" and WIDGET in o.get("data", {})]
        assert len(widgets) == 2, "the play and explore cells each show a widget"
        text = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.outputs)
        assert "win rate" in text and "witching-hour/attack/same-type" in text
        saved = tmp_path / f"saved-{attempt}.ipynb"
        nbformat.write(nb, saved)
        nb = nbformat.read(saved, as_version=4)
