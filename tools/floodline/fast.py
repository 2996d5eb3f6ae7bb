"""A faster, identical load-path check for the Floodline lab and plan tools (issue #26, lab speed).

Profiling the lab's greedy strategies (cProfile, Lv21, 8 pieces) put 7.6 s of 15 s in
``engine.floodline.solids.held_cells``: each pass walks every cell of the box in the canonical order
(2,600 cells on a 10 x 26 x 10 box) to act on the ~100 solid voxels.  ``held_cells`` below walks only
the movable voxels, in the same canonical order (``GravTables.rank``), so every pass makes the same
decisions in the same order and returns the same bytes; ``tests/floodline_lab`` checks it against the
engine's on random boards and on campaign play.

:func:`install` swaps it into the engine modules for this process only, and only while the engine's
``held_cells`` is the version this was written against (``ENGINE_SOURCE_SHA``): when the rules owner
changes that function the lab falls back to the engine's own (slower, never different).  Nothing is
shipped: ``engine/`` is untouched.
"""

from __future__ import annotations

import hashlib
import inspect
from collections.abc import Callable

from engine.floodline import solids, view
from engine.floodline.board import MOVABLE_TABLE, Board, indices_of
from engine.floodline.geometry import Gravity, tables_for

#: sha256 (first 16 hex) of ``inspect.getsource(engine.floodline.solids.held_cells)`` this mirrors
ENGINE_SOURCE_SHA = "52c7759aa1f91e13"
_ORIGINAL: Callable[..., bytearray] = solids.held_cells
_SOLID = solids._SOLID
_POROUS = solids._POROUS
_IMMOVABLE_KINDS = solids._IMMOVABLE_KINDS


def engine_sha() -> str:
    """The fingerprint of the engine's own ``held_cells`` source."""
    return hashlib.sha256(inspect.getsource(_ORIGINAL).encode()).hexdigest()[:16]


def held_cells(board: Board, g: Gravity, piece: frozenset[int] = frozenset()) -> bytearray:
    """``engine.floodline.solids.held_cells`` over the movable voxels only (same result)."""
    kind = board.kind
    t = tables_for(board.sx, board.sy, board.sz, g)
    down = t.down
    rank = t.rank
    cells = sorted(indices_of(kind.translate(MOVABLE_TABLE), 1), key=rank.__getitem__)
    floor_open = g in board.open_faces
    frames = solids._anchored_frames(board)
    frame_of: dict[int, int] = {i: k for k, fr in enumerate(frames) for i in fr}
    held = bytearray(len(kind))
    while True:
        changed = False
        for i in cells:  # lowest first: the cell under i is decided before i
            if held[i]:
                continue
            b = down[i]
            if b < 0:
                if floor_open:
                    continue
            elif b in piece or not (held[b] or kind[b] in _IMMOVABLE_KINDS):
                continue
            changed = True
            f = frame_of.get(i)
            if f is None:
                held[i] = 1
            else:
                for j in frames[f]:
                    held[j] = 1
        if not changed or not frames:
            return held


def install() -> bool:
    """Use the fast check in this process when the engine's is the mirrored version; True if installed."""
    if engine_sha() != ENGINE_SOURCE_SHA:
        return False
    solids.held_cells = held_cells  # type: ignore[assignment]
    view.held_cells = held_cells  # type: ignore[assignment]
    return True


def uninstall() -> None:
    """Back to the engine's own check."""
    solids.held_cells = _ORIGINAL  # type: ignore[assignment]
    view.held_cells = _ORIGINAL  # type: ignore[assignment]
