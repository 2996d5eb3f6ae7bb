"""Lv19 "Forbidden Zone" redrawn: plug the vent, then tilt (session 14, engineer E, issue #26).

Before: the drain lay in the open pool's floor and drained 3 per lock under gravity DOWN, whatever
was played; greedy, wall and park won it in 10 pieces.  The level's constraint (lose when water stands
at y >= 3) never came near.

The level (``lv19``): a 14 x 8 box under a WALL roof at y = 3 (the cellar, y 0-2) with one **vent**
in it, a single cell at the far east end (13, 3, 6).  The pool (80 units) fills the west of the cellar
(x 0-4, y 0-1); east of it the floor is raised by one (WALL x 5-13, y = 0), and the one drain (rate 1)
sits at the far end of the cellar on that floor, (13, 1, 0).

* Under DOWN the pool stays in the west, below the raised floor: the drain is dry.
* Tilted east, the pool runs along the cellar to the far end, where the drain is: 1 per lock.  But
  under a sideways gravity water settles by its distance along gravity only (Part IV), so at the far
  end it also runs **up the vent** and stands against the east face above the roof, up to the box's
  top: WATER_FORBIDDEN at once.  Under the roof it can never stand at y >= 3.
* So the vent is plugged first: an upright I3 (or I4) dropped into it fills (13, 1-3, 6); tilted east
  it rests on the box's east face and holds.  Then the world is tilted east and kept there while 30
  pieces are locked (they pile against the east face above the roof).  Tilted back, the water runs
  back to the pool, below the drain.

The row's figures are kept: drain 30, lose at water y >= 3, ★3 <= 6 tilts.
``python -m tools.floodline.lv19_plan --write`` writes the level file, ``solutions/lv19.json`` and
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
from engine.floodline.rules import initial_state
from engine.floodline.state import State
from tools.floodline.plan_solver import Phase, play_plan

SX, SZ, HEIGHT, LIMIT = 14, 8, 16, 12
VENT = (13, 3, 6)
DRAIN = (13, 1, 0)
UNITS, RATE, FORBIDDEN, TILTS3 = 30, 1, 3, 6
LEVELS = Path(__file__).resolve().parents[2] / "engine" / "floodline" / "levels"


def data() -> dict[str, Any]:
    """The level file's contents."""
    x, y, z = VENT
    return {
        "meta": {"id": "lv19", "seed": 1019, "title": "Forbidden Zone"},
        "board": {"size": [SX, SZ], "height": HEIGHT, "heightLimit": LIMIT},
        "objectives": [{"type": "DRAIN_WATER", "units": UNITS}],
        "stars": {
            "two": [],
            "three": [{"type": "METRIC_AT_MOST", "metric": "rotations", "value": TILTS3}],
        },
        "constraints": {"waterForbiddenHeight": FORBIDDEN},
        "rotation": {"allowed": ["DOWN", "EAST"]},
        "cells": [
            {"pos": [0, 0, 0], "type": "WATER", "to": [4, 1, SZ - 1]},
            {"pos": [5, 0, 0], "type": "WALL", "to": [SX - 1, 0, SZ - 1]},
            {"pos": [0, y, 0], "type": "WALL", "to": [x - 1, y, SZ - 1]},
            {"pos": [x, y, 0], "type": "WALL", "to": [x, y, z - 1]},
            {"pos": [x, y, z + 1], "type": "WALL", "to": [x, y, SZ - 1]},
            {"pos": list(DRAIN), "type": "DRAIN", "rate": RATE, "scope": "ADJ26"},
        ],
        "bag": {
            "type": "WEIGHTED",
            "weights": {k: 1 for k in ("O2", "I3", "L3", "T3", "I4", "S4", "Z4", "L4", "J4")},
            "materials": {"STANDARD": 4, "REINFORCED": 1},
        },
        "abilities": {"hold": True},
    }


def plugged(st: State) -> bool:
    """The vent's cell holds a solid voxel."""
    b = st.board
    return b.kind[b.frame.index(*VENT)] == int(Kind.SOLID)


def plug_score(st: State) -> float:
    """Under DOWN: the vent plugged (most); otherwise the lowest, flattest play on the roof, away from
    the vent's column (a piece lying over it would have to come out again)."""
    b = st.board
    f = b.frame
    hi = over = 0
    for i in b.indices(Kind.SOLID):
        hi = max(hi, f.ys[i])
        if f.xs[i] == VENT[0] and f.zs[i] == VENT[2] and f.ys[i] > VENT[1]:
            over += 1
    return 1000.0 * plugged(st) - 10.0 * hi - 300 * over


def pile_score(st: State) -> float:
    """Under the east tilt: water drained; the pile kept flat against the east face (reach west costs).
    A voxel in the cellar costs most: the placement search tries every row from where the piece is,
    the cellar's too, which no real piece reaches through the roof."""
    b = st.board
    f = b.frame
    reach = cellar = 0
    for i in b.indices(Kind.SOLID):
        if f.ys[i] > VENT[1]:
            reach += SX - 1 - f.xs[i]
        else:
            cellar += 1
    m = st.metrics
    return 100.0 * m["waterRemovedTotal"] - 2.0 * reach - 500 * cellar - 50 * m["lostVoxelsTotal"]


def _drained(st: State) -> bool:
    return st.metrics["waterRemovedTotal"] >= UNITS


PLAN = [
    Phase(pieces=12, score=plug_score, until=plugged),
    Phase(tilt=Gravity.EAST),
    Phase(pieces=80, score=pile_score, until=_drained),
]


def solve(d: dict[str, Any] | None = None) -> tuple[State, list[Any]]:
    """Plug the vent under DOWN, tilt east, lock pieces until 30 units are drained."""
    d = d if d is not None else data()
    return play_plan(initial_state(parse_level(d), int(d["meta"]["seed"])), PLAN)


def write(log: Callable[[str], None] = print) -> State:
    """Write the level file, the solution and its index row; returns the solution's end state."""
    from tools.floodline.solution_files import write_planned

    d = data()
    end, ticks = solve(d)
    return write_planned("lv19", d, end, ticks, log)  # type: ignore[no-any-return]


if __name__ == "__main__":
    if "--write" in sys.argv[1:]:
        write()
    else:
        e, _t = solve()
        print(e.outcome, e.metrics["piecesUsed"], e.metrics["waterRemovedTotal"], e.metrics["rotations"])
