"""The simulation lab: many seeded bot games, run a chunk at a time, drawn as charts.

It plays exactly the games :func:`witchtable.engine.sim.simulate` plays (game ``i``
has seed ``seed + i``, the same bots and seat picks), but a chunk per ``advance``
message, so a notebook kernel or a Pyodide worker stays responsive and the charts
fill in as it goes. Same ``state()``/``handle()`` contract as the table controller.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from ..engine import GAMES, new_game
from ..engine.rules import brief
from ..engine.sim import Tally, play_game, seat_kinds, wilson_interval
from .controller import KEEP, _is_int, clip, error, info, message_problem
from .i18n import _, ngettext, ui_strings
from .scene import SCENE_VERSION, control, plural

LAB_FIELDS = {"advance": ("move",), "skip": (), "new": ()}
"""The lab's message kinds and the fields each may carry besides ``kind``."""


class LabController:
    """Simulate ``games`` games of ``game_id`` between ``bots`` (a kind or one per seat).

    ``compare`` plays the same seeds under several setups and draws one bar each (the
    table's win rate in a cooperative game, seat 1's otherwise, with 95% intervals):
    ``"players"`` every player count the game allows, or ``{label: options}`` option
    sets laid over ``options`` (Disney Hocus Pocus: ``spell_study()``, each Spell off in turn).
    """

    def __init__(self, game_id: str, players: int = 3, games: int = 200, bots: Any = "random",
                 seed: int = 1, chunk: int = 20, compare: Any = None, **options: Any):
        if game_id not in GAMES:
            raise ValueError(f"unknown game {game_id!r}; the games are: {', '.join(sorted(GAMES))}")
        if not _is_int(games) or not 1 <= games <= 1_000_000:
            raise ValueError(f"games is how many games to simulate (1 or more), not {games!r}")
        if not _is_int(chunk) or chunk < 1:
            raise ValueError(f"chunk is how many games to play per step (1 or more), not {chunk!r}")
        if not _is_int(seed):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        new_game(game_id, players, seed, **options)  # validates players and options
        kinds = seat_kinds(game_id, players, bots)
        spec = GAMES[game_id]
        if compare is None:
            setups = []
        elif compare == "players":
            if not isinstance(bots, str):
                raise ValueError("compare='players' needs one bot kind for every seat (bots='heuristic')")
            setups = [(ngettext("{n} player", "{n} players", n).format(n=n), seat_kinds(game_id, n, bots),
                       options) for n in range(spec.min_players, spec.max_players + 1)]
        elif isinstance(compare, dict) and compare and all(isinstance(v, dict) for v in compare.values()):
            setups = [(str(label), kinds, {**options, **extra}) for label, extra in compare.items()]
        else:
            raise ValueError("compare is 'players' or a non-empty {label: options} mapping, "
                             f"not {brief(compare)}")
        for _label, setup_kinds, opts in setups:
            new_game(game_id, len(setup_kinds), seed, **opts)  # validates each setup's options
        self.game_id, self.players, self.games, self.kinds = game_id, players, games, kinds
        self.chunk, self.options = chunk, options
        self.setups: list[tuple[str, list, dict]] = setups
        """The compared setups: (label, bot kinds, options); empty without ``compare``."""
        self.total = games * max(1, len(setups))
        self.cooperative = bool(getattr(GAMES[game_id], "cooperative", False))
        self.seq = 0
        self.notice: dict | None = None
        self._reset(seed)

    def _reset(self, seed: int) -> None:
        self.seed = seed
        self.done = 0
        self.tally = Tally(self.players)
        self.compared = [Tally(len(kinds)) for _label, kinds, _options in self.setups]

    @property
    def lengths(self) -> list[int]:
        """Each simulated game's length in actions (the plain run's), for the histogram and tests."""
        return self.tally.lengths

    def run(self, count: int) -> int:
        """Play up to ``count`` more games; returns how many were played."""
        played = 0
        while played < count and self.done < self.total:
            if self.setups:  # each setup plays the seeds seed .. seed + games - 1, as simulate would
                index, i = divmod(self.done, self.games)
                _label, kinds, options = self.setups[index]
                self.compared[index].add(*play_game(self.game_id, kinds, self.seed + i, **options))
            else:
                self.tally.add(*play_game(self.game_id, self.kinds, self.seed + self.done, **self.options))
            self.done += 1
            played += 1
        return played

    # ------------------------------------------------------------------ contract

    def state(self) -> dict:
        """The widget's whole state to draw now; while games remain it asks the front end to advance again."""
        auto = None
        if self.done < self.total:
            auto = {"message": {"kind": "advance", "move": self.done}, "delay": 20}
        return {"seq": self.seq, "mode": "lab", "scene": self.scene(), "notice": self.notice, "auto": auto,
                "pictures": {"set": self.game_id, "icons": {}}, "strings": ui_strings()}

    def handle(self, message: Any) -> dict:
        """Answer one front-end message with the new state; an error becomes a notice, never a dead widget."""
        self.seq += 1
        try:
            result = self._dispatch(message)
        except Exception as err:  # a bug must show as a notice, not kill the widget
            result = error(f"Something went wrong inside the lab ({type(err).__name__}: "
                           f"{clip(str(err))}).")
        if result is not KEEP:
            self.notice = result
        return self.state()

    def _dispatch(self, message: Any) -> Any:
        problem = message_problem(message, LAB_FIELDS)
        if problem:
            return error(problem)
        kind = message.get("kind")
        if kind == "advance":
            move = message.get("move", self.done)
            if not _is_int(move):
                return error(f"'move' is a whole number, not {brief(move)}.")
            if move != self.done:
                return KEEP  # a second view's timer: the chunk was already run
            if self.done >= self.total:
                return info("All the games have been played.")
            self.run(self.chunk)
            return None
        if kind == "skip":
            played = self.run(self.total)
            return info(f"Played the remaining {plural(played, 'game')}.") if played else KEEP
        if kind == "new":
            self._reset(self.seed + self.games)
            return info(f"Running {plural(self.total, 'new game')} (seeds {self.seed} to "
                        f"{self.seed + self.games - 1}).")
        return error(f"Unknown message kind {brief(kind)}; the lab understands: advance, skip, new.")

    # ------------------------------------------------------------------ scene

    def _bars(self, labels: list, rates: list) -> dict:
        """Win rates: by seat (ties split), or the table's as one for a cooperative game."""
        if self.cooperative:
            return _team_bar(self.tally.team_wins, self.done)
        return {"caption": _("Win rate by seat (ties split)"),
                "items": [{"label": labels[s], "value": rates[s], "text": f"{rates[s]:.1%}"}
                          for s in range(self.players)]}

    def _comparison(self) -> tuple[dict, list]:
        """One bar per compared setup, and a table with each one's wins and 95% interval."""
        caption = (_("Team win rate by setup (95% interval; the same seeds for each)") if self.cooperative
                   else _("Seat 1's win rate by setup (95% interval; the same seeds for each)"))
        items, rows = [], []
        for (label, _kinds, _options), tally in zip(self.setups, self.compared, strict=True):
            n = len(tally.lengths)
            wins = tally.team_wins if self.cooperative else tally.wins[0]  # (ties split)
            rate = wins / n if n else 0.0
            low, high = wilson_interval(round(wins), n)
            items.append({"label": label, "value": rate,
                          "text": f"{rate:.1%} [{low:.1%}, {high:.1%}]" if n else "–"})
            rows.append({"head": {"text": label},
                         "cells": [{"text": str(n)}, {"text": f"{wins:g}"}, {"text": f"{rate:.1%}"},
                                   {"text": f"{low:.1%} – {high:.1%}" if n else "–"},
                                   {"text": f"{_stats(tally.lengths)['mean']:.1f}"}]})
        table = {"caption": _("Compared setups"),
                 "head": [_("Setup"), _("Games"), _("Wins"), _("Rate"), _("95% interval"), _("Mean length")],
                 "rows": rows, "foot": []}
        return {"caption": caption, "items": items}, [table]

    def _summary_tables(self, labels: list[str]) -> list[dict]:
        """One setup's tables once games are done: team outcomes, final scores, game lengths."""
        done = self.done
        scores = [_stats(v) for v in self.tally.scores]
        length = _stats(self.tally.lengths)
        tables: list[dict] = []
        if done and self.cooperative:
            won = self.tally.team_wins
            lost = done - won
            tables.append({
                "caption": _("Team outcomes"),
                "head": [_("Outcome"), _("Games"), _("Share")],
                "rows": [{"head": {"text": text}, "cells": [{"text": str(n)}, {"text": f"{n / done:.1%}"}]}
                         for text, n in ((_("The table won"), won), (_("The table lost"), lost))],
                "foot": []})
        if done and any(self.tally.scores):
            tables.append({
                "caption": _("Final score by seat"),
                "head": [_("Seat"), _("Mean"), _("Median"), _("Stdev"), _("Min"), _("Max")],
                "rows": [{"head": {"text": labels[s]},
                          "cells": [{"text": f"{st['mean']:.1f}"}, {"text": f"{st['median']:g}"},
                                    {"text": f"{st['stdev']:.1f}"}, {"text": str(st['min'])},
                                    {"text": str(st['max'])}]} for s, st in enumerate(scores)],
                "foot": []})
        if done:
            tables.append({
                "caption": _("Game length (actions per game)"),
                "head": [_("Games"), _("Mean"), _("Median"), _("Min"), _("Max")],
                "rows": [{"head": {"text": str(done)},
                          "cells": [{"text": f"{length['mean']:.1f}"}, {"text": f"{length['median']:g}"},
                                    {"text": str(length['min'])}, {"text": str(length['max'])}]}],
                "foot": []})
        return tables

    def scene(self) -> dict:
        """The lab as the table draws it: progress, win bars, tables and controls."""
        spec = GAMES[self.game_id]
        done = self.done
        labels = [f"Seat {s + 1} ({kind})" for s, kind in enumerate(self.kinds)]
        rates = self.tally.win_rate()
        running = done < self.total
        if self.setups:
            bars, tables = self._comparison()
        else:
            bars, tables = self._bars(labels, rates), self._summary_tables(labels)
        return {
            "version": SCENE_VERSION, "game": self.game_id, "title": _("{game} lab").format(game=spec.name),
            "mode": "lab",
            "move": done, "phase": "running" if running else "done", "seat": None, "god": False,
            "headline": {"text": (f"Simulating {plural(self.total, 'game')}: {done} played…" if running
                                  else f"{plural(done, 'game')} played between bots."), "tone": "info"},
            "chips": [{"label": _("Players"), "value": "–".join(dict.fromkeys(
                          str(len(k)) for k in (self.setups[0][1], self.setups[-1][1])))
                       if self.setups else str(self.players)},
                      {"label": _("Seeds"), "value": f"{self.seed}–{self.seed + self.games - 1}"}],
            "progress": {"done": done, "total": self.total},
            "bars": bars,
            "tables": tables,
            "controls": [
                control("skip", _("Finish now"), {"kind": "skip"}, enabled=running, icon="skip",
                        hint=_("Play the remaining games at once.")),
                control("new", _("Run new seeds"), {"kind": "new"}, icon="new",
                        hint=_("Simulate the same number of games with the next seeds.")),
            ],
            "players": [], "table": [], "hand": None, "picker": None, "prompt": None, "log": [],
            "scoring": None, "scoreboard": None, "gameover": None, "legend": [],
        }


def _team_bar(wins: int, done: int) -> dict:
    """A cooperative game's one bar: how often the whole table won (every seat or none)."""
    rate = wins / done if done else 0.0
    low, high = wilson_interval(wins, done)
    label = ngettext("The table ({n} game)", "The table ({n} games)", done).format(n=done)
    return {"caption": _("Team win rate (all seats win or none; 95% interval)"),
            "items": [{"label": label, "value": rate,
                       "text": f"{rate:.1%} [{low:.1%}, {high:.1%}]" if done else f"{rate:.1%}"}]}


def _stats(values: Sequence) -> dict:
    if not values:
        return {"mean": 0.0, "median": 0, "stdev": 0.0, "min": 0, "max": 0}
    return {"mean": statistics.fmean(values), "median": statistics.median(values),
            "min": min(values), "max": max(values),
            "stdev": statistics.pstdev(values) if len(values) > 1 else 0.0}
