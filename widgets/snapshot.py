"""A still picture of a table, kept in the notebook beside the live widget.

An exported notebook (``jupyter nbconvert --to html``), a notebook viewer, or a notebook
reopened without its widget state shows no live widget; the snapshot shows the position
there instead: plain HTML (headings, lists, tables, inline SVG pictures) with its own
scoped style and no script, so it needs no kernel, no network and no widget manager.

It is drawn from the synced state alone (the scene, its card pictures, its words), so it
shows exactly what the table shows and nothing more: in play mode the viewing seat's view,
never the god view; at a hand-off, no hand. A transient reveal, a running clock, the
explorer's save and the controls are left out: a snapshot is what stays on the table.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

LOG_LINES = 6
"""The newest log entries a snapshot keeps (the live table scrolls the whole log)."""

STYLE = """
.wt-snap{font:14px/1.4 system-ui,sans-serif;color:#2a2238;background:#faf7ff;border:1px solid #d9cfee;
border-radius:10px;padding:10px 14px;max-width:980px}
.wt-snap h3,.wt-snap h4{margin:.4em 0 .2em}.wt-snap h3{font-size:1.15em}.wt-snap h4{font-size:1em}
.wt-snap ul,.wt-snap ol{margin:.2em 0;padding-left:1.2em}.wt-snap p{margin:.25em 0}
.wt-snap .wts-head{display:flex;flex-wrap:wrap;gap:.4em 1em;align-items:baseline}
.wt-snap .wts-chip{border:1px solid #d9cfee;border-radius:99px;padding:0 .6em;background:#fff;font-size:.9em}
.wt-snap .wts-headline{font-weight:600;background:#efe8fb;border-radius:6px;padding:.3em .6em}
.wt-snap .wts-players{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:6px}
.wt-snap .wts-player{border:1px solid #d9cfee;border-radius:8px;padding:4px 8px;background:#fff}
.wt-snap .wts-player[data-acting="1"]{border-color:#7a4fd0;box-shadow:0 0 0 1px #7a4fd0}
.wt-snap .wts-badge{font-size:.8em;background:#efe8fb;border-radius:4px;padding:0 .3em;margin-left:.3em}
.wt-snap .wts-cards{display:flex;flex-wrap:wrap;gap:4px;list-style:none;padding:0}
.wt-snap .wts-card{display:inline-flex;align-items:center;gap:3px;border:1px solid #bbb;border-radius:6px;
padding:1px 6px 1px 3px;background:#fff;font-size:.9em}
.wt-snap .wts-card svg{width:20px;height:20px;fill:none;stroke:currentColor;stroke-width:1.6}
.wt-snap .wts-card svg .wt-fill{fill:currentColor;stroke:none}
.wt-snap [data-tone=gold]{color:#8a6100}.wt-snap [data-tone=violet]{color:#6236b5}
.wt-snap [data-tone=green]{color:#1f6e3a}.wt-snap [data-tone=red]{color:#a32020}
.wt-snap [data-tone=blue]{color:#1f4fa3}.wt-snap [data-tone=teal]{color:#0f6b6b}
.wt-snap [data-tone=orange]{color:#a34f0b}.wt-snap [data-tone=pink]{color:#a3246c}
.wt-snap [data-tone=silver]{color:#505866}.wt-snap [data-tone=bone]{color:#6b5a3a}
.wt-snap [data-tone=ash]{color:#4a4550}
.wt-snap .wts-zones{display:flex;flex-wrap:wrap;gap:8px}
.wt-snap .wts-zone{border:1px dashed #cbbfe3;border-radius:8px;padding:4px 8px;min-width:120px}
.wt-snap .wts-muted{color:#6b6478;font-size:.9em}
.wt-snap table{border-collapse:collapse;margin:.3em 0}
.wt-snap th,.wt-snap td{border:1px solid #d9cfee;padding:1px 6px}
.wt-snap .wts-note{color:#6b6478;font-size:.85em;border-top:1px solid #e6def4;margin-top:6px;padding-top:4px}
"""
STYLE = re.sub(r"\n", "", STYLE)


def _fill(template: str, /, **params: Any) -> str:
    """A front-end string with its ``{name}`` placeholders filled (as table.js's ``fill``)."""
    return re.sub(r"\{(\w+)\}", lambda m: str(params.get(m.group(1), m.group(0))), template)


def _e(value: Any) -> str:
    return escape("" if value is None else str(value))


def _el(name: str, attrs: dict | None = None, *children: str) -> str:
    """``<name attrs>children</name>``: attribute values escaped, children already HTML."""
    text = "".join(f' {key}="{_e(value)}"' for key, value in (attrs or {}).items() if value is not None)
    return f"<{name}{text}>{''.join(children)}</{name}>"


class _Drawer:
    """One snapshot: the words, the pictures used (defined once, as SVG symbols), the HTML."""

    def __init__(self, state: dict):
        self.strings: dict = state.get("strings") or {}
        pictures = state.get("pictures") or {}
        self.icons: dict = pictures.get("icons") or {}
        self.prefix = "wts-" + re.sub(r"[^a-z0-9-]", "", str(pictures.get("set") or "x").lower())
        self.used: dict[str, str] = {}

    def t(self, key: str, **params: Any) -> str:
        """A word from the state's strings, escaped for HTML."""
        return _e(_fill(self.strings.get(key, key), **params))

    def cards_n(self, n: int) -> str:
        return self.t("cards_one" if n == 1 else "cards_other", n=n)

    def art(self, name: Any) -> str:
        """An icon from the game's pictures (``<use>`` of a symbol defined once), or nothing."""
        name = str(name or "")
        if name not in self.icons:
            return ""
        ident = f"{self.prefix}-{re.sub(r'[^A-Za-z0-9_-]', '_', name)}"
        self.used[ident] = self.icons[name]
        return _el(
            "svg",
            {"viewBox": "0 0 24 24", "aria-hidden": "true", "focusable": "false"},
            _el("use", {"href": f"#{ident}"}),
        )

    @staticmethod
    def face_name(c: dict) -> str:
        number = "" if c.get("number") is None else f" {c['number']}"
        tag = f" ({c['tag']})" if c.get("tag") else ""
        state = f", {c['state']}" if c.get("state") else ""
        return f"{c.get('name', '')}{number}{tag}{state}"

    def card(self, c: dict) -> str:
        count = c.get("count", 1) or 1
        name = self.face_name(c)
        caption = _el("span", {"class": "wts-muted"}, " ", _e(c["caption"])) if c.get("caption") else ""
        return _el(
            "li",
            {
                "class": "wts-card",
                "data-tone": c.get("tone") or "ash",
                "data-card": c.get("kind", ""),
                "aria-label": f"{count} × {name}" if count > 1 else name,
            },
            self.art(c.get("icon") or c.get("kind")),
            _el("span", {"aria-hidden": "true"}, _e(name), f" ×{count}" if count > 1 else ""),
            caption,
        )

    def cards(self, faces: list, label: str | None = None) -> str:
        return _el("ul", {"class": "wts-cards", "aria-label": label}, *(self.card(c) for c in faces))

    def muted(self, text: str) -> str:
        return _el("span", {"class": "wts-muted"}, text)

    def player(self, p: dict) -> str:
        badges = []
        if p.get("you"):
            badges.append(self.t("you"))
        if p.get("bot"):
            badges.append(self.t("bot", kind=p["bot"]))
        if p.get("acting"):
            badges.append(self.t("to_act"))
        role = p.get("role")
        if role:
            badges.append(
                {"attacker": self.t("attacking"), "defender": self.t("defending")}.get(role, _e(role))
            )
        if p.get("winner"):
            badges.append(self.t("team_won" if p.get("team") else "winner"))
        if p.get("out"):
            badges.append(self.t("no_cards"))
        badges += [_e(b.get("text", "")) for b in p.get("badges") or []]
        parts = [
            _el("strong", {}, _e(p.get("name", ""))),
            *(_el("span", {"class": "wts-badge"}, b) for b in badges),
        ]
        counters = p.get("counters") or []
        if counters:
            parts.append(
                _el(
                    "div",
                    {"class": "wts-muted"},
                    " · ".join(f"{_e(c.get('label', ''))}: {_e(c.get('value', ''))}" for c in counters),
                )
            )
        tab = p.get("tableau")
        if tab:
            body = (
                self.cards(tab["cards"])
                if tab.get("cards")
                else self.muted(_e(tab.get("empty")) or self.t("none"))
            )
            parts.append(_el("div", {}, _e(tab.get("label", "")), ": ", body))
        if p.get("note"):
            parts.append(_el("div", {"class": "wts-muted"}, _e(p["note"])))
        if p.get("cards") is not None:  # the god view's hands (the explorer only)
            parts.append(
                self.cards(p["cards"], _fill(self.strings.get("hand_of", ""), name=p.get("name", "")))
                if p["cards"]
                else self.muted(self.t("empty_hand"))
            )
        return _el(
            "li",
            {"class": "wts-player", "data-seat": p.get("seat"), "data-acting": 1 if p.get("acting") else 0},
            *parts,
        )

    def zone(self, z: dict) -> str:
        parts = [_el("h4", {}, _e(z.get("label", "")))]
        pile = z.get("pile")
        if pile:
            parts.append(_el("p", {}, self.cards_n(pile.get("count", 0))))
            if pile.get("top"):
                parts.append(self.cards([pile["top"]]))
        stock = z.get("stock")
        if stock:
            unit = stock.get("unit") if stock.get("count") == 1 else stock.get("units")
            parts.append(_el("p", {}, _e(f"{stock.get('count', 0)} {unit or ''}".strip())))
        if z.get("grid"):
            parts.append(self.cards(z["grid"].get("cards") or [], z.get("label")))
        if z.get("cards"):
            parts.append(self.cards(z["cards"]))
        parts += [
            _el("p", {"data-tone": line.get("tone")}, _e(line.get("text", "")))
            for line in z.get("lines") or []
        ]
        if z.get("text"):
            parts.append(_el("p", {"class": "wts-muted"}, _e(z["text"])))
        return _el("section", {"class": "wts-zone", "data-zone": z.get("key", "")}, *parts)

    def table(self, tb: dict) -> str:
        def cell(c: Any, tag: str = "td") -> str:
            text = c if isinstance(c, str) else (c or {}).get("text", "")
            return _el(tag, {"scope": "row"} if tag == "th" else {}, _e(text))

        rows = [
            _el("tr", {}, cell(r.get("head"), "th"), *(cell(c) for c in r.get("cells") or []))
            for r in (tb.get("rows") or []) + (tb.get("foot") or [])
        ]
        head = [_el("th", {"scope": "col"}, _e(x)) for x in tb.get("head") or []]
        return _el(
            "table",
            {},
            _el("caption", {}, _e(tb.get("caption", ""))),
            _el("thead", {}, _el("tr", {}, *head)) if head else "",
            _el("tbody", {}, *rows),
        )

    def lab(self, scene: dict) -> list[str]:
        progress = scene.get("progress") or {}
        out = [_el("p", {}, self.t("games_of", done=progress.get("done", 0), total=progress.get("total", 0)))]
        bars = scene.get("bars") or {}
        if bars.get("items"):
            out.append(
                self.table(
                    {
                        "caption": bars.get("caption", ""),
                        "rows": [
                            {"head": b.get("label", ""), "cells": [b.get("text", "")]} for b in bars["items"]
                        ],
                    }
                )
            )
        return out + [self.table(tb) for tb in scene.get("tables") or []]

    def head(self, scene: dict) -> list[str]:
        """The title with the mode and the chips, then the headline."""
        mode = {"explore": "mode_explore", "lab": "mode_lab"}.get(scene.get("mode") or "")
        chips = [
            _el(
                "span",
                {"class": "wts-chip"},
                _e(c.get("label", "")),
                " ",
                _el("strong", {}, _e(c.get("value"))),
            )
            for c in scene.get("chips") or []
        ]
        title = _e(scene.get("title") or "witchtable") + (f" · {self.t(mode)}" if mode else "")
        out = [_el("div", {"class": "wts-head"}, _el("h3", {}, title), *chips)]
        headline = (scene.get("headline") or {}).get("text")
        if headline:
            out.append(_el("p", {"class": "wts-headline"}, _e(headline)))
        return out

    def gameover(self, scene: dict) -> list[str]:
        """The game's end, with its story, if it is over."""
        out: list[str] = []
        over = scene.get("gameover")
        if over:
            story = [_el("li", {}, _e(line)) for line in over.get("story") or []]
            out.append(
                _el(
                    "section",
                    {"aria-label": _fill(self.strings.get("gameover", ""))},
                    _el("h4", {}, _e(over.get("title", ""))),
                    _el("p", {}, _e(over.get("text", ""))),
                    _el("ul", {}, *story) if story else "",
                )
            )
        return out

    def log(self, log: list) -> list[str]:
        """The last LOG_LINES lines of the log, with what each seat saw in secret."""
        out: list[str] = []
        if log:
            shown = log[-LOG_LINES:]
            items = [
                _el(
                    "li",
                    {},
                    _e(entry.get("text", "")),
                    *(
                        " " + _el("em", {}, self.t("sees", name=s.get("name", ""), text=s.get("text", "")))
                        for s in entry.get("secret") or []
                    ),
                )
                for entry in shown
            ]
            out.append(
                _el(
                    "section",
                    {"aria-label": self.strings.get("log")},
                    _el("h4", {}, self.t("log_title")),
                    _el("ol", {"start": len(log) - len(shown) + 1}, *items),
                )
            )
        return out

    def hand(self, hand: dict) -> str:
        """The seat's hand, titled with its size, or a word that it is empty."""
        faces = hand.get("cards") or []
        size = hand.get("size", sum(c.get("count", 1) for c in faces))
        title = _fill(
            self.strings.get("hand_title", ""),
            label=hand.get("label", ""),
            cards=_fill(self.strings.get("cards_one" if size == 1 else "cards_other", ""), n=size),
        )
        body = (
            self.cards(faces) if faces else _el("p", {"class": "wts-muted"}, self.t("no_cards_in_hand"))
        )
        return _el("section", {"aria-label": hand.get("label", "")}, _el("h4", {}, _e(title)), body)

    def draw(self, scene: dict) -> str:
        """The whole still picture: the head, then the lab's tables or the table's sections."""
        out = self.head(scene)
        if scene.get("mode") == "lab":
            return "".join(out + self.lab(scene))
        out += self.gameover(scene)
        handoff = scene.get("handoff")
        if handoff:
            out.append(
                _el(
                    "p",
                    {},
                    _el("strong", {}, self.t("handoff_turn", name=handoff.get("name", ""))),
                    " ",
                    _e(handoff.get("text", "")),
                )
            )
        if scene.get("players"):
            out.append(
                _el(
                    "section",
                    {"aria-label": self.strings.get("players")},
                    _el("ul", {"class": "wts-players"}, *(self.player(p) for p in scene["players"])),
                )
            )
        log = scene.get("log") or []
        if scene.get("table"):
            last = (
                _el("p", {}, _el("strong", {}, self.t("last"), ":"), " ", _e(log[-1].get("text")))
                if log
                else ""
            )
            out.append(
                _el(
                    "section",
                    {"aria-label": self.strings.get("table")},
                    last,
                    _el("div", {"class": "wts-zones"}, *(self.zone(z) for z in scene["table"])),
                )
            )
        hand = scene.get("hand")
        if hand and not handoff:
            out.append(self.hand(hand))
        out += [self.table(scene[key]) for key in ("scoring", "scoreboard") if scene.get(key)]
        timeline = scene.get("timeline")
        if timeline:
            out.append(
                _el(
                    "p",
                    {},
                    self.t("timeline_title", n=timeline.get("position", 0), length=timeline.get("length", 0)),
                )
            )
        return "".join(out + self.log(log))


def snapshot_html(state: dict) -> str:
    """The table's still picture (self-contained HTML, no script) from a controller's state."""
    scene = state.get("scene") or {}
    drawer = _Drawer(state)
    body = drawer.draw(scene)
    symbols = "".join(
        f'<symbol id="{ident}" viewBox="0 0 24 24">{markup}</symbol>' for ident, markup in drawer.used.items()
    )
    sprite = (
        _el(
            "svg",
            {"aria-hidden": "true", "focusable": "false", "style": "position:absolute;width:0;height:0"},
            symbols,
        )
        if symbols
        else ""
    )
    seat = scene.get("seat")
    return _el(
        "div",
        {
            "class": "wt-snap",
            "role": "figure",
            "aria-label": scene.get("title", ""),
            "data-game": scene.get("game", ""),
            "data-mode": scene.get("mode", ""),
            "data-move": scene.get("move", 0),
            "data-seat": "" if seat is None else seat,
            "data-god": 1 if scene.get("god") else 0,
        },
        f"<style>{STYLE}</style>",
        sprite,
        body,
        _el("p", {"class": "wts-note"}, drawer.t("snapshot_note", n=scene.get("move", 0))),
    )


def snapshot_text(state: dict) -> str:
    """The plain-text line that goes with the snapshot (a terminal, a text-only viewer)."""
    scene = state.get("scene") or {}
    headline = (scene.get("headline") or {}).get("text", "")
    return f"{scene.get('title', 'witchtable')} · move {scene.get('move', 0)}: {headline}".strip()
