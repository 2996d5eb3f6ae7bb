"""Campaign glue: the engine's campaign (levels, progress, unlocking, endless) and objective text."""

from __future__ import annotations

from typing import Any

from engine.floodline.campaign import (
    COUNT,
    LEVEL_DIR,
    Progress,
    chapter,
    endless_level,
    level,
    record,
    unlocked,
)

__all__ = [
    "COUNT",
    "LEVEL_DIR",
    "Progress",
    "chapter",
    "endless_level",
    "level",
    "objective_text",
    "record",
    "unlocked",
]


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
