"""Network flow: sources, walk, absent cells, falloff, junction ratios, best incoming, clamp."""

from __future__ import annotations

import pytest
from reactor_kit import OPEN_ROOM, B, flow, level, load, under

from engine.core.hashing import state_hash
from engine.core.session import IllegalMoveError
from engine.reactor import apply_action, check_level, parse_action
from engine.reactor.f32 import f32
from engine.reactor.network import infer_junction, propagate
from engine.reactor.state import snapshot


def expected(d: int, carrier: str = "fuel") -> tuple[float, float]:
    a, i = B.source_amount[carrier], B.source_intensity[carrier]
    for _ in range(d):
        a = max(0.0, f32(a - B.falloff_amount[carrier]))
        i = max(0.0, f32(i - B.falloff_intensity[carrier]))
    return a, i


def test_distance_falloff_along_a_line() -> None:
    st = load(level(OPEN_ROOM, fuel=["", ".+++++++", ""], props=[flow(1, 1, "fuel")]))
    for d in range(7):
        a, i, integ = under(st, "fuel", 1 + d, 1)
        assert (a, i) == expected(d)
        assert integ == B.max_structural_integrity


def test_absent_cell_stops_the_walk_and_other_carriers_are_independent() -> None:
    st = load(level(OPEN_ROOM, fuel=["", ".+++.+++"], coolant=["", ".+++++++"], props=[flow(1, 1, "fuel")]))
    assert under(st, "fuel", 3, 1)[0] == expected(2)[0]
    assert under(st, "fuel", 5, 1)[:2] == (0.0, 0.0)  # disconnected topology gets nothing
    assert under(st, "coolant", 2, 1)[:2] == (0.0, 0.0)  # coolant has no source


def test_disabled_flow_prop_injects_nothing() -> None:
    st = load(level(OPEN_ROOM, fuel=["", ".++++"], props=[flow(1, 1, "fuel", enabled=False)]))
    assert all(v == 0 for v in st.layers["fuel"].amount)


def test_best_incoming_value_from_two_sources() -> None:
    st = load(level(OPEN_ROOM, fuel=["", ".++++++++"], props=[flow(1, 1, "fuel"), flow(8, 1, "fuel")]))
    # cell x=3 is 2 from the west source and 5 from the east source
    assert under(st, "fuel", 3, 1)[:2] == expected(2)
    assert under(st, "fuel", 6, 1)[:2] == expected(2)


def test_clamp_to_max_network_values() -> None:
    st = load(level(OPEN_ROOM, fuel=["", ".+++"], props=[flow(1, 1, "fuel")]))
    st.balance = B.model_copy(update={"max_network_amount": f32(4.0), "max_network_intensity": f32(3.0)})
    propagate(st)
    assert under(st, "fuel", 1, 1)[:2] == (4.0, 3.0)
    assert under(st, "fuel", 3, 1)[:2] == (4.0, 3.0)  # 9 and 7.5 clamped


T_ROOM = [
    "#######",
    "#.....#",
    "#.....#",
    "#.....#",
    "#######",
]
T_FUEL = ["", "...+", ".++++", "...+"]  # junction at (3,2): W incoming, N/E/S outgoing


def junction_level(mode: int = 0, **kw: object) -> dict:
    props = [flow(1, 2, "fuel"), {"kind": "junction", "x": 3, "y": 2, "ratio_mode": mode}]
    return level(T_ROOM, fuel=T_FUEL, props=props, robot=(3, 2), reactor=(5, 3), **kw)  # type: ignore[arg-type]


def test_junction_inference_incoming_and_outgoing() -> None:
    st = load(junction_level())
    info = infer_junction(st, st.grid.cell(3, 2))
    assert info.problem == ""
    assert info.incoming == 3  # west
    assert info.outgoing == (0, 1, 2)  # N, E, S


@pytest.mark.parametrize("mode", range(len(B.junction_ratio_modes)))
def test_junction_ratio_weights_divide_amount_and_intensity(mode: int) -> None:
    st = load(junction_level(mode))
    a_j, i_j = expected(2)
    assert under(st, "fuel", 3, 2)[:2] == (a_j, i_j)
    weights = B.junction_ratio_modes[mode]
    total = f32(sum(weights))
    for (x, y), w in zip([(3, 1), (4, 2), (3, 3)], weights, strict=True):
        a, i, _ = under(st, "fuel", x, y)
        if w == 0:
            assert (a, i) == (0.0, 0.0)  # zero weight: no intentional outflow
        else:
            assert a == max(0.0, f32(f32(f32(a_j * w) / total) - B.falloff_amount["fuel"]))
            assert i == max(0.0, f32(f32(f32(i_j * w) / total) - B.falloff_intensity["fuel"]))


def test_interact_cycles_junction_ratio_mode() -> None:
    st = load(junction_level())
    st2 = apply_action(st, parse_action("interact"))
    assert st2.props[st.grid.cell(3, 2)].ratio_mode == 1
    assert st2.pulse == 1
    n = len(B.junction_ratio_modes)
    s = st
    for _ in range(n):
        s = apply_action(s, parse_action("interact"))
    assert s.props[st.grid.cell(3, 2)].ratio_mode == 0


def test_junction_with_two_fed_sides_is_ambiguous() -> None:
    lv = junction_level()
    lv["props"].append(flow(4, 2, "fuel"))
    rep = check_level(lv)
    assert [(e.code, e.x, e.y) for e in rep.errors] == [("junction_ambiguous", 3, 2)]


def test_enabling_a_second_source_at_runtime_is_refused_without_mutation() -> None:
    lv = junction_level()
    lv["props"].append(flow(4, 2, "fuel", enabled=False))
    lv["robot"] = {"x": 4, "y": 2}
    st = load(lv)
    before = state_hash(snapshot(st))
    with pytest.raises(IllegalMoveError, match="equal-source ambiguity"):
        apply_action(st, parse_action("interact"))
    assert state_hash(snapshot(st)) == before


def test_network_loop_through_junction_is_an_error() -> None:
    lv = level(
        T_ROOM,
        fuel=["", "..+++", ".++++", "...+"],
        props=[flow(1, 2, "fuel"), {"kind": "junction", "x": 3, "y": 2}],
        robot=(1, 1),
        reactor=(5, 3),
    )
    rep = check_level(lv)
    assert [(e.code, e.x, e.y) for e in rep.errors] == [("junction_loop", 3, 2)]


def test_junction_needs_exactly_one_carrier_and_enough_branches() -> None:
    lv = junction_level()
    lv["layers"]["coolant"] = [{"x": 3, "y": 2}]
    rep = check_level(lv)
    assert ("junction_carriers", 3, 2) in [(e.code, e.x, e.y) for e in rep.errors]
    lv2 = level(
        T_ROOM,
        fuel=["", "", ".++++"],
        props=[flow(1, 2, "fuel"), {"kind": "junction", "x": 3, "y": 2}],
        robot=(1, 1),
        reactor=(5, 3),
    )
    rep2 = check_level(lv2)
    assert [(e.code, e.x, e.y) for e in rep2.errors] == [("junction_ambiguous", 3, 2)]


def test_leaking_cells_still_propagate() -> None:
    lv = level(
        OPEN_ROOM,
        fuel=["", ".+++++"],
        props=[flow(1, 1, "fuel")],
        leaks=[{"carrier": "fuel", "x": 3, "y": 1, "access": [3, 1]}],
    )
    st = load(lv)
    assert under(st, "fuel", 5, 1)[:2] == expected(4)
