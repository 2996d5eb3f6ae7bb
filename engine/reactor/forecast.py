"""Forecasts: deterministic simulation of copied state over the configured pulse horizon.

Each forecast pulse is a pulse with no player mutation. Warnings report the first pulse offset at
which they become true ("Pulse +N"). Forecasting never mutates the real state.
"""

from __future__ import annotations

from engine.reactor import network
from engine.reactor.balance import CARRIERS, QUANTITIES
from engine.reactor.f32 import BAND_NAMES, band
from engine.reactor.pulse import RuntimeInvalid, run_pulse
from engine.reactor.state import LEAKING, ReactorState, Warning

KINDS = (
    "terminal_loss",
    "reactor_ready",
    "starved_required_consumer",
    "growing_hazard",
    "wet_electricity",
    "coolant_pressure_drop",
    "structural_leak",
)


def _bands(st: ReactorState) -> dict[tuple[int, str], int]:
    t = st.balance.thresholds
    out = {}
    for q in QUANTITIES:
        arr = st.surface[q]
        cc = t[q]
        for i in st.grid.floor_cells:
            v = arr[i]
            if v >= cc.caution:
                out[(i, q)] = band(v, cc.caution, cc.critical)
    return out


def _wet_electric(st: ReactorState) -> set[int]:
    t = st.balance.thresholds
    w, e = st.surface["coolant"], st.surface["electricity"]
    ws, es = t["coolant"].safe, t["electricity"].safe
    return {i for i in st.grid.floor_cells if w[i] >= ws and e[i] >= es}


def _leaking(st: ReactorState) -> set[tuple[str, int]]:
    return {(c, i) for c in CARRIERS for i, s in enumerate(st.layers[c].state) if s == LEAKING}


def _xy(st: ReactorState, cell: int) -> str:
    x, y = st.grid.xy(cell)
    return f"({x},{y})"


def pressure_drop_warnings(st: ReactorState) -> list[Warning]:
    """What each usable sprinkler valve would starve if activated now (coolant consumers, reactor feed)."""
    out: list[Warning] = []
    valves = [p for p in st.props_of("valve") if network.valve_has_coolant(st, p.cell)]
    if not valves:
        return out
    base = st.clone()
    network.propagate(base)
    network.resolve_consumers(base, in_pulse=True)
    for v in valves:
        sim = base.clone()
        sim.props[v.cell].discharging = True
        network.propagate(sim)
        network.resolve_consumers(sim, in_pulse=True)
        for cell, s in sorted(sim.services.items()):
            if (
                s.get("coolant") == network.STARVED
                and base.services.get(cell, {}).get("coolant") != network.STARVED
            ):
                out.append(
                    Warning(
                        "coolant_pressure_drop",
                        1,
                        cell,
                        f"valve {_xy(st, v.cell)}",
                        f"valve {_xy(st, v.cell)} would starve the coolant consumer at {_xy(st, cell)}",
                    )
                )
        for r in sim.props_of("reactor"):
            if network.reactor_fed(base, r.cell) and not network.reactor_fed(sim, r.cell):
                out.append(
                    Warning(
                        "coolant_pressure_drop",
                        1,
                        r.cell,
                        f"valve {_xy(st, v.cell)}",
                        f"valve {_xy(st, v.cell)} would starve the reactor feed at {_xy(st, r.cell)}",
                    )
                )
    return out


def compute_forecasts(st: ReactorState, horizon: int | None = None) -> tuple[Warning, ...]:
    """All warnings the simulation can prove within ``horizon`` pulses (default: balance horizon)."""
    if st.outcome is not None:
        return ()
    h = st.balance.forecast_horizon if horizon is None else horizon
    out: list[Warning] = []
    seen_bands = _bands(st)
    wet0 = _wet_electric(st)
    leaking0 = _leaking(st)
    seen: set[tuple[str, int | None, str]] = set()

    def add(w: Warning) -> None:
        key = (w.kind, w.cell, w.subject)
        if key not in seen:
            seen.add(key)
            out.append(w)

    sim = st.clone()
    for k in range(1, h + 1):
        try:
            run_pulse(sim)
        except RuntimeInvalid:
            break
        if sim.outcome is not None:
            add(
                Warning(
                    "terminal_loss",
                    k,
                    sim.robot if sim.outcome.reason == "robot_hazard" else None,
                    sim.outcome.reason,
                    f"loss by {sim.outcome.reason.replace('_', ' ')}",
                )
            )
            break
        for r in sim.ready:
            add(Warning("reactor_ready", k, r, "ready", f"REACTOR READY at {_xy(sim, r)}"))
        for cell, s in sorted(sim.services.items()):
            for c, v in s.items():
                if v == network.STARVED and sim.required[c] > 0:
                    add(
                        Warning(
                            "starved_required_consumer",
                            k,
                            cell,
                            c,
                            f"{c} consumer at {_xy(sim, cell)} starved",
                        )
                    )
        for key, bnd in sorted(_bands(sim).items()):
            if bnd > seen_bands.get(key, 0):
                seen_bands[key] = bnd
                cell, q = key
                add(
                    Warning(
                        "growing_hazard",
                        k,
                        cell,
                        f"{q} {BAND_NAMES[bnd]}",
                        f"{q} reaches {BAND_NAMES[bnd]} at {_xy(sim, cell)}",
                    )
                )
        for cell in sorted(_wet_electric(sim) - wet0):
            add(
                Warning(
                    "wet_electricity",
                    k,
                    cell,
                    "electricity",
                    f"electricity spreads into wet cell {_xy(sim, cell)}",
                )
            )
        for c, cell in sorted(_leaking(sim) - leaking0):
            add(Warning("structural_leak", k, cell, c, f"{c} cell at {_xy(sim, cell)} expected to leak"))
    out.extend(pressure_drop_warnings(st))
    out.sort(key=lambda w: (w.pulse, KINDS.index(w.kind), -1 if w.cell is None else w.cell, w.subject))
    return tuple(out)


def refresh_forecasts(st: ReactorState) -> None:
    """Pulse stage 10: store fresh forecasts on ``st``."""
    st.forecasts = compute_forecasts(st)
