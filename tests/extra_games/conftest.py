"""The throwaway games' own tests run only where the games are registered.

``test_extra_games.py`` runs the generic suites (and these rules tests) in a fresh
pytest with ``WITCHTABLE_EXTRA_GAMES=pebbles,pebbles_team`` and this folder importable;
a plain run of the whole suite, where they are not registered, skips collecting them.
"""

from __future__ import annotations

from witchtable.engine import GAMES

collect_ignore_glob = [] if "pebbles" in GAMES else ["test_pebbles_*.py"]
