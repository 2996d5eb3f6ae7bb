"""Surface step: Flow, simultaneous deltas, clamping, mitigation first, evaporation, conduction,
door and remedy-block gating, injection."""

from __future__ import annotations

from reactor_kit import B, at, level, load, put

from engine.reactor import advance_step
from engine.reactor.f32 import f32
from engine.reactor.state import ReactorState

CORRIDOR = ["#######", "#.....#", "#######"]
CELL = ["#####", "#.#.#", "#####"]  # two isolated one-cell rooms


def corridor(**kw: object) -> ReactorState:
    lv = level(CORRIDOR, robot=(5, 1), reactor=(5, 1), **kw)  # type: ignore[arg-type]
    lv["props"] = [p for p in lv["props"] if p["kind"] != "reactor"] + [{"kind": "reactor", "x": 5, "y": 1}]
    st = load(lv).clone()
    return st


def cell_room() -> ReactorState:
    return load(level(CELL, robot=(3, 1), reactor=(3, 1))).clone()


def flow_of(q: str, diff: float, mult: float = 1.0) -> float:
    return min(f32(B.flow_amount[q] * mult), f32(diff / 4.0))


def test_flow_equalizes_across_bands_only() -> None:
    st = corridor()
    put(st, "fuel", 1, 1, 4.0)  # caution next to safe: Flow
    put(st, "fuel", 4, 1, 3.0)  # caution next to caution: Hold
    put(st, "fuel", 5, 1, 2.5)
    st2 = advance_step(st)
    moved = flow_of("fuel", 4.0)
    assert at(st2, "fuel", 1, 1) == f32(4.0 - moved)
    assert at(st2, "fuel", 2, 1) == moved
    # (4,1) caution flows into the safe (3,1) but holds against the caution (5,1)
    assert at(st2, "fuel", 3, 1) == flow_of("fuel", 3.0)
    assert at(st2, "fuel", 4, 1) == f32(3.0 - flow_of("fuel", 3.0))
    assert at(st2, "fuel", 5, 1) == 2.5


def test_deltas_are_applied_together() -> None:
    st = corridor()
    put(st, "heat", 3, 1, B.thresholds["heat"].caution)  # exactly caution, two safe neighbours
    st2 = advance_step(st)
    moved = flow_of("heat", B.thresholds["heat"].caution)
    # both neighbours receive the same amount: the second pair saw the pre-step value
    assert at(st2, "heat", 2, 1) == at(st2, "heat", 4, 1) == moved
    assert at(st2, "heat", 3, 1) == f32(f32(B.thresholds["heat"].caution - moved) - moved)


def test_ignition_clamps_heat_to_surface_max() -> None:
    st = cell_room()
    put(st, "fuel", 1, 1, 10.0)
    put(st, "heat", 1, 1, 9.9)
    st2 = advance_step(st)
    assert at(st2, "heat", 1, 1) == B.surface_max["heat"]
    assert at(st2, "fuel", 1, 1) == f32(10.0 - B.ignite_fuel)


def test_ignite_heat_scales_with_fuel_burnt() -> None:
    st = cell_room()
    put(st, "fuel", 1, 1, 0.2)
    put(st, "heat", 1, 1, 6.5)  # FuelSafe x HeatCritical = Ignite
    st2 = advance_step(st)
    burnt = min(B.ignite_fuel, f32(0.2))
    assert at(st2, "fuel", 1, 1) == 0.0
    assert at(st2, "heat", 1, 1) == f32(f32(6.5) + f32(f32(B.ignite_heat * burnt) / B.ignite_fuel))


def test_coolant_mitigation_runs_before_ignition() -> None:
    st = cell_room()
    put(st, "fuel", 1, 1, 2.2)  # caution
    put(st, "coolant", 1, 1, 3.0)  # caution
    put(st, "heat", 1, 1, 6.5)  # critical: FuelCaution x HeatCritical would Ignite
    st2 = advance_step(st)
    fuel = f32(f32(2.2) - B.dilute_amount)  # Dilute first: fuel drops to the Safe band
    heat = f32(f32(6.5) - B.quench_amount)  # Quench
    evap = f32(B.ambient_evaporation_per_step + f32(heat * B.heat_evaporation_scale))
    water = f32(3.0 - evap)
    heat = f32(heat - f32(evap * B.evaporation_cooling_scale))
    assert heat < B.thresholds["heat"].critical  # now FuelSafe x HeatCaution = Warm, not Ignite
    heat = f32(heat + B.warm_amount)
    assert at(st2, "fuel", 1, 1) == fuel
    assert at(st2, "coolant", 1, 1) == water
    assert at(st2, "heat", 1, 1) == heat


def test_evaporation_formula_and_cap() -> None:
    st = cell_room()
    put(st, "coolant", 1, 1, 1.0)
    put(st, "heat", 1, 1, 2.0)
    put(st, "coolant", 3, 1, 0.02)
    put(st, "heat", 3, 1, 5.0)
    st2 = advance_step(st)
    evap = f32(B.ambient_evaporation_per_step + f32(f32(2.0) * B.heat_evaporation_scale))
    assert at(st2, "coolant", 1, 1) == f32(1.0 - evap)
    assert at(st2, "heat", 1, 1) == f32(2.0 - f32(evap * B.evaporation_cooling_scale))
    capped = f32(0.02)  # evaporation capped by the water present
    assert at(st2, "coolant", 3, 1) == 0.0
    assert at(st2, "heat", 3, 1) == f32(5.0 - f32(capped * B.evaporation_cooling_scale))


def test_hot_cells_dry_faster_than_cold_cells() -> None:
    st = cell_room()
    put(st, "coolant", 1, 1, 1.0)
    put(st, "coolant", 3, 1, 1.0)
    put(st, "heat", 3, 1, 2.5)
    st2 = advance_step(st)
    assert at(st2, "coolant", 3, 1) < at(st2, "coolant", 1, 1) < 1.0


def test_wet_cells_conduct_electricity_faster() -> None:
    dry = corridor()
    put(dry, "electricity", 1, 1, 3.0)
    wet = corridor()
    put(wet, "electricity", 1, 1, 3.0)
    put(wet, "coolant", 1, 1, 1.0)
    put(wet, "coolant", 2, 1, 1.0)
    assert at(advance_step(dry), "electricity", 2, 1) == flow_of("electricity", 3.0)
    assert at(advance_step(wet), "electricity", 2, 1) == flow_of("electricity", 3.0, B.conduct_multiplier)
    assert flow_of("electricity", 3.0, B.conduct_multiplier) > flow_of("electricity", 3.0)


def test_wet_link_conducts_even_where_dry_flow_would_hold() -> None:
    wet = corridor()
    put(wet, "electricity", 1, 1, 1.5)  # safe x safe: Hold when dry
    put(wet, "coolant", 1, 1, 2.5)  # CoolantCaution x ElectricitySafe = Conduct
    put(wet, "coolant", 2, 1, 2.5)
    dry = corridor()
    put(dry, "electricity", 1, 1, 1.5)
    assert at(advance_step(dry), "electricity", 2, 1) == 0.0
    assert at(advance_step(wet), "electricity", 2, 1) == flow_of("electricity", 1.5, B.conduct_multiplier)


DOOR_EW = ["#######", "#.....#", "###.###", "#######"]


def test_closed_door_blocks_its_corridor_axis() -> None:
    terrain = ["#######", "#.....#", "#######"]
    for is_open in (False, True):
        lv = level(
            terrain, props=[{"kind": "door", "x": 3, "y": 1, "open": is_open}], robot=(1, 1), reactor=(5, 1)
        )
        st = load(lv).clone()
        put(st, "heat", 2, 1, 5.0)
        put(st, "fuel", 4, 1, 4.0)
        st2 = advance_step(st)
        if is_open:
            assert at(st2, "heat", 3, 1) > 0 and at(st2, "fuel", 3, 1) > 0
        else:
            assert at(st2, "heat", 3, 1) == 0.0 and at(st2, "fuel", 3, 1) == 0.0
            assert at(st2, "heat", 1, 1) > 0  # the other side of the hazard still spreads


def test_north_south_door_blocks_vertically_not_robot() -> None:
    terrain = ["###", "#.#", "#.#", "#.#", "###"]
    lv = level(terrain, props=[{"kind": "door", "x": 1, "y": 2}], robot=(1, 1), reactor=(1, 3))
    st = load(lv)
    from engine.reactor import apply_action, parse_action
    from engine.reactor.surface import door_axis

    assert door_axis(st, st.grid.cell(1, 2)) == "NS"
    s2 = st.clone()
    put(s2, "heat", 1, 1, 5.0)
    assert at(advance_step(s2), "heat", 1, 2) == 0.0
    moved = apply_action(st, parse_action("move s"))
    assert st.grid.xy(moved.robot) == (1, 2)  # closed doors do not block the robot


def test_remedy_block_gates_matching_element_only() -> None:
    st = corridor()
    put(st, "fuel", 1, 1, 4.0)
    put(st, "heat", 1, 1, 4.0)
    st.blocks["fuel"][st.grid.cell(2, 1)] = 2
    st2 = advance_step(st)
    assert at(st2, "fuel", 2, 1) == 0.0
    assert at(st2, "heat", 2, 1) > 0.0


def test_walls_never_hold_hazards() -> None:
    st = corridor()
    put(st, "heat", 1, 1, 10.0)
    put(st, "electricity", 2, 1, 10.0)
    for _ in range(6):
        st = advance_step(st)
    for i, w in enumerate(st.grid.walls):
        if w:
            assert all(st.surface[q][i] == 0.0 for q in st.surface)


def test_stored_values_are_single_precision() -> None:
    st = corridor()
    put(st, "fuel", 1, 1, 0.1)
    put(st, "heat", 2, 1, 4.7)
    put(st, "coolant", 2, 1, 2.3)
    for _ in range(5):
        st = advance_step(st)
    assert at(st, "fuel", 1, 1) == f32(0.1) != 0.1
    for arr in st.surface.values():
        for v in arr:
            assert v == f32(v)


def test_trace_amounts_below_safe_do_not_react() -> None:
    st = cell_room()
    put(st, "fuel", 1, 1, f32(B.thresholds["fuel"].safe / 2))
    put(st, "electricity", 1, 1, B.thresholds["electricity"].critical)  # would Ignite real fuel
    st2 = advance_step(st)
    assert at(st2, "heat", 1, 1) == 0.0
    assert at(st2, "fuel", 1, 1) == f32(B.thresholds["fuel"].safe / 2)


def test_different_quantities_do_not_react_across_cells() -> None:
    st = corridor()
    put(st, "fuel", 1, 1, 6.0)
    put(st, "heat", 2, 1, 7.0)  # adjacent, not same-cell: no Ignite between the two cells
    st2 = advance_step(st)
    assert at(st2, "fuel", 1, 1) == f32(6.0 - flow_of("fuel", 6.0))  # only fuel's own Flow
    assert at(st2, "heat", 1, 1) == flow_of("heat", 7.0)  # heat flowed in; no ignition heat yet
