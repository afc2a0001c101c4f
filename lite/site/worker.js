// The play page's web worker: Pyodide, the witchtable wheel and host.py.
//
// The page posts {id, op, ...}; the worker answers {id, ok, ...} in order, one request
// at a time (Python runs one message after the other, so nothing is played twice).
// While loading it posts {op: "progress", step, steps, text}. It loads only the Pyodide
// core and the project's wheel (by URL, so none of the notebook kernel's packages).
//
// Python starts from the site's memory snapshot (python-snapshot.bin, made by
// lite/snapshot.mjs, read by snapshot-file.mjs): the interpreter as it was at build time,
// with witchtable and host.py imported and a table of every game dealt once, so the first
// board needs no import. Its files (the standard library's zip, the wheel's) come once
// the worker is idle (filesLater). If the snapshot cannot be had or restored, Python
// starts cold: the wheel and host.py, downloaded meanwhile, are installed and imported
// (wheel.mjs).
// Either way the wasm compiles as it downloads from the moment loading starts.

import { unpack, xorMemory } from "./snapshot-file.mjs";
import { installWheel } from "./wheel.mjs";

let host = null;         // host.py's module, once loaded
let loading = null;      // the promise of the loading steps
let installLater = null; // from a snapshot: Python's files, brought once the worker is idle

const t = (text) => text;  // marks a text for the page's catalogue: play.js shows it translated
const STEPS = [
  t("Loading the Python runtime (Pyodide, about 12 MB)"),
  t("Loading witchtable"),
  t("Starting the rules engine"),
];

const timings = {};    // milliseconds each loading step took (the page shows them to tests)
let stepStart = 0;

function progress(step) {
  const now = performance.now();
  if (step > 0) timings[`step${step - 1}`] = Math.round(now - stepStart);
  stepStart = now;
  postMessage({ op: "progress", step, steps: STEPS.length, text: STEPS[step] });
}

const CORE_FILES = ["pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];

// Pyodide only logs some start-up failures (a missing or broken .wasm) and then never
// settles; these checks turn them into an error the page can show.
async function checkCoreFiles(pyodideURL) {
  const problems = [];
  await Promise.all(CORE_FILES.map(async (name) => {
    const reply = await fetch(pyodideURL + name, { method: "HEAD" });
    if (!reply.ok) problems.push(`${name} (HTTP ${reply.status})`);
  }));
  if (problems.length) throw new Error(`the site is missing Pyodide files: ${problems.join(", ")}`);
}

// A file of the site, fetched now and awaited later: a failure says which file and why.
function download(url, read) {
  const answer = fetch(url).then(async (reply) => {
    if (!reply.ok) throw new Error(`could not fetch ${url}: HTTP ${reply.status}`);
    return read(reply);
  }, (err) => { throw new Error(`could not fetch ${url}: ${err.message || err}`); });
  answer.catch(() => {});  // (awaited after Python starts; until then not "unhandled")
  return answer;
}

// The wasm, compiled as it downloads from the start (Pyodide would begin once its own
// JavaScript has loaded and, from a snapshot, once the snapshot is in). Pyodide's request
// for the file gets an empty answer and its instantiateStreaming this module; when a
// snapshot is being restored, the instance's fresh memory is what its bytes were XORed with.
function compileEarly(pyodideURL, onError) {
  const wasmURL = new URL("pyodide.asm.wasm", pyodideURL).href;
  const compiled = WebAssembly.compileStreaming(fetch(wasmURL));
  // (Pyodide only logs a failed instantiation, then waits for ever: say it here)
  compiled.catch((err) => onError(new Error(`could not compile ${wasmURL}: ${err.message || err}`)));
  const fetchNow = globalThis.fetch;
  globalThis.fetch = (resource, init) =>
    (String(resource) === wasmURL && (init?.method ?? "GET") === "GET"
      ? Promise.resolve(new Response(null)) : fetchNow(resource, init));
  const early = { snapshot: null };
  WebAssembly.instantiateStreaming = async (_source, imports) => {
    const module = await compiled;
    const instance = await WebAssembly.instantiate(module, imports);
    if (early.snapshot) {
      const memory = imports.env?.memory || instance.exports.memory;
      xorMemory(early.snapshot.snapshot, memory.buffer, early.snapshot.count);
    }
    return { module, instance };
  };
  return early;
}

async function startPython(loadPyodide, options) {
  let fail;
  const failed = new Promise((_, reject) => { fail = reject; });
  return Promise.race([failed, loadPyodide({
    packages: [],
    stdout: (text) => console.log(text),
    stderr: (text) => {
      console.warn(text);
      if (/instantiation failed|failed to execute|aborted/i.test(text)) fail(new Error(text));
    },
    ...options,
  })]);
}

// From a snapshot, Python's files come once the worker is idle: the standard library's
// zip (4.5 MB) and the wheel's files. Every module and file a table uses is already in
// memory (host.warm), so neither is on the way to the first board: Pyodide starts with an
// empty zip. An import that nothing finds before then (a module no table had imported)
// brings them at once, synchronously (host.files_later).
const EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);

function fetchNow(url) {
  const request = new XMLHttpRequest();  // (synchronous: allowed in a worker)
  request.open("GET", url, false);
  request.responseType = "arraybuffer";
  request.send();
  if (request.status !== 200) throw new Error(`could not fetch ${url}: HTTP ${request.status}`);
  return request.response;
}

/** Set up the files' late arrival; returns the job that brings them when idle. */
function filesLater(py, stdlibURL, wheelURL, wheelBytes) {
  let brought = false, zipPath = null;
  const bring = (stdlib, wheel) => {
    if (brought) return;
    brought = true;
    py.FS.writeFile(zipPath, new Uint8Array(stdlib));
    installWheel(py, wheelURL, wheel);
    host.files_arrived();
  };
  zipPath = host.files_later(() => bring(fetchNow(stdlibURL), fetchNow(wheelURL)));
  return async () => {
    if (brought) return;
    const stdlib = await download(stdlibURL, (reply) => reply.arrayBuffer());
    bring(stdlib, await wheelBytes());
  };
}

async function load({ pyodideURL, wheelURL, hostURL, snapshotURL }) {
  progress(0);
  let fail;
  const failed = new Promise((_, reject) => { fail = reject; });
  const checked = checkCoreFiles(pyodideURL);
  checked.catch(fail);
  const early = compileEarly(pyodideURL, (err) => checked.then(() => fail(err), () => {}));
  const snapshot = snapshotURL
    ? download(snapshotURL, async (reply) => unpack(new Uint8Array(await reply.arrayBuffer())))
    : Promise.reject(new Error("the page names no snapshot"));
  snapshot.catch(() => {});
  let wheel = null;  // (from a snapshot it is needed only once the worker is idle: fetched then)
  const wheelBytes = () => (wheel ??= download(wheelURL, (reply) => reply.arrayBuffer()));
  const hostSource = download(hostURL, (reply) => reply.text());
  import(pyodideURL + "pyodide.asm.mjs").catch(() => {});  // (Pyodide imports it next: start now)
  const { loadPyodide } = await Promise.race([import(pyodideURL + "pyodide.mjs"), failed]);
  const image = snapshot.then((s) => { early.snapshot = s; return s.snapshot; });
  image.catch(() => {});  // (Pyodide awaits it only once its own JavaScript has loaded)
  let py = null;
  const stdLibURL = URL.createObjectURL(new Blob([EMPTY_ZIP]));  // (the real one comes later)
  try {
    py = await Promise.race([failed, startPython(loadPyodide, { indexURL: pyodideURL, _loadSnapshot: image,
                                                                stdLibURL })]);
    timings.from = "snapshot";
  } catch (err) {
    await checked;  // (a missing core file is the error to show, not a reason to start cold)
    console.warn(`witchtable: Python starts without its snapshot: ${err.message || err}`);
    early.snapshot = null;
    wheelBytes();  // (while Python starts)
    timings.from = "cold";
    timings.snapshotProblem = String(err.message || err).slice(0, 200);
  } finally {
    URL.revokeObjectURL(stdLibURL);
  }
  if (!py) {
    try {
      py = await Promise.race([failed, startPython(loadPyodide, { indexURL: pyodideURL })]);
    } catch (err) {
      await checked;
      throw err;
    }
  }
  progress(1);
  if (timings.from === "cold") installWheel(py, wheelURL, await wheelBytes());
  progress(2);
  py.FS.writeFile("/home/pyodide/wt_host.py", await hostSource);
  host = py.pyimport("wt_host");
  if (timings.from === "snapshot") {
    const random = py.pyimport("random");
    random.seed();  // (its state in the snapshot is every page's)
    random.destroy();
    installLater = filesLater(py, pyodideURL + "python_stdlib.zip", wheelURL, wheelBytes);
  }
  timings.step2 = Math.round(performance.now() - stepStart);
  const sys = py.pyimport("sys");
  const python = sys.version.split(" ")[0];
  sys.destroy();
  return { timings, python, version: py.version };
}

async function run(request) {
  switch (request.op) {
    case "load":
      loading = loading || load(request);
      return await loading;
    case "start":
      return JSON.parse(host.start(JSON.stringify(request.options)));
    case "message":
      return JSON.parse(host.handle(JSON.stringify(request.content)));
    case "save":
      return JSON.parse(host.save());
    default:
      throw new Error(`unknown request ${request.op}`);
  }
}

// From a snapshot, Python's files come once the worker has had nothing to do for a
// moment: bringing them at once would slow the first board (the download, and unpacking
// the wheel while the page draws: the page and the worker share the computer's cores).
const IDLE_MS = 1500;
let idleTimer = null;
function installWhenIdle() {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    const install = installLater;
    installLater = null;
    if (install) queue = queue.then(install).catch((err) => console.error(`witchtable: ${err.message || err}`));
  }, IDLE_MS);
}

let queue = Promise.resolve();
onmessage = (event) => {
  const request = event.data;
  queue = queue.then(async () => {
    try {
      const answer = await run(request);
      postMessage({ id: request.id, ok: true, ...answer });
      if (installLater && request.op !== "load") installWhenIdle();
    } catch (err) {
      postMessage({ id: request.id, ok: false, error: String((err && err.message) || err) });
    }
  });
};
