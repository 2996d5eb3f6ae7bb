"""Star rating and best pulses glue: the engine decides (``engine.reactor.campaign``: par from search,
three stars at par, two within two pulses over, one otherwise, a hint costs a star;
``engine.reactor.progress``: progress format 2 with the best pulses per level and the map they were
set on, ``record_win``); this module keeps the page's progress record in that format.

The record is stored as version ``PROGRESS_FORMAT`` (2). A format-1 record (completed + stars) reads
as format 2 with no bests, every star kept, and is written back as format 2 on the next win.
Two tabs' records merge on every write (``merge_progress``): completed levels by union, stars by
maximum, best pulses by minimum on the same map (a best set on today's map wins over one set on an
earlier version of it).
"""

from __future__ import annotations

from typing import Any

from engine.reactor.campaign import par, stars_for
from engine.reactor.progress import (
    PROGRESS_FORMAT,
    Best,
    Progress,
    best_pulses,
    campaign_fingerprint,
)
from engine.reactor.progress import record_win as engine_record_win

from ..shared.merge import adopt, max_map, union


def merge_best(key: str, stored: Best, mine: Best) -> Best:
    """The better of two tabs' bests of ``key``: on the same map the fewer pulses; on different
    maps the one set on today's map (this tab's when neither is)."""
    if stored.fingerprint == mine.fingerprint:
        return stored if stored.pulses < mine.pulses else mine
    return stored if stored.fingerprint == campaign_fingerprint(key) else mine


def merge_progress(stored: Progress, mine: Progress) -> Progress:
    """Two tabs' progress as one: completed by union, stars by maximum, bests by ``merge_best``."""
    best = dict(stored.best)
    for key, b in mine.best.items():
        best[key] = b if key not in best else merge_best(key, best[key], b)
    return Progress(
        completed=union(stored.completed, mine.completed),
        stars=max_map(stored.stars, mine.stars),
        best=best,
    )


def store_progress(storage: Any, progress: Progress) -> None:
    """Store ``progress`` merged with the stored record; ``progress`` takes in the merged result."""
    adopt(progress, storage.update("progress", progress, merge_progress, PROGRESS_FORMAT))


def refresh_progress(storage: Any, progress: Progress) -> None:
    """Another tab stored its progress: ``progress`` takes in its levels, stars and bests (no write)."""
    adopt(progress, storage.merged("progress", progress, merge_progress, PROGRESS_FORMAT))


def star_text(n: int) -> str:
    return "★" * n + "☆" * (3 - n)


def record_win(
    progress: Progress,
    key: str,
    pulses: int,
    hinted: bool = False,
    fingerprint: str = "",
    level_par: int | None = None,
) -> bool:
    """Record a win of ``key`` in ``pulses`` (as the stars count them) on the map ``fingerprint``:
    completed, best stars (against the campaign's par, or ``level_par`` for a custom level with a
    solver's par) and best pulses (``engine.reactor.progress.record_win``). True when progress
    changed; play-tests from the editor (``test:`` keys) are not recorded."""
    if key.startswith("test:"):
        return False
    n = stars_for(pulses, par(key) or level_par, hinted)
    after = engine_record_win(progress, key, pulses, n, fingerprint)
    if after == progress:
        return False
    adopt(progress, after)
    return True


__all__ = [
    "PROGRESS_FORMAT",
    "Progress",
    "best_pulses",
    "merge_progress",
    "par",
    "record_win",
    "refresh_progress",
    "star_text",
    "stars_for",
    "store_progress",
]
