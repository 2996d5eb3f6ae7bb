"""Level validation: errors (block run/save) and warnings (visible, non-blocking), each with a stable
code and the cell it concerns."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from engine.reactor import network
from engine.reactor.balance import CARRIERS, QUANTITIES, Balance
from engine.reactor.pulse import settle
from engine.reactor.schema import LevelM
from engine.reactor.state import ABSENT, ITEM_FOR, Grid, ReactorState, state_from_level
from engine.reactor.surface import door_axis

ERROR_CODES = (
    "dimensions",
    "robot_position",
    "wall_hazard",
    "prop_terrain",
    "required_counts",
    "door_cell",
    "leak_access",
    "valve_outlet",
    "valve_network",
    "junction_carriers",
    "junction_ambiguous",
    "junction_loop",
    "malformed",
    "eye_access",
)
WARNING_CODES = (
    "unreachable_consumer",
    "no_source_path",
    "starved_required_consumer",
    "reactor_unready",
    "unused_supply",
    "valve_no_target",
    "hazard_no_remedy",
    "inventory_capacity",
)


@dataclass(frozen=True)
class Issue:
    """One validation error or warning; ``x``/``y`` name the cell (None for level-wide issues)."""

    code: str
    message: str
    x: int | None = None
    y: int | None = None

    def as_dict(self) -> dict[str, object]:
        return {"code": self.code, "message": self.message, "x": self.x, "y": self.y}


@dataclass
class Report:
    """Validation outcome: ``ok`` when there are no errors."""

    errors: list[Issue] = field(default_factory=list)
    warnings: list[Issue] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors

    def as_dict(self) -> dict[str, object]:
        return {
            "ok": self.ok,
            "errors": [e.as_dict() for e in self.errors],
            "warnings": [w.as_dict() for w in self.warnings],
        }


def _structural(level: LevelM, balance: Balance, rep: Report) -> Grid | None:
    err = rep.errors.append
    w, h = level.width, level.height
    if len(level.terrain) != h:
        err(Issue("dimensions", f"terrain has {len(level.terrain)} rows, height is {h}"))
        return None
    for y, row in enumerate(level.terrain):
        if len(row) != w:
            err(Issue("dimensions", f"terrain row {y} has {len(row)} cells, width is {w}", None, y))
    if rep.errors:
        return None
    grid = Grid.build(w, h, level.terrain)
    inside = grid.inside

    def wall(x: int, y: int) -> bool:
        return grid.walls[grid.cell(x, y)]

    for c in CARRIERS:
        seen: set[tuple[int, int]] = set()
        for uc in getattr(level.layers, c):
            if not inside(uc.x, uc.y):
                err(Issue("dimensions", f"{c} cell outside the {w}x{h} grid", uc.x, uc.y))
            elif (uc.x, uc.y) in seen:
                err(Issue("malformed", f"{c} cell listed twice", uc.x, uc.y))
            elif uc.integrity is not None and uc.integrity > balance.max_structural_integrity:
                err(Issue("malformed", f"{c} integrity {uc.integrity} above max", uc.x, uc.y))
            seen.add((uc.x, uc.y))
    r = level.robot
    if not inside(r.x, r.y):
        err(Issue("robot_position", "robot is out of bounds", r.x, r.y))
    elif wall(r.x, r.y):
        err(Issue("robot_position", "robot is not on a floor cell", r.x, r.y))
    seen_s: set[tuple[int, int]] = set()
    for sc in level.surface:
        if not inside(sc.x, sc.y):
            err(Issue("dimensions", "surface cell outside the grid", sc.x, sc.y))
            continue
        if (sc.x, sc.y) in seen_s:
            err(Issue("malformed", "surface cell listed twice", sc.x, sc.y))
        seen_s.add((sc.x, sc.y))
        has = any(getattr(sc, q) > 0 for q in QUANTITIES) or any(
            getattr(sc.blocks, e) > 0 for e in ("fuel", "coolant", "electricity")
        )
        if has and wall(sc.x, sc.y):
            err(Issue("wall_hazard", "wall cell with surface hazards", sc.x, sc.y))
    counts = Counter((p.x, p.y) for p in level.props)
    for p in level.props:
        if not inside(p.x, p.y):
            err(Issue("prop_terrain", f"{p.kind} prop out of bounds", p.x, p.y))
        elif wall(p.x, p.y):
            err(Issue("prop_terrain", f"{p.kind} prop on a wall cell", p.x, p.y))
        elif counts[(p.x, p.y)] > 1:
            err(Issue("malformed", "more than one prop on this cell", p.x, p.y))
    if not any(p.kind == "reactor" for p in level.props):
        err(Issue("malformed", "level has no reactor control prop"))
    return grid


def validate_level(level: LevelM, balance: Balance) -> Report:
    """Every error and warning of the design's Validation section for ``level``."""
    rep = Report()
    if level.dynamic is not None and level.dynamic.eye_access:
        rep.errors.append(
            Issue(
                "eye_access",
                "all-seeing-eye access cannot be stored in level data; the robot gains it by visiting a terminal",
                None,
                None,
            )
        )
        return rep
    grid = _structural(level, balance, rep)
    if grid is None or rep.errors:
        return rep
    st = state_from_level(level, balance, level.meta.difficulty)
    _semantic(level, st, rep)
    if rep.errors:
        return rep
    _warnings(st, rep)
    return rep


def _semantic(level: LevelM, st: ReactorState, rep: Report) -> None:
    g = st.grid
    err = rep.errors.append

    def xy(i: int) -> tuple[int, int]:
        return g.xy(i)

    for p in st.props_of("door"):
        if door_axis(st, p.cell) is None:
            err(Issue("door_cell", "door needs exactly one opposing wall pair (N+S or W+E)", *xy(p.cell)))
    for c in CARRIERS:
        available = sum(1 for p in st.props_of("consumer") if st.layers[c].state[p.cell] != ABSENT)
        if st.required[c] > available:
            err(
                Issue(
                    "required_counts",
                    f"{st.required[c]} {c} consumers required but only {available} "
                    f"consumer props sit on the {c} network",
                )
            )
    leak_keys: set[tuple[str, int]] = set()
    for lk, lm in zip(st.leaks, level.leaks, strict=True):
        ax, ay = lm.access
        where = (lm.x, lm.y)
        if not g.inside(lm.x, lm.y) or not g.inside(ax, ay):
            err(Issue("leak_access", f"{lk.carrier} leak or its access is out of bounds", *where))
            continue
        if (lk.carrier, lk.cell) in leak_keys:
            err(Issue("malformed", f"two {lk.carrier} leaks on one cell", *where))
        leak_keys.add((lk.carrier, lk.cell))
        if st.layers[lk.carrier].state[lk.cell] == ABSENT:
            err(Issue("leak_access", f"{lk.carrier} leak on a cell without a {lk.carrier} network", *where))
            continue
        if lk.carrier == "electricity":
            if not g.walls[lk.cell]:
                err(Issue("leak_access", "electricity leaks occur in wall cells", *where))
            elif lk.access not in [v for _, v in g.neighbors[lk.cell]] or g.walls[lk.access]:
                err(Issue("leak_access", "electricity leak face must be an adjacent floor cell", *where))
        else:
            if g.walls[lk.cell]:
                err(Issue("leak_access", f"{lk.carrier} leaks occur under floor cells", *where))
            elif lk.access != lk.cell:
                err(Issue("leak_access", f"{lk.carrier} leak access must be its own floor cell", *where))
        leaking = st.layers[lk.carrier].state[lk.cell] == 2
        if leaking == lk.repaired:
            err(Issue("malformed", f"{lk.carrier} cell state does not match the leak's repair state", *where))
    for c in CARRIERS:
        for i, s in enumerate(st.layers[c].state):
            if s == 2 and (c, i) not in leak_keys:
                err(Issue("malformed", f"leaking {c} cell without a leak record", *xy(i)))
    for p in st.props_of("valve"):
        for o in p.outlets:
            if o >= len(g.walls) or g.walls[o]:
                err(Issue("valve_outlet", f"valve outlet {xy(o)} is not a floor cell", *xy(p.cell)))
        if st.layers["coolant"].state[p.cell] == ABSENT:
            err(
                Issue(
                    "valve_network", "sprinkler valve is not connected to a coolant network cell", *xy(p.cell)
                )
            )
    for pm in level.props:
        if pm.kind == "valve":
            for ox, oy in pm.outlets:
                if not g.inside(ox, oy):
                    err(Issue("valve_outlet", f"valve outlet ({ox},{oy}) is out of bounds", pm.x, pm.y))
        if pm.kind == "junction" and pm.ratio_mode >= len(st.balance.junction_ratio_modes):
            err(Issue("malformed", f"ratio mode {pm.ratio_mode} does not exist", pm.x, pm.y))
    for p in st.props_of("flow"):
        if st.layers[p.carrier].state[p.cell] == ABSENT:
            err(
                Issue("malformed", f"{p.carrier} flow prop is not on a {p.carrier} network cell", *xy(p.cell))
            )
    for p in st.props_of("junction"):
        info = network.infer_junction(st, p.cell, only_enabled=True)
        if info.problem:
            err(Issue(info.code, info.problem, *xy(p.cell)))


def _walkable(st: ReactorState) -> set[int]:
    g = st.grid
    seen = {st.robot}
    todo = [st.robot]
    while todo:
        u = todo.pop()
        for _, v in g.neighbors[u]:
            if not g.walls[v] and v not in seen:
                seen.add(v)
                todo.append(v)
    return seen


def _sourced(st: ReactorState) -> dict[str, set[int]]:
    """Cells of each carrier connected to any flow prop (enabled or not)."""
    out: dict[str, set[int]] = {}
    for c in CARRIERS:
        lay = st.layers[c].state
        seen: set[int] = set()
        todo = [p.cell for p in st.props_of("flow") if p.carrier == c and lay[p.cell] != ABSENT]
        seen.update(todo)
        while todo:
            u = todo.pop()
            for _, v in st.grid.neighbors[u]:
                if lay[v] != ABSENT and v not in seen:
                    seen.add(v)
                    todo.append(v)
        out[c] = seen
    return out


def _warnings(st: ReactorState, rep: Report) -> None:
    warn = rep.warnings.append
    g = st.grid
    xy = g.xy
    b = st.balance
    n, cap = st.inventory_total(), b.inventory_capacity
    if n > cap:  # accepted: the robot just cannot pick up supplies until it has spent some
        warn(Issue("inventory_capacity", f"{n} items, capacity {cap} on {st.difficulty}"))
    settle(st)
    sourced = _sourced(st)
    walk = _walkable(st)
    for p in st.props_of("consumer"):
        carriers = st.carriers_at(p.cell)
        required = any(st.required[c] > 0 for c in carriers)
        if not required and (not any(p.cell in sourced[c] for c in carriers) or p.cell not in walk):
            warn(
                Issue(
                    "unreachable_consumer",
                    "consumer cannot be reached by any source or by the robot",
                    *xy(p.cell),
                )
            )
        s = st.services.get(p.cell, {})
        for c in carriers:
            if st.required[c] > 0 and (not p.enabled or s.get(c) == network.STARVED):
                warn(
                    Issue(
                        "starved_required_consumer", f"{c} consumer starts starved or disabled", *xy(p.cell)
                    )
                )
    for c in CARRIERS:
        lay = st.layers[c].state
        done: set[int] = set()
        for i, structure in enumerate(lay):
            if structure == ABSENT or i in sourced[c] or i in done:
                continue
            comp = network.component(st, c, i, -1)
            done |= comp
            warn(Issue("no_source_path", f"{len(comp)} {c} cell(s) here have no source path", *xy(i)))
    for p in st.props_of("reactor"):
        ok = network.reactor_fed(st, p.cell)
        counts = dict.fromkeys(CARRIERS, 0)
        for s in st.services.values():
            for c, v in s.items():
                if v != network.STARVED:
                    counts[c] += 1
        if not ok or any(counts[c] < st.required[c] for c in CARRIERS):
            warn(Issue("reactor_unready", "reactor is not ready with the initial network state", *xy(p.cell)))
    present_surface = {q: any(v > 0 for v in st.surface[q]) for q in QUANTITIES}
    for p in st.props_of("supply"):
        e = p.item
        if p.cell not in walk:
            warn(Issue("unused_supply", "supply cannot be reached by the robot", *xy(p.cell)))
            continue
        if e == "heat":
            possible = (
                present_surface["heat"]
                or present_surface["fuel"]
                or any(s != ABSENT for s in st.layers["fuel"].state)
            )
        else:
            possible = present_surface[e] or any(s != ABSENT for s in st.layers[e].state)
        if not possible:
            warn(Issue("unused_supply", f"no {e} hazard can ever appear in this level", *xy(p.cell)))
    targets = set()
    for i in g.floor_cells:
        if st.surface["fuel"][i] > 0 or st.surface["heat"][i] > 0:
            targets.add(i)
    targets |= {lk.access for lk in st.leaks if lk.carrier == "fuel" and not lk.repaired}
    targets |= {p.cell for p in st.props_of("reactor")}
    for p in st.props_of("valve"):
        near = set(p.outlets)
        for o in p.outlets:
            near |= {v for _, v in g.neighbors[o]}
        if not near & targets:
            warn(
                Issue(
                    "valve_no_target", "sprinkler valve outlets reach no fuel, heat or reactor", *xy(p.cell)
                )
            )
    supplies = {p.item for p in st.props_of("supply") if not p.depleted and p.cell in walk}
    outlets = {o for p in st.props_of("valve") for o in p.outlets}
    for i in g.floor_cells:
        for q in QUANTITIES:
            if st.surface[q][i] < b.thresholds[q].caution:
                continue
            if st.inventory[ITEM_FOR[q]] > 0 or q in supplies:
                continue
            x, y = xy(i)
            if q in ("fuel", "heat") and any(abs(x - xy(o)[0]) + abs(y - xy(o)[1]) <= 2 for o in outlets):
                continue
            warn(
                Issue("hazard_no_remedy", f"{q} hazard with no remedy supply, item or sprinkler nearby", x, y)
            )
