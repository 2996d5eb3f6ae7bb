// Gridworks boot loader: draws the loading screen on the game canvas at once,
// checks the host allow-list, registers the service worker, then starts
// PyScript/Pyodide, installs the local wheels and hands over to Python.
// Errors from start-up or play are drawn as a readable overlay with
// "copy details". Build-time constants are filled in by build.py.
const BUILD = /*@BUILD@*/ {version: "dev", wheels: [], allowedHosts: [], games: {}};
const BASE = new URL("./", import.meta.url);   // the site root, wherever boot.js lives
const me = document.querySelector("script[data-game][src*=\"boot.js\"]");
const GAME = (me && me.dataset.game) || document.documentElement.dataset.game;
const EMBED = !!(me && me.dataset.embed);
const BUILD_ID = "@BUILDID@";
// The page names the build it belongs to (boot.js?h=<id>). If this boot.js is another build's (a
// newer service worker took over while the page loaded), reload once so the page runs one build.
const PAGE_ID = me ? new URL(me.src, location.href).searchParams.get("h") : null;
const MIXED = !!(PAGE_ID && PAGE_ID !== BUILD_ID && !EMBED && (() => {
  try {
    const last = Number(sessionStorage.getItem("gridworks:mixed-reload") || 0);
    if (Date.now() - last < 10000) return false;   // reloaded for this a moment ago: go on
    sessionStorage.setItem("gridworks:mixed-reload", String(Date.now()));
  } catch (e) { return false; }
  return true;
})());

const gw = (window.gridworks = window.gridworks || {});
gw.ready = false;
gw.version = BUILD.version;
gw.build = BUILD_ID;
gw.game = GAME;
gw.errors = [];
gw.timings = {start: performance.now()};
// PyScript's own progress ("Loading Pyodide", "Loaded interpreter", ...) as phases for the bench
addEventListener("py:progress", (e) => { gw.timings["py:" + e.detail] = performance.now(); });

const canvas = document.getElementById("gw-canvas") ||
  document.querySelector("canvas[data-gridworks]");
const ctx = canvas.getContext("2d");
const boot = { step: "runtime", progress: 0.02, error: null, notice: null, buttons: [] };

function fitCanvas() {
  const dpr = window.devicePixelRatio || 1;
  const rect = canvas.getBoundingClientRect();
  const w = Math.max(1, Math.round(rect.width * dpr)), h = Math.max(1, Math.round(rect.height * dpr));
  if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
  return dpr;
}

const STEPS = {runtime: "Loading Python runtime", packages: "Installing packages",
  engine: "Starting the game engine", ready: "Ready"};

function wrap(text, maxw) {
  const out = [];
  for (const para of String(text).split("\n")) {
    let line = "";
    for (const word of para.split(" ")) {
      const t = line ? line + " " + word : word;
      if (ctx.measureText(t).width > maxw && line) { out.push(line); line = word; } else line = t;
    }
    out.push(line);
  }
  return out;
}

function drawButton(x, y, w, h, label, id) {
  ctx.strokeStyle = "#FFE0B2"; ctx.lineWidth = 2; ctx.strokeRect(x, y, w, h);
  ctx.fillStyle = "#FFE0B2"; ctx.textAlign = "center"; ctx.textBaseline = "middle";
  ctx.fillText(label, x + w / 2, y + h / 2); ctx.textAlign = "left"; ctx.textBaseline = "alphabetic";
  boot.buttons.push({x, y, w, h, id});
}

function drawBoot() {
  if (gw.ready && !boot.error && !boot.notice) return;
  const dpr = fitCanvas();
  const W = canvas.width / dpr, H = canvas.height / dpr;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  boot.buttons = [];
  ctx.fillStyle = "#3E2723"; ctx.fillRect(0, 0, W, H);
  const title = (BUILD.games[GAME] || {}).title || "Gridworks";
  ctx.fillStyle = "#FFE0B2"; ctx.font = "bold 22px sans-serif";
  ctx.fillText(title, 20, 40);
  if (boot.notice) {
    ctx.font = "15px sans-serif";
    let y = 80;
    for (const l of wrap(boot.notice.text, W - 40)) { ctx.fillText(l, 20, y); y += 22; }
    drawButton(20, y + 10, Math.min(W - 40, 260), 40, boot.notice.label, "notice");
    return;
  }
  if (boot.error) {
    ctx.font = "bold 16px sans-serif"; ctx.fillStyle = "#FF8A65";
    ctx.fillText("Something went wrong", 20, 75);
    ctx.font = "13px monospace"; ctx.fillStyle = "#FFE0B2";
    let y = 100;
    const lines = wrap(boot.error.summary, W - 40).slice(0, Math.max(3, Math.floor((H - 190) / 18)));
    for (const l of lines) { ctx.fillText(l, 20, y); y += 18; }
    ctx.font = "15px sans-serif";
    const bw = Math.min(180, (W - 60) / 2);
    drawButton(20, H - 70, bw, 44, boot.copied ? "Copied ✓" : "Copy details", "copy");
    drawButton(40 + bw, H - 70, bw, 44, "Reload", "reload");
    return;
  }
  const bw = Math.min(W - 40, 420), bx = (W - bw) / 2, by = H / 2;
  ctx.font = "15px sans-serif"; ctx.fillStyle = "#FFE0B2";
  ctx.fillText(STEPS[boot.step] || boot.step, bx, by - 14);
  ctx.strokeStyle = "#FFE0B2"; ctx.lineWidth = 2; ctx.strokeRect(bx, by, bw, 18);
  ctx.fillStyle = "#FFB74D"; ctx.fillRect(bx + 3, by + 3, Math.max(0, (bw - 6) * boot.progress), 12);
  ctx.fillStyle = "#BCAAA4"; ctx.font = "12px sans-serif";
  ctx.fillText(Math.round(boot.progress * 100) + " %", bx, by + 40);
}

// ---- API used by Python (gwweb.shared.shell) ----
const api = (window.gridworksBoot = {
  base: BASE.href, game: GAME, embed: EMBED, build: BUILD,
  wheels: () => BUILD.wheels.map(wheelUrl),
  install: (pyodide) => installWheels(pyodide),
  runtime: null,   // the Pyodide runtime, started by boot.js, handed to PyScript by pyodide/pyodide-boot.mjs
  step(name, progress) {
    boot.step = name; boot.progress = progress;
    gw.timings[name] = performance.now();
    drawBoot();
  },
  // Called by Python once the game draws itself.
  ready() {
    boot.step = "ready"; boot.progress = 1;
    gw.timings.interactive = performance.now();
    gw.ready = true;
    window.dispatchEvent(new CustomEvent("gridworks:ready", {detail: {game: GAME}}));
  },
  firstFrame() { if (!gw.timings.firstFrame) gw.timings.firstFrame = performance.now(); },
  fail(summary, details) { showError(summary, details); },
  hostAllowed: (h) => hostAllowed(h),
  // The shell hands over its notice function (shell.notify): offline-copy news is shown in-game.
  setNotifier(fn) { notifier = fn; for (const t of queued.splice(0)) fn(t); },
});

function showError(summary, details) {
  const entry = {summary: String(summary), details: String(details || summary)};
  gw.errors.push(entry);
  console.error("[gridworks]", entry.details);
  if (boot.error) return;   // keep the first error on screen
  boot.error = entry;
  gw.ready = false;
  if (gw.onError) try { gw.onError(entry); } catch (e) { /* ignore */ }
  drawBoot();
}
gw.showError = showError;

async function copyDetails() {
  const text = `Gridworks ${BUILD.version} · ${GAME}\n${navigator.userAgent}\n\n${boot.error.details}`;
  try { await navigator.clipboard.writeText(text); }
  catch (e) {   // clipboard API unavailable: fall back to a selectable text area
    const ta = document.createElement("textarea"); ta.value = text; document.body.appendChild(ta);
    ta.select(); try { document.execCommand("copy"); } catch (e2) { /* ignore */ }
    ta.remove();
  }
  boot.copied = true; drawBoot();
}

canvas.addEventListener("pointerdown", (ev) => {
  if (!boot.error && !boot.notice) return;
  const r = canvas.getBoundingClientRect(), x = ev.clientX - r.left, y = ev.clientY - r.top;
  for (const b of boot.buttons) {
    if (x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h) {
      if (b.id === "copy") copyDetails();
      else if (b.id === "reload") location.reload();
      else if (b.id === "notice") location.href = boot.notice.href;
    }
  }
});
window.addEventListener("resize", drawBoot);
window.addEventListener("error", (e) => showError(e.message || "Script error", (e.error && e.error.stack) || e.message));
window.addEventListener("unhandledrejection", (e) => {
  const r = e.reason; showError((r && r.message) || String(r), (r && r.stack) || String(r));
});

function hostAllowed(host) {
  host = host.toLowerCase();
  if (host === "localhost" || host === "127.0.0.1" || host === "[::1]" || host === "") return true;
  return BUILD.allowedHosts.some((p) => p.startsWith("*.") ? (host.endsWith(p.slice(1)) || host === p.slice(2)) : host === p);
}

// ---- offline copy (service worker) ----
// gw.offline.state: "off" (embed, unsupported), "pending", "installing", "ready" (this build works
// offline), "update-ready" (a newer build is saved and has taken over: this page keeps running its
// own build, a reload loads the new one), "failed" (+ error).
gw.offline = {state: "pending"};
const queued = [];
let notifier = null;
function notice(text) { if (notifier) notifier(text); else queued.push(text); }

function offlineFailed(error) {
  if (gw.offline.state === "failed") return;
  gw.offline = {state: "failed", error};
  notice(`Offline copy failed (${error}). The game works online; reload to try again.`);
}

// This page is up and running (registerServiceWorker runs once the game is ready, never while a
// page loads), so a newer build that waits is asked to take over now. The worker keeps serving this
// page its own build; the next reload gets the new one.
let tookOver = false;
function takeOver(reg) {
  if (tookOver) return;
  tookOver = true;
  const done = () => {
    if (gw.offline.state === "update-ready") return;
    gw.offline = {state: "update-ready"};
    notice("A new version is saved: it loads when you reload the page.");
  };
  // "activated": the worker has noted which pages keep the old build (controllerchange comes earlier)
  const w = reg.waiting;
  w.addEventListener("statechange", () => { if (w.state === "activated") done(); });
  w.postMessage({type: "take-over"});
  if (w.state === "activated") done();   // another tab asked first
}

function track(reg) {
  const settle = () => {
    if (gw.offline.state === "update-ready") return;
    if (reg.waiting && reg.active) {
      takeOver(reg);
    } else if (reg.installing) {
      if (gw.offline.state !== "failed") gw.offline = {state: "installing"};
    } else if (reg.active && reg.active.state === "activated" && !tookOver) {
      if (gw.offline.state !== "failed") gw.offline = {state: "ready"};
    }
  };
  const watch = (w) => {
    if (!w) return;
    let installed = w.state !== "installing" && w.state !== "parsed";
    w.addEventListener("statechange", () => {
      if (w.state === "installed" || w.state === "activating" || w.state === "activated") installed = true;
      // the worker's own message (which file failed) usually follows: give it a moment to arrive
      if (w.state === "redundant" && !installed) setTimeout(() => offlineFailed("the offline copy could not be saved"), 1000);
      settle();
    });
  };
  watch(reg.installing); watch(reg.waiting); watch(reg.active);
  reg.addEventListener("updatefound", () => { watch(reg.installing); settle(); });
  settle();
}

async function registerServiceWorker() {
  if (EMBED || !("serviceWorker" in navigator) || location.protocol === "file:") { gw.offline = {state: "off"}; return; }
  const sw = navigator.serviceWorker;
  sw.addEventListener("message", (e) => {
    if (e.data && e.data.type === "sw-failed") offlineFailed(e.data.error);
  });
  try {
    const reg = await sw.register(new URL("sw.js", BASE).href, {scope: BASE.pathname});
    // service workers switched off by the browser (or its automation) give no registration: no offline copy, no error
    if (!reg) { gw.offline = {state: "off"}; return; }
    gw.serviceWorker = reg;
    track(reg);
    // a returning visit: look for a newer build now (the browser's own check may wait a long time)
    if (sw.controller && !reg.installing && !reg.waiting) reg.update().catch(() => {});
  } catch (e) { offlineFailed(e.message || String(e)); }
}

// ---- wheels: fetched with their integrity and inflated natively while the runtime boots ----
// This runs in a worker (the second core) made from a blob, so it also works from an embed's
// foreign page; the inflated files come back as transferred buffers.
function wheelWorker() {
  async function inflate(bytes) {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }
  // The files of a zip archive (stored or deflated entries) as [name, bytes] pairs.
  async function unzip(z) {
    const dv = new DataView(z.buffer, z.byteOffset, z.byteLength);
    let eocd = z.length - 22;
    while (eocd >= 0 && dv.getUint32(eocd, true) !== 0x06054b50) eocd--;
    if (eocd < 0) throw new Error("not a zip archive");
    const count = dv.getUint16(eocd + 10, true), dec = new TextDecoder();
    let p = dv.getUint32(eocd + 16, true);
    const out = [];
    for (let i = 0; i < count; i++) {
      if (dv.getUint32(p, true) !== 0x02014b50) throw new Error("bad zip directory");
      const method = dv.getUint16(p + 10, true), csize = dv.getUint32(p + 20, true);
      const nlen = dv.getUint16(p + 28, true), skip = dv.getUint16(p + 30, true) + dv.getUint16(p + 32, true);
      const local = dv.getUint32(p + 42, true);
      const name = dec.decode(z.subarray(p + 46, p + 46 + nlen));
      p += 46 + nlen + skip;
      if (name.endsWith("/")) continue;
      const at = local + 30 + dv.getUint16(local + 26, true) + dv.getUint16(local + 28, true);
      const raw = z.subarray(at, at + csize);
      if (method === 0) out.push([name, raw]);
      else if (method === 8) out.push(inflate(raw).then((d) => [name, d]));
      else throw new Error(`${name}: zip method ${method}`);
    }
    return Promise.all(out);
  }
  async function load({url, integrity}) {
    const res = await fetch(url, {integrity});
    if (!res.ok) throw new Error("HTTP " + res.status);
    return unzip(new Uint8Array(await res.arrayBuffer()));
  }
  return {load};
}

const wheelUrl = (w) => new URL(w.url, BASE).href;
let wheelJobs = null;
function fetchWheels() {
  const here = wheelWorker().load;   // fallback: on this thread
  let load = here;
  try {
    const src = `const {load} = (${wheelWorker.toString()})();
      onmessage = (e) => load(e.data).then(
        (files) => postMessage({id: e.data.id, files}, [...new Set(files.map((f) => f[1].buffer))]),
        (err) => postMessage({id: e.data.id, error: String(err && err.message || err)}));`;
    const worker = new Worker(URL.createObjectURL(new Blob([src], {type: "text/javascript"})));
    const pending = new Map();
    worker.onmessage = (e) => {
      const {id, files, error} = e.data, job = pending.get(id);
      pending.delete(id);
      if (error) job.reject(new Error(error)); else job.resolve(files);
      if (!pending.size) worker.terminate();
    };
    worker.onerror = (e) => {   // the worker could not start (a page's security policy): do it here
      console.warn("[gridworks] wheel worker failed, unpacking on the page:", e.message);
      for (const job of pending.values()) here(job.msg).then(job.resolve, job.reject);
      pending.clear();
    };
    load = (msg) => new Promise((resolve, reject) => { pending.set(msg.id, {resolve, reject, msg}); worker.postMessage(msg); });
  } catch (e) { console.warn("[gridworks] no worker for the wheels:", e); }
  wheelJobs = BUILD.wheels.map((w, id) => load({id, url: wheelUrl(w), integrity: w.integrity})
    .catch((e) => { throw new Error(`could not load ${w.name}: ${e.message || e}`); }));
  for (const j of wheelJobs) j.catch(() => {});   // reported when Python awaits them
  Promise.all(wheelJobs).then(() => { gw.timings.wheelsFetched = performance.now(); }, () => {});
}

// Python calls this once the runtime is up: writes the inflated wheels into site-packages and
// loads their native extension modules. Falls back to Pyodide's own loader if its internals moved.
async function installWheels(pyodide) {
  const api = pyodide._api, FS = pyodide.FS, site = api && api.sitePackages;
  if (!site || typeof api.loadDynlib !== "function" || !FS || typeof FS.mkdirTree !== "function") {
    await pyodide.loadPackage(BUILD.wheels.map(wheelUrl), {checkIntegrity: false});
    return;
  }
  const libs = [];
  const all = await Promise.all(wheelJobs);
  gw.timings.wheelsAwaited = performance.now();
  for (const files of all) {
    for (const [name, data] of files) {
      const path = site + "/" + name;
      FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      FS.writeFile(path, data);
      if (name.endsWith(".so")) libs.push(path);
    }
  }
  gw.timings.wheelsWritten = performance.now();
  for (const lib of libs) await api.loadDynlib(lib);
  gw.timings.dynlibs = performance.now();
}

// ---- the Python snapshot: Pyodide's heap with the interpreter started and the pure-Python modules
// imported (made by the build under node); restoring it skips Python's own start-up. Fetched with its
// integrity, stored gzip-compressed, inflated natively; null without one (the runtime starts as usual).
function fetchSnapshot() {
  const s = BUILD.snapshot;
  if (!s || typeof DecompressionStream !== "function") return null;
  return fetch(new URL(s.url, BASE).href, {integrity: s.integrity}).then(async (res) => {
    if (!res.ok) throw new Error("HTTP " + res.status);
    const body = new Uint8Array(await res.arrayBuffer());
    if (body[0] !== 0x1f || body[1] !== 0x8b) return body;   // a server already inflated it
    const stream = new Blob([body]).stream().pipeThrough(new DecompressionStream("gzip"));
    const out = new Uint8Array(await new Response(stream).arrayBuffer());
    gw.timings.snapshotFetched = performance.now();
    return out;
  });
}

// Every optional PyScript plugin is switched off: the pages use none of them.
const PYSCRIPT_PLUGINS = ["!error", "!deprecations-manager", "!donkey", "!py-editor", "!py-game", "!py-terminal"];

function startPython() {
  // Pyodide starts loading now, in parallel with PyScript's own start-up; PyScript's interpreter
  // module (pyodide-boot.mjs) hands it this runtime instead of starting a second one.
  const indexURL = new URL("pyodide/", BASE).href;
  const snapshot = fetchSnapshot();
  api.runtime = import(new URL("pyodide/pyodide.mjs", BASE).href).then((m) => {
    if (!snapshot) return m.loadPyodide({indexURL});
    return m.loadPyodide({indexURL, _loadSnapshot: snapshot}).then((py) => {
      gw.snapshot = true;
      // the snapshot holds one random state for every page: draw a fresh one
      py.runPython("import sys\nif 'random' in sys.modules: sys.modules['random'].seed()");
      return py;
    }, (e) => {
      console.warn("[gridworks] Python snapshot not usable, starting Python instead:", e);
      return m.loadPyodide({indexURL});
    });
  });
  api.runtime.then(() => { gw.timings.runtime = performance.now(); }, () => {});
  const cfg = {interpreter: new URL("pyodide/pyodide-boot.mjs", BASE).href, plugins: PYSCRIPT_PLUGINS};
  const py = document.createElement("script");
  py.type = "py";
  py.setAttribute("config", JSON.stringify(cfg));
  const game = JSON.stringify(GAME);
  py.textContent = [
    "import js, pyodide_js",
    "_b = js.gridworksBoot",
    "_b.step('packages', 0.45)",
    "try:",
    "    import importlib",
    "    await _b.install(pyodide_js)",
    "    importlib.invalidate_caches()",
    "    _b.step('engine', 0.7)",
    `    importlib.import_module('gwweb.' + ${game} + '.app')`,
    "    from gwweb.shared.shell import start",
    "    _b.step('imported', 0.9)",
    "except BaseException as _e:",
    "    import traceback",
    "    _b.fail(f'{type(_e).__name__}: {_e}', ''.join(traceback.format_exception(_e)))",
    "    raise",
    `await start(${game})`,
  ].join("\n");
  document.body.appendChild(py);
  import(new URL("pyscript/core.js", BASE).href).catch((e) => showError("Could not load PyScript", e.stack || e));
}

// ---- go ----
drawBoot();
gw.timings.loaderDrawn = performance.now();
if (!hostAllowed(location.hostname)) {
  boot.notice = {text: "This game can only be played on its home site. Follow the link to play it there.",
    label: "Play on tron.ru", href: "https://tron.ru/"};
  drawBoot();
} else if (MIXED) {
  location.reload();
} else {
  start();
}

function start() {
  fetchWheels();
  // the offline copy is made once the game is up: its files are in the HTTP cache by then and the
  // copy does not compete with start-up
  addEventListener("gridworks:ready", registerServiceWorker, {once: true});
  // progress while the runtime downloads (no real byte counts from PyScript), four times a second:
  // redrawing every animation frame cost the start-up ~0.2 s of the two cores (measured)
  const t0 = performance.now();
  const tick = setInterval(() => {
    if (boot.step !== "runtime") { clearInterval(tick); return; }
    boot.progress = Math.min(0.4, 0.02 + (performance.now() - t0) / 8000);
    drawBoot();
  }, 250);
  startPython();
}
