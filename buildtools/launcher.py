"""The launcher page (``dist/index.html``): a picture of each game, "Play" or "Continue" with the
saved progress, best score and stars, in Russian or English like the games.

The page is plain HTML in tables (it works without script); a small inline script reads each
game's ``gridworks:<slug>:scores`` record (``www/shared/progress.py``) and the shared language
preference ``gridworks:prefs:lang`` from localStorage. A game in progress that a newer build saved
(``buildtools/saveformats.py``) is not offered as a Continue: the card says so and its button reloads
the page into the newer build (a service worker that has it takes over first). Pictures are committed JPEGs in
``static/launcher/`` made by ``python -m buildtools.launcher shots`` (screenshots of the built games);
the Blogger posters' sharper ones (768×576, for a 380 px poster on a 2× phone screen) in
``static/poster/`` by ``python -m buildtools.launcher posters`` (``--dist DIR``: from that build).
"""

from __future__ import annotations

import html
import json
import shutil
import sys
from pathlib import Path

from buildtools.games import GAMES, games_count_word
from buildtools.saveformats import SaveFormat, save_formats

ROOT = Path(__file__).resolve().parent.parent
PICTURES = ROOT / "static" / "launcher"
POSTERS = ROOT / "static" / "poster"
PIC_W, PIC_H = 120, 90
# canvas buttons clicked before a game's picture is taken (from its first screen into play)
SHOT_CLICKS = {
    "floodline": ["lv:1"],
    "reactor": ["level:campaign:power_on"],
    "orbit": ["preset:demo", "start"],
    "runmap": ["start"],
}

TEXT = {
    "en": {
        "title": "Gridworks — {count} deterministic puzzle and strategy games",
        "intro": "{Count} deterministic puzzle and strategy games. They run in your browser and keep working "
        "offline after the first visit.",
        "play": "Play ▸",
        "continue": "Continue ▸",
        "soon": "coming soon",
        "best": "Best {n}",
        "level": "Level {n} of {m}",
        "level1": "Level {n}",
        "stars": "★ {n} of {m}",
        "stars1": "★ {n}",
        "selfcheck": "Self-check this browser",
        "build": "build",
        "lang": "Русский",
        "update": "Reload to update ▸",
        "newer": "Your game in progress was saved by a newer version of this game and is kept for it: "
        "reload this page to update.",
        "no_update": "Your game in progress was saved by a newer version, which is not available here yet. "
        "It stays kept for that version; Play starts a new game without touching it.",
    },
    "ru": {
        "title": "Gridworks — {count} детерминированных головоломок и стратегий",
        "intro": "{Count} детерминированных головоломок и стратегий. Они идут прямо в браузере и после первого "
        "визита работают без сети.",
        "play": "Играть ▸",
        "continue": "Продолжить ▸",
        "soon": "скоро",
        "best": "Рекорд {n}",
        "level": "Уровень {n} из {m}",
        "level1": "Уровень {n}",
        "stars": "★ {n} из {m}",
        "stars1": "★ {n}",
        "selfcheck": "Проверить этот браузер",
        "build": "сборка",
        "lang": "English",
        "update": "Обновить ▸",
        "newer": "Начатая игра сохранена более новой версией этой игры и оставлена для неё: "
        "обновите страницу, чтобы получить новую версию.",
        "no_update": "Начатая игра сохранена более новой версией, которой здесь пока нет. Сохранение "
        "остаётся для неё нетронутым; «Играть» начинает новую игру, не трогая его.",
    },
}
for _lang, _t in TEXT.items():  # the number of games is said from the one list
    _w = games_count_word(_lang)
    for _k in ("title", "intro"):
        _t[_k] = _t[_k].format(count=_w, Count=_w.capitalize())

# The launcher's decisions, kept apart from the page so that tests run them under node with a
# stand-in localStorage (tests/buildtools/test_launcher_saves.py): F is the build's save_formats.
LOGIC = """
const get = (k) => { try { return localStorage.getItem(k); } catch (e) { return null; } };
const isInt = (n, min) => Number.isInteger(n) && n >= min;
const isObj = (d) => d !== null && typeof d === "object" && !Array.isArray(d);
const intMap = (m) => isObj(m) && Object.values(m).every((n) => isInt(n, -1e15));
function valid(d) {  // the checks of www/shared/progress.py Scores: a record failing them shows nothing
  if (!isObj(d)) return false;
  const opt = (k, ok) => d[k] === undefined || ok(d[k]);
  return opt("best", intMap) && opt("stars", intMap) && opt("score", (n) => isInt(n, -1e15)) &&
    ["stars_max", "level", "levels"].every((k) => opt(k, (n) => isInt(n, 0))) &&
    ["in_progress", "lower_better"].every((k) => opt(k, (b) => typeof b === "boolean"));
}
function scores(slug) {
  try {
    const r = JSON.parse(get("gridworks:" + slug + ":scores"));
    return r && typeof r === "object" && (r.v === undefined || (Number.isInteger(r.v) && r.v <= 1)) && valid(r.data) ? r.data : null;
  } catch (e) { return null; }
}
// A record the game can read back: a Gridworks record ({"data": ...}) under one of its keys (not
// the scores, not one set aside). A save that was set aside or is damaged offers no Continue.
function hasSave(slug) {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (!k.startsWith("gridworks:" + slug + ":") || k.indexOf(":corrupt:") >= 0 || k.endsWith(":scores")) continue;
      try {
        const r = JSON.parse(localStorage.getItem(k));
        if (isObj(r) && "data" in r) return true;
      } catch (e) { /* damaged: the game sets it aside */ }
    }
  } catch (e) { /* no storage */ }
  return false;
}
// The stored save ``raw`` was written by a newer build than this one: the test of
// www/shared/app.py newer_than_build against this build's numbers ``f`` (buildtools/saveformats.py).
function newerSave(raw, f) {
  let r;
  try { r = JSON.parse(raw); } catch (e) { return false; }
  if (!isObj(r)) return false;
  const v = r.v === undefined ? 1 : r.v;
  if (Number.isInteger(v) && v > f.v) return true;
  let d = r.data;
  for (const inner of ["save", "session"]) if (isObj(d) && isObj(d[inner])) d = d[inner];
  if (!isObj(d)) return false;
  return (Number.isInteger(d.version) && d.version > f.version) || (Number.isInteger(d.rules) && d.rules > f.rules);
}
// "continue" (a game this build continues), "newer" (a game in progress that a newer build saved:
// this build's page would keep it untouched and start afresh) or "play".
function saveState(slug, s) {
  const f = F[slug], wants = s ? s.in_progress === true : true;
  const raw = f ? get("gridworks:" + slug + ":" + f.key) : null;
  if (raw !== null && newerSave(raw, f)) return wants ? "newer" : "play";
  return wants && hasSave(slug) ? "continue" : "play";
}
"""

SCRIPT = """
const T = @TEXT@, G = @GAMES@, F = @FORMATS@;
@LOGIC@
const set = (k, v) => { try { localStorage.setItem(k, v); } catch (e) { /* private mode */ } };
const session = (k, v) => {  // this tab's note (a reload asked for an update); read once
  try {
    if (v === undefined) { const x = sessionStorage.getItem(k); sessionStorage.removeItem(k); return x; }
    sessionStorage.setItem(k, v);
  } catch (e) { /* no storage */ }
  return null;
};
function pickLang() {
  const stored = get("gridworks:prefs:lang");
  if (stored === "ru" || stored === "en") return stored;
  const b = (navigator.language || "").split("-")[0].toLowerCase();
  return b === "ru" ? "ru" : "en";
}
const fmt = (s, v) => s.replace(/\\{(\\w+)\\}/g, (_, k) => String(v[k]));
const num = (n, lang) => Number(n).toLocaleString(lang === "ru" ? "ru-RU" : "en-US");
const asked = new Set((session("gridworks:launcher:updating") || "").split(",").filter(Boolean));
function render(lang) {
  const t = T[lang];
  document.documentElement.lang = lang;
  document.title = t.title;
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t[el.dataset.t];
  for (const slug of Object.keys(G)) {
    const cell = document.querySelector('td[data-game="' + slug + '"]');
    if (!cell) continue;
    const g = G[slug], main = lang === "ru" ? g.title_ru : g.title, other = lang === "ru" ? g.title : g.title_ru;
    cell.querySelector("[data-part=title]").textContent = main;
    cell.querySelector("[data-part=other]").textContent = other;
    cell.querySelector("[data-part=desc]").textContent = lang === "ru" ? g.description_ru : g.description_en;
    const img = cell.querySelector("img");
    if (img) img.alt = main;
    const a = cell.querySelector("a[data-part=play]");
    if (!a) continue;
    const s = scores(slug), parts = [];
    let state = saveState(slug, s);
    // a reload that asked for an update found none: Play (a fresh game; the page keeps the save untouched)
    const stuck = state === "newer" && asked.has(slug);
    a.textContent = state === "continue" ? t.continue : state === "newer" && !stuck ? t.update : t.play;
    a.dataset.continue = state === "continue" ? "1" : state === "newer" ? "newer" : "0";
    if (state === "newer") parts.push(stuck ? t.no_update : t.newer);
    else if (s) {
      if (s.in_progress && s.level) parts.push(s.levels ? fmt(t.level, {n: s.level, m: s.levels}) : fmt(t.level1, {n: s.level}));
    }
    if (s) {
      const bests = Object.values(s.best || {});
      if (bests.length) parts.push(fmt(t.best, {n: num(s.lower_better ? Math.min(...bests) : Math.max(...bests), lang)}));
      const stars = Object.values(s.stars || {}).reduce((x, y) => x + y, 0);
      if (s.stars_max) parts.push(fmt(t.stars, {n: stars, m: s.stars_max}));
      else if (stars) parts.push(fmt(t.stars1, {n: stars}));
    }
    cell.querySelector("[data-part=progress]").textContent = parts.join(" · ");
  }
  document.getElementById("gw-lang").textContent = t.lang;
}
// "Reload to update": a newer build the browser has saved (or finds now) takes over, then the page
// reloads and is that build's launcher, which continues the game. Bounded waits: a worker that
// never answers still ends in the reload.
const within = (p, ms) => Promise.race([p, new Promise((r) => setTimeout(r, ms))]);
async function update(slug) {
  session("gridworks:launcher:updating", [...asked, slug].join(","));
  const sw = navigator.serviceWorker;
  try {
    const reg = sw && location.protocol !== "file:" ? await sw.getRegistration() : null;
    if (reg) {
      await within(reg.update().catch(() => {}), 10000);
      const w = reg.installing;
      if (w) await within(new Promise((r) => w.addEventListener("statechange", () => { if (w.state !== "installing") r(); })), 20000);
      if (reg.waiting) {
        const changed = new Promise((r) => sw.addEventListener("controllerchange", r, {once: true}));
        reg.waiting.postMessage({type: "take-over"});
        await within(changed, 10000);
      }
    }
  } catch (e) { /* the reload still loads what the browser has */ }
  location.reload();
}
let lang = pickLang();
render(lang);
document.getElementById("gw-lang").addEventListener("click", (e) => {
  e.preventDefault();
  lang = lang === "ru" ? "en" : "ru";
  set("gridworks:prefs:lang", lang);
  render(lang);
});
document.addEventListener("click", (e) => {
  const a = e.target && e.target.closest ? e.target.closest("a[data-part=play]") : null;
  if (!a || a.dataset.continue !== "newer" || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const slug = a.closest("td[data-game]").dataset.game;
  if (asked.has(slug)) return;  // no update was found: Play opens the game
  e.preventDefault();
  update(slug);
});
addEventListener("pageshow", () => render(lang));  // back from a game: fresh progress
addEventListener("storage", () => render(lang));  // another tab (maybe a newer build) saved
if ("serviceWorker" in navigator && location.protocol !== "file:") navigator.serviceWorker.register("sw.js");
"""


def picture_name(slug: str) -> str:
    return f"{slug}.jpg"


def _row(slug: str, meta: dict[str, str], built: bool, has_picture: bool) -> str:
    t = TEXT["en"]
    title, ru = html.escape(meta["title"]), html.escape(meta["title_ru"])
    desc = html.escape(meta["description_en"])
    if built:
        action = (
            f'<a href="{slug}/" data-part="play" data-continue="0" style="display:inline-block;padding:8px 12px;'
            f'border:2px solid #3E2723;color:#3E2723;text-decoration:none;font-weight:bold;white-space:nowrap">'
            f"{t['play']}</a>"
        )
        pic_open, pic_close = f'<a href="{slug}/" tabindex="-1">', "</a>"
    else:
        action = f'<span style="color:#795548" data-t="soon">{t["soon"]}</span>'
        pic_open = pic_close = ""
    picture = (
        f'{pic_open}<img src="launcher/{picture_name(slug)}" width="{PIC_W}" height="{PIC_H}" alt="{title}" '
        f'style="display:block;border:1px solid #3E2723">{pic_close}'
        if has_picture
        else ""
    )
    return (
        f'<tr><td style="padding:10px;border-top:1px solid #D7CCC8" data-game="{slug}" '
        f'data-built="{str(built).lower()}">'
        f'<table width="100%" cellpadding="0" cellspacing="0"><tr>'
        f'<td width="{PIC_W + 12}" valign="top">{picture}</td>'
        f'<td valign="top" style="overflow-wrap:anywhere"><h2 style="display:inline;font-size:20px;margin:0;color:#3E2723" data-part="title">{title}</h2> '
        f'<span style="color:#795548" data-part="other">{ru}</span><br>'
        f'<span style="color:#5D4037" data-part="desc">{desc}</span><br>'
        f'<small style="color:#795548" data-part="progress"></small>'
        f'<table cellpadding="0" cellspacing="0"><tr><td style="padding-top:8px">{action}</td></tr></table>'
        f"</td></tr></table></td></tr>"
    )


def launcher_html(
    games: list[str],
    version: str,
    pictures: set[str] | None = None,
    formats: dict[str, SaveFormat] | None = None,
) -> str:
    """The launcher page for the built ``games`` (the others are listed as coming soon); ``formats``:
    the saves their pages read (``save_formats(games)`` unless given)."""
    formats = formats if formats is not None else save_formats(games)
    pictures = pictures if pictures is not None else {p.name for p in PICTURES.glob("*.jpg")}
    rows = "\n".join(
        _row(slug, meta, slug in games, picture_name(slug) in pictures) for slug, meta in GAMES.items()
    )
    t = TEXT["en"]
    info = {
        slug: {k: m[k] for k in ("title", "title_ru", "description_en", "description_ru")}
        for slug, m in GAMES.items()
    }
    script = (
        SCRIPT.replace("@LOGIC@", LOGIC.strip())
        .replace("@TEXT@", json.dumps(TEXT, ensure_ascii=False))
        .replace("@GAMES@", json.dumps(info, ensure_ascii=False))
        .replace("@FORMATS@", json.dumps(formats, sort_keys=True))
    )
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(t["title"])}</title>
<meta name="theme-color" content="#3E2723">
<link rel="manifest" href="manifest.webmanifest">
<link rel="icon" href="icons/icon-192.png">
<link rel="apple-touch-icon" href="icons/apple-touch-icon.png">
</head>
<body style="margin:0;font-family:system-ui,sans-serif;background:#FBF7F3">
<table width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:10px">
<table width="100%" style="max-width:680px" cellpadding="0" cellspacing="0">
<tr><td style="padding:10px"><table width="100%" cellpadding="0" cellspacing="0"><tr>
<td><h1 style="color:#3E2723;margin:0 0 6px 0">Gridworks</h1></td>
<td align="right"><a href="#" id="gw-lang" style="color:#3E2723">{TEXT["en"]["lang"]}</a></td></tr></table>
<span style="color:#5D4037" data-t="intro">{html.escape(t["intro"])}</span></td></tr>
{rows}
<tr><td style="padding:10px"><small><a href="selfcheck/" data-t="selfcheck">{t["selfcheck"]}</a> ·
<span data-t="build">{t["build"]}</span> {html.escape(version)}</small></td></tr>
</table></td></tr></table>
<script type="module">{script}</script>
</body>
</html>
"""


def write_launcher(dist: Path, games: list[str], version: str) -> None:
    """Write ``index.html`` and copy the pictures of the built games to ``launcher/``."""
    have = {p.name for p in PICTURES.glob("*.jpg")}
    wanted = {picture_name(g) for g in games} & have
    if wanted:
        (dist / "launcher").mkdir(exist_ok=True)
        for name in sorted(wanted):
            shutil.copy2(PICTURES / name, dist / "launcher" / name)
    (dist / "index.html").write_text(launcher_html(games, version, wanted))


def take_pictures(
    out: Path = PICTURES, scale: float = 0.375, quality: int = 72, built: Path | None = None
) -> list[Path]:
    """Build the site (or use the build in ``built``), open each game at 640×480, step into play
    and save a JPEG ``scale`` times that size (0.375: the launcher's 240×180; 1.2: a poster's 768×576)."""
    import tempfile

    from playwright.sync_api import sync_playwright

    import build
    from buildtools.browser import CHROMIUM_ARGS, chromium_path
    from buildtools.serve import serve_in_thread
    from buildtools.site import built_games

    out.mkdir(parents=True, exist_ok=True)
    saved = []
    with tempfile.TemporaryDirectory() as tmp:
        dist = built or Path(tmp) / "dist"
        if built is None:
            build.build(dist=dist)
        srv, url = serve_in_thread(dist)
        try:
            with sync_playwright() as p:
                b = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                for slug in built_games():
                    page = b.new_page(viewport={"width": 640, "height": 480}, device_scale_factor=scale)
                    page.goto(f"{url}{slug}/")
                    page.wait_for_function(
                        "() => window.gridworks && window.gridworks.ready", timeout=120_000
                    )
                    for button in SHOT_CLICKS.get(slug, []):
                        xy = json.loads(page.evaluate(f"() => window.gridworks.buttonCenter({button!r})"))
                        if xy:
                            page.mouse.click(xy[0], xy[1])
                            page.wait_for_timeout(400)
                    page.wait_for_timeout(1500)
                    path = out / picture_name(slug)
                    page.screenshot(path=str(path), type="jpeg", quality=quality)
                    saved.append(path)
                    page.close()
                b.close()
        finally:
            srv.shutdown()
    return saved


if __name__ == "__main__":
    args = sys.argv[1:]
    built = Path(args[2]) if args[1:2] == ["--dist"] and len(args) == 3 else None
    if args[:1] in (["shots"], ["posters"]) and (len(args) == 1 or built):
        made = (
            take_pictures(built=built)
            if args[0] == "shots"
            else take_pictures(POSTERS, scale=1.2, quality=70, built=built)
        )
        for path in made:
            print(f"{path.relative_to(ROOT)}  {path.stat().st_size} bytes")
    else:
        print("usage: python -m buildtools.launcher shots|posters [--dist DIR]", file=sys.stderr)
        sys.exit(2)
