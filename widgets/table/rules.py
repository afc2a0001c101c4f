"""The table's ways to the rules: How to play, a rule opened in place, the rules page.

Both tables show them and they depend only on the game and where its rules page is,
so they are plain functions of those.
"""

from __future__ import annotations

from ...engine.core import Game
from ...engine.rules import Rule
from ..i18n import _


def rules_anchor(rule: Rule) -> str:
    """Where on its game's rules page a rule is explained: its ruling, the house data it
    states, or the rules table (tests/widgets/test_rules_pages.py checks each rule's page has it)."""
    return "#rulings" if rule.ruling else "#house-data" if rule.house else "#rules"


def rules_link(game: Game, url: str | None, anchor: str = "") -> dict:
    """The game's rules page: its address where the host serves one (the site), else the
    reference's path in the project (``docs/games/<id>.md``, a notebook has no site)."""
    return {"label": _("The full rules: every rule id, ruling and house setting"),
            "url": url + anchor if url and anchor else url, "path": f"docs/games/{game.id}.md"}


def rules_of_game(game: Game, url: str | None) -> dict | None:
    """The game-over panel's link to the game's rules page, "Rules of <game>" (None where
    the host serves no such page: a notebook's How to play names the file instead)."""
    if not url:
        return None
    return {"label": _("Rules of {game}").format(game=game.spec.name), "url": url}


def reference(game: Game, rule_id: str, url: str | None) -> dict:
    """A rule opened in place: its rulebook section, the project's ruling and why (where
    the rulebook is ambiguous), whether it states house data, and the rules page."""
    rule = game.rules[rule_id]
    return {"rule": rule.id, "title": _("Where this rule comes from"),
            "section": _("Rulebook section"), "source": rule.section,  # cited as the rulebook names it
            "ruling": _("Our ruling (the rulebook is ambiguous here): {ruling}")
            .format(ruling=_(rule.ruling)) if rule.ruling else None,
            "house": _("House data: the rulebook does not print these numbers; the project's own "
                       "table is used (a game option can replace it).") if rule.house else None,
            "link": rules_link(game, url, rules_anchor(rule))}


def howto(game: Game, url: str | None, opens: bool) -> dict:
    """The How to play panel: the registry's goal, turn and special cases, and the rules page.

    Every game fills it from its ``GameSpec`` (``goal``, ``summary``, ``how_to_play``);
    ``opens`` asks the front end to show it by itself; the person can open and close it
    at any time.
    """
    spec = game.spec
    return {"title": _("How to play {game}").format(game=spec.name), "goal": _(spec.goal),
            "summary": _(spec.summary), "lines": [_(line) for line in spec.how_to_play],
            "rules": rules_link(game, url), "open": opens}
