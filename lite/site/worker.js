// The play page's web worker: Pyodide, the witchtable wheel and host.py.
//
// The page posts {id, op, ...}; the worker answers {id, ok, ...} in order, one request
// at a time (Python runs one message after the other, so nothing is played twice).
// While loading it posts {op: "progress", step, steps, text}. It loads only the Pyodide
// core and the project's wheel (by URL, so none of the notebook kernel's packages).
// The wheel and host.py download while Python starts; wheel.mjs then installs the wheel.

import { installWheel } from "./wheel.mjs";

let host = null;        // host.py's module, once loaded
let loading = null;     // the promise of the loading steps

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

async function load({ pyodideURL, wheelURL, hostURL }) {
  progress(0);
  let fail;
  const failed = new Promise((_, reject) => { fail = reject; });
  checkCoreFiles(pyodideURL).catch(fail);
  const wheel = download(wheelURL, (reply) => reply.arrayBuffer());
  const hostSource = download(hostURL, (reply) => reply.text());
  const { loadPyodide } = await Promise.race([import(pyodideURL + "pyodide.mjs"), failed]);
  const py = await Promise.race([failed, loadPyodide({
    indexURL: pyodideURL,
    packages: [],
    stdout: (text) => console.log(text),
    stderr: (text) => {
      console.warn(text);
      if (/instantiation failed|failed to execute|aborted/i.test(text)) fail(new Error(text));
    },
  })]);
  progress(1);
  installWheel(py, wheelURL, await wheel);
  progress(2);
  py.FS.writeFile("/home/pyodide/wt_host.py", await hostSource);
  host = py.pyimport("wt_host");
  timings.step2 = Math.round(performance.now() - stepStart);
  return { timings, python: py.runPython("import sys; sys.version.split()[0]"), version: py.version };
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

let queue = Promise.resolve();
onmessage = (event) => {
  const request = event.data;
  queue = queue.then(async () => {
    try {
      const answer = await run(request);
      postMessage({ id: request.id, ok: true, ...answer });
    } catch (err) {
      postMessage({ id: request.id, ok: false, error: String((err && err.message) || err) });
    }
  });
};
