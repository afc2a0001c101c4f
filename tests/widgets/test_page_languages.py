"""The site's pages in another language (lite/pages.py): a game whose ``language`` option
has more choices (Hocus Focus: es) gets ``play/<id>/<language>/`` and
``rules/<id>/<language>/``, every text through the widgets' catalogue, none left English."""

from __future__ import annotations

import json
import re
import sys
import zipfile
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "lite"))

from witchtable.engine import GAMES  # noqa: E402
from witchtable.widgets.i18n import BOTS  # noqa: E402

import pages  # noqa: E402

LOCALE = ROOT / "widgets" / "locale"
TRANSLATED = sorted({(gid, lang) for gid, spec in GAMES.items()
                     for lang in pages.page_languages(spec.describe()) if lang != "en"})


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """A stand-in wheel with the catalogues the site build reads (the real one has them too)."""
    path = tmp_path_factory.mktemp("wheel") / "witchtable-0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as whl:
        for mo in LOCALE.glob("*/LC_MESSAGES/witchtable.mo"):
            whl.write(mo, f"witchtable/widgets/{mo.relative_to(ROOT / 'widgets')}")
    return path


def page(game_id: str, wheel: Path, language: str, rules: str | None = "en") -> str:
    return pages.play_page(GAMES[game_id].describe(), wheel, "lite/pyodide/", [], list(GAMES),
                           language=language, rules_language=rules)


def config_of(html: str) -> dict:
    raw = re.search(r'<script type="application/json" id="wt-config">(.*?)</script>', html, re.S).group(1)
    return json.loads(raw)


def test_hocus_focus_has_a_spanish_page():
    assert ("hocus-focus", "es") in TRANSLATED


@pytest.mark.parametrize(("game_id", "language"), TRANSLATED)
def test_every_text_of_the_page_is_translated(game_id, language):
    """The template's {{texts}}, the scripts' t("...") and the game's form options: each has
    its translation in the language's catalogue (gettext would show English otherwise)."""
    catalog = read_po((LOCALE / language / "LC_MESSAGES" / "witchtable.po").open("rb"), locale=language)
    wanted = [message for _file, _line, message in pages.page_messages()]
    wanted += [word for kind in GAMES[game_id].bot_kinds for word in BOTS[kind]] + ["{word}: {what}"]
    for name, option in GAMES[game_id].describe()["options"].items():
        if option.get("choices") or type(option["default"]) is int:
            wanted += [pages.option_label(name), option["help"]]
            wanted += [pages.CHOICE_WORDS[name][str(v)] for v in option.get("choices", ())
                       if name != "language"]
    missing = []
    for message in wanted:
        context, text = message if isinstance(message, tuple) else (None, message)
        found = catalog.get(text, context=context)
        if found is None or not found.string:
            missing.append(message)
    assert not missing, f"untranslated in {language}: {missing[:8]}"


@pytest.mark.parametrize(("game_id", "language"), TRANSLATED)
def test_the_page_in_another_language(game_id, language, wheel):
    html = page(game_id, wheel, language, rules=language)
    assert f'<html lang="{language}">' in html and "{{" not in html
    assert 'href="../../assets/play.js"' in html or 'src="../../assets/play.js"' in html
    assert 'hreflang="en"' in html and 'href="../"' in html  # back to the English page
    selected = re.search(r'name="option:language">(.*?)</select>', html, re.S).group(1)
    assert f'<option value="{language}" selected>' in selected
    config = config_of(html)
    assert config["language"] == language and config["pyodide"] == "../../../lite/pyodide/"
    assert config["rules"] == f"../../../rules/{game_id}/{language}/"
    script = {m for f, _l, m in pages.page_messages() if f.endswith(".js")}
    assert set(config["words"]) == script and all(config["words"][m] != m for m in script if m != "Bots")
    english = page(game_id, wheel, "en")
    assert '<html lang="en">' in english and f'href="{language}/"' in english
    assert config_of(english)["words"] == {} and config_of(english)["rules"] == f"../../rules/{game_id}/"


def test_the_spanish_hocus_focus_page_reads_spanish(wheel):
    html = page("hocus-focus", wheel, "es")
    for spanish in ("Nueva partida: jugadores, bots, semilla", "Empezar esta partida", "Semilla",
                    "Guardar esta partida", "Carrera o turnos", "Idioma", "Quién empieza", "Jugador 1",
                    "Por turnos: mira un jugador cada vez, sin reloj"):
        assert spanish in html, spanish
    shown = re.sub(r'<script type="application/json".*?</script>', "", html, flags=re.S)  # (words' keys)
    for english in ("New game", "Start this game", "Save this game", "Who plays", "Reaction prompts"):
        assert english not in shown, english


@pytest.mark.parametrize(("game_id", "language"), TRANSLATED)
def test_the_rules_reference_in_another_language(game_id, language, wheel):
    html = pages.rules_page({"id": game_id, "name": GAMES[game_id].name}, wheel=wheel, language=language)
    assert html is not None, f"docs/games/{game_id}.{language}.md is missing"
    assert f'<html lang="{language}">' in html
    assert f'href="../../../../play/{game_id}/{language}/"' in html  # (from rules/<id>/<language>/reference/)
    assert 'href="../../../../play/assets/site.css"' in html
    for rule in [r for r in GAMES[game_id].rules if r.id.startswith(game_id + "/")]:
        assert f"<code>{rule.id}</code>" in html, rule.id
