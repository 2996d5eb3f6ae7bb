"""What the blog's main thread does in its longest tasks on a page of Gridworks posters (issue #25).

``python -m tools.bench_embed_trace DIST [--rate 4] [--runs 3] [--posters N]``: serves the build in
``DIST``, writes a Blogger-like page with one poster per game (``buildtools.benchnet``'s page) and
the same page without posters, loads each with the CPU slowed ``rate``× under a DevTools trace, and
prints per run the longest main-thread tasks with the events inside them (parse, style, layout,
paint, image decode, script), so a long task can be traced to its cause. Run it through
``/work/brief/heavy``; the machine load is printed with the figures.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import statistics
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from buildtools.browser import CHROMIUM_ARGS, chromium_path
from buildtools.games import GAMES
from buildtools.serve import serve_in_thread

CATEGORIES = "devtools.timeline,disabled-by-default-devtools.timeline,loading,blink,v8"


# ways to write the posters, tried against each other: name -> the poster's code as the page has it
VARIANTS: dict[str, Callable[[str], str]] = {
    "blog": lambda code: code,  # as the build writes it
    "plain": lambda code: "",  # the blog without posters
    "lazy": lambda code: code.replace("<img ", '<img loading="lazy" decoding="async" '),
    "noimg": lambda code: re.sub(r"<img [^>]*>", "", code),
    "noarrow": lambda code: code.replace("▶ ", ""),
    "flat": lambda code: flat(code),
    "flatnoarrow": lambda code: flat(code).replace("▶ ", ""),
    "cv": lambda code: (
        '<div style="content-visibility:auto;contain-intrinsic-size:auto 420px">'
        + code.replace("\n<script", "</div>\n<script", 1)
    ),
}


def flat(code: str) -> str:
    """The poster without its outer centering table (the poster's table centred by ``align``)."""
    return re.sub(
        r'^<table width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td align="center" style="padding:10px">(.*)</td></tr></table>',
        lambda m: m.group(1).replace("<table ", '<table align="center" ', 1),
        code,
        flags=re.S,
    )


def blog_pages(folder: Path, base: str, slugs: list[str], names: list[str]) -> None:
    """``<name>.html`` for each variant in ``names``: a blog page with a poster per game (written
    that way) between paragraphs; "plain" has the paragraphs only."""
    from buildtools.site import embed_snippet

    filler = "".join(f"<p>Paragraph {i}.</p>" for i in range(30))
    codes = ["\n".join(embed_snippet(s, base, 1).strip("\n").split("\n")[1:-1]) for s in slugs]
    for name in names:
        posts = "".join(VARIANTS[name](code) + filler for code in codes)
        (folder / f"{name}.html").write_text(
            f"<!doctype html><html lang='ru'><body><h1>Blog</h1>{posts}</body></html>"
        )


# the bench's own measure (buildtools/benchnet.py embed_figures): the page's long tasks as it sees them
OBSERVER = (
    "window.__lt=[];new PerformanceObserver(l=>{for(const e of l.getEntries())window.__lt.push(e.duration)})"
    ".observe({type:'longtask',buffered:true});"
)


def trace_page(browser: Any, url: str, rate: float, trace: bool = True) -> tuple[list[dict], list[float]]:
    """The trace events (none unless ``trace``) and the long tasks the page observed, of one load
    of ``url`` (fresh context, CPU slowed ``rate``×)."""
    ctx = browser.new_context(viewport={"width": 1000, "height": 720})
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.add_init_script(OBSERVER)
    events: list[dict] = []
    done: list[bool] = []
    cdp.on("Tracing.dataCollected", lambda p: events.extend(p["value"]))
    cdp.on("Tracing.tracingComplete", lambda p: done.append(True))
    if trace:
        cdp.send("Tracing.start", {"categories": CATEGORIES, "transferMode": "ReportEvents"})
    page.goto(url)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(1000)
    seen = [float(x) for x in page.evaluate("() => window.__lt")]
    if trace:
        cdp.send("Tracing.end")
        while not done:
            page.wait_for_timeout(100)
    ctx.close()
    return events, seen


def long_tasks(
    events: list[dict], page_url: str, over_ms: float = 16.0, key: str = "dur"
) -> list[tuple[float, dict[str, float]]]:
    """Main-thread tasks costing more than ``over_ms`` with the cost of each event kind inside them
    (self cost: an event's less its children's). ``key``: "dur" (wall time) or "tdur" (the thread's
    CPU time: what the task costs without the waits a loaded machine adds)."""
    page = {  # the renderer that parsed the page (not another tab's or a browser page's)
        e["pid"] for e in events if e.get("name") == "ParseHTML" and page_url in str(e.get("args", {}))
    }
    main = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain" and e["pid"] in page
    }
    spans = [
        e
        for e in events
        if (e.get("pid"), e.get("tid")) in main and e.get("ph") == "X" and "dur" in e and key in e
    ]
    tasks = [e for e in spans if e["name"] == "RunTask" and e[key] / 1000 > over_ms]
    out = []
    for t in tasks:
        t0, t1 = t["ts"], t["ts"] + t["dur"]
        inner = sorted(
            (
                e
                for e in spans
                if e is not t and (e["pid"], e["tid"]) == (t["pid"], t["tid"]) and t0 <= e["ts"] < t1
            ),
            key=lambda e: (e["ts"], -e["dur"]),
        )
        selfs: dict[str, float] = collections.defaultdict(float)
        stack: list[dict] = []
        for e in inner:
            while stack and e["ts"] >= stack[-1]["ts"] + stack[-1]["dur"]:
                stack.pop()
            if stack:
                selfs[stack[-1]["name"]] -= e[key] / 1000
            selfs[e["name"]] += e[key] / 1000
            stack.append(e)
        out.append((t[key] / 1000, dict(selfs)))
    return sorted(out, key=lambda x: -x[0])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("dist", type=Path)
    ap.add_argument("--rate", type=float, default=4)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--posters", type=int, default=len(GAMES))
    ap.add_argument("--json", type=Path, default=None, help="write the figures here")
    ap.add_argument("--no-trace", action="store_true", help="the observed long tasks only (as the bench)")
    ap.add_argument("--cpu", action="store_true", help="tasks by the thread's CPU time, not wall time")
    ap.add_argument("--pages", default="blog,plain", help=f"variants, of {','.join(VARIANTS)}")
    a = ap.parse_args()
    from playwright.sync_api import sync_playwright

    srv, base = serve_in_thread(a.dist)
    blog = tempfile.TemporaryDirectory()
    names = a.pages.split(",")
    blog_pages(Path(blog.name), base, list(GAMES)[: a.posters], names)
    bsrv, burl = serve_in_thread(Path(blog.name))
    burl = burl.replace("127.0.0.1", "localhost")  # another origin than the game's host
    print(f"load before: {os.getloadavg()}")
    figures: dict[str, list[float]] = collections.defaultdict(list)
    inside: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            for run in range(a.runs):
                for name in names:
                    events, seen = trace_page(browser, f"{burl}{name}.html", a.rate, not a.no_trace)
                    tasks = long_tasks(
                        events, f"{name}.html", 4.0 if a.cpu else 16.0, "tdur" if a.cpu else "dur"
                    )
                    figures[name].append(tasks[0][0] if tasks else 0.0)
                    figures[name + "_seen"].append(max(seen, default=0.0))
                    inside[name].update(tasks[0][1] if tasks else {})
                    print(
                        f"run {run + 1} {name}: the page saw long tasks {[round(x) for x in seen]} ms;"
                        f" traced: {len(tasks)} tasks over {4 if a.cpu else 16} ms"
                    )
                    for dur, selfs in tasks[:3]:
                        top = sorted(selfs.items(), key=lambda kv: -kv[1])[:6]
                        print(f"  {dur:6.1f} ms: " + ", ".join(f"{k} {v:.1f}" for k, v in top))
            browser.close()
    finally:
        srv.shutdown()
        bsrv.shutdown()
        blog.cleanup()
    print(f"load after: {os.getloadavg()}")
    for name, xs in figures.items():
        print(f"{name}: longest per run {[round(x) for x in xs]} ms, median {statistics.median(xs):.0f} ms")
    for name, c in inside.items():
        top_all = sorted(c.items(), key=lambda kv: -kv[1])[:8]
        print(
            f"{name}, in its longest task (mean per run): "
            + ", ".join(f"{k} {v / a.runs:.1f}" for k, v in top_all)
        )
    if a.json:
        a.json.write_text(json.dumps(figures))


if __name__ == "__main__":
    main()
