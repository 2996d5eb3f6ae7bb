"""What an idle Ternar page costs (issue #30 / #24): CPU-seconds per second and frames per second.

``python -m tools.playtest.ternar_idle --dist DIR [--secs 6]`` (run it through ``/work/brief/heavy``):
serves a built site, opens the Ternar page in Debian's Chromium on a fresh profile and, for each
screen below, leaves the mouse still and measures for ``--secs`` seconds

- the page's main thread (CDP ``Performance.getMetrics`` ``TaskDuration``: CPU-s/s),
- every Chromium process together (``/proc/<pid>/stat`` utime+stime of the browser's process tree),
- the frames the page drew (``gridworks.frameStats().frames``).

Screens: the tutorial's step 0 (hint route on the board) and its ghost card (step 3 of 4), each
while it moves (the first 4 s) and at rest (from ``MOTION_MS`` + 1.5 s after it opened), a game
with the tutorial closed and the mouse off the board, and the same with the mouse resting on a node. Not a
test (timing); the figures go into RULES.md.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from buildtools.browser import CHROMIUM_ARGS, chromium_path  # noqa: E402
from buildtools.serve import serve_in_thread  # noqa: E402
from www.ternar.tutorial_step import MOTION_MS  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def _tree_cpu(tag: str) -> float:
    """CPU seconds so far of the Chromium launched with ``tag`` on its command line and its descendants."""
    procs: dict[int, tuple[int, float]] = {}
    root = None
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
            cmd = (d / "cmdline").read_bytes()
        except OSError:
            continue
        rest = stat[stat.rindex(")") + 2 :].split()
        ppid, ut, stt = int(rest[1]), int(rest[11]), int(rest[12])
        procs[int(d.name)] = (ppid, (ut + stt) / TICK)
        if tag.encode() in cmd and b"--type=" not in cmd:
            root = int(d.name)
    if root is None:
        return 0.0
    keep = {root}
    grew = True
    while grew:
        grew = False
        for pid, (pp, _c) in procs.items():
            if pp in keep and pid not in keep:
                keep.add(pid)
                grew = True
    return sum(procs[p][1] for p in keep)


def _measure(page: Any, cdp: Any, tag: str, secs: float, settle_ms: float = 800) -> dict[str, float]:
    def task() -> float:
        m = cdp.send("Performance.getMetrics")["metrics"]
        return float(next(x["value"] for x in m if x["name"] == "TaskDuration"))

    def frames() -> int:
        return int(page.evaluate("() => window.gridworks.frameStats().frames || 0"))

    page.wait_for_timeout(settle_ms)  # what the last input started (a swell, a toast) settles
    t0, c0, f0, w0 = task(), _tree_cpu(tag), frames(), time.monotonic()
    page.wait_for_timeout(secs * 1000)
    t1, c1, f1, w1 = task(), _tree_cpu(tag), frames(), time.monotonic()
    wall = w1 - w0
    return {
        "main_cpu_s_per_s": round((t1 - t0) / wall, 3),
        "browser_cpu_s_per_s": round((c1 - c0) / wall, 3),
        "fps": round((f1 - f0) / wall, 1),
    }


def info(page: Any) -> dict[str, Any]:
    return dict(json.loads(page.evaluate("() => window.gridworks.ternarInfo()")))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dist", required=True, help="a built site (build.build(dist=...))")
    ap.add_argument("--secs", type=float, default=6.0)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    srv, url = serve_in_thread(Path(args.dist), cors=True)
    tag = f"--gw-idle-probe={uuid.uuid4().hex}"
    out: dict[str, Any] = {"load_before": round(os.getloadavg()[0], 1)}
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=[*CHROMIUM_ARGS, tag])
        ctx = b.new_context(viewport={"width": 1000, "height": 720})
        page = ctx.new_page()
        cdp = ctx.new_cdp_session(page)
        cdp.send("Performance.enable")
        page.goto(f"{url}ternar/?test=1")
        page.wait_for_function("() => window.gridworks && window.gridworks.ready", timeout=120_000)
        page.mouse.move(2, 2)
        assert info(page)["tutorial"] == 0
        # the tutorial moves for MOTION_MS after it opens or after input, then rests
        rest = MOTION_MS + 1500
        out["tutorial_step0_moving"] = _measure(page, cdp, tag, min(args.secs, 4.0), 0)
        out["tutorial_step0_resting"] = _measure(page, cdp, tag, args.secs, rest - 4000)
        canvas = page.locator("canvas").first
        canvas.focus()
        print(json.dumps(out), flush=True)
        # step 0 -> the cards: a game with a turn played reopens the tutorial at its first card
        page.evaluate("() => window.gridworks.autoplay(1)")
        page.reload()
        page.wait_for_function("() => window.gridworks && window.gridworks.ready", timeout=120_000)
        page.wait_for_function("() => JSON.parse(window.gridworks.ternarInfo()).tutorial === 1")
        canvas.focus()
        page.mouse.move(2, 2)
        page.keyboard.press("Enter")  # window card -> ghost card (it pulses)
        out["tutorial_ghost_card_moving"] = _measure(page, cdp, tag, min(args.secs, 4.0), 300)
        out["tutorial_ghost_card_resting"] = _measure(page, cdp, tag, args.secs, rest - 4300)
        page.keyboard.press("Escape")  # skip the rest
        page.wait_for_function("() => JSON.parse(window.gridworks.ternarInfo()).tutorial === null")
        page.mouse.move(2, 2)
        page.wait_for_function("() => JSON.parse(window.gridworks.ternarInfo()).toasts.length === 0")
        out["game_mouse_off_board"] = _measure(page, cdp, tag, args.secs)
        st = info(page)
        nid = next(i for i, v in enumerate(st["values"]) if v)
        x, y = json.loads(page.evaluate(f"() => window.gridworks.nodeCenter({nid})"))
        box = canvas.bounding_box()
        assert box is not None
        page.mouse.move(box["x"] + x, box["y"] + y)
        out["game_mouse_on_node"] = _measure(page, cdp, tag, args.secs)
        b.close()
    srv.shutdown()
    out["load_after"] = round(os.getloadavg()[0], 1)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
