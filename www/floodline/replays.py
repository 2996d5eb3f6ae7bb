"""Last-run replays: stored after each run, watched in the page, exported/imported as a file.

A file is ``{"floodline": 1, "level": n, "replay": <engine Replay>}`` (``level`` 0 = endless with
the replay's seed). Import checks the rules version and level hash through the engine and
reports any problem as a readable sentence.
"""

from __future__ import annotations

import json
from typing import Any

from gwweb.floodline.campaign import COUNT, endless_level, level
from pydantic import BaseModel, Field

from engine.core.schema import SchemaError
from engine.floodline import TickInput, parse_level, parse_move, parse_replay
from engine.floodline.level import level_hash
from engine.floodline.replay import make_replay

MAX_FILE = 4_000_000


class LastRun(BaseModel):
    level: int = Field(ge=0, le=COUNT)
    seed: int = Field(ge=0)
    inputs: list[str] = Field(default_factory=list, max_length=200_000)


def level_for(n: int, seed: int) -> dict[str, Any]:
    return endless_level(seed) if n == 0 else level(n)


def from_session(n: int, level_dict: dict[str, Any], session: Any) -> LastRun:
    rep = make_replay(parse_level(level_dict), session.seed, list(session.moves))
    return LastRun(level=n, seed=rep.seed, inputs=rep.inputs)


def to_file(run: LastRun) -> str:
    lv = parse_level(level_for(run.level, run.seed))
    rep = make_replay(lv, run.seed, [])
    rep = rep.model_copy(update={"inputs": list(run.inputs)})
    return json.dumps(
        {"floodline": 1, "level": run.level, "replay": rep.model_dump(by_alias=True)}, separators=(",", ":")
    )


def from_file(text: str) -> LastRun:
    """Parse an exported replay; ``ValueError`` with a player-facing reason when it is malformed."""
    if len(text) > MAX_FILE:
        raise ValueError("the file is too large to be a Floodline replay")
    try:
        data = json.loads(text)
    except ValueError:
        raise ValueError("the file is not JSON") from None
    if not isinstance(data, dict) or data.get("floodline") != 1 or "replay" not in data:
        raise ValueError("the file is not a Floodline replay")
    n = data.get("level")
    if not isinstance(n, int) or not 0 <= n <= COUNT:
        raise ValueError(f"unknown level {n!r}")
    try:
        rep = parse_replay(data["replay"])
    except SchemaError as exc:
        raise ValueError(str(exc)) from None
    lv = parse_level(level_for(n, rep.seed))
    if rep.level_hash is not None and rep.level_hash != level_hash(lv):
        raise ValueError("it was recorded on a different version of this level")
    for k, t in enumerate(rep.inputs):
        try:
            parse_move(t)
        except ValueError as exc:
            raise ValueError(f"input {k} ({t[:20]!r}) is not a move: {exc}") from None
    return LastRun(level=n, seed=rep.seed, inputs=rep.inputs)


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
