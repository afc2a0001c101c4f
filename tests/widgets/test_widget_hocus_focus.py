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
                     "version", "language", "select", "input", "save", "icons", "set"})
"""Scene keys that hold identifiers (never shown as words), skipped when reading the text."""

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
        assert len({hocus_focus.PATTERN[c] for c in hocus_focus.COLOUR_HEX}) == 4
        name = hocus_focus.wizard_name("thin-RPGT")
    assert name == {"en": "thin R·P·G·T", "es": "delgado R·M·V·T"}[language]


def test_a_wrong_claim_shows_which_garments_matched():
    """hocus-focus/claim/wrong: the feedback names what the claimed wizard shares."""
    game = new_game("hocus-focus", 2, 3, timing="untimed", language="es")
    view = game.view(0)
    wrong = next(c for c in view["board"] if shared(c, view["turned"]))
    game.apply(0, {"type": "claim", "card": wrong})
    game.apply(1, {"type": "pass"})
    with i18n.using("es"):
        scene = hocus_focus.present(game, 0, names=["Tú", "Morgana"], you=0)
        same = ", ".join(hocus_focus._words()[m] for m in shared(wrong, view["turned"]))
    lines = next(z for z in scene["table"] if z["key"] == "result")["lines"]
    assert lines[0]["text"].startswith("Te equivocaste") and same in lines[0]["text"], lines
