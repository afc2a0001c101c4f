// A play page: the widget's table.js, driven by the TableController in a web worker.
//
// table.js is the same module the notebook widget uses; it sees only an object with
// anywidget's model interface (get, set, on, off, send, save_changes). WorkerModel is
// that object: its state is the controller's state() and send() goes to the worker.
// This file adds what a notebook gives for free: loading Pyodide (with progress and
// errors), the setup form, and saving or loading a game.

const config = JSON.parse(document.getElementById("wt-config").textContent);
const $ = (selector) => document.querySelector(selector);
/** A text of this page in its language (config.words: the catalogue's, for a page in
 * another language than English), with its {fields} filled in. */
const t = (text, fields = {}) => (config.words?.[text] || text)
  .replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? String(fields[name]) : whole));
const started = performance.now();

// ---------------------------------------------------------------- the worker

class PythonWorker {
  constructor(url) {
    this.worker = new Worker(url, { type: "module" });
    this.next = 1;
    this.waiting = new Map();
    this.onprogress = () => {};
    this.onfatal = () => {};
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.onfatal(`the worker script failed: ${event.message || "it could not be loaded"}`);
    };
  }

  receive(data) {
    if (data.op === "progress") return this.onprogress(data);
    const pending = this.waiting.get(data.id);
    if (!pending) return;
    this.waiting.delete(data.id);
    if (data.ok) pending.resolve(data);
    else pending.reject(new Error(data.error));
  }

  request(op, fields = {}) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, ...fields });
    });
  }
}

// ---------------------------------------------------------------- the model

function sameJSON(a, b) {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** anywidget's model interface over the worker: what table.js talks to. */
export class WorkerModel {
  constructor(sendToPython) {
    this.state = {};
    this.handlers = new Map();
    this.sendToPython = sendToPython;
  }

  get(key) {
    return this.state[key];
  }

  set(key, value) {
    if (sameJSON(this.state[key], value)) return;
    this.state[key] = value;
    this.emit(`change:${key}`, value);
    this.emit("change");
  }

  // The controller owns every synced key; a value the front end sets stays in the page.
  save_changes() {}

  on(names, callback) {
    for (const name of names.split(/\s+/).filter(Boolean)) {
      if (!this.handlers.has(name)) this.handlers.set(name, new Set());
      this.handlers.get(name).add(callback);
    }
  }

  off(names, callback) {
    if (!names) return this.handlers.clear();
    for (const name of names.split(/\s+/).filter(Boolean)) {
      if (!callback) this.handlers.delete(name);
      else if (this.handlers.has(name)) this.handlers.get(name).delete(callback);
    }
  }

  send(content) {
    this.sendToPython(content).catch((err) => showError(t("Python stopped"), String(err.message || err)));
  }

  emit(name, value) {
    for (const callback of [...(this.handlers.get(name) || [])]) {
      try {
        callback(value);
      } catch (err) {
        console.error(err);
      }
    }
  }

  /** Take a whole state() from Python: each changed key fires change:key, then change. */
  replace(state) {
    const changed = Object.keys(state).filter((key) => !sameJSON(this.state[key], state[key]));
    for (const key of changed) this.state[key] = state[key];
    for (const key of changed) this.emit(`change:${key}`, state[key]);
    if (changed.length) this.emit("change");
  }
}

// ---------------------------------------------------------------- the page

const ui = {
  loading: $("#wt-loading"),
  bar: $("#wt-loading progress"),
  text: $("#wt-loading-text"),
  error: $("#wt-error"),
  errorText: $("#wt-error-text"),
  host: $("#wt-table-host"),
  form: $("#wt-setup"),
  formNote: $("#wt-setup-note"),
  saveBox: $("#wt-save-text"),
  saveNote: $("#wt-save-note"),
  variantNote: $("#wt-variant-note"),
  linkError: $("#wt-link-error"),
  linkErrorText: $("#wt-link-error-text"),
};

/** The house variant chosen in the form (config.variants: the site's variants of this game). */
function chosenVariant() {
  const name = ui.form.elements.variant.value;
  return (config.variants || []).find((variant) => variant.name === name) || null;
}

function showError(title, detail) {
  stopProgress();
  ui.loading.hidden = true;
  ui.error.hidden = false;
  ui.error.querySelector("h2").textContent = title;
  ui.errorText.textContent = detail;
  document.body.dataset.state = "error";
}

let progressNow = null;  // the step being loaded, redrawn with the time every half second
let progressTimer = null;

function drawProgress() {
  if (!progressNow) return;
  const { step, steps, text } = progressNow;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  ui.text.textContent = t("{text}… (step {step} of {steps}, {seconds} s)", { text: t(text), step: step + 1, steps, seconds });
}

function showProgress(progress) {
  progressNow = progress;
  ui.bar.max = progress.steps;
  ui.bar.value = progress.step;
  if (!progressTimer) progressTimer = setInterval(drawProgress, 500);
  drawProgress();
}

function stopProgress() {
  clearInterval(progressTimer);
  progressNow = null;
}

let view = null;      // the rendered table: { model, cleanup }
let widget = null;    // table.js's default export
let python = null;    // the worker

async function renderTable(state) {
  if (view) {
    if (typeof view.cleanup === "function") view.cleanup();
    ui.host.replaceChildren();
  }
  const model = new WorkerModel(async (content) => {
    const answer = await python.request("message", { content });
    model.replace(answer.state);
  });
  model.replace(state);
  if (typeof widget.initialize === "function") await widget.initialize({ model });
  const el = document.createElement("div");
  ui.host.replaceChildren(el);
  view = { model, cleanup: await widget.render({ model, el }) };
}

function readForm() {
  const data = new FormData(ui.form);
  const seat = data.get("seat");
  const options = { game: config.game.id, players: Number(data.get("players")), mode: data.get("mode") };
  if (config.rules) options.rules_url = config.rules;          // this page's rules reference
  const variant = chosenVariant();
  if (variant) options.variant = variant;                       // its options and house data
  if (options.mode === "explore") {
    options.seat = /^\d+$/.test(seat) ? Number(seat) : null;  // the view shown; null: every hand
    options.bots = data.get("bots");                            // who plays on when asked
  } else if (seat === "all") {
    options.bots = null;                                        // pass and play
  } else {
    options.seat = seat === "none" ? null : Number(seat);
    options.bots = data.get("bots");
  }
  if (options.mode === "play") {
    options.reactions = data.get("reactions");                  // when a person is asked to react
    options.undo = data.get("undo");                            // fair, or practice
  }
  options.site_url = SITE_URL;
  const seed = String(data.get("seed") || "").trim();
  if (seed) options.seed = Number(seed);
  options.pace = Number(data.get("pace"));
  // the game's own options (the fields named option:<name>)
  const own = {};
  for (const el of ui.form.querySelectorAll("[name^='option:']")) {
    own[el.name.slice(7)] = el.dataset.type === "int" ? Number(el.value) : el.value;
  }
  if (Object.keys(own).length) options.options = own;
  return options;
}

function syncSeats() {
  const players = Number(ui.form.elements.players.value);
  const explore = ui.form.elements.mode.value === "explore";
  const select = ui.form.elements.seat;
  const current = select.value;
  const choices = [];
  for (let s = 0; s < players; s += 1) {
    choices.push([String(s), explore ? t("Show seat {seat}'s view", { seat: s + 1 })
      : t("I play seat {seat}, bots play the others", { seat: s + 1 })]);
  }
  if (explore) choices.unshift(["none", t("Show every hand")]);
  else choices.push(["all", t("Everyone at this screen (pass and play)")], ["none", t("Bots only: I watch")]);
  select.replaceChildren(...choices.map(([value, label]) => new Option(label, value)));
  select.value = choices.some(([value]) => value === current) ? current : choices[0][0];
  // A game option naming a seat ("Who starts": Player 1...) offers only the seats dealt.
  for (const seats of ui.form.querySelectorAll("select[data-seats]")) {
    for (const option of seats.options) option.disabled = option.hidden = Number(option.value) >= players;
    if (Number(seats.value) >= players) seats.value = "0";
  }
}

let urlProblem = "";  // what the address asked for that this page cannot give
let linked = null;    // ?position=wt1.…: a position link, opened in the explorer (passed to Python untouched)
// The site's base address (config.root: from this page up to it; play pages are play/<game>/
// and play/<game>/<language>/): the explorer's "Copy link to this position" gives the
// game's play page with the position.
const SITE_URL = new URL(config.root, location.href).href;

function fillFormFromURL() {
  const params = new URLSearchParams(location.search);
  if (params.get("embed") === "1") document.body.classList.add("wt-embedded");  // inside another page
  if (params.has("variant")) {
    const name = params.get("variant");
    const known = (config.variants || []).map((variant) => variant.name);
    if (known.includes(name)) {
      ui.form.elements.variant.value = name;
      const players = chosenVariant().players;
      if (players && !params.has("players")) ui.form.elements.players.value = String(players);
    } else {
      urlProblem = (known.length
        ? t("This site has no variant “{name}” of {game} (it has: {known}).", { name, game: config.game.name, known: known.join(", ") })
        : t("This site has no variant “{name}” of {game}.", { name, game: config.game.name }))
        + " " + t("The rules as printed were dealt.");
    }
  }
  for (const name of ["players", "bots", "mode", "pace", "reactions", "undo"]) {
    if (params.has(name) && ui.form.elements[name]) ui.form.elements[name].value = params.get(name);
  }
  if (params.has("position")) {
    // A link holds the seed, which tells every hidden card: it opens in the explorer only.
    linked = params.get("position");
    if (params.get("mode") && params.get("mode") !== "explore") {
      urlProblem = t("A position link opens in the explorer (it holds the seed, so it shows every hand), not in {mode} mode.",
        { mode: params.get("mode") });
    }
    ui.form.elements.mode.value = "explore";
  }
  syncSeats();
  if (params.has("seat")) ui.form.elements.seat.value = params.get("seat");
  if (params.has("seed")) ui.form.elements.seed.value = params.get("seed");
  for (const el of ui.form.querySelectorAll("[name^='option:']")) {  // ?option.language=es
    const name = `option.${el.name.slice(7)}`;
    if (params.has(name)) el.value = params.get(name);
  }
}

async function startGame(options) {
  const answer = await python.request("start", { options });
  if (answer.error) {
    ui.formNote.textContent = t("That game could not be set up: {error}", { error: answer.error });
    ui.formNote.dataset.level = "error";
    ui.form.closest("details").open = true;
    return false;
  }
  ui.formNote.textContent = "";
  delete ui.formNote.dataset.level;
  const variant = options.variant;
  ui.variantNote.hidden = !variant;
  ui.variantNote.textContent = variant ? t("House variant: {title}. {description}", variant) : "";
  await renderTable(answer.state);
  return true;
}

/** Open the address's position link; a damaged one opens nothing and the alert says why. */
async function openLink() {
  const options = readForm();
  for (const key of ["players", "seed", "variant", "options"]) delete options[key];  // the link holds them
  options.position = linked;
  const answer = await python.request("start", { options });
  if (answer.error) {
    const why = String(answer.error);
    ui.linkErrorText.textContent = `${why.charAt(0).toUpperCase()}${why.slice(1)}.`;
    ui.linkError.hidden = false;
    ui.form.closest("details").open = true;
    return false;
  }
  await renderTable(answer.state);
  return true;
}

async function saveGame() {
  const answer = await python.request("save");
  if (answer.error) {
    ui.saveNote.textContent = answer.error;
    return;
  }
  ui.saveBox.value = answer.save;
  ui.saveNote.textContent = t("Saved at move {move}. Keep this text: paste it here later and press “Load this save” (it holds the seed, so it also tells every hidden card).",
    { move: answer.move });
}

async function loadGame() {
  const text = ui.saveBox.value.trim();
  if (!text) {
    ui.saveNote.textContent = t("Paste a save (the text “Save this game” gives) into the box first.");
    return;
  }
  const options = readForm();
  delete options.players;
  delete options.seed;
  delete options.variant;  // the save holds the options it was played with
  options.save = text;
  const answer = await python.request("start", { options });
  if (answer.error) {
    ui.saveNote.textContent = t("That save could not be loaded: {error} Nothing was changed.", { error: answer.error });
    return;
  }
  await renderTable(answer.state);
  ui.saveNote.textContent = t("Loaded the save at move {move}.", { move: answer.state.scene.move });
}

async function main() {
  fillFormFromURL();
  ui.form.elements.players.addEventListener("change", syncSeats);
  ui.form.elements.mode.addEventListener("change", syncSeats);
  if (location.protocol === "file:") {
    showError(t("This page needs a web server"),
      t("Browsers do not run Pyodide from a file:// address. From the site folder, run `python -m http.server 8000` and open http://127.0.0.1:8000/ (see lite/README.md)."));
    return;
  }
  python = new PythonWorker(new URL("worker.js", import.meta.url));
  python.onprogress = showProgress;
  python.onfatal = (text) => showError(t("Python could not start"), text);
  const base = new URL(config.pyodide, location.href).href;
  const slow = setTimeout(() => {
    ui.loading.append(Object.assign(document.createElement("p"), {
      textContent: t("Still loading: a slow connection or a busy computer can take a minute."),
    }));
  }, 45000);
  let loaded;
  try {
    [widget, loaded] = await Promise.all([
      import(new URL("table.js", import.meta.url).href).then(async (mod) =>
        (typeof mod.default === "function" ? await mod.default() : mod.default)),
      python.request("load", {
        pyodideURL: base,
        wheelURL: new URL(config.wheel, base).href,
        hostURL: new URL("host.py", import.meta.url).href,
        snapshotURL: new URL("python-snapshot.bin", import.meta.url).href,
      }),
    ]);
  } catch (err) {
    clearTimeout(slow);
    stopProgress();
    showError(t("Python could not start"),
      t("{error}. If the site is on a web server, check that .wasm files are served as application/wasm and that every file of the site was uploaded (see lite/README.md).",
        { error: err.message }));
    return;
  }
  clearTimeout(slow);
  stopProgress();
  ui.bar.value = ui.bar.max;
  ui.text.textContent = t("Dealing the cards…");
  const dealing = performance.now();
  if (linked !== null) {
    await openLink();
    if (urlProblem) {
      ui.formNote.textContent = urlProblem;
      ui.formNote.dataset.level = "error";
      ui.form.closest("details").open = true;
    }
  } else if (!(await startGame(readForm()))) {  // the URL asked for a game that cannot be: say why
    const why = ui.formNote.textContent;
    await startGame({ game: config.game.id, players: config.game.default_players });
    ui.formNote.textContent = `${why} ` + t("The usual {players}-player game was dealt instead.", { players: config.game.default_players });
    ui.formNote.dataset.level = "error";
  } else if (urlProblem) {
    ui.formNote.textContent = urlProblem;
    ui.formNote.dataset.level = "error";
    ui.form.closest("details").open = true;  // (the note is in the New game panel: show it)
  }
  window.witchtableTimings = { ...loaded.timings, deal: Math.round(performance.now() - dealing),
    python: loaded.python, pyodide: loaded.version };
  ui.loading.hidden = true;
  document.body.dataset.state = "ready";
  performance.mark("wt-playable");
  window.witchtablePlayable = performance.now();
  // The synced state the page holds now, as JSON text (the tests check what it keeps).
  window.witchtableState = () => (view ? JSON.stringify(view.model.state) : "");

  // A failure here means the worker itself broke (Python's own errors come back as notes).
  const guard = (task) => () => task().catch((err) => showError(t("Python stopped"), String(err.message || err)));
  ui.form.addEventListener("submit", (event) => {
    event.preventDefault();
    guard(() => startGame(readForm()))();
  });
  $("#wt-save").addEventListener("click", guard(saveGame));
  $("#wt-load").addEventListener("click", guard(loadGame));
}

main().catch((err) => showError(t("Something went wrong"), String(err && err.stack || err)));
