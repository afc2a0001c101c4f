"""Table settings that keep play fair and brief: automatic passes in reaction windows,
and an undo that cannot read a bot's hand (core/undo-replies).

Rulebook (Hocus Pocus) "2. Play one or more Pocus cards": every player may answer a
Hocus; the table may answer "pass" for a person when the setting says their answer
cannot matter to them. The engine is unchanged: a pass is that seat's own action.
"""

from __future__ import annotations

import random

import pytest
from widget_helpers import act

from witchtable.engine import GAMES, new_game
from witchtable.engine.bots import make_bot
from witchtable.widgets import TableController
from witchtable.widgets.controller import REACTIONS
from witchtable.widgets.presenters import hocus_pocus

SHARE_SEEDS = range(50)
"""The fixed games over which the default's share of reaction prompts is measured."""


def reaction_share(reactions: str, seeds=SHARE_SEEDS, players: int = 3) -> tuple[int, int]:
    """(reaction prompts, decisions) of a scripted person at seat 0 against heuristic bots.

    The person decides with the heuristic bot from their own view, through ``handle``,
    as a front end would; every time seat 0 is asked counts as a decision.
    """
    prompts = decisions = 0
    for seed in seeds:
        table = TableController("hocus-pocus", players=players, seat=0, seed=seed, pace=0,
                                reactions=reactions)
        person = make_bot("heuristic", "hocus-pocus", seed)
        for _ in range(5000):
            game = table.game
            if game.is_over:
                break
            assert 0 in game.to_act, "unpaced bots play on until the person must decide"
            view, legal = game.view(0), game.legal_actions(0)
            decisions += 1
            prompts += hocus_pocus.reaction(view, 0, legal) is not None
            state = act(table, person.choose(view, legal))
            assert state["notice"] is None, state["notice"]
        assert table.game.is_over
    return prompts, decisions


def test_default_reaction_prompts_are_at_most_a_quarter_of_decisions():
    """hocus-pocus/pocus/window: with the default setting a person's reaction prompts are at
    most 25% of their decisions (always asking: over half), over a fixed set of games."""
    prompts, decisions = reaction_share("targeted")
    assert prompts / decisions <= 0.25, (prompts, decisions)
    always, asked = reaction_share("always", seeds=range(5))
    assert always / asked > 0.4, "the measure must see the prompts the setting removes"


def test_the_default_is_targeted():
    assert TableController("hocus-pocus", seed=1).reactions == "targeted"


@pytest.mark.parametrize("setting", REACTIONS)
def test_an_automatic_pass_is_the_persons_own_pass_and_only_when_the_setting_says(setting):
    """hocus-pocus/react/close: each pass the table plays for a person is a pass of their seat,
    played exactly when their own view and legal actions say the setting skips this prompt."""
    table = TableController("hocus-pocus", players=3, seat=0, seed=4, pace=0, reactions=setting)
    person = make_bot("heuristic", "hocus-pocus", 4)
    checked = 0
    for _ in range(5000):
        game = table.game
        if game.is_over:
            break
        view, legal = game.view(0), game.legal_actions(0)
        prompt = hocus_pocus.reaction(view, 0, legal)
        if prompt is not None:  # the person was asked: the setting wants their answer
            assert setting == "always" or prompt["stops" if setting == "stoppable" else "concerns"]
        before = game.move_number
        act(table, person.choose(view, legal))
        for index in sorted(table.automatic):
            if index >= before:
                move = game.history[index]
                assert move.seat == 0 and move.action == {"type": "pass"}
                checked += 1
    if setting == "always":
        assert not table.automatic
    else:
        assert checked > 0
    hint = next(c["hint"] for c in table.state()["scene"]["controls"] if c["role"] == "reactions")
    assert f"{len(table.automatic)} pass" in hint


def test_the_automatic_pass_reads_only_the_seats_view():
    """info/hidden: the decision takes the seat's view and legal actions and nothing else, so a
    game re-dealt everywhere that seat cannot see (Game.sample) gets the same answers."""
    game = new_game("hocus-pocus", 3, seed=11)
    bots = [make_bot("heuristic", "hocus-pocus", s) for s in range(3)]
    rng = random.Random(2)
    compared = 0
    while not game.is_over and compared < 40:
        seat = game.to_act[0]
        for other in game.to_act:
            answer = hocus_pocus.reaction(game.view(other), other, game.legal_actions(other))
            if answer is not None:
                twin = game.sample(other, rng)
                assert hocus_pocus.reaction(twin.view(other), other, twin.legal_actions(other)) == answer
                compared += 1
        game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    assert compared >= 10


def test_the_reactions_control_changes_the_setting_and_says_so():
    table = TableController("hocus-pocus", players=3, seat=0, seed=4, pace=0)
    control = next(c for c in table.state()["scene"]["controls"] if c["role"] == "reactions")
    assert control["message"] == {"kind": "reactions", "value": "stoppable"}
    state = table.handle(control["message"])
    assert table.reactions == "stoppable" and state["notice"]["level"] == "info"
    bad = table.handle({"kind": "reactions", "value": "sometimes"})
    assert bad["notice"]["level"] == "error" and table.reactions == "stoppable"
    with pytest.raises(ValueError, match="reactions"):
        TableController("hocus-pocus", reactions="never")


def test_games_without_reaction_windows_have_no_reactions_control():
    table = TableController("witching-hour", players=3, seat=0, seed=4)
    assert "reactions" not in {c["role"] for c in table.state()["scene"]["controls"]}


# --------------------------------------------------------------------------- undo


def test_engine_takeback_refuses_across_another_seats_reply():
    """core/undo-replies: Game.takeback(replies=False) stops at another seat's answer and
    names it; automatic moves of the seat are reached past."""
    game = new_game("witching-hour", 3, seed=5)
    attack = next(a for a in game.legal_actions(0) if a["type"] == "attack")
    game.apply(0, attack)
    assert game.takeback(0, replies=False) == (1, "")
    defender = game.to_act[0]
    game.apply(defender, {"type": "take"})
    count, reason = game.takeback(0, ["Ana", "Bo", "Cy"], replies=False)
    assert count == 0 and ["Ana", "Bo", "Cy"][defender] in reason and "cannot see" in reason
    assert game.takeback(0)[0] == 2, "the engine's default still reaches past replies"
    assert game.takeback(defender)[0] == 1
    assert game.takeback(defender, automatic={1})[0] == 0, "an automatic move is no decision of its own"


def _bot_answered(table: TableController, seat: int = 0) -> bool:
    """Whether a bot has acted since ``seat``'s last own decision."""
    history = table.game.history
    for index in range(len(history) - 1, -1, -1):
        if history[index].seat == seat and index not in table.automatic:
            return any(m.seat != seat for m in history[index + 1:])
    return False


def _try_undo(table: TableController, undo: str, reach: int) -> None:
    """Ask the table to undo where a bot has answered the person, and check its answer:
    with an answer the engine could take back (``reach``), a fair table refuses by
    core/undo-replies and a practice table takes it back; where the engine's own rule
    already refuses (the person saw hidden cards since), both tables refuse alike."""
    before = table.game.move_number
    state = table.handle({"kind": "undo"})
    if reach and undo == "practice":
        assert state["notice"]["level"] == "info" and "Practice" in state["notice"]["text"]
        assert table.game.move_number == before - reach
        return
    assert state["notice"]["level"] == "error"
    assert state["notice"]["rule"] == ("core/undo-replies" if reach else None), state["notice"]
    assert state["notice"]["text"].startswith("Undo is not allowed"), state["notice"]
    assert table.game.move_number == before


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_undo_against_bots_stops_at_the_first_bot_answer(game_id):
    """core/undo-replies, every game: a fair table never takes back a bot's answer (it came
    from the bot's hidden cards); a practice table does, and says so. Whether the engine
    could take an answer back at all is found by playing, not listed per game: in some games
    every answer follows something that showed the person hidden cards (a draw, a judged
    race), and then both tables refuse by the engine's own rule."""
    spec = GAMES[game_id]
    players = min(spec.max_players, max(spec.min_players, 3))
    for undo in ("fair", "practice"):
        table = TableController(game_id, players=players, seat=0, seed=3, pace=0.5, undo=undo)
        rng = random.Random(1)
        tried = {True: 0, False: 0}  # answers the engine could reach, and those it could not
        for _ in range(5000):
            game = table.game
            if game.is_over or tried[True] >= 5:
                break
            if _bot_answered(table):
                reach = game.takeback(0, automatic=table.automatic)[0]  # ignoring the table's rule
                if tried[bool(reach)] < 5:
                    tried[bool(reach)] += 1
                    _try_undo(table, undo, reach)
                    if reach and undo == "practice":
                        continue
            if 0 in game.to_act:
                timed = {"ms": 1500} if table.state()["scene"].get("clock") else {}  # a race's clock
                act(table, rng.choice(game.legal_actions(0)), **timed)
            else:
                table.handle(table.state()["auto"]["message"])  # one paced bot move
        assert tried[True] or tried[False], "the game never reached a bot's answer to the person"


def test_undo_reaches_past_automatic_passes_to_the_persons_own_move():
    """core/undo-replies: a Hocus Pocus exchange (the person's turn goes on) can be taken
    back; the automatic passes of that person are not decisions to stop at."""
    table = TableController("hocus-pocus", players=3, seat=0, seed=2, pace=0)
    for _ in range(2000):
        game = table.game
        swaps = [a for a in game.legal_actions(0) if a["type"] == "exchange"]
        if swaps:
            before = game.move_number
            act(table, swaps[0])
            state = table.handle({"kind": "undo"})
            assert state["notice"] == {"level": "info", "text": "Took back your last move.", "rule": None}
            assert table.game.move_number == before
            return
        act(table, next(a for a in game.legal_actions(0) if a["type"] != "exchange"))
    pytest.fail("no exchange was ever offered")


def test_undo_hint_says_which_rule_the_table_plays():
    fair = TableController("witching-hour", players=3, seat=0, seed=1)
    practice = TableController("witching-hour", players=3, seat=0, seed=1, undo="practice")
    for table in (fair, practice):  # an attack the bot has not answered yet (it is paced)
        act(table, next(a for a in table.game.legal_actions(0) if a["type"] == "attack"))
    hint = {t: next(c["hint"] for c in t.state()["scene"]["controls"] if c["role"] == "undo")
            for t in (fair, practice)}
    assert "until a bot has answered" in hint[fair] and "Practice" in hint[practice]
    with pytest.raises(ValueError, match="undo"):
        TableController("witching-hour", undo="always")


# --------------------------------------------------------------------------- the story of a game


def _finished(game_id: str, players: int, seed: int):
    game = new_game(game_id, players, seed)
    bots = [make_bot(GAMES[game_id].default_bot, game_id, seed + s) for s in range(players)]
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    return game


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_over_panel_tells_who_won_by_how_much_and_how(game_id):
    """Every game's game-over panel names the winner, the margin when there is a runner-up,
    and tells the story in lines, from the view alone (the same for every seat)."""
    from witchtable.widgets.presenters import presenter_for

    spec = GAMES[game_id]
    players = min(spec.max_players, max(spec.min_players, 3))
    game = _finished(game_id, players, 5)
    names = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"][:players]
    presenter = presenter_for(game_id)
    over = presenter.present(game, 0, names=names, you=0)["gameover"]
    assert over and over["title"] and over["story"] and all(isinstance(x, str) and x for x in over["story"])
    if len(game.winners) < players and spec.public_scores and not spec.cooperative:
        assert " won by " in over["text"]


def test_witching_hour_story_has_every_round_and_the_deciding_one():
    """witching-hour/game/end, scoring/total-floor: one line per round with running totals
    ending at the final totals, and the round after which the winner led alone."""
    from witchtable.widgets.presenters import witching_hour

    game = _finished("witching-hour", 3, 5)
    names = ["Ana", "Bo", "Cy"]
    story = witching_hour.present(game, 0, names=names, you=0)["gameover"]["story"]
    rounds = game.view(0)["round_scores"]
    assert len(story) == len(rounds) + 1 and story[-1].startswith("Deciding round")
    final = ", ".join(f"{names[s]} {t}" for s, t in enumerate(game.scores))
    assert story[len(rounds) - 1].endswith(f"running totals {final}.")


def test_hocus_pocus_story_lists_the_biggest_gem_swings_from_the_public_log():
    """hocus-pocus/end/winner: the deciding moments are the largest Gem moves (Thief,
    Sacrifice, Spell) of the public log, biggest first, then the last Gem."""
    game = _finished("hocus-pocus", 3, 5)
    log = game.view(None)["log"]
    story = hocus_pocus.gem_swings(log)
    moved = sorted((e["count"] for e in log if e["kind"] in hocus_pocus.SWING_KINDS and e.get("count")),
                   reverse=True)
    assert story[0] == "Biggest Gem swings:" and len(story) == 1 + min(3, len(moved)) + 1
    counts = [next(e["count"] for e in log if e["text"] == line) for line in story[1:-1]]
    assert counts == moved[:3]
    assert "last Gem" in story[-1]
    assert hocus_pocus.gem_swings(game.view(1)["log"]) == story, "public events only"


def test_hocus_pocus_says_the_house_cap_on_swaps_where_it_bites():
    """hocus-pocus/exchange/limit (a house ruling): the turn's prompt explains the cap."""
    table = TableController("hocus-pocus", players=3, seat=0, seed=2, pace=0)
    for _ in range(2000):
        game = table.game
        legal = game.legal_actions(0)
        if any(a["type"] == "exchange" for a in legal):
            groups = table.state()["scene"]["prompt"]["groups"]
            house = next(g for g in groups if g.get("label") == "House rules")
            assert any(n["rule"] == "hocus-pocus/exchange/limit" and "House rule" in n["text"]
                       for n in house["notes"])
            return
        act(table, legal[0])
    pytest.fail("no exchange was ever offered")


def test_witching_hour_tokens_face_down_for_others_open_to_their_owner_and_the_god_view():
    """witching-hour/scoring/public: once round two has started, a player's scene shows only
    their own earlier scores; the explorer's god view (built from every seat's own view)
    shows them all."""
    from witchtable.widgets.presenters import witching_hour

    game = new_game("witching-hour", 3, seed=8)
    bots = [make_bot("heuristic", "witching-hour", s) for s in range(3)]
    while not (game.view(0)["round"] == 2 and game.view(0)["last_round"] is None):
        seat = game.to_act[0]
        game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    names = ["Ana", "Bo", "Cy"]
    mine = witching_hour.present(game, 0, names=names, you=0)["players"]
    scores = [next(c["value"] for c in p["counters"] if c["key"] == "score") for p in mine]
    assert scores[0] == game.scores[0] and scores[1:] == ["face down", "face down"]
    god = witching_hour.present_god_view(game, names=names)
    shown = [next(c["value"] for c in p["counters"] if c["key"] == "score") for p in god["players"]]
    assert shown == game.scores
