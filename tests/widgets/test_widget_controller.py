"""TableController message handling in play mode: bad input, repeats, pacing, undo, hand-off.

handle() must never raise and never play a click twice or late; rules come from the
engine (rulebook "Make an Attack", "Play a Card"; the engine's core rules).
"""

from __future__ import annotations

import json
import re

import pytest
from widget_helpers import act, default_named, human_turn, scene_actions, seed_with

from witchtable.engine import GAMES, new_game
from witchtable.widgets import TableController, resolve_seats
from witchtable.widgets.controller import PLAY_KINDS


def snapshot(controller: TableController) -> str:
    return json.dumps(controller.game.to_json(), sort_keys=True)


MALFORMED = [
    None, 3, "act", ["act"], {}, {"kind": None}, {"kind": 7}, {"kind": "fly"},
    {"kind": "act"}, {"kind": "act", "move": 0}, {"kind": "act", "action": "attack", "move": 0},
    {"kind": "act", "action": ["attack"], "move": 0},
    {"kind": "act", "action": {"type": "take"}},
    {"kind": "act", "action": {"type": "take"}, "move": "0"},
    {"kind": "act", "action": {"type": "take"}, "move": True},
    {"kind": "act", "action": {"type": "take"}, "move": 0.0},
    {"kind": "act", "action": {}, "move": 0},
    {"kind": "act", "action": {"type": "fly"}, "move": 0},
    {"kind": "act", "action": {"type": "attack", "target": 1}, "move": 0},
    {"kind": "act", "action": {"type": "attack", "target": 1, "card": "bell", "count": 99, "candle": False},
     "move": 0},
    {"kind": "act", "action": {"type": "take"}, "move": 0, "seat": 1},
    {"kind": "act", "action": {"type": "take"}, "move": 0, "seat": "0"},
    {"kind": "build", "picker": "attack", "picked": "bells", "target": 1, "move": 0},
    {"kind": "build", "picker": "attack", "picked": {"bell": 1}, "target": 1},
    {"kind": "build", "picker": "attack", "picked": {"bell": 1, "book": 1}, "target": 1, "move": 0},
    {"kind": "goto", "move": 3}, {"kind": "view_as", "seat": 1}, {"kind": "load", "save": "{}"},
    {"kind": "advance", "move": "x"},
]


@pytest.mark.parametrize("message", MALFORMED, ids=[repr(m)[:50] for m in MALFORMED])
def test_malformed_messages_get_an_error_notice_and_change_nothing(table, message):
    before = snapshot(table)
    state = table.handle(message)
    assert state["notice"] and state["notice"]["level"] == "error", state["notice"]
    assert state["notice"]["text"]
    assert snapshot(table) == before


def test_illegal_action_notice_names_the_engines_rule(table):
    """Make an Attack: you can only play cards you hold."""
    state = act(table, {"type": "attack", "target": 1, "card": "bell", "count": 5, "candle": False})
    assert state["notice"]["rule"] == "witching-hour/attack/in-hand"
    assert "Bell" in state["notice"]["text"]
    assert table.game.move_number == 0


def test_build_message_validates_a_hand_built_selection(table):
    """Make an Attack: all cards of an attack are of one type (plus one Candle at most)."""
    hand = table.game.view(0)["hand"]
    two = [k for k in hand if k != "candle"][:2]
    state = table.handle({"kind": "build", "picker": "attack", "picked": {k: 1 for k in two},
                          "target": 1, "move": 0})
    assert state["notice"]["rule"] == "witching-hour/attack/same-type"
    assert table.game.move_number == 0
    # a selection that is legal is played like an act
    state = table.handle({"kind": "build", "picker": "attack", "picked": {two[0]: 1}, "target": 1, "move": 0})
    assert state["notice"] is None and table.game.move_number == 1
    assert table.game.history[-1].action["card"] == two[0]


def test_double_click_is_played_once(table):
    action = scene_actions(table.state())[0]
    message = {"kind": "act", "action": action, "move": 0}
    first = table.handle(message)
    assert first["notice"] is None and table.game.move_number == 1
    second = table.handle(dict(message))
    assert second["notice"]["level"] == "info" and "move 0" in second["notice"]["text"]
    assert table.game.move_number == 1 and len(table.game.history) == 1


def test_a_click_on_a_board_the_game_has_moved_past_is_not_played(table):
    action = scene_actions(table.state())[0]
    act(table, action)
    human_turn(table)
    stale = table.handle({"kind": "act", "action": action, "move": 0})
    assert stale["notice"]["level"] == "info"
    assert "move 0" in stale["notice"]["text"]


def test_acting_out_of_turn_is_refused_with_the_core_rule(table):
    act(table, next(a for a in table.game.legal_actions(0) if a["type"] == "attack"))
    assert 0 not in table.game.to_act
    state = act(table, {"type": "take"})
    assert state["notice"]["rule"] == "core/out-of-turn"


def test_bots_move_one_at_a_time_when_advanced(table):
    state = act(table, next(a for a in table.game.legal_actions(0) if a["type"] == "attack"))
    assert state["auto"] == {"message": {"kind": "advance", "move": 1}, "delay": 900}
    assert state["scene"]["waiting"]["seat"] == table.game.to_act[0]
    assert not scene_actions(state), "nothing to click while a bot decides"
    state = table.handle(state["auto"]["message"])
    assert table.game.move_number == 2
    # a second view's timer sends the same advance: harmless, nothing played, notice kept
    before = state["notice"]
    state = table.handle({"kind": "advance", "move": 1})
    assert table.game.move_number == 2 and state["notice"] == before


def test_skip_plays_bots_to_the_next_decision(table):
    act(table, next(a for a in table.game.legal_actions(0) if a["type"] == "attack"))
    state = table.handle({"kind": "skip"})
    assert 0 in table.game.to_act or table.game.is_over
    assert state["auto"] is None and "Skipped" in state["notice"]["text"]
    assert table.handle({"kind": "skip"})["notice"]["text"] == "No bot is to move now."
    assert table.handle({"kind": "advance"})["notice"]["text"] == "No bot is to move now."


def test_unpaced_bots_move_at_once():
    controller = TableController("witching-hour", players=3, seed=7, pace=0, bots="random")
    act(controller, controller.game.legal_actions(0)[0])
    assert 0 in controller.game.to_act and controller.state()["auto"] is None


def test_bots_that_start_wait_for_advance():
    controller = TableController("witching-hour", players=3, seat=1, seed=7)
    state = controller.state()
    assert state["scene"]["seat"] == 1 and state["auto"]["message"] == {"kind": "advance", "move": 0}


def test_undo_takes_back_your_move_while_the_bot_thinks(table):
    """Undo (engine takeback): allowed when nothing since showed you hidden cards."""
    attack = next(a for a in table.game.legal_actions(0) if a["type"] == "attack")
    act(table, attack)
    state = table.handle({"kind": "undo"})
    assert state["notice"]["level"] == "info", state["notice"]
    assert table.game.move_number == 0 and 0 in table.game.to_act
    assert state["auto"] is None, "the bot's pending move is gone with the undo"


def test_undo_is_refused_after_hidden_cards_were_shown(table):
    """Abilities: Book: the Book's player sees a hand, so undo would let them exploit it."""
    state = table.handle({"kind": "undo"})
    assert state["notice"]["level"] == "error" and state["notice"]["rule"] == "core/undo"
    act(table, {"type": "book", "target": 1})
    before = snapshot(table)
    state = table.handle({"kind": "undo"})
    assert state["notice"]["level"] == "error" and "hidden" in state["notice"]["text"]
    assert snapshot(table) == before


def test_undo_never_crosses_a_round_end():
    """Scoring: a new round deals new hands; an undo must not let you peek at yours."""
    for seed in range(30):
        controller = TableController("witching-hour", players=2, seed=seed, bots="random")
        game = controller.game
        while not game.is_over:
            if 0 not in game.to_act:
                controller.handle({"kind": "skip"})
                continue
            round_now = game.view(0)["round"]
            legal = game.legal_actions(0)
            ender = None
            for action in legal:
                probe = game.clone()
                probe.apply(0, action)
                if probe.view(0)["round"] != round_now:
                    ender = action
                    break
            if ender is None:
                act(controller, legal[0])
                continue
            act(controller, ender)
            before = snapshot(controller)
            state = controller.handle({"kind": "undo"})
            assert state["notice"]["level"] == "error"
            assert "hidden" in state["notice"]["text"]
            assert snapshot(controller) == before
            return
    pytest.fail("no game let seat 0 end a round")


def test_new_game_deals_again(table):
    act(table, scene_actions(table.state())[0])
    state = table.handle({"kind": "new"})
    assert table.game.move_number == 0 and table.game.seed != 7
    assert "new game" in state["notice"]["text"].lower()


@pytest.mark.parametrize("game_id", ["witching-hour", "hocus-pocus"])
def test_new_game_in_play_mode_never_shows_or_predicts_its_seed(game_id):
    """Issue 9 (privacy): a seed tells every hidden card, so play mode's New game draws a
    fresh one from the operating system and nothing the page receives names it; two tables
    opened with the same seed do not deal the same next game (it cannot be predicted)."""
    tables = [TableController(game_id, players=3, seed=430770815, mode="play", pace=0) for _ in range(2)]
    states = [t.handle({"kind": "new"}) for t in tables]
    seeds = [t.game.seed for t in tables]
    assert seeds[0] != seeds[1] and 430770815 not in seeds
    for table, state, seed in zip(tables, states, seeds, strict=True):
        text = json.dumps(state)
        assert str(seed) not in text and "seed" not in state["notice"]["text"].lower()
        assert str(seed) not in json.dumps(table.state())


def test_new_game_in_the_explorer_is_reproducible_and_says_its_seed():
    """The explorer shows every hand anyway: its New game follows from its seed and names it."""
    tables = [TableController("witching-hour", players=3, seed=5, mode="explore") for _ in range(2)]
    notices = [t.handle({"kind": "new"})["notice"]["text"] for t in tables]
    assert tables[0].game.seed == tables[1].game.seed
    assert str(tables[0].game.seed) in notices[0]


def test_explorer_messages_are_refused_in_play(table):
    for message in ({"kind": "goto", "move": 0}, {"kind": "autoplay"}):
        state = table.handle(message)
        assert "explorer" in state["notice"]["text"]


def test_handle_never_raises_even_if_a_presenter_breaks(table, monkeypatch):
    def broken(*args, **kwargs):
        raise KeyError("boom")

    monkeypatch.setattr(table.presenter, "compose", broken)
    state = table.handle({"kind": "build", "picker": "attack", "picked": {"bell": 1}, "target": 1, "move": 0})
    assert state["notice"]["level"] == "error" and "KeyError" in state["notice"]["text"]
    assert table.game.move_number == 0


def test_seq_grows_with_every_message(table):
    seqs = [table.handle(m)["seq"] for m in ({"kind": "skip"}, None, {"kind": "skip"})]
    assert seqs == [1, 2, 3]


# --------------------------------------------------------------------------- pass-and-play


def test_pass_and_play_hides_hands_behind_a_hand_off():
    controller = TableController("witching-hour", players=3, seed=2, bots=None)
    state = controller.state()
    assert state["scene"]["handoff"]["to"] == 0 and state["scene"]["hand"] is None
    refused = act(controller, controller.game.legal_actions(0)[0])
    assert refused["notice"]["level"] == "error" and controller.game.move_number == 0
    state = controller.handle({"kind": "handoff"})
    assert state["scene"]["hand"]["seat"] == 0 and state["scene"]["handoff"] is None
    attack = next(a for a in controller.game.legal_actions(0)
                  if a["type"] == "attack" and a["card"] != "toadstool")
    state = act(controller, attack)
    defender = attack["target"]
    assert state["scene"]["hand"] is None, "the attacker's hand hides as soon as the turn passes"
    assert state["scene"]["handoff"]["to"] == defender and state["scene"]["seat"] is None
    state = controller.handle({"kind": "handoff"})
    assert state["scene"]["hand"]["seat"] == defender and state["scene"]["seat"] == defender
    assert controller.handle({"kind": "handoff"})["notice"]["text"] == "No hand-off is waiting."


def test_extra_turn_keeps_the_same_person_on_screen():
    """Abilities: Book: take another turn, so no hand-off is needed."""
    controller = TableController("witching-hour", players=3, seed=seed_with("book"), bots=None)
    controller.handle({"kind": "handoff"})
    act(controller, {"type": "book", "target": 1})
    state = controller.state()
    assert state["scene"]["handoff"] is None and state["scene"]["hand"]["seat"] == 0


def test_mixed_table_two_people_and_a_bot():
    controller = TableController("witching-hour", players=3, seed=5, bots=[None, "random", None], pace=0)
    assert controller.kinds == [None, "random", None]
    assert controller.state()["scene"]["handoff"]["to"] == 0


def test_undo_will_not_take_back_another_persons_move():
    controller = TableController("witching-hour", players=2, seed=4, bots=None)
    controller.handle({"kind": "handoff"})
    attack = next(a for a in controller.game.legal_actions(0)
                  if a["type"] == "attack" and a["card"] != "toadstool")
    act(controller, attack)
    controller.handle({"kind": "handoff"})
    act(controller, {"type": "take"})
    if 0 in controller.game.to_act:
        controller.handle({"kind": "handoff"})
        state = controller.handle({"kind": "undo"})
        assert state["notice"]["level"] == "error"


def test_undo_is_offered_only_while_the_game_goes_on():
    controller = TableController("witching-hour", players=2, seat=0, bots="random", seed=4, pace=0)
    undo = {c["role"]: c for c in controller.state()["scene"]["controls"]}["undo"]
    assert undo["enabled"]
    while not controller.game.is_over:
        seat = controller.game.to_act[0]
        action = controller.game.legal_actions(seat)[0]
        controller.handle({"kind": "act", "action": dict(action), "move": controller.game.move_number})
    undo = {c["role"]: c for c in controller.state()["scene"]["controls"]}["undo"]
    assert not undo["enabled"]


def test_watching_bots_only():
    controller = TableController("witching-hour", players=3, seat=None, bots="random", seed=1)
    state = controller.state()
    assert state["scene"]["hand"] is None and state["auto"] is not None
    assert controller.handle({"kind": "undo"})["notice"]["level"] == "error"


# --------------------------------------------------------------------------- set-up


@pytest.mark.parametrize("kwargs,fragment", [
    ({"seat": 3}, "seat 3 does not exist"),
    ({"seat": "0"}, "seat is a seat number"),
    ({"bots": ["random"]}, "one entry per seat"),
    ({"bots": 5}, "bots is a kind"),
    ({"bots": "genius"}, "unknown bot"),
    ({"names": ["a"]}, "one non-empty name per seat"),
    ({"pace": -1}, "pace"),
    ({"mode": "watch"}, "mode"),
    ({"players": 9}, "players"),
    ({"rounds": 0}, "rounds"),
])
def test_bad_setup_raises_a_clear_value_error(kwargs, fragment):
    args = {"players": 3, "seed": 1, **kwargs}
    with pytest.raises(ValueError, match=fragment):
        TableController("witching-hour", **args)


def test_resolve_seats():
    assert resolve_seats(3, 0, "random") == [None, "random", "random"]
    assert resolve_seats(3, [0, 2], "heuristic") == [None, "heuristic", None]
    assert resolve_seats(3, None, "random") == ["random"] * 3
    assert resolve_seats(3, 0, None) == [None] * 3
    assert resolve_seats(2, 1, ["random", None]) == ["random", None]


def test_every_play_kind_is_handled(table):
    for kind in PLAY_KINDS:
        state = table.handle({"kind": kind})
        assert state["notice"] is None or state["notice"]["text"]


def test_custom_names_reach_the_log():
    """Chosen names name the seats; the person at the screen is told in the second person."""
    controller = TableController("witching-hour", players=2, seed=1, names=["Wanda", "Glinda"], pace=0,
                                 first_player=1)
    scene = controller.state()["scene"]
    assert [p["name"] for p in scene["players"]] == ["Wanda", "Glinda"]
    log = [e["text"] for e in scene["log"]]
    assert log[0].startswith("Round 1: you were dealt") and "Glinda starts" in log[0]
    assert any(t.startswith("Glinda ") for t in log[1:]) and not any("Wanda" in t for t in log)
    people = TableController("witching-hour", players=2, seed=1, names=["Wanda", "Glinda"], bots=None)
    people.handle({"kind": "handoff"})
    assert "Wanda" not in people.state()["scene"]["log"][0]["text"]  # Wanda's own screen: "you"


def test_default_names_tell_people_from_bots(table):
    """One person against bots is "You"; with several people each is "Player N"."""
    names = [p["name"] for p in table.state()["scene"]["players"]]
    assert names[0] == "You" and names[1] != "Player 2"
    people = TableController("witching-hour", players=3, seed=1, seat=[0, 2])
    assert [p["name"] for p in people.state()["scene"]["players"]][::2] == ["Player 1", "Player 3"]
    assert new_game("witching-hour", 3, seed_with("book")).view(0)["hand"] == table.game.view(0)["hand"]


@pytest.mark.parametrize("game_id", ["witching-hour", "hocus-pocus"])
def test_refusals_logs_and_undo_reasons_use_the_tables_names(game_id):
    """core/out-of-turn, core/undo and every rule's refusal: in play mode each text that
    reaches the person (the notice, the log, the "not playable now" notes, the undo hint)
    names players as the table does, never "Player 2"."""
    import random

    names = ["Ana", "Bo", "Cy"]
    table = TableController(game_id, players=3, seed=7, names=names, pace=0.5)
    rng = random.Random(3)
    seen = {"out-of-turn": 0, "undo reason": 0}
    state = table.state()
    for _ in range(3000):
        assert not default_named(state), default_named(state)
        if table.game.is_over:
            break
        hint = next(c["hint"] for c in state["scene"]["controls"] if c["role"] == "undo")
        if re.search(r"by (Bo|Cy) showed|(Bo|Cy) has answered", hint):
            seen["undo reason"] += 1
        if 0 not in table.game.to_act:
            waiting = table.game.to_act[0]
            refused = act(table, {"type": "pass"})["notice"]
            assert refused["rule"] == "core/out-of-turn" and names[waiting] in refused["text"], refused
            assert "Ana" in refused["text"]
            seen["out-of-turn"] += 1
            assert not default_named(refused)
            state = table.handle(table.state()["auto"]["message"])
            continue
        if rng.random() < 0.1:
            state = table.handle({"kind": "undo"})
            continue
        wrong = {"type": "attack", "target": 2, "card": "bell", "count": 99, "candle": False}
        if game_id == "hocus-pocus":
            wrong = {"type": "hocus", "card": "thief-1", "from": "hand", "target": 0}
        assert not default_named(act(table, wrong))
        state = act(table, rng.choice(table.game.legal_actions(0)))
    assert table.game.is_over and all(seen.values()), seen


@pytest.mark.parametrize("game_id", ["witching-hour", "hocus-pocus"])
def test_how_to_play_comes_from_the_registry_and_opens_on_the_first_game_only(game_id):
    """Issue 9 item 2: the scene's ``howto`` is the GameSpec's goal, summary and lines."""
    controller = TableController(game_id, players=3, seed=2, pace=0.5, rules_url="../../rules/x/")
    spec = controller.game.spec
    howto = controller.state()["scene"]["howto"]
    assert howto["goal"] == spec.goal and howto["summary"] == spec.summary
    assert howto["lines"] == list(spec.how_to_play) and len(howto["lines"]) >= 4
    assert howto["rules"]["url"] == "../../rules/x/" and howto["rules"]["path"] == f"docs/games/{game_id}.md"
    assert howto["open"] is True
    controller.handle({"kind": "new"})
    assert controller.state()["scene"]["howto"]["open"] is False
    with pytest.raises(ValueError, match="rules_url"):
        TableController(game_id, rules_url=3)


def test_the_log_speaks_to_the_person_in_the_second_person():
    """Issue 9 item 4: "You attack Morgana with ...", never "You attacks"."""
    controller = TableController("witching-hour", players=3, seed=7, pace=0)
    attack = next(a for a in controller.game.legal_actions(0) if a["type"] == "attack")
    controller.handle({"kind": "act", "action": attack, "move": 0})
    texts = [e["text"] for e in controller.state()["scene"]["log"]]
    mine = [t for t in texts if t.startswith("You ")]
    assert mine and mine[0].startswith("You attack Morgana with ")
    assert not any(word in t for t in texts for word in ("You attacks", "You takes", "You plays", "You has"))
    explorer = TableController("witching-hour", players=3, seed=7, mode="explore")
    assert all("you" not in e["text"].split() for e in explorer.state()["scene"]["log"][:1])


def test_second_person_turns_the_verb_and_the_possessive():
    from witchtable.widgets.scene import second_person

    names = ["You", "Morgana"]
    assert second_person({"msg": "{actor} alone still holds cards: 3 go into their Hex pile.", "actor": 0},
                         names, 0) == "You alone still hold cards: 3 go into your Hex pile."
    assert second_person({"msg": "Turn {turn}: {actor} plays.", "actor": 0, "turn": 2}, names, 0) == \
        "Turn 2: you play."
    assert second_person({"msg": "{actor}'s Thief steals 2 Gems from {target}.", "actor": 1, "target": 0},
                         names, 0) == "Morgana's Thief steals 2 Gems from you."
    assert second_person({"msg": "{actor} passes.", "actor": 1}, names, 0) == "Morgana passes."


def test_the_pace_control_cycles_and_a_bad_pace_is_refused():
    """Issue 9 item 7: the person sets the bots' pace (their cards fly in step with it)."""
    controller = TableController("witching-hour", players=3, seed=7, pace=0.9)
    pace = next(c for c in controller.state()["scene"]["controls"] if c["role"] == "pace")
    assert pace["label"] == "Pace: normal" and pace["message"] == {"kind": "pace", "pace": 0.35}
    state = controller.handle(pace["message"])
    assert controller.pace == 0.35 and (state["auto"] is None or state["auto"]["delay"] == 350)
    for bad in (None, -1, 11, True, "fast"):
        state = controller.handle({"kind": "pace", "pace": bad})
        assert state["notice"]["level"] == "error" and controller.pace == 0.35
    controller.handle({"kind": "pace", "pace": 0})
    assert controller.state()["auto"] is None and controller.state()["scene"]["waiting"] is None


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_scene_marks_the_persons_own_move_for_the_live_region(game_id):
    """``scene.yours`` is the last log event of the person's own move (with what it forced on
    others, such as a Toadstool taken): the live region tells those lines at once; a paced
    bot's move that follows logs after it."""
    table = TableController(game_id, players=GAMES[game_id].min_players, seat=0, seed=4, pace=0.5)
    mine_seen = 0
    for _ in range(60):
        game = table.game
        if game.is_over:
            break
        if 0 in game.to_act:
            timed = {"ms": 1500} if table.state()["scene"].get("clock") else {}  # a race's clock
            state = act(table, game.legal_actions(0)[0], **timed)
            assert state["notice"] is None or state["notice"]["level"] != "error", state["notice"]
            assert state["scene"]["yours"] == table.game.log_length - 1
            mine = state["scene"]["yours"]
            mine_seen += 1
            if table._next_bot() is not None:
                state = table.handle({"kind": "advance", "move": table.game.move_number})
                assert state["scene"]["yours"] == mine, "a bot's move is not the person's"
                assert table.game.log_length - 1 > mine or not state["scene"]["log"]
        else:
            table.handle({"kind": "advance", "move": game.move_number})
    assert mine_seen >= 3, "the person moved too seldom to check"
