"""Hocus Focus's table: its two languages, the colour-blind marks, wrong-claim feedback.

The language is the game's ``language`` option (the rules ignore it); the widgets draw
every text in it through the one gettext catalogue, the engine's log templates and rule
summaries included (marked with ``engine.rules.N_``).
"""

from __future__ import annotations

import re

import pytest
from widget_helpers import play_through

from witchtable.engine import new_game
from witchtable.engine.games.hocus_focus import shared
from witchtable.widgets import TableController, i18n
from witchtable.widgets.presenters import hocus_focus

ID_KEYS = frozenset({"kind", "icon", "tone", "key", "role", "attr", "game", "pictures", "mode", "phase",
                     "rule", "path", "url", "field", "action", "message", "seat", "type", "card", "result",
                     "version", "language", "select", "input", "save", "icons", "set", "source"})
"""Scene keys that hold identifiers (never shown as words), skipped when reading the text
(``source``: the rulebook section a rule cites, named as the Spanish rulebook names it)."""

ENGLISH = frozenset("""the and of with wizard wizards round rounds call calls called turned match pass wins
won you your game player players draw pile set aside wrong right size hat robe shoes wand red purple green
thin medium wide time goal race undo new skip how play rules log cards waiting barred fits face up
last table clock close copy moves timeline step back forward whose view hand target easy hard""".split())
"""Words only English text holds (not "no", "normal" or "bot", which Spanish shares)."""

SPANISH = frozenset("""el la los las del de que mago magos ronda rondas mazo gana ganó ganas partida
jugador jugadores tú sin coincidencia con una un por para descubierto boca arriba sombrero túnica
zapatos varita rojo morado verde delgado mediano ancho tiempo meta carrera deshacer mesa""".split())
"""Words only Spanish text holds."""


def texts(node, out=None) -> list[str]:
    """Every string of a state a person reads (identifiers and actions left out)."""
    out = [] if out is None else out
    if isinstance(node, dict):
        for key, value in node.items():
            if key not in ID_KEYS:
                texts(value, out)
    elif isinstance(node, list):
        for item in node:
            texts(item, out)
    elif isinstance(node, str):
        out.append(node)
    return out


def words(text: str) -> set[str]:
    text = re.sub(r"\{[^}]*\}", " ", text)  # a placeholder the front end fills in
    text = re.sub(r"wt1\.[\w-]+", " ", text)  # a position link: base64url, whose letters are no words
    return {w.lower() for w in re.findall(r"[A-Za-zÁÉÍÓÚáéíóúñÑü]+", text)}


def leaks(state: dict, foreign: frozenset) -> dict[str, set]:
    found = {}
    for text in texts({"scene": state["scene"], "strings": state["strings"], "notice": state["notice"]}):
        hit = words(text) & foreign
        if hit:
            found[text] = hit
    return found


@pytest.mark.parametrize("timing", ["timed", "untimed"])
@pytest.mark.parametrize("language, foreign", [("es", ENGLISH), ("en", SPANISH)])
def test_a_whole_game_reads_in_one_language(language, foreign, timing):
    """hocus-focus/game/target: a game played to its end (log, How to play, feedback, the
    game-over story) in Spanish holds no English word, and in English no Spanish one."""
    controller = TableController("hocus-focus", players=3, seed=4, pace=0.5, language=language,
                                 target=4, timing=timing)
    found: dict = {}
    play_through(controller, seed=2, check=lambda state: found.update(leaks(state, foreign)))
    explorer = TableController("hocus-focus", players=3, seed=4, mode="explore", language=language,
                               target=4, timing=timing)
    explorer.handle({"kind": "autoplay"})
    for move in (0, 5):
        found.update(leaks(explorer.handle({"kind": "goto", "move": move}), foreign))
    assert not found


def test_every_log_template_and_rule_of_the_game_has_its_spanish():
    """hocus-focus/time/ms: every engine text the game logs, told to anyone or to "you", and
    every rule summary is in the Spanish catalogue."""
    from witchtable.engine import GAMES
    from witchtable.widgets.scene import you_template

    with i18n.using("es"):
        game = new_game("hocus-focus", 3, 1, expert=True, target=3)
        rules = GAMES["hocus-focus"].rules
        missing = [r.id for r in rules if i18n._(r.summary) == r.summary
                   or (r.ruling and i18n._(r.ruling) == r.ruling)]
        from witchtable.engine.bots import make_bot
        bots = [make_bot("easy", "hocus-focus", s) for s in range(3)]
        while not game.is_over:
            seat = game.to_act[0]
            game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        for seat in (None, 0):
            for entry in game.view(seat)["log"]:
                forms = [entry["msg"]] + [you_template(entry["msg"], [k]) for k in ("actor", "player")
                                          if "{" + k + "}" in entry["msg"]]
                missing += [f for f in forms if i18n._(f) == f]
    assert not missing


def test_two_tables_in_one_notebook_keep_their_own_languages():
    spanish = TableController("hocus-focus", players=2, seed=1, language="es")
    english = TableController("hocus-focus", players=2, seed=1)
    assert spanish.state()["scene"]["headline"]["text"].startswith("Ronda 1")
    assert english.state()["scene"]["headline"]["text"].startswith("Round 1")
    assert spanish.names[0] == "Tú" and english.names[0] == "You"
    assert i18n.language() == "en", "a table's language does not stay active after it drew"


def test_the_language_option_is_checked():
    with pytest.raises(ValueError, match="language must be one of en, es"):
        new_game("hocus-focus", 2, 1, language="fr")


@pytest.mark.parametrize("language", ["en", "es"])
def test_each_colour_has_its_own_pattern_and_letter(language):
    """hocus-focus/claim/fit without colour vision: four patterns, four letters, and a
    wizard's name spells its colours."""
    with i18n.using(language):
        legend = hocus_focus.legend()
        assert len({e["tag"] for e in legend}) == 4 and len({e["text"] for e in legend}) == 4
        assert len({hocus_focus.MARK[c] for c in hocus_focus.COLOUR_HEX}) == 4
        assert not any("url(#" in svg for svg in hocus_focus.pictures().values()), \
            "no picture depends on an id elsewhere in the page (a hidden one draws nothing)"
        name = hocus_focus.wizard_name("thin-RPGT")
    assert name == {"en": "thin R·P·G·T", "es": "delgado R·M·V·T"}[language]


def test_a_wrong_claim_shows_which_garments_matched():
    """hocus-focus/claim/wrong: the feedback names what the claimed wizard shares."""
    game = new_game("hocus-focus", 2, 3, timing="untimed", language="es")
    view = game.view(0)
    wrong = next(c for c in view["board"] if shared(c, view["turned"]))
    game.apply(0, {"type": "claim", "round": 1, "card": wrong})
    game.apply(1, {"type": "pass", "round": 1})
    with i18n.using("es"):
        scene = hocus_focus.present(game, 0, names=["Tú", "Morgana"], you=0)
        same = ", ".join(hocus_focus._words()[m] for m in shared(wrong, view["turned"]))
    lines = next(z for z in scene["table"] if z["key"] == "result")["lines"]
    assert lines[0]["text"].startswith("Te equivocaste") and same in lines[0]["text"], lines


# --------------------------------------------------------------------------- call keys

from test_widget_node import pages  # noqa: E402,F401  (the page fixture: table.js in a fake DOM)

CARD = "[data-grid=board] button.wt-grid-cell"


def start_round(page) -> None:
    """Close How to play and let the countdown run out: the round's clock starts then."""
    page.op("key", selector=".wt-table", key="Escape")
    page.op("wait", ms=hocus_focus.COUNTDOWN * 1000)


def test_kazaam_by_keyboard_times_the_call_then_the_pointing(pages):  # noqa: F811
    """hocus-focus/time/ms, hocus-focus/expert/too-slow: the call key ("Kazaam!") fixes the
    call's ms; the card pointed at afterwards carries point_ms, the time it took to point."""
    controller = TableController("hocus-focus", players=2, seed=7, pace=0.5)
    scene = controller.state()["scene"]
    assert [c["key"] for c in scene["calls"]["keys"]] == ["k"] and scene["clock"]["point_field"] == "point_ms"
    page = pages(controller)
    start_round(page)
    page.op("wait", ms=1200)
    assert page.op("key", selector=".wt-table", key="k")["sent"] == []
    assert page.query(".wt-calling")[0]["text"].startswith("Kazaam! You")
    page.op("wait", ms=300)
    answer = page.op("click", selector=CARD, index=2)
    [message] = answer["sent"]
    assert (message["seat"], message["ms"], message["point_ms"]) == (0, 1200, 300)
    page.deliver(answer)
    move = controller.game.history[0]
    assert (move.seat, move.action["ms"], move.action["point_ms"]) == (0, 1200, 300)


def test_escape_takes_a_call_back_and_a_plain_click_is_call_and_point_at_once(pages):  # noqa: F811
    controller = TableController("hocus-focus", players=2, seed=7, pace=0.5)
    page = pages(controller)
    start_round(page)
    page.op("key", selector=".wt-table", key="k")
    page.op("key", selector=".wt-table", key="Escape")
    assert page.query(".wt-calling") == []
    page.op("wait", ms=800)
    [message] = page.op("click", selector=CARD)["sent"]
    assert message["ms"] == 800 and "point_ms" not in message and "seat" not in message


def test_several_people_at_one_keyboard_each_call_with_their_own_key(pages):  # noqa: F811
    """Several people race at one screen (no hand-off: nothing is hidden between them); each
    person's key calls for their own seat, and No match!/Pass are offered per person."""
    controller = TableController("hocus-focus", players=3, bots=[None, None, "easy"], seed=7, pace=0.5)
    state = controller.state()
    scene = state["scene"]
    assert scene["handoff"] is None
    assert [(c["seat"], c["key"]) for c in scene["calls"]["keys"]] == [(0, "a"), (1, "l")]
    seats = {(c["label"], c.get("seat")) for g in scene["prompt"]["groups"] for c in g["choices"]}
    assert ("No match! · Player 2", 1) in seats and ("Pass · Player 1", 0) in seats
    page = pages(controller)
    start_round(page)
    page.op("wait", ms=900)
    page.op("key", selector=".wt-table", key="l")
    page.op("wait", ms=250)
    answer = page.op("click", selector=CARD, index=5)
    assert [(m["seat"], m["ms"], m["point_ms"]) for m in answer["sent"]] == [(1, 900, 250)]
    page.deliver(answer)
    assert controller.game.history[-1].seat == 1 and controller.notice is None
    keys = [c["key"] for c in controller.state()["scene"]["calls"]["keys"]]
    assert keys == ["a"], "Player 2 has called: only Player 1's key is left this round"


@pytest.mark.parametrize("point", [-1, 1.5, "9", True, 3_600_001])
def test_a_bad_point_ms_is_refused_and_nothing_is_played(point):
    controller = TableController("hocus-focus", players=2, seed=7, pace=0.5)
    controller.state()
    claim = controller.game.legal_actions(0)[0]
    state = controller.handle({"kind": "act", "action": claim, "move": 0, "ms": 10, "point_ms": point})
    assert state["notice"]["level"] == "error" and "'point_ms'" in state["notice"]["text"]
    assert controller.game.move_number == 0


# --------------------------------------------------------------------------- the play page's setup

def test_the_play_page_passes_the_games_own_options_and_offers_them_in_its_form():
    """The setup form's game options (language, timing, target) reach the table; an unknown
    option is a readable error."""
    import importlib.util
    import json
    from pathlib import Path

    from witchtable.engine import GAMES

    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("wt_host_focus", root / "lite" / "site" / "host.py")
    host = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(host)
    answer = json.loads(host.start(json.dumps({"game": "hocus-focus", "players": 2, "seed": 1, "pace": 0,
                                               "options": {"language": "es", "timing": "untimed",
                                                           "target": 3}})))
    scene = answer["state"]["scene"]
    assert scene["headline"]["text"].startswith("Ronda 1") and scene["phase"] == "untimed"
    assert "clock" not in scene
    bad = json.loads(host.start(json.dumps({"game": "hocus-focus", "options": {"colour": "red"}})))
    assert "no option 'colour'" in bad["error"]
    from witchtable.site import pages as pages_module  # lite/ as the package ships it

    fields = pages_module.option_fields(GAMES["hocus-focus"].describe())
    assert ('<select name="option:language"><option value="en" selected>English</option>'
            '<option value="es">Español</option>') in fields
    assert 'name="option:timing"' in fields and 'name="option:target" type="number"' in fields
    assert 'option:deck' not in fields, "house data lists are left to notebooks and saves"
