"""witchtable's rules engine: pure Python (standard library only), seeded, deterministic.

The public API (a contract other parts and outside checks rely on):

>>> from witchtable.engine import GAMES, new_game, load_game, IllegalAction
>>> game = new_game("witching-hour", players=3, seed=7)
>>> game.to_act
(0,)
>>> action = game.legal_actions(0)[0]
>>> action["type"]
'attack'
>>> game.apply(0, action)
>>> load_game(game.to_json()).view(1) == game.view(1)
True
>>> try:
...     game.apply(2, {"type": "take"})
... except IllegalAction as err:
...     print(err.rule)
core/out-of-turn
"""

from . import games as _games  # noqa: F401  (registers the games)
from .core import GAMES, Game, GameSpec, Move, Option, SaveError, load_game, narrate, new_game
from .rules import IllegalAction, Rule, RuleBook

__all__ = ["GAMES", "Game", "GameSpec", "IllegalAction", "Move", "Option", "Rule", "RuleBook",
           "SaveError", "load_game", "narrate", "new_game"]
