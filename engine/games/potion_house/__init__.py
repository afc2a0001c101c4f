"""Potion House (Blue Orange; French "La Cabane a Potions"; design Frederic Lamy), every rule.

A memory game for 2-5 players. Forty ingredient tokens are hidden, ten in each of four
storage spaces, for the whole game. Each player holds 2-5 face-down ingredient cards
(declared before drawing, looked at once). On your turn either search one space (everyone
sees its tokens, for that moment only) or concoct: turn your cards over and place each by
the space you think holds its token; the check stops at the first mistake. A working
potion scores its number of cards. When a bag holds four potions the round is finished;
the highest total wins, then the fewer potions, else the victory is shared.

Actions (JSON objects; ingredients by id, as in the view's ``card_info``; storage
spaces 0-3):

- ``{"type": "declare", "count": 3}``: say how many cards (2-5) you draw, then draw them
- ``{"type": "search", "space": 2}``: open one storage space
- ``{"type": "concoct"}``: turn your cards face up to make a potion
- ``{"type": "assign", "card": "moonflower", "space": 1}``: place one of the potion's cards
  by a space (one action per card, in the order you choose; the last one starts the check)

Options: ``keep_cards_visible`` (False; True is an easier house variant: your own cards stay
in your view), ``first_player`` (0; the rulebook's "last to have watched a film about
sorcery"), ``ingredients`` (house data: names and look-alike families, see
:mod:`.ingredients`). Reference: ``docs/games/potion-house.md``.
"""

from ...core import GameSpec, Option, flag_option, seat_option
from .bot import BOTS
from .ingredients import HOUSE_INGREDIENTS, merge_ingredients
from .state import PotionHouseState
from .views import PotionHouseView

SPEC = GameSpec(
    id="potion-house",
    name="Potion House",
    min_players=2,
    max_players=5,
    state_class=PotionHouseState,
    rules=PotionHouseState.rules,
    options=[
        Option("keep_cards_visible", False,
               "easier house variant: your own cards stay visible to you (the rulebook keeps "
               "them face down)", flag_option("keep_cards_visible")),
        Option("first_player", 0,
               "seat that starts (the rulebook: the last to have watched a film about sorcery)",
               seat_option("first_player")),
        Option("ingredients", {},
               "house data: {id: {'name': ..., 'family': ...}} renames ingredients or changes "
               "their look-alike family", lambda value, players: merge_ingredients(value)),
    ],
    kind="competitive",
    timing="turns",
    bots=BOTS,
    presenter="potion_house",
    summary="Remember where the ingredients are hidden in the attic, then concoct potions from "
            "your face-down cards. Highest total of four potions wins.",
    goal="Highest total of potions when a bag is full wins",
    how_to_play=(
        "Say how many cards (2-5) you draw, look at them once: then they stay face down.",
        "On your turn, open one storage space (everyone sees its ten tokens, for a moment) or "
        "concoct: place each of your cards by the space that hides its ingredient.",
        "A potion that works is worth its number of cards; four potions fill a bag and end the "
        "game once the round is complete.",
    ),
    public_scores=True,
    view_type=PotionHouseView,
)

__all__ = ["HOUSE_INGREDIENTS", "SPEC", "PotionHouseState", "PotionHouseView"]
