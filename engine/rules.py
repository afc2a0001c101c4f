"""Rule registry and the error every illegal move raises.

Each rule the engine enforces has an id (``game/topic/detail``), the rulebook section
it comes from, and a one-line summary written for this project (never rulebook text).
An illegal move raises :class:`IllegalAction` naming the rule it broke, so a player, a
test, or the explorer can always say *why*.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    """One enforced rule: where it comes from and what it says, in our words."""

    id: str
    section: str
    summary: str
    ruling: str = ""
    """Non-empty where the rulebook is ambiguous: the decision taken and why."""

    def to_json(self) -> dict:
        data = {"id": self.id, "section": self.section, "summary": self.summary}
        if self.ruling:
            data["ruling"] = self.ruling
        return data


class IllegalAction(ValueError):
    """An action the rules forbid (or that is not an action at all).

    ``rule`` is the id of the rule that forbids it; ``message`` says in plain words what
    was wrong and, where it helps, what would be right.

    >>> err = IllegalAction("core/out-of-turn", "It is Player 2's turn.")
    >>> err.rule, str(err)
    ('core/out-of-turn', "It is Player 2's turn. [rule core/out-of-turn]")
    """

    def __init__(self, rule: str, message: str):
        super().__init__(f"{message} [rule {rule}]")
        self.rule = rule
        self.message = message


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

    def illegal(self, rule_id: str, message: str) -> IllegalAction:
        """Build the error for breaking ``rule_id``; the id must be registered."""
        if rule_id not in self._rules:
            raise KeyError(f"unregistered rule id {rule_id!r}")
        return IllegalAction(rule_id, message)


CORE_RULES = (
    Rule("core/out-of-turn", "Engine",
         "Only the seats listed in to_act may act now; everyone else must wait."),
    Rule("core/action-format", "Engine",
         "An action is a JSON object with a 'type' the game knows and the fields that type needs."),
    Rule("core/game-over", "Engine", "Once the game has ended nobody may act."),
    Rule("core/undo", "Engine", "Undo takes back an action that was played; there must be one."),
)
