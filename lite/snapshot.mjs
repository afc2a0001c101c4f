// The play pages' Python, started once at build time and kept as a Pyodide memory snapshot.
//
//   node lite/snapshot.mjs --pyodide DIR --wheel NAME.whl --host lite/site/host.py --out FILE
//
// Called by lite/build.py (lite/snapshot.py) on the staged static/pyodide folder. It does
// what a play page's worker does on a cold start (Pyodide, the witchtable wheel installed
// by site/wheel.mjs, host.py imported), then host.warm() deals a table of every game so
// everything a first board needs is imported and read, and saves the interpreter's memory
// with Pyodide's makeMemorySnapshot (loadPyodide's _makeSnapshot/_loadSnapshot: private in
// Pyodide 314, so the worker falls back to a cold start if restoring fails). A page that
// restores it skips Python's start, the wheel and host.py's imports.
//
// The file (site/snapshot-file.mjs: its layout) is gzip, which the browser's own
// DecompressionStream reads; the part of the memory image that the wasm's data segments
// set up is XORed with them, so that part compresses to almost nothing (the file: 4.1 MB
// instead of 5.4). Reproducible: randomness and clocks are pinned while the snapshot is
// made (the string hash seed, random's state and the clocks' readings are in the memory
// image), so the same inputs give the same file. The worker seeds random afresh after
// restoring it; string hashing stays the build's (PYTHONHASHSEED=0) in every restored
// page, which nothing a table does depends on (the engine's determinism digests are the
// same from CPython runs, each with a random hash seed, and from Pyodide).
import { parseArgs } from "node:util";
import { readFileSync, writeFileSync } from "node:fs";
import crypto from "node:crypto";
import path from "node:path";
import zlib from "node:zlib";
import { pack, xorMemory } from "./site/snapshot-file.mjs";
import { installWheel } from "./site/wheel.mjs";

for (const event of ["uncaughtException", "unhandledRejection"]) {
  process.on(event, (err) => {  // (a Python error's message holds its traceback)
    console.error(`snapshot.mjs: ${err && err.message}`, String(err));
    process.exit(1);
  });
}

const { values: args } = parseArgs({
  options: { pyodide: { type: "string" }, wheel: { type: "string" }, host: { type: "string" },
             out: { type: "string" } },
});
for (const key of ["pyodide", "wheel", "host", "out"]) {
  if (!args[key]) throw new Error(`snapshot.mjs: --${key} is required`);
}
const indexURL = path.resolve(args.pyodide) + "/";

// Pinned randomness and clocks (Pyodide reads node:crypto's randomFillSync, Date.now and
// performance.now when Python asks): a fixed stream of bytes, and clocks that start at 0
// and move a microsecond per reading (Python's monotonic clocks must not stand still).
let state = 0x9e3779b9;
crypto.randomFillSync = (view) => {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    state ^= state << 13; state ^= state >>> 17; state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  return view;
};
let clock = 0;
Date.now = () => Math.floor(clock += 0.001);
Object.defineProperty(performance, "now", { value: () => (clock += 0.001) });

// The memory as instantiated, before anything runs: what the XOR is taken against.
let instantiated = null;
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async (...call) => {
  const result = await instantiate(...call);
  const instance = result.instance || result;
  const memory = call[1]?.env?.memory || instance.exports.memory;
  instantiated ??= new Uint8Array(memory.buffer).slice();
  return result;
};

const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const py = await loadPyodide({
  indexURL, packages: [], _makeSnapshot: true,
  env: { PYTHONHASHSEED: "0", PYTHONNODEBUGRANGES: "1" },  // (as the shipped bytecode is compiled)
  stdout: () => {}, stderr: (text) => console.error(text),
});
installWheel(py, args.wheel, readFileSync(path.join(args.pyodide, args.wheel)));
py.FS.writeFile("/home/pyodide/wt_host.py", readFileSync(args.host, "utf8"));
// invalidate_caches: first because the pinned clock gives the new files the folder's old
// date; then so that the snapshot keeps no listing of a folder or zip (the site's zips get
// their bytecode after this, and a restored page's folders are made again).
const modules = py.runPython(`
import gc, importlib, sys
importlib.invalidate_caches()
import wt_host
wt_host.warm()
importlib.invalidate_caches()
gc.collect()
len(sys.modules)
`);
const image = py.makeMemorySnapshot();

let count = instantiated.length;
while (count > 0 && instantiated[count - 1] === 0) count--;
count = (count + 3) & ~3;  // (the worker XORs four bytes at a time)
xorMemory(image, instantiated.buffer, count);
const packed = zlib.gzipSync(pack(image, count), { level: 9 });
writeFileSync(args.out, packed);
console.log(JSON.stringify({ bytes: packed.length, memory: image.length, modules, xored: count }));
