// Gridworks boot loader: draws the loading screen on the game canvas at once,
// checks the host allow-list, downloads the runtime, the standard library and the wheels itself
// (gzip-compressed, inflated with DecompressionStream; real bytes, an estimate, and a stall
// watchdog that shows the error overlay with Retry), starts Pyodide (from the memory snapshot only
// with ?gw-snapshot=always), hands over to Python, and registers the service worker once the game is
// up. Errors from start-up or play are drawn as a readable overlay with "copy details".
// Build-time constants are filled in by build.py, which joins static/boot/*.js in order into the
// one dist/boot.js (parts by responsibility; one file, one request, one build id).
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

