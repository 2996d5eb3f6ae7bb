"""Orbit Simulator, issue 28: the lab's family of simple strategy bots, and the expert against each.

Each bot is a fixed idea a new player might play, with no search:

- ``always_weapons``: every weapon powered (laser, railgun, missiles: no shields, no engines once
  the weapons are in), turns its railgun towards the nearest enemy, fires everything in range.
- ``turtle``: turtle-and-vent: shields, missiles and laser, never burns, scoops, vents all heat,
  fires at whatever comes into range.
- ``rush``: engines, thrusters, shields and missiles (laser when it fits); burns towards the nearest
  enemy's ring as hard as it can (turning round first when needed), fires everything in range.
- ``lancer`` (session 9, rules 5: the railgun goes through shields): the expert's most used duel
  loadout (engines 2, thrusters, laser, railgun, no shields) flown like ``rush`` to the nearest
  enemy's ring, then the railgun's nose turned towards it; fires everything in range.
- ``railspam`` (session 14): the railgun first and always (railgun, shields, engines 2, thrusters),
  flown like ``lancer`` and firing it at every chance, venting its heat; under rules 8 it empties the
  magazine as fast as it can.

``python -m tools.playtest.orbit_bots --games 30`` plays the expert against each bot in duels (seats
alternate: even seeds the expert is ship 1, odd seeds ship 2) and prints the expert's win share.
Every bot's plan is checked with ``turn.validate``; an illegal plan falls back to coasting.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Callable

from engine.orbit import ai as orbit_ai
from engine.orbit import game as orbit_game
from engine.orbit.moves import TurnPlan
from engine.orbit.rules import RING_SECTORS, SUBSYSTEMS, Burn, Subsystem, wrap
from engine.orbit.search import _best_fire, _distance, _next_position, _toward, movement_options
from engine.orbit.state import OrbitState, Ship
from engine.orbit.turn import execute_turn, is_active, validate
from tools.playtest.orbit_trials import apply
from tools.playtest.progress import run_many

S = Subsystem
# Target loadouts (eng, thr, scp, las, rail, mis, shd) and the order to power them in.
WEAPONS_ALL = ((0, 1, 0, 2, 4, 2, 0), (S.RAILGUN, S.LASER, S.MISSILES, S.THRUSTERS))
TURTLE = ((0, 0, 1, 2, 0, 2, 2), (S.SHIELDS, S.MISSILES, S.LASER, S.SCOOP))
RUSH = ((3, 1, 0, 2, 0, 2, 2), (S.ENGINES, S.THRUSTERS, S.SHIELDS, S.MISSILES, S.LASER))
LANCER = ((2, 1, 0, 2, 4, 0, 0), (S.RAILGUN, S.ENGINES, S.THRUSTERS, S.LASER))
RAILSPAM = ((2, 1, 0, 0, 4, 0, 2), (S.RAILGUN, S.SHIELDS, S.ENGINES, S.THRUSTERS))


def _nearest(state: OrbitState, ship: Ship) -> Ship | None:
    live = [e for e in state.ships if e.id != ship.id and e.alive]
    if not live:
        return None
    here = _next_position(ship)
    return min(live, key=lambda e: (_distance(here, _next_position(e)), e.id))


def _plan(
    state: OrbitState, loadout: tuple[tuple[int, ...], tuple[Subsystem, ...]], rotate: bool, burn: Burn | None
) -> TurnPlan:
    ship = state.active_ship
    vent, pend = _toward(ship, loadout[0], loadout[1])
    rotate = rotate and is_active(S.THRUSTERS, pend[1])
    facing = ship.facing.flipped() if rotate else ship.facing
    if burn is not None and (burn, 0) not in movement_options(ship, pend, rotate, adjust=False):
        burn = None
    scoop = burn is None and is_active(S.SCOOP, pend[2]) and ship.mass < 24
    where = (ship.ring, wrap(ship.sector + 1, ship.ring))
    return TurnPlan(
        alloc=tuple((s, p) for s, p, c in zip(SUBSYSTEMS, pend, ship.alloc) if p != c),
        vent=vent,
        rotate=rotate,
        burn=burn,
        adjust=0,
        scoop=scoop,
        fire=_best_fire(state, pend, where, facing),
    )


def always_weapons(state: OrbitState) -> TurnPlan:
    """Every weapon powered; the railgun's nose turned towards the nearest enemy; fire at will."""
    ship = state.active_ship
    foe = _nearest(state, ship)
    rotate = False
    if foe is not None and foe.ring == ship.ring:
        n = RING_SECTORS[ship.ring]
        ahead = (foe.sector - ship.sector) * ship.facing.sign % n
        rotate = (-ahead) % n < ahead
    return _plan(state, WEAPONS_ALL, rotate, None)


def turtle(state: OrbitState) -> TurnPlan:
    """Shields up, never burn, vent everything, shoot what comes close."""
    return _plan(state, TURTLE, False, None)


def _nose_towards(ship: Ship, foe: Ship) -> bool:
    """Whether turning round brings the railgun's nose nearer an enemy on the same ring."""
    if foe.ring != ship.ring:
        return False
    n = RING_SECTORS[ship.ring]
    ahead = (foe.sector - ship.sector) * ship.facing.sign % n
    return (-ahead) % n < ahead


def _chase(state: OrbitState, loadout: tuple[tuple[int, ...], tuple[Subsystem, ...]]) -> TurnPlan:
    """Burn towards the nearest enemy's ring as hard as ``loadout``'s engines allow; on its ring,
    turn the nose towards it; fire everything in range."""
    ship = state.active_ship
    foe = _nearest(state, ship)
    if foe is None or ship.transit is not None:
        return _plan(state, loadout, False, None)
    goal = _next_position(foe)[0]
    dr = goal - ship.ring
    if dr == 0:
        return _plan(state, loadout, _nose_towards(ship, foe), None)
    outward = dr > 0
    rotate = (ship.facing.sign > 0) != outward
    size = min(abs(dr), 3)
    burn = {1: Burn.LIGHT, 2: Burn.MEDIUM, 3: Burn.HEAVY}[size]
    while burn is not None:
        plan = _plan(state, loadout, rotate, burn)
        if plan.burn is not None:
            return plan
        burn = {Burn.HEAVY: Burn.MEDIUM, Burn.MEDIUM: Burn.LIGHT}.get(burn)
    return _plan(state, loadout, rotate, None)


def rush(state: OrbitState) -> TurnPlan:
    """Burn towards the nearest enemy's ring as hard as possible, then brawl."""
    ship = state.active_ship
    foe = _nearest(state, ship)
    if foe is None or ship.transit is not None or _next_position(foe)[0] == ship.ring:
        return _plan(state, RUSH, False, None)
    return _chase(state, RUSH)


def lancer(state: OrbitState) -> TurnPlan:
    """Rules 5's railgun through shields: the expert's most used loadout (engines 2, thrusters,
    laser, railgun; no shields), flown straight at the nearest enemy's ring, nose on it, firing."""
    return _chase(state, LANCER)


def railspam(state: OrbitState) -> TurnPlan:
    """Railgun spam: the railgun powered first and kept up, fired at every chance (heat vented)."""
    return _chase(state, RAILSPAM)


BOTS: dict[str, Callable[[OrbitState], TurnPlan]] = {
    "always_weapons": always_weapons,
    "turtle": turtle,
    "rush": rush,
    "lancer": lancer,
    "railspam": railspam,
}


def play(job: tuple[int, str, int]) -> tuple[str, int, int | None, int, int]:
    """One duel: (bot, expert seat, winner, rounds, illegal bot plans replaced by a coast)."""
    seed, bot, expert_seat = job
    state = orbit_game.initial_state(seed, orbit_game.new_game_options(2))
    bad = 0
    while state.outcome is None:
        if state.active == expert_seat:
            plan = orbit_ai.choose_plan(state, "expert", seed)
        else:
            plan = BOTS[bot](state)
            if validate(state, plan):
                bad += 1
                plan = TurnPlan()
        state, _ = execute_turn(state, plan)
    return bot, expert_seat, state.outcome.winner, state.round, bad


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10, help="games per bot")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--bots", default=",".join(BOTS))
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--trial", default="base", help="lab-only patch (orbit_trials parts, e.g. rules6)")
    args = ap.parse_args(argv)
    apply(args.trial)
    jobs = [(args.seed + i, b, i % 2) for b in args.bots.split(",") for i in range(args.games)]
    res = run_many(play, jobs, "orbit-bots", args.workers)
    out = {}
    for b in args.bots.split(","):
        mine = [r for r in res if r[0] == b]
        won = sum(r[2] == r[1] for r in mine)
        out[b] = {
            "games": len(mine),
            "expert_wins": won,
            "expert_share": round(won / len(mine), 3) if mine else None,
            "draws": sum(r[2] is None for r in mine),
            "expert_wins_by_seat": dict(Counter(r[1] for r in mine if r[2] == r[1])),
            "median_rounds": sorted(r[3] for r in mine)[len(mine) // 2] if mine else None,
            "illegal_bot_plans": sum(r[4] for r in mine),
        }
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
