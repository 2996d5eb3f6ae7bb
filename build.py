#!/usr/bin/env python3
"""Build, serve, test-serve and benchmark the Gridworks static site.

    python build.py                 build dist/
    python build.py serve [--port N] build, then serve dist/ on http://127.0.0.1:N/
    python build.py bench           build, then measure cold/warm start-up and frame times in headless Chromium

Options: --allowed-hosts tron.ru,*.tron.ru,*.blogspot.com   hosts where the games start
         --base-url https://host/path/                          also write Blogger embed snippets

Produces dist/:
  index.html                  launcher listing the five games ("coming soon" for unbuilt ones)
  <game>/index.html           one page per built game (canvas + boot.js), selfcheck/index.html
  boot.js                     loading screen (bytes, estimate), downloads (gzip, stall watchdog),
                              error overlay with Retry, host allow-list, Pyodide start-up
  embed.js                    the one script of a Blogger embed: a tapped poster becomes an iframe
  sw.js                       service worker precaching every file, versioned by content hash
  manifest.webmanifest, icons/ installable web app
  pyodide/                    Pyodide 314.0.7 runtime (wasm + module also as .gz; slimmed stdlib .gz)
  wheels/<hash>/*.whl.gz      gridworks (shared) + one per game + pinned pydantic wheels, gzip
  snapshot/<hash>/            Pyodide memory snapshot (used only with ?gw-snapshot=always)
  embed/<game>.html           Blogger snippets (with --base-url)
The bench adds bench/ (bare.html, sw.js and stock Pyodide in bench/pyodide/: its baseline).
Pinned downloads are cached in .cache/dl and verified against static/artifacts.json.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

from buildtools.artifacts import ArtifactError, fetch_all  # noqa: E402
from buildtools.site import DEFAULT_ALLOWED_HOSTS, assemble  # noqa: E402

DIST = ROOT / "dist"
CACHE = ROOT / ".cache" / "dl"


def cpython_selfcheck() -> dict[str, str]:
    """The reference hashes, computed by this CPython in a clean subprocess."""
    out = subprocess.run(
        [sys.executable, "-m", "engine.core", "selfcheck", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out)


def build(
    allowed_hosts: list[str] | None = None,
    base_url: str | None = None,
    dist: Path = DIST,
    precompile: bool = True,
) -> dict[str, str]:
    t0 = time.perf_counter()
    print("Gridworks build")
    artifacts = fetch_all(CACHE)
    files = assemble(
        dist,
        artifacts,
        allowed_hosts or DEFAULT_ALLOWED_HOSTS,
        base_url,
        cpython_selfcheck(),
        precompile=precompile,
    )
    print(f"  built {dist} in {time.perf_counter() - t0:.1f} s")
    return files


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("command", nargs="?", default="build", choices=["build", "serve", "bench"])
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--cors", action="store_true", help="send Access-Control-Allow-Origin: * (embed hosts)")
    p.add_argument("--allowed-hosts", default=",".join(DEFAULT_ALLOWED_HOSTS))
    p.add_argument("--base-url", default=None, help="absolute URL where dist/ will be hosted (embeds)")
    p.add_argument("--runs", type=int, default=3, help="bench: cold + warm loads per page")
    p.add_argument(
        "--pages", default="", help="bench: only these games (comma list; bare is always measured)"
    )
    p.add_argument("--no-play", action="store_true", help="bench: skip the scripted play (frame times)")
    p.add_argument(
        "--no-3g", action="store_true", help="bench: skip the fast-3G first visit and the embed page"
    )
    p.add_argument(
        "--engine-bench",
        default="floodline,reactor,runmap",
        help="bench: engines whose own benchmark also runs inside the browser (comma list, '' for none)",
    )
    p.add_argument("--no-pyc", action="store_true", help="skip precompiling wheels to bytecode (needs node)")
    p.add_argument("--dist", type=Path, default=DIST, help="output folder (default: dist/)")
    args = p.parse_args(argv)
    hosts = [h.strip() for h in args.allowed_hosts.split(",") if h.strip()]
    try:
        base_url = args.base_url or (f"http://{args.host}:{args.port}/" if args.command == "serve" else None)
        build(hosts, base_url, args.dist, precompile=not args.no_pyc)
    except (ArtifactError, subprocess.CalledProcessError) as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    if args.command == "serve":
        from buildtools.serve import make_server

        srv = make_server(args.dist, host=args.host, port=args.port, cors=args.cors, verbose=True)
        print(f"Serving Gridworks at http://{args.host}:{srv.server_address[1]}/  (Ctrl+C to stop)")
        try:
            srv.serve_forever()
        except KeyboardInterrupt:
            pass
    elif args.command == "bench":
        from buildtools.bench import run_bench

        engines = [g for g in args.engine_bench.split(",") if g]
        pages = [g for g in args.pages.split(",") if g]
        return run_bench(
            args.dist,
            runs=args.runs,
            engine_benches=engines,
            pages=pages,
            play=not args.no_play,
            fast3g=not args.no_3g,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
