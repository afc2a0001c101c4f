"""Helpers for the Witching Hour rule tests: stacked hands and before/after snapshots.

Stacking is white-box: it builds a real game with ``new_game`` and then rewrites the
state's zones (hands, Hex piles, discard pile: count lists indexed like ``deck.TYPES``),
keeping the size counters in step and checking that every card of the deck is in exactly
one zone. Undo and save/load replay from the seed, so they do not keep a stacked deal:
tests compare snapshots instead.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

import pytest

from witchtable.engine import IllegalAction, new_game
from witchtable.engine.games.witching_hour.deck import TYPES

Cards = Mapping[str, int]


def counts(cards: Cards | None) -> list[int]:
    """A ``{"bell": 2}`` mapping as a count list indexed like ``TYPES``."""
    cards = dict(cards or {})
    unknown = set(cards) - set(TYPES)
    assert not unknown, f"unknown card types {unknown}"
    return [cards.get(t, 0) for t in TYPES]


def as_cards(count_list: Sequence[int]) -> dict:
    return {t: c for t, c in zip(TYPES, count_list, strict=True) if c}


def stack(players: int, hands: Sequence[Cards], *, seed: int = 0, **kwargs):
    """A new game (``options`` go to ``new_game``) restacked by :func:`restack`."""
    options = {k: kwargs.pop(k) for k in list(kwargs) if k in ("deck", "rounds", "first_player")}
    game = new_game("witching-hour", players, seed, **options)
    return restack(game, hands, **kwargs)


def restack(game, hands: Sequence[Cards], *, hexes: Sequence[Cards] | None = None,
            discard: Cards | None = None, spare: tuple[str, int] | None = None, current: int = 0):
    """Rewrite ``game`` to the start of ``current``'s turn with exactly these zones.

    ``hands[s]`` and ``hexes[s]`` give each seat's cards. Without ``discard`` every other
    card of the deck forms the discard pile. With ``discard``, the cards left over go to
    ``spare`` (``("hex", seat)`` or ``("hand", seat)``), so the deck still adds up.
    Round number and totals stay; the log is emptied (the deal it told of no longer holds).
    """
    state = game._state
    players = game.players
    assert len(hands) == players
    hexes = list(hexes or [{}] * players)
    hand_lists = [counts(h) for h in hands]
    hex_lists = [counts(h) for h in hexes]
    used = [sum(zone[t] for zone in hand_lists + hex_lists) for t in range(len(TYPES))]
    left = [state.copies[t] - used[t] for t in range(len(TYPES))]
    assert min(left) >= 0, f"more cards stacked than the deck holds: {as_cards(left)}"
    if discard is None:
        pile = left
    else:
        pile = counts(discard)
        rest = [left[t] - pile[t] for t in range(len(TYPES))]
        assert min(rest) >= 0, f"discard pile asks for cards the deck lacks: {as_cards(rest)}"
        if any(rest):
            assert spare, f"cards left over and no spare zone for them: {as_cards(rest)}"
            zone, seat = spare
            target = (hand_lists if zone == "hand" else hex_lists)[seat]
            for t in range(len(TYPES)):
                target[t] += rest[t]
    state.hands = hand_lists
    state.hex = hex_lists
    state.discard = pile
    state.hand_count = [sum(h) for h in hand_lists]
    state.hex_count = [sum(h) for h in hex_lists]
    state.discard_count = sum(pile)
    state.current = current
    state.phase = "turn"
    state.attack = None
    state.pending = None
    state.extra = False
    state.emptied = [s for s in range(players) if not state.hand_count[s]]
    state.log.events.clear()
    check_zones(game)
    return game


def attack(target: int, card: str, count: int, candle: bool = False) -> dict:
    return {"type": "attack", "target": target, "card": card, "count": count, "candle": candle}


def block(card: str, count: int, candle: bool = False) -> dict:
    return {"type": "block", "card": card, "count": count, "candle": candle}


TAKE = {"type": "take"}


def finish_round(game, hexes, starter: int = 0) -> None:
    """End the round now with exactly ``hexes`` scored: ``starter`` attacks the next seat
    with one card, which blocks it with one card; every hand is then empty."""
    n = game.players
    defender = (starter + 1) % n
    left = list(game._state.copies)
    for pile in hexes:
        for card, count in pile.items():
            left[TYPES.index(card)] -= count
    hit = next(t for t in range(len(TYPES)) if left[t] and TYPES[t] != "toadstool")
    left[hit] -= 1
    guard = next(t for t in range(len(TYPES)) if left[t] and TYPES[t] not in ("bell", "mirror"))
    hands = [{} for _ in range(n)]
    hands[starter] = {TYPES[hit]: 1}
    hands[defender] = {TYPES[guard]: 1}
    restack(game, hands, hexes=hexes, current=starter)
    before = game._state.round
    game.apply(starter, attack(defender, TYPES[hit], 1))
    game.apply(defender, block(TYPES[guard], 1))
    assert game._state.round == before + 1 or game.is_over


def check_zones(game) -> None:
    """Every card of the deck is in one zone (a pending attack or Cauldron draw included)."""
    state = game._state
    total = [0] * len(TYPES)
    for zone in (*state.hands, *state.hex, state.discard):
        for t in range(len(TYPES)):
            total[t] += zone[t]
    if state.attack is not None:
        total[state.attack[2]] += state.attack[3]
        total[TYPES.index("candle")] += 1 if state.attack[4] else 0
    if state.phase == "split":
        for card in state.pending:
            total[card] += 1
    assert total == list(state.copies), f"zones hold {as_cards(total)}, deck {as_cards(state.copies)}"
    assert state.hand_count == [sum(h) for h in state.hands]
    assert state.hex_count == [sum(h) for h in state.hex]
    assert state.discard_count == sum(state.discard)


def hand(game, seat: int) -> dict:
    return as_cards(game._state.hands[seat])


def hex_pile(game, seat: int) -> dict:
    return as_cards(game._state.hex[seat])


def discard_pile(game) -> dict:
    return as_cards(game._state.discard)


def snapshot(game) -> str:
    """All that is observable: the save, every seat's and a spectator's view, who acts."""
    check_zones(game)
    views = [game.view(s) for s in [None, *range(game.players)]]
    return json.dumps([game.to_json(), views, list(game.to_act)], sort_keys=True)


def assert_illegal(game, seat: int, action: dict, rule: str, *, match: str = "") -> IllegalAction:
    """``action`` raises IllegalAction naming ``rule`` (and ``match`` in its message); nothing changes."""
    before = snapshot(game)
    internal = json.dumps([game._state.hands, game._state.hex, game._state.discard])
    with pytest.raises(IllegalAction) as err:
        game.apply(seat, action)
    assert err.value.rule == rule, f"expected rule {rule}, got {err.value.rule}: {err.value.message}"
    assert match in err.value.message
    assert snapshot(game) == before
    assert json.dumps([game._state.hands, game._state.hex, game._state.discard]) == internal
    return err.value


def shown(game, seat: int | None) -> str:
    """A seat's view as lower-case JSON, without the deck table and card_info (which name every type)."""
    view = dict(game.view(seat))
    view.pop("deck")
    view.pop("card_info")
    return json.dumps(view).lower()


def events(game, seat: int | None, kind: str) -> list[dict]:
    return [e for e in game.view(seat)["log"] if e["kind"] == kind]
