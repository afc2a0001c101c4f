"""A position as a link (widgets/links.py, docs/widgets.md "A position as a link"): every
registered game's explorer position goes into a link and comes back the same (line, move,
scene); each kind of damage is refused with what was wrong and what would be right, and
nothing is opened or changed; links stay out of play tables and seats' views, because a
link holds the seed, which tells every hidden card.
"""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest

from witchtable.engine import GAMES, new_game
from witchtable.engine.core import SaveError
from witchtable.engine.sim import play_bots, seat_bots
from witchtable.widgets import TableController
from witchtable.widgets.links import (
    MAX_DATA_CHARS,
    MAX_LINK_CHARS,
    PREFIX,
    LinkError,
    link_url,
    make_link,
    read_link,
)

MOVES = 40
"""How far into each game the round-trip test plays (a few rounds of every game)."""


def played(game_id: str, seed: int = 4) -> TableController:
    """An explorer of ``game_id`` (fewest players) whose line holds MOVES random-bot moves
    (or the whole game, if shorter), shown at the middle of the line."""
    spec = GAMES[game_id]
    game = new_game(game_id, spec.min_players, seed)
    play_bots(game, seat_bots(game_id, ["random"] * game.players, seed), random.Random(seed), limit=MOVES)
    controller = TableController(game_id, mode="explore", save=game.to_json())
    controller.handle({"kind": "goto", "move": len(controller.line) // 2})
    return controller


def pack(data: bytes) -> str:
    """``data`` as a link's body would carry it (base64url without padding)."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@pytest.fixture(scope="module")
def explorer() -> TableController:
    controller = TableController("witching-hour", players=3, seed=3, mode="explore")
    controller.handle({"kind": "autoplay"})
    controller.handle({"kind": "goto", "move": 9})
    return controller


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_round_trips_line_move_and_scene(game_id: str) -> None:
    """The opened link shows the same line at the same move: the whole scene is equal."""
    controller = played(game_id)
    link = controller.link()
    assert link.startswith(PREFIX) and len(link) < MAX_LINK_CHARS
    opened = TableController(game_id, mode="explore", position=link)
    assert opened.line == controller.line
    assert opened.game.move_number == controller.game.move_number == len(controller.line) // 2
    assert opened.game.to_json() == controller.game.to_json()
    assert opened.state()["scene"] == controller.state()["scene"]
    # the link's own text is all a copy needs: read_link alone gives the same position
    position = read_link(link)
    assert (position.game.id, position.move, position.line) == (game_id, opened.game.move_number, opened.line)


def test_the_link_is_in_the_god_views_scene_and_opens_from_explore(explorer) -> None:
    from witchtable import explore

    part = explorer.state()["scene"]["link"]
    assert part["link"] == explorer.link() and part["url"] is None
    assert part["copy"] == f'from witchtable import explore\nexplore(link="{part["link"]}")'
    widget = explore(link=part["link"])
    assert widget.controller.line == explorer.line and widget.controller.game.move_number == 9
    with pytest.raises(ValueError, match="leave out players, seed"):
        explore(link=part["link"], players=3, seed=3)
    with pytest.raises(LinkError, match="not a witchtable position link"):
        explore(link="look at move 9")


def test_with_the_sites_address_the_copy_is_the_play_pages_url() -> None:
    controller = TableController("hocus-pocus", players=3, seed=2, mode="explore",
                                 site_url="https://school.example/games/")
    controller.handle({"kind": "autoplay"})
    controller.handle({"kind": "goto", "move": 5})
    part = controller.state()["scene"]["link"]
    assert part["url"] == part["copy"] == ("https://school.example/games/play/hocus-pocus/?mode=explore&position="
                                           + controller.link())


def test_a_link_goes_into_the_address_as_it_is_and_anything_else_quoted() -> None:
    """make_link's links are URL-safe (base64url): they need no quoting (nor urllib.parse,
    which the play pages would have to load); other text is percent-encoded."""
    link = make_link(new_game("witching-hour", 3, seed=2).to_json(), 0)
    assert link_url("https://x.org/play/witching-hour/", link) == \
        f"https://x.org/play/witching-hour/?mode=explore&position={link}"
    assert link_url("https://x.org/p/?embed=1", "wt1.a b/é") == \
        "https://x.org/p/?embed=1&mode=explore&position=wt1.a%20b%2F%C3%A9"


def test_a_variations_link_carries_that_line(explorer) -> None:
    controller = TableController("witching-hour", mode="explore", position=explorer.link())
    controller.handle({"kind": "goto", "move": 4})
    seat = controller.game.to_act[0]
    other = next(a for a in controller.game.legal_actions(seat) if [seat, a] != controller.line[4])
    controller.handle({"kind": "act", "action": other, "move": 4, "seat": seat})
    assert controller.active == 1
    opened = TableController("witching-hour", mode="explore", position=controller.link())
    assert opened.lines == [controller.line] and opened.game.move_number == 5


def test_a_link_pasted_in_the_save_box_opens_like_a_save(explorer) -> None:
    controller = TableController("hocus-pocus", players=4, seed=1, mode="explore")
    state = controller.handle({"kind": "load", "save": " " + explorer.link() + "\n"})
    assert state["notice"]["level"] == "info" and "move 9" in state["notice"]["text"]
    assert controller.game.id == "witching-hour" and controller.line == explorer.line


def damaged(explorer: TableController) -> dict[str, tuple[str, str]]:
    """Each kind of damage: the link and words the refusal must hold."""
    link = explorer.link()
    body = link[len(PREFIX):]
    save = explorer.game.to_json()
    save["actions"] = [list(m) for m in explorer.line]
    seat, action = save["actions"][3]
    illegal = json.loads(json.dumps(save))
    illegal["actions"][3] = [(seat + 1) % 3, action]
    unknown = {**save, "game": "moonlight-chess"}
    flipped = bytearray(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    flipped[len(flipped) // 2] ^= 0xFF
    return {
        "bad base64": (link[:20] + "!" + link[21:], "base64url does not use"),
        "bad base64 length": (link[:len(PREFIX) + 1 + 4 * ((len(body) - 2) // 4)],
                              "length no base64url text has"),
        "text added": (link + "AAAA", "goes on after its data ends"),
        "bad compression": (PREFIX + pack(bytes(flipped)), "copy the whole link again"),
        "not compressed": (PREFIX + pack(b"hello, students"), "does not unpack"),
        "cut short": (link[:len(link) // 2], "copy the whole link again"),
        "wrong version": ("wt2." + body, "version 2 position link; this witchtable reads version 1"),
        "no prefix": (body, "starts 'wt1.'"),
        "empty": ("   ", "a position link is text starting 'wt1.'"),
        "not json": (PREFIX + pack(zlib.compress(b"{move: 3}")), "not valid JSON"),
        "wrong shape": (PREFIX + pack(zlib.compress(b'{"save": {}, "move": 1, "x": 2}')),
                        "an object with 'save' and 'move'"),
        "illegal move list": (make_link(illegal, 5), "move 4 of the save cannot be played"),
        "unknown game": (make_link(unknown, 5), "unknown game"),
        "not a save": (make_link({"format": "chess-pgn"}, 0), "not a witchtable save"),
        "move past the end": (make_link(save, len(save["actions"]) + 1),
                              f"the move shown is 0 to {len(save['actions'])}"),
        "negative move": (make_link(save, -1), "the move shown is 0 to"),
        "move as text": (make_link(save, "9"), "the move shown is 0 to"),
        "move as a boolean": (make_link(save, True), "the move shown is 0 to"),
        "oversized link": (PREFIX + "A" * MAX_LINK_CHARS, f"at most {MAX_LINK_CHARS:,}"),
        "unpacks to a flood": (PREFIX + pack(zlib.compress(b" " * (MAX_DATA_CHARS + 10), 9)),
                               f"more than {MAX_DATA_CHARS:,} characters"),
    }


DAMAGE = ["bad base64", "bad base64 length", "text added", "bad compression", "not compressed", "cut short",
          "wrong version", "no prefix", "empty", "not json", "wrong shape", "illegal move list",
          "unknown game", "not a save", "move past the end", "negative move", "move as text",
          "move as a boolean", "oversized link", "unpacks to a flood"]


def test_every_kind_of_damage_is_listed(explorer) -> None:
    assert sorted(damaged(explorer)) == sorted(DAMAGE)


@pytest.mark.parametrize("kind", DAMAGE)
def test_a_damaged_link_is_refused_saying_why_and_nothing_opens(explorer, kind: str) -> None:
    link, words = damaged(explorer)[kind]
    with pytest.raises(LinkError) as refused:
        TableController("witching-hour", mode="explore", position=link)
    assert words in str(refused.value) and isinstance(refused.value, SaveError)
    assert len(str(refused.value)) < 400  # the refusal quotes the link briefly
    # pasted into an explorer's save box: a notice, and the explorer is unchanged
    before = json.dumps(explorer.state()["scene"], sort_keys=True)
    state = explorer.handle({"kind": "load", "save": link})
    if kind == "empty":
        assert "Paste a save" in state["notice"]["text"]
    elif kind == "no prefix":  # the box takes saves too: text not starting "wt" is read as one
        assert state["notice"]["text"].startswith("That save could not be loaded: this save is not valid")
    else:
        assert state["notice"]["level"] == "error" and words in state["notice"]["text"]
        assert state["notice"]["text"].startswith("That position link could not be opened")
        assert state["notice"]["text"].endswith("Nothing was changed.")
    assert json.dumps(explorer.state()["scene"], sort_keys=True) == before


def test_an_illegal_move_list_names_the_rule(explorer) -> None:
    """The engine's own refusal (core/turn: not that seat's decision) comes through the link."""
    link, _words = damaged(explorer)["illegal move list"]
    with pytest.raises(LinkError, match=r"\(rule [a-z-]+/[a-z-]+\)"):
        read_link(link)


def test_a_link_of_another_game_is_refused_on_that_games_table(explorer) -> None:
    with pytest.raises(ValueError, match=r"of Witching Hour .* not of hocus-pocus: open it with Witching"):
        TableController("hocus-pocus", mode="explore", position=explorer.link())


def test_links_never_reach_a_play_table_or_a_seats_view(explorer) -> None:
    """A link holds the seed (every hidden card): play mode refuses one and offers none; a
    seat's view of the explorer shows no link, as it shows no save."""
    link = explorer.link()
    with pytest.raises(ValueError, match="opens in the explorer"):
        TableController("witching-hour", mode="play", position=link)
    with pytest.raises(ValueError, match="not both"):
        TableController("witching-hour", mode="explore", position=link, save=explorer.game.to_json())
    table = TableController("witching-hour", players=3, seed=3, mode="play", pace=0,
                            site_url="https://school.example/games/")
    assert PREFIX not in json.dumps(table.state()) and "link" not in table.state()["scene"]
    with pytest.raises(ValueError, match="belong to the explorer"):
        table.link()
    viewer = TableController("witching-hour", mode="explore", position=link, seat=1)
    scene = viewer.state()["scene"]
    assert scene["link"] is None and scene["save"] is None and PREFIX not in json.dumps(scene)


def test_table_js_draws_the_copy_control_in_the_god_view_only(explorer) -> None:
    """table.js (in Node, tests/widgets/node_dom.mjs) draws "Copy link to this position" with
    the text it copies, in the save panel of the god view; a seat's view has none."""
    test_widget_node = pytest.importorskip("test_widget_node")
    if test_widget_node.NODE is None:
        pytest.skip("node is not installed")
    controller = TableController("witching-hour", mode="explore", position=explorer.link())
    page = test_widget_node.Page(controller)
    try:
        part = controller.state()["scene"]["link"]
        found = page.query(".wt-saves [data-role=copy-link]")
        assert len(found) == 1 and found[0]["attrs"]["data-link"] == part["copy"]
        assert found[0]["attrs"]["aria-label"].startswith(part["label"])
        assert part["label"] in found[0]["text"]
        page.deliver(page.op("click", selector="[data-role=view-as]", index=1))
        assert controller.view_seat == 1 and page.query("[data-role=copy-link]") == []
    finally:
        page.close()
