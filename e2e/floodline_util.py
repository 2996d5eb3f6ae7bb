"""Helpers shared by the Floodline e2e tests: the page's info hook, starting a level (optionally with the
clock frozen) and the two viewport sizes."""

from __future__ import annotations

import json
from typing import Any

from e2e.util import after_frames

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def info(page: Any) -> dict:
    """``gridworks.floodlineInfo()``: what the page shows (run, HUD, camera, pad, warnings ...)."""
    return json.loads(page.evaluate("() => window.gridworks.floodlineInfo()"))


def until(page: Any, cond: str, timeout: int = 15_000) -> dict:
    """Wait until ``cond`` (a JS expression over ``s``, the page's ``floodlineInfo()``) holds; return ``s``."""
    page.wait_for_function(
        f"() => {{ const s = JSON.parse(window.gridworks.floodlineInfo()); return {cond}; }}", timeout=timeout
    )
    return info(page)


def start(page: Any, n: int, frozen: bool = True) -> None:
    """Start campaign level ``n`` through the test hook; ``frozen`` stops the game clock."""
    page.evaluate(
        f"() => {{ window.gridworks.floodlineStart({n}); window.gridworks.floodlineFreeze({str(frozen).lower()}); }}"
    )
    page.wait_for_timeout(80)
    after_frames(page)
