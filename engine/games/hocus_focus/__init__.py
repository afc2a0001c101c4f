"""Hocus Focus (48 wizard cards; rules in Spanish), every rule: the real-time race.

A wizard is turned up from the draw pile; everyone races to point at one of the 12
face-up wizards that has nothing in common with it: another size, and another colour of
hat, robe, shoes and wand. The first right call wins that wizard; first to 10 wins.

Time is an input. In timed play (the default) each round every seat makes one action,
naming the ``round`` it answers (the view's ``round``; a call for another round is refused):

- ``{"type": "claim", "round": 3, "card": "wide-PRTG", "ms": 2350, "point_ms": 400}``:
  "Kazaam!" at ``ms`` milliseconds after the card was turned, pointing at a face-up wizard
  ``point_ms`` later (default 0; only the expert game's time limit reads it);
- ``{"type": "no-match", "round": 3, "ms": 5100}``: no face-up wizard fits;
- ``{"type": "pass", "round": 3}``: give up the round.

Calls stay sealed until every seat has acted; then the round is judged by ``ms`` alone
(earliest first; calls within ``tie_ms`` of each other are a tie), so arrival order never
matters and the same seed and calls always give the same game. ``legal_actions`` lists
each call with ``ms: 0``; a caller sets the real time on a copy: ``dict(action, ms=1234)``.
Untimed play (``timing="untimed"``) takes turns and its actions have no times:
``{"type": "claim", "round": 3, "card": "wide-PRTG"}``, ``{"type": "no-match", "round": 3}``,
``{"type": "pass", "round": 3}``.

Public beyond the spec (what widgets may import): :func:`shared` (the attributes two
wizards have in common: the feedback on a wrong claim) and :func:`card_facts`. The view's
``cards`` gives every visible wizard's size and colours.
"""

from ...core import GameSpec, Option, count_option, flag_option, seat_option
from ...rules import N_, brief
from .bot import BOTS, LEVELS, AdaptiveBot, HocusFocusBot
from .state import MAX_MS, TIE_CALLS, HocusFocusState, check_tie_calls, check_timing
from .views import HocusFocusView
from .wizards import HOUSE_DECK, MAX_DECK, card_facts, check_deck, shared

LANGUAGES = ("en", "es")
"""The languages this game's texts are translated to (the widgets' catalogue holds them)."""


def check_language(value: object, players: int) -> str:
    """The ``language`` option: the table's language, read only by the widgets."""
    if value not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {brief(value)}")
    return value


OPTIONS = [
    Option("deck", [], "house data: a list of distinct wizard ids ('thin-RPGT': size, then hat, "
                       "robe, shoes, wand colours R/P/G/T); [] is the house deck of 48",
           lambda value, players: check_deck(value)),
    Option("target", 10, "wizards a player needs to win (the rulebook: 10)",
           count_option("target", 1, MAX_DECK)),
    Option("timing", "timed", "'timed': a race, each call carries its ms; 'untimed': players take "
                              "turns (for teaching and accessibility)",
           check_timing, choices=("timed", "untimed")),
    Option("tie_ms", 100, "calls within this many milliseconds of the earliest call are simultaneous",
           count_option("tie_ms", 0, 5000)),
    Option("tie_calls", "any", "which simultaneous calls tie: 'any' (the rulebook: whatever they point "
                               "at) or 'right' (only right calls; a wrong one is judged alone)",
           check_tie_calls, choices=TIE_CALLS),
    Option("expert", False, "the expert rule: a wrong call also loses a won wizard out of the game",
           flag_option("expert")),
    Option("point_limit_ms", 3000, "expert game: pointing later than this after calling is wrong",
           count_option("point_limit_ms", 0, MAX_MS)),
    Option("first_player", 0, "untimed play: the seat that looks first in round one",
           seat_option("first_player")),
    Option("language", "en", "the table's language, 'en' (English) or 'es' (Spanish); the rules "
                             "ignore it, the widgets draw every text of the game in it",
           check_language, choices=LANGUAGES),
]

SPEC = GameSpec(
    id="hocus-focus",
    name="Hocus Focus",
    min_players=2,
    max_players=6,
    state_class=HocusFocusState,
    rules=HocusFocusState.rules,
    options=OPTIONS,
    kind="competitive",
    timing="real-time",
    bots=BOTS,
    presenter="hocus_focus",
    summary=N_("Race to spot the wizard with nothing in common with the turned card: another "
               "size, and every garment another colour."),
    goal=N_("First to 10 wizards wins"),
    how_to_play=(
        N_("A wizard is turned up from the draw pile; look for a face-up wizard of another size "
           "whose hat, robe, shoes and wand are all other colours."),
        N_("Call Kazaam! and point at it: a right call wins it, a wrong one bars you for the round."),
        N_("If no face-up wizard fits, call No match! to win the turned card."),
        N_("With a screen reader, or to learn the game, choose untimed play (the timing option): "
           "players take turns and nothing is timed."),
    ),
    public_scores=True,
    default_kind="adaptive",
    view_type=HocusFocusView,
)

__all__ = ["BOTS", "HOUSE_DECK", "LEVELS", "SPEC", "AdaptiveBot", "HocusFocusBot", "HocusFocusState",
           "HocusFocusView", "card_facts", "shared"]
