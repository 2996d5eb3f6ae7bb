"""Validation issues carry the fact they state (``detail``, a key of ``MESSAGES``) and its parameters,
so a page words them without reading the English (#24); the English message is built from both."""

from __future__ import annotations

import string
from typing import Any

import pytest
from reactor_kit import OPEN_ROOM, consumer, flow, level

from engine.reactor import builtin_level, builtin_levels, check_level
from engine.reactor.validate import ERROR_CODES, MESSAGES, WARNING_CODES, Issue


def base(**kw: Any) -> dict[str, Any]:
    return level(OPEN_ROOM, robot=(1, 1), reactor=(8, 3), **kw)


def hard(lv: dict[str, Any]) -> dict[str, Any]:
    lv["meta"]["difficulty"] = "hard"
    return lv


def issues(lv: dict[str, Any]) -> list[Issue]:
    rep = check_level(lv)
    return rep.errors + rep.warnings


def one(lv: dict[str, Any], detail: str) -> Issue:
    [got] = [i for i in issues(lv) if i.detail == detail]
    return got


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_every_message_is_its_template_filled_with_the_params() -> None:
    cases = [
        base(props=[consumer(9, 1)]),
        base(fuel=["", ".++"], props=[consumer(2, 1)], required={"fuel": 2}),
        base(leaks=[{"carrier": "coolant", "x": 2, "y": 1, "access": [2, 1]}]),
        base(coolant=["", ".+"], props=[{"kind": "valve", "x": 1, "y": 1, "outlets": [[0, 0]]}]),
        base(props=[{"kind": "valve", "x": 1, "y": 1, "outlets": [[2, 2]]}]),
        base(props=[{"kind": "junction", "x": 2, "y": 2}]),
        base(fuel=["", "", ".++", "", ""], props=[{"kind": "junction", "x": 2, "y": 2}]),
        base(fuel=["", ".++", ".++", ".+"], props=[flow(1, 1, "fuel"), {"kind": "junction", "x": 1, "y": 2}]),
        hard(base(inventory={"fuel_neutralizer": 2, "heat_shield": 2})),
        *(builtin_level(n) for n in builtin_levels()),
    ]
    seen = 0
    for lv in cases:
        for i in issues(lv):
            assert i.code in ERROR_CODES + WARNING_CODES
            assert fields(MESSAGES[i.detail]) == set(i.args), i
            assert MESSAGES[i.detail].format(**i.args) == i.message, i
            assert i.as_dict()["detail"] == i.detail and i.as_dict()["params"] == i.args
            seen += 1
    assert seen >= 12


def test_junction_problems_name_their_branches() -> None:
    """The network words junction problems; validation reads the same topology for the parameters."""
    two = one(
        base(fuel=["", "", ".++"], coolant=["", "", "..+"], props=[{"kind": "junction", "x": 2, "y": 2}]),
        "junction_carriers",
    )
    assert two.args == {"found": 2} and two.message.endswith("found 2")
    none = one(base(props=[{"kind": "junction", "x": 2, "y": 2}]), "junction_carriers")
    assert none.args == {"found": 0}
    # two branches (W and E): one short of the three a junction needs
    short = one(
        base(fuel=["", "", ".+++", "", ""], props=[{"kind": "junction", "x": 2, "y": 2}]), "junction_branches"
    )
    assert short.args == {"branches": 2} and short.code == "junction_ambiguous"
    # three branches fed from N and W: two sources reach it
    fed = base(
        fuel=["", "..+", ".+++", "..+"],
        props=[flow(2, 1, "fuel"), flow(1, 2, "fuel"), {"kind": "junction", "x": 2, "y": 2}],
    )
    both = one(fed, "junction_sources")
    assert both.args == {"dirs": "N/W"} and both.message.endswith("from N/W")
    # a ring through the junction: its N and E branches meet again
    ring = one(
        base(fuel=["", ".+++", ".+.+", ".+++"], props=[{"kind": "junction", "x": 1, "y": 2}]), "junction_loop"
    )
    assert ring.code == "junction_loop" and {ring.args["a"], ring.args["b"]} == {"N", "S"}


@pytest.mark.parametrize(("difficulty", "warned"), [("normal", False), ("hard", True)])
def test_inventory_capacity_params_at_the_limit(difficulty: str, warned: bool) -> None:
    """4 items: capacity 4 on normal (value: no warning), 3 on hard (value + 1: warned, with params)."""
    lv = base(inventory={"fuel_neutralizer": 2, "heat_shield": 2})
    lv["meta"]["difficulty"] = difficulty
    got = [i for i in issues(lv) if i.detail == "inventory_capacity"]
    assert bool(got) == warned
    if warned:
        assert got[0].args == {"items": 4, "capacity": 3, "difficulty": "hard"}
