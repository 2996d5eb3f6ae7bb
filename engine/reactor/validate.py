"""Level validation: errors (block run/save) and warnings (visible, non-blocking), each with a stable
code, the cell it concerns, and the fact it states as a key of ``MESSAGES`` with its parameters
(``Issue.detail``, ``Issue.params``), so a page words it in the player's language without reading
the English ``message``."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import engine.reactor.network as network
from engine.reactor.balance import CARRIERS, QUANTITIES, Balance
from engine.reactor.pulse import settle
from engine.reactor.schema import LevelM
from engine.reactor.state import ABSENT, DIRS, ITEM_FOR, Grid, ReactorState, state_from_level
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


MESSAGES: dict[str, str] = {
    # errors (their code: ``ERROR_CODES``)
    "terrain_rows": "terrain has {rows} rows, height is {height}",
    "terrain_row_cells": "terrain row {row} has {cells} cells, width is {width}",
    "layer_cell_outside": "{carrier} cell outside the {width}x{height} grid",
    "layer_cell_twice": "{carrier} cell listed twice",
    "integrity_above_max": "{carrier} integrity {integrity} above max",
    "robot_outside": "robot is out of bounds",
    "robot_on_wall": "robot is not on a floor cell",
    "surface_outside": "surface cell outside the grid",
    "surface_twice": "surface cell listed twice",
    "wall_hazard": "wall cell with surface hazards",
    "prop_outside": "{kind} prop out of bounds",
    "prop_on_wall": "{kind} prop on a wall cell",
    "props_stacked": "more than one prop on this cell",
    "no_reactor": "level has no reactor control prop",
    "eye_access": "all-seeing-eye access cannot be stored in level data; the robot gains it by visiting a terminal",
    "door_walls": "door needs exactly one opposing wall pair (N+S or W+E)",
    "required_counts": "{required} {carrier} consumers required but only {available} "
    "consumer props sit on the {carrier} network",
    "leak_outside": "{carrier} leak or its access is out of bounds",
    "leaks_stacked": "two {carrier} leaks on one cell",
    "leak_no_network": "{carrier} leak on a cell without a {carrier} network",
    "electricity_leak_floor": "electricity leaks occur in wall cells",
    "electricity_leak_face": "electricity leak face must be an adjacent floor cell",
    "leak_under_wall": "{carrier} leaks occur under floor cells",
    "leak_access_cell": "{carrier} leak access must be its own floor cell",
    "leak_state": "{carrier} cell state does not match the leak's repair state",
    "leak_unrecorded": "leaking {carrier} cell without a leak record",
    "valve_outlet_wall": "valve outlet ({ox}, {oy}) is not a floor cell",
    "valve_outlet_outside": "valve outlet ({ox},{oy}) is out of bounds",
    "valve_network": "sprinkler valve is not connected to a coolant network cell",
    "ratio_mode": "ratio mode {mode} does not exist",
    "flow_network": "{carrier} flow prop is not on a {carrier} network cell",
    "junction_carriers": "junction needs exactly one underground carrier, found {found}",
    "junction_loop": "network loop through the junction ({a} and {b} branches reconnect)",
    "junction_branches": "junction has {branches} branches; needs one incoming and two or three outgoing",
    "junction_sources": "equal-source ambiguity: sources reach the junction from {dirs}",
    # warnings (``WARNING_CODES``)
    "inventory_capacity": "{items} items, capacity {capacity} on {difficulty}",
    "unreachable_consumer": "consumer cannot be reached by any source or by the robot",
    "starved_required_consumer": "{carrier} consumer starts starved or disabled",
    "no_source_path": "{cells} {carrier} cell(s) here have no source path",
    "reactor_unready": "reactor is not ready with the initial network state",
    "supply_unreachable": "supply cannot be reached by the robot",
    "supply_unused": "no {item} hazard can ever appear in this level",
    "valve_no_target": "sprinkler valve outlets reach no fuel, heat or reactor",
    "hazard_no_remedy": "{quantity} hazard with no remedy supply, item or sprinkler nearby",
}
"""Each fact validation states (``Issue.detail``), in English with its parameters (``Issue.params``)."""

Param = str | int | float


@dataclass(frozen=True)
class Issue:
    """One validation error or warning; ``x``/``y`` name the cell (None for level-wide issues).

    ``code`` is the stable class of the problem (``ERROR_CODES``/``WARNING_CODES``); ``detail`` the
    exact fact (a key of ``MESSAGES``) and ``params`` its values (carrier, kind and difficulty names
    as the engine spells them, counts as numbers); ``message`` is the English wording of both."""

    code: str
    message: str
    x: int | None = None
    y: int | None = None
    detail: str = ""
    params: tuple[tuple[str, Param], ...] = ()

    @property
    def args(self) -> dict[str, Param]:
        """``params`` as a dict (for ``str.format``)."""
        return dict(self.params)

    def as_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "message": self.message,
            "x": self.x,
            "y": self.y,
            "detail": self.detail,
            "params": self.args,
        }


def issue(code: str, detail: str, x: int | None = None, y: int | None = None, **params: Param) -> Issue:
    """The ``Issue`` of ``detail`` (a ``MESSAGES`` key) with its English message."""
    return Issue(code, MESSAGES[detail].format(**params), x, y, detail, tuple(params.items()))


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
        err(issue("dimensions", "terrain_rows", rows=len(level.terrain), height=h))
        return None
    for y, row in enumerate(level.terrain):
        if len(row) != w:
            err(issue("dimensions", "terrain_row_cells", None, y, row=y, cells=len(row), width=w))
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
                err(issue("dimensions", "layer_cell_outside", uc.x, uc.y, carrier=c, width=w, height=h))
            elif (uc.x, uc.y) in seen:
                err(issue("malformed", "layer_cell_twice", uc.x, uc.y, carrier=c))
            elif uc.integrity is not None and uc.integrity > balance.max_structural_integrity:
                err(issue("malformed", "integrity_above_max", uc.x, uc.y, carrier=c, integrity=uc.integrity))
            seen.add((uc.x, uc.y))
    r = level.robot
    if not inside(r.x, r.y):
        err(issue("robot_position", "robot_outside", r.x, r.y))
    elif wall(r.x, r.y):
        err(issue("robot_position", "robot_on_wall", r.x, r.y))
    seen_s: set[tuple[int, int]] = set()
    for sc in level.surface:
        if not inside(sc.x, sc.y):
            err(issue("dimensions", "surface_outside", sc.x, sc.y))
            continue
        if (sc.x, sc.y) in seen_s:
            err(issue("malformed", "surface_twice", sc.x, sc.y))
        seen_s.add((sc.x, sc.y))
        has = any(getattr(sc, q) > 0 for q in QUANTITIES) or any(
            getattr(sc.blocks, e) > 0 for e in ("fuel", "coolant", "electricity")
        )
        if has and wall(sc.x, sc.y):
            err(issue("wall_hazard", "wall_hazard", sc.x, sc.y))
    counts = Counter((p.x, p.y) for p in level.props)
    for p in level.props:
        if not inside(p.x, p.y):
            err(issue("prop_terrain", "prop_outside", p.x, p.y, kind=p.kind))
        elif wall(p.x, p.y):
            err(issue("prop_terrain", "prop_on_wall", p.x, p.y, kind=p.kind))
        elif counts[(p.x, p.y)] > 1:
            err(issue("malformed", "props_stacked", p.x, p.y))
    if not any(p.kind == "reactor" for p in level.props):
        err(issue("malformed", "no_reactor"))
    return grid


def validate_level(level: LevelM, balance: Balance) -> Report:
    """Every error and warning of the design's Validation section for ``level``."""
    rep = Report()
    if level.dynamic is not None and level.dynamic.eye_access:
        rep.errors.append(issue("eye_access", "eye_access"))
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
            err(issue("door_cell", "door_walls", *xy(p.cell)))
    for c in CARRIERS:
        available = sum(1 for p in st.props_of("consumer") if st.layers[c].state[p.cell] != ABSENT)
        if st.required[c] > available:
            err(
                issue(
                    "required_counts",
                    "required_counts",
                    required=st.required[c],
                    carrier=c,
                    available=available,
                )
            )
    leak_keys: set[tuple[str, int]] = set()
    for lk, lm in zip(st.leaks, level.leaks, strict=True):
        ax, ay = lm.access
        where = (lm.x, lm.y)
        if not g.inside(lm.x, lm.y) or not g.inside(ax, ay):
            err(issue("leak_access", "leak_outside", *where, carrier=lk.carrier))
            continue
        if (lk.carrier, lk.cell) in leak_keys:
            err(issue("malformed", "leaks_stacked", *where, carrier=lk.carrier))
        leak_keys.add((lk.carrier, lk.cell))
        if st.layers[lk.carrier].state[lk.cell] == ABSENT:
            err(issue("leak_access", "leak_no_network", *where, carrier=lk.carrier))
            continue
        if lk.carrier == "electricity":
            if not g.walls[lk.cell]:
                err(issue("leak_access", "electricity_leak_floor", *where))
            elif lk.access not in [v for _, v in g.neighbors[lk.cell]] or g.walls[lk.access]:
                err(issue("leak_access", "electricity_leak_face", *where))
        else:
            if g.walls[lk.cell]:
                err(issue("leak_access", "leak_under_wall", *where, carrier=lk.carrier))
            elif lk.access != lk.cell:
                err(issue("leak_access", "leak_access_cell", *where, carrier=lk.carrier))
        leaking = st.layers[lk.carrier].state[lk.cell] == 2
        if leaking == lk.repaired:
            err(issue("malformed", "leak_state", *where, carrier=lk.carrier))
    for c in CARRIERS:
        for i, s in enumerate(st.layers[c].state):
            if s == 2 and (c, i) not in leak_keys:
                err(issue("malformed", "leak_unrecorded", *xy(i), carrier=c))
    for p in st.props_of("valve"):
        for o in p.outlets:
            if o >= len(g.walls) or g.walls[o]:
                ox, oy = xy(o)
                err(issue("valve_outlet", "valve_outlet_wall", *xy(p.cell), ox=ox, oy=oy))
        if st.layers["coolant"].state[p.cell] == ABSENT:
            err(issue("valve_network", "valve_network", *xy(p.cell)))
    for pm in level.props:
        if pm.kind == "valve":
            for ox, oy in pm.outlets:
                if not g.inside(ox, oy):
                    err(issue("valve_outlet", "valve_outlet_outside", pm.x, pm.y, ox=ox, oy=oy))
        if pm.kind == "junction" and pm.ratio_mode >= len(st.balance.junction_ratio_modes):
            err(issue("malformed", "ratio_mode", pm.x, pm.y, mode=pm.ratio_mode))
    for p in st.props_of("flow"):
        if st.layers[p.carrier].state[p.cell] == ABSENT:
            err(issue("malformed", "flow_network", *xy(p.cell), carrier=p.carrier))
    for p in st.props_of("junction"):
        info = network.infer_junction(st, p.cell, only_enabled=True)
        if info.problem:
            detail, params = _junction_detail(st, info)
            err(Issue(info.code, info.problem, *xy(p.cell), detail, tuple(params.items())))


def _junction_detail(st: ReactorState, info: network.JunctionInfo) -> tuple[str, dict[str, Param]]:
    """The fact and parameters of a junction problem (``network.infer_junction`` words it in English
    and names only its code; these are read off the same topology, in the same order)."""
    if info.code == "junction_carriers":
        return "junction_carriers", {"found": len(st.carriers_at(info.cell))}
    carrier = info.carrier or ""
    lay = st.layers[carrier].state
    near = [(d, v) for d, v in st.grid.neighbors[info.cell] if lay[v] != ABSENT]
    comps = {d: network.component(st, carrier, v, info.cell) for d, v in near}
    if info.code == "junction_loop":
        for d, comp in comps.items():
            for d2, v2 in near:
                if d2 != d and v2 in comp:
                    return "junction_loop", {"a": DIRS[d][0], "b": DIRS[d2][0]}
    if len(info.branches) not in (3, 4):
        return "junction_branches", {"branches": len(info.branches)}
    sources = {
        p.cell for p in st.props_of("flow") if p.carrier == carrier and p.enabled and lay[p.cell] != ABSENT
    }
    fed = [DIRS[d][0] for d, comp in comps.items() if comp & sources]
    return "junction_sources", {"dirs": "/".join(fed)}


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
        warn(
            issue("inventory_capacity", "inventory_capacity", items=n, capacity=cap, difficulty=st.difficulty)
        )
    settle(st)
    sourced = _sourced(st)
    walk = _walkable(st)
    for p in st.props_of("consumer"):
        carriers = st.carriers_at(p.cell)
        required = any(st.required[c] > 0 for c in carriers)
        if not required and (not any(p.cell in sourced[c] for c in carriers) or p.cell not in walk):
            warn(issue("unreachable_consumer", "unreachable_consumer", *xy(p.cell)))
        s = st.services.get(p.cell, {})
        for c in carriers:
            if st.required[c] > 0 and (not p.enabled or s.get(c) == network.STARVED):
                warn(issue("starved_required_consumer", "starved_required_consumer", *xy(p.cell), carrier=c))
    for c in CARRIERS:
        lay = st.layers[c].state
        done: set[int] = set()
        for i, structure in enumerate(lay):
            if structure == ABSENT or i in sourced[c] or i in done:
                continue
            comp = network.component(st, c, i, -1)
            done |= comp
            warn(issue("no_source_path", "no_source_path", *xy(i), cells=len(comp), carrier=c))
    for p in st.props_of("reactor"):
        ok = network.reactor_fed(st, p.cell)
        counts = dict.fromkeys(CARRIERS, 0)
        for s in st.services.values():
            for c, v in s.items():
                if v != network.STARVED:
                    counts[c] += 1
        if not ok or any(counts[c] < st.required[c] for c in CARRIERS):
            warn(issue("reactor_unready", "reactor_unready", *xy(p.cell)))
    present_surface = {q: any(v > 0 for v in st.surface[q]) for q in QUANTITIES}
    for p in st.props_of("supply"):
        e = p.item
        if p.cell not in walk:
            warn(issue("unused_supply", "supply_unreachable", *xy(p.cell)))
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
            warn(issue("unused_supply", "supply_unused", *xy(p.cell), item=e))
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
            warn(issue("valve_no_target", "valve_no_target", *xy(p.cell)))
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
            warn(issue("hazard_no_remedy", "hazard_no_remedy", x, y, quantity=q))
