"""Every registered game's teaching notebook (``examples/<id>.ipynb``), checked once for all:

committed without outputs or widget state; every rule id its text names exists; and it
runs top to bottom in a fresh kernel without errors, showing a play table and the
explorer (two widgets, at least), a simulation's win rates and one of the game's rule
ids, then runs again after being saved and reopened (as JupyterLite reopens it).
"""

from __future__ import annotations

import re

import pytest
from game_files import notebook_of

from witchtable.engine import GAMES

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

WIDGET = "application/vnd.jupyter.widget-view+json"
GAME_IDS = list(GAMES)


def rule_ids_in(game_id: str, text: str) -> set[str]:
    return set(re.findall(rf"{re.escape(game_id)}/[a-z0-9-]+(?:/[a-z0-9-]+)*", text))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_notebook_is_committed_clean_and_names_real_rules(game_id):
    path = notebook_of(game_id)
    assert path.is_file(), f"{game_id} has no teaching notebook {path}"
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, "clear the outputs before committing"
    assert "widgets" not in nb.metadata, "no saved widget state in the committed file"
    named = rule_ids_in(game_id, "\n".join(c.source for c in nb.cells if c.cell_type == "markdown"))
    assert named, "the notebook's text names the rules it teaches by id"
    unknown = named - {r.id for r in GAMES[game_id].rules}
    assert not unknown, f"the notebook names unknown rule ids: {sorted(unknown)}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_notebook_runs_top_to_bottom_then_again_after_saving(game_id, tmp_path):
    nb = nbformat.read(notebook_of(game_id), as_version=4)
    for attempt in range(2):
        nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                                resources={"metadata": {"path": str(tmp_path)}}).execute()
        outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
        assert [o for o in outputs if o.output_type == "error"] == []
        widgets = [o for o in outputs if WIDGET in o.get("data", {})]  # a table (then its snapshot)
        assert len(widgets) >= 2, "a play cell and an explore cell each show a widget"
        text = "".join(o.get("text", "") for o in outputs)
        assert "win rate" in text.lower(), "the notebook shows a simulation's win rates"
        assert rule_ids_in(game_id, text), "the notebook's outputs show the rules by id"
        saved = tmp_path / f"saved-{attempt}.ipynb"
        nbformat.write(nb, saved)
        nb = nbformat.read(saved, as_version=4)
