"""Disney Hocus Pocus: The Game in the widgets: its presenter, whole games through the controller
(the generic suites, offered == legal and the re-deal proof, run for it in
test_widget_every_game.py; its notebook in test_widget_notebooks.py).

Rule ids (``disney-hocus-pocus/...``, rulebook ``disney-hocus-pocus-the-game.txt``) checked:
``ask/question`` and ``ask/answers`` (a question in two clicks, each answer beside its player),
``binx/reveal`` (the hand Binx shows), ``spell/cast`` and ``spell/miss`` (the Spell with its
caster, its effect or "missed"), ``trick/once`` (used tokens turned over),
``turn/draw-empty`` / ``game/lose`` (the low-deck warning), ``game/win`` and ``game/lose``
(the team game-over panel), ``play/cannot`` (the discard picker).
"""

from __future__ import annotations

import json

from widget_helpers import act, play_through

from witchtable.engine import new_game
from witchtable.engine.bots import make_bot
from witchtable.engine.core import Game
from witchtable.widgets import TableController
from witchtable.widgets.presenters import disney_hocus_pocus as dhp
from witchtable.widgets.presenters import presenter_for
from witchtable.widgets.scene import action_key, combo_key, pictures_of, walk_actions

GAME = "disney-hocus-pocus"
R = "disney-hocus-pocus/"
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]


def bot_game(players: int, seed: int, kind: str = "heuristic", **options):
    """Yield a bots' game at every position (the same Game, mutated), to the end."""
    game = new_game(GAME, players, seed, **options)
    bots = [make_bot(kind, GAME, seed * 10 + s) for s in range(players)]
    while not game.is_over:
        yield game
        seat = game.to_act[0]
        game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    yield game


def find(players: int, condition, seeds=range(1, 300), kind: str = "heuristic", **options) -> Game:
    """The first position of a bots' game (over several seeds) where ``condition(game)`` holds."""
    for seed in seeds:
        for game in bot_game(players, seed, kind, **options):
            if condition(game):
                return game
    raise AssertionError("no bot game reached the wanted position")


def scene_of(game: Game, seat: int | None = 0) -> dict:
    names = NAMES[:game.players]
    return presenter_for(GAME).present(game, seat, names=names, you=seat)


def zone(scene: dict, key: str) -> dict | None:
    return next((z for z in scene["table"] if z["key"] == key), None)


def test_the_game_declares_this_presenter_and_its_pictures():
    assert presenter_for(GAME) is dhp
    icons = pictures_of(dhp)
    for name in ("newt-saliva", "dead-mans-toe", "oil-of-boil", "herb-thats-red", "dash-of-pox",
                 "binx", "book", "sun", "winifred", "mary", "sarah"):
        assert name in icons, name


def test_ask_question_is_two_clicks_colour_or_type_then_which():
    """ask/question: two folded groups (a colour, an ingredient), each listing the engine's asks."""
    game = new_game(GAME, 3, 5)
    scene = scene_of(game)
    groups = scene["prompt"]["groups"]
    assert [g["key"] for g in groups] == ["ask-colour", "ask-ingredient"]
    assert all(g["fold"] for g in groups), "the first click opens a group, the second picks"
    colours = [c["action"]["value"] for c in groups[0]["choices"]]
    types = [c["action"]["value"] for c in groups[1]["choices"]]
    assert len(colours) == 5 and len(types) == 5
    assert {action_key(a) for a in walk_actions(scene)} == {action_key(a) for a in game.legal_actions(0)}
    assert groups[0]["choices"][0]["label"] == "Purple"
    assert "Newt Saliva" in [c["label"] for c in groups[1]["choices"]]


def test_ask_answers_show_beside_each_player():
    """ask/answers: after the question, every other player's truthful yes/no is a badge on its panel."""
    game = new_game(GAME, 3, 5)
    hands = [game.view(s)["hand"] for s in range(3)]
    game.apply(0, {"type": "ask", "about": "colour", "value": "blue"})
    scene = scene_of(game)
    badges = {p["seat"]: [b["text"] for b in p["badges"]] for p in scene["players"]}
    assert badges[0] == ["asked: Blue?"]
    for s in (1, 2):
        holds = any(c.startswith("blue:") for c in hands[s])
        assert ("yes: Blue" if holds else "no: Blue") in badges[s]
    lines = zone(scene, "questions")["lines"]
    assert lines[-1]["text"].startswith("You asked who has Blue")
    assert "Bo: " in lines[-1]["text"] and "Cy: " in lines[-1]["text"]


def test_binx_reveal_shows_the_hand_on_the_table_and_the_panel():
    """binx/reveal: the seat Binx sits before shows its hand (a tableau and a table zone)."""
    game = find(3, lambda g: g.view(None)["binx"] is not None and g.view(None)["binx"] != 0)
    public = game.view(None)
    seat = public["binx"]
    scene = scene_of(game, 0)
    panel = scene["players"][seat]
    assert "Binx: hand shown" in [b["text"] for b in panel["badges"]]
    shown = [f["kind"] for f in panel["tableau"]["cards"] for _ in range(f["count"])]
    assert sorted(shown) == sorted(public["binx_hand"])
    assert zone(scene, "binx")["cards"] == panel["tableau"]["cards"]
    assert all("tableau" not in p for p in scene["players"] if p["seat"] != seat)


def test_spell_cast_shows_caster_and_effect_and_a_miss_says_missed():
    """spell/cast and spell/miss: the Spell just cast with its caster, then its effect or "missed"."""
    game = find(3, lambda g: (g.view(None)["spell"] or {}).get("outcome") == "cast")
    spell = game.view(None)["spell"]
    z = zone(scene_of(game), "spell")
    assert z["cards"][0]["name"] == spell["name"]
    assert "cast by" in z["cards"][0]["caption"]
    assert z["text"] == dhp.SPELL_EFFECTS[spell["effect"]]
    assert z["lines"][0]["text"] == f"{spell['name']}: cast"
    game = find(3, lambda g: (g.view(None)["spell"] or {}).get("outcome") == "missed")
    spell = game.view(None)["spell"]
    z = zone(scene_of(game), "spell")
    assert z["cards"][0]["state"] == "cancelled"
    assert "missed" in z["lines"][0]["text"] and "Missed" in z["text"]


def test_trick_tokens_used_ones_are_turned_over():
    """trick/once: each token is a card; a used one is turned over (void, its back) and not offered."""
    game = find(3, lambda g: sum(g.view(None)["tricks"].values()) >= 1)
    tricks = game.view(None)["tricks"]
    cells = {c["kind"]: c for c in zone(scene_of(game), "tricks")["grid"]["cards"]}
    assert len(cells) == 4
    for trick, used in tricks.items():
        cell = cells["trick-" + trick]
        assert (cell.get("state") == "void") == used
        assert (cell["caption"] == "used: turned over") == used
    offered = {a["type"] for s in range(3) for a in walk_actions(scene_of(game, s))}
    for trick, used in tricks.items():
        if used:
            assert trick not in offered


def test_deck_warning_when_the_deck_runs_low():
    """turn/draw-empty, game/lose: the deck zone warns once two rounds of draws are left."""
    fresh = zone(scene_of(new_game(GAME, 3, 5)), "deck")
    assert fresh["pile"]["count"] == 38 and "lines" not in fresh
    game = find(3, lambda g: 0 < g.view(None)["deck_size"] <= dhp.low_deck(3))
    z = zone(scene_of(game), "deck")
    assert z["tone"] == "warning" and z["lines"][0]["tone"] == "warning"
    assert f"Only {game.view(None)['deck_size']} card" in z["lines"][0]["text"]
    game = find(3, lambda g: g.view(None)["deck_size"] == 0 and not g.is_over)
    assert "empty" in zone(scene_of(game), "deck")["lines"][0]["text"]


def test_team_game_over_panel_says_won_or_lost_and_how():
    """game/win and game/lose: one panel for the table, with the engine's account of how."""
    seen = set()
    for seed in range(1, 400):
        *_, game = bot_game(3, seed)
        result = "won" if game.winners else "lost"
        if result in seen:
            continue
        seen.add(result)
        scene = scene_of(game)
        over = scene["gameover"]
        assert over["result"] == result and scene["headline"]["result"] == result
        assert all(p["team"] and p["winner"] == (result == "won") for p in scene["players"])
        assert over["text"].startswith("Everyone wins" if result == "won" else "Everyone loses")
        assert ("sunrise" in over["text"]) == (result == "won")
        if len(seen) == 2:
            return
    raise AssertionError(f"only {seen} among the bot games")


def test_cauldron_piles_show_top_and_depth_and_the_sunrise_track_the_stuns():
    def wanted(g):
        view = g.view(None)
        return view["stuns"] >= 1 and sum(len(p["cards"]) for p in view["piles"]) >= 3

    game = find(3, wanted)
    view = game.view(None)
    scene = scene_of(game)
    cells = zone(scene, "cauldron")["grid"]["cards"]
    for i, (pile, cell) in enumerate(zip(view["piles"], cells, strict=True)):
        assert cell["depth"] == len(pile["cards"])
        assert cell["kind"] == (pile["top"] or pile["space"])
        assert cell["caption"].startswith(f"Pile {i + 1}")
    track = zone(scene, "sunrise")["grid"]["cards"]
    assert len(track) == 4 and track[view["sun"]]["caption"] == "the Sun"
    witches = {c["kind"]: c for c in zone(scene, "witches")["grid"]["cards"]}
    assert witches["witch-" + view["stunned"]]["tag"] == "Stunned"


def test_discard_picker_lists_every_legal_replacement_and_compose_sends_a_miss_to_the_engine():
    """play/cannot: after a failed play the hand is a picker; every listed subset is the engine's."""
    game = find(3, lambda g: g.view(None)["phase"] == "discard")
    seat = game.to_act[0]
    scene = scene_of(game, seat)
    picker = scene["picker"]
    legal = [a for a in game.legal_actions(seat) if a["type"] == "discard"]
    assert len(picker["combos"]) == len(legal)
    for action in legal:
        picked: dict = {}
        for name in action["cards"]:
            picked[name] = picked.get(name, 0) + 1
        assert picker["combos"][combo_key(picked)]["choices"][0]["action"] == action
    controller = TableController(GAME, players=3, seat=seat, seed=1, pace=0)
    controller.game = game
    state = controller.handle({"kind": "build", "picker": "discard", "picked": {}, "target": None,
                               "move": game.move_number})
    assert state["notice"]["level"] == "error" and state["notice"]["rule"] == R + "play/cannot"


def test_action_labels_read_as_sentences():
    names = NAMES[:3]
    assert dhp.action_label({"type": "ask", "about": "ingredient", "value": "dash-of-pox"}, names) == \
        "asks who has Dash of Pox"
    assert dhp.action_label({"type": "play", "card": "blue:oil-of-boil:book", "pile": 0}, names) == \
        "plays Blue Oil of Boil (Spell Book) onto pile 1"
    assert dhp.action_label({"type": "binx", "seat": 2}, names) == "places Binx before Cy"


def test_a_whole_game_by_clicks_with_bot_team_mates_reaches_a_team_outcome():
    """Through handle() alone, a person and two heuristic team-mates play to a win or a loss."""
    for seed in (2, 3):
        controller = TableController(GAME, players=3, seat=0, seed=seed, pace=0)
        final = play_through(controller, seat=0, seed=seed)
        assert final["scene"]["gameover"]["result"] in ("won", "lost")
        json.dumps(final)


def test_a_bad_click_is_refused_with_the_rule():
    controller = TableController(GAME, players=3, seat=0, seed=5, pace=0)
    act(controller, {"type": "ask", "about": "colour", "value": "purple"})
    hand = controller.game.view(0)["hand"]
    piles = range(5)
    legal = {action_key(a) for a in controller.game.legal_actions(0)}
    bad = next({"type": "play", "card": c, "pile": p} for c in hand for p in piles
               if action_key({"type": "play", "card": c, "pile": p}) not in legal)
    state = act(controller, bad)
    assert state["notice"]["level"] == "error" and state["notice"]["rule"] == R + "play/match"


def test_the_compact_explorer_is_told_what_repeats_and_what_is_help():
    """The explorer's three columns (docs/widgets.md, "In the three columns") draw the board
    densely from these marks: a zone or badge that only repeats what the board shows
    elsewhere (``repeats``), a zone's static help (``help``), tokens drawn as chips
    (``grid.chips``), fewer question lines (``compact_lines``: the latest, the rest
    counted); the god view draws a hand Binx shows once, as the hand."""
    game = find(4, lambda g: g.view(None)["binx"] is not None and len(g.view(None)["questions"]) > 3)
    public = game.view(None)
    god = presenter_for(GAME).present_god_view(game, names=NAMES[:4])
    seat = public["binx"]
    assert "tableau" not in god["players"][seat] and god["players"][seat]["cards"]
    assert "Binx: hand shown" in [b["text"] for b in god["players"][seat]["badges"]]
    assert "tableau" in scene_of(game, (seat + 1) % 4)["players"][seat], "a seat's own view still shows it"
    zones = {z["key"]: z for z in god["table"]}
    assert zones["binx"]["repeats"] and zones["sunrise"]["repeats"]
    helped = {key for key, z in zones.items() if z.get("help")}
    assert {"cauldron", "deck", "tricks", "questions"} <= helped and "witches" not in helped
    assert zones["witches"]["grid"]["chips"] and zones["tricks"]["grid"]["chips"]
    answers = [b for p in god["players"] for b in p["badges"] if b["tone"] in ("yes", "no", "muted")]
    assert answers and all(b["repeats"] for b in answers)
    questions = zones["questions"]
    asked = len(public["questions"])
    brief = questions["compact_lines"]
    assert brief[1:] == questions["lines"][-1:]
    assert brief[0]["text"] == f"({asked - 1} earlier question{'s' if asked - 1 != 1 else ''} in the log)"
