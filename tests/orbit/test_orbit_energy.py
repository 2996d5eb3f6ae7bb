"""Energy allocation, the four validation rules, partial deallocation, heat generation/damage/venting."""

from __future__ import annotations

import pytest
from orbit_helpers import FAR, make, run, turn

from engine.core.session import IllegalMoveError
from engine.orbit.moves import parse_plan
from engine.orbit.turn import validate


def codes(state, text):
    return sorted(p.code for p in validate(state, parse_plan(text)))


def test_starting_ship():
    s = make(*FAR)
    ship = s.ships[0]
    assert ship.reactor_free == 10 and ship.alloc == (0,) * 7
    assert (ship.heat, ship.hull, ship.mass) == (0, 20, 10)


def test_allocation_persists_across_turns():
    s = run(make(*FAR), "eng=2 las=2 shd=2 coast", "coast", "coast")
    assert s.ships[0].alloc == (2, 0, 0, 2, 0, 0, 2)
    assert s.ships[0].reactor_free == 4


def test_rule_subsystem_maximum():
    s = make(*FAR)
    assert codes(s, "las=3 coast") == ["subsystem_max"]
    assert codes(s, "eng=3 coast") == []  # engines take 3 (issue 8)
    assert codes(s, "eng=4 coast") == ["subsystem_max"]
    assert codes(s, "thr=2 coast") == ["subsystem_max"]


def test_rule_reactor_available():
    s = make(*FAR)
    assert codes(s, "eng=3 thr=1 scp=1 rail=4 shd=2 coast") == ["reactor"]  # 11 > 10
    assert codes(s, "eng=3 thr=1 rail=4 shd=2 coast") == []  # exactly 10


def test_deallocated_energy_is_not_reusable_in_the_same_turn():
    # Allocation (step 1) happens before deallocation (step 2): moving 2 units from laser to shields
    # takes two turns when the reactor is empty.
    full = {"eng": 2, "thr": 1, "scp": 1, "las": 2, "mis": 2, "shd": 2}
    s = make({"ring": 5, "sector": 0, "energy": full}, FAR[1])
    assert s.ships[0].reactor_free == 0
    assert codes(s, "las=0 rail=2 coast") == ["reactor"]
    s = run(s, "las=0 coast", "coast")
    assert s.ships[0].reactor_free == 2
    assert codes(s, "rail=2 coast") == []


def test_rule_deallocation_limit_and_partial_deallocation():
    s = make({"ring": 5, "sector": 0, "energy": {"rail": 4, "shd": 2}}, FAR[1])
    assert codes(s, "rail=0 coast") == ["dealloc_limit", "return_limit"]
    s = run(s, "rail=1 coast")  # 3 this turn ...
    assert s.ships[0].alloc[4] == 1 and s.ships[0].reactor_free == 7
    s = run(s, "coast", "rail=0 coast")  # ... the rest next turn
    assert s.ships[0].alloc[4] == 0 and s.ships[0].reactor_free == 8
    assert codes(s, "shd=0 rail=0 coast") == []


def test_rule_combined_deallocation_and_venting():
    s = make({"ring": 5, "sector": 0, "energy": {"las": 2, "shd": 2}, "heat": 2}, FAR[1])
    assert codes(s, "las=0 vent=1 coast") == []  # 2 + 1 = 3
    assert codes(s, "las=0 vent=2 coast") == ["return_limit"]  # 2 + 2 = 4
    assert codes(s, "las=0 shd=1 vent=1 coast") == ["return_limit"]
    assert codes(s, "vent=3 coast") == ["vent_heat"]  # only 2 heat aboard


def test_illegal_plan_leaves_state_untouched():
    s = make(*FAR)
    with pytest.raises(IllegalMoveError, match="reactor"):
        turn(s, "eng=3 thr=1 scp=1 rail=4 shd=2 coast")
    assert s.turn == 0 and s.ships[0].alloc == (0,) * 7


def test_subsystem_below_minimum_is_inactive():
    s = make(*FAR)
    assert codes(s, "thr=0 rotate coast") == ["rotate_unpowered"]
    s = make({"ring": 5, "sector": 0, "energy": {"rail": 3}}, {"ring": 5, "sector": 2})
    assert codes(s, "fire=rail:1 coast") == ["weapon_unpowered"]


def test_heat_timing_overclocked_engines():
    s = make(*FAR)
    s, ev = turn(s, "eng=3 coast")  # turn 1: 1 heat generated, no damage
    assert (s.ships[0].heat, s.ships[0].hull) == (1, 20)
    assert [e.kind for e in ev if e.step in (7, 8)] == ["heat"]
    s = run(s, "coast")
    s, ev = turn(s, "coast")  # turn 2: 1 damage from turn 1's heat, then 1 more heat
    assert (s.ships[0].heat, s.ships[0].hull) == (2, 19)
    assert [(e.step, e.kind, e.amount) for e in ev if e.step in (7, 8)] == [
        (7, "heat_damage", 1),
        (8, "heat", 1),
    ]
    s = run(s, "coast", "coast")  # turn 3: 2 damage
    assert (s.ships[0].heat, s.ships[0].hull) == (3, 17)


def test_venting_this_turn_reduces_heat_damage():
    s = make({"ring": 5, "sector": 0, "heat": 3}, FAR[1])
    s1 = run(s, "vent=2 coast")
    assert (s1.ships[0].heat, s1.ships[0].hull) == (1, 19)
    s2 = run(s, "vent=3 coast")
    assert (s2.ships[0].heat, s2.ships[0].hull) == (0, 20)
    s3 = run(s, "coast")
    assert (s3.ships[0].heat, s3.ships[0].hull) == (3, 17)


def test_vent_and_overclock_same_turn():
    # Heat generated in step 8 of this turn is still aboard for next turn's damage even after venting.
    s = make({"ring": 5, "sector": 0, "heat": 1, "energy": {"eng": 3}}, FAR[1])
    s = run(s, "vent=1 coast")
    assert (s.ships[0].heat, s.ships[0].hull) == (1, 20)


def test_railgun_heat_only_when_fired():
    s = make({"ring": 5, "sector": 0, "energy": {"rail": 4}}, {"ring": 5, "sector": 10})
    s2 = run(s, "coast")
    assert s2.ships[0].heat == 0
    s3 = run(s, "fire=rail:1 coast")
    assert s3.ships[0].heat == 1
