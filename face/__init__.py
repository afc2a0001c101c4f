"""witchtable: play and explore witch-themed tabletop games in a notebook or a static site.

Usage (in a notebook cell)::

    from witchtable import play, explore, lab
    play("witching-hour", players=3)              # you (seat 0) vs two heuristic bots
    play("witching-hour", players=3, bots=None)   # pass-and-play for three people
    explore("witching-hour", players=4, seed=3)   # the rules explorer
    explore(link="wt1.eNrt…")                      # a position someone linked
    lab("witching-hour", players=4, games=500)    # simulations, charts
    play(variant="our-class.json")                # a house variant saved as a file

The widgets are imported lazily, so the engine and the command line work without
anywidget (in a Pyodide worker, for one).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"


def apply_variant(game_id: str | None, variant: Any, players: int | None, options: dict) -> tuple:
    """:func:`witchtable.variants.apply_variant`, imported when a widget is made (the engine
    is then needed anyway)."""
    from .variants import apply_variant as apply

    return apply(game_id, variant, players, options)

if TYPE_CHECKING:
    from .widgets.anywidget_host import TableWidget


def play(game_id: str | None = None, players: int | None = None, seat: int | Sequence[int] | None = 0,
         bots: str | Sequence[str | None] | None = "default", seed: int | None = None,
         names: Sequence[str] | None = None, pace: float = 0.9, reactions: str = "targeted",
         undo: str = "fair", reveal_time: float | None = 5.0, variant: Any = None,
         **options: Any) -> TableWidget:
    """A table to play ``game_id`` by clicking or by keyboard.

    Who plays which seat:

    - ``bots="heuristic"`` (or ``"random"``): the seat(s) in ``seat`` are people at this
      screen, every other seat is that bot. ``seat=None``: nobody, watch the bots.
      ``"default"``: the game's own heuristic bot, or random bots if it has none.
    - ``bots=[None, "heuristic", None]``: one entry per seat, ``None`` for a person.
    - ``bots=None``: every seat is a person: pass-and-play around one screen.

    With two or more people, a hand-off screen hides the hands each time the turn
    passes to another person. ``pace`` is the seconds between bot moves (0: at once);
    ``seed`` fixes the deal; ``names`` one per seat; ``options`` are the game's own.

    ``reactions`` (games with reaction windows, Hocus Pocus): when you are asked to answer
    a spell: ``"targeted"`` (only when it concerns you: you can stop or turn away a spell
    aimed at you, or double or save your own), else you pass automatically;
    ``"stoppable"`` (whenever you hold a card that stops it); ``"always"``.
    ``undo="fair"`` takes back your move only until a bot has answered it (an answer comes
    from cards you cannot see); ``"practice"`` takes the answers back too, and says so.
    ``reveal_time`` (games with timed reveals, Potion House): the seconds what a moment
    shows (a searched storage space) stays open, or ``None`` until you close it.

    ``variant``: a house variant (a file path, see :mod:`witchtable.variants`) gives the
    game, its options and house data (options given here override its own).
    """
    from .widgets.anywidget_host import table_widget
    from .widgets.controller import TableController

    game_id, players, options = apply_variant(game_id, variant, players, options)

    return table_widget(TableController(game_id, players=players, seat=seat, bots=bots, seed=seed,
                                       names=names, mode="play", pace=pace, reactions=reactions,
                                       undo=undo, reveal_time=reveal_time, **options))


def explore(game_id: str | None = None, players: int | None = None, seed: int | None = None,
            seat: int | None = None, bots: str | Sequence[str] = "default",
            names: Sequence[str] | None = None, save: Any = None, autoplay: bool = False,
            variant: Any = None, link: str | None = None, site: str | None = None,
            **options: Any) -> TableWidget:
    """The rules explorer: every hand visible, a timeline, and the rule behind each action.

    ``seat`` is the view shown first (``None``: all hands, the god view); ``bots`` play
    on when you press "Bots play to the end"; ``save`` opens a saved game (JSON text or
    dict); ``autoplay=True`` lets the bots play the whole game first and opens it at
    move 0, so the timeline is full from the start; ``variant`` as in :func:`play`.

    ``link`` opens a position link (``wt1.…``, what "Copy link to this position" gives) at
    the move it shows; it holds the game, players, seed and options, so those are left out.
    ``site`` is the base address of a published witchtable site: the explorer's copied link
    is then the game's play page there (``<site>/play/<game>/?mode=explore&position=…``),
    else the line of Python that opens it.
    """
    from .widgets.anywidget_host import table_widget
    from .widgets.controller import TableController

    if link is not None:
        given = [name for name, value in (("players", players), ("seed", seed), ("save", save),
                                          ("variant", variant), ("autoplay", autoplay or None))
                 if value is not None] + sorted(options)
        if given:
            raise ValueError(f"a position link holds its game's players, seed, options and moves: "
                             f"leave out {', '.join(given)}")
        # (ignored: with a position link the controller takes the game from it; game_id may be None)
        controller = TableController(game_id, seat=seat, bots=bots, names=names, mode="explore",  # type: ignore[arg-type]
                                     position=link, site_url=site)
        return table_widget(controller)

    game_id, players, options = apply_variant(game_id, variant, players, options)

    controller = TableController(game_id, players=players, seat=seat, bots=bots, seed=seed, names=names,
                                 mode="explore", save=save, site_url=site, **options)
    if autoplay:
        controller.handle({"kind": "autoplay"})
        controller.handle({"kind": "goto", "move": 0})
        controller.notice = None
    return table_widget(controller)


def lab(game_id: str | None = None, players: int | None = None, games: int = 200,
        bots: str | Sequence[str] = "random", seed: int = 1, compare: Any = None,
        variant: Any = None, **options: Any) -> TableWidget:
    """The simulation lab: ``games`` seeded bot games, win rates and score statistics.

    Game ``i`` uses seed ``seed + i`` (as ``python -m witchtable simulate`` does), so any
    game it played can be replayed in :func:`explore`. ``compare`` plays the same seeds
    under several setups, one bar each with its 95% interval: ``"players"`` (every player
    count) or ``{label: options}`` (Disney Hocus Pocus: ``spell_study()``, each Spell off).
    ``variant`` as in :func:`play`: the lab plays the house variant.
    """
    from .widgets.anywidget_host import table_widget
    from .widgets.lab import LabController

    game_id, players, options = apply_variant(game_id, variant, players, options)

    return table_widget(LabController(game_id, players=players, games=games, bots=bots, seed=seed,
                                     compare=compare, **options))


__all__ = ["__version__", "explore", "lab", "play"]
