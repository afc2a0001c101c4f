"""Hocus Focus bots that react like people: they scan the table, slowly or quickly, and slip.

A bot looks at the turned wizard, then checks the face-up wizards one by one in an order
of its own (from its seeded generator), comparing size, hat, robe, shoes and wand until
one is the same. Each look and each comparison costs time, so its reaction grows with how
many wizards it must scan before one fits, and is longest when none fits: it scans all
12, looks again, then calls "No match!". Its pace also varies from round to round (a good
moment, a slow one), so a slower level still wins some races. Now and then it misjudges one comparison, which
gives the wrong claims (and the missed fits) people make. Every time is drawn from the
bot's own seeded generator, never the clock; the call carries it as ``ms``.

The levels (``LEVELS``; measured mean times in ``docs/games/hocus-focus.md``):
``easy`` (slow, slips often), ``medium`` (the ``heuristic`` bot) and ``hard``. The
``adaptive`` bot (:class:`AdaptiveBot`, the default at a table with people) scans like a
medium bot but calls at a time drawn from the people's own recent call times, so a person
of any speed wins about their share of the rounds.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from .views import HocusFocusView
from .wizards import ATTRIBUTES, attributes, fits, shared


@dataclass(frozen=True)
class Level:
    """How a bot of one level looks (all times in milliseconds)."""

    look: float        # taking in the turned wizard before scanning
    per_card: float    # moving the eye to the next face-up wizard
    per_check: float   # comparing one attribute
    slip: float        # chance of misjudging one comparison
    recheck: float     # share of the scan spent looking again before "No match!"
    point: float       # from the call to pointing at the card
    jitter: float      # spread of every time (a log-normal factor's sigma)
    focus: float       # spread of a whole round's pace: a good or a slow moment (sigma)
    patience: float    # a scan longer than this and the bot gives up the round


LEVELS = {
    "easy": Level(look=1100, per_card=260, per_check=230, slip=0.03, recheck=0.6,
                  point=900, jitter=0.3, focus=0.35, patience=30_000),
    "medium": Level(look=800, per_card=160, per_check=140, slip=0.012, recheck=0.45,
                    point=600, jitter=0.25, focus=0.35, patience=25_000),
    "hard": Level(look=550, per_card=90, per_check=80, slip=0.004, recheck=0.3,
                  point=380, jitter=0.2, focus=0.3, patience=20_000),
}


class HocusFocusBot:
    """A bot of one :data:`LEVELS` level; it sees only its view."""

    name = "heuristic"
    level = "medium"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.params = LEVELS[self.level]
        self.pace = 1.0   # this round's pace (drawn afresh by each scan)

    def _time(self, base: float) -> float:
        return base * self.pace * self.rng.lognormvariate(0.0, self.params.jitter)

    def scan(self, view: HocusFocusView) -> tuple[str, str | None, int, int]:
        """``(kind, card, ms, point_ms)``: what this bot would call this round, and when."""
        p = self.params
        self.pace = self.rng.lognormvariate(0.0, p.focus)
        wizard = view["turned"]
        assert wizard is not None, "a bot scans only while a wizard is turned"
        turned = attributes(wizard)
        assert turned is not None, "the turned card is a wizard"
        order = list(view["board"])
        self.rng.shuffle(order)
        t = self._time(p.look)
        for card in order:
            t += self._time(p.per_card)
            mine = attributes(card)
            assert mine is not None, "the board holds wizards"
            alike = False
            for index in range(len(ATTRIBUTES)):
                t += self._time(p.per_check)
                same = mine[index] == turned[index]
                if self.rng.random() < p.slip:
                    same = not same
                if same:
                    alike = True
                    break
            if not alike:
                return "claim", card, round(t), round(self._time(p.point))
        t += (t - p.look) * p.recheck
        return "no-match", None, round(t), 0

    def choose(self, view: HocusFocusView, legal: list) -> dict:
        """This round's call (for the view's ``round``), with its times in timed play."""
        kind, card, ms, point = self.scan(view)
        now = view["round"]
        if ms > self.params.patience:
            return {"type": "pass", "round": now}
        if view["mode"] == "untimed":
            return ({"type": "claim", "round": now, "card": card} if kind == "claim"
                    else {"type": kind, "round": now})
        if kind == "claim":
            return {"type": "claim", "round": now, "card": card, "ms": ms, "point_ms": point}
        return {"type": "no-match", "round": now, "ms": ms}

    def reason(self, view: HocusFocusView, legal: list, action: dict, names: Sequence[str]) -> str:
        """Why this call, as a person would tell it: what its scan found (or missed), and when."""
        kind, turned = action["type"], view["turned"]
        assert turned is not None, "a call answers a turned wizard"
        fitting = [c for c in view["board"] if fits(c, turned)]
        took = f" after {action['ms'] / 1000:.1f} s" if "ms" in action else ""
        if kind == "pass":
            return ("Its scan ran past its patience "
                    f"({self.params.patience / 1000:g} s at the {self.level} level): it gives up the round.")
        if kind == "claim":
            card = action["card"]
            if card in fitting:
                return (f"Its scan, in an order of its own, found {card}, which shares nothing with the "
                        f"turned wizard{took}.")
            alike = ", ".join(shared(card, turned))
            return (f"It slipped, as people do: {card} shares its {alike} with the turned wizard, but one "
                    f"comparison went wrong in its scan{took}.")
        if kind == "no-match":
            if fitting:
                return (f"It missed {fitting[0]} (a slip in one comparison) and called No match!{took}.")
            return f"It scanned every wizard, looked again, saw none that fits and called No match!{took}."
        return "A call its scan does not explain."


ADAPTIVE_START = 6000
"""The adaptive bot's call time (ms) before it has seen anyone call: a first-timer's pace."""
ADAPTIVE_WINDOW = 12
"""How many of the other players' latest timed calls the adaptive bot follows."""
ADAPTIVE_LEAD = math.log(0.98)
"""The adaptive bot calls a little ahead of the times it fits (2%): its own slips (wrong
claims that bar it) cost it rounds a steady person wins, and without the lead a simulated
person won 1.1-1.5 times their share; with it, 0.8-1.4 (tests/engine/test_hocus_focus_bots.py).
The share is steep in the lead (8% ahead: 0.3-0.9), so keep it small."""
ADAPTIVE_SPREAD = 0.25
"""The spread (log-normal sigma) of the adaptive bot's times until it has heard two calls."""
JUDGED = ("right", "wrong", "wrong-no-match", "right-no-match", "tie-right", "late", "slow")
"""The public log events that carry one call's ``ms`` (``tie-call`` repeats a call's time)."""


def others_times(view: HocusFocusView, seats: Sequence[int] | None = None) -> list[int]:
    """The latest timed calls (ms) of ``seats`` (None: every other seat), oldest first, from
    the public log of judged rounds: what anyone at the table heard; sealed calls are never
    in it."""
    me = view.get("seat")
    times = [e["ms"] for e in view.get("log", ()) if e.get("kind") in JUDGED
             and e.get("actor") != me and (seats is None or e.get("actor") in seats)
             and isinstance(e.get("ms"), int)]
    return times[-ADAPTIVE_WINDOW:]


class AdaptiveBot(HocusFocusBot):
    """Follows the people at the table: it finds its wizard like a medium bot, then calls at
    a time drawn (by its generator) from a log-normal law fitted to their recent call times.
    Its times then have the centre and spread of theirs, so it wins about as often as a
    person does: 1/players of the rounds, whatever the person's speed. (Drawn afresh, not
    copied from the times heard: copies bunch several bots' calls together, into ties.)

    ``follow``: the seats whose times it follows. A table sets it to its people's seats
    (public: every seat shows whether a bot plays it); left None (bots only) it follows
    every other seat. Following other adaptive bots too would dilute the person's times
    with copies of copies, which drift."""

    name = "adaptive"
    level = "medium"
    follow: Sequence[int] | None = None

    def scan(self, view: HocusFocusView) -> tuple[str, str | None, int, int]:
        kind, card, _ms, point = super().scan(view)
        logs = [math.log(max(1, t)) for t in others_times(view, self.follow)]
        if len(logs) < 2:
            centre, spread = logs[0] if logs else math.log(ADAPTIVE_START), ADAPTIVE_SPREAD
        else:
            centre, spread = statistics.fmean(logs), statistics.stdev(logs)
        return kind, card, round(math.exp(self.rng.gauss(centre + ADAPTIVE_LEAD, spread))), point

    def reason(self, view: HocusFocusView, legal: list, action: dict, names: Sequence[str]) -> str:
        said = super().reason(view, legal, action, names)
        pool = others_times(view, self.follow)
        if not pool:
            return (f"{said} It calls at a first-timer's pace ({ADAPTIVE_START / 1000:g} s) until "
                    "it has heard others call.")
        return (f"{said} Its time follows the table: drawn like the last {len(pool)} call times "
                "it heard, so it wins about its share.")


class EasyBot(HocusFocusBot):
    """The slow level that slips often, so a beginner wins races against it."""
    name = "easy"
    level = "easy"


class HardBot(HocusFocusBot):
    """The fast level that rarely slips, for a person who wants a hard race."""
    name = "hard"
    level = "hard"


BOTS = {"heuristic": HocusFocusBot, "easy": EasyBot, "hard": HardBot, "adaptive": AdaptiveBot}
"""The game's own bots by kind (``heuristic`` is the medium level; ``adaptive`` follows the
table and is the default for people: the spec's ``default``)."""
