"""Clocks and fresh seeds for the glue (the engine never reads a clock: seeds are passed in).

``now_ms()`` is the monotonic page clock for animation and toasts; ``wall_ms()`` the wall clock
(timestamps in saves, backups); ``new_seed()`` a fresh 32-bit game seed mixing both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _js() -> Any:
    import js  # type: ignore[import-not-found]

    return js


def now_ms() -> float:
    """Milliseconds on the page's monotonic clock (``performance.now()``)."""
    return float(_js().performance.now())


def wall_ms() -> int:
    """Milliseconds since the Unix epoch (``Date.now()``)."""
    return int(_js().Date.now())


def mix_seed(wall: int, mono_us: int, bits: int = 32) -> int:
    """A seed of ``bits`` bits from two clock readings (pure: testable without a browser)."""
    a = wall & 0xFFFFFFFF
    b = mono_us & 0xFFFFFFFF
    x = ((a * 2654435761) ^ (b * 40503) ^ (a >> 7)) & 0xFFFFFFFF
    if bits <= 32:
        return x & ((1 << bits) - 1)
    y = ((b * 2246822519) ^ (a * 3266489917) ^ (b >> 11)) & 0xFFFFFFFF
    return ((y << 32) | x) & ((1 << bits) - 1)


def new_seed(bits: int = 32) -> int:
    """A fresh game seed (stored in the save, so the game replays exactly)."""
    return mix_seed(wall_ms(), int(now_ms() * 1000), bits)


def idle(fn: Callable[[], None], timeout_ms: int = 2000) -> None:
    """Call ``fn`` in the page's next idle period (``requestIdleCallback``, at the latest after
    ``timeout_ms``; ``setTimeout`` where there is none): work the first frame does not need."""
    js = _js()
    from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

    cb = create_once_callable(lambda *_a: fn())
    if hasattr(js.window, "requestIdleCallback"):
        js.window.requestIdleCallback(cb, js.Object.fromEntries([["timeout", timeout_ms]]))
    else:
        js.setTimeout(cb, 50)
