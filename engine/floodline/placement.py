"""Board construction and piece placement (Rules §4): fits, spawn point, advance, ghost, shift."""

from __future__ import annotations

from engine.floodline.board import Board, Kind
from engine.floodline.geometry import GRAVITY_VEC, Gravity, Vec, add
from engine.floodline.level import NO_BALLAST, Level
from engine.floodline.pieces import offsets
from engine.floodline.state import ActivePiece, State


# -- board construction --------------------------------------------------------------------------
def build_board(level: Level) -> Board:
    """The level's prebuilt cells on a fresh board (later entries override earlier ones)."""
    sx, sz = level.board.size
    b = Board(sx, level.board.height, sz, frozenset(level.board.open_faces))
    b.ballast = level.meta.rules_version not in NO_BALLAST  # a rules-0.5 game replays under 0.5
    for c in level.cells:
        lo = c.pos
        hi = c.to if c.to is not None else c.pos
        for y in range(min(lo[1], hi[1]), max(lo[1], hi[1]) + 1):
            for z in range(min(lo[2], hi[2]), max(lo[2], hi[2]) + 1):
                for x in range(min(lo[0], hi[0]), max(lo[0], hi[0]) + 1):
                    p = (x, y, z)
                    if c.type == "SOLID":
                        b.set_solid(p, c.material, c.anchored)
                    elif c.type == "DRAIN":
                        b.set_drain(p, c.rate, c.scope)
                    elif c.type == "ICE":
                        b.set_ice(p, c.thaw_in)
                    else:
                        b.set_kind(p, Kind[c.type])
    return b


# -- piece placement -----------------------------------------------------------------------------
def piece_fits(board: Board, piece_id: str, rot: int, origin: Vec) -> bool:
    """Rules §4.2: every voxel in bounds and on EMPTY or WATER."""
    kind, f = board.kind, board.frame
    for v in offsets(piece_id, rot):
        j = f.index_or_none(origin[0] + v[0], origin[1] + v[1], origin[2] + v[2])
        if j is None:
            return False
        k = kind[j]
        if k != Kind.EMPTY and k != Kind.WATER:
            return False
    return True


def spawn_origin(board: Board, piece_id: str, g: Gravity, height_limit: int) -> Vec:
    """Spawn point of a piece in orientation 0, always below the height limit (RULES.md item 10).

    Gravity DOWN: the top voxel sits at ``y = heightLimit - 1``; sideways gravity: the far up-gravity
    end of that axis, with y centred below the limit.  x/z are centred (``floor((size - extent) / 2)``).
    """
    vox = offsets(piece_id, 0)
    gv = GRAVITY_VEC[g]
    sizes = (board.sx, board.sy, board.sz)
    origin = []
    for a in range(3):
        lo = min(v[a] for v in vox)
        hi = max(v[a] for v in vox)
        if a == 1 and gv[a] < 0:
            origin.append(max(-lo, min(board.sy, height_limit) - 1 - hi))
        elif gv[a] < 0:
            origin.append(sizes[a] - 1 - hi)
        elif gv[a] > 0:
            origin.append(-lo)
        else:
            span = height_limit if a == 1 else sizes[a]
            origin.append(max(0, (span - (hi - lo + 1)) // 2) - lo)
    return (origin[0], origin[1], origin[2])


def can_advance(board: Board, p: ActivePiece, g: Gravity) -> bool:
    """The piece fits one cell further along gravity."""
    return piece_fits(board, p.piece_id, p.rot, add(p.origin, GRAVITY_VEC[g]))


def ghost_cells(s: State) -> list[list[int]]:
    """Where a hard drop would put the active piece (the ghost; the preview's landing)."""
    a = s.active
    if a is None:
        return []
    while can_advance(s.board, a, s.gravity):
        a = a.moved(origin=add(a.origin, GRAVITY_VEC[s.gravity]))
    return [list(c) for c in a.cells()]


def piece_cells_idx(board: Board, p: ActivePiece) -> list[int]:
    """Board indices of the active piece's cells."""
    return [board.idx(c) for c in p.cells()]


def try_shift(s: State, d: Vec) -> bool:
    """Move the active piece by ``d`` if it fits there; True when it moved."""
    a = s.active
    if a is None:
        return False
    o = add(a.origin, d)
    if piece_fits(s.board, a.piece_id, a.rot, o):
        s.active = a.moved(origin=o)
        return True
    return False
