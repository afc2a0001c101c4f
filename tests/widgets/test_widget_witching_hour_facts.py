"""Witching Hour's presenter decides no rule (issue 28, item 4): it follows the engine's facts.

Each test replaces one engine fact with a value no rule would give and sees the presenter
follow it: a presenter that judged the case itself would not.
"""

from __future__ import annotations

import random

import pytest

from witchtable.engine import IllegalAction, new_game
from witchtable.widgets.presenters import witching_hour as wh
from witchtable.widgets.scene import Who

NAMES3 = ["Agnes", "Hazel", "Morgana"]


def test_compose_asks_the_engine_to_read_the_selection(monkeypatch):
    """witching-hour/attack/same-type, witching-hour/candle/one: the presenter refuses no
    selection itself; the engine's ``read_selection`` reads it (and refuses it by its rule)."""
    asked = []

    def engine(what, picked, target=None):
        asked.append((what, picked, target))
        raise IllegalAction("witching-hour/candle/one", "refused by the engine")

    monkeypatch.setattr(wh, "read_selection", engine)
    game = new_game("witching-hour", 3, 0)
    with pytest.raises(IllegalAction, match="refused by the engine"):
        wh.compose("attack", {"bell": 1}, 1, game, 0)  # a fine attack: only the engine refuses it
    assert asked == [("attack", {"bell": 1}, 1)]


def _finished(players: int = 3, seed: int = 4):
    game = new_game("witching-hour", players, seed)
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


def test_the_round_story_narrates_the_engines_running_totals(monkeypatch):
    """witching-hour/scoring/total-floor: the game-over story reads each round's running totals
    from the view (the engine applies the floor); it adds up no scores itself."""
    game = _finished()
    real = game.view

    def view(seat=None, **kwargs):
        data = real(seat, **kwargs)
        data["round_totals"] = [[100 * (i + 1) + s for s in range(game.players)]
                                for i in range(len(data["round_scores"]))]
        return data

    monkeypatch.setattr(game, "view", view)
    story = wh.present(game, 0, names=NAMES3, you=0)["gameover"]["story"]
    assert "running totals Agnes 100, Hazel 101, Morgana 102." in story[0]
    assert "running totals Agnes 200, Hazel 201, Morgana 202." in story[1]


def test_the_round_story_totals_are_the_final_totals():
    """witching-hour/scoring/total-floor: the story's last running totals are the game's totals."""
    game = _finished()
    story = wh.present(game, None, names=NAMES3)["gameover"]["story"]
    totals = ", ".join(f"{NAMES3[s]} {game.scores[s]}" for s in range(3))
    assert f"running totals {totals}." in story[len(game.view(None)["round_scores"]) - 1]


def _pick_prompt(legal: list) -> dict:
    info = new_game("witching-hour", 3, 0).view(0)["card_info"]
    view = {"phase": "pick", "card_info": info,
            "pending": {"kind": "pick", "source": "hex", "cards": {"hourglass": 2, "bell": 1}}}
    return wh._prompt(view, legal, 0, NAMES3, Who(NAMES3, 0, english=True))


def test_the_hourglass_note_follows_the_engines_listed_picks():
    """witching-hour/hourglass/not-hourglass: the note says why the Hourglasses in the pile are
    not offered only when the engine lists no pick of one (the presenter applies no rule)."""
    bell = {"type": "pick", "card": "bell"}
    hourglass = {"type": "pick", "card": "hourglass"}
    notes = [g for g in _pick_prompt([bell])["groups"] if "notes" in g]
    assert notes and notes[0]["notes"][0]["rule"] == "witching-hour/hourglass/not-hourglass"
    assert not [g for g in _pick_prompt([bell, hourglass])["groups"] if "notes" in g]
