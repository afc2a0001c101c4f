"""Words a person reads (issue 27, item 3): every text of every scene, in every game and
language, is free of programmers' words and of known slips.

A seeded game against the default bots is played through the play table (the person
clicks a random offered action), then replayed in the explorer; every state's readable
texts (labels, titles, log lines, notices, help, the explorer's why panel...) are
collected by key and checked for:

- internal names: a card, piece or option id (``herb-thats-red``, ``blue:newt-saliva``,
  ``(mary)``, ``tie_ms``) or a rule id (``game/topic/detail``) outside the fields that
  are rule ids on purpose;
- places counted from 0 (``pile 0``, ``Storage space 0``): people count from 1;
- the second person's grammar (``You goes``, ``You plays``, ``You ... and stops``);
- Spanish agreement of the wizards' garments and colours (``túnica rojo``).

Nothing here knows a game: every game in :data:`GAMES` is played.
"""

from __future__ import annotations

import html as markup
import json
import random
import re
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from widget_helpers import play_through

from witchtable.engine import GAMES, bots
from witchtable.engine.games.hocus_focus import HOUSE_DECK
from witchtable.widgets import TableController
from witchtable.widgets.i18n import BOTS, LANGUAGES, bot_choice, bot_word, using
from witchtable.widgets.presenters import hocus_focus
from witchtable.widgets.scene import action_key, you_template

READABLE = frozenset({
    "label", "title", "text", "hint", "help", "empty", "invalid", "message", "name", "note",
    "caption", "detail", "head", "lines", "source", "story", "summary", "ruling", "tag", "value",
    "verb", "legend_note", "legend_title", "close_label", "pointing", "taken", "section",
    "seats", "winners", "goal", "unit", "units", "bot", "hidden", "reason", "points", "secret",
    "headline", "prompt", "status", "badges", "counters", "question", "answer"})
"""Keys whose strings are words on the screen (the others are ids the front end reads:
``kind``, ``icon``, ``rule``, ``attr``, ``key``, ``role``, actions and messages)."""

THIRD_PERSON = re.compile(r"\bYou(?: (?:alone|still|also|only|then|now|first|again|both))? "
                          r"(has|is|does|goes|was|(?!always\b)[a-z]+[^s\W]s)\b")
"""``You`` with a verb in the third person (``You goes``, ``You plays``; ``You pass`` is fine)."""
THIRD_AFTER_AND = re.compile(r"^You [a-z]+[^.;:]*? and ((?!always\b)[a-z]+[^s\W]s) "
                             r"(?:the|a|an|it|them|their|your)\b")
"""A second verb of a sentence whose subject is ``You``: "You put ... and stops the attack"."""
ZERO_PLACE = re.compile(r"\b(?:pile|space|spot|slot|place|pila|montón|espacio|hueco)s? 0\b", re.I)
RULE_ID = re.compile(r"\b[a-z]+(?:-[a-z]+)*/[a-z]+(?:-[a-z]+)*/[a-z0-9]+(?:-[a-z0-9]+)*\b")
COLOUR_ID = re.compile(r"\b[a-z]+:[a-z]+(?:-[a-z]+)*\b")
"""``blue:newt-saliva``: a card's id with its colour."""
HYPHENATED = re.compile(r"(?<![\w-])[a-z]+(?:-[a-z0-9]+)+(?![\w-])")
PARENTHESISED = re.compile(r"\(([a-z][a-z0-9_-]*)\)")
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
SPANISH_SLIPS = re.compile(
    r"\b(?:túnica|varita) (?:rojo|morado|rojos|morados)\b"
    r"|\bzapatos (?:rojo|morado|roja|morada|verde)\b"
    r"|\bsombrero (?:roja|morada|rojos|morados)\b", re.I)
"""Spanish slips the issue found: a garment whose colour does not agree with it (an
English option name left in a sentence, ``(la opción Tiempo, timing)``, is checked by name)."""

ENGLISH = frozenset({"face-down", "face-up", "set-aside", "tie"})
"""Ids that are also plain English words, fine in a sentence ("your face-down cards")."""

SEEDS = (5,)
EXPLORER_STEP = 4
"""The explorer is read at every 4th move of the replayed game (its panels cost a replay)."""


def players_of(spec) -> list[int]:
    return sorted({spec.min_players, spec.max_players})


def languages_of(spec) -> tuple[str, ...]:
    """The languages a game's table speaks: every catalogue for a game with a ``language``
    option, English for the others (their tables are English only)."""
    return LANGUAGES if "language" in spec.options else ("en",)


CASES = [(gid, n, lang) for gid, spec in GAMES.items() for n in players_of(spec)
         for lang in languages_of(spec)]


def readable(node, key: str = "") -> Iterator[tuple[str, str]]:
    """Every (key, text) of a state that reaches the person's eyes."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k in ("action", "message", "orders") and isinstance(v, dict):
                continue
            if k == "strings":
                continue
            yield from readable(v, k if k in READABLE or not isinstance(v, str) else "")
    elif isinstance(node, list):
        for item in node:
            yield from readable(item, key)
    elif isinstance(node, str) and key in READABLE:
        yield key, node


def machine_words(node, found: set) -> set:
    """The ids a state carries where the front end reads ids: every string of an action or
    message, every ``kind``, ``icon``, ``key``, ``zone``, ``type`` and ``phase``."""
    if isinstance(node, dict):
        for k, v in node.items():
            if isinstance(v, str) and k in ("kind", "icon", "key", "zone", "type", "phase", "card", "from",
                                            "target", "colour", "ingredient", "about"):
                found.add(v)
            elif k in ("action", "message") and isinstance(v, dict):
                found.update(s for s in _strings(v))
            machine_words(v, found)
    elif isinstance(node, list):
        for item in node:
            machine_words(item, found)
    return found


def _strings(node) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for v in node.values():
            yield from _strings(v)
    elif isinstance(node, list):
        for v in node:
            yield from _strings(v)


def slips(text: str, key: str, ids: set, options: set, language: str) -> list[str]:
    """What is wrong with one text a person reads (an empty list: nothing)."""
    wrong = []
    ids = ids - ENGLISH
    if key == "bot" and text not in {bot_word(kind) for kind in bots.BOT_KINDS}:
        wrong.append(f"a bot's kind not in the words of widgets.i18n.BOTS {text!r}")
    if key == "ruling":
        text = text.split(":", 1)[-1]
    for match in RULE_ID.finditer(text):
        if not match.group(0).startswith(("docs/", "http")):
            wrong.append(f"a rule id {match.group(0)!r}")
    wrong += [f"a card id {m.group(0)!r}" for m in COLOUR_ID.finditer(text)]
    wrong += [f"an internal name {m.group(0)!r}" for m in HYPHENATED.finditer(text) if m.group(0) in ids]
    wrong += [f"an internal name {m.group(0)!r}" for m in PARENTHESISED.finditer(text) if m.group(1) in ids]
    wrong += [f"an option's name {m.group(0)!r}" for m in SNAKE.finditer(text) if m.group(0) in options]
    wrong += [f"a place counted from 0 {m.group(0)!r}" for m in ZERO_PLACE.finditer(text)]
    wrong += [f"'You' with a third-person verb {m.group(0)!r}" for m in THIRD_PERSON.finditer(text)]
    wrong += [f"'You' with a third-person verb {m.group(0)!r}" for m in THIRD_AFTER_AND.finditer(text)]
    if language == "es":
        wrong += [f"a Spanish slip {m.group(0)!r}" for m in SPANISH_SLIPS.finditer(text)]
        wrong += [f"an option's name {m.group(0)!r}" for m in re.finditer(r"\b\w+\b", text)
                  if m.group(0) in options]
    return wrong


def states(game_id: str, players: int, language: str, seed: int) -> Iterator[dict]:
    """Every state of a seeded game through the play table, then of its replay in the explorer."""
    options = {"language": language} if "language" in GAMES[game_id].options else {}
    table = TableController(game_id, players=players, seat=0, seed=seed, pace=0, **options)
    seen: list[dict] = []
    play_through(table, seat=0, seed=seed, check=seen.append)
    yield from seen
    explorer = TableController(game_id, players=players, mode="explore", save=table.game.to_json())
    for move in [*range(0, len(explorer.line), EXPLORER_STEP), len(explorer.line)]:
        yield explorer.handle({"kind": "goto", "move": move})
    yield explorer.handle({"kind": "view_as", "seat": 0})


@pytest.mark.parametrize(("game_id", "players", "language"), CASES,
                         ids=[f"{g}-{n}p-{lang}" for g, n, lang in CASES])
def test_every_text_a_person_reads_is_in_words(game_id, players, language):
    """No ids, no place counted from 0, no "You goes", no "túnica rojo" in any scene."""
    options = set(GAMES[game_id].options)
    found: dict[str, str] = {}
    for seed in SEEDS:
        for state in states(game_id, players, language, seed):
            ids = machine_words(state["scene"], set())
            ids.update(o for o in GAMES[game_id].options if "-" in o)
            with using(language):
                for key, text in readable({"scene": state["scene"], "notice": state["notice"]}):
                    for slip in slips(text, key, ids, options, language):
                        found.setdefault(slip, text)
    assert not found, "\n".join(f"{slip} in {text!r}" for slip, text in sorted(found.items())[:25])


def test_every_bot_kind_has_words_and_says_what_it_does():
    """Each bot kind any game declares has a word for the table's badge and a line for the
    setup form's menu, in every language, and no two kinds read alike."""
    assert set(bots.BOT_KINDS) <= set(BOTS), f"bot kinds without words: {set(bots.BOT_KINDS) - set(BOTS)}"
    for language in LANGUAGES:
        with using(language):
            words = [bot_word(kind) for kind in bots.BOT_KINDS]
            assert len(set(words)) == len(words), words
            for kind in bots.BOT_KINDS:
                assert bot_choice(kind).lower().startswith(bot_word(kind).lower()), kind
                assert bot_choice(kind) != bot_word(kind), f"{kind}: the menu says what the bot does"


PLACE = re.compile(r"\b(?:pile|space) (\d+)\b", re.I)


def labelled_choices(node, found: dict) -> dict:
    """Each clickable action of a scene by its key, with the words on its button."""
    if isinstance(node, dict):
        if isinstance(node.get("action"), dict) and isinstance(node.get("label"), str):
            found[action_key(node["action"])] = node["label"]
        for value in node.values():
            labelled_choices(value, found)
    elif isinstance(node, list):
        for item in node:
            labelled_choices(item, found)
    return found


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_place_has_one_number_on_its_button_and_in_the_log(game_id):
    """Pile 5 clicked is "onto pile 5" in the log (not pile 4): the person's clicks on buttons
    that name a pile or a space, and the log lines of that move, say the same number."""
    spec = GAMES[game_id]
    table = TableController(game_id, players=spec.min_players, seat=0, seed=7, pace=0)
    rng = random.Random(7)
    state, clicked_places, compared = table.state(), 0, 0
    for _ in range(5000):
        scene = state["scene"]
        if scene.get("gameover"):
            break
        if state["auto"] or scene.get("handoff"):
            state = table.handle((state["auto"] or scene["handoff"])["message"])
            continue
        labels = labelled_choices(scene, {})
        if not labels and scene.get("reveal"):
            state = table.handle({"kind": "close", "reveal": scene["reveal"]["key"], "move": scene["move"]})
            continue
        placed = [key for key, label in labels.items() if PLACE.search(label)]
        key = rng.choice(placed or sorted(labels))
        before = max((e["n"] for e in scene["log"]), default=-1)
        message = {"kind": "act", "action": json.loads(key), "move": scene["move"]}
        if scene.get("clock"):
            message["ms"] = 2000
        state = table.handle(message)
        clicked = PLACE.search(labels[key])
        if clicked:
            clicked_places += 1
            said = [m.group(1) for e in state["scene"]["log"] if e["n"] > before and e.get("seat") == 0
                    for m in PLACE.finditer(e["text"])]
            assert all(n == clicked.group(1) for n in said), (labels[key], said)
            compared += bool(said)
    assert compared or not clicked_places, "place buttons were clicked; no log line of theirs compared"


def test_the_second_person_turns_every_verb_of_its_subject():
    """Witching Hour's Familiar: "You put a Familiar ... and stop the attack", not "and stops";
    another subject's verb after "and" keeps its s."""
    assert you_template("{actor} puts a Familiar into their Hex pile and stops the attack.", ["actor"]) == (
        "You put a Familiar into your Hex pile and stop the attack.")
    assert you_template("{actor} draws 2 cards and keeps them.", ["actor"]) == (
        "You draw 2 cards and keep them.")
    assert you_template("{actor} attacks {target} and {target} blocks.", ["actor"]) == (
        "You attack {target} and {target} blocks.")
    assert you_template("{target} blocks. {actor} wins and takes the cards.", ["actor"]) == (
        "{target} blocks. You win and take the cards.")


def test_a_spanish_garment_agrees_with_its_colour():
    """Hocus Focus in Spanish: túnica roja, zapatos morados, varita verde (not "túnica rojo")."""
    deck = HOUSE_DECK
    with using("es"):
        words = " ".join(hocus_focus.wizard_words(w) for w in deck)
        assert not SPANISH_SLIPS.search(words), SPANISH_SLIPS.search(words).group(0)
        assert re.search(r"\btúnica (?:roja|morada|verde|turquesa)\b", words), words
        assert re.search(r"\bzapatos (?:rojos|morados|verdes|turquesa)\b", words), words
        assert hocus_focus.wizard_words(deck[0]).startswith("mago ")


# --------------------------------------------------------------------------- the setup form


def _pages():
    """lite/pages.py as the site build loads it (lite/ on the path)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "lite"))
    import pages

    return pages


@pytest.fixture(scope="module")
def catalogue_wheel(tmp_path_factory):
    """A stand-in wheel holding the catalogues the site build reads the pages' words from."""
    widgets = Path(__file__).resolve().parents[2] / "widgets"
    path = tmp_path_factory.mktemp("wheel") / "witchtable-0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as whl:
        for mo in (widgets / "locale").glob("*/LC_MESSAGES/witchtable.mo"):
            whl.write(mo, f"witchtable/widgets/{mo.relative_to(widgets)}")
    return path


FORM_LABEL = re.compile(r"<label[^>]*>([^<]*)<(?:select|input)", re.S)
FORM_CHOICE = re.compile(r'<option value="([^"]*)"[^>]*>([^<]*)</option>')
PAGE_CASES = [(gid, lang) for gid, spec in GAMES.items() for lang in _pages().page_languages(spec.describe())]


def form_slips(html: str, game_id: str) -> list[str]:
    """What is raw in a play page's setup form: a label or a choice in programmers' words."""
    form = html[html.index('<form id="wt-setup"'):html.index("</form>")]
    spec = GAMES[game_id]
    raw = {str(v) for o in spec.describe()["options"].values() for v in o.get("choices") or ()}
    raw |= set(spec.options) | set(bots.BOT_KINDS)
    wrong = []
    for label in FORM_LABEL.findall(form):
        label = markup.unescape(label).strip()
        spaced = {n.replace("_", " ").capitalize() for n in spec.options if "_" in n}  # "Tie ms"
        if re.search(r"\bms\b", label) or SNAKE.search(label) or label in spaced:
            wrong.append(f"a label in programmers' words {label!r}")
    for value, text in FORM_CHOICE.findall(form):
        text = markup.unescape(text).strip()
        if text in raw or (text == value and not value.isdigit() and value):
            wrong.append(f"a choice shown as its value {text!r}")
        wrong += [f"an id {m.group(0)!r} in {text!r}" for m in HYPHENATED.finditer(text) if m.group(0) in raw]
    return wrong


@pytest.mark.parametrize(("game_id", "language"), PAGE_CASES, ids=[f"{g}-{lang}" for g, lang in PAGE_CASES])
def test_the_setup_form_speaks_words_not_ids(game_id, language, catalogue_wheel):
    """lite/pages.py's play page: every option's label is a person's ("Who starts", not
    "First player" 0 or "Tie ms"), every choice a word ("English", not "en"; "A race...", not
    "timed"; "Forgetful: ...", not "human-easy"), and a bot's menu line starts with the word
    its badge on the table says (widgets.i18n.BOTS, one table for both)."""
    pages = _pages()
    html = pages.play_page(GAMES[game_id].describe(), catalogue_wheel, "lite/pyodide/", [], list(GAMES),
                           language=language, rules_language=language)
    assert not form_slips(html, game_id), form_slips(html, game_id)
    menu = dict(FORM_CHOICE.findall(re.search(r'<select name="bots">.*?</select>', html, re.S).group(0)))
    assert set(menu) == set(GAMES[game_id].bot_kinds)
    with using(language):
        for kind, text in menu.items():
            assert markup.unescape(text).lower().startswith(bot_word(kind).lower()), (kind, text)
    seats = re.search(r'name="option:first_player"[^>]*>(.*?)</select>', html, re.S)
    if seats:
        first_value, first_text = FORM_CHOICE.findall(seats.group(1))[0]
        assert first_value == "0" and first_text.endswith(" 1"), "seats count from 1 on the form"


def test_the_form_checks_catch_raw_words():
    """The form's check itself fails on the old raw form (a test that can fail)."""
    old = ('<form id="wt-setup"><label>Tie ms <input name="option:tie_ms"></label>'
           '<label>Language <select name="option:language"><option value="en">en</option></select></label>'
           '<label>Bots <select name="bots"><option value="human-easy">human-easy</option></select></label>'
           '</form>')
    found = form_slips(old, "hocus-focus") + form_slips(old.replace("hocus-focus", ""), "potion-house")
    assert any("Tie ms" in s for s in found) and any("'en'" in s for s in found)
    assert any("human-easy" in s for s in found)


# --------------------------------------------------------------------------- the explorer's bot


def test_the_explorers_bot_line_names_the_bot_in_words():
    """"Bot's move here" in the explorer: "The bot (forgetful) plays here", not "(human-easy)";
    the timeline's mark of the move says the same word."""
    explorer = TableController("potion-house", players=2, mode="explore", seed=4, bots="human-easy")
    state = explorer.handle({"kind": "botmove", "move": 0, "seat": explorer.game.to_act[0]})
    text = state["notice"]["text"]
    assert f"({bot_word('human-easy')})" in text and "human-easy" not in text, text
    (marked,) = [m for m in state["scene"]["timeline"]["moves"] if m.get("bot")]
    assert marked["bot"]["label"] == f"Bot's move ({bot_word('human-easy')})"


def test_the_explorers_bot_line_in_spanish():
    """Hocus Focus in Spanish: the explorer's bot is named by its Spanish word."""
    explorer = TableController("hocus-focus", players=2, mode="explore", seed=4, bots="easy", language="es",
                               timing="untimed")
    state = explorer.handle({"kind": "botmove", "move": 0, "seat": explorer.game.to_act[0]})
    with using("es"):
        word = bot_word("easy")
    assert word != "easy" and f"({word})" in state["notice"]["text"], state["notice"]["text"]


# --------------------------------------------------------------------------- the game-over panel


@pytest.mark.parametrize(("game_id", "language", "url", "label"), [
    ("witching-hour", "en", "../../rules/witching-hour/", "Rules of Witching Hour"),
    ("hocus-focus", "es", "../../../rules/hocus-focus/es/", "Reglas de Hocus Focus"),
])
def test_the_game_over_panel_links_the_games_rules(game_id, language, url, label):
    """Issue 27.7: the finished game's panel links the game's rules page (the table's
    rules_url, as the play pages pass it) as "Rules of <game>", in the table's language; a
    table with no rules page (a notebook) offers no link."""
    options = {"language": language} if language != "en" else {}
    spec = GAMES[game_id]
    table = TableController(game_id, players=spec.min_players, seat=0, seed=3, pace=0, rules_url=url,
                            **options)
    over = play_through(table, seat=0, seed=3)["scene"]["gameover"]
    assert over["rules"] == {"label": label, "url": url}
    bare = TableController(game_id, players=spec.min_players, seat=0, seed=3, pace=0, **options)
    assert play_through(bare, seat=0, seed=3)["scene"]["gameover"]["rules"] is None
