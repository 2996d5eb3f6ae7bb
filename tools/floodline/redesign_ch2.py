"""Issue #26, sessions 9-10: chapter-2 levels that a cheap strategy won, redrawn.

* **Lv11 "First Basin"** (session 10; the row's "place 6 pieces, end stable" was won by every cheap
  strategy).  Water exists and never supports: a piece dropped into the pool sinks to the floor and
  pushes the water up, and water always runs to the lowest cell it can reach.  An 8x8 box (no tilts)
  holds a 4x4 pool, 2 deep (32 units), in a WALL rim 2 high that it fills to the brim.  Objective: the
  pool's top at row 4 (``maxWaterHeight >= 4``, the fifth layer).  The player raises the rim first
  (a piece dropped into the full pool spills water over the rim, lost to the floor outside), then fills
  under the water.  Counting voxels: the interior needs >= 33 solid cells under the 32 units and the
  rim's 16 edge cells rows 2-3 (32 voxels) plus what holds the top row: about 70 voxels, so no win
  under ~18 pieces; the plan below wins in 24.

* **Lv12 "Meet the Drain"** (drop and greedy won ★2 in 5 pieces: every piece dropped into the pool
  pushed water onto the floor drain).  The pool lies in the north half behind a 4-high ridge (z = 4);
  the drain sits high in the south wall (y = 5), out of reach of the pool under gravity DOWN.  Tilted
  south, the pool runs over the ridge against the south wall and every piece locked there drains 2:
  40 units take 20 locks under the tilt, and the pieces pile against that wall, so the player keeps
  them off the drain.  Session 16: the supply is 22 pieces (the old bag's first 22 draws, not looped;
  ★2 at most 21): ``build_tilt`` (6 pieces under DOWN, then tilted south) won the looping bag ★1 in 26.

* **Lv20 "Floodplain Exam"** (session 10; random play and tilt-drop won it: one pour reached two floor
  drains).  The pool (120 units) lies behind a 5-high wall in the west; the one drain sits high in the
  east wall (x = 9, y = 5, z = 0), so it drains only on locks made while the world is tilted east
  (rate 2: 40 units take 20 such locks).  Height 12 must then survive a tilt: a pile built against
  the east wall while tilted stands up when the world comes back down.  Tilt budget 10 (the row's);
  a strategy that tilts out and straight back locks nothing under the tilt, and one that tilts once
  and stays never has its height survive a tilt.  ★3 the row's: loss <= 8 and <= 22 pieces.  Session 11:
  tilt budget 10 -> 2 (the family's "tilt, stay, tilt back once" won ★2 with 3 tilts).

* **Lv16 "Freeze 101"** (session 11; random play and tilt-drop won it ★3 in 6 pieces: one pour reached two
  floor drains).  A 10x6 box whose **east face is open** (solids only; water never leaves the box) and
  no WALL at all: one layer of water (60 units) covers the floor; the one drain (rate 1) sits high in the
  east face's column (9, 7, 0).  Tilted east, the water lies against the open face and a lock drains 1,
  so 20 units take 20 locks under the tilt.  Under that tilt a piece is held only along gravity by an
  immovable cell (RULES 17): the drain's own lane (one cell wide) or **ice**.  Freezing the face water
  (radius 2: a 5x5 ice wall) gives the pieces a wall to stack against while the rest of the water
  drains; the ice lasts 24 lock resolves, so the pile must be done (or the world tilted back) before
  it thaws, or it falls out of the face.  Every other piece under the tilt falls out (lost voxels, at
  most 12).  A fixed looping sequence of Standard pieces: no Reinforced frame to hang a pile on.  The
  row's ★3 "freeze unused" contradicts "freeze is necessary" (issue #26): ★2 lost <= 4, ★3 lost 0.

* **Lv17 "Temporary Bridge"** (session 11; random play won it ★2 in 14 pieces; the old plan was 5
  pieces and never froze).  Lv16's open-faced box and drain, objective the row's "create a crossing,
  then drain": a **bridge of gap 2** (a lintel over two empty cells, both ends resting on blocks below
  them) AND 20 units drained.  Under the east tilt only ice holds a pile, so the arch is built on the
  frozen face: two piers and a lintel, all resting on the ice wall.  ★2 lost <= 4, ★3 the row's
  "<= 1 tilt" (the whole level under one east tilt).

Drain levels redrawn so the drain works only while the world is tilted (the Lv13 idea: Part IV, water
settles along gravity):

Lv16 (tilt-drop wins) was tried with its two drains high in the east wall's corners: under the east
tilt the pool fills that wall from z = 0 (the fill's tie order), so the z = 9 drain stays dry and the
plan missed 60 units in 60 pieces; not landed (session 9).  Lv20 was not tried.

Lv18 "Drain Placement" (greedy and wall win it ★3: the one placed drain sinks into the open pool and
drains 2 per lock under DOWN) was tried in session 12 as a roofed tank: an 8x8 box, the pool (x 0-7,
y 0-1, z 0-3, 64 units) under a WALL roof at y = 4 over z 0-4, a 2-high ridge at z = 4 leaving a slit at
y 2-3, no drain, one placement charge, 50 units.  Under DOWN the drain cannot reach the water; tilted
south the pool pours through the slit onto the south wall (z = 7).  Found: with heightLimit 9 the
sideways spawn (y centred below the limit) meets the roof, every second piece TOPS OUT (limit 14 / height
16 fixes it); the water lies as a sheet on the z = 7 face, filled x-major (64 units = columns x 0-3, all
16 rows), and a sheet never flows within its own layer, so a drain on the face only drains what pieces
push into its 26 neighbours: the phase plan (``_keep_off``) drained 32 (drain at (0, 0, 7), placed
before the tilt) and 34 (at (2, 5, 7), placed under the tilt) of 50 in 16 pieces, then the pile reached
the spawn (143 s CPU).  Not landed; a face narrower than the pool's volume (so the sheet stands in the
drain's reach) is the next thing to try.

``python -m tools.floodline.redesign_ch2 11`` rewrites level 11 and its solution (its own row of
``solutions/index.json`` only); ``python -m tools.floodline.redesign 12`` rewrites Lv12 (and rebuilds
the whole index).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from engine.floodline.board import Kind
from engine.floodline.geometry import Gravity
from engine.floodline.state import State
from tools.floodline.plan_solver import Phase

Data = dict[str, Any]


#: Lv12's supply (session 16): the first 22 draws of the session-9 bag (BAG_N, seed 1212, Reinforced 1 in
#: 5), materials kept, not looped.  40 units at 2 per lock take 20 locks: two pieces to spare.  The family's
#: ``build_tilt`` won the looping bag ★1 in 26 pieces (6 pieces built under DOWN, then 20 locks tilted south).
LV12_SUPPLY = 22
_LV12_DRAWS = "Z4 S4 O2* J4 T3 L3 I3 L4 I4* S4 L4 I3 L3 I4 J4 O2 T3 Z4 J4 Z4 I3 L3*"  # * = Reinforced
LV12_SEQUENCE: list[str | dict[str, str]] = [
    {"piece": p[:-1], "material": "REINFORCED"} if p.endswith("*") else p for p in _LV12_DRAWS.split()
]


def _lv12(d: Data) -> Data:
    d["board"] = {"size": [8, 8], "height": 12, "heightLimit": 8}
    d["objectives"] = [{"type": "DRAIN_WATER", "units": 40}]
    d["bag"] = {"type": "FIXED_SEQUENCE", "sequence": list(LV12_SEQUENCE), "loop": False}
    d["stars"] = {
        "two": [{"type": "METRIC_AT_MOST", "metric": "piecesUsed", "value": 21}],
        "three": [{"type": "METRIC_AT_MOST", "metric": "rotations", "value": 1}],
    }
    d["rotation"] = {"allowed": ["DOWN", "NORTH", "SOUTH"]}
    d.pop("constraints", None)
    d["cells"] = [
        {"pos": [0, 0, 0], "type": "WATER", "to": [7, 1, 3]},
        {"pos": [0, 0, 4], "type": "WALL", "to": [7, 3, 4]},
        {"pos": [3, 5, 7], "type": "DRAIN", "rate": 2, "scope": "ADJ26"},
    ]
    return d


#: Lv11: the pool's top must reach this row (y index; the fifth layer)
LV11_ROW = 4
_RIM = [
    {"pos": [1, 0, 1], "type": "WALL", "to": [6, 1, 1]},
    {"pos": [1, 0, 6], "type": "WALL", "to": [6, 1, 6]},
    {"pos": [1, 0, 2], "type": "WALL", "to": [1, 1, 5]},
    {"pos": [6, 0, 2], "type": "WALL", "to": [6, 1, 5]},
]


def _lv11(d: Data) -> Data:
    d["board"] = {"size": [8, 8], "height": 14, "heightLimit": 10}
    d["objectives"] = [{"type": "METRIC_AT_LEAST", "metric": "maxWaterHeight", "value": LV11_ROW}]
    d["stars"] = {
        "two": [{"type": "METRIC_AT_MOST", "metric": "piecesUsed", "value": 26}],
        "three": [{"type": "METRIC_AT_MOST", "metric": "shiftVoxelsTotal", "value": 10}],
    }
    d["rotation"] = {"allowed": ["DOWN"]}  # a tilt would stand the pool up against a wall
    d.pop("constraints", None)
    d["cells"] = [*_RIM, {"pos": [2, 0, 2], "type": "WATER", "to": [5, 1, 5]}]
    return d


def _rim(x: int, z: int) -> bool:
    return 1 <= x <= 6 and 1 <= z <= 6 and (x in (1, 6) or z in (1, 6))


def _pool(x: int, z: int) -> bool:
    return 2 <= x <= 5 and 2 <= z <= 5


def _basin_score(row: int) -> Callable[[State], float]:
    """Lv11's plan: the pool's top row (most), rim columns built solid from the floor up to ``row``
    (a hole under a rim voxel leaks), solids inside the rim; water outside the rim, voxels that broke
    off (shift), solids outside and above ``row`` cost."""
    solid, wall, water = int(Kind.SOLID), int(Kind.WALL), int(Kind.WATER)

    def score(st: State) -> float:
        b = st.board
        f = b.frame
        out_s = out_w = hi = rim = holes = inside = 0
        top = -1
        for x in range(b.sx):
            for z in range(b.sz):
                col = [b.kind[f.index(x, y, z)] for y in range(b.sy)]
                run = 0
                while run < len(col) and col[run] in (solid, wall):
                    run += 1
                solids = [y for y, k in enumerate(col) if k == solid]
                if _rim(x, z):
                    rim += min(run, row + 1)
                    holes += sum(1 for y in range(run, row + 1) if any(yy > y for yy in solids))
                elif _pool(x, z):
                    inside += min(len(solids), row - 1)
                else:
                    out_s += len(solids)
                hi += sum(1 for y in solids if y > row)
                for y, k in enumerate(col):
                    if k == water:
                        if _pool(x, z):
                            top = max(top, y)
                        else:
                            out_w += 1
        m = st.metrics
        return (
            2000.0 * top + 80 * rim - 300 * holes + 25 * inside - 500 * out_w - 4 * out_s - 150 * hi
        ) - 500 * m["shiftVoxelsTotal"]

    return score


LV20_DRAIN = (9, 5, 0)
#: Lv20's tilt budget (session 11: the row's 10 let "tilt, stay, tilt back once, then greedy" win ★2 in
#: 24 pieces with 3 tilts; with 2 the one tilt back must find the 12-high pile already standing)
LV20_BUDGET = 2


def _lv20(d: Data) -> Data:
    d["objectives"] = [
        {"type": "DRAIN_WATER", "units": 40},
        {"type": "REACH_HEIGHT", "height": 12, "surviveTilts": 1},
    ]
    d["stars"] = {
        "two": [],
        "three": [
            {"type": "METRIC_AT_MOST", "metric": "lostVoxelsTotal", "value": 8},
            {"type": "METRIC_AT_MOST", "metric": "piecesUsed", "value": 22},
        ],
    }
    d["rotation"] = {"allowed": ["DOWN", "EAST", "WEST"], "tiltBudget": LV20_BUDGET}
    d["cells"] = [
        {"pos": [0, 0, 0], "type": "WATER", "to": [3, 2, 9]},
        {"pos": [4, 0, 0], "type": "WALL", "to": [4, 4, 9]},
        {"pos": list(LV20_DRAIN), "type": "DRAIN", "rate": 2, "scope": "ADJ26"},
    ]
    return d


def _drained(units: int) -> Callable[[State], bool]:
    return lambda st: st.metrics["waterRemovedTotal"] >= units


def _east_tower(st: State) -> float:
    """Lv20 after the drain: height of the pile in the two columns by the east wall (x >= 8)."""
    b = st.board
    f = b.frame
    he = off = 0
    for i in b.indices(Kind.SOLID):
        if f.xs[i] >= 8:
            he = max(he, f.ys[i] + 1)
        elif f.ys[i] > 0:
            off += 1
    return 100.0 * min(he, 12) - 3 * off - 40 * st.metrics["lostVoxelsTotal"]


def _east_tall(st: State) -> bool:
    b = st.board
    f = b.frame
    return max((f.ys[i] + 1 for i in b.indices(Kind.SOLID) if f.xs[i] >= 8), default=0) >= 12


def _keep_off(drains: list[tuple[int, int, int]], axis: int, wall: int) -> Callable[[State], float]:
    """Score while tilted: water drained; solids near a drain (they seal it) and solids piled far
    out from the drain's wall (along ``axis``) cost."""

    def score(st: State) -> float:
        b = st.board
        f = b.frame
        near = 0
        reach = 0
        for i in b.indices(Kind.SOLID):
            c = (f.xs[i], f.ys[i], f.zs[i])
            if any(all(abs(c[a] - d[a]) <= 2 for a in range(3)) for d in drains):
                near += 1
            reach = max(reach, abs(wall - c[axis]))
        m = st.metrics
        return 100.0 * m["waterRemovedTotal"] - 60 * near - 10 * reach - 20 * m["lostVoxelsTotal"]

    return score


#: Lv16: the drain's cell (east face column, high), the freeze target of the plan (a 5x5 ice wall)
LV16_DRAIN = (9, 7, 0)
LV16_FREEZE = (9, 3, 2)
LV16_SEQUENCE = ["L3", "O2", "T3", "I3", "S4", "J4", "O2", "L4", "Z4", "I4", "T3", "L3"]


def _lv16(d: Data) -> Data:
    d["board"] = {"size": [10, 6], "height": 12, "heightLimit": 9, "openFaces": ["EAST"]}
    d["objectives"] = [{"type": "DRAIN_WATER", "units": 20}]
    d["stars"] = {
        "two": [{"type": "METRIC_AT_MOST", "metric": "lostVoxelsTotal", "value": 4}],
        "three": [{"type": "METRIC_AT_MOST", "metric": "lostVoxelsTotal", "value": 0}],
    }
    d["rotation"] = {"allowed": ["DOWN", "EAST"]}
    d["constraints"] = {"maxLostVoxels": 12}
    d["abilities"] = {"hold": True, "freezeCharges": 1, "freezeRadius": 2, "freezeDurationResolves": 24}
    d["bag"] = {"type": "FIXED_SEQUENCE", "sequence": list(LV16_SEQUENCE), "loop": True}
    d["cells"] = [
        {"pos": [0, 0, 0], "type": "WATER", "to": [9, 0, 5]},
        {"pos": list(LV16_DRAIN), "type": "DRAIN", "rate": 1, "scope": "ADJ26"},
    ]
    return d


def _ice_pile(st: State) -> float:
    """Lv16 under the east tilt: water drained; lost voxels cost most; a pile kept flat against the
    ice (little reach west) is preferred."""
    b = st.board
    f = b.frame
    reach = sum(9 - f.xs[i] for i in b.indices(Kind.SOLID))
    m = st.metrics
    return 100.0 * m["waterRemovedTotal"] - 300 * m["lostVoxelsTotal"] - 2 * reach


LV17_SEQUENCE = ["I3", "I4", "O2", "L3", "T3", "I3", "J4", "O2", "L4", "I4"]


def _lv17(d: Data) -> Data:
    d = _lv16(d)
    d["objectives"] = [{"type": "BRIDGE", "length": 2}, {"type": "DRAIN_WATER", "units": 20}]
    d["stars"] = {
        "two": [{"type": "METRIC_AT_MOST", "metric": "lostVoxelsTotal", "value": 4}],
        "three": [{"type": "METRIC_AT_MOST", "metric": "rotations", "value": 1}],
    }
    d["bag"] = {"type": "FIXED_SEQUENCE", "sequence": list(LV17_SEQUENCE), "loop": True}
    return d


def _ice_arch(st: State) -> float:
    """Lv17 under the east tilt: Lv16's pile score plus the longest bridge gap (up to 2)."""
    from engine.floodline.conditions import spans

    return _ice_pile(st) + 500 * min(spans(st.board)[0], 2)


APPLY: dict[int, Callable[[Data], Data]] = {11: _lv11, 12: _lv12, 16: _lv16, 17: _lv17, 20: _lv20}
PLANS: dict[int, list[Phase]] = {
    11: [Phase(pieces=60, score=_basin_score(LV11_ROW))],
    12: [Phase(tilt=Gravity.SOUTH), Phase(pieces=60, score=_keep_off([(3, 5, 7)], 2, 7))],
    16: [Phase(tilt=Gravity.EAST), Phase(pieces=40, score=_ice_pile)],
    17: [Phase(tilt=Gravity.EAST), Phase(pieces=40, score=_ice_arch)],
    20: [
        Phase(tilt=Gravity.EAST),
        Phase(pieces=40, score=_keep_off([LV20_DRAIN], 0, 9), until=_drained(40)),
        Phase(tilt=Gravity.DOWN),
        Phase(pieces=30, score=_east_tower, until=_east_tall),
        Phase(tilt=Gravity.EAST),
        Phase(tilt=Gravity.DOWN),
    ],
}

#: levels whose plan freezes once right after its first phase: the freeze target
FREEZES: dict[int, tuple[int, int, int]] = {16: LV16_FREEZE, 17: LV16_FREEZE}


def write(n: int) -> tuple[int, int]:
    """Rewrite level ``n`` (``gen_levels.build``, which applies :data:`APPLY`) and its solution from
    :data:`PLANS`; only level ``n``'s row of ``solutions/index.json`` changes.  Returns (stars, pieces)."""
    from engine.floodline.level import parse_level
    from engine.floodline.moves import TickInput
    from engine.floodline.replay import make_replay, play
    from engine.floodline.rules import initial_state, step
    from engine.floodline.state import Status
    from tools.floodline.gen_levels import OUT, build
    from tools.floodline.plan_solver import play_plan
    from tools.floodline.target_plans import SOLUTIONS, update_index

    data = build(n)
    lv = parse_level(data)
    seed = int(data["meta"]["seed"])
    end, ticks = play_plan(initial_state(lv, seed), PLANS[n][:1])
    if n in FREEZES:  # the plan's freeze, right after its first phase (plan_solver has no freeze phase)
        ticks.append(TickInput(freeze=FREEZES[n]))
        end = step(end, ticks[-1])
    end, rest = play_plan(end, PLANS[n][1:])
    ticks += rest
    if end.outcome is None or end.outcome.status != Status.WON:
        raise RuntimeError(
            f"lv{n:02d}: the plan does not win ({end.outcome}, {end.metrics['piecesUsed']} pieces)"
        )
    (OUT / f"lv{n:02d}.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    rep = make_replay(lv, seed, ticks)
    again = play(lv, rep)
    assert again.outcome is not None and again.outcome.status == Status.WON
    out = rep.model_dump(mode="json", by_alias=True)
    (SOLUTIONS / f"lv{n:02d}.json").write_text(json.dumps(out, indent=1) + "\n")
    update_index(f"lv{n:02d}", again.outcome.stars, again.tick)
    return again.outcome.stars, int(again.metrics["piecesUsed"])


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        stars, pieces = write(int(arg))
        print(f"lv{int(arg):02d}: WON {stars}★ in {pieces} pieces")
