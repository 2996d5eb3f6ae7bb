"""Rules §6: support, 6-connected components, anchoring, drop distance, order, displacement, loss."""

from __future__ import annotations

import pytest
from floodline_util import cells, floor_board

from engine.floodline.board import Board, Kind, Material
from engine.floodline.geometry import Gravity
from engine.floodline.resolve import resolve_phase
from engine.floodline.solids import components, drop_distance, is_supported, settle_solids, unsupported_cells


def test_floating_voxel_drops_to_floor_and_counts_shift() -> None:
    b = floor_board()
    b.set_solid((2, 5, 2))
    rep = settle_solids(b, Gravity.DOWN)
    assert cells(b, Kind.SOLID) == [(2, 0, 2)]
    assert len(rep.moved) == 1 and rep.drops == 1


def test_water_never_supports() -> None:
    b = floor_board()
    b.set_kind((1, 0, 1), Kind.WATER)
    b.set_solid((1, 1, 1))
    assert unsupported_cells(b, Gravity.DOWN) == [b.idx((1, 1, 1))]
    rep = resolve_phase(b, Gravity.DOWN)
    assert cells(b, Kind.SOLID) == [(1, 0, 1)]
    assert rep.displaced == 1  # the solid entered the water cell
    assert b.count(Kind.WATER) == 1  # ...and the unit went elsewhere


def test_resting_on_ice_drain_wall_or_bedrock_supports() -> None:
    for k in (Kind.ICE, Kind.DRAIN, Kind.WALL, Kind.BEDROCK):
        b = floor_board()
        if k == Kind.DRAIN:
            b.set_drain((1, 2, 1), 1, "ADJ6")  # type: ignore[arg-type]
        else:
            b.set_kind((1, 2, 1), k)
        b.set_solid((1, 3, 1))
        assert is_supported(b, components(b)[0], Gravity.DOWN), k


@pytest.mark.parametrize("k", [Kind.WALL, Kind.DRAIN, Kind.ICE])
def test_side_contact_with_an_immovable_cell_does_not_hold(k: Kind) -> None:
    # Rules 0.4 (RULES.md 17): only resting along gravity holds (Part I §5.4). A block beside a wall
    # falls to the floor (rules 0.3 read §6.2's "attached via adjacency" and kept it at y=4).
    b = floor_board()
    if k == Kind.DRAIN:
        b.set_drain((0, 4, 0), 1, "ADJ6")  # type: ignore[arg-type]
    else:
        b.set_kind((0, 4, 0), k)
    b.set_solid((1, 4, 0))
    settle_solids(b, Gravity.DOWN)
    assert cells(b, Kind.SOLID) == [(1, 0, 0)]


@pytest.mark.parametrize(
    ("g", "bottom", "held"),
    [
        (Gravity.EAST, 0, True),  # all four voxels rest on the post's west face
        (Gravity.EAST, 2, False),  # two rest on it, the two above the post hang: not held as a whole
        (Gravity.EAST, 4, False),  # one above the post: nothing under it along gravity
        (Gravity.WEST, 0, False),  # the post is behind it: side contact does not hold (rules 0.3 did)
        (Gravity.DOWN, 2, False),  # hanging beside the post over empty cells
    ],
)
def test_a_tower_beside_the_post_holds_only_where_it_rests_on_it(g: Gravity, bottom: int, held: bool) -> None:
    # Rules 0.5 (RULES.md 17): a WALL post at x=2, y 0..3; a 1-wide tower at x=1 from y=bottom up.
    b = Board(4, 10, 1)
    for y in range(4):
        b.set_kind((2, y, 0), Kind.WALL)
    for y in range(bottom, bottom + 4):
        b.set_solid((1, y, 0))
    assert is_supported(b, components(b)[0], g) is held


@pytest.mark.parametrize(("bottom", "kept"), [(2, 2), (3, 1), (4, 0)])
def test_a_tower_tilted_onto_the_post_keeps_only_its_resting_voxels(bottom: int, kept: int) -> None:
    """Rules 0.5 load path (RULES.md 17), the #26 boundary: a rigid 4-voxel tower beside the 4-high post
    (open east face) tilted EAST. Rules 0.4 held all of it from one voxel resting on the post's face
    (bottom = 3); now the voxels with nothing under them along gravity fall out of the box: 2 resting
    voxels keep 2, one keeps 1, none keeps none."""
    b = Board(4, 10, 1, frozenset({Gravity.EAST}))
    for y in range(4):
        b.set_kind((2, y, 0), Kind.WALL)
    for y in range(bottom, bottom + 4):
        b.set_solid((1, y, 0))
    rep = settle_solids(b, Gravity.EAST)
    assert cells(b, Kind.SOLID) == [(1, y, 0) for y in range(bottom, 4)]
    assert rep.lost == 4 - kept


def test_an_overhang_breaks_off_a_piece_and_falls() -> None:
    # Rules 0.5: a voxel of an L resting on the floor holds only the voxels above it, not its arm.
    b = floor_board()
    for c in ((1, 0, 1), (1, 1, 1), (2, 1, 1)):
        b.set_solid(c)
    assert unsupported_cells(b, Gravity.DOWN) == [b.idx((2, 1, 1))]
    settle_solids(b, Gravity.DOWN)
    assert cells(b, Kind.SOLID) == [(1, 0, 1), (1, 1, 1), (2, 0, 1)]


def test_components_are_six_connected_not_diagonal() -> None:
    b = floor_board()
    b.set_solid((1, 3, 1))
    b.set_solid((2, 4, 1))  # only an edge touches: two components
    b.set_solid((1, 3, 2))  # face-adjacent to the first
    comps = components(b)
    assert sorted(len(c) for c in comps) == [1, 2]


def test_component_drops_as_one_by_min_clearance() -> None:
    b = floor_board()
    b.set_solid((1, 0, 1))  # resting pillar
    b.set_solid((1, 5, 1))
    b.set_solid((2, 5, 1))  # beam: voxel above the pillar stops at y=1, the other could reach y=0
    settle_solids(b, Gravity.DOWN)
    # rules 0.5: the beam lands on the pillar, then its voxel with nothing under it falls on
    assert cells(b, Kind.SOLID) == [(1, 0, 1), (1, 1, 1), (2, 0, 1)]


def test_an_anchored_frame_resting_on_one_voxel_holds_its_span_and_what_rests_on_it() -> None:
    """Rules 0.5 (RULES.md 17): 6-connected anchored voxels are a rigid frame held by any voxel of it
    that rests on support (a Reinforced bridge or cantilever); a loose voxel beside it is not held."""
    b = floor_board()
    for y in range(3):
        b.set_solid((1, y, 2))  # a loose pillar
    for x in (1, 2, 3):
        b.set_solid((x, 3, 2), Material.REINFORCED)  # the beam rests on the pillar at x = 1 only
    b.set_solid((3, 4, 2))  # rests on the beam's free end
    b.set_solid((4, 3, 2))  # beside the beam's end: nothing under it
    settle_solids(b, Gravity.DOWN)
    beam = [(1, 3, 2), (2, 3, 2), (3, 3, 2), (3, 4, 2)]
    assert cells(b, Kind.SOLID) == sorted([(1, 0, 2), (1, 1, 2), (1, 2, 2), (4, 0, 2), *beam])
    assert b.anchor[b.idx((2, 3, 2))] == -1


@pytest.mark.parametrize(("pillar", "stays"), [(3, True), (0, False)])
def test_an_anchored_frame_with_nothing_under_it_falls(pillar: int, stays: bool) -> None:
    """Anchoring is not a hook in the sky: a Reinforced cap whose scaffold is gone falls (rules 0.5)."""
    b = floor_board()
    for y in range(pillar):
        b.set_solid((2, y, 2))
    b.set_solid((2, 3, 2), Material.REINFORCED)
    b.set_solid((2, 4, 2), Material.REINFORCED)
    settle_solids(b, Gravity.DOWN)
    assert (b.kind[b.idx((2, 4, 2))] == Kind.SOLID) is stays
    assert b.count(Kind.SOLID) == pillar + 2


def test_processing_order_lower_component_first() -> None:
    # Two unsupported components stacked with a gap: the lower one falls first, the upper lands on it.
    b = floor_board()
    b.set_solid((2, 3, 2))
    b.set_solid((2, 6, 2))
    rep = settle_solids(b, Gravity.DOWN)
    assert cells(b, Kind.SOLID) == [(2, 0, 2), (2, 1, 2)]
    assert rep.drops == 2


def test_sideways_gravity_settles_against_wall() -> None:
    b = floor_board()
    b.set_solid((3, 0, 2))
    b.set_solid((3, 1, 2))
    settle_solids(b, Gravity.EAST)
    assert cells(b, Kind.SOLID) == [(4, 0, 2), (4, 1, 2)]
    settle_solids(b, Gravity.NORTH)
    assert cells(b, Kind.SOLID) == [(4, 0, 0), (4, 1, 0)]


def test_open_face_loses_voxels() -> None:
    b = Board(4, 6, 4, frozenset({Gravity.DOWN}))
    b.set_kind((1, 0, 1), Kind.BEDROCK)
    b.set_solid((1, 3, 1))
    b.set_solid((2, 3, 1))  # over the void next to the bedrock: falls on through the open floor
    b.set_solid((3, 4, 3))  # nothing under it: falls out of the open floor
    rep = resolve_phase(b, Gravity.DOWN)
    assert rep.lost == 2  # rules 0.5: the voxel beside the bedrock has nothing under it either
    assert cells(b, Kind.SOLID) == [(1, 1, 1)]


def test_drop_distance_counts_water_as_empty() -> None:
    b = floor_board()
    b.set_kind((0, 0, 0), Kind.WATER)
    b.set_kind((0, 1, 0), Kind.WATER)
    b.set_solid((0, 4, 0))
    assert drop_distance(b, components(b)[0], Gravity.DOWN) == 4


def test_shift_counts_distinct_voxels_once() -> None:
    b = floor_board()
    b.set_solid((2, 2, 2))
    b.set_solid((2, 5, 2))  # falls twice? no: lands on the first after it has fallen
    rep = resolve_phase(b, Gravity.DOWN)
    assert rep.shift == 2


def test_a_block_touching_one_that_just_landed_is_not_held_by_it() -> None:
    """§6.5 passes (RULES.md 19) under the rules 0.5 load path: the L lands first (lower tie) and comes to
    touch the lone block; touching holds nothing, so the L's arm and the block fall on together."""
    b = Board(3, 4, 1)
    for c in ((0, 1, 0), (0, 2, 0), (1, 2, 0), (2, 1, 0)):
        b.set_solid(c)
    settle_solids(b, Gravity.DOWN)
    assert cells(b, Kind.SOLID) == [(0, 0, 0), (0, 1, 0), (1, 0, 0), (2, 0, 0)]


def test_a_block_resting_on_one_that_just_landed_is_held() -> None:
    b = Board(3, 6, 1)
    b.set_solid((0, 2, 0))
    b.set_solid((0, 4, 0))  # above the gap: lands on the first once it has landed
    rep = settle_solids(b, Gravity.DOWN)
    assert cells(b, Kind.SOLID) == [(0, 0, 0), (0, 1, 0)]
    assert rep.drops == 2
