"""Pulse stage capture: the pulse's stages in order, for animating it as a readable cascade.

``run_pulse(..., on_stage=hook)`` (and ``apply_action`` / ``advance_pulse`` with ``on_stage``) calls
``hook(name, step, state)`` after each stage of the design's "Pulse And Step Order":

==========  =====  =====================================================================
name        stage  what just happened
==========  =====  =====================================================================
mutation    1      the accepted player mutation (prop toggled, leak repaired, ...)
network     2-4    runtime validated, underground networks propagated, consumers resolved
integrity   5      structural integrity resolved, automatic leaks created
step        6      one deterministic surface step (``step`` = 1 .. PulseSteps)
safety      7      robot safety on the final post-pulse hazard state
readiness   8      reactor readiness and terminal heat / system failure
durations   9      remedy blocks and heat immunity counted down, valve discharge ended
forecast    10     forecasts refreshed and the level state derived (the final state)
==========  =====  =====================================================================

The hook receives the live state: it must not mutate it (copy what it needs). ``PulseTrace`` is a
ready-made hook that keeps a clone of the state after every stage and the cells that changed.
Without a hook the pulse does no extra work beyond one ``is None`` test per stage.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, replace
from typing import Any

from engine.reactor.balance import QUANTITIES
from engine.reactor.state import ELEMENTS, ReactorState

MUTATION, NETWORK, INTEGRITY, STEP = "mutation", "network", "integrity", "step"
SAFETY, READINESS, DURATIONS, FORECAST = "safety", "readiness", "durations", "forecast"
STAGE_NAMES: tuple[str, ...] = (MUTATION, NETWORK, INTEGRITY, STEP, SAFETY, READINESS, DURATIONS, FORECAST)
DESIGN_STAGE: dict[str, int] = {
    MUTATION: 1,
    NETWORK: 3,
    INTEGRITY: 5,
    STEP: 6,
    SAFETY: 7,
    READINESS: 8,
    DURATIONS: 9,
    FORECAST: 10,
}


def expected_order(pulse_steps: int) -> list[tuple[str, int]]:
    """The (name, step) sequence of one pulse with ``pulse_steps`` surface steps."""
    return (
        [(MUTATION, 0), (NETWORK, 0), (INTEGRITY, 0)]
        + [(STEP, k) for k in range(1, pulse_steps + 1)]
        + [(SAFETY, 0), (READINESS, 0), (DURATIONS, 0), (FORECAST, 0)]
    )


@dataclass(frozen=True)
class PulseStage:
    """The state after one stage and what changed since the previous stage (or the pre-action state).

    ``surface_cells``: cells whose surface quantities or remedy blocks changed; ``under_cells``:
    cells whose underground state/amount/intensity/integrity changed (hidden information unless the
    robot has all-seeing-eye access); ``prop_cells``: cells whose prop, consumer services, readiness
    or leak changed, plus the robot's cell when its outcome or heat immunity changed.
    """

    name: str
    step: int
    state: ReactorState
    surface_cells: tuple[int, ...]
    under_cells: tuple[int, ...]
    prop_cells: tuple[int, ...]

    @property
    def design_stage(self) -> int:
        return DESIGN_STAGE[self.name]

    @property
    def label(self) -> str:
        """``step 2`` for surface steps, otherwise the stage name."""
        return f"{self.name} {self.step}" if self.name == STEP else self.name

    def changed(self, underground: bool = False) -> tuple[int, ...]:
        """Every changed cell (underground ones only when ``underground``), sorted."""
        cells = set(self.surface_cells) | set(self.prop_cells)
        if underground:
            cells |= set(self.under_cells)
        return tuple(sorted(cells))


def _diff_arrays(a: Any, b: Any, out: set[int], row: int) -> None:
    """Add the indices where ``a`` and ``b`` differ (whole arrays and rows compared as bytes,
    elements only inside rows that differ)."""
    ba, bb = bytes(a), bytes(b)
    if ba == bb:
        return
    k = len(ba) // max(1, len(a))
    n = len(a)
    for r in range(0, n, row):
        end = min(n, r + row)
        if ba[r * k : end * k] != bb[r * k : end * k]:
            out.update(i for i in range(r, end) if a[i] != b[i])


def surface_diff(old: ReactorState, new: ReactorState) -> tuple[int, ...]:
    """Cells whose surface quantities or remedy blocks differ."""
    out: set[int] = set()
    w = new.grid.width
    for q in QUANTITIES:
        _diff_arrays(old.surface[q], new.surface[q], out, w)
    for e in ELEMENTS:
        _diff_arrays(old.blocks[e], new.blocks[e], out, w)
    return tuple(sorted(out))


def under_diff(old: ReactorState, new: ReactorState) -> tuple[int, ...]:
    """Cells whose underground structural state, amount, intensity or integrity differ."""
    out: set[int] = set()
    w = new.grid.width
    for c, lay in new.layers.items():
        o = old.layers[c]
        if o is lay:
            continue
        _diff_arrays(o.state, lay.state, out, w)
        _diff_arrays(o.amount, lay.amount, out, w)
        _diff_arrays(o.intensity, lay.intensity, out, w)
        _diff_arrays(o.integrity, lay.integrity, out, w)
    return tuple(sorted(out))


def prop_diff(old: ReactorState, new: ReactorState) -> tuple[int, ...]:
    """Cells whose prop, services, readiness or leak differ; the robot's cell on outcome/immunity."""
    out: set[int] = set()
    for c, p in new.props.items():
        if old.props.get(c) != p:
            out.add(c)
    for c in set(old.services) | set(new.services):
        if old.services.get(c) != new.services.get(c):
            out.add(c)
    out.update(set(old.ready) ^ set(new.ready))
    old_leaks = {(lk.carrier, lk.cell): lk for lk in old.leaks}
    for lk in new.leaks:
        if old_leaks.get((lk.carrier, lk.cell)) != lk:
            out.add(lk.access)
    if old.outcome != new.outcome or old.heat_immunity != new.heat_immunity or old.robot != new.robot:
        out.add(new.robot)
    return tuple(sorted(out))


class PulseTrace:
    """A stage hook that records every stage of one pulse (``stages``, in the order they ran).

    ``before`` is the state the action was applied to; the first stage's changes are measured
    against it. The last recorded stage's state equals the pulse's final state.
    """

    def __init__(self, before: ReactorState) -> None:
        self.before = before
        self.stages: list[PulseStage] = []

    def __call__(self, name: str, step: int, st: ReactorState) -> None:
        prev = self.stages[-1].state if self.stages else self.before
        sc, uc, pc = surface_diff(prev, st), under_diff(prev, st), prop_diff(prev, st)
        # snapshots are read-only: parts equal to the previous snapshot are shared with it
        layers = {c: lay.clone() for c, lay in st.layers.items()} if uc else prev.layers
        props = prev.props if prev.props == st.props else {c: replace(p) for c, p in st.props.items()}
        leaks = prev.leaks if prev.leaks == st.leaks else [replace(lk) for lk in st.leaks]
        snap = replace(
            st,
            layers=layers,
            surface={q: array("f", a) for q, a in st.surface.items()},
            blocks={e: array("h", a) for e, a in st.blocks.items()},
            props=props,
            leaks=leaks,
            inventory=dict(st.inventory),
            required=dict(st.required),
            services={c: dict(s) for c, s in st.services.items()},
            pressure_drop=dict(st.pressure_drop),
        )
        self.stages.append(PulseStage(name, step, snap, sc, uc, pc))

    def order(self) -> list[tuple[str, int]]:
        """The recorded (name, step) sequence."""
        return [(s.name, s.step) for s in self.stages]

    @property
    def final(self) -> ReactorState:
        return self.stages[-1].state if self.stages else self.before


def trace_action(st: ReactorState, action: object) -> tuple[ReactorState, PulseTrace]:
    """``apply_action`` recording the pulse (an empty trace for quick actions); refusals raise
    ``IllegalMoveError`` like ``apply_action``."""
    from engine.reactor.actions import Action, apply_action

    if not isinstance(action, Action):
        raise TypeError("trace_action needs an Action")
    trace = PulseTrace(st)
    new = apply_action(st, action, on_stage=trace)
    return new, trace
