"""Engine state values: the active piece, outcome, and the whole game state (treated as immutable)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from engine.floodline.bag import BagState
from engine.floodline.board import Board, Material
from engine.floodline.geometry import Gravity, Vec, add
from engine.floodline.level import Level
from engine.floodline.pieces import offsets


class Status(StrEnum):
    WON = "WON"
    LOST = "LOST"


class Reason(StrEnum):
    """Why the game ended (Rules §11 plus this implementation's supply/top-out ends)."""

    OBJECTIVES_MET = "OBJECTIVES_MET"
    OVERFLOW = "OVERFLOW"
    TILT_BUDGET_EXCEEDED = "TILT_BUDGET_EXCEEDED"
    WEIGHT_EXCEEDED = "WEIGHT_EXCEEDED"
    WATER_FORBIDDEN = "WATER_FORBIDDEN"
    COLLAPSE = "COLLAPSE"
    RESTING_ON_WATER = "RESTING_ON_WATER"
    WATER_OVERFLOW = "WATER_OVERFLOW"
    TOP_OUT = "TOP_OUT"
    OUT_OF_PIECES = "OUT_OF_PIECES"
    #: an objective needs more successful tilts than the budget / max rotations still allow (issue #16)
    TILTS_EXHAUSTED = "TILTS_EXHAUSTED"


@dataclass(frozen=True, slots=True)
class Outcome:
    status: Status
    reason: Reason
    tick: int
    stars: int = 0
    score: int = 0


@dataclass(frozen=True, slots=True)
class ActivePiece:
    """The falling piece: shape, orientation (rotation index), origin cell and timers."""

    piece_id: str
    material: Material
    rot: int
    origin: Vec
    armed: bool = False
    lock_timer: int = -1  # -1 = lock delay not running
    lock_resets: int = 0
    grounded: bool = False
    gravity_timer: int = 0

    def cells(self) -> list[Vec]:
        return [add(self.origin, v) for v in offsets(self.piece_id, self.rot)]

    def moved(self, **kw: Any) -> ActivePiece:
        return replace(self, **kw)


METRIC_KEYS = (
    "piecesUsed",
    "rotations",
    "holdsUsed",
    "freezesUsed",
    "stabilizesUsed",
    "drainsPlaced",
    "shiftVoxelsTotal",
    "lostVoxelsTotal",
    "waterRemovedTotal",
    "waterOverflowTotal",
    "massPlaced",
    "majorCollapses",
    "score",
    "lastShift",
    "lastLost",
    "lastDrained",
    "lastDisplaced",
    "resolves",
)


@dataclass(slots=True)
class State:
    """One moment of a Floodline game.  Never mutated after ``apply`` returns it (boards are shared)."""

    level: Level
    board: Board
    gravity: Gravity
    tick: int
    active: ActivePiece | None
    hold: tuple[str, Material] | None
    hold_used: bool
    queue: tuple[tuple[str, Material], ...]
    bag: BagState
    das_dir: str | None
    das_timer: int
    cooldown: int
    charges: dict[str, int]
    metrics: dict[str, int]
    streaks: tuple[int, ...]
    wind_rng: tuple[int, int]
    wind_next: int  # tick of the next gust (-1 = no wind)
    gusts: int
    height_limit: int
    outcome: Outcome | None = None
    last_resolve: dict[str, int] = field(default_factory=dict)
    #: stars already secured while a "survives K tilts" star is still open (RULES.md 36b); 0 = none
    win_pending: int = 0
    #: the cells of the last piece that locked, where it locked (for the glue's events; not hashed)
    last_lock: tuple[Vec, ...] = ()

    def copy(self) -> State:
        s = State(
            self.level,
            self.board,
            self.gravity,
            self.tick,
            self.active,
            self.hold,
            self.hold_used,
            self.queue,
            self.bag,
            self.das_dir,
            self.das_timer,
            self.cooldown,
            dict(self.charges),
            dict(self.metrics),
            self.streaks,
            self.wind_rng,
            self.wind_next,
            self.gusts,
            self.height_limit,
            self.outcome,
            self.last_resolve,
            self.win_pending,
            self.last_lock,
        )
        return s

    @property
    def tilt_budget_left(self) -> int | None:
        b = self.level.rotation.tilt_budget
        return None if b is None else b - self.metrics["rotations"]

    def snapshot(self) -> dict[str, Any]:
        """JSON-ready view of everything that matters to the rules (hashed for determinism)."""
        a = self.active
        return {
            "board": self.board.snapshot(),
            "gravity": self.gravity.value,
            "tick": self.tick,
            "active": None
            if a is None
            else [
                a.piece_id,
                a.material.value,
                a.rot,
                list(a.origin),
                a.armed,
                a.lock_timer,
                a.lock_resets,
                a.grounded,
                a.gravity_timer,
            ],
            "hold": None if self.hold is None else [self.hold[0], self.hold[1].value],
            "holdUsed": self.hold_used,
            "queue": [[p, m.value] for p, m in self.queue],
            "bag": [list(self.bag.rng), self.bag.index, list(self.bag.remaining), list(self.bag.extra)],
            "das": [self.das_dir, self.das_timer],
            "cooldown": self.cooldown,
            "charges": self.charges,
            "metrics": self.metrics,
            "streaks": list(self.streaks),
            "wind": [list(self.wind_rng), self.wind_next, self.gusts],
            "heightLimit": self.height_limit,
            **({"winPending": self.win_pending} if self.win_pending else {}),
            "outcome": None
            if self.outcome is None
            else [
                self.outcome.status.value,
                self.outcome.reason.value,
                self.outcome.tick,
                self.outcome.stars,
                self.outcome.score,
            ],
        }
