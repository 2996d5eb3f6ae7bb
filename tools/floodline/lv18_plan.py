"""Lv18 "Drain Placement" redrawn as a cellar with a hatch (session 14, engineer E, issue #26).

Before: the one placed drain sank into the open pool and drained 2 per lock under gravity DOWN, so
greedy and wall stacking won it (★3, 18 / 12 pieces) without a thought about where the drain goes.

The level (``lv18``): a 14 x 8 box.  The pool (80 units) lies in the west (x 0-4, y 0-1) under a WALL
roof at y = 5; east of it the floor is raised (WALL x 5-13, y 0-1), so below the roof runs one dry
**cellar** (x 0-13, y 2-4).  Above the roof the east part is solid WALL (x 9-13, y 6 up): the
playing space is x 0-8.  The roof has one **hatch**, a single cell at (8, 5, 6).

* Under DOWN the water stays in the pool, out of reach: nothing can be dropped into it (the roof).
  A drain dropped down the hatch lands on the raised floor at (8, 2, 6), dry.
* Tilted east, the pool runs along the cellar to its far end (x 10-13, 72 + 8 units, y <= 4); it
  never reaches the hatch (x = 8), so it does not come out.  A drain at (8, 2, 6) is still dry.
* Tilted back down, the water runs back into the pool (the raised floor is higher than it).

So a drain works only where the water goes while the world is tilted east, in the far cellar, and
it cannot be dropped there: the player tilts east, steers the drain along the top to x = 8 (against
the WALL), over the hatch, and pushes it down through the hatch (moves along y are free under an
east gravity): it slides east along the cellar into the water (13, 3, 6) and drains 2 per lock as
long as the world stays tilted.  (Under DOWN the same place is reached by sliding the drain east
along the cellar floor after it dropped through the hatch, within the lock delay.)  Pieces locked
under the tilt pile against the WALL at x = 8, above the roof.  Objective 42 units (the row's 25,
scaled so the level lasts 20 pieces); ★2 <= 24 pieces (the row's ★2 "<= 18 pieces" for 25 units).

``python -m tools.floodline.lv18_plan --write`` writes the level file, ``solutions/lv18.json`` and
its index row.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.floodline.board import Kind
from engine.floodline.geometry import Gravity
from engine.floodline.level import parse_level
from engine.floodline.moves import IDLE, TickInput
from engine.floodline.rules import initial_state, step
from engine.floodline.state import State
from tools.floodline.plan_solver import Phase, play_plan, run_ticks

N = 18
SX, SZ, HEIGHT, LIMIT = 14, 8, 20, 16
HATCH = (8, 5, 6)
UNITS, RATE, STAR2 = 42, 2, 24
LEVELS = Path(__file__).resolve().parents[2] / "engine" / "floodline" / "levels"


def data() -> dict[str, Any]:
    """The level file's contents."""
    x, y, z = HATCH
    cells: list[dict[str, Any]] = [
        {"pos": [0, 0, 0], "type": "WATER", "to": [4, 1, SZ - 1]},
        {"pos": [5, 0, 0], "type": "WALL", "to": [SX - 1, 1, SZ - 1]},
        {"pos": [0, y, 0], "type": "WALL", "to": [x - 1, y, SZ - 1]},
        {"pos": [x + 1, y, 0], "type": "WALL", "to": [SX - 1, y, SZ - 1]},
        {"pos": [x, y, 0], "type": "WALL", "to": [x, y, z - 1]},
        {"pos": [x, y, z + 1], "type": "WALL", "to": [x, y, SZ - 1]},
        {"pos": [x + 1, y + 1, 0], "type": "WALL", "to": [SX - 1, HEIGHT - 1, SZ - 1]},
    ]
    return {
        "meta": {"id": "lv18", "seed": 1018, "title": "Drain Placement"},
        "board": {"size": [SX, SZ], "height": HEIGHT, "heightLimit": LIMIT},
        "objectives": [{"type": "DRAIN_WATER", "units": UNITS}],
        "stars": {
            "two": [{"type": "METRIC_AT_MOST", "metric": "piecesUsed", "value": STAR2}],
            "three": [],
        },
        "rotation": {"allowed": ["DOWN", "EAST"]},
        "abilities": {"drainPlacementCharges": 1, "hold": True, "drainRate": RATE, "drainScope": "ADJ26"},
        "cells": cells,
        "bag": {
            "type": "WEIGHTED",
            "weights": {k: 1 for k in ("O2", "I3", "L3", "T3", "I4", "S4", "Z4", "L4", "J4")},
            "materials": {"STANDARD": 4, "REINFORCED": 1},
        },
    }


def hatch_drain(s: State) -> tuple[State, list[TickInput]]:
    """Under the east tilt: swap in the drain, steer it to the hatch's z, let it fall east to x = 8
    (against the WALL), push it down through the hatch and drop it: it slides into the far cellar."""
    x, y, z = HATCH
    ticks = [TickInput(drain=True)]
    s = step(s, ticks[0])
    assert s.active is not None and s.active.piece_id == "DRAIN1"
    while s.active is not None and s.active.origin[2] != z:
        d = "z+" if s.active.origin[2] < z else "z-"
        more = [TickInput(move=d), IDLE]
        s, ticks = run_ticks(s, more), ticks + more
    while s.active is not None and s.active.origin[0] < x:  # falls east one cell per gravity step
        s, ticks = step(s, IDLE), [*ticks, IDLE]
    while s.active is not None and s.active.origin[1] >= y:
        more = [TickInput(move="y-"), IDLE]
        s, ticks = run_ticks(s, more), ticks + more
    s, ticks = step(s, TickInput(hard=True)), [*ticks, TickInput(hard=True)]
    return s, ticks


def pile_score(st: State) -> float:
    """Under the east tilt: water drained; the pile kept flat against the WALL at x = 8 (its reach west
    costs) and low in the rows; lost voxels cost."""
    b = st.board
    f = b.frame
    reach = sum(HATCH[0] - f.xs[i] for i in b.indices(Kind.SOLID))
    m = st.metrics
    return 100.0 * m["waterRemovedTotal"] - 3.0 * reach - 50 * m["lostVoxelsTotal"]


def _drained(st: State) -> bool:
    return st.metrics["waterRemovedTotal"] >= UNITS


def solve(d: dict[str, Any] | None = None) -> tuple[State, list[TickInput]]:
    """Tilt east, put the drain through the hatch, lock pieces under the tilt until 42 are drained."""
    d = d if d is not None else data()
    s = initial_state(parse_level(d), int(d["meta"]["seed"]))
    s, ticks = play_plan(s, [Phase(tilt=Gravity.EAST)])
    s, more = hatch_drain(s)
    ticks += more
    s, more = play_plan(s, [Phase(pieces=60, score=pile_score, until=_drained)])
    return s, ticks + more


def write(log: Callable[[str], None] = print) -> State:
    """Write the level file, the solution and its index row; returns the solution's end state."""
    from tools.floodline.solution_files import write_planned

    d = data()
    end, ticks = solve(d)
    return write_planned("lv18", d, end, ticks, log)  # type: ignore[no-any-return]


if __name__ == "__main__":
    if "--write" in sys.argv[1:]:
        write()
    else:
        e, _t = solve()
        print(e.outcome, e.metrics["piecesUsed"], e.metrics["waterRemovedTotal"])
