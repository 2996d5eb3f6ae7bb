// boot.js, part 3 of 6 (the build joins static/boot/*.js in order): the offline copy (service worker registration, updates).

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
    // the worker in charge may be a newer build's (it took over while this page's navigation was in
    // flight, and serves this page its own build): then the new build is saved, a reload loads it
    sw.addEventListener("message", (e) => {
      if (!e.data || e.data.type !== "sw-status" || !e.data.boot || e.data.boot === BUILD_ID) return;
      tookOver = true;
      if (gw.offline.state !== "update-ready") { gw.offline = {state: "update-ready"}; notice(tr("updated")); }
    });
    if (sw.controller) sw.controller.postMessage({type: "status"});
    // a page of this build is up: the previous build's cache goes once no page runs it
    if (sw.controller) sw.controller.postMessage({type: "prune"});
    // a returning visit: look for a newer build now (the browser's own check may wait a long time)
    if (sw.controller && !reg.installing && !reg.waiting) reg.update().catch(() => {});
  } catch (e) { offlineFailed(e.message || String(e)); }
}

