// boot.js, part 5 of 6 (the build joins static/boot/*.js in order): the wheels (downloaded and unpacked in a worker, installed into site-packages).

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
  // {url, size, raw, integrity, stallMs} -> the wheel's files; progress(n) per chunk received;
  // received() once the download has ended (every byte in, or failed), before the checks and the
  // unpacking. Errors carry .stalled or .cut = [got, size].
  async function load(job, progress, received = () => {}) {
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
      received();
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
      received();
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
let wheelsCached = false;   // the service worker serves the wheels (a warm start)
function planWheels(cached) {
  wheelsCached = !!cached;
  const wheels = pageWheels();
  const starters = [];
  for (const w of wheels) {
    net.total += w.size;
    wheelJobs.push(new Promise((resolve, reject) => starters.push({w, resolve, reject})));
  }
  for (const j of wheelJobs) j.catch(() => {});   // reported by wheelFailed / download
  Promise.all(wheelJobs).then(() => { gw.timings.wheelsFetched = performance.now(); }, () => {});
  // The worker is started now, while this thread is free: started later (when the runtime's bytes
  // are in), it began its first download only once Python's start-up had let go of this thread,
  // ~10 s later over fast 3G, with the link idle meanwhile (measured: runtime in at 27.3 s, first
  // wheel requested at 37.6 s).
  const unpack = wheelWorker().unzip;
  const viaPage = (w) => download(w, {count: false, chunk: (v) => { net.got += v.length; }}).then(unpack);
  let load = viaPage;
  try {
    // over the network one download at a time (the next starts when the last byte of the one
    // before is in; checks and unpacking overlap with it): with the page's own downloads that stays
    // under a browser's six connections per host, so no request waits for a connection (which would
    // look like a stall); from the service worker's cache all at once
    const src = `const {load} = (${wheelWorker.toString()})();
      let queue = Promise.resolve();
      onmessage = (e) => {
        const run = (received) => load(e.data, (n) => postMessage({id: e.data.id, progress: n}), received).then(
          (files) => postMessage({id: e.data.id, files}, [...new Set(files.map((f) => f[1].buffer))]),
          (err) => postMessage({id: e.data.id, error: err.message, stalled: err.stalled, cut: err.cut}));
        if (!e.data.serial) { run(() => {}); return; }
        const before = queue;
        let done;
        queue = new Promise((resolve) => { done = resolve; });
        before.then(() => run(done));
      };`;
    const worker = new Worker(URL.createObjectURL(new Blob([src], {type: "text/javascript"})));
    const pending = new Map();
    let failed = false;
    worker.onmessage = (e) => {
      const {id, files, error, progress} = e.data, job = pending.get(id);
      if (progress) { net.got += progress; return; }
      pending.delete(id);
      net.remote--;
      if (error) job.reject(wheelFailed(job.w, {message: error, stalled: e.data.stalled, cut: e.data.cut}));
      else job.resolve(files);
      if (!pending.size && !startWheelJobs) worker.terminate();
    };
    worker.onerror = (e) => {   // the worker could not start (a page's security policy): do it here
      console.warn("[gridworks] wheel worker failed, downloading on the page:", e.message);
      failed = true;
      for (const job of pending.values()) {
        net.remote--;
        viaPage(job.w).then(job.resolve, job.reject);
      }
      pending.clear();
    };
    load = (w, id) => failed ? viaPage(w) : new Promise((resolve, reject) => {
      pending.set(id, {resolve, reject, w});
      net.remote++;
      worker.postMessage({id, url: wheelUrl(w), size: w.size, raw: w.raw, integrity: w.integrity, stallMs: STALL_MS,
        serial: !wheelsCached});
    });
  } catch (e) { console.warn("[gridworks] no worker for the wheels:", e); }
  startWheelJobs = () => starters.forEach((s, id) => load(s.w, id).then(s.resolve, s.reject));
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

