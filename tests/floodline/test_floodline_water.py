"""Part IV: the equilibrium solver (must-have cases of §10), displacement, drains, freeze/thaw."""

from __future__ import annotations

import pytest
from floodline_util import cells, floor_board

from engine.core.hashing import state_hash
from engine.floodline.board import Board, DrainScope, Kind
from engine.floodline.geometry import Gravity
from engine.floodline.resolve import resolve_phase, tilt_resolve
from engine.floodline.water import INF, apply_drains, compute_req, freeze_cells, settle_water


def basin(width: int = 5) -> Board:
    """A 1-deep trench x in 1..3 between walls, in a width x 6 x 1 slice."""
    b = Board(width, 6, 1)
    return b


def test_single_basin_fills_lowest_cells_flat() -> None:
    b = Board(4, 5, 4)
    for x in range(4):
        b.set_kind((x, 3, 3), Kind.WATER)
    b.set_kind((0, 4, 0), Kind.WATER)
    settle_water(b, Gravity.DOWN)
    water = cells(b, Kind.WATER)
    assert len(water) == 5
    assert all(c[1] == 0 for c in water)  # everything on the floor layer
    # tie-break among the 16 floor cells: (gravElev, x, -z) ascending -> x=0 first, largest z first
    assert water == [(0, 0, 0), (0, 0, 1), (0, 0, 2), (0, 0, 3), (1, 0, 3)]


def _two_basins() -> Board:
    """Slice 7 wide: left basin x=0..1 behind ridge x=2 (height 2), right basin x=3..6 lower floor."""
    b = Board(7, 6, 1)
    for y in range(0, 2):
        b.set_kind((2, y, 0), Kind.WALL)  # ridge top at y=1
    for x in range(3, 7):
        b.set_kind((x, 0, 0), Kind.WALL)  # right basin floor raised by 1
    return b


def test_two_basins_small_volume_stays_left() -> None:
    b = _two_basins()
    for k in range(3):
        b.set_kind((0, 3 + k, 0), Kind.WATER)
    settle_water(b, Gravity.DOWN)
    assert cells(b, Kind.WATER) == [(0, 0, 0), (0, 1, 0), (1, 0, 0)]


def test_two_basins_large_volume_spills_over_ridge() -> None:
    b = _two_basins()
    for k in range(8):
        b.set_kind((k % 2, 2 + k // 2, 0), Kind.WATER)
    settle_water(b, Gravity.DOWN)
    water = cells(b, Kind.WATER)
    # left basin full to the ridge (4 cells: y 0..1); spill needs req=2 (over the ridge at y=2)
    # right basin cells at y=1 have req 2 and elev 1 -> filled before the y=2 layer on the left
    assert {(0, 0, 0), (0, 1, 0), (1, 0, 0), (1, 1, 0)} <= set(water)
    assert {(3, 1, 0), (4, 1, 0), (5, 1, 0), (6, 1, 0)} <= set(water)
    assert len(water) == 8


def test_req_is_minimax_over_paths() -> None:
    b = _two_basins()
    b.set_kind((0, 0, 0), Kind.WATER)
    src = [b.idx((0, 0, 0))]
    b.kind[src[0]] = Kind.EMPTY
    req = compute_req(b, Gravity.DOWN, src)
    assert req[b.idx((1, 0, 0))] == 0
    assert req[b.idx((1, 1, 0))] == 1
    assert req[b.idx((4, 1, 0))] == 2  # must rise over the ridge top at y=1 -> through y=2
    assert req[b.idx((2, 0, 0))] == INF  # walls are not passable


def test_displacement_adds_exactly_one_unit_elsewhere() -> None:
    b = floor_board(4, 6, 4)
    for x in range(4):
        for z in range(4):
            if (x, z) != (0, 0):
                b.set_kind((x, 0, z), Kind.WATER)
    before = b.count(Kind.WATER)
    rep = resolve_phase(b, Gravity.DOWN, [b.idx((2, 0, 2))])
    assert rep.displaced == 1
    assert b.count(Kind.WATER) == before  # conserved: the unit moved
    assert b.at((2, 0, 2)) == Kind.SOLID
    assert b.at((0, 0, 0)) == Kind.WATER  # the one free floor cell took it


def test_displaced_unit_in_a_full_layer_rises() -> None:
    b = floor_board(3, 4, 1)
    for x in range(3):
        b.set_kind((x, 0, 0), Kind.WATER)
    resolve_phase(b, Gravity.DOWN, [b.idx((1, 0, 0))])
    assert cells(b, Kind.WATER) == [(0, 0, 0), (0, 1, 0), (2, 0, 0)]


def test_drain_removes_k_lowest_then_reflows() -> None:
    b = Board(5, 4, 1)
    b.set_drain((4, 0, 0), 2, DrainScope.ADJ6)
    for x in range(4):
        b.set_kind((x, 0, 0), Kind.WATER)
        b.set_kind((x, 1, 0), Kind.WATER)
    rep = resolve_phase(b, Gravity.DOWN)
    # after settling, the drain's ADJ6 scope holds only (3,0,0) — rate 2 but one unit in reach
    assert rep.drained == 1
    assert b.count(Kind.WATER) == 7
    # reflow: the floor refills first, the y=1 layer loses its highest-tie cell
    assert cells(b, Kind.WATER) == [
        (0, 0, 0),
        (0, 1, 0),
        (1, 0, 0),
        (1, 1, 0),
        (2, 0, 0),
        (2, 1, 0),
        (3, 0, 0),
    ]
    rep = resolve_phase(b, Gravity.DOWN)
    assert rep.drained == 1 and b.count(Kind.WATER) == 6


def test_drain_scopes_and_order() -> None:
    b = Board(5, 4, 5)
    b.set_drain((2, 0, 2), 99, DrainScope.SELF)
    b.set_kind((2, 1, 2), Kind.WATER)
    b.set_kind((3, 0, 2), Kind.WATER)
    assert apply_drains(b, Gravity.DOWN) == 1  # SELF reaches only the cell resting on it
    assert b.at((3, 0, 2)) == Kind.WATER
    b = Board(5, 4, 5)
    b.set_drain((2, 1, 2), 99, DrainScope.ADJ26)
    b.set_kind((3, 0, 3), Kind.WATER)  # diagonal
    b.set_kind((2, 0, 2), Kind.WATER)
    assert apply_drains(b, Gravity.DOWN) == 2
    # two drains share a cell: the lower one (canonical order) takes it
    b = Board(5, 4, 1)
    b.set_drain((0, 0, 0), 1, DrainScope.ADJ6)
    b.set_drain((2, 1, 0), 1, DrainScope.ADJ6)
    b.set_kind((1, 0, 0), Kind.WATER)
    b.set_kind((2, 0, 0), Kind.WATER)
    assert apply_drains(b, Gravity.DOWN) == 2
    assert b.count(Kind.WATER) == 0


def test_freeze_supports_then_thaw_reflows() -> None:
    b = floor_board(3, 5, 1)
    for x in range(3):
        b.set_kind((x, 0, 0), Kind.WATER)
    freeze_cells(b, [b.idx((1, 0, 0))], 2)
    assert b.at((1, 0, 0)) == Kind.ICE
    b.set_solid((1, 3, 0))
    rep = resolve_phase(b, Gravity.DOWN)  # ice timer 2 -> 1
    assert b.at((1, 1, 0)) == Kind.SOLID and rep.thawed == 0
    rep = resolve_phase(b, Gravity.DOWN)  # timer 1 -> 0: thaw, the solid falls into the water
    assert rep.thawed == 1
    assert b.at((1, 0, 0)) == Kind.SOLID
    assert b.count(Kind.WATER) == 3
    assert cells(b, Kind.WATER) == [(0, 0, 0), (0, 1, 0), (2, 0, 0)]


def test_water_overflow_is_clamped_and_reported() -> None:
    b = Board(2, 2, 1)
    b.set_kind((0, 0, 0), Kind.WALL)
    b.set_kind((1, 0, 0), Kind.WATER)
    rep = settle_water(b, Gravity.DOWN, [b.idx((1, 0, 0))] * 5)
    assert rep.units == 6 and rep.placed == 3 and rep.overflow == 3


def test_gravity_change_golden_hash() -> None:
    b = Board(6, 6, 6)
    for x in range(6):
        b.set_kind((x, 0, 2), Kind.WALL)
    b.set_solid((1, 0, 0))
    b.set_solid((1, 1, 0))
    for k in range(9):
        b.set_kind((k % 3 + 2, 1 + k // 3, 4), Kind.WATER)
    resolve_phase(b, Gravity.DOWN)
    tilt_resolve(b, Gravity.EAST, frozenset())
    tilt_resolve(b, Gravity.NORTH, frozenset())
    assert b.count(Kind.WATER) == 9
    assert state_hash(b.snapshot()) == GOLDEN_TILT


GOLDEN_TILT = "5bb3842b2cc0d5edb0c31cdda2610fa32b974a288cf705d0589fda105594db3e"


def test_porous_is_passable_but_not_occupiable() -> None:
    b = Board(3, 3, 1)
    b.set_kind((1, 0, 0), Kind.POROUS)
    b.set_kind((1, 1, 0), Kind.WALL)
    b.set_kind((1, 2, 0), Kind.WALL)  # only way from left to right is through the porous cell
    b.set_kind((0, 0, 0), Kind.WATER)
    b.set_kind((0, 1, 0), Kind.WATER)
    settle_water(b, Gravity.DOWN)
    assert b.at((1, 0, 0)) == Kind.POROUS
    assert cells(b, Kind.WATER) == [(0, 0, 0), (2, 0, 0)]  # spread through the porous cell


def test_debug_view_overlays() -> None:
    from engine.floodline.view import debug_board

    b = floor_board(4, 4, 1)
    b.set_kind((0, 0, 0), Kind.WATER)
    b.set_solid((2, 2, 0))
    b.set_solid((3, 0, 0))
    d = debug_board(b, Gravity.DOWN)
    assert d["unsupported"] == [[2, 2, 0]]
    assert [c["supported"] for c in d["components"]] == [True, False]
    assert d["minElevOrder"] == [0, 1]
    req = {tuple(r[:3]): r[3] for r in d["req"]}
    assert req[(1, 0, 0)] == 0 and req[(1, 3, 0)] == 3 and (3, 0, 0) not in req
    assert d["basins"][0]["cells"] == [[0, 0, 0]] and d["basins"][0]["surfaceElev"] == 0


def test_separate_basins_keep_their_own_water() -> None:
    # Rules 0.4 (RULES.md 23a): two basins sealed by a wall up to the ceiling each keep their
    # units. The literal §5.3 solver sorted ALL reachable cells together, so one unit jumped the wall
    # into the empty floor cell (1,0,0): [(0,0,0), (1,0,0), (3,0,0)].
    b = Board(5, 3, 1)
    for y in range(3):
        b.set_kind((2, y, 0), Kind.WALL)
    b.set_kind((3, 0, 0), Kind.WATER)
    b.set_kind((4, 0, 0), Kind.WATER)
    b.set_kind((0, 0, 0), Kind.WATER)
    settle_water(b, Gravity.DOWN)
    assert cells(b, Kind.WATER) == [(0, 0, 0), (3, 0, 0), (4, 0, 0)]


def test_basins_joined_above_the_surface_do_not_share_water() -> None:
    # A 2-high ridge (x=2) with a gap above it: the right basin's 3 units stand 2 high, the left
    # basin's 1 unit stays on its floor. Global fill levelled them (4 floor cells, one unit moved left).
    b = Board(5, 4, 1)
    for y in range(2):
        b.set_kind((2, y, 0), Kind.WALL)
    for c in ((3, 0, 0), (4, 0, 0), (3, 1, 0), (0, 0, 0)):
        b.set_kind(c, Kind.WATER)
    settle_water(b, Gravity.DOWN)
    assert cells(b, Kind.WATER) == [(0, 0, 0), (3, 0, 0), (3, 1, 0), (4, 0, 0)]


@pytest.mark.parametrize(("units", "spilled"), [(3, 0), (4, 0), (5, 1)])
def test_a_basin_spills_over_its_ridge_only_when_full(units: int, spilled: int) -> None:
    # Left basin 2 wide, ridge 2 high: 4 units fill it to the ridge top (value), the 5th spills
    # (value + 1) onto the right basin's floor; 3 (value - 1) stay.
    b = Board(5, 4, 1)
    for y in range(2):
        b.set_kind((2, y, 0), Kind.WALL)
    for c in [(x, y, 0) for y in range(3) for x in range(2)][:units]:
        b.set_kind(c, Kind.WATER)
    rep = settle_water(b, Gravity.DOWN)
    right = [c for c in cells(b, Kind.WATER) if c[0] > 2]
    assert len(right) == spilled and rep.placed == units and rep.overflow == 0


def test_a_body_poured_onto_another_rests_on_its_surface() -> None:
    # A unit released above a standing pool joins it on top (other bodies' water is passable, not
    # occupiable): nothing floats, nothing is lost.
    b = Board(2, 4, 1)
    b.set_kind((0, 0, 0), Kind.WATER)
    b.set_kind((1, 0, 0), Kind.WATER)
    b.set_kind((0, 3, 0), Kind.WATER)
    rep = settle_water(b, Gravity.DOWN)
    assert cells(b, Kind.WATER) == [(0, 0, 0), (0, 1, 0), (1, 0, 0)] and rep.overflow == 0


def test_source_elevation_counts_in_req() -> None:
    # A unit released at y=2 above a 1-high ridge may settle on either side (req starts at 2).
    b = Board(3, 3, 1)
    b.set_kind((1, 0, 0), Kind.WALL)
    b.set_kind((2, 2, 0), Kind.WATER)
    settle_water(b, Gravity.DOWN)
    assert cells(b, Kind.WATER) == [(0, 0, 0)]  # tie-break picks the lower x side
