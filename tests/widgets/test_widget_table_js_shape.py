"""table.js stays readable (issue 28, item 4): the table is split by concern into small classes,
no class over 400 lines and no function over 60, and it stays one module with no imports
(every host loads it as a single string; see the comment at its top)."""
from __future__ import annotations

import re
from pathlib import Path

TABLE_JS = Path(__file__).resolve().parents[2] / "widgets" / "static" / "table.js"
MAX_CLASS = 400
MAX_FUNCTION = 60
# A class, a top-level function, or a method: its first line, whose indent its closing brace repeats.
OPENING = re.compile(r"^(?:class (\w+) \{|function (\w+)\(.*\{|  (?:async )?(\w+)\(.*\) \{)$")


def spans(lines: list[str]) -> dict[str, int]:
    """Each class's and function's length in lines (methods as Class.name), by its closing brace."""
    out: dict[str, int] = {}
    owner = ""
    for i, line in enumerate(lines):
        match = OPENING.match(line)
        if not match:
            continue
        indent = len(line) - len(line.lstrip())
        close = " " * indent + "}"
        end = next(j for j in range(i + 1, len(lines)) if lines[j] in (close, close + ",", close + ";"))
        if match.group(1):
            owner = match.group(1)
            out[f"class {owner}"] = end - i + 1
        else:
            name = match.group(2) or f"{owner}.{match.group(3)}"
            out[name] = end - i + 1
    return out


def test_table_js_is_small_classes_of_small_functions():
    lengths = spans(TABLE_JS.read_text(encoding="utf-8").splitlines())
    assert "class TableView" in lengths and len(lengths) > 50, "the measure found the table's functions"
    big_classes = {k: n for k, n in lengths.items() if k.startswith("class ") and n > MAX_CLASS}
    long_functions = {k: n for k, n in lengths.items() if not k.startswith("class ") and n > MAX_FUNCTION}
    assert not big_classes, f"classes over {MAX_CLASS} lines: {big_classes}"
    assert not long_functions, f"functions over {MAX_FUNCTION} lines: {long_functions}"
    parts = [k for k in lengths if k.startswith("class ")]
    assert len(parts) >= 10, f"TableView is split by concern into its parts: {parts}"


def test_table_js_stays_one_module_without_imports():
    source = TABLE_JS.read_text(encoding="utf-8")
    assert source.count("export default") == 1
    assert not re.search(r"^\s*import\b|\bimport\(", source, re.MULTILINE), \
        "a blob: URL (the notebook loaders) cannot resolve a relative import: keep the parts in this file"


PLATFORM_ATTRS = {"hand-size"}
"""Counter attributes the page itself reads: every presenter names a seat's hand size so (the
explorer's columns hide it where the god view draws the hand's cards)."""


def _attrs(scene: dict) -> set[str]:
    """Every data attribute a scene's counters, piles and stocks ask the page to carry."""
    found = {c["attr"] for p in scene.get("players") or [] for c in p.get("counters") or [] if c.get("attr")}
    for zone in scene.get("table") or []:
        for part in ("pile", "stock"):
            if (zone.get(part) or {}).get("attr"):
                found.add(zone[part]["attr"])
    return found


def test_table_js_names_no_games_counter():
    """No rule outside the engine, nor a game's vocabulary in the page (issue 28, item 4):
    which numbers a bot's card flies to, and whose, the presenters mark (scene.FLY); the page
    reads the marks and names none of the numbers the games' scenes carry."""
    from widget_helpers import play_through

    from witchtable.engine import GAMES
    from witchtable.widgets import TableController

    scenes: list[dict] = []
    for game_id, spec in GAMES.items():
        table = TableController(game_id, players=spec.min_players, seat=0, seed=1, pace=0)
        play_through(table, seat=0, seed=1, check=lambda state: scenes.append(state["scene"]))
    attrs = set().union(*map(_attrs, scenes))
    counters = [c for s in scenes for p in s.get("players") or [] for c in p.get("counters") or []]
    marked = sum(1 for c in counters if c.get("fly"))
    assert {"hex-size", "grimoire-size", "cauldron-size", "gems"} <= attrs, "the games' scenes were read"
    assert marked, "some counter is marked for a bot's card to fly to"
    # an attribute's name, not a property (p.total) or an object key (total: 0) of the same word
    code = re.sub(r"(^|\s)//.*$", "", TABLE_JS.read_text(encoding="utf-8"), flags=re.M)  # not its comments
    named = sorted(a for a in attrs - PLATFORM_ATTRS
                   if re.search(rf"(?<![\w.-]){re.escape(a)}(?![\w:-])", code))
    assert not named, f"table.js names these games' counters: {named}"
