"""The site's rules pages (issue 27, item 7): each game's player's page ``rules/<id>/``
(lite/player_rules.py: how to play, pictures of the table, the rules in the order of play,
the rulings in plain words, the cards) in each of its languages, and the programmers'
reference beside it at ``rules/<id>/reference/`` (``docs/games/<id>.md``)."""

from __future__ import annotations

import ast
import functools
import gettext
import json
import os
import re
import sys
import zipfile
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "lite"))

from witchtable.engine import GAMES  # noqa: E402
from witchtable.engine.rules import Rule  # noqa: E402
from witchtable.widgets.controller import rules_anchor  # noqa: E402

import pages  # noqa: E402
import player_rules  # noqa: E402

LOCALE = ROOT / "widgets" / "locale"
PAGES = sorted((gid, lang) for gid, spec in GAMES.items() for lang in pages.page_languages(spec.describe()))
"""Every player's page the site builds: each game in each language of its play pages."""
API_TEXT = ('{"type"', '"type":', "legal_actions", "new_game(", "IllegalAction", ".view(", "to_act",
            "import ", "JSON", "docs/games/")
"""Programmers' words that have no place on a player's page."""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """A stand-in wheel with the catalogues the site build reads (the real one has them too)."""
    path = tmp_path_factory.mktemp("wheel") / "witchtable-0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as whl:
        for mo in LOCALE.glob("*/LC_MESSAGES/witchtable.mo"):
            whl.write(mo, f"witchtable/widgets/{mo.relative_to(ROOT / 'widgets')}")
    return path


@functools.cache
def facts(game_id: str, language: str) -> dict:
    return player_rules.facts(game_id, language)


def player_page(game_id: str, language: str, wheel: Path) -> str:
    return pages.player_page(GAMES[game_id].describe(), facts(game_id, language), wheel, language)


def words(language: str) -> gettext.NullTranslations:
    return gettext.translation("witchtable", LOCALE, languages=[language])


def shown(html: str) -> str:
    """A page's text as a reader gets it: tags and the pictures' style sheets left out."""
    text = re.sub(r"<style>.*?</style>|<svg.*?</svg>", "", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", text)


@pytest.mark.parametrize(("game_id", "language"), PAGES)
def test_every_game_has_a_players_page_in_each_language(game_id, language, wheel):
    """The page has the How to play steps, every rule's summary and every ruling (in the
    page's language), pictures of the table, and no programmers' text."""
    spec, t = GAMES[game_id], words(language).gettext
    html = player_page(game_id, language, wheel)
    assert html.startswith("<!doctype html>") and f'<html lang="{language}">' in html
    assert f"<title>{pages.esc(t('How to play {game}').format(game=spec.name))}</title>" in html
    steps = re.search(r'<ol class="wt-rules-steps">(.*?)</ol>', html, re.S).group(1)
    assert steps == "".join(f"<li>{pages.esc(t(line))}</li>" for line in spec.how_to_play)
    own = [rule for rule in spec.rules if rule.id.startswith(game_id + "/")]
    for rule in own:
        assert f'data-rule="{rule.id}">{pages.esc(t(rule.summary))}' in html, rule.id
        if rule.ruling:
            assert f"</strong> {pages.esc(t(rule.ruling))}</li>" in html, rule.id
    assert sum(bool(rule.ruling) for rule in own) == html.count('<li id="ruling-')
    pictures = re.findall(r'<figure class="wt-rules-picture" data-moment="(\w+)">', html)
    assert pictures == ["start", "middle", "end"]
    assert html.count('class="wt-snap"') == 3 and "<script" not in html
    assert 'data-god="1"' not in html and html.count('data-seat="0"') >= 3  # the seat's own view
    symbols = re.findall(r'<symbol id="([^"]+)"', html)
    assert len(symbols) == len(set(symbols)), "a picture's drawing defined twice on one page"
    assert set(re.findall(r'<use href="#([^"]+)"', html)) <= set(symbols)
    assert html.count("<style>") == 1  # the pictures' style sheet, once
    text = shown(html)
    assert not [word for word in API_TEXT if word in text], "programmers' text on a player's page"


@pytest.mark.parametrize(("game_id", "language"), PAGES)
def test_the_players_page_and_the_reference_link_each_other(game_id, language, wheel):
    html = player_page(game_id, language, wheel)
    assert 'href="reference/" data-role="reference"' in html
    up = pages.up_from(pages.game_folder("rules", game_id, language))
    assert f'href="{up}play/{game_id}/{"" if language == "en" else language + "/"}"' in html
    assert f'href="{up}play/assets/site.css"' in html and f'href="{up}"' in html
    reference = pages.rules_page({"id": game_id, "name": GAMES[game_id].name}, wheel=wheel, language=language)
    if reference is None:  # (a language without a reference of its own links the English one)
        return
    assert '<a href="../" data-role="player-rules">' in reference
    assert f'href="../{up}play/{game_id}/{"" if language == "en" else language + "/"}"' in reference
    assert f'href="../{up}play/assets/site.css"' in reference


def test_the_spanish_page_reads_spanish(wheel):
    html = player_page("hocus-focus", "es", wheel)
    for spanish in ("Cómo se juega a Hocus Focus", "Una partida en imágenes", "Nuestras decisiones",
                    "Las reglas, en orden", "Jugar a Hocus Focus"):
        assert spanish in html, spanish
    for english in ("How to play", "A game in pictures", "Our rulings", "The rules, in order", "The start"):
        assert english not in shown(html), english
    assert 'href="../" hreflang="en"' in html
    assert 'href="es/" hreflang="es"' in player_page("hocus-focus", "en", wheel)


def test_every_word_of_the_players_page_is_in_each_catalogue():
    """Each text ``player_rules`` marks ``N_`` has its translation in every language a page is
    built in (gettext would show English otherwise)."""
    tree = ast.parse((ROOT / "lite" / "player_rules.py").read_text())
    marked = {node.args[0].value for node in ast.walk(tree) if isinstance(node, ast.Call)
              and getattr(node.func, "id", None) == "N_" and isinstance(node.args[0], ast.Constant)}
    assert len(marked) > 15
    for language in {lang for _gid, lang in PAGES} - {"en"}:
        catalog = read_po((LOCALE / language / "LC_MESSAGES" / "witchtable.po").open("rb"), locale=language)
        missing = [m for m in marked if catalog.get(m) is None or not catalog.get(m).string]
        assert not missing, f"untranslated in {language}: {missing[:8]}"


def test_the_pictures_are_the_same_every_build():
    again = player_rules.facts("witching-hour")
    assert again == facts("witching-hour", "en")
    start, middle, end = (picture["move"] for picture in again["pictures"])
    assert start < middle < end


def test_the_build_draws_the_pages_from_the_wheel_it_ships(tmp_path):
    """``read_facts`` runs ``facts`` on the wheel, unpacked, in a subprocess: the same facts.
    The wheel is the one the site ships, without ``witchtable/site/`` (build.without_builder)."""
    import witchtable

    package = Path(witchtable.__file__).parent  # (build/dev's links, not where they lead)
    wheel = tmp_path / "witchtable-0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as whl:
        for folder, dirs, files in os.walk(package, followlinks=True):
            dirs[:] = [d for d in dirs if d != "__pycache__" and Path(folder, d) != package / "site"]
            for name in files:
                path = Path(folder) / name
                whl.write(path, f"witchtable/{path.relative_to(package)}")
    assert player_rules.read_facts(wheel, [("hocus-focus", "es")]) == {
        ("hocus-focus", "es"): facts("hocus-focus", "es")}


def test_the_cards_and_house_data_are_the_tables_legend():
    """Witching Hour's house table (copies and point tracks) shows as the table's legend does."""
    html = player_page("witching-hour", "en", None)
    section = re.search(r'<section id="house-data".*?</section>', html, re.S).group(0)
    bell = ('<th scope="row">Bell</th><td>Can never be used to block.</td>'
            "<td>6</td><td>1 · 2 · 3 · 5 · 7 · 9</td>")
    assert bell in section
    house = GAMES["witching-hour"].rules["witching-hour/deck/house"]
    assert f"<p>{pages.esc(house.summary)}</p>" in section


def rule(section: str) -> Rule:
    return Rule(f"g/{section}", section, "A rule.")


def test_sections_follow_the_order_of_play():
    """A section goes where its longest run of rules is; numbered steps keep their order."""
    table = [rule(s) for s in ("Setup", "2. Concoct", "Setup", "Setup", "How to Play", "1. Search",
                               "1. Search", "2. Concoct", "2. Concoct", "End", "How to Play")]
    order = [section for section, _rules in player_rules.play_order(table)]
    assert order == ["Setup", "How to Play", "1. Search", "2. Concoct", "End"]
    steps = [rule(s) for s in ("Setup", "4. Pass", "Cards", "1. Play", "2. React", "3. End")]
    assert [s for s, _r in player_rules.play_order(steps)] == \
        ["Setup", "1. Play", "Cards", "2. React", "3. End", "4. Pass"]
    grouped = dict(player_rules.play_order(table))
    assert [r.id for r in grouped["Setup"]] == ["g/Setup"] * 3  # every rule, in table order


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_rule_is_on_the_page_once(game_id):
    data = facts(game_id, "en")
    listed = [r["id"] for group in data["sections"] for r in group["rules"]]
    assert sorted(listed) == sorted(r.id for r in GAMES[game_id].rules if r.id.startswith(game_id + "/"))


def test_the_landing_page_links_each_players_page_and_its_other_languages(tmp_path):
    games = [spec.describe() for spec in GAMES.values()]
    html = pages.landing_page(games, [], tmp_path)
    for game in games:
        for language in pages.page_languages(game):
            href = pages.game_folder("rules", game["id"], language)
            assert f'href="{href}" data-role="rules"' in html, href
    assert 'href="rules/hocus-focus/es/" data-role="rules" hreflang="es" lang="es">Español</a>' in html


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_with_a_rules_reference_gets_a_page_with_its_rule_ids(game_id):
    spec = GAMES[game_id]
    html = pages.rules_page({"id": game_id, "name": spec.name})
    if not (pages.DOCS / f"{game_id}.md").is_file():
        assert html is None
        return
    assert html.startswith("<!doctype html>") and f"<title>{spec.name}: the rules reference</title>" in html
    assert "<table>" in html and "<h2 " in html
    some = [rule.id for rule in spec.rules if "/" in rule.id and not rule.id.startswith("core/")][:5]
    assert some
    assert all(f"<code>{rule}</code>" in html or rule in html for rule in some)


def test_markdown_is_escaped_and_keeps_code_links_and_lists():
    html = pages.markdown_page("# A & B\n\nSee [x](#y) and `<b>`.\n\n- one\n- two\n\n"
                               "| a | b |\n|---|---|\n| 1 | 2 |\n")
    assert '<h1 id="a--b">A &amp; B</h1>' in html
    assert '<a href="#y">x</a>' in html and "<code>&lt;b&gt;</code>" in html
    assert "<ul><li>one</li><li>two</li></ul>" in html and "<td>1</td>" in html


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_rules_link_of_the_explorer_lands_on_a_section_of_the_page(game_id):
    """The explorer's rule reference links ``rules/<id>/#rulings``, ``#house-data`` or
    ``#rules`` (``rules_anchor``): the player's page there has each rule's section, and so
    does the reference (``reference/`` + the same anchor)."""
    rules = GAMES[game_id].rules
    player = player_page(game_id, "en", None)
    reference = pages.rules_page({"id": game_id, "name": GAMES[game_id].name})
    for html, where in ((player, "the player's page"), (reference, f"docs/games/{game_id}.md")):
        if html is None:
            continue
        ids = set(re.findall(r' id="([^"]+)"', html))
        missing = {rule.id: rules_anchor(rule) for rule in rules if rules_anchor(rule)[1:] not in ids}
        assert not missing, f"{where} has no section for these rules' links: {missing}"


def test_the_notebooks_send_readers_to_the_sites_rules_pages():
    """The notebooks run inside the site (JupyterLite), where ``docs/games/`` is not shipped:
    they name the game's rules page of the site instead."""
    named = []
    for path in sorted((ROOT / "examples").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        assert "docs/games/" not in text, f"{path.name} sends readers to the repository's docs/games/"
        named += re.findall(r"`rules/([a-z0-9-]+)/`", text)
    assert named and set(named) <= set(GAMES)
