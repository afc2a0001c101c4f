"""Screenshots of the widget in Chromium at 900 px and 380 px, for a look by eye.

    PYTHONPATH=build/dev .venv/bin/python tests/widgets/shoot.py [outdir]

Writes PNGs (default: test-artifacts/widgets/) of: a turn with an attack being built,
an illegal attempt, a defence, a hand-off, round-end scoring, the game end, the
explorer's god view, the lab, and the elements for the next games on a Witching Hour
table (a grid of table cards, a reveal, a running clock; a team's loss). Not a test: it
is for people to look at.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from widget_harness import ROOT, browser, open_table, serve_repo, settle

from witchtable.widgets import LabController, TableController
from witchtable.widgets.presenters import witching_hour as wh
from witchtable.widgets.scene import card, clock, grid, reveal, team_outcome


def to_phase(controller: TableController, phase: str, seat: int = 0, limit: int = 2000) -> None:
    """Let bots play (skip) and the person act randomly-but-legally until ``phase`` is up for ``seat``."""
    import random

    rng = random.Random(5)
    for _ in range(limit):
        scene = controller.state()["scene"]
        if scene["phase"] == phase and seat in controller.game.to_act:
            return
        if controller.game.is_over:
            return
        if seat in controller.game.to_act:
            legal = controller.game.legal_actions(seat)
            takes = [a for a in legal if a["type"] == "take"]
            action = takes[0] if takes and phase != "defend" else rng.choice(legal)
            controller.handle({"kind": "act", "action": action, "move": controller.game.move_number})
        else:
            controller.handle({"kind": "skip"})
    raise RuntimeError(f"never reached {phase}")


def scenarios() -> dict:
    out = {}
    c = TableController("witching-hour", players=3, seed=11)
    out["turn"] = (c, "build")
    c = TableController("witching-hour", players=3, seed=11)
    out["illegal"] = (c, "illegal")
    c = TableController("witching-hour", players=4, seed=4)
    to_phase(c, "defend")
    out["defend"] = (c, None)
    c = TableController("witching-hour", players=3, seed=2, bots=None)
    c.handle({"kind": "act", "action": c.game.legal_actions(0)[-1], "move": 0})
    out["handoff"] = (c, None)
    c = TableController("witching-hour", players=3, seed=8)
    start = c.game.view(0)["round"]
    while True:
        to_phase(c, "turn")
        if c.game.view(0)["round"] != start:
            break
        c.handle({"kind": "act", "action": c.game.legal_actions(0)[0], "move": c.game.move_number})
    out["scoring"] = (c, None)
    c = TableController("witching-hour", players=3, seed=9, pace=0)
    while not c.game.is_over:
        seat = c.game.to_act[0]
        c.handle({"kind": "act", "action": c.game.legal_actions(seat)[0], "move": c.game.move_number})
    out["gameover"] = (c, None)
    for kind, name in (("skull", "pick"), ("cauldron", "split")):
        seed = next(s for s in range(500)
                    if TableController("witching-hour", players=3, seed=s).game.view(0)["hand"].get(kind))
        c = TableController("witching-hour", players=3, seed=seed)
        c.handle({"kind": "act", "action": {"type": kind}, "move": 0})
        out[name] = (c, None)
    c = TableController("witching-hour", players=3, seed=3, mode="explore", seat=None)
    c.handle({"kind": "autoplay"})
    c.handle({"kind": "goto", "move": 23})
    out["explore"] = (c, None)
    c = LabController("witching-hour", players=3, games=60, seed=1)
    c.run(60)
    out["lab"] = (c, None)
    out["elements"] = (with_elements(TableController("witching-hour", players=3, seed=7)), None)
    c = TableController("witching-hour", players=3, seed=9, pace=0)
    while not c.game.is_over:
        seat = c.game.to_act[0]
        c.handle({"kind": "act", "action": c.game.legal_actions(seat)[0], "move": c.game.move_number})
    out["team-loss"] = (with_elements(c, team="lost"), None)
    return out


def with_elements(controller: TableController, team: str | None = None) -> TableController:
    """Witching Hour drawn with a grid of table cards, a reveal and a clock (or a team's outcome)."""
    from test_widget_elements import wrapped

    def extra(game, seat, scene):
        if team:
            scene["headline"], scene["gameover"] = team_outcome(team, controller.names)
            for player in scene["players"]:
                player["winner"], player["team"] = team == "won", True
            return
        legal = game.legal_actions(seat) if seat is not None and seat in game.to_act else []
        kinds = ["bell", "book", "candle", "cauldron", "chalice", "familiar", "hourglass", "mirror",
                 "skull", "toadstool", "bell", "book"]
        tones = ["gold", "violet", "green", "red", "blue", "teal", "orange", "pink", "silver", "bone",
                 "ash", "gold"]
        cells = [card(k, k.title(), tone=tones[i], number=i + 1)
                 | ({"action": legal[i]} if i < len(legal) else {}) for i, k in enumerate(kinds)]
        scene["table"].insert(0, {"key": "wizards", "label": "Wizards (a grid of table cards)",
                                  "grid": grid(cells, columns=4)})
        scene["reveal"] = reveal("look-0", "Storage 2 holds", seats=["You"], duration_ms=None,
                                 cards=[card(k, k.title(), tone="violet") for k in ("skull", "book", "bell")])
        scene["clock"] = clock("turned-0", "Since the card turned")

    controller.presenter = wrapped(wh, extra)
    return controller


def interact(page, how: str | None) -> None:
    if how in ("build", "illegal"):
        kinds = page.eval_on_selector_all(".wt-hand button.wt-card", "els => els.map(e => e.dataset.card)")
        counts = {k: kinds.count(k) for k in kinds}
        if how == "build":
            kind = max((k for k in counts if k != "candle"), key=counts.get)
            cards = page.locator(f".wt-hand button.wt-card[data-card='{kind}']")
            for i in range(min(2, counts[kind])):
                cards.nth(i).click()
            if "candle" in counts and kind != "candle":
                page.locator(".wt-hand button.wt-card[data-card='candle']").first.click()
            page.locator("[data-target]").first.click()
        else:
            two = [k for k in counts if k != "candle"][:2]
            for kind in two:
                page.locator(f".wt-hand button.wt-card[data-card='{kind}']").first.click()
            page.locator("[data-target]").first.click()
            page.locator("[data-role='confirm']").click()
            settle(page)
            page.wait_for_selector(".wt-notice[data-level='error']")


def main(outdir: str = "test-artifacts/widgets") -> None:
    out = ROOT / outdir
    out.mkdir(parents=True, exist_ok=True)
    with serve_repo() as base:
        for width in (900, 380):
            for name, (controller, how) in scenarios().items():
                if isinstance(controller, TableController):
                    controller.pace = 0.0 if name != "turn" else controller.pace
                with browser(width=width, height=800) as (context, outside):
                    errors: list = []
                    page = open_table(context, base, controller, errors)
                    interact(page, how)
                    page.mouse.move(0, 0)
                    path = out / f"{name}-{width}.png"
                    page.screenshot(path=str(path), full_page=True)
                    print(path, "errors:", errors, "outside:", outside)
                    if width < 500:  # phone: also in screen-sized parts, to read the details
                        height = page.evaluate("document.documentElement.scrollHeight")
                        for part, top in enumerate(range(0, height, 800)):
                            shot = out / f"{name}-{width}-part{part + 1}.png"
                            page.screenshot(path=str(shot), full_page=True,
                                            clip={"x": 0, "y": top, "width": width,
                                                  "height": min(800, height - top)})


if __name__ == "__main__":
    main(*sys.argv[1:])
