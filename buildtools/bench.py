"""``python build.py bench``: load-time and frame-time figures in headless Chromium.

For the bare Pyodide page and every game page it loads the page ``runs`` times in
fresh browser contexts (cold HTTP cache, no service worker) and prints medians of
time-to-first-frame and time-to-interactive (ms from navigation start), their
ratio to the bare page, and bytes transferred. Then, per game, frame-time
p50/p95 during a scripted interaction (pointer sweeps and key presses), and a
network-pass check: one first visit with the service worker, until it reports
the precache done, counting how often the server sent each file.
"""

from __future__ import annotations

import collections
import statistics
import threading
from pathlib import Path

from buildtools.browser import CHROMIUM_ARGS, chromium_path
from buildtools.serve import Handler, Server

KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Space", "Enter", "KeyA", "KeyD", "Escape"]


def _counting_server(root: Path) -> tuple[Server, str, collections.Counter]:
    counts: collections.Counter = collections.Counter()

    class Counting(Handler):
        def send_response(self, code, message=None):  # noqa: ANN001
            if code == 200:
                counts[self.path.split("?")[0]] += 1
            super().send_response(code, message)

    import functools

    srv = Server(("127.0.0.1", 0), functools.partial(Counting, directory=str(root)))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, f"http://127.0.0.1:{srv.server_address[1]}/", counts


def _load_once(browser, url: str) -> dict:  # noqa: ANN001
    ctx = browser.new_context(viewport={"width": 1000, "height": 720}, service_workers="block")
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function(
        "() => window.gridworks && (window.gridworks.ready || (window.gridworks.errors||[]).length)",
        timeout=180_000,
    )
    t = page.evaluate("() => window.gridworks.timings")
    size = page.evaluate("""() => performance.getEntriesByType('resource').concat(performance.getEntriesByType('navigation'))
        .reduce((a, e) => a + (e.transferSize || 0), 0)""")
    errors = page.evaluate("() => window.gridworks.errors || []")
    ctx.close()
    return {
        "first": t.get("firstFrame"),
        "tti": t.get("interactive"),
        "python": t.get("packages", t.get("interactive")),
        "engine": t.get("engine", t.get("interactive")),
        "bytes": size,
        "errors": errors,
    }


def _interact(browser, url: str, seconds: float = 4.0) -> dict:  # noqa: ANN001
    ctx = browser.new_context(viewport={"width": 1000, "height": 720}, service_workers="block")
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function("() => window.gridworks && window.gridworks.ready", timeout=180_000)
    page.wait_for_timeout(500)
    page.evaluate("() => window.gridworks.resetFrameStats && window.gridworks.resetFrameStats()")
    steps = int(seconds * 10)
    for i in range(steps):
        x = 100 + (i * 37) % 800
        y = 120 + (i * 53) % 500
        page.mouse.move(x, y, steps=3)
        if i % 5 == 0:
            page.keyboard.press(KEYS[(i // 5) % len(KEYS)])
        page.wait_for_timeout(100)
    stats = page.evaluate("() => window.gridworks.frameStats ? window.gridworks.frameStats() : {}")
    ctx.close()
    return stats


def _network_passes(browser, root: Path, slug: str) -> tuple[int, list[str], int]:  # noqa: ANN001
    srv, base, counts = _counting_server(root)
    ctx = browser.new_context()
    page = ctx.new_page()
    page.add_init_script("""navigator.serviceWorker && navigator.serviceWorker.addEventListener('message',
        e => { if (e.data && e.data.type === 'precached') window.__precached = true; });""")
    page.goto(f"{base}{slug}/")
    page.wait_for_function("() => window.__precached === true", timeout=180_000)
    page.reload()
    page.wait_for_function("() => window.gridworks && window.gridworks.ready", timeout=180_000)
    ctx.close()
    srv.shutdown()
    wanted = set()
    for p in root.rglob("*"):
        if p.is_file():
            rel = p.relative_to(root).as_posix()
            wanted.add("/" + (rel[: -len("index.html")] if rel.endswith("index.html") else rel))
    twice = sorted(path for path, n in counts.items() if n > 1)
    never = len(wanted - set(counts))
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


def run_bench(root: Path, runs: int = 5, engine_benches: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    from buildtools.site import built_games

    chromium = chromium_path()
    srv, base, _counts = _counting_server(root)
    pages = {"bare": "bench/bare.html", **{g: f"{g}/" for g in built_games()}}
    results: dict[str, list[dict]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        for _r in range(runs):  # interleave pages so drift in machine load hits all alike
            for name, path in pages.items():
                results.setdefault(name, []).append(_load_once(browser, base + path))
        print(f"\nLoad times, cold cache, median of {runs} (ms from navigation start)")
        print("(python up = runtime ready and our first Python line runs; wheels in = packages installed)")
        print(
            f"{'page':12} {'python up':>10} {'wheels in':>10} {'first frame':>12} {'interactive':>12} "
            f"{'× bare':>8} {'MB moved':>9}"
        )
        bare_tti = statistics.median(r["tti"] for r in results["bare"])
        for name, rs in results.items():
            bad = [e for r in rs for e in r["errors"]]
            if bad:
                print(f"{name:12} ERROR {bad[0]['summary']}")
                continue
            ff = statistics.median(r["first"] for r in rs)
            tti = statistics.median(r["tti"] for r in rs)
            mb = statistics.median(r["bytes"] for r in rs) / 1e6
            py_up = statistics.median(r["python"] for r in rs)
            wheels_in = statistics.median(r["engine"] for r in rs)
            print(
                f"{name:12} {py_up:10.0f} {wheels_in:10.0f} {ff:12.0f} {tti:12.0f} {tti / bare_tti:8.2f} {mb:9.2f}"
            )
        print("\nFrame times during a scripted interaction (ms per drawn frame)")
        for name, path in pages.items():
            if name == "bare":
                continue
            s = _interact(browser, base + path)
            if s.get("frames"):
                print(
                    f"{name:12} frames {s['frames']:5}  p50 {s['p50']:6.2f}  p95 {s['p95']:6.2f}  max {s['max']:6.2f}"
                )
            else:
                print(f"{name:12} no frames drawn during the interaction")
        games = [g for g in pages if g != "bare"]
        if games:
            most, twice, unfetched = _network_passes(browser, root, games[0])
            print(
                f"\nNetwork passes (first visit of /{games[0]}/ + precache + reload): "
                f"max {most} per file; fetched more than once: {twice or 'none'}; never fetched: {unfetched}"
            )
        if engine_benches:
            _engine_benches(browser, base, engine_benches)
        browser.close()
    srv.shutdown()
    return 0
