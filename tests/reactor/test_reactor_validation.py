"""Validation: every error and warning with its stable code and cell; loader refuses errors."""

from __future__ import annotations

from typing import Any

import pytest
from reactor_kit import OPEN_ROOM, consumer, flow, level

from engine.core.schema import SchemaError
from engine.reactor import builtin_level, builtin_levels, check_level, load_level
from engine.reactor.validate import ERROR_CODES, WARNING_CODES


def errors(lv: dict[str, Any]) -> list[tuple[str, int | None, int | None]]:
    return [(e.code, e.x, e.y) for e in check_level(lv).errors]


def warnings(lv: dict[str, Any]) -> list[tuple[str, int | None, int | None]]:
    return [(w.code, w.x, w.y) for w in check_level(lv).warnings]


def base(**kw: Any) -> dict[str, Any]:
    return level(OPEN_ROOM, robot=(1, 1), reactor=(8, 3), **kw)


def test_clean_level_has_no_errors() -> None:
    assert errors(base()) == []


def test_dimension_errors() -> None:
    lv = base()
    lv["terrain"] = lv["terrain"][:-1]
    assert errors(lv) == [("dimensions", None, None)]
    lv = base()
    lv["terrain"][2] = "#...#"
    assert errors(lv) == [("dimensions", None, 2)]
    lv = base(fuel=["", "+"])
    lv["layers"]["fuel"].append({"x": 12, "y": 1})
    assert errors(lv) == [("dimensions", 12, 1)]


def test_robot_errors() -> None:
    lv = base()
    lv["robot"] = {"x": 0, "y": 0}
    assert errors(lv) == [("robot_position", 0, 0)]
    lv["robot"] = {"x": 20, "y": 1}
    assert errors(lv) == [("robot_position", 20, 1)]


def test_wall_hazard_and_prop_terrain() -> None:
    assert errors(base(surface=[{"x": 0, "y": 2, "heat": 1.0}])) == [("wall_hazard", 0, 2)]
    assert errors(base(props=[consumer(9, 1)])) == [("prop_terrain", 9, 1)]
    assert errors(base(props=[consumer(30, 1)])) == [("prop_terrain", 30, 1)]


def test_required_counts_error() -> None:
    assert errors(base(fuel=["", ".++"], props=[consumer(2, 1)], required={"fuel": 2})) == [
        ("required_counts", None, None)
    ]


def test_door_errors() -> None:
    assert errors(base(props=[{"kind": "door", "x": 4, "y": 2}])) == [("door_cell", 4, 2)]
    corner = ["#####", "#...#", "#####"]
    ok = level(corner, props=[{"kind": "door", "x": 2, "y": 1}], robot=(1, 1), reactor=(3, 1))
    assert errors(ok) == []
    both = ["#####", "#.#.#", "#####"]  # (1,1) has both opposing wall pairs: ambiguous
    amb = level(both, props=[{"kind": "door", "x": 1, "y": 1}], robot=(3, 1), reactor=(3, 1))
    assert errors(amb) == [("door_cell", 1, 1)]


@pytest.mark.parametrize(
    ("leak", "layers"),
    [
        ({"carrier": "fuel", "x": 2, "y": 1, "access": [3, 1]}, {"fuel": ["", "..+"]}),  # access not own cell
        ({"carrier": "fuel", "x": 0, "y": 1, "access": [1, 1]}, {"fuel": ["", "+"]}),  # fuel under a wall
        ({"carrier": "electricity", "x": 2, "y": 1, "access": [2, 1]}, {"electricity": ["", "..+"]}),  # floor
        (
            {"carrier": "electricity", "x": 0, "y": 1, "access": [1, 2]},
            {"electricity": ["", "+"]},
        ),  # not adjacent
        ({"carrier": "coolant", "x": 2, "y": 1, "access": [2, 1]}, {}),  # no network
        ({"carrier": "fuel", "x": 2, "y": 1, "access": [40, 1]}, {"fuel": ["", "..+"]}),  # out of bounds
    ],
)
def test_leak_access_errors(leak: dict[str, Any], layers: dict[str, list[str]]) -> None:
    lv = base(leaks=[leak], **layers)
    assert ("leak_access", leak["x"], leak["y"]) in errors(lv)


def test_valid_electricity_wall_leak() -> None:
    lv = base(leaks=[{"carrier": "electricity", "x": 0, "y": 1, "access": [1, 1]}], electricity=["", "+"])
    assert errors(lv) == []


def test_malformed_required_data() -> None:
    lv = base()
    lv["props"] = [p for p in lv["props"] if p["kind"] != "reactor"]
    assert errors(lv) == [("malformed", None, None)]
    assert ("malformed", 2, 1) in errors(base(props=[consumer(2, 1), consumer(2, 1)]))
    assert ("malformed", 2, 1) in errors(base(props=[flow(2, 1, "fuel")]))  # flow prop off its network
    lv = base(fuel=["", "..+"])
    lv["layers"]["fuel"][0]["state"] = "leaking"  # leaking cell without a leak record
    assert errors(lv) == [("malformed", 2, 1)]
    assert ("malformed", 2, 1) in errors(base(props=[{"kind": "junction", "x": 2, "y": 1, "ratio_mode": 50}]))


def test_schema_errors_are_explained() -> None:
    lv = base()
    lv["props"].append({"kind": "teleporter", "x": 1, "y": 1})
    with pytest.raises(SchemaError, match="props"):
        check_level(lv)
    lv = base()
    lv["terrain"][1] = "#..X.....#"
    with pytest.raises(SchemaError, match="terrain"):
        check_level(lv)
    with pytest.raises(SchemaError, match="JSON"):
        check_level("{not json")
    lv = base()
    lv["surprise"] = 1
    with pytest.raises(SchemaError, match="surprise"):
        check_level(lv)
    lv = base(surface=[{"x": 1, "y": 1, "heat": -1}])
    with pytest.raises(SchemaError, match="surface"):
        check_level(lv)


def test_loader_refuses_levels_with_errors() -> None:
    lv = base()
    lv["robot"] = {"x": 0, "y": 0}
    with pytest.raises(SchemaError, match=r"robot_position at \(0,0\)"):
        load_level(lv)


def test_warnings_each_name_their_cell() -> None:
    lv = base(
        fuel=["", ".++", "", "", ""],
        coolant=["", "", "", "......++"],
        props=[
            flow(1, 1, "fuel", enabled=False),
            consumer(2, 1),
            consumer(6, 2),
            {"kind": "supply", "x": 3, "y": 3, "item": "electricity"},
            {"kind": "valve", "x": 6, "y": 3, "outlets": [[1, 3]]},
        ],
        surface=[{"x": 4, "y": 2, "heat": 4.0}],
        required={"fuel": 1},
        inventory={"electricity_neutralizer": 5},
    )
    ws = warnings(lv)
    assert ("inventory_capacity", None, None) in ws  # level-wide: no cell
    assert ("starved_required_consumer", 2, 1) in ws
    assert ("unreachable_consumer", 6, 2) in ws
    assert ("no_source_path", 6, 3) in ws
    assert ("reactor_unready", 8, 3) in ws
    assert ("unused_supply", 3, 3) in ws
    assert ("valve_no_target", 6, 3) in ws
    assert ("hazard_no_remedy", 4, 2) in ws
    assert {w[0] for w in ws} == set(WARNING_CODES)
    assert check_level(lv).ok  # warnings never block


def test_every_error_code_is_reachable() -> None:
    seen: set[str] = set()
    lv = base()
    lv["terrain"] = lv["terrain"][:-1]
    for case in [
        lv,
        {**base(), "robot": {"x": 0, "y": 0}},
        base(surface=[{"x": 0, "y": 2, "heat": 1.0}]),
        base(props=[consumer(9, 1)]),
        base(fuel=["", ".++"], props=[consumer(2, 1)], required={"fuel": 2}),
        base(props=[{"kind": "door", "x": 4, "y": 2}]),
        base(leaks=[{"carrier": "coolant", "x": 2, "y": 1, "access": [2, 1]}]),
        base(coolant=["", ".+"], props=[{"kind": "valve", "x": 1, "y": 1, "outlets": [[0, 0]]}]),
        base(props=[{"kind": "valve", "x": 1, "y": 1, "outlets": [[2, 2]]}]),
        base(props=[{"kind": "junction", "x": 2, "y": 2}]),
        base(fuel=["", "", ".++", "", ""], props=[{"kind": "junction", "x": 2, "y": 2}]),
        base(fuel=["", ".++", ".++", ".+"], props=[flow(1, 1, "fuel"), {"kind": "junction", "x": 1, "y": 2}]),
        base(props=[consumer(2, 1), consumer(2, 1)]),
        {**base(), "dynamic": {"eye_access": True}},
    ]:
        seen |= {e.code for e in check_level(case).errors}
    assert seen == set(ERROR_CODES)


@pytest.mark.parametrize("name", builtin_levels())
def test_builtin_levels_are_valid(name: str) -> None:
    assert check_level(builtin_level(name)).ok


def test_start_inventory_above_the_difficulty_capacity_is_a_warning() -> None:
    """Balance: InventoryCapacity 4 (normal), 3 (hard), 6 (easy); a fuller start is accepted but said."""
    four = {"fuel_neutralizer": 2, "heat_shield": 2}
    lv = base(inventory=four)
    assert errors(lv) == []
    assert ("inventory_capacity", None, None) not in warnings(lv)  # 4 of 4 on normal
    lv["meta"]["difficulty"] = "hard"
    assert errors(lv) == [] and ("inventory_capacity", None, None) in warnings(lv)  # 4 of 3
    [w] = [w for w in check_level(lv).warnings if w.code == "inventory_capacity"]
    assert w.message == "4 items, capacity 3 on hard"
    lv["meta"]["difficulty"] = "easy"
    assert ("inventory_capacity", None, None) not in warnings(lv)


def test_level_data_cannot_carry_eye_access() -> None:
    # the design forbids a persistent unlock in level data; a saved state never writes one
    lv = {**base(), "dynamic": {"eye_access": True}}
    codes = [e.code for e in check_level(lv).errors]
    assert codes == ["eye_access"]
    st = load_level(base(props=[{"kind": "terminal", "x": 1, "y": 1}]))
    from engine.reactor import apply_action, parse_action, save_level

    st = apply_action(st, parse_action("interact"))
    assert st.eye_access
    assert save_level(st).dynamic is not None and not save_level(st).dynamic.eye_access
