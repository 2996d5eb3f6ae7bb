"""Underground systems: network flow per carrier, junction inference, sprinkler pressure drop,
consumer service states, reactor feed/readiness, and structural integrity with automatic leaks."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from engine.reactor.balance import CARRIERS
from engine.reactor.f32 import f32, zeros
from engine.reactor.state import ABSENT, DIRS, INTACT, LEAKING, Leak, ReactorState

SUPPLIED, STARVED, PRODUCING = "supplied", "starved", "producing"


@dataclass(frozen=True)
class JunctionInfo:
    """Inferred topology of one junction: incoming direction (or None) and outgoing directions."""

    cell: int
    carrier: str | None
    branches: tuple[int, ...]  # directions (N E S W indices) with a present same-carrier neighbour
    incoming: int | None
    outgoing: tuple[int, ...]
    problem: str = ""  # "" when valid; otherwise why the junction is invalid/ambiguous
    code: str = ""


def component(st: ReactorState, carrier: str, start: int, barrier: int) -> set[int]:
    """Cells of ``carrier`` connected to ``start`` without passing through ``barrier``."""
    lay = st.layers[carrier].state
    nbrs = st.grid.neighbors
    seen = {start}
    todo = [start]
    while todo:
        u = todo.pop()
        for _, v in nbrs[u]:
            if v != barrier and v not in seen and lay[v] != ABSENT:
                seen.add(v)
                todo.append(v)
    return seen


def infer_junction(st: ReactorState, cell: int, only_enabled: bool = True) -> JunctionInfo:
    """Infer a junction's incoming/outgoing branches from topology and (enabled) source paths."""
    present = st.carriers_at(cell)
    if len(present) != 1:
        return JunctionInfo(
            cell,
            None,
            (),
            None,
            (),
            f"junction needs exactly one underground carrier, found {len(present)}",
            "junction_carriers",
        )
    carrier = present[0]
    lay = st.layers[carrier].state
    branches = tuple(d for d, v in st.grid.neighbors[cell] if lay[v] != ABSENT)
    sources = {
        p.cell
        for p in st.props_of("flow")
        if p.carrier == carrier and (p.enabled or not only_enabled) and lay[p.cell] != ABSENT
    }
    comps = {d: component(st, carrier, v, cell) for d, v in st.grid.neighbors[cell] if lay[v] != ABSENT}
    nb_cells = {d: v for d, v in st.grid.neighbors[cell]}
    for d, comp in comps.items():
        for d2 in comps:
            if d2 != d and nb_cells[d2] in comp:
                return JunctionInfo(
                    cell,
                    carrier,
                    branches,
                    None,
                    (),
                    f"network loop through the junction ({DIRS[d][0]} and {DIRS[d2][0]} branches reconnect)",
                    "junction_loop",
                )
    fed = [d for d, comp in comps.items() if comp & sources]
    if len(branches) not in (3, 4):
        return JunctionInfo(
            cell,
            carrier,
            branches,
            None,
            (),
            f"junction has {len(branches)} branches; needs one incoming and two or three outgoing",
            "junction_ambiguous",
        )
    if len(fed) > 1:
        names = "/".join(DIRS[d][0] for d in fed)
        return JunctionInfo(
            cell,
            carrier,
            branches,
            None,
            (),
            f"equal-source ambiguity: sources reach the junction from {names}",
            "junction_ambiguous",
        )
    incoming = fed[0] if fed else None
    outgoing = tuple(d for d in branches if d != incoming) if incoming is not None else ()
    return JunctionInfo(cell, carrier, branches, incoming, outgoing)


def junctions(st: ReactorState, only_enabled: bool = True) -> dict[int, JunctionInfo]:
    """Inferred info of every junction prop, by cell."""
    return {p.cell: infer_junction(st, p.cell, only_enabled) for p in st.props_of("junction")}


def runtime_problem(st: ReactorState, jinfo: dict[int, JunctionInfo] | None = None) -> str:
    """Pulse step 2: why the runtime state is invalid (ambiguous junction flow), or ""."""
    for info in (junctions(st) if jinfo is None else jinfo).values():
        if info.problem:
            x, y = st.grid.xy(info.cell)
            return f"junction at ({x},{y}): {info.problem}"
    return ""


def propagate(
    st: ReactorState, jinfo: dict[int, JunctionInfo] | None = None, carriers: tuple[str, ...] = CARRIERS
) -> None:
    """Pulse step 3: recompute amount and intensity of every carrier from enabled flow props."""
    b = st.balance
    g = st.grid
    n = g.width * g.height
    if jinfo is None:
        jinfo = junctions(st)
    modes = b.junction_ratio_modes
    flows = st.props_of("flow")
    nbrs = g.neighbors
    for carrier in carriers:
        lay = st.layers[carrier]
        state = lay.state
        amt = zeros(n)  # 1. clear transient values
        inten = zeros(n)
        fa, fi = b.falloff_amount[carrier], b.falloff_intensity[carrier]
        work: deque[int] = deque()
        reached: list[int] = []
        for p in flows:  # 2. start from every enabled flow prop
            if p.carrier == carrier and p.enabled and state[p.cell] != ABSENT:
                if amt[p.cell] == 0 and inten[p.cell] == 0:
                    reached.append(p.cell)
                amt[p.cell] = max(amt[p.cell], b.source_amount[carrier])
                inten[p.cell] = max(inten[p.cell], b.source_intensity[carrier])
                work.append(p.cell)
        while work:  # 3./4. walk present cells; absent cells stop the walk
            u = work.popleft()
            a_u, i_u = amt[u], inten[u]
            j = jinfo.get(u)
            weights: dict[int, float] | None = None
            if j is not None and j.carrier == carrier:
                if j.incoming is None or j.problem:
                    continue
                mode = modes[st.props[u].ratio_mode % len(modes)]
                weights = {d: mode[k] for k, d in enumerate(j.outgoing)}
                total = f32(sum(weights.values()))
            for d, v in nbrs[u]:
                if state[v] == ABSENT:
                    continue
                if weights is not None:  # 6. junction ratio weights on outgoing branches only
                    w = weights.get(d, 0.0)
                    if w <= 0 or total <= 0:
                        continue
                    a_b = f32(f32(a_u * w) / total)
                    i_b = f32(f32(i_u * w) / total)
                else:
                    a_b, i_b = a_u, i_u
                na = f32(a_b - fa)  # 5. distance falloff
                ni = f32(i_b - fi)
                if na < 0:
                    na = 0.0
                if ni < 0:
                    ni = 0.0
                better = False
                fresh = amt[v] == 0 and inten[v] == 0
                if na > amt[v]:  # 7. best incoming amount and best incoming intensity
                    amt[v] = na
                    better = True
                if ni > inten[v]:
                    inten[v] = ni
                    better = True
                if better:
                    if fresh:
                        reached.append(v)
                    work.append(v)
        ma, mi = b.max_network_amount, b.max_network_intensity
        for i in reached:  # 8. clamp (only reached cells can be non-zero)
            if amt[i] > ma:
                amt[i] = ma
            if inten[i] > mi:
                inten[i] = mi
        lay.amount = amt
        lay.intensity = inten
    apply_pressure_drops(st)


def drop_profile(st: ReactorState, valve_cell: int) -> dict[int, float]:
    """Spatial coolant pressure drop of one discharging valve: ``drop - falloff * network distance``
    over the valve's connected coolant branch (cells where the drop is positive)."""
    b = st.balance
    lay = st.layers["coolant"].state
    if lay[valve_cell] == ABSENT:
        return {}
    out: dict[int, float] = {}
    dist = {valve_cell: 0}
    todo = deque([valve_cell])
    while todo:
        u = todo.popleft()
        drop = f32(b.sprinkler_pressure_drop - f32(b.sprinkler_pressure_drop_falloff * dist[u]))
        if drop <= 0:
            continue
        out[u] = drop
        for _, v in st.grid.neighbors[u]:
            if lay[v] != ABSENT and v not in dist:
                dist[v] = dist[u] + 1
                todo.append(v)
    return out


def valve_has_coolant(st: ReactorState, valve_cell: int) -> bool:
    """A valve can discharge only when its coolant cell carries positive amount and pressure.

    The pressure is the network's own: a drop left by a discharge in the last pulse lasted for that
    pulse only, so it is added back (a valve can be used on two pulses in a row)."""
    lay = st.layers["coolant"]
    pressure = f32(lay.intensity[valve_cell] + st.pressure_drop.get(valve_cell, 0.0))
    return lay.state[valve_cell] != ABSENT and lay.amount[valve_cell] > 0 and pressure > 0


def apply_pressure_drops(st: ReactorState) -> None:
    """Lower coolant intensity around every valve discharging this pulse (values stay >= 0)."""
    st.pressure_drop = {}
    lay = st.layers["coolant"]
    for p in st.props_of("valve"):
        if not p.discharging:
            continue
        if not valve_has_coolant(st, p.cell):
            p.discharging = False  # a dry valve releases nothing and drops nothing
            continue
        for c, drop in drop_profile(st, p.cell).items():
            lay.intensity[c] = max(0.0, f32(lay.intensity[c] - drop))
            st.pressure_drop[c] = f32(st.pressure_drop.get(c, 0.0) + drop)


def resolve_consumers(st: ReactorState, in_pulse: bool) -> None:
    """Pulse step 4: per-carrier service state of every enabled consumer.

    Supplied when amount >= ConsumerMinAmount and intensity >= ConsumerMinIntensity; inside a pulse a
    supplied carrier is Producing. Disabled consumers have no service states.
    """
    b = st.balance
    services: dict[int, dict[str, str]] = {}
    for p in st.props_of("consumer"):
        if not p.enabled:
            continue
        s: dict[str, str] = {}
        for c in st.carriers_at(p.cell):
            lay = st.layers[c]
            ok = (
                lay.amount[p.cell] >= b.consumer_min_amount
                and lay.intensity[p.cell] >= b.consumer_min_intensity
            )
            s[c] = (PRODUCING if in_pulse else SUPPLIED) if ok else STARVED
        services[p.cell] = s
    st.services = services


def consumer_display(st: ReactorState, cell: int) -> str:
    """One-word consumer state: disabled, unknown (no layer), starved, producing or supplied."""
    p = st.props[cell]
    if not p.enabled:
        return "disabled"
    s = st.services.get(cell, {})
    if not st.carriers_at(cell):
        return "unknown"
    if not s:
        return "unknown"
    if STARVED in s.values():
        return STARVED
    if all(v == PRODUCING for v in s.values()):
        return PRODUCING
    return SUPPLIED


def producing_counts(st: ReactorState) -> dict[str, int]:
    """Number of enabled consumers Producing each carrier."""
    counts = dict.fromkeys(CARRIERS, 0)
    for cell, s in st.services.items():
        if st.props[cell].enabled:
            for c, v in s.items():
                if v == PRODUCING:
                    counts[c] += 1
    return counts


def reactor_fed(st: ReactorState, cell: int) -> bool:
    """Local reactor feed: every present layer beneath has positive amount and intensity."""
    for c in st.carriers_at(cell):
        lay = st.layers[c]
        if not (lay.amount[cell] > 0 and lay.intensity[cell] > 0):
            return False
    return True


def reactor_ready(st: ReactorState, cell: int) -> bool:
    """Readiness of the reactor at ``cell`` (feed, producing counts, heat below terminal)."""
    if st.props[cell].activated:
        return False
    if not reactor_fed(st, cell):
        return False
    counts = producing_counts(st)
    if any(counts[c] < st.required[c] for c in CARRIERS):
        return False
    return st.surface["heat"][cell] < st.balance.reactor_heat_terminal


def resolve_integrity(st: ReactorState) -> list[str]:
    """Pulse step 5: weaken damaged high-intensity cells and create leaks; returns event texts."""
    b = st.balance
    g = st.grid
    mx = b.max_structural_integrity
    thr = b.structural_integrity_high_intensity_threshold
    scale = b.structural_integrity_damage_scale
    leak_thr = b.structural_integrity_leak_threshold
    events: list[str] = []
    for carrier in CARRIERS:
        lay = st.layers[carrier]
        for i in st.present[carrier]:
            s = lay.state[i]
            if s != INTACT:
                continue  # absent cells have no integrity; existing leaks keep theirs until repaired
            integ = lay.integrity[i]
            inten = lay.intensity[i]
            if integ < mx and inten > thr:  # rules 1 and 2
                integ = f32(integ - f32(f32(inten - thr) * scale))
            integ = min(max(integ, 0.0), mx)  # rule 3
            lay.integrity[i] = integ
            if integ <= leak_thr and inten > 0:  # rule 4
                access = auto_leak_access(st, carrier, i)
                if access is None:
                    continue  # remains damaged; no reachable leak state
                lay.state[i] = LEAKING
                existing = st.leak_at(carrier, i)
                if existing is not None:
                    existing.repaired = False
                    existing.access = access
                else:
                    st.leaks.append(Leak(carrier, i, access))
                x, y = g.xy(i)
                events.append(f"{carrier} leak at ({x},{y})")
    return events


def auto_leak_access(st: ReactorState, carrier: str, cell: int) -> int | None:
    """Floor access for an automatic leak: the cell itself for fuel/coolant (floor only); for
    electricity (wall cells only) the first floor neighbour in N, E, S, W order."""
    g = st.grid
    if carrier != "electricity":
        return None if g.walls[cell] else cell
    if not g.walls[cell]:
        return None
    for _, v in g.neighbors[cell]:
        if not g.walls[v]:
            return v
    return None
