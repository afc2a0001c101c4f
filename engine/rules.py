"""Rule registry and the error every illegal move raises.

Each rule the engine enforces has an id (``game/topic/detail``), the rulebook section
it comes from, and a one-line summary written for this project (never rulebook text).
An illegal move raises :class:`IllegalAction` naming the rule it broke, so a player, a
test, or the explorer can always say *why*.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

BRIEF_LIMIT = 60
"""The longest piece of a player's input that an error message repeats back."""
REFUSAL_LIMIT = 400
"""The longest refusal an :class:`IllegalAction` says: every refusal passes through it, so a
message that quoted input whole by mistake is still cut short here."""

_FIELD = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}")


def fill(template: str, values: Mapping[str, object]) -> str:
    """``template`` with each ``{name}`` that ``values`` holds replaced by its value.

    Text that reaches a template (a house Spell's name, a card id from a save, a player's
    name) is data, never a format string: only plain ``{name}`` fields are filled, ``{{``
    and ``}}`` stand for braces, and anything else (``{caster.x}``, ``{actor:>999999}``,
    a lone brace, a name ``values`` lacks) stays as it is written, so no input can reach an
    attribute, an index or a width.

    >>> fill("{actor} casts {spell}", {"actor": "Ana", "spell": "{actor.x} {p0:>9999}"})
    'Ana casts {actor.x} {p0:>9999}'
    >>> fill("{{literal}} {missing} {actor}", {"actor": 1})
    '{literal} {missing} 1'
    """
    def one(match: re.Match) -> str:
        token = match.group(0)
        if token == "{{":
            return "{"
        if token == "}}":
            return "}"
        name = match.group(1)
        return str(values[name]) if name in values else token
    return _FIELD.sub(one, template)


def clip(text: str, limit: int = REFUSAL_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis marking the cut."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def brief(value: object, limit: int = BRIEF_LIMIT) -> str:
    """``repr(value)`` cut to ``limit`` characters: errors quote input, never all of it.

    Safe for any value (huge integers, deep nesting, odd objects), so a refusal can
    always say what it got.

    >>> brief("x" * 100).endswith("...' (102 characters)")
    True
    >>> brief(10 ** 5000)
    'a whole number of about 5000 digits'
    """
    if type(value) is int and value.bit_length() > 200:
        return f"a whole number of about {round(value.bit_length() * 0.30103)} digits"
    try:
        text = repr(value)
    except (RecursionError, ValueError):
        return f"a {type(value).__name__} too deep or too large to show"
    if len(text) <= limit:
        return text
    return f"{text[:limit - 4]}...{text[0] if text[0] in chr(34) + chr(39) else ''} ({len(text)} characters)"


def N_(text: str) -> str:
    """Mark an engine text (a log template, a rule's summary) for the widgets' translation
    catalogue: ``tools/i18n.py`` extracts it, the widgets translate it when they draw, and
    the engine itself keeps the English (it stays standard-library and language-free)."""
    return text


@dataclass(frozen=True)
class Rule:
    """One enforced rule: where it comes from and what it says, in our words."""

    id: str
    section: str
    summary: str
    ruling: str = ""
    """Non-empty where the rulebook is ambiguous: the decision taken and why."""

    @property
    def house(self) -> bool:
        """Whether the rule states the project's house data (numbers the rulebook does not
        print, a table of our own): by convention its id has a ``house`` part
        (``witching-hour/deck/house``)."""
        return "house" in self.id.split("/")[1:]

    def to_json(self) -> dict:
        """The rule as plain JSON (ruling only when there is one), for reference pages and the CLI."""
        data = {"id": self.id, "section": self.section, "summary": self.summary}
        if self.ruling:
            data["ruling"] = self.ruling
        return data


class IllegalAction(ValueError):
    """An action the rules forbid (or that is not an action at all).

    ``rule`` is the id of the rule that forbids it; ``message`` says in plain words what
    was wrong and, where it helps, what would be right.

    A message may name players through ``seats`` (placeholder -> seat): it reads
    "Player 2" by default and ``text(names)`` gives it with the table's names, so a
    refusal names players as the log does.

    >>> err = IllegalAction("core/out-of-turn", "It is {player}'s turn.", {"player": 1})
    >>> err.rule, str(err)
    ('core/out-of-turn', "It is Player 2's turn. [rule core/out-of-turn]")
    >>> err.text(["Ana", "Morgana"])
    "It is Morgana's turn."
    """

    def __init__(self, rule: str, message: str, seats: Mapping[str, int] | None = None):
        self.rule = rule
        self.template = clip(str(message))
        self.seats = dict(seats or {})
        self.message = self.text(None)
        super().__init__(f"{self.message} [rule {rule}]")

    def text(self, names: Sequence[str] | None) -> str:
        """The message with players named by ``names`` (default: "Player 1", ...)."""
        if not self.seats:
            return self.template
        def name(seat: int) -> str:
            if names is not None and 0 <= seat < len(names):
                return clip(str(names[seat]), BRIEF_LIMIT)
            return f"Player {seat + 1}"
        return clip(fill(self.template, {k: name(v) for k, v in self.seats.items()}))


class RuleBook:
    """The rules of one game (plus the engine's generic ones), by id."""

    def __init__(self, rules: Iterable[Rule]):
        self._rules: dict[str, Rule] = {}
        for rule in rules:
            if rule.id in self._rules:
                raise ValueError(f"duplicate rule id {rule.id!r}")
            self._rules[rule.id] = rule

    def __getitem__(self, rule_id: str) -> Rule:
        return self._rules[rule_id]

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rules

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    def illegal(self, rule_id: str, message: str,
                seats: Mapping[str, int] | None = None) -> IllegalAction:
        """Build the error for breaking ``rule_id``; the id must be registered."""
        if rule_id not in self._rules:
            raise KeyError(f"unregistered rule id {rule_id!r}")
        return IllegalAction(rule_id, message, seats)


CORE_RULES = (
    Rule("core/out-of-turn", "Engine",
         N_("Only the seats listed in to_act may act now; everyone else must wait.")),
    Rule("core/action-format", "Engine",
         N_("An action is a JSON object with a 'type' the game knows and the fields that type needs.")),
    Rule("core/game-over", "Engine", N_("Once the game has ended nobody may act.")),
    Rule("core/undo", "Engine", N_("Undo takes back an action that was played; there must be one.")),
    Rule("core/undo-replies", "Engine",
         N_("A player's undo at a table reaches back only to their own last decision, and not once "
            "another seat has answered it."),
         ruling=N_("An answer (a pass, a block, a take) comes from cards the player cannot see; "
                   "undoing it and trying again would read them. Practice tables may allow it, "
                   "and say so.")),
)
