"""Orbit Simulator state: ships, transfers in progress, whose turn it is, and the typed outcome."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from engine.orbit.rules import (
    HULL_START,
    MASS_START,
    REACTOR_UNITS,
    RING_SECTORS,
    SUB_INDEX,
    SUBSYSTEMS,
    Facing,
    Subsystem,
    arrival_sector,
)


@dataclass(frozen=True, slots=True)
class Transit:
    """A ring transfer under way: departed from (ring, sector) of the ship, arrives on ``to_ring``.

    The ship keeps its departure ring and sector while in transit (that is where it is drawn leaving
    from, and where weapons find it); ``dest_sector`` is where it will appear.
    """

    to_ring: int
    dest_sector: int
    adjust: int


@dataclass(frozen=True, slots=True)
class Ship:
    """One ship. ``alloc`` holds the committed energy per subsystem in ``SUBSYSTEMS`` order."""

    id: int
    ring: int
    sector: int
    facing: Facing
    alloc: tuple[int, ...]
    heat: int
    hull: int
    mass: int
    transit: Transit | None = None
    slugs: int | None = None
    """Railgun slugs left (rules 8+, ``rules.RAIL_SLUGS``); ``None``: no magazine (rules 1-7)."""

    @property
    def alive(self) -> bool:
        return self.hull > 0

    @property
    def reactor_free(self) -> int:
        """Energy units still in the reactor (not allocated to any subsystem)."""
        return REACTOR_UNITS - sum(self.alloc)

    def energy(self, sub: Subsystem) -> int:
        return self.alloc[SUB_INDEX[sub]]

    @property
    def position(self) -> tuple[int, int]:
        """(ring, sector) used for drawing and for weapon ranges (departure point while in transit)."""
        return self.ring, self.sector

    def to_json(self) -> dict[str, Any]:
        """Plain JSON view: ring, sector, facing, energy, heat, hull, mass, transit (and slugs, rules 8+)."""
        out: dict[str, Any] = {
            "id": self.id,
            "ring": self.ring,
            "sector": self.sector,
            "facing": self.facing.value,
            "energy": {s.value: a for s, a in zip(SUBSYSTEMS, self.alloc)},
            "reactor": self.reactor_free,
            "heat": self.heat,
            "hull": self.hull,
            "mass": self.mass,
            "alive": self.alive,
            "transit": None
            if self.transit is None
            else {
                "to_ring": self.transit.to_ring,
                "dest_sector": self.transit.dest_sector,
                "adjust": self.transit.adjust,
            },
        }
        if self.slugs is not None:  # rules 8+ only, so older games keep their snapshots
            out["slugs"] = self.slugs
        return out


def new_ship(
    ship_id: int,
    ring: int,
    sector: int,
    facing: Facing = Facing.PROGRADE,
    alloc: tuple[int, ...] | None = None,
    heat: int = 0,
    hull: int = HULL_START,
    mass: int = MASS_START,
) -> Ship:
    """A ship with the rules' starting values unless told otherwise (all energy in the reactor)."""
    return Ship(
        id=ship_id,
        ring=ring,
        sector=sector % RING_SECTORS[ring],
        facing=facing,
        alloc=alloc if alloc is not None else (0,) * len(SUBSYSTEMS),
        heat=heat,
        hull=hull,
        mass=mass,
    )


class Termination(StrEnum):
    """Why the game ended."""

    LAST_SHIP_FLYING = "last_ship_flying"
    MUTUAL_DESTRUCTION = "mutual_destruction"
    TURN_LIMIT = "turn_limit"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: the reason and the winning ship id (``None`` for a draw)."""

    termination: Termination
    winner: int | None

    def to_json(self) -> dict[str, Any]:
        return {"termination": self.termination.value, "winner": self.winner}


@dataclass(frozen=True, slots=True)
class OrbitState:
    """Everything undo must restore: ships, the active ship (hot-seat seat), turn count, outcome.

    ``round`` counts from 1 and goes up when every living ship has moved once; ``lead`` is the ship
    that opened the current round; ``rules`` is the rules version the game is played under (1: fixed
    seat order, one-ring start; 2: initiative rotates each round, scenario starts; see RULES.md).
    """

    ships: tuple[Ship, ...]
    active: int
    turn: int = 0
    max_rounds: int = 100
    outcome: Outcome | None = None
    round: int = 1
    lead: int = 0
    rules: int = 1

    @property
    def active_ship(self) -> Ship:
        return self.ships[self.active]

    def alive_ids(self) -> list[int]:
        return [s.id for s in self.ships if s.alive]

    def with_ship(self, ship: Ship) -> OrbitState:
        ships = list(self.ships)
        ships[ship.id] = ship
        return replace(self, ships=tuple(ships))

    def to_json(self) -> dict[str, Any]:
        """JSON-ready snapshot (used for hashing, the CLI and the browser)."""
        return {
            "ships": [s.to_json() for s in self.ships],
            "active": self.active,
            "turn": self.turn,
            "round": self.round,
            "lead": self.lead,
            "max_rounds": self.max_rounds,
            "rules": self.rules,
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }


def complete_transfer(ship: Ship) -> Ship:
    """Arrival: the ship appears on its destination ring and sector; the transit is cleared."""
    if ship.transit is None:
        return ship
    return replace(ship, ring=ship.transit.to_ring, sector=ship.transit.dest_sector, transit=None)


def start_transit(ship: Ship, to_ring: int, adjust: int) -> Ship:
    """Begin a transfer from the ship's current ring/sector to ``to_ring`` with a +-1 adjustment."""
    dest = arrival_sector(ship.ring, ship.sector, to_ring, adjust)
    return replace(ship, transit=Transit(to_ring=to_ring, dest_sector=dest, adjust=adjust))
