"""Cards picked by hand, read as the attack or block they mean, by the game's own rules.

A table lets a person pick cards (two Bells and a Candle) before it knows whether they
make an action. The action format holds one type and at most one added Candle, so some
selections (two types; two Candles beside another type; nothing) have no action for
``check`` to judge: this module refuses them, naming the rule they break, so that no
presenter decides a rule. A selection that fits becomes the action ``check`` then judges
(what the hand holds, the target, the block's size).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...rules import IllegalAction, brief
from .deck import PLURALS, TYPES, card_words
from .state import WitchingHourState

R = "witching-hour/"
WHAT = ("attack", "block")
"""The two actions a selection of cards can make."""


def _illegal(rule: str, message: str) -> IllegalAction:
    return WitchingHourState.rules.illegal(R + rule, message)


def _counts(picked: Any) -> dict[str, int]:
    """``picked`` as positive counts of known card types, or a refusal saying what is wrong."""
    if not isinstance(picked, Mapping):
        raise IllegalAction("core/action-format", f"The picked cards map card types to counts, "
                                                  f"not {brief(picked)}.")
    for kind, count in picked.items():
        if kind not in TYPES:
            raise IllegalAction("core/action-format", f"{brief(kind)} is not a card type "
                                                      f"({', '.join(TYPES)}).")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise IllegalAction("core/action-format", f"A count of {brief(kind)} is a whole number "
                                                      f"from 0, not {brief(count)}.")
    return {kind: count for kind, count in picked.items() if count}


def read_selection(what: str, picked: Any, target: Any = None) -> dict:
    """The ``attack`` (on ``target``) or ``block`` that the picked cards (type -> count) make.

    Raises IllegalAction naming the rule a selection no action can express breaks:
    attack/same-type or block/same-type (two types), candle/one (more than one Candle
    beside another type), attack/same-type or block/same-number (nothing picked),
    attack/target (an attack without an opponent's seat).
    """
    if what not in WHAT:
        raise IllegalAction("core/action-format", f"Picked cards make an 'attack' or a 'block', "
                                                  f"not {brief(what)}.")
    picked = _counts(picked)
    if not picked:
        raise _illegal("attack/same-type" if what == "attack" else "block/same-number",
                       f"Pick the cards to {what} with first.")
    others = [kind for kind in TYPES if kind in picked and kind != "candle"]
    candles = picked.get("candle", 0)
    if len(others) > 1:
        raise _illegal(f"{what}/same-type",
                       f"All the cards of {'an attack' if what == 'attack' else 'a block'} are one type "
                       f"(plus at most one Candle); you picked {' and '.join(PLURALS[k] for k in others)}.")
    if others and candles > 1:
        raise _illegal("candle/one", f"Only one Candle may join {card_words(others[0], picked[others[0]])}; "
                                     f"you picked {candles} Candles.")
    kind = others[0] if others else "candle"
    action: dict = {"type": what, "card": kind, "count": picked[kind],
                    "candle": bool(others) and candles == 1}
    if what == "attack":
        if isinstance(target, bool) or not isinstance(target, int):
            raise _illegal("attack/target", "Choose the opponent to attack.")
        action["target"] = target
    return action
