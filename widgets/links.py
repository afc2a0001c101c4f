"""A position as a link: an explorer position (a save and the move shown) in one short text.

A teacher hands students "look at this position": the text goes into an address (the
site's play page, ``play/<game>/?position=wt1.…``) or into ``explore(link=...)``. The
encoding (``docs/widgets.md``, "A position as a link") is::

    wt1.<base64url, no padding, of zlib(compact JSON {"save": <save>, "move": <n>})>

``save`` is an ordinary witchtable save (``Game.to_json``) of the whole line shown (every
move of it, not only those up to the position) and ``move`` the position shown on it (0 to
its number of moves). Other variations are not carried: a link is one line and one place on it.

:func:`read_link` refuses a damaged link (bad base64, bad compression, a link of another
version, a save that does not load, a move beyond the line, too much data) with a
:class:`LinkError` saying what was wrong and what would be right. It checks everything
before anything is opened; the save itself is checked by the engine's ``load_game``, the
one validator of saves.

A save holds the seed, so a link tells every hidden card: links belong to the explorer
(whose All hands view shows them anyway), never to a table where people play.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass
from typing import Any

from ..engine import load_game
from ..engine.core import Game, SaveError, parse_json
from ..engine.rules import brief

LINK_VERSION = 1
"""The version of position links this code writes and reads (the ``wt1.`` prefix)."""
PREFIX = f"wt{LINK_VERSION}."
MAX_LINK_CHARS = 64_000
"""The longest link read: well over a long game's (1 to 2 kB for 60 to 170 moves, 5 kB for a
random Potion House game of 1,500), and under what browsers and web servers carry in an address."""
MAX_DATA_CHARS = 2_000_000
"""The most characters of JSON a link may unpack to (a small link cannot unpack to a flood)."""
PLAY_PATH = "play/{game}/"
"""Where a game's play page sits under the site's base address (``lite/pages.py`` writes it)."""

_VERSIONED = re.compile(r"wt(\d{1,6})\.")
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


class LinkError(SaveError):
    """A position link that cannot be opened (damaged, cut short, of another version)."""


@dataclass(frozen=True)
class Position:
    """A link read: ``game`` at the end of its line, and ``move``, the position shown on it."""

    game: Game
    move: int

    @property
    def line(self) -> list[list]:
        """The line's moves, ``[seat, action]`` pairs as the explorer keeps them."""
        return [[m.seat, dict(m.action)] for m in self.game.history]


def make_link(save: dict, move: int) -> str:
    """The link of position ``move`` on the line that ``save`` (a ``Game.to_json``) plays."""
    data = json.dumps({"save": save, "move": move}, separators=(",", ":"), ensure_ascii=False)
    packed = base64.urlsafe_b64encode(zlib.compress(data.encode("utf-8"), 9)).rstrip(b"=")
    return PREFIX + packed.decode("ascii")


def read_link(text: Any) -> Position:
    """The position a link holds; raises :class:`LinkError` saying what is wrong with it."""
    if not isinstance(text, str) or not text.strip():
        raise LinkError(f"a position link is text starting {PREFIX!r}, not {brief(text)}")
    text = text.strip()
    if len(text) > MAX_LINK_CHARS:
        raise LinkError(f"this link is {len(text):,} characters long; a position link is at most "
                        f"{MAX_LINK_CHARS:,} (save the game and load the save instead)")
    versioned = _VERSIONED.match(text)
    if versioned is None:
        raise LinkError(f"this is not a witchtable position link: a link starts {PREFIX!r} "
                        f"(the text after 'position=' in the address), not {brief(text[:12])}")
    if int(versioned.group(1)) != LINK_VERSION:
        raise LinkError(f"this is a version {versioned.group(1)} position link; this witchtable reads "
                        f"version {LINK_VERSION} (links starting {PREFIX!r})")
    body = text[versioned.end():]
    odd = _BASE64URL.fullmatch(body) is None
    if odd or len(body) % 4 == 1:
        where = next((i for i, c in enumerate(body) if _BASE64URL.fullmatch(c) is None), None)
        what = (f"holds {brief(body[where])} at character {where + len(PREFIX) + 1}, which base64url "
                "does not use (letters, digits, '-' and '_')" if odd and where is not None
                else "has a length no base64url text has")
        raise LinkError(f"this link is damaged: it {what}; copy the whole link again")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError) as err:
        raise LinkError(f"this link is damaged: it is not base64url ({err}); "
                        "copy the whole link again") from None
    unpack = zlib.decompressobj()
    try:
        raw = unpack.decompress(packed, MAX_DATA_CHARS + 1)
    except zlib.error as err:
        raise LinkError(f"this link is damaged: its data does not unpack ({err}); it was probably "
                        "cut short or changed when copied, so copy the whole link again") from None
    if len(raw) > MAX_DATA_CHARS or unpack.unconsumed_tail:
        raise LinkError(f"this link unpacks to more than {MAX_DATA_CHARS:,} characters; a position link "
                        "holds one game (save the game and load the save instead)")
    if unpack.unused_data:
        raise LinkError("this link is damaged: it goes on after its data ends (text added to it, or two "
                        "links run together); copy the one link again")
    if not unpack.eof:
        raise LinkError("this link is damaged: its data stops part-way (it was cut short); "
                        "copy the whole link again")
    data = parse_json(raw, "this link's data", LinkError)
    if not isinstance(data, dict) or set(data) != {"save", "move"}:
        raise LinkError(f"this link's data is an object with 'save' and 'move', not {brief(data)}")
    try:
        game = load_game(data["save"])
    except SaveError as err:
        raise LinkError(f"this link's game cannot be opened: {err}") from None
    move, length = data["move"], len(game.history)
    if type(move) is not int or not 0 <= move <= length:
        raise LinkError(f"this link shows move {brief(move)}, but its line has {length} moves: "
                        f"the move shown is 0 to {length}")
    return Position(game, move)


_URL_SAFE = re.compile(r"[A-Za-z0-9._~-]*")
"""Characters an address carries as they are: a link :func:`make_link` makes has no other."""


def link_url(base: str, link: str) -> str:
    """The play page address ``base`` (``…/play/<game>/``) opening ``link`` in its explorer."""
    joiner = "&" if "?" in base else "?"
    if not _URL_SAFE.fullmatch(link):
        from urllib.parse import quote  # (only here: it and ipaddress would weigh on a play page's start)
        link = quote(link, safe="")
    return f"{base}{joiner}mode=explore&position={link}"


def play_page(site: str, game_id: str) -> str:
    """A game's play page on the site whose base address is ``site``."""
    return site.rstrip("/") + "/" + PLAY_PATH.format(game=game_id)
