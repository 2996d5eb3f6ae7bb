"""Hand plans for the chapter-1/2 levels redesigned in session 8 (issue #26): each piece goes on named cells.

A plan is a list of steps: a tuple of cells ``((x, y, z), ...)`` places the active piece so that
exactly those cells become solid after its lock resolve (every orientation x column hard drop is
tried, as the greedy solver does); a string is a raw move token (``tE``, ``.*30``, ``d``).  The
plan is played on the real engine and written as the level's solution replay when it wins.

Run: ``python -m tools.floodline.target_plans lv04 [--write]``; ``--necessity lv07`` removes each mechanic
the level has in turn and plays the plan on what is left.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

from engine.floodline.board import Kind
from engine.floodline.level import parse_level
from engine.floodline.moves import TickInput, parse_move
from engine.floodline.replay import make_replay, play
from engine.floodline.rules import initial_state
from engine.floodline.state import State, Status
from tools.floodline.solve_levels import LEVELS, SOLUTIONS, _run, placements

Cell = tuple[int, int, int]
Step = tuple[Cell, ...] | str


def _taps(move: str, n: int) -> list[Step]:
    """``n`` separate presses of move ``move`` (``"y-"``), a released tick after each (no DAS)."""
    return [f"m{move}", "."] * abs(n)


def _shift(axis: str, d: int) -> list[Step]:
    return _taps(f"{axis}{'+' if d > 0 else '-'}", d)


#: Lv1 "First Stack" (session 11): a shape sorter.  The floor (y = 0) is WALL but for eight slots, one per
#: piece of the fixed bag I3, L3, O2, T3, I3, L3, O2, T3 (looping); each piece lies flat in its own slot
#: (the L3 and T3 turned flat), every slot flush: ★3 in 8 pieces.
LV01_SLOTS: list[tuple[tuple[int, int], ...]] = [
    ((1, 9), (2, 9), (3, 9)),  # I3, west
    ((1, 6), (2, 6), (1, 7)),  # L3, west
    ((1, 3), (2, 3), (1, 4), (2, 4)),  # O2, west
    ((1, 0), (2, 0), (3, 0), (2, 1)),  # T3, west
    ((6, 9), (7, 9), (8, 9)),  # I3, east
    ((6, 0), (6, 1), (7, 1)),  # L3, east
    ((6, 3), (7, 3), (6, 4), (7, 4)),  # O2, east
    ((6, 7), (7, 7), (8, 7), (7, 6)),  # T3, east
]
LV01: list[Step] = [tuple((x, 0, z) for x, z in slot) for slot in LV01_SLOTS]

#: Lv2 "First Tilt" (session 10): the bottom is open; the only floor is inside a 2x2 garage in the west
#: WALL block (x = 0..1, z = 1..2, y = 1..5), roofed from y = 6: tilted west, a piece slides in at the
#: height it was moved to.  Five O2 filled bottom-up reach height 6 and rest on the garage floor when
#: the world tilts back down (no voxel shifts: ★3).  The first piece is brought down from y = 8.
LV02: list[Step] = [
    "tW",
    *_shift("y", -7),
    "d",
    *[t for y in range(2, 6) for t in (*_shift("y", y - 4), "d")],
    "tD",
]

#: Lv3 "Four Winds" (session 10): the same garage, 2x2 (x = 2..3, z = 0..1, y = 1..7) in a north block,
#: roofed from y = 8: tilted north, seven O2 filled bottom-up reach height 8; back down, ★2 (2 tilts)
#: after the 1.5 s cooldown.
LV03: list[Step] = [
    "tN",
    *_shift("y", -9),
    "d",
    *[t for y in range(2, 8) for t in (*_shift("y", y - 5), "d")],
    ".*90",
    "tD",
]

#: Lv6 "Hold It" (session 10): the garage (x = 6..7, z = 1..2, layers y = 1..10, roofed from y = 11) is in an
#: east block; height 10 surviving 1 tilt = nine O2 layers.  The fixed bag brings two I4: the first goes to
#: the hold slot and stays there, the second rests at the full garage's mouth and falls out on the tilt
#: back (4 lost, the level's limit).  The first piece is brought down from y = 12.
LV06: list[Step] = [
    "tE",
    *_shift("y", -11),
    "d",
    *_shift("y", -4),
    "d",
    "h",
    *[t for y in range(3, 7) for t in (*_shift("y", y - 6), "d")],
    "d",
    *[t for y in range(7, 10) for t in (*_shift("y", y - 6), "d")],
    "tD",
]

#: Lv8 "Tilt Budget" (session 10): one 2x2 garage column (x = 0..1, z = 1..2, layers y = 1..11), roofed
#: from y = 12, with two mouths: layers 1..6 open to the east (tilt west), layers 7..11 open to the south
#: (tilt north).  Height 12 surviving 1 tilt = eleven O2; west, north, down = 3 of the 6 tilts (★3: 2
#: left).  The first piece is soft-dropped over the void to layer 1 before the tilt; the piece that
#: spawned while tilted west goes to the hold slot once the world is tilted north.
LV08: list[Step] = [
    "mz-",
    "s*12",
    "tW",
    "d",
    *[t for y in range(2, 7) for t in (*_shift("y", y - 6), *_shift("z", -1), "d")],
    "tN",
    "h",
    *[t for y in range(7, 12) for t in (*_shift("y", y - 6), *_shift("x", -3), "d")],
    "tD",
]

#: Lv10 "Foundation Exam" (session 10): every face open but the top.  The Lv8 column, taller (x = 1..2,
#: z = 1..2, layers 1..13, a back wall at x = 0; lower mouth east for layers 1..6, upper mouth south for
#: 7..13), and a 3x3 deck (WALL at y = 3, x = 7..9, z = 5..7) with a lip on its west and north sides that
#: holds the deck's layer under a west or north tilt (nothing above it).  Height 14 surviving 2 tilts AND
#: a 3x3 plateau at level 4: three I3 rows on the deck (dropped, or slid against a lip while tilted), 13 O2
#: in the column; west, north, down, west = 4 of the 8 tilts.
LV10: list[Step] = [
    *_shift("x", 4),
    *_shift("z", 2),
    "d",
    *_shift("z", -2),
    "s*15",
    "tW",
    "d",
    *_shift("z", -2),
    *_shift("y", -6),
    "d",
    *_shift("z", 3),
    *_shift("y", -4),
    "d",
    *[t for y in range(3, 7) for t in (*_shift("z", -2), *_shift("y", y - 8), "d")],
    *_shift("z", 4),
    *_shift("y", -4),
    "d",
    "tN",
    "h",
    *[t for y in range(7, 14) for t in (*_shift("y", y - 8), *_shift("x", -3), "d")],
    "tD",
    "tW",
]

#: Lv5 "Parking Lot" (session 10): a parking garage - a 3x3 garage (x = 0..2, z = 1..3, layers 1..3,
#: roofed from y = 4) in a west block, the box bottom open.  Tilted west each I3 slides in as one row;
#: six rows make two flat layers, the plateau at level 2 (the empty layer 3 above it).  Back down and
#: west again: the plateau survives 2 tilts (★3).  The first piece is soft-dropped to layer 1 first.
LV05: list[Step] = [
    *_shift("z", -1),
    "s*6",
    "tW",
    "d",
    *[
        t
        for y, z in ((1, 2), (1, 3), (2, 1), (2, 2), (2, 3))
        for t in (*_shift("z", z - 2), *_shift("y", y - 3), "d")
    ],
    "tD",
    "tW",
]

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

#: Lv7 "Reinforced Intro" (session 8 redraw, all faces open): two Reinforced I3 join into one frame over a
#: gap of 3 between two WALL posts; tilted east the frame rests on the taller east post, back down on both.
LV07: list[Step] = [
    ((0, 0, 4), (0, 1, 4), (0, 2, 4), (0, 3, 4)),  # I4 upright west of the west post (held sideways)
    "h",  # the first Reinforced I3 to the hold slot
    ((3, 0, 4), (4, 0, 4), (5, 0, 4)),  # I3: the gap's floor, held sideways by the east post's shoulder
    "h",  # the I4 to the hold slot, the Reinforced I3 back
    ((4, 3, 4), (5, 3, 4), (6, 3, 4)),  # I3 Reinforced on the shoulder, two cells over the gap
    ((6, 0, 9), (7, 0, 9), (8, 0, 9), (9, 0, 9)),  # I4: nowhere to hold it, lost on the tilt (4 of 5)
    ((1, 3, 4), (2, 3, 4), (3, 3, 4)),  # I3 Reinforced on the west post: joins the frame, gap of 3
    "tE",
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

#: Lv9 "Cavity Bonus" (session 9 redraw): a vault of volume 3 against the east WALL plate.  Each cavity
#: cell needs its roof (held under DOWN) and its west neighbour (held under the east tilt) in one
#: Reinforced frame; the ends rest on the plate.  "park" puts a piece where the east tilt loses
#: nothing, away from the vault's slice still to build (``KEEP``), highest first (the ★2 tower).
LV09: list[Step] = [
    ((5, 0, 3), (5, 1, 3), (6, 1, 3)),  # L3 Reinforced: slice z = 3 (west wall + roof)
    ((5, 0, 1), (6, 0, 1), (5, 0, 2), (6, 0, 2)),  # O2: the north end (6, 0, 2) on the plate
    ((5, 0, 4), (5, 1, 4), (6, 1, 4)),  # L3 Reinforced: slice z = 4, joins the frame
    "park",
    ((6, 0, 6), (6, 1, 6), (6, 2, 6), (6, 3, 6)),  # I4 upright: the south end (6, 0, 6)
    "park",
    "park",
    "park",
    "park",
    "park",
    ((4, 1, 5), (5, 1, 5), (6, 1, 5), (5, 0, 5)),  # T3 Reinforced: slice z = 5 closes the vault
    "tE",
    ".*30",
    "tD",
]

#: cells a "park" step keeps empty, with the columns above them (the pieces still to come drop there)
KEEP: dict[str, set[Cell]] = {"lv09": {(4, 1, 5), (5, 1, 5), (6, 1, 5), (5, 0, 5), (6, 0, 5)}}

PLANS: dict[str, list[Step]] = {
    "lv01": LV01,
    "lv02": LV02,
    "lv03": LV03,
    "lv04": LV04,
    "lv05": LV05,
    "lv06": LV06,
    "lv08": LV08,
    "lv10": LV10,
    "lv07": LV07,
    "lv09": LV09,
    "lv17": LV17,
}


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


def park(s: State, keep: set[Cell]) -> list[TickInput]:
    """Ticks that lock the active piece where an east tilt would lose nothing more, keeping ``keep``
    (and the columns above it) empty; the highest such placement (it builds the tower)."""
    from engine.floodline.geometry import Gravity

    f = s.board.frame
    before = _solids(s)
    lost0 = s.metrics["lostVoxelsTotal"]
    best: tuple[int, list[TickInput]] | None = None
    for _sc, ticks, res in placements(s):
        if res.outcome is not None and res.outcome.status != Status.WON:
            continue
        new = [(f.xs[i], f.ys[i], f.zs[i]) for i in _solids(res) - before]
        if any((x, z) == (kx, kz) and y >= ky for x, y, z in new for kx, ky, kz in keep):
            continue
        tilted = _run(res, [TickInput(tilt=Gravity.EAST)])
        if tilted.gravity != Gravity.EAST or tilted.metrics["lostVoxelsTotal"] > lost0:
            continue
        top = max(y for _x, y, _z in new)
        if best is None or top > best[0]:
            best = (top, ticks)
    if best is None:
        raise ValueError("nowhere to park")
    return best[1]


def run_plan(
    stem: str, plan: list[Step], data: dict[str, Any] | None = None, strict: bool = True
) -> tuple[State, list[TickInput]]:
    """Play ``plan`` on level ``stem`` (or on level data ``data``: a stripped copy for the necessity
    check); returns the end state and the ticks played.  With ``strict=False`` a step that cannot be
    placed ends the play where it is (the plan cannot be carried out: not a win)."""
    data = data if data is not None else json.loads((LEVELS / f"{stem}.json").read_text())
    lv = parse_level(data)
    s = initial_state(lv, int(data["meta"]["seed"]))
    ticks: list[TickInput] = []
    for st in plan:
        if st == "park":
            try:
                tt = park(s, KEEP.get(stem, set()))
            except ValueError:
                if strict:
                    raise
                break
        elif isinstance(st, str):
            mv = parse_move(st)
            tt = [mv.once()] * mv.repeat
        else:
            try:
                tt = place(s, st)
            except ValueError:
                if strict:
                    raise
                break
        s = _run(s, tt)
        ticks += tt
        if s.outcome is not None:
            break
    return s, ticks


def necessity(stem: str) -> list[dict[str, Any]]:
    """Each mechanic level ``stem`` has (``necessity_plans.MECHANICS``), removed in turn, against the
    level's own hand plan: one row per mechanic with the play's end (a step the stripped level cannot
    carry out ends the play).  A plan is one player, so "the plan loses" is evidence, not a proof; the
    rule that makes a mechanic necessary is named in RULES.md and pinned by a test."""
    import copy

    from engine.floodline.campaign import level
    from tools.floodline.necessity_plans import MECHANICS

    n = int(stem[2:])
    rows = []
    for name, (has, strip) in MECHANICS.items():
        if not has(level(n)):
            continue
        s, _t = run_plan(stem, PLANS[stem], data=strip(copy.deepcopy(level(n))), strict=False)
        o = s.outcome
        won = o is not None and o.status == Status.WON
        rows.append(
            {
                "lv": n,
                "removed": name,
                "won": won,
                "stars": o.stars if won and o is not None else 0,
                "reason": "stuck" if o is None else o.reason.value,
                "pieces": int(s.metrics["piecesUsed"]),
            }
        )
    return rows


def main(argv: list[str]) -> int:
    if "--necessity" in argv:
        for stem in [a for a in argv if not a.startswith("-")] or sorted(PLANS):
            for r in necessity(stem):
                print(json.dumps(r))
        return 0
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
            update_index(stem, end.outcome.stars, end.tick)
    return 0


def update_index(stem: str, stars: int, ticks: int) -> None:
    """Set ``stem``'s row of ``solutions/index.json`` (re-read just before: other levels' rows are
    other engineers' and stay as they are)."""
    path = SOLUTIONS / "index.json"
    index = json.loads(path.read_text())
    index[stem] = {"stars": stars, "ticks": ticks}
    path.write_text(json.dumps(dict(sorted(index.items())), indent=1) + "\n")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
