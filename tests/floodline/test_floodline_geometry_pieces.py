"""Rules §1.3/§2.3/§2.4 ordering and Part VII piece library."""

from __future__ import annotations

import pytest

from engine.floodline.geometry import (
    Gravity,
    axes,
    cross,
    grav_elev,
    is_perpendicular,
    order_key,
    tables_for,
    tie_coord,
)
from engine.floodline.pieces import (
    KICKS,
    PIECES,
    QUARTER,
    ROTATIONS,
    matmul,
    normalized,
    offsets,
    orientations,
    rotate_index,
    validate_piece,
)


@pytest.mark.parametrize(
    ("g", "u", "r"),
    [
        (Gravity.DOWN, (0, 1, 0), (1, 0, 0)),
        (Gravity.NORTH, (0, 0, 1), (1, 0, 0)),
        (Gravity.SOUTH, (0, 0, -1), (1, 0, 0)),
        (Gravity.EAST, (-1, 0, 0), (0, 0, 1)),
        (Gravity.WEST, (1, 0, 0), (0, 0, 1)),
    ],
)
def test_right_axis_table_and_forward_is_cross(
    g: Gravity, u: tuple[int, int, int], r: tuple[int, int, int]
) -> None:
    U, R, F = axes(g)
    assert U == u and R == r and F == cross(u, r)


def test_grav_elev_examples_from_rules() -> None:
    assert grav_elev((3, 7, 2), Gravity.DOWN) == 7
    assert grav_elev((3, 7, 2), Gravity.EAST) == -3  # g=(1,0,0) -> u=(-1,0,0) -> -x
    assert grav_elev((3, 7, 2), Gravity.NORTH) == 2
    assert tie_coord((3, 7, 2), Gravity.DOWN) == (7, 3, -2)


def test_rank_table_is_canonical_sort() -> None:
    for g in Gravity:
        t = tables_for(3, 4, 2, g)
        from engine.floodline.geometry import frame_for

        f = frame_for(3, 4, 2)
        cells = sorted(range(f.n), key=lambda i: order_key(f.coords(i), g))
        assert t.order == cells
        assert sorted(t.rank) == list(range(f.n))


def test_perpendicular_snap() -> None:
    assert is_perpendicular(Gravity.DOWN, Gravity.EAST)
    assert is_perpendicular(Gravity.NORTH, Gravity.WEST)
    assert not is_perpendicular(Gravity.NORTH, Gravity.SOUTH)
    assert not is_perpendicular(Gravity.DOWN, Gravity.UP)


def test_twelve_pieces_with_pivot_and_sizes() -> None:
    sizes = {
        "O2": 4,
        "I3": 3,
        "I4": 4,
        "L3": 3,
        "L4": 4,
        "J4": 4,
        "T3": 4,
        "S4": 4,
        "Z4": 4,
        "U5": 5,
        "P5": 5,
        "C3D5": 5,
    }
    assert list(PIECES) == list(sizes)
    for pid, vox in PIECES.items():
        assert len(vox) == sizes[pid]
        assert validate_piece(list(vox)) == []
    assert validate_piece([(1, 0, 0)]) == ["pivot (0,0,0) is not a voxel"]
    assert "duplicate voxel coordinates" in validate_piece([(0, 0, 0), (0, 0, 0)])


def test_24_proper_rotations() -> None:
    assert len(ROTATIONS) == 24 == len(set(ROTATIONS))
    assert ROTATIONS[0] == ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    for m in ROTATIONS:
        # closed under composition with the quarter turns
        for q in QUARTER.values():
            assert matmul(q, m) in ROTATIONS


@pytest.mark.parametrize(
    ("pid", "n"),
    [
        ("O2", 3),
        ("I3", 3),
        ("I4", 3),
        ("L3", 12),
        ("T3", 12),
        ("S4", 12),
        ("Z4", 12),
        ("U5", 12),
        ("L4", 24),
        ("J4", 24),
        ("P5", 24),
        ("C3D5", 24),
    ],
)
def test_orientation_dedup_counts(pid: str, n: int) -> None:
    ors = orientations(pid)
    assert len(ors) == n
    assert len({normalized(offsets(pid, k)) for k in ors}) == n


def test_rotation_keeps_pivot_and_does_not_recentre() -> None:
    r = rotate_index(0, "y+")
    vox = offsets("I3", r)
    assert (0, 0, 0) in vox
    assert vox == ((0, 0, 0), (0, 0, -1), (0, 0, -2))  # +90° about y maps +x to -z
    assert rotate_index(rotate_index(0, "x+"), "x-") == 0
    four = 0
    for _ in range(4):
        four = rotate_index(four, "z+")
    assert four == 0


def test_kick_order_is_fixed() -> None:
    assert KICKS == (
        (0, 0, 0),
        (1, 0, 0),
        (-1, 0, 0),
        (0, 0, 1),
        (0, 0, -1),
        (0, 1, 0),
        (1, 0, 1),
        (1, 0, -1),
        (-1, 0, 1),
        (-1, 0, -1),
    )


def test_z4_pivot_fix_keeps_the_seed_shape() -> None:
    seed_z4 = [(0, 0, 1), (1, 0, 1), (1, 0, 0), (2, 0, 0)]
    assert (0, 0, 0) not in seed_z4  # the seed's own definition violates Part VII §1.2
    assert normalized(PIECES["Z4"]) == normalized(seed_z4)
    assert PIECES["Z4"][0] == (0, 0, 0)
