"""Potion House's view, declared: what ``game.view(seat)`` holds (the spec's ``view_type``).

Bots and presenters are typed against :class:`PotionHouseView`; the reference table of
``docs/games/potion-house.md`` is generated from it and a test checks every view of random
games against it. Each key's meaning is the string under it.
"""

from typing import Annotated, Literal, TypedDict

from ...views import CommonView, Seat, TypeName

IngredientId = Annotated[str, TypeName("ingredient")]
"""An ingredient (card or token): its house name in lower case, hyphenated (`newts-eye`)."""


class Placed(TypedDict):
    """A potion's card placed on a storage space."""

    card: IngredientId
    """the card"""
    space: int
    """the storage space it names (0 to 3)"""


class Checked(Placed):
    """A potion's card as its check turned it over."""

    found: bool | None
    """whether its token was in that space (`null`: after the first mistake, not checked)"""


class Search(TypedDict):
    """A search: the searched space's tokens, shown to everyone."""

    kind: Literal["search"]
    """always `search`"""
    seat: Seat
    """who searched"""
    space: int
    """the space searched"""
    tokens: list[IngredientId]
    """the tokens in it"""


class Check(TypedDict):
    """A potion's check, shown to everyone."""

    kind: Literal["check"]
    """always `check`"""
    seat: Seat
    """whose potion"""
    success: bool
    """whether every token was where its card said"""
    cards: list[Checked]
    """each card with its space and what the check found"""


class Potion(TypedDict):
    """A potion being concocted, face up for all."""

    seat: Seat
    """who concocts it"""
    cards: list[IngredientId]
    """its cards not yet placed"""
    placed: list[Placed]
    """its cards placed so far, each with its space"""


Supply = TypedDict("Supply", {"2-3": Annotated[int, "tokens left with 2 and 3 on their sides"],
                              "4-5": Annotated[int, "tokens left with 4 and 5 on their sides"]})
"""Potion tokens left, by kind (keys that are not names: declared in the functional form)."""


class Ingredient(TypedDict):
    """One ingredient of the table in use."""

    name: str
    """its name"""
    family: str
    """its family of look-alikes"""


class PotionHouseView(CommonView):
    """Everything one seat (or a spectator) may know of a Potion House game."""

    phase: Literal["declare", "turn", "assign", "over"]
    """`declare` (drawing cards), `turn`, `assign` (placing a potion's cards), `over`"""
    current: Seat
    """whose turn it is"""
    first_player: Seat
    """who starts each round"""
    turn: int
    """turns begun (0 during the setup draws)"""
    round: int
    """rounds begun (0 during the setup draws)"""
    hand: list[IngredientId] | None
    """this seat's own cards, only while it looks at cards it just drew (until the next action)
    or with `keep_cards_visible`; else `null`"""
    hand_sizes: list[int]
    """how many cards each player holds"""
    looking: Seat | None
    """the seat looking at its new cards this moment, else `null`"""
    reveal: Search | Check | None
    """what everyone sees this moment, until the next action: a search or a check; else `null`"""
    potion: Potion | None
    """the potion being concocted, else `null`"""
    bags: list[list[int]]
    """each seat's bag: the values of its potions"""
    bag_size: int
    """the potions a bag holds (4)"""
    totals: list[int]
    """each bag's sum"""
    potion_supply: Supply
    """potion tokens left by kind"""
    draw_size: int
    """the face-down draw pile's size"""
    discard_size: int
    """the discard pile's size"""
    discard_top: IngredientId | None
    """the discard pile's face-up top card (`null`: empty)"""
    spaces: int
    """the storage spaces (4)"""
    tokens_per_space: int
    """the tokens in each space (10)"""
    ending: bool
    """a bag is full and the round is being completed"""
    ended_by: Seat | None
    """the seat that filled a bag first (else `null`)"""
    keep_cards_visible: bool
    """the easier variant: a seat's own cards stay in its view"""
    card_info: dict[IngredientId, Ingredient]
    """the ingredient table in use"""
