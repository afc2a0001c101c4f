"""Hocus Pocus's validation: is an action well formed and allowed, and if not, which rule.

``ACTIONS`` (every action's fields) and ``PHASES`` (what each phase allows) are checked
by the core first; then ``check``, of this mixin of :class:`~.state.HocusPocusState`,
tests the game's own rules. Neither changes the state; the result is the action in
normal form (the same dicts ``legal_actions`` lists), or :class:`IllegalAction` naming
the rule broken and saying what would be right.
"""

from __future__ import annotations

from collections import Counter

from ...core import Action
from ...rules import IllegalAction
from ...toolkit import ActionFormat, Card, Cards, OneOf, Phase, PhaseTable, Seat
from .cards import (
    AMULET,
    BLACK_CAT,
    COUNTERSPELL,
    INSPIRATION,
    KINDS,
    LIGHTNING,
    MAGIC_WAND,
    MIRROR,
    NAMES,
    PUMPKIN,
    VORTEX,
    deck_size,
)
from .powers import GRIMOIRE, HAND, subsets

R = "hocus-pocus/"

CARD = Card(lambda state: state.deck.code, where="the view's 'card_info' lists them all")
CARDS = Cards(CARD.cards, where=CARD.where,
              most=lambda state: deck_size(state.options["deck"], state.players))
SOURCE = OneOf((HAND, GRIMOIRE))
ACTIONS = ActionFormat("Hocus Pocus", {
    "hocus": {"card": CARD, "from": SOURCE, "target": Seat(optional=True)},
    "pocus": {"card": CARD, "from": SOURCE, "target": Seat(optional=True)},
    "pass": {}, "exchange": {"hand": CARD, "grimoire": CARD}, "draw": {}, "gem": {},
    "discard": {"card": CARD}, "refill": {"card": CARD},
    "give": {"cards": CARDS}, "curse": {"cards": CARDS}, "arrange": {"cards": CARDS},
})
"""Every action type and its fields, checked by the core before ``check`` sees an action."""
HOCUS_RULE = {
    "abracadabra": "abracadabra/swap", "crystal-ball": "crystal-ball/arrange", "owl": "owl/give",
    "inspiration": "inspiration/draw", "curse": "curse/discard", "sacrifice": "sacrifice/return",
    "spell": "spell/take", "thief": "thief/steal", "vortex": "vortex/pass-left",
}
POCUS_RULE = {
    "amulet": "amulet/destroy", "magic-wand": "magic-wand/double", "black-cat": "black-cat/take",
    "pumpkin": "pumpkin/return", "counterspell": "counterspell/destroy",
    "lightning": "lightning/protect", "mirror": "mirror/redirect", "hourglass": "hourglass/end-turn",
}
ACTION_RULE = {
    "pass": "react/close", "exchange": "exchange/own-turn", "draw": "end/choose", "gem": "end/choose",
    "discard": "end/hand-limit", "refill": "grimoire/refill", "give": "owl/give",
    "curse": "curse/discard", "arrange": "crystal-ball/arrange",
}
NOT_NOW = "You cannot {what} now: {{waiting}}."
PHASES = PhaseTable({
    "turn": Phase(("hocus", "exchange", "draw", "gem")),
    "react": Phase(("pocus", "pass"), waiting="a Hocus is waiting for Pocus cards (play one or pass)"),
    "give": Phase(("give",), waiting="an Owl is waiting for the cards it takes"),
    "curse": Phase(("curse",), waiting="a Curse is waiting for the cards it discards"),
    "arrange": Phase(("arrange",), waiting="a Crystal Ball is waiting for its cards to be put back"),
    "discard": Phase(("discard",), waiting="the turn is ending: the hand limit discards come first"),
    "refill": Phase(("refill",), R + "grimoire/refill", "Your Grimoire has a free space: first fill "
                                                        "it with a card from your Hand (a 'refill')."),
}, refusals={
    "hocus": (R + "hocus/own-turn", "Hocus cards are played only on your own turn, one at a time: "
                                    "not now, {waiting}."),
    ("turn", "pocus"): (R + "pocus/window", "No Hocus is waiting to resolve: Pocus cards are played "
                                            "on a Hocus while it waits."),
    "pocus": (R + "pocus/window", NOT_NOW.format(what="play a Pocus")),
    "pass": (R + "react/close", "There is no Pocus window to pass in."),
    "exchange": (R + "exchange/own-turn", NOT_NOW.format(what="exchange cards")),
    "draw": (R + "end/choose", NOT_NOW.format(what="end your turn")),
    "gem": (R + "end/choose", NOT_NOW.format(what="end your turn")),
    "discard": (R + "end/hand-limit", "Discards for the hand limit come only after the end-of-turn "
                                      "draw, with more than five cards in hand."),
    "refill": (R + "grimoire/refill", "Your Grimoire has no free space to fill."),
    "give": (R + "owl/give", "No Owl is waiting for cards from you."),
    "curse": (R + "curse/discard", "No Curse is waiting for you to choose cards."),
    "arrange": (R + "crystal-ball/arrange", "No Crystal Ball is waiting for its cards."),
}, key=lambda state, seat: "refill" if seat in state.owing else state.phase)
"""Which actions each phase allows; "not now" is worded by the action tried. A seat that
must fill its Grimoire first is in a phase of its own ("refill")."""


def an(word: str) -> str:
    return ("an " if word[0] in "AEIOU" else "a ") + word


class ChecksMixin:
    """``check`` and the explorer's hooks (see the module docstring)."""

    # ------------------------------------------------------------------ fields

    def _illegal(self, rule: str, message: str, seats: dict | None = None) -> IllegalAction:
        return self.rules.illegal(R + rule, message, seats)

    def _where(self, seat: int, source: str) -> list:
        return (self.hands if source == HAND else self.grims)[seat]

    # ------------------------------------------------------------------ shared checks

    def _hocus_problem(self, seat: int, code: int) -> tuple | None:
        """Why ``seat`` may not play Hocus ``code`` it holds now (None: it may)."""
        if self.locked and code in self.locked:
            owned = self.hands[seat].count(code) + self.grims[seat].count(code)
            if owned <= self.locked.count(code):
                return ("pumpkin/lock", f"{self._label(code)} came back with a Pumpkin this turn: "
                                        "you may play it again from your next turn.")
        if self.inspired and self.deck.kinds[code] == INSPIRATION:
            return ("inspiration/once", "An Inspiration already took effect this turn; no other "
                                        "Inspiration may be played before your next turn.")
        return None

    def _aimed(self) -> int:
        """Who the waiting Hocus is aimed at now (-1: nobody); a Lightning undoes the Mirrors."""
        target = self.hocus[3]
        if target < 0:
            return -1
        kinds = self.deck.kinds
        aimed = target
        for code, _, _, chosen in self.stack:
            kind = kinds[code]
            if kind == LIGHTNING:
                return target
            if kind == MIRROR:
                aimed = chosen
        return aimed

    def _mirror_targets(self, seat: int) -> list:
        caster = self.hocus[1]
        return [t for t in range(self.players) if t != caster and t != seat]

    def _pocus_problem(self, seat: int, code: int, source: str) -> tuple | None:
        """Why ``seat`` may not play Pocus ``code`` from ``source`` now (None: it may)."""
        deck = self.deck
        kind = deck.kinds[code]
        hocus = self.hocus[0]
        name = NAMES[KINDS[kind]]
        if kind == AMULET or kind == MIRROR:
            aimed = self._aimed()
            rule = "amulet/target-only" if kind == AMULET else "mirror/target-only"
            if aimed < 0:
                return (rule, f"{self._label(hocus)} is aimed at nobody, so no {name} can be played "
                              "on it.")
            if seat != aimed:
                return (rule, f"Only {{player}}, whom {self._label(hocus)} is aimed at, may "
                              f"play {an(name)} on it.", {"player": aimed})
            if kind == MIRROR and not self._mirror_targets(seat):
                return ("mirror/redirect", "There is no player to turn it towards: never its "
                                           "caster, nor yourself.")
        if deck.kinds[hocus] == VORTEX and (
                kind == BLACK_CAT or (source == GRIMOIRE and kind in (COUNTERSPELL, PUMPKIN))):
            return ("vortex/stop-from-hand", "Only a Counterspell or a Pumpkin played from a Hand can "
                                             f"stop a Vortex, not {an(name)}"
                    + (" from a Grimoire." if kind != BLACK_CAT else "."))
        if kind == MAGIC_WAND and not deck.values[hocus]:
            return ("magic-wand/double", f"{self._label(hocus)} has no number for a Magic Wand to "
                                         "double.")
        return None

    def _gem_problem(self, seat: int) -> tuple | None:
        if self.cauldron == 1 and self._would_tie(seat, 1):
            return ("end/no-tie", "Taking the last Gem would end the game in a tie for the most "
                                  "Gems; draw two cards instead.")
        return None

    def _owes_refill(self, seat: int) -> bool:
        """Must ``seat`` choose a card to fill its Grimoire? (cached by ``_advance``)"""
        return seat in self.owing

    # ------------------------------------------------------------------ validate

    def check(self, seat: int, action: Action) -> Action:
        return getattr(self, "_check_" + action["type"])(seat, action)

    def _check_hocus(self, seat: int, action: Action) -> Action:
        deck = self.deck
        code, source, target = deck.code[action["card"]], action["from"], action.get("target")
        if self.turn_over:
            raise self._illegal("hourglass/end-turn", "An Hourglass ended your turn: draw two cards "
                                                      "or take a Gem.")
        if not deck.is_hocus[code]:
            raise self._illegal("cards/kind", f"{self._label(code)} is a Pocus card: it is played on a "
                                              "Hocus while that waits to resolve.")
        if code not in self._where(seat, source):
            raise self._illegal("hocus/from", f"You have no {self._label(code)} in your {source}.")
        problem = self._hocus_problem(seat, code)
        if problem:
            raise self._illegal(*problem)
        if deck.targeted[code]:
            if target is None:
                raise self._illegal("hocus/target", f"{self._label(code)} needs a target: 'target' is "
                                                     "the seat of another player.")
            if target == seat:
                raise self._illegal("hocus/target", f"{self._label(code)} must target another player, "
                                                     "not yourself.")
        elif target is not None:
            raise self._illegal("hocus/target", f"{self._label(code)} is aimed at nobody: leave out "
                                                 "'target'.")
        return action

    def _check_pocus(self, seat: int, action: Action) -> Action:
        deck = self.deck
        code, source, target = deck.code[action["card"]], action["from"], action.get("target")
        if deck.is_hocus[code]:
            raise self._illegal("cards/kind", f"{self._label(code)} is a Hocus card: it cannot be "
                                              "played on another card.")
        if code not in self._where(seat, source):
            raise self._illegal("pocus/from", f"You have no {self._label(code)} in your {source}.")
        problem = self._pocus_problem(seat, code, source)
        if problem:
            raise self._illegal(*problem)
        if deck.kinds[code] == MIRROR:
            if target is None:
                raise self._illegal("mirror/redirect", "An Enchanted Mirror needs a new target: "
                                                       "'target' is the seat to turn the Hocus towards.")
            if target == self.hocus[1]:
                raise self._illegal("mirror/redirect", "A Hocus can never be turned back towards the "
                                                       "player who cast it.")
            if target == seat:
                raise self._illegal("mirror/redirect", "Turn the Hocus towards another player, not "
                                                       "yourself.")
        elif target is not None:
            raise IllegalAction("core/action-format", "Only an Enchanted Mirror takes a 'target'.")
        return action

    def _check_pass(self, seat: int, action: Action) -> Action:
        return action

    def _check_exchange(self, seat: int, action: Action) -> Action:
        code = self.deck.code
        mine, shown = code[action["hand"]], code[action["grimoire"]]
        if self.turn_over:
            raise self._illegal("hourglass/end-turn", "An Hourglass ended your turn: no more "
                                                      "exchanges; draw two cards or take a Gem.")
        if mine not in self.hands[seat]:
            raise self._illegal("exchange/swap", f"You have no {self._label(mine)} in your Hand.")
        if shown not in self.grims[seat]:
            raise self._illegal("exchange/swap", f"You have no {self._label(shown)} in your Grimoire.")
        if mine == shown:
            raise self._illegal("exchange/swap", "Swapping two identical cards changes nothing.")
        if self.exchanges >= 3:
            raise self._illegal("exchange/limit", "You made three exchanges since your last Hocus: "
                                                  "play a Hocus or end your turn first.")
        return action

    def _check_draw(self, seat: int, action: Action) -> Action:
        return action

    def _check_gem(self, seat: int, action: Action) -> Action:
        problem = self._gem_problem(seat)
        if problem:
            raise self._illegal(*problem)
        return action

    def _check_discard(self, seat: int, action: Action) -> Action:
        code = self.deck.code[action["card"]]
        if code not in self.hands[seat]:
            raise self._illegal("end/hand-limit", f"You have no {self._label(code)} in your Hand.")
        return action

    def _check_refill(self, seat: int, action: Action) -> Action:
        code = self.deck.code[action["card"]]
        if code not in self.hands[seat]:
            raise self._illegal("grimoire/refill", f"You have no {self._label(code)} in your Hand.")
        return action

    def _check_subset(self, action: Action, rule: str, cards: list, count: int,
                      what: str, seats: dict | None = None) -> Action:
        code = self.deck.code
        chosen = [code[name] for name in action["cards"]]
        if len(chosen) != count:
            raise self._illegal(rule, f"Choose exactly {count} card{'s' if count != 1 else ''} {what}, "
                                      f"not {len(chosen)}.", seats)
        if Counter(chosen) - Counter(cards):
            raise self._illegal(rule, f"Those cards are not all {what}: it holds "
                                      f"{self._labels(cards)}.", seats)
        return {"type": action["type"], "cards": [self.deck.names[c] for c in sorted(chosen)]}

    def _check_give(self, seat: int, action: Action) -> Action:
        _, giver, _, count = self.pending
        return self._check_subset(action, "owl/give", self.grims[giver], count, "from your Grimoire")

    def _check_curse(self, seat: int, action: Action) -> Action:
        _, _, target, count = self.pending
        return self._check_subset(action, "curse/discard", self.grims[target], count,
                                  "from {target}'s Grimoire", {"target": target})

    def _check_arrange(self, seat: int, action: Action) -> Action:
        code = self.deck.code
        chosen = [code[name] for name in action["cards"]]
        seen = self._seen()
        if sorted(chosen) != sorted(seen):
            raise self._illegal("crystal-ball/arrange",
                                f"List the {len(seen)} cards you looked at, top first, each once: "
                                f"{self._labels(seen)}.")
        return action

    def _seen(self) -> list:
        """The cards a pending Crystal Ball shows, top first."""
        count = self.pending[2]
        return self.library[-count:][::-1]

    # ------------------------------------------------------------------ explorer hooks

    def action_rule(self, action: Action) -> str:
        kind = action["type"]
        if kind == "hocus":
            return R + HOCUS_RULE[KINDS[self.deck.kinds[self.deck.code[action["card"]]]]]
        if kind == "pocus":
            return R + POCUS_RULE[KINDS[self.deck.kinds[self.deck.code[action["card"]]]]]
        return R + ACTION_RULE[kind]

    def candidate_actions(self, seat: int) -> list:
        """Legal actions plus near misses the explorer explains: every card held, played at
        every seat, Pocus outside a window, identical swaps, the Gem when it would tie."""
        out = list(self.legal_actions(seat))
        seen = {_key(a) for a in out}

        def add(action: dict) -> None:
            key = _key(action)
            if key not in seen:
                seen.add(key)
                out.append(action)

        if self._owes_refill(seat):
            return out
        names, deck = self.deck.names, self.deck
        if self.phase in ("turn", "react"):
            for source in (HAND, GRIMOIRE):
                for code in sorted(set(self._where(seat, source))):
                    base = {"type": "hocus" if deck.is_hocus[code] else "pocus", "card": names[code],
                            "from": source}
                    if deck.targeted[code] or deck.kinds[code] == MIRROR:
                        for target in range(self.players):
                            add(dict(base, target=target))
                    else:
                        add(base)
        if self.phase == "turn":
            hand, grim = self.hands[seat], self.grims[seat]
            for mine in sorted(set(hand)):
                for shown in sorted(set(grim)):
                    add({"type": "exchange", "hand": names[mine], "grimoire": names[shown]})
            add({"type": "gem"})
        return out

    def pending_choices(self) -> list:
        """The distinct card sets a pending Owl or Curse lets its chooser pick."""
        kind, _, other, count = self.pending
        grim = self.grims[self.pending[1] if kind == "give" else other]
        return subsets(grim, count)


def _key(action: dict) -> tuple:
    return tuple(sorted((k, str(v)) for k, v in action.items()))
