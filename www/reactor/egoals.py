"""Level titles and goal texts in the player's language.

The level schema holds one (English) title and description; the Russian ones for the campaign and
the engine's sample levels live in ``levels/goals_ru.json`` keyed by level key. Custom levels show
what their author wrote."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from .model import CustomLevels, level_title

GOALS_RU = Path(__file__).with_name("levels") / "goals_ru.json"


@cache
def goals_ru() -> dict[str, dict[str, str]]:
    try:
        data = json.loads(GOALS_RU.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def level_text(key: str, custom: CustomLevels, lang: str) -> tuple[str, str]:
    """(title, goal) of a level key in ``lang`` (English where no translation exists)."""
    title, goal = level_title(key, custom)
    if lang == "ru":
        ru = goals_ru().get(key) or {}
        return str(ru.get("title") or title), str(ru.get("goal") or goal)
    return title, goal
