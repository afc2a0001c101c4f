"""Hocus Pocus's effects: what each validated action does, and how a Hocus resolves.

A mixin of :class:`~.state.HocusPocusState`, kept apart so the state machine (who acts,
what is legal, what each seat sees) reads on its own. Every method here assumes the
action was accepted by :mod:`.checks`; ``self._reveals`` collects the seats an action
showed hidden cards to (see ``Game.takeback``).
"""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

from ...core import Action, shuffled
from .cards import (
    ABRACADABRA,
    BLACK_CAT,
    CRYSTAL_BALL,
    CURSE,
    HOURGLASS,
    INSPIRATION,
    KINDS,
    LIGHTNING,
    MAGIC_WAND,
    MIRROR,
    OWL,
    PUMPKIN,
    SACRIFICE,
    SPELL,
    THIEF,
    VORTEX,
)

HAND, GRIMOIRE = "hand", "grimoire"
GRIMOIRE_SIZE = 3
HAND_LIMIT = 5
LOOK = 4
"""How many Library cards a Crystal Ball shows."""


class Settlement(NamedTuple):
    """How a waiting Hocus resolves if the window closes now (see ``_settle``)."""

    cancelled: list
    """Pocus entries a Lightning cancels (they go to the discard pile)."""
    remaining: list
    """Pocus entries that stay with the Hocus (to the play area, or discarded if it is stopped)."""
    number: int
    """The Hocus's number after Magic Wands (0: a kind without a number)."""
    aimed: int
    """The seat it is aimed at (-1: nobody)."""
    hourglass: bool
    stop: tuple | None
    """The Pocus entry that stops it, if any."""
    states: list
    """Per Pocus entry: '' (it counts), 'cancelled' or 'void'."""
    protected: bool
    """A Lightning is on it."""


def subsets(cards: list, count: int) -> list[tuple]:
    """The distinct sub-multisets of ``count`` cards (each sorted), in sorted order.

    >>> subsets([3, 1, 3], 2)
    [(1, 3), (3, 3)]
    """
    return sorted({tuple(sorted(c)) for c in combinations(cards, count)})


def plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


class PowersMixin:
    """Effects of actions and of resolving a Hocus (see the module docstring)."""

    # ------------------------------------------------------------------ helpers

    def _label(self, code: int) -> str:
        return self.deck.labels[code]

    def _labels(self, cards: list) -> str:
        return ", ".join(self.deck.labels[c] for c in cards) if cards else "nothing"

    def _shown_to_others(self, seat: int) -> None:
        self._reveals.update(s for s in range(self.players) if s != seat)

    def _take_card(self, seat: int, code: int, source: str) -> None:
        (self.hands if source == HAND else self.grims)[seat].remove(code)

    def _release_locks(self, leaving: list) -> None:
        """Cards leaving the current player: locked copies leave first (pumpkin/lock)."""
        locked = self.locked
        for code in leaving:
            if code in locked:
                locked.remove(code)

    def _reshuffle(self) -> None:
        cards = [self.deck.names[c] for c in self.discard]
        self.library = shuffled(self.rng, self.discard)
        self.discard = []
        self.log.add("reshuffle", "The Library is empty: the discard pile ({count} cards) is "
                     "shuffled into a new Library.", count=len(self.library), cards=cards)

    def _draw(self, seat: int, count: int) -> list:
        """Draw up to ``count`` cards into ``seat``'s hand, reshuffling an empty Library."""
        drawn = []
        hand = self.hands[seat]
        for _ in range(count):
            if not self.library:
                if not self.discard:
                    break
                self._reshuffle()
            card = self.library.pop()
            hand.append(card)
            drawn.append(card)
        if drawn:
            self._reveals.add(seat)
        return drawn

    def _would_tie(self, seat: int, gain: int) -> bool:
        gems = list(self.gems)
        gems[seat] += gain
        top = max(gems)
        return gems.count(top) > 1

    def _from_cauldron(self, seat: int, count: int) -> None:
        self.gems[seat] += count
        self.cauldron -= count
        if self.cauldron == 0:
            self._end_game(seat)

    def _end_game(self, taker: int) -> None:
        self.over = True
        self.phase = "over"
        top = max(self.gems)
        self.final = [s for s in range(self.players) if self.gems[s] == top]
        self.log.add("game-end", "{actor} takes the last Gem from the Cauldron: the game ends. "
                     "{player} wins with {count} Gems.", actor=taker, player=self.final[0],
                     count=top, gems=list(self.gems))

    def _fill(self, seat: int) -> None:
        """Move a whole Hand into its Grimoire: no more cards than free spaces (grimoire/refill)."""
        moved = list(self.hands[seat])
        self.grims[seat].extend(moved)
        self.hands[seat].clear()
        self._shown_to_others(seat)
        self.log.add("refill", "{actor} fills their Grimoire with their last Hand card"
                     + ("s" if len(moved) > 1 else "") + ": " + self._labels(moved) + ".",
                     actor=seat, cards=[self.deck.names[c] for c in moved])

    # ------------------------------------------------------------------ actions

    def perform(self, seat: int, action: Action) -> frozenset:
        self._reveals = set()
        getattr(self, "_do_" + action["type"])(seat, action)
        self._advance()
        return frozenset(self._reveals)

    def _do_hocus(self, seat: int, action: Action) -> None:
        code = self.deck.code[action["card"]]
        source = action["from"]
        target = action.get("target", -1)
        self._take_card(seat, code, source)
        if source == HAND:
            self._shown_to_others(seat)
        self.hocus = (code, seat, source, target)
        self.stack = []
        self.passed = [False] * self.players
        self.exchanges = 0
        at = " at {target}" if target >= 0 else ""
        self.log.add("hocus", "{actor} plays " + self._label(code) + " from their " + source + at + ".",
                     actor=seat, card=action["card"], source=source,
                     target=target if target >= 0 else None)
        self.phase = "react"

    def _do_pocus(self, seat: int, action: Action) -> None:
        code = self.deck.code[action["card"]]
        source = action["from"]
        target = action.get("target", -1)
        self._take_card(seat, code, source)
        if source == HAND:
            self._shown_to_others(seat)
        self.stack.append((code, seat, source, target))
        self.passed = [False] * self.players
        hocus, caster = self.hocus[0], self.hocus[1]
        turn = ", turning it towards {target}" if target >= 0 else ""
        self.log.add("pocus", "{actor} plays " + self._label(code) + " from their " + source + " on "
                     "{player}'s " + self._label(hocus) + turn + ".", actor=seat, player=caster,
                     card=action["card"], source=source, target=target if target >= 0 else None)

    def _do_pass(self, seat: int, action: Action) -> None:
        self.passed[seat] = True

    def _do_exchange(self, seat: int, action: Action) -> None:
        code = self.deck.code
        mine, shown = code[action["hand"]], code[action["grimoire"]]
        hand, grim = self.hands[seat], self.grims[seat]
        hand.remove(mine)
        hand.append(shown)
        grim[grim.index(shown)] = mine
        self.exchanges += 1
        self._shown_to_others(seat)
        self.log.add("exchange", "{actor} swaps " + self._label(shown) + " from their Grimoire with "
                     + self._label(mine) + " from their Hand.", actor=seat,
                     to_grimoire=action["hand"], to_hand=action["grimoire"])

    def _do_draw(self, seat: int, action: Action) -> None:
        drawn = self._draw(seat, 2)
        self.log.add("draw", "{actor} ends their turn by drawing " + plural(len(drawn), "card") + ".",
                     private={seat: {"msg": "You end your turn by drawing " + self._labels(drawn) + ".",
                                     "cards": [self.deck.names[c] for c in drawn]}},
                     actor=seat, count=len(drawn))
        self.phase = "end"

    def _do_gem(self, seat: int, action: Action) -> None:
        self.log.add("gem", "{actor} ends their turn by taking a Gem from the Cauldron.", actor=seat)
        self.phase = "end"
        self._from_cauldron(seat, 1)

    def _do_discard(self, seat: int, action: Action) -> None:
        code = self.deck.code[action["card"]]
        self.hands[seat].remove(code)
        self.discard.append(code)
        self._shown_to_others(seat)
        self.log.add("discard", "{actor} discards " + self._label(code) + " to keep five cards in "
                     "hand.", actor=seat, card=action["card"])

    def _do_refill(self, seat: int, action: Action) -> None:
        code = self.deck.code[action["card"]]
        self.hands[seat].remove(code)
        self.grims[seat].append(code)
        self._shown_to_others(seat)
        self.log.add("refill", "{actor} fills their Grimoire with " + self._label(code) + ".",
                     actor=seat, cards=[action["card"]])

    def _do_give(self, seat: int, action: Action) -> None:
        _, giver, receiver, _ = self.pending
        self.pending = None
        self._give(giver, receiver, [self.deck.code[n] for n in action["cards"]])
        self.phase = "turn"

    def _do_curse(self, seat: int, action: Action) -> None:
        _, caster, target, _ = self.pending
        self.pending = None
        self._curse(caster, target, [self.deck.code[n] for n in action["cards"]])
        self.phase = "turn"

    def _do_arrange(self, seat: int, action: Action) -> None:
        count = self.pending[2]
        self.pending = None
        order = [self.deck.code[n] for n in action["cards"]]
        self.library[-count:] = order[::-1]
        self.log.add("arrange", "{actor} puts the cards back on the Library in the order of their "
                     "choice.", private={seat: {"msg": "You put the cards back, top first: "
                                                + self._labels(order) + ".",
                                                "cards": list(action["cards"])}}, actor=seat)
        self.phase = "turn"

    # ------------------------------------------------------------------ the end of a turn

    def _next_turn(self) -> None:
        if self.play_area:
            self.discard.extend(self.play_area)
            self.play_area = []
        if not self.library and self.discard:
            self._reshuffle()
        self.current = (self.current + 1) % self.players
        self.turn += 1
        self.locked = []
        self.inspired = False
        self.exchanges = 0
        self.turn_over = False
        self.phase = "turn"
        self.log.add("turn", "Turn {turn}: {actor} plays.", actor=self.current, turn=self.turn)

    # ------------------------------------------------------------------ resolving a Hocus

    def _settle(self) -> Settlement:
        """How the waiting Hocus resolves if the window closes now (react/order, lightning/protect).

        A Lightning cancels every Pocus before it except Magic Wands, and every later Pocus
        but Magic Wands does nothing; otherwise the Pocus cards count in the order played,
        the first stopper ending the resolution. No side effects: :meth:`_resolve` carries
        it out and the view's ``forecast`` shows it.
        """
        code, _, _, target = self.hocus
        kinds = self.deck.kinds
        stack = self.stack
        first = next((i for i, p in enumerate(stack) if kinds[p[0]] == LIGHTNING), -1)
        if first >= 0:
            cancelled = [p for p in stack[:first] if kinds[p[0]] != MAGIC_WAND]
            remaining = [p for p in stack[:first] if kinds[p[0]] == MAGIC_WAND] + stack[first:]
            effective = [p for p in stack if kinds[p[0]] == MAGIC_WAND]
            states = ["" if i == first or kinds[p[0]] == MAGIC_WAND else
                      "cancelled" if i < first else "void" for i, p in enumerate(stack)]
        else:
            cancelled, remaining, effective, states = [], stack, stack, [""] * len(stack)
        number = self.deck.values[code]
        aimed, hourglass, stop = target, False, None
        stops = self.deck.stops
        for p in effective:
            kind = kinds[p[0]]
            if kind == MAGIC_WAND:
                number *= 2
            elif kind == MIRROR:
                aimed = p[3]
            elif kind == HOURGLASS:
                hourglass = True
            elif stops[p[0]]:
                stop = p
                break
        return Settlement(cancelled, remaining, number, aimed, hourglass, stop, states, first >= 0)

    def _resolve(self) -> None:
        """Everyone passed: the Pocus cards take effect in order, then the Hocus (react/order)."""
        code, caster, _, _ = self.hocus
        plan = self._settle()
        stack = self.stack
        self.hocus = None
        self.stack = []
        self.phase = "turn"
        if plan.cancelled:
            self.discard.extend(p[0] for p in plan.cancelled)
            lightning = next(p for p in stack if self.deck.kinds[p[0]] == LIGHTNING)
            self.log.add("lightning", "{actor}'s Lightning cancels " + self._labels(
                [p[0] for p in plan.cancelled]) + " and protects " + self._label(code) + ".",
                         actor=lightning[1])
        if plan.hourglass:
            self.turn_over = True
        if plan.stop is not None:
            self._stopped(code, caster, plan.stop, plan.remaining)
        else:
            self.play_area.append(code)
            self.play_area.extend(p[0] for p in plan.remaining)
            self._power(code, caster, plan.aimed, plan.number)
        if plan.hourglass and not self.over:
            self.log.add("hourglass", "The Hourglass ends {actor}'s turn: they only draw or take a "
                         "Gem now.", actor=caster)

    def forecast(self) -> dict | None:
        """What happens if every seat passes now: the view's ``hocus["forecast"]``.

        Public information only. ``pocus``: per Pocus on the Hocus, in order, ``""`` (it
        counts), ``"cancelled"`` or ``"void"`` (a Lightning's doing); ``protected``: a
        Lightning is on it; ``stopped``: ``None`` or the stopper's ``seat``, ``card`` and
        what it ``does`` (``destroy``, ``take``, ``return``: cards.STOPS); ``number``: the
        Hocus's number after Magic Wands (``None`` for kinds without one); ``aimed_at``;
        ``hourglass``: the caster's turn ends after it; ``effect``: ``None`` when stopped,
        else what the Hocus does, by counts (see :meth:`_effect`): which cards a draw, a
        look or a swap of Hands moves stays hidden.
        """
        if self.hocus is None:
            return None
        code, caster, _, _ = self.hocus
        plan = self._settle()
        names = self.deck.names
        stop = plan.stop
        return {
            "pocus": list(plan.states),
            "protected": plan.protected,
            "stopped": None if stop is None else {"seat": stop[1], "card": names[stop[0]],
                                                  "does": self.deck.stops[stop[0]]},
            "number": plan.number or None,
            "aimed_at": plan.aimed if plan.aimed >= 0 else None,
            "hourglass": plan.hourglass,
            "effect": None if stop is not None else self._effect(code, caster, plan.aimed, plan.number),
        }

    def _effect(self, code: int, caster: int, target: int, number: int) -> dict:
        """What Hocus ``code`` resolving now does, in counts of public things (``_power`` acts on it).

        ``kind`` is the Hocus's kind; then, by kind: ``gems`` taken (spell: from the
        Cauldron, ``held_back`` if one stays there because the last would tie, spell/no-tie;
        ``ends_game`` if it empties the Cauldron), stolen (thief, ``from`` the target) or
        put back (sacrifice, by ``seat``); ``cards`` drawn (inspiration), looked at
        (crystal-ball) or chosen from the target's Grimoire (owl, curse; ``choice``: more
        than one way to choose them); ``with``: the seat whose Hand an Abracadabra swaps.
        """
        kind = self.deck.kinds[code]
        out: dict = {"kind": KINDS[kind], "caster": caster}
        if kind == SPELL:
            take = min(number, self.cauldron)
            held = bool(take) and take == self.cauldron and self._would_tie(caster, take)
            take -= held
            out.update(gems=take, held_back=held, ends_game=bool(take) and take == self.cauldron)
        elif kind == THIEF:
            out.update(gems=min(number, self.gems[target]), **{"from": target})
        elif kind == SACRIFICE:
            out.update(gems=min(number, self.gems[target]), seat=target)
        elif kind == INSPIRATION:
            out.update(cards=min(number, len(self.library) + len(self.discard)))
        elif kind == CRYSTAL_BALL:
            out.update(cards=min(LOOK, len(self.library) or len(self.discard)))
        elif kind in (OWL, CURSE):
            grim = self.grims[target]
            count = min(number, len(grim))
            out.update(cards=count, seat=target, choice=count > 0 and len(subsets(grim, count)) > 1)
        elif kind == ABRACADABRA:
            out.update(**{"with": target})
        return out

    def _stopped(self, code: int, caster: int, stop: tuple, remaining: list) -> None:
        kind, seat = self.deck.kinds[stop[0]], stop[1]
        self.discard.extend(p[0] for p in remaining)
        what = self._label(code)
        if kind == BLACK_CAT:
            self.hands[seat].append(code)
            self.log.add("stopped", "{actor}'s Black Cat takes " + what + " into their Hand; the "
                         "Pocus cards on it are discarded.", actor=seat, card=self.deck.names[code],
                         stopper=KINDS[kind])
        elif kind == PUMPKIN:
            self.hands[caster].append(code)
            self.locked.append(code)
            self.log.add("stopped", "{actor}'s Pumpkin sends " + what + " back to {player}'s Hand "
                         "(not playable again this turn); the Pocus cards on it are discarded.",
                         actor=seat, player=caster, card=self.deck.names[code], stopper=KINDS[kind])
        else:
            self.discard.append(code)
            self.log.add("stopped", "{actor}'s " + self._label(stop[0]) + " destroys " + what + " and "
                         "the Pocus cards on it.", actor=seat, card=self.deck.names[code],
                         stopper=KINDS[kind])

    def _power(self, code: int, caster: int, target: int, number: int) -> None:
        kind = self.deck.kinds[code]
        what = self._label(code)
        if number != self.deck.values[code]:
            what += f" (doubled to {number})"
        effect = self._effect(code, caster, target, number)
        if kind == SPELL:
            take = effect["gems"]
            note = " (not the last one: that would end the game in a tie)" if effect["held_back"] else ""
            self.log.add("spell", "{actor}'s " + what + " takes " + plural(take, "Gem") + " from the "
                         "Cauldron" + note + ".", actor=caster, count=take)
            if take:
                self._from_cauldron(caster, take)
        elif kind == THIEF:
            take = effect["gems"]
            self.gems[target] -= take
            self.gems[caster] += take
            self.log.add("thief", "{actor}'s " + what + " steals " + plural(take, "Gem") + " from "
                         "{target}.", actor=caster, target=target, count=take)
        elif kind == SACRIFICE:
            back = effect["gems"]
            self.gems[target] -= back
            self.cauldron += back
            self.log.add("sacrifice", "{actor}'s " + what + ": {target} puts " + plural(back, "Gem")
                         + " back into the Cauldron.", actor=caster, target=target, count=back)
        elif kind == INSPIRATION:
            drawn = self._draw(caster, number)
            self.inspired = True
            self.log.add("inspiration", "{actor}'s " + what + " draws " + plural(len(drawn), "card")
                         + ".", private={caster: {"msg": "Your " + what + " draws "
                                                  + self._labels(drawn) + ".",
                                                  "cards": [self.deck.names[c] for c in drawn]}},
                         actor=caster, count=len(drawn))
        elif kind == ABRACADABRA:
            mine, theirs = self.hands[caster], self.hands[target]
            self._release_locks(mine)
            self.hands[caster], self.hands[target] = theirs, mine
            self._reveals.update((caster, target))
            self.log.add("abracadabra", "{actor}'s Abracadabra swaps Hands with {target}: {actor} "
                         "now holds " + plural(len(theirs), "card") + ", {target} "
                         + plural(len(mine), "card") + ".",
                         private={caster: {"msg": "Your Abracadabra swaps Hands with {target}: you get "
                                           + self._labels(theirs) + ".",
                                           "cards": [self.deck.names[c] for c in theirs]},
                                  target: {"msg": "{actor}'s Abracadabra swaps Hands with you: you get "
                                           + self._labels(mine) + ".",
                                           "cards": [self.deck.names[c] for c in mine]}},
                         actor=caster, target=target)
        elif kind == VORTEX:
            old = self.grims
            self._release_locks(old[self.current])
            self.grims = [old[(s - 1) % self.players] for s in range(self.players)]
            self.log.add("vortex", "Vortex: every Grimoire passes to the next player on the left.",
                         actor=caster)
        elif kind == CRYSTAL_BALL:
            self._crystal_ball(caster)
        elif kind in (OWL, CURSE):
            grim = self.grims[target]
            count = effect["cards"]
            choices = subsets(grim, count)
            verb = "Owl" if kind == OWL else "Curse"
            self.log.add(verb.lower(), "{actor}'s " + what + " is aimed at {target}'s Grimoire.",
                         actor=caster, target=target, count=count)
            if not count:
                return
            if len(choices) == 1:
                if kind == OWL:
                    self._give(target, caster, list(choices[0]))
                else:
                    self._curse(caster, target, list(choices[0]))
            elif kind == OWL:
                self.pending = ("give", target, caster, count)
                self.phase = "give"
            else:
                self.pending = ("curse", caster, target, count)
                self.phase = "curse"

    def _crystal_ball(self, caster: int) -> None:
        if not self.library and self.discard:
            self._reshuffle()
        count = min(LOOK, len(self.library))
        seen = self.library[len(self.library) - count:][::-1]
        if count:
            self._reveals.add(caster)
        self.log.add("crystal-ball", "{actor} looks at the top " + plural(count, "card")
                     + " of the Library.", private={caster: {
                         "msg": "You look at the Library's top cards (top first): "
                                + self._labels(seen) + ".", "cards": [self.deck.names[c] for c in seen]}},
                     actor=caster, count=count)
        if count >= 2:
            self.pending = ("arrange", caster, count)
            self.phase = "arrange"

    def _give(self, giver: int, receiver: int, cards: list) -> None:
        grim = self.grims[giver]
        for code in cards:
            grim.remove(code)
        self.hands[receiver].extend(cards)
        self.log.add("give", "{actor} gives " + self._labels(cards) + " from their Grimoire to {to}.",
                     actor=giver, to=receiver, cards=[self.deck.names[c] for c in cards])

    def _curse(self, caster: int, target: int, cards: list) -> None:
        grim = self.grims[target]
        for code in cards:
            grim.remove(code)
        self.discard.extend(cards)
        self.log.add("curse-discard", "{actor} discards " + self._labels(cards) + " from {target}'s "
                     "Grimoire.", actor=caster, target=target, cards=[self.deck.names[c] for c in cards])
