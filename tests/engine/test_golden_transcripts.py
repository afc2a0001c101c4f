"""Golden transcripts: committed seeded games that pin every game's behaviour.

OpenSpiel keeps "playthrough" files and python-chess perft files for the same reason: a
change of seeded behaviour (a deal, a rule, a log text, a view field) shows up as a
failing comparison with data in the repository, so it is always visible and deliberate.

For each registered game and player count, ``tests/engine/golden/<game>/<n>p-<k>.json``
holds one seeded game played by bots: its action list, every public log line, and the
final view of the spectator and of every seat (logs aside). The test replays the
recorded actions (so it does not depend on the order in which actions are listed),
checks each was legal when played, and compares logs and views.

A deliberate change (a unified shuffle, a reworded log text) regenerates them on purpose,
and the commit says why::

    .venv/bin/python tests/engine/test_golden_transcripts.py --update
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from witchtable.engine import GAMES, IllegalAction, new_game
from witchtable.engine.bots import make_bot
from witchtable.engine.sim import play_out

HERE = Path(__file__).resolve().parent / "golden"
SEEDS = (11, 12)
"""Games per game and player count; each seed ``k`` is dealt with seed ``k``."""
BOTS = ("heuristic", "random")
"""Seat 0 plays the game's own bot (heuristic where the game has one), the others random."""
REGENERATE = ".venv/bin/python tests/engine/test_golden_transcripts.py --update"
CASES = [(gid, n, k) for gid, spec in sorted(GAMES.items())
         for n in range(spec.min_players, spec.max_players + 1) for k in SEEDS]


def _path(game_id: str, players: int, seed: int) -> Path:
    return HERE / game_id / f"{players}p-{seed}.json"


def _final(game) -> dict:
    """Final views of the spectator and every seat, without their logs (kept separately)."""
    out = {}
    for seat in [None, *range(game.players)]:
        view = game.view(seat)
        view.pop("log")
        out["spectator" if seat is None else f"seat {seat}"] = view
    return out


def record(game_id: str, players: int, seed: int) -> dict:
    """Play the seeded bot game and return its transcript."""
    import random

    from witchtable.engine.bots import HEURISTICS

    game = new_game(game_id, players, seed=seed)
    first = BOTS[0] if game_id in HEURISTICS else "random"
    bots = [make_bot(first if s == 0 else BOTS[1], game_id, seed * 31 + s) for s in range(players)]
    play_out(game, bots, random.Random(seed))   # watching bots also see the table between turns
    return {
        "game": game_id, "players": players, "seed": seed,
        "actions": [[m.seat, dict(m.action)] for m in game.history],
        "log": [entry["text"] for entry in game.view(None)["log"]],
        "scores": game.scores, "winners": game.winners,
        "final": _final(game),
    }


def _dump(data: dict) -> str:
    """One action, log line or view a line, so a diff shows what changed."""
    lines = ["{"]
    for key in ("game", "players", "seed", "scores", "winners"):
        lines.append(f" {json.dumps(key)}: {json.dumps(data[key])},")
    for key in ("actions", "log"):
        items = data[key]
        lines.append(f" {json.dumps(key)}: [")
        lines += [f"  {json.dumps(item, sort_keys=True)}" + ("," if i < len(items) - 1 else "")
                  for i, item in enumerate(items)]
        lines.append(" ],")
    lines.append(' "final": {')
    finals = list(data["final"].items())
    lines += [f"  {json.dumps(k)}: {json.dumps(v, sort_keys=True)}" + ("," if i < len(finals) - 1 else "")
              for i, (k, v) in enumerate(finals)]
    lines += [" }", "}", ""]
    return "\n".join(lines)


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES,
                         ids=[f"{g}-{n}p-{k}" for g, n, k in CASES])
def test_seeded_game_replays_its_golden_transcript(game_id, players, seed):
    """DESIGN.md engine contract (seeded determinism): the committed transcript replays exactly."""
    path = _path(game_id, players, seed)
    if not path.exists():
        pytest.fail(f"{path.relative_to(HERE.parent)} is missing (a new game or player count?); "
                    f"write it with: {REGENERATE}")
    golden = json.loads(path.read_text())
    game = new_game(game_id, players, seed=seed)
    for number, (seat, action) in enumerate(golden["actions"], 1):
        # Listed, or (a timed call: the listing carries ms 0) accepted by apply's full check.
        try:
            game.apply(seat, action)
        except IllegalAction as err:
            pytest.fail(f"move {number}: {action} by seat {seat} is no longer legal ({err}; "
                        f"seeded behaviour changed; if on purpose: {REGENERATE})")
    assert game.is_over, f"the recorded actions no longer end the game (if on purpose: {REGENERATE})"
    log = [entry["text"] for entry in game.view(None)["log"]]
    for number, (old, new) in enumerate(zip(golden["log"], log, strict=False), 1):
        assert old == new, f"public log line {number} changed:\n  was: {old}\n  now: {new}"
    assert len(log) == len(golden["log"]), "the public log has a different length"
    assert (game.scores, game.winners) == (golden["scores"], golden["winners"])
    final = json.loads(json.dumps(_final(game)))
    for who, view in golden["final"].items():
        assert final[who] == view, f"the final view of the {who} changed (if on purpose: {REGENERATE})"


def test_no_stale_transcripts():
    """Every transcript file belongs to a registered game, player count and seed."""
    expected = {_path(g, n, k) for g, n, k in CASES}
    stale = sorted(str(p.relative_to(HERE)) for p in HERE.glob("*/*.json") if p not in expected)
    assert not stale, f"transcripts of no registered case: {stale}; remove them or run {REGENERATE}"


def _main(argv: list[str]) -> int:
    if argv != ["--update"]:
        print("usage: test_golden_transcripts.py --update", file=sys.stderr)
        return 2
    for game_id, players, seed in CASES:
        path = _path(game_id, players, seed)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(_dump(record(game_id, players, seed)))
    print(f"wrote {len(CASES)} transcripts under {HERE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(_main(sys.argv[1:]))
