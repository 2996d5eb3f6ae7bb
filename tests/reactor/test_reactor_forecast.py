"""Forecasts over copied state (Pulse +N) agree with what actually happens; level states."""

from __future__ import annotations

from reactor_kit import OPEN_ROOM, B, consumer, flow, level, load, put

from engine.core.hashing import state_hash
from engine.reactor import advance_pulse, builtin_level, load_level
from engine.reactor.forecast import KINDS, compute_forecasts, refresh_forecasts
from engine.reactor.state import ReactorState, snapshot


def zap_level() -> dict:
    # an electricity wall leak whose face is the robot's enclosed cell
    return level(
        ["##########", "#.#......#", "###......#", "#........#", "##########"],
        electricity=["", "++", ""],
        coolant=["", "", "", "........+"],  # unfed coolant under the reactor: never ready
        props=[flow(1, 1, "electricity")],
        leaks=[{"carrier": "electricity", "x": 0, "y": 1, "access": [1, 1]}],
        robot=(1, 1),
        reactor=(8, 3),
    )


def first(st: ReactorState, kind: str) -> int | None:
    pulses = [w.pulse for w in st.forecasts if w.kind == kind]
    return min(pulses) if pulses else None


def test_forecast_does_not_mutate_state() -> None:
    st = load(zap_level())
    before = state_hash(snapshot(st))
    compute_forecasts(st)
    compute_forecasts(st, horizon=8)
    assert state_hash(snapshot(st)) == before


def test_terminal_loss_forecast_matches_actual_pulse() -> None:
    st = load(zap_level())
    k = first(st, "terminal_loss")
    assert k is not None and 1 <= k <= B.forecast_horizon
    (w,) = [w for w in st.forecasts if w.kind == "terminal_loss"]
    assert w.subject == "robot_hazard" and w.label() == f"Pulse +{k}"
    assert st.level_state == "Critical"
    s = st
    for _ in range(k - 1):
        s = advance_pulse(s)
        assert s.outcome is None
    s = advance_pulse(s)
    assert s.outcome is not None and s.outcome.reason == "robot_hazard"
    assert all(w.kind != "terminal_loss" for w in compute_forecasts(st, horizon=k - 1))


def test_growing_hazard_forecast_matches_actual_band_crossing() -> None:
    st = load(zap_level())
    ws = [w for w in st.forecasts if w.kind == "growing_hazard" and w.subject == "electricity caution"]
    assert ws, st.forecasts
    w = min(ws, key=lambda w: w.pulse)
    s = st
    for _ in range(w.pulse):
        s = advance_pulse(s)
    assert s.surface["electricity"][w.cell] >= B.thresholds["electricity"].caution


def test_reactor_ready_and_starved_required_forecasts() -> None:
    lv = level(
        OPEN_ROOM,
        fuel=["", ".+++"],
        props=[flow(1, 1, "fuel"), consumer(3, 1)],
        robot=(1, 3),
        reactor=(8, 3),
        required={"fuel": 1},
    )
    st = load(lv)
    assert first(st, "reactor_ready") == 1
    lv["props"][0]["enabled"] = False
    st2 = load(lv)
    assert first(st2, "reactor_ready") is None
    assert first(st2, "starved_required_consumer") == 1


def test_structural_leak_forecast() -> None:
    lv = level(OPEN_ROOM, fuel=["", ".+++"], props=[flow(1, 1, "fuel")], robot=(1, 3), reactor=(8, 3))
    lv["layers"]["fuel"][1]["integrity"] = 4.3
    st = load(lv)
    (w,) = [w for w in st.forecasts if w.kind == "structural_leak"]
    assert (w.pulse, st.grid.xy(w.cell) if w.cell is not None else None, w.subject) == (1, (2, 1), "fuel")
    assert advance_pulse(st).layers["fuel"].state[st.grid.cell(2, 1)] == 2


def test_wet_electricity_forecast() -> None:
    lv = level(
        OPEN_ROOM,
        robot=(8, 1),
        reactor=(8, 3),
        surface=[{"x": 1, "y": 2, "electricity": 4.0}, {"x": 2, "y": 2, "coolant": 3.0}],
    )
    st = load(lv)
    cells = {st.grid.xy(w.cell) for w in st.forecasts if w.kind == "wet_electricity" and w.cell is not None}
    assert (2, 2) in cells
    assert all(w.kind in KINDS for w in st.forecasts)


def test_level_states() -> None:
    calm = load(level(OPEN_ROOM, robot=(1, 1), reactor=(8, 3)))
    assert calm.level_state == "Ready"  # nothing required and nothing beneath the reactor
    hot = calm.clone()
    put(hot, "heat", 8, 3, B.reactor_heat_critical)
    from engine.reactor.pulse import level_state

    hot.ready = ()
    assert level_state(hot) == "Critical"
    warm = calm.clone()
    warm.ready = ()
    put(warm, "heat", 8, 3, B.reactor_heat_caution)
    assert level_state(warm) == "Caution"
    cool = calm.clone()
    cool.ready = ()
    assert level_state(cool) == "Stable"


def test_builtin_tutorial_loads_and_forecasts() -> None:
    st = load_level(builtin_level("tutorial"))
    assert st.level_state in ("Caution", "Critical", "Stable")
    assert all(w.pulse <= B.forecast_horizon for w in st.forecasts)


def test_cached_trace_forecast_equals_fresh_forecast_after_moves() -> None:
    from engine.reactor import apply_action, parse_action

    lv = zap_level()
    lv["terrain"] = [
        "##########",
        "#.#......#",
        "#.#......#",
        "#........#",
        "##########",
    ]  # dead-end corridor
    st = load(lv).clone()
    st.balance = B.model_copy(update={"forecast_horizon": 8})
    refresh_forecasts(st)
    start_k = first(st, "terminal_loss")
    seen_loss = set()
    for text in ["move s", "move s", "move e", "move w", "move n", "move n"]:
        nxt = apply_action(st, parse_action(text))
        assert nxt.trace is st.trace  # a quick move reuses the robot-independent trace
        fresh = nxt.clone()
        fresh.trace = None
        assert nxt.forecasts == compute_forecasts(fresh)
        seen_loss.add(first(nxt, "terminal_loss"))
        st = nxt
    assert None in seen_loss  # away from the leak face the robot is safe ...
    k = first(st, "terminal_loss")  # ... back on the face it is not
    assert k is not None and k == start_k
    s = st
    for _ in range(k - 1):
        s = advance_pulse(s)
        assert s.outcome is None
    assert advance_pulse(s).outcome is not None


def test_forecast_trace_matches_real_pulses() -> None:
    from engine.reactor import builtin_level
    from engine.reactor.forecast import compute_trace

    st = load_level(builtin_level("control_room"))
    trace = compute_trace(st)
    s = st
    for surf in trace.surfaces:
        s = advance_pulse(s)
        assert {q: list(a) for q, a in s.surface.items()} == {q: list(a) for q, a in surf.items()}
    assert len(trace.surfaces) == B.forecast_horizon
