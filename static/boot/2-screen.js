// boot.js, part 2 of 6 (the build joins static/boot/*.js in order): the loading screen, the error overlay, the API Python calls, the host allow-list.

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

