"""Screenshots of the Floodline screens played with the keyboard (focus ring on the level select,
the pause card, the play field) at desktop and phone sizes, for a look. Asserts nothing.

    flock /tmp/gw-browser.lock .venv/bin/python -m e2e.floodline_shots --dist /tmp/fl-dist --out /tmp/fl-shots
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
from e2e.floodline_util import DESKTOP, PHONE  # noqa: E402


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
            page = b.new_page(viewport=vp)
            page.goto(url + "floodline/")
            page.wait_for_function("() => window.gridworks && window.gridworks.ready", timeout=120_000)
            page.keyboard.press("Tab")
            page.wait_for_timeout(200)
            page.screenshot(path=str(args.out / f"{name}-menu.png"))
            page.keyboard.press("Enter")
            page.wait_for_timeout(1200)
            page.screenshot(path=str(args.out / f"{name}-play.png"))
            page.keyboard.press("Escape")
            page.wait_for_timeout(200)
            page.keyboard.press("ArrowDown")
            page.wait_for_timeout(200)
            page.screenshot(path=str(args.out / f"{name}-pause.png"))
            page.close()
        b.close()
    srv.shutdown()


if __name__ == "__main__":
    main()
