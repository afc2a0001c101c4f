"""A Disney Hocus Pocus team bot that plays from its own view only.

No communication is the game, so the bot cooperates only through what the rules show
everyone: it remembers every answer and every card shown (Binx hands, discards) from its
own view's log, steers the five pile tops towards the stun closest at hand (Winifred's
first, as the rulebook advises, then Mary's, then Sarah's), asks about what that stun
still lacks, saves the deck (the team's clock) by replacing one card when it cannot play,
and spends Trick tokens where they pay: Billy Butcherson instead of a failed play or of
a play that spoils the piles, Burning Rain instead of a failed play, Circle of Salt on
Winifred's Spells or when the deck runs low.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .views import DisneyHocusPocusView

WEIGHT = {"winifred": 1.0, "mary": 1.0, "sarah": 0.9}
"""Per card in place, Winifred's stun counts as much as Mary's: the same count of one type
in distinct colours is both, and a tie goes to Winifred (measured: weighting her higher
chases too rare a pattern and wins less)."""


def _split(card: str) -> tuple[str, str, str]:
    parts = card.split(":")
    return parts[0], parts[1], parts[2] if len(parts) > 2 else ""


def progress(tops: list, support: dict | None = None) -> tuple[float, str, str]:
    """How close the tops are to a stun: (score, pattern, colour-or-type it needs).

    A top is ``None`` (no card yet) or a card name; five of a pattern is a stun.
    ``support`` (colour or type -> a number) favours the patterns the team can feed: the
    cards of it the bot holds or sees, and the players who said yes to it.
    """
    support = support or {}
    cards = [_split(t) for t in tops if t]
    best = (0.0, "sarah", "")
    for value in {c[0] for c in cards}:
        n = sum(c[0] == value for c in cards)
        extra = 0 if n == 5 else support.get(value, 0)
        best = max(best, (WEIGHT["sarah"] * (100 if n == 5 else n * n + extra), "sarah", value))
    for value in {c[1] for c in cards}:
        same = [c for c in cards if c[1] == value]
        n = len(same)
        extra = 0 if n == 5 else support.get(value, 0)
        colours = len({c[0] for c in same})
        if colours == n:
            best = max(best, (WEIGHT["winifred"] * (100 if n == 5 else n * n + extra), "winifred", value))
        best = max(best, (WEIGHT["mary"] * (100 if n == 5 else n * n + extra), "mary", value))
    return best


class DisneyHocusPocusBot:
    """A team player that steers the piles towards the nearest stun, from its view alone."""

    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self._support: dict = {}

    # -- memory: what the log has shown this seat
    @staticmethod
    def answers(view: DisneyHocusPocusView) -> dict:
        """(seat, value) -> the latest yes/no that seat gave about ``value``, this round."""
        out: dict = {}
        for event in view["log"]:
            if event["kind"] == "round":
                out = {}
            elif event["kind"] == "ask":
                for seat, said in enumerate(event["answers"]):
                    if said is not None:
                        out[(seat, event["value"])] = said
            elif event["kind"] in ("play", "discard", "swap") and "actor" in event:
                # The seat's hand changed: its old answers may be stale (a "yes" more so).
                out = {k: v for k, v in out.items() if not (k[0] == event["actor"] and v)}
        return out

    @staticmethod
    def shown(view: DisneyHocusPocusView) -> dict:
        """seat -> the cards of that seat's hand the whole table has seen this round.

        A Binx hand is shown when Binx arrives; the cards its owner plays or discards after
        leave it (cards drawn later are seen only while Binx stays, through ``binx_hand``).
        """
        out: dict = {}
        for event in view["log"]:
            kind = event["kind"]
            if kind == "round":
                out = {}
            elif kind == "binx":
                out[event["target"]] = list(event["hand"])
            elif kind in ("play", "discard", "trick") and event.get("actor") in out:
                for card in event.get("cards") or [event.get("card")]:
                    if card in out[event["actor"]]:
                        out[event["actor"]].remove(card)
        binx, hand = view["binx"], view["binx_hand"]
        if binx is not None:
            assert hand is not None, "Binx's seat's hand is shown with it"
            out[binx] = list(hand)
        return out

    def support(self, view: DisneyHocusPocusView) -> dict:
        """Colour/type -> how well the team can feed it, from public facts only (hands
        Binx showed this round, yes answers), so every bot of the team aims at the same stun."""
        out: dict = {}
        for card in [c for cards in self.shown(view).values() for c in cards]:   # public facts
            colour, kind, _ = _split(card)
            out[colour] = out.get(colour, 0) + 0.5
            out[kind] = out.get(kind, 0) + 0.5
        for (_seat, value), said in self.answers(view).items():
            if said:
                out[value] = out.get(value, 0) + 0.5
        return out

    def choose(self, view: DisneyHocusPocusView, legal: list) -> dict:
        """The move that best serves the stun it aims at (see the module docstring)."""
        kinds = {a["type"] for a in legal}
        tops = [p["top"] for p in view["piles"]]
        self._support = self.support(view)
        if "ask" in kinds:
            return self._ask(view, legal, tops)
        if "accept-spell" in kinds:
            spell = view["spell"]
            dangerous = (spell is not None and spell["caster"] == "winifred") or view["deck_size"] <= 6
            return {"type": "circle-of-salt" if dangerous else "accept-spell"}
        if "binx" in kinds:
            me = view["seat"]
            assert me is not None, "a bot has a seat"
            return {"type": "binx", "seat": (me + 1) % view["players"]}
        if "give" in kinds:
            return self._give(view, legal, tops)
        if "discard" in kinds:
            return self._worst_discard(view, legal, tops)
        return self._play(view, legal, tops)

    def _ask(self, view: DisneyHocusPocusView, legal: list, tops: list) -> dict:
        _, pattern, value = progress(tops, self._support)
        asked = {(q["about"], q["value"]) for q in view["questions"]}
        about = "colour" if pattern == "sarah" else "ingredient"
        if value and (about, value) not in asked:
            return {"type": "ask", "about": about, "value": value}
        fresh = [a for a in legal if (a["about"], a["value"]) not in asked]
        return self.rng.choice(fresh or legal)

    def _value(self, tops: list, card: str, pile: int) -> float:
        after = list(tops)
        after[pile] = card
        score = progress(after, self._support)[0]
        if _split(card)[2] == "book" and score < 100:
            score -= 1.5          # a Spell Book casts a Spell: only worth it for a stun
        if _split(card)[2] == "binx" and score < 100:
            score += 0.5          # Binx shows a hand to the whole team
        return score

    def _play(self, view: DisneyHocusPocusView, legal: list, tops: list) -> dict:
        plays = [a for a in legal if a["type"] == "play"]
        kinds = {a["type"] for a in legal}
        if plays:
            best = max(self._value(tops, a["card"], a["pile"]) for a in plays)
            if best < progress(tops, self._support)[0] - 2 and "billy-butcherson" in kinds:
                return {"type": "billy-butcherson"}   # every play would spoil the piles
            return self.rng.choice([a for a in plays if self._value(tops, a["card"], a["pile"]) == best])
        if "billy-butcherson" in kinds:
            return {"type": "billy-butcherson"}
        rains = [a for a in legal if a["type"] == "burning-rain"]
        if rains:
            return self.rng.choice(rains)
        swaps = [a for a in legal if a["type"] == "daylight-savings"]
        if swaps:
            said = self.answers(view)
            value = progress(tops)[2]
            helpers = [a for a in swaps if said.get((a["with"], value))]
            return self.rng.choice(helpers or swaps)
        return {"type": "no-play"}

    def _give(self, view: DisneyHocusPocusView, legal: list, tops: list) -> dict:
        """Give the card the current player can best play (they must play after a swap)."""
        def worth(card: str) -> float:
            values = [self._value(tops, card, p) for p in range(len(tops)) if self._fits(view, card, p)]
            return max(values) if values else -10.0
        return max(legal, key=lambda a: (worth(a["card"]), a["card"]))

    @staticmethod
    def _fits(view: DisneyHocusPocusView, card: str, pile: int) -> bool:
        info = view["piles"][pile]
        top = info["top"] or info["space"]
        if top is None:
            return True
        colour, kind, _ = _split(card)
        t_colour, t_kind, _ = _split(top)
        spells = view["spells"]
        effects = {spells[s]["effect"] for s in view["ongoing"]}
        return ((colour == t_colour and "type-only" not in effects)
                or (kind == t_kind and "colour-only" not in effects))

    def _worst_discard(self, view: DisneyHocusPocusView, legal: list, tops: list) -> dict:
        """Replace a single card (the deck is the team's clock): the least useful one."""
        singles = [a for a in legal if len(a["cards"]) == 1]
        _, pattern, value = progress(tops)
        field = 0 if pattern == "sarah" else 1
        useless = [a for a in singles if _split(a["cards"][0])[field] != value]
        return self.rng.choice(useless or singles)

    # -- why (the explorer's "Bot's move here"; asked only after ``choose``)

    def reason(self, view: DisneyHocusPocusView, legal: list, action: dict, names: Sequence[str]) -> str:
        """Why ``action``: the stun the bot steers the piles towards, from public facts only."""
        kind = action["type"]
        tops = [p["top"] for p in view["piles"]]
        _score, pattern, value = progress(tops, self._support)
        aim = f"{pattern.title()}'s stun" + (f" ({value})" if value else "")
        if kind == "ask":
            return (f"It steers the piles towards {aim}, the closest at hand, and asks what that stun "
                    "still lacks (or something not asked yet this round).")
        if kind == "circle-of-salt":
            return "A Circle of Salt stops this Spell: it is Winifred's, or the deck is running low."
        if kind == "accept-spell":
            return "The Spell is neither Winifred's nor a danger to a deck this full: it is let through."
        if kind == "binx":
            return (f"Binx goes to the next player, {names[action['seat']]}: their hand is then shown to "
                    "the team.")
        if kind == "give":
            return "It gives the card the current player can best play towards the team's stun."
        if kind == "discard":
            return ("It cannot play: it replaces one card that does not help the stun, sparing the deck "
                    "(the team's clock).")
        if kind == "play":
            return f"This play brings the piles closest to {aim}."
        if kind == "billy-butcherson":
            return "Billy Butcherson: every play it has would spoil the piles, or it has none."
        if kind == "burning-rain":
            return "Burning Rain instead of a failed play: three new cards to try."
        if kind == "daylight-savings":
            return "Daylight Savings swaps a card with a player who said yes to what the stun lacks."
        return "It has no play that helps: it plays nothing."
