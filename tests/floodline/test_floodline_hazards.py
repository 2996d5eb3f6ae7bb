"""Part V wind, Part VI stabilize, freeze / drain-placement abilities, endless mutators."""

from __future__ import annotations

import pytest
from floodline_util import cells, run, start

from engine.floodline.board import Kind
from engine.floodline.level import seconds_to_ticks
from engine.floodline.rules import initial_state
from engine.floodline.state import Reason, Status

SLOW = {"gravityTicks": 600}


def wind(**params: object) -> list[dict[str, object]]:
    return [{"type": "WIND_GUST", "enabled": True, "params": params}]


def test_seconds_to_ticks_rounding() -> None:
    assert seconds_to_ticks(10) == 600
    assert seconds_to_ticks(1.5) == 90
    assert seconds_to_ticks(0.1) == 6
    assert seconds_to_ticks(0.025) == 2  # 1.5 -> half to even
    assert seconds_to_ticks(0.0083) == 0


def test_alternating_gusts_on_schedule() -> None:
    s = start(timing=SLOW, hazards=wind(intervalSeconds=0.5, firstGustOffsetSeconds=0.1))
    assert s.wind_next == 6
    s = run(s, ".*6")
    assert s.active.origin[0] == 3
    s = run(s, ".")  # tick 6: EAST
    assert s.active.origin[0] == 4
    s = run(s, ".*29")
    assert s.active.origin[0] == 4
    s = run(s, ".")  # tick 36: WEST
    assert s.active.origin[0] == 3 and s.gusts == 2


def test_gust_stops_at_obstacle_and_heavy_resists() -> None:
    s = start(timing=SLOW, hazards=wind(intervalSeconds=0.1, pushStrength=3, firstGustOffsetSeconds=0))
    s = run(s, ".")
    assert s.active.origin[0] == 6  # 3 steps east; the board edge is at x=7 for a 2-wide piece
    s = run(s, ".*6")  # next gust WEST
    assert s.active.origin[0] == 3
    heavy = {"type": "FIXED_SEQUENCE", "sequence": [{"piece": "O2", "material": "HEAVY"}] * 3}
    s = start(
        timing=SLOW, bag=heavy, hazards=wind(intervalSeconds=1, pushStrength=3, firstGustOffsetSeconds=0)
    )
    s = run(s, ".")
    assert s.active.origin[0] == 4  # floor(3 / 2) = 1 step
    s = start(
        timing=SLOW, bag=heavy, hazards=wind(intervalSeconds=1, pushStrength=1, firstGustOffsetSeconds=0)
    )
    s = run(s, ".")
    assert s.active.origin[0] == 3  # floor(1 / 2) = 0


def test_seeded_offset_and_random_direction_are_deterministic() -> None:
    from floodline_util import level

    lv = level(
        timing=SLOW, hazards=wind(intervalSeconds=2, directionMode="RANDOM_SEEDED", includeNorthSouth=True)
    )
    offs = {initial_state(lv, seed).wind_next for seed in range(20)}
    assert all(0 <= o < 120 for o in offs) and len(offs) > 5
    a = run(initial_state(lv, 7), ".*600")
    b = run(initial_state(lv, 7), ".*600")
    assert a.snapshot() == b.snapshot() and a.gusts == 5


def test_wind_mutator_delays_wind() -> None:
    s = start(
        timing=SLOW,
        hazards=wind(intervalSeconds=0.1, firstGustOffsetSeconds=0),
        mutators=[{"type": "WIND", "everyPieces": 1}],
    )
    s = run(s, ".")
    assert s.active.origin[0] == 3  # not active until one piece is placed
    s = run(s, "d", ".*6")  # gust #1 at tick 6 blows WEST (gust #0 was spent while inactive)
    assert s.active.origin[0] == 2


def test_stabilize_arm_cancel_and_charges() -> None:
    s = start(timing=SLOW, abilities={"stabilizeCharges": 1})
    s = run(s, "v")
    assert s.active.armed and s.charges["stabilize"] == 0 and s.metrics["stabilizesUsed"] == 1
    s = run(s, "v")
    assert not s.active.armed  # cancelled, not refunded
    s = run(s, "v")
    assert not s.active.armed and s.charges["stabilize"] == 0


def test_stabilize_anchor_lasts_two_rotations() -> None:
    s = start(
        timing=SLOW,
        abilities={"stabilizeCharges": 1},
        cells=[{"pos": [0, 0, 0], "to": [7, 3, 7], "type": "WALL"}],
    )
    s = run(s, "v", "d")  # lands on the wall block at y=4, anchored for 2 rotations
    piece = cells(s.board, Kind.SOLID)
    assert [s.board.anchor[s.board.idx(c)] for c in piece] == [2, 2, 2, 2]
    s = run(s, "tE")
    assert [s.board.anchor[s.board.idx(c)] for c in cells(s.board, Kind.SOLID)] == [1, 1, 1, 1]
    moved = cells(s.board, Kind.SOLID)  # rules 0.5: a rigid frame slides east whole to the box side
    assert [(y, z) for _x, y, z in moved] == [(y, z) for _x, y, z in piece] and moved[-1][0] == 7
    s = run(s, "tD")
    assert all(s.board.anchor[s.board.idx(c)] == 0 for c in cells(s.board, Kind.SOLID))


@pytest.mark.parametrize(("armed", "kept"), [(True, 4), (False, 1)])
def test_a_stabilized_piece_is_a_rigid_frame_over_a_gap(armed: bool, kept: int) -> None:
    """Rules 0.5 (RULES.md 17, Part VI §2): the armed O2 lands with one voxel on a 1x1 WALL column and
    holds its three hanging voxels as a frame; unarmed, those three break off and fall."""
    post = {"pos": [3, 0, 3], "to": [3, 3, 3], "type": "WALL"}
    s = start(timing=SLOW, abilities={"stabilizeCharges": 1}, cells=[post])
    s = run(s, *(["v"] if armed else []), "d")
    assert sum(1 for c in cells(s.board, Kind.SOLID) if c[1] == 4) == kept


def test_freeze_ability() -> None:
    pool = {"pos": [0, 0, 0], "to": [7, 0, 7], "type": "WATER"}
    s = start(
        timing=SLOW,
        cells=[pool],
        abilities={"freezeCharges": 1, "freezeRadius": 1, "freezeDurationResolves": 2},
    )
    s = run(s, "f0.5.0")  # nothing within radius 1 of (0,5,0): no charge used
    assert s.charges["freeze"] == 1
    s = run(s, "f0.0.0")
    assert s.charges["freeze"] == 0 and s.metrics["freezesUsed"] == 1
    assert len(cells(s.board, Kind.ICE)) == 4  # (0..1, 0, 0..1)
    s = run(s, "f3.0.3")
    assert len(cells(s.board, Kind.ICE)) == 4  # out of charges
    s = run(s, "d", "d")
    assert cells(s.board, Kind.ICE) == []  # thawed after 2 resolves
    assert s.board.count(Kind.WATER) == 64 - 0  # conserved (displaced units rose)


def test_drain_placement_ability() -> None:
    pool = {"pos": [0, 0, 0], "to": [7, 0, 7], "type": "WATER"}
    s = start(cells=[pool], abilities={"drainPlacementCharges": 1, "drainRate": 2, "drainScope": "ADJ6"})
    s = run(s, "p")
    assert s.active.piece_id == "DRAIN1" and s.queue[0][0] == "O2" and s.charges["drain"] == 0
    s = run(s, "d")
    assert len(cells(s.board, Kind.DRAIN)) == 1 and s.metrics["drainsPlaced"] == 1
    assert s.metrics["piecesUsed"] == 0
    assert s.metrics["waterRemovedTotal"] == 2
    assert s.board.count(Kind.WATER) == 62


def test_endless_mutators() -> None:
    s = start(
        meta={"mode": "ENDLESS"},
        bag={"type": "BAG_N", "pieces": ["O2"]},
        mutators=[
            {"type": "HEIGHT_SQUEEZE", "everyPieces": 1, "step": 1, "minHeightLimit": 10},
            {"type": "WATER_INJECTION", "everyPieces": 2, "units": 3},
            {"type": "PIECE_COMPLEXITY", "everyPieces": 1, "addPieces": ["I3", "L3"]},
        ],
    )
    s = run(s, "d")
    assert s.height_limit == 11 and s.bag.extra == ("I3",) and s.board.count(Kind.WATER) == 0
    s = run(s, "d")
    assert s.height_limit == 10 and s.bag.extra == ("I3", "L3") and s.board.count(Kind.WATER) == 3
    s = run(s, "d")
    assert s.height_limit == 10
    assert s.outcome is None or s.outcome.status == Status.LOST


def test_freeze_skips_water_under_the_active_piece() -> None:
    pool = {"pos": [0, 0, 0], "to": [7, 0, 7], "type": "WATER"}
    s = start(timing=SLOW, cells=[pool], abilities={"freezeCharges": 1, "freezeRadius": 2})
    s = run(s, "s*15")  # O2 now sits in the water layer at x,z = 3..4
    assert s.active is not None and s.active.origin[1] == 0
    s = run(s, "f3.0.3")
    under = {c for c in s.active.cells()}
    assert under.isdisjoint(cells(s.board, Kind.ICE)) and len(cells(s.board, Kind.ICE)) == 25 - 4


def test_hold_drops_stabilize_arming() -> None:
    s = start(timing=SLOW, abilities={"stabilizeCharges": 1})
    s = run(s, "v", "h")
    assert s.active is not None and not s.active.armed and s.charges["stabilize"] == 0


def test_endless_squeeze_lowers_the_spawn_and_a_squeezed_stack_overflows() -> None:
    # RULES.md 10: the spawn follows the current (squeezed) limit; a stack left above the new limit is
    # OVERFLOW at that lock (the squeeze runs before the objectives are checked).
    s = start(
        meta={"mode": "ENDLESS"},
        mutators=[{"type": "HEIGHT_SQUEEZE", "everyPieces": 1, "step": 4, "minHeightLimit": 1}],
    )
    assert s.active is not None and s.active.origin[1] == 11
    s = run(s, "d")
    assert s.height_limit == 8 and s.active is not None and s.active.origin[1] == 7
    s = run(s, "d")
    assert s.height_limit == 4 and s.active is not None and s.active.origin[1] == 3
    s = run(s, "d")  # stack now y = 0..2, limit 1
    assert s.height_limit == 1
    assert s.outcome is not None and s.outcome.reason == Reason.OVERFLOW
