// A small DOM for Node: just what table.js uses (elements, text, attributes, dataset,
// events, simple selectors), a fake clock, and a line protocol so a Python test can
// draw states, click, press keys, let time pass and read the DOM back, without a
// browser. Run: node tests/widgets/node_dom.mjs <path to table.js>; one JSON op per
// stdin line, one JSON answer per stdout line (see test_widget_node.py).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { pathToFileURL } from "node:url";

class Node {
  constructor(type, name) { this.nodeType = type; this.nodeName = name; this.childNodes = []; this.parentNode = null; }
  get textContent() { return this.nodeType === 3 ? this.nodeValue : this.childNodes.map((c) => c.textContent).join(""); }
  set textContent(text) {
    if (this.nodeType === 3) { this.nodeValue = String(text); return; }
    for (const c of this.childNodes) c.parentNode = null;
    this.childNodes = [];
    if (text !== "") this.append(new Text(String(text)));
  }
  append(...nodes) {
    for (const n of nodes) {
      const child = n instanceof Node ? n : new Text(String(n));
      if (child.parentNode) child.remove();
      child.parentNode = this;
      this.childNodes.push(child);
    }
  }
  remove() {
    if (!this.parentNode) return;
    const list = this.parentNode.childNodes;
    list.splice(list.indexOf(this), 1);
    this.parentNode = null;
  }
  replaceWith(other) {
    const parent = this.parentNode;
    if (!parent) return;
    if (other.parentNode) other.remove();
    parent.childNodes[parent.childNodes.indexOf(this)] = other;
    other.parentNode = parent;
    this.parentNode = null;
  }
  contains(other) { for (let n = other; n; n = n.parentNode) if (n === this) return true; return false; }
}
Node.ELEMENT_NODE = 1;
Node.TEXT_NODE = 3;

class Text extends Node {
  constructor(text) { super(3, "#text"); this.nodeValue = text; }
}

function parseSelector(selector) {
  // compound selectors joined by spaces: tag, .class, [attr], [attr=value] (quotes optional)
  return selector.trim().split(/\s+(?![^[]*\])/).map((part) => {
    const tag = (part.match(/^[a-zA-Z][\w-]*/) || [null])[0];
    const classes = [...part.matchAll(/\.([\w-]+)/g)].map((m) => m[1]);
    const attrs = [...part.matchAll(/\[([\w-]+)(?:=["']?([^"'\]]*)["']?)?\]/g)].map((m) => [m[1], m[2]]);
    return { tag, classes, attrs };
  });
}

function matchesOne(el, p) {
  if (el.nodeType !== 1) return false;
  if (p.tag && el.tagName !== p.tag.toUpperCase()) return false;
  const cls = (el.getAttribute("class") || "").split(/\s+/);
  if (!p.classes.every((c) => cls.includes(c))) return false;
  return p.attrs.every(([name, value]) => el.hasAttribute(name) && (value === undefined || el.getAttribute(name) === value));
}

function matches(el, parts) {
  if (!matchesOne(el, parts[parts.length - 1])) return false;
  let i = parts.length - 2;
  for (let n = el.parentNode; n && i >= 0; n = n.parentNode) if (matchesOne(n, parts[i])) i--;
  return i < 0;
}

class Element extends Node {
  constructor(tag) {
    super(1, tag.toUpperCase());
    this.tagName = tag.toUpperCase();
    this.attrs = new Map();
    this.listeners = {};
    this.scrollTop = 0; this.scrollHeight = 0; this.clientHeight = 0; this.offsetTop = 0;
    const self = this;
    this.dataset = new Proxy({}, {
      get: (t, key) => self.getAttribute(`data-${String(key).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`) ?? undefined,
      set: (t, key, value) => { self.setAttribute(`data-${String(key).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, value); return true; },
    });
    this.classList = {
      add: (...names) => { const set = new Set(self.className.split(/\s+/).filter(Boolean)); names.forEach((n) => set.add(n)); self.className = [...set].join(" "); },
      remove: (...names) => { self.className = self.className.split(/\s+/).filter((c) => c && !names.includes(c)).join(" "); },
      contains: (name) => self.className.split(/\s+/).includes(name),
    };
    if (this.tagName === "INPUT" || this.tagName === "TEXTAREA") this.value = "";
  }
  get attributes() { return [...this.attrs].map(([name, value]) => ({ name, value })); }
  setAttribute(name, value) { this.attrs.set(name, String(value)); }
  getAttribute(name) { return this.attrs.has(name) ? this.attrs.get(name) : null; }
  hasAttribute(name) { return this.attrs.has(name); }
  removeAttribute(name) { this.attrs.delete(name); }
  get className() { return this.getAttribute("class") || ""; }
  set className(value) { this.setAttribute("class", value); }
  get disabled() { return this.hasAttribute("disabled"); }
  get open() { return this.hasAttribute("open"); }
  set open(value) { if (value) this.setAttribute("open", ""); else this.removeAttribute("open"); }
  get clientWidth() { return 900; }
  get ownerDocument() { return document; }
  set innerHTML(html) { this.textContent = ""; this.html = html; }
  get innerHTML() { return this.html || ""; }
  addEventListener(type, fn) { (this.listeners[type] ||= []).push(fn); }
  removeEventListener(type, fn) { this.listeners[type] = (this.listeners[type] || []).filter((f) => f !== fn); }
  focus() { document.activeElement = this; }
  select() {}
  closest(selector) { const parts = parseSelector(selector); for (let n = this; n; n = n.parentNode) if (n.nodeType === 1 && matches(n, parts)) return n; return null; }
  querySelectorAll(selector) {
    const parts = parseSelector(selector);
    const out = [];
    const walk = (n) => { for (const c of n.childNodes) { if (c.nodeType === 1) { if (matches(c, parts)) out.push(c); walk(c); } } };
    walk(this);
    return out;
  }
  querySelector(selector) { return this.querySelectorAll(selector)[0] || null; }
  dispatch(type, extra = {}) {
    // capture listeners from the root down to the target, as table.js listens on its root
    const chain = [];
    for (let n = this; n; n = n.parentNode) chain.unshift(n);
    const event = { type, target: this, key: extra.key, preventDefault() { this.defaultPrevented = true; },
      stopPropagation() { this.stopped = true; } };
    for (const n of chain) {
      for (const fn of (n.listeners && n.listeners[type]) || []) fn(event);
      if (event.stopped) break;
    }
    return event;
  }
}

const document = { createElement: (tag) => new Element(tag), createTextNode: (t) => new Text(t), activeElement: null };

// a fake clock: timers run when the test lets time pass
let now = 1000;
let timers = [];
let nextId = 1;
const fakeTimers = {
  setTimeout(fn, ms = 0) { const id = nextId++; timers.push({ id, at: now + Math.max(0, ms), fn }); return id; },
  clearTimeout(id) { timers = timers.filter((t) => t.id !== id); },
  setInterval(fn, ms) { const id = nextId++; const every = Math.max(1, ms); const tick = () => { fn(); const t = timers.find((x) => x.id === id); if (t) t.at += every; }; timers.push({ id, at: now + every, fn: tick, repeat: true }); return id; },
  clearInterval(id) { timers = timers.filter((t) => t.id !== id); },
};
function advance(ms) {
  const end = now + ms;
  for (;;) {
    const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
    if (!due) break;
    now = due.at;
    if (!due.repeat) timers = timers.filter((t) => t !== due);
    due.fn();
  }
  now = end;
}

Object.assign(globalThis, { document, Node, window: { isSecureContext: false }, ...fakeTimers });
Object.defineProperty(globalThis, "performance", { value: { now: () => now }, configurable: true });

class Model {
  constructor() { this.state = {}; this.handlers = {}; this.sent = []; }
  get(key) { return this.state[key]; }
  set(key, value) { this.state[key] = value; }
  on(event, fn) { (this.handlers[event] ||= new Set()).add(fn); }
  off(event, fn) { this.handlers[event]?.delete(fn); }
  save_changes() {}
  send(message) { this.sent.push(JSON.parse(JSON.stringify(message))); }
  update(state) {
    const changed = Object.keys(state).filter((k) => JSON.stringify(this.state[k]) !== JSON.stringify(state[k]));
    for (const k of changed) this.state[k] = state[k];
    for (const k of changed) for (const fn of this.handlers[`change:${k}`] || []) fn();
  }
}

const source = fs.readFileSync(process.argv[2], "utf8");
const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "wt-node-")), "table.mjs");
fs.writeFileSync(copy, source);
const widget = (await import(pathToFileURL(copy).href)).default;

const model = new Model();
const host = new Element("div");
let root = null;
const settle = () => new Promise((resolve) => setImmediate(resolve));

function describe(el) {
  const attrs = Object.fromEntries(el.attrs);
  return { tag: el.tagName.toLowerCase(), attrs, text: el.textContent, html: el.html };
}

async function run(op) {
  const errors = [];
  try {
    if (op.op === "render") {
      // jupyter: the model is a Jupyter widget's (it has a widget_manager); hostClass: the
      // classes ipywidgets put on the view's element (jupyter-widgets-disconnected)
      if (op.jupyter) model.widget_manager = {};
      if (op.hostClass) host.classList.add(...op.hostClass.split(/\s+/));
      model.update(op.state);
      root = widget.render({ model, el: host });
    } else if (op.op === "host_class") {
      if (op.add) host.classList.add(op.add);
      if (op.remove) host.classList.remove(op.remove);
    } else if (op.op === "update") model.update(op.state);
    else if (op.op === "click") {
      const el = host.querySelectorAll(op.selector)[op.index || 0];
      if (!el) throw new Error(`nothing matches ${op.selector}`);
      el.dispatch("click");
    } else if (op.op === "key") {
      const el = host.querySelectorAll(op.selector)[op.index || 0];
      if (!el) throw new Error(`nothing matches ${op.selector}`);
      el.focus();
      el.dispatch("keydown", { key: op.key });
    } else if (op.op === "wait") advance(op.ms);
    else if (op.op === "destroy") { root(); }
    await settle();
  } catch (err) { errors.push(String(err && err.stack || err)); }
  const found = op.query ? host.querySelectorAll(op.query).map(describe) : undefined;
  const active = document.activeElement ? describe(document.activeElement) : null;
  const sent = model.sent.splice(0);
  return { sent, found, active, errors, timers: timers.length, html: op.html ? host.textContent : undefined };
}

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  process.stdout.write(`${JSON.stringify(await run(JSON.parse(line)))}\n`);
}
