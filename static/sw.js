// Gridworks service worker: one cache per build, filled completely at install, then cache-only.
// - install: every file of the build is copied from an older cache when its content hash is unchanged,
//   otherwise fetched (the browser's HTTP cache first: the page fetched most of it already) and kept
//   only if its hash is the one this build expects. Any failure fails the install, the page is told
//   which file failed, and the previous build (if any) keeps serving.
// - update: the new build waits until a page of the site that is up and running (never one that is
//   loading: a take-over during a navigation made Chromium hold that navigation for 30 s now and
//   then) asks it to take over ("take-over"). Pages open at that moment keep running the build they
//   started with: the worker notes them at activation and answers their requests from the previous
//   build's cache. The next navigation or reload gets the new build, whole.
// - fetch: files of the build come from the cache; "/game" is redirected to "/game/". A page the
//   previous build served just before the take-over (its navigation was in flight, so it was not
//   noted) names its build in boot.js?h=<id> and is noted then. (Should a page still get a newer
//   boot.js than its own, boot.js sees the page is another build's and reloads it.)
const VERSION = "@VERSION@";
const FILES = /*@FILES@*/ {};
// plain file -> its gzip twin: the worker downloads the twin (which the first visit's page fetched
// already) and keeps the inflated file, checked against the plain file's hash
const GZ = /*@GZ@*/ {};
const CACHE = "gridworks-" + VERSION;
const SCOPE = new URL("./", self.location).href;
const SCOPE_PATH = new URL(SCOPE).pathname;
const MANIFEST = "__manifest__";
const BOOT_ID = "@BOOTID@";
// Not a build's cache: which build served before this one, and the pages that still run it.
const META = "gridworks:meta";
const has = (key) => Object.prototype.hasOwnProperty.call(FILES, key);
const urlOf = (key) => new URL(key, SCOPE).href;

// The key of a request in FILES, {redirect: url} for a folder asked for without its slash, or null.
function route(url) {
  const u = new URL(url);
  if (u.origin !== self.location.origin || !u.pathname.startsWith(SCOPE_PATH)) return null;
  let path = decodeURIComponent(u.pathname.slice(SCOPE_PATH.length));
  if (path === "" || path.endsWith("/")) path += "index.html";
  if (has(path)) return {key: path};
  if (has(path + "/index.html")) return {redirect: u.origin + u.pathname + "/" + u.search + u.hash};
  return null;
}

async function hex(buf) {
  const d = await crypto.subtle.digest("SHA-256", buf);
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("").slice(0, 16);
}

async function gunzip(buf) {
  const b = new Uint8Array(buf);
  if (b[0] !== 0x1f || b[1] !== 0x8b) return buf;   // the host inflated it already
  return new Response(new Blob([b]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
}

// One file of this build, verified against its content hash (HTTP cache first, then the network).
async function fetchVerified(key) {
  let why = "";
  for (const mode of ["force-cache", "reload"]) {
    let res;
    // ask for the URLs the pages used (boot.js?h=<id>, a page by its folder, a gzip twin), which
    // the HTTP cache has
    let url = key === "boot.js" ? urlOf(key) + "?h=" + BOOT_ID : urlOf(GZ[key] || key);
    if (key === "index.html" || key.endsWith("/index.html")) url = url.slice(0, -"index.html".length);
    try { res = await fetch(url, {cache: mode}); } catch (e) { why = e.message || String(e); continue; }
    if (!res.ok) { why = "HTTP " + res.status; continue; }
    let body = await res.arrayBuffer();
    if (GZ[key]) {
      try { body = await gunzip(body); } catch (e) { why = "cut off (" + (e.message || e) + ")"; continue; }
    }
    if (await hex(body) === FILES[key]) {
      const type = key.endsWith(".wasm") ? "application/wasm" : key.endsWith(".mjs") ? "text/javascript"
        : res.headers.get("Content-Type") || "";
      return new Response(body, {status: 200, headers: {"Content-Type": type}});
    }
    why = "content does not match this build";
  }
  throw new Error(key + ": " + why);
}

async function tell(msg) {
  for (const c of await self.clients.matchAll({type: "window", includeUncontrolled: true})) {
    c.postMessage({...msg, version: VERSION});
  }
}

async function precache() {
  const cache = await caches.open(CACHE);
  if (await cache.match(MANIFEST)) return;   // complete already
  const missing = [];
  const have = new Set((await cache.keys()).map((r) => r.url));
  const older = [];
  for (const name of await caches.keys()) {
    if (name === CACHE || !name.startsWith("gridworks-")) continue;
    const c = await caches.open(name);
    const man = await c.match(MANIFEST);
    if (man) older.push([c, await man.json()]);
  }
  for (const key of Object.keys(FILES)) {
    if (have.has(urlOf(key))) continue;
    let copied = false;
    for (const [c, files] of older) {
      if (files[key] !== FILES[key]) continue;
      const r = await c.match(urlOf(key));
      if (r) { await cache.put(urlOf(key), r); copied = true; break; }
    }
    if (!copied) missing.push(key);
  }
  const failed = [];
  let done = Object.keys(FILES).length - missing.length;
  const worker = async () => {
    while (missing.length) {
      const key = missing.shift();
      try {
        await cache.put(urlOf(key), await fetchVerified(key));
        done++;
      } catch (e) { failed.push(e.message || String(e)); }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  if (failed.length) {
    const error = `${failed.length} of ${Object.keys(FILES).length} files could not be saved: ${failed.slice(0, 3).join("; ")}`;
    await tell({type: "sw-failed", error});
    throw new Error(error);
  }
  await cache.put(MANIFEST, new Response(JSON.stringify(FILES)));
  await tell({type: "sw-installed", files: done});
}

self.addEventListener("install", (event) => { event.waitUntil(precache()); });

// The activation's bookkeeping (which pages keep the previous build); fetches wait for it.
let activation = null;
self.addEventListener("activate", (event) => {
  activation = (async () => {
    const meta = await caches.open(META);
    const names = (await caches.keys()).filter((n) => n.startsWith("gridworks-") && n !== CACHE);
    const last = await meta.match("active");
    let prev = last ? await last.text() : (names.length === 1 ? names[0] : null);
    if (prev === CACHE || !names.includes(prev)) prev = null;
    // every page open now started with the previous build (or none): it keeps that build
    const open = prev ? (await self.clients.matchAll({type: "all", includeUncontrolled: true})).map((c) => c.id) : [];
    await meta.put("active", new Response(CACHE));
    await meta.put("previous", new Response(JSON.stringify({cache: prev, clients: open})));
    previous = null;
    for (const name of names) if (name !== prev) await caches.delete(name);
  })();
  event.waitUntil(activation.catch(() => {}).then(() => self.clients.claim()));
});

// The previous build's cache and the pages that still run it (read once per worker start).
let previous = null;
function previousBuild() {
  if (!previous) {
    previous = caches.open(META).then((m) => m.match("previous")).then((r) => (r ? r.json() : {}))
      .then((p) => ({cache: p.cache || null, clients: new Set(p.clients || [])}), () => ({cache: null, clients: new Set()}));
  }
  return previous;
}

// Once no page runs the previous build any more, its cache goes: one build is kept.
async function prunePrevious() {
  if (activation) await activation.catch(() => {});
  const p = await previousBuild();
  if (!p.cache) return;
  const open = new Set((await self.clients.matchAll({type: "all", includeUncontrolled: true})).map((c) => c.id));
  if ([...p.clients].some((id) => open.has(id))) return;
  await caches.delete(p.cache);
  await (await caches.open(META)).put("previous", new Response(JSON.stringify({cache: null, clients: []})));
  previous = null;
}

// The build id (boot.js?h=<id>) of the boot.js kept in the cache ``name``, or "".
async function bootIdOf(name) {
  const r = await (await caches.open(name)).match(urlOf("boot.js"));
  const m = r ? /const BUILD_ID = "(\w+)"/.exec(await r.text()) : null;
  return m ? m[1] : "";
}

// A page whose navigation the previous build answered just before this one took over was not yet
// a client when the take-over listed the pages that keep their build (a navigation in flight is
// not listed). It names its build when it asks for boot.js?h=<id>: from then on it is one of them.
async function adopts(p, clientId, url) {
  const h = new URL(url).searchParams.get("h");
  if (!h || h === BOOT_ID || !p.cache || h !== await bootIdOf(p.cache)) return false;
  p.clients.add(clientId);
  await (await caches.open(META)).put("previous", new Response(JSON.stringify({cache: p.cache, clients: [...p.clients]})));
  return true;
}

self.addEventListener("message", (event) => {
  const t = event.data && event.data.type;
  if (t === "prune") event.waitUntil(prunePrevious());   // a page of this build is up
  else if (t === "take-over") self.skipWaiting();   // sent by a page that is up and running
  else if (t === "status" && event.source) {
    // the page compares ``boot`` with its own build id: another build's page is told an update waits
    event.waitUntil(caches.open(CACHE).then((c) => c.match(MANIFEST)).then((m) => {
      event.source.postMessage({type: "sw-status", version: VERSION, boot: BOOT_ID, complete: !!m});
    }));
  }
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const r = route(req.url);
  if (!r) return;
  if (r.redirect) { event.respondWith(Response.redirect(r.redirect, 301)); return; }
  event.respondWith((async () => {
    if (activation) await activation.catch(() => {});
    // a page that started with the previous build gets that build's files; a navigation never (a
    // reload may name the page it replaces as its client: it gets this build, whole)
    if (event.clientId && req.mode !== "navigate") {
      const p = await previousBuild();
      if (p.cache && (p.clients.has(event.clientId) || (r.key === "boot.js" && await adopts(p, event.clientId, req.url)))) {
        const old = await (await caches.open(p.cache)).match(urlOf(r.key));
        if (old) return old;
      }
    }
    const hit = await (await caches.open(CACHE)).match(urlOf(r.key));
    if (hit) return hit;
    // not cached (yet): the network; the install keeps the verified copy
    return fetch(req);
  })());
});
