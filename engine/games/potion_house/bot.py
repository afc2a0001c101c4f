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
- :class:`HumanMemoryBot` remembers like a person: it looks for each of its own cards in
  an opened space (with probability ``focus``: it sees the token there, or remembers it
  missing, so three misses leave one place) and notices ``attention`` other tokens; each
  memory lasts a random time (exponential, half of them gone after ``half_life`` turns of
  the table); with probability ``confusion`` a find is stored under a look-alike
  ingredient (same family: one toadstool for another). Its own cards fade the same way
  with ``hand_half_life``; misses concern the cards it holds, so they end with the hand.
  It searches where its unfound tokens may be and concocts once the chance it believes
  its potion has is as high as its impatience asks (certainty at first, nothing after
  ``patience`` searches on one hand), or when every card it remembers is placed and no
  search can find the ones it forgot. :data:`DIFFICULTY` gives a setting per level.

The random bot is the engine's generic one (uniform over legal actions): no memory.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from .views import PotionHouseView

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

    def observe(self, view: PotionHouseView) -> None:
        if view["move"] == self.last_move:
            return
        self.last_move = view["move"]
        self.me = view["seat"]
        self.saw_table(view)
        if view["hand"] is not None:
            self.saw_hand(view["hand"], view)
        reveal = view["reveal"]
        if reveal is not None and reveal["kind"] == "search":
            self.saw_space(reveal["space"], reveal["tokens"], view)
        elif reveal is not None:
            for entry in reveal["cards"]:
                if entry["found"] is not None:
                    self.saw_check(entry["card"], entry["space"], entry["found"], view)

    def choose(self, view: PotionHouseView, legal: list) -> dict:
        self.observe(view)
        kind = legal[0]["type"]
        if kind == "declare":
            return self.declare(view, legal)
        if kind == "assign":
            return self.assign(view, legal)
        return self.turn(view, legal)

    def declare(self, view: PotionHouseView, legal: list) -> dict:
        count = max(a["count"] for a in legal) if self.draw is None else self.draw
        return next(a for a in legal if a["count"] == count)

    draw: int | None = None

    def reason(self, view: PotionHouseView, legal: list, action: dict, names: Sequence[str]) -> str:
        """Why ``action``, from what this bot remembers (asked just after ``choose``)."""
        kind = action["type"]
        if kind == "declare":
            return f"It declares {action['count']} cards: as many as it means to find at once."
        if kind == "concoct":
            return self.why_concoct(view)
        if kind == "search":
            return self.why_search(view, action["space"])
        if kind == "assign":
            return self.why_assign(view, action)
        return "A move its memory does not explain."

    # -- the memory model's hooks
    def why_concoct(self, view: PotionHouseView) -> str:
        return ("It believes it knows where the token of each of its cards is (or it has searched "
                "long enough and guesses the rest), so it concocts.")

    def saw_table(self, view: PotionHouseView) -> None:
        """Every new view, before its reveal: the human-like memory drops a hand that is gone."""

    def saw_hand(self, cards: list, view: PotionHouseView) -> None: ...
    def saw_space(self, space: int, tokens: list, view: PotionHouseView) -> None: ...
    def saw_check(self, card: str, space: int, found: bool, view: PotionHouseView) -> None: ...

    # each memory model decides and explains in its own way
    def why_search(self, view: PotionHouseView, space: int) -> str:
        raise NotImplementedError

    def why_assign(self, view: PotionHouseView, action: dict) -> str:
        raise NotImplementedError

    def turn(self, view: PotionHouseView, legal: list) -> dict:
        raise NotImplementedError

    def assign(self, view: PotionHouseView, legal: list) -> dict:
        raise NotImplementedError


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

    def saw_hand(self, cards: list, view: PotionHouseView) -> None:
        """Its own new cards: the hand whose tokens it searches for."""
        self.hand = list(cards)

    def saw_space(self, space: int, tokens: list, view: PotionHouseView) -> None:
        """A searched space: its tokens are there, every other card's token is not."""
        inside = set(tokens)
        for card in view["card_info"]:
            if card in inside:
                self.cand[card] = {space}
            else:
                self._cand(card).discard(space)
        self._deduce(view)

    def saw_check(self, card: str, space: int, found: bool, view: PotionHouseView) -> None:
        """A checked card: found pins its token to that space, not found rules the space out."""
        if found:
            self.cand[card] = {space}
        else:
            self._cand(card).discard(space)
        self._deduce(view)

    def _deduce(self, view: PotionHouseView) -> None:
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

    def _hand(self, view: PotionHouseView) -> list | None:
        """Its cards, if it saw them and still holds exactly those."""
        hand, me = self.hand, view["seat"]
        assert me is not None, "a bot plays from its own seat's view"
        if hand is None or len(hand) != view["hand_sizes"][me]:
            return None
        return hand

    def turn(self, view: PotionHouseView, legal: list) -> dict:
        """Concoct once every card of its hand is placed for sure, else search where most is unknown."""
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

    def why_search(self, view: PotionHouseView, space: int) -> str:
        """Why it opened that space, in what it was looking for."""
        return (f"Space {space + 1} may hold the most tokens of its cards (and others) whose place it "
                "has not yet worked out from what it saw.")

    def why_assign(self, view: PotionHouseView, action: dict) -> str:
        """Why that space: worked out from what it saw, or one place the token may be."""
        if self._cand(action["card"]) == {action["space"]}:
            return f"It worked out that this token is in space {action['space'] + 1} from what it saw."
        return f"It does not know where this token is; space {action['space'] + 1} is one place it may be."

    def assign(self, view: PotionHouseView, legal: list) -> dict:
        """Place a card it is sure of first; else a random space its token may be in."""
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
    """Turns of the table after which half of the token memories (finds and misses) are gone."""
    attention: int
    """Tokens other than its own cards' noticed in an opened space."""
    focus: float
    """Chance of looking for each of its own cards in an opened space (seeing it there or not)."""
    confusion: float
    """Chance a find is stored under a look-alike ingredient of the same family."""
    hand_half_life: float
    """Turns after which half of its own face-down cards are forgotten."""
    patience: int
    """Searches on one hand after which it concocts whatever its chance; before that the
    chance it settles for falls evenly from certainty."""
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
    """Forgets with time and mixes up look-alike ingredients (see the module docstring).

    It remembers only what a view showed: a miss is kept for a card it holds and
    remembers holding, and dies with that hand; a card it never saw or forgot is neither
    searched for nor counted as known: it is guessed when turned over, from what the bot
    remembers of the other tokens.
    """

    name = "human"

    def __init__(self, seed: int = 0, level: str = "medium"):
        super().__init__(seed)
        self.level = level
        self.memory = DIFFICULTY[level]
        self.draw = self.memory.draw
        self.where: dict[str, tuple[int, float]] = {}      # card -> (space, forgotten at turn)
        self.absent: dict[str, dict[int, float]] = {}      # own card -> {space not in: forgotten at}
        self.hand: dict[str, float] = {}                   # own face-down card -> forgotten at turn
        self.opened = [-1] * SPACES                        # turn each space was last seen open
        self.searches = 0                                  # searches on the hand it holds
        self.odds = (1.0, False)                           # its last concoct's chance, and if stuck

    # -- remembering
    def _lasting(self, now: int, half_life: float) -> float:
        """When a memory made now is gone: an exponential lifetime with that half-life."""
        return now + half_life * math.log2(1.0 / (1.0 - self.rng.random()))

    def _recall(self, card: str, now: int) -> int | None:
        trace = self.where.get(card)
        if trace is None or trace[1] <= now:
            return None
        return trace[0]

    def _store(self, card: str, space: int, view: PotionHouseView) -> None:
        table = view["card_info"]
        if self.rng.random() < self.memory.confusion:
            family = table[card]["family"]
            alike = [c for c in table if c != card and table[c]["family"] == family]
            if alike:
                card = alike[self.rng.randrange(len(alike))]
        self.where[card] = (space, self._lasting(view["turn"], self.memory.half_life))

    def _miss(self, card: str, space: int, now: int) -> None:
        self.absent.setdefault(card, {})[space] = self._lasting(now, self.memory.half_life)

    def _my_cards(self, now: int) -> list:
        return [c for c, gone in self.hand.items() if gone > now]

    def saw_table(self, view: PotionHouseView) -> None:
        """Cards it no longer holds face down are forgotten as its own; once its potion is
        checked (or before its first draw) the misses and searches of that hand go too."""
        me = view["seat"]
        assert me is not None, "a bot plays from its own seat's view"
        if view["hand_sizes"][me]:
            return
        self.hand = {}
        potion = view["potion"]
        if potion is None or potion["seat"] != me:
            self.absent = {}
            self.searches = 0

    def saw_hand(self, cards: list, view: PotionHouseView) -> None:
        """Its look at its cards: each is remembered for a while (always, face up)."""
        for card in cards:
            if view["keep_cards_visible"]:
                self.hand[card] = math.inf   # cards left face up are not forgotten
            elif card not in self.hand:
                self.hand[card] = self._lasting(view["turn"], self.memory.hand_half_life)
        for card in list(self.hand):
            if card not in cards:
                del self.hand[card]

    def saw_space(self, space: int, tokens: list, view: PotionHouseView) -> None:
        """An open lid: it looks for each of its cards (found or missed) and notices a few others."""
        now = view["turn"]
        self.opened[space] = now
        inside = set(tokens)
        mine = self._my_cards(now)
        for card in mine:
            if self.rng.random() < self.memory.focus:
                if card in inside:
                    self._store(card, space, view)
                else:
                    self._miss(card, space, now)
        others = [c for c in tokens if c not in mine]
        for i in sorted(range(len(others)), key=lambda _: self.rng.random())[:self.memory.attention]:
            self._store(others[i], space, view)

    def saw_check(self, card: str, space: int, found: bool, view: PotionHouseView) -> None:
        """A check is a sure sighting: a find is stored, a remembered place proved wrong is dropped."""
        if found:
            self._store(card, space, view)
        elif self._recall(card, view["turn"]) == space:
            del self.where[card]

    # -- judging
    def _places(self, card: str, now: int) -> list:
        """The spaces it believes ``card``'s token may be in: the one it remembers, else
        those it does not remember missing it from."""
        known = self._recall(card, now)
        if known is not None:
            return [known]
        gone = self.absent.get(card, {})
        return [k for k in range(SPACES) if gone.get(k, now) <= now] or list(range(SPACES))

    def _remembered(self, space: int, now: int) -> int:
        return sum(1 for c in self.where if self._recall(c, now) == space)

    def _blind(self, now: int) -> float:
        """The chance it gives a card it cannot name (never seen, or forgotten) of being
        placed right when turned over: the share of tokens it remembers, else a guess."""
        share = sum(1 for c in self.where if self._recall(c, now) is not None) / (SPACES * PER_SPACE)
        return share + (1 - share) / SPACES

    def _chance(self, view: PotionHouseView) -> float:
        """How likely it believes a potion of its cards is now."""
        now = view["turn"]
        mine = self._my_cards(now)
        me = view["seat"]
        assert me is not None, "a bot plays from its own seat's view"
        odds = self._blind(now) ** (view["hand_sizes"][me] - len(mine))
        for card in mine:
            odds /= len(self._places(card, now))
        return odds

    def _gain(self, space: int, now: int) -> float:
        """How many of its own unfound tokens it expects to find in ``space``."""
        gain = 0.0
        for card in self._my_cards(now):
            places = self._places(card, now)
            if len(places) > 1 and space in places:
                gain += 1 / len(places)
        return gain

    # -- acting
    def turn(self, view: PotionHouseView, legal: list) -> dict:
        """Concoct when sure enough for its impatience (or stuck), else search where it helps most."""
        now = view["turn"]
        odds = self._chance(view)
        # Every card it remembers is placed and it forgot the rest: no search finds those.
        stuck = bool(self._my_cards(now)) and not any(self._gain(k, now) for k in range(SPACES))
        if stuck or odds >= 1 - self.searches / self.memory.patience:
            self.odds = (odds, stuck)
            return next(a for a in legal if a["type"] == "concoct")
        self.searches += 1
        best = max(range(SPACES), key=lambda k: (self._gain(k, now), -self.opened[k], self.rng.random()))
        return next(a for a in legal if a["type"] == "search" and a["space"] == best)

    def assign(self, view: PotionHouseView, legal: list) -> dict:
        """Place the surest card first; guess among the places left, weighted by room for it."""
        now = view["turn"]
        cards = list(dict.fromkeys(a["card"] for a in legal))
        card = min(cards, key=lambda c: len(self._places(c, now)))   # the surest first
        places = self._places(card, now)
        if len(places) == 1:
            space = places[0]
        else:   # a space it remembers fewer tokens of has more room for this one
            room = [max(PER_SPACE - self._remembered(k, now), 1) for k in places]
            space = self.rng.choices(places, weights=room)[0]
        return next(a for a in legal if a["card"] == card and a["space"] == space)

    # -- explaining
    def why_concoct(self, view: PotionHouseView) -> str:
        """The concoct explained by the chance it believed and why it stopped searching."""
        odds, stuck = self.odds
        if odds >= 1:
            return "It believes it knows where the token of each of its cards is, so it concocts."
        if stuck:
            return ("It knows where the tokens of the cards it remembers are; it forgot the others, "
                    "which no search can find, so it concocts and will guess them once turned over.")
        return (f"After {self.searches} searches on these cards it is sure enough (about "
                f"{round(odds * 100)}% that every one is right, by what it remembers) to risk "
                "a potion.")

    def why_search(self, view: PotionHouseView, space: int) -> str:
        """The search explained by its unfound cards, or by the space it saw open longest ago."""
        memory = f"({self.level} memory: memories fade and look-alikes get mixed up)"
        if self._gain(space, view["turn"]) > 0:
            return (f"Some of its cards' tokens it has not found yet may be in space {space + 1} "
                    f"(it remembers where it saw them missing), so it looks there {memory}.")
        return (f"It has not seen space {space + 1} open for the longest while, so it looks there "
                f"to remember more tokens {memory}.")

    def why_assign(self, view: PotionHouseView, action: dict) -> str:
        """The placing explained by a remembered find, three misses, or a guess."""
        now = view["turn"]
        if self._recall(action["card"], now) == action["space"]:
            return f"It remembers this token in space {action['space'] + 1}."
        places = self._places(action["card"], now)
        if places == [action["space"]]:
            return (f"It remembers this token missing from the other spaces, so it must be in space "
                    f"{action['space'] + 1}.")
        return (f"It does not know where this token is, and guesses space {action['space'] + 1}, one "
                f"of the {len(places)} it may be in.")


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
