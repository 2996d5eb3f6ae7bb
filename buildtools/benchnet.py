"""The bench's network passes (issue #25): a first visit over emulated fast 3G, an update, embeds.

First visit: DevTools network emulation (1.6 Mbit/s down, 750 kbit/s up, 150 ms latency) on the
page, served by a host that compresses nothing (``buildtools.serve``), in a normal browser profile
(on disk) and in a private window (Playwright's default context: an in-memory cache); then the same
over the server's own link (``Link``: 1.6 Mbit/s shared by every response, 150 ms before each),
which also slows what DevTools' emulation of the page does not: its workers' requests (the wheels). Reported:
time until the game is playable, bytes the server sent until then and in all (the offline copy
included), and any file sent twice. The service worker's own requests are not throttled (the
emulation is the page's), which only shortens the time after the game is up.

Embeds: a Blogger-like page with every game's poster; bytes from the game's host and the longest
main-thread task until a tap, also with the CPU slowed 4× (a phone).
"""

from __future__ import annotations

import collections
import functools
import tempfile
import threading
from pathlib import Path
from typing import Any

from buildtools.browser import CHROMIUM_ARGS, chromium_path
from buildtools.serve import Handler, Server

READY = "() => window.gridworks && (window.gridworks.ready || (window.gridworks.errors||[]).length)"
OFFLINE_DONE = (
    "() => window.gridworks.offline && ['ready', 'failed', 'off'].includes(window.gridworks.offline.state)"
)
FAST_3G = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1_600_000 / 8,
    "uploadThroughput": 750_000 / 8,
}
TARGET_S, TARGET_MB = 50.0, 9.0


class Tally:
    """What a server sent: per path, how often and how many bytes."""

    def __init__(self) -> None:
        self.sends: collections.Counter = collections.Counter()
        self.bytes = 0
        self.lock = threading.Lock()

    def snapshot(self) -> tuple[int, dict[str, int]]:
        with self.lock:
            return self.bytes, dict(self.sends)


class Link:
    """A server-side link: ``rate`` bytes per second shared by every response, each answered after
    ``latency`` seconds. Unlike DevTools' emulation (the page's own requests only), it also slows
    the requests of the page's workers and of the service worker, as a real slow link does."""

    def __init__(self, rate: float, latency: float) -> None:
        self.rate, self.latency = rate, latency
        self.lock = threading.Lock()
        self.free_at = 0.0  # when the link has sent everything queued so far

    def send(self, data: bytes, out) -> None:  # noqa: ANN001
        import time

        time.sleep(self.latency)
        for i in range(0, len(data), 16384):
            part = data[i : i + 16384]
            with self.lock:
                now = time.monotonic()
                self.free_at = max(self.free_at, now) + len(part) / self.rate
                wait = self.free_at - now
            time.sleep(wait)
            out.write(part)


def tally_server(root: Path, link: Link | None = None) -> tuple[Server, str, Tally]:
    """A plain static server for ``root`` (no compression) that counts what it sends (through
    ``link`` when given)."""
    tally = Tally()

    class Counting(Handler):
        def copyfile(self, source, outputfile) -> None:  # noqa: ANN001
            data = source.read()
            with tally.lock:
                tally.sends[self.path.split("?")[0]] += 1
                tally.bytes += len(data)
            if link is None:
                outputfile.write(data)
            else:
                link.send(data, outputfile)

    srv = Server(("127.0.0.1", 0), functools.partial(Counting, directory=str(root)))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, f"http://127.0.0.1:{srv.server_address[1]}/", tally


def first_visit(chromium: Any, root: Path, slug: str, private: bool, server_link: bool = False) -> dict:
    """One first visit of ``slug`` over fast 3G (DevTools' emulation of the page's requests, or with
    ``server_link`` the server's own 1.6 Mbit/s, 150 ms link for every request); then waits for the
    offline copy (at full speed over the server's link: its bytes are counted all the same)."""
    link = Link(FAST_3G["downloadThroughput"], FAST_3G["latency"] / 1000) if server_link else None
    srv, base, tally = tally_server(root, link)
    profile = None
    if private:
        browser = chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        ctx = browser.new_context(viewport={"width": 1000, "height": 720})
    else:
        profile = tempfile.TemporaryDirectory()
        browser = None
        ctx = chromium.launch_persistent_context(
            profile.name,
            executable_path=chromium_path(),
            args=CHROMIUM_ARGS,
            viewport={"width": 1000, "height": 720},
        )
    out: dict = {"mode": "private window" if private else "normal profile"}
    try:
        page = ctx.new_page()
        cdp = ctx.new_cdp_session(page)
        cdp.send("Network.enable")
        if not server_link:
            cdp.send("Network.emulateNetworkConditions", FAST_3G)
        samples: list[str] = []
        page.goto(base + slug + "/")
        # the loader's line, every second until the game is up (does it change at least every 2 s?)
        while not page.evaluate(READY):
            samples.append(
                page.evaluate("() => window.gridworks.loaderLine ? window.gridworks.loaderLine() : ''")
            )
            page.wait_for_timeout(1000)
        out["errors"] = page.evaluate("() => window.gridworks.errors.map((e) => e.summary)")
        if out["errors"]:
            return out
        timings = page.evaluate("() => window.gridworks.timings")
        out["playable_s"] = timings["interactive"] / 1000
        # when Python was up and when the last wheel had come (Python starts while wheels download)
        out["python_s"] = (timings.get("runtime") or 0) / 1000
        out["wheels_s"] = (timings.get("wheelsFetched") or 0) / 1000
        # modules that needed the standard library's second part (fetched on demand)
        out["more"] = page.evaluate("() => window.gridworks.stdlibMore || []")
        out["snapshot"] = bool(page.evaluate("() => window.gridworks.snapshot"))
        out["bytes_playable"], _ = tally.snapshot()
        changes = [i for i in range(1, len(samples)) if samples[i] != samples[i - 1]]
        out["still_s"] = max((b - a for a, b in zip([0, *changes], [*changes, len(samples)])), default=0)
        out["loader"] = samples[len(samples) // 2] if samples else ""
        if link is not None:
            link.rate, link.latency = 1e12, 0.0  # the offline copy at full speed
        page.wait_for_function(OFFLINE_DONE, timeout=300_000)
        out["offline"] = page.evaluate("() => window.gridworks.offline.state")
        out["bytes_total"], sends = tally.snapshot()
        out["twice"] = sorted(p for p, n in sends.items() if n > 1)
    finally:
        ctx.close()
        if browser:
            browser.close()
        if profile:
            profile.cleanup()
        srv.shutdown()
    return out


def first_visit_table(chromium: Any, root: Path, slugs: list[str]) -> list[dict]:
    """Print the fast-3G first-visit table (normal profile and private window per game)."""
    print(
        "\nFirst visit over fast 3G (DevTools emulation 1.6 Mbit/s, 150 ms; a host that compresses nothing)"
        f", targets: playable ≤ {TARGET_S:.0f} s, ≤ {TARGET_MB:.0f} MB, no file twice; '(link)': the server's"
        " own 1.6 Mbit/s, 150 ms link, which also slows the requests of the page's wheel worker (DevTools'"
        " emulation slows the page's own requests only)"
    )
    print(
        f"{'page':10}{'window':>22}{'playable s':>12}{'MB to play':>12}{'MB in all':>11}{'still s':>9}  twice"
    )
    rows = []
    for slug in slugs:
        for private, server_link in ((False, False), (True, False), (False, True), (True, True)):
            r = first_visit(chromium, root, slug, private, server_link)
            if server_link:
                r["mode"] += " (link)"
            rows.append({"page": slug, **r})
            if r["errors"]:
                print(f"{slug:10}{r['mode']:>22}  ERROR {r['errors'][0]}")
                continue
            ok = r["playable_s"] <= TARGET_S and r["bytes_playable"] / 1e6 <= TARGET_MB and not r["twice"]
            print(
                f"{slug:10}{r['mode']:>22}{r['playable_s']:12.1f}{r['bytes_playable'] / 1e6:12.2f}"
                f"{r['bytes_total'] / 1e6:11.2f}{r['still_s']:9d}  {r['twice'] or 'none'}"
                f"  {'PASS' if ok else 'FAIL'}{' (snapshot)' if r['snapshot'] else ''}; Python up {r['python_s']:.1f} s,"
                f" last wheel {r['wheels_s']:.1f} s; rest of stdlib fetched for: {r['more'] or 'nothing'};"
                f" loader: {r['loader']!r}"
            )
    return rows


def embed_figures(browser: Any, root: Path, slugs: list[str]) -> dict:
    """A Blogger-like page with one poster per game: bytes from the game's host before a tap and
    the longest main-thread task, at full speed and with the CPU slowed 4×."""
    from buildtools.serve import serve_in_thread
    from buildtools.site import embed_snippet

    srv, base, tally = tally_server(root)
    blog = tempfile.TemporaryDirectory()
    filler = "".join(f"<p>Paragraph {i}.</p>" for i in range(30))
    posts = "".join(
        "\n".join(embed_snippet(s, base, 1).strip("\n").split("\n")[1:-1]) + filler for s in slugs
    )
    Path(blog.name, "blog.html").write_text(
        f"<!doctype html><html lang='ru'><body><h1>Blog</h1>{posts}</body></html>"
    )
    # the same page without the posters: the blog's own long tasks (parsing, layout) for comparison
    Path(blog.name, "plain.html").write_text(
        f"<!doctype html><html lang='ru'><body><h1>Blog</h1>{filler * len(slugs)}</body></html>"
    )
    bsrv, burl = serve_in_thread(Path(blog.name))
    out: dict = {"embeds": len(slugs)}
    try:
        for rate in (1, 4):
            ctx = browser.new_context(viewport={"width": 1000, "height": 720})
            page = ctx.new_page()
            cdp = ctx.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            page.add_init_script(
                "window.__lt=[];new PerformanceObserver(l=>{for(const e of l.getEntries())window.__lt.push(e.duration)})"
                ".observe({type:'longtask',buffered:true});"
            )
            before, _ = tally.snapshot()
            page.goto(burl.replace("127.0.0.1", "localhost") + "blog.html")
            page.wait_for_load_state("networkidle")
            page.wait_for_timeout(1000)
            after, _ = tally.snapshot()
            out[f"bytes_cpu{rate}"] = after - before
            out[f"longest_cpu{rate}"] = max(page.evaluate("() => window.__lt"), default=0.0)
            out["iframes"] = page.locator("iframe").count()
            page.goto(burl.replace("127.0.0.1", "localhost") + "plain.html")
            page.wait_for_load_state("networkidle")
            page.wait_for_timeout(1000)
            out[f"plain_cpu{rate}"] = max(page.evaluate("() => window.__lt"), default=0.0)
            ctx.close()
    finally:
        srv.shutdown()
        bsrv.shutdown()
        blog.cleanup()
    print(
        f"\nEmbeds: {out['embeds']} posters on one Blogger-like page: {out['bytes_cpu1'] / 1000:.1f} kB from the"
        f" game's host before a tap ({out['bytes_cpu1'] / out['embeds'] / 1000:.1f} kB each, target ≤ 150 kB),"
        f" {out['iframes']} iframes; longest main-thread task {out['longest_cpu1']:.0f} ms"
        f" (CPU 4× slower: {out['longest_cpu4']:.0f} ms), target none over 50 ms; the same page without"
        f" the posters: {out['plain_cpu1']:.0f} ms ({out['plain_cpu4']:.0f} ms with the CPU 4× slower)"
    )
    return out
