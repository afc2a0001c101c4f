"""Whole games through handle() messages alone, as the front end would send them.

Rulebook "End of the Game": after the last round the lowest total wins; the scene's
game-over names exactly the engine's winners.
"""

from __future__ import annotations

import pytest
from widget_helpers import play_through

from witchtable.widgets import TableController


@pytest.mark.parametrize("players,bots,seed", [(2, "heuristic", 1), (3, "heuristic", 2), (4, "random", 3),
                                               (5, "heuristic", 4)])
def test_full_game_vs_bots_through_messages_alone(players, bots, seed):
    controller = TableController("witching-hour", players=players, seat=0, bots=bots, seed=seed)
    final = play_through(controller, seat=0, seed=seed)
    game = controller.game
    assert game.is_over and final["auto"] is None
    names = [p["name"] for p in final["scene"]["players"]]
    assert final["scene"]["gameover"]["winners"] == [names[w] for w in game.winners]
    assert final["scene"]["scoreboard"]["rows"][0]["cells"][-1]["text"] == str(game.scores[0])
    assert final["scene"]["scoring"] is not None
    # after the end only "new" moves on
    assert controller.handle({"kind": "skip"})["notice"]["text"] == "No bot is to move now."
    state = controller.handle({"kind": "new"})
    assert not state["scene"]["gameover"] and controller.game.move_number == 0


def test_full_pass_and_play_game_through_messages_alone():
    controller = TableController("witching-hour", players=3, bots=None, seed=9)
    final = play_through(controller, seed=9)
    assert controller.game.is_over and final["scene"]["gameover"]
