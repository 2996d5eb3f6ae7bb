"""The bench's Floodline play (``buildtools.benchplay.play_floodline``) with the page's own account
of its slowest frames: which heavy jobs ran in each (issue #20). Prints figures, asserts nothing.

    flock /tmp/gw-browser.lock .venv/bin/python -m e2e.floodline_bench_profile --dist /tmp/fl-dist
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from buildtools.benchplay import FRAME_RECORDER, _summary, play_floodline  # noqa: E402
from buildtools.browser import CHROMIUM_ARGS, chromium_path  # noqa: E402
from buildtools.serve import serve_in_thread  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dist", type=Path, required=True)
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--cprofile", type=int, default=0, help="print a cProfile of starting this level")
    ap.add_argument(
        "--frames", action="store_true", help="print a cProfile of every tick and draw of the play"
    )
    args = ap.parse_args()
    srv, url = serve_in_thread(args.dist, cors=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for _ in range(args.runs):
            ctx = b.new_context(viewport={"width": 1000, "height": 720}, service_workers="block")
            page = ctx.new_page()
            page.add_init_script(FRAME_RECORDER)
            page.goto(url + "floodline/")
            page.wait_for_function("() => window.gridworks && window.gridworks.ready", timeout=180_000)
            page.wait_for_timeout(500)
            if args.cprofile:
                print(page.evaluate(f"() => window.gridworks.floodlineProfileStart({args.cprofile})"))
                page.evaluate("() => window.gridworks.floodlineStart(0)")
                page.reload()
                page.wait_for_function("() => window.gridworks && window.gridworks.ready", timeout=180_000)
                page.wait_for_timeout(500)
            page.evaluate(
                "() => { window.__frames.ms = []; window.__frames.long = []; window.__frames.on = true; }"
            )
            if args.frames:
                page.evaluate("() => window.gridworks.floodlineProfile(true)")
            play_floodline(page)
            rec = page.evaluate("() => { window.__frames.on = false; return window.__frames; }")
            if args.frames:
                print(page.evaluate("() => window.gridworks.floodlineProfile(false)"))
            print(json.dumps(_summary(rec["ms"], rec["long"])))
            ms = rec["ms"]
            print("frames over 12 ms (index: ms):", [(i, round(m, 1)) for i, m in enumerate(ms) if m > 12])
            info = json.loads(page.evaluate("() => window.gridworks.floodlineInfo()"))
            for row in info.get("slowFrames", []):
                print("  slow", row)
            ctx.close()
        b.close()
    srv.shutdown()


if __name__ == "__main__":
    main()
