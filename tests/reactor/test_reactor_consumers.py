"""Multi-service consumers, reactor feed and readiness, REACTOR READY, activation, terminal heat."""

from __future__ import annotations

import pytest
from reactor_kit import OPEN_ROOM, B, consumer, flow, level, load, put

from engine.core.session import IllegalMoveError
from engine.reactor import apply_action, parse_action
from engine.reactor.network import consumer_display, producing_counts
from engine.reactor.views import status

TERMINAL = {"kind": "terminal", "x": 1, "y": 3}


def act(st, *texts):  # type: ignore[no-untyped-def]
    for t in texts:
        st = apply_action(st, parse_action(t))
    return st


def multi(required: dict[str, int] | None = None, coolant_on: bool = True, **kw: object):  # type: ignore[no-untyped-def]
    lv = level(
        OPEN_ROOM,
        fuel=["", ".+++"],
        coolant=["", "...+", ".+++"],
        props=[flow(1, 1, "fuel"), flow(1, 2, "coolant", coolant_on), consumer(3, 1), TERMINAL],
        robot=(1, 3),
        reactor=(8, 3),
        required=required,
        **kw,  # type: ignore[arg-type]
    )
    return load(lv)


def test_multi_carrier_consumer_is_supplied_then_producing() -> None:
    st = multi()
    c = st.grid.cell(3, 1)
    assert st.services[c] == {"fuel": "supplied", "coolant": "supplied"}
    st2 = act(st, "interact")  # any lengthy action pulses
    assert st2.services[c] == {"fuel": "producing", "coolant": "producing"}
    assert producing_counts(st2) == {"fuel": 1, "coolant": 1, "electricity": 0}


def test_starved_carrier_does_not_block_the_other() -> None:
    st = act(multi(coolant_on=False), "interact")
    c = st.grid.cell(3, 1)
    assert st.services[c] == {"fuel": "producing", "coolant": "starved"}
    assert consumer_display(st, c) == "starved"
    assert producing_counts(st)["fuel"] == 1


def test_disabled_consumer_and_consumer_without_layers() -> None:
    lv = level(
        OPEN_ROOM,
        fuel=["", ".+++"],
        props=[flow(1, 1, "fuel"), consumer(3, 1, enabled=False), consumer(5, 2), TERMINAL],
        robot=(1, 3),
        reactor=(8, 3),
    )
    st = act(load(lv), "interact")
    assert st.grid.cell(3, 1) not in st.services
    assert consumer_display(st, st.grid.cell(3, 1)) == "disabled"
    assert st.services[st.grid.cell(5, 2)] == {}
    assert consumer_display(st, st.grid.cell(5, 2)) == "unknown"
    assert producing_counts(st) == {"fuel": 0, "coolant": 0, "electricity": 0}


def test_consumer_predicate_uses_balance_minimums() -> None:
    # a consumer far down a long line starves once intensity falls below ConsumerMinIntensity
    d_ok = min(
        int((B.source_intensity["fuel"] - B.consumer_min_intensity) / B.falloff_intensity["fuel"]),
        int((B.source_amount["fuel"] - B.consumer_min_amount) / B.falloff_amount["fuel"]),
    )
    width = d_ok + 4
    terrain = ["#" * width, "#" + "." * (width - 2) + "#", "#" + "." * (width - 2) + "#", "#" * width]
    line = "." + "+" * (width - 2)
    lv = level(
        terrain,
        fuel=["", line],
        props=[flow(1, 1, "fuel"), consumer(1 + d_ok, 1), consumer(2 + d_ok, 1)],
        robot=(1, 2),
        reactor=(3, 2),
    )
    st = load(lv)
    assert st.services[st.grid.cell(1 + d_ok, 1)] == {"fuel": "supplied"}
    assert st.services[st.grid.cell(2 + d_ok, 1)] == {"fuel": "starved"}


def test_readiness_and_activation_win() -> None:
    st = multi({"fuel": 1, "coolant": 1})
    assert st.ready == () and st.level_state != "Ready"  # Supplied is not yet Producing
    with pytest.raises(IllegalMoveError):
        act(st, "activate")
    st = act(st, "interact")
    assert st.ready == (st.grid.cell(8, 3),)
    assert st.level_state == "Ready"
    assert status(st)["banner"] == "REACTOR READY"
    with pytest.raises(IllegalMoveError, match="not at a reactor"):
        act(st, "activate")
    st = act(st, *["move e"] * 7, "activate")
    assert st.outcome is not None and (st.outcome.result, st.outcome.reason) == ("won", "activated")
    assert st.level_state == "Won"
    with pytest.raises(IllegalMoveError, match="over"):
        act(st, "move w")


def test_required_count_blocks_readiness() -> None:
    lv = level(
        OPEN_ROOM,
        fuel=["", ".+++"],
        props=[flow(1, 1, "fuel"), consumer(3, 1), consumer(2, 1, False), TERMINAL],
        robot=(1, 3),
        reactor=(8, 3),
        required={"fuel": 2},
    )
    st = act(load(lv), "interact")
    assert producing_counts(st)["fuel"] == 1
    assert st.ready == ()
    assert st.level_state in ("Caution", "Critical")


def test_reactor_feed_requires_positive_amount_and_intensity() -> None:
    lv = level(
        OPEN_ROOM,
        fuel=["", ".+++", "", "........+"],
        props=[flow(1, 1, "fuel"), TERMINAL],
        robot=(1, 3),
        reactor=(8, 3),
    )
    st = act(load(lv), "interact")
    assert st.ready == ()  # fuel present under the reactor but not fed
    lv2 = level(
        OPEN_ROOM,
        fuel=["", ".+++++++", "", "........+"],
        props=[flow(1, 1, "fuel"), TERMINAL],
        robot=(1, 3),
        reactor=(8, 3),
    )
    lv2["layers"]["fuel"] += [{"x": 8, "y": 1}, {"x": 8, "y": 2}]
    st2 = act(load(lv2), "interact")
    assert st2.ready == (st2.grid.cell(8, 3),)


def test_reactor_heat_past_terminal_loses_in_a_pulse() -> None:
    """A whole pulse with the reactor cell at surface max heat loses; the threshold itself (value -
    d, value, value + d) is pinned in ``test_reactor_boundaries.py``."""
    st = multi()
    st = st.clone()
    for x, y in ((8, 3), (7, 3), (8, 2)):  # critical x critical heat holds (no flow)
        put(st, "heat", x, y, B.surface_max["heat"])
    st2 = act(st, "interact")
    assert st2.outcome is not None and st2.outcome.reason == "reactor_heat"
    assert st2.level_state == "Lost"
    assert B.reactor_heat_terminal <= B.surface_max["heat"]


def test_status_warns_per_starved_carrier() -> None:
    st = act(multi({"fuel": 1}, coolant_on=False), "interact")
    ws = status(st)["warnings"]
    assert {"kind": "consumer_starved", "cell": (3, 1), "carrier": "coolant", "required": False} in ws
    assert all(w["carrier"] != "fuel" for w in ws)


def test_system_failure_when_reactor_underground_integrity_hits_zero() -> None:
    lv = level(
        OPEN_ROOM, fuel=["", ".++"], props=[flow(1, 1, "fuel"), TERMINAL], robot=(1, 3), reactor=(2, 1)
    )
    lv["layers"]["fuel"][1]["integrity"] = 0.2
    st = act(load(lv), "interact")
    assert st.outcome is not None and (st.outcome.result, st.outcome.reason) == ("lost", "system_failure")


def test_caution_reasons_are_codes() -> None:
    from engine.reactor import pulse

    lv = level(
        OPEN_ROOM,
        fuel=["", ".++"],
        props=[flow(1, 1, "fuel"), consumer(2, 1, enabled=False)],
        required={"fuel": 1},
    )
    got = pulse.caution_reasons(load(lv))
    assert "service_missing_fuel" in got and "consumer_disabled" in got
    assert set(got) <= set(pulse.CAUTION_CODES)
