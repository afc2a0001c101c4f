"""Hocus Pocus's validation: is an action well formed and allowed, and if not, which rule.

A mixin of :class:`~.state.HocusPocusState`. ``validate`` never changes the state; it
returns the action in normal form (the same dicts ``legal_actions`` lists) or raises
:class:`IllegalAction` naming the rule broken and saying what would be right.
"""

from __future__ import annotations

from collections import Counter

from ...core import Action
from ...rules import IllegalAction
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
)
from .powers import GRIMOIRE, HAND, subsets

R = "hocus-pocus/"

ACTION_TYPES = ("hocus", "pocus", "pass", "exchange", "draw", "gem", "discard", "refill",
                "give", "curse", "arrange")
ACTION_FIELDS = {
    "hocus": ("card", "from", "target"), "pocus": ("card", "from", "target"), "pass": (),
    "exchange": ("hand", "grimoire"), "draw": (), "gem": (), "discard": ("card",),
    "refill": ("card",), "give": ("cards",), "curse": ("cards",), "arrange": ("cards",),
}
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
WAITING = {
    "react": "a Hocus is waiting for Pocus cards (play one or pass)",
    "give": "an Owl is waiting for the cards it takes",
    "curse": "a Curse is waiting for the cards it discards",
    "arrange": "a Crystal Ball is waiting for its cards to be put back",
    "discard": "the turn is ending: the hand limit discards come first",
}


def an(word: str) -> str:
    return ("an " if word[0] in "AEIOU" else "a ") + word


class ChecksMixin:
    """``validate`` and the explorer's hooks (see the module docstring)."""

    # ------------------------------------------------------------------ fields

    def _illegal(self, rule: str, message: str, seats: dict | None = None) -> IllegalAction:
        return self.rules.illegal(R + rule, message, seats)

    def _check_keys(self, action: Action, kind: str) -> None:
        allowed = ACTION_FIELDS[kind]
        extra = sorted(set(action) - set(allowed) - {"type"})
        if extra:
            raise IllegalAction("core/action-format",
                                f"A {kind!r} action has no field(s) {', '.join(extra)}; its fields "
                                f"are: {', '.join(allowed) or 'none'}.")

    def _card(self, action: Action, key: str = "card") -> int:
        value = action.get(key)
        code = self.deck.code.get(value) if isinstance(value, str) else None
        if code is None:
            raise IllegalAction("core/action-format",
                                f"{key!r} must name a card of this game (such as "
                                f"{', '.join(self.deck.names[:4])}; the view's 'card_info' lists "
                                f"them all), not {value!r}.")
        return code

    def _cards(self, action: Action) -> list:
        value = action.get("cards")
        if not isinstance(value, list):
            raise IllegalAction("core/action-format",
                                f"'cards' must be a list of card names, not {value!r}.")
        return [self._card({"card": v}) for v in value]

    def _source(self, action: Action) -> str:
        value = action.get("from")
        if value not in (HAND, GRIMOIRE):
            raise IllegalAction("core/action-format",
                                f"'from' must be \"hand\" or \"grimoire\", not {value!r}.")
        return value

    def _target(self, action: Action) -> int | None:
        value = action.get("target")
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < self.players:
            raise IllegalAction("core/action-format",
                                f"'target' must be a seat from 0 to {self.players - 1}, not {value!r}.")
        return value

    def _where(self, seat: int, source: str) -> list:
        return (self.hands if source == HAND else self.grims)[seat]

    def _not_now(self, rule: str, what: str) -> IllegalAction:
        return self._illegal(rule, f"You cannot {what} now: {WAITING.get(self.phase, 'it is not the time')}.")

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

    def validate(self, seat: int, action: Action) -> Action:
        kind = action["type"]
        if kind not in ACTION_FIELDS:
            raise IllegalAction("core/action-format",
                                f"Unknown action type {kind!r}; Hocus Pocus's are: "
                                f"{', '.join(ACTION_TYPES)}.")
        self._check_keys(action, kind)
        if kind != "refill" and self._owes_refill(seat):
            raise self._illegal("grimoire/refill", "Your Grimoire has a free space: first fill it "
                                                   "with a card from your Hand (a 'refill').")
        return getattr(self, "_check_" + kind)(seat, action)

    def _check_hocus(self, seat: int, action: Action) -> Action:
        code = self._card(action)
        source = self._source(action)
        target = self._target(action)
        deck = self.deck
        if seat != self.current:
            raise self._illegal("hocus/own-turn", "Hocus cards are played only on your own turn; "
                                                  "this is {player}'s.", {"player": self.current})
        if self.phase != "turn":
            raise self._not_now("hocus/own-turn", "play a Hocus")
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
        normal = {"type": "hocus", "card": deck.names[code], "from": source}
        if deck.targeted[code]:
            if target is None:
                raise self._illegal("hocus/target", f"{self._label(code)} needs a target: 'target' is "
                                                     "the seat of another player.")
            if target == seat:
                raise self._illegal("hocus/target", f"{self._label(code)} must target another player, "
                                                     "not yourself.")
            normal["target"] = target
        elif target is not None:
            raise self._illegal("hocus/target", f"{self._label(code)} is aimed at nobody: leave out "
                                                 "'target'.")
        return normal

    def _check_pocus(self, seat: int, action: Action) -> Action:
        code = self._card(action)
        source = self._source(action)
        target = self._target(action)
        deck = self.deck
        if self.phase != "react":
            if self.phase == "turn":
                raise self._illegal("pocus/window", "No Hocus is waiting to resolve: Pocus cards are "
                                                    "played on a Hocus while it waits.")
            raise self._not_now("pocus/window", "play a Pocus")
        if deck.is_hocus[code]:
            raise self._illegal("cards/kind", f"{self._label(code)} is a Hocus card: it cannot be "
                                              "played on another card.")
        if code not in self._where(seat, source):
            raise self._illegal("pocus/from", f"You have no {self._label(code)} in your {source}.")
        problem = self._pocus_problem(seat, code, source)
        if problem:
            raise self._illegal(*problem)
        normal = {"type": "pocus", "card": deck.names[code], "from": source}
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
            normal["target"] = target
        elif target is not None:
            raise IllegalAction("core/action-format", "Only an Enchanted Mirror takes a 'target'.")
        return normal

    def _check_pass(self, seat: int, action: Action) -> Action:
        if self.phase != "react":
            raise self._illegal("react/close", "There is no Pocus window to pass in.")
        return {"type": "pass"}

    def _check_exchange(self, seat: int, action: Action) -> Action:
        mine = self._card(action, "hand")
        shown = self._card(action, "grimoire")
        if self.phase != "turn":
            raise self._not_now("exchange/own-turn", "exchange cards")
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
        names = self.deck.names
        return {"type": "exchange", "hand": names[mine], "grimoire": names[shown]}

    def _check_end(self) -> None:
        if self.phase != "turn":
            raise self._not_now("end/choose", "end your turn")

    def _check_draw(self, seat: int, action: Action) -> Action:
        self._check_end()
        return {"type": "draw"}

    def _check_gem(self, seat: int, action: Action) -> Action:
        self._check_end()
        problem = self._gem_problem(seat)
        if problem:
            raise self._illegal(*problem)
        return {"type": "gem"}

    def _check_discard(self, seat: int, action: Action) -> Action:
        code = self._card(action)
        if self.phase != "discard":
            raise self._illegal("end/hand-limit", "Discards for the hand limit come only after the "
                                                  "end-of-turn draw, with more than five cards in hand.")
        if code not in self.hands[seat]:
            raise self._illegal("end/hand-limit", f"You have no {self._label(code)} in your Hand.")
        return {"type": "discard", "card": self.deck.names[code]}

    def _check_refill(self, seat: int, action: Action) -> Action:
        code = self._card(action)
        if not self._owes_refill(seat):
            raise self._illegal("grimoire/refill", "Your Grimoire has no free space to fill.")
        if code not in self.hands[seat]:
            raise self._illegal("grimoire/refill", f"You have no {self._label(code)} in your Hand.")
        return {"type": "refill", "card": self.deck.names[code]}

    def _check_subset(self, action: Action, phase: str, rule: str, cards: list, count: int,
                      what: str, seats: dict | None = None) -> Action:
        chosen = self._cards(action)
        if len(chosen) != count:
            raise self._illegal(rule, f"Choose exactly {count} card{'s' if count != 1 else ''} {what}, "
                                      f"not {len(chosen)}.", seats)
        if Counter(chosen) - Counter(cards):
            raise self._illegal(rule, f"Those cards are not all {what}: it holds "
                                      f"{self._labels(cards)}.", seats)
        return {"type": phase, "cards": [self.deck.names[c] for c in sorted(chosen)]}

    def _check_give(self, seat: int, action: Action) -> Action:
        if self.phase != "give":
            raise self._illegal("owl/give", "No Owl is waiting for cards from you.")
        _, giver, _, count = self.pending
        return self._check_subset(action, "give", "owl/give", self.grims[giver], count,
                                  "from your Grimoire")

    def _check_curse(self, seat: int, action: Action) -> Action:
        if self.phase != "curse":
            raise self._illegal("curse/discard", "No Curse is waiting for you to choose cards.")
        _, _, target, count = self.pending
        return self._check_subset(action, "curse", "curse/discard", self.grims[target], count,
                                  "from {target}'s Grimoire", {"target": target})

    def _check_arrange(self, seat: int, action: Action) -> Action:
        if self.phase != "arrange":
            raise self._illegal("crystal-ball/arrange", "No Crystal Ball is waiting for its cards.")
        chosen = self._cards(action)
        seen = self._seen()
        if sorted(chosen) != sorted(seen):
            raise self._illegal("crystal-ball/arrange",
                                f"List the {len(seen)} cards you looked at, top first, each once: "
                                f"{self._labels(seen)}.")
        return {"type": "arrange", "cards": [self.deck.names[c] for c in chosen]}

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
