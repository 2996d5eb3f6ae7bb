// Gridworks boot loader: draws the loading screen on the game canvas at once,
// checks the host allow-list, registers the service worker, then starts
// PyScript/Pyodide, installs the local wheels and hands over to Python.
// Errors from start-up or play are drawn as a readable overlay with
// "copy details". Build-time constants are filled in by build.py.
const BUILD = /*@BUILD@*/ {version: "dev", wheels: [], allowedHosts: [], games: {}};
const BASE = new URL("./", import.meta.url);   // the site root, wherever boot.js lives
const me = document.querySelector("script[data-game][src$=\"boot.js\"]");
const GAME = (me && me.dataset.game) || document.documentElement.dataset.game;
const EMBED = !!(me && me.dataset.embed);

const gw = (window.gridworks = window.gridworks || {});
gw.ready = false;
gw.version = BUILD.version;
gw.game = GAME;
gw.errors = [];
gw.timings = {start: performance.now()};

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
  wheels: () => BUILD.wheels.map((w) => new URL("wheels/" + w, BASE).href),
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

async function registerServiceWorker() {
  if (EMBED || !("serviceWorker" in navigator) || location.protocol === "file:") return;
  try {
    const reg = await navigator.serviceWorker.register(new URL("sw.js", BASE).href, {scope: BASE.pathname});
    gw.serviceWorker = reg;
    // Once the game is up, ask the worker to fetch (once) whatever it has not cached yet.
    window.addEventListener("gridworks:ready", async () => {
      const r = await navigator.serviceWorker.ready;
      if (r.active) r.active.postMessage({type: "precache"});
    }, {once: true});
  } catch (e) { console.warn("[gridworks] service worker not registered:", e); }
}

function startPython() {
  const cfg = {interpreter: new URL("pyodide/pyodide.mjs", BASE).href, plugins: ["!error"]};
  const py = document.createElement("script");
  py.type = "py";
  py.setAttribute("config", JSON.stringify(cfg));
  py.textContent = [
    "import js, pyodide_js",
    "_b = js.gridworksBoot",
    "_b.step('packages', 0.45)",
    "await pyodide_js.loadPackage(_b.wheels(), checkIntegrity=False)",
    "_b.step('engine', 0.8)",
    "from gwweb.shared.shell import start",
    `await start(${JSON.stringify(GAME)})`,
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
} else {
  registerServiceWorker();
  // progress while the runtime downloads (no real byte counts from PyScript)
  const t0 = performance.now();
  const tick = () => {
    if (boot.step !== "runtime") return;
    boot.progress = Math.min(0.4, 0.02 + (performance.now() - t0) / 8000);
    drawBoot(); requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  startPython();
}
