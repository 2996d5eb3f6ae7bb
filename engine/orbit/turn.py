"""Turn execution: run a checked plan's 9 steps and pass the turn on.

``execute_turn(state, plan)`` validates the plan (``plan_check``), runs the turn and returns the new
state plus the turn log (events); ``resolve`` is the trusting version the searches use; ``preview`` is
what the planning panel shows. Plan checking lives in ``plan_check`` and the turn order in ``order``;
their names are re-exported here for the callers that import them from ``turn``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.core.session import IllegalMoveError
from engine.orbit.moves import TurnPlan
from engine.orbit.order import INITIATIVE, INITIATIVE_3, next_turn, round_order, turn_order
from engine.orbit.plan_check import (
    Action,
    Problem,
    burn_destination,
    energy_diff,
    facing_after,
    is_active,
    moved_position,
    plan_actions,
    planned_arrival,
    validate,
)
from engine.orbit.rules import (
    MASS_MAX,
    RAILGUN_RECOIL,
    RETURN_LIMIT,
    RING_SECTORS,
    SCOOP_GAIN,
    SPECS,
    SUB_INDEX,
    SUBSYSTEMS,
    WEAPON_SPECS,
    Subsystem,
    Weapon,
    arrival_sector,
    hit_damage,
    in_range,
    railgun_heats,
    railgun_shot_heat,
    slugs_after_turn,
)
from engine.orbit.state import OrbitState, Outcome, Ship, Termination, Transit, complete_transfer

__all__ = [
    "INITIATIVE",
    "INITIATIVE_3",
    "Action",
    "Event",
    "Problem",
    "advance",
    "burn_destination",
    "energy_diff",
    "execute_turn",
    "facing_after",
    "fire_targets",
    "game_outcome",
    "heat_by_subsystem",
    "is_active",
    "moved_position",
    "next_turn",
    "plan_actions",
    "planned_arrival",
    "preview",
    "resolve",
    "round_order",
    "turn_heat",
    "turn_order",
    "validate",
]


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the turn log: the step, what happened, to whom, and how much."""

    step: int
    kind: str
    ship: int
    text: str
    target: int | None = None
    amount: int = 0


_RAIL = SUB_INDEX[Subsystem.RAILGUN]
_SHD = SUB_INDEX[Subsystem.SHIELDS]
_OVERCLOCKERS = tuple(
    (i, SPECS[s].threshold, SPECS[s].heat_per_overclock)
    for i, s in enumerate(SUBSYSTEMS)
    if SPECS[s].heat_per_overclock
)
_SHIELD_MIN = SPECS[Subsystem.SHIELDS].minimum


def turn_heat(pending: tuple[int, ...], railgun_fired: bool, rules: int) -> int:
    """Heat generated in step 8: overclocked engines every turn; the railgun on turns it fires
    (rules 1-6) or every turn it holds 4 units (rules 7, ``rules.railgun_heats``), plus 1 for a shot
    from rules 9 (``rules.railgun_shot_heat``)."""
    total = 0
    rail_heats = railgun_heats(rules, railgun_fired)
    for i, threshold, rate in _OVERCLOCKERS:
        if i == _RAIL and not rail_heats:
            continue
        if pending[i] > threshold:
            total += (pending[i] - threshold) * rate
            if i == _RAIL:
                total += railgun_shot_heat(rules, railgun_fired)
    return total


def heat_by_subsystem(pending: tuple[int, ...], railgun_fired: bool, rules: int) -> dict[Subsystem, int]:
    """Heat each subsystem will generate in step 8 (0 for most; the railgun see ``turn_heat``; from
    rules 9 its shot adds ``rules.railgun_shot_heat``)."""
    out = {s: 0 for s in SUBSYSTEMS}
    rail_heats = railgun_heats(rules, railgun_fired)
    for i, threshold, rate in _OVERCLOCKERS:
        if i == _RAIL and not rail_heats:
            continue
        if pending[i] > threshold:
            out[SUBSYSTEMS[i]] = (pending[i] - threshold) * rate
            if i == _RAIL:
                out[SUBSYSTEMS[i]] += railgun_shot_heat(rules, railgun_fired)
    return out


def execute_turn(state: OrbitState, plan: TurnPlan) -> tuple[OrbitState, list[Event]]:
    """Run the active ship's turn; ``IllegalMoveError`` (state untouched) if the plan is illegal."""
    probs = validate(state, plan)
    if probs:
        raise IllegalMoveError("; ".join(p.message for p in probs))
    return resolve(state, plan)


def resolve(state: OrbitState, plan: TurnPlan, log: bool = True) -> tuple[OrbitState, list[Event]]:
    """Trusting turn resolution (``plan`` already validated): steps 1-9, then the next player.

    With ``log=False`` no events are produced (the computer players' fast path); the state is the same.
    """
    me = state.active
    ship = state.ships[me]
    ev: list[Event] = []
    used: set[Subsystem] = set()
    # 1-2. Allocation then deallocation: the pending energy becomes committed.
    if log:
        for a in plan_actions(state, plan):
            if a.step <= 2:
                ev.append(Event(a.step, a.kind, me, a.text, amount=a.amount))
    alloc = plan.pending(ship.alloc) if plan.alloc else ship.alloc
    heat, facing, ring, mass, transit = ship.heat, ship.facing, ship.ring, ship.mass, ship.transit
    # 3. Venting.
    if plan.vent:
        heat -= plan.vent
        if log:
            ev.append(Event(3, "vent", me, f"vented {plan.vent} heat", amount=plan.vent))
    # 4. Rotation.
    if plan.rotate:
        facing = facing.flipped()
        used.add(Subsystem.THRUSTERS)
        if log:
            ev.append(Event(4, "rotate", me, f"now facing {facing.name.lower()}"))
    # 5. Movement: automatic orbital motion, then scoop (coast) or burn.
    sector = (ship.sector + 1) % RING_SECTORS[ring]
    if log:
        ev.append(Event(5, "orbit", me, f"orbits to ring {ring} sector {sector}"))
    if plan.burn is None:
        if plan.scoop:
            gained = min(SCOOP_GAIN, MASS_MAX - mass)
            mass += gained
            used.add(Subsystem.SCOOP)
            if log:
                ev.append(Event(5, "scoop", me, f"scooped {gained} mass", amount=gained))
    else:
        dest = ring + facing.sign * plan.burn.rings
        mass -= plan.burn.mass_cost
        transit = Transit(dest, arrival_sector(ring, sector, dest, plan.adjust), plan.adjust)
        used.add(Subsystem.ENGINES)
        if log:
            ev.append(
                Event(
                    5,
                    "burn",
                    me,
                    f"{plan.burn.value} burn: in transit to ring {dest} sector {transit.dest_sector}",
                    amount=plan.burn.mass_cost,
                )
            )
    ships = list(state.ships)
    # 6. Weapons, all simultaneously: damage is summed per target first, then applied.
    railgun_fired = False
    slugs = ship.slugs
    if plan.fire:
        damage: dict[int, int] = {}
        for order in plan.fire:
            used.add(order.weapon.subsystem)
            railgun_fired = railgun_fired or order.weapon is Weapon.RAILGUN
            spec = WEAPON_SPECS[order.weapon]
            for t in order.targets:
                shielded = ships[t].alloc[_SHD] >= _SHIELD_MIN
                dealt = hit_damage(order.weapon, shielded, state.rules)
                damage[t] = damage.get(t, 0) + dealt
                if log:
                    cut = spec.damage - dealt
                    note = f" ({spec.damage} - {cut} shield)" if cut else ""
                    ev.append(
                        Event(6, "hit", me, f"{spec.label} hits ship {t + 1} for {dealt}{note}", t, dealt)
                    )
        for t in sorted(damage):
            hull = max(0, ships[t].hull - damage[t])
            ships[t] = replace(ships[t], hull=hull)
            if hull == 0 and log:
                ev.append(Event(6, "destroyed", t, f"ship {t + 1} is destroyed", t))
        if railgun_fired:
            sector = (sector - facing.sign * RAILGUN_RECOIL) % RING_SECTORS[ring]
            if transit is not None:
                transit = Transit(
                    transit.to_ring,
                    arrival_sector(ring, sector, transit.to_ring, transit.adjust),
                    transit.adjust,
                )
            if log:
                ev.append(Event(6, "recoil", me, f"railgun recoil to sector {sector}", amount=RAILGUN_RECOIL))
            if slugs is not None:  # rules 8: one slug per shot
                slugs -= 1
                if log:
                    left = f"{slugs} railgun slug{'' if slugs == 1 else 's'} left"
                    ev.append(Event(6, "slug", me, left, amount=slugs))
    hull = ships[me].hull
    # 7. Heat damage from heat carried over from earlier turns (after venting).
    if heat:
        if log:
            ev.append(Event(7, "heat_damage", me, f"{heat} heat damage to hull", me, heat))
        hull = max(0, hull - heat)
        if hull == 0 and log:
            ev.append(Event(7, "destroyed", me, f"ship {me + 1} is destroyed by its own heat", me))
    # 8. Heat generation from this turn's overclocking.
    gen = turn_heat(alloc, railgun_fired, state.rules)
    if gen:
        heat += gen
        if log:
            ev.append(Event(8, "heat", me, f"generated {gen} heat", amount=gen))
    slugs = slugs_after_turn(slugs, alloc[_RAIL])
    ships[me] = Ship(me, ring, sector, facing, alloc, heat, hull, mass, transit, slugs)
    # 9. Reset the "used this turn" flags.
    if log:
        names = ", ".join(s.value for s in sorted(used, key=SUB_INDEX.__getitem__)) or "none used"
        ev.append(Event(9, "reset", me, f"subsystems ready again: {names}"))
    nxt = replace(state, ships=tuple(ships), turn=state.turn + 1, outcome=None)
    return advance(nxt, ev, log)


def game_outcome(state: OrbitState) -> Outcome | None:
    """Last ship flying wins; none left is a draw (the round limit is checked in ``advance``)."""
    alive = state.alive_ids()
    if len(alive) == 1:
        return Outcome(Termination.LAST_SHIP_FLYING, alive[0])
    if not alive:
        return Outcome(Termination.MUTUAL_DESTRUCTION, None)
    return None


def advance(state: OrbitState, ev: list[Event], log: bool = True) -> tuple[OrbitState, list[Event]]:
    """End of turn: decide the outcome, else pass to the next ship (a new round past the round
    limit ends the game drawn) and complete its transfer."""
    outcome = game_outcome(state)
    if outcome is not None:
        return replace(state, outcome=outcome), ev
    nxt, rnd, lead = next_turn(state)
    if rnd > state.max_rounds:
        return replace(state, outcome=Outcome(Termination.TURN_LIMIT, None)), ev
    ship = state.ships[nxt]
    if ship.transit is not None:
        ship = complete_transfer(ship)
        if log:
            ev.append(
                Event(0, "arrive", nxt, f"ship {nxt + 1} arrives at ring {ship.ring} sector {ship.sector}")
            )
        state = state.with_ship(ship)
    return replace(state, active=nxt, round=rnd, lead=lead), ev


def fire_targets(state: OrbitState, plan: TurnPlan, weapon: Weapon) -> list[int]:
    """Living enemies ``weapon`` could hit this turn under ``plan`` (after its orbit and rotation)."""
    ship = state.active_ship
    where, facing = moved_position(ship, plan), facing_after(ship, plan)
    return [
        s.id
        for s in state.ships
        if s.id != ship.id and s.alive and in_range(weapon, where, facing, s.position)
    ]


def preview(state: OrbitState, plan: TurnPlan) -> dict[str, Any]:
    """Everything a planning panel shows for a pending plan, JSON-ready.

    ``pending`` energy per subsystem, ``active`` (at or above minimum), ``overclocked``, ``reactor_free``
    after allocation (what can still be allocated this turn), ``returning`` (energy deallocated this
    turn: back in the reactor, usable from the next turn), ``reactor_next`` (free at the start of the
    next turn), ``heat_by_sub`` (heat each subsystem adds this turn), ``returned`` (deallocated +
    vented) against ``return_limit``, ``heat_next`` (heat
    aboard after this turn if it resolves), ``arrival`` of a burn, ``targets`` per weapon, the
    ``actions`` in order and the ``problems`` (empty when the plan can be executed).
    """
    ship = state.active_ship
    pending = plan.pending(ship.alloc)
    up, down = energy_diff(ship, pending)
    fires_rail = any(f.weapon is Weapon.RAILGUN for f in plan.fire)
    arrival = planned_arrival(state, plan)
    return {
        "pending": {s.value: p for s, p in zip(SUBSYSTEMS, pending)},
        "active": {s.value: is_active(s, p) for s, p in zip(SUBSYSTEMS, pending)},
        "overclocked": {s.value: p > SPECS[s].threshold for s, p in zip(SUBSYSTEMS, pending)},
        "reactor_free": ship.reactor_free - up,
        "returning": down,
        "reactor_next": ship.reactor_free - up + down,
        "heat_by_sub": {s.value: h for s, h in heat_by_subsystem(pending, fires_rail, state.rules).items()},
        "returned": down + plan.vent,
        "return_limit": RETURN_LIMIT,
        "heat_next": max(0, ship.heat - plan.vent) + turn_heat(pending, fires_rail, state.rules),
        "arrival": None if arrival is None else list(arrival),
        "targets": {w.value: fire_targets(state, plan, w) for w in Weapon},
        "actions": [a.text for a in plan_actions(state, plan)],
        "problems": [{"code": p.code, "message": p.message} for p in validate(state, plan)],
    }
