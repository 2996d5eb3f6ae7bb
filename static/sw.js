// Gridworks service worker: one cache per build, filled completely at install, then cache-only.
// - install: every file of the build is copied from an older cache when its content hash is unchanged,
//   otherwise fetched (the browser's HTTP cache first: the page fetched most of it already) and kept
//   only if its hash is the one this build expects. Any failure fails the install, the page is told
//   which file failed, and the previous build (if any) keeps serving.
// - the new build waits (no skipWaiting at install): open tabs keep the build they started with, and
//   the browser switches to the new build once no tab of the site is open, so a page never mixes two
//   builds. (Asking the waiting worker to take over from a loading page made Chromium hold that
//   page's navigation for over 30 s now and then, so the site does not.)
// - fetch: files of the build come from the cache; "/game" is redirected to "/game/". (A page that a
//   newer worker takes over mid-load gets the new boot.js; boot.js sees the page is another build's
//   and reloads it.)
const VERSION = "@VERSION@";
const FILES = /*@FILES@*/ {};
const CACHE = "gridworks-" + VERSION;
const SCOPE = new URL("./", self.location).href;
const SCOPE_PATH = new URL(SCOPE).pathname;
const MANIFEST = "__manifest__";
const BOOT_ID = "@BOOTID@";
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

// One file of this build, verified against its content hash (HTTP cache first, then the network).
async function fetchVerified(key) {
  let why = "";
  for (const mode of ["force-cache", "reload"]) {
    let res;
    // ask for the URLs the pages used (boot.js?h=<id>, a page by its folder), which the HTTP cache has
    let url = key === "boot.js" ? urlOf(key) + "?h=" + BOOT_ID : urlOf(key);
    if (key === "index.html" || key.endsWith("/index.html")) url = url.slice(0, -"index.html".length);
    try { res = await fetch(url, {cache: mode}); } catch (e) { why = e.message || String(e); continue; }
    if (!res.ok) { why = "HTTP " + res.status; continue; }
    const body = await res.arrayBuffer();
    if (await hex(body) === FILES[key]) {
      return new Response(body, {status: 200, headers: {"Content-Type": res.headers.get("Content-Type") || ""}});
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

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE && name.startsWith("gridworks-")) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const t = event.data && event.data.type;
  if (t === "status" && event.source) {
    event.waitUntil(caches.open(CACHE).then((c) => c.match(MANIFEST)).then((m) => {
      event.source.postMessage({type: "sw-status", version: VERSION, complete: !!m});
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
    const hit = await (await caches.open(CACHE)).match(urlOf(r.key));
    if (hit) return hit;
    // not cached (yet): the network; the install keeps the verified copy
    return fetch(req);
  })());
});
