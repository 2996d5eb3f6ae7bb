"""Piece library (Part VII): the 12 pieces, the 24 proper rotations, orientations and kicks."""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations, product

from engine.floodline.geometry import Vec

Matrix = tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]

#: Part VII §4.2, in the document's order.  Pivot (0,0,0) is always a voxel.
PIECES: dict[str, tuple[Vec, ...]] = {
    "O2": ((0, 0, 0), (1, 0, 0), (0, 0, 1), (1, 0, 1)),
    "I3": ((0, 0, 0), (1, 0, 0), (2, 0, 0)),
    "I4": ((0, 0, 0), (1, 0, 0), (2, 0, 0), (3, 0, 0)),
    "L3": ((0, 0, 0), (1, 0, 0), (0, 1, 0)),
    "L4": ((0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)),
    "J4": ((0, 0, 0), (1, 0, 0), (2, 0, 0), (2, 1, 0)),
    "T3": ((0, 0, 0), (1, 0, 0), (2, 0, 0), (1, 1, 0)),
    "S4": ((0, 0, 0), (1, 0, 0), (1, 0, 1), (2, 0, 1)),
    # The seed lists Z4 as [[0,0,1],[1,0,1],[1,0,0],[2,0,0]], which breaks its own pivot rule (no
    # voxel at the origin).  Translated by (0,0,-1) so the first listed voxel is the pivot (RULES.md).
    "Z4": ((0, 0, 0), (1, 0, 0), (1, 0, -1), (2, 0, -1)),
    "U5": ((0, 0, 0), (2, 0, 0), (0, 0, 1), (1, 0, 1), (2, 0, 1)),
    "P5": ((0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0), (2, 0, 0)),
    "C3D5": ((0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 0, 1)),
}
TAGS: dict[str, tuple[str, ...]] = {
    "O2": ("flat", "tutorial"),
    "I3": ("tutorial",),
    "L3": ("tutorial",),
    "C3D5": ("3d",),
}
#: A one-voxel piece used by the drain-placement ability (not a bag piece).
DRAIN_PIECE = "DRAIN1"

#: Part VII §3: the kick list, in its fixed order.
KICKS: tuple[Vec, ...] = (
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

IDENTITY: Matrix = ((1, 0, 0), (0, 1, 0), (0, 0, 1))


def _det(m: Matrix) -> int:
    return (
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    )


def _all_rotations() -> tuple[Matrix, ...]:
    out = []
    for perm in permutations(range(3)):
        for signs in product((1, -1), repeat=3):
            rows = []
            for r in range(3):
                row = [0, 0, 0]
                row[perm[r]] = signs[r]
                rows.append((row[0], row[1], row[2]))
            m: Matrix = (rows[0], rows[1], rows[2])
            if _det(m) == 1:
                out.append(m)
    out.sort(key=lambda m: (m != IDENTITY, m))
    return tuple(out)


#: The 24 proper rotations; index 0 is the identity (spawn orientation).
ROTATIONS: tuple[Matrix, ...] = _all_rotations()
ROT_INDEX: dict[Matrix, int] = {m: k for k, m in enumerate(ROTATIONS)}


def matmul(a: Matrix, b: Matrix) -> Matrix:
    rows = []
    for r in range(3):
        rows.append(tuple(sum(a[r][k] * b[k][c] for k in range(3)) for c in range(3)))
    return (rows[0], rows[1], rows[2])  # type: ignore[return-value]


def apply(m: Matrix, v: Vec) -> Vec:
    return (
        m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
        m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
        m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
    )


#: Quarter turns about the board axes (right-hand rule, +90°): the local piece rotations of Input §8
#: (pitch = X, yaw = Y, roll = Z).
QUARTER: dict[str, Matrix] = {
    "x+": ((1, 0, 0), (0, 0, -1), (0, 1, 0)),
    "x-": ((1, 0, 0), (0, 0, 1), (0, -1, 0)),
    "y+": ((0, 0, 1), (0, 1, 0), (-1, 0, 0)),
    "y-": ((0, 0, -1), (0, 1, 0), (1, 0, 0)),
    "z+": ((0, -1, 0), (1, 0, 0), (0, 0, 1)),
    "z-": ((0, 1, 0), (-1, 0, 0), (0, 0, 1)),
}


def rotate_index(rot: int, turn: str) -> int:
    """Orientation index after applying quarter turn ``turn`` (world-axis, pre-multiplied)."""
    return ROT_INDEX[matmul(QUARTER[turn], ROTATIONS[rot])]


def piece_voxels(piece_id: str) -> tuple[Vec, ...]:
    if piece_id == DRAIN_PIECE:
        return ((0, 0, 0),)
    return PIECES[piece_id]


@lru_cache(maxsize=512)
def offsets(piece_id: str, rot: int) -> tuple[Vec, ...]:
    """Voxel offsets of ``piece_id`` in orientation ``rot``, relative to the pivot (no re-centering)."""
    m = ROTATIONS[rot]
    return tuple(apply(m, v) for v in piece_voxels(piece_id))


def normalized(vox: tuple[Vec, ...] | list[Vec]) -> tuple[Vec, ...]:
    """Shape translated so its minimum corner is (0,0,0), sorted — for uniqueness testing only."""
    mx = min(v[0] for v in vox)
    my = min(v[1] for v in vox)
    mz = min(v[2] for v in vox)
    return tuple(sorted((v[0] - mx, v[1] - my, v[2] - mz) for v in vox))


@lru_cache(maxsize=64)
def orientations(piece_id: str) -> tuple[int, ...]:
    """Rotation indices giving the distinct orientations (first rotation index of each shape)."""
    seen: set[tuple[Vec, ...]] = set()
    out = []
    for k in range(len(ROTATIONS)):
        shape = normalized(offsets(piece_id, k))
        if shape not in seen:
            seen.add(shape)
            out.append(k)
    return tuple(out)


def validate_piece(voxels: list[Vec]) -> list[str]:
    """Part VII §6 checklist problems for a custom piece definition."""
    problems = []
    if (0, 0, 0) not in voxels:
        problems.append("pivot (0,0,0) is not a voxel")
    if len(set(voxels)) != len(voxels):
        problems.append("duplicate voxel coordinates")
    return problems
