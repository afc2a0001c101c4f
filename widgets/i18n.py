"""One translation catalogue for every string the widgets show (gettext, domain ``witchtable``).

Presenters and controllers wrap their words in :func:`_` (or :func:`ngettext`); the
front end writes no words of its own: it takes every label it needs from the state's
``strings`` (:func:`ui_strings`), so ``table.js`` holds no English. The catalogues are
``locale/<lang>/LC_MESSAGES/witchtable.po`` (compiled to ``.mo`` beside them by
``tools/i18n.py``, checked fresh by a test) and ship inside the wheel, so the Pyodide
play pages read them from the installed package exactly as a notebook does.
"""

from __future__ import annotations

import contextlib
import functools
import gettext
from collections.abc import Iterator
from pathlib import Path

DOMAIN = "witchtable"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = ("en", "es")
"""The languages with a catalogue (English is also the source text)."""

_active: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


@functools.cache
def _catalogue(language: str) -> gettext.NullTranslations:
    if language not in LANGUAGES:
        raise ValueError(f"no catalogue for language {language!r}; there are: {', '.join(LANGUAGES)}")
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])


def use(language: str = "en") -> None:
    """Show the widgets in ``language`` (one of :data:`LANGUAGES`)."""
    global _active, _language
    _active, _language = _catalogue(language), language


def language() -> str:
    """The active language's code."""
    return _language


@contextlib.contextmanager
def using(language: str) -> Iterator[None]:
    """Speak ``language`` inside the block, then the language before it again: each table
    draws in its own game's language, so two tables in one notebook may differ."""
    before = _language
    use(language)
    try:
        yield
    finally:
        use(before)


def _(message: str) -> str:
    """``message`` in the active language."""
    return _active.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` things, in the active language."""
    return _active.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the active language where the same English word needs a context
    (a colour's one-letter mark: ``pgettext("colour letter", "G")``)."""
    return _active.pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it yet (tables of words)."""
    return message


BOTS = {
    "random": (N_("random"), N_("any legal move")),
    "heuristic": (N_("heuristic"), N_("plays sensibly")),
    "easy": (N_("easy"), N_("slower, and slips more often")),
    "hard": (N_("hard"), N_("quick, and rarely wrong")),
    "adaptive": (N_("adaptive"), N_("keeps pace with you: its speed follows your own")),
    "perfect": (N_("perfect memory"), N_("remembers every token it has seen")),
    "human": (N_("human memory"), N_("forgets what it saw, as a person does")),
    "human-easy": (N_("forgetful"), N_("forgets what it saw quickly")),
    "human-hard": (N_("sharp memory"), N_("forgets what it saw slowly")),
}
"""Every bot kind's word and what it does: the table's badge ("bot · heuristic") and the
setup form's menu ("Heuristic: plays sensibly") say the same (a kind missing here fails
``tests/widgets/test_widget_words.py``)."""


def bot_word(kind: str | None) -> str | None:
    """A bot kind in words, in the active language (``None``, a person's seat, stays ``None``)."""
    return _(BOTS[kind][0]) if kind in BOTS else kind


def bot_choice(kind: str) -> str:
    """A bot kind as a menu offers it: its word and what it does."""
    if kind not in BOTS:
        return kind
    word, what = BOTS[kind]
    return _("{word}: {what}").format(word=_(word), what=_(what)).capitalize()


UI_STRINGS = {
    # the header, notices and hand-off
    "mode_explore": N_("Rules explorer"),
    "mode_lab": N_("Simulation lab"),
    "controls": N_("Game controls"),
    "rule_behind": N_("The rule behind this"),
    "dismiss": N_("Dismiss this message"),
    "gameover": N_("Game over"),
    "handoff": N_("Hand-off"),
    "handoff_turn": N_("{name}'s turn"),
    # players
    "players": N_("Players"),
    "you": N_("you"),
    "bot": N_("bot · {kind}"),
    "to_act": N_("to act"),
    "comma_to_act": N_(", to act"),
    "attacking": N_("attacking"),
    "defending": N_("defending"),
    "winner": N_("winner"),
    "team_won": N_("won together"),
    "no_cards": N_("no cards"),
    "hand_of": N_("{name}'s hand"),
    "empty_hand": N_("empty hand"),
    "none": N_("none"),
    # the table
    "table": N_("Table"),
    "board": N_("The board"),
    "play_here": N_("Play from this position"),
    "last": N_("Last"),
    "cards_one": N_("{n} card"),
    "cards_other": N_("{n} cards"),
    "pile_label": N_("{label}: {n} cards"),
    "card_of": N_("{name} {i} of {n}"),
    "no_cards_in_hand": N_("No cards in hand."),
    "hand_title": N_("{label} · {cards}"),
    # pickers
    "pick_for": N_("Cards to pick for: {title}"),
    "check_picked": N_("{verb} (check the picked cards)"),
    "clear": N_("Clear"),
    "choose_target": N_("Choose the target"),
    "target": N_("Target"),
    "target_of": N_("Target {label}"),
    "now_choose_target": N_(" · now choose a target"),
    "placed": N_(", placed {n}"),
    "not_placed": N_(", not placed yet"),
    "top_first": N_("Top first: {cards}"),
    "more_to_place": N_(" · {n} more to place"),
    "left_to_place": N_("{verb} ({n} not placed yet)"),
    "order_cards": N_("Cards to put in order"),
    "rule_n": N_("{text} (rule {rule})"),
    # side panels
    "log": N_("Game log"),
    "log_title": N_("What happened"),
    "log_list": N_("Game log, newest last"),
    "table_panel": N_("Table of figures"),
    "sees": N_("{name} sees: {text}"),
    "legend_title": N_("Cards"),
    "points": N_("Points {points}"),
    "n_more": N_("{n} more"),
    "whose_view": N_("Whose view"),
    "whose_cards": N_("Whose cards to show"),
    "timeline_jump": N_("Timeline: jump to a move"),
    "move_of": N_("move {n} of {length}"),
    "moves": N_("Moves"),
    "start_of_game": N_("Start of the game"),
    "timeline": N_("Timeline"),
    "timeline_title": N_("Timeline · move {n} of {length}"),
    "may_do": N_("What {name} may do"),
    "to_act_rules": N_("{name} to act: the rules behind each choice"),
    "allowed_by": N_("Allowed by"),
    "forbidden_by": N_("Forbidden by"),
    "save_box": N_("Save of this position (copy it out, or paste a save here and press Load)"),
    "copy": N_("Copy"),
    "copied": N_("Copied"),
    "save_load": N_("Save and load"),
    "save_title": N_("Save of this position"),
    "games_played": N_("Games played"),
    "games_of": N_("{done} / {total} games"),
    # reveals, grids and clocks
    "close": N_("Close"),
    "shown_to": N_("Shown to {names}"),
    "spread": N_("Spread out"),
    "closes_in": N_("closes in {s} s"),
    "pick_grid": N_("Cards on the table to pick"),
    "clock": N_("Clock"),
    "seconds": N_("{s} s"),
    # how to play, narration and keys
    "howto": N_("How to play"),
    "howto_hint": N_("How to play: the goal, a turn, the special cases and the full rules"),
    "howto_again": N_("Open this again at any time with the How to play button (key R)."),
    "goal_is": N_("Goal: {goal}."),
    "your_turn": N_("Your turn. {text}"),
    "while_bots": N_("While you waited:"),
    "keys_title": N_("Keyboard shortcuts"),
    "key_tab": N_("Next group (toolbar, hand, targets, each row of choices)"),
    "key_arrows": N_("Move inside a group; in the hand, from one kind of card to the next"),
    "key_space": N_("Pick or unpick the card, or press the button"),
    "key_set": N_("Pick every copy of this card (the whole set)"),
    "key_hand": N_("Go to your hand"),
    "key_target": N_("Next target"),
    "key_confirm": N_("Play the picked cards (Enter while in the hand)"),
    "key_digits": N_("The choice with that number"),
    "key_undo": N_("Undo"),
    "key_skip": N_("Skip the bots"),
    "key_howto": N_("How to play"),
    "key_keys": N_("This list"),
    "key_close": N_("Close this list or the How to play panel"),
    "variations": N_("Variations"),
    "key_step": N_("Timeline: one move back or forward (outside a group of buttons)"),
    "key_ends": N_("Timeline: the start or the end of the line"),
    "key_turn": N_("Timeline: the previous or the next turn"),
    # a saved notebook: the snapshot, a table whose kernel is gone
    "snapshot_note": N_("A still picture of this table at move {n}, kept in the notebook; "
                        "run the cell to play."),
    "kernel_gone": N_("This table's kernel is gone: run the cell again to bring the table back."),
    "kernel_silent": N_("No answer from this table's kernel for {s} s: it may be busy; if it is gone, "
                        "run the cell again."),
    "assets_missing": N_("This table's code is not in the notebook: run the cell again."),
}
"""Every word ``table.js`` writes, by id; placeholders in braces are filled in by the front end."""


def ui_strings() -> dict[str, str]:
    """The front end's words in the active language (the state's ``strings``)."""
    return {key: _(text) for key, text in UI_STRINGS.items()}


use("en")
