"""Last-run replays: watched in the page, exported/imported as a file (the stored copy is a
``SaveData``, see ``saves``).

A file is ``{"floodline": 1, "level": n, "replay": <engine Replay>}`` (``level`` 0 = endless with
the replay's seed; the Rules §13 replay carries ``rulesVersion`` and ``levelHash``). Import refuses
a replay of other rules or of another version of the level: the engine says why as a code +
parameters (``ReplayRefused``), ``refusal_text`` words it in the page's language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gwweb.floodline import saves

from engine.core.session import SaveData
from engine.floodline import TickInput, parse_move
from engine.floodline.campaign import COUNT, endless_level, level
from engine.floodline.replay_file import ReplayRefused


def level_for(n: int, seed: int) -> dict[str, Any]:
    return endless_level(seed) if n == 0 else level(n)


def to_file(save: SaveData) -> str:
    """The stored run as an exported replay file."""
    return saves.to_file(save)


def from_file(text: str) -> SaveData:
    """Parse an exported replay (campaign levels of this build); ``ValueError`` says what is wrong."""
    return saves.from_file(text, level_for, COUNT)


def refusal_text(t: Callable[..., str], no: ReplayRefused) -> str:
    """Why a replay file was refused, in the page's language (string ``import_<code>``)."""
    return t(f"import_{no.code}", **{k: str(v)[:40] for k, v in no.params.items()})


class Player:
    """Feeds a stored replay one tick at a time."""

    def __init__(self, inputs: list[str]) -> None:
        self.inputs = inputs
        self.k = 0
        self.left = 0
        self.cur: TickInput | None = None

    def next(self) -> TickInput | None:
        while self.left == 0:
            if self.k >= len(self.inputs):
                return None
            mv = parse_move(self.inputs[self.k])
            self.k += 1
            self.cur, self.left = mv.once(), mv.repeat
        self.left -= 1
        return self.cur
