"""Weapon reach next turn and threats (issue 18: enemy systems, reach and 'who can hit you')."""

from __future__ import annotations

from orbit_helpers import make

from engine.orbit.rules import Subsystem, Weapon
from engine.orbit.threat import next_fire_position, powered_systems, reach_next_turn, ready_weapons, threats


def test_next_fire_position_is_after_arrival_and_orbit():
    s = make({"ring": 3, "sector": 23}, {"ring": 5, "sector": 48})
    assert next_fire_position(s.ships[0]) == (3, 0)


def test_ready_weapons_count_free_reactor_energy_and_powered_systems_only_committed():
    s = make(
        {"ring": 3, "sector": 0, "energy": {"rail": 4, "shd": 2, "las": 2, "eng": 2}},
        {"ring": 5, "sector": 48},
    )
    ship = s.ships[0]
    assert powered_systems(ship) == [Subsystem.ENGINES, Subsystem.LASER, Subsystem.RAILGUN, Subsystem.SHIELDS]
    # 0 free: missiles (min 2) cannot be powered next turn
    assert ready_weapons(ship) == [Weapon.LASER, Weapon.RAILGUN]
    cold = make({"ring": 3, "sector": 0}, {"ring": 5, "sector": 48}).ships[0]
    assert ready_weapons(cold) == [Weapon.LASER, Weapon.RAILGUN, Weapon.MISSILES]


def test_threats_name_the_enemy_and_weapon_that_reach_a_position():
    # ship 2 on ring 3 sector 0 with missiles; next turn it fires from sector 1 (45 degrees = 12 units)
    s = make(
        {"ring": 5, "sector": 10},
        {"ring": 3, "sector": 0, "energy": {"mis": 2, "rail": 4, "las": 2, "shd": 2}},
    )
    assert threats(s, 0) == [(1, Weapon.MISSILES)]
    assert threats(s, 0, (5, 60)) == []
    # the railgun reaches along the ring ahead of the nose: ring 3, sectors 1..7 from sector 1
    assert threats(s, 0, (3, 5)) == [(1, Weapon.RAILGUN), (1, Weapon.MISSILES)]
    assert threats(s, 0, (3, 2)) == [(1, Weapon.LASER), (1, Weapon.RAILGUN), (1, Weapon.MISSILES)]
    zone = reach_next_turn(s.ships[1])
    assert (3, 7) in zone[Weapon.RAILGUN] and (3, 8) not in zone[Weapon.RAILGUN]
    assert (3, 0) not in zone[Weapon.RAILGUN]  # no thrusters and no free energy: it cannot turn round
