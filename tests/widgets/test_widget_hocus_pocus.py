"""Hocus Pocus in the widgets: its presenter, its messages, whole games (its notebook is
checked with every game's in test_widget_notebooks.py).

Rulebook sections (``hocus-pocus.txt``) checked: "Setup" (Grimoires face up, Hands
secret, the Cauldron), "Sequence of Play" 1-3 (casting from Hand or Grimoire with a
target, the Pocus window where every player may answer in turn order of play, the end
of the turn: two cards or a Gem, the hand limit), "Pocus Cards" (the pile on a Hocus
and what stops it; Lightning, Mirror, Magic Wand), "Hocus Cards: Crystal Ball" (the
order picker), "Grimoire and Hand" (refills, exchanges), "End of the Game" (the most
Gems wins), "Summary of the Rules" (hands secret, Grimoires and Gems open).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from widget_helpers import act, card_lists, play_through

from witchtable.engine import IllegalAction, new_game
from witchtable.engine.bots import make_bot
from witchtable.engine.core import Game
from witchtable.widgets import TableController
from witchtable.widgets.presenters import hocus_pocus as hp
from witchtable.widgets.presenters import presenter_for
from witchtable.widgets.scene import Who, action_key, pictures_of, walk_actions

GAME = "hocus-pocus"
R = "hocus-pocus/"


# --------------------------------------------------------------------------- helpers


def bot_game(players: int, seed: int, kind: str = "random", **options):
    """Yield a bots' game at every position (the same Game object, mutated), to the end."""
    game = new_game(GAME, players, seed, **options)
    bots = [make_bot(kind, GAME, seed * 10 + s) for s in range(players)]
    rng = random.Random(seed)
    while not game.is_over:
        yield game
        seat = rng.choice(game.to_act)
        game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    yield game


def find(players: int, condition, seeds=range(1, 400), kind: str = "random", **options) -> Game:
    """The first position of a bots' game (over several seeds) where ``condition(game)`` holds."""
    for seed in seeds:
        for game in bot_game(players, seed, kind, **options):
            if condition(game):
                return game
    raise AssertionError("no bot game reached the wanted position")


def offered(scene: dict) -> list[tuple[int | None, str]]:
    """Every action a scene lets the user send, with the seat its button names:
    the buttons (walk_actions) and the order picker's complete orders."""
    out = []

    def walk(node, seat=None):
        if isinstance(node, dict):
            seat = node.get("seat", seat) if isinstance(node.get("seat"), int) else seat
            for key, value in node.items():
                if key == "action" and isinstance(value, dict):
                    out.append((seat, action_key(value)))
                elif key == "orders" and isinstance(value, dict):
                    out.extend((seat, action_key(a)) for a in value.values())
                else:
                    walk(value, seat)
        elif isinstance(node, list):
            for item in node:
                walk(item, seat)

    walk(scene.get("prompt"))
    return out


def legal_keys(game: Game, seat: int) -> set[str]:
    return {action_key(a) for a in game.legal_actions(seat)}


def zone(scene: dict, key: str) -> dict | None:
    return next((z for z in scene["table"] if z["key"] == key), None)


def hand_counts(scene: dict) -> Counter:
    return Counter({c["kind"]: c["count"] for c in scene["hand"]["cards"]}) if scene["hand"] else Counter()


NAMES3 = ["Ana", "Bo", "Cy"]
NAMES4 = ["Ana", "Bo", "Cy", "Di"]


# --------------------------------------------------------------------------- presenter


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_scene_matches_the_view(players, seed):
    """Setup / Summary of the Rules: Grimoires, Gems, hand sizes and piles open to all, the
    seat's own Hand face up; Sequence of Play: each choice names the seat that plays it."""
    names = [f"P{s}" for s in range(players)]
    phases = Counter()
    for step, game in enumerate(bot_game(players, seed)):
        if step % 3 and not (set(game.to_act) and game.view(None)["phase"] in ("arrange", "give", "curse")):
            continue
        for seat in range(players):
            view = game.view(seat)
            scene = hp.present(game, seat, names=names, you=seat)
            phases[view["phase"]] += seat in game.to_act
            assert scene["move"] == game.move_number and scene["phase"] == view["phase"]
            assert hand_counts(scene) == Counter(view["hand"]), "the hand shown is the seat's Hand"
            for p in scene["players"]:
                s = p["seat"]
                counters = {c["key"]: c["value"] for c in p["counters"]}
                assert counters == {"hand": view["hand_sizes"][s], "grimoire": len(view["grimoires"][s]),
                                    "gems": view["gems"][s]}
                assert [c["kind"] for c in p["tableau"]["cards"]] == view["grimoires"][s]
                assert "cards" not in p, "play scenes never show a Hand in the seat panels"
                assert p["acting"] == (s in game.to_act)
            assert zone(scene, "cauldron")["stock"]["count"] == view["cauldron"]
            assert zone(scene, "library")["pile"]["count"] == view["library_size"]
            discard = zone(scene, "discard")["pile"]
            assert discard["count"] == len(view["discard"])
            assert (discard["top"] or {}).get("kind") == (view["discard"][-1] if view["discard"] else None)
            window = zone(scene, "window")
            assert (window is not None) == (view["hocus"] is not None)
            if window:
                shown = [c["kind"] for c in window["cards"]]
                assert shown == [view["hocus"]["card"]] + [p["card"] for p in view["hocus"]["pocus"]]
            # (Offered == legal is checked for every game in test_widget_every_game.py.)
            assert all(s == seat for s, _ in offered(scene)), "every choice names the seat that plays it"
    assert phases["react"] and phases["turn"], phases


def test_cards_have_their_name_number_family_and_shape():
    """Card layout: a name, the number on numbered cards, and Hocus or Pocus (in words and
    outline, not only colour)."""
    view = new_game(GAME, 3, 1).view(0)
    cards = hp.Cards(view)
    thief = cards.face("thief-3")
    assert (thief["kind"], thief["name"], thief["number"], thief["tag"], thief["icon"]) == (
        "thief-3", "Thief", 3, "Hocus", "thief")
    mirror = cards.face("mirror")
    assert (mirror["name"], mirror["tag"], mirror["icon"], "number" in mirror) == (
        "Enchanted Mirror", "Pocus", "mirror", False)
    assert thief["shape"] != mirror["shape"] and thief["tone"] != mirror["tone"]
    icons = pictures_of(hp)  # the game's card pictures, beside its presenter (not in table.js)
    for kind in {info["kind"] for info in view["card_info"].values()}:
        assert icons.get(kind, "").startswith("<"), f"no inline SVG picture for {kind}"
    assert hp.label("crystal-ball") == "Crystal Ball" and hp.label("spell-5") == "Spell 5"
    assert hp.labels(["amulet", "owl-1", "spell-2"]) == "Amulet, Owl 1 and Spell 2"


def test_spectator_scene_has_no_hand_and_no_actions():
    game = new_game(GAME, 4, 3)
    scene = hp.present(game, None, names=NAMES4)
    assert scene["hand"] is None and scene["prompt"] is None
    assert not list(walk_actions(scene))


def test_god_view_shows_every_hand_and_every_acting_seats_choices():
    """The explorer's god view: each Hand from its seat's own view; in a Pocus window
    every seat still to answer gets its choices, each naming its seat."""
    seen_multi = False
    for step, game in enumerate(bot_game(4, 7)):
        if step % 5:
            continue
        scene = hp.present_god_view(game, names=NAMES4)
        assert scene["god"] is True
        for p in scene["players"]:
            shown = Counter({c["kind"]: c["count"] for c in p["cards"]})
            assert shown == Counter(game.view(p["seat"])["hand"])
        want = {(s, k) for s in game.to_act for k in legal_keys(game, s)}
        assert set(offered(scene)) == want, f"move {game.move_number}"
        seen_multi |= len(game.to_act) > 1
    assert seen_multi


def test_god_view_log_attaches_private_versions():
    game = find(3, lambda g: any(e["kind"] == "draw" for e in g.view(None)["log"]))
    scene = hp.present_god_view(game, names=["Ana", "Bo", "Cy"])
    draw = next(e for e in scene["log"] if e["kind"] == "draw")
    assert [s["seat"] for s in draw["secret"]] == [draw["seat"]], "only the drawer saw the cards drawn"


def test_the_window_shows_the_pile_in_order_and_who_may_still_answer():
    """2. Play one or more Pocus cards: the Pocus go on the Hocus in the order played; the
    window stays open until everyone passed since the last Pocus."""
    game = find(3, lambda g: (h := g.view(None)["hocus"]) and len(h["pocus"]) >= 2 and h["passed"])
    view = game.view(0)
    names = ["Ana", "Bo", "Cy"]
    window = zone(hp.present(game, 0, names=names, you=0), "window")
    hocus = view["hocus"]
    caster = "You" if hocus["caster"] == 0 else names[hocus["caster"]]
    assert window["cards"][0]["caption"].startswith(caster)
    for i, (card, pocus) in enumerate(zip(window["cards"][1:], hocus["pocus"], strict=True)):
        who = "You" if pocus["seat"] == 0 else names[pocus["seat"]]
        assert card["caption"].startswith(f"{i + 1} · {who}")
    status = window["lines"][-1]["text"]
    for s in hocus["waiting"]:
        assert ("you" if s == 0 else names[s]) in status.split("Passed")[0]
    for s in hocus["passed"]:
        assert ("you" if s == 0 else names[s]) in status.split("Passed")[1]


def test_the_window_shows_the_engine_forecast():
    """react/order: the window's "if everyone passes now" line is the view's forecast in
    words (the forecast itself is tested against resolution in tests/engine)."""
    game = find(3, lambda g: (h := g.view(None)["hocus"]) and h["pocus"])
    view = game.view(None)
    forecast = view["hocus"]["forecast"]
    lines = [line["text"] for line in zone(hp.present(game, None, names=NAMES3), "window")["lines"]]
    outcome = next(t for t in lines if t.startswith("If everyone passes now"))
    if forecast["stopped"]:
        stop = forecast["stopped"]
        assert NAMES3[stop["seat"]] in outcome and hp.label(stop["card"]) in outcome
    else:
        assert hp.effect_text(forecast["effect"], Who(NAMES3, None, english=True)) in outcome
    assert ("Hourglass" in " ".join(lines)) == forecast["hourglass"]


def test_ability_rows_cast_every_hocus_and_the_end_of_turn():
    """1. Play one or more Hocus cards (from Hand or Grimoire, a target for the targeted
    kinds) and 3. End your Turn (two cards or a Gem)."""
    game = new_game(GAME, 3, 5)
    scene = hp.present(game, 0, names=["Ana", "Bo", "Cy"], you=0)
    groups = scene["prompt"]["groups"]
    casts = next(g for g in groups if g["label"].startswith("Cast a Hocus"))
    for row in casts["rows"]:
        kinds = {c["action"]["card"] for c in row["choices"]}
        sources = {c["action"]["from"] for c in row["choices"]}
        assert len(kinds) == 1 and len(sources) == 1
        assert row["card"]["kind"] in kinds and row["rule"].startswith(R)
        targeted = game.view(0)["card_info"][row["card"]["kind"]]["targeted"]
        assert all(("target" in c["action"]) == targeted for c in row["choices"])
    ends = next(g for g in groups if "end your turn" in g["label"].lower())
    assert {c["action"]["type"] for c in ends["choices"]} == {"draw", "gem"}
    swap = next(g for g in groups if g.get("fold"))
    assert all(c["action"]["type"] == "exchange" for r in swap["rows"] for c in r["choices"])


def test_not_playable_notes_name_the_rule_the_engine_gives():
    """Cards held but not playable now are listed with the rule that forbids them, the
    engine's own (amulet/target-only, mirror/target-only, vortex/stop-from-hand...)."""
    def unusable_pocus(game: Game) -> bool:
        if 0 not in game.to_act or game.view(0)["phase"] != "react":
            return False
        entries = game.explain(0)
        usable = {(e["action"].get("card"), e["action"].get("from")) for e in entries if e["legal"]}
        return any(not e["legal"] and e["action"]["type"] == "pocus"
                   and (e["action"]["card"], e["action"]["from"]) not in usable for e in entries)

    game = find(3, unusable_pocus)
    scene = hp.present(game, 0, names=["Ana", "Bo", "Cy"], you=0)
    notes = next(g for g in scene["prompt"]["groups"] if g.get("notes"))["notes"]
    refused = {e["rule"] for e in game.explain(0) if not e["legal"] and e["action"]["type"] == "pocus"}
    assert {n["rule"] for n in notes} <= refused and notes
    assert all(n["cards"] and "Player " not in n["text"] for n in notes), "names, not seat numbers"


def test_the_crystal_ball_order_picker_lists_every_order():
    """Hocus Cards: Crystal Ball: the cards seen, top first, go back in any order."""
    game = find(2, lambda g: g.view(None)["phase"] == "arrange", quick=True)
    seat = game.to_act[0]
    scene = hp.present(game, seat, names=["Ana", "Bo"], you=seat)
    picker = next(g["order"] for g in scene["prompt"]["groups"] if g.get("order"))
    seen = game.view(seat)["pending"]["cards"]
    assert [c["kind"] for c in picker["cards"]] == seen
    assert {action_key(a) for a in picker["orders"].values()} == legal_keys(game, seat)
    for key, action in picker["orders"].items():
        assert key == ",".join(action["cards"])
    other = 1 - seat
    assert "cards" not in (game.view(other)["pending"] or {}), "only the caster sees them"
    assert hp.present(game, other, names=["Ana", "Bo"], you=other)["prompt"] is None
    # an incomplete order is judged by the engine, which names the rule
    action = hp.compose("arrange", seen[:1], None, game, seat)
    with pytest.raises(IllegalAction) as err:
        game.clone().apply(seat, action)
    assert err.value.rule == R + "crystal-ball/arrange"


def test_compose_refuses_other_pickers():
    game = new_game(GAME, 2, 1)
    for picker, picked in (("attack", {"spell-1": 1}), ("arrange", "spell-1"), ("arrange", [1, 2])):
        with pytest.raises(IllegalAction) as err:
            hp.compose(picker, picked, None, game, 0)
        assert err.value.rule == "core/action-format"


def test_action_labels_name_players_and_cards():
    names = ["Ana", "Bo", "Cy"]
    label = hp.action_label
    assert label({"type": "hocus", "card": "thief-3", "from": "hand", "target": 1}, names) == (
        "casts Thief 3 from their Hand at Bo")
    assert label({"type": "pocus", "card": "mirror", "from": "grimoire", "target": 2}, names) == (
        "plays Enchanted Mirror from their Grimoire, turning it towards Cy")
    assert label({"type": "pass"}, names) == "passes"
    assert "Spell 1" in label({"type": "exchange", "hand": "spell-1", "grimoire": "amulet"}, names)
    assert label({"type": "gem"}, names) == "ends the turn by taking a Gem"
    assert label({"type": "arrange", "cards": ["owl-1", "spell-5"]}, names) == (
        "puts back Owl 1 and Spell 5 (top first)")
    kinds = set()
    *_, game = bot_game(3, 3)
    for move in game.history:
        text = label(dict(move.action), names)
        kinds.add(move.action["type"])
        assert text != move.action["type"] or text == "pass", f"no words for {move.action}"
        assert "None" not in text and "{" not in text, text
    assert {"hocus", "pocus", "pass", "draw"} <= kinds
    assert presenter_for(GAME) is hp


def test_scenes_are_plain_json():
    for step, game in enumerate(bot_game(3, 8)):
        if step % 11 == 0:
            for seat in (0, None):
                json.dumps(hp.present(game, seat, names=["a", "b", "c"], you=seat))
            json.dumps(hp.present_god_view(game, names=["a", "b", "c"]))


# --------------------------------------------------------------------------- the controller


class EagerBot:
    """Plays a Pocus whenever it can (to re-open windows), else what the heuristic bot plays."""

    def __init__(self, seed: int):
        self.inner = make_bot("heuristic", GAME, seed)

    def choose(self, view: dict, legal: list) -> dict:
        pocus = [a for a in legal if a["type"] == "pocus"]
        return pocus[0] if pocus else self.inner.choose(view, legal)


def bots_until_the_person(controller: TableController, state: dict) -> dict:
    """Advance the bots (as the front end's timer would) until seat 0 may act or the game ends."""
    while not controller.game.is_over and 0 not in controller.game.to_act:
        assert state["auto"], "bots are to move but nothing is scheduled"
        state = controller.handle(state["auto"]["message"])
    return state


def test_in_a_window_the_person_decides_first_and_is_asked_again_after_a_bot_pocus():
    """2. Play one or more Pocus cards: every player may answer, the caster too, and a new
    Pocus asks everyone again. In play the bots wait while the person may answer (a paced
    bot move would make the person's click stale), then answer at their pace; a bot's
    Pocus re-opens the decision for the person, and the bots wait again."""
    reopened = 0
    for seed in range(1, 60):
        controller = TableController(GAME, players=2, seat=0, seed=seed, pace=0.5, quick=True)
        controller.bots[1] = EagerBot(seed)
        rng = random.Random(seed)
        state = bots_until_the_person(controller, controller.state())
        while not controller.game.is_over:
            game = controller.game
            view = game.view(0)
            assert state["auto"] is None and state["scene"]["waiting"] is None, "a bot would move now"
            legal = game.legal_actions(0)
            passes = [a for a in legal if a["type"] == "pass"]
            if passes and not view["refills"]:
                groups = state["scene"]["prompt"]["groups"]
                assert "Pass" in [c["label"] for g in groups for c in g.get("choices", [])]
            window = view["hocus"]
            state = act(controller, passes[0] if passes else rng.choice(legal))
            assert state["notice"] is None
            if passes and 1 in controller.game.to_act:
                assert state["auto"]["message"]["kind"] == "advance", "the bot answers at its pace"
            state = bots_until_the_person(controller, state)
            bot_pocus = any(m.seat == 1 and m.action["type"] == "pocus" for m in game.history[-3:])
            now = controller.game.view(0)["hocus"]
            if passes and bot_pocus and now and window and now["card"] == window["card"]:
                assert 0 in controller.game.to_act and state["auto"] is None
                reopened += 1
        if reopened >= 2:
            break
    assert reopened >= 2, "no bot Pocus re-opened a window for the person"


def test_when_nobody_at_the_screen_may_answer_the_bots_play_on():
    controller = TableController(GAME, players=3, seat=None, bots="heuristic", seed=4, pace=0.5)
    state = controller.state()
    while state["auto"]:
        assert state["scene"]["hand"] is None
        state = controller.handle(state["auto"]["message"])
    assert controller.game.is_over and state["scene"]["gameover"]


@pytest.mark.parametrize("players,bots,seed", [(2, "heuristic", 1), (3, "heuristic", 2), (4, "random", 3),
                                               (6, "heuristic", 4)])
def test_full_game_vs_bots_through_messages_alone(players, bots, seed):
    """End of the Game: the last Gem ends it; the most Gems wins, named on the board."""
    controller = TableController(GAME, players=players, seat=0, bots=bots, seed=seed)
    final = play_through(controller, seat=0, seed=seed)
    game = controller.game
    assert game.is_over and final["auto"] is None
    names = [p["name"] for p in final["scene"]["players"]]
    assert final["scene"]["gameover"]["winners"] == [names[w] for w in game.winners]
    board = final["scene"]["scoreboard"]
    assert board["rows"][0]["cells"][0]["text"] == str(max(game.scores))
    assert zone(final["scene"], "cauldron")["stock"]["count"] == 0
    assert controller.handle({"kind": "new"})["scene"]["gameover"] is None


def test_quick_option_reaches_the_play_table():
    """Setup: the quick game has 15 Gems in the Cauldron whatever the player count."""
    controller = TableController(GAME, players=2, seed=3, quick=True)
    assert zone(controller.state()["scene"], "cauldron")["stock"]["count"] == 15
    assert {"label": "Game", "value": "quick"} in controller.state()["scene"]["chips"]


def test_an_illegal_attempt_gets_the_rule_and_changes_nothing():
    """Pocus Cards: a Pocus only goes on a waiting Hocus; Hocus Cards: only on your turn."""
    def holds_pocus(seed: int) -> bool:
        view = new_game(GAME, 3, seed).view(0)
        return any(not view["card_info"][c]["hocus"] for c in view["hand"])

    seed = next(s for s in range(200) if holds_pocus(s))
    controller = TableController(GAME, players=3, seat=0, seed=seed)
    pocus = next(c for c in controller.game.view(0)["hand"]
                 if not controller.game.view(0)["card_info"][c]["hocus"])
    state = act(controller, {"type": "pocus", "card": pocus, "from": "hand"})
    assert state["notice"]["level"] == "error" and state["notice"]["rule"] == R + "pocus/window"
    assert controller.game.move_number == 0
    state = act(controller, {"type": "pass"})
    assert state["notice"]["rule"] == R + "react/close"
    state = controller.handle({"kind": "build", "picker": "arrange", "picked": ["spell-1"], "move": 0})
    assert state["notice"]["rule"] == R + "crystal-ball/arrange"
    assert controller.game.move_number == 0


def person_arranges() -> TableController:
    """A table (seat 0 against a bot, unpaced) where the person's Crystal Ball waits for its order."""
    for seed in range(1, 300):
        controller = TableController(GAME, players=2, seat=0, seed=seed, pace=0, quick=True)
        rng = random.Random(seed)
        while not controller.game.is_over and controller.game.view(0)["phase"] != "arrange":
            legal = controller.game.legal_actions(0)
            balls = [a for a in legal if a["type"] == "hocus" and a["card"] == "crystal-ball"]
            act(controller, balls[0] if balls else rng.choice(legal))
        if not controller.game.is_over and 0 in controller.game.to_act:
            controller.notice = None
            return controller
    raise AssertionError("no Crystal Ball was cast by the person")


def test_a_crystal_ball_arranged_by_build_and_by_its_listed_order():
    """The order picker's incomplete order is refused with the rule; a complete one plays."""
    controller = person_arranges()
    game = controller.game
    scene = controller.state()["scene"]
    picker = next(g["order"] for g in scene["prompt"]["groups"] if g.get("order"))
    first = picker["cards"][0]["kind"]
    message = {"kind": "build", "picker": "arrange", "picked": [first], "move": game.move_number}
    state = controller.handle(message)
    assert state["notice"]["rule"] == R + "crystal-ball/arrange"
    order = list(reversed([c["kind"] for c in picker["cards"]]))
    action = picker["orders"][",".join(order)]
    state = act(controller, action)
    assert state["notice"] is None and game.history[-1].action["cards"] == order


def test_explorer_acts_for_the_seat_a_choice_names():
    """In the explorer's god view several seats may answer a Hocus: each button names its
    seat and the explorer plays it for that seat."""
    controller = TableController(GAME, players=3, seed=2, mode="explore")
    controller.handle({"kind": "autoplay"})
    for move in range(1, len(controller.line)):
        state = controller.handle({"kind": "goto", "move": move})
        if len(controller.game.to_act) > 1:
            break
    seat = controller.game.to_act[-1]
    state = controller.handle({"kind": "act", "action": {"type": "pass"}, "move": move})
    assert state["notice"]["text"].startswith("Several seats may act now")
    choices = [c for g in state["scene"]["prompt"]["groups"] for c in g.get("choices", [])
               if c.get("seat") == seat and c["action"]["type"] == "pass"]
    assert choices
    state = controller.handle({"kind": "act", "action": {"type": "pass"}, "seat": seat, "move": move})
    assert controller.game.history[-1].seat == seat and controller.game.move_number == move + 1
    assert state["notice"]["level"] == "info", "a new branch of the timeline, not an error"


# --------------------------------------------------------------------------- the front end



@pytest.fixture
def page_for(base):
    """A function opening a controller's table in Chromium (via harness.html); offline."""
    from widget_harness import browser, open_table

    with browser(width=900, height=900) as (context, outside):
        pages = []

        def opener(controller: TableController):
            errors: list = []
            page = open_table(context, base, controller, errors)
            pages.append((page, errors))
            return page

        yield opener
        assert outside == [], f"requests left 127.0.0.1: {outside}"
        assert [e for _, errors in pages for e in errors] == []


@pytest.mark.browser
def test_front_end_order_picker_by_clicks(page_for):
    """Hocus Cards: Crystal Ball, by clicks: each card shows its place; an incomplete order
    is refused with the rule (shown at the picker too); the complete one is played."""
    from widget_harness import settle

    controller = person_arranges()
    page = page_for(controller)
    seen = controller.game.view(0)["pending"]["cards"]
    cards = page.locator(".wt-order-cards button[data-card]")
    assert cards.evaluate_all("bs => bs.map(b => b.dataset.card)") == seen
    cards.nth(len(seen) - 1).click()
    assert cards.nth(len(seen) - 1).get_attribute("aria-pressed") == "true"
    assert cards.nth(len(seen) - 1).get_attribute("data-place") == "1"
    confirm = page.locator(".wt-order [data-role='confirm']")
    assert confirm.get_attribute("data-action") is None
    move = controller.game.move_number
    confirm.click()
    settle(page)
    assert page.locator(".wt-notice").get_attribute("data-rule") == R + "crystal-ball/arrange"
    assert "crystal-ball/arrange" in page.locator(".wt-order .wt-pick-error").inner_text()
    assert controller.game.move_number == move
    for i in range(len(seen) - 2, -1, -1):
        cards.nth(i).click()
    order = list(reversed(seen))
    assert confirm.get_attribute("data-action") == action_key({"type": "arrange", "cards": order})
    confirm.click()
    page.wait_for_function(f"() => document.querySelector('.wt-table').dataset.move > '{move}'")
    assert controller.game.history[move].action == {"type": "arrange", "cards": order}


@pytest.mark.browser
def test_front_end_window_grimoires_and_folded_swaps(page_for):
    """The DOM of a Pocus window and of a turn: the Hocus and its Pocus in order, every
    Grimoire as chips, the piles' counts; the swaps sit in a closed fold until opened."""
    game = find(3, lambda g: 0 in g.to_act and (h := g.view(0)["hocus"]) and len(h["pocus"]) >= 1)
    controller = TableController(GAME, players=3, seat=0, seed=1)
    controller.game = game
    page = page_for(controller)
    view = game.view(0)
    window = page.locator(".wt-zone[data-zone='window'] .wt-card[data-card]")
    assert window.evaluate_all("cs => cs.map(c => c.dataset.card)") == (
        [view["hocus"]["card"]] + [p["card"] for p in view["hocus"]["pocus"]])
    for s in range(3):
        chips = page.locator(f".wt-player[data-seat='{s}'] .wt-tableau .wt-chipcard")
        assert chips.evaluate_all("cs => cs.map(c => c.dataset.card)") == view["grimoires"][s]
        gems = page.locator(f".wt-player[data-seat='{s}'] [data-gems]").get_attribute("data-gems")
        assert gems == str(view["gems"][s])
    assert page.locator("[data-cauldron-size]").get_attribute("data-cauldron-size") == str(view["cauldron"])
    assert page.locator("[data-library-size]").get_attribute("data-library-size") == str(view["library_size"])
    assert page.locator(f".wt-prompt button[data-action='{action_key({'type': 'pass'})}']").is_visible()
    names = page.eval_on_selector_all(".wt-table .wt-card[data-card]",
                                      "cs => cs.map(c => c.getAttribute('aria-label'))")
    assert all(("(Hocus)" in n) or ("(Pocus)" in n) for n in names), "each card says Hocus or Pocus"
    # a turn: the swaps are folded away until the person opens them
    turn = TableController(GAME, players=3, seat=0, seed=5)
    page = page_for(turn)
    swap = page.locator("details.wt-fold button[data-action]").first
    assert not swap.is_visible()
    page.locator("details.wt-fold > summary").click()
    assert swap.is_visible()
    swap.click()
    page.wait_for_selector(".wt-table[data-move='1']")
    assert turn.game.history[0].action["type"] == "exchange"


# --------------------------------------------------------------------------- hidden information


def private_texts(game: Game, seat: int, viewer: int | None) -> set[str]:
    mine = {e["text"] for e in game.view(viewer)["log"]}
    return {e["text"] for e in game.view(seat)["log"]} - mine


def assert_only_what_the_viewer_may_know(controller: TableController, state: dict) -> None:
    """Summary of the Rules: Hands (and the Library) are secret; nothing else is."""
    game = controller.game
    scene = state["scene"]
    viewer = scene["seat"]
    text = json.dumps(state)
    assert "save" not in scene and '"seed"' not in text
    for player in scene["players"]:
        assert "cards" not in player, "seat panels never show a Hand in play"
    if scene["hand"] is not None:
        assert scene["hand"]["seat"] == viewer
    view = game.view(viewer)
    visible = Counter(view["hand"] or [])
    for grim in view["grimoires"]:
        visible.update(grim)
    visible.update(view["discard"])
    visible.update(view["play_area"])
    if view["hocus"]:
        visible[view["hocus"]["card"]] += 1
        visible.update(p["card"] for p in view["hocus"]["pocus"])
    visible.update((view["pending"] or {}).get("cards", []))
    for faces in card_lists(state):
        shown = Counter()
        for f in faces:
            shown[f["kind"]] += f["count"]
        assert not shown - visible, f"cards the viewer cannot see: {dict(shown - visible)}"
    for seat in range(game.players):
        if seat != viewer:
            for secret in private_texts(game, seat, viewer):
                assert secret not in text, f"seat {seat}'s private log text leaked: {secret!r}"


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 1), (5, 2)])
def test_vs_bots_whole_game_never_shows_another_seats_cards(players, seed):
    """Summary of the Rules: Hands secret. (That the scene survives a re-deal of every hidden
    card is checked for every game in test_widget_every_game.py.)"""
    controller = TableController(GAME, players=players, seat=0, bots="heuristic", seed=seed)
    count = 0

    def check(state):
        nonlocal count
        count += 1
        assert_only_what_the_viewer_may_know(controller, state)

    final = play_through(controller, seat=0, seed=seed, check=check)
    assert final["scene"]["gameover"] and count > 40


def test_pass_and_play_shows_only_the_person_at_the_screen_even_in_windows():
    """Several people may answer one Hocus: each is handed the screen in turn (every prompt
    asked: reactions="always", so windows with two people asked at once occur)."""
    controller = TableController(GAME, players=3, bots=None, seed=6, quick=True, reactions="always")
    handoffs = []
    windows_with_two_people = 0

    def check(state):
        nonlocal windows_with_two_people
        scene = state["scene"]
        assert_only_what_the_viewer_may_know(controller, state)
        if scene["handoff"]:
            handoffs.append(scene["handoff"]["to"])
            assert scene["hand"] is None and scene["seat"] is None and scene["prompt"] is None
        elif not controller.game.is_over:
            assert scene["seat"] in controller.game.to_act
            windows_with_two_people += len(controller.game.to_act) > 1

    play_through(controller, seed=6, check=check)
    assert set(handoffs) == {0, 1, 2} and windows_with_two_people
