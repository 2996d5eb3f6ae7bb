"""Frame-time benchmark of scripted Floodline play in Chromium (issue #20): prints figures, asserts
nothing. Moves, turns, tilts (every third piece) and hard drops are pressed on the keyboard for
``--seconds`` per level; ``frameStats()`` is read and reset every four pieces, and the page's
slowest frames (with the heavy jobs each one ran) are printed at the end.

    .venv/bin/python -m e2e.floodline_frames [--dist DIR] [--levels 14,20,28] [--seconds 25]

Without ``--dist`` the site is built into a temporary folder first. Wall-clock figures: run it on
an idle machine (``uptime`` is printed with them).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from buildtools.browser import CHROMIUM_ARGS, chromium_path  # noqa: E402
from buildtools.serve import serve_in_thread  # noqa: E402


def play(page, lv: int, seconds: float) -> list[dict]:  # noqa: ANN001
    """Scripted play of level ``lv``; the frame stats of each window of four pieces."""
    page.evaluate(f"() => window.gridworks.floodlineStart({lv})")
    page.wait_for_timeout(1500)  # the level's first frames (layer, HUD) are not counted
    page.evaluate("() => window.gridworks.resetFrameStats()")
    windows, k, t0 = [], 0, time.time()
    while time.time() - t0 < seconds:
        st = json.loads(page.evaluate("() => window.gridworks.floodlineInfo()"))
        if st.get("screen") != "play" or st.get("outcome"):
            page.wait_for_timeout(600)  # the results card is part of play
            page.evaluate(f"() => window.gridworks.floodlineStart({lv})")
            page.wait_for_timeout(300)
        for key in ["KeyD", "KeyA", "KeyE", "KeyW"][k % 4 : k % 4 + 1] * (1 + k % 3):
            page.keyboard.press(key)
            page.wait_for_timeout(50)
        if k % 3 == 1:
            page.keyboard.press(f"Digit{1 + (k // 3) % 4}")
            page.wait_for_timeout(250)
        page.keyboard.press("Space")
        page.wait_for_timeout(450)
        k += 1
        if k % 4 == 0:
            windows.append(page.evaluate("() => window.gridworks.frameStats()"))
            page.evaluate("() => window.gridworks.resetFrameStats()")
    windows.append(page.evaluate("() => window.gridworks.frameStats()"))
    return [w for w in windows if w.get("frames")]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dist", type=Path)
    ap.add_argument("--levels", default="14,20,28")
    ap.add_argument("--seconds", type=float, default=25.0)
    args = ap.parse_args()
    dist = args.dist
    if dist is None:
        import build

        dist = Path(tempfile.mkdtemp(prefix="fl-frames-"))
        build.build(dist=dist)
    srv, url = serve_in_thread(dist, cors=True)
    print(f"load average {os.getloadavg()[0]:.1f} (2 cores)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        page = b.new_page(viewport={"width": 1000, "height": 720})
        page.goto(url + "floodline/")
        page.wait_for_function("() => window.gridworks && window.gridworks.ready", timeout=120_000)
        for lv in (int(x) for x in args.levels.split(",")):
            ws = play(page, lv, args.seconds)
            p95 = sorted(w["p95"] for w in ws)
            print(
                f"lv{lv:02d}: {sum(w['frames'] for w in ws)} frames in {len(ws)} windows; "
                f"p50 {sorted(w['p50'] for w in ws)[len(ws) // 2]:.1f} ms, p95 median window "
                f"{p95[len(p95) // 2]:.1f} ms, worst window {p95[-1]:.1f} ms, max {max(w['max'] for w in ws):.1f} ms"
            )
        info = json.loads(page.evaluate("() => window.gridworks.floodlineInfo()"))
        for f in info.get("slowFrames", []):
            print("slow frame (ms, ticks, draw, events, jobs, gc):", f)
        b.close()
    srv.shutdown()


if __name__ == "__main__":
    main()
