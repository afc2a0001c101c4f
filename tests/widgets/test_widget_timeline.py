"""The explorer's timeline grouped by round and turn, the move taken at each position, and
the reason a bot gives for "Bot's move here" (issue 13, items 5 and 6).

Every registered game gets the grouping from its public view (``round``, ``current``,
``turn``) through the controller, so these tests iterate ``GAMES``; every bot kind of
every game says why it chose, and saying so changes nothing it chooses.
"""

from __future__ import annotations

import itertools
import random

import pytest

from witchtable.engine import GAMES, load_game, new_game
from witchtable.engine.bots import RandomBot, bot_kinds, make_bot, reason_for
from witchtable.widgets import TableController


def players_of(game_id: str) -> int:
    spec = GAMES[game_id]
    return min(max(3, spec.min_players), spec.max_players)


def explorer(game_id: str, seed: int = 3) -> TableController:
    controller = TableController(game_id, players=players_of(game_id), seed=seed, mode="explore")
    controller.handle({"kind": "autoplay"})
    return controller


@pytest.fixture(scope="module", params=list(GAMES))
def played(request: pytest.FixtureRequest) -> TableController:
    """A whole bot game of each registered game on the explorer's timeline."""
    return explorer(request.param)


def public_views(controller: TableController) -> list[dict]:
    """The public view at each position of the line shown (0 .. its length)."""
    save = controller.game.to_json()
    save["actions"] = []
    game = load_game(save)
    views = [game.view(None)]
    for seat, action in controller.line:
        game.apply(seat, action)
        views.append(game.view(None))
    return views


def test_the_groups_hold_every_move_once_by_the_views_round_and_turn(played: TableController):
    """Rounds then turns, in order, cover moves 1..length exactly; move n sits in the round and
    the turn of position n - 1 (the view it was played from); turns begin where PageDown goes."""
    timeline = played.state()["scene"]["timeline"]
    groups, length = timeline["groups"], timeline["length"]
    assert length == len(played.line) > 0
    views = public_views(played)
    covered = []
    for group in groups:
        assert group["start"] <= group["end"]
        assert [group["turns"][0]["start"], group["turns"][-1]["end"]] == [group["start"], group["end"]]
        for n in range(group["start"], group["end"] + 1):
            assert views[n - 1].get("round") == group["round"], f"move {n} is in round {group['round']}"
        if group["round"] is not None:
            assert str(group["round"]) in group["label"]
        else:
            assert group["label"] is None and len(groups) == 1, "a game without rounds: one group"
        for turn in group["turns"]:
            covered += range(turn["start"], turn["end"] + 1)
            current = views[turn["start"] - 1].get("current")
            seat = played.line[turn["start"] - 1][0]
            assert turn["seat"] == (current if isinstance(current, int) else seat)
            assert played.names[turn["seat"]] in turn["label"]
    assert covered == list(range(1, length + 1))
    starts = {turn["start"] - 1 for group in groups for turn in group["turns"]}
    rounds = {group["start"] - 1 for group in groups}
    assert {p for p in played.turns if p < length} <= starts <= {0} | set(played.turns) | rounds


def test_round_changes_start_new_groups_where_the_view_says(played: TableController):
    views = public_views(played)[:-1]
    changes = sum(1 for a, b in itertools.pairwise(views) if a.get("round") != b.get("round"))
    assert len(played.state()["scene"]["timeline"]["groups"]) == changes + 1


def test_the_move_taken_at_each_position_is_marked_in_the_timeline_and_the_rules(played: TableController):
    """At position p the line's move p + 1 is marked taken (and nothing else); the rules panel
    marks that same move's chip where the explainer lists it; at the end nothing is marked."""
    length = len(played.line)
    marked_chips = 0
    for position in sorted({0, 1, length // 2, length - 1, length}):
        played.handle({"kind": "goto", "move": position})
        scene = played.state()["scene"]
        taken = [m["n"] for m in scene["timeline"]["moves"] if m.get("taken")]
        assert taken == ([position + 1] if position < length else [])
        assert (scene["timeline"]["taken"] is None) == (position == length)
        chips = [(item["seat"], item["action"]) for who in scene["explain"] for group in who["groups"]
                 for item in group["actions"] if item.get("taken")]
        assert len(chips) <= 1
        if chips:
            assert [chips[0][0], dict(chips[0][1])] == played.line[position]
            marked_chips += 1
    if played.game.id == "witching-hour":
        assert marked_chips >= 3, "Witching Hour lists every move: the taken chip shows at each position"


def test_a_seats_view_groups_the_same_turns_and_marks_only_its_own_taken_chip():
    controller = explorer("witching-hour")
    god = controller.state()["scene"]["timeline"]["groups"]
    controller.handle({"kind": "goto", "move": 1})
    mover = controller.line[1][0]
    other = next(s for s in range(3) if s != mover)
    controller.handle({"kind": "view_as", "seat": other})
    scene = controller.state()["scene"]
    assert scene["timeline"]["groups"] == god, "round and turn are public: every view groups alike"
    assert not [i for w in scene["explain"] for g in w["groups"] for i in g["actions"] if i.get("taken")]
    controller.handle({"kind": "view_as", "seat": mover})
    scene = controller.state()["scene"]
    assert [i for w in scene["explain"] for g in w["groups"] for i in g["actions"] if i.get("taken")]


def test_a_variation_is_grouped_as_its_own_line():
    """The variations tree keeps working: a branch's groups hold its own moves only."""
    controller = explorer("witching-hour")
    controller.handle({"kind": "goto", "move": 5})
    seat = controller.game.to_act[0]
    other = next(a for a in controller.game.legal_actions(seat) if [seat, dict(a)] != controller.line[5])
    controller.handle({"kind": "act", "action": other, "move": 5, "seat": seat})
    timeline = controller.state()["scene"]["timeline"]
    assert timeline["line"] == 1 and timeline["length"] == 6
    assert timeline["groups"][-1]["end"] == 6 and len(timeline["variations"]) == 2
    controller.handle({"kind": "variation", "index": 0, "op": "show"})
    assert controller.state()["scene"]["timeline"]["groups"][-1]["end"] == len(controller.line) > 6


# --------------------------------------------------------------------------- reasons


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_bot_kind_gives_a_short_reason_and_choosing_is_unchanged(game_id: str):
    """Each bot of each game: a reason (a sentence, under 400 characters) for its choices, and a
    game played asking for reasons after every choice is the very game played without."""
    names = [f"Seat {s + 1}" for s in range(players_of(game_id))]
    for kind in bot_kinds(game_id):
        histories = []
        for ask in (False, True):
            game = new_game(game_id, len(names), seed=7)
            bots = [make_bot(kind, game_id, 40 + s) for s in range(game.players)]
            for _ in range(120):
                if game.is_over:
                    break
                seat = game.to_act[0]
                view, legal = game.view(seat), game.legal_actions(seat)
                action = bots[seat].choose(view, legal)
                if ask:
                    reason = reason_for(bots[seat], view, legal, action, names)
                    assert isinstance(reason, str) and 10 < len(reason) < 400, (kind, action, reason)
                    assert "{" not in reason
                game.apply(seat, action)
            histories.append([(m.seat, dict(m.action)) for m in game.history])
        assert histories[0] == histories[1], f"asking {kind} why changed what it chose"


def test_the_random_bot_says_it_picked_at_random():
    bot = RandomBot(1)
    legal = [{"type": "pass"}, {"type": "draw"}]
    assert "random legal move" in bot.reason({}, legal, bot.choose({}, legal), ["A", "B"]).lower()


def test_a_bot_without_a_reason_gives_none():
    class Silent:
        name = "silent"

        def choose(self, view: dict, legal: list) -> dict:
            return legal[0]

    assert reason_for(Silent(), {}, [{"type": "pass"}], {"type": "pass"}, ["A"]) is None


@pytest.mark.parametrize("game_id", list(GAMES))
def test_bots_move_here_shows_the_reason_beside_the_played_branch(game_id: str):
    """The notice says why; the timeline's row of the bot's move carries the bot and its reason,
    on the branch it made and after that branch is promoted to the main line."""
    controller = explorer(game_id)
    rng = random.Random(game_id)
    asked: list[int] = []
    for position in sorted(rng.sample(range(len(controller.line)), 3)):
        controller.handle({"kind": "variation", "index": 0, "op": "show"})
        controller.handle({"kind": "goto", "move": position})
        seat = controller._bot_seat()
        state = controller.handle({"kind": "botmove", "move": position, "seat": seat})
        assert state["notice"]["level"] == "info", state["notice"]
        row = state["scene"]["timeline"]["moves"][position]
        assert row["bot"]["kind"] == controller.explore_bots[seat]
        assert row["bot"]["reason"] and row["bot"]["reason"] in state["notice"]["text"]
        assert "Why:" in state["notice"]["text"]
        earlier = [m["n"] - 1 for m in state["scene"]["timeline"]["moves"][:position] if "bot" in m]
        assert set(earlier) <= set(asked), "only where the bot was asked (on a line sharing that start)"
        asked.append(position)
    branched = controller.active
    if branched:
        controller.handle({"kind": "variation", "index": branched, "op": "promote"})
        controller.handle({"kind": "variation", "index": 0, "op": "show"})
        assert any("bot" in m for m in controller.state()["scene"]["timeline"]["moves"])


def test_reasons_go_with_a_new_game_and_a_load():
    controller = explorer("witching-hour")
    controller.handle({"kind": "goto", "move": 0})
    controller.handle({"kind": "botmove", "move": 0, "seat": 0})
    assert controller.reasons
    save = controller.state()["scene"]["save"]
    controller.handle({"kind": "load", "save": save})
    assert controller.reasons == {}
    controller.handle({"kind": "botmove", "move": controller.game.move_number,
                       "seat": controller._bot_seat()})
    controller.handle({"kind": "new"})
    assert controller.reasons == {}


def test_a_bots_reason_shows_only_in_the_god_view_and_its_own_seats():
    """A reason tells what its seat knows (its hand, its memory): a strict view of another seat
    shows that the move was the bot's no more than any other move of that seat."""
    controller = explorer("witching-hour")
    controller.handle({"kind": "goto", "move": 0})
    controller.handle({"kind": "botmove", "move": 0, "seat": 0})
    for seat, shown in ((None, True), (0, True), (1, False), (2, False)):
        controller.handle({"kind": "view_as", "seat": seat})
        row = controller.state()["scene"]["timeline"]["moves"][0]
        assert ("bot" in row) is shown, seat
