"""Which standard-library modules the game pages really import (issue #25: a smaller first download).

``python -m tools.bench_stdlib_used [--dist DIR]`` opens every game page of a build (built into a
temporary folder unless ``--dist``) in headless Chromium, plays the bench's scripted game
(``buildtools/benchplay.py``: routes, pieces, cascades, turns, a run), opens the in-game menus
that the script does not, and then reads ``sys.modules`` in the page. Every module that came
from the standard library is written, sorted, to ``buildtools/stdlib_used.txt``; the build keeps
those (and what they import at module level) in the first part of the standard library, and the
rest is fetched after the game is playable (``buildtools/stdlib_split.py``).

Run it through ``/work/brief/heavy`` (a browser run) after a change that imports a new
standard-library module at start-up; a module missing from the list still works (it is fetched
then), it only costs a wait the first time.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "buildtools" / "stdlib_used.txt"

# the names of every module imported so far that was loaded from the standard library's zip
# (its first part, or the second one when a module needed it)
READ = """
import sys
_out = []
for _n, _m in list(sys.modules.items()):
    _f = getattr(_m, '__file__', None) or ''
    if _f.startswith('/lib/python3') and 'site-packages' not in _f or _f.startswith('/lib/python_stdlib'):
        _out.append(_n)
    elif _f == '' and getattr(_m, '__spec__', None) is not None and _m.__spec__.origin in ('frozen',):
        _out.append(_n)
'\\n'.join(sorted(_out))
"""


def used_modules(base: str, games: list[str]) -> dict[str, set[str]]:
    """Per game page: the standard-library modules imported after booting and a scripted play."""
    from playwright.sync_api import sync_playwright

    from buildtools import benchplay
    from buildtools.browser import CHROMIUM_ARGS, chromium_path

    scripts = {
        "ternar": benchplay.play_ternar,
        "floodline": benchplay.play_floodline,
        "reactor": benchplay.play_reactor,
        "orbit": benchplay.play_orbit,
        "runmap": benchplay.play_runmap,
    }
    out: dict[str, set[str]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for game in games:
            ctx = browser.new_context(viewport={"width": 1000, "height": 720}, service_workers="block")
            page = ctx.new_page()
            page.add_init_script(benchplay.FRAME_RECORDER)
            page.goto(f"{base}{benchplay.START.get(game, game + '/')}")
            page.wait_for_function("() => window.gridworks && window.gridworks.ready", timeout=300_000)
            try:
                played = scripts[game](page) if game in scripts else "nothing"
            except Exception as exc:  # noqa: BLE001 - a script that stops early still imported what it did
                played = f"script stopped: {type(exc).__name__}"
            for key in ("Escape", "Escape"):
                page.keyboard.press(key)
                page.wait_for_timeout(200)
            names = page.evaluate(
                "(code) => window.gridworksBoot.runtime.then((py) => py.runPython(code))", READ
            )
            more = page.evaluate("() => window.gridworks.stdlibMore || []")
            errors = page.evaluate("() => (window.gridworks.errors || []).map((e) => e.summary)")
            out[game] = set(names.split("\n")) - {""}
            print(
                f"{game}: {len(out[game])} standard-library modules; played: {played}; "
                f"second part fetched for: {more or 'nothing'}; errors: {errors or 'none'}",
                file=sys.stderr,
            )
            ctx.close()
        browser.close()
    return out


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT))
    import build
    from buildtools.serve import serve_in_thread
    from buildtools.site import built_games

    dist = Path(argv[1]) if argv[:1] == ["--dist"] and len(argv) == 2 else None
    with tempfile.TemporaryDirectory() as tmp:
        if dist is None:
            dist = Path(tmp) / "dist"
            build.build(dist=dist)
        srv, url = serve_in_thread(dist)
        try:
            per_game = used_modules(url, built_games())
        finally:
            srv.shutdown()
    names = sorted(set().union(*per_game.values()))
    OUT.write_text(
        "# standard-library modules the game pages import (tools/bench_stdlib_used.py; one per line)\n"
        + "\n".join(names)
        + "\n"
    )
    print(f"{OUT.relative_to(ROOT)}: {len(names)} modules")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
