"""Part I §10.2 "unsupported solids" highlight (RULES.md 40) and §10.3 basin preview (RULES.md 41):
the engine decides what the overlays show."""

from __future__ import annotations

from dataclasses import replace

from floodline_util import cells, floor_board, start

from engine.floodline.board import Board, DrainScope, Kind, Material
from engine.floodline.geometry import Gravity
from engine.floodline.view import (
    basin_preview,
    ghost_cells,
    ghost_over_water,
    unsupported_board,
    unsupported_cells,
)
from engine.floodline.water import settle_water


def test_block_on_the_floor_is_not_flagged() -> None:
    b = floor_board()
    b.set_solid((1, 0, 1))
    b.set_solid((1, 1, 1))
    assert unsupported_board(b, Gravity.DOWN) == set()


def test_block_over_water_is_flagged() -> None:
    b = floor_board()
    b.set_kind((1, 0, 1), Kind.WATER)
    b.set_solid((1, 1, 1))
    assert unsupported_board(b, Gravity.DOWN) == {(1, 1, 1)}


def test_block_over_thawing_ice_is_flagged_but_permanent_ice_holds() -> None:
    b = floor_board()
    b.set_ice((1, 0, 1), 3)  # frozen water: thaws after 3 resolves
    b.set_solid((1, 1, 1))
    b.set_solid((2, 1, 1))  # same component, hanging beside it
    b.set_ice((3, 0, 3), 0)  # level-authored permanent ice
    b.set_solid((3, 1, 3))
    assert unsupported_board(b, Gravity.DOWN) == {(1, 1, 1), (2, 1, 1)}


def test_stabilize_anchored_block_is_flagged_reinforced_is_not() -> None:
    # rules 0.5: an anchored frame holds a span when one voxel of it rests on a pillar
    b = floor_board()
    for y in range(4):
        b.set_solid((1, y, 1))
        b.set_solid((3, y, 3))
    b.set_solid((1, 4, 1))
    b.set_solid((1, 4, 2))  # hangs beside the pillar's top
    for c in ((1, 4, 1), (1, 4, 2)):
        b.anchor[b.idx(c)] = 2  # Stabilize: a frame for 2 more tilts
    b.set_solid((3, 4, 3), Material.REINFORCED)  # permanent frame
    b.set_solid((3, 4, 4), Material.REINFORCED)
    assert b.anchor[b.idx((3, 4, 3))] == -1
    assert unsupported_board(b, Gravity.DOWN) == {(1, 4, 2)}


def test_flags_follow_gravity() -> None:
    b = floor_board()
    b.set_solid((2, 0, 2))
    b.set_solid((2, 1, 2))
    assert unsupported_board(b, Gravity.DOWN) == set()
    # gravity east: the column hangs in the middle of the box with nothing east of it
    assert unsupported_board(b, Gravity.EAST) == {(2, 0, 2), (2, 1, 2)}
    b.set_kind((3, 0, 2), Kind.WALL)  # the bottom voxel rests on a wall along gravity (RULES.md 17)
    assert unsupported_board(b, Gravity.EAST) == {(2, 1, 2)}  # the one above it does not


def test_state_wrapper_reads_the_settled_board() -> None:
    s = start(cells=[{"pos": [2, 0, 2], "type": "ICE", "thawIn": 3}, {"pos": [2, 1, 2], "type": "SOLID"}])
    assert s.board.at((2, 0, 2)) == Kind.ICE
    assert unsupported_cells(s) == {(2, 1, 2)}
    s2 = start(cells=[{"pos": [2, 0, 2], "type": "ICE", "thawIn": 0}, {"pos": [2, 1, 2], "type": "SOLID"}])
    assert unsupported_cells(s2) == set()


# -- Part I §10.3 basin preview (RULES.md 41) ----------------------------------------------------


def _two_basins() -> Board:
    """Slice 7 wide: left basin x=0..1 behind a wall ridge x=2 (top y=1), right floor raised by 1."""
    b = Board(7, 6, 1)
    for y in range(0, 2):
        b.set_kind((2, y, 0), Kind.WALL)
    for x in range(3, 7):
        b.set_kind((x, 0, 0), Kind.WALL)
    return b


def test_basin_preview_next_fill_is_where_the_next_unit_settles() -> None:
    b = _two_basins()
    for k in range(3):
        b.set_kind((0, 3 + k, 0), Kind.WATER)
    settle_water(b, Gravity.DOWN)
    pv = basin_preview(b, Gravity.DOWN)
    assert [bs["cells"] for bs in pv["basins"]] == [[[0, 0, 0], [1, 0, 0], [0, 1, 0]]]
    assert pv["basins"][0]["surfaceElev"] == 1 and pv["basins"][0]["lowest"]
    assert pv["nextFill"] == [[1, 1, 0]]
    # pour one more unit in from the top: it lands exactly where the preview said
    b.set_kind((0, 5, 0), Kind.WATER)
    settle_water(b, Gravity.DOWN)
    assert (1, 1, 0) in cells(b, Kind.WATER)
    # the left basin is full to the ridge: the next unit spills over to the right basin's first cell
    # (req 2, gravElev 1 sorts before the left basin's y=2) — one cell, not the whole level
    assert basin_preview(b, Gravity.DOWN)["nextFill"] == [[3, 1, 0]]


def test_basin_preview_orders_bodies_lowest_first() -> None:
    b = _two_basins()
    b.set_kind((4, 1, 0), Kind.WATER)
    b.set_kind((5, 1, 0), Kind.WATER)
    b.set_kind((0, 0, 0), Kind.WATER)
    pv = basin_preview(b, Gravity.DOWN)
    assert [(bs["surfaceElev"], bs["lowest"]) for bs in pv["basins"]] == [(0, True), (1, False)]
    assert pv["basins"][1]["cells"] == [[4, 1, 0], [5, 1, 0]]


def test_basin_preview_drain_scope_follows_gravity_and_skips_solids() -> None:
    b = Board(5, 5, 5)
    b.set_drain((2, 0, 2), 1, DrainScope.SELF)
    b.set_drain((0, 0, 0), 1, DrainScope.ADJ6)
    b.set_solid((1, 0, 0))
    pv = basin_preview(b, Gravity.DOWN)
    assert pv["basins"] == [] and pv["nextFill"] == []
    by_pos = {tuple(d["pos"]): d for d in pv["drains"]}
    assert by_pos[(2, 0, 2)]["cells"] == [[2, 1, 2]]  # SELF: the cell resting on the drain
    assert sorted(by_pos[(0, 0, 0)]["cells"]) == [[0, 0, 1], [0, 1, 0]]  # the solid at x=1 is skipped
    east = {tuple(d["pos"]): d for d in basin_preview(b, Gravity.EAST)["drains"]}
    assert east[(2, 0, 2)]["cells"] == [[1, 0, 2]]  # gravity east: the cell west of it rests on it


def _pit_level(pit: tuple[int, int], fill: str) -> list[dict[str, object]]:
    """A solid floor layer (8×8) with one pit holding ``fill`` (WATER or ICE)."""
    out: list[dict[str, object]] = []
    for x in range(8):
        for z in range(8):
            if (x, z) == pit:
                cell: dict[str, object] = {"pos": [x, 0, z], "type": fill}
                if fill == "ICE":
                    cell["thawIn"] = 3
                out.append(cell)
            else:
                out.append({"pos": [x, 0, z], "type": "SOLID"})
    return out


def test_ghost_over_water_when_a_landing_cell_sits_on_water() -> None:
    # the O2 spawns over x 3..4, z 3..4; water fills the pit at (4, 0, 3) under one of its columns
    s = start(cells=_pit_level((4, 3), "WATER"))
    assert s.board.at((4, 0, 3)) == Kind.WATER
    ghost = ghost_cells(s)
    assert sorted(ghost) == [[3, 1, 3], [3, 1, 4], [4, 1, 3], [4, 1, 4]]
    assert ghost_over_water(s) is True
    assert ghost_over_water(s, ghost) is True
    # the same piece landing one column further west is clear of the pit
    assert ghost_over_water(s, [[c[0] - 1, c[1], c[2]] for c in ghost]) is False


def test_ghost_over_ice_or_a_dry_pit_is_not_over_water() -> None:
    s = start(cells=_pit_level((4, 3), "ICE"))
    assert s.board.at((4, 0, 3)) == Kind.ICE
    assert ghost_over_water(s) is False
    dry = start(cells=[c for c in _pit_level((4, 3), "WATER") if c["type"] == "SOLID"])
    assert ghost_over_water(dry) is False


def test_ghost_over_water_looks_along_gravity_and_ignores_the_box_edge() -> None:
    s = start(cells=_pit_level((4, 3), "WATER"))
    east = replace(s, gravity=Gravity.EAST)
    # under gravity EAST "below" (3, 0, 3) is (4, 0, 3): the water pit
    assert ghost_over_water(east, [[3, 0, 3]]) is True
    # under gravity DOWN the cell below (4, 1, 3) is the pit; below (7, 0, 0) is the box floor
    assert ghost_over_water(s, [[7, 0, 0]]) is False
    assert ghost_over_water(east, [[7, 1, 0]]) is False  # east of x=7 is outside the box
    s_empty = replace(s, active=None)
    assert ghost_cells(s_empty) == [] and ghost_over_water(s_empty) is False
