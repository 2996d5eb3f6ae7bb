"""``python build.py bench``: start-up and frame-time figures in headless Chromium.

Start-up: for the bare page (stock Pyodide as its npm package ships it, written into
``bench/`` by ``write_stock_bare``: none of the site's precompiled or trimmed files) and every game page, ``runs`` times (pages interleaved so
drift in machine load hits all alike), a fresh browser profile loads the page (cold: empty HTTP
cache, no service worker), waits until the service worker has saved the build, then reloads it
(warm: every file from the service worker's cache, as for a returning player). Medians of each
phase (ms from navigation start) and of time-to-interactive, with their ratio to the bare page.

Phases (ms from navigation start, medians): ``pyodide`` = Pyodide's loadPyodide resolved (boot.js
starts it at once; the game pages start Python without the memory snapshot unless the URL has
``?gw-snapshot=always`` (restored Python ran ~3x slower), the bare page starts stock
Pyodide from scratch), ``pyscript`` = our first Python line runs (PyScript's own start-up after
Pyodide), ``fetched`` = wheels fetched and unpacked (in a worker), ``wheels`` = wheels installed
(files written, native modules loaded), ``imported`` = the game's modules imported, ``first frame``,
``interactive``. Targets (issue #25), checked in the same run: every game page interactive within
1.25 × bare Pyodide cold and 1.0 × bare warm; the bench prints PASS/FAIL for each and the machine
load (``uptime``) before and after, since the machine is shared.

Frames: each game is played for real through its test hooks, mouse and keyboard
(``buildtools/benchplay.py``); every requestAnimationFrame callback is timed (the game's step
and draw), and long tasks (> 50 ms) outside them are counted.

Network passes: one first visit of a game, its offline copy and a reload, counting how often the
server sent each file; then (``buildtools/benchnet.py``) the first visit of the first page over
emulated fast 3G in a normal profile and a private window (time to playable, bytes, files sent
twice, how long the loader's line stood still) and a Blogger-like page with every game's poster
(bytes before a tap, longest main-thread task).
"""

from __future__ import annotations

import collections
import functools
import os
import statistics
import threading
from pathlib import Path

from buildtools.browser import CHROMIUM_ARGS, chromium_path
from buildtools.serve import Handler, Server

READY = "() => window.gridworks && (window.gridworks.ready || (window.gridworks.errors||[]).length)"
OFFLINE_READY = (
    "() => window.gridworks.offline && ['ready', 'failed'].includes(window.gridworks.offline.state)"
)
PHASES = [
    ("pyodide", "runtime"),
    ("pyscript", "packages"),
    ("fetched", "wheelsFetched"),
    ("wheels", "engine"),
    ("imported", "imported"),
    ("first frame", "firstFrame"),
    ("interactive", "interactive"),
]
TARGETS = {"cold": 1.25, "warm": 1.0}  # time to interactive, × bare Pyodide (issues #20, #25)


def load() -> str:
    """The machine's load averages (as ``uptime`` shows them), printed with every figure."""
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "load unknown"
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f}"


def _counting_server(root: Path) -> tuple[Server, str, collections.Counter]:
    counts: collections.Counter = collections.Counter()

    class Counting(Handler):
        def send_response(self, code, message=None):  # noqa: ANN001
            if code == 200:
                counts[self.path.split("?")[0]] += 1
            super().send_response(code, message)

    srv = Server(("127.0.0.1", 0), functools.partial(Counting, directory=str(root)))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, f"http://127.0.0.1:{srv.server_address[1]}/", counts


def _timings(page) -> dict:  # noqa: ANN001
    errors = page.evaluate("() => window.gridworks.errors || []")
    t = page.evaluate("() => window.gridworks.timings")
    out = {name: t.get(key) for name, key in PHASES}
    out["errors"] = errors
    out["bytes"] = page.evaluate("""() => performance.getEntriesByType('resource')
        .concat(performance.getEntriesByType('navigation')).reduce((a, e) => a + (e.transferSize || 0), 0)""")
    return out


def _cold_and_warm(browser, url: str) -> tuple[dict, dict]:  # noqa: ANN001
    """One first visit (cold) and one reload once the offline copy is saved (warm)."""
    ctx = browser.new_context(viewport={"width": 1000, "height": 720})
    try:
        page = ctx.new_page()
        page.goto(url)
        page.wait_for_function(READY, timeout=180_000)
        cold = _timings(page)
        if cold["errors"]:  # the game did not start: no offline copy, no warm figure
            return cold, {**cold, "controlled": False}
        page.wait_for_function(OFFLINE_READY, timeout=120_000)
        page.reload()
        page.wait_for_function(READY, timeout=180_000)
        warm = _timings(page)
        warm["controlled"] = page.evaluate("() => !!navigator.serviceWorker.controller")
    finally:
        ctx.close()
    return cold, warm


def write_stock_bare(root: Path, tgz: Path | None = None) -> None:
    """Write the bench's baseline into ``root/bench/``: ``bare.html``, its cache-first worker
    ``sw.js`` and stock Pyodide in ``pyodide/`` exactly as its npm package ships it (the pinned
    tarball's pyodide.mjs, pyodide.asm.mjs/.wasm, full lock file and uncompressed standard
    library; none of the site's trimmed, precompiled or gzip-compressed files)."""
    import tarfile

    from buildtools.site import PYODIDE_FILES, ROOT, STATIC

    tgz = tgz or ROOT / ".cache" / "dl" / "pyodide-314.0.7.tgz"
    out = root / "bench" / "pyodide"
    out.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as tar:
        for m in tar.getmembers():
            name = m.name.split("/", 1)[-1]
            if m.isfile() and name in PYODIDE_FILES:
                f = tar.extractfile(m)
                assert f is not None
                (out / name).write_bytes(f.read())
    (root / "bench" / "bare.html").write_text((STATIC / "bare.html").read_text())
    (root / "bench" / "sw.js").write_text((STATIC / "bare-sw.js").read_text())


def _median(rs: list[dict], key: str) -> float | None:
    vals = [r[key] for r in rs if r.get(key) is not None]
    return statistics.median(vals) if vals else None


def _table(title: str, results: dict[str, list[dict]], target: float) -> dict[str, float | None]:
    """Print each phase's median per page and time to interactive × bare; returns page → ratio."""
    print(f"\n{title}")
    print(
        f"{'page':10}"
        + "".join(f"{name:>12}" for name, _ in PHASES)
        + f"{'× bare':>8}{'MB moved':>10}  target"
    )
    bare = _median(results["bare"], "interactive") or 1.0
    ratios: dict[str, float | None] = {}
    for name, rs in results.items():
        bad = [e for r in rs for e in r["errors"]]
        if bad:
            print(f"{name:10} ERROR {bad[0]['summary']}")
            ratios[name] = None
            continue
        cells = ""
        for phase, _ in PHASES:
            v = _median(rs, phase)
            cells += f"{'—' if v is None else f'{v:.0f}':>12}"
        tti = _median(rs, "interactive") or 0.0
        mb = (_median(rs, "bytes") or 0) / 1e6
        ratios[name] = tti / bare
        verdict = "" if name == "bare" else ("PASS" if tti / bare <= target else "FAIL") + f" ≤ {target}"
        print(f"{name:10}{cells}{tti / bare:8.2f}{mb:10.2f}  {verdict}")
    return ratios


def network_passes(chromium, root: Path, slug: str) -> tuple[int, list[str], int]:  # noqa: ANN001
    """A first visit of ``slug``, its offline copy and a reload with ``chromium`` (Playwright's
    browser type), counting the files the server sent: (most sends of one file, files sent more
    than once, files never sent). A real (on-disk) browser profile: an incognito context's memory cache drops files as big as
    Pyodide's wasm, so the offline copy would fetch it again there."""
    import tempfile

    srv, base, counts = _counting_server(root)
    profile = tempfile.TemporaryDirectory()
    ctx = chromium.launch_persistent_context(
        profile.name, executable_path=chromium_path(), args=CHROMIUM_ARGS
    )
    try:
        page = ctx.new_page()
        page.goto(f"{base}{slug}/")
        page.wait_for_function(READY, timeout=180_000)
        page.wait_for_function(OFFLINE_READY, timeout=120_000)
        page.reload()
        page.wait_for_function(READY, timeout=180_000)
    finally:
        ctx.close()
        srv.shutdown()
        profile.cleanup()
    wanted = set()
    for p in root.rglob("*"):
        if p.is_file():
            rel = p.relative_to(root).as_posix()
            wanted.add("/" + (rel[: -len("index.html")] if rel.endswith("index.html") else rel))
    got: collections.Counter = collections.Counter()
    for path, n in counts.items():
        got[path[: -len("index.html")] if path.endswith("/index.html") else path] += n
    twice = sorted(path for path, n in got.items() if n > 1)
    never = len(wanted - set(got))
    return max(counts.values(), default=0), twice, never


def _engine_benches(browser, base: str, games: list[str]) -> None:  # noqa: ANN001
    """Each engine's own benchmark (``engine/<game>/bench.py``) run inside Pyodide in the page."""
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    page.goto(base + "selfcheck/")
    page.wait_for_function("() => window.gridworks && window.gridworks.ready", timeout=180_000)
    for game in games:
        print(f"\nEngine benchmark in the browser (Pyodide): {game}")
        print(page.evaluate("(g) => window.gridworks.bench(g)", game).rstrip())
    ctx.close()


def run_bench(
    root: Path,
    runs: int = 3,
    engine_benches: list[str] | None = None,
    pages: list[str] | None = None,
    play: bool = True,
    fast3g: bool = True,
) -> int:
    from playwright.sync_api import sync_playwright

    from buildtools.benchplay import play_all
    from buildtools.site import built_games

    games = [g for g in built_games() if not pages or g in pages]
    write_stock_bare(root)
    srv, base, _counts = _counting_server(root)
    urls = {"bare": "bench/bare.html", **{g: f"{g}/" for g in games}}
    cold: dict[str, list[dict]] = {}
    warm: dict[str, list[dict]] = {}
    print(f"Start-up bench, {runs} run(s), {load()} at the start")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for r in range(runs):
            for name, path in urls.items():
                c, w = _cold_and_warm(browser, base + path)
                cold.setdefault(name, []).append(c)
                warm.setdefault(name, []).append(w)
                if not w.get("controlled"):
                    print(f"  warning: warm {name} run {r + 1} was not served by the service worker")
        ratios = {
            "cold": _table(
                f"Cold (first visit, empty cache), median of {runs}, ms from navigation start",
                cold,
                TARGETS["cold"],
            ),
            "warm": _table(
                f"Warm (reload, every file from the service worker), median of {runs}", warm, TARGETS["warm"]
            ),
        }
        print(
            "pyodide = Pyodide up; pyscript = our first Python line runs; fetched = wheels fetched and"
            " unpacked; wheels = installed"
        )
        print(f"{load()} at the end of the start-up runs")
        failed = [
            f"{mode} {name}"
            for mode, rs in ratios.items()
            for name, x in rs.items()
            if name != "bare" and (x is None or x > TARGETS[mode])
        ]
        print(
            f"Start-up targets (cold ≤ {TARGETS['cold']} × bare, warm ≤ {TARGETS['warm']} × bare): "
            + ("PASS for every page" if not failed else "FAIL: " + ", ".join(failed))
        )
        if play and games:
            play_all(browser, base, games)
        if games:
            most, twice, unfetched = network_passes(p.chromium, root, games[0])
            print(
                f"\nNetwork passes (first visit of /{games[0]}/ + offline copy + reload): "
                f"max {most} per file; fetched more than once: {twice or 'none'}; never fetched: {unfetched}"
            )
        if games and fast3g:
            from buildtools.benchnet import embed_figures, first_visit_table

            first_visit_table(p.chromium, root, games[:1])
            embed_figures(browser, root, games)
        if engine_benches:
            _engine_benches(browser, base, engine_benches)
        browser.close()
    srv.shutdown()
    return 0
