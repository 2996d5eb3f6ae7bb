"""The bench's Floodline play started the moment the page is ready, before the idle warm-up has
made level 1's run (issue #20 stress case: the start then waits a warm-up step a frame). Prints
the frame summary and the page's slowest frames with their stages; asserts nothing.

    flock /tmp/gw-browser.lock .venv/bin/python -m e2e.floodline_early_start --dist /tmp/fl-dist
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
    ap.add_argument("--runs", type=int, default=3)
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
            page.evaluate(
                "() => { window.__frames.ms = []; window.__frames.long = []; window.__frames.on = true; }"
            )
            play_floodline(page)  # clicks level 1 at once: its run is still being made
            rec = page.evaluate("() => { window.__frames.on = false; return window.__frames; }")
            print(json.dumps(_summary(rec["ms"], rec["long"])))
            info = json.loads(page.evaluate("() => window.gridworks.floodlineInfo()"))
            for row in info.get("slowFrames", [])[:4]:
                print("  slow", row)
            ctx.close()
        b.close()
    srv.shutdown()


if __name__ == "__main__":
    main()
