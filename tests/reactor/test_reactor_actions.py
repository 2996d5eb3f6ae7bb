"""Quick vs lengthy actions, refusals without mutation, robot safety, heat immunity, inventory,
supplies, neutralisers, heat shield, all-seeing-eye, action text forms."""

from __future__ import annotations

import pytest
from reactor_kit import OPEN_ROOM, B, at, level, load, put

from engine.core.hashing import state_hash
from engine.core.session import IllegalMoveError
from engine.reactor import advance_pulse, apply_action, can_view_underground, format_action, parse_action
from engine.reactor.state import ReactorState, snapshot
from engine.reactor.views import inspect_cell, underground_view


def act(st: ReactorState, *texts: str) -> ReactorState:
    for t in texts:
        st = apply_action(st, parse_action(t))
    return st


def room(**kw: object) -> ReactorState:
    return load(level(OPEN_ROOM, robot=(1, 1), reactor=(8, 3), **kw))  # type: ignore[arg-type]


def supply(x: int, y: int, item: str) -> dict:
    return {"kind": "supply", "x": x, "y": y, "item": item}


def test_quick_actions_never_pulse() -> None:
    st = room(surface=[{"x": 4, "y": 2, "heat": 5.0}])
    st2 = act(st, "move e", "move s", "inspect 4 2", "move w")
    assert st2.pulse == 0
    assert list(st2.surface["heat"]) == list(st.surface["heat"])
    assert st.grid.xy(st2.robot) == (1, 2)


def test_lengthy_actions_pulse_exactly_once() -> None:
    st = room(props=[supply(1, 1, "heat")])
    st2 = act(st, "interact")
    assert st2.pulse == 1
    st3 = act(st2, "shield")
    assert st3.pulse == 2


@pytest.mark.parametrize(
    ("moves", "reason"),
    [
        (["move n"], "wall"),
        (["move w"], "wall"),
        (["interact"], "no prop"),
        (["repair"], "no reachable leak"),
        (["remedy fuel"], "no fuel neutralizer"),
        (["shield"], "no heat shield"),
        (["activate"], "not at a reactor"),
        (["view"], "all-seeing-eye"),
        (["inspect 40 1"], "out of bounds"),
    ],
)
def test_refusals_give_a_reason_and_do_not_mutate(moves: list[str], reason: str) -> None:
    st = room()
    before = state_hash(snapshot(st))
    with pytest.raises(IllegalMoveError, match=reason):
        act(st, *moves)
    assert state_hash(snapshot(st)) == before


def test_move_out_of_bounds_is_refused() -> None:
    terrain = ["....", "....", "####"]
    st = load(level(terrain, robot=(0, 0), reactor=(3, 1)))
    with pytest.raises(IllegalMoveError, match="out of bounds"):
        act(st, "move n")


def test_supply_pickup_depletes_and_respects_capacity() -> None:
    st = room(props=[supply(1, 1, "fuel")], inventory={"heat_shield": B.inventory_capacity - 1})
    st2 = act(st, "interact")
    assert st2.inventory["fuel_neutralizer"] == 1
    assert st2.props[st.grid.cell(1, 1)].depleted
    with pytest.raises(IllegalMoveError, match="depleted"):
        act(st2, "interact")
    full = room(props=[supply(1, 1, "coolant")], inventory={"heat_shield": B.inventory_capacity})
    with pytest.raises(IllegalMoveError, match="inventory is full"):
        act(full, "interact")


def test_neutraliser_removes_matching_element_and_blocks_reentry() -> None:
    st = room(
        inventory={"fuel_neutralizer": 1},
        surface=[{"x": 1, "y": 1, "fuel": 4.0, "heat": 2.0}, {"x": 2, "y": 1, "fuel": 4.0}],
    )
    st2 = act(st, "remedy fuel")
    i = st.grid.cell(1, 1)
    assert st2.inventory["fuel_neutralizer"] == 0
    assert st2.blocks["fuel"][i] == B.remedy_duration - 1  # counted down once at the end of the pulse
    assert at(st2, "fuel", 1, 1) == 0.0  # neighbour fuel could not flow back in
    assert at(st2, "heat", 1, 1) > 0  # heat is not removed
    s = st2
    for _ in range(B.remedy_duration - 1):
        s = advance_pulse(s)
    assert s.blocks["fuel"][i] == 0
    s = s.clone()
    put(s, "fuel", 2, 1, 4.0)
    assert at(advance_pulse(s), "fuel", 1, 1) > 0  # block expired: fuel may enter again


def test_remedy_block_stops_leak_injection() -> None:
    lv = level(
        OPEN_ROOM,
        fuel=["", ".+++"],
        props=[{"kind": "flow", "x": 1, "y": 1, "carrier": "fuel"}],
        leaks=[{"carrier": "fuel", "x": 3, "y": 1, "access": [3, 1]}],
        robot=(3, 1),
        reactor=(8, 3),
        inventory={"fuel_neutralizer": 1},
    )
    st2 = act(load(lv), "remedy fuel")
    assert at(st2, "fuel", 3, 1) == 0.0
    assert st2.leaks[0].repaired is False  # a neutraliser does not repair


def test_heat_shield_protects_from_heat_only() -> None:
    hot = [{"x": 1, "y": 1, "heat": 7.0}, {"x": 2, "y": 1, "heat": 7.0}, {"x": 1, "y": 2, "heat": 7.0}]
    st = room(inventory={"heat_shield": 1}, surface=hot)
    st2 = act(st, "shield")
    assert st2.outcome is None
    assert st2.heat_immunity == B.heat_immunity_steps  # the raising pulse spends none (RULES.md)
    assert advance_pulse(st2).heat_immunity == B.heat_immunity_steps - 1  # a later pulse spends one
    assert at(st2, "heat", 1, 1) >= B.robot_unsafe["heat"]  # shield does not remove heat
    lost = advance_pulse(room(surface=hot))
    assert lost.outcome is not None and lost.outcome.reason == "robot_hazard"
    zapped = [
        {"x": 1, "y": 1, "electricity": 9.0},
        {"x": 2, "y": 1, "electricity": 9.0},
        {"x": 1, "y": 2, "electricity": 9.0},
    ]
    st3 = act(room(inventory={"heat_shield": 1}, surface=zapped), "shield")
    assert st3.outcome is not None and st3.outcome.reason == "robot_hazard"


def test_heat_immunity_counts_movement_steps() -> None:
    hot = [
        {"x": x, "y": y, "heat": 10.0} for x in range(1, 8) for y in range(1, 4)
    ]  # critical x critical holds
    st = room(inventory={"heat_shield": 1}, surface=hot)
    st = act(st, "shield")
    left = st.heat_immunity
    assert left == B.heat_immunity_steps  # a shield of N steps gives N protected moves
    for k in range(left):
        st = act(st, "move s" if k == 0 else "move e")
        assert st.outcome is None
        assert st.heat_immunity == left - k - 1
    st = act(st, "move e")
    assert st.outcome is not None and st.outcome.reason == "robot_hazard"
    assert st.level_state == "Lost"


def test_moving_into_lethal_hazard_without_protection_loses() -> None:
    st = room(surface=[{"x": 2, "y": 1, "electricity": B.robot_unsafe["electricity"]}])
    st2 = act(st, "move e")
    assert st2.outcome is not None and st2.outcome.reason == "robot_hazard"
    assert st2.pulse == 0


def test_all_seeing_eye_terminal() -> None:
    st = room(props=[{"kind": "terminal", "x": 2, "y": 1}], fuel=["", "+++"])
    assert not can_view_underground(st)
    assert "underground" not in inspect_cell(st, 1, 1)
    on = act(st, "move e")
    assert can_view_underground(on)
    assert underground_view(on)["fuel"][1][1] is not None
    off = act(on, "move w")
    assert not can_view_underground(off)  # viewing needs the terminal ...
    kept = act(on, "interact", "move w")  # ... unless access was activated there
    assert kept.eye_access and can_view_underground(kept)
    assert inspect_cell(kept, 1, 1)["underground"]["fuel"]["integrity"] == "10.0"


@pytest.mark.parametrize(
    "text",
    [
        "move n",
        "move e",
        "move s",
        "move w",
        "inspect 3 4",
        "view",
        "interact",
        "repair",
        "repair fuel",
        "repair electricity",
        "remedy coolant",
        "shield",
        "activate",
    ],
)
def test_action_text_round_trip(text: str) -> None:
    a = parse_action(text)
    assert format_action(a) == text
    assert parse_action(str(a)) == a
    assert eval(repr(a), {"parse_action": parse_action}) == a


@pytest.mark.parametrize(
    "text",
    [
        "",
        "jump",
        "move",
        "move up",
        "move n e",
        "inspect 1",
        "inspect a b",
        "inspect -1 2",
        "remedy heat",
        "remedy",
        "repair water",
        "shield now",
        "x" * 100,
        "view 1",
    ],
)
def test_malformed_action_text(text: str) -> None:
    with pytest.raises(ValueError):
        parse_action(text)


def test_pulse_length_is_the_same_for_every_lengthy_action() -> None:
    from engine.reactor.f32 import f32

    terrain = ["#######", "#.#...#", "#######"]
    lv = level(
        terrain,
        fuel=["", ".+"],
        props=[
            {"kind": "flow", "x": 1, "y": 1, "carrier": "fuel"},
            supply(3, 1, "heat"),
            {"kind": "terminal", "x": 4, "y": 1},
        ],
        leaks=[{"carrier": "fuel", "x": 1, "y": 1, "access": [1, 1]}],
        robot=(3, 1),
        reactor=(5, 1),
    )
    st = load(lv)
    per_step = f32(f32(B.source_amount["fuel"] * B.leak_injection_scale["fuel"]) / B.pulse_steps)
    expected = 0.0
    for text in ["interact", "shield", "move e", "interact"]:
        before = st.pulse
        st = act(st, text)
        if text.startswith("move"):
            assert st.pulse == before
            continue
        assert st.pulse == before + 1
        for _ in range(B.pulse_steps):  # the isolated leak cell gains exactly PulseSteps injections
            expected = f32(expected + per_step)
        assert at(st, "fuel", 1, 1) == expected


@pytest.mark.parametrize("bad", [("move", "up"), ("remedy", "heat"), ("fly", ""), ("repair", "steam")])
def test_hand_built_malformed_actions_are_refused(bad: tuple[str, str]) -> None:
    from engine.reactor import Action

    st = room()
    with pytest.raises(IllegalMoveError, match="malformed"):
        apply_action(st, Action(*bad))


def test_refusals_carry_a_stable_code() -> None:
    from engine.reactor.actions import REFUSAL_CODES, Refusal

    st = room()
    cases = {
        "interact": "no_prop",
        "repair": "no_leak",
        "shield": "no_item",
        "activate": "not_at_reactor",
        "view": "eye_needed",
    }
    for text, code in cases.items():
        try:
            act(st, text)
        except Refusal as exc:
            assert exc.code == code and code in REFUSAL_CODES, text
        else:
            raise AssertionError(f"{text} was accepted")
