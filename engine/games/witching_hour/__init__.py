"""Witching Hour (Bruce Baskir, Indie Boards & Cards 2017), every rule.

Attack opponents with sets of one card type; they block with as many cards of one type,
reflect with Mirrors, stop it with a Familiar, or take the cards into their Hex pile.
Three rounds; the Hex piles score by each type's track; the lowest total wins.

Actions (JSON objects):

- ``{"type": "attack", "target": 2, "card": "bell", "count": 3, "candle": true}``
  (``count`` cards of ``card``, plus one Candle if ``candle``; an all-Candle attack is
  ``card: "candle"`` with ``candle: false``)
- ``{"type": "block", "card": "mirror", "count": 2, "candle": true}`` (Mirrors reflect)
- ``{"type": "familiar"}``, ``{"type": "take"}``
- ``{"type": "book", "target": 1}``, ``{"type": "chalice", "target": 0}``,
  ``{"type": "cauldron"}``, ``{"type": "hourglass"}``, ``{"type": "skull"}``
- ``{"type": "pick", "card": "candle"}`` (what a Skull or Hourglass brings back)
- ``{"type": "split", "keep": "bell", "give": "skull", "to": 1}`` (a Cauldron's two cards)

Options: ``deck`` (house data: copies and point tracks per type, see :mod:`.deck`),
``rounds`` (3), ``first_player`` (0; the rulebook's "youngest player"), ``open_scores``
(False; True keeps every round's scores and the totals open: a teaching aid).

Views: ``round_scores``, ``totals``, ``round_totals`` (each round's running totals, the
score floor applied) and ``last_round`` hold ``None`` for what a seat may
not see (scoring/public): its own tokens are its own, the last round's scores are open
while announced (until the next round's first move), every total from the end of the
last scheduled round on; ``scores_open`` says whether they all are.

Public beyond the spec (what widgets may import, ``docs/design.md``): :func:`card_words`
(cards as the texts say them: "3 Bells and a Candle") and :func:`read_selection` (cards
picked by hand read as the attack or block they make, or refused by the rule they break,
so a table decides no rule). Everything else a presenter shows
about the cards comes from the view's ``card_info`` (per type: name, plural, copies in
this game, point track, order).
"""

from ...core import GameSpec, Option, count_option, flag_option, seat_option
from .bot import WitchingHourBot
from .deck import HOUSE_DECK, card_words, merge_deck
from .selection import read_selection
from .state import WitchingHourState
from .views import PickPending, SplitPending, WitchingHourView

SPEC = GameSpec(
    id="witching-hour",
    name="Witching Hour",
    min_players=2,
    max_players=5,
    state_class=WitchingHourState,
    rules=WitchingHourState.rules,
    options=[
        Option("deck", {}, "house data: {type: {'copies': n, 'points': [...]}} overrides the house table",
               lambda value, players: merge_deck(value)),
        Option("rounds", 3, "rounds before the lowest total wins (the rulebook: 3)",
               count_option("rounds", 1, 20)),
        Option("first_player", 0, "seat that starts round one (the rulebook: the youngest)",
               seat_option("first_player")),
        Option("open_scores", False, "a teaching aid: every round's scores and the totals stay "
                                     "open all game (the rulebook turns the score tokens face down)",
               flag_option("open_scores")),
    ],
    kind="competitive",
    timing="turns",
    bots={"heuristic": WitchingHourBot},
    presenter="witching_hour",
    summary="Hex your opponents with sets of cards; block, reflect, or take them. Lowest score wins.",
    goal="Lowest total after three rounds wins",
    how_to_play=(
        "Points are bad: every card in your Hex pile scores against you, and the lowest total "
        "after three rounds wins.",
        "On your turn, attack another player with cards of one type (one Candle may join them), "
        "or play a Book, Cauldron, Chalice, Hourglass or Skull for its power.",
        "The player attacked blocks with as many cards of one type (both sets are discarded), "
        "reflects it back at the attacker with Mirrors, stops it with a Familiar, or takes the "
        "cards into their Hex pile.",
        "Special cases: one Candle may join a set of another type, and Candles alone make a set "
        "of any size; Bells never block; each Toadstool in an attack costs its attacker a "
        "random discard into their own Hex pile.",
        "When at most one player still holds cards the round ends: their hand goes into their "
        "Hex pile, and each Hex pile scores by its type's track.",
    ),
    public_scores=True,
    view_type=WitchingHourView,
)

__all__ = ["HOUSE_DECK", "SPEC", "PickPending", "SplitPending", "WitchingHourState", "WitchingHourView",
           "card_words", "read_selection"]
