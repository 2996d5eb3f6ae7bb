// boot.js, part 6 of 6 (the build joins static/boot/*.js in order): the runtime's start, Python's start-up code, and the start itself.

// The wasm for WebAssembly.instantiateStreaming: the browser compiles it while it downloads (and
// inflates). Pyodide's first request gets that stream; a later one (a start without the snapshot
// after a failed restore) the downloaded bytes. A cut, stalled or altered download errors the
// stream, so it never instantiates (its overlay is up).
function streamedWasm(entry, received) {
  let ctl, first = null;
  const raw = new ReadableStream({start(c) { ctl = c; }});
  const seen = new Promise((resolve) => { first = resolve; });
  const bytes = download(entry, {received, chunk: (v) => { if (first) { first(v[0] === 0x1f && v[1] === 0x8b); first = null; } ctl.enqueue(v); }});
  bytes.then(() => { if (first) first(true); ctl.close(); }, (e) => { if (first) first(true); ctl.error(e); });
  const headers = {"Content-Type": "application/wasm"};
  let used = false;
  return Object.assign(() => {
    if (used) return bytes.then(inflate).then((b) => new Response(b, {headers}));
    used = true;
    return seen.then((gzipped) => new Response(gzipped ? raw.pipeThrough(new DecompressionStream("gzip")) : raw, {headers}));
  }, {bytes});
}

// Python runs without WebAssembly stack switching (JSPI), as in a browser that has none. With JSPI,
// Pyodide runs Python on V8's secondary wasm stacks; when Chromium samples an allocation made there
// (GWP-ASan, or the sampling heap profiler that a share of browser sessions turn on in every
// renderer), its frame-pointer stack walker scans past the top of that stack into the guard page and
// the renderer dies (SIGSEGV; "Target crashed" in the e2e). Measured on Chromium 156 with the heap
// profiler on: 14 of 20 boots crashed with JSPI, 0 of 30 without. Pyodide looks for
// WebAssembly.Suspending once, while its module is created, so it is hidden for that moment and put
// back (a page embedding boot.js keeps it). ?gw-jspi=keep leaves it (to check a newer Chromium).
function withoutJspi(load) {
  const W = globalThis.WebAssembly;
  if (!W || PARAMS.get("gw-jspi") === "keep") return load();
  const hidden = [];
  for (const k of ["Suspending", "promising", "Suspender"]) {
    const d = Object.getOwnPropertyDescriptor(W, k);
    if (d && d.configurable) { hidden.push([k, d]); delete W[k]; }
  }
  const back = () => { for (const [k, d] of hidden) Object.defineProperty(W, k, d); };
  let run;
  try { run = Promise.resolve(load()); } catch (e) { back(); throw e; }
  return run.finally(back);
}

// The runtime: on a first visit (no service worker serving this page) the wasm and its JS module
// come gzip-compressed and are inflated here (the wasm compiled as it streams in); a page served by
// the service worker lets Pyodide fetch their plain copies from its cache (the browser keeps the
// compiled wasm for those). The standard library always comes compressed. Python starts as soon as
// the runtime is here; on a first visit the wheels download meanwhile (the worker's stall watchdog
// keeps time while Python's start-up holds this thread).
async function startRuntime() {
  const R = BUILD.runtime, indexURL = new URL("pyodide/", BASE).href;
  net.t0 = performance.now();
  const warm = !EMBED && !!(navigator.serviceWorker && navigator.serviceWorker.controller);
  gw.timings.warm = warm;
  planWheels(warm);
  // the wheels start once the runtime's bytes are all in: called from the download's own read loop,
  // since a later callback could wait behind Python's start-up, which holds this thread for seconds
  let runtimeLeft = warm ? 1 : 3;
  const received = () => { if (--runtimeLeft === 0) { gw.timings.runtimeFetched = performance.now(); fetchWheels(); } };
  const stdlib = download(R.stdlib, {gz: true, received});
  served.set(indexURL + "python_stdlib.zip", () => stdlib.then((b) => new Response(b)));
  let createModule = null;
  const runtimeFiles = [stdlib];
  if (!warm) {
    const wasm = streamedWasm(R.wasm, received);
    served.set(indexURL + "pyodide.asm.wasm", wasm);
    const mjs = download(R.mjs, {gz: true, received});
    runtimeFiles.push(mjs);
    createModule = mjs.then((b) =>
      import(URL.createObjectURL(new Blob([b], {type: "text/javascript"})))).then((m) => m.default);
  }
  // the wheels at once when the service worker serves everything
  if (warm) fetchWheels();
  // the snapshot's bytes, awaited here: a failed download (or one that does not restore, below)
  // means Python starts without it, quietly
  let heap = null;
  try {
    heap = await snapshotPlan(warm);
  } catch (e) {
    console.warn("[gridworks] no Python snapshot (download failed), starting Python instead:", e.message || e);
  }
  // a failed runtime download already has its overlay up: Python does not start
  if (!(await Promise.all(runtimeFiles).then(() => true, () => false))) return new Promise(() => {});
  const m = await import(indexURL + "pyodide.mjs");
  const opts = {indexURL};
  if (createModule) opts.createPyodideModule = await createModule;
  const fresh = () => withoutJspi(() => m.loadPyodide(opts));
  if (!heap) return fresh();
  return withoutJspi(() => m.loadPyodide({...opts, _loadSnapshot: heap})).then((py) => {
    gw.snapshot = true;
    // the snapshot holds one random state for every page: draw a fresh one
    py.runPython("import sys\nif 'random' in sys.modules: sys.modules['random'].seed()");
    return py;
  }, (e) => {   // no snapshot (a failed or stalled download, or one that does not restore): quietly without
    console.warn("[gridworks] Python snapshot not usable, starting Python instead:", e);
    return fresh();
  });
}

// Python's start: the runtime (above), then the wheels installed, the game's modules imported and
// its loop started. (PyScript is not used: the games need only Pyodide, and PyScript's start-up
// opened IndexedDB, which a blog's third-party iframe may not have.)
function startPython() {
  api.runtime = startRuntime();
  api.runtime.then((py) => {
    gw.timings.runtime = performance.now();
    gw.jspi = !!(py && py._module && py._module.jspiSupported);   // false unless ?gw-jspi=keep
    if (boot.step === "download") { boot.step = "python"; boot.progress = Math.max(boot.progress, 0.85); }
  }, () => {});
  const watch = setInterval(() => {
    if (boot.step === "download" && !(net.jobs.size + net.remote)) boot.step = "python";
    if (boot.step !== "download") clearInterval(watch);
  }, 250);
  const game = JSON.stringify(GAME);
  // a measurement's Python, run before the game's imports and after them (window.gridworks.
  // pythonBefore / pythonAfter, set before boot.js runs: buildtools/importtime.py times each import)
  const hook = (k) => String(gw[k] || "").split("\n").filter((l) => l.trim()).map((l) => "    " + l);
  const code = [
    "import js, pyodide_js",
    "_b = js.gridworksBoot",
    "_b.step('packages', 0.45)",
    "try:",
    ...hook("pythonBefore"),
    "    import importlib",
    "    try:",
    "        import _gridworks_more",   // the standard library's second part, on demand
    "        _gridworks_more.install()",
    "    except ImportError:",
    "        pass",
    // no pydantic plugins on these pages: without this, the first model pydantic builds looks for
    // them in every installed package's metadata (importlib.metadata's scan of sys.path)
    "    import os as _os",
    "    _os.environ.setdefault('PYDANTIC_DISABLE_PLUGINS', '__all__')",
    // pydantic's wheels first: pydantic is imported while the site's own wheels still download
    "    await _b.install(pyodide_js, 'deps')",
    "    importlib.invalidate_caches()",
    "    import pydantic",
    // a module the snapshot holds without its package (buildtools/snapshot.mjs, step 3) is not yet
    // an attribute of the package imported since: made one, as an import would have
    "    import sys as _sys",
    "    for _n in [n for n in _sys.modules if n.startswith('pydantic_core.')]:",
    "        _p, _, _c = _n.rpartition('.')",
    "        if _p in _sys.modules and not hasattr(_sys.modules[_p], _c): setattr(_sys.modules[_p], _c, _sys.modules[_n])",
    "    await _b.install(pyodide_js, 'site')",
    "    importlib.invalidate_caches()",
    "    _b.step('engine', 0.7)",
    `    importlib.import_module('gwweb.' + ${game} + '.app')`,
    "    from gwweb.shared.shell import start",
    "    _b.step('imported', 0.9)",
    ...hook("pythonAfter"),
    "except BaseException as _e:",
    "    import traceback",
    "    _b.fail(f'{type(_e).__name__}: {_e}', ''.join(traceback.format_exception(_e)))",
    "    raise",
    `await start(${game})`,
  ].join("\n");
  api.runtime.then((py) => py.runPythonAsync(code)).catch((e) => {
    if (e && e.gridworks) return;   // a failed download: its overlay is up already
    showError((e && e.message) || String(e), (e && e.stack) || String(e));
  });
}

// ---- go ----
drawBoot();
gw.timings.loaderDrawn = performance.now();
if (!hostAllowed(shownOn())) {
  boot.notice = {text: tr("refused"), label: tr("refusedLink"), href: "https://tron.ru/"};
  drawBoot();
} else if (MIXED) {
  location.reload();
} else if (typeof DecompressionStream !== "function") {
  showError(tr("noDecompress"), navigator.userAgent);
} else {
  start();
}

function start() {
  // the offline copy is made once the game is up: its files are in the HTTP cache by then and the
  // copy does not compete with start-up
  addEventListener("gridworks:ready", registerServiceWorker, {once: true});
  ticker = setInterval(tick, 250);
  startPython();
}
