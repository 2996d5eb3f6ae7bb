"""Coolant sprinkler valves: outlet water, spatial pressure drop from the valve's branch, starving
consumers for the pulse only, dry valves, forecasts of the drop."""

from __future__ import annotations

import pytest
from reactor_kit import OPEN_ROOM, B, at, consumer, flow, level, load, under

from engine.core.session import IllegalMoveError
from engine.reactor import advance_pulse, apply_action, check_level, parse_action
from engine.reactor.f32 import f32
from engine.reactor.surface import inject


def valve_level(source_on: bool = True, **kw: object) -> dict:
    return level(
        OPEN_ROOM,
        coolant=["", "", ".++++++++"],
        props=[
            flow(1, 2, "coolant", source_on),
            {"kind": "valve", "x": 3, "y": 2, "outlets": [[3, 1], [4, 1]]},
            consumer(4, 2),
            consumer(8, 2),
        ],
        robot=(3, 2),
        reactor=(8, 3),
        **kw,  # type: ignore[arg-type]
    )


def test_valve_pressure_drop_is_spatial_along_the_branch() -> None:
    st = load(valve_level())
    base = {x: under(st, "coolant", x, 2)[1] for x in range(1, 9)}
    st2 = apply_action(st, parse_action("interact"))
    for x in range(1, 9):
        dist = abs(x - 3)
        drop = f32(B.sprinkler_pressure_drop - f32(B.sprinkler_pressure_drop_falloff * dist))
        if drop > 0:
            assert st2.pressure_drop[st.grid.cell(x, 2)] == drop
            assert under(st2, "coolant", x, 2)[1] == max(0.0, f32(base[x] - drop))
        else:
            assert st.grid.cell(x, 2) not in st2.pressure_drop
            assert under(st2, "coolant", x, 2)[1] == base[x]
        assert under(st2, "coolant", x, 2)[0] == under(st, "coolant", x, 2)[0]  # amount untouched


def test_discharge_starves_nearby_consumer_for_that_pulse_only() -> None:
    st = load(valve_level())
    near, far = st.grid.cell(4, 2), st.grid.cell(8, 2)
    assert st.services[near] == {"coolant": "supplied"}
    st2 = apply_action(st, parse_action("interact"))
    assert st2.services[near] == {"coolant": "starved"}
    assert st2.services[far] == {"coolant": "producing"}
    st3 = advance_pulse(st2)
    assert st3.services[near] == {"coolant": "producing"}  # not permanently disabled
    assert st3.pressure_drop == {}


def test_valve_adds_water_to_outlets_each_step() -> None:
    st = load(valve_level()).clone()
    st.props[st.grid.cell(3, 2)].discharging = True
    inject(st)
    per_step = f32(B.sprinkler_water_per_outlet / B.pulse_steps)
    assert at(st, "coolant", 3, 1) == per_step == at(st, "coolant", 4, 1)
    st2 = apply_action(load(valve_level()), parse_action("interact"))
    assert at(st2, "coolant", 3, 1) > 0 and at(st2, "coolant", 4, 1) > 0
    assert at(st2, "coolant", 3, 1) <= B.sprinkler_water_per_outlet


def test_dry_valve_is_refused() -> None:
    st = load(valve_level(source_on=False))
    with pytest.raises(IllegalMoveError, match="no coolant pressure"):
        apply_action(st, parse_action("interact"))


def test_discharge_does_not_repair_damage() -> None:
    lv = valve_level(leaks=[{"carrier": "coolant", "x": 6, "y": 2, "access": [6, 2]}])
    lv["layers"]["coolant"] = [c if c["x"] != 6 else {**c, "integrity": 3.0} for c in lv["layers"]["coolant"]]
    st2 = apply_action(load(lv), parse_action("interact"))
    assert st2.layers["coolant"].state[st2.grid.cell(6, 2)] == 2
    assert under(st2, "coolant", 6, 2)[2] == 3.0


def test_forecast_warns_about_pressure_drop() -> None:
    st = load(valve_level())
    drops = [(w.pulse, st.grid.xy(w.cell)) for w in st.forecasts if w.kind == "coolant_pressure_drop"]
    assert drops == [(1, (4, 2))]


def test_valve_validation_errors() -> None:
    bad = valve_level()
    bad["props"][1]["outlets"] = [[3, 0]]
    assert [(e.code, e.x, e.y) for e in check_level(bad).errors] == [("valve_outlet", 3, 2)]
    dry = valve_level()
    dry["props"][1]["x"], dry["props"][1]["y"] = 3, 3
    assert ("valve_network", 3, 3) in [(e.code, e.x, e.y) for e in check_level(dry).errors]
    far = valve_level()
    far["props"][1]["outlets"] = [[30, 1]]
    assert ("valve_outlet", 3, 2) in [(e.code, e.x, e.y) for e in check_level(far).errors]


def test_valve_can_be_used_on_two_pulses_in_a_row() -> None:
    # the drop lasts for the pulse: the network's own pressure feeds the next discharge
    st = load(valve_level())
    st2 = apply_action(st, parse_action("interact"))
    assert under(st2, "coolant", 3, 2)[1] == 0.0  # the valve's own drop shows for that pulse
    st3 = apply_action(st2, parse_action("interact"))
    assert st3.pressure_drop[st.grid.cell(3, 2)] == B.sprinkler_pressure_drop
    assert at(st3, "coolant", 3, 1) > at(advance_pulse(st2), "coolant", 3, 1)  # it sprayed again
