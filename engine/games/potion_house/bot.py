"""Potion House bots with explicit memory models.

Each bot knows only what its seat's views showed it, when they showed it: it keeps its
own memory and never reads the game state. Views carry a search's tokens, a check's
verdicts and one's own new cards only for a moment (until the next action), so a bot
must be shown the view of its seat after every action, as a person watching the table
sees it: ``observe(view)`` does that (the simulator calls it for every bot that has it;
``choose`` also observes the view it is given).

- :class:`PerfectMemoryBot` forgets nothing and reasons exactly: a search tells where ten
  tokens are and where the other thirty are not; a check tells one token's place or one
  place it is not; a space whose ten tokens are known holds no other. It declares five
  cards, and concocts once it knows where each of its cards' tokens is.
- :class:`HumanMemoryBot` remembers like a person: it notices the tokens of its own
  cards in an opened space (each with probability ``focus``) and ``attention`` other
  tokens; each memory lasts a random time (exponential, half of them gone after
  ``half_life`` turns of the table); with probability ``confusion`` a memory is stored
  under a look-alike ingredient (same family: one toadstool for another). Its own cards
  fade the same way with ``hand_half_life``. It concocts when it believes it knows where
  all its cards' tokens are, or after ``patience`` searches on one hand, guessing.
  :data:`DIFFICULTY` gives a setting per level.

The random bot is the engine's generic one (uniform over legal actions): no memory.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

SPACES = 4
PER_SPACE = 10
PATIENCE = 12
"""Searches after which the perfect memory concocts anyway (only when shown too little)."""


class _Watcher:
    """What every memory bot does with a view: note its own cards and each reveal once."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.last_move = -1
        self.me: int | None = None

    def observe(self, view: dict) -> None:
        if view["move"] == self.last_move:
            return
        self.last_move = view["move"]
        self.me = view["seat"]
        if view["hand"] is not None:
            self.saw_hand(view["hand"], view)
        reveal = view["reveal"]
        if reveal is not None and reveal["kind"] == "search":
            self.saw_space(reveal["space"], reveal["tokens"], view)
        elif reveal is not None:
            for entry in reveal["cards"]:
                if entry["found"] is not None:
                    self.saw_check(entry["card"], entry["space"], entry["found"], view)

    def choose(self, view: dict, legal: list) -> dict:
        self.observe(view)
        kind = legal[0]["type"]
        if kind == "declare":
            return self.declare(view, legal)
        if kind == "assign":
            return self.assign(view, legal)
        return self.turn(view, legal)

    def declare(self, view: dict, legal: list) -> dict:
        count = max(a["count"] for a in legal) if self.draw is None else self.draw
        return next(a for a in legal if a["count"] == count)

    draw: int | None = None

    def reason(self, view: dict, legal: list, action: dict, names: Sequence[str]) -> str:
        """Why ``action``, from what this bot remembers (asked just after ``choose``)."""
        kind = action["type"]
        if kind == "declare":
            return f"It declares {action['count']} cards: as many as it means to find at once."
        if kind == "concoct":
            return ("It believes it knows where the token of each of its cards is (or it has searched "
                    "long enough and guesses the rest), so it concocts.")
        if kind == "search":
            return self.why_search(view, action["space"])
        if kind == "assign":
            return self.why_assign(view, action)
        return "A move its memory does not explain."

    # -- the memory model's hooks
    def why_search(self, view: dict, space: int) -> str: ...
    def why_assign(self, view: dict, action: dict) -> str: ...
    def saw_hand(self, cards: list, view: dict) -> None: ...
    def saw_space(self, space: int, tokens: list, view: dict) -> None: ...
    def saw_check(self, card: str, space: int, found: bool, view: dict) -> None: ...
    def turn(self, view: dict, legal: list) -> dict: ...
    def assign(self, view: dict, legal: list) -> dict: ...


class PerfectMemoryBot(_Watcher):
    """Remembers every reveal it saw and deduces what they imply (see the module docstring)."""

    name = "perfect"

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.cand: dict[str, set[int]] = {}
        self.hand: list[str] | None = None
        self.searches = 0

    def _cand(self, card: str) -> set[int]:
        return self.cand.setdefault(card, set(range(SPACES)))

    def saw_hand(self, cards: list, view: dict) -> None:
        self.hand = list(cards)

    def saw_space(self, space: int, tokens: list, view: dict) -> None:
        inside = set(tokens)
        for card in view["card_info"]:
            if card in inside:
                self.cand[card] = {space}
            else:
                self._cand(card).discard(space)
        self._deduce(view)

    def saw_check(self, card: str, space: int, found: bool, view: dict) -> None:
        if found:
            self.cand[card] = {space}
        else:
            self._cand(card).discard(space)
        self._deduce(view)

    def _deduce(self, view: dict) -> None:
        """A space with ten known tokens holds no other; a token with one place is there."""
        cards = list(view["card_info"])
        changed = True
        while changed:
            changed = False
            for space in range(SPACES):
                known = [c for c in cards if self._cand(c) == {space}]
                if len(known) == PER_SPACE:
                    for c in cards:
                        cand = self._cand(c)
                        if space in cand and len(cand) > 1:
                            cand.discard(space)
                            changed = True

    def _hand(self, view: dict) -> list | None:
        """Its cards, if it saw them and still holds exactly those."""
        hand = self.hand
        if hand is None or len(hand) != view["hand_sizes"][view["seat"]]:
            return None
        return hand

    def turn(self, view: dict, legal: list) -> dict:
        hand = self._hand(view)
        cards = list(view["card_info"])
        # Cards it never saw (a host that does not show it the table) are known once all
        # forty places are: they are turned over at the concoct.
        # A host that shows it nothing between turns may hide its own searches from it:
        # after PATIENCE searches it concocts anyway, on its best guesses.
        self.searches += 1
        if self.searches > PATIENCE or all(len(self._cand(c)) == 1 for c in (hand if hand else cards)):
            self.hand = None
            self.searches = 0
            return next(a for a in legal if a["type"] == "concoct")

        def value(space: int) -> tuple:
            mine = sum(1 for c in hand or () if space in self._cand(c) and len(self._cand(c)) > 1)
            unknown = sum(1 for c in cards if space in self._cand(c) and len(self._cand(c)) > 1)
            return (mine, unknown, self.rng.random())

        best = max(range(SPACES), key=value)
        return next(a for a in legal if a["type"] == "search" and a["space"] == best)

    def why_search(self, view: dict, space: int) -> str:
        return (f"Space {space + 1} may hold the most tokens of its cards (and others) whose place it "
                "has not yet worked out from what it saw.")

    def why_assign(self, view: dict, action: dict) -> str:
        if self._cand(action["card"]) == {action["space"]}:
            return f"It worked out that this token is in space {action['space'] + 1} from what it saw."
        return f"It does not know where this token is; space {action['space'] + 1} is one place it may be."

    def assign(self, view: dict, legal: list) -> dict:
        sure = [a for a in legal if self._cand(a["card"]) == {a["space"]}]
        if sure:
            return sure[0]
        card = legal[0]["card"]
        spaces = sorted(self._cand(card)) or list(range(SPACES))
        space = spaces[self.rng.randrange(len(spaces))]
        return next(a for a in legal if a["card"] == card and a["space"] == space)


@dataclass(frozen=True)
class Memory:
    """The human-like memory's parameters (see :class:`HumanMemoryBot`)."""

    half_life: float
    """Turns of the table after which half of the token memories are gone."""
    attention: int
    """Tokens other than its own cards' noticed in an opened space."""
    focus: float
    """Chance of noticing each of its own cards' tokens in an opened space."""
    confusion: float
    """Chance a memory is stored under a look-alike ingredient of the same family."""
    hand_half_life: float
    """Turns after which half of its own face-down cards are forgotten."""
    patience: int
    """Searches on one hand before it concocts anyway, guessing what it does not know."""
    draw: int
    """Cards it declares each time (2-5)."""


DIFFICULTY: dict[str, Memory] = {
    "easy": Memory(half_life=6, attention=1, focus=0.8, confusion=0.25, hand_half_life=12,
                   patience=4, draw=3),
    "medium": Memory(half_life=14, attention=3, focus=0.9, confusion=0.1, hand_half_life=30,
                     patience=6, draw=4),
    "hard": Memory(half_life=30, attention=6, focus=0.97, confusion=0.03, hand_half_life=80,
                   patience=8, draw=5),
}
"""A human-like memory per difficulty: a child's, a casual player's, a sharp player's."""


class HumanMemoryBot(_Watcher):
    """Forgets with time and mixes up look-alike ingredients (see the module docstring)."""

    name = "human"

    def __init__(self, seed: int = 0, level: str = "medium"):
        super().__init__(seed)
        self.level = level
        self.memory = DIFFICULTY[level]
        self.draw = self.memory.draw
        self.where: dict[str, tuple[int, float]] = {}   # card -> (space, forgotten at turn)
        self.hand: dict[str, float] = {}                # own card -> forgotten at turn
        self.searches = 0

    def _lasting(self, now: int, half_life: float) -> float:
        """When a memory made now is gone: an exponential lifetime with that half-life."""
        return now + half_life * math.log2(1.0 / (1.0 - self.rng.random()))

    def _recall(self, card: str, now: int) -> int | None:
        trace = self.where.get(card)
        if trace is None or trace[1] <= now:
            return None
        return trace[0]

    def _store(self, card: str, space: int, view: dict) -> None:
        table = view["card_info"]
        if self.rng.random() < self.memory.confusion:
            family = table[card]["family"]
            alike = [c for c in table if c != card and table[c]["family"] == family]
            if alike:
                card = alike[self.rng.randrange(len(alike))]
        self.where[card] = (space, self._lasting(view["turn"], self.memory.half_life))

    def saw_hand(self, cards: list, view: dict) -> None:
        if set(cards) - set(self.hand):   # new cards: a new hand to find
            self.searches = 0
        for card in cards:
            if card not in self.hand:
                self.hand[card] = self._lasting(view["turn"], self.memory.hand_half_life)
        for card in list(self.hand):
            if card not in cards:
                del self.hand[card]

    def _my_cards(self, now: int) -> list:
        return [c for c, gone in self.hand.items() if gone > now]

    def saw_space(self, space: int, tokens: list, view: dict) -> None:
        mine = set(self._my_cards(view["turn"]))
        others = []
        for card in tokens:
            if card in mine:
                if self.rng.random() < self.memory.focus:
                    self._store(card, space, view)
            else:
                others.append(card)
        for i in sorted(range(len(others)), key=lambda _: self.rng.random())[:self.memory.attention]:
            self._store(others[i], space, view)

    def saw_check(self, card: str, space: int, found: bool, view: dict) -> None:
        if found:
            self._store(card, space, view)
        elif self._recall(card, view["turn"]) == space:
            del self.where[card]

    def _remembered(self, space: int, now: int) -> int:
        return sum(1 for c in self.where if self._recall(c, now) == space)

    def turn(self, view: dict, legal: list) -> dict:
        now = view["turn"]
        mine = self._my_cards(now)
        complete = len(mine) == view["hand_sizes"][view["seat"]]
        if (complete and all(self._recall(c, now) is not None for c in mine)) \
                or self.searches >= self.memory.patience:
            self.hand = {}
            self.searches = 0
            return next(a for a in legal if a["type"] == "concoct")
        self.searches += 1
        fewest = min(self._remembered(k, now) for k in range(SPACES))
        spaces = [k for k in range(SPACES) if self._remembered(k, now) == fewest]
        space = spaces[self.rng.randrange(len(spaces))]
        return next(a for a in legal if a["type"] == "search" and a["space"] == space)

    def why_search(self, view: dict, space: int) -> str:
        return (f"It remembers the fewest tokens in space {space + 1}, so it looks there "
                f"({self.level} memory: memories fade and look-alikes get mixed up).")

    def why_assign(self, view: dict, action: dict) -> str:
        if self._recall(action["card"], view["turn"]) == action["space"]:
            return f"It remembers this token in space {action['space'] + 1}."
        return (f"It does not remember where this token is, and guesses space {action['space'] + 1}, one it "
                "remembers least of.")

    def assign(self, view: dict, legal: list) -> dict:
        now = view["turn"]
        for action in legal:
            if self._recall(action["card"], now) == action["space"]:
                return action
        card = legal[0]["card"]
        fewest = min(self._remembered(k, now) for k in range(SPACES))
        spaces = [k for k in range(SPACES) if self._remembered(k, now) == fewest]
        space = spaces[self.rng.randrange(len(spaces))]
        return next(a for a in legal if a["card"] == card and a["space"] == space)


def human(level: str):
    """A maker of human-like bots of one difficulty: ``human("hard")(seed)``."""
    def make(seed: int = 0) -> HumanMemoryBot:
        return HumanMemoryBot(seed, level)
    make.__name__ = f"human_{level}"
    return make


BOTS = {"heuristic": human("medium"), "perfect": PerfectMemoryBot, "human": human("medium"),
        "human-easy": human("easy"), "human-hard": human("hard")}
"""The bot kinds of this game (``make_bot(kind, "potion-house", seed)``); "heuristic" (the
default a table gets) is the medium human-like one; "random" comes with the platform."""
