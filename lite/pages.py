"""The site's own pages: the landing page and one play page per registered game.

The templates (``site/landing.html``, ``site/play.html``) are filled with the games the
wheel registers and the notebooks the build ships; the play pages' scripts are copied
as they are, and the widget's front end (``table.js``, ``table.css``) is taken from the
wheel itself, so the play pages draw exactly what the notebook widget draws.
"""

from __future__ import annotations

import gettext
import io
import json
import re
import shutil
import zipfile
from collections.abc import Sequence
from pathlib import Path
from string import Template
from urllib.parse import quote

if __package__:
    from . import player_rules
else:  # lite/ on the path (python lite/build.py, the tests)
    import player_rules

HERE = Path(__file__).resolve().parent
SITE = HERE / "site"
DOCS = HERE / "rules" if (HERE / "rules").is_dir() else HERE.parent / "docs" / "games"
"""Each game's full rules reference (``docs/games/<id>.md``, package data ``rules/`` in the
wheel), rendered as ``rules/<id>/reference/`` beside the player's page ``rules/<id>/``."""
ASSETS = ("play.js", "worker.js", "wheel.mjs", "snapshot-file.mjs", "host.py", "site.css", "embed.js")
VARIANTS_DIR = "variants"
"""Where the house variants go, in the site (``variants/<name>.json``) and beside the notebooks."""
WIDGET_FILES = ("table.js", "table.css")



def N_(message: str) -> str:
    """Marks a text of the pages for the translation catalogue (``tools/i18n.py``)."""
    return message



PAGE_TERM = re.compile(r"\{\{(.+?)\}\}", re.S)
"""A text of a page template to translate: ``{{Players}}``."""
SCRIPT_TERM = re.compile(r'\bt\(\s*"((?:[^"\\]|\\.)*)"')
"""A text of a page script to translate: ``t("Saved at move {move}.", {move})``."""
TRANSLATED_PAGES = ("play.html", "play.js", "worker.js")
OPTION_CONTEXT = "setup form"
"""The catalogue's context for a game option's value shown in the setup form (kept for the
catalogue's older entries; the form's words are :data:`OPTION_WORDS` and :data:`CHOICE_WORDS`)."""
OPTION_WORDS = {
    "first_player": N_("Who starts"),
    "target": N_("Wizards to win"),
    "timing": N_("Race or turns"),
    "tie_ms": N_("Calls this close tie (milliseconds)"),
    "tie_calls": N_("Which calls made together tie"),
    "point_limit_ms": N_("Expert game: time to point after calling (milliseconds)"),
    "language": N_("Language"),
    "rounds": N_("Rounds"),
}
"""Each game option the setup form offers, in a person's words (the option's ``help`` is its
tooltip); an option missing here fails ``tests/widgets/test_widget_words.py``."""
CHOICE_WORDS = {
    "timing": {"timed": N_("A race: the quickest right call wins"),
               "untimed": N_("Turns: one player looks at a time, no clock")},
    "tie_calls": {"any": N_("Any calls (as the rulebook says)"), "right": N_("Only right calls")},
}
"""Each value of a choice option in words (a ``language`` is named by :data:`LANGUAGE_NAMES`)."""
SEAT_OPTIONS = frozenset({"first_player"})
"""Options that name a seat: the form offers "Player 1", "Player 2"... (seats count from 0)."""


def page_messages() -> list[tuple[str, int, str]]:
    """Every text the play page's template and script translate: (file, line, text)."""
    found = []
    for name in TRANSLATED_PAGES:
        text = (SITE / name).read_text(encoding="utf-8")
        pattern = PAGE_TERM if name.endswith(".html") else SCRIPT_TERM
        for match in pattern.finditer(text):
            message = match.group(1) if name.endswith(".html") else json.loads(f'"{match.group(1)}"')
            found.append((f"lite/site/{name}", text.count("\n", 0, match.start()) + 1, message))
    return found


def option_label(name: str) -> str:
    """A game option's label in the setup form, in English (:data:`OPTION_WORDS`; an option
    not there shows its name spaced out, which the words test refuses)."""
    return OPTION_WORDS.get(name) or name.replace("_", " ").capitalize()


def choice_word(name: str, value: object, words: gettext.NullTranslations) -> str:
    """One value of a choice option as the setup form offers it, in ``words``' language."""
    if name == "language":
        return LANGUAGE_NAMES.get(str(value), str(value))
    word = CHOICE_WORDS.get(name, {}).get(str(value))
    return words.gettext(word) if word else words.pgettext(OPTION_CONTEXT, str(value))


def bot_menu(kinds: list[str], language: str) -> dict[str, str]:
    """Each bot kind as the setup form's menu offers it, from the widgets' one table of bot
    words (``widgets.i18n.bot_choice``: the table's badge says the same word). The site build
    takes these from the wheel (``player_rules.facts``); this is for callers that have
    witchtable installed (the tests, ``python -m witchtable site build`` gets them either way)."""
    from witchtable.widgets.i18n import bot_choice, using

    with using(language):
        return {kind: bot_choice(kind) for kind in kinds}


def page_languages(game: dict) -> list[str]:
    """The languages of a game's play page: English, and each other choice of its
    ``language`` option (Hocus Focus: en, es)."""
    choices = game.get("options", {}).get("language", {}).get("choices") or ()
    return ["en", *[str(c) for c in choices if c != "en"]]


LANGUAGE_NAMES = {"en": "English", "es": "Español"}
"""Each language's name in itself, for the links between a page's languages."""


def language_links(game: dict, language: str) -> str:
    """A game page's links to the same page in its other languages (`` · <a ...>Español</a>``):
    English at ``<kind>/<id>/``, another at ``<kind>/<id>/<language>/``."""
    others = [lang for lang in page_languages(game) if lang != language]
    return "".join(
        f' · <a href="{"" if language == "en" else "../"}{"" if lang == "en" else lang + "/"}" '
        f'hreflang="{lang}" lang="{lang}">{esc(LANGUAGE_NAMES.get(lang, lang))}</a>' for lang in others)


def translations(wheel: Path, language: str) -> gettext.NullTranslations:
    """The wheel's catalogue for ``language`` (the widgets' own), English as it is."""
    if language == "en":
        return gettext.NullTranslations()
    member = f"witchtable/widgets/locale/{language}/LC_MESSAGES/witchtable.mo"
    with zipfile.ZipFile(wheel) as whl:
        if member not in whl.namelist():
            raise SystemExit(f"site build: {wheel.name} has no {member}: the {language} pages need it")
        return gettext.GNUTranslations(io.BytesIO(whl.read(member)))


esc = player_rules.esc
"""HTML-escaping, the one the player's pages use (one rule for what may reach a page)."""


def fill(template: str, words: gettext.NullTranslations | None = None, **values: str) -> str:
    """A page template with ``values`` filled in and its ``{{texts}}`` in ``words``' language."""
    text = (SITE / template).read_text()
    text = PAGE_TERM.sub(lambda m: esc((words or gettext.NullTranslations()).gettext(m.group(1))), text)
    return Template(text).substitute(values)


def notebook_title(path: Path) -> str:
    """The first heading of the notebook's first markdown cell, else its file name."""
    try:
        cells = json.loads(path.read_text())["cells"]
    except (OSError, ValueError, KeyError):
        return path.stem
    for cell in cells:
        if cell.get("cell_type") == "markdown":
            for line in "".join(cell.get("source", [])).splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
    return path.stem


def game_of(notebook: str, game_ids: list[str]) -> str | None:
    """The game a notebook teaches, from its file name (the longest game id in it)."""
    stem = Path(notebook).stem.lower().replace("_", "-")
    found = [gid for gid in game_ids if gid in stem]
    return max(found, key=len) if found else None


def default_players(game: dict) -> int:
    """The players a game is dealt for unless asked (``player_rules.usual_players``)."""
    return player_rules.usual_players(game["min_players"], game["max_players"])


def notebook_links(notebook: str) -> tuple[str, str]:
    """(the simple notebook view, the full JupyterLab) URLs, relative to the site root."""
    path = quote(notebook)
    return f"lite/notebooks/index.html?path={path}", f"lite/lab/index.html?path={path}"


def copy_widget_files(wheel: Path, assets: Path) -> None:
    """The widget's browser files, from the wheel into the play pages' assets (or a refusal)."""
    with zipfile.ZipFile(wheel) as whl:
        for name in WIDGET_FILES:
            member = f"witchtable/widgets/static/{name}"
            if member not in whl.namelist():
                raise SystemExit(f"site build: {wheel.name} has no {member}: the play pages need it")
            (assets / name).write_bytes(whl.read(member))


def variant_link(variant: dict) -> str:
    """A variant's play page, relative to the site root: one link opens it."""
    return f"play/{quote(variant['game'])}/?variant={quote(variant['name'])}"


def landing_page(games: list[dict], notebooks: list[str], files: Path,
                 variants: Sequence[dict] = ()) -> str:
    """The games as the engine registers them (its order), then the house variants."""
    ids = [g["id"] for g in games]
    cards = []
    for game in games:
        nbs = [nb for nb in notebooks if game_of(nb, ids) == game["id"]]
        play = esc(game_folder("play", game["id"]))
        links = [f'<a class="wt-button wt-primary" href="{play}">Play {esc(game["name"])}</a>',
                 f'<a class="wt-button" href="{esc(game_folder("rules", game["id"]))}" '
                 f'data-role="rules">How to play</a>']
        links += [f'<a class="wt-button" href="{esc(game_folder("rules", game["id"], lang))}" '
                  f'data-role="rules" hreflang="{lang}" lang="{lang}">'
                  f'{esc(LANGUAGE_NAMES.get(lang, lang))}</a>'
                  for lang in page_languages(game) if lang != "en"]
        for nb in nbs:
            simple, _lab = notebook_links(nb)
            links.append(f'<a class="wt-button" href="{esc(simple)}">Open the notebook</a>')
        players = (f'{game["min_players"]}–{game["max_players"]} players'
                   if game["min_players"] != game["max_players"] else f'{game["min_players"]} players')
        team = " · together against the game" if game.get("kind") == "cooperative" else ""
        about = "".join(f'\n        <p class="wt-about">{esc(text)}</p>'
                        for text in (game.get("summary"), game.get("goal")) if text)
        cards.append(f"""
      <li class="wt-game" data-game="{esc(game["id"])}">
        <h3>{esc(game["name"])}</h3>
        <p class="wt-meta">{esc(players)}{team} · against bots or pass-and-play</p>{about}
        <p class="wt-links">{" ".join(links)}</p>
      </li>""")
    rows = []
    for nb in notebooks:
        simple, lab = notebook_links(nb)
        rows.append(f'<li><a href="{esc(simple)}">{esc(notebook_title(files / nb))}</a> '
                    f'<span class="wt-meta">({esc(nb)} · '
                    f'<a href="{esc(lab)}">open in JupyterLab</a>)</span></li>')
    if not rows:
        rows.append("<li>No notebooks were built into this site.</li>")
    names = {g["id"]: g["name"] for g in games}
    items = [f'<li class="wt-variant" data-variant="{esc(v["name"])}"><a href="{esc(variant_link(v))}">'
             f'{esc(v["title"])}</a> <span class="wt-meta">({esc(names.get(v["game"], v["game"]))} · '
             f'<a href="{VARIANTS_DIR}/{esc(quote(v["name"]))}.json">the file</a>)</span>'
             f'<br>{esc(v["description"])}</li>' for v in variants]
    section = "" if not items else "\n".join([
        '    <section aria-labelledby="variants-title">',
        '      <h2 id="variants-title">House variants</h2>',
        "      <p>Our own versions of the games: each link deals a game with the variant's options.</p>",
        '      <ul class="wt-variants">', *(f"      {item}" for item in items), "      </ul>",
        "    </section>"])
    return fill("landing.html", games="".join(cards), notebooks="\n      ".join(rows),
                lab="lite/lab/index.html", variants=section)


def play_page(game: dict, wheel: Path, pyodide: str, notebooks: list[str], ids: list[str],
              variants: Sequence[dict] = (), language: str = "en", rules_language: str | None = None,
              bot_words: dict[str, str] | None = None) -> str:
    """``play/<id>/index.html``, or ``play/<id>/<language>/index.html``: the page in that
    language (its texts through the catalogue, the game's ``language`` option preset).
    ``rules_language``: the rules page its How to play panel links (None: there is none).
    ``bot_words``: each bot kind in the menu's words, in ``language`` (None: :func:`bot_menu`)."""
    words = translations(wheel, language)
    up = "../" if language == "en" else "../../"  # from the page's folder to play/
    players = "".join(f'<option value="{n}"{" selected" if n == default_players(game) else ""}>{n}</option>'
                      for n in range(game["min_players"], game["max_players"] + 1))
    bot_words = bot_words if bot_words is not None else bot_menu(game["bots"], language)
    bots = "".join(f'<option value="{esc(kind)}">{esc(bot_words.get(kind, kind))}</option>'
                   for kind in sorted(game["bots"], key=lambda k: k != game["default_bot"]))
    own = [v for v in variants if v["game"] == game["id"]]
    script_words = {} if language == "en" else {
        message: words.gettext(message) for _file, _line, message in page_messages() if _file.endswith(".js")}
    rules = None if rules_language is None else up + "../" + game_folder("rules", game["id"], rules_language)
    config = {"game": {**game, "default_players": default_players(game)},
              "pyodide": up + "../" + pyodide, "wheel": wheel.name, "variants": own,
              "language": language, "words": script_words, "rules": rules, "root": up + "../"}
    choices = "".join(f'<option value="{esc(v["name"])}">{esc(v["title"])}</option>' for v in own)
    nbs = [nb for nb in notebooks if game_of(nb, ids) == game["id"]]
    notebook_text = words.gettext(N_("The {game} notebook")).format(game=game["name"])
    nb_link = f'<a href="{up}../{esc(notebook_links(nbs[0])[0])}">{esc(notebook_text)}</a>' if nbs else ""
    languages = language_links(game, language)
    return fill("play.html", words, name=esc(game["name"]), game_id=esc(game["id"]),
                goal=esc(words.gettext(game.get("goal", ""))) if game.get("goal") else "",
                lang=language, up=up, languages=languages,
                players=players, bots=bots, game_options=option_fields(game, words, language),
                reactions_hidden="" if game.get("timing") == "reactions" else " hidden",
                variants=choices, variants_hidden="" if own else " hidden",
                notebook=nb_link, config=json.dumps(config).replace("</", "<\\/"))


def option_fields(game: dict, words: gettext.NullTranslations | None = None, language: str = "en") -> str:
    """The setup form's fields for the game's own options: a choice of a few values as a
    select, a whole number as a number box (``name="option:<name>"``); other options (house
    data lists) are left to notebooks and saves. A page in another language presets the
    ``language`` option to it."""
    words = words or gettext.NullTranslations()
    fields = []
    for name, option in game.get("options", {}).items():
        default = language if name == "language" and language != "en" else option["default"]
        label = esc(words.gettext(option_label(name)))
        help_text = esc(words.gettext(option["help"]) if option.get("help") else "")
        field = f'name="option:{esc(name)}"'
        if name in SEAT_OPTIONS and isinstance(default, int):
            seat = words.gettext(N_("Player {n}"))
            values = "".join(f'<option value="{s}"{" selected" if s == default else ""}>'
                             f'{esc(seat.format(n=s + 1))}</option>' for s in range(game["max_players"]))
            fields.append(f'<label title="{help_text}">{label} <select {field} data-type="int" data-seats>'
                          f'{values}</select></label>')  # play.js offers the chosen players' seats
        elif option.get("choices"):
            values = "".join(f'<option value="{esc(str(v))}"{" selected" if v == default else ""}>'
                             f'{esc(choice_word(name, v, words))}</option>'
                             for v in option["choices"])
            fields.append(f'<label title="{help_text}">{label} <select {field}>{values}</select></label>')
        elif isinstance(default, int) and not isinstance(default, bool):
            fields.append(f'<label title="{help_text}">{label} <input {field} type="number" '
                          f'step="1" value="{default}" data-type="int"></label>')
    return "\n          ".join(fields)


def _inline(text: str) -> str:
    """Markdown's inline marks that the rules pages use: `code`, **bold**, *em*, [links](url)."""
    parts = re.split(r"(`[^`]*`)", text)
    out = []
    for part in parts:
        if part.startswith("`") and part.endswith("`") and len(part) > 1:
            out.append(f"<code>{esc(part[1:-1])}</code>")
            continue
        part = esc(part)
        part = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", part)
        part = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<em>\1</em>", part)
        part = re.sub(r"\[([^\]]+)\]\(([^)\s]+)\)",
                      lambda m: f'<a href="{m.group(2)}">{m.group(1)}</a>', part)
        out.append(part)
    return "".join(out)


ITEM = r"\s*([-*]|\d+\.) "
"""A list item's start: ``- ``, ``* `` or ``1. ``."""


def _anchor(title: str) -> str:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", title.lower()).strip().replace(" ", "-")


def markdown_page(text: str) -> str:
    """The rules reference's Markdown as HTML: headings, paragraphs, lists, tables, code.

    A small renderer for the subset ``docs/games/*.md`` is written in (the lite build
    has no Markdown package); anything else is shown as a paragraph, never dropped.
    """
    html_out: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            block = []
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                block.append(lines[i])
                i += 1
            html_out.append(f"<pre><code>{esc(chr(10).join(block))}</code></pre>")
            i += 1
        elif line.startswith("<!--"):
            while i < len(lines) and "-->" not in lines[i]:
                i += 1
            i += 1
        elif m := re.match(r"(#{1,6}) (.*)", line):
            level, title = len(m.group(1)), m.group(2).strip()
            html_out.append(f'<h{level} id="{esc(_anchor(title))}">{_inline(title)}</h{level}>')
            i += 1
        elif line.startswith("|"):
            part, i = _md_table(lines, i)
            html_out.append(part)
        elif re.match(ITEM, line):
            part, i = _md_list(lines, i)
            html_out.append(part)
        elif not line.strip():
            i += 1
        else:
            para = []
            starts_block = r"(#{1,6} |\||```|\s*([-*]|\d+\.) )"
            while i < len(lines) and lines[i].strip() and not re.match(starts_block, lines[i]):
                para.append(lines[i].strip())
                i += 1
            html_out.append(f"<p>{_inline(' '.join(para))}</p>")
    return "\n".join(html_out)


def _md_table(lines: list[str], i: int) -> tuple[str, int]:
    """The Markdown table starting at line ``i`` as HTML (its ``---`` row dropped), and the
    line after it."""
    rows = []
    while i < len(lines) and lines[i].startswith("|"):
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", lines[i].strip())[1:-1]]
        if not all(re.fullmatch(r":?-{2,}:?", c) for c in cells):
            rows.append(cells)
        i += 1
    head, *body = rows or [[]]
    return ("<table><thead><tr>" + "".join(f"<th>{_inline(c)}</th>" for c in head)
            + "</tr></thead><tbody>"
            + "".join("<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in row) + "</tr>"
                      for row in body) + "</tbody></table>"), i


def _md_list(lines: list[str], i: int) -> tuple[str, int]:
    """The Markdown list starting at line ``i`` as HTML (indented lines continue an item),
    and the line after it."""
    ordered = bool(re.match(r"\s*\d+\. ", lines[i]))
    items: list[str] = []
    while i < len(lines) and lines[i].strip() and (re.match(ITEM, lines[i])
                                                   or lines[i].startswith("  ")):
        if re.match(ITEM, lines[i]):
            items.append(re.sub(ITEM, "", lines[i], count=1))
        else:
            items[-1] += " " + lines[i].strip()
        i += 1
    tag = "ol" if ordered else "ul"
    return f"<{tag}>" + "".join(f"<li>{_inline(x)}</li>" for x in items) + f"</{tag}>", i


def game_folder(kind: str, game_id: str, language: str = "en") -> str:
    """A game's page folder, from the site's root: ``play/<id>/`` or ``rules/<id>/`` (the
    player's rules page), ``<kind>/<id>/<language>/`` in another language. The play page's
    How to play panel, and its game-over panel, link ``game_folder("rules", ...)``; the
    rules reference is ``player_rules.REFERENCE`` below it."""
    return f"{kind}/{game_id}/" + ("" if language == "en" else f"{language}/")


def up_from(folder: str) -> str:
    """From a page in ``folder`` (``rules/<id>/es/``) back to the site's root."""
    return "../" * folder.count("/")


def rules_page(game: dict, docs: Path = DOCS, wheel: Path | None = None, language: str = "en") -> str | None:
    """``rules/<id>/reference/index.html`` (or ``rules/<id>/<language>/reference/``): the
    game's rules reference, from ``docs/games/<id>.md`` (``<id>.<language>.md``), or None
    when it has none. It links the player's page (``../``) and the play page."""
    source = docs / (f"{game['id']}.md" if language == "en" else f"{game['id']}.{language}.md")
    if not source.is_file():
        return None
    words = translations(wheel, language) if wheel is not None else gettext.NullTranslations()
    up = up_from(game_folder("rules", game["id"], language) + player_rules.REFERENCE)
    play = up + esc(game_folder("play", game["id"], language))
    body = markdown_page(source.read_text(encoding="utf-8"))
    title = words.gettext(N_("{game}: the rules reference")).format(game=game["name"])
    play_text = words.gettext(N_("Play {game}")).format(game=game["name"])
    howto_text = words.gettext(N_("How to play {game}")).format(game=game["name"])
    all_games = words.gettext(N_("All games"))
    return (f'<!doctype html>\n<html lang="{language}">\n<head>\n  <meta charset="utf-8">\n'
            f'  <meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'  <title>{esc(title)}</title>\n'
            f'  <link rel="stylesheet" href="{up}play/assets/site.css">\n</head>\n'
            f'<body class="wt-site wt-rules-page">\n<main>\n'
            f'<p><a href="../" data-role="player-rules">{esc(howto_text)}</a> · '
            f'<a href="{play}">{esc(play_text)}</a> · '
            f'<a href="{up}">{esc(all_games)}</a></p>\n{body}\n'
            f'</main>\n</body>\n</html>\n')


def player_page(game: dict, data: dict, wheel: Path | None = None, language: str = "en",
                reference: str | None = player_rules.REFERENCE) -> str:
    """``rules/<id>/index.html`` (or ``rules/<id>/<language>/``): the player's rules page
    (``player_rules.page``) from the game's ``player_rules.facts`` in that language, linking
    its play page, its other languages and ``reference`` (relative; None: no reference)."""
    words = translations(wheel, language) if wheel is not None else gettext.NullTranslations()
    up = up_from(game_folder("rules", game["id"], language))
    return player_rules.page(data, words, up=up, play=up + game_folder("play", game["id"], language),
                             reference=reference, languages=language_links(game, language))


def embed_page(games: list[dict], variants: Sequence[dict]) -> str:
    """``embed/index.html``: choose a game, a variant, players, bots and a mode; it writes the
    ``<iframe>`` snippet (``embed.js``) to paste into another page."""
    choices = {"games": [{"id": g["id"], "name": g["name"], "min": g["min_players"], "max": g["max_players"],
                          "players": default_players(g), "bots": sorted(g["bots"]),
                          "default_bot": g["default_bot"]} for g in games],
               "variants": [{k: v[k] for k in ("name", "game", "title")} for v in variants]}
    return fill("embed.html", choices=json.dumps(choices).replace("</", "<\\/"))


def write_pages(out: Path, *, games: list[dict], notebooks: list[str], wheel: Path, pyodide: str,
                variants: Sequence[dict] = ()) -> None:
    """Write index.html, play/<game>/index.html, play/assets/, embed/ and variants/ into ``out``.

    ``games`` is the engine's catalogue (``witchtable.engine.games.catalogue``);
    ``variants`` the checked house variants (``witchtable.variants.Variant.to_json``).
    """
    assets = out / "play" / "assets"
    assets.mkdir(parents=True, exist_ok=True)
    for name in ASSETS:
        shutil.copy2(SITE / name, assets / name)
    copy_widget_files(wheel, assets)
    files = out / "lite" / "files"
    (out / "index.html").write_text(landing_page(games, notebooks, files, variants))
    (out / "embed").mkdir(exist_ok=True)
    (out / "embed" / "index.html").write_text(embed_page(games, variants))
    if variants:
        (out / VARIANTS_DIR).mkdir(exist_ok=True)
        for variant in variants:
            (out / VARIANTS_DIR / f"{variant['name']}.json").write_text(json.dumps(variant, indent=2) + "\n")
    ids = [g["id"] for g in games]
    for game in games:
        if not re.fullmatch(r"[a-z0-9-]+", game["id"]):
            raise SystemExit(f"site build: game id {game['id']!r} is not a safe folder name")
    facts = player_rules.read_facts(wheel, [(g["id"], lang) for g in games for lang in page_languages(g)])
    for game in games:
        english_reference = False
        for language in page_languages(game):  # English at <kind>/<id>/, another at <kind>/<id>/<language>/
            rules = out / game_folder("rules", game["id"], language)
            reference = rules_page(game, wheel=wheel, language=language)
            if reference is not None:
                (rules / player_rules.REFERENCE).mkdir(parents=True, exist_ok=True)
                (rules / player_rules.REFERENCE / "index.html").write_text(reference)
            english_reference = english_reference or (language == "en" and reference is not None)
            link = (player_rules.REFERENCE if reference is not None
                    else "../" + player_rules.REFERENCE if english_reference else None)
            rules.mkdir(parents=True, exist_ok=True)  # the player's page: How to play links here
            (rules / "index.html").write_text(player_page(game, facts[game["id"], language], wheel,
                                                          language, reference=link))
            folder = out / game_folder("play", game["id"], language)
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "index.html").write_text(play_page(
                game, wheel, pyodide, notebooks, ids, variants, language, rules_language=language,
                bot_words=facts[game["id"], language]["bots"]))
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve folders starting with _ as they are
