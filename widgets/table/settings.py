"""The play table's settings a person changes as they play: how bots are paced, how long a
timed reveal stays, when they are asked to react, how far undo goes. Each has its steps,
its default, its check and the control that cycles it."""

from __future__ import annotations

from typing import Any

from ...engine.rules import brief
from ..i18n import N_, _, ngettext
from ..scene import control

REACTIONS = ("targeted", "stoppable", "always")
"""When a person is asked to react (a Pocus window): only when it concerns them (they can
stop or turn away a spell aimed at them, or double or save their own); whenever they hold a
card that stops it; or always. Otherwise the table passes for them (the presenter's
``reaction`` says, from the seat's own view and legal actions)."""
DEFAULT_REACTIONS = "targeted"
UNDO_RULES = ("fair", "practice")
"""``fair``: undo only until another seat has answered your move (core/undo-replies);
``practice``: the bots' answers may be taken back too, and the table says so."""

REACTION_TEXT = {
    "targeted": (N_("Ask me: when it concerns me"),
                 N_("you are asked only when you can stop or turn away a spell aimed at you, or "
                    "double or save your own; otherwise you pass automatically.")),
    "stoppable": (N_("Ask me: when I can stop it"),
                  N_("you are asked whenever you hold a card that stops the spell; otherwise you "
                     "pass automatically.")),
    "always": (N_("Ask me: always"), N_("you are asked about every spell.")),
}
"""The reactions control: its label and what the setting does, by setting."""

PACES = ((N_("slow"), 1.6), (N_("normal"), 0.9), (N_("fast"), 0.35), (N_("instant"), 0.0))
"""The pace control's steps (seconds between bot moves); it cycles through them."""
NORMAL_PACE = 0.9

REVEAL_TIMES = ((N_("3 s"), 3.0), (N_("5 s"), 5.0), (N_("10 s"), 10.0), (N_("20 s"), 20.0),
                (N_("until closed"), None))
"""The reveal-time control's steps (seconds a timed reveal stays open; None: until closed)."""
DEFAULT_REVEAL_TIME = 5.0
"""A timed reveal stays a few seconds unless the person sets otherwise."""
MAX_REVEAL_TIME = 600.0


def reveal_time_problem(seconds: Any) -> str | None:
    """Why ``seconds`` is not a reveal time (0.5 to 600 seconds, or None: until closed), or None."""
    if seconds is None:
        return None
    if (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
            or not 0.5 <= seconds <= MAX_REVEAL_TIME):
        return (f"reveal_time is the seconds a reveal stays open, 0.5 to {MAX_REVEAL_TIME:g}, or None "
                f"(until closed), not {brief(seconds)}")
    return None


def bad_pace(pace: Any) -> bool:
    """Whether ``pace`` is no pace: the seconds between bot moves are a number from 0 to 10."""
    return isinstance(pace, bool) or not isinstance(pace, (int, float)) or not 0 <= pace <= 10


def reactions_control(reactions: str, automatic: int) -> dict:
    """The control that cycles the reactions setting, saying how many passes were made so far."""
    following = REACTIONS[(REACTIONS.index(reactions) + 1) % len(REACTIONS)]
    label, hint_text = REACTION_TEXT[reactions]
    done = ngettext("{n} pass was made for you automatically so far.",
                    "{n} passes were made for you automatically so far.", automatic).format(n=automatic)
    return control("reactions", _(label), {"kind": "reactions", "value": following},
                   icon="pass", hint=_("{now} {done} Press for: {then}").format(
                       now=_(hint_text), done=done, then=_(REACTION_TEXT[following][1])))


def pace_control(pace: float) -> dict:
    """The control that cycles the bots' pace through :data:`PACES`."""
    names = [name for name, seconds in PACES]
    now = next((i for i, (_name, seconds) in enumerate(PACES) if seconds == pace), None)
    step = PACES[(now + 1) % len(PACES) if now is not None else 1]
    label = _(names[now]) if now is not None else _("{s} s").format(s=pace)
    return control("pace", _("Pace: {pace}").format(pace=label),
                   {"kind": "pace", "pace": step[1]}, icon="hourglass",
                   hint=_("How fast the bots move (and their cards fly); next: {pace}.")
                   .format(pace=_(step[0])))


def reveal_time_control(reveal_time: float | None) -> dict:
    """The control that cycles how long a timed reveal stays open through :data:`REVEAL_TIMES`."""
    now = next((i for i, (_name, seconds) in enumerate(REVEAL_TIMES) if seconds == reveal_time), None)
    step = REVEAL_TIMES[(now + 1) % len(REVEAL_TIMES) if now is not None else 0]
    label = (_(REVEAL_TIMES[now][0]) if now is not None
             else _("{s} s").format(s=f"{reveal_time:g}"))
    return control("reveal-time", _("Show for: {time}").format(time=label),
                   {"kind": "reveal_time", "seconds": step[1]}, icon="eye",
                   hint=_("How long what a moment shows stays open (a search, a check, "
                          "your new cards) before it closes; next: {time}.")
                   .format(time=_(step[0])))
