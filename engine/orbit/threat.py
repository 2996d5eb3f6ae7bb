"""Threats: what each ship can hit on its next turn (its weapon reach), and who can hit a position.

A ship's next turn starts with its arrival (if in transit) and its automatic orbit (+1 sector); it can
allocate energy before firing (RULES.md reading 4), so a weapon is *ready* when its committed energy
plus the reactor's free energy reaches the weapon's minimum, and it can flip its facing first when its
thrusters are or can be powered (this only matters for the railgun, which fires along the facing).
"""

from __future__ import annotations

from engine.orbit.rules import (
    RING_SECTORS,
    RINGS,
    SPECS,
    WEAPONS,
    Facing,
    Subsystem,
    Weapon,
    has_slug,
    in_range,
    wrap,
)
from engine.orbit.state import OrbitState, Ship


def next_fire_position(ship: Ship) -> tuple[int, int]:
    """Where ``ship`` fires from on its next turn: arrival first (if in transit), then +1 sector."""
    ring, sector = (ship.transit.to_ring, ship.transit.dest_sector) if ship.transit else ship.position
    return ring, wrap(sector + 1, ring)


def powered_systems(ship: Ship) -> list[Subsystem]:
    """Subsystems at or above their activation minimum (committed energy)."""
    return [s for s in SPECS if ship.energy(s) >= SPECS[s].minimum]


def ready_weapons(ship: Ship) -> list[Weapon]:
    """Weapons that are powered, or can be powered next turn from the reactor's free energy (not a
    railgun with an empty magazine, rules 8)."""
    return [
        w
        for w in WEAPONS
        if ship.energy(w.subsystem) + ship.reactor_free >= SPECS[w.subsystem].minimum
        and (w is not Weapon.RAILGUN or has_slug(ship.slugs))
    ]


def _facings(ship: Ship) -> tuple[Facing, ...]:
    thr = ship.energy(Subsystem.THRUSTERS) + ship.reactor_free >= SPECS[Subsystem.THRUSTERS].minimum
    return (ship.facing, ship.facing.flipped()) if thr else (ship.facing,)


def can_hit(ship: Ship, weapon: Weapon, target: tuple[int, int]) -> bool:
    """Whether ``ship``'s ``weapon`` reaches ``target`` (ring, sector) on its next turn."""
    where = next_fire_position(ship)
    if weapon is not Weapon.RAILGUN:  # only the railgun's reach depends on the facing
        return in_range(weapon, where, ship.facing, target)
    return any(in_range(weapon, where, f, target) for f in _facings(ship))


def reach_next_turn(ship: Ship) -> dict[Weapon, list[tuple[int, int]]]:
    """Every (ring, sector) each ready weapon of ``ship`` reaches on its next turn (its threat zone)."""
    return {
        w: [(r, s) for r in RINGS for s in range(RING_SECTORS[r]) if can_hit(ship, w, (r, s))]
        for w in ready_weapons(ship)
    }


def threats(
    state: OrbitState, target: int, position: tuple[int, int] | None = None
) -> list[tuple[int, Weapon]]:
    """(enemy id, weapon) pairs that can hit ship ``target`` at ``position`` (default: where it is)
    on the enemy's next turn."""
    pos = state.ships[target].position if position is None else position
    out: list[tuple[int, Weapon]] = []
    for e in state.ships:
        if e.id == target or not e.alive:
            continue
        out.extend((e.id, w) for w in ready_weapons(e) if can_hit(e, w, pos))
    return out
