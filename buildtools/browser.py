"""Where Debian's Chromium is and the flags it needs on a machine with a closed network."""

from __future__ import annotations

import os
import shutil

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]

# The browser tests (not the benches) compile WebAssembly once, with V8's baseline compiler only: a
# Pyodide boot then costs ~40 % less CPU (reactor page, 3 boots each, loaded 2-core machine: 11.0 ->
# 6.7 CPU-s; ternar 15.9 -> 10.3), and CI is bound by boots. The code behaves the same, just runs
# slower when hot, so frame times printed by e2e tests are pessimistic; the benches keep Chromium's
# default tiering, as players have it. GW_E2E_TIERUP=1 runs the e2e suite with default tiering.
E2E_ARGS = [] if os.environ.get("GW_E2E_TIERUP") else ["--js-flags=--liftoff-only"]


def chromium_path() -> str:
    """``$GRIDWORKS_CHROMIUM``, else ``chromium`` on PATH, else Debian's /usr/bin/chromium."""
    return os.environ.get("GRIDWORKS_CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
