// Run the Reactor Maintenance benchmark inside Pyodide under Node:
//   node engine/reactor/bench_pyodide.mjs
// Needs the pinned Pyodide in .cache/x/pyodide and the wheels in .cache/dl (build.py fetches both).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const indexURL = path.join(root, ".cache/x/pyodide/");
const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
const py = await loadPyodide({ indexURL });
const dl = path.join(root, ".cache/dl/");
await py.loadPackage(fs.readdirSync(dl).filter((f) => f.endsWith(".whl")).map((f) => dl + f));

function copy(src, dst) {
  py.FS.mkdirTree(dst);
  for (const f of fs.readdirSync(src)) {
    const s = path.join(src, f);
    if (fs.statSync(s).isDirectory()) {
      if (f !== "__pycache__") copy(s, dst + "/" + f);
    } else if (/\.(py|json)$/.test(f)) {
      py.FS.writeFile(dst + "/" + f, fs.readFileSync(s));
    }
  }
}
copy(path.join(root, "engine/core"), "/home/pyodide/engine/core");
copy(path.join(root, "engine/reactor"), "/home/pyodide/engine/reactor");
py.FS.writeFile("/home/pyodide/engine/__init__.py", fs.readFileSync(path.join(root, "engine/__init__.py")));

const out = py.runPython(`
import json, sys
sys.path.insert(0, "/home/pyodide")
from engine.core.session import Session
from engine.reactor import GAME
from engine.reactor.bench import run
moves = ["move s", "interact", "move n", "move n", "move w", "interact", "move e", "move e", "move e",
         "move e", "move n", "repair fuel", "move e", "move e", "move e", "move e", "move s", "move s", "activate"]
s = Session(GAME, 0, {"level": "tutorial"})
for m in moves:
    s.play_text(m)
from engine.reactor import builtin_level, builtin_levels, hash_state, load_level, parse_share_code, share_code
from engine.reactor.bot import run_bot
bots = {}
for name in builtin_levels():
    lv = builtin_level(name)
    assert parse_share_code(share_code(lv)) == lv
    final, played = run_bot(load_level(lv))
    bots[name] = [len(played), hash_state(final)]
json.dumps({"python": sys.version.split()[0], "tutorial_solution_hash": s.state_hash(), "bot_hashes": bots,
            **run(20)}, indent=1)
`);
console.log(out);
