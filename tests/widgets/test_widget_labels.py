"""No label is cut or runs into another, measured in Chromium (issue 27, item 4).

For every registered game, the fullest position of its seeded default-bot game
(``fullest_position``: the move that draws the most) is opened twice on the harness page:
as a player sees it (the seat to act there, the other seats bots) and in the explorer's
god view, at 1280 x 800 and at 380 x 800 (a phone). On each, every visible piece of text
(card names and tags, captions, trick names, buttons, badges) must fit its box, and no two
pieces of text may cover each other. A text cut short on purpose (an ellipsis) passes only
when its whole wording is in a ``title`` someone can hover; everything else must fit (wrap,
or a smaller font at narrow widths). A screenshot of each is saved for a look by eye:
``test-artifacts/screens/<game>-<width>.png`` (play) and ``<game>-explore-<width>.png``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("playwright")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))
from widget_harness import CHROMIUM, ROOT, browser, open_table, settle
from wt_browser import fullest_position

from witchtable.engine import GAMES, load_game
from witchtable.widgets import TableController
from witchtable.widgets.links import read_link

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(CHROMIUM is None, reason="Debian chromium is not installed")]

SCREENS = ROOT / "test-artifacts" / "screens"
WIDTHS = (1280, 380)
HEIGHT = 800

MEASURE = r"""root => {
  // Every visible element that shows text: its own text nodes, or a CSS-drawn text (data-text).
  const shown = el => {
    for (let n = el; n; n = n.parentElement) {
      const s = getComputedStyle(n);
      if (s.display === 'none' || s.visibility === 'hidden' || s.opacity === '0') return false;
      if (s.clip === 'rect(0px, 0px, 0px, 0px)') return false;
      const fold = n.parentElement;  // a closed <details> shows only its summary
      if (fold && fold.tagName === 'DETAILS' && !fold.open && n.tagName !== 'SUMMARY') return false;
    }
    return el.getClientRects().length > 0;
  };
  const inline = el => getComputedStyle(el).display === 'inline';
  const blockOf = el => { let b = el; while (b.parentElement && inline(b)) b = b.parentElement; return b; };
  const clips = el => {
    const s = getComputedStyle(el);
    return s.overflowX !== 'visible' || s.overflowY !== 'visible';
  };
  const titled = (el, text) => {
    for (let n = el; n && n !== root.parentElement; n = n.parentElement)
      if (n.title && n.title.includes(text.trim())) return true;
    return false;
  };
  const visibleRect = (el, r) => {   // r cut to what el and the clipping boxes around it let show
    let { left, top, right, bottom } = r;
    for (let n = el; n; n = n.parentElement) {
      if (!clips(n)) continue;
      const c = n.getBoundingClientRect();
      left = Math.max(left, c.left); top = Math.max(top, c.top);
      right = Math.min(right, c.right); bottom = Math.min(bottom, c.bottom);
    }
    return right - left > 0.5 && bottom - top > 0.5 ? { left, top, right, bottom } : null;
  };
  const stuck = el => {
    for (let n = el; n && n !== root; n = n.parentElement)
      if (getComputedStyle(n).position === 'sticky') return true;
    return false;
  };
  const name = el => {
    const classes = typeof el.className === 'string' ? el.className.trim() : '';
    const cls = classes ? '.' + classes.split(/\s+/).join('.') : '';
    return el.tagName.toLowerCase() + cls;
  };
  const texts = [];
  for (const el of root.querySelectorAll('*')) {
    if (el.closest('svg')) continue;
    const own = [...el.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim());
    const drawn = el.dataset.text && el.dataset.text.trim();
    if (!own.length && !drawn) continue;
    if (!shown(el)) continue;
    const text = drawn ? el.dataset.text : own.map(n => n.textContent).join('');
    const rects = [];
    if (drawn) rects.push(el.getBoundingClientRect());
    for (const n of own) { const range = document.createRange(); range.selectNodeContents(n);
                           rects.push(...range.getClientRects()); }
    const seen = rects.map(r => visibleRect(el, r)).filter(Boolean);
    if (seen.length) texts.push({ el, text, rects: seen, sticky: stuck(el) });
  }
  const problems = [];
  const boxes = new Set();
  for (const { el, text } of texts) {
    const box = blockOf(el);
    if (boxes.has(box)) continue;
    boxes.add(box);
    const s = getComputedStyle(box);
    const wide = box.scrollWidth > box.clientWidth + 1;
    const clipsY = s.overflowY !== 'visible' || s.webkitLineClamp !== 'none';
    const tall = clipsY && box.scrollHeight > box.clientHeight + 1;
    const words = box.textContent || text;
    if ((wide || tall) && !titled(box, words))
      problems.push({ kind: wide ? 'overflows' : 'cut', what: name(box), text: words.trim().slice(0, 60),
                      need: wide ? box.scrollWidth : box.scrollHeight,
                      has: wide ? box.clientWidth : box.clientHeight });
  }
  for (let i = 0; i < texts.length; i++)
    for (let j = i + 1; j < texts.length; j++) {
      const a = texts[i], b = texts[j];
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      if (a.sticky || b.sticky) continue;  // a sticky heading covers what scrolls under it, by design
      for (const p of a.rects) for (const q of b.rects) {
        const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
        const hgt = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
        if (w > 2 && hgt > 2) {
          problems.push({ kind: 'overlap', what: `${name(a.el)} / ${name(b.el)}`,
                          text: `${a.text.trim().slice(0, 30)} / ${b.text.trim().slice(0, 30)}`,
                          need: Math.round(w), has: Math.round(hgt) });
          p.right = p.left;  // one report per pair of rects is enough
        }
      }
    }
  return { labels: texts.length, problems };
}"""



@pytest.fixture(scope="module")
def fullest() -> dict:
    """Per game: the fullest position's link, its move, and the save of its moves so far."""
    out = {}
    for game in GAMES:
        move, link = fullest_position(game)
        played = read_link(link).game.to_json()
        played["actions"] = played["actions"][:move]
        out[game] = (link, move, played)
    return out


@pytest.fixture(scope="module", params=WIDTHS, ids=lambda w: f"{w}px")
def context(request):
    with browser(width=request.param, height=HEIGHT) as (ctx, outside):
        yield request.param, ctx, outside
        assert outside == [], f"requests left 127.0.0.1: {outside}"


def tables(game: str, fullest: dict) -> dict[str, TableController]:
    """The fullest position as its seat to act sees it (play), and the explorer's god view."""
    link, _move, save = fullest[game]
    seat = load_game(save).to_act[0]
    play = TableController(game, seat=seat, save=save, pace=0)
    explore = TableController(game, mode="explore", seat=None, position=link, pace=0)
    return {"play": play, "explore": explore}


def measure(base: str, ctx, table: TableController, shot: Path) -> dict:
    errors: list = []
    page = open_table(ctx, base, table, errors)
    try:
        settle(page)
        # a race hides its board while it counts down (3, 2, 1): measure the board itself
        page.wait_for_function("!document.querySelector('.wt-table[data-counting=\"1\"]')", timeout=8000)
        page.mouse.move(0, 0)
        page.evaluate("document.fonts.ready")
        found = page.evaluate(MEASURE, page.query_selector(".wt-table"))
        shot.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shot), full_page=True)
    finally:
        page.close()
    assert errors == [], errors
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_label_is_cut_or_covered_at_the_fullest_position(base, context, fullest, game: str) -> None:
    width, ctx, _outside = context
    report = []
    for mode, table in tables(game, fullest).items():
        shot = SCREENS / (f"{game}-{width}.png" if mode == "play" else f"{game}-{mode}-{width}.png")
        found = measure(base, ctx, table, shot)
        assert found["labels"] > 10, f"{game} {mode}: too few labels measured ({found['labels']})"
        report += [f"{mode}: {p['kind']} {p['what']} {p['text']!r} ({p['need']} > {p['has']})"
                   for p in found["problems"]]
    assert report == [], f"{game} at {width} px (move {fullest[game][1]}):\n" + "\n".join(report)
