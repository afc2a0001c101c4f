// Bytecode for what each route of the site imports at start, compiled by the site's own Pyodide.
//
//   node lite/bytecode.mjs --pyodide DIR --host lite/site/host.py --wheel NAME.whl
//                          --preload a,b,c --out DIR
//
// Called by lite/build.py on the staged static/pyodide folder (the npm Pyodide, the
// shipped wheels and the site's lock). It starts Pyodide twice, as the site does:
//   play:   the core and the witchtable wheel, then host.py and host.warm(): a table of
//           every game (what a play page's worker does before its board is playable;
//           and what the play pages' memory snapshot holds, lite/snapshot.mjs);
//   kernel: the lock's preloads, then what the JupyterLite kernel runs at start
//           (micropip, piplite, pyodide_kernel) and the first cells of a notebook;
// and writes, for every module then in sys.modules whose source is the standard library
// zip or site-packages, an unchecked-hash .pyc (so no file date or source check is
// involved) into --out/stdlib/<path in the zip>c or --out/site/<path in site-packages>c,
// plus --out/modules.json (each route's list in import order, the cache tag, and each module's
// syntax-tree size, the build's measure of what compiling it costs). Compiled with
// PYTHONHASHSEED=0, so set and frozenset constants come out in the same order each build, and
// PYTHONNODEBUGRANGES=1: the bytecode keeps each instruction's line but not its columns (a
// traceback through a shipped module shows its lines without the ^^^ under the expression;
// a notebook's own cells keep them), which makes it 22% smaller, so more of it fits the site.
import { parseArgs } from "node:util";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { installWheel } from "./site/wheel.mjs";

for (const event of ["uncaughtException", "unhandledRejection"]) {
  process.on(event, (err) => {  // (a Python error's message holds its traceback)
    console.error(`bytecode.mjs: ${err && err.message}`, String(err));
    process.exit(1);
  });
}

const { values: args } = parseArgs({
  options: {
    pyodide: { type: "string" }, host: { type: "string" }, wheel: { type: "string" },
    preload: { type: "string" }, out: { type: "string" },
  },
});
for (const key of ["pyodide", "host", "wheel", "preload", "out"]) {
  if (!args[key]) throw new Error(`bytecode.mjs: --${key} is required`);
}
const indexURL = path.resolve(args.pyodide) + "/";
const out = path.resolve(args.out);
const { loadPyodide } = await import(indexURL + "pyodide.mjs");

// The source files of the modules imported so far, in import order, less the frozen ones
// (the interpreter has those built in, whatever their __file__ says).
const RECORD = `
import json, sys
def _wt_started():
    found = []
    for module in list(sys.modules.values()):
        name = getattr(module, "__file__", None) or ""
        spec = getattr(module, "__spec__", None)
        if name.endswith(".py") and getattr(spec, "origin", None) != "frozen" and name not in found:
            found.append(name)
    return json.dumps(found)
_wt_started()
`;

const COMPILE = `
import ast, importlib.util, json, os, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def _wt_compile(routes_json, out):
    zip_root = next(p for p in sys.path if p.endswith(".zip")) + "/"
    site = next(p for p in sys.path if p.endswith("site-packages")) + "/"
    stdlib = zipfile.ZipFile(zip_root[:-1])
    routes = json.loads(routes_json)
    done = {"cache_tag": sys.implementation.cache_tag, "python": sys.version.split()[0], "nodes": {}}
    compiled = set()
    for route, files in routes.items():
        done[route] = []
        for name in files:
            if name.startswith(zip_root):
                part, rel = "stdlib", name[len(zip_root):]
            elif name.startswith(site):
                part, rel = "site", name[len(site):]
            else:
                continue  # host.py in /home/pyodide, a user's folder: not in a shipped zip
            done[route].append([part, rel])
            if name in compiled:
                continue
            compiled.add(name)
            if part == "stdlib":
                source = stdlib.read(rel)
            else:
                with open(name, "rb") as handle:
                    source = handle.read()
            done["nodes"][f"{part}:{rel}"] = sum(1 for _ in ast.walk(ast.parse(source, name)))
            code = compile(source, name, "exec", dont_inherit=True)
            target = os.path.join(out, part, rel + "c")
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as handle:
                handle.write(_code_to_hash_pyc(code, importlib.util.source_hash(source), False))
    return json.dumps(done, indent=1)
`;

async function start(options) {
  const py = await loadPyodide({ indexURL, env: { PYTHONHASHSEED: "0", PYTHONNODEBUGRANGES: "1" }, ...options,
                                 stdout: () => {}, stderr: (text) => console.error(text) });
  return py;
}

async function loadOrFail(py, names) {
  const failures = [];
  await py.loadPackage(names, { messageCallback: () => {}, errorCallback: (t) => failures.push(t) });
  if (failures.length) throw new Error(`bytecode.mjs: could not load ${names}: ${failures.join(" ")}`);
}

// The play pages' worker (lite/site/worker.js): the core, the wheel (installed as the
// worker installs it, site/wheel.mjs), host.py.
const play = await start({ packages: [] });
installWheel(play, args.wheel, readFileSync(path.join(args.pyodide, args.wheel)));
play.FS.writeFile("/home/pyodide/wt_host.py", readFileSync(args.host, "utf8"));
play.runPython(`
import wt_host
wt_host.warm()
`);
const playFiles = JSON.parse(play.runPython(RECORD));

// The notebook kernel (jupyterlite-pyodide-kernel's worker): preloads from the lock,
// its start-up imports, then a notebook's first cells (a table's widget and its view).
const preload = args.preload.split(",");
const kernel = await start({ lockFileURL: indexURL + "pyodide-lock.json", packages: [] });
await loadOrFail(kernel, preload);
await kernel.runPythonAsync(`
import micropip
import piplite.piplite
import pyodide_kernel
`);
// The worker's callbacks into the page, as no-ops: the kernel then runs a cell as it
// does in the browser (IPython's run_cell, display, a widget's comm opening).
const kernelInstance = kernel.globals.get("pyodide_kernel").kernel_instance;
const interpreter = kernelInstance.interpreter;
interpreter.send_comm = () => {};
const streams = kernel.globals.get("pyodide_kernel");
streams.stdout_stream.publish_stream_callback = () => {};
streams.stderr_stream.publish_stream_callback = () => {};
interpreter.display_pub.clear_output_callback = () => {};
interpreter.display_pub.display_data_callback = () => {};
interpreter.display_pub.update_display_data_callback = () => {};
interpreter.displayhook.publish_execution_result = () => {};
const CELL = `print(1)
from witchtable import __version__, explore, play
from witchtable.engine import GAMES
for _game in sorted(GAMES):
    display(play(_game))
play(sorted(GAMES)[0])`;
const reply = (await kernelInstance.run(CELL)).toJs({ dict_converter: Object.fromEntries });
if (reply.status !== "ok") {
  throw new Error(`bytecode.mjs: the kernel's first cell failed: ${reply.ename}: ${reply.evalue}`);
}
const kernelFiles = JSON.parse(kernel.runPython(RECORD));

// Compiled where every shipped wheel is installed (the kernel also loads witchtable).
kernel.mountNodeFS("/wt-out", out);
kernel.runPython(COMPILE);
const done = kernel.globals.get("_wt_compile")(JSON.stringify({ play: playFiles, kernel: kernelFiles }), "/wt-out");
writeFileSync(path.join(out, "modules.json"), done);
