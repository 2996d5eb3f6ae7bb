"""Committed-solution plan for Lv26 "Cantilever" under rules 0.5 (issue #26, RULES.md 17, 52).

A hanging voxel is held only by a Reinforced frame, so an overhang of length 4 is a Reinforced beam
five long resting at one end.  The plan: one loose voxel at the east wall (x = 9, y = 0, z = ``ZC``)
is the pillar; Reinforced pieces build the beam westward along row y = 1 from it (x = 9 down to 5),
the cells under the beam kept empty; every other piece is thrown to the west half, away from the
beam's row.  Under the east tilt the beam and pillar rest on the east side; then back down.
That greedy beam (``solve``, 26 pieces, ★2) waits for a second Reinforced piece.  A player who uses
the level's Stabilize charge and its hold needs one (session 10): ``LV26`` is the committed ★3 hand
plan (5 pieces), played by ``run_plan``.  ``python -m tools.floodline.cantilever_plan`` writes
``solutions/lv26.json`` and its index entry on a win (``--greedy``: the greedy beam instead).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from engine.floodline.board import Kind, Material
from engine.floodline.campaign import level
from engine.floodline.conditions import spans
from engine.floodline.geometry import Gravity
from engine.floodline.level import parse_level
from engine.floodline.moves import IDLE, TickInput, parse_move
from engine.floodline.rules import initial_state
from engine.floodline.state import State, Status
from tools.floodline.plan_solver import build_cells, tilts_then_finish, write_solution
from tools.floodline.solution_files import write_one

N = 26
ZC = 4  # the beam's row (a closed box)
EAST = 9  # the beam's east end (a closed box)
LENGTH = 8  # the objective's overhang


def parts(data: dict[str, Any]) -> tuple[int, int]:
    """(beam's east end x, beam's row z): against the level's WALL pier (its west face) when it has
    one, else against the box's east wall."""
    pier = next((c for c in data.get("cells", []) if c.get("type") == "WALL"), None)
    if pier is None:
        return EAST, ZC
    return int(pier["pos"][0]) - 1, int(pier["pos"][2])


def beam_length(s: State, east: int = EAST, zc: int = ZC) -> int:
    """Anchored voxels contiguous westward from (east, 1, zc)."""
    b = s.board
    EAST, ZC = east, zc  # noqa: N806 - the plan's names
    x = EAST
    while x >= 0:
        i = b.idx((x, 1, ZC))
        if b.kind[i] != Kind.SOLID or not b.anchor[i]:
            break
        x -= 1
    return EAST - x


def value(s: State, cells: list[tuple[int, int, int]], east: int = EAST, zc: int = ZC) -> float | None:
    """The plan's value of a landing (None = never)."""
    EAST, ZC = east, zc  # noqa: N806 - the plan's names
    a = s.active
    assert a is not None
    b = s.board
    under = {(x, 0, ZC) for x in range(EAST - LENGTH, EAST)}
    if any(c in under for c in cells):
        return None
    top = max(c[1] for c in cells)
    pillar = b.kind[b.idx((EAST, 0, ZC))] == Kind.SOLID
    if a.material == Material.REINFORCED and pillar:
        row = {c[0] for c in cells if c[1] == 1 and c[2] == ZC}
        have = beam_length(s, EAST, ZC)
        x = EAST - have
        while x in row:
            x -= 1
        gain = (EAST - x) - have
        if gain > 0:
            return 1000.0 * gain - 5 * top
    if not pillar and (EAST, 0, ZC) in cells:
        return 500.0 - 10 * len([c for c in cells if c[2] == ZC])
    if all(c[0] <= 3 and abs(c[2] - ZC) >= 2 for c in cells):
        return -3.0 * top
    return None


def build(
    s: State, log: Callable[[str], None] | None = None, east: int = EAST, zc: int = ZC
) -> tuple[State, list[TickInput]]:
    """Place pieces by ``value`` until the overhang is long enough."""

    def show(st: State) -> None:
        if log:
            log(
                f"piece {st.metrics['piecesUsed']} beam {beam_length(st, east, zc)} overhang {spans(st.board)[1]}"
            )

    def val(st: State, cells: list[tuple[int, int, int]]) -> float | None:
        return value(st, cells, east, zc)

    return build_cells(s, val, lambda st: spans(st.board)[1] >= LENGTH, 80, show if log else None)


def solve(
    log: Callable[[str], None] | None = None, data: dict[str, Any] | None = None
) -> tuple[State, list[TickInput]]:
    """Build the beam, tilt east (it rests on the east side) and back down (``data``: Lv26's, or a
    changed copy - ``necessity.py`` plays the plan with a mechanic removed)."""
    d = data if data is not None else level(N)
    s, ticks = build(initial_state(parse_level(d), int(d["meta"]["seed"])), log, *parts(d))
    s, more = tilts_then_finish(s, [Gravity.EAST, Gravity.DOWN], lambda st: (st, []))
    return s, ticks + more


Cell = tuple[int, int, int]
Step = tuple[Cell, ...] | str

#: Lv26 "Cantilever" (session 13, overhang 8): the beam is row y = 1, z = 4, x = 0..8, one rigid frame
#: of four anchored pieces: the Reinforced L3 standing on the floor against the pier, (8, 0..1) + (7, 1);
#: the Reinforced S4 (x = 5..6, its other half at z = 5); the Reinforced P5 (x = 2..4, its foot at
#: z = 5); the Stabilized J4 (x = 0..1, its arm north along x = 0).  Each flat piece lands on a
#: scaffold at y = 0 north of the row (an O2, an I3), never under the row; tilted east the frame rests
#: on the pier and the scaffolds and every thrown piece leave through the east face.  The last beam
#: piece, the P5, is the 26th drawn: the first piece goes to the hold slot for good, so it is the 25th
#: locked (★3 <= 25).  "throw" puts a piece lowest at z >= 7.
LV26: list[Step] = [
    "h",  # Z4 to the hold slot for good: every later piece locks one earlier
    ((0, 0, 5), (1, 0, 5), (0, 0, 6), (1, 0, 6)),  # O2 flat: the scaffold under the J4's arm
    "throw",  # Z4 Heavy
    "v",  # Stabilize: the J4 is anchored when it locks
    ((0, 1, 4), (1, 1, 4), (0, 1, 5), (0, 1, 6)),  # J4 flat, Stabilized: the beam's west end
    ((8, 0, 4), (8, 1, 4), (7, 1, 4)),  # L3 Reinforced against the pier
    "throw",  # I4 Heavy
    "throw",  # I3 Heavy
    ((2, 0, 5), (3, 0, 5), (4, 0, 5)),  # I3 flat: the scaffold under the S4 and the P5
    *["throw"] * 9,  # S4 J4 I3 P5H S4H O2 J4H O2H I3H
    ((5, 1, 4), (6, 1, 4), (4, 1, 5), (5, 1, 5)),  # S4 Reinforced
    *["throw"] * 7,  # C3D5 L3 S4H I4 T3 I4H P5
    ((2, 1, 4), (3, 1, 4), (4, 1, 4), (2, 1, 5), (3, 1, 5)),  # P5 Reinforced: the beam is whole
    "tE",
    ".*30",
    "tD",
]


def _solids(s: State) -> set[int]:
    return {i for i, k in enumerate(s.board.kind) if k == Kind.SOLID}


def throw(s: State) -> list[TickInput]:
    """Ticks that lock the active piece lowest in the north part of the box (z >= 7)."""
    from tools.floodline.solve_levels import placements

    f = s.board.frame
    before = _solids(s)
    best: tuple[int, list[TickInput]] | None = None
    for _sc, ticks, res in placements(s):
        if res.outcome is not None and res.outcome.status != Status.WON:
            continue
        new = [(f.xs[i], f.ys[i], f.zs[i]) for i in _solids(res) - before]
        if new and all(z >= 7 for _x, _y, z in new):
            top = max(y for _x, y, _z in new)
            if best is None or top < best[0]:
                best = (top, ticks)
    if best is None:
        raise ValueError("nowhere to throw")
    return best[1]


def run_plan(plan: list[Step], data: dict[str, Any] | None = None) -> tuple[State, list[TickInput]]:
    """Play ``plan`` on Lv26 (or on ``data``, a changed copy); a step that cannot be carried out ends
    the play where it is (not a win).  A secured win is waited out."""
    from tools.floodline.solve_levels import _run
    from tools.floodline.target_plans import place

    d = data if data is not None else level(N)
    s = initial_state(parse_level(d), int(d["meta"]["seed"]))
    ticks: list[TickInput] = []
    for st in plan:
        try:
            if st == "throw":
                tt = throw(s)
            elif isinstance(st, str):
                mv = parse_move(st)
                tt = [mv.once()] * mv.repeat
            else:
                tt = place(s, st)
        except ValueError:
            break
        s = _run(s, tt)
        ticks += tt
        if s.outcome is not None:
            break
    while s.outcome is None and s.win_pending and len(ticks) < 100_000:
        s = _run(s, [IDLE])
        ticks.append(IDLE)
    return s, ticks


def main(argv: list[str]) -> int:
    if "--greedy" not in argv:
        end, ticks = run_plan(LV26)
        o = end.outcome
        if o is None or o.status != Status.WON:
            print(f"lv26: the hand plan does not win ({o}, {end.metrics['piecesUsed']} pieces)")
            return 1
        again = write_one("lv26", level(N), ticks)
        assert again.outcome is not None and again.outcome.status == Status.WON
        print(f"lv26: WON {o.stars}★ in {end.metrics['piecesUsed']} pieces")
        return 0
    end, ticks = solve((lambda m: print("  " + m, flush=True)) if "-v" in argv else None)
    o = end.outcome
    if o is None or o.status != Status.WON:
        print(f"lv26: the plan does not win ({o}, {end.metrics['piecesUsed']} pieces)")
        return 1
    again = write_solution(N, level(N), ticks)
    assert again.outcome is not None and again.outcome.status == Status.WON
    print(f"lv26: WON {o.stars}★ in {end.metrics['piecesUsed']} pieces")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
