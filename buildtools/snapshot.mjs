// A Pyodide memory snapshot for the pages: the interpreter started, with the standard-library and
// pure-Python modules that the site's code imports already imported, so a page restores it instead
// of starting Python (measured: Pyodide up in ~0.6 s instead of ~2.4 s, warm).
// Pyodide 314 cannot snapshot loaded binary extensions (pyodide issue 6418; a snapshot with
// pydantic_core loaded fails to restore: "offset is out of bounds", issue 6254), so pydantic_core
// and every module that imports it (pydantic, the engines, the glue) load after the restore.
// Usage: node snapshot.mjs <pyodide-dir>/ <out.bin> (pure=|binary=)<wheel>...
import fs from "node:fs";
import path from "node:path";
const [indexURL, out, ...args] = process.argv.slice(2);
const wheels = args.map((a) => a.slice(a.indexOf("=") + 1));
const { loadPyodide } = await import(path.resolve(indexURL, "pyodide.mjs"));
const dir = path.resolve(indexURL) + "/";
// into site-packages, where the pages install them (so the modules' __file__ is the same)
const unpack = (py, ws) => {
  const extractDir = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
  for (const w of ws) py.unpackArchive(new Uint8Array(fs.readFileSync(w)), "wheel", {extractDir});
};

// 1. which modules the site's code imports: every module of its packages, in a throwaway Pyodide
const probe = await loadPyodide({ indexURL: dir });
unpack(probe, wheels);
const wanted = probe.runPython(`
import importlib, pkgutil, sys
for top in ("engine", "gwweb"):
    try:
        pkg = importlib.import_module(top)
    except Exception:
        continue
    for m in pkgutil.walk_packages(pkg.__path__, top + "."):
        if ".tests" not in m.name and not m.name.endswith("__main__"):
            try:
                importlib.import_module(m.name)
            except Exception:
                pass
sorted(n for n, m in sys.modules.items() if (getattr(m, "__file__", None) or "").startswith("/lib/python3"))
`).toJs();

// 2. the snapshot: only the wheels without binary extensions; a package any of whose modules fails
// to import here (it needs one) is left out whole
const pure = args.filter((a) => a.startsWith("pure=")).map((a) => a.slice(5));
const py = await loadPyodide({ indexURL: dir, _makeSnapshot: true });
unpack(py, pure);
py.globals.set("wanted", py.toPy(wanted));
const kept = py.runPython(`
import gc, importlib, os, sys
failed = {"engine", "gwweb"}   # the site's own code imports pydantic (and the browser's js)
for name in wanted:
    if name.split(".")[0] in failed:
        continue
    try:
        importlib.import_module(name)
    except Exception:
        failed.add(name.split(".")[0])
for name in list(sys.modules):
    if name.split(".")[0] in failed:
        del sys.modules[name]
gc.collect()
os.environ["_"] = "./this.program"
del wanted, failed, name
len(sys.modules)
`);

// 3. the pure modules of a binary wheel that import nothing of it at their top: imported under a
// stand-in for their package (whose native module cannot be in a snapshot), which is then dropped;
// the page's real package finds them in sys.modules. pydantic_core.core_schema (~5,000 lines) was
// the largest import left after the restore (measured ~1.1 s of a warm start on a loaded machine).
const PRE = ["pydantic_core.core_schema"];
const site = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
// their source and bytecode, from the probe above (which unpacked every wheel), written here by
// this script (no zip module in this heap; unmarshalled, not compiled: less garbage in the heap)
const tag = py.runPython("import sys; sys.implementation.cache_tag");
const written = [];
for (const name of PRE) {
  const dir = site + "/" + name.split(".").slice(0, -1).join("/"), base = name.split(".").pop();
  for (const file of [`${dir}/${base}.py`, `${dir}/__pycache__/${base}.${tag}.pyc`]) {
    let data;
    try { data = probe.FS.readFile(file); } catch (e) { continue; }
    py.FS.mkdirTree(file.slice(0, file.lastIndexOf("/")));
    py.FS.writeFile(file, data);
    written.push(file);
  }
}
py.globals.set("pre", py.toPy(PRE));
py.globals.set("written", py.toPy(written));
py.globals.set("site_dir", site);
const pre = py.runPython(`
import gc, importlib, os, sys, types
done = []
for name in pre:
    parent = name.rpartition(".")[0]
    folder = site_dir + "/" + parent.replace(".", "/")
    if parent in sys.modules or not os.path.isdir(folder):
        continue
    stand_in = types.ModuleType(parent)
    stand_in.__path__ = [folder]
    sys.modules[parent] = stand_in
    try:
        importlib.import_module(name)
        done.append(name)
    except Exception:
        sys.modules.pop(name, None)
    finally:
        del sys.modules[parent]
        sys.path_importer_cache.pop(folder, None)
        sys.path_importer_cache.pop(folder + "/__pycache__", None)
for path in written:
    os.remove(path)
for path in sorted({os.path.dirname(w) for w in written}, key=len, reverse=True):
    if not os.listdir(path):
        os.rmdir(path)
importlib.invalidate_caches()
done = ",".join(done)
for _n in ("pre", "written", "stand_in", "parent", "folder", "site_dir", "name", "path", "w"):
    globals().pop(_n, None)
gc.collect()
done
`);
fs.writeFileSync(out, py.makeMemorySnapshot());
console.log(`snapshot ${out}: ${fs.statSync(out).size} bytes, ${kept} modules imported, and ${pre || "none"} without its package`);
