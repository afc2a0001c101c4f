"""Disney Hocus Pocus: The Game as a state machine.

Phases of the current player's turn: ``ask`` (one question; skipped while a Spell silences
questions), ``play`` (play a card, declare that you cannot, or use a Trick token), ``salt``
(a Spell was drawn: use Circle of Salt or let it resolve), ``binx`` (where Binx goes),
``discard`` (after a failed play: the cards to replace), ``swap`` (Daylight Savings Time:
the *other* player chooses the card they give), ``over``.
Everything else (answers, draws, Spells, stuns, the end of a round) happens at once.
"""

from __future__ import annotations

import itertools
import random

from ...core import Action, ActionCache, FrozenAction, State, make_rulebook, shuffled
from ...rules import IllegalAction, brief
from . import cards as cardmod
from .cards import COLOURS, ONGOING, TYPES, WITCHES, parse
from .rules import RULES
from .sampling import sample_state

R = "disney-hocus-pocus/"
PILES = 5
STUNS_TO_WIN = 3
TRICKS = ("circle-of-salt", "daylight-savings", "billy-butcherson", "burning-rain")
FIELDS = {
    "ask": ("about", "value"), "play": ("card", "pile"), "no-play": (), "discard": ("cards",),
    "binx": ("seat",), "circle-of-salt": (), "accept-spell": (), "daylight-savings": ("with", "card"),
    "give": ("card",), "billy-butcherson": (), "burning-rain": ("cards",),
}
"""Each action type's fields (besides ``type``): the declared shape of every action."""
KEYS = {kind: frozenset(("type", *fields)) for kind, fields in FIELDS.items()}
PHASE_ACTIONS = {
    "ask": ("ask",),
    "play": ("play", "no-play", "daylight-savings", "billy-butcherson", "burning-rain"),
    "salt": ("circle-of-salt", "accept-spell"),
    "binx": ("binx",), "discard": ("discard",), "swap": ("give",),
}
ACTION_RULE = {
    "ask": "ask/question", "play": "play/match", "no-play": "play/cannot", "discard": "play/cannot",
    "binx": "binx/place", "circle-of-salt": "trick/circle-of-salt", "accept-spell": "spell/cast",
    "daylight-savings": "trick/daylight-savings", "give": "trick/swap-choice",
    "billy-butcherson": "trick/billy-butcherson", "burning-rain": "trick/burning-rain",
}
PHASE_RULE = {"ask": "ask/question", "play": "play/match", "salt": "trick/circle-of-salt",
              "binx": "binx/place", "discard": "play/cannot", "swap": "trick/swap-choice"}
PHASE_HINT = {"ask": "ask a question first ('ask')", "play": "play a card, 'no-play' or a Trick token",
              "salt": "use 'circle-of-salt' or 'accept-spell' on the Spell just drawn",
              "binx": "place Binx before a player ('binx')",
              "discard": "choose the cards to replace ('discard')",
              "swap": "the other player chooses the card to give ('give')"}
_action = ActionCache(FIELDS)
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
    rules = make_rulebook(RULES)

    def __init__(self, players: int, rng: random.Random, options: dict):
        super().__init__(players, rng, options)
        self.spells = options["spells"]
        self.printed = options["cauldron"] == "printed"
        deck = shuffled(rng, cardmod.build_deck(options["symbols"]))
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
        spell = self.spell
        sid = spell["id"]
        self.spell_discard.append(sid)
        spell["outcome"] = "cast"
        effect = spell["effect"]
        seat = self.current
        self.log.add("spell-effect", cardmod.SPELL_EFFECTS[effect], spell=sid, effect=effect)
        if effect in ONGOING:
            if sid not in self.ongoing:
                self.ongoing.append(sid)
            if effect == "no-binx":
                self.binx = None
        elif effect == "pass-left":
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
        elif effect in ("clear-tops", "clear-deepest"):
            if effect == "clear-tops":
                chosen = [p for p in range(PILES) if self.piles[p]]
            else:
                deepest = max(len(p) for p in self.piles)
                chosen = [p for p in range(PILES) if len(self.piles[p]) == deepest][:1] if deepest else []
            for p in chosen:
                self.discard.append(self.piles[p].pop())
            if self._check_stun():
                return
        elif effect == "burn-deck":
            burnt = [self.deck.pop() for _ in range(min(3, len(self.deck)))]
            if burnt:
                self._spell_discard(burnt)
        elif effect == "draw-two":
            if not self._required_draw(seat, 2, spell["name"]):
                return
        elif effect == "redraw-hand":
            count = len(self.hands[seat])
            if count:
                self._spell_discard(self.hands[seat], seat)
            self.hands[seat] = []
            if not self._required_draw(seat, count, spell["name"]):
                return
        elif effect == "lose-card":
            if self.hands[seat]:
                card = self.hands[seat].pop(self.rng.randrange(len(self.hands[seat])))
                self._spell_discard([card], seat)
        elif effect == "everyone-redraws":
            for k in range(self.players):
                s = (seat + k) % self.players
                if self.hands[s]:
                    card = self.hands[s].pop(self.rng.randrange(len(self.hands[s])))
                    self._spell_discard([card], s)
                    if not self._required_draw(s, 1, spell["name"]):
                        return
        self._resume()

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
        if self.phase == "over":
            return ()
        if self.phase == "swap":
            return (self.swap[0],)
        return (self.current,)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def scores(self) -> list:
        return [self.stuns] * self.players

    @property
    def winners(self) -> list:
        return list(range(self.players)) if self.outcome == "won" else []

    def legal_actions(self, seat: int) -> list:
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
        return R + ACTION_RULE[action["type"]]

    # ------------------------------------------------------------------ validation

    def _illegal(self, rule: str, message: str, seats: dict | None = None) -> IllegalAction:
        return self.rules.illegal(R + rule, message, seats)

    def _card(self, action: Action, key: str = "card") -> str:
        value = action.get(key)
        if not isinstance(value, str) or value.count(":") not in (1, 2):
            raise IllegalAction("core/action-format",
                                f"{key!r} must name an Ingredient like 'purple:newt-saliva' "
                                f"(':binx' or ':book' for a symbol), not {brief(value)}.")
        return value

    def _held(self, seat: int, card: str) -> None:
        if card not in self.hands[seat]:
            raise self._illegal("play/match", f"You do not hold {card}; your hand is "
                                f"{', '.join(self.hands[seat]) or 'empty'}.")

    def _cards(self, seat: int, action: Action, rule: str) -> list:
        value = action.get("cards")
        if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
            raise IllegalAction("core/action-format",
                                f"'cards' must be a list of Ingredient names, not {brief(value)}.")
        left = list(self.hands[seat])
        for card in value:
            if card not in left:
                raise self._illegal(rule, f"You do not hold {brief(card)} (as many times as listed); "
                                    f"your hand is {', '.join(self.hands[seat]) or 'empty'}.")
            left.remove(card)
        return sorted(value)

    def _seat(self, action: Action, key: str) -> int:
        value = action.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < self.players:
            raise IllegalAction("core/action-format",
                                f"{key!r} must be a seat from 0 to {self.players - 1}, not {brief(value)}.")
        return value

    def _trick(self, trick: str) -> None:
        if self.tricks[trick]:
            raise self._illegal("trick/once", f"The {trick} Trick token has been used already.")
        if "no-tricks" in self._effects():
            raise self._illegal("trick/once", "A Spell forbids Trick tokens until the round ends.")

    def validate(self, seat: int, action: Action) -> Action:
        kind = action["type"]
        if kind not in FIELDS:
            raise IllegalAction("core/action-format", f"Unknown action type {brief(kind)}; this "
                                f"game's are: {', '.join(FIELDS)}.")
        extra = action.keys() - KEYS[kind]
        if extra:
            raise IllegalAction("core/action-format",
                                f"A {kind!r} action has no field(s) {brief(sorted(map(str, extra)))}; "
                                f"its fields are: {', '.join(FIELDS[kind]) or 'none'}.")
        if kind not in PHASE_ACTIONS[self.phase]:
            if kind == "circle-of-salt":
                raise self._illegal("trick/circle-of-salt", "Circle of Salt is used when a Spell is "
                                    f"drawn; now {PHASE_HINT[self.phase]}.")
            if kind in TRICKS and self.phase in ("ask", "binx", "discard"):
                raise self._illegal("trick/" + kind,
                                    f"That Trick token is used after asking and before playing; now "
                                    f"{PHASE_HINT[self.phase]}.")
            raise self._illegal(PHASE_RULE[self.phase] if self.phase != "ask" else "turn/order",
                                f"Not now: {PHASE_HINT[self.phase]}, not {kind!r}.")
        return getattr(self, "_validate_" + kind.replace("-", "_"))(seat, action)

    def _validate_ask(self, seat: int, action: Action) -> Action:
        about, value = action.get("about"), action.get("value")
        if about not in ("colour", "ingredient"):
            raise IllegalAction("core/action-format",
                                f"'about' must be 'colour' or 'ingredient', not {brief(about)}.")
        names = COLOURS if about == "colour" else TYPES
        if value not in names:
            raise IllegalAction("core/action-format", f"A question about {about} names one of "
                                f"{', '.join(names)}, not {brief(value)}.")
        return _action("ask", about, value)

    def _validate_play(self, seat: int, action: Action) -> Action:
        card = self._card(action)
        pile = action.get("pile")
        if isinstance(pile, bool) or not isinstance(pile, int) or not 0 <= pile < PILES:
            raise IllegalAction("core/action-format", f"'pile' must be 0 to {PILES - 1}, not {brief(pile)}.")
        self._held(seat, card)
        if not self._matches(card, pile):
            top = self._top(pile)
            where = "top card" if self.piles[pile] else "printed space"
            colour, kind, _symbol = parse(card)
            raise self._illegal("play/match", f"This {colour} {kind.replace('-', ' ')} matches neither "
                                f"the colour nor the ingredient of pile {pile + 1}'s {where} "
                                f"({top[0]} {top[1].replace('-', ' ')}).")
        return _action("play", card, pile)

    def _validate_no_play(self, seat: int, action: Action) -> Action:
        if self._playable(seat):
            raise self._illegal("play/must", "You can play a card, so you must play one.")
        return _action("no-play")

    def _validate_discard(self, seat: int, action: Action) -> Action:
        cards = self._cards(seat, action, "play/cannot")
        if not cards:
            raise self._illegal("play/cannot", "Discard at least one card (and draw as many).")
        return _cards_action("discard", cards)

    def _validate_binx(self, seat: int, action: Action) -> Action:
        return _action("binx", self._seat(action, "seat"))

    def _validate_circle_of_salt(self, seat: int, action: Action) -> Action:
        self._trick("circle-of-salt")
        return _action("circle-of-salt")

    def _validate_accept_spell(self, seat: int, action: Action) -> Action:
        return _action("accept-spell")

    def _validate_daylight_savings(self, seat: int, action: Action) -> Action:
        other = self._seat(action, "with")
        card = self._card(action)
        self._trick("daylight-savings")
        if other == seat:
            raise self._illegal("trick/daylight-savings", "Swap with another player, not yourself.")
        if not self.hands[other]:
            raise self._illegal("trick/swap-choice", "{target} has no card to swap.", {"target": other})
        self._held(seat, card)
        return _action("daylight-savings", other, card)

    def _validate_give(self, seat: int, action: Action) -> Action:
        card = self._card(action)
        if card not in self.hands[seat]:
            raise self._illegal("trick/swap-choice", f"You do not hold {card}; give a card of your hand.")
        return _action("give", card)

    def _validate_billy_butcherson(self, seat: int, action: Action) -> Action:
        self._trick("billy-butcherson")
        if self.must_play:
            raise self._illegal("trick/billy-butcherson", "After Daylight Savings Time or Burning "
                                "Rain of Death this turn you must play.")
        return _action("billy-butcherson")

    def _validate_burning_rain(self, seat: int, action: Action) -> Action:
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
        self.reveal = set()
        getattr(self, "_do_" + action["type"].replace("-", "_"))(seat, action)
        return frozenset(self.reveal)

    def _do_ask(self, seat: int, action: Action) -> None:
        about, value = action["about"], action["value"]
        field = 0 if about == "colour" else 1
        answers = [None if s == seat else any(parse(c)[field] == value for c in self.hands[s])
                   for s in range(self.players)]
        self.questions.append({"asker": seat, "about": about, "value": value, "answers": answers})
        yes = [s for s, a in enumerate(answers) if a]
        self.reveal.update(range(self.players))
        self.log.add("ask", "{actor} asks who has " + value + ": "
                     + (", ".join(f"{{p{s}}}" for s in yes) if yes else "nobody")
                     + (" say yes." if len(yes) > 1 else " says yes."),
                     actor=seat, about=about, value=value, answers=answers,
                     **{f"p{s}": s for s in yes})
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
        count: dict = {}
        zones = [*self.hands, self.deck, *self.piles, self.discard, self.removed]
        if self.swap is not None:
            zones.append([self.swap[1]])
        for zone in zones:
            for card in zone:
                count[card] = count.get(card, 0) + 1
        spells = list(self.spell_deck) + self.spell_discard
        if self.phase == "salt":
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
        keep_swap = self.swap is not None and (seat == self.current or self.binx == self.current)
        if self.swap is not None and not keep_swap:
            pool.append(other.swap[1])
        pool = shuffled(rng, pool)
        for s in hidden:
            size = len(other.hands[s])
            other.hands[s], pool = sorted(pool[:size]), pool[size:]
        if self.swap is not None and not keep_swap:
            other.swap[1] = pool.pop()
        other.deck = pool
        other.spell_deck = shuffled(rng, other.spell_deck)
        return other

    def sample(self, seat: int, rng: random.Random) -> DisneyHocusPocusState:
        """Every card ``seat`` has not seen dealt anew, agreeing with its whole log (the
        answers, Binx's hands, passes and swaps included)."""
        return sample_state(self, seat, rng)

    def copy(self) -> DisneyHocusPocusState:
        other = DisneyHocusPocusState.__new__(DisneyHocusPocusState)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.log = self.log.copy()
        other.hands = [list(h) for h in self.hands]
        other.deck = list(self.deck)
        other.piles = [list(p) for p in self.piles]
        other.discard = list(self.discard)
        other.removed = list(self.removed)
        other.spell_deck = list(self.spell_deck)
        other.spell_discard = list(self.spell_discard)
        other.tricks = dict(self.tricks)
        other.ongoing = list(self.ongoing)
        other.questions = [dict(q, answers=list(q["answers"])) for q in self.questions]
        other.spell = dict(self.spell) if self.spell else None
        other.swap = list(self.swap) if self.swap else None
        other.reveal = set()
        return other
