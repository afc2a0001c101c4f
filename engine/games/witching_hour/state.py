"""Witching Hour as a state machine.

Phases: ``turn`` (the current player attacks or plays a card), ``defend`` (the defender
blocks, reflects, uses a Familiar or takes), ``pick`` (choose the card a Skull or
Hourglass brings back), ``split`` (share out a Cauldron's two cards), ``over``.

Cards of one type are identical, so hands, Hex piles and the discard pile are counts per
type (lists indexed like :data:`deck.TYPES`); this keeps random play fast.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core import Action, ActionCache, State, fresh_json, make_rulebook
from ...rules import IllegalAction
from ...toolkit import ActionFormat, Card, Count, Flag, Phase, PhaseTable, Seat, redeal_counts, shuffled
from .deck import MAX_COPIES, NAMES, PLURALS, TYPES, card_info, card_words, points_for
from .rules import RULES
from .sampling import sample_state

R = "witching-hour/"
N_TYPES = len(TYPES)
INDEX = {name: i for i, name in enumerate(TYPES)}
BELL, BOOK, CANDLE, CAULDRON, CHALICE, FAMILIAR, HOURGLASS, MIRROR, SKULL, TOADSTOOL = range(N_TYPES)
OTHERS = {n: [frozenset(s for s in range(n) if s != me) for me in range(n)] for n in range(1, 9)}
"""OTHERS[players][seat]: every seat but one (who learns what that seat's cards were)."""
EVERYONE = {n: frozenset(range(n)) for n in range(1, 9)}

ACTIONS = ActionFormat("Witching Hour", {
    "attack": {"target": Seat(), "card": Card(TYPES),
               "count": Count(1, MAX_COPIES, what="how many cards of that type you attack with"),
               "candle": Flag(default=False)},
    # A block of 0 cards is well formed: block/same-number says why it is no block.
    "block": {"card": Card(TYPES), "count": Count(0, MAX_COPIES, what="how many cards of that type"),
              "candle": Flag(default=False)},
    "familiar": {}, "take": {}, "book": {"target": Seat()}, "cauldron": {},
    "chalice": {"target": Seat()}, "hourglass": {}, "skull": {}, "pick": {"card": Card(TYPES)},
    "split": {"keep": Card(TYPES), "give": Card(TYPES), "to": Seat()},
})
"""Every action type and its fields, checked by the core before ``check`` sees an action."""
PHASES = PhaseTable({
    "turn": Phase(("attack", "book", "cauldron", "chalice", "hourglass", "skull"), R + "turn/choose",
                  "There is no attack to respond to: on your turn, attack or play a card "
                  "(not {kind!r})."),
    "defend": Phase(("block", "familiar", "take"), R + "turn/respond",
                    "An attack on you is pending: block, use a Familiar or take it (not {kind!r})."),
    "pick/discard": Phase(("pick",), R + "skull/play",
                          "First choose the card to take back into your hand (a 'pick')."),
    "pick/hex": Phase(("pick",), R + "hourglass/play",
                      "First choose the card to take back into your hand (a 'pick')."),
    "split": Phase(("split",), R + "cauldron/split",
                   "First share out the Cauldron's two cards (a 'split')."),
}, key=lambda state, seat: "pick/" + state.pending if state.phase == "pick" else state.phase)
"""Which actions each phase allows (a pick is split by where the card comes from)."""
_action = ActionCache(ACTIONS.order)
"""The listed actions, shared and read-only: ``_action("block", "mirror", 2, True)``."""
ACTION_RULE = {
    "attack": R + "attack/same-type", "book": R + "book/play", "cauldron": R + "cauldron/play",
    "chalice": R + "chalice/play", "hourglass": R + "hourglass/play", "skull": R + "skull/play",
    "take": R + "block/optional", "familiar": R + "familiar/block", "split": R + "cauldron/split",
}


# Listed actions are shared, read-only values made once: listing them is then cheap.
_ATTACK_RUNS: list[list[list[list[Action]]]] = [
    [[[] for _card in range(N_TYPES)] for _target in range(8)] for _both in range(2)]


def _attack_run(target: int, card: int, both: bool, have: int) -> list:
    """Attacks on ``target`` with 1, 2... cards of ``card`` (each also with a Candle if
    ``both``), in that order, at least ``have`` counts long: slice what a hand allows."""
    run = _ATTACK_RUNS[both][target][card]
    run[:] = [_action("attack", target, TYPES[card], count, candle)
              for count in range(1, max(have, 13) + 1)
              for candle in ((False, True) if both else (False,))]
    return run


def cards_text(card: int, count: int, candle: bool = False) -> str:
    """'3 Bells and a Candle', 'a Mirror', '2 Candles'.

    >>> cards_text(BELL, 3, True), cards_text(MIRROR, 1), cards_text(CANDLE, 2)
    ('3 Bells and a Candle', 'a Mirror', '2 Candles')
    """
    return card_words(TYPES[card], count, candle)


def counts_text(counts: list) -> str:
    """A hand's counts (by type index) in words, for the log's private lines."""
    parts = [cards_text(t, c) for t, c in enumerate(counts) if c]
    return ", ".join(parts) if parts else "nothing"


def as_dict(counts: list) -> dict:
    """A hand's counts (by type index) as {card name: count} without zeros, as views show them."""
    return {TYPES[t]: c for t, c in enumerate(counts) if c}


class WitchingHourState(State):
    """Witching Hour's rules as one State: rounds of attacks, blocks and effects, scored by Hex piles."""
    rules = make_rulebook(RULES)
    action_format = ACTIONS
    phase_table = PHASES
    mutable: Mapping[str, int] = {
        "hands": 2, "hex": 2, "discard": 1, "hand_count": 1, "hex_count": 1, "emptied": 1,
        "totals": 1, "round_scores": 2, "round_totals": 2, "attack": 1, "pending": 1, "final_winners": 1,
        "copies": 1, "tracks": 2}
    """Every mutable container (attribute -> depth): ``copy`` copies exactly these."""
    shared = frozenset({"options", "last_round"})
    """Copies share the last round's record: it is only ever replaced whole."""

    def __init__(self, players: int, rng: random.Random, options: dict):
        super().__init__(players, rng, options)
        table = options["deck"]
        self.copies = [table[t]["copies"] for t in TYPES]
        if players == 2:
            self.copies[BOOK] = 0
        self.tracks = [list(table[t]["points"]) for t in TYPES]
        self.hand_size = 10 if players == 5 else 13
        self.rounds = options["rounds"]
        self.round = 0
        self.round_scores: list[list[int]] = []   # raw score per round per seat
        self.totals = [0] * players
        self.round_totals: list[list[int]] = []   # each seat's total after each round (floor applied)
        self.last_round: dict | None = None
        self.open_scores = options["open_scores"]
        self.round_moves = 0   # actions played in this round: 0 while the last scores are announced
        self.over = False
        self.final_winners: list[int] = []
        self._start_round(options["first_player"])

    @classmethod
    def check_options(cls, players: int, options: dict) -> dict:
        # Each option is checked on its own by its Option in SPEC; here: the deck against the table.
        size = sum(v["copies"] for t, v in options["deck"].items() if not (players == 2 and t == "book"))
        need = players * (10 if players == 5 else 13)
        if size < need:
            raise ValueError(f"the deck has {size} cards but dealing to {players} players needs {need}")
        return options

    # ------------------------------------------------------------------ round flow

    def _start_round(self, starter: int) -> None:
        self.round += 1
        self.round_moves = 0
        n = self.players
        cards = shuffled(self.rng, [t for t in range(N_TYPES) for _ in range(self.copies[t])])
        self.hands = [[0] * N_TYPES for _ in range(n)]
        self.hex = [[0] * N_TYPES for _ in range(n)]
        self.discard = [0] * N_TYPES
        pos = 0
        for seat in range(n):
            hand = self.hands[seat]
            for card in cards[pos:pos + self.hand_size]:
                hand[card] += 1
            pos += self.hand_size
        for card in cards[pos:]:
            self.discard[card] += 1
        self.hand_count = [self.hand_size] * n
        self.hex_count = [0] * n
        self.discard_count = len(cards) - pos
        self.emptied: list[int] = []
        self.current = starter
        self.phase = "turn"
        # Any: read only in the phases that have them (defend; split, pick), never while None
        self.attack: Any = None   # [attacker, defender, card, count, candle, reflections]
        self.pending: Any = None  # split: the two cards; pick: "discard"/"hex"
        self.extra = False
        self.log.add("deal", "Round {round}: {size} cards dealt to each player, {rest} left face "
                     "down as the discard pile; {actor} starts.",
                     private={s: {"hand": as_dict(self.hands[s]),
                                  "msg": "Round {round}: you were dealt " + counts_text(self.hands[s])
                                         + "; {actor} starts."}
                              for s in range(n)},
                     round=self.round, size=self.hand_size, rest=self.discard_count, actor=starter)

    def _end_turn(self) -> None:
        self.attack = None
        self.pending = None
        holders = [s for s in range(self.players) if self.hand_count[s]]
        if len(holders) <= 1:
            self._end_round(holders)
            return
        if self.extra and self.hand_count[self.current]:
            self.extra = False
            self.phase = "turn"
            self.log.add("extra-turn", "{actor} takes another turn.", actor=self.current)
            return
        self.extra = False
        seat = self.current
        while True:
            seat = (seat + 1) % self.players
            if self.hand_count[seat]:
                break
        self.current = seat
        self.phase = "turn"

    def _score_hex_piles(self) -> tuple[list[int], list[dict]]:
        """Each seat's Hex pile scored: its points, and its sets (type -> count and points)."""
        raw: list[int] = []
        detail: list[dict] = []
        for seat in range(self.players):
            sets = {TYPES[t]: {"count": c, "points": points_for(self.tracks[t], c)}
                    for t, c in enumerate(self.hex[seat]) if c}
            raw.append(sum(v["points"] for v in sets.values()))
            detail.append(sets)
        return raw, detail

    def _end_round(self, holders: list) -> None:
        if holders:
            last = holders[0]
            hand = self.hands[last]
            moved = self.hand_count[last]
            for t in range(N_TYPES):
                self.hex[last][t] += hand[t]
                hand[t] = 0
            self.hex_count[last] += moved
            self.hand_count[last] = 0
            self.log.add("last-cards", "{actor} alone still holds cards: {count} "
                         + ("goes" if moved == 1 else "go") + " into their Hex pile and the round ends.",
                         actor=last, count=moved)
        else:
            last = self.emptied[-1]
            self.log.add("last-cards", "Every hand is empty; the round ends.", actor=last)
        raw, detail = self._score_hex_piles()
        counted = []
        for seat, score in enumerate(raw):
            if self.round == 1 and score < 0:
                score = 0
            counted.append(score)
            self.totals[seat] = max(0, self.totals[seat] + score)
        self.round_scores.append(counted)
        self.round_totals.append(list(self.totals))
        self.last_round = {"round": self.round, "hex": detail, "raw": list(raw), "counted": list(counted),
                           "totals": list(self.totals), "next_starter": last}
        low = min(self.totals)
        lowest = [s for s in range(self.players) if self.totals[s] == low]
        ends = self.round >= self.rounds and len(lowest) == 1
        announced = "Round {round} scored: " + ", ".join(
            f"{{p{s}}} {counted[s]}" for s in range(self.players)) + "."
        seats: dict[str, Any] = {f"p{s}": s for s in range(self.players)}
        if self.open_scores or ends or self.round > self.rounds:
            self.log.add("score", announced, round=self.round, raw=raw, counted=counted,
                         totals=list(self.totals), hex=detail, **seats)
        else:
            # scoring/public: the numbers are announced, then the tokens lie face down; the
            # view shows the announcement (last_round) until the next round's first move, and
            # the log keeps each seat's own tokens only.
            self.log.add("score", "Round {round} is scored and announced; the score tokens go face "
                         "down.", round=self.round,
                         private={s: {"msg": "Round {round} is scored and announced: you scored "
                                             "{score} (your total {total}); the score tokens go "
                                             "face down.", "score": counted[s], "total": self.totals[s]}
                                  for s in range(self.players)})
        if ends:
            self.over = True
            self.phase = "over"
            self.final_winners = lowest
            self.log.add("game-end", "{actor} wins with {total} points.",
                         actor=lowest[0], total=low, totals=list(self.totals))
            return
        if self.round >= self.rounds:
            self.log.add("tie", "Tied for the lowest total ({total}): another round is played.",
                         total=low, tied=lowest)
        self._start_round(last)

    # ------------------------------------------------------------------ queries

    def to_act(self) -> tuple:
        if self.over:
            return ()
        if self.phase == "defend":
            return (self.attack[1],)
        return (self.current,)

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def scores(self) -> list:
        return list(self.totals)

    @property
    def winners(self) -> list:
        return list(self.final_winners)

    def attack_size(self) -> int:
        """How many cards the pending attack holds (its Candle included), which a block must match."""
        atk = self.attack
        return atk[3] + (1 if atk[4] else 0)

    def legal_actions(self, seat: int) -> list:
        phase = self.phase
        hand = self.hands[seat]
        if phase == "turn":
            out: list = []
            targets = [s for s in range(self.players) if s != seat and self.hand_count[s]]
            candle = hand[CANDLE] > 0
            for t, have in enumerate(hand):
                if have:
                    both = candle and t != CANDLE
                    need = have * 2 if both else have
                    runs = _ATTACK_RUNS[both]
                    for target in targets:
                        run = runs[target][t]
                        if len(run) < need:
                            run = _attack_run(target, t, both, have)
                        out += run[:need]
            if hand[BOOK]:
                out += [_action("book", target) for target in targets]
            if hand[CAULDRON]:
                out.append(_action("cauldron"))
            if hand[CHALICE]:
                out += [_action("chalice", target) for target in range(self.players)]
            if hand[HOURGLASS]:
                out.append(_action("hourglass"))
            if hand[SKULL]:
                out.append(_action("skull"))
            return out
        if phase == "defend":
            out = [_action("take")]
            size = self.attack_size()
            candles = hand[CANDLE]
            for t in range(1, N_TYPES):  # index 0 is the Bell, which never blocks
                have = hand[t]
                if have >= size:
                    out.append(_action("block", TYPES[t], size, False))
                if t != CANDLE and candles and size >= 2 and have >= size - 1:
                    out.append(_action("block", TYPES[t], size - 1, True))
            if hand[FAMILIAR]:
                out.append(_action("familiar"))
            return out
        if phase == "pick":
            source = self.discard if self.pending == "discard" else self.hex[seat]
            return [_action("pick", TYPES[t]) for t in range(N_TYPES)
                    if source[t] and not (self.pending == "hex" and t == HOURGLASS)]
        if phase == "split":
            a, b = self.pending
            pairs = [(a, b)] if a == b else [(a, b), (b, a)]
            return [_action("split", TYPES[keep], TYPES[give], to)
                    for keep, give in pairs for to in range(self.players) if to != seat]
        return []

    def candidate_actions(self, seat: int) -> list:
        """Legal actions plus near misses the explorer explains (blocks that break a rule)."""
        out = self.legal_actions(seat)
        hand = self.hands[seat]
        if self.phase == "defend":
            size = self.attack_size()
            legal = {(a.get("card"), a.get("count"), a.get("candle")) for a in out if a["type"] == "block"}
            for t in range(N_TYPES):
                if hand[t] and (TYPES[t], min(hand[t], size), False) not in legal:
                    out.append({"type": "block", "card": TYPES[t], "count": min(hand[t], size),
                                "candle": False})
        elif self.phase == "turn":
            for target in range(self.players):
                if target != seat and not self.hand_count[target]:
                    for t in range(N_TYPES):
                        if hand[t]:
                            out.append({"type": "attack", "target": target, "card": TYPES[t],
                                        "count": 1, "candle": False})
                            break
            targets = [s for s in range(self.players) if s != seat and self.hand_count[s]]
            if hand[CANDLE] >= 2 and targets:
                out.append({"type": "attack", "target": targets[0],
                            "card": "candle", "count": 1, "candle": True})
        return out

    def action_rule(self, action: Action) -> str:
        kind = action["type"]
        if kind == "block":
            if action["card"] == "mirror":
                return R + "mirror/reflect"
            if action["candle"]:
                return R + "candle/one"
            return R + "block/same-number"
        if kind == "attack":
            if action["card"] == "toadstool":
                return R + "toadstool/unblockable"
            if action["card"] == "candle":
                return R + "candle/all-candle"
            if action["candle"]:
                return R + "candle/one"
        if kind == "pick":
            return R + ("skull/play" if self.pending == "discard" else "hourglass/play")
        return ACTION_RULE[kind]

    # ------------------------------------------------------------------ validation

    def _illegal(self, rule: str, message: str, seats: dict | None = None) -> IllegalAction:
        return self.rules.illegal(R + rule, message, seats)

    def _need(self, seat: int, card: int, count: int, rule: str = "attack/in-hand") -> None:
        have = self.hands[seat][card]
        if have < count:
            held = cards_text(card, have) if have else f"no {PLURALS[TYPES[card]]}"
            raise self._illegal(rule, f"You need {cards_text(card, count)} but hold {held}.")

    def check(self, seat: int, action: Action) -> Action:
        return VALIDATORS[action["type"]](self, seat, action)

    def _validate_attack(self, seat: int, action: Action) -> Action:
        target, card, count, candle = (action["target"], INDEX[action["card"]], action["count"],
                                       action["candle"])
        if target == seat:
            raise self._illegal("attack/target", "You cannot attack yourself; choose an opponent.")
        if not self.hand_count[target]:
            raise self._illegal("attack/target", "{target} has no cards in hand, so "
                                                 "cannot be attacked.", {"target": target})
        if card == CANDLE and candle:
            raise self._illegal("candle/all-candle", "An all-Candle attack lists its Candles in "
                                                     "'count' (set 'candle' to false).")
        self._need(seat, card, count)
        if candle:
            self._need(seat, CANDLE, 1, "candle/one")
        return action

    def _validate_block(self, seat: int, action: Action) -> Action:
        card, count, candle = INDEX[action["card"]], action["count"], action["candle"]
        size = self.attack_size()
        if card == BELL:
            raise self._illegal("bell/no-block", "Bells cannot block an attack.")
        if card == CANDLE and candle:
            raise self._illegal("candle/one", "A block made of Candles lists them all in 'count' "
                                              "(set 'candle' to false).")
        if count < 1:
            raise self._illegal("block/same-number",
                                "A block needs at least one card of its type"
                                + (" besides the Candle." if candle else "."))
        total = count + (1 if candle else 0)
        if total != size:
            raise self._illegal("block/same-number",
                                f"The attack has {size} card{'s' if size != 1 else ''}; your block "
                                f"has {total}. Block with exactly {size}.")
        self._need(seat, card, count)
        if candle:
            self._need(seat, CANDLE, 1, "candle/one")
        return action

    def _validate_familiar(self, seat: int, action: Action) -> Action:
        self._need(seat, FAMILIAR, 1, "familiar/block")
        return action

    def _validate_take(self, seat: int, action: Action) -> Action:
        return action

    def _validate_book(self, seat: int, action: Action) -> Action:
        target = action["target"]
        self._need(seat, BOOK, 1, "book/play")
        if target == seat:
            raise self._illegal("book/target", "A Book looks at an opponent's hand, not your own.")
        if not self.hand_count[target]:
            raise self._illegal("book/target", "{target} has no cards in hand to take.",
                                {"target": target})
        return action

    def _validate_simple_play(self, seat: int, action: Action, card: int) -> Action:
        self._need(seat, card, 1, f"{TYPES[card]}/play")
        return action

    def _validate_cauldron(self, seat: int, action: Action) -> Action:
        return self._validate_simple_play(seat, action, CAULDRON)

    def _validate_hourglass(self, seat: int, action: Action) -> Action:
        return self._validate_simple_play(seat, action, HOURGLASS)

    def _validate_skull(self, seat: int, action: Action) -> Action:
        return self._validate_simple_play(seat, action, SKULL)

    def _validate_chalice(self, seat: int, action: Action) -> Action:
        self._need(seat, CHALICE, 1, "chalice/play")
        return action

    def _validate_pick(self, seat: int, action: Action) -> Action:
        card = INDEX[action["card"]]
        if self.pending == "discard":
            if not self.discard[card]:
                raise self._illegal("skull/play", f"There is no {NAMES[TYPES[card]]} in the discard "
                                                  "pile to take.")
        else:
            if card == HOURGLASS:
                raise self._illegal("hourglass/not-hourglass",
                                    "An Hourglass cannot bring back an Hourglass; pick another card.")
            if not self.hex[seat][card]:
                raise self._illegal("hourglass/play", f"There is no {NAMES[TYPES[card]]} in your Hex "
                                                      "pile to take.")
        return action

    def _validate_split(self, seat: int, action: Action) -> Action:
        keep, give, to = INDEX[action["keep"]], INDEX[action["give"]], action["to"]
        if sorted((keep, give)) != sorted(self.pending):
            a, b = self.pending
            raise self._illegal("cauldron/split", f"The Cauldron gave you {cards_text(a, 1)} and "
                                                  f"{cards_text(b, 1)}: keep one and give the other.")
        if to == seat:
            raise self._illegal("cauldron/split", "The second card goes to another player's Hex pile.")
        return action

    # ------------------------------------------------------------------ effects

    def perform(self, seat: int, action: Action) -> frozenset:
        round_before = self.round
        reveals = EFFECTS[action["type"]](self, seat, action)
        if self.round == round_before:
            self.round_moves += 1
        if self.round != round_before or self.over:
            # Scoring shows every Hex pile and a new deal shows everyone a new hand.
            return EVERYONE[self.players]
        return reveals

    def _from_hand(self, seat: int, card: int, count: int) -> None:
        self.hands[seat][card] -= count
        self.hand_count[seat] -= count
        if not self.hand_count[seat]:
            self.emptied.append(seat)

    def _to_hex(self, seat: int, card: int, count: int = 1) -> None:
        self.hex[seat][card] += count
        self.hex_count[seat] += count

    def _discard(self, card: int, count: int) -> None:
        self.discard[card] += count
        self.discard_count += count

    def _random_discard(self) -> int:
        """Remove and return a uniformly random card of the (face-down) discard pile."""
        index = self.rng.randrange(self.discard_count)
        pile = self.discard
        for t in range(N_TYPES):
            if index < pile[t]:
                pile[t] -= 1
                self.discard_count -= 1
                return t
            index -= pile[t]
        raise AssertionError("discard count out of step")

    def _everyone_but(self, seat: int) -> frozenset:
        return OTHERS[self.players][seat]

    def _do_attack(self, seat: int, action: Action) -> frozenset:
        card = INDEX[action["card"]]
        count = action["count"]
        candle = action["candle"]
        target = action["target"]
        self._from_hand(seat, card, count)
        if candle:
            self._from_hand(seat, CANDLE, 1)
        self.log.add("attack", "{actor} attacks {target} with " + cards_text(card, count, candle) + ".",
                     actor=seat, target=target, card=TYPES[card], count=count, candle=candle)
        self.attack = [seat, target, card, count, candle, 0]
        if card == TOADSTOOL:
            self._take(target)
            penalty = 0
            for _ in range(count):
                if not self.discard_count:
                    break
                self._to_hex(seat, self._random_discard())
                penalty += 1
            if penalty:
                self.log.add("toadstool", "{actor} puts {count} random card{s} from the discard pile "
                             "into their own Hex pile, unseen.", actor=seat, count=penalty,
                             s="s" if penalty > 1 else "")
            self._end_turn()
        else:
            self.phase = "defend"
        return self._everyone_but(seat)

    def _take(self, defender: int) -> None:
        atk = self.attack
        self._to_hex(defender, atk[2], atk[3])
        if atk[4]:
            self._to_hex(defender, CANDLE)
        why = " (Toadstool attacks cannot be blocked)" if atk[2] == TOADSTOOL else ""
        self.log.add("take", "{actor} takes " + cards_text(atk[2], atk[3], atk[4])
                     + " into their Hex pile" + why + ".", actor=defender)

    def _discard_attack(self) -> None:
        atk = self.attack
        self._discard(atk[2], atk[3])
        if atk[4]:
            self._discard(CANDLE, 1)

    def _do_take(self, seat: int, action: Action) -> frozenset:
        self._take(seat)
        self._end_turn()
        return frozenset()

    def _do_familiar(self, seat: int, action: Action) -> frozenset:
        self._from_hand(seat, FAMILIAR, 1)
        self._to_hex(seat, FAMILIAR)
        self._discard_attack()
        self.log.add("familiar", "{actor} puts a Familiar into their Hex pile and stops the attack.",
                     actor=seat)
        self._end_turn()
        return self._everyone_but(seat)

    def _do_block(self, seat: int, action: Action) -> frozenset:
        card = INDEX[action["card"]]
        count = action["count"]
        candle = action["candle"]
        self._from_hand(seat, card, count)
        if candle:
            self._from_hand(seat, CANDLE, 1)
        self._discard(card, count)
        if candle:
            self._discard(CANDLE, 1)
        atk = self.attack
        used = cards_text(card, count, candle)
        if card != MIRROR:
            self._discard_attack()
            self.log.add("block", "{actor} blocks with " + used + "; both sets are discarded.",
                         actor=seat, card=TYPES[card], count=count, candle=candle)
            self._end_turn()
            return self._everyone_but(seat)
        attacker = atk[0]
        atk[0], atk[1] = seat, attacker
        atk[5] += 1
        self.log.add("reflect", "{actor} reflects the attack with " + used + ": now {target} must "
                     "block or take it.", actor=seat, target=attacker, card=TYPES[card],
                     count=count, candle=candle)
        if not self.hand_count[attacker]:
            self._take(attacker)
            self._end_turn()
        return self._everyone_but(seat)

    def _do_book(self, seat: int, action: Action) -> frozenset:
        target = action["target"]
        self._from_hand(seat, BOOK, 1)
        self._to_hex(seat, BOOK)
        seen = as_dict(self.hands[target])
        seen_text = counts_text(self.hands[target])
        index = self.rng.randrange(self.hand_count[target])
        hand = self.hands[target]
        for card in range(N_TYPES):
            if index < hand[card]:
                break
            index -= hand[card]
        self._from_hand(target, card, 1)
        self.hands[seat][card] += 1
        self.hand_count[seat] += 1
        if self.hand_count[seat] == 1 and self.emptied and self.emptied[-1] == seat:
            self.emptied.pop()
        took = cards_text(card, 1)
        self.log.add("book", "{actor} plays a Book, looks at {target}'s hand and takes a random card.",
                     private={seat: {"msg": "You play a Book and look at {target}'s hand ("
                                            + seen_text + "); you take " + took + ".",
                                     "seen": seen, "card": TYPES[card]},
                              target: {"msg": "{actor} plays a Book, looks at your hand and takes "
                                              + took + ".", "card": TYPES[card]}},
                     actor=seat, target=target)
        self.extra = True
        self._end_turn()
        return EVERYONE[self.players]

    def _do_chalice(self, seat: int, action: Action) -> frozenset:
        target = action["target"]
        self._from_hand(seat, CHALICE, 1)
        self._to_hex(target, CHALICE)
        where = "their own" if target == seat else "{target}'s"
        self.log.add("chalice", "{actor} puts a Chalice into " + where + " Hex pile.",
                     actor=seat, target=target)
        self._end_turn()
        return self._everyone_but(seat)

    def _do_cauldron(self, seat: int, action: Action) -> frozenset:
        self._from_hand(seat, CAULDRON, 1)
        self._to_hex(seat, CAULDRON)
        drawn = [self._random_discard() for _ in range(min(2, self.discard_count))]
        if len(drawn) == 2:
            self.pending = drawn
            self.phase = "split"
            self.log.add("cauldron", "{actor} plays a Cauldron and takes two random cards from the "
                         "discard pile.", private={seat: {
                             "msg": "You play a Cauldron and draw " + cards_text(drawn[0], 1) + " and "
                                    + cards_text(drawn[1], 1) + " from the discard pile.",
                             "cards": [TYPES[c] for c in drawn]}}, actor=seat)
            return EVERYONE[self.players]
        if drawn:
            self._to_hex(seat, drawn[0])
            self.log.add("cauldron", "{actor} plays a Cauldron; the discard pile's only card goes "
                         "into their own Hex pile.", private={seat: {
                             "msg": "You play a Cauldron; the discard pile's only card, "
                                    + cards_text(drawn[0], 1) + ", goes into your Hex pile.",
                             "cards": [TYPES[drawn[0]]]}}, actor=seat)
        else:
            self.log.add("cauldron", "{actor} plays a Cauldron, but the discard pile is empty.",
                         actor=seat)
        self._end_turn()
        return EVERYONE[self.players]

    def _do_split(self, seat: int, action: Action) -> frozenset:
        keep, give, to = INDEX[action["keep"]], INDEX[action["give"]], action["to"]
        self._to_hex(seat, keep)
        self._to_hex(to, give)
        self.log.add("split", "{actor} puts one Cauldron card into their own Hex pile and the other "
                     "into {target}'s.", private={seat: {
                         "msg": "You keep " + cards_text(keep, 1) + " and give " + cards_text(give, 1)
                                + " to {target}'s Hex pile.", "keep": TYPES[keep], "give": TYPES[give]}},
                     actor=seat, target=to)
        self._end_turn()
        return frozenset()

    def _do_pick_play(self, seat: int, card: int, source: str) -> frozenset:
        self._from_hand(seat, card, 1)
        self._to_hex(seat, card)
        self.extra = True
        pool = self.discard if source == "discard" else self.hex[seat]
        choices = [t for t in range(N_TYPES) if pool[t] and not (source == "hex" and t == HOURGLASS)]
        where = "the discard pile" if source == "discard" else "their Hex pile"
        if not choices:
            self.log.add(TYPES[card], "{actor} plays " + cards_text(card, 1) + " and looks through "
                         + where + ", but there is nothing to take.", actor=seat)
            self._end_turn()
        else:
            self.pending = source
            self.phase = "pick"
            self.log.add(TYPES[card], "{actor} plays " + cards_text(card, 1) + " and looks through "
                         + where + ".", private={seat: {
                             "msg": "You play " + cards_text(card, 1) + " and look through "
                                    + where.replace("their", "your") + ": " + counts_text(pool) + ".",
                             "seen": as_dict(pool)}}, actor=seat)
        return EVERYONE[self.players]

    def _do_skull(self, seat: int, action: Action) -> frozenset:
        return self._do_pick_play(seat, SKULL, "discard")

    def _do_hourglass(self, seat: int, action: Action) -> frozenset:
        return self._do_pick_play(seat, HOURGLASS, "hex")

    def _do_pick(self, seat: int, action: Action) -> frozenset:
        card = INDEX[action["card"]]
        if self.pending == "discard":
            self.discard[card] -= 1
            self.discard_count -= 1
        else:
            self.hex[seat][card] -= 1
            self.hex_count[seat] -= 1
        self.hands[seat][card] += 1
        self.hand_count[seat] += 1
        if self.hand_count[seat] == 1 and self.emptied and self.emptied[-1] == seat:
            self.emptied.pop()
        where = "the discard pile" if self.pending == "discard" else "their Hex pile"
        self.log.add("pick", "{actor} takes a card from " + where + " into their hand.",
                     private={seat: {"msg": "You take " + cards_text(card, 1) + " from "
                                     + where.replace("their", "your") + " into your hand.",
                                     "card": TYPES[card]}}, actor=seat)
        self._end_turn()
        return frozenset()

    # ------------------------------------------------------------------ views

    @property
    def scores_public(self) -> bool:
        """Whether every seat's total is open now (scoring/public): with ``open_scores`` (a
        teaching aid); before any token is face down (round one, and while round one's
        scores are announced: each total is that score); in tie-break rounds (the totals
        were counted aloud) and at the end."""
        scored = len(self.round_scores)
        return (self.open_scores or self.over or self.round > self.rounds or scored == 0
                or (scored == 1 and self.round_moves == 0))

    def _score_view(self, seat: int | None) -> dict:
        """Round scores, totals and the last scoring as ``seat`` may see them (scoring/public).

        Hidden ones are ``None``: a seat sees its own tokens; the last round's scores are
        open to all while they are announced (until the next round's first move).
        """
        rounds, totals, last = self.round_scores, self.totals, self.last_round
        if self.scores_public:
            return {"round_scores": [list(r) for r in rounds], "totals": list(totals),
                    "round_totals": [list(r) for r in self.round_totals],
                    "last_round": fresh_json(last), "scores_open": True}  # views are the caller's to edit
        announced = self.round_moves == 0 and last is not None
        mine = [s == seat for s in range(self.players)]
        rows = [[v if mine[s] or (announced and i == len(rounds) - 1) else None for s, v in enumerate(r)]
                for i, r in enumerate(rounds)]
        shown = None
        if announced:
            shown = fresh_json(last)
            shown["totals"] = [v if mine[s] else None for s, v in enumerate(shown["totals"])]
        return {"round_scores": rows, "totals": [v if mine[s] else None for s, v in enumerate(totals)],
                "round_totals": [[v if mine[s] else None for s, v in enumerate(row)]
                                 for row in self.round_totals],
                "last_round": shown, "scores_open": False}

    def view(self, seat: int | None) -> dict:
        atk = self.attack
        data = {
            "round": self.round,
            "rounds": self.rounds,
            "phase": self.phase,
            "current": self.current,
            "hand": as_dict(self.hands[seat]) if seat is not None else None,
            "hand_sizes": list(self.hand_count),
            "hex_sizes": list(self.hex_count),
            "discard_size": self.discard_count,
            "attack": None if atk is None else {
                "attacker": atk[0], "defender": atk[1], "card": TYPES[atk[2]], "count": atk[3],
                "candle": atk[4], "size": atk[3] + (1 if atk[4] else 0), "reflections": atk[5]},
            "pending": None,
            **self._score_view(seat),
            "deck": {t: {"copies": self.copies[i], "points": list(self.tracks[i])}
                     for i, t in enumerate(TYPES)},
            "card_info": card_info(self.copies, self.tracks),
        }
        if seat is not None and seat == self.current and self.phase in ("pick", "split"):
            if self.phase == "split":
                data["pending"] = {"kind": "split", "cards": [TYPES[c] for c in self.pending]}
            else:
                pool = self.discard if self.pending == "discard" else self.hex[seat]
                data["pending"] = {"kind": "pick", "source": self.pending, "cards": as_dict(pool)}
        elif self.phase in ("pick", "split"):
            data["pending"] = {"kind": self.phase,
                               "source": self.pending if self.phase == "pick" else None}
        return data

    def inventory(self) -> dict:
        total = [0] * N_TYPES
        for zone in (*self.hands, *self.hex, self.discard):
            for t in range(N_TYPES):
                total[t] += zone[t]
        if self.attack is not None:
            total[self.attack[2]] += self.attack[3]
            total[CANDLE] += 1 if self.attack[4] else 0
        if self.phase == "split":
            for card in self.pending:
                total[card] += 1
        return as_dict(total)

    def determinize(self, seat: int | None, rng: random.Random) -> WitchingHourState:
        """Deal afresh every card ``seat`` cannot see: other hands and face-down piles."""
        other = self.copy()
        picking = seat is not None and seat == self.current and self.phase == "pick"
        zones = [other.hands[s] for s in range(self.players) if s != seat]
        if not (picking and self.pending == "discard"):
            zones.append(other.discard)
        zones += [other.hex[s] for s in range(self.players)
                  if not (picking and self.pending == "hex" and s == seat)]
        lists = [other.pending] if self.phase == "split" and seat != self.current else []
        redeal_counts(rng, zones, lists)
        return other

    def sample(self, seat: int, rng: random.Random) -> WitchingHourState:
        """Every card ``seat`` has not seen dealt anew, agreeing with all it saw this round."""
        return sample_state(self, seat, rng)


VALIDATORS = {kind: getattr(WitchingHourState, "_validate_" + kind) for kind in ACTIONS.order}
EFFECTS = {kind: getattr(WitchingHourState, "_do_" + kind) for kind in ACTIONS.order}
