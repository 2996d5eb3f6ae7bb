"""Pulse stage capture (``run_pulse(on_stage=...)``, ``PulseTrace``, ``trace_action``): the final
captured state equals the normal pulse, the stages come in the design's order (stage 6 once per
PulseSteps), each snapshot is taken at the right moment and names the cells that changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from reactor_kit import OPEN_ROOM, B, consumer, flow, level, load

from engine.core.hashing import state_hash
from engine.core.session import IllegalMoveError, Session
from engine.reactor import GAME, advance_pulse, apply_action, hash_state, parse_action
from engine.reactor.balance import load_balance
from engine.reactor.forecast import compute_forecasts
from engine.reactor.pulse import run_pulse
from engine.reactor.stages import (
    DESIGN_STAGE,
    STAGE_NAMES,
    PulseTrace,
    expected_order,
    trace_action,
)
from engine.reactor.state import LEAKING, snapshot
from engine.reactor.surface import run_step

CATALOGUE = json.loads((Path(__file__).parent / "golden_reactor_replays.json").read_text())


def test_expected_order_follows_the_design_stage_numbers() -> None:
    order = expected_order(B.pulse_steps)
    assert len(order) == 7 + B.pulse_steps == 11
    numbers = [DESIGN_STAGE[name] for name, _ in order]
    assert numbers == [1, 3, 5, 6, 6, 6, 6, 7, 8, 9, 10]
    assert [s for n, s in order if n == "step"] == [1, 2, 3, 4]
    assert set(STAGE_NAMES) == {n for n, _ in order}


@pytest.mark.parametrize("name", sorted(CATALOGUE))
def test_traced_replay_equals_plain_replay_and_golden_hash(name: str) -> None:
    """Every committed golden action list, replayed with capture on: each action's traced state and
    the trace's last snapshot hash like the plain action; quick actions record nothing."""
    s = Session(GAME, 0, {"level": name})
    st = s.state
    lengthy = 0
    for text in CATALOGUE[name]["actions"]:
        a = parse_action(text)
        plain = apply_action(st, a)
        traced, trace = trace_action(st, a)
        assert hash_state(traced) == hash_state(plain)
        if a.lengthy:
            lengthy += 1
            assert trace.order() == expected_order(st.balance.pulse_steps)
            assert hash_state(trace.final) == hash_state(plain)
            assert trace.stages[-1].state.level_state == plain.level_state
        else:
            assert trace.stages == []
        st = traced
    assert lengthy > 0
    assert state_hash(snapshot(st)) == CATALOGUE[name]["hash"]


def test_order_follows_the_configured_pulse_steps() -> None:
    st = load(level(OPEN_ROOM, props=[consumer(2, 2)], robot=(2, 2)))
    st = st.clone()
    st.balance = load_balance("normal").model_copy(update={"pulse_steps": 2})
    trace = PulseTrace(st)
    new = apply_action(st, parse_action("interact"), on_stage=trace)
    assert trace.order() == expected_order(2)
    assert [n for n, _ in trace.order()].count("step") == 2
    assert hash_state(trace.final) == hash_state(new)


def test_hook_sees_the_live_state_and_capture_off_is_identical() -> None:
    st = load(level(OPEN_ROOM, props=[consumer(2, 2)], robot=(2, 2), surface=[{"x": 5, "y": 2, "heat": 6.0}]))
    seen: list[tuple[str, int, int]] = []
    a, b = st.clone(), st.clone()
    run_pulse(a, on_stage=lambda n, k, s: seen.append((n, k, s.pulse)))
    run_pulse(b)
    assert snapshot(a) == snapshot(b)
    assert [(n, k) for n, k, _ in seen] == expected_order(B.pulse_steps)
    # the pulse counter advances at stage 9, so durations and forecast see the new pulse number
    assert [p for _, _, p in seen] == [st.pulse] * 9 + [st.pulse + 1] * 2


def valve_level() -> dict:
    return level(
        OPEN_ROOM,
        coolant=["", "", ".++++++++"],
        props=[
            flow(1, 2, "coolant"),
            {"kind": "valve", "x": 3, "y": 2, "outlets": [[3, 1], [4, 1]]},
            consumer(4, 2),
            consumer(8, 2),
        ],
        robot=(3, 2),
        reactor=(8, 3),
    )


def test_valve_cascade_mutation_network_then_water_each_step() -> None:
    st = load(valve_level())
    g = st.grid
    valve, near, outlets = g.cell(3, 2), g.cell(4, 2), {g.cell(3, 1), g.cell(4, 1)}
    new, trace = trace_action(st, parse_action("interact"))
    by = {s.label: s for s in trace.stages}
    # 1: the valve starts discharging; nothing on the surface or underground has moved yet
    m = by["mutation"]
    assert m.state.props[valve].discharging and m.prop_cells == (valve,)
    assert m.surface_cells == () and m.under_cells == ()
    # 3-4: the pressure drop starves the nearby consumer (its cell changes), underground values move
    n = by["network"]
    assert n.state.services[near] == {"coolant": "starved"}
    assert near in n.prop_cells and n.under_cells and n.surface_cells == ()
    # 6: every step injects water on both outlets (it also spreads and evaporates)
    water = [sum(by[f"step {k}"].state.surface["coolant"][o] for o in outlets) for k in range(1, 5)]
    assert 0 < water[0] < water[1]
    for k in range(1, 5):
        assert outlets <= set(by[f"step {k}"].surface_cells)
    # 9: the discharge ends (prop changes back)
    assert valve in by["durations"].prop_cells and not by["durations"].state.props[valve].discharging
    assert hash_state(new) == hash_state(trace.final)


def test_step_snapshots_equal_isolated_steps_from_the_integrity_snapshot() -> None:
    """Stage 6 snapshot k equals k isolated surface steps run from the stage-5 snapshot."""
    lv = level(
        OPEN_ROOM,
        fuel=["", "", ".++++"],
        props=[flow(1, 2, "fuel"), consumer(6, 3)],
        leaks=[{"carrier": "fuel", "x": 3, "y": 2, "access": [3, 2]}],
        surface=[{"x": 4, "y": 2, "heat": 5.0, "electricity": 3.0}, {"x": 5, "y": 1, "coolant": 4.0}],
        robot=(6, 3),
    )
    st = load(lv)
    _, trace = trace_action(st, parse_action("interact"))
    sim = trace.stages[2].state.clone()
    assert trace.stages[2].name == "integrity"
    for k in range(1, B.pulse_steps + 1):
        run_step(sim, None)
        stage = trace.stages[2 + k]
        assert stage.label == f"step {k}"
        assert {q: list(a) for q, a in sim.surface.items()} == {
            q: list(a) for q, a in stage.state.surface.items()
        }
        assert stage.surface_cells  # the leak and the hot charged cell change something every step
    # snapshots are copies: later stages did not overwrite earlier ones
    s1, s4 = trace.stages[3].state.surface, trace.stages[6].state.surface
    assert list(s1["fuel"]) != list(s4["fuel"])


def test_integrity_stage_creates_the_leak() -> None:
    lv = level(OPEN_ROOM, fuel=["", ".+4++"], props=[flow(1, 1, "fuel"), consumer(6, 3)], robot=(6, 3))
    st = load(lv)
    cell = st.grid.cell(2, 1)
    _, trace = trace_action(st, parse_action("interact"))
    before = [s for s in trace.stages if s.name in ("mutation", "network")]
    assert all(s.state.layers["fuel"].state[cell] != LEAKING for s in before)
    integ = trace.stages[2]
    assert integ.name == "integrity"
    assert integ.state.layers["fuel"].state[cell] == LEAKING
    assert cell in integ.under_cells and cell in integ.prop_cells  # the new leak's access face
    assert "fuel leak at (2,1)" in integ.state.events


def test_robot_loss_appears_at_the_safety_stage() -> None:
    hot = [{"x": x, "y": y, "heat": 10.0} for x in range(1, 5) for y in range(1, 4)]
    st = load(level(OPEN_ROOM, props=[consumer(2, 2)], robot=(2, 2), surface=hot))
    new, trace = trace_action(st, parse_action("interact"))
    assert new.outcome is not None and new.outcome.reason == "robot_hazard"
    first = next(s for s in trace.stages if s.state.outcome is not None)
    assert first.name == "safety" and st.robot in first.prop_cells
    assert "robot destroyed by heat" in first.state.events


def test_readiness_appears_at_the_readiness_stage() -> None:
    s = Session(GAME, 0, {"level": "tutorial"})
    for text in CATALOGUE["tutorial"]["actions"]:
        a = parse_action(text)
        if a.lengthy and not s.state.ready:
            new, trace = trace_action(s.state, a)
            if new.ready:
                first = next(st for st in trace.stages if st.state.ready)
                assert first.name == "readiness"
                assert set(new.ready) <= set(first.prop_cells)
                return
        s.play(a)
    raise AssertionError("the tutorial solution never made the reactor ready")


def test_durations_stage_counts_the_remedy_block_down() -> None:
    lv = level(
        OPEN_ROOM,
        props=[consumer(6, 3)],
        inventory={"fuel_neutralizer": 1},
        surface=[{"x": 1, "y": 1, "fuel": 4.0}, {"x": 2, "y": 1, "fuel": 4.0}],
    )
    st = load(lv)
    i = st.grid.cell(1, 1)
    _, trace = trace_action(st, parse_action("remedy fuel"))
    by = {s.label: s for s in trace.stages}
    assert by["mutation"].state.blocks["fuel"][i] == B.remedy_duration
    assert by["mutation"].state.surface["fuel"][i] == 0.0 and i in by["mutation"].surface_cells
    assert by["readiness"].state.blocks["fuel"][i] == B.remedy_duration
    assert by["durations"].state.blocks["fuel"][i] == B.remedy_duration - 1
    assert i in by["durations"].surface_cells


def test_advance_pulse_and_forecasts_unchanged_by_capture() -> None:
    st = load(valve_level())
    st = apply_action(st, parse_action("interact"))
    trace = PulseTrace(st)
    traced = advance_pulse(st, on_stage=trace)
    assert hash_state(traced) == hash_state(advance_pulse(st)) == hash_state(trace.final)
    assert trace.order()[0] == ("mutation", 0) and trace.stages[0].changed(underground=True) == ()
    assert compute_forecasts(traced) == compute_forecasts(advance_pulse(st))


def test_refused_action_raises_and_leaves_the_state() -> None:
    st = load(level(OPEN_ROOM, props=[consumer(6, 3)], robot=(1, 1)))
    h = hash_state(st)
    with pytest.raises(IllegalMoveError):
        trace_action(st, parse_action("activate"))
    with pytest.raises(TypeError):
        trace_action(st, "interact")
    assert hash_state(st) == h
