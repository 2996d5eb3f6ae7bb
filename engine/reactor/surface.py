"""Surface steps: leak injection and sprinkler discharge, coolant mitigation, evaporation,
same-cell pair interactions, adjacent interactions, delta application and clamping.

Quantity indices: 0 fuel, 1 coolant (sprinkler water), 2 electricity, 3 heat.
"""

from __future__ import annotations

from engine.reactor.balance import QUANTITIES
from engine.reactor.f32 import f32, zeros
from engine.reactor.state import LEAKING, ReactorState
from engine.reactor.table import CONDUCT, DILUTE, FLOW, IGNITE, PAIR_TABLE, QUENCH, WARM

FUEL, COOL, ELEC, HEAT = 0, 1, 2, 3
# Same-cell pairs evaluated in step 4 (fuel x coolant and coolant x heat are coolant mitigation, step 2).
SAME_CELL_PAIRS = ((FUEL, ELEC), (FUEL, HEAT), (COOL, ELEC), (ELEC, HEAT))


def blocked_pairs(st: ReactorState) -> set[tuple[int, int]]:
    """Adjacent (a, b) cell pairs (a < b) gated by closed doors along their inferred corridor axis."""
    g = st.grid
    out: set[tuple[int, int]] = set()
    for p in st.props_of("door"):
        if p.open:
            continue
        axis = door_axis(st, p.cell)
        if axis is None:
            continue
        dirs = (1, 3) if axis == "EW" else (0, 2)  # E/W neighbours or N/S neighbours
        for d in dirs:
            nb = g.step(p.cell, d)
            if nb is not None:
                out.add((min(nb, p.cell), max(nb, p.cell)))
    return out


def door_axis(st: ReactorState, cell: int) -> str | None:
    """ "EW" when walls are north and south, "NS" when walls are west and east, None otherwise."""
    g = st.grid
    x, y = g.xy(cell)

    def wall(dx: int, dy: int) -> bool:
        nx, ny = x + dx, y + dy
        return g.inside(nx, ny) and g.walls[g.cell(nx, ny)]

    ns = wall(0, -1) and wall(0, 1)
    we = wall(-1, 0) and wall(1, 0)
    if ns and not we:
        return "EW"
    if we and not ns:
        return "NS"
    return None


def inject(st: ReactorState) -> None:
    """Step 1: leaks and discharging valves add their per-pulse magnitude / PulseSteps to floor cells;
    an active matching remedy block stops that element entering the cell."""
    b = st.balance
    steps = float(b.pulse_steps)
    surf = st.surface
    for lk in st.leaks:
        if lk.repaired or st.layers[lk.carrier].state[lk.cell] != LEAKING:
            continue
        if st.grid.walls[lk.access]:
            continue
        if st.blocks[lk.carrier][lk.access] > 0:
            continue
        amount = st.layers[lk.carrier].amount[lk.cell]
        per_step = f32(f32(amount * b.leak_injection_scale[lk.carrier]) / steps)
        arr = surf[lk.carrier]
        arr[lk.access] = f32(arr[lk.access] + per_step)
    water = f32(b.sprinkler_water_per_outlet / steps)
    for p in st.props_of("valve"):
        if not p.discharging:
            continue
        for o in p.outlets:
            if st.grid.walls[o] or st.blocks["coolant"][o] > 0:
                continue
            surf["coolant"][o] = f32(surf["coolant"][o] + water)


def _bands(st: ReactorState) -> tuple[tuple[float, float], ...]:
    t = st.balance.thresholds
    return tuple((t[q].caution, t[q].critical) for q in QUANTITIES)


def _band(v: float, cc: tuple[float, float]) -> int:
    return 2 if v >= cc[1] else (1 if v >= cc[0] else 0)


def mitigate(st: ReactorState, cells: list[int]) -> None:
    """Step 2: coolant first — Dilute fuel and Quench heat on wet cells (before ignition)."""
    b = st.balance
    bands = _bands(st)
    safe = b.thresholds["coolant"].safe
    fuel, cool, heat = st.surface["fuel"], st.surface["coolant"], st.surface["heat"]
    fsafe, hsafe = b.thresholds["fuel"].safe, b.thresholds["heat"].safe
    for i in cells:
        w = cool[i]
        if w < safe:
            continue
        bc = _band(w, bands[COOL])
        f = fuel[i]
        if f >= fsafe and PAIR_TABLE[FUEL * 3 + _band(f, bands[FUEL])][COOL * 3 + bc] == DILUTE:
            fuel[i] = max(0.0, f32(f - b.dilute_amount))
        h = heat[i]
        if h >= hsafe and PAIR_TABLE[COOL * 3 + bc][HEAT * 3 + _band(h, bands[HEAT])] == QUENCH:
            heat[i] = max(0.0, f32(h - b.quench_amount))


def evaporate(st: ReactorState, cells: list[int]) -> None:
    """Step 3: evaporation = Ambient + heat * HeatScale, capped by the water; cools by evap * CoolingScale."""
    b = st.balance
    cool, heat = st.surface["coolant"], st.surface["heat"]
    for i in cells:
        w = cool[i]
        if w <= 0:
            continue
        h = heat[i]
        evap = f32(b.ambient_evaporation_per_step + f32(h * b.heat_evaporation_scale))
        if evap > w:
            evap = w
        cool[i] = f32(w - evap)
        heat[i] = max(0.0, f32(h - f32(evap * b.evaporation_cooling_scale)))


def interact(st: ReactorState, cells: list[int], pairs: list[tuple[int, int]]) -> None:
    """Steps 4-6: same-cell pairs, then adjacent pairs, accumulating deltas applied together."""
    b = st.balance
    bands = _bands(st)
    surf = [st.surface[q] for q in QUANTITIES]
    safes = [b.thresholds[q].safe for q in QUANTITIES]
    n = len(surf[0])
    deltas = [zeros(n) for _ in QUANTITIES]
    conducting: set[int] = set()
    # step 4: same-cell pairs (both quantities present at or above their Safe trace level)
    for i in cells:
        vals = [surf[q][i] for q in range(4)]
        bs = [_band(vals[q], bands[q]) for q in range(4)]
        for q1, q2 in SAME_CELL_PAIRS:
            if vals[q1] < safes[q1] or vals[q2] < safes[q2]:
                continue
            v = PAIR_TABLE[q1 * 3 + bs[q1]][q2 * 3 + bs[q2]]
            if v == WARM:
                deltas[HEAT][i] = f32(deltas[HEAT][i] + b.warm_amount)
            elif v == IGNITE:
                burnt = min(b.ignite_fuel, vals[FUEL])
                deltas[FUEL][i] = f32(deltas[FUEL][i] - burnt)
                added = f32(f32(b.ignite_heat * burnt) / b.ignite_fuel)
                deltas[HEAT][i] = f32(deltas[HEAT][i] + added)
            elif v == CONDUCT:
                conducting.add(i)
    # step 5: adjacent pairs, each unordered pair once, skipping door-blocked pairs
    blocked = blocked_pairs(st)
    blocks = [st.blocks["fuel"], st.blocks["coolant"], st.blocks["electricity"], None]
    flow = [b.flow_amount[q] for q in QUANTITIES]
    mult = b.conduct_multiplier
    wet_safe = safes[COOL]
    for a, c in pairs:
        if (a, c) in blocked:
            continue
        for q in range(4):
            arr = surf[q]
            va, vc = arr[a], arr[c]
            if va == vc:
                continue
            v = PAIR_TABLE[q * 3 + _band(va, bands[q])][q * 3 + _band(vc, bands[q])]
            amount = flow[q]
            if q == ELEC:
                wet_link = surf[COOL][a] >= wet_safe and surf[COOL][c] >= wet_safe
                if (a in conducting or c in conducting) and (v == FLOW or wet_link):
                    amount = f32(amount * mult)
                elif v != FLOW:
                    continue
            elif v != FLOW:
                continue
            src, dst = (a, c) if va > vc else (c, a)
            blk = blocks[q]
            if blk is not None and blk[dst] > 0:
                continue  # remedy block: the element cannot re-enter the cell
            diff = f32(arr[src] - arr[dst])
            moved = min(amount, f32(diff / 4.0))
            deltas[q][src] = f32(deltas[q][src] - moved)
            deltas[q][dst] = f32(deltas[q][dst] + moved)
    # step 6: apply accumulated deltas in priority order fuel, coolant, electricity, heat
    touched = set(cells)
    for a, c in pairs:
        touched.add(a)
        touched.add(c)
    for q in range(4):
        arr, d = surf[q], deltas[q]
        for i in touched:
            if d[i]:
                arr[i] = f32(arr[i] + d[i])


def clamp(st: ReactorState, cells: list[int]) -> None:
    """Step 7: clamp every surface quantity to [0, SurfaceMax]."""
    for q in QUANTITIES:
        arr = st.surface[q]
        mx = st.balance.surface_max[q]
        for i in cells:
            v = arr[i]
            if v < 0:
                arr[i] = 0.0
            elif v > mx:
                arr[i] = mx


def run_step(st: ReactorState) -> None:
    """One deterministic step (the seven sub-steps in order)."""
    inject(st)
    g = st.grid
    f, w, e, h = (st.surface[q] for q in QUANTITIES)
    active = [i for i in g.floor_cells if f[i] or w[i] or e[i] or h[i]]
    act = set(active)
    mitigate(st, active)
    evaporate(st, active)
    pairs = [(a, c) for a, c in g.floor_pairs if a in act or c in act]
    interact(st, active, pairs)
    touched = sorted(act.union(*pairs)) if pairs else active
    clamp(st, touched)
