"""Plan checking: is a plan legal, and which actions (the committed/pending diff) it produces.

``validate(state, plan)`` lists every problem (empty = legal) so a planning UI can flag them live.
``plan_actions(state, plan)`` is the preview: the actions the turn will produce, in execution order.
``turn`` runs the plan; this module decides nothing about what happens once it runs.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.orbit.moves import TurnPlan
from engine.orbit.rules import (
    RAILGUN_RECOIL,
    RETURN_LIMIT,
    RING_SECTORS,
    RINGS,
    SCOOP_GAIN,
    SPECS,
    SUB_INDEX,
    SUBSYSTEMS,
    WEAPON_SPECS,
    Facing,
    Subsystem,
    Weapon,
    arrival_sector,
    has_slug,
    in_range,
    wrap,
)
from engine.orbit.state import OrbitState, Ship


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
        if order.weapon is Weapon.RAILGUN and not has_slug(ship.slugs):
            probs.append(Problem("rail_empty", f"{spec.label} has no slugs left"))
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
