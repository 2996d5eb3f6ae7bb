"""Lv20 "Floodplain Exam" redrawn: an ice wall to drain on, then the tower (session 15, engineer E, #26).

Before: one drain high in the closed east wall drained 2 per lock made while tilted east, and a pile
against that wall stood any tilt; the cheap strategy ``build_tilt`` (greedy 6 pieces, then tilt east and
stay greedy) won it ★2 in 26 pieces, and freeze (the row's idea) was never needed.

The level (``lv20``): a 10 x 6 box 16 high whose **east face is open** (Lv16's box), no walls, a pool
two layers deep on the floor (120 units), one drain (rate 2) in the east face's column at y = 8, a
Freeze charge (radius 2, 24 resolves).  Objectives: drain 40 AND reach height 12, surviving one tilt.

* Under DOWN the drain is dry: the pool lies at y 0-1 and the drain drinks from y 7-9; even 60 pieces
  of displacement (240 voxels, 4 layers) raise the water's top only to y = 5.
* Tilted east the pool lies against the open face and every lock drains 2 (40 takes 20 locks), but a
  voxel is held only along gravity by an immovable cell and nothing is there but the drain's one-cell
  lane: pieces fall out of the face (lose at 13 voxels lost).  Freezing the face water (after the
  tilt) makes a 5 x 5 ice wall the pile can stand on while 20 pieces are locked.
* Order is the plan: a tower built first would fall out of the face with the tilt east.  So the drain
  comes first, then the world is tilted back down (the pile falls onto the floor), the tower is built
  to height 12 under DOWN and the world tilted west (the closed face: the tower keeps its height).
* The bag is a fixed loop of Standard pieces: a Reinforced frame resting on the drain's lane would be a
  wall without ice.

Session 16 ("freeze high, then build against the ice"): the family's ``freeze_stay`` ("tilt, Freeze aimed at
the most water, stay, tilt back once, greedy") won the version above ★3 in 23 pieces, because the tower's
tilt was west, against the closed face, where any tower keeps its height.  Now the only tilts are east
(open face) and back down, and the tower must keep height 12 through an east tilt: a voxel is held only
along gravity, so after that tilt only what rests on the ice stays, and the ice must cover row 11.  The
freeze is made high in the face (centre (9, 11, 2): rows 9-13, z 0-4, clear of the drain's rows 7-8 at
z 0-1), the drain is fed on that ice, the world tilted back down (the pile falls to the floor), the tower
raised at x = 8 in front of the ice to row 11, and the world tilted east: the tower's rows 9-11 hang on the
ice, everything under them falls out of the face.  A blind freeze "at the most water" lands at (9, 2, 2)
(rows 0-4): that tower keeps height 5.  No lost-voxel limit (the last tilt sheds the pile, about 80
voxels); the ice lasts 40 resolves (the drain's 20 locks and the tower).

``python -m tools.floodline.lv20_plan --write`` writes the level file, ``solutions/lv20.json`` and its
index row.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.floodline.board import Kind
from engine.floodline.geometry import Gravity
from engine.floodline.level import parse_level
from engine.floodline.moves import TickInput
from engine.floodline.rules import initial_state
from engine.floodline.state import State
from tools.floodline.plan_solver import Phase, play_plan, run_ticks

SX, SZ, HEIGHT, LIMIT = 10, 6, 16, 14
DRAIN = (9, 8, 0)
FREEZE = (9, 11, 2)  # the ice's centre (radius 2): rows 9-13, z 0-4 of the face water, x 8-9
FRONT = 8  # the tower's column: in front of the ice
UNITS, RATE, TOWER, ICE_RESOLVES = 40, 2, 12, 40
STAR2_PIECES, STAR3_PIECES = 30, 24
#: Standard pieces only (a Reinforced frame resting on the drain's lane would be a wall without ice);
#: a fixed loop, as Lv16/17's, so the unlock cadence's "Reinforced from Lv7" applies to weighted bags
SEQUENCE = ("I4", "L3", "O2", "T3", "S4", "I3", "J4", "Z4", "L4", "O2", "T3", "I3")
LEVELS = Path(__file__).resolve().parents[2] / "engine" / "floodline" / "levels"


def data() -> dict[str, Any]:
    """The level file's contents."""
    return {
        "meta": {"id": "lv20", "seed": 1020, "title": "Floodplain Exam"},
        "board": {"size": [SX, SZ], "height": HEIGHT, "heightLimit": LIMIT, "openFaces": ["EAST"]},
        "objectives": [
            {"type": "DRAIN_WATER", "units": UNITS},
            {"type": "REACH_HEIGHT", "height": TOWER, "surviveTilts": 1},
        ],
        "stars": {
            "two": [{"type": "METRIC_AT_MOST", "metric": "piecesUsed", "value": STAR2_PIECES}],
            "three": [{"type": "METRIC_AT_MOST", "metric": "piecesUsed", "value": STAR3_PIECES}],
        },
        "rotation": {"allowed": ["DOWN", "EAST"], "tiltBudget": 4},
        "abilities": {
            "hold": True,
            "freezeCharges": 1,
            "freezeRadius": 2,
            "freezeDurationResolves": ICE_RESOLVES,
        },
        "cells": [
            {"pos": [0, 0, 0], "type": "WATER", "to": [SX - 1, 1, SZ - 1]},
            {"pos": list(DRAIN), "type": "DRAIN", "rate": RATE, "scope": "ADJ26"},
        ],
        "bag": {"type": "FIXED_SEQUENCE", "sequence": list(SEQUENCE), "loop": True},
    }


def ice_pile(st: State) -> float:
    """Tilted east: water drained; a lost voxel costs most; the pile kept flat against the ice."""
    b = st.board
    f = b.frame
    reach = sum(SX - 1 - f.xs[i] for i in b.indices(Kind.SOLID))
    m = st.metrics
    return 100.0 * m["waterRemovedTotal"] - 300 * m["lostVoxelsTotal"] - 2 * reach


_ICE_ZS = range(FREEZE[2] - 2, FREEZE[2] + 3)


def tower(st: State) -> float:
    """Under DOWN: the height of the column in front of the ice (x = 8, the ice's z), then any height."""
    b = st.board
    f = b.frame
    front = [f.ys[i] + 1 for i in b.indices(Kind.SOLID) if f.xs[i] == FRONT and f.zs[i] in _ICE_ZS]
    top = max((f.ys[i] + 1 for i in b.indices(Kind.SOLID)), default=0)
    return 100.0 * min(max(front, default=0), TOWER) + 5 * top


def tall(st: State) -> bool:
    """The tower's top is in front of the ice: a solid voxel at x = 8, row >= 11, the ice's z."""
    b = st.board
    f = b.frame
    return any(
        f.xs[i] == FRONT and f.zs[i] in _ICE_ZS and f.ys[i] + 1 >= TOWER for i in b.indices(Kind.SOLID)
    )


def _drained(st: State) -> bool:
    return bool(st.metrics["waterRemovedTotal"] >= UNITS)


def solve(d: dict[str, Any] | None = None, freeze: bool = True) -> tuple[State, list[TickInput]]:
    """Tilt east, freeze the face water high, lock pieces on the ice until 40 are drained; tilt down,
    raise the tower in front of the ice to row 11, tilt east.  ``freeze=False``: the same plan without
    the freeze."""
    d = d if d is not None else data()
    s = initial_state(parse_level(d), int(d["meta"]["seed"]))
    played = [TickInput(tilt=Gravity.EAST), *([TickInput(freeze=FREEZE)] if freeze else [])]
    s = run_ticks(s, played)
    plan = [
        Phase(pieces=60, score=ice_pile, until=_drained),
        Phase(tilt=Gravity.DOWN),
        Phase(pieces=40, score=tower, until=tall),
        Phase(tilt=Gravity.EAST),
    ]
    s, more = play_plan(s, plan)
    return s, played + more


def write(log: Callable[[str], None] = print) -> State:
    """Write the level file, the solution and its index row; returns the solution's end state."""
    from tools.floodline.solution_files import write_planned

    d = data()
    end, ticks = solve(d)
    return write_planned("lv20", d, end, ticks, log)  # type: ignore[no-any-return]


if __name__ == "__main__":
    if "--write" in sys.argv[1:]:
        write()
    else:
        e, _t = solve(freeze="--no-freeze" not in sys.argv[1:])
        print(
            e.outcome, e.metrics["piecesUsed"], e.metrics["waterRemovedTotal"], e.metrics["lostVoxelsTotal"]
        )
