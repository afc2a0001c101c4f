"""House variants as files: a game, its options (house data included), a name and a description.

A teacher saves the class's variant once and opens it everywhere: ``play(variant=...)``,
``explore(variant=...)`` and ``lab(variant=...)`` in a notebook, a site built with
``python -m witchtable site build --variants FOLDER`` (listed on the landing page, one
link each: ``play/<game>/?variant=<name>``). The file::

    {
      "format": "witchtable-variant", "version": 1,
      "game": "witching-hour",
      "name": "short-deck",                 (the address: lower-case letters, digits, hyphens)
      "title": "Short deck",                (optional: what people see; default the name)
      "description": "Fewer Witches, so rounds end sooner.",
      "players": 4,                         (optional: the table it is meant for)
      "options": {"deck": {...}}            (optional: the game's options, house data too)
    }

A file is checked as a whole before anything uses it: every key known, the game
registered, and the options accepted by the engine itself (a new game is dealt with
them), so a damaged variant is refused with what is wrong and never half-applied.
Standard library only: the site's play pages load variants inside Pyodide.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .engine.core import GAMES, json_problem, new_game, parse_json
from .engine.rules import brief

FORMAT = "witchtable-variant"
VERSION = 1
NAME = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?")
"""A variant's name is part of an address (``?variant=``) and a file name: kept plain."""
TEXT_LIMIT = 500
FILE_LIMIT = 300_000
"""The most bytes of a variant file (house data tables are a few kilobytes)."""
KEYS = ("format", "version", "game", "name", "title", "description", "players", "options")
REQUIRED = ("format", "version", "game", "name", "description")


class VariantError(ValueError):
    """A variant that cannot be used: damaged, unknown keys, or options the game refuses."""


@dataclass(frozen=True)
class Variant:
    """One checked house variant (see the module's docstring for the file)."""

    game: str
    name: str
    description: str
    title: str = ""
    players: int | None = None
    options: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        """The variant as its file holds it."""
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": self.game, "name": self.name,
                                "title": self.title or self.name, "description": self.description}
        if self.players is not None:
            data["players"] = self.players
        data["options"] = copy.deepcopy(self.options)
        return data


def parse_variant(data: Any, where: str = "the variant") -> Variant:
    """A variant from its parsed JSON (``where`` names it in errors); raises VariantError."""
    def refuse(text: str) -> VariantError:
        return VariantError(f"{where}: {text}")

    if not isinstance(data, dict):
        raise refuse(f"a variant is a JSON object, not {type(data).__name__}")
    problem = json_problem(data)
    if problem:
        raise refuse(f"not plain JSON: {problem}")
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise refuse(f"unknown keys {', '.join(brief(k) for k in unknown[:5])}; "
                     f"a variant has: {', '.join(KEYS)}")
    missing = [k for k in REQUIRED if k not in data]
    if missing:
        raise refuse(f"missing {', '.join(missing)} (a variant needs {', '.join(REQUIRED)})")
    if data["format"] != FORMAT or data["version"] != VERSION:
        raise refuse(f"not a witchtable variant of version {VERSION} (format {brief(data['format'])}, "
                     f"version {brief(data['version'])}; expected {FORMAT!r}, {VERSION})")
    game = data["game"]
    if not isinstance(game, str) or game not in GAMES:
        raise refuse(f"unknown game {brief(game)}; the games are: {', '.join(sorted(GAMES))}")
    name = data["name"]
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise refuse(f"the name {brief(name)} must be 1 to 60 lower-case letters, digits and hyphens "
                     "(it becomes the address ?variant=NAME), e.g. 'short-deck'")
    for key in ("title", "description"):
        value = data.get(key, "")
        if not isinstance(value, str) or len(value) > TEXT_LIMIT:
            raise refuse(f"{key} must be text of at most {TEXT_LIMIT} characters, not {brief(value)}")
    if not data["description"].strip():
        raise refuse("the description is empty: say in a sentence what this variant changes")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise refuse(f"options must be an object of the game's options, not {brief(options)}")
    spec = GAMES[game]
    players = data.get("players")
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)
                                or not spec.min_players <= players <= spec.max_players):
        raise refuse(f"players: {spec.name} takes {spec.min_players} to {spec.max_players}, "
                     f"not {brief(players)}")
    try:  # the engine is the judge of the options: deal a game with them
        new_game(game, players or min(max(3, spec.min_players), spec.max_players), 0, **options)
    except (ValueError, TypeError) as err:
        raise refuse(f"options the game refuses: {err}") from None
    return Variant(game=game, name=name, description=data["description"].strip(),
                   title=data.get("title", "").strip() or name, players=players,
                   options=copy.deepcopy(options))


def load_variant(source: Variant | dict | str | Path) -> Variant:
    """A variant from a file path, a parsed dict, or a Variant (returned as it is)."""
    if isinstance(source, Variant):
        return source
    if isinstance(source, dict):
        return parse_variant(source)
    if not isinstance(source, (str, Path)):
        raise VariantError(f"a variant is a file path, a dict or a Variant, not {type(source).__name__}")
    path = Path(source)
    try:
        size = path.stat().st_size
        if size > FILE_LIMIT:
            raise VariantError(f"{path}: {size:,} bytes is too big for a variant (at most {FILE_LIMIT:,})")
        text = path.read_bytes()
    except OSError as err:
        raise VariantError(f"cannot read the variant {path}: {err.strerror or err}") from None
    return parse_variant(parse_json(text, str(path), VariantError), str(path))


def apply_variant(game_id: str | None, variant: Any, players: int | None,
                  options: dict) -> tuple[str, int, dict]:
    """(game id, players, options) for ``play``/``explore``/``lab`` given an optional variant.

    Options given in the call override the variant's; ``players`` given wins over the
    variant's own; a game id that differs from the variant's game is refused.
    """
    if variant is None:
        return game_id or "witching-hour", 3 if players is None else players, options
    chosen = load_variant(variant)
    if game_id is not None and game_id != chosen.game:
        raise VariantError(f"the variant {chosen.name!r} is for {chosen.game}, not {game_id}: "
                           "leave out the game id, or choose a variant of that game")
    merged = {**copy.deepcopy(chosen.options), **options}
    count = players if players is not None else (chosen.players or 3)
    return chosen.game, count, merged
