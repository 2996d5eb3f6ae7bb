// Precompile the standard library's first part (buildtools/stdlib_split.py) to CPython 3.14
// bytecode inside Pyodide (under node): each module ships as an unchecked-hash <module>.pyc (no
// source), so a first visit does not compile the modules Python and the games import at start
// (measured under node on a loaded machine: Pyodide's start 19-24 s -> 9-14 s; the zip is ~1 MB
// bigger gzip-compressed). Docstrings stay: some modules build on them (email.policy), and the
// second part, imported beside these, keeps its sources.
// Usage: node pyc_stdlib.mjs <pyodide-dir>/ <in.zip> <out.zip>
import fs from "node:fs";
import path from "node:path";
const [indexURL, src, dst] = process.argv.slice(2);
const { loadPyodide } = await import(path.resolve(indexURL, "pyodide.mjs"));
// PYTHONNODEBUGRANGES: the code objects keep line numbers but not the column ranges tracebacks
// underline with ^^^ (issue #25: the bytecode ~28 % smaller gzip-compressed, a first visit ~0.4 MB less)
const py = await loadPyodide({ indexURL: path.resolve(indexURL) + "/", env: { PYTHONNODEBUGRANGES: "1" } });
py.FS.writeFile("/in.zip", fs.readFileSync(src));
const n = py.runPython(`
import importlib.util, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

zin = zipfile.ZipFile("/in.zip")
count = 0
with zipfile.ZipFile("/out.zip", "w", zipfile.ZIP_STORED) as zout:
    for info in zin.infolist():
        data, name = zin.read(info), info.filename
        if name.endswith(".py"):
            where = "/lib/python314.zip/" + name
            try:
                code = compile(data, where, "exec", dont_inherit=True)
            except SyntaxError:
                code = None
            if code is not None:
                blob = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
                zout.writestr(zipfile.ZipInfo(name[:-3] + ".pyc", info.date_time), bytes(blob))
                count += 1
                continue
        zout.writestr(info, data)
count
`);
fs.writeFileSync(dst, py.FS.readFile("/out.zip"));
console.log(`${path.basename(src)}: ${n} modules compiled`);
