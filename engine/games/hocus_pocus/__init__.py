"""Hocus Pocus (the Hocus/Pocus card game; Elliot Hogg, Hazgaard 2010), every rule.

On your turn play Hocus cards (spells) one at a time from your Hand or face-up Grimoire;
after each, every player may pile Pocus cards onto it (amplify, redirect, stop it) until
all have passed; then the Pocus cards and the Hocus take effect in order. End the turn by
drawing two cards or taking a Gem. Whoever takes the Cauldron's last Gem ends the game;
the most Gems wins.

Actions (JSON objects; card names as in the view's ``card_info``, e.g. ``"thief-3"``):

- ``{"type": "hocus", "card": "thief-3", "from": "hand", "target": 2}`` (``from`` is
  ``"hand"`` or ``"grimoire"``; ``target`` only for Abracadabra, Owl, Curse, Sacrifice, Thief)
- ``{"type": "pocus", "card": "mirror", "from": "grimoire", "target": 1}`` (``target``
  only for the Enchanted Mirror: the player it turns the Hocus towards), ``{"type": "pass"}``
- ``{"type": "exchange", "hand": "spell-1", "grimoire": "amulet"}``
- ``{"type": "draw"}`` or ``{"type": "gem"}`` (ends the turn)
- ``{"type": "discard", "card": "owl-1"}`` (hand limit), ``{"type": "refill", "card": "spell-2"}``
- ``{"type": "give", "cards": [...]}`` (Owl's target), ``{"type": "curse", "cards": [...]}``
  (Curse's caster), ``{"type": "arrange", "cards": [...]}`` (Crystal Ball, top card first)

Options: ``deck`` (the card table; numbered values known with medium confidence, see
:mod:`.cards`), ``quick`` (False; True: a 15-Gem Cauldron), ``first_player`` (0; the
rulebook's "youngest player"). Reference: ``docs/games/hocus-pocus.md``.

How the code reads: one State class and plain functions of it, each module importing
what it uses, so that every dependency is explicit and the type checker follows it.
:mod:`.state` is the story: the position (every attribute typed at set-up), the turn
flow (``perform`` -> a move -> ``_advance``'s automatic steps -> the next turn) and the
primitives that move cards and Gems. :mod:`.checks` says what is legal and why not;
:mod:`.moves` does each action (``MOVES``, by type); :mod:`.powers` resolves a Hocus
(the Pocus pile, then its kind's handler in ``POWERS``); :mod:`.seat_view` builds what
one seat sees, :mod:`.views` declares it; :mod:`.table` holds the records of cards in
play (``Hocus``, ``Pocus``, ``Pending``), so those modules never import the state at
run time. Why: the effects and checks were once mixins of the State, sharing its
attributes by an unwritten contract that neither a reader nor mypy could check.

Public beyond the spec (what widgets may import, ``docs/design.md``): :func:`card_label`
(how people read a card name). Everything else a presenter shows comes from the view:
``card_info`` (per card name), ``kinds`` (per kind in play: copies, printed numbers,
what stops a Hocus) and ``hocus["forecast"]`` (what the Pocus window does if everyone
passes now).
"""

from ...core import GameSpec, Option, flag_option, seat_option
from .bot import HocusPocusBot
from .cards import CARD_TABLE, card_label, merge_table
from .state import HocusPocusState
from .views import HocusPocusView

SPEC = GameSpec(
    id="hocus-pocus",
    name="Hocus Pocus",
    min_players=2,
    max_players=6,
    state_class=HocusPocusState,
    rules=HocusPocusState.rules,
    options=[
        Option("deck", {}, "card table overrides: {kind: copies} or, for numbered kinds, "
                           "{kind: [value per copy]}",
               lambda value, players: merge_table(value)),
        Option("quick", False, "the quick game: 15 Gems in the Cauldron whatever the player count",
               flag_option("quick")),
        Option("first_player", 0, "seat that takes the first turn (the rulebook: the youngest)",
               seat_option("first_player")),
    ],
    kind="competitive",
    timing="reactions",
    bots={"heuristic": HocusPocusBot},
    presenter="hocus_pocus",
    summary="Cast Hocus spells for Gems; everyone piles Pocus cards on them to boost, turn or stop "
            "them. Most Gems when the Cauldron empties wins.",
    goal="Most Gems wins",
    how_to_play=(
        "Collect Gems: when the Cauldron is empty, whoever holds the most Gems wins.",
        "On your turn, cast Hocus cards from your Hand or your face-up Grimoire, one at a time.",
        "After each Hocus anyone, you included, may pile Pocus cards on it to boost it, turn it "
        "towards someone else or stop it; when nobody adds one, it takes effect.",
        "End your turn by drawing two cards or taking one Gem from the Cauldron.",
        "Special cases: after drawing you keep at most five Hand cards; a Grimoire with fewer "
        "than three cards is refilled from your Hand at once; at most three Grimoire swaps "
        "before each Hocus (a house rule).",
    ),
    public_scores=True,
    view_type=HocusPocusView,
)

__all__ = ["CARD_TABLE", "SPEC", "HocusPocusState", "HocusPocusView", "card_label"]
