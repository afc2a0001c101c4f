"""Disney Hocus Pocus: The Game as a state machine.

Phases of the current player's turn: ``ask`` (one question; skipped while a Spell silences
questions), ``play`` (play a card, declare that you cannot, or use a Trick token), ``salt``
(a Spell was drawn: use Circle of Salt or let it resolve), ``binx`` (where Binx goes),
``discard`` (after a failed play: the cards to replace), ``swap`` (Daylight Savings Time:
the *other* player chooses the card they give), ``over``.
Everything else (answers, draws, Spells, stuns, the end of a round) happens at once.

Declared, as in every game: the actions' fields (:data:`ACTIONS`), which actions each phase
allows (:data:`TURN`, :data:`PHASES`) and the mutable parts (``mutable``); the core checks
the first two, so ``check`` tests only this game's rules, and copies the third.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping
from typing import Any

from ...core import Action, ActionCache, FrozenAction, State, make_rulebook, shuffled
from ...rules import IllegalAction
from ...toolkit import ActionFormat, Card, Cards, Count, OneOf, Phase, PhaseTable, Seat
from . import cards as cardmod
from .cards import COLOURS, ONGOING, TYPES, WITCHES, parse
from .rules import RULES
from .sampling import sample_state

R = "disney-hocus-pocus/"
PILES = 5
STUNS_TO_WIN = 3
TRICKS = ("circle-of-salt", "daylight-savings", "billy-butcherson", "burning-rain")
CARD = Card(lambda state: state.names,
            where="each is named colour:ingredient, plus :binx or :book on a card with a symbol")
CARDS = Cards(CARD.cards, where=CARD.where, most=cardmod.INGREDIENTS)
ACTIONS = ActionFormat("Disney Hocus Pocus", {
    "ask": {"about": OneOf(("colour", "ingredient")), "value": OneOf((*COLOURS, *TYPES))},
    "play": {"card": CARD, "pile": Count(0, PILES - 1, what="a pile's number")},
    "no-play": {}, "discard": {"cards": CARDS}, "binx": {"seat": Seat()},
    "circle-of-salt": {}, "accept-spell": {}, "daylight-savings": {"with": Seat(), "card": CARD},
    "give": {"card": CARD}, "billy-butcherson": {}, "burning-rain": {"cards": CARDS},
})
"""Every action type and its fields, checked by the core before ``check`` sees an action."""
NOT_NOW = "Not now: {waiting}, not {kind!r}."
TURN = {
    "ask": Phase(("ask",), R + "turn/order", NOT_NOW, "ask a question first ('ask')"),
    "play": Phase(("play", "no-play", "daylight-savings", "billy-butcherson", "burning-rain"),
                  R + "play/match", NOT_NOW, "play a card, 'no-play' or a Trick token"),
    "salt": Phase(("circle-of-salt", "accept-spell"), R + "trick/circle-of-salt", NOT_NOW,
                  "use 'circle-of-salt' or 'accept-spell' on the Spell just drawn"),
    "binx": Phase(("binx",), R + "binx/place", NOT_NOW, "place Binx before a player ('binx')"),
    "discard": Phase(("discard",), R + "play/cannot", NOT_NOW, "choose the cards to replace ('discard')"),
    "swap": Phase(("give",), R + "trick/swap-choice", NOT_NOW,
                  "the other player chooses the card to give ('give')"),
}
"""The cooperative turn: ask, play (or a Trick token), then what a play leads to."""
PHASES = PhaseTable(TURN, refusals={
    **{(phase, "circle-of-salt"): (R + "trick/circle-of-salt", "Circle of Salt is used when a "
                                   "Spell is drawn; now {waiting}.") for phase in TURN if phase != "salt"},
    **{(phase, trick): (R + "trick/" + trick, "That Trick token is used after asking and before "
                        "playing; now {waiting}.") for phase in ("ask", "binx", "discard")
       for trick in TRICKS if trick != "circle-of-salt"},
})
"""Which actions each phase allows; a Trick token tried at the wrong time names its own rule."""
ACTION_RULE = {
    "ask": "ask/question", "play": "play/match", "no-play": "play/cannot", "discard": "play/cannot",
    "binx": "binx/place", "circle-of-salt": "trick/circle-of-salt", "accept-spell": "spell/cast",
    "daylight-savings": "trick/daylight-savings", "give": "trick/swap-choice",
    "billy-butcherson": "trick/billy-butcherson", "burning-rain": "trick/burning-rain",
}
_action = ActionCache(ACTIONS.order)
_CARD_LISTS: dict[tuple, FrozenAction] = {}


def _cards_action(kind: str, cards) -> FrozenAction:
    """A shared read-only ``discard``/``burning-rain`` action (its ``cards`` a sorted list)."""
    key = (kind, tuple(cards))
    action = _CARD_LISTS.get(key)
    if action is None:
        action = _CARD_LISTS[key] = FrozenAction(type=kind, cards=list(cards))
    return action


def _subsets(hand: list, sizes) -> list[tuple]:
    """Distinct sub-multisets of a sorted hand, of the given sizes, in a fixed order."""
    out: list[tuple] = []
    for size in sizes:
        out += sorted(set(itertools.combinations(hand, size)))
    return out


class DisneyHocusPocusState(State):
    """One game of Disney Hocus Pocus: the table's cards, the turn's phase and the round."""

    rules = make_rulebook(RULES)
    action_format = ACTIONS
    phase_table = PHASES
    mutable: Mapping[str, int] = {
        "hands": 2, "deck": 1, "spell_deck": 1, "spell_discard": 1, "piles": 2, "discard": 1,
        "removed": 1, "tricks": 1, "ongoing": 1, "questions": 1, "spell": 1, "swap": 1, "reveal": 1}
    """Every mutable container (attribute -> depth): ``copy`` copies exactly these (a
    question, once asked, never changes)."""
    shared = frozenset({"options", "spells", "names"})
    """Read-only tables copies share: the house Spells and this deck's card names."""

    def __init__(self, players: int, rng: random.Random, options: dict):
        super().__init__(players, rng, options)
        self.spells = options["spells"]
        self.printed = options["cauldron"] == "printed"
        every = cardmod.build_deck(options["symbols"])
        self.names = dict.fromkeys(every)  # this deck's card names, in a fixed order (shared)
        deck = shuffled(rng, every)
        size = 4 if players <= 3 else 3
        self.hands = [sorted(deck[s * size:(s + 1) * size]) for s in range(players)]
        self.deck = deck[players * size:]          # the top is the end
        self.spell_deck = shuffled(rng, [sid for sid, e in sorted(self.spells.items())
                                         for _ in range(e["copies"])])
        self.spell_discard: list[str] = []
        self.piles: list[list[str]] = [[] for _ in range(PILES)]
        self.discard: list[str] = []
        self.removed: list[str] = []
        self.tricks = {t: False for t in TRICKS}
        self.binx: int | None = None
        self.ongoing: list[str] = []
        self.stunned: str | None = None
        self.stuns = 0
        self.round = 1
        self.outcome: str | None = None
        self.how = ""
        self.questions: list[dict] = []
        self.spell: dict | None = None       # the Spell drawn last, and what became of it
        self.swap: list | None = None        # [other seat, the current player's card]
        self.resume = ""
        self.reveal: set = set()
        self.log.add("deal", "{size} Ingredients dealt to each player; {actor} goes first.",
                     private={s: {"hand": list(self.hands[s]),
                                  "msg": "You were dealt " + ", ".join(self.hands[s])
                                         + "; {actor} goes first."} for s in range(players)},
                     size=size, actor=options["first_player"])
        self._start_turn(options["first_player"])

    # ------------------------------------------------------------------ flow

    def _start_turn(self, seat: int) -> None:
        self.current = seat
        self.must_play = False     # Daylight Savings Time or Burning Rain used this turn
        self.phase = "play" if "silence" in self._effects() else "ask"

    def _effects(self) -> set:
        return {self.spells[sid]["effect"] for sid in self.ongoing}

    def _draw(self, seat: int, count: int, why: str, binx_stays: bool = True) -> int:
        """Draw up to ``count`` cards into ``seat``'s hand; returns how many were drawn.

        Cards drawn into the Binx hand are named publicly when every view shows them after
        this move (``binx_stays``: Binx is still there then), as ``Game.sample`` needs."""
        got = [self.deck.pop() for _ in range(min(count, len(self.deck)))]
        if got:
            self.hands[seat] = sorted(self.hands[seat] + got)
            self.reveal.add(seat)
            shown = {"cards": got} if self.binx == seat and binx_stays else {}
            if self.binx == seat:
                self.reveal.update(range(self.players))
            self.log.add("draw", "{actor} draws {count} (" + why + ").",
                         private={seat: {"cards": got, "msg": "You draw " + ", ".join(got)
                                         + " (" + why + ")."}}, actor=seat, count=len(got), **shown)
        return len(got)

    def _spell_discard(self, cards: list, seat: int | None = None) -> None:
        """A Spell sends ``cards`` face up to the discard pile (from ``seat``'s hand, or the
        deck): logged by name, since every seat sees them land there."""
        self.discard += cards
        if seat is None:
            self.log.add("spell-discard", ", ".join(cards) + " go from the deck to the discard pile.",
                         cards=list(cards))
        else:
            self.log.add("spell-discard", "{actor} discards " + ", ".join(cards) + ".", actor=seat,
                         cards=list(cards))

    def _required_draw(self, seat: int, count: int, why: str) -> bool:
        """A draw the rules force: short of cards, the team loses (False)."""
        if self._draw(seat, count, why) < count:
            self._end_game("lost", "{actor} had to draw (" + why + ") from an empty Ingredient deck.",
                           seat)
            return False
        return True

    def _end_game(self, outcome: str, how: str, seat: int) -> None:
        self.outcome = outcome
        self.how = how.replace("{actor}", f"Player {seat + 1}")
        self.phase = "over"
        self.swap = None
        self.log.add("game-end", ("Everyone wins: " if outcome == "won" else "Everyone loses: ") + how,
                     actor=seat, outcome=outcome)

    def _finish_turn(self, draw: bool = True) -> None:
        if draw:
            if self.deck:
                self._draw(self.current, 1, "end of turn")
            else:
                self.log.add("no-draw", "The Ingredient deck is empty: {actor} does not draw.",
                             actor=self.current)
        self._start_turn((self.current + 1) % self.players)

    def _top(self, pile: int) -> tuple[str, str] | None:
        cards = self.piles[pile]
        if cards:
            colour, kind, _ = parse(cards[-1])
            return colour, kind
        return cardmod.HOUSE_SPACES[pile] if self.printed else None

    def _matches(self, card: str, pile: int) -> bool:
        top = self._top(pile)
        if top is None:
            return True
        colour, kind, _ = parse(card)
        effects = self._effects() if self.ongoing else ()
        by_colour = colour == top[0] and "type-only" not in effects
        by_type = kind == top[1] and "colour-only" not in effects
        return by_colour or by_type

    def _playable(self, seat: int) -> bool:
        return any(self._matches(c, p) for c in set(self.hands[seat]) for p in range(PILES))

    def stun_pattern(self) -> str | None:
        """The sister the five tops stun now, the most specific pattern first."""
        if not all(self.piles):
            return None
        tops = [parse(p[-1]) for p in self.piles]
        colours = {t[0] for t in tops}
        kinds = {t[1] for t in tops}
        if len(kinds) == 1 and len(colours) == PILES:
            return "winifred"
        if len(kinds) == 1:
            return "mary"
        if len(colours) == 1:
            return "sarah"
        return None

    def _check_stun(self) -> bool:
        witch = self.stun_pattern()
        if witch is None:
            return False
        self._end_round(witch)
        return True

    def _end_round(self, witch: str) -> None:
        seat = self.current
        self.reveal.update(range(self.players))
        self.log.add("stun", "All five tops match: " + witch.capitalize() + " is stunned and the "
                     "round ends.", actor=seat, witch=witch)
        self.swap = None
        if self.deck:  # Binx leaves with the round unless the game is won now
            self._draw(seat, 1, "end of round", binx_stays=self.stuns + 1 >= STUNS_TO_WIN)
        else:
            self.log.add("no-draw", "The Ingredient deck is empty: {actor} does not draw.", actor=seat)
        self.stunned = witch
        self.ongoing = []
        self.stuns += 1
        if self.stuns >= STUNS_TO_WIN:
            self._end_game("won", "the third stun brings the sunrise.", seat)
            return
        gathered = [c for pile in self.piles for c in pile] + self.discard
        back = [c for c in gathered if parse(c)[2]]
        self.removed += [c for c in gathered if not parse(c)[2]]
        self.piles = [[] for _ in range(PILES)]
        self.discard = []
        self.deck = shuffled(self.rng, self.deck + back)
        self.binx = None
        self.round += 1
        self.questions = []
        nxt = (seat + 1) % self.players
        self.log.add("round", "The Sun rises one space ({sun} of 3). {back} Binx and Spell Book cards "
                     "are shuffled into the deck, {out} cards leave the game; round {round} "
                     "starts with {actor}.", sun=self.stuns, back=len(back), cards=sorted(back),
                     out=len(gathered) - len(back), round=self.round, actor=nxt)
        self._start_turn(nxt)

    # -- Spells

    def _cast_spell(self, resume: str) -> None:
        self.resume = resume
        if not self.spell_deck and self.spell_discard:
            self.spell_deck = shuffled(self.rng, self.spell_discard)
            self.spell_discard = []
            self.log.add("spell-reshuffle", "The Spell deck is reshuffled from its discards.")
        if not self.spell_deck:
            self.spell = None
            self.log.add("no-spell", "There is no Spell to cast.")
            self._resume()
            return
        sid = self.spell_deck.pop()
        entry = self.spells[sid]
        self.reveal.update(range(self.players))
        self.spell = {"id": sid, "name": entry["name"], "caster": entry["caster"],
                      "effect": entry["effect"], "outcome": "drawn"}
        if entry["caster"] == self.stunned:
            self.spell["outcome"] = "missed"
            self.spell_discard.append(sid)
            self.log.add("spell-miss", "The Spell {name} is cast by {by}, who is stunned: it misses.",
                         spell=sid, name=entry["name"], by=entry["caster"].capitalize())
            self._resume()
            return
        by = "all three sisters" if entry["caster"] == "all" else entry["caster"].capitalize()
        # A house Spell's name is data: a field of the event, never part of its template.
        self.log.add("spell", "The witches cast {name} (cast by {by}).",
                     spell=sid, caster=entry["caster"], name=entry["name"], by=by)
        if self._trick_open("circle-of-salt"):
            self.phase = "salt"
            return
        self._resolve_spell()

    def _trick_open(self, trick: str) -> bool:
        return not self.tricks[trick] and "no-tricks" not in self._effects()

    def _resolve_spell(self) -> None:
        """Cast the Spell just drawn: its effect, then the turn goes on unless the effect
        ended the round (a stun) or the game (a required draw from an empty deck)."""
        spell = self.spell
        assert spell is not None, "called once a Spell is drawn (_cast_spell, or the salt phase's accept)"
        self.spell_discard.append(spell["id"])
        spell["outcome"] = "cast"
        effect = spell["effect"]
        self.log.add("spell-effect", cardmod.SPELL_EFFECTS[effect], spell=spell["id"], effect=effect)
        if SPELL_DOES[effect](self, self.current, spell):
            self._resume()

    # Each effect returns whether the turn goes on (False: the round or the game ended).

    def _spell_ongoing(self, seat: int, spell: dict) -> bool:
        if spell["id"] not in self.ongoing:
            self.ongoing.append(spell["id"])
        if spell["effect"] == "no-binx":
            self.binx = None
        return True

    def _spell_pass_left(self, seat: int, spell: dict) -> bool:
        n = self.players
        given = [self.hands[s][self.rng.randrange(len(self.hands[s]))] if self.hands[s] else None
                 for s in range(n)]
        for s, card in enumerate(given):
            if card is not None:
                self.hands[s].remove(card)
        for s, card in enumerate(given):
            if card is not None:
                to = (s + 1) % n
                self.hands[to] = sorted(self.hands[to] + [card])
                shown = {"card": card} if self.binx in (s, to) else {}  # a Binx hand changes
                self.log.add("pass", "{actor} passes a random card to {target}.",
                             private={s: {"card": card, "msg": "You pass " + card + " to {target}."},
                                      to: {"card": card, "msg": "{actor} passes you " + card + "."}},
                             actor=s, target=to, **shown)
        self.reveal.update(range(n))
        return True

    def _spell_clear_tops(self, seat: int, spell: dict) -> bool:
        return self._clear([p for p in range(PILES) if self.piles[p]])

    def _spell_clear_deepest(self, seat: int, spell: dict) -> bool:
        deepest = max(len(p) for p in self.piles)
        return self._clear([p for p in range(PILES) if len(self.piles[p]) == deepest][:1] if deepest else [])

    def _clear(self, piles: list[int]) -> bool:
        """The tops of ``piles`` go to the discard pile; what is left may stun a witch."""
        for p in piles:
            self.discard.append(self.piles[p].pop())
        return not self._check_stun()

    def _spell_burn_deck(self, seat: int, spell: dict) -> bool:
        burnt = [self.deck.pop() for _ in range(min(3, len(self.deck)))]
        if burnt:
            self._spell_discard(burnt)
        return True

    def _spell_draw_two(self, seat: int, spell: dict) -> bool:
        return self._required_draw(seat, 2, spell["name"])

    def _spell_redraw_hand(self, seat: int, spell: dict) -> bool:
        count = len(self.hands[seat])
        if count:
            self._spell_discard(self.hands[seat], seat)
        self.hands[seat] = []
        return self._required_draw(seat, count, spell["name"])

    def _spell_lose_card(self, seat: int, spell: dict) -> bool:
        if self.hands[seat]:
            card = self.hands[seat].pop(self.rng.randrange(len(self.hands[seat])))
            self._spell_discard([card], seat)
        return True

    def _spell_everyone_redraws(self, seat: int, spell: dict) -> bool:
        for k in range(self.players):
            s = (seat + k) % self.players
            if self.hands[s]:
                card = self.hands[s].pop(self.rng.randrange(len(self.hands[s])))
                self._spell_discard([card], s)
                if not self._required_draw(s, 1, spell["name"]):
                    return False
        return True

    def _resume(self) -> None:
        """Carry on with the turn after a Spell (or its miss)."""
        if self.resume == "play":
            self._finish_turn()
        elif self.hands[self.current]:
            self.phase = "discard"
        elif self._required_draw(self.current, 1, "nothing to discard after a failed play"):
            self._finish_turn()

    # ------------------------------------------------------------------ queries

    def to_act(self) -> tuple:
        """The current player, or the other player of a swap while they choose their card."""
        if self.phase == "over":
            return ()
        if self.phase == "swap":
            assert self.swap is not None, "Daylight Savings Time set the swap the swap phase is for"
            return (self.swap[0],)
        return (self.current,)

    @property
    def is_over(self) -> bool:
        """Whether the team has won (three stuns) or lost (a required draw failed)."""
        return self.phase == "over"

    @property
    def scores(self) -> list:
        """The stuns so far, the same for every seat: the team scores as one."""
        return [self.stuns] * self.players

    @property
    def winners(self) -> list:
        """Every seat once the team has won, else none (a cooperative game)."""
        return list(range(self.players)) if self.outcome == "won" else []

    def legal_actions(self, seat: int) -> list:
        """What ``seat`` may do now, as shared read-only actions (listing costs a lookup)."""
        phase = self.phase
        hand = self.hands[seat]
        if phase == "ask":
            return [_action("ask", "colour", c) for c in COLOURS] + \
                   [_action("ask", "ingredient", t) for t in TYPES]
        if phase == "play":
            out = [_action("play", c, p) for c in sorted(set(hand)) for p in range(PILES)
                   if self._matches(c, p)]
            if not out:
                out.append(_action("no-play"))
            if self._trick_open("daylight-savings") and hand:
                out += [_action("daylight-savings", s, c) for s in range(self.players)
                        if s != seat and self.hands[s] for c in sorted(set(hand))]
            if self._trick_open("billy-butcherson") and not self.must_play:
                out.append(_action("billy-butcherson"))
            if self._trick_open("burning-rain") and len(hand) >= 3 and len(self.deck) >= 3:
                out += [_cards_action("burning-rain", c) for c in _subsets(hand, (3,))]
            return out
        if phase == "salt":
            return [_action("circle-of-salt"), _action("accept-spell")]
        if phase == "binx":
            return [_action("binx", s) for s in range(self.players)]
        if phase == "discard":
            return [_cards_action("discard", c) for c in _subsets(hand, range(1, len(hand) + 1))]
        if phase == "swap":
            return [_action("give", c) for c in sorted(set(hand))]
        return []

    def candidate_actions(self, seat: int) -> list:
        """Legal actions plus near misses to explain: cards on piles they do not match."""
        out = self.legal_actions(seat)
        if self.phase == "play":
            out += [{"type": "play", "card": c, "pile": p} for c in sorted(set(self.hands[seat]))
                    for p in range(PILES) if not self._matches(c, p)]
            if any(a["type"] == "play" for a in out[:1]):
                out.append({"type": "no-play"})
        return out

    def action_rule(self, action: Action) -> str:
        """The rule that allows ``action``: the explorer names it beside the move."""
        return R + ACTION_RULE[action["type"]]

    # ------------------------------------------------------------------ validation

    def _illegal(self, rule: str, message: str, seats: dict | None = None) -> IllegalAction:
        return self.rules.illegal(R + rule, message, seats)

    def _held(self, seat: int, card: str) -> None:
        if card not in self.hands[seat]:
            raise self._illegal("play/match", f"You do not hold {card}; your hand is "
                                f"{', '.join(self.hands[seat]) or 'empty'}.")

    def _cards(self, seat: int, action: Action, rule: str) -> list:
        """The action's cards, sorted, once each is found in ``seat``'s hand (as many times)."""
        left = list(self.hands[seat])
        for card in action["cards"]:
            if card not in left:
                raise self._illegal(rule, f"You do not hold {card} (as many times as listed); "
                                    f"your hand is {', '.join(self.hands[seat]) or 'empty'}.")
            left.remove(card)
        return sorted(action["cards"])

    def _trick(self, trick: str) -> None:
        if self.tricks[trick]:
            raise self._illegal("trick/once", f"The {trick} Trick token has been used already.")
        if "no-tricks" in self._effects():
            raise self._illegal("trick/once", "A Spell forbids Trick tokens until the round ends.")

    def check(self, seat: int, action: Action) -> Action:
        """The game's own rules for a well-formed action its phase allows (see ``PHASES``)."""
        return CHECKS[action["type"]](self, seat, action)

    def _check_ask(self, seat: int, action: Action) -> Action:
        about, value = action["about"], action["value"]
        names = COLOURS if about == "colour" else TYPES
        if value not in names:
            raise self._illegal("ask/question", f"A question about {about} names one of "
                                f"{', '.join(names)}, not {value!r}.")
        return _action("ask", about, value)

    def _check_play(self, seat: int, action: Action) -> Action:
        card, pile = action["card"], action["pile"]
        self._held(seat, card)
        if not self._matches(card, pile):
            top = self._top(pile)
            assert top is not None, "a pile with neither card nor printed space matches every card"
            where = "top card" if self.piles[pile] else "printed space"
            colour, kind, _symbol = parse(card)
            raise self._illegal("play/match", f"This {colour} {kind.replace('-', ' ')} matches neither "
                                f"the colour nor the ingredient of pile {pile + 1}'s {where} "
                                f"({top[0]} {top[1].replace('-', ' ')}).")
        return _action("play", card, pile)

    def _check_no_play(self, seat: int, action: Action) -> Action:
        if self._playable(seat):
            raise self._illegal("play/must", "You can play a card, so you must play one.")
        return _action("no-play")

    def _check_discard(self, seat: int, action: Action) -> Action:
        cards = self._cards(seat, action, "play/cannot")
        if not cards:
            raise self._illegal("play/cannot", "Discard at least one card (and draw as many).")
        return _cards_action("discard", cards)

    def _check_binx(self, seat: int, action: Action) -> Action:
        return _action("binx", action["seat"])

    def _check_circle_of_salt(self, seat: int, action: Action) -> Action:
        self._trick("circle-of-salt")
        return _action("circle-of-salt")

    def _check_accept_spell(self, seat: int, action: Action) -> Action:
        return _action("accept-spell")

    def _check_daylight_savings(self, seat: int, action: Action) -> Action:
        other, card = action["with"], action["card"]
        self._trick("daylight-savings")
        if other == seat:
            raise self._illegal("trick/daylight-savings", "Swap with another player, not yourself.")
        if not self.hands[other]:
            raise self._illegal("trick/swap-choice", "{target} has no card to swap.", {"target": other})
        self._held(seat, card)
        return _action("daylight-savings", other, card)

    def _check_give(self, seat: int, action: Action) -> Action:
        card = action["card"]
        if card not in self.hands[seat]:
            raise self._illegal("trick/swap-choice", f"You do not hold {card}; give a card of your hand.")
        return _action("give", card)

    def _check_billy_butcherson(self, seat: int, action: Action) -> Action:
        self._trick("billy-butcherson")
        if self.must_play:
            raise self._illegal("trick/billy-butcherson", "After Daylight Savings Time or Burning "
                                "Rain of Death this turn you must play.")
        return _action("billy-butcherson")

    def _check_burning_rain(self, seat: int, action: Action) -> Action:
        cards = self._cards(seat, action, "trick/burning-rain")
        self._trick("burning-rain")
        if len(cards) != 3:
            raise self._illegal("trick/burning-rain", f"Burning Rain of Death discards exactly three "
                                f"cards, not {len(cards)}.")
        if len(self.deck) < 3:
            raise self._illegal("trick/burning-rain", "The deck holds fewer than three cards to draw.")
        return _cards_action("burning-rain", cards)

    # ------------------------------------------------------------------ effects

    def perform(self, seat: int, action: Action) -> frozenset:
        """Play a checked action; the seats it showed hidden cards to (undo stops there)."""
        self.reveal = set()
        EFFECTS[action["type"]](self, seat, action)
        return frozenset(self.reveal)

    def _do_ask(self, seat: int, action: Action) -> None:
        about, value = action["about"], action["value"]
        field = 0 if about == "colour" else 1
        answers = [None if s == seat else any(parse(c)[field] == value for c in self.hands[s])
                   for s in range(self.players)]
        self.questions.append({"asker": seat, "about": about, "value": value, "answers": answers})
        yes = [s for s, a in enumerate(answers) if a]
        names: dict[str, Any] = {f"p{s}": s for s in yes}  # the message's {pN}: who said yes
        self.reveal.update(range(self.players))
        self.log.add("ask", "{actor} asks who has " + value + ": "
                     + (", ".join(f"{{p{s}}}" for s in yes) if yes else "nobody")
                     + (" say yes." if len(yes) > 1 else " says yes."),
                     actor=seat, about=about, value=value, answers=answers, **names)
        self.phase = "play"

    def _do_play(self, seat: int, action: Action) -> None:
        card, pile = action["card"], action["pile"]
        self.hands[seat].remove(card)
        self.piles[pile].append(card)
        self.log.add("play", "{actor} plays " + card + " onto pile {pile}.", actor=seat, card=card,
                     pile=pile)
        if self._check_stun():
            return
        symbol = parse(card)[2]
        if symbol == "binx" and "no-binx" not in self._effects():
            self.phase = "binx"
        elif symbol == "book":
            self._cast_spell("play")
        else:
            self._finish_turn()

    def _do_no_play(self, seat: int, action: Action) -> None:
        self.log.add("no-play", "{actor} cannot play: the witches cast a Spell.", actor=seat)
        self._cast_spell("no-play")

    def _do_discard(self, seat: int, action: Action) -> None:
        cards = action["cards"]
        for card in cards:
            self.hands[seat].remove(card)
        self.discard += cards
        self.log.add("discard", "{actor} discards " + ", ".join(cards) + ".", actor=seat, cards=cards)
        if self._required_draw(seat, len(cards), "replacing discards"):
            self._finish_turn()

    def _do_binx(self, seat: int, action: Action) -> None:
        self.binx = action["seat"]
        self.reveal.update(range(self.players))
        self.log.add("binx", "{actor} places Binx before {target}: that hand is shown to all.",
                     actor=seat, target=self.binx, hand=list(self.hands[self.binx]))
        self._finish_turn()

    def _do_circle_of_salt(self, seat: int, action: Action) -> None:
        self.tricks["circle-of-salt"] = True
        assert self.spell is not None, "the salt phase follows a Spell drawn"
        self.spell_discard.append(self.spell["id"])
        self.spell["outcome"] = "salted"
        self.log.add("trick", "{actor} uses Circle of Salt: the Spell is ignored.", actor=seat,
                     trick="circle-of-salt")
        self._resume()

    def _do_accept_spell(self, seat: int, action: Action) -> None:
        self._resolve_spell()

    def _do_daylight_savings(self, seat: int, action: Action) -> None:
        self.tricks["daylight-savings"] = True
        self.must_play = True
        other, card = action["with"], action["card"]
        self.hands[seat].remove(card)
        self.swap = [other, card]
        self.phase = "swap"
        shown = {"card": card} if self.binx == seat else {}  # a Binx hand's card is seen going
        self.log.add("trick", "{actor} uses Daylight Savings Time: a card face down to swap with "
                     "{target}.", private={seat: {"card": card, "msg": "You use Daylight Savings "
                                                  "Time and put " + card + " face down for {target}."}},
                     actor=seat, target=other, trick="daylight-savings", **shown)

    def _do_give(self, seat: int, action: Action) -> None:
        mine = action["card"]
        cur = self.current
        assert self.swap is not None, "give answers the swap Daylight Savings Time set"
        theirs = self.swap[1]
        self.hands[seat].remove(mine)
        self.hands[seat] = sorted(self.hands[seat] + [theirs])
        self.hands[cur] = sorted(self.hands[cur] + [mine])
        self.swap = None
        self.reveal.update((seat, cur))
        if self.binx in (seat, cur):
            self.reveal.update(range(self.players))
        cards = {"gave": mine, "got": theirs}
        self.log.add("swap", "{actor} and {target} swap a card.",
                     private={seat: {**cards, "msg": "You give " + mine + " and get " + theirs
                                     + " from {target}."},
                              cur: {**cards, "msg": "{actor} gives you " + mine + " for your "
                                    + theirs + "."}},
                     actor=seat, target=cur, **(cards if self.binx in (seat, cur) else {}))
        self.phase = "play"

    def _do_billy_butcherson(self, seat: int, action: Action) -> None:
        self.tricks["billy-butcherson"] = True
        self.log.add("trick", "{actor} uses Billy Butcherson: no play and no draw this turn.",
                     actor=seat, trick="billy-butcherson")
        self._finish_turn(draw=False)

    def _do_burning_rain(self, seat: int, action: Action) -> None:
        self.tricks["burning-rain"] = True
        self.must_play = True
        for card in action["cards"]:
            self.hands[seat].remove(card)
        self.discard += action["cards"]
        self.log.add("trick", "{actor} uses Burning Rain of Death and discards "
                     + ", ".join(action["cards"]) + ".", actor=seat, trick="burning-rain",
                     cards=list(action["cards"]))
        self._draw(seat, 3, "Burning Rain of Death")

    # ------------------------------------------------------------------ views

    def view(self, seat: int | None) -> dict:
        """What ``seat`` may know (``None``: a spectator): its own hand and Binx's, the board."""
        shown = self.binx
        swap = None
        if self.swap is not None:
            swap = {"from": self.current, "with": self.swap[0],
                    "card": self.swap[1] if seat == self.current or shown == self.current else None}
        return {
            "phase": self.phase, "current": self.current, "round": self.round,
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "binx": shown, "binx_hand": list(self.hands[shown]) if shown is not None else None,
            "piles": [{"cards": list(p), "top": p[-1] if p else None,
                       "space": (cardmod.card_key(*cardmod.HOUSE_SPACES[i]) if self.printed else None)}
                      for i, p in enumerate(self.piles)],
            "cauldron": "printed" if self.printed else "open",
            "deck_size": len(self.deck), "discard": list(self.discard), "removed": sorted(self.removed),
            "spell_deck_size": len(self.spell_deck), "spell_discard": list(self.spell_discard),
            "spell": dict(self.spell) if self.spell else None,
            "ongoing": list(self.ongoing), "tricks": dict(self.tricks),
            "sun": self.stuns, "sun_top": STUNS_TO_WIN, "stunned": self.stunned, "stuns": self.stuns,
            "questions": [dict(q, answers=list(q["answers"])) for q in self.questions],
            "swap": swap, "must_play": self.must_play,
            "outcome": self.outcome, "how": self.how,
            "spells": {sid: dict(e) for sid, e in self.spells.items()},
            "witches": list(WITCHES),
        }

    def inventory(self) -> dict:
        """Every Ingredient and Spell counted wherever it is: nothing is created or lost."""
        count: dict = {}
        zones = [*self.hands, self.deck, *self.piles, self.discard, self.removed]
        if self.swap is not None:
            zones.append([self.swap[1]])
        for zone in zones:
            for card in zone:
                count[card] = count.get(card, 0) + 1
        spells = list(self.spell_deck) + self.spell_discard
        if self.phase == "salt":
            assert self.spell is not None, "the salt phase follows a Spell drawn"
            spells.append(self.spell["id"])
        for sid in spells:
            count["spell " + sid] = count.get("spell " + sid, 0) + 1
        return dict(sorted(count.items()))

    def determinize(self, seat: int | None, rng: random.Random) -> DisneyHocusPocusState:
        """Deal afresh every card ``seat`` cannot see: other hidden hands, the decks' order."""
        other = self.copy()
        hidden = [s for s in range(self.players) if s != seat and s != self.binx]
        pool = list(other.deck)
        for s in hidden:
            pool += other.hands[s]
        # the swap's card is dealt anew unless seat saw it (its own, or shown by Binx)
        redealt = None if seat == self.current or self.binx == self.current else other.swap
        if redealt is not None:
            pool.append(redealt[1])
        pool = shuffled(rng, pool)
        for s in hidden:
            size = len(other.hands[s])
            other.hands[s], pool = sorted(pool[:size]), pool[size:]
        if redealt is not None:
            redealt[1] = pool.pop()
        other.deck = pool
        other.spell_deck = shuffled(rng, other.spell_deck)
        return other

    def sample(self, seat: int, rng: random.Random) -> DisneyHocusPocusState:
        """Every card ``seat`` has not seen dealt anew, agreeing with its whole log (the
        answers, Binx's hands, passes and swaps included)."""
        return sample_state(self, seat, rng)


def _method(prefix: str, kind: str):
    return getattr(DisneyHocusPocusState, prefix + kind.replace("-", "_"))


CHECKS = {kind: _method("_check_", kind) for kind in ACTIONS.order}
EFFECTS = {kind: _method("_do_", kind) for kind in ACTIONS.order}
SPELL_DOES = {effect: _method("_spell_", "ongoing" if effect in ONGOING else effect)
              for effect in cardmod.SPELL_EFFECTS}
"""Each Spell effect's method: ``(state, seat, spell) -> whether the turn goes on``."""
