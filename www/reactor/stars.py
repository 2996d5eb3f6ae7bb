"""Star rating glue: the engine decides (``engine.reactor.campaign``: par from search, three stars
at par, two within two pulses over, one otherwise, a hint costs a star); this module records the
best rating per level in the player's progress, and stores it merged with what another tab stored
(``store_progress``: completed levels by union, stars by maximum; ``gwweb.shared.merge``)."""

from __future__ import annotations

from typing import Any

from engine.reactor.campaign import par, stars_for

from ..shared.merge import adopt, rules_merge

#: two tabs' progress records merge on every write: completed levels by union, stars by maximum
merge_progress = rules_merge({"completed": "union", "stars": "max_map"})


def store_progress(storage: Any, progress: Any) -> None:
    """Store ``progress`` merged with the stored record; ``progress`` takes in the merged result."""
    adopt(progress, storage.update("progress", progress, merge_progress))


def refresh_progress(storage: Any, progress: Any) -> None:
    """Another tab stored its progress: ``progress`` takes in its levels and stars (no write)."""
    adopt(progress, storage.merged("progress", progress, merge_progress))


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


__all__ = [
    "merge_progress",
    "par",
    "record_win",
    "refresh_progress",
    "star_text",
    "stars_for",
    "store_progress",
]
