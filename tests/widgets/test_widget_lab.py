"""The simulation lab plays exactly the games engine.sim.simulate plays, a chunk at a time."""

from __future__ import annotations

import pytest

from witchtable.engine.sim import simulate
from witchtable.widgets import LabController


def test_lab_agrees_with_simulate():
    lab = LabController("witching-hour", players=3, games=12, bots="random", seed=5, chunk=5)
    state = lab.state()
    steps = 0
    while state["auto"]:
        state = lab.handle(state["auto"]["message"])
        steps += 1
    assert steps == 3
    expected = simulate("witching-hour", 3, 12, seed=5, bots="random")
    bars = state["scene"]["bars"]["items"]
    assert [b["value"] for b in bars] == pytest.approx(expected["win_rate"])
    assert lab.lengths and sum(lab.lengths) / 12 == pytest.approx(expected["length"]["mean"])
    means = [float(r["cells"][0]["text"]) for r in state["scene"]["tables"][0]["rows"]]
    assert means == pytest.approx([round(s["mean"], 1) for s in expected["scores"]], abs=0.051)


def test_lab_messages():
    lab = LabController("witching-hour", players=2, games=6, seed=1, chunk=2)
    lab.handle({"kind": "advance", "move": 0})
    assert lab.done == 2
    kept = lab.handle({"kind": "advance", "move": 0})  # a second view's timer: ignored
    assert lab.done == 2 and kept["notice"] is None
    assert "remaining 4 games" in lab.handle({"kind": "skip"})["notice"]["text"]
    assert lab.handle({"kind": "advance"})["notice"]["text"] == "All the games have been played."
    state = lab.handle({"kind": "new"})
    assert lab.done == 0 and lab.seed == 7 and state["auto"]
    assert lab.handle({"kind": "fly"})["notice"]["level"] == "error"
    assert lab.handle("x")["notice"]["level"] == "error"


@pytest.mark.parametrize("kwargs", [{"games": 0}, {"chunk": 0}, {"bots": ["random"]}, {"seed": "1"},
                                    {"players": 7}])
def test_lab_setup_errors(kwargs):
    with pytest.raises(ValueError):
        LabController("witching-hour", **{"players": 3, **kwargs})
