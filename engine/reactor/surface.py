"""Surface steps: leak injection and sprinkler discharge, coolant mitigation, evaporation,
same-cell pair interactions, adjacent interactions, delta application and clamping.

Quantity indices: 0 fuel, 1 coolant (sprinkler water), 2 electricity, 3 heat.
"""

from __future__ import annotations

from engine.reactor.balance import QUANTITIES
from engine.reactor.f32 import f32
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


# Flow between two bands of the same quantity (the table's diagonal blocks are identical for every
# quantity: Safe/Caution/Critical pairs of different bands Flow, equal bands Hold).
_SAME_FLOW = tuple(
    tuple(tuple(PAIR_TABLE[q * 3 + b1][q * 3 + b2] == FLOW for b2 in range(3)) for b1 in range(3))
    for q in range(4)
)


def interact(st: ReactorState, cells: list[int], pairs: list[tuple[int, int]]) -> None:
    """Steps 4-6: same-cell pairs, then adjacent pairs, accumulating deltas applied together.

    Deltas live in single-precision arrays, so every accumulation rounds like a C# float ``+=``.
    """
    b = st.balance
    bands = _bands(st)
    surf = [st.surface[q] for q in QUANTITIES]
    fuel_a, cool_a, elec_a, heat_a = surf
    safes = [b.thresholds[q].safe for q in QUANTITIES]
    deltas = {q: {} for q in range(4)}  # type: dict[int, dict[int, float]]
    dfuel, dheat = deltas[FUEL], deltas[HEAT]
    conducting: set[int] = set()
    warm, ign_fuel, ign_heat = b.warm_amount, b.ignite_fuel, b.ignite_heat
    fs, cs, es, hs = safes
    (fc1, fc2), (cc1, cc2), (ec1, ec2), (hc1, hc2) = bands
    table = PAIR_TABLE
    # step 4: same-cell pairs (both quantities present at or above their Safe trace level)
    for i in cells:
        f, w, e, h = fuel_a[i], cool_a[i], elec_a[i], heat_a[i]
        fp, wp, ep, hp = f >= fs, w >= cs, e >= es, h >= hs
        if fp + wp + ep + hp < 2:
            continue
        bf = 2 if f >= fc2 else (1 if f >= fc1 else 0)
        be = 2 if e >= ec2 else (1 if e >= ec1 else 0)
        for present, row, col in (
            (fp and ep, bf, 6 + be),
            (fp and hp, bf, 9 + (2 if h >= hc2 else (1 if h >= hc1 else 0))),
            (wp and ep, 3 + (2 if w >= cc2 else (1 if w >= cc1 else 0)), 6 + be),
        ):
            if not present:
                continue
            v = table[row][col]
            if v == WARM:
                dheat[i] = f32(dheat.get(i, 0.0) + warm)
            elif v == IGNITE:
                burnt = ign_fuel if ign_fuel < f else f
                dfuel[i] = f32(dfuel.get(i, 0.0) - burnt)
                dheat[i] = f32(dheat.get(i, 0.0) + f32(f32(ign_heat * burnt) / ign_fuel))
            elif v == CONDUCT:
                conducting.add(i)
        # electricity x heat is Hold in every band combination
    # step 5: adjacent pairs, each unordered pair once, skipping door-blocked pairs
    blocked = blocked_pairs(st)
    blocks = (st.blocks["fuel"], st.blocks["coolant"], st.blocks["electricity"], None)
    flows = [b.flow_amount[q] for q in QUANTITIES]
    conduct_amount = f32(flows[ELEC] * b.conduct_multiplier)
    for a, c in pairs:
        if blocked and (a, c) in blocked:
            continue
        for q in range(4):
            arr = surf[q]
            va, vc = arr[a], arr[c]
            if va == vc:
                continue
            c1, c2 = bands[q]
            is_flow = _SAME_FLOW[q][2 if va >= c2 else (1 if va >= c1 else 0)][
                2 if vc >= c2 else (1 if vc >= c1 else 0)
            ]
            amount = flows[q]
            if q == ELEC and (a in conducting or c in conducting):
                if is_flow or (cool_a[a] >= cs and cool_a[c] >= cs):
                    amount = conduct_amount
                else:
                    continue
            elif not is_flow:
                continue
            if va > vc:
                src, dst, diff = a, c, f32(va - vc)
            else:
                src, dst, diff = c, a, f32(vc - va)
            blk = blocks[q]
            if blk is not None and blk[dst] > 0:
                continue  # remedy block: the element cannot re-enter the cell
            quarter = f32(diff / 4.0)
            moved = amount if amount < quarter else quarter
            d = deltas[q]
            d[src] = f32(d.get(src, 0.0) - moved)
            d[dst] = f32(d.get(dst, 0.0) + moved)
    # step 6: apply accumulated deltas in priority order fuel, coolant, electricity, heat
    for q in range(4):
        arr = surf[q]
        for i, dv in sorted(deltas[q].items()):
            arr[i] = arr[i] + dv


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


def active_cells(st: ReactorState) -> list[int]:
    """Floor cells holding any surface quantity (full scan)."""
    f, w, e, h = (st.surface[q] for q in QUANTITIES)
    return [i for i in st.grid.floor_cells if f[i] or w[i] or e[i] or h[i]]


def _targets(st: ReactorState) -> set[int]:
    out = {lk.access for lk in st.leaks if not lk.repaired}
    for p in st.props_of("valve"):
        if p.discharging:
            out.update(p.outlets)
    return out


def run_step(st: ReactorState, active: list[int] | None = None) -> list[int]:
    """One deterministic step (the seven sub-steps in order); returns the cells active afterwards.

    ``active`` must include every floor cell with a non-zero quantity (a superset is fine);
    without it the grid is scanned.
    """
    inject(st)
    g = st.grid
    f, w, e, h = (st.surface[q] for q in QUANTITIES)
    if active is None:
        active = active_cells(st)
    else:
        cand = set(active) | _targets(st)
        active = sorted(i for i in cand if not g.walls[i] and (f[i] or w[i] or e[i] or h[i]))
    mitigate(st, active)
    evaporate(st, active)
    pair_set: set[tuple[int, int]] = set()
    cp = g.cell_pairs
    for i in active:
        pair_set.update(cp[i])
    pairs = sorted(pair_set)
    interact(st, active, pairs)
    touched = set(active)
    for a, c in pairs:
        touched.add(a)
        touched.add(c)
    cells = sorted(touched)
    clamp(st, cells)
    return [i for i in cells if f[i] or w[i] or e[i] or h[i]]
