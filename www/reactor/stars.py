"""Star rating of a won level: pulses used against the level's par, the pulse count of its committed
solution (``levels/solutions.json``: ``solutions`` for the campaign, ``samples`` for the engine's
sample levels). Three stars at par or better, two within two pulses over, one otherwise; levels
without a committed solution (the player's own) get no rating."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from .model import LEVEL_DIR

SLACK = 2  # pulses over par that still earn two stars


@lru_cache(maxsize=1)
def _solutions() -> dict[str, list[str]]:
    try:
        data = json.loads((LEVEL_DIR / "solutions.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    out = {"campaign:" + k: v for k, v in data.get("solutions", {}).items()}
    out.update({"builtin:" + k: v for k, v in data.get("samples", {}).items()})
    return out


def par(key: str) -> int | None:
    """Pulses of the level's committed solution (every lengthy action pulses once); None if none."""
    moves = _solutions().get(key)
    if moves is None:
        return None
    return sum(1 for m in moves if not m.startswith("move"))


def stars_for(pulses: int, par_pulses: int | None) -> int | None:
    """3 at par or under, 2 within ``SLACK`` pulses over, else 1; None without a par."""
    if par_pulses is None:
        return None
    if pulses <= par_pulses:
        return 3
    return 2 if pulses <= par_pulses + SLACK else 1


def star_text(n: int) -> str:
    return "★" * n + "☆" * (3 - n)


def record_win(progress: Any, key: str, pulses: int) -> bool:
    """Mark ``key`` completed and keep its best stars; True when progress changed (play-tests from
    the editor, ``test:`` keys, are not recorded)."""
    if key.startswith("test:"):
        return False
    changed = False
    if key not in progress.completed:
        progress.completed.append(key)
        changed = True
    n = stars_for(pulses, par(key))
    if n is not None and n > progress.stars.get(key, 0):
        progress.stars[key] = n
        changed = True
    return changed
