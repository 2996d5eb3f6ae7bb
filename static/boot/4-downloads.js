// boot.js, part 4 of 6 (the build joins static/boot/*.js in order): downloads (counted, checked, watched for stalls), the link's rate, the snapshot.

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

// The link's rate (bytes per ms, in gw.timings.linkRate): this visit's first 1.5 MB (or first
// 1.5 s) of downloads; a page served by the service worker uses the last network visit's figure.
// (It decided whether the memory snapshot was fetched; the snapshot is now used only when asked.)
const RATE_KEY = "gridworks:net:rate";
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
  // Off unless ?gw-snapshot=always (tests, the bench): measured in one run (load ~28, Ternar warm,
  // 3 runs each), Python restored from the snapshot ran the game's imports and first frame ~3x slower
  // (imports 1.2-3.0 s vs 0.7-1.0 s, first frame 0.3-0.6 s vs 0.08-0.13 s) and was up no sooner, so
  // the page was playable at 6.4 s with it and 3.5 s without (medians). That was the warm start's
  // +0.5 s "in the imports" of issue #25.
  const force = PARAMS.get("gw-snapshot");
  if (force !== "always") return null;
  try {
    const hit = await (await caches.open(SNAPSHOT_CACHE)).match(url);
    if (hit) return hit.arrayBuffer().then((b) => inflate(new Uint8Array(b)));
  } catch (e) { /* no Cache Storage here */ }
  gw.timings.linkRate = await linkRate(warm);
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

