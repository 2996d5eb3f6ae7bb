"""Relief Valve (session 11, issue #27): a fuel pool floods the corridor, and the power cable in its
far wall is worn to the leak threshold, so it breaks and sparks into the pool the first pulse power
flows. The corridor must be doused (the sprinkler valve) before the breaker goes on: coolant before
power, an order dependency across two systems (it replaced the live breaker beside the reactor's
junction that four late levels shared)."""

from __future__ import annotations

import pytest

from engine.core.session import IllegalMoveError
from engine.reactor import advance_pulse, apply_action, load_level, parse_action
from engine.reactor.campaign import entry
from engine.reactor.solver import mechanic_of
from engine.reactor.state import ReactorState
from tools.playtest.reactor_family import _plays_out

E = entry("campaign:relief")
BREAKER, VALVE, WORN_CABLE, FACE = (3, 3), (3, 1), (10, 3), (10, 2)
CORRIDOR = [(x, 2) for x in range(6, 11)]


def par_plan() -> list[tuple[int, str, str]]:
    """The committed par solution's lengthy actions: (cell, action, mechanic)."""
    st = load_level(E.level)
    plan: list[tuple[int, str, str]] = []
    for text in E.solution:
        if not text.startswith("move"):
            plan.append((st.robot, text, mechanic_of(st, st.robot, text)))
        st = apply_action(st, parse_action(text))
    assert st.outcome is not None and st.outcome.result == "won"
    return plan


def breaker_on(st: ReactorState) -> ReactorState:
    st = st.clone()
    st.robot = st.grid.cell(*BREAKER)
    return apply_action(st, parse_action("interact"))


def test_the_worn_cable_breaks_the_first_pulse_power_flows_and_not_before() -> None:
    st = load_level(E.level)
    cell = st.grid.cell(*WORN_CABLE)
    assert st.leak_at("electricity", cell) is None
    assert st.layers["electricity"].integrity[cell] == st.balance.structural_integrity_leak_threshold
    face = st.clone()
    face.robot = st.grid.cell(*FACE)
    with pytest.raises(IllegalMoveError):  # nothing to repair before it breaks
        apply_action(face, parse_action("repair"))
    on = breaker_on(st)
    assert on.leak_at("electricity", cell) is not None


@pytest.mark.parametrize(("delta", "breaks"), [(-0.25, True), (0.0, True), (0.25, False)])
def test_worn_cable_boundary(delta: float, breaks: bool) -> None:
    """At or below the leak threshold the powered cable breaks in the first pulse; just above, not."""
    st = load_level(E.level)
    cell = st.grid.cell(*WORN_CABLE)
    st.layers["electricity"].integrity[cell] = st.balance.structural_integrity_leak_threshold + delta
    assert (breaker_on(st).leak_at("electricity", cell) is not None) is breaks


def test_current_in_the_undoused_pool_sets_the_corridor_alight() -> None:
    """Breaker first: the far end of the corridor is lethal after one pulse (heat >= the robot's
    limit), and the fire spreads back through the pool."""
    st = breaker_on(load_level(E.level))
    lethal = st.balance.robot_unsafe["heat"]
    g = st.grid
    assert st.surface["heat"][g.cell(*FACE)] >= lethal
    assert st.surface["heat"][g.cell(6, 2)] < lethal
    for _ in range(3):
        st = advance_pulse(st)
    assert all(st.surface["heat"][g.cell(*c)] >= lethal for c in CORRIDOR)


def test_par_douses_before_the_breaker_and_the_breaker_first_loses() -> None:
    plan = par_plan()
    cells = [load_level(E.level).grid.xy(c) for c, _, _ in plan]
    valve, breaker = cells.index(VALVE), cells.index(BREAKER)
    assert valve < breaker and plan[valve][2] == "valve" and plan[breaker][2] == "flow"
    moves = [(c, a) for c, a, _ in plan]
    assert _plays_out(load_level(E.level), moves)
    for at in range(valve + 1):  # the breaker moved before the douse: every such order loses
        swapped = list(moves)
        swapped.insert(at, swapped.pop(breaker))
        assert not _plays_out(load_level(E.level), swapped), at
    # the breaker anywhere after the douse still wins (the order is the puzzle, not one slot)
    later = list(moves)
    later.insert(valve + 1, later.pop(breaker))
    assert _plays_out(load_level(E.level), later)


def test_no_live_breaker_at_the_start() -> None:
    st = load_level(E.level)
    assert not st.props[st.grid.cell(*BREAKER)].enabled
    assert all(not p.enabled for p in st.props_of("flow") if p.carrier == "electricity")
