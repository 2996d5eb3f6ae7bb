"""The pulse: the ten ordered stages after an accepted lengthy action, robot safety, readiness,
duration advancement and the derived level state."""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import TYPE_CHECKING

import engine.reactor.network as network
import engine.reactor.surface as surface
from engine.reactor.balance import CARRIERS, QUANTITIES
from engine.reactor.state import ELEMENTS, Outcome, ReactorState

if TYPE_CHECKING:
    from engine.reactor.hook import StageHook

LOST, WON = "lost", "won"
REASON_REACTOR_HEAT = "reactor_heat"
REASON_ROBOT_HAZARD = "robot_hazard"
REASON_SYSTEM_FAILURE = "system_failure"
REASON_ACTIVATED = "activated"
CAUTION_CODES = (
    "service_missing_fuel",
    "service_missing_coolant",
    "service_missing_electricity",
    "reactor_feed_starved",
    "reactor_heat_concerning",
    "consumer_disabled",
    "consumer_starved",
    "hazard_growing",
)


class RuntimeInvalid(ValueError):
    """Pulse stage 2 found the runtime state invalid (the action is refused)."""


def robot_hazard(st: ReactorState, cell: int | None = None) -> str:
    """The quantity that makes the robot's cell unsafe ("" if safe); heat immunity covers heat only."""
    i = st.robot if cell is None else cell
    for q in QUANTITIES:
        limit = st.balance.robot_unsafe[q]
        if limit is None:
            continue
        if q == "heat" and st.heat_immunity > 0:
            continue
        if st.surface[q][i] >= limit:
            return q
    return ""


def system_failure(st: ReactorState) -> int | None:
    """Fixed-rule terminal failure: an underground cell beneath a reactor control at integrity 0."""
    for p in st.props_of("reactor"):
        for c in st.carriers_at(p.cell):
            if st.layers[c].integrity[p.cell] <= 0:
                return p.cell
    return None


def derive_readiness(st: ReactorState) -> None:
    """Stage 8: reactor terminal heat, system failure, and the ready reactors."""
    if st.outcome is None:
        for p in st.props_of("reactor"):
            if st.surface["heat"][p.cell] >= st.balance.reactor_heat_terminal:
                st.outcome = Outcome(LOST, REASON_REACTOR_HEAT)
                break
    if st.outcome is None and system_failure(st) is not None:
        st.outcome = Outcome(LOST, REASON_SYSTEM_FAILURE)
    if st.outcome is not None:
        st.ready = ()
        return
    st.ready = tuple(p.cell for p in st.props_of("reactor") if network.reactor_ready(st, p.cell))


def advance_durations(st: ReactorState) -> None:
    """Stage 9: remedy blocks and heat immunity count down once; valve discharge ends."""
    for e in ELEMENTS:
        arr = st.blocks[e]
        if any(arr):
            st.blocks[e] = array("h", [v - 1 if v > 0 else 0 for v in arr])
    if st.shield_raised:  # the pulse that raises a shield does not spend it: N steps are N moves
        st.shield_raised = False
    elif st.heat_immunity > 0:
        st.heat_immunity -= 1
    for p in st.props_of("valve"):
        p.discharging = False


def run_pulse(
    st: ReactorState,
    mutate: Callable[[ReactorState], None] | None = None,
    refresh: Callable[[ReactorState], None] | None = None,
    robot_safety: bool = True,
    same_flow: bool = False,
    on_stage: StageHook | None = None,
) -> None:
    """Resolve one pulse on ``st`` in place (call on a clone). Raises ``RuntimeInvalid`` at stage 2.

    ``robot_safety=False`` and ``same_flow=True`` are for forecasts only (robot-independent trace;
    stages 2-4 skipped when props are unchanged since the previous pulse and no valve discharges).
    ``on_stage(name, step, st)`` is called after each stage (see ``engine.reactor.stages``; the
    state passed is live: read or copy it, never mutate it). ``None`` costs nothing.
    """
    events: list[str] = []
    st.trace = None
    if mutate is not None:  # 1. accepted player mutation
        mutate(st)
    if on_stage is not None:
        st.events = ()
        on_stage("mutation", 0, st)
    if not same_flow:  # (forecast pulses after the first reuse stages 2-4: nothing they read changed)
        jinfo = network.junctions(st)
        problem = network.runtime_problem(st, jinfo)  # 2. validate runtime state
        if problem:
            raise RuntimeInvalid(problem)
        network.propagate(st, jinfo)  # 3.
        network.resolve_consumers(st, in_pulse=True)  # 4.
    if on_stage is not None:
        on_stage("network", 0, st)
    events += network.resolve_integrity(st)  # 5.
    if on_stage is not None:
        st.events = tuple(events)
        on_stage("integrity", 0, st)
    active = surface.active_cells(st)
    for k in range(st.balance.pulse_steps):  # 6.
        active = surface.run_step(st, active)
        if on_stage is not None:
            on_stage("step", k + 1, st)
    if robot_safety and st.outcome is None:  # 7. robot safety on the final post-pulse hazard state
        hz = robot_hazard(st)
        if hz:
            st.outcome = Outcome(LOST, REASON_ROBOT_HAZARD)
            events.append(f"robot destroyed by {hz}")
    if on_stage is not None:
        st.events = tuple(events)
        on_stage("safety", 0, st)
    derive_readiness(st)  # 8.
    if on_stage is not None:
        on_stage("readiness", 0, st)
    advance_durations(st)  # 9.
    st.pulse += 1
    st.events = tuple(events)
    if on_stage is not None:
        on_stage("durations", 0, st)
    if refresh is not None:  # 10. forecasts (then the level state that depends on them)
        refresh(st)
    st.level_state = level_state(st)
    if on_stage is not None:
        on_stage("forecast", 0, st)


def settle(st: ReactorState) -> None:
    """Derived values without a pulse (level load): flow, Supplied/Starved, readiness, level state."""
    if not network.runtime_problem(st):
        network.propagate(st)
        network.resolve_consumers(st, in_pulse=False)
    derive_readiness(st)


def level_state(st: ReactorState) -> str:
    """Won / Lost / Ready / Critical / Caution / Stable, derived from state and forecasts."""
    b = st.balance
    if st.outcome is not None:
        return "Won" if st.outcome.result == WON else "Lost"
    if st.ready:
        return "Ready"
    heat = max((st.surface["heat"][p.cell] for p in st.props_of("reactor")), default=0.0)
    if heat >= b.reactor_heat_critical or any(w.kind == "terminal_loss" for w in st.forecasts):
        return "Critical"
    if caution_reasons(st):
        return "Caution"
    return "Stable"


def caution_reasons(st: ReactorState) -> list[str]:
    """Why the level is in Caution, as codes (empty when none applies): ``service_missing_<carrier>``,
    ``reactor_feed_starved``, ``reactor_heat_concerning``, ``consumer_disabled``, ``consumer_starved``,
    ``hazard_growing`` (``CAUTION_CODES``; the glue owns the words)."""
    b = st.balance
    out: list[str] = []
    counts = network.producing_counts(st)
    supplied = dict.fromkeys(CARRIERS, 0)
    for s in st.services.values():
        for c, v in s.items():
            if v != network.STARVED:
                supplied[c] += 1
    for c in CARRIERS:
        if max(counts[c], supplied[c]) < st.required[c]:
            out.append(f"service_missing_{c}")
    for p in st.props_of("reactor"):
        if not network.reactor_fed(st, p.cell):
            out.append("reactor_feed_starved")
        if st.surface["heat"][p.cell] >= b.reactor_heat_caution:
            out.append("reactor_heat_concerning")
    for p in st.props_of("consumer"):
        if not p.enabled:
            out.append("consumer_disabled")
        elif network.STARVED in st.services.get(p.cell, {}).values():
            out.append("consumer_starved")
    if any(w.kind == "growing_hazard" for w in st.forecasts):
        out.append("hazard_growing")
    return out
