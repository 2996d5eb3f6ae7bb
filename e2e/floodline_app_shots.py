"""Screenshots of every Floodline screen (level select, key rebinding, play with the board drawn, the
tilt preview, pause, results, endless) at desktop (1000x720) and phone (390x844) sizes, for a before/after look at a
change of the page's app shape (issue #24). Asserts nothing.

    /work/brief/heavy .venv/bin/python -m e2e.floodline_app_shots --dist /tmp/fl-dist --out /tmp/fl-shots
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from buildtools.browser import CHROMIUM_ARGS, chromium_path  # noqa: E402
from buildtools.serve import serve_in_thread  # noqa: E402
from e2e.floodline_util import PHONE, info, start  # noqa: E402
from e2e.util import buttons, click_button  # noqa: E402

#: the desktop size of the before/after comparison (issue #24's brief: 1000x720)
DESKTOP = {"width": 1000, "height": 720}


def settle(page: object, ms: int = 900) -> None:
    """Let the split frames (world layer, HUD) catch up."""
    page.wait_for_timeout(ms)  # type: ignore[attr-defined]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dist", type=Path, required=True)
    ap.add_argument("--out", type=Path, default=Path("/tmp/fl-shots"))
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    srv, url = serve_in_thread(args.dist, cors=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for name, vp in (("desktop", DESKTOP), ("phone", PHONE)):
            ctx = b.new_context(viewport=vp, has_touch=name == "phone")
            page = ctx.new_page()
            page.goto(url + "floodline/")
            page.wait_for_function("() => window.gridworks && window.gridworks.ready", timeout=120_000)

            def shot(what: str, page: object = page, name: str = name) -> None:
                settle(page)
                page.screenshot(path=str(args.out / f"{name}-{what}.png"))  # type: ignore[attr-defined]

            page.keyboard.press("Tab")
            shot("menu")
            page.keyboard.press("KeyH")
            shot("help")
            page.keyboard.press("Escape")
            if any(b["id"] == "keys" for b in buttons(page)):  # the key rebinding screen (keyboard only)
                click_button(page, "keys")
                shot("keys")
                click_button(page, "keys_done")
            start(page, 20, frozen=True)
            shot("play-lv20")
            page.keyboard.down("AltLeft")
            page.keyboard.press("Digit3")
            shot("tilt-preview")
            page.keyboard.up("AltLeft")
            page.keyboard.press("Escape")
            shot("pause")
            page.keyboard.press("Escape")
            start(page, 1, frozen=False)
            for _ in range(30):
                if info(page)["outcome"]:
                    break
                page.keyboard.press("Space")
                page.wait_for_timeout(150)
            shot("lv1-after-drops")
            if any(b["id"] == "levels" for b in buttons(page)):
                click_button(page, "levels")
                shot("menu-after-lv1")
            page.evaluate("() => window.gridworks.floodlineStart(0)")
            shot("endless")
            page.close()
            ctx.close()
        b.close()
    srv.shutdown()


if __name__ == "__main__":
    main()
