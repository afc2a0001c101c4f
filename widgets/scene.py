"""The scene: the declarative picture of a table that the one front-end module draws.

Presenters (one per game) build scenes from a seat's view and legal actions; the
controller adds the generic parts (controls, hand-off, explorer panels). The front end
knows no rules: it draws what the scene lists and sends back the exact action a
clickable carries. The full schema is documented in ``docs/widgets.md``; the helpers
here keep presenters short and the shapes consistent.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

SCENE_VERSION = 1

TONES = ("gold", "violet", "green", "red", "blue", "teal", "orange", "pink", "silver", "bone", "ash")
"""Colour families the stylesheet knows; a card's colour is never its only cue."""


def action_key(action: Mapping[str, Any]) -> str:
    """The canonical JSON text of an action (sorted keys), as the front end writes it."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def combo_key(picked: Mapping[str, int]) -> str:
    """Key of a multiset of picked card kinds: ``{"candle": 1, "bell": 2}`` -> ``bell:2,candle:1``.

    The front end builds the same key from the cards a player toggled, to look up
    whether the selection is one of the legal combinations the presenter listed.
    """
    return ",".join(f"{kind}:{count}" for kind, count in sorted(picked.items()) if count)


def card(kind: str, name: str, count: int = 1, tone: str = "ash", icon: str | None = None,
         **extra: Any) -> dict:
    """A card face: ``kind`` (stable id, data-card), its name, how many, colour and icon."""
    face = {"kind": kind, "name": name, "count": count, "tone": tone, "icon": icon or kind}
    face.update(extra)
    return face


def counter(key: str, label: str, value: Any, icon: str, attr: str | None = None) -> dict:
    """A labelled number; ``attr`` names the data attribute (``hand-size``) the DOM carries."""
    data = {"key": key, "label": label, "value": value, "icon": icon}
    if attr:
        data["attr"] = attr
    return data


def choice(label: str, action: dict, *, hint: str = "", rule: str = "", icon: str = "",
           cards: list | None = None, tone: str = "normal", seat: int | None = None) -> dict:
    """A button that plays ``action``; tone is ``primary``, ``normal`` or ``danger``."""
    data: dict[str, Any] = {"label": label, "action": action, "tone": tone}
    if hint:
        data["hint"] = hint
    if rule:
        data["rule"] = rule
    if icon:
        data["icon"] = icon
    if cards:
        data["cards"] = cards
    if seat is not None:
        data["seat"] = seat
    return data


def control(role: str, label: str, message: dict, *, enabled: bool = True, hint: str = "",
            pressed: bool | None = None, icon: str = "") -> dict:
    """A toolbar button: ``data-role=role``; clicking it sends ``message`` as it is."""
    data: dict[str, Any] = {"role": role, "label": label, "message": message, "enabled": enabled}
    if hint:
        data["hint"] = hint
    if pressed is not None:
        data["pressed"] = pressed
    if icon:
        data["icon"] = icon
    return data


def walk_actions(node: Any) -> Iterator[dict]:
    """Every action a scene lets the user send (any dict under an ``action`` key)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "action" and isinstance(value, dict):
                yield value
            else:
                yield from walk_actions(value)
    elif isinstance(node, list):
        for item in node:
            yield from walk_actions(item)


def plural(count: int, word: str, many: str | None = None) -> str:
    """``plural(1, "card")`` -> ``1 card``; ``plural(3, "card")`` -> ``3 cards``."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


def log_entry(entry: Mapping[str, Any]) -> dict:
    """A log line for the scene: its number, kind, text and (if any) the acting seat."""
    data = {"n": entry["n"], "kind": entry.get("kind", ""), "text": entry["text"]}
    if isinstance(entry.get("actor"), int):
        data["seat"] = entry["actor"]
    return data


def god_log(public: Mapping[str, Any], views: list, names: list, last: int = 80) -> list:
    """The explorer's log: the public log, each event carrying the seats' private versions.

    An event nobody else saw appears as "(a secret event)" with its private texts.
    Only the explorer uses this: play scenes show one seat's own log.
    """
    secrets: dict[int, list] = {}
    public_text = {e["n"]: e["text"] for e in public["log"]}
    for seat, view in enumerate(views):
        for entry in view["log"]:
            if entry["text"] != public_text.get(entry["n"]):
                secrets.setdefault(entry["n"], []).append(
                    {"seat": seat, "name": names[seat], "text": entry["text"]})
    entries = {e["n"]: e for e in public["log"]}
    for n in secrets:
        entries.setdefault(n, {"n": n, "kind": "secret", "text": "(a secret event)"})
    log = []
    for n in sorted(entries)[-last:]:
        entry = log_entry(entries[n])
        if n in secrets:
            entry["secret"] = secrets[n]
        log.append(entry)
    return log
