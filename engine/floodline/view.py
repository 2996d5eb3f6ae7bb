"""What the client draws (``view``) and the §14 debug overlays (``debug_view``)."""

from __future__ import annotations

from typing import Any

from engine.floodline.board import MOVABLE_TABLE, Board, Kind, indices_of
from engine.floodline.geometry import GRAVITY_VEC, Gravity, tables_for
from engine.floodline.pieces import offsets
from engine.floodline.preview import next_fill, preview_tilt  # noqa: F401 - view.preview_tilt stays public
from engine.floodline.rules import ghost_cells, gust_direction, wind_active
from engine.floodline.scoring import objective_progress
from engine.floodline.solids import components, held_cells, is_supported
from engine.floodline.state import State
from engine.floodline.water import INF, compute_req, drain_scope_cells


def ghost_over_water(s: State, ghost: list[list[int]] | None = None) -> bool:
    """Part I §10.2 "Resting on water" for the falling piece (RULES.md 42): True when a cell of the
    hard-drop landing (``ghost``, default ``ghost_cells(s)``) has WATER as its neighbour in the
    direction of gravity, i.e. the piece would lock on water. Ice (frozen water) holds, so it
    does not count; neither do the box walls or cells outside the box."""
    cells = ghost_cells(s) if ghost is None else ghost
    gv = GRAVITY_VEC[s.gravity]
    b = s.board
    for c in cells:
        below = (c[0] + gv[0], c[1] + gv[1], c[2] + gv[2])
        if b.in_bounds(below) and b.at(below) == Kind.WATER:
            return True
    return False


def next_gust(s: State) -> dict[str, Any] | None:
    """Ticks until the next gust and its direction (Part V §6 telegraphing)."""
    if s.wind_next < 0 or not s.level.hazards:
        return None
    d, _ = gust_direction(s)
    return {"inTicks": s.wind_next - s.tick, "direction": d, "active": wind_active(s)}


def view(s: State) -> dict[str, Any]:
    """JSON-ready drawing data: board cells, active piece + ghost, HUD values."""
    a = s.active
    return {
        "size": [s.board.sx, s.board.sy, s.board.sz],
        "heightLimit": s.height_limit,
        "gravity": s.gravity.value,
        "tick": s.tick,
        "cells": s.board.cell_list(),
        "active": None
        if a is None
        else {
            "piece": a.piece_id,
            "material": a.material.value,
            "cells": [list(c) for c in a.cells()],
            "armed": a.armed,
            "lockTimer": a.lock_timer,
            "lockResets": a.lock_resets,
        },
        "ghost": ghost_cells(s),
        "hold": None if s.hold is None else {"piece": s.hold[0], "material": s.hold[1].value},
        "holdUsed": s.hold_used,
        "next": [
            {"piece": p, "material": m.value, "offsets": [list(v) for v in offsets(p, 0)]} for p, m in s.queue
        ],
        "cooldown": s.cooldown,
        "tiltBudgetLeft": s.tilt_budget_left,
        "allowedGravity": [g.value for g in s.level.rotation.allowed],
        "charges": dict(s.charges),
        "metrics": dict(s.metrics),
        "lastResolve": dict(s.last_resolve),
        "objectives": objective_progress(s),
        "wind": next_gust(s),
        # RULES.md 36b: objectives met, stars secured; tilts may still earn a "survives K tilts" star
        "winPending": s.win_pending,
        "outcome": None
        if s.outcome is None
        else {
            "status": s.outcome.status.value,
            "reason": s.outcome.reason.value,
            "stars": s.outcome.stars,
            "score": s.outcome.score,
        },
    }


def unsupported_board(board: Board, g: Gravity) -> set[tuple[int, int, int]]:
    """Part I §10.2 "unsupported solids" (RULES.md 40): every movable voxel that is not held
    (``held_cells``, rules 0.5 load path) now, or rejects once temporary support is gone — thawing ice
    (``ice > 0``) read as water and Stabilize anchors (``anchor > 0``) released. Permanent ice
    (level-authored, ``thawIn: 0``) and Reinforced anchors (``-1``) keep supporting."""
    f = board.frame
    temp = any(a > 0 for a in board.anchor) or any(board.ice[i] > 0 for i in board.indices(Kind.ICE))
    probe = None
    if temp:
        probe = board.copy()
        for i in board.indices(Kind.ICE):
            if probe.ice[i] > 0:
                probe.kind[i] = Kind.WATER
        probe.anchor = [a if a < 0 else 0 for a in probe.anchor]
    held = held_cells(board, g)
    held_later = held_cells(probe, g) if probe is not None else held
    movable = board.kind.translate(MOVABLE_TABLE)
    return {f.coords(i) for i in indices_of(movable, 1) if not (held[i] and held_later[i])}


def unsupported_cells(s: State) -> set[tuple[int, int, int]]:
    """The §10.2 highlight for the settled board of ``s`` under its gravity (see ``unsupported_board``)."""
    return unsupported_board(s.board, s.gravity)


def debug_board(board: Board, g: Gravity) -> dict[str, Any]:
    """§14: component ids + minElev order, unsupported cells, the req heatmap and water basins."""
    f = board.frame
    t = tables_for(board.sx, board.sy, board.sz, g)
    comps = components(board)
    comp_info = []
    unsupported: list[list[int]] = []
    for cid, comp in enumerate(comps):
        sup = is_supported(board, comp, g)
        comp_info.append(
            {
                "id": cid,
                "cells": [list(f.coords(i)) for i in comp],
                "minElev": min(t.elev[i] for i in comp),
                "supported": sup,
            }
        )
        if not sup:
            unsupported.extend(list(f.coords(i)) for i in comp)
    order = sorted(range(len(comps)), key=lambda k: min(t.rank[i] for i in comps[k]))
    water = board.indices(Kind.WATER)
    probe = board.copy()
    for i in water:
        probe.kind[i] = Kind.EMPTY
    req = compute_req(probe, g, water)
    basins = [
        {
            "cells": [list(f.coords(i)) for i in cells],
            "surfaceElev": surface,
            "boundary": [list(f.coords(j)) for j in boundary],
        }
        for cells, surface, boundary in _water_bodies(board, t.elev)
    ]
    return {
        "gravity": g.value,
        "components": comp_info,
        "minElevOrder": order,
        "unsupported": unsupported,
        "req": [[*f.coords(i), r] for i, r in enumerate(req) if r != INF],
        "basins": basins,
    }


def _water_bodies(board: Board, elev: list[int]) -> list[tuple[list[int], int, list[int]]]:
    """6-connected WATER bodies: (sorted cells, surface gravElev, sorted non-water neighbours)."""
    f = board.frame
    seen: set[int] = set()
    out = []
    for w in board.indices(Kind.WATER):
        if w in seen:
            continue
        stack, cells = [w], []
        seen.add(w)
        while stack:
            i = stack.pop()
            cells.append(i)
            for j in f.nb6[i]:
                if j not in seen and board.kind[j] == Kind.WATER:
                    seen.add(j)
                    stack.append(j)
        surface = max(elev[i] for i in cells)
        boundary = sorted({j for i in cells for j in f.nb6[i] if board.kind[j] != Kind.WATER})
        out.append((sorted(cells), surface, boundary))
    return out


def drain_zones(board: Board, g: Gravity) -> list[dict[str, Any]]:
    """Each drain (canonical order) with the empty/water cells its scope covers under gravity ``g``."""
    f = board.frame
    return [
        {
            "pos": list(f.coords(d)),
            "scope": str(scope.value),
            "cells": [
                list(f.coords(j))
                for j in drain_scope_cells(board, d, scope, g)
                if board.kind[j] in (Kind.EMPTY, Kind.WATER)
            ],
        }
        for d, (_, scope) in sorted(board.drains.items())
    ]


def basin_preview(board: Board, g: Gravity) -> dict[str, Any]:
    """Part I §10.3 basin preview (RULES.md 41): what the water will do, for the glue to draw.

    ``basins``: each connected water body (cells, ``surfaceElev`` in gravity elevation, ``lowest``
    = it holds the lowest surface), lowest first. ``nextFill``: the one cell the next unit of this
    water would settle in (``preview.next_fill``: the solver's own global fill order, one unit more;
    empty when there is no water or no room). ``drains``: each drain with the cells
    its scope covers under this gravity (``drain_scope_cells``; SELF is the cell resting on it).
    """
    f = board.frame
    t = tables_for(board.sx, board.sy, board.sz, g)
    bodies = _water_bodies(board, t.elev)
    bodies.sort(key=lambda b: (b[1], min(t.rank[i] for i in b[0])))
    low = bodies[0][1] if bodies else 0
    basins = [
        {"cells": [list(f.coords(i)) for i in cells], "surfaceElev": surface, "lowest": surface == low}
        for cells, surface, _ in bodies
    ]
    cell = next_fill(board, g)
    nxt = [] if cell is None else [cell]
    drains = drain_zones(board, g)
    return {"gravity": g.value, "basins": basins, "nextFill": nxt, "drains": drains}


def debug_view(s: State) -> dict[str, Any]:
    return debug_board(s.board, s.gravity)
