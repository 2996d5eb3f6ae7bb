"""Campaign levels shipped in ``levels/``, saved progress, and the endless-mode level."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

LEVEL_DIR = Path(__file__).resolve().parent / "levels"
COUNT = 30


@cache
def level(n: int) -> dict[str, Any]:
    """Campaign level ``n`` (1-based) as a level dict."""
    return json.loads((LEVEL_DIR / f"lv{n:02d}.json").read_text(encoding="utf-8"))


def chapter(n: int) -> int:
    return (n - 1) // 10 + 1


class Progress(BaseModel):
    """Best stars per level id (``"lv01"`` …), the best endless score, last played level."""

    stars: dict[str, int] = Field(default_factory=dict)
    endless_best: int = Field(default=0, ge=0)
    last: int = Field(default=1, ge=1, le=COUNT)
    endless_runs: int = Field(default=0, ge=0)


def unlocked(p: Progress, n: int) -> bool:
    """Levels open one after another: a level is playable once the previous one is won."""
    return n == 1 or p.stars.get(f"lv{n - 1:02d}", 0) > 0


def record(p: Progress, n: int, stars: int) -> bool:
    """Keep the best stars for level ``n``; True if it improved."""
    key = f"lv{n:02d}"
    if stars > p.stars.get(key, 0):
        p.stars[key] = stars
        return True
    return False


def endless_level(seed: int) -> dict[str, Any]:
    """Part I §7.2: a 10×10 board with stacked mutators every few pieces; no objectives."""
    return {
        "meta": {"id": "endless", "title": "Endless", "seed": seed, "mode": "ENDLESS"},
        "board": {"size": [10, 10], "height": 24, "heightLimit": 20},
        "bag": {
            "type": "WEIGHTED",
            "weights": {"O2": 3, "I3": 3, "L3": 3, "T3": 2, "I4": 2, "L4": 1, "J4": 1},
            "materials": {"STANDARD": 6, "HEAVY": 1, "REINFORCED": 1},
        },
        "rotation": {"cooldownSeconds": 1},
        "abilities": {"hold": True, "freezeCharges": 2, "stabilizeCharges": 2},
        "cells": [{"pos": [0, 0, 9], "type": "DRAIN", "rate": 2, "scope": "ADJ26"}],
        "hazards": [
            {"type": "WIND_GUST", "params": {"intervalSeconds": 20, "directionMode": "RANDOM_SEEDED"}}
        ],
        "mutators": [
            {"type": "PIECE_COMPLEXITY", "everyPieces": 12},
            {"type": "HEIGHT_SQUEEZE", "everyPieces": 20, "step": 1, "minHeightLimit": 10},
            {"type": "WATER_INJECTION", "everyPieces": 8, "units": 4},
        ],
    }


def objective_text(t: Any, cond: dict[str, Any]) -> str:
    """A condition as a short line in the current language."""
    fmt = {
        "count": cond.get("count", 1),
        "height": cond.get("height", 0),
        "area": cond.get("area", 1),
        "worldLevel": cond.get("worldLevel", 0),
        "length": cond.get("length", 1),
        "units": cond.get("units", 0),
        "maxMass": cond.get("maxMass", 0),
        "metric": t("m_" + str(cond.get("metric", ""))),
        "value": cond.get("value", 0),
    }
    text = t(f"o_{cond['type']}", **fmt)
    if cond.get("maxLostVoxels") is not None:
        text += ", " + t("o_max_lost", n=cond["maxLostVoxels"])
    if cond.get("surviveTilts"):
        text += f" (+{cond['surviveTilts']}⟳)"
    return text
