"""Committed-solution plans for the High-Rise levels under rules 0.5 (issue #26, RULES.md 17, 46).

A voxel is held only through what is under it along gravity, and Reinforced voxels are rigid frames.
With the box open on all four sides, a tower tilted onto the 4-high post keeps only what rests on the
post's face or on a held Reinforced frame.  The plan a player follows:

* the **spine**: a column of Reinforced voxels against the post's west face (x = post − 1, z = the
  post's first row), from the floor up to the objective's height — one rigid frame that rests on the
  post under an east tilt;
* every loose piece goes into the **slab** west of the spine (x < spine, the same z), no higher than
  the spine, where it rests on the spine under the tilt and on the floor when upright; what does not
  fit there is thrown to the far side of the box (it falls out on the tilt);
* once the spine stands to the height: tilt east (the spine rests on the post) and back down.

Reinforced pieces come one in five or seven from the bag, so the spine takes most of the level.
``python -m tools.floodline.spine_plans N ...`` writes the solutions of the levels named.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from engine.floodline.board import Kind, Material
from engine.floodline.campaign import level
from engine.floodline.conditions import stack_height
from engine.floodline.geometry import Gravity
from engine.floodline.level import parse_level
from engine.floodline.moves import TickInput
from engine.floodline.rules import initial_state
from engine.floodline.state import State, Status
from tools.floodline.plan_solver import build_cells, tilts_then_finish, write_solution


def spine_height(st: State, sx: int, sz: int) -> int:
    """Top of the spine column (x = ``sx``, z = ``sz``) + 1: the immovable floor cells under it (Lv29's
    bedrock), then anchored voxels contiguous from there."""
    b = st.board
    h = 0
    while h < b.sy and b.kind[b.idx((sx, h, sz))] in (Kind.BEDROCK, Kind.WALL):
        h += 1
    while h < b.sy:
        i = b.idx((sx, h, sz))
        if b.kind[i] != Kind.SOLID or not b.anchor[i]:
            break
        h += 1
    return h


def plan_parts(data: dict[str, Any]) -> tuple[int, int, int, int]:
    """(objective height, spine x, spine z, far x) for a High-Rise level's ``data``."""
    h = max(int(o.get("height", 0)) for o in data["objectives"])
    post = next(c for c in data["cells"] if c["type"] == "WALL")
    sx = int(post["pos"][0]) - 1
    sz = int(post["pos"][2])
    far = int(data["board"]["size"][0]) - 1
    return h, sx, sz, far


def cell_value(s: State, cells: list[tuple[int, int, int]], sx: int, sz: int, far: int) -> float | None:
    """The plan's value of a landing (None = never): a Reinforced piece climbs the spine; a loose one
    fills the slab west of the spine, low, or else goes to the far side of the box."""
    a = s.active
    assert a is not None
    b = s.board
    sp = spine_height(s, sx, sz)
    in_col = [c for c in cells if c[0] == sx and c[2] == sz]
    if a.material == Material.REINFORCED:
        if not in_col:  # wasted on the far side: better than cutting the spine with a gap
            return -3000.0 - 3 * max(c[1] for c in cells) if all(c[0] >= far - 3 for c in cells) else None
        ys = {c[1] for c in in_col}
        h = sp
        while h in ys:
            h += 1
        off = len(cells) - len(in_col)
        gap = 5000 if min(ys) != sp else 0  # it would hang over a gap in the column: the spine is cut
        return 1000.0 * (h - sp) - gap - 30 * off - max(c[1] for c in cells)
    if in_col:
        return None
    top = max(c[1] for c in cells)
    own = set(cells)
    hang = sum(
        1
        for c in cells
        if c[1] > 0
        and (c[0], c[1] - 1, c[2]) not in own
        and b.kind[b.idx((c[0], c[1] - 1, c[2]))] != Kind.SOLID
    )
    if all(c[2] == sz and c[0] < sx for c in cells) and top < max(sp, 2):
        return -2.0 * top - 20 * hang
    if all(c[0] >= far - 3 for c in cells):
        return -100.0 - 3 * top - 5 * hang
    return None


def build(
    data: dict[str, Any], s: State, log: Callable[[str], None] | None = None, extra: int = 0
) -> tuple[State, list[TickInput]]:
    """Place pieces by ``cell_value`` until the spine reaches the objective's height (or ``extra``
    more pieces, when given)."""
    h, sx, sz, far = plan_parts(data)

    def done(st: State) -> bool:
        return not extra and spine_height(st, sx, sz) >= h

    def show(st: State) -> None:
        if log:
            log(
                f"piece {st.metrics['piecesUsed']} spine {spine_height(st, sx, sz)} mass {st.metrics['massPlaced']}"
            )

    return build_cells(
        s, lambda st, cells: cell_value(st, cells, sx, sz, far), done, extra or 150, show if log else None
    )


def solve(
    n: int, log: Callable[[str], None] | None = None, data: dict[str, Any] | None = None
) -> tuple[State, list[TickInput]]:
    """Build the spine, then tilt east onto the post and back down (``data``: level ``n``'s, or a
    changed copy - ``necessity.py`` plays the plan with a mechanic removed)."""
    d = data if data is not None else level(n)
    s, ticks = build(d, initial_state(parse_level(d), int(d["meta"]["seed"])), log)
    s, more = tilts_then_finish(s, [Gravity.EAST, Gravity.DOWN], lambda st: build(d, st, log, extra=1))
    return s, ticks + more


def write(n: int, log: Callable[[str], None] | None = None) -> tuple[int, int]:
    """Play the plan on level ``n``; on a win write ``solutions/lvNN.json``: (stars, pieces)."""
    end, ticks = solve(n, log)
    if end.outcome is None or end.outcome.status != Status.WON:
        raise RuntimeError(
            f"lv{n:02d}: the plan does not win ({end.outcome}, {end.metrics['piecesUsed']} pieces, "
            f"height {stack_height(end.board)})"
        )
    again = write_solution(n, level(n), ticks)
    assert again.outcome is not None and again.outcome.status == Status.WON
    return end.outcome.stars, end.metrics["piecesUsed"]


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    for n in [int(a) for a in argv if a.isdigit()]:
        try:
            stars, pieces = write(n, (lambda m: print("  " + m, flush=True)) if verbose else None)
            print(f"lv{n:02d}: WON {stars}★ in {pieces} pieces", flush=True)
        except RuntimeError as exc:
            print(exc, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
