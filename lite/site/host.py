"""The play page's Python side: runs in Pyodide in the page's web worker.

It holds one ``TableController`` (the same one the notebook widget wraps) and speaks
JSON text with ``worker.js``, so no Python object crosses into JavaScript. Nothing here
knows a rule: the controller and the engine decide everything.
"""

from __future__ import annotations

import importlib.machinery
import json
import re
import sys
from collections.abc import Callable
from typing import Any

from witchtable.engine import GAMES
from witchtable.engine.core import json_problem, parse_json
from witchtable.engine.rules import brief
from witchtable.variants import apply_variant
from witchtable.widgets.controller import TableController
from witchtable.widgets.i18n import LANGUAGES

_table: TableController | None = None

SETUP_KEYS = ("players", "seat", "bots", "seed", "mode", "pace", "names", "save", "reactions", "undo",
              "variant", "options", "position", "site_url", "rules_url")
"""The setup form's fields; ``options`` holds the game's own options (``{"language": "es"}``);
``position`` a position link from the address (the explorer opens it, widgets/links.py),
``site_url`` the site's base address (the explorer's copied links are its play pages) and
``rules_url`` the rules page the page's How to play links."""
RULES_URL = re.compile(r"(\.\./)+rules/[a-z0-9-]+/([a-z]{2}/)?")
"""What a ``rules_url`` may be: ``../../rules/<id>/``, ``../../../rules/<id>/es/``."""


def start(options_json: str) -> str:
    """A new table from the setup form's options; answers {"state"} or {"error"}."""
    global _table
    try:
        options = parse_json(options_json, "the setup")
        problem = json_problem(options)
        if problem:
            raise ValueError(f"the setup is not plain JSON: {problem}")
        if not isinstance(options, dict):
            raise ValueError(f"the setup is a JSON object, not {type(options).__name__}")
        game_id = options.pop("game", None)
        if not isinstance(game_id, str) or game_id not in GAMES:
            raise ValueError(f"unknown game {brief(game_id)}; this site has: {', '.join(sorted(GAMES))}")
        unknown = sorted(set(options) - set(SETUP_KEYS))
        if unknown:
            raise ValueError(f"unknown setup options {', '.join(brief(k) for k in unknown[:5])}; "
                             f"known: {', '.join(SETUP_KEYS)}")
        game_options = options.pop("options", None) or {}
        if not isinstance(game_options, dict):
            raise ValueError(f"the setup's options are an object of the game's options, "
                             f"not {brief(game_options)}")
        known = [o.name for o in GAMES[game_id].option_list]
        strange = sorted(set(game_options) - set(known))
        if strange:
            raise ValueError(f"{GAMES[game_id].name} has no option "
                             f"{', '.join(brief(k) for k in strange[:5])}; its options: {', '.join(known)}")
        options.update(game_options)  # a variant's house options (below) take precedence
        variant = options.pop("variant", None)  # a house variant (the site's variants/<name>.json)
        if variant is not None:
            if not isinstance(variant, dict):  # never a path: the page sends one of the site's own
                raise ValueError(f"a variant is one of this site's variants, as the page's ?variant=<name> "
                                 f"chooses it, never a file path: not {brief(variant)}")
            game_id, options["players"], house = apply_variant(game_id, variant, options.get("players"), {})
            options.update(house)
        # The How to play panel links the game's rules reference, built beside the play pages
        # (the page says which: its own language's, where there is one).
        rules_url = options.pop("rules_url", f"../../rules/{game_id}/")
        if not isinstance(rules_url, str) or not RULES_URL.fullmatch(rules_url):
            raise ValueError(f"rules_url is a rules page of this site (../../rules/<game>/), "
                             f"not {brief(rules_url)}")
        table = TableController(game_id, rules_url=rules_url, **options)
    except (ValueError, TypeError, KeyError) as err:
        text = str(err)
        return json.dumps({"error": text if len(text) <= 300 else text[:299] + "…"})
    _table = table
    return json.dumps({"state": table.state()})


def handle(message_json: str) -> str:
    """One front-end message (``model.send``) to the controller; answers the new state."""
    if _table is None:
        return json.dumps({"error": "No game is set up yet."})
    try:
        message: Any = parse_json(message_json, "the message")
    except ValueError as err:
        message = str(err)  # not a message object: the controller turns this into a visible notice
    return json.dumps({"state": _table.handle(message)})


def save() -> str:
    """The current game as save text (the engine's JSON save: seed and every action).

    A save holds the seed, so it tells every hidden card. A person playing must not get
    one mid-game (that would show them the other hands): in play mode it is given once the
    game is over, or when only bots play; the explorer, which shows everything, saves any time.
    """
    if _table is None:
        return json.dumps({"error": "No game is set up yet."})
    game = _table.game
    if _table.mode == "play" and _table.humans and not game.is_over:
        return json.dumps({"error": "A save holds the seed, so it would show every hidden card: "
                                    "while people play, saving is offered once the game is over. "
                                    "Open the game in the explorer to save any position."})
    return json.dumps({"save": json.dumps(game.to_json()), "move": game.move_number})


def warm() -> None:
    """Deal, and drop, a table of every game in each of its languages.

    Everything a table needs at its start is then imported and read (presenters, pictures,
    catalogues). The play pages' memory snapshot is taken right after this (lite/snapshot.mjs),
    so a page restored from it deals its first board without reading a file.
    """
    global _table
    for game_id in sorted(GAMES):
        has_language = "language" in [o.name for o in GAMES[game_id].option_list]
        for language in LANGUAGES if has_language else ("en",):
            options = {"game": game_id, "pace": 0, "seed": 1}
            if has_language:
                options["options"] = {"language": language}
            answer = json.loads(start(json.dumps(options)))
            if "error" in answer:
                raise RuntimeError(f"warming {game_id} ({language}): {answer['error']}")
    _table = None


class _FilesLater:
    """Last on ``sys.meta_path`` while Python's files have not arrived (:func:`files_later`):
    an import that nothing found brings them at once, then is looked for again."""

    def __init__(self, bring: Callable[[], None]) -> None:
        self.bring = bring

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        self.bring()  # (worker.js: fetches and writes them, then calls files_arrived)
        return importlib.machinery.PathFinder.find_spec(name, path, target)  # (where they are)


def files_later(bring: Callable[[], None]) -> str:
    """From the memory snapshot, Python's files (the standard library's zip, the wheel's)
    arrive once the worker is idle: every module and file a table uses is in memory already.
    Until then an import that nothing finds calls ``bring``. Returns where the standard
    library's zip goes."""
    sys.meta_path.append(_FilesLater(bring))
    return next(p for p in sys.path if p.endswith(".zip"))


def files_arrived() -> None:
    """Python's files are in place: imports look in them from now on."""
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, _FilesLater)]
    importlib.invalidate_caches()

