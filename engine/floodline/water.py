"""Water (Part IV): the minimax-Dijkstra equilibrium solver, drains and freeze/thaw."""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from engine.floodline.board import Board, DrainScope, Kind, indices_of
from engine.floodline.geometry import Gravity, tables_for

_EMPTY = int(Kind.EMPTY)
_WATER = int(Kind.WATER)
_POROUS = int(Kind.POROUS)
_ICE = int(Kind.ICE)
INF = 1 << 60


@dataclass
class WaterReport:
    """Result of one settle: units requested, placed and clamped away (overflow, Part IV §5.3 D)."""

    units: int = 0
    placed: int = 0
    overflow: int = 0


def compute_req(
    board: Board, g: Gravity, sources: list[int], blocked: frozenset[int] = frozenset()
) -> list[int]:
    """Step B: ``req[c]`` = minimal maximum gravElev over any path from a source (INF if unreachable).

    A source that is not passable (a solid now occupies a displaced cell) seeds its passable
    6-neighbours with ``max(gravElev(s), gravElev(n))`` — the water is squeezed out (RULES.md).
    """
    return _search(board, g, sources, blocked, -1)[0]


def _fill_order(
    board: Board, g: Gravity, sources: list[int], n_units: int, blocked: frozenset[int]
) -> list[int]:
    """Steps B–C with early exit: occupiable cells in (req, gravElev, tieCoord) order, enough for N units."""
    return _search(board, g, sources, blocked, n_units)[1]


def _search(
    board: Board,
    g: Gravity,
    sources: list[int],
    blocked: frozenset[int],
    n_units: int,
    through_water: bool = False,
) -> tuple[list[int], list[int]]:
    """The one water search (Steps B–C): Dijkstra over passable cells by ``req`` (the minimal maximum
    gravElev of a path from a source), then canonical rank. Returns ``(req, take)``: ``take`` is the
    first ``n_units`` occupiable (EMPTY) cells in (req, rank) order; with ``n_units < 0`` nothing is
    taken and the search runs to the end (``req`` complete, for ``compute_req``).

    Dijkstra pops cells in nondecreasing ``req``; once N occupiable cells are known and every cell
    with that ``req`` has been popped, no later cell can sort before them, so the search stops.
    Keys are packed into one integer ``(req - minElev) * n + rank`` (rank = canonical order).
    With ``through_water`` WATER cells (other bodies, RULES.md 23) are passable but not occupiable.
    """
    t = tables_for(board.sx, board.sy, board.sz, g)
    elev, rank, order = t.elev, t.rank, t.order
    base = t.min_elev
    kind = board.kind
    nb6 = board.frame.nb6
    n = len(kind)
    req = [INF] * n
    wet = _WATER if through_water else _EMPTY  # a kind passable besides EMPTY and POROUS
    heap: list[int] = []
    push, pop = heapq.heappush, heapq.heappop
    for s in sources:
        k = kind[s]
        if (k == _EMPTY or k == _POROUS or k == wet) and s not in blocked:
            seeds = [(elev[s], s)]
        else:
            seeds = [
                (max(elev[s], elev[j]), j)
                for j in nb6[s]
                if (kind[j] == _EMPTY or kind[j] == _POROUS or kind[j] == wet) and j not in blocked
            ]
        for r, c in seeds:
            if r < req[c]:
                req[c] = r
                push(heap, (r - base) * n + rank[c])
    found: list[tuple[int, int]] = []
    stop = INF
    take = n_units >= 0
    while heap:
        key = pop(heap)
        r = key // n + base
        if r > stop:
            break
        i = order[key % n]
        if r != req[i]:
            continue
        if take and kind[i] == _EMPTY and i not in blocked:
            found.append((key, i))
            if len(found) >= n_units and stop == INF:
                stop = r
        for j in nb6[i]:
            k = kind[j]
            if (k == _EMPTY or k == _POROUS or k == wet) and j not in blocked:
                e = elev[j]
                cand = r if r > e else e
                if cand < req[j]:
                    req[j] = cand
                    push(heap, (cand - base) * n + rank[j])
    found.sort()
    return req, [i for _, i in found[:n_units]] if take else []


#: Safety cap on per-body fill passes (RULES.md 23a); a settled board is a fixed point after one.
BODY_PASSES = 4


def settle_water(
    board: Board, g: Gravity, displaced: list[int] | None = None, blocked: frozenset[int] = frozenset()
) -> WaterReport:
    """Part IV §5.3 steps A–D per water body, mutating ``board``.  ``blocked`` cells are neither
    passable nor occupiable.

    Rules 0.4 (RULES.md 23a): a *body* is a 6-connected group of water cells and displaced sources;
    each body fills from its own cells only (the seed's minimax Dijkstra, ``req`` from its sources),
    lowest body first, the other bodies' water passable but not occupiable.  Units never jump between
    basins that no path joins below their surface (the literal solver pooled every unit and sorted
    all reachable cells together).  Passes repeat until nothing moves (``BODY_PASSES`` cap); with one
    body this is exactly the literal solver.
    """
    kind = board.kind
    water = indices_of(kind, _WATER)
    extra = list(displaced or [])
    n_units = len(water) + len(extra)
    rep = WaterReport(units=n_units)
    if n_units == 0:
        return rep
    bodies = water_bodies(board, water, extra)
    if len(bodies) == 1:
        for i in water:
            kind[i] = _EMPTY
        take = _fill_order(board, g, water + extra, n_units, blocked)
        for i in take:
            kind[i] = _WATER
        rep.placed = len(take)
        rep.overflow = n_units - len(take)
        return rep
    for k in range(BODY_PASSES):
        before = bytes(kind)
        _fill_bodies(board, g, bodies, blocked)
        if k and bytes(kind) == before:
            break
        bodies = water_bodies(board, indices_of(kind, _WATER), [])
    rep.placed = len(indices_of(kind, _WATER))
    rep.overflow = n_units - rep.placed
    return rep


def _fill_bodies(
    board: Board, g: Gravity, bodies: list[tuple[list[int], int]], blocked: frozenset[int]
) -> None:
    """One pass: each body (sources, units) re-fills from its own sources, lowest body first."""
    t = tables_for(board.sx, board.sy, board.sz, g)
    elev, rank = t.elev, t.rank
    kind = board.kind
    order = sorted(bodies, key=lambda b: (min(elev[i] for i in b[0]), min(rank[i] for i in b[0])))
    for sources, units in order:
        for i in sources:
            if kind[i] == _WATER:
                kind[i] = _EMPTY
        take = _search(board, g, sources, blocked, units, through_water=True)[1]
        for i in take:
            kind[i] = _WATER


def water_bodies(board: Board, water: list[int], extra: list[int]) -> list[tuple[list[int], int]]:
    """6-connected groups of water cells and displaced sources: ``(sources, units)`` per body, in
    index order of first cell (a displaced cell counts once per unit it holds)."""
    count: dict[int, int] = {i: 1 for i in water}
    for i in extra:
        count[i] = count.get(i, 0) + 1
    nb6 = board.frame.nb6
    seen: set[int] = set()
    out: list[tuple[list[int], int]] = []
    for start in sorted(count):
        if start in seen:
            continue
        seen.add(start)
        stack = [start]
        cells: list[int] = []
        while stack:
            i = stack.pop()
            cells.append(i)
            for j in nb6[i]:
                if j in count and j not in seen:
                    seen.add(j)
                    stack.append(j)
        cells.sort()
        out.append((cells, sum(count[i] for i in cells)))
    return out


def drain_scope_cells(board: Board, i: int, scope: DrainScope, g: Gravity) -> list[int]:
    """Cells a drain at ``i`` reaches: SELF = the cell resting on it (against gravity), ADJ6, ADJ26."""
    f = board.frame
    x, y, z = f.coords(i)
    if scope == DrainScope.SELF:
        gv = g.vec
        j = f.index_or_none(x - gv[0], y - gv[1], z - gv[2])
        return [] if j is None else [j]
    if scope == DrainScope.ADJ6:
        return list(f.nb6[i])
    out = []
    for dy in (-1, 0, 1):
        for dz in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if dx or dy or dz:
                    j = f.index_or_none(x + dx, y + dy, z + dz)
                    if j is not None:
                        out.append(j)
    return out


def apply_drains(board: Board, g: Gravity) -> int:
    """Part IV §7: drains in canonical order each remove up to ``rate`` lowest water cells in scope."""
    if not board.drains:
        return 0
    rank = tables_for(board.sx, board.sy, board.sz, g).rank
    kind = board.kind
    removed = 0
    for d in sorted(board.drains, key=lambda i: rank[i]):
        rate, scope = board.drains[d]
        cells = sorted(
            (j for j in drain_scope_cells(board, d, scope, g) if kind[j] == _WATER), key=rank.__getitem__
        )
        for j in cells[:rate]:
            kind[j] = _EMPTY
            removed += 1
    return removed


def freeze_cells(board: Board, cells: list[int], resolves: int) -> int:
    """Part IV §8.1: turn the given WATER cells into ICE for ``resolves`` resolves; returns the count."""
    n = 0
    for i in cells:
        if board.kind[i] == _WATER:
            board.kind[i] = _ICE
            board.ice[i] = resolves
            n += 1
    return n


def tick_ice(board: Board) -> list[int]:
    """Decrement every ICE timer; cells reaching 0 thaw back to WATER (returned, Part IV §8.3)."""
    thawed: list[int] = []
    kind, ice = board.kind, board.ice
    for i in indices_of(kind, _ICE):
        if ice[i] > 0:  # 0 = permanent ice (level-authored)
            ice[i] -= 1
            if ice[i] <= 0:
                ice[i] = 0
                kind[i] = _WATER
                thawed.append(i)
    return thawed
