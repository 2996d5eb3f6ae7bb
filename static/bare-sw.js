// The bench's baseline worker (served as bench/sw.js): it saves stock Pyodide's files and the bare
// page on install and answers from that cache first, so the bare page's warm reload, like a game
// page's, reads every file from a service worker's cache.
const CACHE = "gridworks-bench-bare";
const FILES = ["bare.html", "pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
  "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json"];
self.addEventListener("install", (e) => e.waitUntil(
  caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting())));
self.addEventListener("activate", (e) => e.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (e) => e.respondWith(
  caches.open(CACHE).then((c) => c.match(e.request, {ignoreSearch: true})).then((r) => r || fetch(e.request))));
