"""Generate a game's rule reference (rule ids, sections, summaries, rulings) from its RuleBook.

The game docs keep generated blocks between markers, so they never drift from the engine:

    python tools/rules_table.py witching-hour                 # print the blocks
    python tools/rules_table.py witching-hour --write docs/games/witching-hour.md
    python tools/rules_table.py witching-hour --check docs/games/witching-hour.md   # exit 1 if stale
    python tools/rules_table.py --games --write README.md     # the README's list of the games

A doc in another language, ``docs/games/<id>.<language>.md`` (Hocus Focus: ``.es.md``), gets
the same blocks in that language, through the widgets' translation catalogue (the rule
summaries and rulings are translated there for the table), so it never drifts either.

A doc holds ``<!-- BEGIN rules_table.py KIND -->`` ... ``<!-- END rules_table.py KIND -->``
for each KIND in :data:`BLOCKS` that it wants; ``--write`` refills exactly those. ``view`` is
the view's table, from the game's declared view type (``engine/games/<game>/views.py``). With
``--games`` the one block is ``games``: every registered game, its players, goal and
reference page (the README's list, so adding a game edits no list by hand).
Run it with the package importable (``PYTHONPATH=build/dev`` after ``make dev``, or the
installed wheel); from a checkout it finds ``build/dev`` by itself.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _games() -> dict:
    try:
        from witchtable.engine import GAMES
    except ImportError:
        sys.path.insert(0, str(ROOT / "build" / "dev"))
        from witchtable.engine import GAMES
    return GAMES


def _rules(game_id: str) -> list:
    GAMES = _games()
    if game_id not in GAMES:
        raise SystemExit(f"unknown game {game_id!r}; the games are: {', '.join(sorted(GAMES))}")
    return [rule for rule in GAMES[game_id].rules if rule.id.startswith(game_id + "/")]


def N_(message: str) -> str:
    """Marks a text of the generated blocks for the translation catalogue (tools/i18n.py)."""
    return message


_ = N_  # the active language's translation, inside :func:`language`


@contextmanager
def language(code: str) -> Iterator[None]:
    """Word the blocks in ``code`` (``"es"``) with the widgets' catalogue."""
    global _
    if code == "en":
        yield
        return
    from witchtable.widgets import i18n

    with i18n.using(code):
        _ = i18n._
        try:
            yield
        finally:
            _ = N_


def doc_language(path: Path) -> str:
    """The language of a game doc from its name: ``hocus-focus.es.md`` is ``es``, else ``en``."""
    parts = path.name.split(".")
    return parts[-2] if len(parts) == 3 and len(parts[-2]) == 2 else "en"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def rules_block(game_id: str) -> str:
    """A markdown table: every rule id of the game, its rulebook section and summary."""
    head = (_(N_("Rule id")), _(N_("Rulebook section")), _(N_("Summary")))
    lines = [f"| {head[0]} | {head[1]} | {head[2]} |", "|---|---|---|"]
    for rule in _rules(game_id):
        lines.append(f"| `{rule.id}` | {_cell(rule.section)} | {_cell(_(rule.summary))} |")
    return "\n".join(lines)


def rulings_block(game_id: str) -> str:
    """A markdown list: each ruling (a decision where the rulebook is silent or unclear)."""
    lines = [f"- `{rule.id}` ({rule.section}): {_(rule.ruling)}" for rule in _rules(game_id) if rule.ruling]
    none = _(N_("_No rulings: the rulebook settles every case the engine meets._"))
    return "\n".join(lines) if lines else none


def view_block(game_id: str) -> str:
    """A markdown table: every key of the game's view (its spec's ``view_type``, with the
    records it holds), its type and meaning, then the named types it uses. English only: the
    meanings are the engine's own (docstrings), which the catalogue does not hold."""
    spec = _games()[game_id]
    if spec.view_type is None:
        return "_This game declares no view type (GameSpec view_type)._"
    from witchtable.engine import views

    lines = ["| Field | Type | Meaning |", "|---|---|---|"]
    for path, kind, meaning in views.rows(spec.view_type):
        lines.append(f"| `{path}` | {_cell(kind)} | {_cell(meaning)} |")
    named = views.names(spec.view_type)
    if named:
        lines += ["", "Named types:", ""]
        lines += [f"- *{name}*: {_cell(values)}" for name, values in named.items()]
    return "\n".join(lines)


BLOCKS: dict[str, Callable[[str], str]] = {"rules": rules_block, "rulings": rulings_block,
                                           "view": view_block}


def games_block() -> str:
    """A markdown list: each registered game, its player counts, goal and reference page."""
    lines = []
    for game_id, spec in _games().items():
        players = (f"{spec.min_players}-{spec.max_players}" if spec.min_players != spec.max_players
                   else str(spec.min_players))
        together = ", cooperative" if spec.cooperative else ""
        goal = f": {spec.goal}" if spec.goal else ""
        lines.append(f"- **{spec.name}** (`{game_id}`, {players} players{together}){goal}. "
                     f"Reference: [docs/games/{game_id}.md](docs/games/{game_id}.md)")
    return "\n".join(lines)


def refreshed_games(text: str) -> str:
    """``text`` with its ``games`` block filled in afresh."""
    block = games_block()
    return _pattern("games").sub(lambda m: m.group(1) + block + "\n" + m.group(3), text)


def _pattern(kind: str) -> re.Pattern:
    return re.compile(rf"(<!-- BEGIN rules_table\.py {kind} -->\n)(.*?)(<!-- END rules_table\.py {kind} -->)",
                      re.DOTALL)


def refreshed(game_id: str, text: str, code: str = "en") -> str:
    """``text`` with every generated block it holds filled in afresh, in language ``code``."""
    with language(code):
        for kind, make in BLOCKS.items():
            block = make(game_id)
            text = _pattern(kind).sub(lambda m, block=block: m.group(1) + block + "\n" + m.group(3), text)
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", nargs="?", help="game id, e.g. witching-hour")
    parser.add_argument("--games", action="store_true", help="the list of every game (the README's)")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--write", metavar="DOC", help="refill the generated blocks of DOC")
    group.add_argument("--check", metavar="DOC", help="exit 1 if DOC's generated blocks are stale")
    args = parser.parse_args(argv)
    if args.games == bool(args.game):
        parser.error("give a game id, or --games")
    if args.games:
        if not (args.write or args.check):
            print(f"<!-- BEGIN rules_table.py games -->\n{games_block()}\n<!-- END rules_table.py games -->")
            return 0
        path = Path(args.write or args.check)
        text = path.read_text()
        fresh = refreshed_games(text)
        if not _pattern("games").search(text) or (args.check and fresh != text):
            print(f"{path} has no current games block: "
                  f"run python tools/rules_table.py --games --write {path}", file=sys.stderr)
            return 1
        if args.write and fresh != text:
            path.write_text(fresh)
        print(f"{path} is up to date" if args.check else f"wrote {path}")
        return 0
    if not (args.write or args.check):
        for kind, make in BLOCKS.items():
            print(f"<!-- BEGIN rules_table.py {kind} -->\n{make(args.game)}\n"
                  f"<!-- END rules_table.py {kind} -->\n")
        return 0
    path = Path(args.write or args.check)
    text = path.read_text()
    if not any(_pattern(kind).search(text) for kind in BLOCKS):
        print(f"{path} has no '<!-- BEGIN rules_table.py rules -->' block to fill", file=sys.stderr)
        return 1
    fresh = refreshed(args.game, text, doc_language(path))
    if args.check:
        if fresh != text:
            print(f"{path} is stale: run python tools/rules_table.py {args.game} --write {path}",
                  file=sys.stderr)
            return 1
        print(f"{path} is up to date")
        return 0
    if fresh != text:
        path.write_text(fresh)
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
