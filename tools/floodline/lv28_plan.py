"""Committed-solution plan for Lv28 "Alternating Wind" (session 11, issue #26).

The world never tilts back down on this level (``rotation.allowed`` has no DOWN): the tower must
stand leaning east and then leaning north.  The WALL post has a notch on its south-west corner, so
the column (x = 3, z = 5) touches the post's west face at x = 4 (it rests there tilted east) and the
notch's south face at z = 4 (it rests there tilted north).  A loose voxel holds through neither tilt
unless it rests on something along that gravity, so the 26 rows must be a Reinforced **spine** in
the notch (one rigid frame, RULES.md 17); loose pieces go to the slab beside it or to the far side
(they fall out of the open sides on the tilts).  The plan is ``spine_plans.cell_value`` on that
column; then east, then north.  ``python -m tools.floodline.lv28_plan`` writes ``solutions/lv28.json``
and its index entry on a win.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from engine.floodline.campaign import level
from engine.floodline.conditions import stack_height
from engine.floodline.geometry import Gravity
from engine.floodline.level import parse_level
from engine.floodline.moves import TickInput
from engine.floodline.rules import initial_state
from engine.floodline.state import State, Status
from tools.floodline.plan_solver import build_cells, tilts_then_finish
from tools.floodline.solution_files import write_one
from tools.floodline.spine_plans import cell_value, spine_height

N = 28
SX, SZ, FAR = 3, 5, 9  # the notch's column; the far side for thrown pieces (x >= FAR - 3)
TILTS = (Gravity.EAST, Gravity.NORTH)


def height_of(data: dict[str, Any]) -> int:
    """The objective's height."""
    return max(int(o.get("height", 0)) for o in data["objectives"])


def build(
    data: dict[str, Any], s: State, log: Callable[[str], None] | None = None, extra: int = 0
) -> tuple[State, list[TickInput]]:
    """Place pieces by ``cell_value`` on the notch's column until the spine reaches the height."""
    h = height_of(data)

    def done(st: State) -> bool:
        return not extra and spine_height(st, SX, SZ) >= h

    def show(st: State) -> None:
        if log:
            log(
                f"piece {st.metrics['piecesUsed']} spine {spine_height(st, SX, SZ)} mass {st.metrics['massPlaced']}"
            )

    return build_cells(
        s, lambda st, cells: cell_value(st, cells, SX, SZ, FAR), done, extra or 150, show if log else None
    )


def solve(
    log: Callable[[str], None] | None = None, data: dict[str, Any] | None = None
) -> tuple[State, list[TickInput]]:
    """Build the spine in the notch, then tilt east and north (``data``: a changed copy of Lv28)."""
    d = data if data is not None else level(N)
    s, ticks = build(d, initial_state(parse_level(d), int(d["meta"]["seed"])), log)
    s, more = tilts_then_finish(s, list(TILTS), lambda st: build(d, st, log, extra=1))
    return s, ticks + more


def main(argv: list[str]) -> int:
    end, ticks = solve((lambda m: print("  " + m, flush=True)) if "-v" in argv else None)
    o = end.outcome
    if o is None or o.status != Status.WON:
        print(
            f"lv28: the plan does not win ({o}, {end.metrics['piecesUsed']} pieces, height {stack_height(end.board)})"
        )
        return 1
    if "--write" in argv:
        again = write_one("lv28", level(N), ticks)
        assert again.outcome is not None and again.outcome.status == Status.WON
    print(f"lv28: WON {o.stars}★ in {end.metrics['piecesUsed']} pieces, {end.metrics['rotations']} tilts")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
