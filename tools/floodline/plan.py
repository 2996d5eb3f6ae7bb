"""Part VIII plan (the seed's level table) as level dicts: objectives, star hooks, table extras.

``tools/floodline/gen_levels.py`` builds the shipped levels from it (terrain, packs, tuning on top).
"""

from __future__ import annotations

from typing import Any


def C(t: str, **kw: Any) -> dict[str, Any]:
    return {"type": t, **kw}


def at_most(metric: str, value: int) -> dict[str, Any]:
    return C("METRIC_AT_MOST", metric=metric, value=value)


FIX = {"type": "FIXED_SEQUENCE", "sequence": ["O2", "I3", "L3", "T3"], "loop": True}
WIND = [{"type": "WIND_GUST", "params": {"intervalSeconds": 12}}]
# lv: (objectives, star two, star three, extra level fields)
PLAN: dict[int, tuple[list[Any], list[Any], list[Any], dict[str, Any]]] = {
    1: (
        [C("PLACE_PIECES", count=8)],
        [at_most("holes", 10)],
        [at_most("overhangVoxels", 0)],
        {"rotation": {"allowed": ["DOWN"]}, "bag": FIX},
    ),
    2: (
        [C("REACH_HEIGHT", height=6)],
        [],
        [at_most("shiftVoxelsTotal", 0)],
        {"rotation": {"allowed": ["DOWN", "EAST", "WEST"], "maxRotations": 3}},
    ),
    3: ([C("REACH_HEIGHT", height=8)], [at_most("rotations", 2)], [], {"rotation": {"cooldownSeconds": 1.5}}),
    4: (
        [C("SURVIVE_ROTATIONS", count=2, maxLostVoxels=5)],
        [],
        [at_most("lostVoxelsTotal", 1)],
        {"cells": [{"pos": [2, 3, 2], "to": [5, 3, 2], "type": "SOLID"}]},
    ),
    5: (
        [C("BUILD_PLATEAU", area=9, worldLevel=2, width=3, depth=3)],
        [at_most("piecesUsed", 10)],
        [C("BUILD_PLATEAU", area=9, worldLevel=2, width=3, depth=3, surviveTilts=2)],
        {},
    ),
    6: ([C("REACH_HEIGHT", height=10)], [at_most("holdsUsed", 2)], [], {"abilities": {"hold": True}}),
    7: (
        [C("BRIDGE", length=3)],
        [],
        [C("BRIDGE", length=3, surviveTilts=2)],
        {"bag": {"type": "WEIGHTED", "materials": {"STANDARD": 3, "REINFORCED": 1}}},
    ),
    8: (
        [C("REACH_HEIGHT", height=12)],
        [],
        [C("METRIC_AT_LEAST", metric="tiltBudgetLeft", value=2)],
        {"rotation": {"tiltBudget": 6}},
    ),
    9: (
        [C("ENCLOSE_CAVITY", count=1)],
        [C("ENCLOSE_CAVITY", count=1), C("REACH_HEIGHT", height=10)],
        [at_most("piecesUsed", 12)],
        {},
    ),
    10: (
        [C("REACH_HEIGHT", height=14), C("BUILD_PLATEAU", area=9, worldLevel=4, width=3, depth=3)],
        [],
        [at_most("shiftVoxelsTotal", 6)],
        {"rotation": {"tiltBudget": 8}},
    ),
    11: (
        [C("PLACE_PIECES", count=6), C("STABLE")],
        [],
        [at_most("shiftVoxelsTotal", 0)],
        {"cells": [{"pos": [0, 0, 0], "to": [3, 0, 3], "type": "WATER"}]},
    ),
    12: (
        [C("DRAIN_WATER", units=10)],
        [at_most("piecesUsed", 12)],
        [],
        {
            "cells": [
                {"pos": [0, 0, 0], "to": [3, 0, 3], "type": "WATER"},
                {"pos": [4, 0, 0], "type": "DRAIN"},
            ]
        },
    ),
    13: (
        [C("DRAIN_WATER", units=18)],
        [],
        [at_most("rotations", 4)],
        {"rotation": {"allowed": ["DOWN", "EAST", "WEST"]}},
    ),
    14: ([C("DRAIN_WATER", units=20)], [], [C("WATER_BELOW", height=2)], {}),
    15: ([C("REACH_HEIGHT", height=10)], [], [C("NO_RESTING_ON_WATER")], {}),
    16: ([C("DRAIN_WATER", units=20)], [], [at_most("freezesUsed", 0)], {"abilities": {"freezeCharges": 1}}),
    17: (
        [C("BRIDGE", length=2), C("DRAIN_WATER", units=10)],
        [],
        [at_most("rotations", 1)],
        {"bag": {"type": "FIXED_SEQUENCE", "sequence": ["I3", "I4", "O2"]}},
    ),
    18: (
        [C("DRAIN_WATER", units=25)],
        [at_most("piecesUsed", 18)],
        [],
        {"abilities": {"drainPlacementCharges": 1}},
    ),
    19: (
        [C("DRAIN_WATER", units=30)],
        [],
        [at_most("rotations", 6)],
        {"constraints": {"waterForbiddenHeight": 3}},
    ),
    20: (
        [C("DRAIN_WATER", units=40), C("REACH_HEIGHT", height=12)],
        [],
        [at_most("lostVoxelsTotal", 8), at_most("piecesUsed", 22)],
        {"rotation": {"tiltBudget": 10}},
    ),
    21: ([C("REACH_HEIGHT", height=18)], [], [at_most("massPlaced", 220)], {"constraints": {"maxMass": 250}}),
    22: (
        [C("REACH_HEIGHT", height=20)],
        [],
        [at_most("majorCollapses", 1)],
        {"bag": {"type": "WEIGHTED", "materials": {"STANDARD": 1, "HEAVY": 3}}},
    ),
    23: (
        [C("REACH_HEIGHT", height=18)],
        [],
        [C("BUILD_PLATEAU", area=9, worldLevel=6, width=3, depth=3)],
        {},
    ),
    24: ([C("REACH_HEIGHT", height=20)], [], [at_most("rotations", 4)], {"hazards": WIND}),
    25: (
        [C("REACH_HEIGHT", height=22)],
        [],
        [at_most("stabilizesUsed", 0)],
        {"abilities": {"stabilizeCharges": 1}},
    ),
    26: (
        [C("OVERHANG", length=4, surviveTilts=2)],
        [],
        [at_most("piecesUsed", 14)],
        {"constraints": {"maxMass": 280}},
    ),
    27: (
        [C("REACH_HEIGHT", height=24)],
        [],
        [C("METRIC_AT_LEAST", metric="tiltBudgetLeft", value=2)],
        {"rotation": {"tiltBudget": 6}},
    ),
    28: (
        [C("REACH_HEIGHT", height=26)],
        [],
        [at_most("shiftVoxelsTotal", 0)],
        {
            "hazards": [
                {"type": "WIND_GUST", "params": {"intervalSeconds": 10, "directionMode": "ALTERNATE_EW"}}
            ]
        },
    ),
    29: (
        [C("REACH_HEIGHT", height=26), C("STAY_UNDER_WEIGHT", maxMass=300)],
        [],
        [C("NO_RESTING_ON_WATER")],
        {"cells": [{"pos": [1, 0, 1], "to": [2, 0, 2], "type": "WATER"}]},
    ),
    30: (
        [C("REACH_HEIGHT", height=30), C("STAY_UNDER_WEIGHT", maxMass=400)],
        [],
        [at_most("piecesUsed", 26), at_most("lostVoxelsTotal", 10)],
        {
            "rotation": {"tiltBudget": 10},
            "hazards": [
                {
                    "type": "WIND_GUST",
                    "params": {
                        "intervalSeconds": 8,
                        "includeNorthSouth": True,
                        "directionMode": "RANDOM_SEEDED",
                    },
                }
            ],
        },
    ),
}


def level_for(lv: int) -> dict[str, Any]:
    obj, two, three, extra = PLAN[lv]
    size = [8, 8] if lv == 23 else [10, 10]
    return {
        "meta": {"id": f"lv{lv:02d}", "seed": 1000 + lv},
        "board": {"size": size, "height": 36, "heightLimit": 32},
        "objectives": obj,
        "stars": {"two": two, "three": three},
        **extra,
    }
