"""Player-facing measurements (world height y) and objective / star conditions (Rules §10, Part VIII)."""

from __future__ import annotations

from typing import Any

from engine.floodline.board import MOVABLE_TABLE, SUPPORTING, Board, Kind, indices_of
from engine.floodline.geometry import Gravity, tables_for
from engine.floodline.level import Condition

_SOLID = int(Kind.SOLID)
_WATER = int(Kind.WATER)
_EMPTY = int(Kind.EMPTY)
_POROUS = int(Kind.POROUS)


def max_world_height(board: Board) -> int:
    """``MaxWorldHeight`` = max y over SOLID voxels (-1 when there are none)."""
    i = board.kind.rfind(_SOLID)
    return -1 if i < 0 else board.frame.ys[i]


def stack_height(board: Board) -> int:
    """Height a player counts: layers from the box floor to the top of the highest SOLID (0 = none).

    ``REACH_HEIGHT(h)`` holds when this is ≥ h (rules 0.3, RULES.md 32)."""
    return max_world_height(board) + 1


def max_water_height(board: Board) -> int:
    i = board.kind.rfind(_WATER)
    return -1 if i < 0 else board.frame.ys[i]


def solid_above_limit(board: Board, limit: int) -> bool:
    """OVERFLOW: a settled movable solid at world height y ≥ limit."""
    if limit >= board.sy:
        return False
    above = board.kind[limit * board.sx * board.sz :]
    return _SOLID in above or _POROUS in above


def resting_on_water(board: Board, g: Gravity) -> bool:
    """Rules §10.4: some solid voxel has WATER at ``c + g``."""
    down = tables_for(board.sx, board.sy, board.sz, g).down
    kind = board.kind
    if _WATER not in kind:
        return False
    mov = kind.translate(MOVABLE_TABLE)
    return any(down[i] >= 0 and kind[down[i]] == _WATER for i in indices_of(mov, 1))


def holes(board: Board) -> int:
    """EMPTY or WATER cells with a SOLID voxel somewhere above them in the same (x, z) column."""
    n = 0
    f = board.frame
    for z in range(board.sz):
        for x in range(board.sx):
            covered = False
            for y in range(board.sy - 1, -1, -1):
                k = board.kind[f.index(x, y, z)]
                if k == _SOLID:
                    covered = True
                elif covered and (k == _EMPTY or k == _WATER):
                    n += 1
    return n


def _hanging(board: Board, x: int, y: int, z: int) -> bool:
    """A solid whose world-down cell is EMPTY/WATER (the floor y = 0 is support)."""
    if y == 0:
        return False
    return board.kind[board.frame.index(x, y - 1, z)] not in SUPPORTING


def overhang_voxels(board: Board) -> int:
    f = board.frame
    return sum(1 for i in indices_of(board.kind, _SOLID) if _hanging(board, f.xs[i], f.ys[i], f.zs[i]))


def spans(board: Board) -> tuple[int, int]:
    """(longest bridge gap, longest overhang) over straight X or Z runs of solids at one height.

    In a run of consecutive SOLID voxels, a stretch of hanging voxels with a supported voxel at both
    ends is a bridge gap; with a supported voxel at one end only, an overhang.
    """
    f = board.frame
    best_bridge = best_over = 0
    lines: list[list[tuple[int, int, int]]] = []
    for y in range(board.sy):
        for z in range(board.sz):
            lines.append([(x, y, z) for x in range(board.sx)])
        for x in range(board.sx):
            lines.append([(x, y, z) for z in range(board.sz)])
    for line in lines:
        run: list[bool] = []  # hanging flags of the current solid run
        for c in line + [(-1, -1, -1)]:
            solid = c[0] >= 0 and board.kind[f.index(*c)] == _SOLID
            if solid:
                run.append(_hanging(board, *c))
                continue
            if run:
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


def cavities(board: Board, min_volume: int = 1) -> int:
    """Enclosed air pockets: 6-connected EMPTY regions not touching the top layer, size ≥ min_volume."""
    kind = board.kind
    nb6 = board.frame.nb6
    ys = board.frame.ys
    top = board.sy - 1
    seen = bytearray(len(kind))
    count = 0
    for s, k in enumerate(kind):
        if k != _EMPTY or seen[s]:
            continue
        seen[s] = 1
        stack = [s]
        size = 0
        open_sky = False
        while stack:
            i = stack.pop()
            size += 1
            if ys[i] == top:
                open_sky = True
            for j in nb6[i]:
                if not seen[j] and kind[j] == _EMPTY:
                    seen[j] = 1
                    stack.append(j)
        if not open_sky and size >= min_volume:
            count += 1
    return count


def plateau(
    board: Board,
    level: int,
    area: int,
    width: int | None,
    depth: int | None,
    exact: list[tuple[int, int]] | None = None,
) -> bool:
    """A flat top at world height ``level``: SOLID cells with a non-solid cell above them.

    With ``exact``: every listed (x, z) column is top at ``level`` (exact set match).  With
    ``width``/``depth``: some axis-aligned width×depth rectangle (either way round) is all top;
    otherwise some 4-connected top region has at least ``area`` cells.
    """
    if level >= board.sy:
        return False
    f = board.frame
    top = [[False] * board.sx for _ in range(board.sz)]
    for z in range(board.sz):
        for x in range(board.sx):
            if board.kind[f.index(x, level, z)] != _SOLID:
                continue
            above = board.kind[f.index(x, level + 1, z)] if level + 1 < board.sy else _EMPTY
            top[z][x] = above == _EMPTY or above == _WATER
    if exact is not None:
        return all(0 <= x < board.sx and 0 <= z < board.sz and top[z][x] for x, z in exact)
    if width is not None and depth is not None:
        for w, d in {(width, depth), (depth, width)}:
            for z0 in range(board.sz - d + 1):
                for x0 in range(board.sx - w + 1):
                    if all(top[z][x] for z in range(z0, z0 + d) for x in range(x0, x0 + w)):
                        return True
        return False
    seen = [[False] * board.sx for _ in range(board.sz)]
    for z0 in range(board.sz):
        for x0 in range(board.sx):
            if not top[z0][x0] or seen[z0][x0]:
                continue
            seen[z0][x0] = True
            stack, size = [(x0, z0)], 0
            while stack:
                x, z = stack.pop()
                size += 1
                for nx, nz in ((x + 1, z), (x - 1, z), (x, z + 1), (x, z - 1)):
                    if 0 <= nx < board.sx and 0 <= nz < board.sz and top[nz][nx] and not seen[nz][nx]:
                        seen[nz][nx] = True
                        stack.append((nx, nz))
            if size >= area:
                return True
    return False


def flush_cells(board: Board, level: int, cells: list[tuple[int, int]]) -> int:
    """How many of the (x, z) columns ``cells`` are a flat top at world height ``level`` (SOLID there,
    nothing solid right above): the progress of an exact ``BUILD_PLATEAU`` (Lv1's slots)."""
    if level >= board.sy:
        return 0
    f = board.frame
    n = 0
    for x, z in cells:
        if not (0 <= x < board.sx and 0 <= z < board.sz) or board.kind[f.index(x, level, z)] != _SOLID:
            continue
        above = board.kind[f.index(x, level + 1, z)] if level + 1 < board.sy else _EMPTY
        n += above == _EMPTY or above == _WATER
    return n


def metric_value(name: str, board: Board, metrics: dict[str, Any]) -> int:
    """A named metric (level ``Metric`` literal) from counters or the board."""
    if name in metrics:
        return int(metrics[name])
    if name == "holes":
        return holes(board)
    if name == "overhangVoxels":
        return overhang_voxels(board)
    if name == "maxWorldHeight":
        return max_world_height(board)
    if name == "maxWaterHeight":
        return max_water_height(board)
    if name == "waterUnits":
        return board.count(Kind.WATER)
    raise KeyError(name)


def raw_condition(cond: Condition, board: Board, g: Gravity, metrics: dict[str, Any]) -> bool:
    """Whether ``cond`` holds now (before the ``surviveTilts`` streak is applied)."""
    t = cond.type
    if t == "PLACE_PIECES":
        return bool(metrics["piecesUsed"] >= cond.count)
    if t == "REACH_HEIGHT":
        return stack_height(board) >= cond.height
    if t == "BUILD_PLATEAU":
        return plateau(board, cond.world_level, cond.area, cond.width, cond.depth, cond.cells)
    if t == "BRIDGE":
        return spans(board)[0] >= cond.length
    if t == "OVERHANG":
        return spans(board)[1] >= cond.length
    if t == "ENCLOSE_CAVITY":
        return cavities(board, cond.min_volume) >= cond.count
    if t == "DRAIN_WATER":
        return bool(metrics["waterRemovedTotal"] >= cond.units)
    if t == "SURVIVE_ROTATIONS":
        ok = metrics["rotations"] >= cond.count
        if cond.max_lost_voxels is not None:
            ok = ok and metrics["lostVoxelsTotal"] <= cond.max_lost_voxels
        if cond.max_shift_voxels is not None:
            ok = ok and metrics["shiftVoxelsTotal"] <= cond.max_shift_voxels
        return bool(ok)
    if t == "STAY_UNDER_WEIGHT":
        return bool(metrics["massPlaced"] <= cond.max_mass)
    if t == "NO_RESTING_ON_WATER":
        return not resting_on_water(board, g)
    if t == "WATER_BELOW":
        return max_water_height(board) < cond.height
    if t == "STABLE":
        return bool(metrics["lastShift"] == 0 and metrics["lastLost"] == 0)
    assert cond.metric is not None
    v = metric_value(cond.metric, board, metrics)
    return v <= cond.value if t == "METRIC_AT_MOST" else v >= cond.value


def update_streak(prev: int, holds: bool, after_tilt: bool, need: int) -> int:
    """``surviveTilts`` bookkeeping: -1 = not holding; k ≥ 0 = tilts survived while holding.

    Reaching ``need`` latches (returns a value ≥ need forever after).
    """
    if need > 0 and prev >= need:
        return prev
    if not holds:
        return -1
    if prev < 0:
        return 0
    return prev + 1 if after_tilt else prev


def condition_count(cond: Condition, board: Board, metrics: dict[str, Any], holds: bool) -> tuple[int, int]:
    """``(value, target)`` of a condition: a REACH_HEIGHT bar counts layers (RULES.md 32), a drain bar
    units, …; a condition without a count is ``(1, 1)`` when it holds, else ``(0, 1)``."""
    t = cond.type
    if t == "PLACE_PIECES":
        return int(metrics["piecesUsed"]), cond.count
    if t == "REACH_HEIGHT":
        return stack_height(board), cond.height
    if t == "DRAIN_WATER":
        return int(metrics["waterRemovedTotal"]), cond.units
    if t == "SURVIVE_ROTATIONS":
        return int(metrics["rotations"]), cond.count
    if t == "STAY_UNDER_WEIGHT":
        return int(metrics["massPlaced"]), cond.max_mass
    if t == "BRIDGE":
        return spans(board)[0], cond.length
    if t == "OVERHANG":
        return spans(board)[1], cond.length
    if t == "ENCLOSE_CAVITY":
        return cavities(board, cond.min_volume), cond.count
    if t == "WATER_BELOW":
        return max_water_height(board) + 1, cond.height
    if t == "BUILD_PLATEAU" and cond.cells is not None:  # slots to fill (Lv1): cells flush so far
        return flush_cells(board, cond.world_level, cond.cells), len(cond.cells)
    if t in ("METRIC_AT_MOST", "METRIC_AT_LEAST") and cond.metric is not None:
        return metric_value(cond.metric, board, metrics), cond.value
    return (1 if holds else 0), 1
