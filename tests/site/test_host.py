"""The play pages' Python side (lite/site/host.py) on CPython: the same code the worker runs.

It speaks JSON text with worker.js; bad input must come back as a readable error or a
notice, never an exception that would leave the page hanging. Needs witchtable
importable (the installed wheel, or PYTHONPATH=build/dev after ``make dev``).
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

HOST = Path(__file__).resolve().parents[2] / "lite" / "site" / "host.py"


@pytest.fixture
def host():
    spec = importlib.util.spec_from_file_location("wt_host_under_test", HOST)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # a fresh module: no table from another test
    return module


def start(host, **options) -> dict:
    return json.loads(host.start(json.dumps(options)))


def test_start_deals_a_game_for_the_page(host) -> None:
    answer = start(host, game="witching-hour", players=3, seat=0, bots="heuristic", seed=7, pace=0)
    state = answer["state"]
    assert state["scene"]["game"] == "witching-hour"
    assert state["scene"]["move"] == 0
    assert state["mode"] == "play"


@pytest.mark.parametrize(("options", "says"), [
    ({"game": "no-such-game"}, "witching-hour"),
    ({"game": "witching-hour", "colour": "red"}, "colour"),
    ({"game": "witching-hour", "players": 9}, "players"),
    ({"game": "witching-hour", "bots": "genius"}, "genius"),
    ({"game": "witching-hour", "rules_url": "javascript:alert(1)"}, "rules page of this site"),
    ({"game": "witching-hour", "rules_url": "https://example.invalid/rules/"}, "rules page of this site"),
])
def test_bad_setup_is_an_error_the_page_shows(host, options: dict, says: str) -> None:
    answer = start(host, **options)
    assert says in answer["error"]
    assert "state" not in answer


def test_messages_before_a_game_and_malformed_messages(host) -> None:
    assert "No game" in json.loads(host.handle(json.dumps({"kind": "skip"})))["error"]
    assert "No game" in json.loads(host.save())["error"]
    start(host, game="witching-hour", seed=1, pace=0)
    notice = json.loads(host.handle("{not json"))["state"]["notice"]
    assert notice["level"] == "error"
    state = json.loads(host.handle(json.dumps({"kind": "act", "action": {"type": "nonsense"}, "move": 0})))
    assert state["state"]["notice"]["level"] == "error"
    assert state["state"]["scene"]["move"] == 0


def test_a_mid_game_save_is_refused_while_people_play(host) -> None:
    """A save holds the seed (every hidden card): play mode gives none until the game is over."""
    state = start(host, game="witching-hour", seed=3, pace=0)["state"]
    action = _first_action(state["scene"])
    host.handle(json.dumps({"kind": "act", "action": action, "move": 0}))
    answer = json.loads(host.save())
    assert "save" not in answer and "every hidden card" in answer["error"]
    start(host, game="witching-hour", seed=3, pace=0, seat=None, bots="random")  # bots only
    assert "save" in json.loads(host.save())


def test_a_save_starts_the_same_position_again(host) -> None:
    """Witching Hour: play the first offered action in the explorer, save, and load it."""
    state = start(host, game="witching-hour", seed=3, pace=0, mode="explore")["state"]
    action = _first_action(state["scene"])
    state = json.loads(host.handle(json.dumps({"kind": "act", "action": action, "move": 0})))["state"]
    moved = state["scene"]["move"]
    assert moved > 0
    saved = json.loads(host.save())
    assert saved["move"] == moved
    again = start(host, game="witching-hour", save=saved["save"], pace=0, mode="explore")["state"]
    assert again["scene"]["move"] == moved
    assert again["scene"].get("hand") == state["scene"].get("hand")
    damaged = start(host, game="witching-hour", save=saved["save"][:40], mode="explore")
    assert damaged["error"] and "state" not in damaged
    assert json.loads(host.save())["move"] == moved, "a damaged save leaves the table as it was"


def _first_action(scene: dict) -> dict:
    """An action the scene offers (any clickable carrying one)."""
    found: list[dict] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("action"), dict) and "type" in node["action"]:
                found.append(node["action"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(scene)
    assert found, "the scene offers no action"
    return found[0]


def test_the_page_says_which_rules_page_its_how_to_play_links(host) -> None:
    """A play page in Spanish links the Spanish rules reference (``rules_url``, checked)."""
    state = start(host, game="hocus-focus", seed=1, pace=0, rules_url="../../../rules/hocus-focus/es/",
                  options={"language": "es"})["state"]
    assert "../../../rules/hocus-focus/es/" in json.dumps(state["scene"])
    state = start(host, game="hocus-focus", seed=1, pace=0)["state"]
    assert "../../rules/hocus-focus/" in json.dumps(state["scene"])


def test_warm_deals_every_game_and_language_then_leaves_no_table(host, monkeypatch) -> None:
    """host.warm (run before the play pages' snapshot is taken): every game's table is dealt
    once (each language for a game with a language option), and none is left set up."""
    from witchtable.engine import GAMES
    from witchtable.widgets import i18n

    dealt, real_start = [], host.start

    def start_and_note(options: str) -> str:
        dealt.append(json.loads(options))
        return real_start(options)

    monkeypatch.setattr(host, "start", start_and_note)
    host.warm()
    assert sorted({d["game"] for d in dealt}) == sorted(GAMES)
    with_language = [g for g in GAMES if "language" in [o.name for o in GAMES[g].option_list]]
    for game in with_language:
        languages = [d["options"]["language"] for d in dealt if d["game"] == game and "options" in d]
        assert sorted(languages) == sorted(i18n.LANGUAGES)
    assert json.loads(host.handle("{}")) == {"error": "No game is set up yet."}
    assert i18n.language() == "en"


def test_files_later_brings_the_files_when_an_import_finds_nothing(host, tmp_path, monkeypatch) -> None:
    """From the snapshot the worker starts with an empty standard library: an import that
    nothing finds calls ``bring`` (once), then is looked for again; ``files_arrived`` ends it."""
    import sys

    brought = []

    def bring() -> None:
        brought.append(True)
        (tmp_path / "wt_brought_late.py").write_text("VALUE = 7\n")
        monkeypatch.syspath_prepend(str(tmp_path))
        host.files_arrived()

    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setattr(sys, "path", [str(tmp_path / "stdlib.zip"), *sys.path])
    assert host.files_later(bring) == str(tmp_path / "stdlib.zip")
    import wt_brought_late  # noqa: F401  (nothing had it: bring() runs, then it is found)

    assert brought == [True] and sys.modules["wt_brought_late"].VALUE == 7
    assert not [f for f in sys.meta_path if type(f).__name__ == "_FilesLater"]
    monkeypatch.delitem(sys.modules, "wt_brought_late")
