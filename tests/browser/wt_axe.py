"""Accessibility checks shared by the browser and site suites: axe-core, and board contrast.

axe-core is the npm package pinned in package.json (``node_modules/axe-core/axe.min.js``,
installed by ``npm ci`` from the lock); it is injected into the page from that local file,
never fetched. :func:`audit` runs it with the WCAG 2.0/2.1 A and AA tags plus
best-practice; :class:`Audit` collects the results of many page states and fails on any
serious or critical violation, reporting the moderate and minor ones as figures.

axe cannot decide the contrast of text over a gradient (it reports it "incomplete"), so
:func:`board_contrast` measures it itself: for each visible text node of the board, the
text's colour (its alpha and every ancestor's opacity applied) against the solid colour
it sits on, where a gradient counts as its worst stop (WCAG 1.4.3: 4.5:1, 3:1 for large
text).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Page

REPO = Path(__file__).resolve().parents[2]
AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
FAILING = ("serious", "critical")
WIDTHS = ((1280, 900), (380, 800))
"""The two viewports every state is checked at: a desktop window and a narrow phone."""


def inject(page: Page) -> None:
    """Put axe-core into the page from node_modules (once per document)."""
    if page.evaluate("() => typeof window.axe === 'object'"):
        return
    if not AXE.is_file():
        raise AssertionError(f"{AXE} is missing: npm ci (package.json pins axe-core)")
    page.add_script_tag(content=AXE.read_text())


def audit(page: Page, include: str | None = None) -> dict:
    """One axe run over the page (or the elements matching ``include``): violations, and
    how many nodes axe could not decide (``incomplete``), by rule."""
    inject(page)
    return page.evaluate(
        """async ([include, tags]) => {
            const context = include ? { include: [include] } : document;
            const result = await axe.run(context, {
                runOnly: { type: 'tag', values: tags }, resultTypes: ['violations', 'incomplete'] });
            const brief = (v) => ({ id: v.id, impact: v.impact, help: v.help, count: v.nodes.length,
                nodes: v.nodes.slice(0, 4).map((n) => ({ target: n.target.join(' '),
                    html: n.html.slice(0, 160), why: (n.failureSummary || '').slice(0, 300) })) });
            return { violations: result.violations.map(brief),
                     incomplete: Object.fromEntries(result.incomplete.map((v) => [v.id, v.nodes.length])) };
        }""", [include, TAGS])


@dataclass
class Audit:
    """The axe results of many page states; :meth:`check` fails on serious/critical ones."""

    name: str
    states: list[str] = field(default_factory=list)
    failing: list[str] = field(default_factory=list)
    by_rule: Counter = field(default_factory=Counter)
    undecided: Counter = field(default_factory=Counter)

    def run(self, page: Page, state: str, include: str | None = None, widths=WIDTHS) -> None:
        """Audit ``state`` at each width (the viewport is resized: no reload)."""
        for width, height in widths:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(50)  # let the layout settle (media queries, reflow)
            page.evaluate(SETTLED_JS)  # axe too would measure a fading-in text's passing colour
            result = audit(page, include)
            label = f"{state} @{width}px"
            self.states.append(label)
            for v in result["violations"]:
                self.by_rule[f"{v['id']} ({v['impact']})"] += v["count"]
                if v["impact"] in FAILING:
                    self.failing.append(f"{label}: {v['id']} ({v['impact']}, {v['count']} nodes): "
                                        f"{v['help']}; e.g. {json.dumps(v['nodes'][:2])}")
            self.undecided.update(result["incomplete"])
        page.set_viewport_size({"width": WIDTHS[0][0], "height": WIDTHS[0][1]})

    def summary(self) -> str:
        rules = ", ".join(f"{k}: {n}" for k, n in sorted(self.by_rule.items())) or "none"
        undecided = ", ".join(f"{k}: {n}" for k, n in sorted(self.undecided.items())) or "none"
        return (f"axe on {self.name}, {len(self.states)} states: violations (nodes) {rules}; "
                f"undecided by axe {undecided}")

    def check(self) -> None:
        print("\n" + self.summary())
        assert not self.failing, "serious or critical accessibility violations:\n" + "\n".join(self.failing)


# --------------------------------------------------------------------------- contrast

CONTRAST_JS = """
(root) => {
    const parse = (s) => {
        // color-mix() computes to color(srgb r g b / a), channels 0-1
        const c = s.match(/color\\(srgb ([^)]+)\\)/);
        if (c) {
            const p = c[1].split(/[ \\/]+/).filter(Boolean).map(Number);
            return { r: p[0] * 255, g: p[1] * 255, b: p[2] * 255, a: p.length > 3 ? p[3] : 1 };
        }
        const m = s.match(/rgba?\\(([^)]+)\\)/);
        if (!m) return null;
        const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
        return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
    };
    const stops = (image) => (image.match(/(rgba?|color)\\([^)]+\\)/g) || []).map(parse);
    const over = (top, under) => {
        const a = top.a + under.a * (1 - top.a);
        if (a === 0) return { r: 0, g: 0, b: 0, a: 0 };
        const mix = (k) => (top[k] * top.a + under[k] * under.a * (1 - top.a)) / a;
        return { r: mix('r'), g: mix('g'), b: mix('b'), a };
    };
    const lum = (c) => {
        const ch = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
        return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b);
    };
    const ratio = (a, b) => {
        const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
        return (x + 0.05) / (y + 0.05);
    };
    const page = parse(getComputedStyle(document.body).backgroundColor);
    const canvas = page && page.a ? page : { r: 255, g: 255, b: 255, a: 1 };
    // The candidate backgrounds under an element: its ancestors' colours, composited from
    // the nearest opaque one up; a gradient on the way yields one candidate per stop.
    const backgrounds = (el) => {
        const layers = [];
        for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
            const cs = getComputedStyle(n);
            const g = cs.backgroundImage && cs.backgroundImage !== 'none' ? stops(cs.backgroundImage) : [];
            const c = parse(cs.backgroundColor);
            if (g.length) layers.push(g.map((s) => c && c.a ? over(s, c) : s));
            else if (c && c.a) layers.push([c]);
            const top = layers[layers.length - 1];
            if (top && top.every((s) => s.a >= 0.999)) break;
        }
        let under = [canvas];
        for (const layer of layers.reverse()) under = layer.flatMap((s) => under.map((u) => over(s, u)));
        return under;
    };
    const failures = [];
    let checked = 0, worst = null;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        const el = t.parentElement;
        if (!t.nodeValue.trim() || !el) continue;
        if (!el.checkVisibility({ opacityProperty: false, visibilityProperty: true })) continue;
        const rect = el.getBoundingClientRect();
        if (rect.width < 1 || rect.height < 1) continue;
        // Exempt (WCAG 1.4.3): inactive controls, and text no one sees.
        if (el.closest('[disabled], [aria-disabled=true], [aria-hidden=true]')) continue;
        const cs = getComputedStyle(el);
        if (cs.clip === 'rect(0px, 0px, 0px, 0px)' || cs.clipPath === 'inset(50%)') continue;
        let alpha = 1;
        for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
            alpha *= Number(getComputedStyle(n).opacity);
        }
        const fg = parse(cs.color);
        fg.a *= alpha;
        const size = parseFloat(cs.fontSize), bold = Number(cs.fontWeight) >= 700;
        const large = size >= 24 || (bold && size >= 18.66);
        const need = large ? 3 : 4.5;
        let low = Infinity;
        for (const bg of backgrounds(el)) low = Math.min(low, ratio(over(fg, bg), bg));
        checked += 1;
        const classes = [...el.classList];
        const where = [el.tagName.toLowerCase(), ...classes].join('.');
        const text = t.nodeValue.trim().slice(0, 40), rounded = Math.round(low * 100) / 100;
        if (!worst || low < worst.ratio) worst = { ratio: rounded, where, text };
        if (low < need) failures.push({ ratio: rounded, need, where, text, color: cs.color, size });
    }
    return { checked, worst, failures };
}
"""


SETTLED_JS = """async () => {
    const ending = document.getAnimations().filter((a) => a.effect
        && a.effect.getComputedTiming().iterations !== Infinity && a.playState === 'running');
    const settled = Promise.all(ending.map((a) => a.finished.catch(() => null)));
    await Promise.race([settled, new Promise((done) => setTimeout(done, 3000))]);
}"""
"""Wait for the page's finite animations (a revealed card fading in) to end, for 3 s at
most: one started again and again by redraws would otherwise never let the check go on."""


def board_contrast(page: Page, selector: str = ".wt-table") -> dict:
    """The contrast of every visible text node under ``selector`` (see the module doc)."""
    return page.locator(selector).first.evaluate(CONTRAST_JS)


@dataclass
class Contrast:
    """Board contrast over many states; :meth:`check` fails on any text below its need."""

    name: str
    checked: int = 0
    worst: dict | None = None
    failures: dict = field(default_factory=dict)

    def run(self, page: Page, state: str, selector: str = ".wt-table", widths=WIDTHS) -> None:
        for width, height in widths:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(50)
            page.evaluate(SETTLED_JS)  # a fade-in measured halfway would be a colour nobody reads
            result = board_contrast(page, selector)
            self.checked += result["checked"]
            if result["worst"] and (self.worst is None or result["worst"]["ratio"] < self.worst["ratio"]):
                self.worst = {**result["worst"], "state": f"{state} @{width}px"}
            for f in result["failures"]:
                self.failures.setdefault((f["where"], f["color"]), {**f, "state": f"{state} @{width}px"})
        page.set_viewport_size({"width": WIDTHS[0][0], "height": WIDTHS[0][1]})

    def check(self) -> None:
        print(f"\nboard contrast on {self.name}: {self.checked} text nodes measured, worst {self.worst}")
        assert not self.failures, "board text below 4.5:1 (3:1 large):\n" + "\n".join(
            json.dumps(f) for f in self.failures.values())
