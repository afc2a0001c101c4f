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


def test_a_cooperative_lab_shows_the_team_rate_with_its_95_percent_interval():
    lab = LabController("disney-hocus-pocus", players=3, games=15, bots="heuristic", seed=2)
    state = lab.handle({"kind": "skip"})
    expected = simulate("disney-hocus-pocus", 3, 15, seed=2, bots="heuristic")["team"]
    (bar,) = state["scene"]["bars"]["items"]
    low, high = expected["interval"]
    assert bar["value"] == pytest.approx(expected["rate"])
    assert bar["text"] == f"{expected['rate']:.1%} [{low:.1%}, {high:.1%}]"


def test_lab_compares_player_counts_on_the_seeds_simulate_plays():
    """compare='players': one bar per player count (2-6), each what simulate reports for it."""
    lab = LabController("disney-hocus-pocus", players=3, games=8, bots="heuristic", seed=4, compare="players")
    state = lab.state()
    assert state["scene"]["progress"]["total"] == 8 * 5
    while state["auto"]:
        state = lab.handle(state["auto"]["message"])
    items = state["scene"]["bars"]["items"]
    assert [b["label"] for b in items] == [f"{n} players" for n in range(2, 7)]
    for n, bar in zip(range(2, 7), items, strict=True):
        team = simulate("disney-hocus-pocus", n, 8, seed=4, bots="heuristic")["team"]
        assert bar["value"] == pytest.approx(team["rate"]), n
    rows = state["scene"]["tables"][0]["rows"]
    assert [r["cells"][0]["text"] for r in rows] == ["8"] * 5


def test_lab_compares_the_spells_each_turned_off():
    """spell/house: spell_study() is every Spell, then each Spell turned off in turn (copies 0)."""
    from witchtable.engine.games.disney_hocus_pocus import HOUSE_SPELLS, spell_study

    study = spell_study()
    assert len(study) == 1 + len(HOUSE_SPELLS)
    lab = LabController("disney-hocus-pocus", players=3, games=4, bots="heuristic", seed=1, compare=study)
    state = lab.handle({"kind": "skip"})
    items = state["scene"]["bars"]["items"]
    assert [b["label"] for b in items] == list(study)
    off = study["without Take Flight"]["spells"]
    team = simulate("disney-hocus-pocus", 3, 4, seed=1, bots="heuristic", spells=off)["team"]
    assert items[list(study).index("without Take Flight")]["value"] == pytest.approx(team["rate"])


@pytest.mark.parametrize("compare", ["seats", {}, {"a": 3}, 7])
def test_lab_refuses_a_bad_comparison(compare):
    with pytest.raises(ValueError, match="compare"):
        LabController("disney-hocus-pocus", players=3, games=2, compare=compare)
