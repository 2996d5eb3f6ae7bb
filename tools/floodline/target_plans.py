"""Hand plans for the chapter-1/2 levels redesigned in session 8 (issue #26): each piece goes on named cells.

A plan is a list of steps: a tuple of cells ``((x, y, z), ...)`` places the active piece so that
exactly those cells become solid after its lock resolve (every orientation x column hard drop is
tried, as the greedy solver does); a string is a raw move token (``tE``, ``.*30``, ``d``).  The
plan is played on the real engine and written as the level's solution replay when it wins.

Run: ``python -m tools.floodline.target_plans lv04 [--write]``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

from engine.floodline.board import Kind
from engine.floodline.level import parse_level
from engine.floodline.moves import TickInput, parse_move
from engine.floodline.replay import make_replay, play
from engine.floodline.rules import initial_state
from engine.floodline.state import State, Status
from tools.floodline.solve_levels import LEVELS, SOLUTIONS, _run, placements, write_index

Cell = tuple[int, int, int]
Step = tuple[Cell, ...] | str

#: Lv4 "Unsupported": three Reinforced cranes; a row of blocks from each crane's foot to its wall stub
#: braces it against an east tilt (T3 upright: its top voxel is the one lost, ★3 allows 1).
LV04: list[Step] = [
    ((3, 0, 1), (4, 0, 1), (5, 0, 1)),
    ((6, 0, 1), (7, 0, 1), (8, 0, 1)),
    ((3, 0, 4), (4, 0, 4), (5, 0, 4), (4, 1, 4)),
    ((6, 0, 4), (7, 0, 4), (8, 0, 4)),
    ((3, 0, 7), (4, 0, 7), (5, 0, 7)),
    ((6, 0, 7), (7, 0, 7), (8, 0, 7)),
    "tE",
    "tD",
]

#: Lv7 "Reinforced Intro": two Reinforced I3 join into one frame over a gap of 3 between two pillars,
#: all against the north wall, so a tilt north moves nothing (the bridge survives it) and back down.
LV07: list[Step] = [
    ((1, 0, 0), (1, 0, 1), (1, 0, 2), (1, 0, 3)),  # I4: pillar A along the north wall's normal
    ((1, 1, 0), (2, 1, 0), (3, 1, 0)),  # I3 Reinforced: rests on pillar A, two cells hang
    ((5, 0, 0), (5, 0, 1), (5, 0, 2)),  # I3: pillar B
    ((8, 0, 0), (8, 0, 1), (8, 0, 2), (8, 0, 3)),  # I4: out of the way, against the wall
    ((9, 0, 0), (9, 0, 1), (9, 0, 2), (9, 0, 3)),  # I4
    ((4, 1, 0), (5, 1, 0), (6, 1, 0)),  # I3 Reinforced: joins the frame, rests on pillar B
    "tN",
    ".*30",
    "tD",
]

#: Lv17 "Temporary Bridge" (rules 0.5: no standard voxel hangs over water under DOWN): five pieces on
#: the banks drain 2 units each; tilted east, the I3 on the west bank slides against the I4 on the east
#: bank and spans the channel, held sideways by the row to the east face (the freeze is not needed).
LV17: list[Step] = [
    ((0, 2, 5), (1, 2, 5), (2, 2, 5)),  # I3: west bank, the span's row
    ((6, 2, 5), (7, 2, 5), (8, 2, 5), (9, 2, 5)),  # I4: east bank, the span's abutment
    ((0, 2, 8), (1, 2, 8), (0, 2, 9), (1, 2, 9)),  # O2 flat: west bank
    ((7, 2, 8), (8, 2, 8), (9, 2, 8)),  # I3: east bank
    ((6, 2, 9), (7, 2, 9), (8, 2, 9), (9, 2, 9)),  # I4: east bank
    "tE",
]

PLANS: dict[str, list[Step]] = {"lv04": LV04, "lv07": LV07, "lv17": LV17}


def _solids(s: State) -> set[int]:
    return {i for i, k in enumerate(s.board.kind) if k == Kind.SOLID}


def place(s: State, cells: Sequence[Cell]) -> list[TickInput]:
    """Ticks that lock the active piece so that exactly ``cells`` become new solid cells."""
    f = s.board.frame
    want = {f.index_or_none(*c) for c in cells}
    before = _solids(s)
    for _sc, ticks, res in placements(s):
        if res.outcome is not None and res.outcome.status != Status.WON:
            continue
        if _solids(res) - before == want:
            return ticks
    raise ValueError(f"piece {s.active.piece_id if s.active else None} cannot land on {sorted(cells)}")


def run_plan(stem: str, plan: list[Step]) -> tuple[State, list[TickInput]]:
    """Play ``plan`` on level ``stem``; returns the end state and the ticks played."""
    data = json.loads((LEVELS / f"{stem}.json").read_text())
    lv = parse_level(data)
    s = initial_state(lv, int(data["meta"]["seed"]))
    ticks: list[TickInput] = []
    for st in plan:
        if isinstance(st, str):
            mv = parse_move(st)
            tt = [mv.once()] * mv.repeat
        else:
            tt = place(s, st)
        s = _run(s, tt)
        ticks += tt
        if s.outcome is not None:
            break
    return s, ticks


def main(argv: list[str]) -> int:
    for stem in [a for a in argv if not a.startswith("-")] or sorted(PLANS):
        s, ticks = run_plan(stem, PLANS[stem])
        o = s.outcome
        m = s.metrics
        print(
            f"{stem}: {o.status.value if o else 'in play'} {o.stars if o else 0}* "
            f"pieces={m['piecesUsed']} lost={m['lostVoxelsTotal']} tilts={m['rotations']}"
        )
        if "--write" in argv and o is not None and o.status == Status.WON:
            data = json.loads((LEVELS / f"{stem}.json").read_text())
            lv = parse_level(data)
            rep = make_replay(lv, int(data["meta"]["seed"]), ticks)
            end = play(lv, rep)
            assert end.outcome is not None and end.outcome.status == Status.WON
            (SOLUTIONS / f"{stem}.json").write_text(
                json.dumps(rep.model_dump(mode="json", by_alias=True), indent=1) + "\n"
            )
    if "--write" in argv:
        write_index()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
