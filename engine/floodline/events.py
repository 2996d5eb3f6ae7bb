"""What happened during a move, for the glue to animate and sound (Part I §12); no rule lives here.

``FloodlineGame.apply_with_events(state, move)`` returns the new state and these events, tick by
tick in order (``Session(..., keep_events=True)`` keeps them in ``session.last_events``). Each event
is read off the rules' own results (metrics, gravity, the last resolve report, the outcome), so the
glue never compares states to find out what happened.

Kinds: ``tilt`` (``gravity`` = the gravity before), ``refused`` (a tilt that did not happen;
``why`` = ``preview.tilt_refusal``), ``lock`` / ``drop`` (a piece locked, hard-dropped for ``drop``;
``cells`` and ``material`` of the piece), ``drainlock``, ``thaw``, ``collapse``, ``drain``,
``flow`` (``count`` = water cells that changed), ``rotate``, ``gust``, ``freeze``, ``hold``,
``won`` and ``lost``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.floodline.board import Board, Kind
from engine.floodline.geometry import Vec
from engine.floodline.moves import TickInput
from engine.floodline.pieces import DRAIN_PIECE
from engine.floodline.preview import tilt_refusal
from engine.floodline.rules import wind_active
from engine.floodline.state import State, Status

#: ``kind.translate(WATER_TABLE)`` gives 1 where the cell holds water, else 0.
WATER_TABLE = bytes(1 if k == Kind.WATER else 0 for k in range(256))


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened on a tick (see the module doc for the kinds and their fields)."""

    kind: str
    tick: int = 0
    gravity: str = ""
    cells: tuple[Vec, ...] = ()
    material: str = ""
    count: int = 0
    why: Mapping[str, Any] | None = field(default=None, compare=False)


def water_moved(b0: Board, b1: Board) -> int:
    """How many cells gained or lost water between two boards of the same size."""
    if b0 is b1 or len(b0.kind) != len(b1.kind):
        return 0
    w0 = int.from_bytes(b0.kind.translate(WATER_TABLE), "big")
    w1 = int.from_bytes(b1.kind.translate(WATER_TABLE), "big")
    if not w1:
        return 0  # the water is all gone (drained or overflowed): the drain/lost sounds say it
    return (w0 ^ w1).bit_count()


def tick_events(s0: State, s1: State, inp: TickInput) -> list[Event]:
    """The events of one tick that took ``s0`` to ``s1`` with ``inp``."""
    out: list[Event] = []
    t = s0.tick
    m0, m1 = s0.metrics, s1.metrics
    a0 = s0.active
    if s1.gravity != s0.gravity:
        out.append(Event("tilt", t, gravity=s0.gravity.value))
    elif inp.tilt is not None:  # refused or rolled back: the rules say why
        why = tilt_refusal(s0, inp.tilt) or {"reason": "blocked", "ticks": 0, "limit": None}
        out.append(Event("refused", t, why=why))
    if m1["piecesUsed"] > m0["piecesUsed"] or m1["drainsPlaced"] > m0["drainsPlaced"]:
        cells = s1.last_lock  # where the piece locked (after this tick's moves and drop)
        if a0 is not None and a0.piece_id != DRAIN_PIECE:
            out.append(Event("drop" if inp.hard else "lock", t, cells=cells, material=a0.material.value))
        elif a0 is not None:  # a placed drain block locks into the board
            out.append(Event("drainlock", t, cells=cells, material=a0.material.value))
        if s1.last_resolve.get("thawed", 0):
            out.append(Event("thaw", t))
        if m1.get("lastLost", 0) or m1.get("lastShift", 0) > 3:
            out.append(Event("collapse", t))
        if m1.get("lastDrained", 0):
            out.append(Event("drain", t))
    if (
        a0 is not None
        and s1.active is not None
        and s1.active.rot != a0.rot
        and s1.active.piece_id == a0.piece_id
    ):
        out.append(Event("rotate", t))
    if s1.gusts > s0.gusts and a0 is not None and wind_active(s0):
        out.append(Event("gust", t))  # the telegraphed gust blows (Part V §6)
    if m1["freezesUsed"] > m0["freezesUsed"]:
        out.append(Event("freeze", t))
    if m1["holdsUsed"] > m0["holdsUsed"]:
        out.append(Event("hold", t))
    if s1.board is not s0.board:
        n = water_moved(s0.board, s1.board)
        if n:
            out.append(Event("flow", t, count=n))  # the water moved (Part I §12)
    if s1.outcome is not None and s0.outcome is None:
        out.append(Event("won" if s1.outcome.status == Status.WON else "lost", t))
    return out
