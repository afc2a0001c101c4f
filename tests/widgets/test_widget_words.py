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

import json
import random
import re
from collections.abc import Iterator

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
