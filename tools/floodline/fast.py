"""Faster, identical condition checks for the Floodline lab and plan tools (issue #26, lab speed).

Two engine functions dominate the lab's greedy strategies, and each has a twin here that returns the
same value: ``held_cells`` (the load path) and ``spans`` (bridge / overhang lengths, below).

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

import engine.floodline.conditions as conditions
import tools.floodline.cantilever_plan as cantilever_plan
import tools.floodline.solve_levels as solve_levels
from engine.floodline import solids, view
from engine.floodline.board import MOVABLE_TABLE, SUPPORTING, Board, indices_of
from engine.floodline.geometry import Gravity, tables_for

#: sha256 (first 16 hex) of ``inspect.getsource(engine.floodline.solids.held_cells)`` this mirrors
ENGINE_SOURCE_SHA = "41991416a4b70cca"
#: the same for ``engine.floodline.conditions.spans``
SPANS_SOURCE_SHA = "0e06aa649d8248aa"
_ORIGINAL: Callable[..., bytearray] = solids.held_cells
_ORIGINAL_SPANS: Callable[[Board], tuple[int, int]] = conditions.spans
_SOLID = solids._SOLID
_POROUS = solids._POROUS
_IMMOVABLE_KINDS = solids._IMMOVABLE_KINDS


def engine_sha(fn: Callable[..., object] = _ORIGINAL) -> str:
    """The fingerprint of the engine's own ``held_cells`` source (or ``fn``'s)."""
    return hashlib.sha256(inspect.getsource(fn).encode()).hexdigest()[:16]


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
    for i in solids.ballast_cells(board, g):  # rules 0.6: Heavy on stone holds under any gravity
        f = frame_of.get(i)
        for j in [i] if f is None else frames[f]:
            held[j] = 1
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


def spans(board: Board) -> tuple[int, int]:
    """``engine.floodline.conditions.spans`` over the X and Z lines that hold a solid (same result).

    Profiling greedy on Lv26 (the overhang level) put 191 of 221 s in ``spans``: it walks every X and
    Z line of the box (2 x 10 x 10 x height cells) twice per candidate placement."""
    kind = board.kind
    f = board.frame
    sx, sz = board.sx, board.sz
    plane = sx * sz
    solid = indices_of(kind, _SOLID)
    if not solid:
        return 0, 0
    hang = {i: f.ys[i] > 0 and kind[i - plane] not in SUPPORTING for i in solid}
    lines: list[list[int]] = []
    for y, z in sorted({(f.ys[i], f.zs[i]) for i in solid}):
        lines.append([(y * sz + z) * sx + x for x in range(sx)])
    for y, x in sorted({(f.ys[i], f.xs[i]) for i in solid}):
        lines.append([(y * sz + z) * sx + x for z in range(sz)])
    best_bridge = best_over = 0
    for line in lines:
        run: list[bool] = []  # hanging flags of the current solid run
        for i in [*line, -1]:
            if i >= 0 and kind[i] == _SOLID:
                run.append(hang[i])
                continue
            k = 0
            while k < len(run):
                if not run[k]:
                    k += 1
                    continue
                j = k
                while j < len(run) and run[j]:
                    j += 1
                left, right = k > 0, j < len(run)
                if left and right:
                    best_bridge = max(best_bridge, j - k)
                elif left or right:
                    best_over = max(best_over, j - k)
                k = j
            run = []
    return best_bridge, best_over


def install() -> bool:
    """Use the fast checks in this process where the engine's are the mirrored versions; True if both
    were installed."""
    ok_held = engine_sha() == ENGINE_SOURCE_SHA
    ok_spans = engine_sha(_ORIGINAL_SPANS) == SPANS_SOURCE_SHA
    if ok_held:
        solids.held_cells = held_cells  # type: ignore[assignment]
        view.held_cells = held_cells  # type: ignore[assignment]
    if ok_spans:
        conditions.spans = spans  # type: ignore[assignment]
        solve_levels.spans = spans  # type: ignore[assignment]
        cantilever_plan.spans = spans  # type: ignore[assignment]
    return ok_held and ok_spans


def uninstall() -> None:
    """Back to the engine's own checks."""
    solids.held_cells = _ORIGINAL  # type: ignore[assignment]
    view.held_cells = _ORIGINAL  # type: ignore[assignment]
    conditions.spans = _ORIGINAL_SPANS  # type: ignore[assignment]
    solve_levels.spans = _ORIGINAL_SPANS  # type: ignore[assignment]
    cantilever_plan.spans = _ORIGINAL_SPANS  # type: ignore[assignment]
