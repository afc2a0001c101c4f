"""Hocus Pocus's checks: which actions are legal now, and why an illegal one is refused.

``ACTIONS`` (every action's fields) and ``PHASES`` (what each phase allows) are checked
by the core first; then :func:`check` tests the game's own rules. The ``*_problem``
functions say why a card may not be played (None: it may), so that the legal list and
the refusal of an action tried come from one test. Nothing here changes the state; a
check returns the action in normal form (the same dicts :func:`legal_actions` lists), or
raises :class:`IllegalAction` naming the rule broken and saying what would be right.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from ...core import Action, ActionCache
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
from .table import EXCHANGES_PER_HOCUS, GRIMOIRE, HAND, NOBODY, subsets

if TYPE_CHECKING:
    from .state import HocusPocusState

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
_action = ActionCache(ACTIONS.order)
"""Listed actions, shared and read-only (lists of cards stay plain dicts)."""
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


Problem = tuple[str, str, dict | None]
"""Why a card may not be played now: the rule, what to say, the seats the message names.
(A plain tuple: the legal list builds one for every card it leaves out.)"""


def an(word: str) -> str:
    """``word`` with its article (an Amulet, a Mirror)."""
    return ("an " if word[0] in "AEIOU" else "a ") + word


def illegal(state: HocusPocusState, rule: str, message: str, seats: dict | None = None) -> IllegalAction:
    """The refusal for breaking this game's ``rule`` (an id without the game's prefix)."""
    return state.rules.illegal(R + rule, message, seats)


# ------------------------------------------------------------------ why a card may not be played


def hocus_problem(state: HocusPocusState, seat: int, code: int) -> Problem | None:
    """Why ``seat`` may not play Hocus ``code`` it holds now (None: it may)."""
    locked = state.locked
    if locked and code in locked:
        owned = state.hands[seat].count(code) + state.grims[seat].count(code)
        if owned <= locked.count(code):
            return ("pumpkin/lock", f"{state.label(code)} came back with a Pumpkin this turn: "
                                    "you may play it again from your next turn.", None)
    if state.inspired and state.deck.kinds[code] == INSPIRATION:
        return ("inspiration/once", "An Inspiration already took effect this turn; no other "
                                    "Inspiration may be played before your next turn.", None)
    return None


def aimed(state: HocusPocusState) -> int:
    """Who the waiting Hocus is aimed at now (NOBODY too); a Lightning undoes the Mirrors."""
    assert state.hocus is not None, "no Hocus is waiting"
    target = state.hocus.target
    if target < 0:
        return NOBODY
    kinds = state.deck.kinds
    at = target
    for pocus in state.stack:
        kind = kinds[pocus.code]
        if kind == LIGHTNING:
            return target
        if kind == MIRROR:
            at = pocus.target
    return at


def mirror_targets(state: HocusPocusState, seat: int) -> list[int]:
    """Whom ``seat``'s Enchanted Mirror may turn the waiting Hocus towards."""
    assert state.hocus is not None, "no Hocus is waiting"
    caster = state.hocus.caster
    return [t for t in range(state.players) if t != caster and t != seat]


def pocus_problem(state: HocusPocusState, seat: int, code: int, source: str) -> Problem | None:
    """Why ``seat`` may not play Pocus ``code`` from ``source`` now (None: it may)."""
    assert state.hocus is not None, "no Hocus is waiting"
    deck = state.deck
    kind = deck.kinds[code]
    hocus = state.hocus.code
    name = NAMES[KINDS[kind]]
    if kind == AMULET or kind == MIRROR:
        # Only the player the Hocus is aimed at plays these (amulet/ and mirror/target-only).
        at = aimed(state)
        rule = "amulet/target-only" if kind == AMULET else "mirror/target-only"
        if at < 0:
            return (rule, f"{state.label(hocus)} is aimed at nobody, so no {name} can be played "
                          "on it.", None)
        if seat != at:
            return (rule, f"Only {{player}}, whom {state.label(hocus)} is aimed at, may play "
                          f"{an(name)} on it.", {"player": at})
        if kind == MIRROR and not mirror_targets(state, seat):
            return ("mirror/redirect", "There is no player to turn it towards: never its caster, "
                                       "nor yourself.", None)
    if deck.kinds[hocus] == VORTEX and (
            kind == BLACK_CAT or (source == GRIMOIRE and kind in (COUNTERSPELL, PUMPKIN))):
        return ("vortex/stop-from-hand", "Only a Counterspell or a Pumpkin played from a Hand can "
                                         f"stop a Vortex, not {an(name)}"
                + (" from a Grimoire." if kind != BLACK_CAT else "."), None)
    if kind == MAGIC_WAND and not deck.values[hocus]:
        return ("magic-wand/double", f"{state.label(hocus)} has no number for a Magic Wand to "
                                     "double.", None)
    return None


def gem_problem(state: HocusPocusState, seat: int) -> Problem | None:
    """Why ``seat`` may not end its turn with a Gem (None: it may)."""
    if state.cauldron == 1 and state.would_tie(seat, 1):
        return ("end/no-tie", "Taking the last Gem would end the game in a tie for the most "
                              "Gems; draw two cards instead.", None)
    return None


# ------------------------------------------------------------------ the legal actions


def legal_actions(state: HocusPocusState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now, in a fixed order."""
    if seat not in state.acting:
        return []
    names = state.deck.names
    hand = state.hands[seat]
    if seat in state.owing:
        return [_action("refill", names[c]) for c in sorted(set(hand))]
    phase = state.phase
    if phase == "react":
        return _legal_pocus(state, seat)
    if phase == "turn":
        return _legal_turn(state, seat)
    if phase == "discard":
        return [_action("discard", names[c]) for c in sorted(set(hand))]
    if phase == "arrange":
        return [{"type": "arrange", "cards": [names[c] for c in order]}
                for order in orders(state.seen())]
    return [{"type": phase, "cards": [names[c] for c in cards]} for cards in pending_choices(state)]


def _legal_turn(state: HocusPocusState, seat: int) -> list[Action]:
    deck = state.deck
    names, is_hocus, targeted = deck.names, deck.is_hocus, deck.targeted
    hand, grim = state.hands[seat], state.grims[seat]
    out: list[Action] = []
    if not state.turn_over:
        others = [s for s in range(state.players) if s != seat]
        for source, cards in ((HAND, hand), (GRIMOIRE, grim)):
            for code in sorted(set(cards)):
                if not is_hocus[code] or hocus_problem(state, seat, code):
                    continue
                if targeted[code]:
                    out += [_action("hocus", names[code], source, target) for target in others]
                else:
                    out.append(_action("hocus", names[code], source))
        if state.exchanges < EXCHANGES_PER_HOCUS and hand:
            shown = sorted(set(grim))
            for mine in sorted(set(hand)):
                for card in shown:
                    if card != mine:
                        out.append(_action("exchange", names[mine], names[card]))
    out.append(_action("draw"))
    if gem_problem(state, seat) is None:
        out.append(_action("gem"))
    return out


def _legal_pocus(state: HocusPocusState, seat: int) -> list[Action]:
    deck = state.deck
    names, is_hocus, kinds = deck.names, deck.is_hocus, deck.kinds
    out: list[Action] = [_action("pass")]
    for source, cards in ((HAND, state.hands[seat]), (GRIMOIRE, state.grims[seat])):
        for code in sorted(set(cards)):
            if is_hocus[code] or pocus_problem(state, seat, code, source):
                continue
            if kinds[code] == MIRROR:
                out += [_action("pocus", names[code], source, target)
                        for target in mirror_targets(state, seat)]
            else:
                out.append(_action("pocus", names[code], source))
    return out


def pending_choices(state: HocusPocusState) -> list[tuple[int, ...]]:
    """The distinct card sets a pending Owl or Curse lets its chooser pick."""
    pending = state.pending
    assert pending is not None, "no Owl or Curse is waiting"
    return subsets(state.grims[pending.grimoire_owner()], pending.n_cards)


def orders(cards: list[int]) -> list[tuple[int, ...]]:
    """Every distinct order of ``cards`` (identical cards give fewer), in a fixed order."""
    out: list[tuple[int, ...]] = []

    def build(prefix: tuple[int, ...], rest: list[int]) -> None:
        if not rest:
            out.append(prefix)
            return
        for i, card in enumerate(rest):
            if card in rest[:i]:
                continue
            build((*prefix, card), rest[:i] + rest[i + 1:])

    build((), list(cards))
    return out


# ------------------------------------------------------------------ checking one action


def check(state: HocusPocusState, seat: int, action: Action) -> Action:
    """``action`` (well formed, allowed in this phase) in normal form, or IllegalAction."""
    return CHECKS[action["type"]](state, seat, action)


def _check_hocus(state: HocusPocusState, seat: int, action: Action) -> Action:
    deck = state.deck
    code, source = deck.code[action["card"]], action["from"]
    if state.turn_over:
        raise illegal(state, "hourglass/end-turn", "An Hourglass ended your turn: draw two cards "
                                                   "or take a Gem.")
    if not deck.is_hocus[code]:
        raise illegal(state, "cards/kind", f"{state.label(code)} is a Pocus card: it is played on a "
                                           "Hocus while that waits to resolve.")
    if code not in state.zone(seat, source):
        raise illegal(state, "hocus/from", f"You have no {state.label(code)} in your {source}.")
    problem = hocus_problem(state, seat, code)
    if problem:
        raise illegal(state, *problem)
    _check_hocus_target(state, seat, code, action.get("target"))
    return action


def _check_hocus_target(state: HocusPocusState, seat: int, code: int, target: int | None) -> None:
    if state.deck.targeted[code]:
        if target is None:
            raise illegal(state, "hocus/target", f"{state.label(code)} needs a target: 'target' is "
                                                 "the seat of another player.")
        if target == seat:
            raise illegal(state, "hocus/target", f"{state.label(code)} must target another player, "
                                                 "not yourself.")
    elif target is not None:
        raise illegal(state, "hocus/target", f"{state.label(code)} is aimed at nobody: leave out "
                                             "'target'.")


def _check_pocus(state: HocusPocusState, seat: int, action: Action) -> Action:
    deck = state.deck
    code, source, target = deck.code[action["card"]], action["from"], action.get("target")
    if deck.is_hocus[code]:
        raise illegal(state, "cards/kind", f"{state.label(code)} is a Hocus card: it cannot be "
                                           "played on another card.")
    if code not in state.zone(seat, source):
        raise illegal(state, "pocus/from", f"You have no {state.label(code)} in your {source}.")
    problem = pocus_problem(state, seat, code, source)
    if problem:
        raise illegal(state, *problem)
    if deck.kinds[code] == MIRROR:
        _check_mirror_target(state, seat, target)
    elif target is not None:
        raise IllegalAction("core/action-format", "Only an Enchanted Mirror takes a 'target'.")
    return action


def _check_mirror_target(state: HocusPocusState, seat: int, target: int | None) -> None:
    assert state.hocus is not None, "no Hocus is waiting"
    if target is None:
        raise illegal(state, "mirror/redirect", "An Enchanted Mirror needs a new target: "
                                                "'target' is the seat to turn the Hocus towards.")
    if target == state.hocus.caster:
        raise illegal(state, "mirror/redirect", "A Hocus can never be turned back towards the "
                                                "player who cast it.")
    if target == seat:
        raise illegal(state, "mirror/redirect", "Turn the Hocus towards another player, not yourself.")


def _check_nothing(state: HocusPocusState, seat: int, action: Action) -> Action:
    """A pass or a draw: the phase table has said all there is to say."""
    return action


def _check_exchange(state: HocusPocusState, seat: int, action: Action) -> Action:
    code = state.deck.code
    mine, shown = code[action["hand"]], code[action["grimoire"]]
    if state.turn_over:
        raise illegal(state, "hourglass/end-turn", "An Hourglass ended your turn: no more "
                                                   "exchanges; draw two cards or take a Gem.")
    if mine not in state.hands[seat]:
        raise illegal(state, "exchange/swap", f"You have no {state.label(mine)} in your Hand.")
    if shown not in state.grims[seat]:
        raise illegal(state, "exchange/swap", f"You have no {state.label(shown)} in your Grimoire.")
    if mine == shown:
        raise illegal(state, "exchange/swap", "Swapping two identical cards changes nothing.")
    if state.exchanges >= EXCHANGES_PER_HOCUS:
        raise illegal(state, "exchange/limit", "You made three exchanges since your last Hocus: "
                                               "play a Hocus or end your turn first.")
    return action


def _check_gem(state: HocusPocusState, seat: int, action: Action) -> Action:
    problem = gem_problem(state, seat)
    if problem:
        raise illegal(state, *problem)
    return action


def _check_from_hand(rule: str) -> Callable[[HocusPocusState, int, Action], Action]:
    """The check of an action naming one card of the player's Hand (a discard, a refill)."""
    def check_card(state: HocusPocusState, seat: int, action: Action) -> Action:
        code = state.deck.code[action["card"]]
        if code not in state.hands[seat]:
            raise illegal(state, rule, f"You have no {state.label(code)} in your Hand.")
        return action
    return check_card


def _check_subset(state: HocusPocusState, action: Action, rule: str, cards: list[int], count: int,
                  what: str, seats: dict | None = None) -> Action:
    code = state.deck.code
    chosen = [code[name] for name in action["cards"]]
    if len(chosen) != count:
        raise illegal(state, rule, f"Choose exactly {count} card{'s' if count != 1 else ''} {what}, "
                                   f"not {len(chosen)}.", seats)
    if Counter(chosen) - Counter(cards):
        raise illegal(state, rule, f"Those cards are not all {what}: it holds "
                                   f"{state.labels(cards)}.", seats)
    return {"type": action["type"], "cards": [state.deck.names[c] for c in sorted(chosen)]}


def _check_give(state: HocusPocusState, seat: int, action: Action) -> Action:
    assert state.pending is not None, "no Owl is waiting"
    giver, count = state.pending.seat, state.pending.n_cards
    return _check_subset(state, action, "owl/give", state.grims[giver], count, "from your Grimoire")


def _check_curse(state: HocusPocusState, seat: int, action: Action) -> Action:
    assert state.pending is not None, "no Curse is waiting"
    target, count = state.pending.other, state.pending.n_cards
    return _check_subset(state, action, "curse/discard", state.grims[target], count,
                         "from {target}'s Grimoire", {"target": target})


def _check_arrange(state: HocusPocusState, seat: int, action: Action) -> Action:
    code = state.deck.code
    chosen = [code[name] for name in action["cards"]]
    seen = state.seen()
    if sorted(chosen) != sorted(seen):
        raise illegal(state, "crystal-ball/arrange",
                      f"List the {len(seen)} cards you looked at, top first, each once: "
                      f"{state.labels(seen)}.")
    return action


CHECKS: dict[str, Callable[[HocusPocusState, int, Action], Action]] = {
    "hocus": _check_hocus, "pocus": _check_pocus, "pass": _check_nothing,
    "exchange": _check_exchange, "draw": _check_nothing, "gem": _check_gem,
    "discard": _check_from_hand("end/hand-limit"), "refill": _check_from_hand("grimoire/refill"),
    "give": _check_give, "curse": _check_curse, "arrange": _check_arrange,
}
"""The game's own check of each action type (after the core's format and phase checks)."""


# ------------------------------------------------------------------ for the explorer


def action_rule(state: HocusPocusState, action: Action) -> str:
    """The rule that allows a legal action: a card's own rule, else the action's."""
    kind = action["type"]
    if kind == "hocus":
        return R + HOCUS_RULE[KINDS[state.deck.kinds[state.deck.code[action["card"]]]]]
    if kind == "pocus":
        return R + POCUS_RULE[KINDS[state.deck.kinds[state.deck.code[action["card"]]]]]
    return R + ACTION_RULE[kind]


def candidate_actions(state: HocusPocusState, seat: int) -> list[Action]:
    """Legal actions plus near misses the explorer explains: every card held, played at
    every seat, Pocus outside a window, identical swaps, the Gem when it would tie."""
    out = list(legal_actions(state, seat))
    if seat in state.owing:
        return out
    seen = {_key(a) for a in out}
    for action in _near_misses(state, seat):
        key = _key(action)
        if key not in seen:
            seen.add(key)
            out.append(action)
    return out


def _near_misses(state: HocusPocusState, seat: int) -> list[Action]:
    deck = state.deck
    names = deck.names
    out: list[Action] = []
    if state.phase in ("turn", "react"):
        for source in (HAND, GRIMOIRE):
            for code in sorted(set(state.zone(seat, source))):
                base = {"type": "hocus" if deck.is_hocus[code] else "pocus", "card": names[code],
                        "from": source}
                if deck.targeted[code] or deck.kinds[code] == MIRROR:
                    out += [dict(base, target=target) for target in range(state.players)]
                else:
                    out.append(base)
    if state.phase == "turn":
        for mine in sorted(set(state.hands[seat])):
            for shown in sorted(set(state.grims[seat])):
                out.append({"type": "exchange", "hand": names[mine], "grimoire": names[shown]})
        out.append({"type": "gem"})
    return out


def _key(action: Action) -> tuple:
    return tuple(sorted((k, str(v)) for k, v in action.items()))
