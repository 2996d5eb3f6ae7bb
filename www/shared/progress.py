"""One progress record per game: best scores, stars and "can be continued", for the game and the launcher.

Stored as ``gridworks:<game>:scores`` through ``Storage`` (validated, corrupt values kept aside).
The launcher page reads the same record to show "Continue", the best score and the stars.
The numbers come from the engine (who decides what a best score or a star is); this only keeps them.
Every write merges with what is stored at that moment (``merge_scores``: stars and bests by the
better value, the game in progress as this tab says), so two tabs never erase each other's records.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from .merge import max_map, min_map

if TYPE_CHECKING:
    from gwweb.shared.storage import Storage

NAME = "scores"


class Scores(BaseModel):
    """The stored record (version 1)."""

    model_config = ConfigDict(extra="ignore")

    best: dict[str, int] = Field(default_factory=dict)  # mode or level -> best score
    lower_better: bool = False  # best scores are fewest (steps, time) rather than most (points)
    stars: dict[str, int] = Field(default_factory=dict)  # level -> stars earned (the most ever)
    stars_max: int = Field(default=0, ge=0)  # stars on offer in the whole game (0: no stars)
    in_progress: bool = False  # a saved game waits to be continued
    level: int = Field(default=0, ge=0)  # the level "Continue" resumes (0: none)
    levels: int = Field(default=0, ge=0)  # how many levels the game has (0: not a level game)
    score: int = 0  # the score of the game in progress


def merge_scores(stored: Scores, mine: Scores) -> Scores:
    """``mine`` with the stored bests and stars kept: each best the better of both (lowest when
    ``lower_better``), each level's stars the most, stars and levels on offer the larger; the game
    in progress (``in_progress``, ``level``, ``score``) is what this tab says."""
    better = min_map if mine.lower_better else max_map
    return mine.model_copy(
        update={
            "best": better(stored.best, mine.best),
            "stars": max_map(stored.stars, mine.stars),
            "stars_max": max(stored.stars_max, mine.stars_max),
            "levels": max(stored.levels, mine.levels),
        },
        deep=True,
    )


class Progress:
    """Reads and writes a game's ``Scores``; every change is saved at once, merged with the stored one."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.data: Scores = storage.load(NAME, Scores) or Scores()

    def _save(self) -> None:
        self.data = self.storage.update(NAME, self.data, merge_scores)

    def refresh(self) -> None:
        """Another tab wrote the record: take in its stars and bests (nothing is written)."""
        self.data = self.storage.merged(NAME, self.data, merge_scores)

    def best(self, key: str = "") -> int | None:
        return self.data.best.get(key)

    def record_best(self, score: int, key: str = "", lower_better: bool = False) -> bool:
        """Keep ``score`` if it beats the best for ``key`` (higher wins, or lower with
        ``lower_better``); True when it is a new best (against what any tab stored)."""
        self.refresh()
        old = self.data.best.get(key)
        self.data.lower_better = lower_better
        if old is not None and (score >= old if lower_better else score <= old):
            return False
        self.data.best[key] = int(score)
        self._save()
        return True

    def stars(self, key: str) -> int:
        return self.data.stars.get(key, 0)

    def record_stars(self, key: str, n: int, stars_max: int | None = None) -> bool:
        """Keep the most stars ever earned on ``key``; True when it improved (over every tab's)."""
        self.refresh()
        changed = False
        if stars_max is not None and stars_max != self.data.stars_max:
            self.data.stars_max = int(stars_max)
            changed = True
        improved = n > self.data.stars.get(key, 0)
        if improved:
            self.data.stars[key] = int(n)
        if improved or changed:
            self._save()
        return improved

    def total_stars(self) -> int:
        return sum(self.data.stars.values())

    def set_current(self, in_progress: bool, level: int = 0, levels: int = 0, score: int = 0) -> None:
        """What "Continue" resumes: whether a game is saved, its level and score."""
        new = self.data.model_copy(
            update={
                "in_progress": in_progress,
                "level": level,
                "levels": levels or self.data.levels,
                "score": score,
            }
        )
        if new != self.data:
            self.data = new
            self._save()

    def sync(
        self,
        *,
        best: dict[str, int] | None = None,
        stars: dict[str, int] | None = None,
        stars_max: int | None = None,
        in_progress: bool | None = None,
        level: int | None = None,
        levels: int | None = None,
        score: int | None = None,
        lower_better: bool | None = None,
    ) -> None:
        """Mirror figures the game keeps in its own records (the fields given); saved only on change."""
        given = {
            "best": best,
            "stars": stars,
            "stars_max": stars_max,
            "in_progress": in_progress,
            "level": level,
            "levels": levels,
            "score": score,
            "lower_better": lower_better,
        }
        new = self.data.model_copy(update={k: v for k, v in given.items() if v is not None})
        if new != self.data:
            self.data = new
            self._save()

    def replace(self, data: Scores) -> None:
        """Store a whole record (migrating a game's older progress format into this one)."""
        self.data = data
        self._save()
