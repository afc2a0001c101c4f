"""Hocus Focus's adaptive bot: a person of any speed wins about their share of the rounds.

A simulated person (right calls only, at a fixed reaction-time distribution) races bots
through whole games; the share of rounds it wins is compared with 1/players.
"""

from __future__ import annotations

import random

import pytest

from witchtable.engine import GAMES, new_game
from witchtable.engine.games.hocus_focus import BOTS
from witchtable.engine.games.hocus_focus.bot import ADAPTIVE_START, others_times
from witchtable.engine.games.hocus_focus.state import fitting

PLAYERS = 3


def person_call(view: dict, rng: random.Random, low: int, high: int) -> dict:
    """A person who always finds a right call, after ``low``-``high`` ms (uniform)."""
    ms = rng.randint(low, high)
    fits = fitting(view["board"], view["turned"])
    if fits:
        return {"type": "claim", "round": view["round"], "card": fits[0], "ms": ms, "point_ms": 300}
    return {"type": "no-match", "round": view["round"], "ms": ms}


def person_share(kind: str, games: int, low: int = 4000, high: int = 5000, players: int = PLAYERS) -> float:
    """The share of decided rounds a simulated person (seat 0) wins against ``kind`` bots."""
    won = decided = 0
    for seed in range(games):
        game = new_game("hocus-focus", players, seed)
        bots = [None, *(BOTS[kind](seed * 31 + s) for s in range(1, players))]
        for bot in bots[1:]:
            bot.follow = (0,)  # as a table tells it: seat 0 is the person
        rng = random.Random(seed)
        while not game.is_over:
            for seat in list(game.to_act):  # the person first, as the play table asks it
                view = game.view(seat)
                action = (person_call(view, rng, low, high) if bots[seat] is None
                          else bots[seat].choose(view, game.legal_actions(seat)))
                game.apply(seat, action)
            last = game.view(None)["last_round"]
            if last and last["winner"] is not None:
                decided += 1
                won += last["winner"] == 0
    return won / decided


def test_adaptive_is_the_default_for_people():
    """hocus-focus/time/ms: a table with people gets the adaptive bot unless told otherwise."""
    assert GAMES["hocus-focus"].default_bot == "adaptive"


@pytest.mark.parametrize("speed", [(4000, 5000), (1500, 2500), (7000, 9000)])
@pytest.mark.parametrize("players", [3, 5])
def test_a_person_wins_about_their_share_against_adaptive_bots(speed, players):
    """hocus-focus/time/ms: against adaptive bots a steady person wins about 1/players of the
    decided rounds, slow or quick (a fast person would win nearly all against easy bots, a
    slow one nearly none against medium ones)."""
    share = person_share("adaptive", 25, *speed, players=players)
    assert 0.7 / players <= share <= 1.45 / players, share


def test_a_person_wins_far_less_against_the_fast_level():
    """hocus-focus/time/ms: the same person (4-5 s) against hard bots wins far fewer rounds."""
    assert person_share("hard", 25) < 0.1


def test_the_adaptive_bot_hears_only_judged_calls():
    """hocus-focus/time/ms: the times it follows come from the public log of judged
    rounds, never another seat's sealed call; before anyone has called it takes a
    first-timer's pace."""
    game = new_game("hocus-focus", 3, 5)
    bot = BOTS["adaptive"](1)
    view = game.view(1)
    assert others_times(view) == []
    first = bot.choose(view, game.legal_actions(1))
    assert 0.4 * ADAPTIVE_START < first["ms"] < 2.5 * ADAPTIVE_START
    fits = fitting(view["board"], view["turned"])
    call = ({"type": "claim", "card": fits[0], "ms": 4321, "point_ms": 0} if fits
            else {"type": "no-match", "ms": 4321})
    game.apply(0, {**call, "round": 1})
    assert others_times(game.view(1)) == []  # sealed: not heard yet
    game.apply(1, first)
    game.apply(2, {"type": "pass", "round": 1})
    assert others_times(game.view(1)) == [4321]
    assert others_times(game.view(0)) == [first["ms"]]
