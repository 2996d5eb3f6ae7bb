"""Helpers for the end-to-end tests: open a game page, check the canvas, read hooks."""

from __future__ import annotations

import json
from typing import Any

BOOT_TIMEOUT_MS = 120_000


class BootError(AssertionError):
    """The page showed its error overlay instead of becoming ready."""


def wait_ready(page: Any, timeout: int = BOOT_TIMEOUT_MS) -> None:
    """Wait until ``window.gridworks.ready`` or an error; raise ``BootError`` with the details."""
    page.wait_for_function(
        "() => window.gridworks && (window.gridworks.ready || (window.gridworks.errors || []).length > 0)",
        timeout=timeout,
    )
    errors = page.evaluate("() => window.gridworks.errors || []")
    if errors:
        raise BootError("page reported errors:\n" + "\n".join(e["details"] for e in errors))


def open_game(page: Any, site: str, slug: str, timeout: int = BOOT_TIMEOUT_MS) -> None:
    """Navigate to ``/<slug>/`` and wait for readiness."""
    page.goto(f"{site}{slug}/")
    wait_ready(page, timeout)


def canvas_has_pixels(page: Any, selector: str = "canvas", min_colors: int = 3) -> bool:
    """True when the canvas shows at least ``min_colors`` distinct colours (it is not blank)."""
    n = page.evaluate(
        """(sel) => {
            const c = document.querySelector(sel);
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            const seen = new Set();
            for (let i = 0; i < d.length && seen.size < 64; i += 4 * 97) seen.add(d[i] << 16 | d[i+1] << 8 | d[i+2]);
            return seen.size;
        }""",
        selector,
    )
    return int(n) >= min_colors


def state_hash(page: Any) -> str:
    return str(page.evaluate("() => window.gridworks.stateHash()"))


def save_json(page: Any) -> dict:
    return json.loads(page.evaluate("() => window.gridworks.saveJson()"))


def notices(page: Any) -> list[str]:
    return list(page.evaluate("() => Array.from(window.gridworks.notices())"))


def buttons(page: Any) -> list[dict]:
    """The canvas buttons of the last drawn frame: ``[{id, x, y, w, h}, ...]`` in CSS pixels."""
    return json.loads(page.evaluate("() => window.gridworks.buttons()"))


def after_frames(page: Any, n: int = 2) -> None:
    """Return after ``n`` animation frames: the pages handle queued input in their frame loop, so
    two frames after a key or click the game has read it, however loaded the machine is."""
    try:
        page.evaluate(
            "(n) => new Promise(r => { const f = k => k ? requestAnimationFrame(() => f(k - 1)) : r(); f(n); })",
            n,
        )
    except Exception as exc:  # noqa: BLE001 - a click that leaves the page (home) ends its frames
        if "context was destroyed" not in str(exc) and "navigat" not in str(exc):
            raise


def click_button(page: Any, button: str, settle_ms: int = 60) -> None:
    """Click the centre of a canvas button, found by id in the last drawn frame, and return once
    the page has handled it (``settle_ms`` more, then two animation frames)."""
    regions = buttons(page)
    hits = [r for r in regions if r["id"] == button]
    assert hits, f"no button {button!r} on screen: {[r['id'] for r in regions]}"
    r = hits[-1]
    page.mouse.click(r["x"] + r["w"] / 2, r["y"] + r["h"] / 2)
    page.wait_for_timeout(settle_ms)
    after_frames(page)
