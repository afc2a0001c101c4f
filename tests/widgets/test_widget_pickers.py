"""Every card picker of every game checks a person's counts before it builds anything (issue 26.2).

A ``build`` message carries what a person picked: counts by name (``{"bell": 2}``) or names
in order. Once, Disney Hocus Pocus's discard picker built the list of picked cards first,
so ``{"blue:herb-thats-red": 10**8}`` took seconds and ``10**100`` all the memory. The
pickers are found by playing seeded bot games and reading each scene's ``picker`` and
ordered-grid pickers, so a new game's pickers are tested by registering.
"""

from __future__ import annotations

import json

import pytest

from witchtable.engine import GAMES
from witchtable.widgets import TableController

HUGE = (10 ** 100, 10 ** 8, 2 ** 63, -1, 1.0, True, "3", None)
"""Counts a hostile page may send: absurd, large, negative, of the wrong type."""


def pickers(game_id: str, limit: int = 400) -> dict[str, tuple]:
    """Each picker a seated person meets in some seeded bot game: id -> (table, names, kind)."""
    found: dict[str, tuple] = {}
    spec = GAMES[game_id]
    for seed in range(1, 6):
        table = TableController(game_id, players=spec.min_players + 1 if spec.max_players > 2 else 2,
                                seat=0, bots=spec.default_bot, seed=seed, pace=0, reveal_time=None)
        for _ in range(limit):
            game = table.game
            if game.is_over:
                break
            scene = table.state()["scene"]
            picker = scene.get("picker")
            if picker and picker["id"] not in found and 0 in game.to_act:
                names = sorted({n for combo in picker.get("combos", {}).values() for n in combo["picked"]})
                found[picker["id"]] = (_copy(table), names or ["x"], "counts")
            for zone in scene.get("table") or []:
                order = zone.get("order")
                if order and order["id"] not in found and 0 in game.to_act:
                    found[order["id"]] = (_copy(table), [c["kind"] for c in zone.get("cards", [])] or ["x"],
                                          "order")
            seat = game.to_act[0]
            action = table.bots[seat].choose(game.view(seat), game.legal_actions(seat)) \
                if table.bots[seat] is not None else _first(game, seat)
            game.apply(seat, action)
            table.clock = None
    return found


def _first(game, seat):
    return game.legal_actions(seat)[0]


def _copy(table: TableController) -> TableController:
    other = TableController(table.game.id, players=table.game.players, seat=0, bots="random",
                            seed=1, pace=0, reveal_time=None)
    other.game = table.game.clone()
    return other


def _state(table: TableController) -> str:
    return json.dumps([table.game.to_json(), table.state()["scene"]], sort_keys=True, default=str)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_picker_checks_counts_before_building_anything(game_id):
    found = pickers(game_id)
    if game_id in ("disney-hocus-pocus", "witching-hour"):
        assert found, "this game's person picks cards by count"
    for picker, (table, names, kind) in found.items():
        before = _state(table)
        move = table.game.move_number
        for count in HUGE:
            picked = {names[0]: count} if kind == "counts" else [names[0]] * 10_000
            state = table.handle({"kind": "build", "picker": picker, "picked": picked, "target": 1,
                                  "move": move})
            notice = state["notice"]
            assert notice["level"] == "error", (picker, count)
            assert notice["rule"] in (None, "core/action-format") or notice["rule"].endswith(
                ("/same-type", "/cannot", "/arrange", "/target"))
            assert len(notice["text"]) < 400
            assert _state(table) == before, f"{picker}: a refused pick changed the table"
        if kind == "counts":  # a name the seat does not hold is refused by name
            state = table.handle({"kind": "build", "picker": picker, "picked": {"no-such-card": 1},
                                  "target": 1, "move": move})
            assert state["notice"]["level"] == "error" and "no-such-card" in state["notice"]["text"]
