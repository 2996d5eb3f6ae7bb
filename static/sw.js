// Gridworks service worker: precaches every file of the build, versioned by content hash.
// Cache-first for files of the build; a file missing from the cache is fetched once and kept.
// On update, unchanged files are copied from the old cache (no re-download) and old caches are removed.
const VERSION = "@VERSION@";
const FILES = /*@FILES@*/ {};
const CACHE = "gridworks-" + VERSION;
const SCOPE = new URL("./", self.location).href;

function keyOf(url) {
  const u = new URL(url);
  if (u.origin !== self.location.origin || !u.href.startsWith(SCOPE)) return null;
  let path = u.pathname.slice(new URL(SCOPE).pathname.length);
  if (path === "" || path.endsWith("/")) path += "index.html";
  return Object.prototype.hasOwnProperty.call(FILES, path) ? path : null;
}

async function hex(buf) {
  const d = await crypto.subtle.digest("SHA-256", buf);
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("").slice(0, 16);
}

// Fetch one file, preferring the browser's HTTP cache (the page usually fetched it already),
// and accept it only if its content hash is the one this build expects.
async function fetchVerified(key) {
  const url = new URL(key, SCOPE).href;
  for (const mode of ["force-cache", "no-cache"]) {
    const res = await fetch(url, {cache: mode});
    if (!res.ok) continue;
    const body = await res.clone().arrayBuffer();
    if (await hex(body) === FILES[key]) return res;
  }
  throw new Error("precache: " + key + " does not match the build");
}

self.addEventListener("install", (event) => {
  self.skipWaiting();
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (const name of await caches.keys()) {
      if (name === CACHE || !name.startsWith("gridworks-")) continue;
      const old = await caches.open(name);
      const man = await old.match("__manifest__");
      if (!man) continue;
      const oldFiles = await man.json();
      for (const [key, h] of Object.entries(FILES)) {
        if (oldFiles[key] !== h) continue;
        const r = await old.match(new URL(key, SCOPE).href);
        if (r) await cache.put(new URL(key, SCOPE).href, r);
      }
    }
    await cache.put("__manifest__", new Response(JSON.stringify(FILES)));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE && name.startsWith("gridworks-")) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

let precaching = null;
async function precacheAll() {
  const cache = await caches.open(CACHE);
  const missing = [];
  for (const key of Object.keys(FILES)) {
    if (!(await cache.match(new URL(key, SCOPE).href))) missing.push(key);
  }
  const worker = async () => {
    while (missing.length) {
      const key = missing.shift();
      try { await cache.put(new URL(key, SCOPE).href, await fetchVerified(key)); }
      catch (e) { console.warn("[gridworks sw]", e.message); }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return true;
}

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "precache") {
    precaching = precaching || precacheAll().finally(() => { precaching = null; });
    event.waitUntil(precaching.then(() => {
      if (event.source) event.source.postMessage({type: "precached", version: VERSION});
    }));
  }
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const key = keyOf(req.url);
  if (!key) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const url = new URL(key, SCOPE).href;
    const hit = await cache.match(url);
    if (hit) return hit;
    const res = await fetch(req);
    if (res.ok && res.type === "basic") {
      const copy = res.clone();
      event.waitUntil(copy.arrayBuffer().then(async (body) => {
        if (await hex(body) === FILES[key]) {
          await cache.put(url, new Response(body, {status: res.status, statusText: res.statusText, headers: res.headers}));
        }
      }));
    }
    return res;
  })());
});
