"""Screenshots of Floodline levels played part-way under a sideways gravity (issue #26 readability:
height ruler, gravity arrow, camera), at desktop and phone sizes, for a look. Each level's committed
solution (``tools/floodline/solutions``) is replayed in CPython to find the tick where gravity is
sideways with the most pieces down; the page is fed the same ticks. Asserts nothing.

    .venv/bin/python -m e2e.floodline_readability_shots --dist /tmp/fl-dist --out /tmp/fl-read --levels 13,20,25,30
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from buildtools.browser import CHROMIUM_ARGS, chromium_path  # noqa: E402
from buildtools.serve import serve_in_thread  # noqa: E402
from e2e.floodline_util import PHONE  # noqa: E402
from engine.core.session import IllegalMoveError, Session  # noqa: E402
from engine.floodline import GAME, parse_move  # noqa: E402
from engine.floodline.campaign import level  # noqa: E402

DESK = {"width": 1000, "height": 720}


def sideways_prefix(n: int) -> tuple[list[str], str]:
    """The solution's moves up to the tick where gravity is sideways with the most pieces down."""
    path = ROOT / "tools" / "floodline" / "solutions" / f"lv{n:02d}.json"
    inputs = [str(t) for t in json.loads(path.read_text())["inputs"]]
    lv = level(n)
    sess = Session(GAME, int(lv["meta"]["seed"]), {"level": lv})
    best, best_key, grav = 0, (-1, -1), "DOWN"
    for k, text in enumerate(inputs):
        try:
            sess.play(parse_move(text))
        except IllegalMoveError:
            break
        s = sess.state
        if s.outcome is not None:
            break
        key = (1 if s.gravity.value != "DOWN" else 0, s.metrics["piecesUsed"])
        if key > best_key:
            best, best_key, grav = k + 1, key, s.gravity.value
    return inputs[:best], grav


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dist", type=Path, required=True)
    ap.add_argument("--out", type=Path, default=Path("/tmp/fl-read"))
    ap.add_argument("--levels", default="13,20,25,30")
    ap.add_argument("--start", action="store_true", help="also a shot of each level's first frame")
    ap.add_argument("--endless", action="store_true", help="also an endless run a few pieces in")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    srv, url = serve_in_thread(args.dist, cors=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for name, vp in (("desktop", DESK), ("phone", PHONE)):
            page = b.new_page(viewport=vp, has_touch=name == "phone")
            page.goto(url + "floodline/")
            page.wait_for_function("() => window.gridworks && window.gridworks.ready", timeout=120_000)
            for n in (int(v) for v in args.levels.split(",")):
                page.evaluate(
                    f"() => {{ window.gridworks.floodlineStart({n}); window.gridworks.floodlineFreeze(true); }}"
                )
                page.wait_for_timeout(400)
                if args.start:
                    page.screenshot(path=str(args.out / f"{name}-lv{n:02d}-start.png"))
                moves, grav = sideways_prefix(n)
                page.evaluate("(m) => window.gridworks.floodlineFeed(m)", moves)
                page.wait_for_timeout(700)
                page.screenshot(path=str(args.out / f"{name}-lv{n:02d}-{grav.lower()}.png"))
                print(name, n, grav, len(moves), flush=True)
            if args.endless:  # an endless run a few pieces in: rain, the flood line, the HUD's numbers
                page.evaluate(
                    "() => { window.gridworks.floodlineStart(0); window.gridworks.floodlineFreeze(true); }"
                )
                page.wait_for_timeout(300)
                spots = [
                    ["mx-", ".", "mx-"],
                    ["mx+", ".", "mx+"],
                    ["mz-", ".", "mz-"],
                    ["mz+", ".", "mz+"],
                    ["."],
                ]
                feed = [m for k in range(14) for m in (*spots[k % 5], ".", "d", ".", ".")]
                page.evaluate("(m) => window.gridworks.floodlineFeed(m)", feed)
                page.wait_for_timeout(700)
                page.screenshot(path=str(args.out / f"{name}-endless.png"))
            page.close()
        b.close()
    srv.shutdown()


if __name__ == "__main__":
    main()
