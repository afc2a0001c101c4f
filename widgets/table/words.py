"""Engine texts in the table's language: the engine words its texts in English, so a
table in another language finds the template behind one and translates that."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...engine.core import Game
from ..i18n import LANGUAGES, _, language


def reworded(text: str, templates: Sequence[str]) -> str:
    """An engine text made from one of ``templates`` (``"... {name} ..."``) in the active
    language: the template that made it is found, translated and filled in again."""
    for template in templates:
        pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.+?)", re.escape(template))
        found = re.fullmatch(pattern, text)
        if found:
            return _(template).format(**found.groupdict())
    return text


def language_of(game: Game) -> str:
    """A game's language: its ``language`` option when it has one with a catalogue, else English."""
    language = game.options.get("language", "en")
    return language if language in LANGUAGES else "en"


def refusal_text(message: str, summary: str) -> str:
    """An engine refusal in the active language: the engine words its refusals in English
    with the input in them, so another language shows the rule's translated summary."""
    translated = _(summary)
    if translated == summary or language() == "en":
        return message  # English, or a rule the catalogue does not translate: the engine's own
    return _("Not allowed: {rule}").format(rule=translated)
