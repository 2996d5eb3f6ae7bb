"""Assemble ``dist/``: launcher, game pages, runtime, wheels, service worker, manifest, icons, embeds."""

from __future__ import annotations

import hashlib
import html
import json
import shutil
import struct
import subprocess
import tarfile
import zlib
from pathlib import Path

from buildtools.games import GAMES, TOOLS, games_count_word
from buildtools.launcher import write_launcher
from buildtools.packing import gz, sri, stdlib_keeps, stored_zip, trim_wheel, write_gz
from buildtools.snapshot import make_snapshot
from buildtools.stdlib_split import add_finder, read_used, split_stdlib
from buildtools.wheels import build_wheel

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "static"
VERSION = "0.1.0"

# Only what the pages load (measured with the e2e request log); no source maps, no unused plugins.
PYODIDE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]
DEFAULT_ALLOWED_HOSTS = ["tron.ru", "*.tron.ru", "*.blogspot.com"]
STDLIB_MORE = "pyodide/python_stdlib_more.zip.gz"  # the standard library's second part


def built_games() -> list[str]:
    """Games whose browser glue exists (``www/<game>/app.py``)."""
    return [g for g in GAMES if (ROOT / "www" / g / "app.py").exists()]


def _extract(tgz: Path, dest: Path, wanted) -> list[str]:
    got = []
    with tarfile.open(tgz) as tar:
        for m in tar.getmembers():
            name = m.name.split("/", 1)[1] if "/" in m.name else m.name
            if not m.isfile() or not wanted(name):
                continue
            target = dest / Path(name).name
            target.parent.mkdir(parents=True, exist_ok=True)
            f = tar.extractfile(m)
            assert f is not None
            target.write_bytes(f.read())
            got.append(target.name)
    return got


def _trimmed_lock(src: bytes) -> bytes:
    """Pyodide's lock file without the 350 packages we never load (saves ~120 kB per visit)."""
    lock = json.loads(src)
    lock["packages"] = {}
    return json.dumps(lock, separators=(",", ":")).encode()


def _png(size: int) -> bytes:
    """A simple app icon: brown field, three orange hex-like rings of dots, drawn pixel by pixel."""
    bg, fg, accent = (0x3E, 0x27, 0x23), (0xFF, 0xB7, 0x4D), (0xFF, 0xE0, 0xB2)
    rows = []
    c = size / 2
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            dx, dy = x - c, y - c
            d = max(abs(dx) * 0.866 + abs(dy) * 0.5, abs(dy))
            if d < size * 0.12:
                px = accent
            elif size * 0.2 < d < size * 0.27 or size * 0.34 < d < size * 0.4:
                px = fg
            else:
                px = bg
            row += bytes(px)
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(tag: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
        )

    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", raw)
        + chunk(b"IEND", b"")
    )


def _game_page(slug: str, meta: dict[str, str], preload: list[str], boot_hash: str) -> str:
    """A game page; it loads ``boot.js?h=<build id>`` (boot.js checks that the id is its own)."""
    links = "\n".join(preload)
    page = (STATIC / "game.html").read_text()
    return (
        page.replace("@GAME@", slug)
        .replace("@BOOTHASH@", boot_hash)
        .replace("@TITLE@", html.escape(meta["title"]))
        .replace("@LANG@", meta.get("lang", "en"))
        .replace("@DESCRIPTION@", html.escape(meta["description"]))
        .replace("@PRELOADS@", links)
    )


def _size_text(n: int, lang: str) -> str:
    """A download size for players: "8.6 MB" / "8,6 МБ"."""
    mb = f"{n / 1e6:.1f}"
    return mb.replace(".", ",") + " МБ" if lang == "ru" else mb + " MB"


def embed_snippet(slug: str, base_url: str, download: int = 0) -> str:
    """Blogger snippet (Ternar spec ch. 20): title line, table-only code, description line.

    The code is a poster: the game's picture and a "Tap to play" button with the download size,
    both links to the game page (they work without script), and a full-screen link; ``embed.js``
    (a few kB) turns a tap into the game in an iframe on the game's host. Nothing else loads
    before the tap, so any number of posters fit on a blog's home page."""
    meta = GAMES.get(slug) or TOOLS[slug]
    base = base_url.rstrip("/") + "/"
    ru = meta.get("lang") == "ru"
    lang = "ru" if ru else "en"
    title = meta["title_ru"] if ru else meta["title"]
    play = "▶ Нажмите, чтобы играть" if ru else "▶ Tap to play"
    if download:
        play += f" · {_size_text(download, lang)}"
    full = "Открыть на весь экран" if ru else "Open full screen"
    button = "display:inline-block;padding:10px;border:1px solid #3E2723;color:#3E2723;text-decoration:none"
    href = f"{base}{slug}/"
    # the poster's own sharp picture (768×576: a 380 px poster on a 2× phone screen), else the launcher's
    pic = next((d for d in ("poster", "launcher") if (STATIC / d / f"{slug}.jpg").exists()), None)
    picture = (
        f'<img src="{base}{pic}/{slug}.jpg" width="360" height="270" alt="{html.escape(title)}"'
        ' style="display:block;width:100%;height:auto;border:0">'
        if pic
        else html.escape(title)
    )
    code = (
        '<table width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td align="center" style="padding:10px">'
        f'<table width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:400px"'
        f' data-gridworks-embed="{slug}" data-base="{base}" data-lang="{lang}" data-title="{html.escape(title)}">'
        f'<tr><td data-gridworks-screen="{slug}" align="center" style="padding:10px;border:1px solid #3E2723">'
        f'<a href="{href}" data-gridworks-play="{slug}">{picture}</a>'
        "</td></tr>"
        '<tr><td align="center" style="padding:10px">'
        f'<a href="{href}" data-gridworks-play="{slug}" style="{button}">{play}</a> '
        f'<a href="{href}" style="{button}">{full}</a>'
        "</td></tr></table></td></tr></table>\n"
        f'<script src="{base}embed.js" async></script>'
    )
    desc = meta["description"]
    assert len(desc) <= 150, slug
    return f"{title}\n{code}\n{desc}\n"


def precompile_wheels(wheels_dir: Path, wheels: list[str], pyodide_dir: Path, log=print) -> None:
    """Add CPython 3.14 bytecode to every wheel (compiled by Pyodide under node), cached by content."""
    cache = ROOT / ".cache" / "pyc"
    cache.mkdir(parents=True, exist_ok=True)
    todo = []
    for name in wheels:
        src = wheels_dir / name
        key = hashlib.sha256(src.read_bytes() + (ROOT / "buildtools" / "pyc.mjs").read_bytes()).hexdigest()[
            :20
        ]
        cached = cache / f"{key}-{name}"
        if not cached.exists():
            todo += [str(src), str(cached)]
        else:
            shutil.copy2(cached, src)
    if todo:
        log(f"  precompiling {len(todo) // 2} wheel(s) to Python 3.14 bytecode in Pyodide (node)")
        subprocess.run(
            ["node", str(ROOT / "buildtools" / "pyc.mjs"), str(pyodide_dir)] + todo,
            check=True,
            capture_output=True,
            text=True,
        )
        for i in range(0, len(todo), 2):
            shutil.copy2(todo[i + 1], todo[i])


def precompile_stdlib(stdlib: Path, pyodide_dir: Path, log=print) -> None:  # noqa: ANN001
    """Replace the standard library's first part by its bytecode (``buildtools/pyc_stdlib.mjs``,
    compiled by Pyodide under node), cached by content."""
    script = ROOT / "buildtools" / "pyc_stdlib.mjs"
    data = stdlib.read_bytes()
    cached = (
        ROOT / ".cache" / "pyc" / f"{hashlib.sha256(data + script.read_bytes()).hexdigest()[:20]}-stdlib.zip"
    )
    if not cached.exists():
        log("  precompiling the standard library to Python 3.14 bytecode in Pyodide (node)")
        cached.parent.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_suffix(".tmp")
        subprocess.run(
            ["node", str(script), str(pyodide_dir), str(stdlib), str(tmp)],
            check=True,
            capture_output=True,
            text=True,
        )
        tmp.replace(cached)
    shutil.copy2(cached, stdlib)


def boot_source() -> str:
    """The boot loader's source: ``static/boot/*.js`` (its parts by responsibility) joined in order."""
    return "".join(p.read_text() for p in sorted((STATIC / "boot").glob("*.js")))


def _place_wheel(path: Path, dist: Path) -> dict:
    """Write a wheel, trimmed (``trim_wheel``: a third-party one also sourceless), repacked with
    stored entries and gzip-compressed, to ``wheels/<sha256[:16]>/<name>.gz`` (hash of the .gz);
    returns its entry in boot.js's build info (URL relative to the site root, file name, SRI
    integrity and size of the .gz). The site's own wheels keep their sources (readable tracebacks)."""
    data = gz(trim_wheel(path.read_bytes(), sourceless=not path.name.startswith("gridworks")))
    digest = hashlib.sha256(data).digest()
    rel = f"wheels/{digest.hex()[:16]}/{path.name}.gz"
    (dist / rel).parent.mkdir(parents=True, exist_ok=True)
    (dist / rel).write_bytes(data)
    return {"url": rel, "name": path.name, "integrity": sri(data), "size": len(data)}


# The service worker's offline copy leaves these out: the snapshot is optional (kept by boot.js in
# its own cache on a fast link only), the gzip twins are inflated into their plain file, the embed
# snippets and the posters' pictures are for blogs, bench/ is the benchmark's baseline.
SW_SKIP = ("snapshot/", "embed/", "poster/", "bench/")
GZ_TWINS = {f"pyodide/{n}": f"pyodide/{n}.gz" for n in ("pyodide.asm.wasm", "pyodide.asm.mjs")}


def first_visit_bytes(dist: Path, slug: str) -> int:
    """What a first visit of the game ``slug`` downloads (the runtime and stdlib compressed, the
    shared wheels and the game's own, the loader; no snapshot): the size its poster shows."""
    info = json.loads((dist / "boot.js").read_text().split("const BUILD = ", 1)[1].split(";\n", 1)[0])
    wheels = [w for w in info["wheels"] if w.get("game") in (None, slug)]
    n = sum(e["size"] for e in info["runtime"].values()) + sum(w["size"] for w in wheels)
    extra = [dist / "boot.js", dist / "pyodide" / "pyodide.mjs"]
    return n + sum(p.stat().st_size for p in extra) + 2000


def write_service_worker(
    dist: Path, boot_id: str, twins: dict[str, str] | None = None
) -> tuple[dict[str, str], str]:
    """Write ``dist/sw.js`` listing every other file of ``dist`` with its content hash (and the
    build id the pages load boot.js with); ``twins`` maps a plain file to its .gz twin, which the
    worker downloads and inflates instead (the twin itself is not listed). Returns path → hash
    (sw.js included) and the cache version (a hash of that list)."""
    if twins is None:  # the runtime's gzip twins, where the build has them
        twins = {k: v for k, v in GZ_TWINS.items() if (dist / v).exists()}
    files = {}
    for p in sorted(dist.rglob("*")):
        rel = p.relative_to(dist).as_posix()
        if p.is_file() and rel != "sw.js" and not rel.startswith(SW_SKIP) and rel not in twins.values():
            files[rel] = hashlib.sha256(p.read_bytes()).hexdigest()[:16]
    version = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:12]
    sw = (
        (STATIC / "sw.js")
        .read_text()
        .replace("@VERSION@", version)
        .replace("@BOOTID@", boot_id)
        .replace("/*@FILES@*/ {}", json.dumps(files, indent=0, sort_keys=True))
        .replace("/*@GZ@*/ {}", json.dumps(twins, sort_keys=True))
    )
    (dist / "sw.js").write_text(sw)
    files["sw.js"] = hashlib.sha256(sw.encode()).hexdigest()[:16]
    return files, version


def assemble(
    dist: Path,
    artifacts: dict[str, Path],
    allowed_hosts: list[str],
    base_url: str | None,
    selfcheck: dict[str, str],
    log=print,
    precompile: bool = True,
) -> dict[str, str]:
    """Write the whole site into ``dist`` (emptied first); returns path → content hash."""
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    games = built_games()

    # runtime
    _extract(artifacts["pyodide-314.0.7.tgz"], dist / "pyodide", lambda n: n in PYODIDE_FILES)
    lock = dist / "pyodide" / "pyodide-lock.json"
    lock.write_bytes(_trimmed_lock(lock.read_bytes()))
    # the standard library (less what no page can use) with stored entries (gzip compresses it whole below); the snapshot is made
    # with this very zip, whose directory its zip importer keeps
    stdlib = dist / "pyodide" / "python_stdlib.zip"
    stdlib.write_bytes(stored_zip(stdlib.read_bytes(), stdlib_keeps))

    # wheels: the pinned third-party ones and one for the site's own code (engine + glue), each
    # at a content-addressed URL wheels/<hash>/<name> that boot.js fetches with its integrity
    stage = dist / "wheels" / ".stage"
    stage.mkdir(parents=True)
    names = []
    for name, path in artifacts.items():
        if name.endswith(".whl"):
            shutil.copy2(path, stage / name)
            names.append(name)
    # the site's own code: one wheel shared by every page (engine.core, the glue's shared services)
    # and one per game, so a page downloads only its game and an update only the game that changed
    names.append(
        build_wheel(
            {"engine": ROOT / "engine", "gwweb": ROOT / "www"},
            "gridworks",
            VERSION,
            ["pydantic==2.14.3"],
            stage,
            exclude=frozenset(games),
        ).name
    )
    game_wheels = {}
    for g in games:
        packages = {f"engine/{g}": ROOT / "engine" / g, f"gwweb/{g}": ROOT / "www" / g}
        name = build_wheel(
            {k: v for k, v in packages.items() if v.is_dir()}, f"gridworks-{g}", VERSION, [], stage
        ).name
        names.append(name)
        game_wheels[name] = g
    names.sort()
    # the standard library in two parts: what the shipped code may import, and the rest (fetched
    # only if a module in it is ever imported; see buildtools/stdlib_split.py)
    first, rest, rest_modules = split_stdlib(
        stdlib.read_bytes(), [(stage / n).read_bytes() for n in names], read_used()
    )
    more = gz(rest)
    (dist / STDLIB_MORE).write_bytes(more)
    stdlib.write_bytes(add_finder(first, STDLIB_MORE, sri(more), rest_modules))
    if precompile:
        precompile_stdlib(stdlib, dist / "pyodide", log)
        precompile_wheels(stage, names, dist / "pyodide", log)
    # the Pyodide memory snapshot the pages start from (made under node, like the bytecode)
    snapshot = make_snapshot(dist / "pyodide", [stage / n for n in names], dist, log) if precompile else None
    wheels = [
        {**_place_wheel(stage / n, dist), **({"game": game_wheels[n]} if n in game_wheels else {})}
        for n in names
    ]
    shutil.rmtree(stage)
    # the runtime's big files gzip-compressed for hosts that compress nothing; the wasm and its
    # module keep a plain twin (the service worker's copy, so warm starts stream-compile the wasm)
    pyo = dist / "pyodide"
    runtime = {
        "wasm": write_gz(pyo / "pyodide.asm.wasm", dist, keep_plain=True),
        "mjs": write_gz(pyo / "pyodide.asm.mjs", dist, keep_plain=True),
        "stdlib": write_gz(pyo / "python_stdlib.zip", dist, keep_plain=False),
    }
    twins = GZ_TWINS

    # pages
    pages = {**{g: GAMES[g] for g in games}, **TOOLS}
    build_info = {
        "version": VERSION,
        "wheels": wheels,
        "runtime": runtime,
        "snapshot": snapshot,
        "allowedHosts": allowed_hosts,
        "games": {
            slug: {"title": m["title_ru"] if m.get("lang") == "ru" else m["title"]}
            for slug, m in pages.items()
        },
        "selfcheck": selfcheck,
    }
    # the build's id (a hash of boot.js before the id goes in) links each page to its boot.js: a
    # page loads boot.js?h=<id>, and boot.js reloads a page whose id is not its own (two builds mixed)
    boot = boot_source().replace(
        '/*@BUILD@*/ {version: "dev", wheels: [], allowedHosts: [], games: {}}', json.dumps(build_info)
    )
    boot_hash = hashlib.sha256(boot.encode()).hexdigest()[:16]
    boot = boot.replace("@BUILDID@", boot_hash)
    (dist / "boot.js").write_text(boot)
    preload = [
        '<link rel="modulepreload" href="../pyodide/pyodide.mjs">',
    ]
    for slug, meta in pages.items():
        (dist / slug).mkdir(exist_ok=True)
        (dist / slug / "index.html").write_text(_game_page(slug, meta, preload, boot_hash))
    write_launcher(dist, games, VERSION)
    (dist / "icons").mkdir()
    for size in (192, 512):
        (dist / "icons" / f"icon-{size}.png").write_bytes(_png(size))
    # iOS home screen (opaque, 180 px); the same full-bleed picture serves as the maskable icon (its
    # rings stay inside the central 80 % safe zone)
    (dist / "icons" / "apple-touch-icon.png").write_bytes(_png(180))
    manifest = {
        "name": "Gridworks",
        "short_name": "Gridworks",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#3E2723",
        "theme_color": "#3E2723",
        "description": f"{games_count_word('en').capitalize()} deterministic puzzle and strategy games, offline in your browser.",
        "icons": [
            {"src": f"icons/icon-{s}.png", "sizes": f"{s}x{s}", "type": "image/png", "purpose": purpose}
            for s in (192, 512)
            for purpose in ("any", "maskable")
        ],
    }
    (dist / "manifest.webmanifest").write_text(json.dumps(manifest, indent=1))
    shutil.copy2(STATIC / "embed.js", dist / "embed.js")
    for poster in sorted((STATIC / "poster").glob("*.jpg")):
        if poster.stem in games:
            (dist / "poster").mkdir(exist_ok=True)
            shutil.copy2(poster, dist / "poster" / poster.name)
    if base_url:
        (dist / "embed").mkdir()
        for slug in games:
            (dist / "embed" / f"{slug}.html").write_text(
                embed_snippet(slug, base_url, first_visit_bytes(dist, slug))
            )

    # service worker last: it lists every other file with its content hash
    files, version = write_service_worker(dist, boot_hash, twins)
    log(
        f"  {len(files)} files, {sum(p.stat().st_size for p in dist.rglob('*') if p.is_file()) / 1e6:.1f} MB,"
        f" cache version {version}; games built: {', '.join(games) or 'none'}"
    )
    return files
