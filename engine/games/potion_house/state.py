"""Potion House as a state machine.

Phases: ``declare`` (the current player says how many cards they draw: at setup, and
after every potion unless the bag is full), ``turn`` (search one storage space or
concoct), ``assign`` (the concocter places the potion's cards by the storage spaces, one
at a time; the last one starts the check), ``over``.

Ingredients are numbers 0-39 (the index in the ingredient table); ``spaces[k]`` holds
the tokens of storage space ``k``; the draw pile and the discard pile are lists with the
top card last. What a moment shows (a search's open lid, a check, a look at new cards)
lives in ``reveal`` / ``looking`` and is cleared by the next action of anyone, so no
later view can hold it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core import Action, ActionCache, State, fresh_json, make_rulebook, shuffled
from ...toolkit import ActionFormat, Card, Count, Phase, PhaseTable
from .ingredients import COUNT, IDS
from .rules import RULES
from .sampling import sample_state

R = "potion-house/"
SPACES = 4
PER_SPACE = COUNT // SPACES
BAG = 4
DRAW_MIN, DRAW_MAX = 2, 5
TOKENS_PER_KIND = 20
INDEX = {name: i for i, name in enumerate(IDS)}


def token_kind(value: int) -> str:
    """Which double-sided potion token shows ``value``: '2-3' or '4-5'.

    >>> token_kind(3), token_kind(4)
    ('2-3', '4-5')
    """
    return "2-3" if value <= 3 else "4-5"


ACTIONS = ActionFormat("Potion House", {
    "declare": {"count": Count(DRAW_MIN, DRAW_MAX, what="how many cards you draw",
                               rule=R + "draw/declare")},
    "search": {"space": Count(0, SPACES - 1, what="one of the four storage spaces",
                              rule=R + "search/one-space")},
    "concoct": {},
    "assign": {"card": Card(IDS, where="the view's 'card_info' lists them"),
               "space": Count(0, SPACES - 1, what="one of the four storage spaces to place it by",
                              rule=R + "concoct/assign")},
})
"""Every action type and its fields, checked by the core before ``check`` sees an action."""
PHASES = PhaseTable({
    "declare": Phase(("declare",), R + "draw/declare",
                     f"First say how many cards you draw: a 'declare' with a count from {DRAW_MIN} "
                     f"to {DRAW_MAX}."),
    "turn": Phase(("search", "concoct"), R + "turn/choose",
                  "On your turn, search one storage space or concoct a potion (not {kind!r})."),
    "assign": Phase(("assign",), R + "concoct/assign",
                    "Your potion's cards are face up: place each by a storage space first (an "
                    "'assign')."),
})
"""Which actions each phase allows (the core refuses moves once the game is over)."""
ACTION_RULE = {"declare": R + "draw/declare", "search": R + "search/one-space",
               "concoct": R + "concoct/reveal", "assign": R + "concoct/assign"}
_action = ActionCache(ACTIONS.order)
"""The listed actions, shared and read-only: ``_action("assign", "moonflower", 2)``."""
EVERYONE = {n: frozenset(range(n)) for n in range(1, 9)}


class PotionHouseState(State):
    """Potion House's rules on the toolkit: declared actions and phases, the generic copy."""

    rules = make_rulebook(RULES)
    action_format = ACTIONS
    phase_table = PHASES
    mutable: Mapping[str, int] = {
        "spaces": 2, "where": 1, "draw": 1, "discard": 1, "hands": 2, "bags": 2, "supply": 1,
        "potion": 2, "final_winners": 1, "shown": 1}
    """Every mutable container (attribute -> depth): ``copy`` copies exactly these."""
    shared = frozenset({"options", "reveal"})
    """Copies share the moment's reveal: it is only ever replaced whole."""

    def __init__(self, players: int, rng: random.Random, options: dict):
        super().__init__(players, rng, options)
        tokens = shuffled(rng, range(COUNT))
        self.spaces = [sorted(tokens[k * PER_SPACE:(k + 1) * PER_SPACE]) for k in range(SPACES)]
        self.where = [0] * COUNT
        for k, space in enumerate(self.spaces):
            for t in space:
                self.where[t] = k
        self.draw = shuffled(rng, range(COUNT))     # top card last
        self.discard: list[int] = []                # top card last
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.bags: list[list[int]] = [[] for _ in range(players)]
        self.supply = {"2-3": TOKENS_PER_KIND, "4-5": TOKENS_PER_KIND}
        self.first = options["first_player"]
        self.visible = options["keep_cards_visible"]
        self.current = self.first
        self.phase = "declare"
        self.setup_left = players       # first draws still to make, in turn order
        self.turn = 0
        self.round = 0
        self.reveal: dict | None = None  # what everyone sees this moment (a search, a check)
        self.looking: int | None = None  # the seat looking at the cards it just drew
        self.potion: Any = None  # [seat, cards not yet placed, [(card, space), ...]] while assigning
        self.ending: int | None = None   # the first seat whose bag filled
        self.over = False
        self.final_winners: list[int] = []
        # What the table was shown, in order, for Game.sample (no view carries it): each
        # draw's cards (the drawer's look), reshuffles, searched spaces, concocted cards
        # and checks. A sample keeps what its seat saw and the public part only.
        self.shown: list[tuple] = []
        self.log.add("setup", "The 40 ingredient tokens are shuffled into the four storage spaces, "
                     "ten in each, and the lids closed; the cards form the draw pile. Each "
                     "player declares and draws their first cards, {actor} first.",
                     actor=self.first)

    # ------------------------------------------------------------------ queries

    def to_act(self) -> tuple:
        return () if self.over else (self.current,)

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def scores(self) -> list:
        return [sum(bag) for bag in self.bags]

    @property
    def winners(self) -> list:
        return list(self.final_winners)

    def legal_actions(self, seat: int) -> list:
        if self.over or seat != self.current:
            return []
        phase = self.phase
        if phase == "declare":
            return [_action("declare", n) for n in range(DRAW_MIN, DRAW_MAX + 1)]
        if phase == "turn":
            return [*(_action("search", k) for k in range(SPACES)), _action("concoct")]
        return [_action("assign", IDS[card], k) for card in self.potion[1] for k in range(SPACES)]

    def candidate_actions(self, seat: int) -> list:
        """Legal actions plus near misses the explorer explains."""
        out = list(self.legal_actions(seat))
        if self.phase == "declare":
            out += [{"type": "declare", "count": 1}, {"type": "declare", "count": 6},
                    {"type": "search", "space": 0}]
        elif self.phase == "turn":
            out += [{"type": "search", "space": SPACES}, {"type": "declare", "count": 3}]
        elif self.phase == "assign":
            out.append({"type": "concoct"})
            if self.potion[2]:
                out.append({"type": "assign", "card": IDS[self.potion[2][0][0]], "space": 0})
        return out

    def action_rule(self, action: Action) -> str:
        if action["type"] == "declare" and self.setup_left:
            return R + "setup/draw"
        return ACTION_RULE[action["type"]]

    # ------------------------------------------------------------------ validation

    def check(self, seat: int, action: Action) -> Action:
        """The listed twin of a well-formed action (cheap to record); an assign must place a
        card of the potion not placed yet (``concoct/assign``)."""
        kind = action["type"]
        if kind == "declare":
            return _action("declare", action["count"])
        if kind == "search":
            return _action("search", action["space"])
        if kind == "concoct":
            return _action("concoct")
        card = action["card"]
        unplaced = self.potion[1]
        if INDEX[card] not in unplaced:
            placed = any(c == INDEX[card] for c, _ in self.potion[2])
            why = "is already placed" if placed else "is not one of your potion's cards"
            names = {key: value["name"] for key, value in self.options["ingredients"].items()}
            left = ", ".join(names[IDS[c]] for c in unplaced)
            raise self.rules.illegal(R + "concoct/assign", f"{names[card]} {why}; still to place: {left}.")
        return _action("assign", card, action["space"])

    # ------------------------------------------------------------------ effects

    def perform(self, seat: int, action: Action) -> frozenset:
        # Whatever the last moment showed (an open lid, a check, a look) is over now.
        self.reveal = None
        self.looking = None
        kind = action["type"]
        if kind == "declare":
            return self._do_declare(seat, action["count"])
        if kind == "search":
            return self._do_search(seat, action["space"])
        if kind == "concoct":
            return self._do_concoct(seat)
        return self._do_assign(seat, INDEX[action["card"]], action["space"])

    def _do_declare(self, seat: int, count: int) -> frozenset:
        hand = self.hands[seat]
        reshuffled = False
        drawn: list[int] = []
        for _ in range(count):
            if not self.draw:
                self.shown.append(("draw", seat, tuple(drawn)))
                drawn = []
                self.draw = shuffled(self.rng, self.discard)
                self.discard = []
                self.shown.append(("reshuffle",))
                reshuffled = True
            drawn.append(self.draw.pop())
            hand.append(drawn[-1])
        self.shown.append(("draw", seat, tuple(drawn)))
        self.looking = seat
        self.log.add("declare", "{actor} declares {count} cards, drawn and looked at once.",
                     actor=seat, count=count)
        if reshuffled:
            self.log.add("reshuffle", "The draw pile ran out: the discard pile was shuffled into a "
                         "new draw pile.")
        if self.setup_left:
            self.setup_left -= 1
            self.current = (seat + 1) % self.players
            if not self.setup_left:
                self._begin_turn()
        else:
            self._end_turn()
        return frozenset((seat,))

    def _do_search(self, seat: int, space: int) -> frozenset:
        self.reveal = {"kind": "search", "seat": seat, "space": space,
                       "tokens": [IDS[t] for t in self.spaces[space]]}
        self.shown.append(("search", space))
        self.log.add("search", "{actor} searches storage space {space}.", actor=seat, space=space)
        self._end_turn()
        return EVERYONE[self.players]

    def _do_concoct(self, seat: int) -> frozenset:
        cards = self.hands[seat]
        self.hands[seat] = []
        self.potion = [seat, cards, []]
        self.shown.append(("concoct", seat, tuple(cards)))
        self.phase = "assign"
        self.log.add("concoct", "{actor} turns over {count} ingredient cards to concoct a potion.",
                     actor=seat, count=len(cards))
        return EVERYONE[self.players]

    def _do_assign(self, seat: int, card: int, space: int) -> frozenset:
        _, unplaced, placed = self.potion
        unplaced.remove(card)
        placed.append((card, space))
        self.log.add("assign", "{actor} places an ingredient card by storage space {space}.",
                     actor=seat, space=space)
        if unplaced:
            return frozenset()
        self._check(seat, placed)
        return EVERYONE[self.players]

    def _check(self, seat: int, placed: list) -> None:
        steps = []
        for card, space in placed:
            found = self.where[card] == space
            steps.append(found)
            if not found:
                break
        success = all(steps) and len(steps) == len(placed)
        self.reveal = {"kind": "check", "seat": seat, "success": success, "cards": [
            {"card": IDS[card], "space": space,
             "found": steps[i] if i < len(steps) else None}
            for i, (card, space) in enumerate(placed)]}
        self.shown.append(("check", seat, tuple(
            (card, space, steps[i] if i < len(steps) else None)
            for i, (card, space) in enumerate(placed))))
        self.discard += [card for card, _ in placed]
        self.potion = None
        count = len(placed)
        if not success:
            self.log.add("fail", "{actor}'s potion fails: check {checked} of {count} found a "
                         "missing ingredient; the cards go to the discard pile.",
                         actor=seat, checked=len(steps), count=count, success=False)
            self.phase = "declare"
            return
        self.supply[token_kind(count)] -= 1
        bag = self.bags[seat]
        bag.append(count)
        self.log.add("potion", "{actor}'s potion works: all {count} ingredients were there; a "
                     "{count}-point potion goes into their bag.", actor=seat, count=count,
                     success=True)
        if len(bag) < BAG:
            self.phase = "declare"
            return
        if self.ending is None:
            self.ending = seat
            self.log.add("bag-full", "{actor}'s bag is full: the round is played to its end, so "
                         "everyone has had the same number of turns.", actor=seat)
        self._end_turn()

    def _begin_turn(self) -> None:
        self.turn += 1
        if self.current == self.first:
            self.round += 1
        self.phase = "turn"

    def _end_turn(self) -> None:
        nxt = (self.current + 1) % self.players
        if self.ending is not None and nxt == self.first:
            self._finish()
            return
        self.current = nxt
        self._begin_turn()

    def _finish(self) -> None:
        self.over = True
        self.phase = "over"
        totals = self.scores
        best = max((totals[s], -len(self.bags[s])) for s in range(self.players))
        self.final_winners = [s for s in range(self.players)
                              if (totals[s], -len(self.bags[s])) == best]
        fields: dict[str, Any] = {f"p{s}": s for s in range(self.players)}  # seats, to name
        board = ", ".join(f"{{p{s}}} {totals[s]} ({len(self.bags[s])} "
                          f"{'potion' if len(self.bags[s]) == 1 else 'potions'})"
                          for s in range(self.players))
        if len(self.final_winners) == 1:
            self.log.add("game-end", "Final totals: " + board + ". {actor} wins.",
                         actor=self.final_winners[0], totals=totals, **fields)
        else:
            names = " and ".join(f"{{p{s}}}" for s in self.final_winners)
            self.log.add("game-end", "Final totals: " + board + ". " + names
                         + " share the victory.", totals=totals, shared=list(self.final_winners),
                         **fields)

    # ------------------------------------------------------------------ views

    def sees_hand(self, seat: int | None) -> bool:
        """May ``seat`` see its own cards now: during its look, or in the easier variant."""
        return seat is not None and (self.visible or self.looking == seat)

    def view(self, seat: int | None) -> dict:
        table = self.options["ingredients"]
        potion = None
        if self.potion is not None:
            owner, unplaced, placed = self.potion
            potion = {"seat": owner, "cards": [IDS[c] for c in unplaced],
                      "placed": [{"card": IDS[c], "space": k} for c, k in placed]}
        return {
            "phase": self.phase,
            "current": self.current,
            "first_player": self.first,
            "turn": self.turn,
            "round": self.round,
            "hand": [IDS[c] for c in self.hands[seat]] if seat is not None and self.sees_hand(seat) else None,
            "hand_sizes": [len(h) for h in self.hands],
            "looking": self.looking,
            "reveal": fresh_json(self.reveal),
            "potion": potion,
            "bags": [list(b) for b in self.bags],
            "bag_size": BAG,
            "totals": self.scores,
            "potion_supply": dict(self.supply),
            "draw_size": len(self.draw),
            "discard_size": len(self.discard),
            "discard_top": IDS[self.discard[-1]] if self.discard else None,
            "spaces": SPACES,
            "tokens_per_space": PER_SPACE,
            "ending": self.ending is not None,
            "ended_by": self.ending,
            "keep_cards_visible": self.visible,
            "card_info": {key: dict(value) for key, value in table.items()},
        }

    def inventory(self) -> dict:
        """Every card and token by ingredient, and the potion tokens of each kind."""
        cards = [0] * COUNT
        zones = [self.draw, self.discard, *self.hands]
        if self.potion is not None:
            zones += [self.potion[1], [c for c, _ in self.potion[2]]]
        for zone in zones:
            for c in zone:
                cards[c] += 1
        tokens = [0] * COUNT
        for space in self.spaces:
            for t in space:
                tokens[t] += 1
        potions = dict(self.supply)
        for bag in self.bags:
            for value in bag:
                potions[token_kind(value)] += 1
        return {"cards": cards, "tokens": tokens, "potions": potions,
                "space_sizes": [len(space) for space in self.spaces]}

    def determinize(self, seat: int | None, rng: random.Random) -> PotionHouseState:
        """Deal afresh what ``seat`` cannot see: hidden cards and every token not on show.

        A search's open space stays; during a check its found tokens stay and a missing
        one stays out of the space it was placed by. Hidden cards: the draw pile, the
        discard pile below its visible top, other players' cards, and one's own cards
        after the look.
        """
        other = self.copy()
        # -- tokens
        fixed: dict[int, int] = {}
        forbidden: dict[int, int] = {}
        reveal = self.reveal
        if reveal is not None and reveal["kind"] == "search":
            for t in self.spaces[reveal["space"]]:
                fixed[t] = reveal["space"]
        elif reveal is not None:
            for entry in reveal["cards"]:
                t = INDEX[entry["card"]]
                if entry["found"]:
                    fixed[t] = entry["space"]
                elif entry["found"] is False:
                    forbidden[t] = entry["space"]
        free = [k for k in range(SPACES) for _ in range(PER_SPACE)]
        for k in fixed.values():
            free.remove(k)
        loose = [t for t in range(COUNT) if t not in fixed]
        where = dict(fixed)
        for t, bad in forbidden.items():
            options = [i for i, k in enumerate(free) if k != bad]
            where[t] = free.pop(options[rng.randrange(len(options))])
            loose.remove(t)
        for t, k in zip(shuffled(rng, loose), free, strict=True):
            where[t] = k
        other.where = [where[t] for t in range(COUNT)]
        other.spaces = [sorted(t for t in range(COUNT) if other.where[t] == k) for k in range(SPACES)]
        # -- cards
        shown = len(reveal["cards"]) if reveal is not None and reveal["kind"] == "check" else 1
        keep_top = min(shown, len(other.discard))
        zones = [other.draw, other.discard]
        sizes = [len(other.draw), len(other.discard) - keep_top]
        hands = [s for s in range(self.players) if not (s == seat and self.sees_hand(seat))]
        zones += [other.hands[s] for s in hands]
        sizes += [len(other.hands[s]) for s in hands]
        pool = other.draw + other.discard[:len(other.discard) - keep_top]
        for s in hands:
            pool += other.hands[s]
        pool = shuffled(rng, pool)
        top = other.discard[len(other.discard) - keep_top:]
        pos = 0
        other.draw = pool[pos:pos + sizes[0]]
        pos += sizes[0]
        other.discard = pool[pos:pos + sizes[1]] + top
        pos += sizes[1]
        for s, size in zip(hands, sizes[2:], strict=True):
            other.hands[s] = pool[pos:pos + size]
            pos += size
        return other

    def sample(self, seat: int, rng: random.Random) -> PotionHouseState:
        """A copy dealt anew consistently with all ``seat`` has seen (see :mod:`.sampling`)."""
        return sample_state(self, seat, rng)

