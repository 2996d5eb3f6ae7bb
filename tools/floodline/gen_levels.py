"""Developer tool (never shipped): writes the 30 campaign levels to ``engine/floodline/levels/``.

The beats, objectives and star hooks come from the Part VIII plan (``tools/floodline/plan.py``);
level 12 is the engine's hand-built fixture. Boards are cut to the height each level needs.
Run: ``python -m tools.floodline.gen_levels``, then ``python -m tools.floodline.solve_levels``.

Design pass (issue 5): lv04 needs a brace before its two tilts (open E/W faces, COLLAPSE over 5 lost);
lv05/lv07 ★3 "survives 2 tilts" is earned in the window of engine RULES.md 36b; lv02/lv03 need their
tilt: a short non-looping O2/L3 sequence cannot stack to the target, but a stone slab hangs high on one
side and a piece tilted against it while still high sticks there (RULES.md 17) -- see ``_tilt_tutorial``.
Issue #16 pass (``tune``, engine RULES.md 43-48): piece packs and unlock cadence, objectives that must
survive tilts, pour levels, open-sided high-rise levels with a post, max weight as a fail state.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "engine" / "floodline" / "levels"

TITLES = [
    "First Stack",
    "First Tilt",
    "Four Winds",
    "Unsupported",
    "Parking Lot",
    "Hold It",
    "Reinforced Intro",
    "Tilt Budget",
    "Cavity Bonus",
    "Foundation Exam",
    "First Basin",
    "Meet the Drain",
    "Dig a Channel",
    "Two Basins",
    "Don't Build on Water",
    "Freeze 101",
    "Temporary Bridge",
    "Drain Placement",
    "Forbidden Zone",
    "Floodplain Exam",
    "Weight Limit",
    "Heavy Pieces",
    "Skyline Footprint",
    "First Gust",
    "Stabilize",
    "Cantilever",
    "Tight Budget",
    "Alternating Wind",
    "Wet Foundation",
    "High-Rise Exam",
]
FIXTURES = {12: "lv12_meet_the_drain.json"}


def _c(pos: list[int], typ: str, to: list[int] | None = None, **kw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"pos": pos, "type": typ, **kw}
    if to is not None:
        out["to"] = to
    return out


# Chapter 2 terrain (issue #16): no bedrock floor (the box bottom supports, RULES.md 16), every pool
# walled so the authored water is at rest.  "Pour" levels keep the pool and the drain in different
# basins: dropping alone never drains; tilting toward the drain pours the pool over its wall (under a
# sideways gravity y is a horizontal axis), a lock under that tilt drains, tilting back leaves the
# water in the drain's basin.
def _wall(x0: int, x1: int, h: int, z0: int = 0, z1: int = 9) -> dict[str, Any]:
    return _c([x0, 0, z0], "WALL", [x1, h - 1, z1])


def _pool(x0: int, x1: int, h: int, z0: int = 0, z1: int = 9) -> dict[str, Any]:
    return _c([x0, 0, z0], "WATER", [x1, h - 1, z1])


def _drain0(x: int, z: int, rate: int = 2) -> dict[str, Any]:
    return _c([x, 0, z], "DRAIN", rate=rate, scope="ADJ26")


TERRAIN: dict[int, list[dict[str, Any]]] = {
    # starter pool under a shelf, walled on its open sides
    11: [
        _pool(0, 3, 1, 0, 3),
        _wall(4, 4, 1, 0, 4),
        _wall(0, 3, 1, 4, 4),
        _c([0, 1, 0], "BEDROCK", [3, 1, 1]),
    ],
    # pour: the pool (west) and the drain basin (east) are split by a wall higher than the pool
    13: [_pool(0, 3, 2), _wall(4, 4, 4), _drain0(9, 5, 3)],
    # two basins (west, middle) pour into the drain basin (east) together
    14: [_pool(0, 2, 1), _wall(3, 3, 4), _pool(4, 5, 1), _wall(6, 6, 4), _drain0(8, 5, 3), _drain0(9, 4, 3)],
    # a walled pool in the middle of the field
    15: [_wall(2, 7, 1, 2, 7), _c([3, 0, 3], "WATER", [6, 0, 6])],
    # pour, then freeze what is left near the drain
    16: [_pool(0, 3, 2), _wall(4, 4, 4), _drain0(9, 0, 2), _drain0(9, 9, 2)],
    # a water channel between two walls, the drain at the channel's end: bridge it (freeze helps)
    17: [_wall(0, 3, 2), _wall(6, 9, 2), _pool(4, 5, 2), _drain0(4, 0, 2)],
    # no drain at all: place your own
    18: [_pool(0, 4, 2), _wall(5, 5, 2)],
    # the drain sits in the pool; water above y = 2 loses
    19: [_pool(0, 3, 2), _wall(4, 4, 3), _drain0(0, 0, 3)],
    # exam: pour + freeze + height
    20: [_pool(0, 3, 3), _wall(4, 4, 5), _drain0(9, 0, 3), _drain0(9, 9, 3)],
}


def _tilt_tutorial(lv: int, data: dict[str, Any]) -> dict[str, Any]:
    """lv02 "First Tilt" / lv03 "Four Winds": the height is only reachable by tilting toward a wall.

    No floor cells (the box bottom holds pieces under DOWN only) and the side faces are open (RULES.md
    16): a piece tilted to a bare side is lost, so a tilt only pays toward the wall.  The bag is a short non-looping
    FIXED_SEQUENCE of pieces at most 2 voxels tall in any orientation, so dropping alone tops out at
    ``2 * pieces`` layers (lv02: 2 pieces -> 4 < 6; lv03: 3 -> 6 < 8; REACH_HEIGHT counts layers).  A WALL slab fills one side of the
    box from just above the sideways-spawn row (RULES.md 10, so a spawn under that tilt never collides)
    to the box top (nothing can rest on it), on two corner posts.  A piece tilted against the slab while
    still high touches it, so it stays put when gravity turns back down (RULES.md 17): no shift, ★3.
    """
    # the slab stands on a far side of the default NE view (W / S), so it never hides the piece
    if lv == 2:  # slab on the WEST face (x = 0)
        sx, sz, height, limit, slab_y = 8, 6, 12, 9, 6
        cells = [
            _c([0, slab_y, 0], "WALL", [0, height - 1, sz - 1]),
            _c([0, 0, 0], "WALL", [0, slab_y - 1, 0]),
            _c([0, 0, sz - 1], "WALL", [0, slab_y - 1, sz - 1]),
        ]
        seq = ["O2", "O2"]
        open_faces = ["EAST", "WEST"]
        data["rotation"] = {"allowed": ["DOWN", "EAST", "WEST"], "maxRotations": 3}
    else:  # lv03: slab on the SOUTH face (z = 7); E/W/N tilts lose the piece through open sides
        sx, sz, height, limit, slab_y = 6, 8, 12, 10, 6
        cells = [
            _c([0, slab_y, sz - 1], "WALL", [sx - 1, height - 1, sz - 1]),
            _c([0, 0, sz - 1], "WALL", [0, slab_y - 1, sz - 1]),
            _c([sx - 1, 0, sz - 1], "WALL", [sx - 1, slab_y - 1, sz - 1]),
        ]
        seq = ["O2", "L3", "O2"]
        open_faces = ["NORTH", "SOUTH", "EAST", "WEST"]
        data["rotation"] = {**data.get("rotation", {}), "cooldownSeconds": 1.5}
    data["board"] = {"size": [sx, sz], "height": height, "heightLimit": limit, "openFaces": open_faces}
    data["bag"] = {"type": "FIXED_SEQUENCE", "sequence": seq}
    data["cells"] = cells
    return data


def need_height(level: dict[str, Any]) -> int:
    hs = [c.get("height", 0) for c in level["objectives"] if c["type"] == "REACH_HEIGHT"]
    hs += [c.get("worldLevel", 0) + 4 for c in level["objectives"] if c["type"] == "BUILD_PLATEAU"]
    return max(hs or [8])


def build(lv: int) -> dict[str, Any]:
    sys.path.insert(0, str(ROOT / "tests" / "floodline"))
    sys.path.insert(0, str(ROOT))
    if lv in FIXTURES:
        data = json.loads((ROOT / "tests" / "floodline" / "levels" / FIXTURES[lv]).read_text())
    else:
        from tools.floodline.plan import level_for

        data = copy.deepcopy(level_for(lv))  # the plan's dicts are shared: never mutate them
        height = min(36, max(16, need_height(data) + 8))
        data["board"] = {**data["board"], "height": height, "heightLimit": height - 4}
    if lv in (2, 3):
        data = _tilt_tutorial(lv, data)
    if lv in TERRAIN:
        data["cells"] = TERRAIN[lv]
    if lv == 20:
        data["abilities"] = {"freezeCharges": 1}
    if lv == 17:  # the plan's fixed sequence, looped so the level cannot run out of pieces
        data["bag"] = {**data["bag"], "loop": True}
    if lv == 4:
        # The overhang demo: a T of 8 loose voxels (pillar + a 5-long arm overhanging both sides) on the
        # box floor, between the two open side faces, next to a WALL post it does not touch.  Tilting
        # east or west slides the whole T out of the box (8 lost > 5: COLLAPSE).  The player must first
        # brace it: a piece filling the gap at z=3 joins the T to the post (in front of it, in view), and a component touching an
        # immovable cell is supported (RULES.md 17) -- then both tilts cost nothing (★3: loss <= 1).
        data["board"] = {**data["board"], "openFaces": ["EAST", "WEST"]}
        data["rotation"] = {"allowed": ["DOWN", "EAST", "WEST"]}
        data["constraints"] = {"maxLostVoxels": 5}
        data["bag"] = {"type": "FIXED_SEQUENCE", "sequence": ["I3", "L3", "O2", "T3"], "loop": True}
        data["cells"] = [
            {"pos": [5, 0, 4], "to": [5, 2, 4], "type": "SOLID"},
            {"pos": [3, 3, 4], "to": [7, 3, 4], "type": "SOLID"},
            {"pos": [5, 0, 2], "to": [5, 1, 2], "type": "WALL"},
        ]
    data = tune(lv, data)
    from tools.floodline.redesign import apply

    data = apply(lv, data)  # issue #26 redesigns
    data["meta"] = {**data["meta"], "id": f"lv{lv:02d}", "title": TITLES[lv - 1]}
    return data


#: Part VII §5 piece packs per chapter
PACKS = {
    1: ["O2", "I3", "L3", "T3", "I4"],
    2: ["O2", "I3", "L3", "T3", "I4", "S4", "Z4", "L4", "J4"],
    3: ["O2", "I3", "L3", "T3", "I4", "S4", "Z4", "L4", "J4", "U5", "P5", "C3D5"],
}
#: Part V §7 wind tuning from Lv24 on ("after Lv24: wind icon + timer UI appears")
WIND: dict[int, dict[str, Any]] = {
    24: {"intervalSeconds": 12, "directionMode": "ALTERNATE_EW"},
    25: {"intervalSeconds": 12, "directionMode": "ALTERNATE_EW"},
    26: {"intervalSeconds": 10, "directionMode": "ALTERNATE_EW"},
    27: {"intervalSeconds": 10, "directionMode": "ALTERNATE_EW"},
    28: {"intervalSeconds": 10, "directionMode": "ALTERNATE_EW"},
    29: {"intervalSeconds": 8, "directionMode": "ALTERNATE_EW"},
    30: {"intervalSeconds": 8, "includeNorthSouth": True, "directionMode": "RANDOM_SEEDED"},
}
#: Part VIII "Max weight" rows: exceeding is the WEIGHT_EXCEEDED fail state (§6.2, §11).  Rules 0.5
#: (RULES.md 17, 47): a tower survives its tilts only on a Reinforced spine, so a High-Rise level takes
#: 25-50 pieces and the table's own figures (250/280/300/400, ★3 220) bind; they are read literally.
WEIGHT_SCALE = 1
MAX_MASS = {
    21: 250 // WEIGHT_SCALE,
    26: 280 // WEIGHT_SCALE,
    29: 300 // WEIGHT_SCALE,
    30: 400 // WEIGHT_SCALE,
}
LV29_MASS = MAX_MASS[29]
#: the objective (index) whose structure must also survive K tilts: "height AND survive K rotations"
SURVIVE = {
    5: (0, 1),
    6: (0, 1),
    7: (0, 1),
    8: (0, 2),
    9: (0, 1),
    10: (0, 2),
    15: (0, 1),  # the tower must stand through a tilt: blocks left on water shift
    21: (0, 2),
    22: (0, 2),
    23: (0, 2),
    24: (0, 2),
    25: (0, 2),
    27: (0, 2),
    28: (0, 2),
    29: (0, 2),
    30: (0, 2),
}
POUR = {13, 14, 16, 20}


def tune(lv: int, data: dict[str, Any]) -> dict[str, Any]:
    """Issue #16 pass: packs, unlock cadence, fail states, tilt-forcing objectives, review fixes."""
    ch = (lv - 1) // 10 + 1
    bag = data.get("bag", {})
    if bag.get("type", "WEIGHTED") == "WEIGHTED":
        bag = {**bag, "type": "WEIGHTED", "weights": dict.fromkeys(PACKS[ch], 1)}
    elif bag.get("type") == "BAG_N":
        bag = {**bag, "pieces": PACKS[ch]}
    mats = dict(bag.get("materials", {}))
    if lv >= 7 and bag.get("type") != "FIXED_SEQUENCE":  # after Lv7: Reinforced appears in the bag
        mats = {"STANDARD": mats.get("STANDARD", 4), "REINFORCED": mats.get("REINFORCED", 1), **mats}
    if lv >= 22:  # after Lv21: heavy material becomes common (Lv22 biases it)
        mats.setdefault("HEAVY", 2)
    else:
        mats.pop("HEAVY", None)
    if mats:
        bag["materials"] = mats
    data["bag"] = bag
    ab = dict(data.get("abilities", {}))
    ab["hold"] = lv >= 6  # Hold from Lv6 on
    if lv in (16, 17, 20):  # Freeze from Lv16 on (Lv17's tip says to freeze: it needs a charge)
        ab["freezeCharges"] = max(1, ab.get("freezeCharges", 0))
    if lv >= 25:  # Stabilize from Lv25 on
        ab["stabilizeCharges"] = max(1, ab.get("stabilizeCharges", 0))
    if lv == 18:  # one player drain must reach ★2 (≤ 18 pieces for 25 units): rate 2, 26-neighbourhood
        ab.update({"drainRate": 2, "drainScope": "ADJ26"})
    data["abilities"] = ab
    if lv in WIND:
        data["hazards"] = [{"type": "WIND_GUST", "params": {"pushStrength": 1, **WIND[lv]}}]
    if lv in MAX_MASS:
        data["constraints"] = {**data.get("constraints", {}), "maxMass": MAX_MASS[lv]}
    for group in (data["objectives"], data["stars"]["two"], data["stars"]["three"]):
        for cond in group:  # the weight figures of the same rows, in the same fifths
            if cond["type"] == "STAY_UNDER_WEIGHT":
                cond["maxMass"] //= WEIGHT_SCALE
            if cond.get("metric") == "massPlaced":
                cond["value"] //= WEIGHT_SCALE
    if lv == 29:  # rules 0.4 (RULES.md 17, 47): a tower rests beside the post from the floor up
        for cond in data["objectives"]:
            if cond["type"] == "STAY_UNDER_WEIGHT":
                cond["maxMass"] = LV29_MASS
    if lv in SURVIVE:
        k, tilts = SURVIVE[lv]
        objs = [dict(o) for o in data["objectives"]]
        objs[k]["surviveTilts"] = tilts
        data["objectives"] = objs
    if lv == 19:  # the table's "lose if water elev >= 3" (world y, RULES.md 32-33)
        data["constraints"] = {"waterForbiddenHeight": 3}
    if lv >= 21 and lv != 26:  # Lv26's cantilever is built against the box walls (closed sides)
        data = _high_rise(lv, data)
    return data


def _high_rise(lv: int, data: dict[str, Any]) -> dict[str, Any]:
    """Chapter 3: the four sides are open (a block that slides out is lost, RULES.md 16) and a short
    WALL post stands in the middle.  A tower has to survive its tilts, so it must be tied to the post
    (a component touching an immovable cell is supported, RULES.md 17) or anchored (Reinforced,
    Stabilize): an upright stack in a corner slides out of the box on the first tilt."""
    sx, sz = data["board"]["size"]
    cx, cz = sx // 2 - 1, sz // 2 - 1
    cells = [_c([cx, 0, cz], "WALL", [cx + 1, 3, cz + 1])]
    if lv == 29:  # small base puddles: a bedrock base with four one-cell pits of water (at rest)
        cells = [_c([0, 0, 0], "BEDROCK", [sx - 1, 0, sz - 1]), *cells]
        cells += [_c([x, 0, z], "WATER") for x, z in ((1, 1), (2, 7), (7, 2), (7, 7))]
    data["cells"] = cells
    data["board"] = {**data["board"], "openFaces": ["NORTH", "SOUTH", "EAST", "WEST"]}
    return data


def main() -> None:
    from engine.floodline import parse_level

    OUT.mkdir(exist_ok=True)
    for lv in range(1, 31):
        data = build(lv)
        parse_level(data)
        (OUT / f"lv{lv:02d}.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote 30 levels to {OUT}")


if __name__ == "__main__":
    main()
