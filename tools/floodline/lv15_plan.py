"""Lv15 "Don't Build on Water" redrawn: stilts in a bottomless pool (session 15, engineer E, issue #26).

Before: a walled pit with a 4 x 4 puddle on a closed floor, reach height 10; greedy, wall and park won
★3 in 6 pieces, tilt_stay in 15: water was never in the way.

The level (``lv15``): a 7 x 7 box whose **floor is open** (nothing but an immovable cell holds a piece
up) under a pool 4 layers deep (y 0-3) that looks like ground.  Four one-cell WALL stilts rise to the
pool's surface (y = 3) at the corners of the 3 x 3 middle.  Water never supports: a voxel that does not
rest on a stilt or on a held voxel sinks through the pool and out of the floor (lost; lose at 13).
Objective: a flat 3 x 3 top at world height 13 (the plateau is the row's "reach height", built wide).
The bag is a fixed loop: four Standard I3, five Reinforced I3 (rigid bars: a bar resting on one held
voxel holds its whole span), then fifteen I3 / L3.

* The I3s stand upright on the stilts (a flat one keeps only the voxels over a stilt): stilts to y 6.
* Two bars along x on the stilts (y 7), three along z on those (y 8): a held 3 x 3 plate.  A bar
  between two bars at the same height falls through: side contact holds nothing.
* ★3 "no resting on water": bars laid straight on the stilts' tops (y 4) would rest on the pool's
  surface; raising the stilts first keeps an empty layer under the plate.
* Then fifteen pieces fill the 3 x 3 well from y 9 to 13 with nothing outside it (hold helps).

``python -m tools.floodline.lv15_plan --write`` writes the level file, ``solutions/lv15.json`` and its
index row.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.floodline.board import Kind
from engine.floodline.conditions import plateau
from engine.floodline.level import parse_level
from engine.floodline.moves import TickInput
from engine.floodline.rules import initial_state, step
from engine.floodline.state import State
from tools.floodline.plan_solver import Phase, placements, play_first, play_plan

SX = SZ = 7
HEIGHT, LIMIT = 18, 15
WATER_TOP = 3  # the pool: y 0-3
STILTS = ((2, 2), (4, 2), (2, 4), (4, 4))
RAISE = 3  # the upright I3 on each stilt: its top at y = WATER_TOP + RAISE
LEVEL = 13  # the 3 x 3 plateau's world height
MAX_LOST, STAR2_LOST = 12, 4
BAR = {"piece": "I3", "material": "REINFORCED"}
FILL = ("L3", "I3", "L3", "I3", "I3", "L3", "L3", "I3", "L3", "I3", "I3", "L3", "L3", "I3", "I3")
SEQUENCE: tuple[Any, ...] = ("I3", "I3", "I3", "I3", BAR, BAR, BAR, BAR, BAR, *FILL)
LEVELS = Path(__file__).resolve().parents[2] / "engine" / "floodline" / "levels"


def data() -> dict[str, Any]:
    """The level file's contents."""
    cells = [{"pos": [0, 0, 0], "type": "WATER", "to": [SX - 1, WATER_TOP, SZ - 1]}]
    cells += [{"pos": [x, 0, z], "type": "WALL", "to": [x, WATER_TOP, z]} for x, z in STILTS]
    return {
        "meta": {"id": "lv15", "seed": 1015, "title": "Don't Build on Water"},
        "board": {"size": [SX, SZ], "height": HEIGHT, "heightLimit": LIMIT, "openFaces": ["DOWN"]},
        "objectives": [{"type": "BUILD_PLATEAU", "worldLevel": LEVEL, "width": 3, "depth": 3}],
        "stars": {
            "two": [{"type": "METRIC_AT_MOST", "metric": "lostVoxelsTotal", "value": STAR2_LOST}],
            "three": [{"type": "NO_RESTING_ON_WATER"}],
        },
        "rotation": {"allowed": ["DOWN"]},
        "constraints": {"maxLostVoxels": MAX_LOST},
        "cells": cells,
        "bag": {"type": "FIXED_SEQUENCE", "sequence": list(SEQUENCE), "loop": True},
        "abilities": {"hold": True},
    }


def inside(x: int, z: int) -> bool:
    """The 3 x 3 middle the stilts stand at the corners of."""
    return 2 <= x <= 4 and 2 <= z <= 4


def _lost(st: State) -> int:
    return int(st.metrics["lostVoxelsTotal"])


def stilts(st: State) -> float:
    """Voxels standing on the stilts up to the raised top; a lost voxel costs most."""
    b = st.board
    f = b.frame
    up = sum(
        1 for i in b.indices(Kind.SOLID) if (f.xs[i], f.zs[i]) in STILTS and f.ys[i] <= WATER_TOP + RAISE
    )
    return 10.0 * up - 1000 * _lost(st)


def bars(y0: int, rows: tuple[int, ...] | None) -> Callable[[State], float]:
    """Bar voxels in the middle at height ``y0`` (in rows ``z in rows``; the middle row z = 3 most
    when any row counts); voxels elsewhere at or above ``y0`` cost."""

    def score(st: State) -> float:
        b = st.board
        f = b.frame
        v = 0.0
        for i in b.indices(Kind.SOLID):
            x, y, z = f.xs[i], f.ys[i], f.zs[i]
            if inside(x, z) and y == y0 and (rows is None or z in rows):
                v += 10 + 15 * (rows is None and z == 3)
            elif y >= y0:
                v -= 20
        return v - 1000 * _lost(st)

    return score


def fill(st: State) -> float:
    """The well filled evenly to the plateau: squared shortfall of each middle column, voxels above the
    plateau or outside the middle and lost voxels cost; the plateau itself wins."""
    b = st.board
    f = b.frame
    hts: dict[tuple[int, int], int] = {}
    out = above = 0
    for i in b.indices(Kind.SOLID):
        x, y, z = f.xs[i], f.ys[i], f.zs[i]
        out += not inside(x, z)
        above += y > LEVEL
        hts[(x, z)] = max(hts.get((x, z), 0), y + 1)
    h = {(x, z): min(hts.get((x, z), 0), LEVEL + 1) for x in range(2, 5) for z in range(2, 5)}
    short = sum((LEVEL + 1 - v) ** 2 for v in h.values())
    bumps = sum(
        abs(h[(x, z)] - h[(x + dx, z + dz)])
        for (x, z) in h
        for dx, dz in ((1, 0), (0, 1))
        if (x + dx, z + dz) in h
    )
    return -10.0 * short - 15 * bumps - 2000 * above - 50 * out - 1000 * _lost(st) + 5000 * done(st)


def done(st: State) -> bool:
    """The 3 x 3 plateau at world height ``LEVEL`` stands."""
    return plateau(st.board, LEVEL, 9, 3, 3)


def fill_with_hold(s: State, pieces: int = 40) -> tuple[State, list[TickInput]]:
    """Fill phase: each piece placed by ``fill``, or swapped with the held piece first when that
    scores better."""
    played: list[TickInput] = []
    for _ in range(pieces):
        if s.outcome is not None or s.active is None or done(s):
            break
        cands = [(v, t) for v, t, _r in placements(s, fill, 3)]
        if not s.hold_used:
            sh = step(s, TickInput(hold=True))
            if sh.active is not None and sh.outcome is None:
                cands += [(v, [TickInput(hold=True), *t]) for v, t, _r in placements(sh, fill, 3)]
        cands.sort(key=lambda c: -c[0])
        got = play_first(s, cands)
        if got is None:
            break
        s, ticks, _v = got
        played += ticks
    return s, played


PLAN = [
    Phase(pieces=4, score=stilts, turns=3),
    Phase(pieces=2, score=bars(WATER_TOP + RAISE + 1, (2, 4)), turns=3),
    Phase(pieces=3, score=bars(WATER_TOP + RAISE + 2, None), turns=3),
]


def solve(d: dict[str, Any] | None = None) -> tuple[State, list[TickInput]]:
    """Raise the stilts, lay the plate, fill the well to the plateau."""
    d = d if d is not None else data()
    s = initial_state(parse_level(d), int(d["meta"]["seed"]))
    s, played = play_plan(s, PLAN)
    s, more = fill_with_hold(s)
    return s, played + more


def write(log: Callable[[str], None] = print) -> State:
    """Write the level file, the solution and its index row; returns the solution's end state."""
    from tools.floodline.solution_files import write_planned

    d = data()
    end, ticks = solve(d)
    return write_planned("lv15", d, end, ticks, log)  # type: ignore[no-any-return]


if __name__ == "__main__":
    if "--write" in sys.argv[1:]:
        write()
    else:
        e, _t = solve()
        print(e.outcome, e.metrics["piecesUsed"], e.metrics["lostVoxelsTotal"])
