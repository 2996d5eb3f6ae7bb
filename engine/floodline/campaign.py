"""The 30-level campaign (engine package data in ``levels/``), progress, unlocking and the endless level.

Every rule about which level is playable lives here; the browser glue only asks (issue #14).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

LEVEL_DIR = Path(__file__).resolve().parent / "levels"
COUNT = 30
SKIP_AFTER_LOSSES = 3  # a level also opens once the one before it was lost this often (RULES.md 54)


def level_id(n: int) -> str:
    """``"lv01"`` … ``"lv30"``."""
    return f"lv{n:02d}"


@cache
def _level_text(n: int) -> str:
    if not 1 <= n <= COUNT:
        raise ValueError(f"campaign level {n} does not exist (1..{COUNT})")
    return (LEVEL_DIR / f"{level_id(n)}.json").read_text(encoding="utf-8")


def level(n: int) -> dict[str, Any]:
    """Campaign level ``n`` (1-based) as a fresh level dict."""
    return json.loads(_level_text(n))


def chapter(n: int) -> int:
    """Chapter 1 (Lv 1–10), 2 (11–20) or 3 (21–30)."""
    return (n - 1) // 10 + 1


class Progress(BaseModel):
    """Best stars per level id (``"lv01"`` …), the best endless score, last played level."""

    stars: dict[str, int] = Field(default_factory=dict)
    endless_best: int = Field(default=0, ge=0)
    last: int = Field(default=1, ge=1, le=COUNT)
    endless_runs: int = Field(default=0, ge=0)
    losses: dict[str, int] = Field(default_factory=dict)  # lost runs per level id (records without it: none)


def unlocked(p: Progress, n: int) -> bool:
    """Levels open one after another: a level is playable once the previous one is won, or once the
    previous one was lost ``SKIP_AFTER_LOSSES`` times (no level can stop the campaign)."""
    if n == 1:
        return True
    prev = level_id(n - 1)
    return p.stars.get(prev, 0) > 0 or p.losses.get(prev, 0) >= SKIP_AFTER_LOSSES


def record_loss(p: Progress, n: int) -> None:
    """Count a lost run of campaign level ``n``."""
    key = level_id(n)
    p.losses[key] = p.losses.get(key, 0) + 1


def record(p: Progress, n: int, stars: int) -> bool:
    """Keep the best stars for level ``n``; True if it improved."""
    key = level_id(n)
    if stars > p.stars.get(key, 0):
        p.stars[key] = stars
        return True
    return False


def endless_level(seed: int) -> dict[str, Any]:
    """The endless run on ``seed`` (the rules of endless mode live in ``engine.floodline.endless``)."""
    from engine.floodline.endless import endless_level as make

    return make(seed)
