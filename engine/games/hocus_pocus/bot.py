"""A Hocus Pocus bot that plays sensibly from its own view.

It values each card (Gems a Spell or Thief brings, how strong a defence a Pocus is), plays
the Hocus worth most to it, aims Thieves, Sacrifices and Curses at the leader, never casts
a Spell that would end the game while it is behind, and never plays a Vortex that hands
its neighbour more than it gets back (nor a Spell that could win the game). In the Pocus
window it stops what hurts it, with the cheapest card that does, and keeps Counterspells
and Lightnings for strong Hocus cards; it protects its own strong Hocus with Lightning and
boosts it with a Magic Wand. At the end of a turn it draws, unless the Gem is worth more.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .views import CardInfo, Hocus, HocusPocusView

POCUS_VALUE = {"lightning": 3.0, "counterspell": 3.0, "black-cat": 2.6, "mirror": 2.3,
               "amulet": 2.0, "pumpkin": 2.0, "magic-wand": 1.6, "hourglass": 1.0}
HOCUS_RATE = {"spell": 1.0, "thief": 0.9, "sacrifice": 0.6, "inspiration": 0.6, "owl": 0.7,
              "curse": 0.45}
FLAT = {"abracadabra": 0.9, "crystal-ball": 0.25, "vortex": 0.5}
STRONG = 4.0
"""Threat at which the bot spends a Counterspell or a Lightning."""


def _me(view: HocusPocusView) -> int:
    """The bot's own seat: a bot is always handed its own seat's view, never a spectator's."""
    seat = view["seat"]
    assert seat is not None, "a bot plays from its own seat's view"
    return seat


def _hand(view: HocusPocusView) -> list[str]:
    """The bot's own Hand (a seat's own view always holds it)."""
    hand = view["hand"]
    assert hand is not None, "a seat's own view holds its Hand"
    return hand


class HocusPocusBot:
    """The heuristic bot (see the module docstring): plays from its view and the legal list."""

    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    # ------------------------------------------------------------------ values

    @staticmethod
    def info(view: HocusPocusView, card: str) -> CardInfo:
        """The facts the view gives about a card name."""
        return view["card_info"][card]

    def value(self, view: HocusPocusView, card: str) -> float:
        """What a card is worth keeping (roughly in Gems)."""
        info = self.info(view, card)
        kind = info["kind"]
        if kind in POCUS_VALUE:
            return POCUS_VALUE[kind]
        if kind in FLAT:
            return FLAT[kind]
        return HOCUS_RATE[kind] * (info["value"] or 0)  # every rated Hocus kind has a number

    @staticmethod
    def leader(view: HocusPocusView, among: list) -> int:
        """The seat among ``among`` with the most Gems (the lowest seat on a tie): whom to hurt."""
        gems = view["gems"]
        return max(among, key=lambda s: (gems[s], -s))

    def wins_if_ends(self, view: HocusPocusView, seat: int, gain: int) -> bool:
        """Would ``seat`` win outright if the game ended after it gained ``gain`` Gems?"""
        gems = list(view["gems"])
        gems[seat] += gain
        return all(gems[seat] > g for s, g in enumerate(gems) if s != seat)

    # ------------------------------------------------------------------ dispatch

    def choose(self, view: HocusPocusView, legal: list) -> dict:
        """One of the legal actions, by what the table waits for."""
        kind = legal[0]["type"]
        if kind == "refill":
            return self.refill(view, legal)
        if kind == "pass":
            return self.react(view, legal)
        if kind == "discard":
            return min(legal, key=lambda a: (self.value(view, a["card"]), a["card"]))
        if kind == "give":
            return min(legal, key=lambda a: sum(self.value(view, c) for c in a["cards"]))
        if kind == "curse":
            return max(legal, key=lambda a: sum(self.value(view, c) for c in a["cards"]))
        if kind == "arrange":
            return max(legal, key=lambda a: [self.value(view, c) for c in a["cards"]])
        return self.turn(view, legal)

    def refill(self, view: HocusPocusView, legal: list) -> dict:
        """Expose the least useful card; Pocus stay in hand (only there do they stop a Vortex)."""
        def cost(action: dict) -> float:
            card = action["card"]
            return self.value(view, card) + (1.0 if not self.info(view, card)["hocus"] else 0.0)
        return min(legal, key=lambda a: (cost(a), a["card"]))

    # ------------------------------------------------------------------ own turn

    def hocus_score(self, view: HocusPocusView, action: dict) -> float:
        """What casting this Hocus is worth to the bot (roughly in Gems)."""
        me = _me(view)
        info = self.info(view, action["card"])
        kind, number = info["kind"], info["value"] or 0
        gems = view["gems"]
        others = [s for s in range(view["players"]) if s != me]
        top = self.leader(view, others)
        if kind == "spell":
            take = min(number, view["cauldron"])
            if take == view["cauldron"]:
                return 50.0 if self.wins_if_ends(view, me, take) else -50.0
            # do not leave the leader an easy last Gem
            left = view["cauldron"] - take
            return take - (2.0 if left <= 2 and gems[top] >= gems[me] + take else 0.0)
        if kind == "thief":
            target = action["target"]  # the targeted kinds' actions name a seat
            got = min(number, gems[target])
            return 0.2 + got * (1.3 if target == top else 1.0)
        if kind == "sacrifice":
            target = action["target"]
            back = min(number, gems[target])
            return back * (0.9 if target == top else 0.3) - (0.5 if gems[me] >= gems[top] else 0.0)
        if kind == "inspiration":
            return 0.6 * number if len(_hand(view)) < 6 else 0.2
        if kind in ("owl", "curse"):
            target = action["target"]
            grim = sorted((self.value(view, c) for c in view["grimoires"][target]), reverse=True)
            gain = sum(grim[:number])
            return gain * (0.6 if kind == "owl" else 0.35) + (0.3 if target == top else 0.0)
        if kind == "abracadabra":
            mine = len(_hand(view)) - (1 if action["from"] == "hand" else 0)
            return 0.7 * (view["hand_sizes"][action["target"]] - mine)
        if kind == "vortex":
            return self.vortex_gain(view, action)
        return 0.25  # crystal ball: a small edge before drawing

    def vortex_gain(self, view: HocusPocusView, action: dict) -> float:
        """What a Vortex gives me minus what it hands my left neighbour; never a winning card."""
        me, n = _me(view), view["players"]
        mine = list(view["grimoires"][me])
        if action["from"] == "grimoire":
            mine.remove(action["card"])
        incoming = view["grimoires"][(me - 1) % n]
        for card in mine:
            info = self.info(view, card)
            if info["kind"] == "spell" and 2 * (info["value"] or 0) >= view["cauldron"]:
                return -10.0
        give = sum(self.value(view, c) for c in mine)
        get = sum(self.value(view, c) for c in incoming)
        return get - give - 0.5

    def turn(self, view: HocusPocusView, legal: list) -> dict:
        """Its own turn: the best Hocus, else an exchange worth making, else draw or take a Gem."""
        me = _me(view)
        plays = [a for a in legal if a["type"] == "hocus"]
        if plays:
            best = max(plays, key=lambda a: (self.hocus_score(view, a), a["from"] == "grimoire"))
            if self.hocus_score(view, best) > 0.3:
                return best
        swap = self.exchange(view, legal)
        if swap:
            return swap
        gem = {"type": "gem"}
        if gem in legal:
            cauldron = view["cauldron"]
            if cauldron == 1 and self.wins_if_ends(view, me, 1):
                return gem
            others = [s for s in range(view["players"]) if s != me]
            ahead = view["gems"][me] > view["gems"][self.leader(view, others)]
            if (cauldron <= 3 and ahead and cauldron > 1) or len(_hand(view)) >= 5:
                return gem
        return {"type": "draw"}

    def exchange(self, view: HocusPocusView, legal: list) -> dict | None:
        """Bring a strong Pocus from the Grimoire into the Hand (safe from Owls, Curses,
        Vortex, and usable against a Vortex); each swap strictly improves, so it cannot loop."""
        best, gain = None, 1.0
        for action in legal:
            if action["type"] != "exchange":
                continue
            shown, mine = action["grimoire"], action["hand"]
            if self.info(view, shown)["hocus"]:
                continue
            delta = self.value(view, shown) - self.value(view, mine)
            if delta > gain:
                best, gain = action, delta
        return best

    # ------------------------------------------------------------------ Pocus window

    def threat(self, view: HocusPocusView, hocus: Hocus, number: int) -> float:
        """How much the waiting Hocus hurts me (its caster being someone else)."""
        me = _me(view)
        info = self.info(view, hocus["card"])
        kind = info["kind"]
        caster, aimed = hocus["caster"], hocus["aimed_at"]
        gems = view["gems"]
        lead = 1.5 if gems[caster] >= max(gems) else 1.0
        if kind == "spell":
            take = min(number, view["cauldron"])
            ends = take == view["cauldron"] and self.wins_if_ends(view, caster, take)
            return (20.0 if ends else take * lead)
        if kind == "thief":
            assert aimed is not None, "a Thief takes from a seat"
            return min(number, gems[aimed]) * (1.6 if aimed == me else 0.4) * lead
        if kind == "sacrifice":
            return min(number, gems[me]) * 1.4 if aimed == me else -0.5
        if kind in ("owl", "curse"):
            return (1.0 if aimed == me else 0.2) * min(number, 3) * 1.2
        if kind == "inspiration":
            return 0.5 * number * lead
        if kind == "abracadabra":
            return 2.5 if aimed == me else 0.3
        if kind == "vortex":
            n = view["players"]
            give = sum(self.value(view, c) for c in view["grimoires"][me])
            get = sum(self.value(view, c) for c in view["grimoires"][(me - 1) % n])
            return give - get
        return 0.2

    def own_gain(self, view: HocusPocusView, hocus: Hocus, number: int) -> float:
        """What my own waiting Hocus brings me, roughly in Gems."""
        kind = self.info(view, hocus["card"])["kind"]
        if kind == "spell":
            return min(number, view["cauldron"])
        if kind == "thief":
            aimed = hocus["aimed_at"]
            assert aimed is not None, "a Thief takes from a seat"
            return min(number, view["gems"][aimed])
        if kind in HOCUS_RATE:
            return HOCUS_RATE[kind] * number
        return FLAT.get(kind, 0.5)

    def react(self, view: HocusPocusView, legal: list) -> dict:
        """The Pocus window: stop, turn or boost the waiting Hocus, or pass."""
        me = _me(view)
        hocus = view["hocus"]
        assert hocus is not None, "the Pocus window is open on a waiting Hocus"
        pocus = [p["card"] for p in hocus["pocus"]]
        info = self.info(view, hocus["card"])
        wands = sum(1 for c in pocus if c == "magic-wand")
        number = (info["value"] or 0) * 2 ** wands
        forecast = hocus["forecast"]
        protected, stopped = forecast["protected"], forecast["stopped"] is not None
        plays: dict[str, list[dict]] = {}
        for action in legal:
            if action["type"] == "pocus":
                plays.setdefault(action["card"], []).append(action)
        if hocus["caster"] == me:
            mine = self.own_gain(view, hocus, number)
            if stopped and "lightning" in plays and mine >= STRONG - 1:
                return self.pick(plays["lightning"])
            if not stopped and "magic-wand" in plays and mine >= 2 and info["kind"] != "sacrifice":
                return self.pick(plays["magic-wand"])
            return {"type": "pass"}
        if protected or stopped:
            return {"type": "pass"}
        threat = self.threat(view, hocus, number)
        if threat < 1.5:
            return {"type": "pass"}
        if "mirror" in plays and info["kind"] in ("thief", "sacrifice", "owl", "curse", "abracadabra"):
            # turn it towards the leader among those it may reach
            options = plays["mirror"]
            target = self.leader(view, [a["target"] for a in options])
            if view["gems"][target] > 0 or info["kind"] not in ("thief", "sacrifice"):
                return self.pick([a for a in options if a["target"] == target])
        order = ["amulet", "pumpkin", "black-cat", "hourglass", "counterspell"]
        if threat >= 3 and info["kind"] in ("spell", "thief") and number >= 3:
            order.remove("black-cat")
            order.insert(0, "black-cat")   # stop it and keep the card
        for card in order:
            if card not in plays:
                continue
            if card == "counterspell" and threat < STRONG:
                continue
            if card == "hourglass" and view["hand_sizes"][hocus["caster"]] < 3:
                continue
            return self.pick(plays[card])
        return {"type": "pass"}

    @staticmethod
    def pick(options: list) -> dict:
        """Prefer playing from the Grimoire: it keeps the Hand's cards hidden and ready."""
        return max(options, key=lambda a: a["from"] == "grimoire")

    # ------------------------------------------------------------------ why (asked after ``choose``)

    def reason(self, view: HocusPocusView, legal: list, action: dict, names: Sequence[str]) -> str:
        """Why ``action``, in the values ``choose`` weighs (roughly in Gems)."""
        kind = action["type"]
        if kind == "refill":
            return ("It shows the card it needs least; Pocus cards stay in its Hand, the only place "
                    "they can stop a Vortex.")
        if kind == "discard":
            return "It discards the card worth least to it."
        if kind == "give":
            return "It gives away the cards worth least to it."
        if kind == "curse":
            return "It picks the cards worth most, by its own values."
        if kind == "arrange":
            return "It puts the cards it values most on top."
        if kind == "hocus":
            score = self.hocus_score(view, action)
            return (f"Of the Hocus cards it may cast, this one is worth most to it now: about {score:.1f} "
                    "Gems by its reckoning (the leader is its favourite target).")
        if kind == "exchange":
            return ("It brings a strong Pocus from its Grimoire into its Hand, where Owls, Curses and "
                    "a Vortex cannot take it and where it can stop a Vortex.")
        if kind in ("gem", "draw"):
            ends = ("takes a Gem: the Cauldron is nearly empty and it leads, or its Hand is full"
                    if kind == "gem" else "draws two cards")
            return f"No Hocus is worth casting now (none above 0.3 Gems to it), so it {ends}."
        hocus = view["hocus"]
        if kind == "pass" and hocus:
            if hocus["caster"] == view["seat"]:
                return "Its own Hocus is waiting: nothing it holds would help it more than keeping the card."
            forecast = hocus["forecast"]
            if forecast["protected"] or forecast["stopped"] is not None:
                return "The Hocus is already stopped or turned away: no card of its own is needed."
            info = self.info(view, hocus["card"])
            wands = sum(1 for p in hocus["pocus"] if p["card"] == "magic-wand")
            threat = self.threat(view, hocus, (info["value"] or 0) * 2 ** wands)
            return (f"The waiting Hocus hurts it about {threat:.1f} Gems by its reckoning: not enough to "
                    "spend a card on, or it holds none that stops it.")
        if kind == "pocus":
            card = action["card"]
            if hocus is not None and hocus["caster"] == view["seat"]:
                return ("It protects its own strong Hocus with Lightning." if card == "lightning"
                        else "It doubles its own Hocus with a Magic Wand.")
            if card == "mirror":
                return f"A Mirror turns the Hocus towards {names[action['target']]}, the leader it can reach."
            return ("It stops a Hocus that would hurt it, with the cheapest card that does, keeping "
                    "Counterspells and Lightnings for strong ones.")
        return "It passes: nothing here is worth a card."
