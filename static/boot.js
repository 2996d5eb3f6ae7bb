// Gridworks boot loader: draws the loading screen on the game canvas at once,
// checks the host allow-list, downloads the runtime, the standard library and the wheels itself
// (gzip-compressed, inflated with DecompressionStream; real bytes, an estimate, and a stall
// watchdog that shows the error overlay with Retry), starts Pyodide (from the memory snapshot on a
// fast link), hands over to Python, and registers the service worker once the game is
// up. Errors from start-up or play are drawn as a readable overlay with "copy details".
// Build-time constants are filled in by build.py.
const BUILD = /*@BUILD@*/ {version: "dev", wheels: [], allowedHosts: [], games: {}};
const BASE = new URL("./", import.meta.url);   // the site root, wherever boot.js lives
const me = document.querySelector("script[data-game][src*=\"boot.js\"]");
const PARAMS = new URLSearchParams(location.search);
const GAME = (me && me.dataset.game) || document.documentElement.dataset.game;
// an embed: the page runs inside a blog post's iframe (embed.js makes it when the reader taps play)
const EMBED = !!(me && me.dataset.embed) || PARAMS.get("embed") === "1";
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

// ---- language: the one the game speaks (the player's stored choice, else the browser's), else the
// embedding post's (?lang=), else the page's
function pickLang() {
  try {
    const v = localStorage.getItem("gridworks:prefs:lang") || "";
    const m = /(^|[^a-z])(ru|en)([^a-z]|$)/.exec(v);
    if (m) return m[2];
  } catch (e) { /* storage blocked */ }
  for (const v of [navigator.language, PARAMS.get("lang"), document.documentElement.lang]) {
    const code = String(v || "").slice(0, 2).toLowerCase();
    if (code === "ru" || code === "en") return code;
  }
  return "en";
}
const LANG = pickLang();
document.documentElement.lang = LANG;
const TEXT = {
  en: {
    download: "Downloading", python: "Starting Python", packages: "Installing packages",
    engine: "Starting the game engine", imported: "Starting the game", ready: "Ready",
    of: "{got} of {total} MB", left: "about {s} s left", elapsed: "{s} s",
    wrong: "Something went wrong", copy: "Copy details", copied: "Copied ✓", retry: "Retry",
    stalled: "no data for {s} s", cut: "cut off after {got} of {size} bytes",
    dlFailed: "Could not download {what} ({why}). Check the connection and press Retry.",
    refused: "This game can only be played on its home site. Follow the link to play it there.",
    refusedLink: "Play on tron.ru",
    offlineFailed: "Offline copy failed ({error}). The game works online; reload to try again.",
    updated: "A new version is saved: it loads when you reload the page.",
    noDecompress: "This browser is too old to unpack the game (no DecompressionStream).",
  },
  ru: {
    download: "Загрузка", python: "Запуск Python", packages: "Установка пакетов",
    engine: "Запуск движка игры", imported: "Запуск игры", ready: "Готово",
    of: "{got} из {total} МБ", left: "осталось около {s} с", elapsed: "{s} с",
    wrong: "Что-то пошло не так", copy: "Скопировать подробности", copied: "Скопировано ✓",
    retry: "Повторить", stalled: "{s} с без данных", cut: "оборвалась после {got} из {size} байт",
    dlFailed: "Не удалось загрузить {what} ({why}). Проверьте связь и нажмите «Повторить».",
    refused: "В эту игру можно играть только на её родном сайте. Перейдите по ссылке, чтобы играть там.",
    refusedLink: "Играть на tron.ru",
    offlineFailed: "Не удалось сохранить игру для работы без сети ({error}). Онлайн игра работает; перезагрузите страницу, чтобы попробовать снова.",
    updated: "Новая версия сохранена: она загрузится, когда вы перезагрузите страницу.",
    noDecompress: "Этот браузер слишком стар, чтобы распаковать игру (нет DecompressionStream).",
  },
};
function tr(key, vars = {}) {
  return String(TEXT[LANG][key] || TEXT.en[key] || key).replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));
}

const gw = (window.gridworks = window.gridworks || {});
gw.ready = false;
gw.version = BUILD.version;
gw.build = BUILD_ID;
gw.game = GAME;
gw.errors = [];
gw.lang = LANG;
gw.timings = {start: performance.now()};
// prefers-reduced-motion for the games (gw.reducedMotion, kept current)
try {
  const mq = matchMedia("(prefers-reduced-motion: reduce)");
  gw.reducedMotion = mq.matches;
  mq.addEventListener("change", () => { gw.reducedMotion = mq.matches; });
} catch (e) { gw.reducedMotion = false; }

const canvas = document.getElementById("gw-canvas") ||
  document.querySelector("canvas[data-gridworks]");
const ctx = canvas.getContext("2d");
const boot = { step: "download", progress: 0, error: null, notice: null, buttons: [], t0: performance.now() };

function fitCanvas() {
  const dpr = window.devicePixelRatio || 1;
  const rect = canvas.getBoundingClientRect();
  const w = Math.max(1, Math.round(rect.width * dpr)), h = Math.max(1, Math.round(rect.height * dpr));
  if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
  return dpr;
}

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
    ctx.fillText(tr("wrong"), 20, 75);
    ctx.font = "13px monospace"; ctx.fillStyle = "#FFE0B2";
    let y = 100;
    const lines = wrap(boot.error.summary, W - 40).slice(0, Math.max(3, Math.floor((H - 190) / 18)));
    for (const l of lines) { ctx.fillText(l, 20, y); y += 18; }
    ctx.font = "15px sans-serif";
    const bw = Math.min(220, (W - 60) / 2);
    drawButton(20, H - 70, bw, 44, boot.copied ? tr("copied") : tr("copy"), "copy");
    drawButton(40 + bw, H - 70, bw, 44, tr("retry"), "reload");
    return;
  }
  const bw = Math.min(W - 40, 420), bx = (W - bw) / 2, by = H / 2;
  ctx.font = "15px sans-serif"; ctx.fillStyle = "#FFE0B2";
  ctx.fillText(tr(boot.step), bx, by - 14);
  ctx.strokeStyle = "#FFE0B2"; ctx.lineWidth = 2; ctx.strokeRect(bx, by, bw, 18);
  ctx.fillStyle = "#FFB74D"; ctx.fillRect(bx + 3, by + 3, Math.max(0, (bw - 6) * boot.progress), 12);
  ctx.fillStyle = "#BCAAA4"; ctx.font = "12px sans-serif";
  ctx.fillText(loaderLine(), bx, by + 40);
}

const mb = (n) => (n / 1e6).toFixed(1).replace(".", LANG === "ru" ? "," : ".");
// "3.1 of 8.4 MB · about 25 s left · 14 s": real bytes, an estimate from the last seconds' rate,
// and the seconds since the start (so the line changes at least once a second, even on a stall)
function loaderLine() {
  const parts = [];
  if (net.total) parts.push(tr("of", {got: mb(Math.min(net.got, net.total)), total: mb(net.total)}));
  const rate = net.rate();
  if (net.got < net.total && rate > 0 && performance.now() - net.t0 > 1000) {
    parts.push(tr("left", {s: Math.max(1, Math.ceil((net.total - net.got) / rate / 1000))}));
  }
  parts.push(tr("elapsed", {s: Math.floor((performance.now() - boot.t0) / 1000)}));
  return parts.join(" · ");
}

// ---- API used by Python (gwweb.shared.shell) ----
const api = (window.gridworksBoot = {
  base: BASE.href, game: GAME, embed: EMBED, build: BUILD, lang: LANG,
  wheels: () => pageWheels().map(wheelUrl),
  install: (pyodide, part) => installWheels(pyodide, part),
  runtime: null,   // the Pyodide runtime, started by boot.js
  step(name, progress) {
    boot.step = name; boot.progress = Math.max(boot.progress, 0.85 + 0.15 * progress);
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
  // The standard library's second part (buildtools/stdlib_split.py), fetched by its finder the
  // first time a module in it is imported: a synchronous request, since an import cannot wait.
  fetchSync(url, asked) {
    (gw.stdlibMore = gw.stdlibMore || []).push(String(asked));
    console.info("[gridworks] fetching the rest of the standard library for", String(asked));
    const x = new XMLHttpRequest();
    x.open("GET", new URL(url, BASE).href, false);
    x.overrideMimeType("text/plain; charset=x-user-defined");
    x.send();
    if (x.status !== 200) throw new Error(`${url}: HTTP ${x.status}`);
    const t = x.responseText, b = new Uint8Array(t.length);
    for (let i = 0; i < t.length; i++) b[i] = t.charCodeAt(i) & 0xff;
    return b;
  },
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
gw.bootButtons = () => boot.buttons.map((b) => b.id);   // the loader's own buttons (a test hook)
gw.loaderLine = () => loaderLine();   // the loader's bytes/estimate line (read by the bench)

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
      else if (b.id === "reload") retry();
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

// The host that shows the game: this page's, or in an iframe the top page's (the blog's).
function shownOn() {
  if (window.top === window) return location.hostname;
  try {
    const a = location.ancestorOrigins;
    if (a && a.length) return new URL(a[a.length - 1]).hostname;
  } catch (e) { /* no ancestorOrigins */ }
  try { return new URL(document.referrer).hostname; } catch (e) { return location.hostname; }
}

// Retry after a failed start: reload the page (an iframe reloads itself, not the blog).
function retry() { location.reload(); }

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
  notice(tr("offlineFailed", {error}));
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
    notice(tr("updated"));
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
    // a page of this build is up: the previous build's cache goes once no page runs it
    if (sw.controller) sw.controller.postMessage({type: "prune"});
    // a returning visit: look for a newer build now (the browser's own check may wait a long time)
    if (sw.controller && !reg.installing && !reg.waiting) reg.update().catch(() => {});
  } catch (e) { offlineFailed(e.message || String(e)); }
}


// ---- downloads: every byte counted, checked against its size and integrity, inflated natively;
// a download that gets no data for STALL_MS is aborted (a stall), one that ends short is cut ----
const STALL_MS = 5000;
const SNAPSHOT_CACHE = "gridworks-snapshot";   // not a build's cache: the service worker leaves it be
const net = {
  t0: performance.now(), got: 0, total: 0, jobs: new Set(), remote: 0, samples: [],
  // bytes per ms over the last ~4 s
  rate() {
    const s = this.samples, now = performance.now();
    while (s.length > 1 && now - s[0][0] > 4000) s.shift();
    if (s.length < 2) return 0;
    const [t0, b0] = s[0], [t1, b1] = s[s.length - 1];
    return t1 > t0 ? (b1 - b0) / (t1 - t0) : 0;
  },
};

async function inflate(bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;   // a host already inflated it
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function verify(bytes, integrity) {
  if (!integrity || !(crypto && crypto.subtle)) return;   // plain http on another host: no subtle crypto
  const want = integrity.replace(/^sha256-/, "");
  const got = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))));
  if (got !== want) throw new Error("content does not match this build");
}

// Download one build file ({url, size, integrity}); resolves to its bytes (inflated when `gz`).
// A required file that fails shows the error overlay with Retry; an optional one fails quietly.
function download(entry, {gz = false, optional = false, count = true, chunk = null, received = null} = {}) {
  const name = entry.url.split("/").pop().replace(/\.gz$/, "");
  if (count) net.total += entry.size;
  const job = {name, last: performance.now(), ctl: new AbortController(), stalled: false, got: 0};
  net.jobs.add(job);
  const run = (async () => {
    let res;
    try {
      res = await fetch(new URL(entry.url, BASE).href, {signal: job.ctl.signal});
      if (!res.ok) throw new Error("HTTP " + res.status);
      const reader = res.body.getReader(), parts = [];
      for (;;) {
        const {done, value} = await reader.read();
        if (done) break;
        parts.push(value); job.got += value.length; job.last = performance.now();
        if (count) net.got += value.length;
        if (chunk) chunk(value);
      }
      if (received) received();   // every byte is in (checked below), in the same task
      let bytes = new Uint8Array(job.got), at = 0;
      for (const p of parts) { bytes.set(p, at); at += p.length; }
      const inflated = bytes[0] !== 0x1f && entry.raw && bytes.length === entry.raw;   // host inflated it
      if (!inflated) {
        if (bytes.length !== entry.size) throw new Error(tr("cut", {got: bytes.length, size: entry.size}));
        await verify(bytes, entry.integrity);
      }
      if (gz) bytes = await inflate(bytes);
      return bytes;
    } catch (e) {
      const why = job.stalled ? tr("stalled", {s: STALL_MS / 1000}) : (e && e.message) || String(e);
      const err = new Error(`${name}: ${why}`);
      err.gridworks = true;
      if (!optional) showError(tr("dlFailed", {what: name, why}), `${entry.url}: ${why}\n${(e && e.stack) || ""}`);
      throw err;
    } finally {
      net.jobs.delete(job);
    }
  })();
  run.catch(() => {});   // reported above (or quietly dropped, for an optional file)
  return run;
}

// Four times a second: the loader's bytes and estimate, and the stall watchdog of the page's own
// downloads (those before Python starts: the wasm, its module, the standard library, the snapshot).
// A late tick (the thread was busy) checks nothing: the data that came meanwhile may still be queued.
let lastTick = performance.now();
function tick() {
  const now = performance.now(), late = now - lastTick > 750;
  lastTick = now;
  net.samples.push([now, net.got]);
  if (!late) {
    for (const job of net.jobs) {
      if (now - job.last > STALL_MS) { job.stalled = true; job.ctl.abort(); }
    }
  }
  if (net.total && net.got < net.total) boot.progress = Math.max(boot.progress, 0.85 * net.got / net.total);
  if (!gw.ready || boot.error) drawBoot();
  else clearInterval(ticker);
}
let ticker = null;

// Whether this link is fast enough for the 6.5 MB memory snapshot to pay for itself: it saves
// 2-4 s of Python's start-up (more on a slow phone), so it is fetched when it downloads in under
// 2.5 s. Measured on this visit's first 1.5 MB (or first 1.5 s) of downloads; a page served by
// the service worker uses the figure of the last visit that used the network.
const RATE_KEY = "gridworks:net:rate";
const SNAPSHOT_BUDGET_MS = 2500;
function linkRate(warm) {
  if (warm) {
    try { return Number(localStorage.getItem(RATE_KEY) || 0); } catch (e) { return 0; }
  }
  return new Promise((resolve) => {
    const look = () => {
      const dt = performance.now() - net.t0;
      if (net.got >= Math.min(1.5e6, net.total) || dt > 1500 || !(net.jobs.size + net.remote)) {
        const rate = net.got / Math.max(dt, 1);   // bytes per ms
        try { localStorage.setItem(RATE_KEY, String(Math.round(rate))); } catch (e) { /* blocked */ }
        resolve(rate);
      } else setTimeout(look, 20);
    };
    look();
  });
}

// The memory snapshot (Pyodide's heap with Python started and the pure-Python modules imported):
// from this browser's snapshot cache, else downloaded on a fast link, else none. Resolves to its
// inflated bytes, or null; rejects when its download fails.
async function snapshotPlan(warm) {
  const s = BUILD.snapshot;
  if (!s || EMBED) return null;
  const url = new URL(s.url, BASE).href;
  try {
    const hit = await (await caches.open(SNAPSHOT_CACHE)).match(url);
    if (hit) return hit.arrayBuffer().then((b) => inflate(new Uint8Array(b)));
  } catch (e) { /* no Cache Storage here */ }
  const rate = await linkRate(warm);
  gw.timings.linkRate = rate;
  // ?gw-snapshot=always|never (tests and the bench) overrides the link's verdict
  const force = PARAMS.get("gw-snapshot");
  if (force === "never" || (force !== "always" && rate * SNAPSHOT_BUDGET_MS < s.size)) return null;
  const packed = download(s, {optional: true});
  // kept for the next visits once the game is up (one snapshot: the older ones go)
  addEventListener("gridworks:ready", () => packed.then(async (b) => {
    const c = await caches.open(SNAPSHOT_CACHE);
    for (const r of await c.keys()) if (r.url !== url) await c.delete(r);
    await c.put(url, new Response(b));
  }).catch(() => {}), {once: true});
  return packed.then(inflate);
}

// Pyodide fetches its wasm and standard library by URL: those URLs are answered from the bytes
// downloaded above (the only change to the page's fetch).
const served = new Map();
const pageFetch = window.fetch.bind(window);
window.fetch = function (input, init) {
  const url = typeof input === "string" ? input : (input && (input.url || input.href)) || "";
  let key = "";
  try { key = new URL(url, location.href).href; } catch (e) { /* not a URL */ }
  const answer = served.get(key);
  return answer ? answer() : pageFetch(input, init);
};

// ---- wheels: downloaded, checked, inflated and unpacked in a worker (the second core; its stall
// watchdog keeps time while this page's thread is busy starting Python); the files come back as
// transferred buffers, the bytes as progress messages ----
function wheelWorker() {
  async function gunzip(bytes) {
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }
  async function inflateRaw(bytes) {
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
      if (method === 0) out.push([name, raw.slice()]);
      else if (method === 8) out.push(inflateRaw(raw).then((d) => [name, d]));
      else throw new Error(`${name}: zip method ${method}`);
    }
    return Promise.all(out);
  }
  // {url, size, raw, integrity, stallMs} -> the wheel's files; progress(n) per chunk received.
  // Errors carry .stalled or .cut = [got, size].
  async function load(job, progress) {
    const ctl = new AbortController();
    let last = Date.now(), stalled = false;
    const dog = setInterval(() => { if (Date.now() - last > job.stallMs) { stalled = true; ctl.abort(); } }, 250);
    try {
      const res = await fetch(job.url, {signal: ctl.signal});
      if (!res.ok) throw new Error("HTTP " + res.status);
      const reader = res.body.getReader(), parts = [];
      let got = 0;
      for (;;) {
        const {done, value} = await reader.read();
        if (done) break;
        parts.push(value); got += value.length; last = Date.now(); progress(value.length);
      }
      const bytes = new Uint8Array(got);
      let at = 0;
      for (const p of parts) { bytes.set(p, at); at += p.length; }
      const inflated = bytes[0] !== 0x1f && job.raw && got === job.raw;   // a host inflated it
      if (!inflated && got !== job.size) throw Object.assign(new Error("cut"), {cut: [got, job.size]});
      if (!inflated && job.integrity && self.crypto && crypto.subtle) {
        const d = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
        if (btoa(String.fromCharCode(...d)) !== job.integrity.replace(/^sha256-/, "")) {
          throw new Error("content does not match this build");
        }
      }
      return unzip(await gunzip(bytes));
    } catch (e) {
      throw Object.assign(new Error(e && e.message || String(e)), {stalled, cut: e && e.cut});
    } finally {
      clearInterval(dog);
    }
  }
  return {load, unzip: async (bytes) => unzip(await gunzip(bytes))};
}

const wheelUrl = (w) => new URL(w.url, BASE).href;
// The site's own wheels (the shared one and the game's) against the third-party ones (pydantic
// and what it needs): Python imports pydantic while the site's wheels still download.
const siteWheel = (w) => /^gridworks/.test(w.name || w.url.split("/").pop());
// A game page loads the shared wheels and its game's own; a tool page (the self-check) every game's.
// Download order: pydantic_core first (its native module is compiled as soon as Python is up), then
// the rest of pydantic's, then the site's (the game's last).
function pageWheels() {
  const mine = BUILD.wheels.some((w) => w.game === GAME);
  const rank = (w) => siteWheel(w) ? (w.game ? 3 : 2) : (/^pydantic_core/.test(w.name || "") ? 0 : 1);
  return BUILD.wheels.filter((w) => !w.game || !mine || w.game === GAME)
    .map((w, i) => [rank(w), i, w]).sort((x, y) => x[0] - y[0] || x[1] - y[1]).map((x) => x[2]);
}

// A wheel the worker could not bring: the error overlay (with Retry), as for the page's downloads.
function wheelFailed(w, e) {
  const name = w.url.split("/").pop().replace(/\.gz$/, "");
  const why = e.stalled ? tr("stalled", {s: STALL_MS / 1000})
    : e.cut ? tr("cut", {got: e.cut[0], size: e.cut[1]}) : e.message;
  showError(tr("dlFailed", {what: name, why}), `${w.url}: ${why}`);
  const err = new Error(`${name}: ${why}`);
  err.gridworks = true;
  return err;
}

// One promise per wheel of pageWheels() (its unpacked files), made at once; each download starts
// when fetchWheels() is called (after the runtime's downloads on a first visit: the link's whole
// bandwidth goes to what Python needs first, and the wheels come while Python starts).
const wheelJobs = [];
let startWheelJobs = null;
function planWheels() {
  const wheels = pageWheels();
  const starters = [];
  for (const w of wheels) {
    net.total += w.size;
    wheelJobs.push(new Promise((resolve, reject) => starters.push({w, resolve, reject})));
  }
  for (const j of wheelJobs) j.catch(() => {});   // reported by wheelFailed / download
  Promise.all(wheelJobs).then(() => { gw.timings.wheelsFetched = performance.now(); }, () => {});
  startWheelJobs = () => {
    const unpack = wheelWorker().unzip;
    const viaPage = (w) => download(w, {count: false, chunk: (v) => { net.got += v.length; }}).then(unpack);
    let load = viaPage;
    try {
      // one wheel at a time: with the page's own downloads that stays under a browser's six connections
      // per host, so no request waits for a connection (which would look like a stall)
      const src = `const {load} = (${wheelWorker.toString()})();
        let queue = Promise.resolve();
        onmessage = (e) => { queue = queue.then(() => load(e.data, (n) => postMessage({id: e.data.id, progress: n})).then(
          (files) => postMessage({id: e.data.id, files}, [...new Set(files.map((f) => f[1].buffer))]),
          (err) => postMessage({id: e.data.id, error: err.message, stalled: err.stalled, cut: err.cut}))); };`;
      const worker = new Worker(URL.createObjectURL(new Blob([src], {type: "text/javascript"})));
      const pending = new Map();
      worker.onmessage = (e) => {
        const {id, files, error, progress} = e.data, job = pending.get(id);
        if (progress) { net.got += progress; return; }
        pending.delete(id);
        net.remote--;
        if (error) job.reject(wheelFailed(job.w, {message: error, stalled: e.data.stalled, cut: e.data.cut}));
        else job.resolve(files);
        if (!pending.size) worker.terminate();
      };
      worker.onerror = (e) => {   // the worker could not start (a page's security policy): do it here
        console.warn("[gridworks] wheel worker failed, downloading on the page:", e.message);
        for (const job of pending.values()) {
          net.remote--;
          viaPage(job.w).then(job.resolve, job.reject);
        }
        pending.clear();
      };
      load = (w, id) => new Promise((resolve, reject) => {
        pending.set(id, {resolve, reject, w});
        net.remote++;
        worker.postMessage({id, url: wheelUrl(w), size: w.size, raw: w.raw, integrity: w.integrity, stallMs: STALL_MS});
      });
    } catch (e) { console.warn("[gridworks] no worker for the wheels:", e); }
    starters.forEach((s, id) => load(s.w, id).then(s.resolve, s.reject));
  };
}
function fetchWheels() {
  if (startWheelJobs) { const go = startWheelJobs; startWheelJobs = null; go(); }
}

// Python calls this once the runtime is up: writes each unpacked wheel into site-packages as it
// arrives and loads its native extension modules; `part` is "deps" (the third-party wheels), "site"
// (the site's own) or nothing (all).
async function installWheels(pyodide, part) {
  const api = pyodide._api, FS = pyodide.FS, site = api && api.sitePackages;
  if (!site || typeof api.loadDynlib !== "function" || !FS || typeof FS.mkdirTree !== "function") {
    throw new Error("this Pyodide has no site-packages loader (boot.js needs updating)");
  }
  fetchWheels();
  const wheels = pageWheels();
  for (let i = 0; i < wheels.length; i++) {
    if (part && (part === "site") !== siteWheel(wheels[i])) continue;
    const files = await wheelJobs[i];
    const libs = [];
    for (const [name, data] of files) {
      const path = site + "/" + name;
      FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      FS.writeFile(path, data);
      if (name.endsWith(".so")) libs.push(path);
    }
    for (const lib of libs) await api.loadDynlib(lib);
  }
  gw.timings[part === "deps" ? "depsInstalled" : "wheelsInstalled"] = performance.now();
}

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
  planWheels();
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
  const fresh = () => m.loadPyodide(opts);
  if (!heap) return fresh();
  return m.loadPyodide({...opts, _loadSnapshot: heap}).then((py) => {
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
  api.runtime.then(() => {
    gw.timings.runtime = performance.now();
    if (boot.step === "download") { boot.step = "python"; boot.progress = Math.max(boot.progress, 0.85); }
  }, () => {});
  const watch = setInterval(() => {
    if (boot.step === "download" && !(net.jobs.size + net.remote)) boot.step = "python";
    if (boot.step !== "download") clearInterval(watch);
  }, 250);
  const game = JSON.stringify(GAME);
  const code = [
    "import js, pyodide_js",
    "_b = js.gridworksBoot",
    "_b.step('packages', 0.45)",
    "try:",
    "    import importlib",
    "    try:",
    "        import _gridworks_more",   // the standard library's second part, on demand
    "        _gridworks_more.install()",
    "    except ImportError:",
    "        pass",
    // pydantic's wheels first: pydantic is imported while the site's own wheels still download
    "    await _b.install(pyodide_js, 'deps')",
    "    importlib.invalidate_caches()",
    "    import pydantic",
    "    await _b.install(pyodide_js, 'site')",
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
