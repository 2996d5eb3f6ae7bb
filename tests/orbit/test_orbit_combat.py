"""Weapons, shields, hull, destruction, turn order with destroyed ships, and the typed outcome."""

from __future__ import annotations

from orbit_helpers import make, run, turn

from engine.orbit import initial_state
from engine.orbit.moves import parse_plan
from engine.orbit.state import Termination
from engine.orbit.turn import validate


def codes(state, text):
    return sorted(p.code for p in validate(state, parse_plan(text)))


def test_laser_hits_several_targets_and_shields_mitigate():
    s = make(
        {"ring": 3, "sector": 0, "energy": {"las": 2}},
        {"ring": 3, "sector": 2},
        {"ring": 4, "sector": 1, "energy": {"shd": 2}},
    )
    s, ev = turn(s, "fire=las:1,2")
    assert [s.ships[1].hull, s.ships[2].hull] == [18, 19]
    assert [e.amount for e in ev if e.kind == "hit"] == [2, 1]


def test_missiles_reach_across_rings():
    s = make({"ring": 1, "sector": 0, "energy": {"mis": 2}}, {"ring": 5, "sector": 40})
    # Ship 0 orbits to R1 S1 (arc 16..32); R5 S40 is 8 arc units past its end.
    s = run(s, "fire=mis:1")
    assert s.ships[1].hull == 18


def test_railgun_damage_recoil_and_heat():
    s = make({"ring": 4, "sector": 0, "energy": {"rail": 4}}, {"ring": 4, "sector": 10})
    s, ev = turn(s, "fire=rail:1")
    assert s.ships[1].hull == 15
    assert s.ships[0].sector == 0  # orbit +1, recoil -1
    assert s.ships[0].heat == 1
    assert [e.kind for e in ev if e.step == 6] == ["hit", "recoil"]


def test_railgun_recoil_when_facing_retrograde_and_shielded_target():
    s = make(
        {"ring": 4, "sector": 12, "facing": "retro", "energy": {"rail": 4}},
        {"ring": 4, "sector": 5, "energy": {"shd": 2}},
    )
    s = run(s, "fire=rail:1")
    assert s.ships[1].hull == 16  # 5 - 1 shield
    assert s.ships[0].sector == 14  # orbit +1, recoil +1 (pushed against a retrograde nose)


def test_railgun_recoil_moves_the_departure_point_of_a_transfer():
    s = make({"ring": 2, "sector": 0, "energy": {"rail": 4, "eng": 1}}, {"ring": 2, "sector": 3})
    s = run(s, "burn=light fire=rail:1")
    me = s.ships[0]
    assert me.sector == 0 and me.transit.dest_sector == 0  # R2 S1 recoils to S0 -> R3 S0


def test_in_transit_ship_is_targeted_at_its_departure_point():
    s = make({"ring": 3, "sector": 0, "energy": {"eng": 1}}, {"ring": 3, "sector": 22, "energy": {"las": 2}})
    s = run(s, "burn=light")  # ship 0 leaves R3 S1 for R4
    assert codes(s, "fire=las:0 coast") == []  # R3 S23 is next to R3 S1
    s = run(s, "fire=las:0")
    assert s.ships[0].hull == 18


def test_bad_targets():
    s = make(
        {"ring": 3, "sector": 0, "energy": {"las": 2, "rail": 4, "mis": 2}},
        {"ring": 3, "sector": 2},
        {"ring": 5, "sector": 50},
    )
    assert codes(s, "fire=las:0") == ["bad_target"]  # self
    assert codes(s, "fire=las:3") == ["bad_target"]  # no ship 3
    assert codes(s, "fire=las:2") == ["out_of_range"]
    assert codes(s, "fire=rail:1,2") == ["out_of_range", "too_many_targets"]
    assert codes(s, "fire=mis:1 fire=rail:1 fire=las:1") == []
    dead = make(
        {"ring": 3, "sector": 0, "energy": {"las": 2}},
        {"ring": 3, "sector": 2},
        {"ring": 3, "sector": 3, "hull": 1},
    )
    dead = run(dead, "fire=las:2", "coast")
    assert dead.active == 0
    assert not dead.ships[2].alive
    assert codes(dead, "fire=las:2") == ["bad_target"]


def test_weapons_fire_simultaneously_and_destroyed_ships_are_skipped():
    s = make(
        {"ring": 3, "sector": 0, "energy": {"las": 2, "mis": 2}},
        {"ring": 3, "sector": 2, "hull": 4},
        {"ring": 5, "sector": 50},
    )
    s, ev = turn(s, "fire=las:1 fire=mis:1")
    assert s.ships[1].hull == 0 and not s.ships[1].alive
    assert [e.kind for e in ev if e.step == 6] == ["hit", "hit", "destroyed"]
    assert s.active == 2 and s.outcome is None  # ship 1 is skipped
    s = run(s, "coast")
    assert s.active == 0


def test_last_ship_flying_wins_and_game_over_blocks_moves():
    s = make({"ring": 3, "sector": 0, "energy": {"las": 2}}, {"ring": 3, "sector": 2, "hull": 2})
    s = run(s, "fire=las:1")
    assert s.outcome is not None
    assert (s.outcome.termination, s.outcome.winner) == (Termination.LAST_SHIP_FLYING, 0)
    assert codes(s, "coast") == ["game_over"]


def test_heat_can_destroy_the_active_ship():
    s = make({"ring": 3, "sector": 0, "heat": 3, "hull": 3}, {"ring": 5, "sector": 50})
    s = run(s, "coast")
    assert not s.ships[0].alive
    assert (s.outcome.termination, s.outcome.winner) == (Termination.LAST_SHIP_FLYING, 1)


def test_mutual_destruction_is_a_draw():
    # Weapons (step 6) kill the last enemy, then heat damage (step 7) kills the shooter.
    s = make(
        {"ring": 3, "sector": 0, "energy": {"las": 2}, "heat": 2, "hull": 2},
        {"ring": 3, "sector": 2, "hull": 2},
    )
    s = run(s, "fire=las:1")
    assert (s.outcome.termination, s.outcome.winner) == (Termination.MUTUAL_DESTRUCTION, None)


def test_turn_limit_is_a_draw():
    s = make({"ring": 5, "sector": 0}, {"ring": 5, "sector": 48}, max_rounds=2)
    s = run(s, "coast", "coast", "coast")
    assert s.outcome is None
    s = run(s, "coast")
    assert (s.outcome.termination, s.outcome.winner) == (Termination.TURN_LIMIT, None)


def test_hot_seat_active_ship_cycles_from_first():
    s = make({"ring": 5, "sector": 0}, {"ring": 5, "sector": 30}, {"ring": 5, "sector": 60}, first=1)
    seen = []
    for _ in range(4):
        seen.append(s.active)
        s = run(s, "coast")
    assert seen == [1, 2, 0, 1]
    assert s.turn == 4 and s.round == 2


def test_shields_take_one_off_every_weapon_before_rules_five():
    from engine.orbit.rules import WEAPON_SPECS, WEAPONS, hit_damage

    for rules in range(1, 5):
        for w in WEAPONS:
            assert hit_damage(w, False, rules) == WEAPON_SPECS[w].damage
            assert hit_damage(w, True, rules) == WEAPON_SPECS[w].damage - 1


def test_rules_five_shields_stop_missiles_and_not_the_railgun():
    """Reading 30 (issue 28, counter-weapons) at its boundary: rules 4 / 5 / 6 (a later version keeps it)."""
    from engine.orbit.rules import Weapon, hit_damage

    assert [hit_damage(Weapon.RAILGUN, True, v) for v in (4, 5, 6)] == [4, 5, 5]
    assert [hit_damage(Weapon.MISSILES, True, v) for v in (4, 5, 6)] == [1, 0, 0]
    assert [hit_damage(Weapon.LASER, True, v) for v in (4, 5, 6)] == [1, 1, 1]
    assert [hit_damage(w, False, 5) for w in (Weapon.LASER, Weapon.RAILGUN, Weapon.MISSILES)] == [2, 5, 2]


def test_a_rules_four_game_keeps_its_shields_and_rules_five_logs_the_cut():
    shooter = {"ring": 3, "sector": 0, "energy": {"rail": 4, "mis": 2}}
    target = {"ring": 3, "sector": 3, "energy": {"shd": 2}}
    hulls, lines = [], []
    for rules in (4, 5):
        s = initial_state(0, {"ships": [shooter, target], "rules": rules})
        s, ev = turn(s, "fire=rail:1 fire=mis:1")
        hulls.append(s.ships[1].hull)
        lines.append([e.text for e in ev if e.kind == "hit"])
    assert hulls == [20 - 4 - 1, 20 - 5 - 0]
    assert lines[0] == [
        "Railgun hits ship 2 for 4 (5 - 1 shield)",
        "Missiles hits ship 2 for 1 (2 - 1 shield)",
    ]
    assert lines[1] == ["Railgun hits ship 2 for 5", "Missiles hits ship 2 for 0 (2 - 2 shield)"]
