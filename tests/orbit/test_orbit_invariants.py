"""Invariants over many random games, and the planning-panel preview."""

from __future__ import annotations

from orbit_helpers import make

from engine.core.rng import Lcg32
from engine.orbit import initial_state, parse_plan, preview
from engine.orbit.ai import random_plan
from engine.orbit.rules import MASS_MAX, REACTOR_UNITS, RING_SECTORS, SPECS, SUBSYSTEMS
from engine.orbit.turn import execute_turn, plan_actions, validate


def test_invariants_hold_in_random_games():
    turns = 0
    for seed in range(25):
        state = initial_state(seed, {"players": 2 + seed % 3, "max_rounds": 30})
        rng = Lcg32(seed * 7 + 1)
        while state.outcome is None:
            plan = random_plan(state, rng)
            assert parse_plan(plan.text()) == plan  # every move survives its text form
            before = state.active_ship
            state, events = execute_turn(state, plan)
            turns += 1
            assert [e.step for e in events if e.step] == sorted(e.step for e in events if e.step)
            after = state.ships[before.id]
            assert sum(max(0, before.alloc[i] - after.alloc[i]) for i in range(7)) + plan.vent <= 3
            for ship in state.ships:
                assert 0 <= sum(ship.alloc) <= REACTOR_UNITS
                assert all(0 <= a <= SPECS[s].maximum for s, a in zip(SUBSYSTEMS, ship.alloc))
                assert 0 <= ship.mass <= MASS_MAX and ship.heat >= 0 and ship.hull >= 0
                assert 0 <= ship.sector < RING_SECTORS[ship.ring]
                if ship.transit is not None:
                    assert 0 <= ship.transit.dest_sector < RING_SECTORS[ship.transit.to_ring]
            if state.outcome is None:
                assert state.active_ship.alive and state.active_ship.transit is None
    assert turns > 300


def test_preview_of_a_pending_plan():
    s = make(
        {"ring": 2, "sector": 0, "heat": 2, "energy": {"eng": 2, "rail": 4, "thr": 1}},
        {"ring": 2, "sector": 3},
        {"ring": 5, "sector": 60},
    )
    p = parse_plan("eng=3 thr=0 vent=2 burn=heavy adj=+1 fire=rail:1")
    pv = preview(s, p)
    assert pv["pending"]["eng"] == 3 and pv["active"]["thr"] is False and pv["overclocked"]["eng"] is True
    assert pv["reactor_free"] == 2 and (pv["returned"], pv["return_limit"]) == (3, 3)
    assert pv["heat_next"] == 2  # 2 - 2 vented + 1 engines + 1 railgun fired
    assert pv["arrival"] == [5, 1]  # R2 S1, recoil to S0 -> R5 S0, +1
    assert pv["targets"] == {"las": [], "rail": [1], "mis": [1]}  # laser: gap 8 > 4
    assert pv["problems"] == [] and pv["actions"] == [a.text for a in plan_actions(s, p)]
    bad = preview(s, parse_plan("eng=0 thr=0 vent=2 coast"))
    assert [x["code"] for x in bad["problems"]] == [
        v.code for v in validate(s, parse_plan("eng=0 thr=0 vent=2 coast"))
    ]
    assert {x["code"] for x in bad["problems"]} == {"return_limit"}
