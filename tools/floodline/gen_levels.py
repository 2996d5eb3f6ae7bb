"""Developer tool (not imported by the page): writes the 30 campaign levels to ``levels/``.

The beats, objectives and star hooks come from the engine's Part VIII plan test
(``tests/floodline/test_floodline_campaign_hooks.py``); levels 2 and 12 are the engine's
hand-built fixtures. Boards are cut to the height each level needs so they stay readable.
Run: ``python -m tools.floodline.gen_levels``.

Design pass (issue 5): lv04 needs a brace before its two tilts (open E/W faces, COLLAPSE over 5 lost);
lv05/lv07 ★3 "survives 2 tilts" is earned in the window of engine RULES.md 36b; lv11 has the table's
shelf over the pool, lv19 the table's forbidden water elevation 3, lv30 a stronger (push 2) wind.
lv02/lv03 need their tilt: a short non-looping O2/L3 sequence cannot stack to the target (each piece adds
at most 2 layers), but a stone slab hangs high on one side (W for lv02, S for lv03) and a piece tilted
against it while still high sticks there (RULES.md 17) -- see ``_tilt_tutorial``.
Known limit: REACH_HEIGHT is literal (max y of any solid, RULES.md 32) and wind only pushes the falling
piece (Part V §1), so height levels can be won with a one-voxel-wide tower of upright pieces.
"""

from __future__ import annotations

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


FLOOR = _c([0, 0, 0], "BEDROCK", [9, 0, 9])


def _drain(x: int, z: int, rate: int = 2) -> dict[str, Any]:
    return _c([x, 1, z], "DRAIN", rate=rate, scope="ADJ26")


# Chapter 2 terrain: the plan test gives objectives and hooks; water, walls and drains are authored here
TERRAIN: dict[int, list[dict[str, Any]]] = {
    13: [FLOOR, _c([0, 1, 0], "WATER", [3, 2, 9]), _c([4, 1, 0], "WALL", [4, 2, 9]), _drain(9, 5, 3)],
    14: [
        FLOOR,
        _c([0, 1, 0], "WATER", [2, 2, 9]),
        _c([7, 1, 0], "WATER", [9, 2, 9]),
        _c([3, 1, 0], "WALL", [3, 2, 9]),
        _c([6, 1, 0], "WALL", [6, 2, 9]),
        _drain(4, 5, 3),
        _drain(5, 4, 3),
    ],
    15: [
        FLOOR,
        _c([2, 1, 2], "WALL", [7, 1, 7]),
        _c([3, 1, 3], "WATER", [6, 1, 6]),
    ],
    16: [FLOOR, _c([0, 1, 0], "WATER", [3, 2, 9]), _c([4, 1, 0], "WALL", [4, 2, 9]), _drain(0, 0, 2)],
    17: [
        FLOOR,
        _c([0, 1, 0], "WALL", [3, 2, 9]),
        _c([6, 1, 0], "WALL", [9, 2, 9]),
        _c([4, 1, 0], "WATER", [5, 2, 9]),
        _drain(4, 0, 2),
    ],
    18: [FLOOR, _c([0, 1, 0], "WATER", [4, 2, 9]), _c([5, 1, 0], "WALL", [5, 2, 9])],
    19: [FLOOR, _c([0, 1, 0], "WATER", [3, 2, 9]), _c([4, 1, 0], "WALL", [4, 2, 9]), _drain(0, 0, 3)],
    20: [
        FLOOR,
        _c([0, 1, 0], "WATER", [3, 3, 9]),
        _c([4, 1, 0], "WALL", [4, 3, 9]),
        _drain(0, 0, 2),
        _drain(0, 9, 2),
    ],
}


def _tilt_tutorial(lv: int, data: dict[str, Any]) -> dict[str, Any]:
    """lv02 "First Tilt" / lv03 "Four Winds": the height is only reachable by tilting toward a wall.

    No floor cells (the box bottom holds pieces under DOWN only) and the side faces are open (RULES.md
    16): a piece tilted to a bare side is lost, so a tilt only pays toward the wall.  The bag is a short non-looping
    FIXED_SEQUENCE of pieces at most 2 voxels tall in any orientation, so dropping alone tops out at
    ``y = 2 * pieces - 1`` (lv02: 3 pieces -> 5 < 6; lv03: 4 -> 7 < 8).  A WALL slab fills one side of the
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
        seq = ["O2", "O2", "O2"]
        open_faces = ["EAST", "WEST"]
        data["rotation"] = {"allowed": ["DOWN", "EAST", "WEST"], "maxRotations": 3}
    else:  # lv03: slab on the SOUTH face (z = 7); E/W/N tilts lose the piece through open sides
        sx, sz, height, limit, slab_y = 6, 8, 12, 10, 6
        cells = [
            _c([0, slab_y, sz - 1], "WALL", [sx - 1, height - 1, sz - 1]),
            _c([0, 0, sz - 1], "WALL", [0, slab_y - 1, sz - 1]),
            _c([sx - 1, 0, sz - 1], "WALL", [sx - 1, slab_y - 1, sz - 1]),
        ]
        seq = ["O2", "L3", "O2", "L3"]
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
        from test_floodline_campaign_hooks import level_for  # type: ignore[import-not-found]

        data = level_for(lv)
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
    if lv == 19:  # the table's "lose if water elev >= 3" (elevation = world y, RULES.md 32-33)
        data["constraints"] = {"waterForbiddenHeight": 3}
    if lv == 11:  # the table's "starter pool under shelf": a bedrock shelf roofs half the pool
        data["cells"] = [*data["cells"], {"pos": [0, 1, 0], "to": [3, 1, 1], "type": "BEDROCK"}]
    if lv == 30:  # "wind stronger": gusts push two cells (lv24 / lv28 push one)
        data["hazards"] = [{**h, "params": {**h["params"], "pushStrength": 2}} for h in data["hazards"]]
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
    data["meta"] = {**data["meta"], "id": f"lv{lv:02d}", "title": TITLES[lv - 1]}
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
