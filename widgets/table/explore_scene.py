"""What the explorer draws: the timeline with its lines, the views, the legal-move panel with
the rule behind each candidate, the save box and the position link.

Split from :mod:`.explore` (which changes the lines and the position) so that each reads
on its own; everything here only reads the table.
"""

from __future__ import annotations

import json
from typing import Any

from ..i18n import _, bot_word
from ..links import link_url, make_link, play_page
from ..scene import control
from ..variations import write_tree
from .base import TableController
from .rules import reference
from .timeline import Marks, groups, prefix_keys, variations
from .words import refusal_text


class ExplorerScene(TableController):
    """The explorer's scene: every part it adds to the presenter's drawing."""

    lines: list[list]  # the main line, then the variations (widgets/variations.py)
    active: int  # the line shown
    marks: Marks  # the line shown's turns and rounds (timeline.py)
    reasons: dict[int, dict]  # a line's start (prefix_keys) -> the bot's move there, why

    @property
    def line(self) -> list[list]:
        """The line shown: the main line or a variation, every move from the start."""
        return self.lines[self.active]

    @line.setter
    def line(self, moves: list[list]) -> None:
        self.lines[self.active] = moves

    @property
    def turns(self) -> list[int]:
        """The positions of the line shown where a new turn begins (PageUp/PageDown)."""
        return self.marks.turns

    # -- the scene

    def _draw(self) -> dict:
        game = self.game
        if self.view_seat is None:
            scene = self.presenter.present_god_view(game, names=self.names)
        else:
            scene = self.presenter.present(game, self.view_seat, names=self.names)
        scene.update(self._explorer_parts())
        return scene

    def _clocked(self, scene: dict) -> None:
        if scene.get("clock"):
            scene["clock"].pop("countdown", None)  # the explorer times a call from its first draw

    def _explorer_parts(self) -> dict:
        """The explorer's own parts of the scene: its controls, the timeline, the legal-move
        panel, and (god view) the save box and the position link."""
        position, length = self.game.move_number, len(self.line)
        god = self.view_seat is None
        return {
            "controls": self._explorer_controls(),
            "views": self._views(),
            "timeline": {"position": position, "length": length, "moves": self._moves(),
                         "turns": self.turns, "groups": groups(self.line, self.names, self.marks),
                         "line": self.active, "taken": _("Taken here") if position < length else None,
                         "variations": variations(self.lines, self.active, self._move_text)},
            "explain": self._explain(),
            # A save holds the seed, hence every hidden card: the god view shows it, a seat's
            # view says where it is instead.
            "save": json.dumps(self._save()) if god else None,
            "save_note": None if god else _("The save box shows in the All hands view: a save "
                                            "holds the seed, which tells every hidden card."),
            "load": control("load", _("Load this save"), {"kind": "load"}, icon="load",
                            hint=_("Load the save pasted in the box above.")) | {"input": "save"}
            if god else None,
            "link": self._link_part() if god else None,
            "handoff": None, "waiting": None,
        }

    def _moves(self) -> list:
        """The timeline's rows, with the bot's reason where a bot was asked for that move."""
        moves = [{"n": i + 1, "seat": s, "text": self._move_text(s, a)} for i, (s, a) in enumerate(self.line)]
        for key, move in zip(prefix_keys(self.line) if self.reasons else (), moves, strict=False):
            played = self.reasons.get(key)
            # A bot's reason tells what its seat knows (its cards, its memory): its own view's only.
            if played is not None and self.view_seat in (None, move["seat"]):
                move["bot"] = {"kind": played["kind"], "reason": played["reason"],
                               "label": _("Bot's move ({kind})").format(kind=bot_word(played["kind"]))}
        if self.game.move_number < len(self.line):
            moves[self.game.move_number]["taken"] = True  # the move this line takes from the position shown
        return moves

    def _views(self) -> list:
        """The view buttons: All hands, then each seat's own view."""
        views = [control("god", _("All hands"), {"kind": "view_as", "seat": None}, icon="eye",
                         pressed=self.view_seat is None, hint=_("The god view: every seat's cards."))]
        return views + [dict(control("view-as", name, {"kind": "view_as", "seat": s},
                                     pressed=self.view_seat == s,
                                     hint=_("Only what {name} may know.").format(name=name)), seat=s)
                        for s, name in enumerate(self.names[:self.game.players])]

    def _explorer_controls(self) -> list:
        """Step back and forward, the bot's move here, bots to the end, a new game."""
        position, game = self.game.move_number, self.game
        return [
            control("back", _("Back"), {"kind": "goto", "move": position - 1}, enabled=position > 0,
                    icon="prev", hint=_("Step back one move.")),
            control("forward", _("Forward"), {"kind": "goto", "move": position + 1},
                    enabled=position < len(self.line), icon="next", hint=_("Step forward one move.")),
            control("botmove", _("Bot's move here"), {"kind": "botmove", "move": position,
                                                      "seat": self._bot_seat()},
                    enabled=self._bot_seat() is not None, icon="skip",
                    hint=_("The bot's choice for the seat to act, played here (a variation if the line "
                           "goes on).")),
            control("autoplay", _("Bots play to the end"), {"kind": "autoplay"}, enabled=not game.is_over,
                    icon="skip", hint=_("From here, bots play every seat to the end of the game.")),
            control("new", _("New game"), {"kind": "new"}, icon="new", hint=_("Start a new game.")),
        ]

    def _bot_seat(self) -> int | None:
        """The seat "Bot's move here" plays for: the one viewed if it is to act, else (god
        view) the first to act; None when no such seat may act."""
        to_act = self.game.to_act
        if self.view_seat is not None:
            return self.view_seat if self.view_seat in to_act else None
        return to_act[0] if to_act else None

    def _save(self) -> dict:
        """The position shown, as a save ``load_game`` reads; with the whole tree beside it
        (``explorer``, widgets/variations.py) when there is more than this position."""
        save = self.game.to_json()
        if len(self.lines) > 1 or self.game.move_number < len(self.line):
            save["explorer"] = write_tree(self.lines, self.active)
        return save

    def link(self) -> str:
        """The position link of the position shown: the line shown and this move on it."""
        save = self.game.to_json()
        save["actions"] = [list(entry) for entry in self.line]
        return make_link(save, self.game.move_number)

    def _link_part(self) -> dict:
        """The "Copy link to this position" control (god view): the text it copies is the play
        page's address where the site is known, else the line of Python that opens the link."""
        link = self.link()
        url = link_url(play_page(self.site_url, self.game.id), link) if self.site_url else None
        hint = (_("Copies the address of this page at move {n}: whoever opens it sees this "
                  "position in the explorer (every hand: a link holds the seed).") if url else
                _("Copies the Python that opens this position (move {n}) in the explorer of any "
                  "notebook; the text after link= also opens it on the site's play page as "
                  "?position=… (a link holds the seed, so every hand)."))
        return {"label": _("Copy link to this position"), "link": link, "url": url,
                "copy": url or f'from witchtable import explore\nexplore(link="{link}")',
                "hint": hint.format(n=self.game.move_number)}

    def _move_text(self, seat: int, action: dict) -> str:
        """A timeline row: the whole move in the god view and for the viewed seat's own moves;
        another seat's move by its kind only (its details may be hidden cards: a pass, a
        Hex; the log beside tells what the viewed seat saw of it)."""
        names = self.names
        if self.view_seat is None or seat == self.view_seat:
            return f"{names[seat]} {self.presenter.action_label(action, names)}"
        kind = str(action.get("type", "")).replace("_", " ").replace("-", " ")
        return _("{name}: {kind}").format(name=names[seat], kind=kind)

    def _explain(self) -> list:
        """The acting seats' candidate actions, grouped by the rule behind each."""
        out = []
        for seat in self.game.to_act:
            if self.view_seat is not None and seat != self.view_seat:
                # Another seat's options (and near misses) follow from its hand: this view
                # says only that it is to act (docs/widgets.md, "The strict view").
                out.append({"seat": seat, "name": self.names[seat], "groups": [],
                            "hidden": _("{name} is to act. Their options depend on cards {viewer} "
                                        "cannot see; they show in All hands or in {name}'s view.")
                            .format(name=self.names[seat], viewer=self.names[self.view_seat])})
            else:
                out.append({"seat": seat, "name": self.names[seat], "groups": self._rule_groups(seat)})
        return out

    def _rule_groups(self, seat: int) -> list:
        """``seat``'s candidate actions by the rule that allows or forbids each, legal ones first."""
        position = self.game.move_number
        taken = self.line[position] if position < len(self.line) else None  # the line's next move
        found: dict[tuple, dict] = {}
        for entry in self.game.explain(seat, self.names):
            group = found.setdefault((entry["legal"], entry["rule"]), {
                "rule": entry["rule"], "summary": _(entry["summary"]), "legal": entry["legal"],
                "actions": [], "reference": reference(self.game, entry["rule"], self.rules_url)})
            item: dict[str, Any] = {"label": self.presenter.action_label(entry["action"], self.names)}
            if entry["legal"]:
                item["action"] = entry["action"]
                item["seat"] = seat
                if taken is not None and taken[0] == seat and dict(entry["action"]) == taken[1]:
                    item["taken"] = True  # the move this line takes here
            else:
                item["message"] = refusal_text(entry["message"], entry["summary"])
            group["actions"].append(item)
        return sorted(found.values(), key=lambda g: (not g["legal"], g["rule"]))
