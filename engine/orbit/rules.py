"""Orbit Simulator constants and pure geometry: subsystems, rings, burns, weapons, sector mapping.

Everything the rules document states as a number lives here, next to the numbers this package had to
choose itself (weapons, hull, ranges; see RULES.md). All arithmetic is integer.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

REACTOR_UNITS = 10
"""Energy units in every ship's reactor (rules: "starting: 10 units")."""

RETURN_LIMIT = 3
"""``deallocated_energy + vented_heat <= 3`` per turn."""

MASS_START = 10
MASS_MAX = 24
SCOOP_GAIN = 1
"""Reaction mass recovered by the fuel scoop: the ring velocity, 1 on every ring."""

HULL_START = 20
"""Hull points of a new ship (this package's choice; the rules are silent)."""

RING_SECTORS: dict[int, int] = {1: 6, 2: 12, 3: 24, 4: 48, 5: 96}
RINGS: tuple[int, ...] = (1, 2, 3, 4, 5)
ORBITAL_VELOCITY = 1
"""Sectors every ship advances per turn on any ring."""

ARC_UNITS = 96
"""The circle measured in outer-ring sectors (3.75 degrees each); ranges are given in these units."""


class Subsystem(StrEnum):
    """The seven subsystems, in the fixed order used by allocation tuples and text forms."""

    ENGINES = "eng"
    THRUSTERS = "thr"
    SCOOP = "scp"
    LASER = "las"
    RAILGUN = "rail"
    MISSILES = "mis"
    SHIELDS = "shd"


SUBSYSTEMS: tuple[Subsystem, ...] = tuple(Subsystem)
SUB_INDEX: dict[Subsystem, int] = {s: i for i, s in enumerate(SUBSYSTEMS)}


@dataclass(frozen=True, slots=True)
class SubsystemSpec:
    """Minimum (activation), maximum, overclock threshold and heat per overclocked unit."""

    minimum: int
    maximum: int
    threshold: int
    heat_per_overclock: int
    label: str


SPECS: dict[Subsystem, SubsystemSpec] = {
    # Engines: the document lists maximum 2, but the heavy burn needs 3 and its own overclock example
    # runs them at 3 -> maximum 3 (issue 8's ruling).
    Subsystem.ENGINES: SubsystemSpec(1, 3, 2, 1, "Engines"),
    Subsystem.THRUSTERS: SubsystemSpec(1, 1, 1, 0, "Maneuvering Thrusters"),
    Subsystem.SCOOP: SubsystemSpec(1, 1, 1, 0, "Fuel Scoop"),
    Subsystem.LASER: SubsystemSpec(2, 2, 2, 0, "Broadside Laser"),
    Subsystem.RAILGUN: SubsystemSpec(4, 4, 3, 1, "Railgun"),
    Subsystem.MISSILES: SubsystemSpec(2, 2, 2, 0, "Missiles"),
    Subsystem.SHIELDS: SubsystemSpec(2, 2, 2, 0, "Shields"),
}


def overclock_heat(sub: Subsystem, allocated: int) -> int:
    """``(allocated - overclock_threshold) * heat_per_overclock`` (0 when not beyond the threshold)."""
    spec = SPECS[sub]
    return max(0, allocated - spec.threshold) * spec.heat_per_overclock


class Facing(StrEnum):
    """Prograde: nose along the orbit (burns go outward). Retrograde: nose against it (burns go inward)."""

    PROGRADE = "pro"
    RETROGRADE = "retro"

    def flipped(self) -> Facing:
        return Facing.RETROGRADE if self is Facing.PROGRADE else Facing.PROGRADE

    @property
    def sign(self) -> int:
        """+1 for prograde (outward, clockwise), -1 for retrograde."""
        return 1 if self is Facing.PROGRADE else -1


class Burn(StrEnum):
    """Burn intensities; ``rings`` is the energy in engines needed, the mass spent and the ring change."""

    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"

    @property
    def rings(self) -> int:
        return _BURN_RINGS[self]

    @property
    def engines_needed(self) -> int:
        return self.rings

    @property
    def mass_cost(self) -> int:
        return self.rings


_BURN_RINGS: dict[Burn, int] = {Burn.LIGHT: 1, Burn.MEDIUM: 2, Burn.HEAVY: 3}


def wrap(sector: int, ring: int) -> int:
    """``sector`` wrapped onto ``ring`` (sector -1 is the ring's last sector)."""
    return sector % RING_SECTORS[ring]


def map_sector(from_ring: int, sector: int, to_ring: int) -> int:
    """Sector on ``to_ring`` at the same angle as ``sector`` on ``from_ring``.

    ``floor(sector / from_sectors * to_sectors)`` in integers: x2 / /2 between adjacent rings, the
    angular fraction otherwise, always the start boundary of the source sector (RULES.md, "Sector
    mapping"): R1 S3 -> R2 S6, R1 S3 -> R5 S48, R2 S7 -> R1 S3.
    """
    if from_ring not in RING_SECTORS or to_ring not in RING_SECTORS:
        raise ValueError(f"ring must be 1..5, got {from_ring} -> {to_ring}")
    n_from = RING_SECTORS[from_ring]
    if not 0 <= sector < n_from:
        raise ValueError(f"sector {sector} is not on ring {from_ring} (0..{n_from - 1})")
    return sector * RING_SECTORS[to_ring] // n_from


def arrival_sector(from_ring: int, sector: int, to_ring: int, adjust: int) -> int:
    """Mapped sector plus the +-1 adjustment, wrapped at the ring boundary."""
    return wrap(map_sector(from_ring, sector, to_ring) + adjust, to_ring)


# -- weapons ------------------------------------------------------------------------------------------


class Weapon(StrEnum):
    """The three weapons (each also a subsystem)."""

    LASER = "las"
    RAILGUN = "rail"
    MISSILES = "mis"

    @property
    def subsystem(self) -> Subsystem:
        return _WEAPON_SUB[self]


_WEAPON_SUB: dict[Weapon, Subsystem] = {w: Subsystem(w.value) for w in Weapon}


WEAPONS: tuple[Weapon, ...] = tuple(Weapon)


@dataclass(frozen=True, slots=True)
class WeaponSpec:
    """Damage per hit, how many targets, and the range (see ``in_range``)."""

    damage: int
    max_targets: int
    ring_reach: int
    arc_reach: int
    label: str


WEAPON_SPECS: dict[Weapon, WeaponSpec] = {
    # Broadside laser: every chosen enemy on the same or an adjacent ring within 15 degrees.
    Weapon.LASER: WeaponSpec(2, 3, 1, 4, "Broadside Laser"),
    # Railgun: one enemy on the same ring, at most a quarter turn ahead along the facing.
    Weapon.RAILGUN: WeaponSpec(5, 1, 0, 24, "Railgun"),
    # Missiles: one enemy on any ring within 45 degrees.
    Weapon.MISSILES: WeaponSpec(2, 1, 4, 12, "Missiles"),
}
SHIELD_REDUCTION = 1
"""Powered shields take this much off every weapon hit (never below 0); heat damage is not shielded."""
SHIELD_CUTS: dict[Weapon, tuple[int, int]] = {Weapon.RAILGUN: (5, 0), Weapon.MISSILES: (5, 2)}
"""Weapons that shields stop otherwise than ``SHIELD_REDUCTION``: ``weapon -> (first rules version,
what shields take off a hit)``. Rules 5 (issue 28, counter-weapons; RULES.md reading 30): shields stop
missiles (2 - 2 = 0) and do not stop the railgun's slug (5); the laser keeps 2 - 1."""


RAIL_HEAT_ALWAYS = 7
"""First rules version in which a railgun holding 4 units makes its 1 heat **every turn** it stays
powered, as the rules document's own formula says (``(allocated - threshold) x heat per unit`` =
``(4 - 3) x 1``); before it, only on turns it fires (RULES.md readings 6 and 32)."""


def railgun_heats(rules: int, fired: bool) -> bool:
    """Whether a railgun above its threshold makes heat this turn under rules version ``rules``."""
    return fired or rules >= RAIL_HEAT_ALWAYS


RAIL_SHOT_HEAT_FROM = 9
"""First rules version in which a railgun **shot** makes heat of its own, on top of the powered turn's
(issue 28, session 16; RULES.md reading 34): the document's two railgun sentences added together, the
formula's ``(4 - 3) x 1`` every powered turn (rules 7) and the description's "generates heat when firing
at 4 energy", one more overclocked unit's worth (``RAIL_SHOT_HEAT``) on the turn it fires."""
RAIL_SHOT_HEAT = 1
"""Heat a railgun shot adds from ``RAIL_SHOT_HEAT_FROM``: the railgun's own heat per overclocked unit."""


def railgun_shot_heat(rules: int, fired: bool) -> int:
    """Heat the railgun's shot adds this turn (beyond ``railgun_heats``'s) under rules ``rules``."""
    return RAIL_SHOT_HEAT if fired and rules >= RAIL_SHOT_HEAT_FROM else 0


RAIL_SLUGS_FROM = 8
"""First rules version in which the railgun has a magazine (issue 28, session 14; RULES.md reading 33)."""
RAIL_SLUGS = 2
"""Railgun slugs of a short magazine from rules 8 (one per shot, never replenished): two hits of 5 cannot
destroy a 20-hull ship alone, so a short-supply duel is finished by the laser and missiles. Rules 8
draws it for half the seeded duels (``scenarios.duel_slugs``); session 14's draft gave every ship 3."""


def rail_slugs_start(rules: int) -> int | None:
    """Slugs each explicit ship (a scenario file, a test) starts with under rules version ``rules``;
    ``None``: no magazine (rules 1-7). Seeded games draw theirs (``scenarios.duel_slugs``)."""
    return RAIL_SLUGS if rules >= RAIL_SLUGS_FROM else None


RAIL_RELOAD = 0
"""Slugs a rules-8 ship regains at the end of each of its turns with its railgun unpowered (0 energy),
up to ``RAIL_SLUGS``. 0 in the draft: the lab's ``reloadN`` trial part sets it."""


def slugs_after_turn(slugs: int | None, rail_energy: int) -> int | None:
    """Slugs at the end of a turn: reloaded by ``RAIL_RELOAD`` while the railgun holds no energy."""
    if slugs is None or rail_energy or not RAIL_RELOAD:
        return slugs
    return min(RAIL_SLUGS, slugs + RAIL_RELOAD)


def has_slug(slugs: int | None) -> bool:
    """Whether a railgun with ``slugs`` left (``None``: no magazine) may fire."""
    return slugs is None or slugs > 0


def shield_reduction(weapon: Weapon, rules: int) -> int:
    """What powered shields take off a hit of ``weapon`` under rules version ``rules``."""
    cut = SHIELD_CUTS.get(weapon)
    return cut[1] if cut is not None and rules >= cut[0] else SHIELD_REDUCTION


def hit_damage(weapon: Weapon, shielded: bool, rules: int) -> int:
    """Hull damage of one hit of ``weapon`` on a ship with (or without) powered shields."""
    cut = shield_reduction(weapon, rules) if shielded else 0
    return max(0, WEAPON_SPECS[weapon].damage - cut)


RAILGUN_RECOIL = 1
"""Sectors the railgun pushes its own ship backwards (against the facing) when it fires."""


def arc_span(ring: int, sector: int) -> tuple[int, int]:
    """``(start, length)`` of a sector in arc units (1/96 of the circle)."""
    k = ARC_UNITS // RING_SECTORS[ring]
    return sector * k, k


def arc_gap(ring_a: int, sector_a: int, ring_b: int, sector_b: int) -> int:
    """Arc units of empty angle between two sectors (0 when they overlap or touch)."""
    a0, la = arc_span(ring_a, sector_a)
    b0, lb = arc_span(ring_b, sector_b)
    if (b0 - a0) % ARC_UNITS < la or (a0 - b0) % ARC_UNITS < lb:
        return 0
    return min((b0 - (a0 + la)) % ARC_UNITS, (a0 - (b0 + lb)) % ARC_UNITS)


def in_range(
    weapon: Weapon,
    shooter: tuple[int, int],
    facing: Facing,
    target: tuple[int, int],
) -> bool:
    """Whether ``target`` (ring, sector) is within ``weapon``'s reach from ``shooter`` (ring, sector).

    Laser / missiles: ring distance <= ring_reach and ``arc_gap`` <= arc_reach.
    Railgun: same ring, and the target's sector is 0..n sectors ahead in the facing direction, where
    n sectors span at most ``arc_reach`` arc units (a quarter turn; 1 sector on ring 1).
    """
    spec = WEAPON_SPECS[weapon]
    (sr, ss), (tr, ts) = shooter, target
    if weapon is Weapon.RAILGUN:
        if sr != tr:
            return False
        ahead = ((ts - ss) * facing.sign) % RING_SECTORS[sr]
        return ahead * (ARC_UNITS // RING_SECTORS[sr]) <= spec.arc_reach
    if abs(sr - tr) > spec.ring_reach:
        return False
    return arc_gap(sr, ss, tr, ts) <= spec.arc_reach


def sectors_in_range(weapon: Weapon, shooter: tuple[int, int], facing: Facing) -> list[tuple[int, int]]:
    """Every (ring, sector) ``weapon`` reaches from ``shooter``: the shape to draw on the ring diagram."""
    return [
        (ring, s)
        for ring in RINGS
        for s in range(RING_SECTORS[ring])
        if in_range(weapon, shooter, facing, (ring, s))
    ]
