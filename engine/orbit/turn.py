"""Turn execution: validate a plan, turn it into actions (the committed/pending diff), run the 9 steps.

``validate(state, plan)`` lists every problem (empty = legal) so a planning UI can flag them live.
``plan_actions(state, plan)`` is the preview: the actions the turn will produce, in execution order.
``execute_turn(state, plan)`` runs the turn and returns the new state plus the turn log (events).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.core.session import IllegalMoveError
from engine.orbit.moves import TurnPlan
from engine.orbit.rules import (
    MASS_MAX,
    RAILGUN_RECOIL,
    RETURN_LIMIT,
    RING_SECTORS,
    RINGS,
    SCOOP_GAIN,
    SHIELD_REDUCTION,
    SPECS,
    SUB_INDEX,
    SUBSYSTEMS,
    WEAPON_SPECS,
    Facing,
    Subsystem,
    Weapon,
    arrival_sector,
    in_range,
    wrap,
)
from engine.orbit.state import OrbitState, Outcome, Ship, Termination, Transit, complete_transfer


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a plan is illegal: a stable ``code`` and a sentence for the player."""

    code: str
    message: str


@dataclass(frozen=True, slots=True)
class Action:
    """One action derived from a plan, tagged with its step in the 9-step turn order."""

    step: int
    kind: str
    subsystem: Subsystem | None = None
    amount: int = 0
    targets: tuple[int, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the turn log: the step, what happened, to whom, and how much."""

    step: int
    kind: str
    ship: int
    text: str
    target: int | None = None
    amount: int = 0


def is_active(sub: Subsystem, energy: int) -> bool:
    """A subsystem is available once its allocated energy reaches its minimum."""
    return energy >= SPECS[sub].minimum


def energy_diff(ship: Ship, pending: tuple[int, ...]) -> tuple[int, int]:
    """(units allocated, units deallocated) going from the committed to the pending allocation."""
    up = sum(max(0, p - c) for p, c in zip(pending, ship.alloc))
    down = sum(max(0, c - p) for p, c in zip(pending, ship.alloc))
    return up, down


def facing_after(ship: Ship, plan: TurnPlan) -> Facing:
    return ship.facing.flipped() if plan.rotate else ship.facing


def burn_destination(ship: Ship, plan: TurnPlan) -> int | None:
    """Destination ring of the plan's burn (facing after rotation decides the direction), or None."""
    if plan.burn is None:
        return None
    return ship.ring + facing_after(ship, plan).sign * plan.burn.rings


def planned_arrival(state: OrbitState, plan: TurnPlan) -> tuple[int, int] | None:
    """(ring, sector) where the active ship's planned burn will arrive (None when coasting or invalid)."""
    ship = state.active_ship
    dest = burn_destination(ship, plan)
    if dest is None or dest not in RINGS:
        return None
    ring, sector = moved_position(ship, plan)
    if any(f.weapon is Weapon.RAILGUN for f in plan.fire):
        sector = (sector - facing_after(ship, plan).sign * RAILGUN_RECOIL) % RING_SECTORS[ring]
    return dest, arrival_sector(ring, sector, dest, plan.adjust)


def moved_position(ship: Ship, plan: TurnPlan) -> tuple[int, int]:
    """(ring, sector) after step 5's automatic orbital movement: where the ship fires from."""
    return ship.ring, wrap(ship.sector + 1, ship.ring)


def validate(state: OrbitState, plan: TurnPlan) -> list[Problem]:
    """Every reason ``plan`` is illegal for the active ship of ``state`` (empty list = legal)."""
    probs: list[Problem] = []
    if state.outcome is not None:
        return [Problem("game_over", "the game is over")]
    ship = state.active_ship
    pending = plan.pending(ship.alloc)
    # The four validation rules of the document.
    for sub, p in zip(SUBSYSTEMS, pending):
        if p > SPECS[sub].maximum:
            probs.append(
                Problem("subsystem_max", f"{SPECS[sub].label} takes at most {SPECS[sub].maximum} energy")
            )
    up, down = energy_diff(ship, pending)
    if up > ship.reactor_free:
        later = " (energy returned this turn is usable next turn)" if down else ""
        probs.append(
            Problem(
                "reactor",
                f"allocating {up} but only {ship.reactor_free} free in the reactor this turn{later}",
            )
        )
    if down > RETURN_LIMIT:
        probs.append(Problem("dealloc_limit", f"deallocating {down}: at most {RETURN_LIMIT} per turn"))
    if down + plan.vent > RETURN_LIMIT:
        probs.append(
            Problem(
                "return_limit",
                f"deallocated {down} + vented {plan.vent} = {down + plan.vent}: at most {RETURN_LIMIT}",
            )
        )
    if plan.vent > ship.heat:
        probs.append(Problem("vent_heat", f"venting {plan.vent} heat but the ship has {ship.heat}"))
    # Rotation.
    if plan.rotate and not is_active(Subsystem.THRUSTERS, pending[SUB_INDEX[Subsystem.THRUSTERS]]):
        probs.append(Problem("rotate_unpowered", "rotation needs powered maneuvering thrusters"))
    # Movement.
    if plan.burn is not None:
        need = plan.burn.engines_needed
        if pending[SUB_INDEX[Subsystem.ENGINES]] < need:
            probs.append(Problem("burn_engines", f"a {plan.burn.value} burn needs {need}+ energy in engines"))
        if ship.mass < plan.burn.mass_cost:
            probs.append(
                Problem("burn_mass", f"a {plan.burn.value} burn needs {plan.burn.mass_cost} reaction mass")
            )
        dest = burn_destination(ship, plan)
        if dest not in RINGS:
            probs.append(Problem("burn_ring", f"destination ring {dest} does not exist (rings 1-5)"))
    if plan.scoop and not is_active(Subsystem.SCOOP, pending[SUB_INDEX[Subsystem.SCOOP]]):
        probs.append(Problem("scoop_unpowered", "the fuel scoop needs 1 energy"))
    # Weapons (from the position after movement, against the others' current positions).
    where = moved_position(ship, plan)
    facing = facing_after(ship, plan)
    for order in plan.fire:
        spec = WEAPON_SPECS[order.weapon]
        if not is_active(order.weapon.subsystem, pending[SUB_INDEX[order.weapon.subsystem]]):
            probs.append(
                Problem(
                    "weapon_unpowered",
                    f"{spec.label} needs {SPECS[order.weapon.subsystem].minimum} energy to fire",
                )
            )
        if len(order.targets) > spec.max_targets:
            probs.append(Problem("too_many_targets", f"{spec.label} fires at {spec.max_targets} target(s)"))
        for t in order.targets:
            if t >= len(state.ships) or t == ship.id or not state.ships[t].alive:
                probs.append(Problem("bad_target", f"ship {t + 1} is not an enemy in the game"))
            elif not in_range(order.weapon, where, facing, state.ships[t].position):
                probs.append(Problem("out_of_range", f"ship {t + 1} is out of {spec.label} range"))
    return probs


def plan_actions(state: OrbitState, plan: TurnPlan) -> list[Action]:
    """The actions a plan produces (the committed/pending diff), in the 9-step order."""
    ship = state.active_ship
    pending = plan.pending(ship.alloc)
    acts: list[Action] = []
    for sub, p, c in zip(SUBSYSTEMS, pending, ship.alloc):
        if p > c:
            acts.append(Action(1, "allocate", sub, p - c, text=f"allocate {p - c} to {SPECS[sub].label}"))
    for sub, p, c in zip(SUBSYSTEMS, pending, ship.alloc):
        if p < c:
            acts.append(
                Action(2, "deallocate", sub, c - p, text=f"deallocate {c - p} from {SPECS[sub].label}")
            )
    if plan.vent:
        acts.append(Action(3, "vent", amount=plan.vent, text=f"vent {plan.vent} heat"))
    if plan.rotate:
        acts.append(Action(4, "rotate", text=f"rotate to {ship.facing.flipped().name.lower()}"))
    if plan.burn is None:
        acts.append(Action(5, "coast", text="coast (+1 sector)"))
        if plan.scoop:
            acts.append(Action(5, "scoop", Subsystem.SCOOP, SCOOP_GAIN, text="fuel scoop (+1 mass)"))
    else:
        dest = burn_destination(ship, plan)
        adj = f" adjust {plan.adjust:+d}" if plan.adjust else ""
        acts.append(
            Action(
                5,
                "burn",
                Subsystem.ENGINES,
                plan.burn.rings,
                text=f"{plan.burn.value} burn to ring {dest}{adj}",
            )
        )
    for order in plan.fire:
        tgt = ", ".join(f"ship {t + 1}" for t in order.targets)
        acts.append(
            Action(
                6,
                "fire",
                order.weapon.subsystem,
                targets=order.targets,
                text=f"fire {WEAPON_SPECS[order.weapon].label} at {tgt}",
            )
        )
    return acts


_RAIL = SUB_INDEX[Subsystem.RAILGUN]
_SHD = SUB_INDEX[Subsystem.SHIELDS]
_OVERCLOCKERS = tuple(
    (i, SPECS[s].threshold, SPECS[s].heat_per_overclock)
    for i, s in enumerate(SUBSYSTEMS)
    if SPECS[s].heat_per_overclock
)
_SHIELD_MIN = SPECS[Subsystem.SHIELDS].minimum


def turn_heat(pending: tuple[int, ...], railgun_fired: bool) -> int:
    """Heat generated in step 8: overclocked engines every turn, the railgun on turns it fires."""
    total = 0
    for i, threshold, rate in _OVERCLOCKERS:
        if i == _RAIL and not railgun_fired:
            continue
        if pending[i] > threshold:
            total += (pending[i] - threshold) * rate
    return total


def heat_by_subsystem(pending: tuple[int, ...], railgun_fired: bool) -> dict[Subsystem, int]:
    """Heat each subsystem will generate in step 8 (0 for most; the railgun only when it fires)."""
    out = {s: 0 for s in SUBSYSTEMS}
    for i, threshold, rate in _OVERCLOCKERS:
        if i == _RAIL and not railgun_fired:
            continue
        if pending[i] > threshold:
            out[SUBSYSTEMS[i]] = (pending[i] - threshold) * rate
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
    if plan.fire:
        damage: dict[int, int] = {}
        for order in plan.fire:
            used.add(order.weapon.subsystem)
            railgun_fired = railgun_fired or order.weapon is Weapon.RAILGUN
            spec = WEAPON_SPECS[order.weapon]
            for t in order.targets:
                shielded = ships[t].alloc[_SHD] >= _SHIELD_MIN
                dealt = max(0, spec.damage - (SHIELD_REDUCTION if shielded else 0))
                damage[t] = damage.get(t, 0) + dealt
                if log:
                    note = f" ({spec.damage} - {SHIELD_REDUCTION} shield)" if shielded else ""
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
    hull = ships[me].hull
    # 7. Heat damage from heat carried over from earlier turns (after venting).
    if heat:
        if log:
            ev.append(Event(7, "heat_damage", me, f"{heat} heat damage to hull", me, heat))
        hull = max(0, hull - heat)
        if hull == 0 and log:
            ev.append(Event(7, "destroyed", me, f"ship {me + 1} is destroyed by its own heat", me))
    # 8. Heat generation from this turn's overclocking.
    gen = turn_heat(alloc, railgun_fired)
    if gen:
        heat += gen
        if log:
            ev.append(Event(8, "heat", me, f"generated {gen} heat", amount=gen))
    ships[me] = Ship(me, ring, sector, facing, alloc, heat, hull, mass, transit)
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


INITIATIVE = "duel"
"""Rules 2 turn order (RULES.md "Initiative", chosen with the playtest lab): "duel" alternates the
first move in a two-ship game (A B | B A | A B ...) and keeps the seat order with three or four ships;
the other readings measured are "rotate" (the lead moves on each round: 0 1 2 | 1 2 0), "snake" (the
order reverses each round: 0 1 2 | 2 1 0) and "fixed" (0 1 2 | 0 1 2)."""


INITIATIVE_3: dict[int, str] = {2: "rotate", 3: "rotate", 4: "rotate"}
"""Rules 3 turn order by number of ships (issue 28, fair seats; RULES.md "Seats")."""


def round_order(state: OrbitState, rnd: int) -> list[int]:
    """Every ship id (living or not) in the order it moves in round ``rnd``."""
    n = len(state.ships)
    base = [(state.lead + k) % n for k in range(n)]
    mode = INITIATIVE_3.get(n, "fixed") if state.rules >= 3 else INITIATIVE
    if mode == "duel":
        mode = "rotate" if n == 2 else "fixed"
    if state.rules < 2 or mode == "fixed":
        return base
    if mode == "snake":
        return base if rnd % 2 == 1 else base[::-1]
    return [(state.lead + rnd - 1 + k) % n for k in range(n)]


def next_turn(state: OrbitState) -> tuple[int, int, int]:
    """``(active, round, lead)`` after the active ship's turn: who moves next and in which round.

    A round is one turn for every living ship in ``round_order``; when everyone has moved the next
    round begins (``lead``, the first ship of the game, stays fixed; the order derives from it).
    """
    alive = [s.alive for s in state.ships]
    order = round_order(state, state.round)
    pos = order.index(state.active)
    for cand in order[pos + 1 :]:
        if alive[cand]:
            return cand, state.round, state.lead
    nxt = round_order(state, state.round + 1)
    return next(c for c in nxt if alive[c]), state.round + 1, state.lead


def turn_order(state: OrbitState, turns: int) -> list[int]:
    """The ships that will move in the next ``turns`` turns if nobody dies (for the panel's queue)."""
    out = []
    s = state
    for _ in range(turns):
        out.append(s.active)
        active, rnd, lead = next_turn(s)
        s = replace(s, active=active, round=rnd, lead=lead)
    return out


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
        "heat_by_sub": {s.value: h for s, h in heat_by_subsystem(pending, fires_rail).items()},
        "returned": down + plan.vent,
        "return_limit": RETURN_LIMIT,
        "heat_next": max(0, ship.heat - plan.vent) + turn_heat(pending, fires_rail),
        "arrival": None if arrival is None else list(arrival),
        "targets": {w.value: fire_targets(state, plan, w) for w in Weapon},
        "actions": [a.text for a in plan_actions(state, plan)],
        "problems": [{"code": p.code, "message": p.message} for p in validate(state, plan)],
    }
