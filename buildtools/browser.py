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


def chromium_path() -> str:
    """``$GRIDWORKS_CHROMIUM``, else ``chromium`` on PATH, else Debian's /usr/bin/chromium."""
    return os.environ.get("GRIDWORKS_CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
