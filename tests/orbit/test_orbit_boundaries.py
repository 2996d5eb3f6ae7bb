"""Every threshold of Orbit's RULES.md at value - 1, value and value + 1 (issue 24), table-driven.

Each row names the rule, the three values and what the engine must say at each: a plan's problem
codes (``validate``), whether a weapon reaches (``in_range``), the heat made, the mass scooped, the
hull left. A row fails if the boundary moves by one either way.
"""

from __future__ import annotations

from typing import Any

import pytest
from orbit_helpers import make, turn

from engine.orbit.moves import parse_plan
from engine.orbit.rules import (
    HULL_START,
    MASS_MAX,
    REACTOR_UNITS,
    RETURN_LIMIT,
    SPECS,
    Facing,
    Subsystem,
    Weapon,
    in_range,
)
from engine.orbit.turn import turn_heat, validate

FAR = {"ring": 5, "sector": 48}


def codes(ship: dict[str, Any], text: str, *others: dict[str, Any]) -> set[str]:
    s = make(ship, *(others or (FAR,)))
    return {p.code for p in validate(s, parse_plan(text))}


# -- energy: subsystem maximum (value = the maximum) -----------------------------------------------------
MAXIMA = [(s, SPECS[s].maximum) for s in Subsystem]


@pytest.mark.parametrize(("sub", "top"), MAXIMA, ids=[s.value for s, _ in MAXIMA])
@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_subsystem_maximum(sub: Subsystem, top: int, delta: int) -> None:
    got = codes({"ring": 3, "sector": 0}, f"{sub.value}={top + delta}")
    assert ("subsystem_max" in got) == (delta > 0)


# -- energy: the reactor (value = the free energy at the start of the turn) ----------------------------------
@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_reactor_free_energy(delta: int) -> None:
    used = {"eng": 3, "scp": 1}  # 4 allocated, 6 free
    free = REACTOR_UNITS - 4
    want = free + delta  # spread over rail (max 4) and las (max 2) and mis (max 2)
    rail, rest = min(4, want), want - min(4, want)
    las, mis = min(2, rest), rest - min(2, rest)
    got = codes({"ring": 3, "sector": 0, "energy": used}, f"rail={rail} las={las} mis={mis}")
    assert ("reactor" in got) == (delta > 0)


# -- energy: the 3-unit return limit (deallocated + vented) ---------------------------------------------
@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_return_limit_deallocation(delta: int) -> None:
    full = {"eng": 3, "rail": 4, "las": 2, "thr": 1}
    back = RETURN_LIMIT + delta  # take back from rail (4) first
    got = codes({"ring": 3, "sector": 0, "energy": full}, f"rail={4 - back}")
    assert ("dealloc_limit" in got) == (delta > 0) and ("return_limit" in got) == (delta > 0)


@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_return_limit_deallocation_plus_venting(delta: int) -> None:
    ship = {"ring": 3, "sector": 0, "energy": {"rail": 4}, "heat": 5}
    got = codes(ship, f"rail=2 vent={RETURN_LIMIT - 2 + delta}")  # 2 back + vent
    assert ("return_limit" in got) == (delta > 0) and "dealloc_limit" not in got


@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_vent_at_most_the_heat_aboard(delta: int) -> None:
    got = codes({"ring": 3, "sector": 0, "heat": 2}, f"vent={2 + delta}")
    assert ("vent_heat" in got) == (delta > 0)


# -- activation minimums ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("burn", "need"), [("light", 1), ("medium", 2), ("heavy", 3)])
@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_burn_needs_engine_energy(burn: str, need: int, delta: int) -> None:
    eng = need + delta
    got = codes({"ring": 1, "sector": 0}, f"eng={eng} burn={burn}")
    assert ("burn_engines" in got) == (delta < 0)
    assert ("subsystem_max" in got) == (eng > SPECS[Subsystem.ENGINES].maximum)


@pytest.mark.parametrize(("burn", "cost"), [("light", 1), ("medium", 2), ("heavy", 3)])
@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_burn_needs_reaction_mass(burn: str, cost: int, delta: int) -> None:
    got = codes({"ring": 1, "sector": 0, "mass": cost + delta}, f"eng=3 burn={burn}")
    assert ("burn_mass" in got) == (delta < 0)


@pytest.mark.parametrize(("ring", "ok"), [(1, True), (2, True), (3, False)])
def test_heavy_burn_outward_needs_a_ring_three_out(ring: int, ok: bool) -> None:
    # ring 5 is the last: from ring 1 and 2 a heavy burn lands on 4 / 5, from 3 on "6"
    got = codes({"ring": ring, "sector": 0}, "eng=3 burn=heavy")
    assert ("burn_ring" in got) != ok


@pytest.mark.parametrize(("sub", "check"), [(Subsystem.THRUSTERS, "rotate"), (Subsystem.SCOOP, "scoop")])
@pytest.mark.parametrize("delta", [-1, 0])
def test_thrusters_and_scoop_work_from_one_unit(sub: Subsystem, check: str, delta: int) -> None:
    got = codes({"ring": 3, "sector": 0}, f"{sub.value}={SPECS[sub].minimum + delta} {check}")
    code = "rotate_unpowered" if check == "rotate" else "scoop_unpowered"
    assert (code in got) == (delta < 0)


WEAPON_MIN = [(Weapon.LASER, 2), (Weapon.RAILGUN, 4), (Weapon.MISSILES, 2)]


@pytest.mark.parametrize(("weapon", "need"), WEAPON_MIN, ids=[w.value for w, _ in WEAPON_MIN])
@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_weapon_fires_from_its_minimum(weapon: Weapon, need: int, delta: int) -> None:
    target = {"ring": 3, "sector": 2}
    got = codes({"ring": 3, "sector": 0}, f"{weapon.value}={need + delta} fire={weapon.value}:1", target)
    assert ("weapon_unpowered" in got) == (delta < 0)
    assert ("subsystem_max" in got) == (delta > 0)


@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_shields_take_one_off_from_their_minimum(delta: int) -> None:
    shd = SPECS[Subsystem.SHIELDS].minimum + delta
    if shd > SPECS[Subsystem.SHIELDS].maximum:
        pytest.skip("above the maximum: refused (test_subsystem_maximum)")
    s = make({"ring": 3, "sector": 0, "energy": {"mis": 2}}, {"ring": 3, "sector": 3, "energy": {"shd": shd}})
    after, _ = turn(s, "fire=mis:1")
    assert after.ships[1].hull == HULL_START - (1 if delta >= 0 else 2)


# -- heat: overclock thresholds -------------------------------------------------------------------------
@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_engine_heat_above_threshold(delta: int) -> None:
    eng = SPECS[Subsystem.ENGINES].threshold + delta
    assert turn_heat((eng, 0, 0, 0, 0, 0, 0), False, 6) == max(0, delta)


@pytest.mark.parametrize("fired", [False, True])
def test_railgun_heat_only_at_four_and_when_fired_before_rules_seven(fired: bool) -> None:
    th = SPECS[Subsystem.RAILGUN].threshold
    assert [turn_heat((0, 0, 0, 0, r, 0, 0), fired, 6) for r in (th - 1, th, th + 1)] == [0, 0, int(fired)]


@pytest.mark.parametrize("fired", [False, True])
@pytest.mark.parametrize("rules", [6, 7, 8])
def test_railgun_heat_every_powered_turn_from_rules_seven(fired: bool, rules: int) -> None:
    """Reading 32: from rules 7 a railgun at 4 makes its 1 heat whether or not it fires (3: none)."""
    th = SPECS[Subsystem.RAILGUN].threshold
    heat = [turn_heat((0, 0, 0, 0, r, 0, 0), fired, rules) for r in (th - 1, th, th + 1)]
    assert heat == [0, 0, 1 if fired or rules >= 7 else 0]


# -- mass: the scoop's cap ------------------------------------------------------------------------------
@pytest.mark.parametrize("delta", [-1, 0])
def test_scoop_caps_mass_at_the_maximum(delta: int) -> None:
    s = make({"ring": 3, "sector": 0, "energy": {"scp": 1}, "mass": MASS_MAX + delta}, FAR)
    after, _ = turn(s, "coast scoop")
    assert after.ships[0].mass == MASS_MAX


# -- weapon ranges (arc units: 1/96 of the circle) -------------------------------------------------------
@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_laser_arc_reach(delta: int) -> None:
    # ring 5 sector 0 spans units 0-1; a ring-5 target at sector 1 + gap
    assert in_range(Weapon.LASER, (5, 0), Facing.PROGRADE, (5, 1 + 4 + delta)) == (delta <= 0)


@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_laser_ring_reach(delta: int) -> None:
    assert in_range(Weapon.LASER, (3, 0), Facing.PROGRADE, (3 + 1 + delta, 0)) == (delta <= 0)


@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_missile_arc_reach(delta: int) -> None:
    assert in_range(Weapon.MISSILES, (5, 0), Facing.PROGRADE, (5, 1 + 12 + delta)) == (delta <= 0)


@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_railgun_quarter_turn_ahead(delta: int) -> None:
    # ring 5: 24 sectors of 1 unit; ring 3: 6 sectors of 4 units
    assert in_range(Weapon.RAILGUN, (5, 0), Facing.PROGRADE, (5, 24 + delta)) == (delta <= 0)
    assert in_range(Weapon.RAILGUN, (3, 0), Facing.PROGRADE, (3, 6 + delta)) == (delta <= 0)
    assert in_range(Weapon.RAILGUN, (3, 0), Facing.RETROGRADE, (3, (-6 - delta) % 24)) == (delta <= 0)


# -- hull: destroyed at 0 ---------------------------------------------------------------------------------
@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_a_ship_is_destroyed_at_zero_hull(delta: int) -> None:
    hull = 2 + delta  # missiles deal 2
    s = make({"ring": 3, "sector": 0, "energy": {"mis": 2}}, {"ring": 3, "sector": 3, "hull": hull})
    after, _ = turn(s, "fire=mis:1")
    assert after.ships[1].alive == (delta > 0)
    assert (after.outcome is not None) == (delta <= 0)


# -- the round limit ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_round_limit_is_a_draw_when_the_next_round_would_pass_it(delta: int) -> None:
    limit = 3
    s = make({"ring": 3, "sector": 0}, FAR, max_rounds=limit)
    rounds = limit + delta
    for _ in range(2 * rounds):
        if s.outcome is not None:
            break
        s, _ = turn(s, "coast")
    assert (s.outcome is not None) == (delta >= 0)
