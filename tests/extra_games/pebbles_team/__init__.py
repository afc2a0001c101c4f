"""Pebbles Together: Pebbles as a cooperative game (tests only; not shipped).

The same pile, cards and actions as :mod:`pebbles`; the table wins together when the
player holding the highest card takes the last pebble, and loses together otherwise.
"""

from pebbles import SPEC as PEBBLES
from pebbles.rules import RULES
from pebbles.state import PebblesState

from witchtable.engine.core import GameSpec, make_rulebook
from witchtable.engine.rules import Rule

TEAM_RULES = (
    Rule("pebbles-team/end/together", "Together",
         "The table wins together if the holder of the highest card takes the last pebble; else all lose."),
)


class PebblesTeamState(PebblesState):
    rules = make_rulebook(RULES + TEAM_RULES)
    game_id = "pebbles-team"

    @property
    def winners(self) -> list[int]:
        top = max(range(self.players), key=self.cards.__getitem__)
        return list(range(self.players)) if self.current == top else []


SPEC = GameSpec(
    id="pebbles-team",
    name="Pebbles Together",
    min_players=2,
    max_players=4,
    state_class=PebblesTeamState,
    rules=PebblesTeamState.rules,
    options=PEBBLES.option_list,
    kind="cooperative",
    summary="Share out a pile so that the holder of the highest card takes the last pebble.",
    goal="The table wins together, or loses together",
)
