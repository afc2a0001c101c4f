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
``easy`` (slow, slips often), ``medium`` (the ``heuristic`` bot) and ``hard``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

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

    def scan(self, view: dict) -> tuple[str, str | None, int, int]:
        """``(kind, card, ms, point_ms)``: what this bot would call this round, and when."""
        p = self.params
        self.pace = self.rng.lognormvariate(0.0, p.focus)
        turned = attributes(view["turned"])
        order = list(view["board"])
        self.rng.shuffle(order)
        t = self._time(p.look)
        for card in order:
            t += self._time(p.per_card)
            mine = attributes(card)
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

    def choose(self, view: dict, legal: list) -> dict:
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

    def reason(self, view: dict, legal: list, action: dict, names: Sequence[str]) -> str:
        """Why this call, as a person would tell it: what its scan found (or missed), and when."""
        kind = action["type"]
        fitting = [c for c in view["board"] if fits(c, view["turned"])]
        took = f" after {action['ms'] / 1000:.1f} s" if "ms" in action else ""
        if kind == "pass":
            return ("Its scan ran past its patience "
                    f"({self.params.patience / 1000:g} s at the {self.level} level): it gives up the round.")
        if kind == "claim":
            card = action["card"]
            if card in fitting:
                return (f"Its scan, in an order of its own, found {card}, which shares nothing with the "
                        f"turned wizard{took}.")
            alike = ", ".join(shared(card, view["turned"]))
            return (f"It slipped, as people do: {card} shares its {alike} with the turned wizard, but one "
                    f"comparison went wrong in its scan{took}.")
        if kind == "no-match":
            if fitting:
                return (f"It missed {fitting[0]} (a slip in one comparison) and called No match!{took}.")
            return f"It scanned every wizard, looked again, saw none that fits and called No match!{took}."
        return "A call its scan does not explain."


class EasyBot(HocusFocusBot):
    name = "easy"
    level = "easy"


class HardBot(HocusFocusBot):
    name = "hard"
    level = "hard"


BOTS = {"heuristic": HocusFocusBot, "easy": EasyBot, "hard": HardBot}
"""The game's own bots by kind (``heuristic`` is the medium level)."""
