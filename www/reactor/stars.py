"""Star rating glue: the engine decides (``engine.reactor.campaign``: par from search, three stars
at par, two within two pulses over, one otherwise, a hint costs a star); this module records the
best rating per level in the player's progress."""

from __future__ import annotations

from typing import Any

from engine.reactor.campaign import par, stars_for


def star_text(n: int) -> str:
    return "★" * n + "☆" * (3 - n)


def record_win(progress: Any, key: str, pulses: int, hinted: bool = False) -> bool:
    """Mark ``key`` completed and keep its best stars; True when progress changed (play-tests from
    the editor, ``test:`` keys, are not recorded)."""
    if key.startswith("test:"):
        return False
    changed = False
    if key not in progress.completed:
        progress.completed.append(key)
        changed = True
    n = stars_for(pulses, par(key), hinted)
    if n is not None and n > progress.stars.get(key, 0):
        progress.stars[key] = n
        changed = True
    return changed


__all__ = ["par", "record_win", "star_text", "stars_for"]
