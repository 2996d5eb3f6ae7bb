"""Solid settling (Rules §6): 6-connected components, support, drop distance, order, displacement."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.floodline.board import IMMOVABLE, MAT_CODE, MOVABLE_TABLE, Board, Kind, Material, indices_of
from engine.floodline.geometry import GRAVITY_VEC, Gravity, tables_for

_EMPTY = int(Kind.EMPTY)
_WATER = int(Kind.WATER)
_SOLID = int(Kind.SOLID)
_POROUS = int(Kind.POROUS)
_IMMOVABLE_KINDS = frozenset(int(k) for k in IMMOVABLE)
_HEAVY = MAT_CODE[Material.HEAVY]
#: Safety cap on settling passes (Rules §6.5 "or step cap reached").
PASS_CAP = 256


class TiltBlocked(Exception):
    """A settled voxel would have to enter an active-piece cell (Rules §3.2): reject the tilt."""


@dataclass
class SettleReport:
    """What one settling run did. ``moved`` maps a voxel's final cell to its cell before the run."""

    moved: dict[int, int] = field(default_factory=dict)
    lost: int = 0
    displaced: list[int] = field(default_factory=list)
    drops: int = 0
    capped: bool = False  # stopped by PASS_CAP with components still unsupported


def components(board: Board) -> list[list[int]]:
    """6-connected components of movable solids, each sorted by index, in index order of first cell."""
    nb6 = board.frame.nb6
    todo = bytearray(board.kind.translate(MOVABLE_TABLE))  # 1 = movable and not yet visited
    comps: list[list[int]] = []
    for start in indices_of(todo, 1):
        if not todo[start]:
            continue
        todo[start] = 0
        stack = [start]
        comp: list[int] = []
        pop, push, add = stack.pop, stack.append, comp.append
        while stack:
            i = pop()
            add(i)
            for j in nb6[i]:
                if todo[j]:
                    todo[j] = 0
                    push(j)
        comp.sort()
        comps.append(comp)
    return comps


def held_cells(board: Board, g: Gravity, piece: frozenset[int] = frozenset()) -> bytearray:
    """Rules 0.5 load path (RULES.md 17): 1 where a movable voxel is held, else 0.

    A voxel is held through what is under it along gravity: the closed box face, an immovable cell
    (WALL, BEDROCK, DRAIN, ICE) or a held voxel — a chain of resting voxels down to support.  Side
    contact holds nothing, and a loose voxel does not hold the voxels beside it in its own piece.
    Anchored voxels (Reinforced, Stabilize) are rigid frames: a 6-connected group of anchored voxels
    is held as a whole when any of its voxels is held that way, and then holds what rests on it.
    ``piece`` cells (the active piece during a Tilt Resolve) never count as support.
    Rules 0.6 ballast (RULES.md 68): a Heavy voxel lying on stone is held under every gravity
    (``ballast_cells``), and holds what rests on it.
    """
    kind = board.kind
    t = tables_for(board.sx, board.sy, board.sz, g)
    down = t.down
    order = t.order
    floor_open = g in board.open_faces
    frames = _anchored_frames(board)
    frame_of: dict[int, int] = {i: k for k, fr in enumerate(frames) for i in fr}
    held = bytearray(len(kind))
    for i in ballast_cells(board, g):  # rules 0.6: Heavy on stone holds under any gravity
        f = frame_of.get(i)
        for j in [i] if f is None else frames[f]:
            held[j] = 1
    while True:
        changed = False
        for i in order:  # lowest first: the cell under i is decided before i
            if held[i]:
                continue
            k = kind[i]
            if k != _SOLID and k != _POROUS:
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
        if not changed or not frames:  # a frame held low can hold voxels a pass already went by
            return held


def ballast_cells(board: Board, g: Gravity) -> list[int]:
    """Rules 0.6 ballast (RULES.md 68): the Heavy voxels lying on stone — the cell under them in WORLD
    terms (y - 1) is an immovable cell (WALL, BEDROCK, DRAIN, ICE), or they are on the box floor and
    the floor is closed.  Under a sideways gravity they keep their cell (a heavy block does not slide
    off the stone it lies on) and are support for what rests on them along that gravity; under DOWN
    they are held anyway.  Empty when the board plays rules 0.5 (``board.ballast`` False)."""
    if not board.ballast or g == Gravity.DOWN or _HEAVY not in board.mat:
        return []
    kind = board.kind
    mat = board.mat
    world_down = tables_for(board.sx, board.sy, board.sz, Gravity.DOWN).down
    floor_closed = Gravity.DOWN not in board.open_faces
    out: list[int] = []
    for i in indices_of(kind.translate(MOVABLE_TABLE), 1):
        if mat[i] != _HEAVY:
            continue
        b = world_down[i]
        if (b < 0 and floor_closed) or (b >= 0 and kind[b] in _IMMOVABLE_KINDS):
            out.append(i)
    return out


def _anchored_frames(board: Board) -> list[list[int]]:
    """6-connected groups of anchored movable voxels (rigid frames)."""
    anchor = board.anchor
    nb6 = board.frame.nb6
    movable = board.kind.translate(MOVABLE_TABLE)
    seen: set[int] = set()
    frames: list[list[int]] = []
    for start in indices_of(movable, 1):
        if not anchor[start] or start in seen:
            continue
        seen.add(start)
        stack = [start]
        fr: list[int] = []
        while stack:
            i = stack.pop()
            fr.append(i)
            for j in nb6[i]:
                if j not in seen and anchor[j] and movable[j]:
                    seen.add(j)
                    stack.append(j)
        frames.append(fr)
    return frames


def unheld_groups(board: Board, g: Gravity, piece: frozenset[int] = frozenset()) -> list[list[int]]:
    """6-connected groups of movable voxels that are not held (``held_cells``), each sorted."""
    held = held_cells(board, g, piece)
    nb6 = board.frame.nb6
    todo = bytearray(board.kind.translate(MOVABLE_TABLE))
    for i in indices_of(held, 1):
        todo[i] = 0
    groups: list[list[int]] = []
    for start in indices_of(todo, 1):
        if not todo[start]:
            continue
        todo[start] = 0
        stack = [start]
        grp: list[int] = []
        while stack:
            i = stack.pop()
            grp.append(i)
            for j in nb6[i]:
                if todo[j]:
                    todo[j] = 0
                    stack.append(j)
        grp.sort()
        groups.append(grp)
    return groups


def is_supported(board: Board, comp: list[int], g: Gravity, piece: frozenset[int] = frozenset()) -> bool:
    """Rules 0.5 (RULES.md 17): every voxel of ``comp`` is held along gravity (``held_cells``)."""
    held = held_cells(board, g, piece)
    return all(held[i] for i in comp)


def drop_distance(board: Board, comp: list[int], g: Gravity) -> int | None:
    """Largest d ≥ 0 with every cell on the way free (EMPTY/WATER/own); None = falls out forever."""
    kind = board.kind
    frame = board.frame
    members = set(comp)
    gx, gy, gz = GRAVITY_VEC[g]
    sx, sy, sz = board.sx, board.sy, board.sz
    xs, ys, zs = frame.xs, frame.ys, frame.zs
    floor_open = g in board.open_faces
    best: int | None = None
    down = tables_for(sx, sy, sz, g).down
    for i in comp:
        if down[i] in members:
            continue  # not a bottom voxel: the voxel below limits it
        x, y, z = xs[i], ys[i], zs[i]
        d = 0
        while True:
            x += gx
            y += gy
            z += gz
            if not (0 <= x < sx and 0 <= y < sy and 0 <= z < sz):
                if floor_open:
                    d = -1  # infinite for this voxel
                break
            j = (y * sz + z) * sx + x
            k = kind[j]
            if k == _EMPTY or k == _WATER or j in members:
                d += 1
                if best is not None and d >= best:
                    break
                continue
            break
        if d < 0:
            continue
        if best is None or d < best:
            best = d
            if best == 0:
                return 0
    return best


def _move(
    board: Board, comp: list[int], g: Gravity, d: int | None, rep: SettleReport, piece: frozenset[int]
) -> None:
    frame = board.frame
    gv = GRAVITY_VEC[g]
    saved = [(i, board.kind[i], board.mat[i], board.anchor[i]) for i in comp]
    if piece:
        steps = d if d is not None else max(board.sx, board.sy, board.sz)
        for i in comp:
            c = frame.coords(i)
            for k in range(1, steps + 1):
                j = frame.index_or_none(c[0] + gv[0] * k, c[1] + gv[1] * k, c[2] + gv[2] * k)
                if j is None:
                    break
                if j in piece:
                    raise TiltBlocked(f"settled voxel at {c} would enter the active piece")
    for i in comp:
        board.kind[i] = _EMPTY
        board.mat[i] = -1
        board.anchor[i] = 0
    origins = {i: rep.moved.pop(i, i) for i in comp}
    for i, k, m, a in saved:
        if d is None:
            rep.lost += 1
            continue
        c = frame.coords(i)
        j = frame.index_or_none(c[0] + gv[0] * d, c[1] + gv[1] * d, c[2] + gv[2] * d)
        if j is None:
            rep.lost += 1
            continue
        if board.kind[j] == _WATER:
            rep.displaced.append(j)
        board.kind[j] = k
        board.mat[j] = m
        board.anchor[j] = a
        rep.moved[j] = origins[i]
    rep.drops += 1


def settle_solids(board: Board, g: Gravity, piece: frozenset[int] = frozenset()) -> SettleReport:
    """Drop unsupported components until none remain (Rules §6.3–6.6), mutating ``board``.

    Components are processed in ``(minElev, minTie)`` order; a pass finds all unsupported
    components and drops each in turn (distance computed when its turn comes).  Before its turn
    a component's support is re-checked (§6.5 "repeat until no unsupported components remain",
    RULES.md 19): one that an earlier drop of the pass now touches is no longer on its own — it
    joined that component — and waits for the next pass, where the merged component is judged
    whole (a block the landed piece now touches is held).  Raises ``TiltBlocked`` when ``piece``
    is given and a voxel would pass through it.
    """
    rep = SettleReport()
    rank = tables_for(board.sx, board.sy, board.sz, g).rank
    nb6 = board.frame.nb6
    for k in range(PASS_CAP + 1):
        unsupported = unheld_groups(board, g, piece)
        if not unsupported:
            break
        if k == PASS_CAP:
            rep.capped = True
            break
        unsupported.sort(key=lambda c: min(rank[i] for i in c))
        moved_any = False
        landed: set[int] = set()  # cells of components dropped in this pass
        for comp in unsupported:
            if landed and any(j in landed for i in comp for j in nb6[i]):
                moved_any = True  # merged with a landed component: re-judged next pass
                continue
            d = drop_distance(board, comp, g)
            if d == 0:
                moved_any = True  # something under it now: its voxels are re-judged next pass
                continue
            _move(board, comp, g, d, rep, piece)
            if d is not None:
                landed.update(_shifted(board, comp, g, d))
            moved_any = True
        if not moved_any:
            break
    return rep


def _shifted(board: Board, comp: list[int], g: Gravity, d: int) -> list[int]:
    """Indices of ``comp``'s cells moved ``d`` along ``g`` (cells outside the box left out)."""
    frame = board.frame
    gx, gy, gz = GRAVITY_VEC[g]
    out = []
    for i in comp:
        x, y, z = frame.coords(i)
        j = frame.index_or_none(x + gx * d, y + gy * d, z + gz * d)
        if j is not None:
            out.append(j)
    return out


def unsupported_cells(board: Board, g: Gravity) -> list[int]:
    """Cells of components that are unsupported right now (the debug highlight of §14)."""
    held = held_cells(board, g)
    return [i for i in indices_of(board.kind.translate(MOVABLE_TABLE), 1) if not held[i]]
