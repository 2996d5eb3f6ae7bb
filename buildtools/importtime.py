"""``python -m buildtools.importtime [--dist DIR] [--pages ternar,orbit]``: what each game's first
import costs in the browser (Pyodide in headless Chromium), module by module.

The page's start-up Python (from boot.js) is given an import timer before it imports the game
(``window.gridworks.pythonBefore``, read by boot.js); ``--warm`` times the reload a returning
player makes (every file from the service worker, the snapshot from its cache):
every first import is timed inclusive (with what it imports) and self (without). Prints, per game,
the total and the modules that cost most, so the game's glue can import lazily what its first frame
does not need.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from buildtools.browser import CHROMIUM_ARGS, chromium_path  # noqa: E402
from buildtools.serve import serve_in_thread  # noqa: E402

TIMER = r"""
import builtins as _bi, sys as _sys, time as _time, js as _js
_orig_import, _stack, _times = _bi.__import__, [], {}
def _timed_import(name, globals=None, locals=None, fromlist=(), level=0):
    pkg = (globals or {}).get("__package__") or ""
    full = name if level == 0 else (pkg.rsplit(".", level - 1)[0] + "." + name if name else pkg)
    new = full not in _sys.modules
    t = _time.perf_counter()
    _stack.append(0.0)
    try:
        return _orig_import(name, globals, locals, fromlist, level)
    finally:
        dt = _time.perf_counter() - t
        inner = _stack.pop()
        if _stack:
            _stack[-1] += dt
        if new:
            _times[full] = (dt * 1000, (dt - inner) * 1000)
_bi.__import__ = _timed_import
def _report():
    _bi.__import__ = _orig_import
    _js.window.gridworksImportTimes = _js.JSON.parse(__import__("json").dumps(_times))
"""
PHASES = (
    "runtime",
    "packages",
    "depsInstalled",
    "wheelsFetched",
    "wheelsInstalled",
    "engine",
    "imported",
    "interactive",
)


def measure(base: str, games: list[str], warm: bool = False) -> dict[str, dict[str, list[float]]]:
    """Each game's first imports, module by module; ``warm``: on the reload once the service worker
    holds the build (as a returning player's start), else on a first visit. The timer goes in
    through boot.js's ``window.gridworks.pythonBefore`` / ``pythonAfter`` hooks."""
    from playwright.sync_api import sync_playwright

    out = {}
    hooks = json.dumps({"pythonBefore": TIMER, "pythonAfter": "_report()"})
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for game in games:
            ctx = browser.new_context()
            ctx.add_init_script(f"window.gridworks = Object.assign(window.gridworks || {{}}, {hooks});")
            page = ctx.new_page()
            page.goto(f"{base}{game}/")
            page.wait_for_function("() => window.gridworksImportTimes", timeout=120_000)
            if warm:
                page.wait_for_function(
                    "() => ['ready', 'failed'].includes((window.gridworks.offline || {}).state)",
                    timeout=120_000,
                )
                page.reload()
                page.wait_for_function("() => window.gridworksImportTimes", timeout=120_000)
            page.wait_for_function("() => window.gridworks.ready", timeout=120_000)
            out[game] = page.evaluate("() => window.gridworksImportTimes")
            t = page.evaluate("() => window.gridworks.timings")
            print(
                f"{game} ({'warm' if warm else 'cold'}, snapshot {page.evaluate('() => !!window.gridworks.snapshot')}):"
                + "".join(f" {k} {t[k]:.0f}" for k in PHASES if t.get(k) is not None)
            )
            ctx.close()
        browser.close()
    return out


def report(times: dict[str, dict[str, list[float]]], top: int = 15) -> None:
    for game, mods in times.items():
        total = sum(v[1] for v in mods.values())
        print(f"\n{game}: first imports {total:.0f} ms in all (self times); inclusive ms of the packages:")
        for m in ("pydantic", "pydantic_core", "engine", "gwweb", f"gwweb.{game}.app", f"engine.{game}"):
            if m in mods:
                print(f"  {m:40} {mods[m][0]:7.0f}")
        print(f"  most self time (top {top}):")
        for m, (incl, own) in sorted(mods.items(), key=lambda kv: -kv[1][1])[:top]:
            print(f"    {m:50} self {own:6.0f}  incl {incl:6.0f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dist", type=Path, default=ROOT / "dist")
    ap.add_argument("--pages", default="ternar,floodline,reactor,orbit,runmap")
    ap.add_argument("--warm", action="store_true", help="time the reload served by the service worker")
    args = ap.parse_args(argv)
    srv, base = serve_in_thread(args.dist)
    try:
        report(measure(base, [g for g in args.pages.split(",") if g], warm=args.warm))
    finally:
        srv.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
