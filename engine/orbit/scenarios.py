"""Seeded start scenarios (rules 2): where the ships start, and with what energy already allocated.

A scenario is picked from the game's seed, so a seed (the shareable game code) names one start. Every
scenario is symmetric in what matters: all ships get the same loadout, the same angular spacing, and
each ring used holds the same number of ships where the count allows.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import engine.orbit.rules as _rules
from engine.core.rng import Lcg32, Pcg32
from engine.orbit.rules import (
    ARC_UNITS,
    RAIL_SLUGS_FROM,
    RING_SECTORS,
    SUB_INDEX,
    SUBSYSTEMS,
    Subsystem,
    rail_slugs_start,
)
from engine.orbit.state import Ship, new_ship


@dataclass(frozen=True, slots=True)
class Layout:
    """Where ships start: one ring per ship (cycled), angles evenly spread from a seeded offset."""

    key: str
    rings: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Loadout:
    """Energy already allocated at the start (the same for every ship)."""

    key: str
    energy: tuple[tuple[Subsystem, int], ...]


LAYOUTS: tuple[Layout, ...] = (
    Layout("inner-outer", (2, 4)),
    Layout("middle-outer", (3, 5)),
    Layout("staggered", (2, 3, 4, 5)),
    Layout("wide", (3, 5, 4, 2)),
)
"""Start layouts; ship i starts on ``rings[i % len(rings)]``. No layout puts ships on one ring, so no
railgun (same ring, a quarter turn ahead) has a target in round 1."""

LOADOUTS: tuple[Loadout, ...] = (
    Loadout("cold", ()),
    Loadout("patrol", ((Subsystem.ENGINES, 1), (Subsystem.THRUSTERS, 1), (Subsystem.SHIELDS, 2))),
    Loadout("escort", ((Subsystem.MISSILES, 2), (Subsystem.SHIELDS, 2))),
)


SPACING: dict[int, dict[int, int]] = {2: {1: 52}, 3: {1: 37, 2: 59}, 4: {1: 20, 2: 48, 3: 76}}
"""Start angles (arc units of 3.75 degrees from the offset) by ship count, where not evenly spread.
Two ships: the second starts 195 degrees ahead of the first (15 degrees past the opposite point).
Three ships: the first mover starts farthest from the others (about 139 degrees from each, the other two
82 degrees apart); evenly spread, the first mover was the ship both others closed in on. Four ships:
the first mover starts nearer its neighbours (75 degrees instead of 90), which took away its edge
(RULES.md, reading 27)."""


SPACING_3: dict[int, dict[int, int]] = {**SPACING, 3: {1: 37, 2: 59}}
"""Start angles under rules 3 (issue 28, fair seats; RULES.md "Seats"): chosen with the lab together
with ``turn.INITIATIVE_3``."""


DUEL_SPREAD = 24
"""Rules 4 (issue 28, session 7): in a duel the second ship starts ``SPACING[2][1]`` (52) arc units
ahead of the first, plus or minus a seeded 0..24 (105 to 285 degrees ahead), so that the start, not a
random choice, varies how soon and on which weapons the duel is fought (RULES.md "Variety")."""


LONE_3_RULES = 6
"""Rules 6 (issue 28, session 9; RULES.md "Seats"): with three ships the seed draws which seat starts
alone (the ``SPACING_3`` angle 0, farthest from the other two); before, it was always the first mover,
which won 29 of 60 expert games under rules 5 (+15 points over a fair third). With four ships the seed
likewise draws which seat takes the first place of ``SPACING_3[4]`` (the others follow in seat order)."""


def place_shift(seed: int, players: int) -> int:
    """The rules-6 seat that takes start place 0 (the others follow it in seat order), from the seed
    (its own PCG stream); 0 for duels, which keep rules 4's drawn distance."""
    return Pcg32(seed, 0x10E3).next_below(players) if players in (3, 4) else 0


def lone_seat(seed: int) -> int:
    """The rules-6 three-ship seat that starts alone (0, 1 or 2)."""
    return place_shift(seed, 3)


def duel_angle(seed: int) -> int:
    """The rules-4 duel start angle of the second ship (arc units ahead of the first), from the seed."""
    rng = Pcg32(seed, 0xD0E1)  # not the scenario's Lcg32: its low bits follow the seed too closely
    return SPACING[2][1] - DUEL_SPREAD + rng.next_below(2 * DUEL_SPREAD + 1)


SUPPLY_DRAW = True
"""Rules 8 (issue 28, session 15; RULES.md reading 33): a seeded duel draws its railgun supply. False
(the lab's ``supplyall``): every ship of every seeded game gets ``rules.RAIL_SLUGS`` (session 14's draft)."""


def duel_slugs(seed: int, players: int, rules: int) -> int | None:
    """The railgun slugs each ship of a seeded game starts with: from rules 8 a duel draws (its own PCG
    stream, so the start is unchanged) a short supply (``rules.RAIL_SLUGS``) or a full one (``None``: no
    magazine, as rules 7), half each; three and four ships have no magazine."""
    if rules < RAIL_SLUGS_FROM:
        return None
    if not SUPPLY_DRAW:
        return rail_slugs_start(rules)
    if players != 2:
        return None
    return _rules.RAIL_SLUGS if Pcg32(seed, 0x5106).next_below(2) == 0 else None


@dataclass(frozen=True, slots=True)
class Start:
    """A scenario: its layout and loadout names (shown to players) and the ships."""

    layout: str
    loadout: str
    ships: tuple[Ship, ...]


def scenario_ships(seed: int, players: int, rules: int = 2) -> Start:
    """The start of a rules-2 (3, 4) game: a layout and a loadout from the seed, angles from a seeded
    offset (``SPACING``, ``SPACING_3`` under rules 3; under rules 4 a duel's second ship is placed at
    ``duel_angle``, everything else as rules 3; under rules 6 a three-ship game's ``lone_seat`` takes
    the lone place, the others follow it in seat order)."""
    spacing = SPACING_3 if rules >= 3 else SPACING
    if rules >= 4 and players == 2:
        spacing = {**spacing, 2: {1: duel_angle(seed)}}
    rng = Lcg32(seed ^ 0x5EED0B17)
    layout = LAYOUTS[rng.next_below(len(LAYOUTS))]
    loadout = LOADOUTS[rng.next_below(len(LOADOUTS))]
    offset = rng.next_below(ARC_UNITS)
    shift = rng.next_below(len(layout.rings))  # which ring the first mover gets is drawn too
    alloc = [0] * len(SUBSYSTEMS)
    for sub, n in loadout.energy:
        alloc[SUB_INDEX[sub]] = n
    ships = []
    lone = place_shift(seed, players) if rules >= LONE_3_RULES else 0
    slugs = duel_slugs(seed, players, rules)
    for i in range(players):
        ring = layout.rings[(i + shift) % len(layout.rings)]
        place = (i - lone) % players  # rules 6, three ships: seat ``lone`` takes the first mover's place
        angle = (offset + spacing.get(players, {}).get(place, place * ARC_UNITS // players)) % ARC_UNITS
        sector = angle * RING_SECTORS[ring] // ARC_UNITS
        ship = new_ship(i, ring, sector, alloc=tuple(alloc))
        ships.append(replace(ship, slugs=slugs))  # rules 8: a short supply drawn for half the duels
    return Start(layout.key, loadout.key, tuple(ships))
