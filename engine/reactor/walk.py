"""The walk planner: click-to-walk paths that never kill the robot.

A walk is a list of quick ``move`` actions. Moving never pulses, so the hazards stay as they are
for the whole walk; what changes on the way is the heat immunity, which each step spends
(``actions._move``: a step is protected by the immunity left before it). The planner searches
(cell, immunity left) states, so it only takes paths that stay safe step by step, counting the
shield that runs out on the way, and otherwise refuses with a reason code (the glue translates it).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from engine.reactor.balance import QUANTITIES
from engine.reactor.state import DIRS, ReactorState

# Refusal codes (the glue owns the words).
SAME_CELL = "same_cell"
WALL = "wall"
OUT_OF_BOUNDS = "out_of_bounds"
TARGET_LETHAL = "target_lethal"  # the target itself kills the robot (no protection covers it there)
SHIELD_RUNS_OUT = "shield_runs_out"  # reachable only if the heat shield lasted longer
BLOCKED = "blocked"  # every way there crosses a lethal cell
UNREACHABLE = "unreachable"  # walls cut it off
LEVEL_OVER = "level_over"
REFUSALS = (SAME_CELL, WALL, OUT_OF_BOUNDS, TARGET_LETHAL, SHIELD_RUNS_OUT, BLOCKED, UNREACHABLE, LEVEL_OVER)


@dataclass(frozen=True)
class Walk:
    """A planned walk: ``moves`` (``move n|e|s|w`` texts) or a refusal ``code`` with the hazard
    (``quantity``) that stands in the way, when one does."""

    moves: tuple[str, ...] = ()
    code: str = ""
    quantity: str = ""

    @property
    def ok(self) -> bool:
        return not self.code


def lethal_quantity(st: ReactorState, cell: int, immunity: int) -> str:
    """The quantity that kills a robot entering ``cell`` with ``immunity`` heat-immunity steps left
    ("" when safe). Heat immunity covers heat only."""
    for q in QUANTITIES:
        limit = st.balance.robot_unsafe[q]
        if limit is None or (q == "heat" and immunity > 0):
            continue
        if st.surface[q][cell] >= limit:
            return q
    return ""


def _lethal_table(st: ReactorState) -> tuple[list[bool], list[bool]]:
    """Per cell: lethal to a robot without heat immunity, and lethal to one with some left (the
    same answer as ``lethal_quantity`` for every cell, read once per search instead of per step)."""
    limits = st.balance.robot_unsafe
    size = len(st.grid.walls)
    bare = [False] * size
    shielded = [False] * size
    for q in QUANTITIES:
        limit = limits[q]
        if limit is None:
            continue
        arr = st.surface[q]
        for c in range(size):
            if arr[c] >= limit:
                bare[c] = True
                if q != "heat":
                    shielded[c] = True
    return bare, shielded


def safe_cells(st: ReactorState) -> dict[int, int]:
    """Every floor cell the robot can walk to safely right now -> the most heat immunity it can
    still have on arrival (the robot's own cell included)."""
    best = {st.robot: st.heat_immunity}
    todo = deque([(st.robot, st.heat_immunity)])
    g = st.grid
    bare, shielded = _lethal_table(st)
    while todo:
        c, imm = todo.popleft()
        if best.get(c, -1) > imm:
            continue
        lethal = shielded if imm > 0 else bare
        for _, n in g.neighbors[c]:
            if g.walls[n] or lethal[n]:
                continue
            left = max(imm - 1, 0)
            if best.get(n, -1) >= left:
                continue
            best[n] = left
            todo.append((n, left))
    return best


def plan_walk(st: ReactorState, x: int, y: int) -> Walk:
    """The shortest walk from the robot to (x, y) whose every step is safe, or a refusal code."""
    g = st.grid
    if st.outcome is not None:
        return Walk(code=LEVEL_OVER)
    if not g.inside(x, y):
        return Walk(code=OUT_OF_BOUNDS)
    target = g.cell(x, y)
    if target == st.robot:
        return Walk(code=SAME_CELL)
    if g.walls[target]:
        return Walk(code=WALL)
    start = (st.robot, st.heat_immunity)
    prev: dict[tuple[int, int], tuple[tuple[int, int], int]] = {start: (start, -1)}
    todo = deque([start])
    end: tuple[int, int] | None = None
    bare, shielded = _lethal_table(st)
    while todo and end is None:
        node = todo.popleft()
        c, imm = node
        lethal = shielded if imm > 0 else bare
        for d, n in g.neighbors[c]:
            if g.walls[n] or lethal[n]:
                continue
            nxt = (n, max(imm - 1, 0))
            if nxt in prev:
                continue
            prev[nxt] = (node, d)
            if n == target:
                end = nxt
                break
            todo.append(nxt)
    if end is not None:
        moves: list[str] = []
        node = end
        while node != start:
            node, d = prev[node]
            moves.append(f"move {DIRS[d][0].lower()}")
        return Walk(moves=tuple(reversed(moves)))
    return _why_not(st, target)


def _why_not(st: ReactorState, target: int) -> Walk:
    """Why no safe walk reaches ``target``: lethal target, shield too short, hazards, or walls."""
    g = st.grid
    q = lethal_quantity(st, target, 0)
    if q and q != "heat":
        return Walk(code=TARGET_LETHAL, quantity=q)
    # reachable over floor at all?
    seen = {st.robot}
    todo = deque([st.robot])
    while todo:
        c = todo.popleft()
        for _, n in g.neighbors[c]:
            if n not in seen and not g.walls[n]:
                seen.add(n)
                todo.append(n)
    if target not in seen:
        return Walk(code=UNREACHABLE)
    if q == "heat":
        return Walk(code=SHIELD_RUNS_OUT if st.heat_immunity > 0 else TARGET_LETHAL, quantity="heat")
    # blocked: would an endless shield get there? then heat (and the shield's length) is the reason
    endless = safe_cells_with_immunity(st, 10**6)
    if target in endless:
        return Walk(code=SHIELD_RUNS_OUT if st.heat_immunity > 0 else BLOCKED, quantity="heat")
    return Walk(code=BLOCKED, quantity=_blocking_quantity(st))


def safe_cells_with_immunity(st: ReactorState, immunity: int) -> set[int]:
    """Cells a robot with ``immunity`` steps (never spent) could reach: heat ignored when positive."""
    g = st.grid
    seen = {st.robot}
    todo = deque([st.robot])
    while todo:
        c = todo.popleft()
        for _, n in g.neighbors[c]:
            if n in seen or g.walls[n] or lethal_quantity(st, n, immunity):
                continue
            seen.add(n)
            todo.append(n)
    return seen


def _blocking_quantity(st: ReactorState) -> str:
    """The first quantity (fuel, coolant, electricity, heat order) lethal on some floor cell."""
    for q in QUANTITIES:
        limit = st.balance.robot_unsafe[q]
        if limit is not None and any(st.surface[q][i] >= limit for i in st.grid.floor_cells):
            return q
    return ""
