// witchtable front end: ONE plain ES module that draws any game's scene.
//
// It knows no rules. Python (a presenter) lists what to draw and, for every clickable
// thing, the exact message it sends; this module draws it, keeps purely visual state
// (which hand cards are toggled, a chosen target, a pasted save) and paces bot moves
// with a timer when the state asks it to. It uses only the anywidget model interface
// (get, set, on, off, send, save_changes), so a Pyodide web worker can drive it too.
// All icons are inline SVG: the table's own below, a game's card pictures from the state
// (its `pictures`, per-game data the presenter supplies). No fonts, no emoji, nothing fetched.
//
// One file, in parts. TableView (at the end) holds the model and the DOM and lays the
// scene out; each concern is a class of its own that it holds one of: Outbox (messages to
// Python), Narrator (the live region), Keyboard (roving focus and the shortcut keys, a
// table of small handlers), RaceClock (a timed round and its call keys), BotCues (the bots'
// pace and their card flights), Reveals (timed reveals), Board (players and zones), Pickers
// and Prompts (what the person may do), Panels (header, dialogs, side panels) and Explorer
// (its columns, timeline, rules and save box); card faces are plain functions. The parts
// stay in this one file because every host loads it as a single string: Jupyter's and
// marimo's loaders (bootstrap.js, marimo.js) run it from a blob: URL, where a relative
// module specifier cannot resolve (Chromium: "Invalid relative url or base scheme isn't
// hierarchical"), and the play pages, JupyterLite and the Node tests copy this file alone.

// The table's own icons (controls, badges, notices). A game's card pictures are not here:
// the state's `pictures` carries them (per-game data next to the game's presenter).
const ICONS = {
  hourglass: '<path d="M5.5 3h13M5.5 21h13"/><path d="M7 3c0 5 4 6 5 9-1 3-5 4-5 9M17 3c0 5-4 6-5 9 1 3 5 4 5 9"/><path class="wt-fill" d="M9.3 19h5.4L12 16.2z"/><path class="wt-fill" d="M9.6 7.2h4.8L12 9.6z"/>',
  pass: '<path d="M3.5 12h13M12.5 7l5 5-5 5"/><path d="M21 5v14"/>',
  lock: '<rect x="5" y="10.5" width="14" height="10.5" rx="2"/><path d="M8 10.5V7.6a4 4 0 0 1 8 0v2.9"/><circle class="wt-fill" cx="12" cy="15.6" r="1.4"/>',
  swap: '<path d="M4 8h14.5L15 4.5M20 16H5.5L9 19.5"/>',
  back: '<rect x="4" y="5" width="11" height="15" rx="2"/><path d="M8 5V4.2A2.2 2.2 0 0 1 10.2 2h7.6A2.2 2.2 0 0 1 20 4.2v11.6a2.2 2.2 0 0 1-2.2 2.2H15"/><path d="M9.5 10.5l1.2 1.2-1.2 1.2-1.2-1.2z"/>',
  star: '<path d="M12 3.5 14.4 9.3 20.6 9.7 15.8 13.7 17.3 19.8 12 16.5 6.7 19.8 8.2 13.7 3.4 9.7 9.6 9.3Z"/>',
  crown: '<path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z"/><path d="M5.5 16h13" opacity=".6"/>',
  bot: '<rect x="4" y="8" width="16" height="12" rx="3"/><path d="M12 8V4.5"/><circle cx="12" cy="3.6" r="1.1"/><circle class="wt-fill" cx="9" cy="13.8" r="1.4"/><circle class="wt-fill" cx="15" cy="13.8" r="1.4"/><path d="M2 13v3M22 13v3"/>',
  hat: '<path d="M2.5 18.2c2.2 1.6 16.8 1.6 19 0"/><path d="M6.4 18 10 9 8.8 3.8l6.6 4.7 3 9.5"/><path d="M8.3 14.6c2.3.7 5.2.7 7.5 0"/>',
  moon: '<path d="M19.5 14.8A8.2 8.2 0 1 1 9.2 4.5a6.6 6.6 0 0 0 10.3 10.3z"/><path class="wt-fill" d="M17 3.5l.6 1.5 1.5.6-1.5.6-.6 1.5-.6-1.5-1.5-.6 1.5-.6z"/><path class="wt-fill" d="M21 8.2l.4.9.9.4-.9.4-.4.9-.4-.9-.9-.4.9-.4z"/>',
  undo: '<path d="M9 14 4 9l5-5"/><path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11"/>',
  skip: '<path d="M4.5 5.5 11 12l-6.5 6.5zM12.5 5.5 19 12l-6.5 6.5z"/>',
  new: '<path d="M20 11.5A8 8 0 1 1 17.7 6"/><path d="M20.5 3.5v5h-5"/>',
  prev: '<path d="M15 18l-6-6 6-6"/>',
  next: '<path d="M9 18l6-6-6-6"/>',
  eye: '<path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"/><circle cx="12" cy="12" r="3"/>',
  load: '<path d="M12 15V3.5M7 8.5l5-5 5 5"/><path d="M4 15v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4"/>',
  copy: '<rect x="9" y="9" width="12" height="12" rx="2"/><path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1"/>',
  check: '<path d="M5 12.5l4.5 4.5L19 7.5"/>',
  x: '<path d="M6 6l12 12M18 6 6 18"/>',
  alert: '<path d="M12 3.5 21.5 20h-19z"/><path d="M12 10v4.5M12 17.2v.1"/>',
  info: '<circle cx="12" cy="12" r="9"/><path d="M12 11v6M12 7.6v.1"/>',
  target: '<circle cx="12" cy="12" r="8"/><circle cx="12" cy="12" r="3"/><path d="M12 2v4M12 18v4M2 12h4M18 12h4"/>',
  shield: '<path d="M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z"/>',
  sword: '<path d="M14.5 17.5 3 6V3h3l11.5 11.5"/><path d="M13 19l6-6M16 16l4 4M19 21l2-2"/>',
  spark: '<path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6"/>',
  scroll: '<path d="M8 3h11a2 2 0 0 1 2 2v2h-4"/><path d="M17 5v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-2h10v2a2 2 0 0 0 2 2"/><path d="M8 3a2 2 0 0 0-2 2v12M9.5 8h4.5M9.5 11.5h4.5" />',
};

const SVG_NS = "http://www.w3.org/2000/svg";

// The words of the table being drawn (the state's `strings`, from the translation
// catalogue): t(id, {name}) fills the braces; tn(id, n) picks the singular or
// plural form. A missing id shows as itself, so a gap is visible, never English.
let STRINGS = {};

function t(id, params = {}) {
  const text = Object.hasOwn(STRINGS, id) ? STRINGS[id] : id;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (Object.hasOwn(params, key) ? String(params[key]) : whole));
}

// Braces in a scene's own text (the presenter's words) filled in the same way.
function fill(text, params = {}) {
  return String(text || "").replace(/\{(\w+)\}/g, (whole, key) => (Object.hasOwn(params, key) ? String(params[key]) : whole));
}

function tn(id, n, params = {}) {
  return t(`${id}_${n === 1 ? "one" : "other"}`, { ...params, n });
}

// The card pictures of the table being drawn (set at the start of each synchronous draw,
// so two tables on one page never mix their pictures).
let PICTURES = {};

function icon(name, cls = "wt-icon") {
  const span = document.createElement("span");
  span.className = cls;
  span.setAttribute("aria-hidden", "true");
  const art = (Object.hasOwn(PICTURES, name) && PICTURES[name]) || ICONS[name] || ICONS.spark;
  span.innerHTML = `<svg viewBox="0 0 24 24" xmlns="${SVG_NS}" focusable="false">${art}</svg>`;
  return span;
}

// h("button.wt-x", {attrs}, children...): a small DOM builder. Text is always set as text.
// Handlers (onclick, oninput...) are kept on the node as _wt_<event> and run by listeners
// on the root (delegation), so morph() can move them onto the nodes it keeps.
function h(spec, props, ...children) {
  const [tag, ...classes] = spec.split(".");
  const node = document.createElement(tag || "div");
  if (classes.length) node.className = classes.join(" ");
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node[`_wt_${key.slice(2)}`] = value;
    else if (key === "text") node.textContent = value;
    else if (key === "value") node.value = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// A card drawn inside a labelled button is part of the button's picture: its number and
// count are drawn by CSS (from data-text), so the button's visible text is its label and
// hint, which its accessible name contains (WCAG 2.5.3, Label in Name); the card's own
// name (role img) still says them.
function pictured(node) {
  for (const el of node.querySelectorAll(".wt-card-number, .wt-card-count, .wt-card-tag, .wt-card-name")) {
    el.dataset.text = el.textContent;
    el.textContent = "";
  }
  return node;
}

// The canonical JSON of an action: sorted keys, as Python's json.dumps(sort_keys=True).
function canon(value) {
  const sort = (v) => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === "object") {
      const out = {};
      for (const key of Object.keys(v).sort()) out[key] = sort(v[key]);
      return out;
    }
    return v;
  };
  return JSON.stringify(sort(value));
}

const HANDLERS = ["click", "input", "change", "toggle", "keydown", "pointerdown"];
const TIMELINE_KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"];

// Patch the live node `from` into the shape of the freshly built `to`, keeping every node
// whose tag is unchanged: buttons stay the same elements between states (focus, hover,
// running animations and a test's element handles survive), only what changed is touched.
function morph(from, to) {
  if (from.nodeType !== to.nodeType || from.nodeName !== to.nodeName) {
    from.replaceWith(to);
    return;
  }
  if (from.nodeType === Node.TEXT_NODE) {
    if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
    return;
  }
  if (from.nodeType !== Node.ELEMENT_NODE) return;
  for (const attr of [...from.attributes]) if (!to.hasAttribute(attr.name)) from.removeAttribute(attr.name);
  for (const attr of [...to.attributes]) {
    if (from.getAttribute(attr.name) !== attr.value) from.setAttribute(attr.name, attr.value);
  }
  for (const event of HANDLERS) from[`_wt_${event}`] = to[`_wt_${event}`];
  if ("value" in to && (to.tagName === "INPUT" || to.tagName === "TEXTAREA") && from.value !== to.value) {
    from.value = to.value;
  }
  if (to.tagName === "DETAILS") from.open = to.open;
  const old = [...from.childNodes];
  const fresh = [...to.childNodes];
  fresh.forEach((child, i) => {
    if (i < old.length) morph(old[i], child);
    else from.append(child);
  });
  for (const extra of old.slice(fresh.length)) extra.remove();
}

function comboKey(counts) {
  return Object.keys(counts).filter((k) => counts[k] > 0).sort().map((k) => `${k}:${counts[k]}`).join(",");
}

// The synced keys whose change means a redraw (docs/widgets.md, "Synced state").
const STATE_KEYS = ["seq", "scene", "notice", "auto", "pictures", "strings"];

const MODE_LABEL = { play: "", explore: "mode_explore", lab: "mode_lab" };

// Shortcut keys of the toolbar's controls (by role), shown on the buttons.
const CONTROL_KEYS = { undo: "U", skip: "S" };

// A key's name printed on the button it presses (hidden from screen readers, which get
// aria-keyshortcuts instead).
// A shortcut key's hint on a button. Drawn by CSS from data-k, not as text: the button's
// visible text then stays part of its accessible name (WCAG 2.5.3, Label in Name), and
// readers get the key from aria-keyshortcuts instead.
function kbd(key) {
  return h("kbd.wt-kbd", { "aria-hidden": "true", "data-k": key });
}

function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// ------------------------------------------------------------------ the kernel watch
// A notebook reopened without its kernel (or whose kernel stopped) still draws its tables
// from the saved state, but nothing answers a click. In Jupyter (the model has a
// widget_manager), ipywidgets marks a view whose comm is dead with the class
// jupyter-widgets-disconnected: the table then says its kernel is gone and how to bring
// it back. A message that gets no sign of life (no kernel status, no reply, no new seq)
// for KERNEL_WAIT_MS says so more carefully: the kernel may only be busy.
const KERNEL_WAIT_MS = 8000;
const DISCONNECTED = "jupyter-widgets-disconnected";

class KernelWatch {
  constructor(view) {
    this.view = view;
    this.jupyter = !!view.model.widget_manager;
    this.node = h("div.wt-kernel", { role: "alert", "data-role": "kernel", hidden: true });
    this.state = "ok"; // "ok", "gone" (the comm is dead) or "silent" (no answer yet)
    this.timer = null;
    this.observer = null;
    if (this.jupyter && typeof MutationObserver === "function") {
      this.observer = new MutationObserver(() => this.check());
      this.observer.observe(view.el, { attributes: true, attributeFilter: ["class"] });
    }
    // JupyterLab's manager also holds the kernel: its death or shutdown is told at once.
    const kernel = this.kernel();
    this.hadKernel = !!kernel;
    this.signals = [];
    for (const name of ["statusChanged", "disposed"]) {
      const signal = kernel && kernel[name];
      if (!signal || typeof signal.connect !== "function") continue;
      const slot = () => this.check();
      signal.connect(slot);
      this.signals.push([signal, slot]);
    }
  }

  kernel() {
    const manager = this.view.model.widget_manager;
    return (manager && manager.kernel) || null;
  }

  disconnected() {
    const el = this.view.el;
    if (el.closest && el.closest(`.${DISCONNECTED}`)) return true;
    if (!this.hadKernel) return false;
    const kernel = this.kernel();
    return !kernel || !!kernel.isDisposed || kernel.status === "dead";
  }

  check() {
    if (!this.jupyter) return;
    if (this.disconnected()) this.show("gone");
    else if (this.state === "gone") this.show("ok");
    else this.show(this.state);
  }

  // The callbacks a message is sent with: any status or reply from the kernel is a sign of life.
  sent() {
    if (!this.jupyter) return undefined;
    clearTimeout(this.timer);
    if (this.disconnected()) {
      this.show("gone");
      return undefined;
    }
    if (this.state === "gone") this.show("ok");
    this.timer = setTimeout(() => { if (this.state === "ok") this.show("silent"); }, KERNEL_WAIT_MS);
    const alive = () => this.alive();
    return { iopub: { status: alive }, shell: { reply: alive } };
  }

  alive() {
    clearTimeout(this.timer);
    this.timer = null;
    if (this.state === "silent") this.show("ok");
  }

  show(state) {
    this.state = state;
    this.view.root.dataset.kernel = state;
    if (state === "ok") this.node.setAttribute("hidden", "");
    else this.node.removeAttribute("hidden");
    this.node.textContent = state === "gone" ? t("kernel_gone")
      : state === "silent" ? t("kernel_silent", { s: KERNEL_WAIT_MS / 1000 }) : "";
  }

  // A send that throws (a disposed kernel connection) means the kernel is gone.
  send(message) {
    try {
      this.view.model.send(message, this.sent());
    } catch (err) {
      if (!this.jupyter) throw err;
      console.error("witchtable: the message could not reach the kernel", err);
      this.show("gone");
    }
  }

  // The table is gone: no timer of this part may fire.
  stop() {
    clearTimeout(this.timer);
    if (this.observer) this.observer.disconnect();
    for (const [signal, slot] of this.signals) signal.disconnect(slot);
  }
}

// A number the presenter marked for a bot's card to fly to (fly: "all" or "others"; see
// scene.FLY): the page learns which numbers, and whose, from the scene, never by name.
function flyTo(attrs, fly, key, value) {
  if (!fly) return;
  attrs["data-fly"] = fly;
  attrs["data-fly-key"] = key;
  attrs["data-fly-count"] = value;
}

// ------------------------------------------------------------------ card faces
// A card face drawn as a card or as a chip: plain functions, every part draws faces alike.
function drawCard(c, opts = {}) {
  const count = c.count ?? 1;
  const classes = opts.mini ? "div.wt-card.wt-mini" : "div.wt-card";
  const node = h(classes, {
    ...faceAttrs(c), "aria-label": (count > 1 ? `${count} × ` : "") + faceName(c), role: "img",
  },
  faceBody(c),
  count > 1 ? h("span.wt-card-count", { text: `×${count}` }) : null);
  // A caption under the card (who played it, in what order), outside the card itself.
  return c.caption && !opts.mini ? h("figure.wt-figure", { "data-state": c.state }, node,
    h("figcaption", { text: c.caption })) : node;
}

// A face as a compact chip (icon, name, number): face-up cards in front of a player.
function drawChip(c, opts = {}) {
  const number = c.number === undefined || c.number === null ? null : h("span.wt-chip-number", { text: c.number });
  const tag = opts.tag && c.tag ? h("span.wt-chip-tag", { text: c.tag }) : null;
  const lock = opts.tag && c.state === "locked" ? icon("lock", "wt-icon wt-chip-icon wt-chip-lock") : null;
  const count = c.count ?? 1;
  const name = (count > 1 ? `${count} × ` : "") + faceName(c);
  return h("span.wt-chipcard", { ...faceAttrs(c), role: "img", "aria-label": name, title: name },
    icon(c.icon || c.kind, "wt-icon wt-chip-icon"), h("span.wt-chip-name", { text: c.name }), number, tag, lock,
    count > 1 ? h("span.wt-chip-count", { text: `×${count}` }) : null);
}

// What every drawing of a face shares: its data attributes, its spoken name, its parts.
// Optional face fields: number (printed on the card), tag (a family word such as
// "Pocus", shown on the card), shape ("arch": another outline), state (a word such as
// "cancelled" or "locked": dimmed, and said), caption (under the card).
function faceAttrs(c) {
  return { "data-card": c.kind, "data-tone": c.tone || "ash", "data-shape": c.shape, "data-state": c.state };
}

function faceName(c) {
  const number = c.number === undefined || c.number === null ? "" : ` ${c.number}`;
  return `${c.name}${number}${c.tag ? ` (${c.tag})` : ""}${c.state ? `, ${c.state}` : ""}`;
}

function faceBody(c) {
  return [
    c.tag ? h("span.wt-card-tag", { text: c.tag }) : null,
    c.number === undefined || c.number === null ? null : h("span.wt-card-number", { text: c.number }),
    icon(c.icon || c.kind, "wt-icon wt-card-art"),
    h("span.wt-card-name", { text: c.name }),
    c.state === "locked" ? icon("lock", "wt-icon wt-card-lock") : null,
  ];
}

// Messages to Python: each one marks the table busy until the answer (seq + 1) comes, and
// a message sent while a race's clock runs carries the milliseconds since it appeared.
class Outbox {
  constructor(view) {
    this.view = view;
    this.expectSeq = null;       // the seq that answers the last message sent
    this.busyTimer = null;
    this.lastKind = null;        // the kind of the last message (a refused build is explained by its picker)
  }

  send(message) {
    // Timed play: what the page sends while a clock runs carries the milliseconds since
    // the clock appeared, measured here; Python puts them into the action.
    const race = this.view.race;
    const clock = this.view.scene && this.view.scene.clock;
    if (clock && clock.key === race.clockKey && (message.kind === "act" || message.kind === "build")) {
      // a race's round has not started (the board is hidden): nothing is called before it
      if (race.clockStart === null) { this.view.live.textContent = race.text(); return; }
      if (message.ms === undefined) message.ms = Math.max(0, Math.round(performance.now() - race.clockStart));
    }
    // Python answers every message with seq + 1: busy until every message sent is answered.
    this.expectSeq = Math.max(this.expectSeq ?? 0, this.view.model.get("seq") ?? 0) + 1;
    this.lastKind = message.kind;
    this.view.root.dataset.busy = "1";
    clearTimeout(this.busyTimer);
    this.busyTimer = setTimeout(() => { this.view.root.dataset.busy = "0"; }, 15000);
    this.view.watch.send(message);
  }

  act(action, seat) {
    const message = { kind: "act", action, move: this.view.scene.move };
    if (seat !== undefined && seat !== null) message.seat = seat;
    this.send(message);
  }

  // A new state has come: no longer busy once it answers every message sent.
  answered(seq) {
    if (this.expectSeq !== null && (seq ?? 0) < this.expectSeq) return;
    this.view.root.dataset.busy = "0";
    clearTimeout(this.busyTimer);
    this.view.watch.alive();
  }

  // The table is gone: no timer of this part may fire.
  stop() {
    clearTimeout(this.busyTimer);
  }
}

// The live region, for a screen reader: what happened since the last draw, told once.
class Narrator {
  constructor(view) {
    this.view = view;
    this.lastLog = null;          // highest log entry narrated
    this.botLines = [];           // bot moves' log texts waiting to be told as one summary
    this.saidTurn = "";           // the decision last announced ("your turn")
    this.narratedNotice = "";
  }

  // The live region: your own move's result at once; the bots' moves, while they play at
  // their pace, gathered and told as one summary when they stop; then, when a decision is
  // yours, "Your turn" with the headline (the decision); a notice; the goal at the start.
  tell(scene, notice, noticeKey) {
    const log = scene.log || [];
    const parts = [];
    const hl = scene.headline || {};
    const players = scene.players || [];
    const isBot = (seat) => seat !== undefined && players.some((p) => p.seat === seat && p.bot);
    if (this.lastLog === null) {
      if (hl.text) parts.push(hl.text);
      if (scene.howto && scene.howto.goal) parts.push(t("goal_is", { goal: scene.howto.goal }));
      if (hl.tone === "you") this.saidTurn = `${scene.move}|${hl.text}`;
    } else {
      const yours = scene.yours ?? -1; // the last event of your own latest move
      for (const entry of log) {
        if (entry.n <= this.lastLog) continue;
        if (entry.n <= yours) parts.push(entry.text); // your move's result, a bot's forced part included
        else if (isBot(entry.seat)) this.botLines.push(entry.text);
        else if (this.botLines.length) this.botLines.push(entry.text);
        else parts.push(entry.text);
      }
    }
    if (log.length) this.lastLog = Math.max(this.lastLog ?? -1, log[log.length - 1].n);
    const botsGoOn = !!this.view.model.get("auto");
    if (!botsGoOn && this.botLines.length) {
      parts.push(`${t("while_bots")} ${this.botLines.join(" ")}`);
      this.botLines = [];
    }
    const turn = `${scene.move}|${hl.text}`;
    if (!botsGoOn && hl.tone === "you" && turn !== this.saidTurn && !scene.handoff) {
      // "Your turn." unless the headline says so itself, or it asks for an answer in another
      // seat's turn (hl.reacting: a reaction window, as a Pocus on someone's Hocus)
      const prefix = t("your_turn", { text: "" }).trim().replace(/[.:]$/, "").toLowerCase();
      const plain = hl.reacting || hl.text.toLowerCase().startsWith(prefix);
      parts.push(plain ? hl.text : t("your_turn", { text: hl.text }));
      this.saidTurn = turn;
    } else if (hl.tone === "over" && turn !== this.saidTurn) {
      parts.push(hl.text);
      this.saidTurn = turn;
    }
    if (noticeKey && noticeKey !== this.narratedNotice && notice) parts.push(notice.text);
    this.narratedNotice = noticeKey;
    if (parts.length) this.view.live.textContent = parts.join(" ");
  }
}

// -- keyboard: one Tab stop per group (roving tabindex), arrows inside, shortcut keys.
// The keys are tried in KEY_STEPS' order: the first step that takes a key ends it.
const ARROW_KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"];
const KEY_STEPS = ["arrowKey", "timelineKey", "overlayKey", "callKey", "handKey", "letterKey"];
const LETTER_KEYS = { r: "howtoKey", h: "handFocusKey", t: "targetKey" };
const CLICK_KEYS = {
  c: '.wt-picker [data-role="confirm"], .wt-order [data-role="confirm"]',
  u: '.wt-controls [data-role="undo"]',
  s: '.wt-controls [data-role="skip"]',
};

class Keyboard {
  constructor(view) {
    this.view = view;
    this.roveAt = new Map();      // roving group -> data-key of its one Tab stop
    this.shortcutN = 0;           // the next digit given to a prompt's button while drawing
  }

  shortcut() {
    this.shortcutN += 1;
    return this.shortcutN <= 9 ? String(this.shortcutN) : "";
  }

  groupItems(group) {
    return [...group.querySelectorAll("button")].filter((b) => !b.disabled && b.closest("[data-roving]") === group);
  }

  rove() {
    for (const group of this.view.body.querySelectorAll("[data-roving]")) {
      const items = this.groupItems(group);
      if (!items.length) continue;
      const want = this.roveAt.get(group.dataset.roving);
      const stop = items.find((b) => b.dataset.key === want) || items.find((b) => b.getAttribute("aria-pressed") === "true") || items[0];
      for (const b of items) b.setAttribute("tabindex", b === stop ? "0" : "-1");
    }
  }

  // A roving group remembers the item focused last: Tab comes back to it.
  focused(event) {
    const group = event.target.closest && event.target.closest("[data-roving]");
    const keyed = event.target.closest && event.target.closest("[data-key]");
    if (group && keyed && this.view.root.contains(group)) this.roveAt.set(group.dataset.roving, keyed.dataset.key);
  }

  key(event) {
    if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
    const target = event.target;
    if (target && (target.tagName === "TEXTAREA" || target.tagName === "INPUT" || target.isContentEditable)) return;
    const press = this.press(event);
    for (const step of KEY_STEPS) if (this[step](press)) return;
  }

  // What every step reads of a key press; done() keeps the key from the page, click()
  // presses a drawn button (if it is there and enabled).
  press(event) {
    const target = event.target;
    const done = () => { event.preventDefault(); event.stopPropagation(); };
    const click = (selector) => {
      const button = this.view.body.querySelector(selector);
      if (button && !button.disabled) { done(); button.click(); return true; }
      return false;
    };
    return {
      event, target, done, click, scene: this.view.scene || {},
      group: target && target.closest ? target.closest("[data-roving]") : null,
      key: event.key.length === 1 ? event.key.toLowerCase() : event.key,
    };
  }

  // Arrows, Home and End inside a roving group.
  arrowKey({ event, target, group, done }) {
    if (!group || !ARROW_KEYS.includes(event.key)) return false;
    const items = this.groupItems(group);
    const at = items.indexOf(target.closest("button"));
    if (at < 0) return true;
    let next;
    const forward = event.key === "ArrowRight" || event.key === "ArrowDown";
    if (event.key === "Home") next = 0;
    else if (event.key === "End") next = items.length - 1;
    else if (group.dataset.roving === "hand" && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      next = this.kindStep(items, at, forward);
    } else next = Math.min(items.length - 1, Math.max(0, at + (forward ? 1 : -1)));
    done();
    items[next].focus();
    return true;
  }

  // In the hand, left and right go from one kind of card to the next (to its first copy).
  kindStep(items, at, forward) {
    const kind = items[at].dataset.card;
    if (forward) {
      const next = items.findIndex((b, i) => i > at && b.dataset.card !== kind);
      return next < 0 ? at : next;
    }
    let i = at;
    while (i > 0 && items[i - 1].dataset.card === kind) i -= 1;
    if (i > 0) {
      const prev = items[i - 1].dataset.card;
      i -= 1;
      while (i > 0 && items[i - 1].dataset.card === prev) i -= 1;
    }
    return i;
  }

  // The explorer's timeline: a step, a turn (PageUp/PageDown), the start or the end.
  timelineKey({ event, target, scene, done }) {
    const tl = scene.timeline;
    const scrolling = target && target.closest && target.closest(".wt-log"); // the log scrolls with them
    if (!tl || event.shiftKey || scrolling || !TIMELINE_KEYS.includes(event.key)) return false;
    const at = tl.position;
    const turns = tl.turns || [];
    const to = {
      ArrowLeft: at - 1, ArrowUp: at - 1, ArrowRight: at + 1, ArrowDown: at + 1, Home: 0, End: tl.length,
      PageUp: Math.max(0, ...turns.filter((p) => p < at)),
      PageDown: Math.min(tl.length, ...turns.filter((p) => p > at)),
    }[event.key];
    done();
    if (to >= 0 && to <= tl.length && to !== at) this.view.outbox.send({ kind: "goto", move: to });
    return true;
  }

  // "?" opens or closes the keys panel; Escape drops a race's call being pointed.
  overlayKey({ event, done }) {
    const view = this.view;
    if (event.key === "?") { done(); view.keysOpen = !view.keysOpen; view.draw(); return true; }
    if (event.key === "Escape" && view.race.calling) { done(); view.race.calling = null; view.draw(); return true; }
    return false;
  }

  // A race's call key (one per person at the keyboard); else Escape closes the open panels.
  callKey({ event, scene, done }) {
    const view = this.view;
    const caller = (scene.calls && scene.calls.keys || []).find((c) => c.key === (event.key.length === 1 ? event.key.toLowerCase() : ""));
    if (caller && !view.race.calling) { done(); view.race.call(caller); return true; }
    if (event.key !== "Escape" || !(view.keysOpen || view.howtoOpen)) return false;
    done();
    view.keysOpen = false;
    view.howtoOpen = false;
    view.draw();
    return true;
  }

  // In the hand: Shift+Space toggles every copy of a card at once (the whole set); Enter confirms.
  handKey({ event, target, group, done, click }) {
    if (!group || group.dataset.roving !== "hand") return false;
    if (event.key === "Enter") { click('.wt-picker [data-role="confirm"]'); return true; }
    if (event.key !== " " || !event.shiftKey) return false;
    done();
    const picked = this.view.pickers.picked;
    const kind = target.dataset.card;
    const ids = [...this.view.body.querySelectorAll(".wt-hand-cards button.wt-card")].filter((b) => b.dataset.card === kind)
      .map((b) => b.dataset.key.slice("card:".length));
    const all = ids.every((id) => picked.has(id));
    for (const id of ids) if (all) picked.delete(id); else picked.add(id);
    this.view.draw();
    return true;
  }

  // The letters (R, H, T: LETTER_KEYS; C, U, S: a button, CLICK_KEYS) and 1-9 (a prompt's buttons).
  letterKey(press) {
    const { key, click } = press;
    if (LETTER_KEYS[key]) this[LETTER_KEYS[key]](press);
    else if (CLICK_KEYS[key]) click(CLICK_KEYS[key]);
    else if (/^[1-9]$/.test(key)) click(`.wt-prompt button[data-shortcut="${key}"]`);
    return true;
  }

  howtoKey({ scene, done }) {
    if (scene.howto) { done(); this.view.toggleHowto(); }
  }

  // H: to the hand's Tab stop.
  handFocusKey({ done }) {
    const stop = this.view.body.querySelector('[data-roving="hand"] button[tabindex="0"]');
    if (stop) { done(); stop.focus(); }
  }

  // T: the picker's next target, said in the live region.
  targetKey({ scene, done }) {
    if (!scene.picker || !scene.picker.needs_target) return;
    const pickers = this.view.pickers;
    const targets = scene.picker.targets || [];
    if (!targets.length) return;
    done();
    const at = targets.findIndex((tg) => tg.seat === pickers.target);
    pickers.target = targets[(at + 1) % targets.length].seat;
    this.view.draw();
    const chosen = targets.find((tg) => tg.seat === pickers.target);
    this.view.live.textContent = t("target_of", { label: chosen.label });
  }
}

// A timed round: its clock (and a race's countdown before it), the call keys of the people
// at the keyboard, and the bots' calls heard. The times it measures go with the messages.
class RaceClock {
  constructor(view) {
    this.view = view;
    this.clockKey = null;         // the running clock, and when (performance.now()) it appeared
    this.clockStart = 0;          // null: a race's clock not started yet (How to play open, or counting down)
    this.countdownEnd = null;     // when a race's countdown (3, 2, 1) ends and its clock starts
    this.heardTold = "";          // the race's bot calls already told in the live region
    this.clockTimer = null;
    this.calling = null;          // a race's call key pressed: {seat, ms, at}, until the card is pointed at
  }

  // The table is gone: no timer of this part may fire.
  stop() {
    clearInterval(this.clockTimer);
  }

  // A running clock: it starts when its key is first drawn; the digits tick without a redraw.
  // A race's clock (c.countdown seconds) starts only when the board can be seen: once How
  // to play is closed, after a countdown (3, 2, 1) with the turned wizard hidden.
  draw(c) {
    if (!c) {
      clearInterval(this.clockTimer);
      this.clockTimer = null;
      this.clockKey = null;
      this.view.root.dataset.counting = "";
      return null;
    }
    if (this.clockKey !== c.key) {
      this.clockKey = c.key;
      this.clockStart = c.countdown ? null : performance.now();
      this.countdownEnd = null;
    }
    if (this.clockStart === null && this.countdownEnd === null && !this.view.howtoOpen && !this.view.scene.handoff) {
      this.countdownEnd = performance.now() + c.countdown * 1000;
    }
    this.view.root.dataset.counting = this.clockStart === null ? "1" : "";
    if (!this.clockTimer) this.clockTimer = setInterval(() => this.tick(), 100);
    return h("div.wt-clock", { "data-clock": c.key, role: "timer", "aria-label": c.label || t("clock") },
      icon("hourglass"), h("span.wt-clock-label", { text: c.label || t("clock") }),
      h("span.wt-clock-time", { text: this.text() }));
  }

  // A race's call keys (several people at one keyboard: one key each), and who is pointing now.
  callBar(scene) {
    const calls = scene.calls;
    if (this.calling && (!scene.clock || this.calling.move !== scene.move)) this.calling = null;
    this.view.root.dataset.calling = this.calling ? String(this.calling.seat) : "";
    if (!calls || !calls.keys || !calls.keys.length) return null;
    const now = this.calling ? calls.keys.find((c) => c.seat === this.calling.seat) : null;
    return h("div.wt-calls", { "data-calls": "1" },
      now ? h("p.wt-calling", { "data-seat": now.seat, role: "status", text: fill(calls.pointing, { name: now.name }) })
        : h("p.wt-calls-help", { text: calls.help || "" }),
      h("ul.wt-call-keys", {}, calls.keys.map((c) => h("li", { "data-seat": c.seat, "data-key": `call:${c.seat}` },
        h("kbd", { text: c.key.toUpperCase() }), h("span", { text: ` ${c.label}` })))),
      this.heard(scene));
  }

  // A race's bot calls as they happen (who called, and when: what they called stays sealed
  // until the round is judged); each is told once in the live region.
  heard(scene) {
    const heard = scene.heard || [];
    const told = `${scene.deal}|${scene.clock ? scene.clock.key : ""}|`;
    const fresh = heard.filter((c) => !this.heardTold.startsWith(told) || !this.heardTold.includes(`|${c.seat}:`));
    if (fresh.length) {
      this.heardTold = told + heard.map((c) => `|${c.seat}:`).join("");
      queueMicrotask(() => { this.view.live.textContent = fresh.map((c) => c.text).join(" "); });
    }
    if (!heard.length) return null;
    return h("ul.wt-heard", { "data-heard": String(heard.length), role: "status" },
      heard.map((c) => h("li", { "data-seat": c.seat, text: c.text })));
  }

  text() {
    if (this.clockStart === null) {
      const c = (this.view.scene && this.view.scene.clock) || {};
      if (this.countdownEnd === null) return c.closed || "";
      return fill(c.ready || "{n}", { n: Math.max(1, Math.ceil((this.countdownEnd - performance.now()) / 1000)) });
    }
    return t("seconds", { s: ((performance.now() - this.clockStart) / 1000).toFixed(1) });
  }

  tick() {
    if (this.clockStart === null && this.countdownEnd !== null && performance.now() >= this.countdownEnd) {
      this.clockStart = this.countdownEnd; // the round starts: show the board, cue the bots' calls
      this.view.draw();
      this.view.live.textContent = "";
      return;
    }
    const node = this.view.body.querySelector(".wt-clock-time");
    if (node) node.textContent = this.text();
  }

  // A race's call: the caller's key ("Kazaam!") times the call; the card pointed at next
  // (arrows and Enter, or a click) is sent with that time and the time it took to point.
  call(spec) {
    const clock = this.view.scene && this.view.scene.clock;
    if (!clock || clock.key !== this.clockKey || this.clockStart === null) return;
    this.calling = { seat: spec.seat, ms: Math.max(0, Math.round(performance.now() - this.clockStart)),
      at: performance.now(), move: this.view.scene.move };
    this.view.draw();
    const calls = this.view.scene.calls || {};
    const first = this.view.body.querySelector(`[data-grid="${calls.grid}"] button.wt-grid-cell`);
    if (first) first.focus();
    this.view.live.textContent = fill(calls.pointing || "", { name: spec.name });
  }

  point(action) {
    const c = this.calling;
    this.calling = null;
    if (!c || c.move !== this.view.scene.move) return this.view.outbox.act(action);
    const message = { kind: "act", action, move: this.view.scene.move, seat: c.seat, ms: c.ms,
      point_ms: Math.max(0, Math.round(performance.now() - c.at)) };
    this.view.outbox.send(message);
  }
}

// The bots' pace: the state's cue (auto) is sent after its delay, or at a race's call time
// on the round's clock; a bot's move is animated as cards flying to the piles that grew.
class BotCues {
  constructor(view) {
    this.view = view;
    this.autoKey = "";            // the cue whose timer runs (its delay is part of it)
    this.autoTimer = null;
    this.flights = 0;             // card flights started (a test reads data-flights)
    this.flownLog = null;         // the log entry last animated
  }

  // The table is gone: no timer of this part may fire.
  stop() {
    clearTimeout(this.autoTimer);
  }

  pace() {
    const auto = this.view.model.get("auto");
    // A race's cue (at_ms: a bot's call time on the round's clock) waits for the clock to
    // start and to reach it, then says what the clock shows (ms): the call is played then.
    const race = auto && auto.at_ms !== undefined;
    const running = race && this.view.race.clockStart !== null && this.view.scene.clock && this.view.scene.clock.key === this.view.race.clockKey;
    // The delay is part of the key: a reveal closed early shortens the bots' wait.
    const key = auto ? `${canon(auto)}|${race ? this.view.race.clockKey + "@" + (running ? this.view.race.clockStart : "-") : ""}` : "";
    if (key === this.autoKey) return;
    clearTimeout(this.autoTimer);
    this.autoKey = key;
    if (!auto || (race && !running)) return;
    const wait = race ? auto.at_ms - (performance.now() - this.view.race.clockStart) : auto.delay || 0;
    this.autoTimer = setTimeout(() => {
      const still = this.view.model.get("auto");
      if (!still || canon(still) !== canon(auto)) return;
      if (!race) { this.view.outbox.send(still.message); return; }
      const ms = Math.round(performance.now() - this.view.race.clockStart);
      this.view.outbox.send({ ...still.message, ms: Math.max(still.at_ms, ms) });
    }, Math.max(0, wait));
  }

  // -- bot moves, animated: a card travels from the player who moved to each pile that grew.
  // Pile and counter sizes as drawn now (before and after a draw).
  snapshot() {
    const out = new Map();
    // The numbers a card may fly to are the ones the presenter marked (data-fly: "all", or
    // "others" when the mover's own gains come from elsewhere); zones count their cards.
    for (const node of this.view.body.querySelectorAll("[data-fly], .wt-zone[data-zone]")) {
      const owner = node.closest(".wt-player[data-seat]");
      const zone = node.closest("[data-zone]");
      const fly = node.dataset.fly || "";
      const key = `${owner ? `seat${owner.dataset.seat}` : ""}|${zone ? zone.dataset.zone : ""}|${fly ? node.dataset.flyKey : "cards"}|${fly}`;
      const value = fly ? Number(node.dataset.flyCount) : node.querySelectorAll(".wt-card[data-card]").length;
      if (!out.has(key)) out.set(key, value);
    }
    return out;
  }

  fly(before, scene) {
    const after = this.snapshot();
    const log = scene.log || [];
    const last = log.length ? log[log.length - 1] : null;
    const players = scene.players || [];
    const mover = last && players.find((p) => p.seat === last.seat);
    const fresh = last && last.n !== this.flownLog;
    this.flownLog = last ? last.n : null;
    if (!before.size || !fresh || !mover || !mover.bot || reducedMotion() || typeof Element.prototype.animate !== "function") return;
    const from = this.view.body.querySelector(`.wt-player[data-seat="${mover.seat}"]`);
    if (!from) return;
    const auto = this.view.model.get("auto");
    const duration = Math.max(220, Math.min(700, Math.round(((auto && auto.delay) || 500) * 0.6)));
    const start = from.getBoundingClientRect();
    for (const [key, value] of after) {
      if (!(value > (before.get(key) ?? value))) continue;
      const [owner, zone, attr, fly] = key.split("|");
      if (owner === `seat${mover.seat}` && fly !== "all") continue; // its own gains come from elsewhere
      const sel = owner ? `.wt-player[data-seat="${owner.slice(4)}"] [data-fly-key="${attr}"]` : zone ? `.wt-zone[data-zone="${zone}"]` : null;
      const end = sel ? this.view.body.querySelector(sel) : null;
      if (!end) continue;
      const stop = end.getBoundingClientRect();
      const card = h("span.wt-flyer", { "aria-hidden": "true", "data-to": zone || attr }, icon("moon", "wt-icon wt-back-art"));
      this.view.root.append(card);
      const dx = stop.left + stop.width / 2 - (start.left + start.width / 2);
      const dy = stop.top + stop.height / 2 - (start.top + start.height / 2);
      card.style.left = `${start.left + start.width / 2 - 20 - this.view.root.getBoundingClientRect().left}px`;
      card.style.top = `${start.top + start.height / 2 - 28 - this.view.root.getBoundingClientRect().top}px`;
      this.flights += 1;
      this.view.root.dataset.flights = String(this.flights);
      const run = card.animate([
        { transform: "translate(0, 0) scale(1) rotate(-8deg)", opacity: 0.95 },
        { transform: `translate(${dx}px, ${dy}px) scale(0.8) rotate(6deg)`, opacity: 0.9 },
      ], { duration, easing: "cubic-bezier(.3,.7,.4,1)" });
      run.onfinish = () => card.remove();
      run.oncancel = () => card.remove();
    }
  }
}

// Timed reveals: cards shown to some seats for a moment, their timer, the person closing
// them, and a search's heap of tokens. Only a reveal's key is kept here, never what it shows.
class Reveals {
  constructor(view) {
    this.view = view;
    this.revealKey = null;        // the reveal whose timer runs: its id (revealId), never its content
    this.revealClosed = null;     // the reveal closed here (its id), gone from the DOM before Python answers
    this.revealFresh = false;     // a reveal appeared in this draw: bring it into view
    this.revealTimer = null;
    this.heapMoved = new Map();   // a heap reveal's tokens moved by the pointer: index -> [x, y] (no content)
    this.heapJumbled = null;      // the search reveal heaped up by its Spread toggle (its key): rows by default
  }

  // The table is gone: no timer of this part may fire.
  stop() {
    clearTimeout(this.revealTimer);
  }

  // A reveal's id: its key within the history shown (scene.deal). Keys are made from move
  // numbers, which start over in a new game, so a key alone would make a new game's first
  // look count as the one closed in the last game.
  revealId(key) {
    return `${this.view.scene.deal ?? ""}|${key}`;
  }

  // Something shown to some seats for a moment. Its timer starts the first time its key is
  // drawn; when it ends (or the person closes it) the node goes at once and Python is told,
  // which drops it from every later state. Only the key is remembered here, never the content.
  draw(r) {
    if (!r) {
      clearTimeout(this.revealTimer);
      this.revealTimer = null;
      this.revealKey = null;
      return null;
    }
    const id = this.revealId(r.key);
    if (this.revealClosed === id) return null;
    if (this.revealKey !== id) {
      this.revealKey = id;
      this.revealFresh = true;
      this.heapMoved.clear();
      this.heapJumbled = null;
      clearTimeout(this.revealTimer);
      this.revealTimer = r.duration_ms === null || r.duration_ms === undefined ? null
        : setTimeout(() => this.close(r.key), Math.max(0, r.duration_ms));
    }
    const seats = r.seats || [];
    return h("section.wt-reveal", { "data-reveal": r.key, "aria-label": r.title, "aria-live": "assertive" },
      icon("eye", "wt-icon wt-big"),
      h("div.wt-reveal-body", {}, h("h3", { text: r.title }), r.text ? h("p", { text: r.text }) : null,
        seats.length ? h("p.wt-muted", { text: t("shown_to", { names: seats.join(", ") }) }) : null,
        (r.cards || []).length ? (r.heap ? this.heap(r)
          : h(r.steps ? "div.wt-cards.wt-checks" : "div.wt-cards", {},
            r.cards.map((c, i) => h("div.wt-check-step", { style: `--wt-i: ${i}` }, drawCard(c))))) : null),
      r.heap ? h("button.wt-btn.wt-ghost", {
        type: "button", "data-role": "spread-heap", "data-key": "role:spread-heap",
        "aria-pressed": String(this.heapJumbled !== r.key),
        onclick: () => { this.heapJumbled = this.heapJumbled === r.key ? null : r.key; this.heapMoved.clear(); this.view.draw(); },
      }, icon("spark"), h("span.wt-btn-label", { text: t("spread") })) : null,
      h("button.wt-btn", {
        type: "button", "data-role": "close-reveal", "data-key": "role:close-reveal",
        onclick: () => this.close(r.key),
      }, icon("x"), h("span.wt-btn-label", { text: r.close_label || t("close") })));
  }

  // A reveal that has just appeared is brought into view in play (block "nearest": no scroll
  // when it is in view already): drawn above the choices the page was scrolled to, it would
  // otherwise be off screen while its time runs out (the newcomer never saw their cards).
  show(scene) {
    if (!this.revealFresh) return;
    this.revealFresh = false;
    const shown = scene.mode === "play" ? this.view.body.querySelector(".wt-reveal") : null;
    if (shown && typeof shown.scrollIntoView === "function") {
      shown.scrollIntoView({ block: "nearest", behavior: reducedMotion() ? "auto" : "smooth" });
    }
  }

  // A search's tokens (reveal.heap) open spread out in rows, each name readable at once (a
  // jumbled heap showed about four in a five-second look). The Spread toggle heaps them up
  // instead: each lies at a spot drawn from the reveal's key and its place (so a redraw
  // keeps the heap as it is) and the pointer drags one aside ("one finger"). Only the moved
  // positions are kept here, never what the tokens are, and they go with the reveal.
  heap(r) {
    const spread = this.heapJumbled !== r.key;
    let seed = 0;
    for (const ch of r.key) seed = (seed * 31 + ch.charCodeAt(0)) >>> 0;
    const rand = () => { seed = (seed * 1103515245 + 12345) >>> 0; return (seed >>> 8) / 16777216; };
    const tokens = r.cards.map((c, i) => {
      const jumble = [18 + rand() * 46, 8 + rand() * 70, rand() * 50 - 25];
      const moved = this.heapMoved.get(i);
      const at = spread ? null  // in rows: laid out by the stylesheet, in the flow
        : moved ? `left: ${moved[0]}px; top: ${moved[1]}px; z-index: ${20 + i};`
          : `left: ${jumble[0].toFixed(1)}%; top: ${jumble[1].toFixed(0)}px; transform: rotate(${jumble[2].toFixed(0)}deg);`;
      return h("span.wt-token", {
        "data-card": c.kind, "data-tone": c.tone || "ash", role: "img", "aria-label": faceName(c),
        title: c.name, style: at, onpointerdown: spread ? null : (event, node) => this.drag(event, node, i),
      }, icon(c.icon || c.kind, "wt-icon wt-token-icon"), h("span.wt-token-name", { text: c.name }));
    });
    return h("div.wt-heap", { "data-spread": spread ? "1" : "0", role: "group", "aria-label": r.title }, tokens);
  }

  drag(event, node, index) {
    const box = node.parentNode;
    if (!box || typeof event.clientX !== "number") return;
    event.preventDefault();
    const start = [event.clientX, event.clientY, node.offsetLeft, node.offsetTop];
    const move = (e) => {
      const x = Math.max(0, Math.min(box.clientWidth - node.offsetWidth, start[2] + e.clientX - start[0]));
      const y = Math.max(0, Math.min(box.clientHeight - node.offsetHeight, start[3] + e.clientY - start[1]));
      this.heapMoved.set(index, [Math.round(x), Math.round(y)]);
      node.style.left = `${Math.round(x)}px`;
      node.style.top = `${Math.round(y)}px`;
      node.style.transform = "none";
      node.style.zIndex = String(40 + index);
    };
    const up = () => {
      node.removeEventListener("pointermove", move);
      node.removeEventListener("pointerup", up);
      node.removeEventListener("pointercancel", up);
    };
    if (node.setPointerCapture && event.pointerId !== undefined) {
      try { node.setPointerCapture(event.pointerId); } catch (err) { /* a synthetic event has no capture */ }
    }
    node.addEventListener("pointermove", move);
    node.addEventListener("pointerup", up);
    node.addEventListener("pointercancel", up);
  }

  close(key) {
    clearTimeout(this.revealTimer);
    this.revealTimer = null;
    this.heapMoved.clear();
    this.heapJumbled = null;
    const scene = this.view.scene;
    if (!scene.reveal || scene.reveal.key !== key || this.revealClosed === this.revealId(key)) return;
    this.revealClosed = this.revealId(key);
    this.view.draw();
    this.view.outbox.send({ kind: "close", reveal: key, move: scene.move });
  }
}

// The scene on the table: the players (badges, counters, tableaux, a god view's cards) and
// the zones in the middle (piles, stocks, grids, rows of cards). Nothing here is clicked
// but a grid's cells, which the pickers draw.
class Board {
  constructor(view) {
    this.view = view;
  }

  players(scene) {
    const list = scene.players || [];
    if (!list.length) return null;
    return h("section.wt-players", { "aria-label": t("players") }, list.map((p) => {
      const badges = [];
      if (p.you) badges.push(h("span.wt-badge.wt-you", { text: t("you") }));
      if (p.bot) badges.push(h("span.wt-badge", { text: t("bot", { kind: p.bot }) }));
      if (p.acting) badges.push(h("span.wt-badge.wt-acting", { text: t("to_act") }));
      if (p.role) badges.push(h("span.wt-badge.wt-role", { text: p.role === "attacker" ? t("attacking") : p.role === "defender" ? t("defending") : p.role }));
      if (p.winner) badges.push(h("span.wt-badge.wt-win", {}, icon("crown"), t(p.team ? "team_won" : "winner")));
      if (p.out) badges.push(h("span.wt-badge.wt-muted", { text: t("no_cards") }));
      for (const b of p.badges || []) if (!(this.view.splitDrawn && b.repeats)) badges.push(h("span.wt-badge", { "data-tone": b.tone, text: b.text }));
      // The three columns hide (data-repeats; its data attribute stays) a counter the panel
      // shows otherwise (repeats), and the size of a hand drawn (the god view's mini cards).
      const counters = h("div.wt-counters", {}, (p.counters || []).map((c) => {
        const attrs = { role: "img", title: `${c.label}: ${c.value}`, "aria-label": `${c.label}: ${c.value}` };
        if (this.view.splitDrawn && (c.repeats || (p.cards && c.attr === "hand-size"))) attrs["data-repeats"] = "1";
        if (c.attr) attrs[`data-${c.attr}`] = c.value;
        flyTo(attrs, c.fly, c.attr, c.value);
        return h("span.wt-counter", attrs, icon(c.icon), h("span.wt-counter-value", { text: c.value }),
          h("span.wt-counter-label", { text: c.label }));
      }));
      const cards = p.cards ? h("div.wt-mini-cards", { "aria-label": t("hand_of", { name: p.name }) },
        p.cards.length ? this.alike(p.cards).map((c) => drawCard(c, { mini: true })) : h("span.wt-muted", { text: t("empty_hand") })) : null;
      // Face-up cards in front of the player (a tableau), for everyone to read.
      const tab = p.tableau;
      const tableau = tab ? h("div.wt-tableau", { role: "group", "aria-label": `${p.name}: ${tab.label}` },
        h("span.wt-tableau-label", { text: tab.label }),
        h("div.wt-chip-list", {}, tab.cards.length ? this.alike(tab.cards).map((c) => drawChip(c))
          : h("span.wt-muted", { text: tab.empty || t("none") }))) : null;
      return h("article.wt-player", {
        "data-seat": p.seat, "data-acting": p.acting ? "1" : "0", "data-you": p.you ? "1" : "0",
        "data-stance": p.role || undefined, "aria-label": `${p.name}${p.acting ? t("comma_to_act") : ""}`,
      },
      h("div.wt-player-head", {}, icon(p.bot ? "bot" : "hat", "wt-icon wt-avatar"),
        h("div.wt-player-id", {}, h("span.wt-player-name", { text: p.name }), h("span.wt-badges", {}, badges))),
      counters,
      tableau,
      p.note ? h("div.wt-player-note", { text: p.note }) : null,
      cards);
    }));
  }

  center(scene) {
    const zones = scene.table || [];
    const result = this.centerZones(scene, zones);
    this.view.zoneReveal = null;
    return result;
  }

  centerZones(scene, zones) {
    if (!zones.length) return null;
    const log = scene.log || [];
    const last = log.length ? log[log.length - 1] : null;
    // The newest event, on the table itself: a person can follow the bots move by move.
    // (Not in the three columns: the timeline beside the board marks the move, the log has it.)
    const latest = last && !this.view.splitDrawn ? h("div.wt-last", { "data-kind": last.kind, "data-n": last.n },
      h("span.wt-last-label", { text: t("last") }), h("span.wt-last-text", { text: last.text })) : null;
    // The three columns leave out a zone that only repeats what the board shows elsewhere
    // (repeats) and a zone's static help (help: its text; the rules panel beside it explains).
    const compact = this.view.splitDrawn;
    return h("section.wt-center", { "aria-label": t("table") }, latest,
      zones.filter((z) => !(compact && z.repeats)).map((z) => this.zone(scene, z, compact)));
  }

  // One zone: its label, what lies there (zoneBody), its lines and text.
  zone(scene, z, compact) {
    const body = this.zoneBody(z, compact);
    const label = h("div.wt-zone-label", {}, z.icon ? icon(z.icon) : z.tone === "attack" ? icon("sword") : null,
      h("span", { text: z.label }));
    const text = z.text && !(compact && z.help) ? h("div.wt-zone-text", { text: z.text }) : null;
    const shown = (compact && z.compact_lines) || z.lines;
    const lines = shown ? h("div.wt-zone-lines", {}, shown.map((l) => h("p.wt-zone-line", { "data-tone": l.tone, text: l.text }))) : null;
    if (z.stock && !z.cards) {
      const unit = z.stock.count === 1 ? z.stock.unit : z.stock.units;
      return h("div.wt-zone.wt-pile-zone", { "data-zone": z.key, "data-tone": z.tone || "" }, body,
        h("div.wt-pile-caption", {}, label, h("div.wt-pile-number", { text: `${z.stock.count} ${unit || ""}`.trim() }), text));
    }
    if (z.pile && !z.cards) {
      return h("div.wt-zone.wt-pile-zone", { "data-zone": z.key, "data-tone": z.tone || "" }, body,
        h("div.wt-pile-caption", {}, label, h("div.wt-pile-number", { text: tn("cards", z.pile.count) }), text, lines));
    }
    // A lidded space (z.lid): closed, unless the reveal on show opens it (reveal.zone).
    const open = z.lid && this.view.zoneReveal && scene.reveal && scene.reveal.zone === z.key;
    const lid = z.lid ? { "data-lid": open ? "open" : "closed" } : {};
    return h("div.wt-zone", { "data-zone": z.key, "data-tone": z.tone || "", ...lid }, label, body, lines,
      open ? null : text, open ? this.view.zoneReveal : null);
  }

  // What lies in a zone: a pile, a stock of tokens, a grid, cards.
  zoneBody(z, compact) {
    const body = [];
    if (z.pile) {
      const attrs = { role: "group", "aria-label": t("pile_label", { label: z.label, n: z.pile.count }) };
      if (z.pile.attr) attrs[`data-${z.pile.attr}`] = z.pile.count;
      flyTo(attrs, z.pile.fly, z.pile.attr, z.pile.count);
      // A face-up pile shows its top card (pile.top) on the stack; a face-down one its back.
      const under = z.pile.top ? "span.wt-card.wt-edge" : "span.wt-card.wt-back";
      body.push(h("div.wt-pile", attrs,
        z.pile.count > 2 ? h(`${under}.wt-stack3`, { "aria-hidden": "true" }) : null,
        z.pile.count > 1 ? h(`${under}.wt-stack2`, { "aria-hidden": "true" }) : null,
        z.pile.count > 0 ? (z.pile.top ? drawCard(z.pile.top)
          : h("span.wt-card.wt-back", { "aria-hidden": "true" }, icon("moon", "wt-icon wt-back-art")))
          : h("span.wt-card.wt-empty", { "aria-hidden": "true" }),
        h("span.wt-pile-count", { text: z.pile.count })));
    }
    if (z.stock) {
      // A stock of tokens (pile of gems, coins...): a big icon and how many are left.
      const attrs = { role: "img", "aria-label": `${z.label}: ${z.stock.count} ${z.stock.count === 1 ? z.stock.unit : z.stock.units}` };
      if (z.stock.attr) attrs[`data-${z.stock.attr}`] = z.stock.count;
      flyTo(attrs, z.stock.fly, z.stock.attr, z.stock.count);
      body.push(h("div.wt-stock", attrs, icon(z.stock.icon || "star", "wt-icon wt-stock-icon"),
        h("span.wt-pile-count", { text: z.stock.count })));
    }
    if (z.grid) body.push(compact && z.grid.chips ? this.gridChips(z) : this.view.pickers.grid(z));
    if (z.cards) {
      const faces = z.small ? z.cards.map((c) => drawChip(c)) : z.cards.map((c) => drawCard(c));
      body.push(h(z.small ? "div.wt-chip-list.wt-chip-row" : z.steps ? "div.wt-cards.wt-steps" : "div.wt-cards", {}, faces));
    }
    return body;
  }

  // A grid of tokens nobody clicks (grid.chips), in the three columns: a row of chips, each
  // with its tag ("Stunned"); a used token (state void) is drawn struck through.
  gridChips(z) {
    return h("div.wt-chip-list.wt-chip-row.wt-grid-chips", { role: "group", "aria-label": z.label },
      z.grid.cards.map((c) => drawChip(c, { tag: true })));
  }

  // The explorer's three columns draw the position compactly: alike cards side by side (a
  // bag of three 4-point potions) become one card with its count (said in its label, drawn
  // as ×3). Drawing only: the scene's order is kept; other layouts draw every card.
  alike(cards) {
    if (!this.view.splitDrawn) return cards;
    const out = [];
    for (const c of cards) {
      const prev = out[out.length - 1];
      const key = canon({ ...c, count: null });
      if (prev && prev.key === key) prev.card = { ...prev.card, count: (prev.card.count ?? 1) + (c.count ?? 1) };
      else out.push({ key, card: c });
    }
    return out.map((entry) => entry.card);
  }
}

// The pickers: a hand's cards toggled into a combination (and its target), an order
// picker's sequence, a table grid's cells. They keep the purely visual selection and
// send the action the scene lists for it, or a build message for the engine to judge.
class Pickers {
  constructor(view) {
    this.view = view;
    this.picked = new Set();      // "kind#i" of toggled hand cards
    this.sequence = [];           // indexes of the cards placed so far in an order picker
    this.target = null;           // chosen target seat in the picker
    this.pickFor = "";            // the board the selection belongs to
    this.gridPicked = new Map();  // zone key -> positions toggled in a table grid's picker
  }

  // A new board (another move, hand or picker) starts with nothing picked.
  follow(scene) {
    const board = `${scene.game}|${scene.move}|${scene.hand ? scene.hand.seat : ""}|${scene.picker ? scene.picker.id : ""}`;
    if (board === this.pickFor) return;
    this.pickFor = board;
    this.picked.clear();
    this.gridPicked.clear();
    this.target = null;
    this.sequence = [];
  }

  // A refused attempt is also explained right here, where the player is looking.
  refusal() {
    const notice = this.view.model.get("notice");
    if (!notice || notice.level !== "error" || this.view.outbox.lastKind !== "build" || this.view.noticeHidden) return null;
    return h("div.wt-pick-error", {}, icon("alert"), h("span", { text: notice.text }),
      notice.rule ? h("code.wt-rule-id", { text: notice.rule }) : null);
  }

  hand(scene) {
    const hand = scene.hand;
    if (!hand) return null;
    const picker = scene.picker;
    const groups = [];
    for (const c of hand.cards) {
      const cards = [];
      for (let i = 0; i < (c.count ?? 1); i++) {
        const id = `${c.kind}#${i}`;
        if (picker) {
          const on = this.picked.has(id);
          cards.push(h("button.wt-card.wt-toggle", {
            type: "button", ...faceAttrs(c), "aria-pressed": String(on),
            "data-key": `card:${id}`, "aria-label": t("card_of", { name: faceName(c), i: i + 1, n: c.count ?? 1 }),
            onclick: () => {
              if (this.picked.has(id)) this.picked.delete(id); else this.picked.add(id);
              this.view.draw();
            },
          }, faceBody(c), on ? icon("check", "wt-icon wt-card-check") : null));
        } else {
          cards.push(h("div.wt-card", { ...faceAttrs(c), role: "img", "aria-label": faceName(c),
            title: c.caption || undefined }, faceBody(c)));
        }
      }
      groups.push(h("div.wt-fan", { "data-count": cards.length }, cards));
    }
    const size = hand.size ?? hand.cards.reduce((n, c) => n + (c.count ?? 1), 0);
    return h("section.wt-hand", { "aria-label": hand.label, "data-seat": hand.seat },
      h("h3.wt-section-title", {}, icon("back"), h("span", { text: t("hand_title", { label: hand.label, cards: tn("cards", size) }) })),
      h("div.wt-hand-cards", { role: picker ? "group" : undefined, "aria-label": picker ? t("pick_for", { title: picker.title }) : undefined,
        "data-roving": picker ? "hand" : undefined },
        groups.length ? groups : h("p.wt-muted", { text: t("no_cards_in_hand") })),
      picker ? this.picker(scene, picker) : null);
  }

  pickedCounts() {
    const counts = {};
    for (const id of this.picked) {
      const kind = id.slice(0, id.lastIndexOf("#"));
      counts[kind] = (counts[kind] || 0) + 1;
    }
    return counts;
  }

  picker(scene, picker) {
    const counts = this.pickedCounts();
    const key = comboKey(counts);
    const combo = key ? picker.combos[key] : null;
    const targets = picker.targets || [];
    if (picker.needs_target && targets.length === 1 && this.target === null) this.target = targets[0].seat;
    let status;
    let valid;
    if (!key) { status = picker.empty; valid = "empty"; }
    else if (combo) {
      valid = "1";
      status = combo.text + (picker.needs_target && this.target === null ? t("now_choose_target") : "");
    } else { status = picker.invalid; valid = "0"; }
    let action = null;
    let confirmLabel = picker.verb;
    if (combo) {
      const found = picker.needs_target
        ? combo.choices.find((c) => c.target === this.target)
        : combo.choices[0];
      if (found) {
        action = found.action;
        const target = targets.find((tg) => tg.seat === this.target);
        confirmLabel = picker.needs_target && target ? `${picker.verb} ${target.label}` : (found.label || picker.verb);
      }
    }
    const confirm = h("button.wt-btn.wt-primary.wt-confirm", {
      type: "button", "data-role": "confirm", "data-key": "role:confirm",
      "data-action": action ? canon(action) : undefined, disabled: !key,
      "aria-label": action ? `${confirmLabel}: ${combo.text}` : t("check_picked", { verb: confirmLabel }),
      onclick: () => {
        if (action) this.view.outbox.act(action);
        else this.view.outbox.send({ kind: "build", picker: picker.id, picked: counts, target: this.target, move: scene.move });
      },
      "aria-keyshortcuts": "Enter C",
    }, icon(picker.id === "attack" ? "sword" : "shield"), h("span.wt-btn-label", { text: confirmLabel }), kbd("C"));
    const clear = h("button.wt-btn.wt-ghost", {
      type: "button", "data-role": "clear", "data-key": "role:clear", disabled: !key,
      onclick: () => { this.picked.clear(); this.view.draw(); },
    }, icon("x"), h("span.wt-btn-label", { text: t("clear") }));
    const refusal = this.refusal();
    const targetRow = picker.needs_target ? h("div.wt-targets", { role: "group", "aria-label": t("choose_target"), "data-roving": "targets" },
      h("span.wt-targets-label", {}, icon("target"), h("span", { text: t("target") }), kbd("T")),
      targets.map((tg) => h("button.wt-btn.wt-target", {
        type: "button", "data-target": tg.seat, "data-key": `target:${tg.seat}`,
        "aria-pressed": String(this.target === tg.seat), "aria-label": `${t("target_of", { label: tg.label })}${tg.note ? `, ${tg.note}` : ""}`,
        onclick: () => { this.target = this.target === tg.seat ? null : tg.seat; this.view.draw(); },
      }, h("span.wt-btn-label", { text: tg.label }), tg.note ? [" ", h("small", { text: tg.note })] : null))) : null;
    return h("div.wt-picker", { "data-picker": picker.id },
      h("div.wt-picker-head", {}, h("strong", { text: picker.title }), h("span.wt-muted", { text: picker.help })),
      h("div.wt-pick-status", { "data-valid": valid }, icon(valid === "1" ? "check" : valid === "0" ? "alert" : "info"),
        h("span", { text: status })),
      refusal,
      targetRow,
      h("div.wt-pick-actions", {}, confirm, clear));
  }

  // An order picker: click the cards in the wanted order, then confirm. The scene lists
  // every complete order with its action (orders, keyed by the card kinds joined by
  // commas); an incomplete order is sent as a "build" message for the engine to judge.
  orderPicker(spec) {
    const scene = this.view.scene;
    const seq = this.sequence.filter((i) => i < spec.cards.length);
    const kinds = seq.map((i) => spec.cards[i].kind);
    const complete = seq.length === spec.cards.length;
    const action = complete ? spec.orders[kinds.join(",")] || null : null;
    const cards = spec.cards.map((c, i) => {
      const pos = seq.indexOf(i);
      return h("button.wt-card.wt-toggle", {
        type: "button", ...faceAttrs(c), "aria-pressed": String(pos >= 0), "data-key": `order:${i}`,
        "data-place": pos >= 0 ? pos + 1 : undefined,
        "aria-label": `${faceName(c)}${pos >= 0 ? t("placed", { n: pos + 1 }) : t("not_placed")}`,
        onclick: () => {
          this.sequence = pos >= 0 ? seq.filter((j) => j !== i) : [...seq, i];
          this.view.draw();
        },
      }, faceBody(c), pos >= 0 ? h("span.wt-card-place", { "aria-hidden": "true", text: pos + 1 }) : null);
    });
    const placed = seq.map((i) => faceName({ ...spec.cards[i], tag: "" }));
    const left = spec.cards.length - seq.length;
    const status = seq.length ? `${t("top_first", { cards: placed.join(", ") })}${left ? t("more_to_place", { n: left }) : ""}` : spec.empty;
    const valid = !seq.length ? "empty" : action ? "1" : complete ? "0" : "empty";
    const refusal = this.refusal();
    const confirm = h("button.wt-btn.wt-primary.wt-confirm", {
      type: "button", "data-role": "confirm", "data-key": "role:confirm",
      "data-action": action ? canon(action) : undefined, disabled: !seq.length,
      "aria-label": action ? `${spec.verb}: ${placed.join(", ")}` : t("left_to_place", { verb: spec.verb, n: left }),
      onclick: () => {
        if (action) this.view.outbox.act(action, spec.seat);
        else {
          const message = { kind: "build", picker: spec.id, picked: kinds, target: null, move: scene.move };
          if (spec.seat !== undefined && spec.seat !== null) message.seat = spec.seat;
          this.view.outbox.send(message);
        }
      },
    }, icon("check"), h("span.wt-btn-label", { text: spec.verb }));
    const clear = h("button.wt-btn.wt-ghost", {
      type: "button", "data-role": "clear", "data-key": "role:clear", disabled: !seq.length,
      onclick: () => { this.sequence = []; this.view.draw(); },
    }, icon("x"), h("span.wt-btn-label", { text: t("clear") }));
    return h("div.wt-picker.wt-order", { "data-picker": spec.id },
      spec.help ? h("div.wt-picker-head", {}, h("span.wt-muted", { text: spec.help })) : null,
      h("div.wt-order-cards", { role: "group", "aria-label": spec.help || t("order_cards"), "data-roving": "order" }, cards),
      h("div.wt-pick-status", { "data-valid": valid }, icon(valid === "1" ? "check" : valid === "0" ? "alert" : "info"),
        h("span", { text: status })),
      refusal,
      h("div.wt-pick-actions", {}, confirm, clear));
  }

  // A grid (or row) of cards on the table: a card with an action is a button that sends it;
  // with the grid's select, cards marked pick toggle (their positions make the key of the
  // choice: a hit sends its action, a miss a build message). Arrow keys move between cells.
  grid(z) {
    const g = z.grid;
    const select = g.select || null;
    const picked = this.gridPicked.get(z.key) || [];
    const box = this.gridBox(z, g.cards.map((c, i) => this.gridCell(z, c, i, select, picked)));
    return select ? this.gridSelect(z, select, picked, box) : box;
  }

  // A grid's cell: a button that sends its action, a toggle (pick, with the grid's select),
  // or a picture.
  gridCell(z, c, i, select, picked) {
    const name = `${faceName(c)}${c.hint ? `. ${c.hint}` : ""}`;
    const base = { ...faceAttrs(c), "data-pos": i, "data-key": `grid:${z.key}:${i}`, title: c.hint || undefined };
    if (c.action) {
      const key = canon(c.action);
      return h("button.wt-card.wt-grid-cell", {
        type: "button", ...base, "data-action": key, "data-seat": c.seat, "aria-label": name,
        onclick: () => (this.view.race.calling ? this.view.race.point(c.action) : this.view.outbox.act(c.action, c.seat)),
      }, faceBody(c));
    }
    if (c.pick && select) {
      const on = picked.includes(i);
      return h("button.wt-card.wt-toggle.wt-grid-cell", {
        type: "button", ...base, "aria-pressed": String(on), "aria-label": name,
        onclick: () => {
          this.gridPicked.set(z.key, on ? picked.filter((j) => j !== i) : [...picked, i]);
          this.view.draw();
        },
      }, faceBody(c), on ? icon("check", "wt-icon wt-card-check") : null);
    }
    return h("div.wt-card.wt-grid-cell", { ...base, "data-key": undefined, role: "img", "aria-label": name }, faceBody(c));
  }

  // The grid's cells in their columns; arrow keys move between cells, up and down by a row.
  gridBox(z, cells) {
    const g = z.grid;
    const cols = g.columns || g.cards.length || 1;
    return h("div.wt-grid", {
      role: "group", "aria-label": z.label || t("pick_grid"), "data-grid": z.key,
      "data-columns": g.columns, style: g.columns ? `--wt-grid-cols:${g.columns}` : undefined,
      onkeydown: (event, node) => {
        // A row is as many cards as are drawn side by side (the compact explorer may draw more).
        const drawn = typeof getComputedStyle === "function" && g.columns
          ? getComputedStyle(node).gridTemplateColumns.split(" ").filter(Boolean).length : 0;
        const across = drawn || cols;
        const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -across, ArrowDown: across }[event.key];
        const from = event.target.closest && event.target.closest(".wt-grid-cell");
        if (!step || !from) return;
        const all = [...node.querySelectorAll("button.wt-grid-cell")];
        const at = Number(from.dataset.pos) + step;
        const next = all.find((b) => Number(b.dataset.pos) === at);
        if (next) { event.preventDefault(); next.focus(); }
      },
    }, cells);
  }

  // A grid with a select: the cells picked so far, judged against the scene's choices,
  // with Confirm and Clear.
  gridSelect(z, select, picked, box) {
    const order = [...picked].sort((a, b) => a - b);
    const key = order.join(",");
    const hit = key ? select.choices[key] : null;
    const valid = !key ? "empty" : hit ? "1" : "0";
    const confirm = h("button.wt-btn.wt-primary.wt-confirm", {
      type: "button", "data-role": "grid-confirm", "data-grid": z.key, "data-key": `grid-confirm:${z.key}`,
      "data-action": hit ? canon(hit.action) : undefined, disabled: !key,
      onclick: () => {
        if (hit) this.view.outbox.act(hit.action);
        else this.view.outbox.send({ kind: "build", picker: select.id, picked: order, target: null, move: this.view.scene.move });
      },
    }, icon("check"), h("span.wt-btn-label", { text: select.verb }));
    const clear = h("button.wt-btn.wt-ghost", {
      type: "button", "data-role": "grid-clear", "data-key": `grid-clear:${z.key}`, disabled: !key,
      onclick: () => { this.gridPicked.delete(z.key); this.view.draw(); },
    }, icon("x"), h("span.wt-btn-label", { text: t("clear") }));
    return h("div.wt-grid-picker", { "data-picker": select.id }, box,
      h("div.wt-pick-status", { "data-valid": valid }, icon(valid === "1" ? "check" : valid === "0" ? "alert" : "info"),
        h("span", { text: !key ? select.empty || select.help || "" : hit ? select.help || "" : select.invalid || "" })),
      h("div.wt-pick-actions", {}, confirm, clear));
  }
}

// The prompt: what the person may do now, as buttons (choices, a card's abilities, each
// with its shortcut digit), an order picker, and notes on what is not allowed and why.
class Prompts {
  constructor(view) {
    this.view = view;
  }

  prompt(scene) {
    const prompt = scene.prompt;
    if (!prompt) return null;
    return h("section.wt-prompt", { "aria-label": prompt.title },
      h("h3.wt-section-title", {}, icon("spark"), h("span", { text: prompt.title })),
      prompt.text ? h("p.wt-muted", { text: prompt.text }) : null,
      (prompt.groups || []).map((g) => this.group(g)));
  }

  // A prompt group: an ability row (icon or text, see ability()), or a labelled group of
  // choices, ability rows (rows), an order picker (order) and notes (notes: things not
  // allowed now, each with its rule); fold: true puts it in a closed <details>.
  group(g) {
    if (!g.fold && !g.rows && !g.notes && !g.order && (g.icon || g.text)) return this.ability(g);
    const body = [
      g.order ? this.view.pickers.orderPicker(g.order) : null,
      g.choices ? h("div.wt-choices", { "data-roving": `choices:${g.key || g.label || ""}` }, g.choices.map((c) => this.choice(c))) : null,
      g.rows && g.rows.length ? h("div.wt-rows", { "data-roving": `rows:${g.key || g.label || ""}` }, g.rows.map((r) => this.ability(r))) : null,
      g.notes ? h("ul.wt-notes", {}, g.notes.map((n) => this.note(n))) : null,
    ];
    if (g.fold) {
      const key = `fold:${g.key || g.label}`;
      const node = this.view.details(key, !!g.open,
        h("summary.wt-fold-summary", { "data-key": key }, icon(g.icon || "swap"), h("span", { text: g.label })), body);
      node.className = "wt-group wt-fold";
      return node;
    }
    return h("div.wt-group", {}, g.label ? h("div.wt-group-label", { text: g.label }) : null, body);
  }

  // A note (a thing not allowed now, a house rule that bites): its words. The explorer shows
  // its rule id; the play table keeps the id out of sight (the tooltip, the link's data-rule)
  // and links the game's rules page where the host has one (scene.howto.rules.url).
  note(n) {
    const scene = this.view.scene || {};
    const url = scene.howto && scene.howto.rules && scene.howto.rules.url;
    const behind = n.rule ? `${t("rule_behind")}: ${n.rule}` : undefined;
    let rule = null;
    if (n.rule && scene.mode === "explore") rule = h("code.wt-rule-id", { text: n.rule, title: t("rule_behind") });
    else if (n.rule && url) {
      rule = h("a.wt-note-rule", { href: url, target: "_blank", rel: "noopener", "data-rule": n.rule, title: behind,
        text: t("rule_behind") });
    }
    return h("li", { "data-rule": n.rule || "", title: scene.mode === "explore" ? undefined : behind },
      n.cards ? h("span.wt-chip-list.wt-chip-row", {}, n.cards.map((c) => drawChip(c))) : null,
      h("span.wt-note-text", { text: n.text }), rule ? [" ", rule] : null);
  }

  // A card ability: its picture (a card face, or an icon), name and what it does, then one
  // small button per way to play it.
  ability(g) {
    return h("div.wt-ability", { "data-card": g.card ? g.card.kind : g.icon, "data-tone": g.tone || "ash" },
      g.card ? h("span.wt-ability-card", {}, drawCard(g.card, { mini: true }))
        : h("span.wt-ability-badge", {}, icon(g.icon, "wt-icon")),
      h("div.wt-ability-text", {}, h("strong", { text: g.label }), h("span", { text: g.text })),
      h("div.wt-ability-choices", {}, (g.choices || []).map((c) => {
        const n = this.view.keyboard.shortcut();
        const key = canon(c.action);
        const hint = c.hint ? `, ${c.hint}` : "";
        return h(`button.wt-btn${c.tone === "primary" ? ".wt-play" : ""}`, {
          type: "button", "data-action": key, "data-key": `act:${key}`, "data-seat": c.seat,
          "aria-label": `${g.label}: ${c.label}${hint}. ${g.text}`, title: g.rule ? t("rule_n", { text: g.text, rule: g.rule }) : g.text,
          "data-shortcut": n || undefined, "aria-keyshortcuts": n || undefined,
          onclick: () => this.view.outbox.act(c.action, c.seat),
        }, h("span.wt-btn-label", { text: c.label }), c.hint ? [" ", h("small.wt-btn-hint", { text: c.hint })] : null, n ? kbd(n) : null);
      })));
  }

  choice(c) {
    const key = canon(c.action);
    const n = this.view.keyboard.shortcut();
    return h("button.wt-choice", {
      type: "button", "data-action": key, "data-key": `act:${key}`, "data-tone": c.tone || "normal",
      "data-seat": c.seat, title: c.hint || undefined,
      "data-shortcut": n || undefined, "aria-keyshortcuts": n || undefined,
      "aria-label": c.hint ? `${c.label}. ${c.hint}` : c.label,
      onclick: () => this.view.outbox.act(c.action, c.seat),
    },
    c.icon ? icon(c.icon, "wt-icon wt-choice-icon") : null,
    c.cards ? h("span.wt-choice-cards", {}, c.cards.map((card) => pictured(drawCard(card, { mini: true })))) : null,
    h("span.wt-choice-text", {}, h("span.wt-choice-label", { text: c.label }),
      c.hint ? [" ", h("small.wt-choice-hint", { text: c.hint })] : null),
    n ? kbd(n) : null);
  }
}

// The panels around the board: the header and its controls, the headline, How to play and
// the keys overlay, a notice, game over, the hand-off screen, score tables, the log, the
// card legend, and the simulation lab's progress.
class Panels {
  constructor(view) {
    this.view = view;
  }

  header(scene) {
    const mode = MODE_LABEL[scene.mode] ? t(MODE_LABEL[scene.mode]) : "";
    const brand = h("div.wt-brand", {}, icon("moon", "wt-icon wt-logo"),
      h("h2.wt-title", { text: scene.title || "witchtable" }),
      mode ? h("span.wt-mode", { text: mode }) : null);
    const chips = h("div.wt-chips", {}, (scene.chips || []).map((c) =>
      h("span.wt-chip", {}, h("span.wt-chip-label", { text: c.label }), h("span.wt-chip-value", { text: c.value }))));
    const controls = h("div.wt-controls", { role: "toolbar", "aria-label": t("controls"), "data-roving": "controls" },
      (scene.controls || []).map((c) => this.control(c)),
      scene.howto ? h("button.wt-btn", {
        type: "button", "data-role": "howto", "data-key": "role:howto", "aria-expanded": String(!!this.view.howtoOpen),
        "aria-keyshortcuts": "R", title: t("howto_hint"), onclick: () => this.view.toggleHowto(),
      }, icon("info"), h("span.wt-btn-label", { text: t("howto") }), kbd("R")) : null,
      scene.mode !== "lab" ? h("button.wt-btn.wt-ghost", {
        type: "button", "data-role": "keys", "data-key": "role:keys", "aria-expanded": String(!!this.view.keysOpen),
        "aria-keyshortcuts": "?", "aria-label": t("keys_title"), title: t("keys_title"),
        onclick: () => { this.view.keysOpen = !this.view.keysOpen; this.view.draw(); },
      }, h("span.wt-btn-label", { text: "?" })) : null);
    return h("header.wt-head", {}, brand, chips, controls);
  }

  control(c, extra = {}) {
    const button = h("button.wt-btn", {
      type: "button", "data-role": c.role, "data-key": `role:${c.role}:${c.seat ?? ""}`,
      "data-seat": c.seat, title: c.hint || undefined, "aria-label": c.hint ? `${c.label}: ${c.hint}` : c.label,
      "aria-pressed": c.pressed === undefined ? undefined : String(!!c.pressed),
      disabled: c.enabled === false, ...extra,
      onclick: () => {
        const message = { ...c.message };
        if (c.input === "save") {
          const box = this.view.body.querySelector('[data-role="save"]');
          message.save = box ? box.value : "";
          this.view.explorer.saveDraft = null;
        }
        this.view.outbox.send(message);
      },
    }, c.icon ? icon(c.icon) : null, h("span.wt-btn-label", { text: c.label }),
    CONTROL_KEYS[c.role] ? kbd(CONTROL_KEYS[c.role]) : null);
    if (CONTROL_KEYS[c.role]) button.setAttribute("aria-keyshortcuts", CONTROL_KEYS[c.role]);
    return button;
  }

  // The How to play panel: the goal, a turn in a few lines, the special cases, the rules page.
  howto(hw) {
    const rules = hw.rules || {};
    return h("section.wt-howto.wt-panel", { "aria-label": hw.title, tabindex: "-1", "data-key": "howto-panel" },
      h("div.wt-howto-head", {}, h("h3.wt-section-title", {}, icon("info"), h("span", { text: hw.title })),
        h("button.wt-icon-btn", {
          type: "button", "aria-label": t("close"), "data-role": "howto-close", "data-key": "role:howto-close",
          onclick: () => { this.view.howtoOpen = false; this.view.draw(); },
        }, icon("x"))),
      hw.goal ? h("p.wt-howto-goal", {}, icon("crown"), h("strong", { text: hw.goal })) : null,
      hw.summary ? h("p.wt-howto-summary", { text: hw.summary }) : null,
      (hw.lines || []).length ? h("ol.wt-howto-lines", {}, hw.lines.map((line) => h("li", { text: line }))) : null,
      rules.url ? h("p.wt-howto-rules", {}, h("a", { href: rules.url, target: "_blank", rel: "noopener", "data-role": "rules-link", text: rules.label }))
        : rules.path ? h("p.wt-howto-rules", {}, h("span", { text: `${rules.label}: ` }), h("code", { text: rules.path })) : null,
      h("p.wt-muted", { text: t("howto_again") }));
  }

  // The "?" overlay: every shortcut key.
  keys(scene) {
    const rows = [["Tab", t("key_tab")], ["← →", t("key_arrows")], ["Space", t("key_space")],
      ["Shift+Space", t("key_set")], ["H", t("key_hand")], ["T", t("key_target")], ["Enter / C", t("key_confirm")],
      ["1–9", t("key_digits")], ["U", t("key_undo")], ["S", t("key_skip")], ["R", t("key_howto")], ["?", t("key_keys")],
      ["Esc", t("key_close")]];
    if (scene && scene.timeline) {
      rows.splice(2, 0, ["← → ↑ ↓", t("key_step")], ["Home / End", t("key_ends")], ["PageUp / PageDown", t("key_turn")]);
    }
    return h("section.wt-keys.wt-panel", { role: "dialog", "aria-label": t("keys_title"), "data-key": "keys-panel" },
      h("div.wt-howto-head", {}, h("h3.wt-section-title", {}, h("span", { text: t("keys_title") })),
        h("button.wt-icon-btn", {
          type: "button", "aria-label": t("close"), "data-role": "keys-close", "data-key": "role:keys-close",
          onclick: () => { this.view.keysOpen = false; this.view.draw(); },
        }, icon("x"))),
      h("dl.wt-keylist", {}, rows.map(([k, text]) => [h("dt", {}, h("kbd.wt-kbd", { text: k })), h("dd", { text })])));
  }

  headline(scene) {
    const hl = scene.headline || { text: "", tone: "info" };
    const waiting = scene.waiting;
    const goal = scene.howto && scene.howto.goal;
    return h("div.wt-headline", { "data-tone": hl.tone, tabindex: "-1" },
      icon(hl.tone === "you" ? "spark" : hl.result === "lost" ? "moon" : hl.tone === "over" ? "crown" : "hat"),
      h("span.wt-headline-text", { text: hl.text }),
      goal ? h("span.wt-goal", { "data-role": "goal" }, icon("crown"), h("span", { text: goal })) : null,
      waiting ? h("span.wt-waiting", {}, h("span.wt-dots", { "aria-hidden": "true" }, h("i"), h("i"), h("i")),
        h("span", { text: waiting.text })) : null);
  }

  notice(notice) {
    const error = notice.level === "error";
    return h("div.wt-notice", { "data-level": notice.level, "data-rule": notice.rule || "" },
      icon(error ? "alert" : "info"),
      h("div.wt-notice-body", {}, h("span.wt-notice-text", { text: notice.text }),
        notice.rule ? h("code.wt-rule-id", { text: notice.rule, title: t("rule_behind") }) : null),
      h("button.wt-icon-btn", {
        type: "button", "aria-label": t("dismiss"), "data-key": "dismiss-notice",
        onclick: () => { this.view.noticeHidden = true; this.view.draw(); },
      }, icon("x")));
  }

  // The game-over panel; result "won" / "lost" marks a cooperative table's shared outcome.
  // Under its story: "Explore this game" (scene.explore, the toolbar's control) and the
  // link to the game's rules page (over.rules: "Rules of <game>", where the host has one).
  gameover(over, explore) {
    const rules = over.rules && over.rules.url ? h("a.wt-btn", {
      href: over.rules.url, target: "_blank", rel: "noopener", "data-role": "gameover-rules", text: over.rules.label,
    }) : null;
    return h("section.wt-gameover", { "aria-label": t("gameover"), "data-result": over.result },
      icon(over.result === "lost" ? "moon" : "crown", "wt-icon wt-big"),
      h("div", {}, h("h3", { text: over.title }), h("p", { text: over.text }),
        over.story && over.story.length
          ? h("ul.wt-story", {}, over.story.map((line) => h("li", { text: line }))) : null,
        explore || rules ? h("div.wt-gameover-actions", {},
          explore ? this.control(explore, { "data-key": "role:explore:gameover", class: "wt-btn wt-primary" }) : null,
          rules) : null));
  }

  handoff(handoff) {
    return h("section.wt-handoff", { "aria-label": t("handoff") }, icon("hat", "wt-icon wt-big"),
      h("div", {}, h("h3", { text: t("handoff_turn", { name: handoff.name }) }), h("p", { text: handoff.text })),
      h("button.wt-btn.wt-primary", {
        type: "button", "data-role": "handoff", "data-key": "role:handoff", onclick: () => this.view.outbox.send(handoff.message),
      }, icon("eye"), h("span.wt-btn-label", { text: handoff.label })));
  }

  // -- side panels: a table of scores or figures (a region that scrolls sideways on a phone)
  table(tb, cls, panelClass = "") {
    const cell = (c, tag = "td", attrs = {}) => {
      const data = typeof c === "string" ? { text: c } : c || {};
      return h(tag, { ...attrs, "data-strong": data.strong ? "1" : undefined },
        data.icon ? icon(data.icon, "wt-icon wt-cell-icon") : null, data.text ?? "");
    };
    // A wide table scrolls sideways on a phone: the region is a Tab stop with a name, so a
    // keyboard can scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).
    return h(`section.wt-panel.wt-table-panel${panelClass ? `.${panelClass}` : ""}`,
      { tabindex: "0", role: "region", "aria-label": tb.caption || t("table_panel") },
      h("table", { class: cls },
        h("caption", { text: tb.caption }),
        h("thead", {}, h("tr", {}, (tb.head || []).map((x) => h("th", { scope: "col", text: x })))),
        h("tbody", {}, (tb.rows || []).map((r) => h("tr", {}, cell(r.head, "th", { scope: "row" }),
          r.cells.map((c) => cell(c))))),
        tb.foot && tb.foot.length ? h("tfoot", {}, tb.foot.map((r) => h("tr", {}, cell(r.head, "th", { scope: "row" }),
          r.cells.map((c) => cell(c))))) : null));
  }

  log(scene) {
    const log = scene.log || [];
    if (!log.length) return null;
    return h("section.wt-panel", { "aria-label": t("log") },
      h("h3.wt-section-title", {}, icon("scroll"), h("span", { text: t("log_title") })),
      h("ol.wt-log", { tabindex: "0", "aria-label": t("log_list") }, log.map((e) => h("li", {
        "data-kind": e.kind, "data-n": e.n,
      }, h("span", { text: e.text }),
      (e.secret || []).map((s) => h("span.wt-secret", {}, icon("eye"), h("span", { text: t("sees", { name: s.name, text: s.text }) })))))));
  }

  legend(scene) {
    const legend = scene.legend || [];
    if (!legend.length) return null;
    // Open beside the board (two columns), folded when everything is in one column.
    // scene.legend_title / legend_note name the panel and explain it (the game's words).
    const note = scene.legend_note || null;
    const node = this.view.details("legend", this.view.root.clientWidth >= 760,
      h("summary", { "data-key": "legend" }, icon("info"), h("span", { text: scene.legend_title || t("legend_title") })),
      note ? h("p.wt-legend-note", { text: note }) : null,
      h("ul", {}, legend.map((c) => h("li", { "data-card": c.kind, "data-tone": c.tone, title: c.rule ? `rule ${c.rule}` : undefined },
        icon(c.icon || c.kind, "wt-icon wt-legend-icon"),
        h("div", {}, h("strong", { text: c.name }), c.tag ? h("span.wt-legend-tag", { text: c.tag }) : null,
          c.copies ? h("span.wt-muted", { text: ` ×${c.copies}` }) : null,
          h("span.wt-legend-text", { text: ` ${c.text}` }),
          c.points ? h("span.wt-points", { text: t("points", { points: c.points }) }) : null,
          c.detail ? h("span.wt-points", { text: c.detail }) : null)))));
    node.className = "wt-panel wt-legend";
    return node;
  }

  lab(scene) {
    const p = scene.progress || { done: 0, total: 0 };
    const pct = p.total ? Math.round((100 * p.done) / p.total) : 0;
    const bars = scene.bars;
    return h("div.wt-lab", {},
      h("div.wt-progress", { role: "progressbar", "aria-valuemin": "0", "aria-valuemax": String(p.total), "aria-valuenow": String(p.done), "aria-label": t("games_played") },
        h("span.wt-progress-fill", { style: `width:${pct}%` }), h("span.wt-progress-text", { text: t("games_of", { done: p.done, total: p.total }) })),
      bars ? h("section.wt-panel", {}, h("h3.wt-section-title", {}, icon("star"), h("span", { text: bars.caption })),
        h("div.wt-bars", {}, bars.items.map((b) => h("div.wt-bar", {},
          h("span.wt-bar-label", { text: b.label }),
          h("span.wt-bar-track", {}, h("span.wt-bar-fill", { style: `width:${Math.round(b.value * 1000) / 10}%` })),
          h("span.wt-bar-text", { text: b.text }))))) : null,
      (scene.tables || []).map((tb) => this.table(tb, "wt-stats")));
  }
}

// The explorer: its three columns fitted to the screen, whose cards to show, the timeline
// (moves, turns, variations), the rules behind each choice, and the save box.
class Explorer {
  constructor(view) {
    this.view = view;
    this.scroller = null;         // the nearest scrolling ancestor (fit())
    this.saveDraft = null;        // a save the user pasted, not yet loaded
  }

  // The timeline's move list keeps the position shown in its middle.
  centreMove() {
    const current = this.view.body.querySelector(".wt-moves [aria-current]");
    if (!current || !current.getBoundingClientRect) return;
    const list = current.closest(".wt-moves");
    const at = current.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
    list.scrollTop = Math.max(0, at - list.clientHeight / 2);
  }

  // The explorer fits a laptop screen: the timeline (and whose cards to show), the board and
  // the rules behind each choice side by side, each column as tall as the screen leaves
  // (--wt-fit-h, set by fit()) and scrolling inside itself; the save box, scores, log and
  // card legend follow below.
  layout(scene, main, rest, calls) {
    const panels = this.sections(scene);
    const has = (node, cls) => node && node.classList && node.classList.contains(cls);
    const nav = panels.filter((n) => has(n, "wt-views-panel") || has(n, "wt-timeline"));
    const rules = panels.filter((n) => has(n, "wt-explain"));
    const others = panels.filter((n) => !nav.includes(n) && !rules.includes(n));
    // The board column scrolls by itself on a short screen: keyboard users can scroll it too.
    main.setAttribute("role", "region");
    main.setAttribute("aria-label", t("board"));
    main.setAttribute("tabindex", "0");
    main.dataset.key = "explore-board";
    // Three columns (the stylesheet says so, see split()): the board column keeps the
    // position; the acting seat's hand and choices go below the columns, full width, in
    // "Play from this position" (each legal move is also a chip in the rules panel).
    const controls = this.view.splitDrawn ? [...main.children].filter((n) => has(n, "wt-hand") || has(n, "wt-prompt")) : [];
    for (const node of controls) node.remove();
    if (this.view.splitDrawn && calls) controls.unshift(calls);
    const play = controls.length ? h("section.wt-ex-play", { "aria-label": t("play_here"), "data-role": "play-here" },
      h("h3.wt-ex-play-title", {}, icon("spark"), h("span", { text: t("play_here") })),
      h("div.wt-ex-play-body", {}, controls)) : null;
    return [
      h("div.wt-layout.wt-ex-layout", { "data-rules": rules.length ? "1" : "0", "data-split": this.view.splitDrawn ? "1" : "0" },
        main,
        h("div.wt-side.wt-ex-nav", {}, nav),
        rules.length ? h("div.wt-side.wt-ex-rules", { "data-role": "rules-panel" }, rules) : null),
      play,
      h("div.wt-ex-more", {}, others, rest),
    ];
  }

  // Whether the explorer has its three columns: the stylesheet's container query sets
  // --wt-ex-split (one breakpoint, in table.css); read here, not measured twice.
  split() {
    if (typeof getComputedStyle !== "function" || !this.view.root.isConnected) return false;
    return getComputedStyle(this.view.root).getPropertyValue("--wt-ex-split").trim() === "1";
  }

  // The explorer's columns take the height the screen leaves below the header: the nearest
  // scrolling ancestor's (JupyterLab's notebook) or the window's, never under 420 px.
  fit() {
    const layout = this.view.body.querySelector(".wt-ex-layout");
    if (!layout || typeof getComputedStyle !== "function" || !layout.getBoundingClientRect) return;
    if (!this.scroller || !this.scroller.contains(this.view.root)) {
      this.scroller = null;
      for (let node = this.view.root.parentElement; node && node !== document.body; node = node.parentElement) {
        const overflow = getComputedStyle(node).overflowY;
        if ((overflow === "auto" || overflow === "scroll") && node.scrollHeight > node.clientHeight + 1) {
          this.scroller = node;
          break;
        }
      }
    }
    const room = Math.min(window.innerHeight, this.scroller ? this.scroller.clientHeight : window.innerHeight);
    const above = layout.getBoundingClientRect().top - this.view.root.getBoundingClientRect().top;
    const below = parseFloat(getComputedStyle(this.view.root).paddingBottom) || 0;
    const height = `${Math.max(420, Math.floor(room - above - below - 6))}px`;
    if (this.view.root.style.getPropertyValue("--wt-fit-h") !== height) this.view.root.style.setProperty("--wt-fit-h", height);
  }

  // Near misses under one rule: the first few, the rest folded (a card may be refused
  // once per target, and several seats may be asked at once).
  refusals(seat, g) {
    const item = (a) => h("li", {}, h("strong", { text: a.label }), h("span", { text: ` ${a.message}` }));
    const shown = g.actions.slice(0, 4);
    const more = g.actions.slice(4);
    return h("div.wt-refusal-list", {}, h("ul.wt-refusals", {}, shown.map(item)),
      more.length ? this.view.details(`refused:${seat}:${g.rule}`, false,
        h("summary", { text: t("n_more", { n: more.length }), "data-key": `refused:${seat}:${g.rule}` }),
        h("ul.wt-refusals", {}, more.map(item))) : null);
  }

  // The timeline's moves by round and turn (timeline.groups): a row per move, the move this
  // line takes from the position shown marked, a bot's move with the reason it gave.
  moves(tl) {
    const row = (m) => h("li.wt-move-row", {
      "data-future": m.n > tl.position ? "1" : "0", "data-taken": m.taken ? "1" : undefined, "data-bot": m.bot ? "1" : undefined,
    }, h("button.wt-move", {
      type: "button", "data-key": `goto:${m.n}`, "aria-current": m.n === tl.position ? "step" : undefined,
      onclick: () => this.view.outbox.send({ kind: "goto", move: m.n }),
    }, h("span.wt-move-n", { text: m.n }), h("span.wt-move-text", { text: m.text }),
    m.taken ? h("span.wt-taken", { "data-role": "taken", text: tl.taken }) : null),
    m.bot ? h("p.wt-bot-reason", { "data-role": "bot-reason" }, icon("spark"),
      h("span", {}, h("strong", { text: `${m.bot.label}: ` }), m.bot.reason)) : null);
    const turn = (tn) => h("li.wt-turn", { "data-seat": tn.seat, "data-start": tn.start },
      h("div.wt-turn-label", { text: tn.label }),
      h("ol.wt-turn-moves", { "aria-label": tn.label }, tl.moves.slice(tn.start - 1, tn.end).map(row)));
    const start = h("li.wt-move-row", {}, h("button.wt-move", {
      type: "button", "data-key": "goto:0", "aria-current": tl.position === 0 ? "step" : undefined,
      onclick: () => this.view.outbox.send({ kind: "goto", move: 0 }),
    }, h("span.wt-move-n", { text: "0" }), h("span.wt-move-text", { text: t("start_of_game") })));
    const groups = tl.groups || [];
    return h("ol.wt-moves", { "aria-label": t("moves") }, start,
      groups.length ? groups.map((g) => (g.label === null || g.label === undefined ? g.turns.map(turn)
        : h("li.wt-round", { "data-round": String(g.round) }, h("div.wt-round-label", { text: g.label }),
          h("ol.wt-turns", { "aria-label": g.label }, g.turns.map(turn)))))
        : tl.moves.map(row));
  }

  // The main line and the variations beside it: each with its buttons (show, promote, delete).
  variations(tl) {
    const lines = tl.variations || [];
    if (!lines.length) return null;
    return h("div.wt-variations", { "data-role": "variations", "aria-label": t("variations") },
      h("h4.wt-variations-title", { text: t("variations") }),
      h("ol.wt-variation-list", {}, lines.map((v) => h("li.wt-variation", {
        "data-line": String(v.index), "data-active": v.active ? "1" : "0", "data-parent": v.parent === null ? "" : String(v.parent),
        style: `margin-left:${v.parent === null ? 0 : Math.min(4, this.depth(lines, v)) * 10}px`,
      }, h("span.wt-variation-name", { text: v.name }), h("span.wt-variation-text", { text: ` ${v.text}` }),
      h("span.wt-variation-controls", {}, v.controls.map((c) => this.view.panels.control(c, { "data-key": `${c.role}:${v.index}`, "data-line": String(v.index) })))))));
  }

  depth(lines, v) {
    let n = 0;
    for (let at = v; at && at.parent !== null && n < 10; at = lines[at.parent]) n += 1;
    return n;
  }

  // A rule opened in place: its rulebook section, our ruling, house data, the rules page.
  reference(key, ref) {
    const link = ref.link || {};
    return this.view.details(key, false, h("summary.wt-rule-more", { text: ref.title, "data-key": key }),
      h("div.wt-rule-ref", { "data-role": "rule-reference" },
        h("p", { "data-part": "section", text: `${ref.section}: ${ref.source}` }),
        ref.ruling ? h("p.wt-rule-ruling", { "data-part": "ruling", text: ref.ruling }) : null,
        ref.house ? h("p.wt-rule-house", { "data-part": "house", text: ref.house }) : null,
        link.url ? h("p", {}, h("a", { href: link.url, target: "_blank", rel: "noopener", "data-part": "link", text: link.label }))
          : h("p", {}, h("span", { text: `${link.label}: ` }), h("code", { "data-part": "link", text: link.path }))));
  }

  sections(scene) {
    const out = [];
    const views = scene.views || [];
    if (views.length) {
      out.push(h("section.wt-panel.wt-views-panel", { "aria-label": t("whose_view") },
        h("h3.wt-section-title", {}, icon("eye"), h("span", { text: t("whose_cards") })),
        h("div.wt-views", { role: "group", "aria-label": t("whose_view"), "data-roving": "views" }, views.map((v) => this.view.panels.control(v)))));
    }
    const tl = scene.timeline;
    if (tl) out.push(this.timeline(tl));
    for (const who of scene.explain || []) out.push(this.explain(who, tl));
    const save = this.saves(scene);
    if (save) out.push(save);
    return out;
  }

  // The timeline: a slider over the moves, the moves by round and turn, the variations.
  timeline(tl) {
    const range = h("input.wt-range", {
      type: "range", min: "0", max: String(tl.length), step: "1", value: String(tl.position),
      "data-role": "timeline", "data-key": "role:timeline", "aria-label": t("timeline_jump"),
      "aria-valuetext": t("move_of", { n: tl.position, length: tl.length }),
      onchange: (event) => this.view.outbox.send({ kind: "goto", move: Number(event.target.value) }),
    });
    return h("section.wt-panel.wt-timeline", { "aria-label": t("timeline") },
      h("h3.wt-section-title", {}, icon("hourglass"), h("span", { text: t("timeline_title", { n: tl.position, length: tl.length }) })),
      range, this.moves(tl), this.variations(tl));
  }

  // The rules behind what a seat may do: each rule with its verdict, its legal moves as
  // chips (the first ten, the rest folded) or the near misses it refuses.
  explain(who, tl) {
    return h("section.wt-panel.wt-explain", { "aria-label": t("may_do", { name: who.name }) },
      h("h3.wt-section-title", {}, icon("scroll"), h("span", { text: t("to_act_rules", { name: who.name }) })),
      who.hidden ? h("p.wt-rule-hidden", { "data-role": "hidden-options", text: who.hidden }) : null,
      who.groups.map((g) => {
        const legal = g.actions.filter((a) => a.action);
        const shown = legal.slice(0, 10);
        const more = legal.slice(10);
        const chip = (a) => {
          const key = canon(a.action);
          return h("button.wt-chip-btn", {
            type: "button", "data-action": key, "data-key": `act:${key}`, "data-seat": a.seat,
            "data-taken": a.taken ? "1" : undefined, onclick: () => this.view.outbox.act(a.action, a.seat),
          }, a.label, a.taken && tl ? h("span.wt-taken", { text: tl.taken }) : null);
        };
        return h("div.wt-rule", { "data-legal": g.legal ? "1" : "0", "data-rule-id": g.rule },
          h("div.wt-rule-head", {}, icon(g.legal ? "check" : "x"),
            h("span.wt-rule-verdict", { text: g.legal ? t("allowed_by") : t("forbidden_by") }),
            h("code.wt-rule-id", { text: g.rule })),
          h("p.wt-rule-summary", { text: g.summary }),
          g.reference ? this.reference(`ref:${who.seat}:${g.legal ? 1 : 0}:${g.rule}`, g.reference) : null,
          g.legal ? h("div.wt-chip-row", {}, shown.map(chip),
            more.length ? this.view.details(`more:${who.seat}:${g.rule}`, false, h("summary", { text: t("n_more", { n: more.length }), "data-key": `more:${who.seat}:${g.rule}` }),
              h("div.wt-chip-row", {}, more.map(chip))) : null)
            : this.refusals(who.seat, g));
      }));
  }

  // The save box (copy, load, copy a link to the position), or why there is none.
  saves(scene) {
    if (scene.save === undefined || scene.save === null) {
      return scene.save_note ? h("section.wt-panel.wt-saves", { "aria-label": t("save_load") },
        h("h3.wt-section-title", {}, icon("load"), h("span", { text: t("save_title") })),
        h("p.wt-save-note", { "data-role": "save-note", text: scene.save_note })) : null;
    }
    const box = h("textarea.wt-save", {
      "data-role": "save", "data-key": "role:save", rows: "3", spellcheck: "false",
      "aria-label": t("save_box"),
      oninput: (event) => { this.saveDraft = event.target.value; },
    });
    box.value = this.saveDraft ?? scene.save;
    const copy = h("button.wt-btn.wt-ghost", {
      type: "button", "data-role": "copy", "data-key": "role:copy",
      onclick: (event, button) => {
        const live = this.view.body.querySelector('[data-role="save"]');
        live.select();
        const done = () => { button.querySelector(".wt-btn-label").textContent = t("copied"); };
        if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(live.value).then(done, () => {});
        else { try { document.execCommand("copy"); done(); } catch (err) { /* selection stays for Ctrl+C */ } }
      },
    }, icon("copy"), h("span.wt-btn-label", { text: t("copy") }));
    return h("section.wt-panel.wt-saves", { "aria-label": t("save_load") },
      h("h3.wt-section-title", {}, icon("load"), h("span", { text: t("save_title") })),
      box, h("div.wt-pick-actions", {}, copy, scene.load ? this.view.panels.control(scene.load) : null,
        scene.link ? this.copyLink(scene.link) : null));
  }

  // "Copy link to this position": the text the controller made (the play page's address on
  // the site, else the Python that opens it), copied in the click itself (the clipboard
  // wants the person's gesture); where the browser refuses, it stays selected to copy by hand.
  copyLink(link) {
    return h("button.wt-btn.wt-ghost", {
      type: "button", "data-role": "copy-link", "data-key": "role:copy-link", "data-link": link.copy,
      title: link.hint, "aria-label": `${link.label}: ${link.hint}`,
      onclick: (event, button) => {
        const done = () => { button.querySelector(".wt-btn-label").textContent = t("copied"); };
        const byHand = () => {
          const field = h("textarea.wt-save", { readonly: "", rows: "2", "data-role": "link-text",
            "aria-label": link.label });
          field.value = link.copy;
          button.after(field);
          field.select();
          try { if (document.execCommand("copy")) done(); } catch (err) { /* selected for Ctrl+C */ }
        };
        if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(link.copy).then(done, byHand);
        else byHand();
      },
    }, icon("copy"), h("span.wt-btn-label", { text: link.label }));
  }
}

// The table itself: it owns the model, the root and the body, holds one of each part
// below, and redraws the whole scene (morphing the DOM) whenever the state changes. What
// to draw is each part's business; this class only lays the parts out and keeps what
// belongs to no one part (opened details, the How to play and keys panels, a notice hidden).
class TableView {
  constructor(model, el) {
    this.model = model;
    this.el = el;
    this.root = h("div.wt-table", { tabindex: "-1" });
    this.live = h("div.wt-live.wt-sr", { "aria-live": "polite", "aria-atomic": "true", role: "status" });
    this.body = h("div.wt-body");
    this.watch = new KernelWatch(this);
    this.root.append(this.live, this.watch.node, this.body);
    el.classList.add("wt-host");
    el.append(this.root);
    this.outbox = new Outbox(this);
    this.narrator = new Narrator(this);
    this.keyboard = new Keyboard(this);
    this.race = new RaceClock(this);
    this.bots = new BotCues(this);
    this.reveals = new Reveals(this);
    this.board = new Board(this);
    this.pickers = new Pickers(this);
    this.prompts = new Prompts(this);
    this.panels = new Panels(this);
    this.explorer = new Explorer(this);
    this.noticeKey = "";
    this.noticeHidden = false;
    this.pending = false;
    this.openDetails = new Map(); // data-key -> open, so a redraw keeps what the user opened
    this.howtoOpen = null;        // the How to play panel (null: as the scene first asks)
    this.keysOpen = false;        // the "?" overlay of shortcut keys
    this.listen();
    this.draw();
    this.watch.check();
  }

  // The root's listeners: keys, focus (the roving Tab stops), every drawn handler, the
  // model's changes and the widget's width.
  listen() {
    this.onKey = (event) => this.keyboard.key(event);
    this.root.addEventListener("keydown", this.onKey);
    this.root.setAttribute("data-lm-suppress-shortcuts", "true"); // JupyterLab: our keys, not its
    this.onFocus = (event) => this.keyboard.focused(event);
    this.root.addEventListener("focusin", this.onFocus);
    this.onEvent = (event) => {
      for (let node = event.target; node && node !== this.root; node = node.parentNode) {
        const handler = node[`_wt_${event.type}`];
        if (handler) {
          if (node.disabled) return;
          handler(event, node);
          return;
        }
        if (event.type === "toggle") return; // a details element's own toggle only
      }
    };
    // Capture phase: also catches events that do not bubble (toggle, a scripted change).
    for (const type of HANDLERS) this.root.addEventListener(type, this.onEvent, true);
    this.onChange = () => this.schedule();
    for (const key of STATE_KEYS) this.model.on(`change:${key}`, this.onChange);
    // Some defaults follow the widget's width (it is 0 until the host shows it).
    this.wide = false;
    this.resize = typeof ResizeObserver === "function" ? new ResizeObserver(() => {
      const wide = this.root.clientWidth >= 760;
      if (wide !== this.wide) { this.wide = wide; this.schedule(); }
      if (this.scene && this.scene.mode === "explore" && this.explorer.split() !== this.splitDrawn) this.schedule();
      this.explorer.fit();
    }) : null;
    if (this.resize) this.resize.observe(this.root);
    this.onWindow = () => this.explorer.fit();
    if (typeof window.addEventListener === "function") window.addEventListener("resize", this.onWindow);
  }

  destroy() {
    for (const key of STATE_KEYS) this.model.off(`change:${key}`, this.onChange);
    this.root.removeEventListener("keydown", this.onKey);
    this.root.removeEventListener("focusin", this.onFocus);
    this.bots.stop();
    this.outbox.stop();
    this.watch.stop();
    this.reveals.stop();
    this.race.stop();
    if (this.resize) this.resize.disconnect();
    if (typeof window.removeEventListener === "function") window.removeEventListener("resize", this.onWindow);
    this.root.remove();
    this.el.classList.remove("wt-host");
  }

  schedule() {
    if (this.pending) return;
    this.pending = true;
    queueMicrotask(() => {
      this.pending = false;
      this.draw();
    });
  }

  // ------------------------------------------------------------------ drawing
  // The whole scene again from the model, morphed into the DOM, then what follows a draw
  // (focus, a reveal brought into view, card flights, the live region, the bots' next cue).
  draw() {
    const scene = this.model.get("scene") || {};
    const notice = this.model.get("notice");
    const seq = this.model.get("seq");
    this.scene = scene;
    PICTURES = (this.model.get("pictures") || {}).icons || {};
    STRINGS = this.model.get("strings") || {};
    this.outbox.answered(seq);
    this.pickers.follow(scene);
    // A dismissed notice stays hidden until the next message brings a notice again.
    const noticeKey = notice ? `${seq}|${JSON.stringify(notice)}` : "";
    if (noticeKey !== this.noticeKey) {
      this.noticeHidden = false;
      this.noticeKey = noticeKey;
    }
    this.mark(scene);
    const focusKey = this.focusKey();
    const before = this.bots.snapshot();
    if (this.howtoOpen === null && scene.howto) this.howtoOpen = !!scene.howto.open;
    this.keyboard.shortcutN = 0;
    const logAtEnd = this.logAtEnd(scene);
    morph(this.body, h("div.wt-body", {}, this.layout(scene, notice)));
    this.keyboard.rove();
    this.restoreFocus(focusKey);
    this.reveals.show(scene);
    this.bots.fly(before, scene);
    const newLog = this.body.querySelector(".wt-log");
    if (newLog && logAtEnd) newLog.scrollTop = newLog.scrollHeight;
    this.explorer.fit();
    this.explorer.centreMove();
    this.narrator.tell(scene, notice, noticeKey);
    this.bots.pace();
  }

  // The root's data attributes: what the stylesheet and the tests read of the scene.
  mark(scene) {
    const d = this.root.dataset;
    d.game = scene.game || "";
    d.move = scene.move ?? "";
    d.phase = scene.phase || "";
    d.seat = scene.seat === null || scene.seat === undefined ? "" : scene.seat;
    d.mode = scene.mode || "";
    d.god = scene.god ? "1" : "0";
    d.acting = scene.headline && scene.headline.tone === "you" && (scene.picker || scene.prompt) && !scene.handoff ? "1" : "0";
    d.motion = reducedMotion() ? "reduce" : "full";
  }

  // Whether the log is to show its end after this draw. The explorer's log follows the
  // timeline: at another position it shows its end (the position's own events), wherever
  // the person had scrolled it.
  logAtEnd(scene) {
    const logBox = this.body.querySelector(".wt-log");
    const moved = scene.mode === "explore" && `${scene.deal}|${scene.move}` !== this.logAt;
    this.logAt = `${scene.deal}|${scene.move}`;
    return moved || !logBox || logBox.scrollTop + logBox.clientHeight >= logBox.scrollHeight - 24;
  }

  details(key, openByDefault, summary, ...content) {
    const open = this.openDetails.has(key) ? this.openDetails.get(key) : openByDefault;
    return h("details", {
      "data-details": key, open,
      ontoggle: (event) => this.openDetails.set(key, event.target.open),
    }, summary, ...content);
  }

  focusKey() {
    const active = this.root.ownerDocument.activeElement;
    if (!active || !this.root.contains(active)) return null;
    const keyed = active.closest("[data-key]");
    return keyed ? keyed.dataset.key : null;
  }

  restoreFocus(key) {
    if (key === null) return;
    const found = [...this.body.querySelectorAll("[data-key]")].find((n) => n.dataset.key === key);
    const target = found && !found.disabled ? found : this.body.querySelector(".wt-headline");
    if (target) target.focus({ preventScroll: true });
  }

  layout(scene, notice) {
    // Three columns (the stylesheet says so, see split()): the board is drawn compactly, a
    // race's clock sits in the headline's row and its call keys go with the hand and choices
    // below the columns (the columns keep the screen's height).
    this.splitDrawn = scene.mode === "explore" && this.explorer.split();
    const headline = this.panels.headline(scene);
    const clock = this.race.draw(scene.clock);
    if (this.splitDrawn && clock && headline) headline.append(clock);
    const parts = [this.panels.header(scene), headline];
    if (this.keysOpen) parts.push(this.panels.keys(scene));
    if (this.howtoOpen && scene.howto) parts.push(this.panels.howto(scene.howto));
    if (!headline || !headline.contains(clock)) parts.push(clock);
    const calls = this.race.callBar(scene);
    if (!this.splitDrawn) parts.push(calls);
    if (notice && !this.noticeHidden) parts.push(this.panels.notice(notice));
    const opens = scene.reveal && scene.reveal.zone && (scene.table || []).some((z) => z.key === scene.reveal.zone);
    const shown = this.reveals.draw(scene.reveal);
    this.zoneReveal = opens ? shown : null;
    if (!opens) parts.push(shown);
    if (scene.mode === "lab") {
      parts.push(this.panels.lab(scene));
      return parts;
    }
    if (scene.gameover) parts.push(this.panels.gameover(scene.gameover, scene.explore));
    if (scene.handoff) parts.push(this.panels.handoff(scene.handoff));
    // Scores just announced go on the board itself; later they wait in the side column.
    const fresh = scene.scoring && scene.scoring.fresh;
    const main = h("div.wt-main", {},
      fresh ? this.panels.table(scene.scoring, "wt-scoring", "wt-fresh") : null,
      this.board.players(scene),
      this.board.center(scene),
      scene.picker ? [this.pickers.hand(scene), this.prompts.prompt(scene)] : [this.prompts.prompt(scene), this.pickers.hand(scene)]);
    const rest = [scene.scoring && !fresh ? this.panels.table(scene.scoring, "wt-scoring") : null,
      scene.scoreboard ? this.panels.table(scene.scoreboard, "wt-scoreboard") : null,
      this.panels.log(scene),
      this.panels.legend(scene)];
    if (scene.mode === "explore") {
      parts.push(...this.explorer.layout(scene, main, rest, calls));
      return parts;
    }
    parts.push(h("div.wt-layout", {}, main, h("div.wt-side", {}, rest)));
    return parts;
  }

  toggleHowto() {
    this.howtoOpen = !this.howtoOpen;
    this.draw();
    if (this.howtoOpen) {
      const panel = this.body.querySelector(".wt-howto");
      if (panel) panel.focus({ preventScroll: false });
    }
  }
}


export default {
  render({ model, el }) {
    const view = new TableView(model, el);
    return () => view.destroy();
  },
};
