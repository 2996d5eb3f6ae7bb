"""The lab's simple strategy bots (issue 28): legal every turn, and each plays the idea it is named for."""

from __future__ import annotations

import pytest

from engine.orbit import ai as orbit_ai
from engine.orbit import game as orbit_game
from engine.orbit.state import OrbitState
from engine.orbit.turn import execute_turn, validate
from tools.playtest.orbit_bots import BOTS


def _bot_turns(bot: str, seed: int, turns: int = 30) -> list[tuple[OrbitState, object]]:
    """(state, plan) for every turn of ship 0 (the bot) against the greedy player."""
    state = orbit_game.initial_state(seed, orbit_game.new_game_options(2))
    out = []
    for _ in range(turns):
        if state.outcome is not None:
            break
        if state.active == 0:
            plan = BOTS[bot](state)
            out.append((state, plan))
        else:
            plan = orbit_ai.choose_plan(state, "greedy", seed)
        state, _ = execute_turn(state, plan)
    return out


@pytest.mark.parametrize("bot", sorted(BOTS))
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_bot_plans_are_always_legal(bot: str, seed: int) -> None:
    for state, plan in _bot_turns(bot, seed):
        assert validate(state, plan) == [], (bot, seed, state.turn, plan)


def test_turtle_never_burns_keeps_shields_and_vents_all_heat() -> None:
    for seed in range(4):
        for state, plan in _bot_turns("turtle", seed):
            ship = state.active_ship
            assert plan.burn is None
            assert plan.vent == min(ship.heat, 3)
            assert plan.pending(ship.alloc)[6] == 2  # shields (eng thr scp las rail mis shd)


def test_always_weapons_powers_every_weapon_it_can_reach_and_no_shields() -> None:
    for seed in range(4):
        turns = _bot_turns("always_weapons", seed)
        last_state, last_plan = turns[-1]
        pend = last_plan.pending(last_state.active_ship.alloc)
        assert pend[3:6] == (2, 4, 2)  # laser, railgun, missiles
        assert all(p.pending(s.active_ship.alloc)[6] == 0 for s, p in turns if s.active_ship.alloc[6] == 0)


def test_rush_burns_towards_the_enemy_ring() -> None:
    burned = 0
    for seed in range(4):
        for state, plan in _bot_turns("rush", seed, 12):
            me, foe = state.active_ship, state.ships[1]
            if plan.burn is None:
                continue
            burned += 1
            facing = me.facing.flipped() if plan.rotate else me.facing
            goal = foe.transit.to_ring if foe.transit is not None else foe.ring
            assert (goal - me.ring) * facing.sign > 0
            assert plan.pending(me.alloc)[0] >= 1
    assert burned >= 4


def test_lancer_flies_the_railgun_loadout_without_shields_and_turns_its_nose_to_a_ring_mate() -> None:
    from orbit_helpers import make

    from tools.playtest.orbit_bots import lancer

    for seed in range(4):
        turns = _bot_turns("lancer", seed)
        last_state, last_plan = turns[-1]
        assert last_plan.pending(last_state.active_ship.alloc) == (2, 1, 0, 2, 4, 0, 0)
    armed = {"eng": 2, "thr": 1, "las": 2, "rail": 4}
    # the enemy 6 sectors behind on the same ring: turn round; 6 ahead: keep the facing
    behind = make({"ring": 5, "sector": 10, "energy": armed}, {"ring": 5, "sector": 4})
    ahead = make({"ring": 5, "sector": 10, "energy": armed}, {"ring": 5, "sector": 16})
    assert lancer(behind).rotate and not lancer(ahead).rotate
    assert lancer(behind).burn is None and lancer(ahead).burn is None
    # another ring: burn towards it (ring 5 -> ring 3 is a medium burn inward, engines 2)
    other = make({"ring": 5, "sector": 10, "energy": armed}, {"ring": 3, "sector": 2})
    plan = lancer(other)
    assert plan.burn is not None and plan.burn.value == "medium" and plan.rotate


def test_railspam_powers_the_railgun_first_and_fires_it_at_every_chance() -> None:
    from orbit_helpers import make

    from tools.playtest.orbit_bots import railspam

    armed = {"eng": 2, "thr": 1, "rail": 4, "shd": 2}
    # a ring mate 4 sectors ahead, in the railgun's reach: fire it (and vent the heat it carries)
    hot = make({"ring": 5, "sector": 10, "energy": armed, "heat": 1}, {"ring": 5, "sector": 14})
    plan = railspam(hot)
    assert [f.weapon.value for f in plan.fire] == ["rail"] and plan.vent == 1
    # from a cold start the railgun's 4 units go in before anything else (reactor 10: rail, shields, ...)
    cold = make({"ring": 5, "sector": 10}, {"ring": 5, "sector": 14})
    assert railspam(cold).pending(cold.active_ship.alloc) == (2, 1, 0, 0, 4, 0, 2)
