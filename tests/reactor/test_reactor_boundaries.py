"""Every threshold in Reactor's RULES.md at value − d, value and value + d (issue #24), table-driven.

Each row names the balance value, the comparison RULES.md states, and the function that applies
it; the state is set exactly at the three values and the function is called directly, so a `>=`
turned into `>` (or `<` into `<=`) fails the row at ``value``. ``d`` is 0.25 (exact in single
precision, far below every gap between thresholds).
"""

from __future__ import annotations

import pytest
from reactor_kit import OPEN_ROOM, B, consumer, flow, level, load, put

from engine.reactor import network
from engine.reactor.f32 import band
from engine.reactor.pulse import caution_reasons, derive_readiness, level_state, robot_hazard, system_failure
from engine.reactor.state import ReactorState

D = 0.25
REACTOR = (8, 3)


def room() -> ReactorState:
    """Fuel source (1,1) feeding a consumer (3,1); reactor on (8,3) over nothing (fed trivially)."""
    return load(
        level(
            OPEN_ROOM,
            fuel=["", ".+++"],
            props=[flow(1, 1, "fuel"), consumer(3, 1)],
            robot=(1, 3),
            reactor=REACTOR,
        )
    )


def around(v: float) -> list[tuple[float, int]]:
    """(value, offset sign) for value − d, value, value + d."""
    return [(v - D, -1), (v, 0), (v + D, 1)]


# -- bands: value >= caution -> caution, value >= critical -> critical --------------------------
BANDS = [
    (q, which, v, off)
    for q, t in sorted(B.thresholds.items())
    for which, thr in (("caution", t.caution), ("critical", t.critical))
    for v, off in around(thr)
]


@pytest.mark.parametrize(("q", "which", "v", "off"), BANDS)
def test_band_entered_at_the_threshold(q: str, which: str, v: float, off: int) -> None:
    t = B.thresholds[q]
    got = band(v, t.caution, t.critical)
    level_at = 1 if which == "caution" else 2
    assert (got >= level_at) == (off >= 0)


# -- robot unsafe: surface[q] >= robot_unsafe[q] kills (heat immunity covers heat only) -----------
UNSAFE = [
    (q, v, off) for q, lim in sorted(B.robot_unsafe.items()) if lim is not None for v, off in around(lim)
]


@pytest.mark.parametrize(("q", "v", "off"), UNSAFE)
def test_robot_unsafe_at_the_threshold(q: str, v: float, off: int) -> None:
    st = room()
    put(st, q, 1, 3, v)
    assert robot_hazard(st) == (q if off >= 0 else "")
    st.heat_immunity = 1
    assert robot_hazard(st) == (q if off >= 0 and q != "heat" else "")


def test_coolant_water_never_hurts_the_robot() -> None:
    assert B.robot_unsafe["coolant"] is None
    st = room()
    put(st, "coolant", 1, 3, B.surface_max["coolant"])
    assert robot_hazard(st) == ""


# -- reactor heat: >= terminal loses (stage 8); ready only below it; caution/critical states -----
@pytest.mark.parametrize(("v", "off"), around(B.reactor_heat_terminal))
def test_reactor_heat_terminal_loses_at_the_threshold(v: float, off: int) -> None:
    st = room()
    put(st, "heat", *REACTOR, v)
    derive_readiness(st)
    lost = st.outcome is not None and st.outcome.reason == "reactor_heat"
    assert lost == (off >= 0)


@pytest.mark.parametrize(("v", "off"), around(B.reactor_heat_terminal))
def test_reactor_is_ready_only_below_terminal_heat(v: float, off: int) -> None:
    st = room()
    put(st, "heat", *REACTOR, v)
    assert network.reactor_ready(st, st.grid.cell(*REACTOR)) == (off < 0)


@pytest.mark.parametrize(("v", "off"), around(B.reactor_heat_caution))
def test_reactor_heat_caution_at_the_threshold(v: float, off: int) -> None:
    st = room()
    put(st, "heat", *REACTOR, v)
    assert ("reactor_heat_concerning" in caution_reasons(st)) == (off >= 0)


@pytest.mark.parametrize(("v", "off"), around(B.reactor_heat_critical))
def test_reactor_heat_critical_state_at_the_threshold(v: float, off: int) -> None:
    st = room()
    st.ready = ()
    put(st, "heat", *REACTOR, v)
    assert (level_state(st) == "Critical") == (off >= 0)


# -- consumers: supplied when amount >= min amount and intensity >= min intensity ---------------
def _consumer_with(field: str, v: float) -> bool:
    st = room()
    c = st.grid.cell(3, 1)
    lay = st.layers["fuel"]
    lay.amount[c] = B.consumer_min_amount + 1
    lay.intensity[c] = B.consumer_min_intensity + 1
    getattr(lay, field)[c] = v
    network.resolve_consumers(st, in_pulse=True)
    return st.services[c]["fuel"] == network.PRODUCING


@pytest.mark.parametrize(
    ("field", "v", "off"),
    [("amount", v, o) for v, o in around(B.consumer_min_amount)]
    + [("intensity", v, o) for v, o in around(B.consumer_min_intensity)],
)
def test_consumer_supplied_at_the_minimum(field: str, v: float, off: int) -> None:
    assert _consumer_with(field, v) == (off >= 0)


# -- integrity: damaged only when intensity > high-intensity threshold; leaks at <= leak threshold -
def _integrity_after(intensity: float, integrity: float) -> tuple[float, bool]:
    st = room()
    c = st.grid.cell(2, 1)
    lay = st.layers["fuel"]
    lay.intensity[c] = intensity
    lay.integrity[c] = integrity
    network.resolve_integrity(st)
    return lay.integrity[c], st.leak_at("fuel", c) is not None


@pytest.mark.parametrize(("v", "off"), around(B.structural_integrity_high_intensity_threshold))
def test_integrity_damaged_only_above_the_high_intensity_threshold(v: float, off: int) -> None:
    start = B.max_structural_integrity - 1
    after, _ = _integrity_after(v, start)
    assert (after < start) == (off > 0)


@pytest.mark.parametrize(("v", "off"), around(B.structural_integrity_leak_threshold))
def test_leak_forms_at_the_leak_threshold(v: float, off: int) -> None:
    low = B.structural_integrity_high_intensity_threshold - 1  # pressure on, but no further damage
    _, leaked = _integrity_after(low, v)
    assert leaked == (off <= 0)


@pytest.mark.parametrize(("v", "off"), around(0.0))
def test_system_failure_at_zero_integrity_under_the_reactor(v: float, off: int) -> None:
    lv = level(
        OPEN_ROOM, fuel=["", "", "", ".+++++++++"], props=[flow(1, 3, "fuel")], robot=(1, 1), reactor=(8, 3)
    )
    st = load(lv)
    st.layers["fuel"].integrity[st.grid.cell(*REACTOR)] = v
    assert (system_failure(st) is not None) == (off <= 0)
