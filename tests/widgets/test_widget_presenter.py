"""The Witching Hour presenter: scenes match the engine's view; only legal actions are offered.

Rulebook sections checked: "Make an Attack" (the attack builder offers one type plus at
most one Candle, the defender's choices), "Play a Card" (the abilities offered),
"Scoring" (the round-end table), "End of the Game" (the winner named).
"""

from __future__ import annotations

import pytest
from widget_helpers import seed_with

from witchtable.engine import IllegalAction, new_game
from witchtable.engine.bots import make_bot
from witchtable.widgets.presenters import generic, presenter_for
from witchtable.widgets.presenters import witching_hour as wh
from witchtable.widgets.scene import action_key, combo_key, walk_actions

NAMES3 = ["Ana", "Bo", "Cy"]


def games_along(players: int, seed: int, every: int = 1, **options):
    """A bot game, yielded at every ``every``-th position (the same Game object, mutated)."""
    game = new_game("witching-hour", players, seed, **options)
    bots = [make_bot("random", "witching-hour", seed * 10 + s) for s in range(players)]
    step = 0
    while not game.is_over:
        if step % every == 0:
            yield game
        seat = game.to_act[0]
        game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        step += 1
    yield game


def hand_counts(scene: dict) -> dict:
    return {c["kind"]: c["count"] for c in scene["hand"]["cards"]} if scene["hand"] else {}


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_scene_matches_the_view(players, seed):
    names = [f"P{s}" for s in range(players)]
    for game in games_along(players, seed, every=3):
        for seat in range(players):
            view = game.view(seat)
            scene = wh.present(game, seat, names=names, you=seat)
            assert scene["move"] == game.move_number and scene["phase"] == view["phase"]
            assert hand_counts(scene) == view["hand"], "the hand shown is the seat's hand"
            for p in scene["players"]:
                counters = {c["key"]: c["value"] for c in p["counters"]}
                assert counters["hand"] == view["hand_sizes"][p["seat"]]
                assert counters["hex"] == view["hex_sizes"][p["seat"]]
                total = view["totals"][p["seat"]]
                assert counters["score"] == (total if total is not None else "face down")
                assert "cards" not in p, "play scenes never show anyone's cards in the seat panels"
            discard = next(z for z in scene["table"] if z["key"] == "discard")
            assert discard["pile"]["count"] == view["discard_size"]
            # (That it offers exactly the legal actions is checked for every game in
            # test_widget_every_game.py.)


def test_picker_combos_are_keyed_by_the_cards_they_use():
    game = new_game("witching-hour", 3, 7)
    scene = wh.present(game, 0, names=NAMES3, you=0)
    picker = scene["picker"]
    assert picker["id"] == "attack" and picker["needs_target"]
    for key, combo in picker["combos"].items():
        assert key == combo_key(combo["picked"])
        for choice in combo["choices"]:
            action = choice["action"]
            used = {action["card"]: action["count"]}
            if action["candle"]:
                used["candle"] = used.get("candle", 0) + 1
            assert combo_key(used) == key and choice["target"] == action["target"]
    assert {t["seat"] for t in picker["targets"]} == {1, 2}


def test_defender_gets_block_picker_and_answers():
    game = new_game("witching-hour", 3, 7)
    attack = next(a for a in game.legal_actions(0) if a["type"] == "attack" and a["card"] != "toadstool")
    game.apply(0, attack)
    defender = attack["target"]
    scene = wh.present(game, defender, names=NAMES3, you=defender)
    assert scene["picker"]["id"] == "block" and not scene["picker"]["needs_target"]
    kinds = {c["action"]["type"] for g in scene["prompt"]["groups"] for c in g["choices"]}
    assert "take" in kinds
    assert "attacks you" in scene["headline"]["text"]
    zone = next(z for z in scene["table"] if z["key"] == "attack")
    shown = {c["kind"]: c["count"] for c in zone["cards"]}
    assert shown.get(attack["card"]) == attack["count"]
    # the attacker, waiting, is offered nothing
    assert not list(walk_actions(wh.present(game, 0, names=NAMES3, you=0)))


def test_spectator_scene_has_no_hand_and_no_actions():
    game = new_game("witching-hour", 4, 3)
    scene = wh.present(game, None, names=["a", "b", "c", "d"])
    assert scene["hand"] is None and scene["picker"] is None and scene["prompt"] is None
    assert not list(walk_actions(scene))


def test_god_view_shows_every_hand_from_each_seats_own_view():
    for game in games_along(3, 5, every=17):
        scene = wh.present_god_view(game, names=NAMES3)
        assert scene["god"] is True
        for p in scene["players"]:
            shown = {c["kind"]: c["count"] for c in p["cards"]}
            assert shown == game.view(p["seat"])["hand"]
        if game.to_act:
            actor = game.to_act[0]
            assert scene["hand"]["seat"] == actor
            offered = {action_key(a) for a in walk_actions(scene)}
            assert offered == {action_key(a) for a in game.legal_actions(actor)}


def test_god_view_log_attaches_private_versions():
    game = new_game("witching-hour", 3, seed_with("book"))
    game.apply(0, {"type": "book", "target": 1})  # Abilities: Book: the player sees a hand
    scene = wh.present_god_view(game, names=NAMES3)
    book = next(e for e in scene["log"] if e["kind"] == "book")
    seen = {s["seat"] for s in book["secret"]}
    assert seen == {0, 1}, "the Book's player and its target each saw something private"


# --------------------------------------------------------------------------- compose


@pytest.fixture
def game():
    return new_game("witching-hour", 3, seed_with("bell", "candle"))


def test_compose_a_legal_selection_is_the_engines_action(game):
    hand = game.view(0)["hand"]
    kind = next(k for k, n in hand.items() if k != "candle")
    action = wh.compose("attack", {kind: 1, "candle": 1}, 2, game, 0)
    assert action == {"type": "attack", "card": kind, "count": 1, "candle": True, "target": 2}
    assert action_key(action) in {action_key(a) for a in game.legal_actions(0)}
    assert wh.compose("attack", {"candle": 1}, 1, game, 0)["card"] == "candle"


@pytest.mark.parametrize("picked,target,rule", [
    ({"bell": 1, "mirror": 1}, 1, "witching-hour/attack/same-type"),   # Make an Attack: one type
    ({"mirror": 1, "candle": 2}, 1, "witching-hour/candle/one"),       # Candle: exactly one may join
    ({}, 1, "witching-hour/attack/same-type"),
    ({"bell": 1}, None, "witching-hour/attack/target"),
    ("bell", 1, "core/action-format"),
    ({"wand": 1}, 1, "core/action-format"),
    ({"bell": -1}, 1, "core/action-format"),
    ({"bell": True}, 1, "core/action-format"),
])
def test_compose_refuses_what_no_action_can_express(game, picked, target, rule):
    with pytest.raises(IllegalAction) as err:
        wh.compose("attack", picked, target, game, 0)
    assert err.value.rule == rule and err.value.message


def test_compose_block_and_unknown_picker(game):
    assert wh.compose("block", {"mirror": 2}, None, game, 0) == {
        "type": "block", "card": "mirror", "count": 2, "candle": False}
    with pytest.raises(IllegalAction) as err:
        wh.compose("block", {"bell": 1, "book": 1}, None, game, 0)
    assert err.value.rule == "witching-hour/block/same-type"
    with pytest.raises(IllegalAction) as err:
        wh.compose("wand", {"bell": 1}, None, game, 0)
    assert err.value.rule == "core/action-format"


# --------------------------------------------------------------------------- scoring and the end


def finished(players: int = 3, seed: int = 4):
    *_, game = games_along(players, seed, every=10_000)
    return game


def test_scoring_table_matches_last_round():
    """Scoring: each type in a Hex pile scores once; the table lists count -> points per pile."""
    game = finished()
    view = game.view(0)
    last = view["last_round"]
    table = wh.present(game, 0, names=NAMES3, you=0)["scoring"]
    assert table["round"] == last["round"]
    assert table["head"] == ["Card", *NAMES3]
    for row in table["rows"]:
        kind = row["head"]["icon"]
        for seat, cell in enumerate(row["cells"]):
            entry = last["hex"][seat].get(kind)
            assert cell["text"] == (f"{entry['count']} → {entry['points']}" if entry else "–")
    totals = table["foot"][-1]
    assert [int(c["text"]) for c in totals["cells"]] == last["totals"]
    rounds = {r["head"]["icon"] for r in table["rows"]}
    assert rounds == {k for pile in last["hex"] for k in pile}


def test_game_over_names_the_winners():
    """End of the Game: the lowest total wins."""
    game = finished(4, 9)
    names = ["Ana", "Bo", "Cy", "Di"]
    scene = wh.present(game, 1, names=names, you=1)
    winners = [names[w] for w in game.winners]
    assert scene["gameover"]["winners"] == winners
    title = scene["gameover"]["title"]
    for name in winners:
        assert name in title or (names.index(name) == 1 and "You" in title)
    assert not list(walk_actions(scene))
    assert scene["headline"]["tone"] == "over"


def test_action_labels_name_players_and_cards():
    labels = {
        "attack": {"type": "attack", "target": 1, "card": "hourglass", "count": 2, "candle": True},
        "block": {"type": "block", "card": "mirror", "count": 1, "candle": False},
        "chalice": {"type": "chalice", "target": 2},
        "split": {"type": "split", "keep": "bell", "give": "skull", "to": 1},
        "pick": {"type": "pick", "card": "candle"},
    }
    text = {k: wh.action_label(a, NAMES3) for k, a in labels.items()}
    assert text["attack"] == "attacks Bo with 2 Hourglasses and a Candle"
    assert text["block"] == "reflects with a Mirror"
    assert "Cy" in text["chalice"] and "Bo" in text["split"] and "Candle" in text["pick"]


def test_generic_presenter_offers_every_legal_action():
    """A game without its own presenter is still playable: every legal action is a button."""
    game = new_game("witching-hour", 3, 2)
    scene = generic.present(game, 0, names=NAMES3, you=0)
    assert {action_key(a) for a in walk_actions(scene)} == {action_key(a) for a in game.legal_actions(0)}
    assert {c["kind"]: c["count"] for c in scene["hand"]["cards"]} == game.view(0)["hand"]
    god = generic.present_god_view(game, names=NAMES3)
    assert all(p["cards"] for p in god["players"])
    assert presenter_for("witching-hour") is wh
    assert presenter_for("no-such-game") is generic


def test_round_scores_show_while_announced_then_go_face_down():
    """witching-hour/scoring/public: the round's table is shown while it is announced; once
    the next round's first move is made, the tokens are face down and it is gone."""
    shown = []
    for game in games_along(3, 6):
        if game.view(0)["round"] == 2:
            shown.append(wh.present(game, 0, names=NAMES3, you=0)["scoring"] is not None)
            if len(shown) > 5:
                break
    assert shown == [True] + [False] * 5
    board = wh.present(game, 0, names=NAMES3, you=0)["scoreboard"]
    assert "face down" in board["caption"]
    assert [c["text"] for c in board["rows"][1]["cells"]] == ["face down", "face down"]


def test_fresh_scores_are_news_until_you_act():
    """Scoring (open_scores, the teaching aid): the round's table is shown on the board until
    you make your next move."""
    flags = []
    for game in games_along(3, 6, open_scores=True):
        if game.view(0)["round"] == 2:
            flags.append(wh.present(game, 0, names=NAMES3, you=0)["scoring"]["fresh"])
            if len(flags) > 30:
                break
    assert flags[0] is True and flags[-1] is False
    assert flags == sorted(flags, reverse=True), "once you act, the scores move to the side"
