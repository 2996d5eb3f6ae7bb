"""What the board marks as deadly and which action buttons are live (engine views the glue draws)."""

from __future__ import annotations

from reactor_kit import OPEN_ROOM, B, level, load

from engine.reactor import advance_pulse, apply_action, parse_action
from engine.reactor.actions import action_options
from engine.reactor.views import danger_cells, kill_thresholds, robot_doomed_next_pulse


def test_lethal_heat_is_marked_but_caution_heat_below_the_limit_is_not() -> None:
    # heat 5 kills while both 4 and 5 sit in the caution band (3..6): only the lethal one is marked
    lv = level(OPEN_ROOM, surface=[{"x": 4, "y": 2, "heat": 4.0}, {"x": 6, "y": 2, "heat": 5.0}])
    st = load(lv)
    d = danger_cells(st)
    assert d[st.grid.cell(6, 2)][0] == "heat"
    assert st.grid.cell(4, 2) not in d or d[st.grid.cell(4, 2)][0] == ""


def _warm_room():
    # blazes (10) in columns 3 and 5 with warm cells (4.8, safe to stand on now) between them
    surf = [{"x": x, "y": y, "heat": 10.0} for x in (3, 5) for y in (1, 2, 3)]
    surf += [{"x": 4, "y": y, "heat": 4.8} for y in (1, 2, 3)]
    return level(OPEN_ROOM, surface=surf, robot=(4, 2), reactor=(8, 3))


def test_next_pulse_danger_comes_from_the_forecast() -> None:
    st = load(_warm_room())
    d = danger_cells(st)
    warm = st.grid.cell(4, 2)
    assert d[warm] == ("", "heat")  # safe now, lethal after the next pulse
    after = advance_pulse(st)
    assert after.surface["heat"][warm] >= B.robot_unsafe["heat"]  # the mark told the truth
    assert robot_doomed_next_pulse(st)  # the robot stands there
    away = apply_action(apply_action(st, parse_action("move n")), parse_action("move s"))
    assert robot_doomed_next_pulse(away)  # back on the same cell
    st = load(level(OPEN_ROOM, robot=(4, 2)))
    assert not robot_doomed_next_pulse(st)


def test_kill_thresholds_come_from_balance() -> None:
    st = load(level(OPEN_ROOM))
    k = kill_thresholds(st)
    assert k["heat"] == B.robot_unsafe["heat"] and k["electricity"] == B.robot_unsafe["electricity"]
    assert "coolant" not in k and k["reactor_heat"] == B.reactor_heat_terminal


def test_action_options_match_the_refusals() -> None:
    st = load(level(OPEN_ROOM, props=[{"kind": "flow", "x": 1, "y": 1, "carrier": "fuel"}], fuel=["", "++"]))
    o = action_options(st)
    assert o["interact"] and not o["repair"] and not o["activate"] and not o["shield"]
    for text, on in o.items():
        try:
            apply_action(st, parse_action(text))
            accepted = True
        except ValueError:
            accepted = False
        assert accepted == on, text
