"""Rules §10–11 and Part VIII: objectives, star hooks, fail states, scoring."""

from __future__ import annotations

from floodline_util import cells, floor_board, run, start

from engine.floodline.board import Board, Kind
from engine.floodline.conditions import (
    cavities,
    holes,
    max_world_height,
    overhang_voxels,
    plateau,
    resting_on_water,
    spans,
    stack_height,
    update_streak,
)
from engine.floodline.geometry import Gravity
from engine.floodline.state import Reason, Status

SLOW = {"gravityTicks": 600}


def test_place_pieces_wins_with_stars() -> None:
    s = start(
        objectives=[{"type": "PLACE_PIECES", "count": 2}],
        stars={
            "two": [{"type": "METRIC_AT_MOST", "metric": "holes", "value": 10}],
            "three": [{"type": "METRIC_AT_MOST", "metric": "overhangVoxels", "value": 0}],
        },
    )
    s = run(s, "d")
    assert s.outcome is None
    s = run(s, "d")
    assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == 3
    assert s.outcome.reason == Reason.OBJECTIVES_MET


def test_star_three_needs_star_two() -> None:
    s = start(
        objectives=[{"type": "PLACE_PIECES", "count": 1}],
        stars={
            "two": [{"type": "METRIC_AT_MOST", "metric": "piecesUsed", "value": 0}],
            "three": [{"type": "METRIC_AT_MOST", "metric": "shiftVoxelsTotal", "value": 0}],
        },
    )
    s = run(s, "d")
    assert s.outcome is not None and s.outcome.stars == 1


def test_game_over_refuses_moves() -> None:
    import pytest

    from engine.core.session import IllegalMoveError
    from engine.floodline import GAME

    s = run(start(objectives=[{"type": "PLACE_PIECES", "count": 1}]), "d")
    with pytest.raises(IllegalMoveError):
        GAME.apply(s, GAME.parse_move("."))


def test_reach_height_counts_layers_from_the_box_floor() -> None:
    """Issue #16: "Reach height 2" is won by two flat layers (max y = 1), as a player counts."""
    seq = {"type": "FIXED_SEQUENCE", "sequence": ["O2"] * 10}
    s = start(objectives=[{"type": "REACH_HEIGHT", "height": 2}], bag=seq)
    s = run(s, "d")
    assert s.outcome is None and max_world_height(s.board) == 0 and stack_height(s.board) == 1
    s = run(s, "d")
    assert max_world_height(s.board) == 1 and stack_height(s.board) == 2
    assert s.outcome is not None and s.outcome.status == Status.WON


def test_overflow_fail() -> None:
    # Pieces spawn below the limit (RULES.md 10), so OVERFLOW comes from a piece turned up into the
    # margin: a flat I3 on the floor, then an upright I3 on it reaches y = 3 >= heightLimit 3.
    bag = {"type": "FIXED_SEQUENCE", "sequence": ["I3"] * 4}
    s = start(board={"size": [4, 4], "height": 8, "heightLimit": 3}, bag=bag)
    s = run(s, "mz-", "d")
    assert s.outcome is None
    s = run(s, "rz+", "mz-", "d")
    assert max(c[1] for c in cells(s.board, Kind.SOLID)) == 3
    assert s.outcome is not None and s.outcome.reason == Reason.OVERFLOW and s.outcome.status == Status.LOST


def test_top_out_when_spawn_blocked() -> None:
    s = start(board={"size": [4, 4], "height": 4, "heightLimit": 4})
    s = run(s, "d", "d", "d", "d")
    assert s.outcome is not None and s.outcome.reason == Reason.TOP_OUT


def test_weight_exceeded_and_heavy_mass() -> None:
    heavy = {"type": "FIXED_SEQUENCE", "sequence": [{"piece": "O2", "material": "HEAVY"}] * 4}
    s = start(bag=heavy, constraints={"maxMass": 12})
    s = run(s, "d")
    assert s.metrics["massPlaced"] == 8 and s.outcome is None
    s = run(s, "d")
    assert s.outcome is not None and s.outcome.reason == Reason.WEIGHT_EXCEEDED


def test_stay_under_weight_objective() -> None:
    s = start(objectives=[{"type": "PLACE_PIECES", "count": 2}, {"type": "STAY_UNDER_WEIGHT", "maxMass": 7}])
    s = run(s, "d", "d")
    assert s.outcome is None  # 8 > 7: objective fails (no constraint configured, so no loss either)


def test_water_forbidden_zone() -> None:
    water = {"pos": [0, 0, 0], "to": [7, 0, 7], "type": "WATER"}
    s = start(cells=[water], constraints={"waterForbiddenHeight": 2})
    assert s.outcome is None
    s = run(s, "mx-", ".", "mx-", ".", "mx-", "d")  # piece displaces into the full floor: water rises to y=1
    assert s.outcome is None
    s2 = start(cells=[water], constraints={"waterForbiddenHeight": 1})
    s2 = run(s2, "d")
    assert s2.outcome is not None and s2.outcome.reason == Reason.WATER_FORBIDDEN


def test_drain_water_objective_counts_removed_units() -> None:
    lvl = {
        "cells": [
            {"pos": [0, 0, 0], "to": [7, 0, 7], "type": "WATER"},
            {"pos": [7, 1, 7], "type": "DRAIN", "rate": 3, "scope": "ADJ26"},
        ],
        "objectives": [{"type": "DRAIN_WATER", "units": 5}],
    }
    s = start(**lvl)
    s = run(s, "d")
    assert s.metrics["waterRemovedTotal"] == 3 and s.outcome is None
    s = run(s, "d")
    assert s.metrics["waterRemovedTotal"] == 6 and s.outcome is not None and s.outcome.status == Status.WON


def test_survive_rotations_with_loss_limit() -> None:
    s = start(timing=SLOW, objectives=[{"type": "SURVIVE_ROTATIONS", "count": 2, "maxLostVoxels": 0}])
    s = run(s, "tE")
    assert s.outcome is None
    s = run(s, "tD")
    assert s.outcome is not None and s.outcome.status == Status.WON


def test_collapse_threshold_fail() -> None:
    s = start(
        board={"size": [8, 8], "height": 16, "heightLimit": 12, "openFaces": ["EAST"]},
        cells=[{"pos": [3, 0, 3], "type": "SOLID"}],
        constraints={"maxLostVoxels": 0},
        timing=SLOW,
    )
    s = run(s, "tE")
    assert s.metrics["lostVoxelsTotal"] == 1
    assert s.outcome is not None and s.outcome.reason == Reason.COLLAPSE


def test_plateau_rect_and_area() -> None:
    b = Board(6, 4, 6)
    for x in range(3):
        for z in range(3):
            b.set_solid((x, 0, z))
    assert plateau(b, 0, 9, 3, 3)
    assert not plateau(b, 1, 9, 3, 3)
    b.set_solid((1, 1, 1))
    assert not plateau(b, 0, 9, 3, 3)
    assert plateau(b, 0, 8, None, None)  # ring of 8 top cells
    assert plateau(b, 0, 1, None, None, [(0, 0), (2, 2)]) and not plateau(b, 0, 1, None, None, [(1, 1)])
    assert not plateau(b, 0, 9, None, None)


def test_bridge_and_overhang_spans() -> None:
    b = Board(8, 4, 1)
    b.set_kind((0, 0, 0), Kind.WALL)
    b.set_kind((4, 0, 0), Kind.WALL)
    for x in range(7):
        b.set_solid((x, 1, 0))
    bridge, over = spans(b)
    assert bridge == 3  # x=1..3 hang between supported x=0 and x=4
    assert over == 2  # x=5..6 hang past x=4
    assert overhang_voxels(b) == 5


def test_cavity_detection() -> None:
    b = Board(5, 5, 5)
    for x in range(3):
        for y in range(3):
            for z in range(3):
                if (x, y, z) != (1, 1, 1):
                    b.set_solid((x, y, z))
    assert cavities(b) == 1
    b.clear(b.idx((1, 2, 1)))  # open the lid: the pocket now reaches the sky
    assert cavities(b) == 0


def test_holes_and_resting_on_water() -> None:
    b = floor_board(3, 4, 1)
    b.set_solid((0, 2, 0))
    b.set_kind((0, 1, 0), Kind.WATER)
    assert holes(b) == 2
    assert resting_on_water(b, Gravity.DOWN)
    assert not resting_on_water(b, Gravity.EAST)


def test_survive_tilts_streak_latches() -> None:
    st = -1
    st = update_streak(st, True, False, 2)
    assert st == 0
    st = update_streak(st, True, True, 2)
    st = update_streak(st, False, True, 2)
    assert st == -1  # broken before reaching 2
    for after_tilt in (False, True, True):
        st = update_streak(st, True, after_tilt, 2)
    assert st == 2
    assert update_streak(st, False, True, 2) == 2  # latched


def test_plateau_survives_two_tilts_objective() -> None:
    # against the east side: under the east tilt the anchored frame rests on the box face (rules 0.5)
    slab = {"pos": [5, 0, 0], "to": [7, 0, 2], "type": "BEDROCK"}
    top = {"pos": [5, 1, 0], "to": [7, 1, 2], "type": "SOLID", "anchored": True}
    obj = {"type": "BUILD_PLATEAU", "area": 9, "worldLevel": 1, "width": 3, "depth": 3, "surviveTilts": 2}
    s = start(cells=[slab, top], objectives=[obj], timing=SLOW)
    s = run(s, "d")
    assert s.outcome is None and s.streaks[0] == 0
    s = run(s, "tE")
    assert s.outcome is None and s.streaks[0] == 1
    s = run(s, ".*2", "tD")
    assert s.outcome is not None and s.outcome.status == Status.WON


def test_no_resting_on_water_constraint() -> None:
    water = {"pos": [0, 0, 0], "to": [7, 0, 7], "type": "WATER"}
    s = start(cells=[water], constraints={"noRestingOnWater": True})
    s = run(s, "d")
    # the piece sinks to the floor, displacing water upwards: it is not resting on water
    assert s.outcome is None
    # a Reinforced ledge held by its end on bedrock (a rigid frame, rules 0.5) rests on water elsewhere
    ledge = {"pos": [0, 1, 0], "to": [2, 1, 0], "type": "SOLID", "material": "REINFORCED"}
    pool = {"pos": [0, 0, 0], "to": [1, 0, 7], "type": "WATER"}
    rock = {"pos": [2, 0, 0], "type": "BEDROCK"}
    s = start(cells=[pool, rock, ledge], constraints={"noRestingOnWater": True})
    s = run(s, "d")
    assert s.outcome is not None and s.outcome.reason == Reason.RESTING_ON_WATER


def test_score_per_voxel_and_drain_and_efficiency() -> None:
    s = start(
        objectives=[{"type": "PLACE_PIECES", "count": 1}], scoring={"parPieces": 3, "efficiencyPercent": 10}
    )
    s = run(s, "d")
    assert s.metrics["score"] == 40
    assert s.outcome is not None and s.outcome.score == 40 * 120 // 100


def test_major_collapse_counter() -> None:
    tower = {"pos": [3, 0, 3], "to": [3, 7, 3], "type": "SOLID"}
    s = start(cells=[tower], timing=SLOW, constraints={"majorCollapseShift": 8})
    s = run(s, "tE")
    assert s.metrics["shiftVoxelsTotal"] == 8 and s.metrics["majorCollapses"] == 1


def test_level_start_settles_prebuilt_cells_without_metrics() -> None:
    s = start(cells=[{"pos": [2, 6, 2], "type": "SOLID"}, {"pos": [5, 5, 5], "type": "WATER"}])
    assert s.board.at((2, 0, 2)) == Kind.SOLID and s.board.count(Kind.WATER) == 1
    assert s.metrics["shiftVoxelsTotal"] == 0 and s.metrics["resolves"] == 0


def test_stable_condition_uses_last_resolve() -> None:
    s = start(
        cells=[{"pos": [0, 0, 0], "type": "WATER"}],
        objectives=[{"type": "STABLE"}, {"type": "PLACE_PIECES", "count": 1}],
    )
    s = run(s, "d")
    assert s.outcome is not None and s.outcome.status == Status.WON
    tower = {"pos": [6, 0, 6], "to": [6, 3, 6], "type": "SOLID"}
    s = start(
        cells=[tower], timing=SLOW, objectives=[{"type": "STABLE"}, {"type": "SURVIVE_ROTATIONS", "count": 1}]
    )
    s = run(s, "tE")
    assert s.outcome is None and s.metrics["lastShift"] == 4


def test_piece_dropped_onto_open_floor_is_lost() -> None:
    s = start(board={"size": [8, 8], "height": 16, "heightLimit": 12, "openFaces": ["DOWN"]})
    s = run(s, "d")
    assert s.metrics["lostVoxelsTotal"] == 4 and s.last_resolve["lost"] == 4
    assert s.board.count(Kind.SOLID) == 0 and s.metrics["piecesUsed"] == 1


def _survive_star_level(**kw: object) -> object:
    """A 3x3 plateau at world level 1 (two layers on the box floor); objective: the plateau plus one
    piece; ★2: none (holds); ★3: the plateau survives 2 tilts (the lv05 / lv07 hook)."""
    block = {"pos": [0, 0, 0], "to": [2, 1, 2], "type": "SOLID"}
    plat = {"type": "BUILD_PLATEAU", "area": 9, "worldLevel": 1, "width": 3, "depth": 3}
    return start(
        cells=[block],
        objectives=[plat, {"type": "PLACE_PIECES", "count": 1}],
        stars={"two": [], "three": [{**plat, "surviveTilts": 2}]},
        timing=SLOW,
        **kw,
    )


def test_survive_star_window_tilts_earn_the_star() -> None:
    # RULES.md 36b: objectives met -> win secured (2 stars) but the game waits for the survive-tilts star
    s = run(_survive_star_level(), "mx+*2", "d")
    assert s.outcome is None and s.win_pending == 2
    s = run(s, "tE")  # the plateau slides east as one rigid component and still stands
    assert s.outcome is None and s.win_pending == 2
    s = run(s, "tD")
    assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == 3
    assert s.metrics["rotations"] == 2 and s.win_pending == 0


def test_survive_star_window_closes_on_the_next_lock() -> None:
    s = run(_survive_star_level(), "mx+*2", "d")
    assert s.outcome is None and s.win_pending == 2
    s = run(s, "d")  # the player drops another piece instead of tilting: the secured win, no ★3
    assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == 2


def test_survive_star_window_broken_structure_keeps_the_secured_win() -> None:
    # an open east face: the tilt throws the plateau out of the box (a COLLAPSE fail state under
    # maxLostVoxels) -- the already secured win stands, without the star
    s = run(
        _survive_star_level(board={"openFaces": ["EAST"]}, constraints={"maxLostVoxels": 3}), "mx+*2", "d"
    )
    assert s.outcome is None and s.win_pending == 2
    s = run(s, "tE")
    assert s.metrics["lostVoxelsTotal"] > 3
    assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == 2


def test_survive_star_window_does_not_open_when_the_star_is_out_of_reach() -> None:
    # ★3 needs ★2: with ★2 failed (pieces <= 0) there is nothing to wait for
    two = {"type": "METRIC_AT_MOST", "metric": "piecesUsed", "value": 0}
    block = {"pos": [0, 0, 0], "to": [2, 1, 2], "type": "SOLID"}
    plat = {"type": "BUILD_PLATEAU", "area": 9, "worldLevel": 1, "width": 3, "depth": 3}
    s = start(
        cells=[block],
        objectives=[plat, {"type": "PLACE_PIECES", "count": 1}],
        stars={"two": [two], "three": [{**plat, "surviveTilts": 2}]},
    )
    s = run(s, "mx+*2", "d")
    assert s.outcome is not None and s.outcome.stars == 1 and s.win_pending == 0


def test_survive_star_window_running_out_of_pieces_keeps_the_win() -> None:
    bag = {"type": "FIXED_SEQUENCE", "sequence": ["O2"]}
    s = run(_survive_star_level(bag=bag), "mx+*2", "d")
    assert s.outcome is not None and s.outcome.status == Status.WON  # no next piece: the window closes
