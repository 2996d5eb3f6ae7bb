"""Part V §6: the telegraphed next gust (``view.next_gust``) is the gust that comes, in every direction
mode — the direction rule is written once (``rules.gust_direction``) and both ask it."""

from __future__ import annotations

import pytest
from floodline_util import level, run

from engine.floodline.geometry import Gravity
from engine.floodline.rules import initial_state
from engine.floodline.view import next_gust

SLOW = {"gravityTicks": 600}
STEP = {"EAST": (1, 0), "WEST": (-1, 0), "NORTH": (0, -1), "SOUTH": (0, 1)}


@pytest.mark.parametrize(
    "params",
    [
        {"directionMode": "ALTERNATE_EW"},
        {"directionMode": "FIXED", "fixedDirection": "WEST"},
        {"directionMode": "RANDOM_SEEDED", "includeNorthSouth": True},
        {"directionMode": "RANDOM_SEEDED", "includeNorthSouth": False},
    ],
)
@pytest.mark.parametrize("seed", [1, 7, 42])
def test_each_telegraphed_gust_is_the_gust_that_comes(params: dict[str, object], seed: int) -> None:
    hz = [
        {
            "type": "WIND_GUST",
            "enabled": True,
            "params": {"intervalSeconds": 0.2, "pushStrength": 1, **params},
        }
    ]
    s = initial_state(level(timing=SLOW, hazards=hz), seed)
    assert s.gravity == Gravity.DOWN
    for _ in range(6):
        told = next_gust(s)
        assert told is not None
        if told["inTicks"] > 0:
            s = run(s, f".*{told['inTicks']}")
        before = s.active.origin
        s = run(s, ".")  # the gust's tick
        dx, dz = s.active.origin[0] - before[0], s.active.origin[2] - before[2]
        assert (dx, dz) == STEP[told["direction"]] or (dx, dz) == (0, 0)  # (0, 0): a wall stopped it
        if (dx, dz) == (0, 0):
            return
