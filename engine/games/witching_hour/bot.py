"""A Witching Hour bot that plays sensibly from its own view.

It remembers what it saw land in its own Hex pile (from its log), blocks whenever it can
(a Mirror reflect first, then the cheapest block, a Familiar only when the attack costs
more than the Familiar would), dumps its costliest sets on the leader, keeps Mirrors,
Familiars and a Candle for defence, takes extra turns, and uses a Chalice for its -3.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .views import CardType, WitchingHourView

DEFENSIVE = {"mirror": 3.0, "familiar": 2.5, "candle": 1.0}


def _points(track: list, count: int) -> int:
    if count <= 0:
        return 0
    return track[min(count, len(track)) - 1]


def _source(view: WitchingHourView) -> str | None:
    """Where the pending pick comes from (`hex`, `discard`; None: no pick pending)."""
    pending = view["pending"]
    return pending.get("source") if pending is not None and pending["kind"] == "pick" else None


class WitchingHourBot:
    """Witching Hour's heuristic bot: it plays from its view alone, so a person can play against it fairly."""
    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    # -- what the bot believes about its own Hex pile (only what it saw arrive)
    @staticmethod
    def known_hex(view: WitchingHourView) -> dict:
        """The cards the bot saw reach its face-down Hex pile this round: memory is all it has."""
        me = view["seat"]
        known: dict = {}
        last_attack: dict = {}
        for event in view["log"]:
            kind = event["kind"]
            if kind == "deal":
                known = {}
            elif kind == "attack":
                last_attack = event
            elif kind == "take" and event.get("actor") == me and last_attack:
                atk = last_attack
                known[atk["card"]] = known.get(atk["card"], 0) + atk["count"]
                if atk["candle"]:
                    known["candle"] = known.get("candle", 0) + 1
            elif kind == "chalice" and event.get("target") == me:
                known["chalice"] = known.get("chalice", 0) + 1
            elif kind in ("book", "cauldron", "hourglass", "skull", "familiar") and event.get("actor") == me:
                known[kind] = known.get(kind, 0) + 1
            elif kind == "pick" and event.get("actor") == me and "card" in event:
                if known.get(event["card"]):
                    known[event["card"]] -= 1
        return known

    def cost(self, view: WitchingHourView, known: dict, card: CardType, count: int) -> float:
        """Extra points ``count`` more ``card`` cards would add to the bot's Hex pile."""
        track = view["deck"][card]["points"]
        have = known.get(card, 0)
        return _points(track, have + count) - _points(track, have)

    def choose(self, view: WitchingHourView, legal: list) -> dict:
        """Answer an attack, a pick, a split, or play a turn, whichever the legal actions ask for."""
        kinds = {a["type"] for a in legal}
        if "take" in kinds:
            return self.defend(view, legal)
        if "pick" in kinds:
            return self.pick(view, legal)
        if "split" in kinds:
            return self.split(view, legal)
        return self.turn(view, legal)

    def leader_order(self, view: WitchingHourView, candidates: list) -> list:
        """Opponents, most dangerous (lowest known total) first."""
        totals = view["totals"]  # a hidden total (face-down tokens) is None: unknown, taken as 0
        return sorted(candidates, key=lambda s: (totals[s] or 0, -view["hand_sizes"][s], s))

    def defend(self, view: WitchingHourView, legal: list) -> dict:
        """Take, block or play the Familiar, whichever costs least against the attack's points."""
        known = self.known_hex(view)
        atk, hand = view["attack"], view["hand"]
        assert atk is not None and hand is not None, "a defender with a hand answers an attack"
        incoming = self.cost(view, known, atk["card"], atk["count"])
        if atk["candle"]:
            incoming += self.cost(view, known, "candle", 1)
        best, best_score = {"type": "take"}, -incoming
        for action in legal:
            if action["type"] == "block":
                card = action["card"]
                if card == "mirror":
                    score = 5.0 - 0.2 * action["count"]
                else:
                    spent = action["count"] * DEFENSIVE.get(card, 0.3)
                    score = 4.0 - spent * 0.5 - (1.0 if action["candle"] else 0.0)
                    if hand.get(card, 0) == action["count"] and card in DEFENSIVE:
                        score -= 0.5
            elif action["type"] == "familiar":
                score = -self.cost(view, known, "familiar", 1) + 0.5
            else:
                continue
            if score > best_score:
                best, best_score = action, score
        return best

    def turn(self, view: WitchingHourView, legal: list) -> dict:
        """A turn: a useful ability card first, else the attack that dumps most points where they hurt."""
        me, hand = view["seat"], view["hand"]
        assert me is not None and hand is not None, "a seat with a hand plays a turn"
        known = self.known_hex(view)
        by_type: dict = {}
        for action in legal:
            by_type.setdefault(action["type"], []).append(action)
        if "hourglass" in by_type and sum(known.values()) >= 2:
            return by_type["hourglass"][0]
        if "chalice" in by_type:
            if known.get("chalice", 0) == 0 and view["hex_sizes"][me] < 9:
                return next(a for a in by_type["chalice"] if a["target"] == me)
            others = [a for a in by_type["chalice"] if a["target"] != me]
            if others and hand.get("chalice", 0) >= 2:
                target = self.leader_order(view, [a["target"] for a in others])[0]
                return next(a for a in others if a["target"] == target)
        if "skull" in by_type and view["discard_size"] >= 3:
            return by_type["skull"][0]
        if "book" in by_type:
            target = max((a["target"] for a in by_type["book"]), key=lambda s: view["hand_sizes"][s])
            return next(a for a in by_type["book"] if a["target"] == target)
        attacks = by_type.get("attack", [])
        if not attacks:
            return self.rng.choice(legal)
        order = self.leader_order(view, sorted({a["target"] for a in attacks}))
        rank = {s: i for i, s in enumerate(order)}

        def value(action: dict) -> float:
            card, count, target = action["card"], action["count"], action["target"]
            size = count + (1 if action["candle"] else 0)
            dump = view["deck"][card]["points"][min(count, len(view["deck"][card]["points"])) - 1]
            keep_penalty = DEFENSIVE.get(card, 0.0) * count
            if action["candle"]:
                keep_penalty += DEFENSIVE["candle"]
            unblockable = 4.0 if card == "toadstool" else 0.0
            toad_cost = 1.5 * count if card == "toadstool" else 0.0
            uses_all = 1.0 if hand.get(card, 0) == count else 0.0
            reach = max(0, size - 1) * 1.2 - 0.4 * rank[target]
            if view["hand_sizes"][target] < size:
                reach += 2.0
            return dump + reach + unblockable + uses_all - keep_penalty - toad_cost

        best = max(attacks, key=lambda a: (value(a), -a["target"]))
        return best

    def pick(self, view: WitchingHourView, legal: list) -> dict:
        """From the Hex pile the card worth most to drop; from the discard the best defender."""
        if _source(view) == "hex":
            return max(legal, key=lambda a: (view["deck"][a["card"]]["points"][0], a["card"]))
        return max(legal, key=lambda a: (DEFENSIVE.get(a["card"], 0.0), a["card"]))

    def split(self, view: WitchingHourView, legal: list) -> dict:
        """The split that keeps the cheapest card and hands the other to the most dangerous opponent."""
        known = self.known_hex(view)
        me = view["seat"]
        leaders = self.leader_order(view, [s for s in range(view["players"]) if s != me])

        def score(action: dict) -> tuple:
            mine = self.cost(view, known, action["keep"], 1)
            return (-mine, -leaders.index(action["to"]))

        return max(legal, key=score)

    # -- why (the explorer's "Bot's move here"; asked only after ``choose``)

    def reason(self, view: WitchingHourView, legal: list, action: dict, names: Sequence[str]) -> str:
        """Why ``action`` (chosen from ``view`` and ``legal``), in the terms ``choose`` weighs."""
        kind = action["type"]
        known = self.known_hex(view)
        if kind == "take":
            atk = view["attack"]
            assert atk is not None, "a take answers an attack"
            cost = self.cost(view, known, atk["card"], atk["count"])
            if atk["candle"]:
                cost += self.cost(view, known, "candle", 1)
            return (f"No block or Familiar is worth more to it than taking the attack: about {cost:g} "
                    "points into its Hex pile, by the cards it saw arrive there.")
        if kind == "block":
            if action["card"] == "mirror":
                return "A Mirror turns the attack back on the attacker: its best answer to any attack."
            return ("It blocks with the cheapest matching cards, keeping Mirrors, Familiars and a "
                    "Candle for later attacks.")
        if kind == "familiar":
            return "A Familiar in its Hex pile costs it less than the attack would."
        if kind == "hourglass" and sum(known.values()) >= 2:
            return (f"It knows {sum(known.values())} cards in its Hex pile: an Hourglass takes one back "
                    "and gives another turn.")
        if kind == "chalice":
            if action["target"] == view["seat"]:
                return "A Chalice in its own Hex pile counts -3 at the round's end; it has none there yet."
            return (f"It keeps one Chalice and gives another to {names[action['target']]}, the leader "
                    "(the lowest known total).")
        if kind == "skull" and view["discard_size"] >= 3:
            return (f"The discard pile holds {view['discard_size']} cards: a Skull takes one worth having.")
        if kind == "book":
            return (f"A Book at {names[action['target']]}, who holds the most cards "
                    f"({view['hand_sizes'][action['target']]}).")
        if kind == "attack":
            set_of = f"{action['count']} {action['card']}" + (" and a Candle" if action["candle"] else "")
            return (f"Its best attack: {set_of} at {names[action['target']]}. It weighs the points the set "
                    "would cost it at the round's end, how hard the attack is to block, the leader (the "
                    "lowest known total) and the defence it would give up.")
        if kind == "pick":
            if _source(view) == "hex":
                return "It takes back the card worth most points in its Hex pile."
            return "It takes the best defensive card it can see (a Mirror, a Familiar, a Candle)."
        if kind == "split":
            return (f"It keeps the card that costs it least and sends the other to "
                    f"{names[action['to']]}, the leader.")
        return "Nothing it rates applies here: a random legal move."
