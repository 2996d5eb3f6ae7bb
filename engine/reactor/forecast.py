"""Forecasts: deterministic simulation of copied state over the configured pulse horizon.

Each forecast pulse is a pulse with no player mutation. Warnings report the first pulse offset at
which they become true ("Pulse +N"). Forecasting never mutates the real state.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass

import engine.reactor.network as network
from engine.reactor.balance import CARRIERS, QUANTITIES
from engine.reactor.f32 import BAND_NAMES, band
from engine.reactor.pulse import RuntimeInvalid, run_pulse
from engine.reactor.state import LEAKING, ForecastWarning, ReactorState

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
    floor = st.grid.floor_cells
    for q in QUANTITIES:
        arr = st.surface[q]
        cc = t[q]
        caution = cc.caution
        for i in [i for i in floor if arr[i] >= caution]:
            out[(i, q)] = band(arr[i], caution, cc.critical)
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


def pressure_drop_warnings(st: ReactorState) -> list[ForecastWarning]:
    """What each usable sprinkler valve would starve if activated now (coolant consumers, reactor feed)."""
    out: list[ForecastWarning] = []
    valves = [p for p in st.props_of("valve") if network.valve_has_coolant(st, p.cell)]
    if not valves:
        return out
    base = st.clone()
    for p in base.props_of("valve"):
        p.discharging = False
    network.propagate(base, carriers=("coolant",))
    network.resolve_consumers(base, in_pulse=True)
    for v in valves:
        sim = base.clone()
        sim.props[v.cell].discharging = True
        network.propagate(sim, carriers=("coolant",))
        network.resolve_consumers(sim, in_pulse=True)
        for cell, s in sorted(sim.services.items()):
            if (
                s.get("coolant") == network.STARVED
                and base.services.get(cell, {}).get("coolant") != network.STARVED
            ):
                out.append(
                    ForecastWarning(
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
                    ForecastWarning(
                        "coolant_pressure_drop",
                        1,
                        r.cell,
                        f"valve {_xy(st, v.cell)}",
                        f"valve {_xy(st, v.cell)} would starve the reactor feed at {_xy(st, r.cell)}",
                    )
                )
    return out


@dataclass(frozen=True)
class Trace:
    """Robot-independent forecast simulation: warnings, environmental loss, per-pulse surfaces."""

    horizon: int
    warnings: tuple[ForecastWarning, ...]
    env_loss: tuple[int, str] | None  # (pulse, reason) of a reactor-heat / system-failure loss
    surfaces: tuple[dict[str, array], ...]  # surface arrays after each simulated pulse


def compute_trace(st: ReactorState, horizon: int | None = None) -> Trace:
    """Simulate copied state for ``horizon`` pulses without robot safety (robot-independent)."""
    h = st.balance.forecast_horizon if horizon is None else horizon
    out: list[ForecastWarning] = []
    seen_bands = _bands(st)
    wet0 = _wet_electric(st)
    leaking0 = _leaking(st)
    seen: set[tuple[str, int | None, str]] = set()
    surfaces: list[dict[str, array]] = []
    env_loss: tuple[int, str] | None = None

    def add(w: ForecastWarning) -> None:
        key = (w.kind, w.cell, w.subject)
        if key not in seen:
            seen.add(key)
            out.append(w)

    sim = st.clone()
    for k in range(1, h + 1):
        try:
            # no player mutation: from the second forecast pulse on, props are unchanged and no valve
            # discharges, so network flow and consumer states equal the previous pulse's
            run_pulse(sim, robot_safety=False, same_flow=k > 1)
        except RuntimeInvalid:
            break
        surfaces.append(sim.surface)
        if sim.outcome is not None:
            env_loss = (k, sim.outcome.reason)
            break
        for r in sim.ready:
            add(ForecastWarning("reactor_ready", k, r, "ready", f"REACTOR READY at {_xy(sim, r)}"))
        for cell, s in sorted(sim.services.items()):
            for c, v in s.items():
                if v == network.STARVED and sim.required[c] > 0:
                    add(
                        ForecastWarning(
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
                    ForecastWarning(
                        "growing_hazard",
                        k,
                        cell,
                        f"{q} {BAND_NAMES[bnd]}",
                        f"{q} reaches {BAND_NAMES[bnd]} at {_xy(sim, cell)}",
                    )
                )
        for cell in sorted(_wet_electric(sim) - wet0):
            add(
                ForecastWarning(
                    "wet_electricity",
                    k,
                    cell,
                    "electricity",
                    f"electricity spreads into wet cell {_xy(sim, cell)}",
                )
            )
        for c, cell in sorted(_leaking(sim) - leaking0):
            add(
                ForecastWarning(
                    "structural_leak", k, cell, c, f"{c} cell at {_xy(sim, cell)} expected to leak"
                )
            )
        sim.surface = {q: array("f", a) for q, a in sim.surface.items()}  # keep the recorded arrays intact
    out.extend(pressure_drop_warnings(st))
    return Trace(h, tuple(out), env_loss, tuple(surfaces))


def forecasts_from_trace(st: ReactorState, trace: Trace) -> tuple[ForecastWarning, ...]:
    """Combine a trace with the robot's position and heat immunity (robot hazard loss)."""
    robot_loss = None
    for k, surf in enumerate(trace.surfaces, start=1):
        if trace.env_loss is not None and k >= trace.env_loss[0]:
            break
        immune = st.heat_immunity - (k - 1) > 0
        for q in QUANTITIES:
            limit = st.balance.robot_unsafe[q]
            if limit is None or (q == "heat" and immune):
                continue
            if surf[q][st.robot] >= limit:
                robot_loss = k
                break
        if robot_loss is not None:
            break
    out: list[ForecastWarning] = []
    cutoff = None
    if robot_loss is not None:
        cutoff = robot_loss
        out.append(
            ForecastWarning("terminal_loss", robot_loss, st.robot, "robot_hazard", "loss by robot hazard")
        )
    elif trace.env_loss is not None:
        cutoff, reason = trace.env_loss
        out.append(
            ForecastWarning("terminal_loss", cutoff, None, reason, f"loss by {reason.replace('_', ' ')}")
        )
    out.extend(
        w for w in trace.warnings if cutoff is None or w.pulse < cutoff or w.kind == "coolant_pressure_drop"
    )
    out.sort(key=lambda w: (w.pulse, KINDS.index(w.kind), -1 if w.cell is None else w.cell, w.subject))
    return tuple(out)


def compute_forecasts(st: ReactorState, horizon: int | None = None) -> tuple[ForecastWarning, ...]:
    """All warnings the simulation can prove within ``horizon`` pulses (default: balance horizon)."""
    if st.outcome is not None:
        return ()
    return forecasts_from_trace(st, compute_trace(st, horizon))


def refresh_forecasts(st: ReactorState) -> None:
    """Pulse stage 10 (and after robot moves): store fresh forecasts on ``st``.

    The robot-independent trace is cached on the state until the next pulse, so a quick move only
    re-checks the robot's own cell against the recorded hazards.
    """
    if st.outcome is not None:
        st.forecasts = ()
        return
    trace = st.trace
    if not isinstance(trace, Trace) or trace.horizon != st.balance.forecast_horizon:
        trace = compute_trace(st)
        st.trace = trace
    st.forecasts = forecasts_from_trace(st, trace)
