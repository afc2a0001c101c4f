"""A player's rules page for every game (``rules/<id>/``), the programmers' reference beside it.

The reference (``docs/games/<id>.md``: actions as JSON, views, rule ids) is for people who
write code; a player wants to know how to play, in order, with the table in front of them.
One generator makes that page for every registered game, nothing written per game:

- :func:`facts` (needs the ``witchtable`` package): what the game registers and what its
  table draws, in one language: the How to play panel's words (goal, summary, steps), the
  rule table grouped by rulebook section in the order of play (:func:`play_order`) with
  each summary and ruling, the card legend (copies, points, powers: the house data a
  table uses) and still pictures of one seeded game (``widgets/snapshot.py``: plain HTML
  and inline SVG, no script) at its start, its middle and its end, seen from seat 0 as
  the play page shows it, so only what that seat may see.
- :func:`page`: those facts as HTML, its own words through the site's catalogue.

The site build runs :func:`facts` on the wheel it ships, in a subprocess (:func:`read_facts`),
as it reads the games: the pages show exactly that wheel's games, words and tables.
"""

from __future__ import annotations

import gettext
import html
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

SEED = 1
"""The pictured game's seed: the same pictures every build."""
MOMENTS = ("start", "middle", "end")
REFERENCE = "reference/"
"""Where a game's rules reference sits, from its player's page (``rules/<id>/reference/``)."""


def N_(message: str) -> str:
    """Marks a text of the page for the translation catalogue (``tools/i18n.py``)."""
    return message


WORDS = {
    "start": N_("The start: the cards are dealt and the first turn waits."),
    "middle": N_("Move {n}: the game under way."),
    "end": N_("Move {n}: the game is over and the table shows how it ended."),
    "players": N_("{count} players"),
    "together": N_("together against the game"),
    "play": N_("Play {game}"),
    "all_games": N_("All games"),
    "reference": N_("The rules reference (for programmers)"),
    "coder": N_("Writing code for this game? The rules reference has every action, view and rule id:"),
    "the_reference": N_("the rules reference"),
    "on_this_page": N_("On this page"),
    "how-to-play": N_("How to play"),
    "pictures": N_("A game in pictures"),
    "pictures_intro": N_("One game against the bots, as the player in the first seat sees it: their own "
                         "hand, everyone else's hidden."),
    "rules": N_("The rules, in order"),
    "rules_intro": N_("Every rule the table keeps, in our words, under the heading of the rulebook it "
                      "comes from."),
    "our_ruling": N_("our ruling"),
    "rulings": N_("Our rulings"),
    "rulings_intro": N_("Where the rulebook is unclear or silent, what the table does and why."),
    "no_rulings": N_("None: the rulebook settles every case a game meets."),
    "house-data": N_("The cards"),
    "card": N_("Card"),
    "does": N_("What it does"),
    "copies": N_("Copies"),
    "points": N_("Points for 1, 2, 3… copies"),
    "detail": N_("Note"),
}
"""The page's own words (its sections' titles, the pictures' captions...), each marked for
the catalogue, where the extractor finds them (not inside an f-string)."""


def usual_players(low: int, high: int) -> int:
    """The players a game is dealt for unless asked (three where it may): the play pages'
    setup and the pictures here."""
    return min(max(3, low), high)


def step_number(section: str) -> int | None:
    """A rulebook's numbered step (``"2. Concoct a potion"``: 2), else None."""
    match = re.match(r"(\d+)\. ", section)
    return int(match.group(1)) if match else None


def play_order(rules: list) -> list[tuple[str, list]]:
    """The rules grouped by rulebook section, the sections in the order of play.

    A game's rule table is written in the order a game is played, but a rule sometimes
    sits beside a related one from another section (a reshuffle among the set-up rules).
    So a section goes where its longest run of consecutive rules is (the earliest of
    equal runs), and a rulebook's numbered steps (``1. Search the Attic``) keep their
    numbers' order among the places the steps take. Rules keep their table order.
    """
    runs: dict[str, tuple[int, int]] = {}  # section -> (longest run, minus its start)
    start = 0
    for i, rule in enumerate(rules):
        if i and rules[i - 1].section != rule.section:
            start = i
        length = i - start + 1
        best = runs.get(rule.section)
        if best is None or length > best[0]:
            runs[rule.section] = (length, -start)
    order = sorted(runs, key=lambda s: -runs[s][1])
    steps = [s for s in order if step_number(s) is not None]
    places = iter(sorted(steps, key=step_number))  # type: ignore[arg-type]  # steps: numbered ones only
    order = [next(places) if step_number(s) is not None else s for s in order]
    return [(section, [r for r in rules if r.section == section]) for section in order]


def _game(game_id: str, players: int, options: dict) -> list[dict]:
    """Every state the play page's table (seat 0 a person, the default bots) sends in one
    seeded game, the person's moves chosen by the default bot."""
    from witchtable.engine.bots import default_bot, make_bot
    from witchtable.widgets import TableController

    table = TableController(game_id, players=players, seat=0, seed=SEED, pace=0, **options)
    you = make_bot(default_bot(game_id), game_id, SEED)  # plays the person's seat
    clock = random.Random(SEED)  # the person's times where a clock runs
    state = table.state()
    states = [state]
    for _step in range(20_000):
        scene = state["scene"]
        if scene.get("gameover"):
            break
        if state["auto"]:
            message = state["auto"]["message"]
        elif scene.get("handoff"):
            message = scene["handoff"]["message"]
        elif 0 in table.game.to_act:
            game = table.game
            message = {"kind": "act", "action": dict(you.choose(game.view(0), game.legal_actions(0))),
                       "move": scene["move"]}
            if scene.get("clock"):
                message["ms"] = clock.randrange(300, 3000)
        elif scene.get("reveal"):
            message = {"kind": "close", "reveal": scene["reveal"]["key"], "move": scene["move"]}
        else:
            raise RuntimeError(f"{game_id}: the pictured game waits for nothing at move {scene['move']}")
        state = table.handle(message)
        if (state.get("notice") or {}).get("level") == "error":
            raise RuntimeError(f"{game_id}: the pictured game was refused: {state['notice']['text']}")
        states.append(state)
    else:
        raise RuntimeError(f"{game_id}: the pictured game did not end")
    return states


def _pictures(states: list[dict]) -> list[dict]:
    """Still pictures of a game (``widgets/snapshot.py``): its start, middle move and end."""
    from witchtable.widgets.snapshot import snapshot_html

    last = states[-1]["scene"]["move"]
    middle = min(states, key=lambda s: abs(s["scene"]["move"] - last // 2))
    pictures = []
    for moment, shown in zip(MOMENTS, (states[0], middle, states[-1]), strict=True):
        still = {**shown, "strings": {**shown["strings"], "snapshot_note": ""}}  # the page captions it
        pictures.append({"moment": moment, "move": shown["scene"]["move"], "html": snapshot_html(still)})
    return pictures


def facts(game_id: str, language: str = "en") -> dict:
    """What the player's page of ``game_id`` shows, in ``language`` (plain JSON)."""
    from witchtable.engine import GAMES
    from witchtable.widgets.i18n import _, bot_choice, using

    spec = GAMES[game_id]
    options = {"language": language} if language != "en" else {}
    states = _game(game_id, usual_players(spec.min_players, spec.max_players), options)
    scene = states[0]["scene"]
    own = [rule for rule in spec.rules if rule.id.startswith(game_id + "/")]
    with using(language):
        sections = [{"section": section, "rules": [
            {"id": r.id, "summary": _(r.summary), "ruling": _(r.ruling) if r.ruling else "", "house": r.house}
            for r in rules]} for section, rules in play_order(own)]
        bots = {kind: bot_choice(kind) for kind in spec.bot_kinds}  # the play page's bot menu
    legend = [{key: item[key] for key in ("name", "tag", "copies", "points", "text", "detail", "tone")
               if item.get(key) not in (None, "")} for item in scene.get("legend") or []]
    howto = scene["howto"]
    return {"game": game_id, "name": spec.name, "language": language,
            "min_players": spec.min_players, "max_players": spec.max_players, "kind": spec.kind,
            "title": howto["title"], "goal": howto["goal"], "summary": howto["summary"],
            "steps": howto["lines"], "sections": sections, "bots": bots,
            "legend": {"title": scene.get("legend_title") or "", "note": scene.get("legend_note") or "",
                       "items": legend},
            "pictures": _pictures(states)}


def read_facts(wheel: Path, wanted: list[tuple[str, str]]) -> dict[tuple[str, str], dict]:
    """:func:`facts` of each (game, language) in ``wanted``, from the wheel the site ships
    (unpacked: its catalogues are files), in a subprocess: the build needs no witchtable.
    This file runs as a script there, since the shipped wheel leaves out ``witchtable.site``."""
    with tempfile.TemporaryDirectory() as unpacked:
        with zipfile.ZipFile(wheel) as whl:
            whl.extractall(unpacked)
        env = dict(os.environ, PYTHONPATH=unpacked)
        proc = subprocess.run([sys.executable, "-P", __file__, json.dumps(wanted)],  # -P: not lite/ too
                              capture_output=True, text=True, env=env, cwd=unpacked)
    if proc.returncode:
        raise SystemExit(f"site build: could not draw the rules pages from {wheel.name}:\n"
                         f"{proc.stderr[-2000:]}")
    found = json.loads(proc.stdout)
    return {(gid, lang): found[f"{gid}/{lang}"] for gid, lang in wanted}


def esc(value: object) -> str:
    """Any value as HTML text or an attribute's value, so no fact can break the page."""
    return html.escape(str(value), quote=True)


def _players(data: dict, words: gettext.NullTranslations) -> str:
    low, high = data["min_players"], data["max_players"]
    count = f"{low}–{high}" if low != high else str(low)
    text = words.gettext(WORDS["players"]).format(count=count)
    if data["kind"] == "cooperative":
        text += " · " + words.gettext(WORDS["together"])
    return text


SHARED = re.compile(r"<style>.*?</style>|<symbol [^>]*>.*?</symbol>", re.S)
"""What each still picture carries for itself: its style sheet and its SVG symbols."""


def once(pictures: list[str]) -> list[str]:
    """The pictures of one page with each style sheet and SVG symbol kept only where it first
    appears: pictures of one game repeat them word for word (a symbol's id is the drawing's
    name), and one copy serves the whole page, so a page weighs less (the site's bytes are few)."""
    seen: set[str] = set()

    def first(match: re.Match) -> str:
        if match.group(0) in seen:
            return ""
        seen.add(match.group(0))
        return match.group(0)

    return [SHARED.sub(first, html) for html in pictures]


def _figure(picture: dict, drawn: str, words: gettext.NullTranslations) -> str:
    caption = words.gettext(WORDS[picture["moment"]]).format(n=picture["move"])
    return (f'<figure class="wt-rules-picture" data-moment="{esc(picture["moment"])}">'
            f'<figcaption>{esc(caption)}</figcaption>\n{drawn}</figure>')


def _rules(data: dict, words: gettext.NullTranslations) -> str:
    out = []
    for group in data["sections"]:
        items = []
        for rule in group["rules"]:
            more = (f' <a class="wt-rules-more" href="#ruling-{esc(rule["id"])}">'
                    f'{esc(words.gettext(WORDS["our_ruling"]))}</a>' if rule["ruling"] else "")
            items.append(f'<li data-rule="{esc(rule["id"])}">{esc(rule["summary"])}{more}</li>')
        out.append(f'<h3>{esc(group["section"])}</h3>\n<ul>{"".join(items)}</ul>')
    return "\n".join(out)


def _rulings(data: dict, words: gettext.NullTranslations) -> str:
    items = [f'<li id="ruling-{esc(rule["id"])}" data-rule="{esc(rule["id"])}">'
             f'<strong>{esc(rule["summary"])}</strong> {esc(rule["ruling"])}</li>'
             for group in data["sections"] for rule in group["rules"] if rule["ruling"]]
    if not items:
        return f'<p>{esc(words.gettext(WORDS["no_rulings"]))}</p>'
    return f'<ul class="wt-rulings">{"".join(items)}</ul>'


def _house(data: dict, words: gettext.NullTranslations) -> str:
    """The cards as the table's legend lists them (copies, points, powers) and the rules
    that state house data: what the table uses where the rulebook prints no numbers."""
    legend = data["legend"]
    house = [rule for group in data["sections"] for rule in group["rules"] if rule["house"]]
    if not legend["items"] and not house:
        return ""
    parts = [f'<section id="house-data" aria-labelledby="house-data-title">'
             f'<h2 id="house-data-title">{esc(legend["title"] or words.gettext(WORDS["house-data"]))}</h2>']
    parts += [f"<p>{esc(rule['summary'])}</p>" for rule in house]
    if legend["note"]:
        parts.append(f'<p>{esc(legend["note"])}</p>')
    if legend["items"]:
        extra = [key for key in ("copies", "points", "detail") if any(key in i for i in legend["items"])]
        head = "".join(f'<th scope="col">{esc(words.gettext(WORDS[key]))}</th>' for key in extra)
        rows = "".join(
            f'<tr data-tone="{esc(item.get("tone", ""))}"><th scope="row">{esc(item["name"])}'
            + (f' <span class="wt-meta">{esc(item["tag"])}</span>' if item.get("tag") else "")
            + f'</th><td>{esc(item.get("text", ""))}</td>'
            + "".join(f'<td>{esc(item.get(key, ""))}</td>' for key in extra) + "</tr>"
            for item in legend["items"])
        parts.append(f'<table class="wt-rules-legend"><thead><tr>'
                     f'<th scope="col">{esc(words.gettext(WORDS["card"]))}</th>'
                     f'<th scope="col">{esc(words.gettext(WORDS["does"]))}</th>{head}</tr></thead>'
                     f'<tbody>{rows}</tbody></table>')
    return "\n".join(parts) + "\n</section>"


def _links(w: dict, name: str, play: str, reference: str | None) -> list[str]:
    """The header's links: the game's play page, and its rules reference when it has one."""
    links = [f'<a href="{esc(play)}">{w["play"].format(game=esc(name))}</a>']
    if reference:
        links.append(f'<a href="{esc(reference)}" data-role="reference">{w["reference"]}</a>')
    return links


def _figures(data: dict, words: gettext.NullTranslations) -> str:
    """The pictures section's figures, in :data:`MOMENTS` order (each drawing's styles once)."""
    pictures = {p["moment"]: p for p in data["pictures"]}
    shown = [pictures[m] for m in MOMENTS if m in pictures]
    return "\n".join(_figure(p, drawn, words) for p, drawn in zip(shown, once([p["html"] for p in shown]),
                                                                  strict=True))


def page(data: dict, words: gettext.NullTranslations | None = None, *, up: str, play: str,
         reference: str | None, languages: str = "") -> str:
    """The player's page from :func:`facts`: ``up`` leads to the site's root, ``play`` to the
    game's play page, ``reference`` to its rules reference (None: it has none);
    ``languages``: the links to the page's other languages (HTML)."""
    words = words or gettext.NullTranslations()
    w = {key: esc(words.gettext(text)) for key, text in WORDS.items()}
    links = _links(w, data["name"], play, reference)
    steps = "".join(f"<li>{esc(line)}</li>" for line in data["steps"])
    house = _house(data, words)
    toc = ["how-to-play", "pictures", "rules", "rulings", *(["house-data"] if house else [])]
    nav = " · ".join(f'<a href="#{key}">{w[key]}</a>' for key in toc)
    reference_note = (f'<p class="wt-meta">{w["coder"]} '
                      f'<a href="{esc(reference)}">{w["the_reference"]}</a>.</p>' if reference else "")
    figures = _figures(data, words)
    return f"""<!doctype html>
<html lang="{esc(data["language"])}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{esc(data["title"])}</title>
  <link rel="stylesheet" href="{up}play/assets/site.css">
</head>
<body class="wt-site wt-rules-page wt-player-rules" data-game="{esc(data["game"])}">
<header class="wt-site-head wt-compact">
  <a class="wt-home" href="{up}">witchtable</a>
  <nav>{" · ".join(links)}{languages} · <a href="{up}">{w["all_games"]}</a></nav>
</header>
<main>
<h1>{esc(data["title"])}</h1>
<p class="wt-rules-lead">{esc(data["summary"])}</p>
<p><strong>{esc(data["goal"])}</strong> · {esc(_players(data, words))}</p>
<nav class="wt-rules-toc" aria-label="{w["on_this_page"]}">{nav}</nav>
<section id="how-to-play" aria-labelledby="how-to-play-title">
<h2 id="how-to-play-title">{w["how-to-play"]}</h2>
<ol class="wt-rules-steps">{steps}</ol>
</section>
<section id="pictures" aria-labelledby="pictures-title">
<h2 id="pictures-title">{w["pictures"]}</h2>
<p>{w["pictures_intro"]}</p>
{figures}
</section>
<section id="rules" aria-labelledby="rules-title">
<h2 id="rules-title">{w["rules"]}</h2>
<p>{w["rules_intro"]}</p>
{_rules(data, words)}
</section>
<section id="rulings" aria-labelledby="rulings-title">
<h2 id="rulings-title">{w["rulings"]}</h2>
<p>{w["rulings_intro"]}</p>
{_rulings(data, words)}
</section>
{house}
{reference_note}
</main>
</body>
</html>
"""


def main(argv: list[str]) -> int:
    """``python player_rules.py '[["game", "language"], ...]'``: their facts as JSON."""
    wanted = json.loads(argv[0])
    print(json.dumps({f"{gid}/{lang}": facts(gid, lang) for gid, lang in wanted}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
