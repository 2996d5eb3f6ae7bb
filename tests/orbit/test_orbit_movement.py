"""Automatic orbit, rotation, burns, transfers and their timing, sector mapping in play, fuel scoop."""

from __future__ import annotations

from orbit_helpers import FAR, make, run, turn

from engine.orbit.moves import parse_plan
from engine.orbit.rules import Facing
from engine.orbit.turn import validate


def codes(state, text):
    return sorted(p.code for p in validate(state, parse_plan(text)))


def test_coast_moves_one_sector_on_every_ring_with_wrap():
    for ring, n in ((1, 6), (2, 12), (3, 24), (4, 48), (5, 96)):
        s = make({"ring": ring, "sector": n - 1}, {"ring": 5, "sector": 50})
        s = run(s, "coast")
        assert (s.ships[0].ring, s.ships[0].sector) == (ring, 0)
        assert s.ships[1].sector == 50  # only the active ship moves


def test_retrograde_ships_still_orbit_prograde():
    s = make({"ring": 3, "sector": 5, "facing": "retro"}, FAR[1])
    assert run(s, "coast").ships[0].sector == 6


def test_light_burn_outward_maps_document_example():
    # R1 S2 orbits to S3, then a light prograde burn: R1 S3 -> R2 S6.
    s = make({"ring": 1, "sector": 2, "energy": {"eng": 1}}, {"ring": 5, "sector": 60})
    s, ev = turn(s, "burn=light")
    me = s.ships[0]
    assert (me.ring, me.sector) == (1, 3)  # still at the departure point while in transit
    assert me.transit is not None and (me.transit.to_ring, me.transit.dest_sector) == (2, 6)
    assert me.mass == 9
    assert me.alloc[0] == 1 and me.reactor_free == 9  # the burn's "energy cost" is not consumed
    assert [e.kind for e in ev if e.step == 5] == ["orbit", "burn"]


def test_retrograde_burn_inward_maps_document_example():
    s = make({"ring": 2, "sector": 5, "facing": "retro", "energy": {"eng": 1}}, {"ring": 5, "sector": 60})
    s = run(s, "burn=light", "coast")
    assert (s.ships[0].ring, s.ships[0].sector, s.ships[0].transit) == (1, 3, None)


def test_adjustment_applied_on_arrival_with_wrap():
    s = make({"ring": 2, "sector": 11, "facing": "retro", "energy": {"eng": 1}}, {"ring": 5, "sector": 60})
    s = run(s, "burn=light adj=-1")  # R2 S0 -> R1 S0, adjusted to S5 (wraps)
    assert s.ships[0].transit.dest_sector == 5
    s = run(s, "coast")
    assert (s.ships[0].ring, s.ships[0].sector) == (1, 5)


def test_transfer_completes_when_the_player_becomes_active_two_players():
    s = make({"ring": 3, "sector": 0, "energy": {"eng": 2}}, {"ring": 5, "sector": 60})
    s = run(s, "burn=medium adj=+1")
    assert s.active == 1 and s.ships[0].transit is not None
    s, ev = turn(s, "coast")
    assert s.active == 0 and s.ships[0].transit is None
    assert (s.ships[0].ring, s.ships[0].sector) == (5, 5)  # R3 S1 -> R5 S4, +1
    assert ev[-1].kind == "arrive" and ev[-1].ship == 0


def test_transit_lasts_until_own_next_turn_three_players():
    s = make(
        {"ring": 3, "sector": 0, "energy": {"eng": 1}},
        {"ring": 5, "sector": 40},
        {"ring": 5, "sector": 70},
    )
    s = run(s, "burn=light")
    s = run(s, "coast")
    assert s.active == 2 and s.ships[0].transit is not None and s.ships[0].ring == 3
    s = run(s, "coast")
    assert s.active == 0 and s.ships[0].transit is None and (s.ships[0].ring, s.ships[0].sector) == (4, 2)


def test_rotation_happens_before_movement():
    s = make({"ring": 3, "sector": 0, "energy": {"eng": 1, "thr": 1}}, FAR[1])
    s, ev = turn(s, "rotate burn=light")
    assert s.ships[0].facing is Facing.RETROGRADE and s.ships[0].transit.to_ring == 2
    assert [e.step for e in ev if e.kind in ("rotate", "orbit", "burn")] == [4, 5, 5]


def test_rotation_needs_thrusters_allocated_this_turn_or_before():
    s = make({"ring": 3, "sector": 0}, FAR[1])
    assert codes(s, "rotate coast") == ["rotate_unpowered"]
    assert codes(s, "thr=1 rotate coast") == []
    assert run(s, "thr=1 rotate coast").ships[0].facing is Facing.RETROGRADE


def test_burn_requirements():
    s = make({"ring": 3, "sector": 0, "energy": {"eng": 1}, "mass": 2}, FAR[1])
    assert codes(s, "burn=light") == []
    assert codes(s, "burn=medium") == ["burn_engines"]
    assert codes(s, "eng=2 burn=medium") == []
    assert codes(s, "eng=3 burn=heavy") == ["burn_mass", "burn_ring"]  # 2 mass; ring 6 does not exist
    s5 = make({"ring": 5, "sector": 0, "energy": {"eng": 1}}, FAR[1])
    assert codes(s5, "burn=light") == ["burn_ring"]
    s1 = make({"ring": 1, "sector": 0, "facing": "retro", "energy": {"eng": 1}}, FAR[1])
    assert codes(s1, "burn=light") == ["burn_ring"]


def test_heavy_burn_overclocks_engines_and_spends_three_mass():
    s = make({"ring": 1, "sector": 2}, FAR[1])
    s = run(s, "eng=3 burn=heavy")
    me = s.ships[1 - 1]
    assert me.mass == 7 and me.heat == 1 and me.transit.to_ring == 4
    assert me.transit.dest_sector == 24  # R1 S3 -> R4 S24


def test_two_burns_reach_ring_five_from_ring_one():
    s = make({"ring": 1, "sector": 2, "energy": {"eng": 3}}, {"ring": 5, "sector": 60})
    s = run(s, "burn=heavy", "coast", "burn=light adj=-1", "coast")
    # R1 S3 -> R4 S24; orbit to S25 -> R5 S50, adjusted to S49.
    assert (s.ships[0].ring, s.ships[0].sector) == (5, 49)


def test_fuel_scoop_only_when_coasting_and_capped():
    s = make({"ring": 3, "sector": 0, "mass": 23, "energy": {"scp": 1}}, FAR[1])
    s, ev = turn(s, "scoop")
    assert s.ships[0].mass == 24 and any(e.kind == "scoop" for e in ev)
    s = run(s, "coast", "scoop")
    assert s.ships[0].mass == 24
    assert codes(make(*FAR), "scoop") == ["scoop_unpowered"]


def test_turn_order_of_a_full_plan():
    s = make(
        {"ring": 3, "sector": 0, "heat": 1, "energy": {"eng": 3, "thr": 1, "mis": 2, "las": 2}},
        {"ring": 3, "sector": 2},
    )
    s, ev = turn(s, "las=0 shd=2 vent=1 rotate burn=light fire=mis:1")
    kinds = [(e.step, e.kind) for e in ev]
    assert kinds == [
        (1, "allocate"),
        (2, "deallocate"),
        (3, "vent"),
        (4, "rotate"),
        (5, "orbit"),
        (5, "burn"),
        (6, "hit"),
        (8, "heat"),
        (9, "reset"),
    ]
    assert [e.step for e in ev] == sorted(e.step for e in ev)


def test_planned_arrival_preview_matches_the_real_arrival():
    from engine.orbit.turn import planned_arrival

    s = make({"ring": 2, "sector": 0, "energy": {"rail": 4, "eng": 2, "thr": 1}}, {"ring": 2, "sector": 3})
    for text in ("burn=light", "burn=medium adj=-1", "rotate burn=light adj=+1", "burn=light fire=rail:1"):
        p = parse_plan(text)
        after = run(s, text, "coast")
        assert planned_arrival(s, p) == after.ships[0].position, text
    assert planned_arrival(s, parse_plan("coast")) is None
