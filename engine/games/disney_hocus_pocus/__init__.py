"""Disney Hocus Pocus: The Game (Ravensburger 2020, Prospero Hall), cooperative, every rule.

The table plays Ingredients onto five Cauldron piles, each matching its pile's top by
colour or type, without talking: one yes/no question a turn is all the team learns. Five
tops of one colour stun Sarah, of one ingredient Mary, of one ingredient in five colours
Winifred; three stuns and the sun rises (everyone wins). A required draw from an empty
deck loses (everyone). ``winners`` is every seat or none; ``scores`` is the stuns so far.

Actions (JSON objects; cards are named ``colour:type`` or ``colour:type:binx|book``; each
type's fields are declared once, in :data:`.state.ACTIONS`):

- ``{"type": "ask", "about": "colour", "value": "purple"}`` (or ``"ingredient"``, a type);
  every other player's truthful answer is computed and made public
- ``{"type": "play", "card": "blue:oil-of-boil", "pile": 2}``; ``{"type": "no-play"}`` when
  no card can be played (a Spell is cast), then ``{"type": "discard", "cards": [...]}``
- ``{"type": "binx", "seat": 1}`` (after playing a Binx card)
- ``{"type": "circle-of-salt"}`` or ``{"type": "accept-spell"}`` (a Spell was just drawn)
- ``{"type": "daylight-savings", "with": 2, "card": "..."}``, then seat 2 answers with
  ``{"type": "give", "card": "..."}``; ``{"type": "billy-butcherson"}``;
  ``{"type": "burning-rain", "cards": [three cards]}``

Options: ``first_player`` (0), ``cauldron`` (``"printed"``: each empty pile shows its printed
space, house data; ``"open"``: an empty pile takes any card), ``spells`` (house data:
``{id: {"name", "caster", "effect", "copies"}}`` overrides; ``copies: 0`` turns one off),
``symbols`` (house data: ``{"binx": [...], "book": [...]}``, which Ingredients show them).
"""

from collections.abc import Mapping

from ...core import GameSpec, Option, seat_option
from ...rules import brief
from .bot import DisneyHocusPocusBot
from .cards import (
    COLOURS,
    HOUSE_SPELLS,
    HOUSE_SYMBOLS,
    SPELL_EFFECTS,
    TYPES,
    WITCHES,
    merge_spells,
    merge_symbols,
    parse,
)
from .state import ACTIONS, DisneyHocusPocusState
from .views import DisneyHocusPocusView


def _cauldron(value: object, players: int) -> str:
    if value not in ("printed", "open"):
        raise ValueError(f"cauldron must be 'printed' or 'open', not {brief(value)}")
    return value


def spell_study(spells: Mapping[str, dict] | None = None) -> dict[str, dict]:
    """The Spells' effect as a comparison for ``lab(..., compare=...)``: the game's options
    with every Spell, then with each Spell turned off in turn (label -> options).

    ``spells`` is a ``spells`` option to start from (the house table when left out).
    """
    base = dict(spells or {})
    table = merge_spells(base)
    study = {"all Spells": {"spells": base}}
    for sid, entry in table.items():
        if entry["copies"]:
            study[f"without {entry['name']}"] = {"spells": {**base, sid: {**base.get(sid, {}), "copies": 0}}}
    return study


SPEC = GameSpec(
    id="disney-hocus-pocus",
    name="Disney Hocus Pocus: The Game",
    min_players=2,
    max_players=6,
    state_class=DisneyHocusPocusState,
    rules=DisneyHocusPocusState.rules,
    options=[
        Option("first_player", 0, "seat that takes the first turn (the rulebook: who last lit a candle)",
               seat_option("first_player")),
        Option("cauldron", "printed", "'printed' (house data: each space's picture is its first top) "
               "or 'open' (an empty pile takes any card)", _cauldron),
        Option("spells", {}, "house data: {spell id: {'name', 'caster', 'effect', 'copies'}} "
               "overrides; copies 0 turns a Spell off", lambda value, players: merge_spells(value)),
        Option("symbols", {}, "house data: {'binx': [...], 'book': [...]} Ingredients showing "
               "each symbol", lambda value, players: merge_symbols(value)),
    ],
    kind="cooperative",
    timing="turns",
    bots={"heuristic": DisneyHocusPocusBot},
    presenter="disney_hocus_pocus",
    summary="Cooperative: match Ingredients in the Cauldron without talking; stun the witches "
            "three times before the deck runs out.",
    goal="Three stuns before the deck runs out: all win or all lose",
    how_to_play=(
        "Ask one question: who has this colour, or this ingredient? Everyone else answers yes or no.",
        "Play a card on a pile whose top shares its colour or ingredient; if you cannot, a Spell "
        "is cast and you replace cards.",
        "Five tops of one colour, one ingredient, or one ingredient in five colours stun a witch.",
    ),
    public_scores=True,
    view_type=DisneyHocusPocusView,
)

__all__ = ["ACTIONS", "COLOURS", "HOUSE_SPELLS", "HOUSE_SYMBOLS", "SPEC", "SPELL_EFFECTS", "TYPES", "WITCHES",
           "DisneyHocusPocusState", "DisneyHocusPocusView", "parse", "spell_study"]
