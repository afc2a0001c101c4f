"""House variants as files (witchtable.variants): loaded by play, explore, lab and the play
pages' host; a damaged variant is refused with what is wrong, before anything uses it."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from witchtable import explore, lab, play
from witchtable.variants import Variant, VariantError, load_variant

HOST = Path(__file__).resolve().parents[2] / "lite" / "site" / "host.py"
QUICK = {"format": "witchtable-variant", "version": 1, "game": "witching-hour", "name": "one-round",
         "title": "One quick round", "description": "A single round with the scores open, for a lesson.",
         "players": 4, "options": {"rounds": 1, "open_scores": True}}


def write(tmp_path: Path, data: object, name: str = "variant.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def test_a_variant_file_loads_and_round_trips(tmp_path: Path) -> None:
    variant = load_variant(write(tmp_path, QUICK))
    assert variant == Variant(game="witching-hour", name="one-round", title="One quick round",
                              description=QUICK["description"], players=4,
                              options={"rounds": 1, "open_scores": True})
    assert load_variant(variant.to_json()) == variant
    assert load_variant(variant) is variant


def test_house_data_is_checked_by_the_game_itself(tmp_path: Path) -> None:
    """Witching Hour's deck option (house data): a valid track loads, an unknown type is refused."""
    deck = {"bell": {"copies": 6, "points": [1, 2, 3, 5, 7, 11]}}
    assert load_variant({**QUICK, "options": {"deck": deck}}).options == {"deck": deck}
    with pytest.raises(VariantError, match="unknown card type 'bogus'"):
        load_variant({**QUICK, "options": {"deck": {"bogus": {"copies": 1}}}})


@pytest.mark.parametrize(("change", "says"), [
    ({"format": "something-else"}, "not a witchtable variant"),
    ({"version": 2}, "not a witchtable variant of version 1"),
    ({"game": "chess"}, "unknown game 'chess'; the games are: disney-hocus-pocus"),
    ({"name": "Our Class!"}, "lower-case letters, digits and hyphens"),
    ({"description": "  "}, "the description is empty"),
    ({"description": "x" * 501}, "at most 500 characters"),
    ({"players": 9}, "takes 2 to 5, not 9"),
    ({"players": True}, "not True"),
    ({"options": [1]}, "options must be an object"),
    ({"options": {"rounds": 0}}, "options the game refuses"),
    ({"options": {"colour": "red"}}, "colour"),
    ({"colour": "red"}, "unknown keys 'colour'"),
])
def test_a_damaged_variant_is_refused_saying_what_is_wrong(tmp_path: Path, change: dict, says: str) -> None:
    with pytest.raises(VariantError, match=None) as caught:
        load_variant(write(tmp_path, {**QUICK, **change}))
    assert says in str(caught.value)
    assert str(tmp_path / "variant.json") in str(caught.value)


@pytest.mark.parametrize(("text", "says"), [
    ("{not json", "is not valid JSON"),
    ("[1, 2]", "a variant is a JSON object, not list"),
    (json.dumps({"format": "witchtable-variant"}), "missing version, game, name, description"),
    ("\xff\xfe", "not valid JSON"),
])
def test_a_file_that_is_not_a_variant_is_refused(tmp_path: Path, text: str, says: str) -> None:
    with pytest.raises(VariantError) as caught:
        load_variant(write(tmp_path, text))
    assert says in str(caught.value)


def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(VariantError, match="cannot read the variant"):
        load_variant(tmp_path / "nowhere.json")


def test_play_explore_and_lab_take_a_variant_file(tmp_path: Path) -> None:
    path = write(tmp_path, QUICK)
    table = play(variant=str(path), pace=0, seed=1)
    assert table.controller.game.id == "witching-hour"
    assert table.controller.game.players == 4
    assert table.controller.game.options["rounds"] == 1 and table.controller.game.options["open_scores"]
    explored = explore(variant=path, players=3, seed=2)  # players given wins over the variant's
    assert explored.controller.game.players == 3 and explored.controller.game.options["rounds"] == 1
    assert play(variant=path, rounds=2, pace=0).controller.game.options["rounds"] == 2  # call overrides
    studied = lab(variant=path, games=3)
    assert studied.controller.game_id == "witching-hour" and studied.controller.options["rounds"] == 1


def test_a_variant_of_another_game_is_refused(tmp_path: Path) -> None:
    with pytest.raises(VariantError, match="is for witching-hour, not hocus-pocus"):
        play("hocus-pocus", variant=write(tmp_path, QUICK))


def test_the_play_pages_host_deals_a_variant_and_refuses_a_damaged_one() -> None:
    spec = importlib.util.spec_from_file_location("wt_host_variant", HOST)
    host = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(host)
    answer = json.loads(host.start(json.dumps({"game": "witching-hour", "players": 4, "pace": 0,
                                               "seed": 1, "variant": QUICK})))
    assert "error" not in answer, answer
    assert host._table.game.options["rounds"] == 1 and host._table.game.players == 4
    damaged = json.loads(host.start(json.dumps({"game": "witching-hour", "variant": {**QUICK, "game": "x"}})))
    assert "unknown game 'x'" in damaged["error"]
    other = json.loads(host.start(json.dumps({"game": "hocus-pocus", "variant": QUICK})))
    assert "is for witching-hour, not hocus-pocus" in other["error"]
