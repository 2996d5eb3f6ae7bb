"""Structural integrity: the four rules, automatic leak creation and access order, leak repair."""

from __future__ import annotations

import pytest
from reactor_kit import OPEN_ROOM, B, at, flow, level, load, under

from engine.core.session import IllegalMoveError
from engine.reactor import advance_pulse, apply_action, parse_action
from engine.reactor.f32 import f32
from engine.reactor.pulse import run_pulse
from engine.reactor.state import INTACT, LEAKING

TERMINAL = {"kind": "terminal", "x": 1, "y": 3}


def pulse(st, n=1):  # type: ignore[no-untyped-def]
    for _ in range(n):
        st = advance_pulse(st)
    return st


def test_degradation_follows_the_formula_and_leaks_at_threshold() -> None:
    lv = level(
        OPEN_ROOM, fuel=["", ".+6+++"], props=[flow(1, 1, "fuel"), TERMINAL], robot=(1, 3), reactor=(8, 3)
    )
    st = load(lv)
    intensity = under(st, "fuel", 2, 1)[1]
    assert intensity > B.structural_integrity_high_intensity_threshold
    integ = f32(6.0)
    leak_pulse = None
    for k in range(1, 12):
        st = pulse(st)
        if leak_pulse is None:  # once leaking, the cell keeps its integrity until repaired
            integ = f32(
                integ
                - f32(
                    f32(intensity - B.structural_integrity_high_intensity_threshold)
                    * B.structural_integrity_damage_scale
                )
            )
            integ = max(0.0, integ)
        assert under(st, "fuel", 2, 1)[2] == integ
        assert under(st, "fuel", 3, 1)[2] == B.max_structural_integrity  # max integrity never weakens
        if integ <= B.structural_integrity_leak_threshold and leak_pulse is None:
            leak_pulse = k
            assert st.layers["fuel"].state[st.grid.cell(2, 1)] == LEAKING
            assert [(lk.carrier, lk.cell, lk.access, lk.repaired) for lk in st.leaks] == [
                ("fuel", st.grid.cell(2, 1), st.grid.cell(2, 1), False)
            ]
            assert "fuel leak at (2,1)" in st.events
        elif leak_pulse is None:
            assert st.leaks == []
    assert leak_pulse == 5  # 6 - 5 * (7.75 - 6) * 0.25 = 3.8125 <= 4 with the Normal preset


def test_low_intensity_does_not_weaken_and_zero_intensity_does_not_leak() -> None:
    far = "." + "+" * 9  # x = 9 (under the east wall) is 8 cells away: intensity exactly the threshold
    lv = level(
        OPEN_ROOM, fuel=["", far, "", ""], props=[flow(1, 1, "fuel"), TERMINAL], robot=(1, 3), reactor=(8, 3)
    )
    lv["layers"]["fuel"] = [c if c["x"] != 9 else {**c, "integrity": 5.0} for c in lv["layers"]["fuel"]]
    lv["layers"]["coolant"] = [{"x": 5, "y": 2, "integrity": 1.0}]  # no source: intensity 0
    st = pulse(load(lv), 2)
    assert under(st, "fuel", 9, 1)[1] == B.structural_integrity_high_intensity_threshold
    assert under(st, "fuel", 9, 1)[2] == 5.0
    assert st.layers["coolant"].state[st.grid.cell(5, 2)] == INTACT
    assert st.leaks == []


def test_integrity_clamps_at_zero() -> None:
    lv = level(
        OPEN_ROOM, fuel=["", ".+0"], props=[flow(1, 1, "fuel"), TERMINAL], robot=(1, 3), reactor=(8, 3)
    )
    lv["layers"]["fuel"][1]["integrity"] = 0.1
    st = pulse(load(lv))
    assert under(st, "fuel", 2, 1)[2] == 0.0
    assert st.layers["fuel"].state[st.grid.cell(2, 1)] == LEAKING


@pytest.mark.parametrize(
    ("terrain", "face"),
    [
        (["#####", "#...#", "#.#.#", "#...#", "#####"], (2, 1)),  # N first
        (["#####", "#.#.#", "#.#.#", "#...#", "#####"], (3, 2)),  # then E
        (["#####", "#.#.#", "#.###", "#...#", "#####"], (2, 3)),  # then S
        (["#####", "#.#.#", "#.###", "#.###", "#####"], (1, 2)),  # then W
    ],
)
def test_electricity_auto_leak_access_order_n_e_s_w(terrain: list[str], face: tuple[int, int]) -> None:
    lv = level(
        terrain,
        electricity=["", "", ".+0"],
        props=[flow(1, 2, "electricity")],
        robot=(1, 1),
        reactor=(1, 3) if terrain[3][1] == "." else (3, 1),
    )
    st = pulse(load(lv))
    (lk,) = st.leaks
    assert lk.carrier == "electricity"
    assert st.grid.xy(lk.access) == face
    assert st.layers["electricity"].state[st.grid.cell(2, 2)] == LEAKING


def test_no_floor_access_means_no_leak_state() -> None:
    lv = level(
        OPEN_ROOM,
        fuel=["0+", ".+"],
        electricity=["", "", ".+0"],
        props=[flow(1, 1, "fuel"), flow(1, 2, "electricity"), TERMINAL],
        robot=(1, 3),
        reactor=(8, 3),
    )
    st = pulse(load(lv))
    assert under(st, "fuel", 0, 0)[1] > 0  # a fuel cell under a wall with pressure
    assert st.layers["fuel"].state[st.grid.cell(0, 0)] == INTACT
    assert st.layers["electricity"].state[st.grid.cell(2, 2)] == INTACT  # electricity under floor
    assert st.leaks == []


def leaky() -> dict:
    return level(
        OPEN_ROOM,
        fuel=["", ".+++"],
        props=[flow(1, 1, "fuel")],
        robot=(3, 1),
        reactor=(8, 3),
        leaks=[{"carrier": "fuel", "x": 3, "y": 1, "access": [3, 1]}],
    )


def test_leak_injects_fraction_of_amount_each_step() -> None:
    st = load(leaky())
    amount = under(st, "fuel", 3, 1)[0]
    per_step = f32(f32(amount * B.leak_injection_scale["fuel"]) / B.pulse_steps)
    sim = st.clone()
    from engine.reactor import surface

    surface.inject(sim)
    assert at(sim, "fuel", 3, 1) == per_step


def test_repair_restores_intact_max_integrity_and_keeps_hazards() -> None:
    st = load(leaky())
    away = apply_action(st, parse_action("move w"))
    with pytest.raises(IllegalMoveError, match="no reachable leak"):
        apply_action(away, parse_action("repair"))
    st = advance_pulse(st)  # let the leak inject for one pulse first
    spilled = at(st, "fuel", 3, 1)
    assert spilled > 0
    fixed = apply_action(st, parse_action("repair fuel"))
    i = st.grid.cell(3, 1)
    assert fixed.layers["fuel"].state[i] == INTACT
    assert fixed.layers["fuel"].integrity[i] == B.max_structural_integrity
    assert fixed.leaks[0].repaired is True
    assert at(fixed, "fuel", 3, 1) > 0  # existing hazard is not cleaned
    expect = st.clone()
    expect.leaks[0].repaired = True
    expect.layers["fuel"].state[i] = INTACT
    expect.layers["fuel"].integrity[i] = B.max_structural_integrity
    run_pulse(expect)
    assert list(fixed.surface["fuel"]) == list(expect.surface["fuel"])  # no further injection
    with pytest.raises(IllegalMoveError, match="no reachable leak"):
        apply_action(fixed, parse_action("repair"))


def test_existing_leak_keeps_its_integrity_until_repaired() -> None:
    lv = level(
        OPEN_ROOM,
        fuel=["", ".+++"],
        props=[flow(1, 1, "fuel")],
        robot=(1, 3),
        reactor=(8, 3),
        leaks=[{"carrier": "fuel", "x": 2, "y": 1, "access": [2, 1]}],
    )
    lv["layers"]["fuel"][1]["integrity"] = 3.5
    st = pulse(load(lv), 3)
    assert under(st, "fuel", 2, 1)[1] > B.structural_integrity_high_intensity_threshold
    assert under(st, "fuel", 2, 1)[2] == 3.5
