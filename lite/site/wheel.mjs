// Installing the witchtable wheel into a started Pyodide, shared by the play pages'
// worker (worker.js) and the build's bytecode recorder (lite/bytecode.mjs), so the
// build records exactly the imports the worker makes.
//
// The wheel is pure Python, so installing it is unpacking it into site-packages. The
// zipfile module Pyodide has already imported does that more quickly than Pyodide's
// package loader, which imports tarfile and importlib.metadata for bookkeeping
// (loadedPackages, INSTALLER) that the play page never reads.

const INSTALL = `
def install(path):
    import importlib, site, zipfile
    with zipfile.ZipFile(path) as wheel:
        wheel.extractall(site.getsitepackages()[0])
    importlib.invalidate_caches()
`;

/** Unpack the wheel's bytes (from `url`, named in errors) into site-packages. */
export function installWheel(py, url, bytes) {
  const path = "/tmp/" + decodeURIComponent(String(url).split("/").pop());
  py.FS.writeFile(path, new Uint8Array(bytes));
  const scope = py.globals.get("dict")();
  try {
    py.runPython(INSTALL, { globals: scope });
    scope.get("install")(path);
  } catch (err) {
    throw new Error(`could not unpack ${url}: ${String(err.message || err).trim().split("\n").pop()}`);
  } finally {
    scope.destroy();
    py.FS.unlink(path);
  }
}
