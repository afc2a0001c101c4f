#!/usr/bin/env node
// Run witchtable inside Pyodide (CPython 3.14 in WebAssembly) under Node, fully offline.
//
//   node tools/pyodide/run.mjs --wheels build/pyodide-wheels --wheel dist/witchtable-X.whl \
//        --pytest tests/engine -q
//   node tools/pyodide/run.mjs --wheels build/pyodide-wheels --wheel dist/witchtable-X.whl \
//        --python "print(1)"
//
// Pyodide comes from node_modules/pyodide (the npm package ships the runtime and the
// standard library but no wheels); micropip and pytest come from local wheel files
// (tools/pyodide/fetch-wheels.sh). Any attempt to reach the network aborts the run: the
// package lock handed to Pyodide lists no packages, and fetch, http, https, net, tls and
// WebSocket are guarded.
// Exit code: pytest's own (--pytest), 0/1 for --python, 2 for a usage error, 3 for a
// failed set-up (a fetch attempt, a missing or bad wheel).

import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import path from "node:path";
import tls from "node:tls";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..", "..");
const USAGE = `usage: node tools/pyodide/run.mjs --wheels DIR --wheel PATH [--wheel PATH ...]
                   [--root DIR] [--quiet] (--pytest ARGS... | --python CODE)

  --wheels DIR   folder of pure-Python wheels to install first: micropip-*.whl is loaded
                 into Pyodide itself, every other *.whl is installed with micropip
                 (fill it with tools/pyodide/fetch-wheels.sh DIR)
  --wheel PATH   a wheel to install (the project's dist/witchtable-*.whl); repeatable
  --root DIR     the checkout pytest runs in (default: ${ROOT}); its package sources
                 (engine/, face/, widgets/) are left out, so tests import the wheel
  --quiet        no timing lines on stderr
  --pytest ...   run pytest.main(ARGS) in the checkout's root (paths relative to it, e.g.
                 tests/engine -q); everything after --pytest goes to pytest
  --python CODE  run a Python snippet after the installs`;

/** A failed set-up (missing file, network attempt): exit code 3. */
class SetupError extends Error {}
/** A bad command line: exit code 2, with the usage text. */
class UsageError extends Error {}

function parseArgs(argv) {
  const opts = { wheels: null, wheel: [], root: ROOT, quiet: false, pytest: null, python: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new UsageError(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === "--wheels") opts.wheels = path.resolve(value());
    else if (arg === "--wheel") opts.wheel.push(path.resolve(value()));
    else if (arg === "--root") opts.root = path.resolve(value());
    else if (arg === "--quiet") opts.quiet = true;
    else if (arg === "--python") opts.python = value();
    else if (arg === "--pytest") { opts.pytest = argv.slice(i + 1); break; }
    else if (arg === "-h" || arg === "--help") { console.log(USAGE); process.exit(0); }
    else throw new UsageError(`unknown argument ${JSON.stringify(arg)}`);
  }
  if ((opts.pytest === null) === (opts.python === null)) {
    throw new UsageError("give exactly one of --pytest ARGS... or --python CODE");
  }
  if (!opts.wheels) throw new UsageError("give --wheels DIR, the folder holding micropip's (and pytest's) wheels");
  if (!opts.wheel.length) throw new UsageError("give the project wheel with --wheel dist/witchtable-*.whl");
  return opts;
}

// ---------------------------------------------------------------- no network, ever

const networkAttempts = [];

function refuse(what, target) {
  const url = String(target && (target.href || target.url || target.host || target.hostname) || target);
  networkAttempts.push(`${what} ${url}`);
  return new Error(`offline run: ${what} ${url} refused (everything must come from local files; ` +
    "run tools/pyodide/fetch-wheels.sh DIR and pass --wheels DIR)");
}

/** Make every network path Node offers fail loudly, and remember each attempt. */
function guardNetwork() {
  globalThis.fetch = async (input) => { throw refuse("fetch", input); };
  for (const [name, mod] of [["http", http], ["https", https]]) {
    mod.request = (target) => { throw refuse(`${name}.request`, target); };
    mod.get = (target) => { throw refuse(`${name}.get`, target); };
  }
  if (globalThis.WebSocket) globalThis.WebSocket = class { constructor(u) { throw refuse("WebSocket", u); } };
  // Every TCP/TLS connection (Pyodide's sockets go through the ws package, then http, then
  // net) ends in net.Socket#connect; refuse it too, in case some path skips the above.
  net.Socket.prototype.connect = function connect(target) {
    throw refuse("net.connect", typeof target === "object" ? `${target.host}:${target.port}` : target);
  };
  for (const mod of [net, tls]) {
    mod.connect = mod.createConnection = (target) => { throw refuse("connect", target); };
  }
}

// ---------------------------------------------------------------- set-up

function log(opts, message) {
  if (!opts.quiet) process.stderr.write(`[pyodide] ${message}\n`);
}

function wheelFiles(dir) {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    throw new SetupError(`--wheels ${dir} is not a folder; fill it with tools/pyodide/fetch-wheels.sh ${dir}`);
  }
  return fs.readdirSync(dir).filter((f) => f.endsWith(".whl")).sort().map((f) => path.join(dir, f));
}

function checkWheel(file) {
  if (!fs.existsSync(file)) {
    throw new SetupError(`wheel ${file} does not exist (build it with: .venv/bin/python -m pip wheel ` +
      "--no-deps --no-build-isolation -w dist .)");
  }
  if (!/-py3-none-any\.whl$/.test(file) && !/-py2\.py3-none-any\.whl$/.test(file)) {
    throw new SetupError(`wheel ${path.basename(file)} is not a pure-Python (py3-none-any) wheel`);
  }
}

/** The host's WITCHTABLE_* variables (test knobs such as WITCHTABLE_CONTRACT_GAMES). */
function witchtableEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith("WITCHTABLE_")));
}

async function startPyodide(opts) {
  const pyodideDir = path.join(ROOT, "node_modules", "pyodide");
  if (!fs.existsSync(path.join(pyodideDir, "pyodide.mjs"))) {
    throw new SetupError(`${pyodideDir}/pyodide.mjs is missing: run npm ci in ${ROOT}`);
  }
  const { loadPyodide } = await import(path.join(pyodideDir, "pyodide.mjs"));
  // Keep the lock's info (Python and ABI version) but list no packages: nothing can then
  // be resolved by name to a file that is not here (and so fetched from a CDN).
  const lock = JSON.parse(fs.readFileSync(path.join(pyodideDir, "pyodide-lock.json"), "utf8"));
  const py = await loadPyodide({
    indexURL: pyodideDir + path.sep,
    lockFileContents: { info: lock.info, packages: {} },
    packageBaseUrl: pyodideDir + path.sep,
    env: { ...witchtableEnv(), PYTHONDONTWRITEBYTECODE: "1", HOME: "/home/pyodide" },
    stdout: (line) => process.stdout.write(line + "\n"),
    stderr: (line) => process.stderr.write(line + "\n"),
  });
  // Unbuffered from here on: pytest's progress dots show as they happen.
  const writer = (fd) => ({ write: (buf) => { fs.writeSync(fd, buf); return buf.length; } });
  py.setStdout(writer(1));
  py.setStderr(writer(2));
  return py;
}

async function loadMicropip(py, file) {
  const errors = [];
  await py.loadPackage(file, {
    messageCallback: () => {},
    errorCallback: (message) => errors.push(message),
  });
  if (errors.length) throw new SetupError(`loading ${path.basename(file)} failed: ${errors.join("; ")}`);
}

async function installWheels(py, files) {
  // Copy each wheel into Pyodide's memory file system and let micropip install it from
  // there (emfs: URLs); deps=False: the folder holds every dependency, pinned.
  py.FS.mkdirTree("/tmp/wheels");
  const urls = files.map((file) => {
    const target = `/tmp/wheels/${path.basename(file)}`;
    py.FS.writeFile(target, fs.readFileSync(file));
    return `emfs:${target}`;
  });
  py.globals.set("_wheel_urls", py.toPy(urls));
  await py.runPythonAsync(`
import micropip
await micropip.install(list(_wheel_urls), deps=False)
del _wheel_urls
`);
}

/** Python that fails unless witchtable is imported from the installed wheel (site-packages). */
const CHECK_INSTALLED = `
import sys, witchtable, witchtable.engine
_where = witchtable.engine.__file__
if "site-packages" not in _where:
    raise SystemExit(f"witchtable.engine was imported from {_where}, not from the installed wheel")
`;

// ---------------------------------------------------------------- modes

/** Checkout entries kept out of /repo: the package sources (so only the wheel can be imported),
 * hidden folders (.git, .venv, caches) and the big build products. */
const NOT_MIRRORED = new Set(["engine", "face", "widgets", "node_modules", "build", "dist", "test-artifacts"]);

/** Give /repo the checkout's files and folders (folders mounted, small files copied), but
 * not the package sources: pytest runs as in the checkout yet imports only the wheel. */
function mirrorCheckout(py, root) {
  py.FS.mkdirTree("/repo");
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || NOT_MIRRORED.has(entry.name)) continue;
    const host = path.join(root, entry.name);
    if (entry.isDirectory()) py.mountNodeFS(`/repo/${entry.name}`, host);
    else if (entry.isFile() && fs.statSync(host).size < 1 << 20) {
      py.FS.writeFile(`/repo/${entry.name}`, fs.readFileSync(host));
    }
  }
  // The CPython digests the determinism test compares against (written by `make golden`).
  const golden = path.join(root, "build", "golden");
  if (fs.existsSync(golden)) {
    py.FS.mkdirTree("/repo/build/golden");
    py.mountNodeFS("/repo/build/golden", golden);
  }
}

async function runPytest(py, opts) {
  if (!fs.existsSync(path.join(opts.root, "tests"))) throw new SetupError(`${opts.root}/tests does not exist`);
  // /repo has the checkout's tests/, docs/, tools/, pyproject.toml (pytest's config) and
  // the like, but not engine/, face/ or widgets/.
  mirrorCheckout(py, opts.root);
  // Host paths inside the checkout (/work/main/tests/engine) become their /repo twins.
  const args = opts.pytest.map((arg) => (arg === opts.root || arg.startsWith(opts.root + path.sep)
    ? "/repo" + arg.slice(opts.root.length) : arg));
  py.globals.set("_pytest_args", py.toPy(args));
  const code = await py.runPythonAsync(`
import os, sys
os.chdir("/repo")
${CHECK_INSTALLED}
import pytest
_code = int(pytest.main(list(_pytest_args)))
_where = sys.modules["witchtable.engine"].__file__
if "site-packages" not in _where:
    print(f"witchtable.engine ended up imported from {_where}, not the wheel", file=sys.stderr)
    _code = 3
_code
`);
  return code;
}

async function runPython(py, opts) {
  py.globals.set("_snippet", opts.python);
  return await py.runPythonAsync(`
import ast, inspect, sys, traceback
${CHECK_INSTALLED}
_code = 0
try:
    # Top-level await is allowed (e.g. await micropip.install(...)).
    _result = eval(compile(_snippet, "<--python>", "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT),
                   {"__name__": "__main__"})
    if inspect.iscoroutine(_result):
        await _result
except SystemExit as _exit:
    _code = _exit.code if isinstance(_exit.code, int) else (0 if _exit.code is None else 1)
    if not isinstance(_exit.code, int) and _exit.code is not None:
        print(_exit.code, file=sys.stderr)
except BaseException:
    traceback.print_exc()
    _code = 1
sys.stdout.flush()
_code
`);
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  guardNetwork();
  const t0 = performance.now();
  const extra = wheelFiles(opts.wheels);
  const micropip = extra.filter((f) => /^micropip-.*\.whl$/.test(path.basename(f)));
  const others = extra.filter((f) => !micropip.includes(f));
  if (micropip.length !== 1) {
    throw new SetupError(`--wheels ${opts.wheels} holds ${micropip.length} micropip-*.whl files, not one; ` +
      `fill it with tools/pyodide/fetch-wheels.sh ${opts.wheels}`);
  }
  for (const file of [...others, ...opts.wheel]) checkWheel(file);

  const py = await startPyodide(opts);
  const t1 = performance.now();
  log(opts, `Pyodide ${py.version} (Python ${py.runPython("import sys; sys.version.split()[0]")}) ` +
    `started in ${((t1 - t0) / 1000).toFixed(2)} s`);
  await loadMicropip(py, micropip[0]);
  await installWheels(py, [...others, ...opts.wheel]);
  const t2 = performance.now();
  log(opts, `installed ${others.length + opts.wheel.length} wheels in ${((t2 - t1) / 1000).toFixed(2)} s`);
  if (networkAttempts.length) throw new SetupError(`network access was attempted: ${networkAttempts.join(", ")}`);

  const code = opts.pytest !== null ? await runPytest(py, opts) : await runPython(py, opts);
  const t3 = performance.now();
  log(opts, `${opts.pytest !== null ? "pytest" : "snippet"} ran in ${((t3 - t2) / 1000).toFixed(2)} s ` +
    `(total ${((t3 - t0) / 1000).toFixed(2)} s)`);
  if (networkAttempts.length) {
    process.stderr.write(`[pyodide] network access was attempted: ${networkAttempts.join(", ")}\n`);
    return 3;
  }
  return code;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof UsageError) {
      process.stderr.write(`run.mjs: ${err.message}\n\n${USAGE}\n`);
      process.exit(2);
    }
    if (err instanceof SetupError) {
      process.stderr.write(`run.mjs: ${err.message}\n`);
      process.exit(3);
    }
    process.stderr.write(`run.mjs: ${err && err.stack ? err.stack : err}\n`);
    if (networkAttempts.length) process.stderr.write(`network access was attempted: ${networkAttempts.join(", ")}\n`);
    process.exit(3);
  },
);
