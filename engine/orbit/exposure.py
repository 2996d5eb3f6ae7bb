"""Exposure: every hit the enemies can land on a ship before its next turn (issue 28).

The panel's "safe" line and the board's red bands come from here. Unlike ``threat.reach_next_turn``
(one enemy turn, each weapon on its own), this follows **every enemy move before the ship's next
turn**: in a duel the order A B | B A lets an enemy move twice in a row, so it may burn (or turn, or
power weapons) on its first move and fire from its new position on the second. The enumeration is
exact for one enemy on its own:

- every legal energy change of its first move (allocation from the free reactor, at most 3 units
  returned; venting only spends the return budget, so it never widens the reach), rotation when the
  thrusters are powered, coast or every legal burn and sector adjustment, railgun recoil when the
  railgun can fire at someone;
- on a second move it arrives (a transfer completes at the start of its turn), orbits one sector,
  and may power any weapon the energy left in its reactor allows (energy returned on the first move
  is usable on the second, reading 5) and turn round.

Damage is after the target's shields (the target's energy cannot change before its next turn). Two
enemies never change each other's reach (positions and energy are per ship), so the union over
enemies is exact too; a ship that might die before it moves is still counted (never a false "safe").
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import product

from engine.orbit import rules as _rules
from engine.orbit.rules import (
    RAILGUN_RECOIL,
    REACTOR_UNITS,
    RETURN_LIMIT,
    RING_SECTORS,
    RINGS,
    SPECS,
    SUB_INDEX,
    SUBSYSTEMS,
    WEAPONS,
    Burn,
    Facing,
    Subsystem,
    Weapon,
    arrival_sector,
    has_slug,
    hit_damage,
    in_range,
    wrap,
)
from engine.orbit.state import OrbitState, Ship, complete_transfer
from engine.orbit.turn import next_turn

Cell = tuple[int, int]
_ENG, _THR, _SHD = SUB_INDEX[Subsystem.ENGINES], SUB_INDEX[Subsystem.THRUSTERS], SUB_INDEX[Subsystem.SHIELDS]
_W_IDX = tuple(SUB_INDEX[w.subsystem] for w in WEAPONS)
_W_MIN = tuple(SPECS[w.subsystem].minimum for w in WEAPONS)
_THR_MIN = SPECS[Subsystem.THRUSTERS].minimum
_SUBSETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k in range(len(WEAPONS)) if bits >> k & 1) for bits in range(1 << len(WEAPONS))
)


@dataclass(frozen=True, slots=True)
class Hit:
    """One shot an enemy can land: on its ``move``-th move before your next turn (1 or 2)."""

    enemy: int
    move: int
    weapon: Weapon
    damage: int


@dataclass(frozen=True, slots=True)
class EnemyReach:
    """What one enemy can do to a position before your next turn.

    ``moves`` is how many times it moves first (2: a double move); ``hits`` every (move, weapon) that
    can land, with its damage after shields; ``most`` the most damage it can deal there in total
    (the best of its plans, not the sum of every hit: energy and position limit what it can combine).
    """

    enemy: int
    moves: int
    hits: tuple[Hit, ...]
    most: int


def enemy_turns(state: OrbitState, me: int) -> list[int]:
    """The ships that move, in order, before ``me``'s next turn (an id twice for a double move).

    When ``me`` is the active ship this is the order after its current turn; otherwise the order
    from the active ship up to ``me``. Assumes nobody dies on the way (deaths only shorten it)."""
    s = state
    out: list[int] = []
    if s.active == me:
        a, r, lead = next_turn(s)
        s = replace(s, active=a, round=r, lead=lead)
    for _ in range(2 * len(state.ships) + 1):
        if s.active == me:
            return out
        out.append(s.active)
        a, r, lead = next_turn(s)
        s = replace(s, active=a, round=r, lead=lead)
    return out


@dataclass(frozen=True, slots=True)
class _Energy:
    """One class of first-move energy plans: what is powered, and what the second move can power."""

    weapons: int
    """Bit k set: ``WEAPONS[k]`` powered on the first move."""
    engines: int
    thrusters: bool
    second: tuple[tuple[int, bool], ...]
    """(weapon bits, rotate) the second move can afford, only the largest sets for each rotate."""


@lru_cache(maxsize=512)
def _energy_classes(alloc: tuple[int, ...]) -> tuple[_Energy, ...]:
    """Every legal first-move allocation of a ship with committed ``alloc``, grouped by effect.

    Plans with the same first-move effect (weapons powered, engine level, thrusters) are merged and
    their second-move options united: the search takes the best over both anyway."""
    free = REACTOR_UNITS - sum(alloc)
    ranges = [range(SPECS[s].maximum + 1) for s in SUBSYSTEMS]
    groups: dict[tuple[int, int, bool], set[tuple[int, bool]]] = {}
    for pend in product(*ranges):
        up = down = 0
        for p, c in zip(pend, alloc):
            if p > c:
                up += p - c
            else:
                down += c - p
        if up > free or down > RETURN_LIMIT:
            continue
        free2 = REACTOR_UNITS - sum(pend)
        weapons = sum(1 << k for k in range(len(WEAPONS)) if pend[_W_IDX[k]] >= _W_MIN[k])
        second = groups.setdefault((weapons, pend[_ENG], pend[_THR] >= _THR_MIN), set())
        second |= _affordable(tuple(pend[i] for i in _W_IDX), pend[_THR], free2)
    out = []
    for (weapons, eng, thr), second in groups.items():
        top = tuple(
            sorted(
                (b, r) for b, r in second if not any(r2 == r and b2 != b and b2 & b == b for b2, r2 in second)
            )
        )
        out.append(_Energy(weapons, eng, thr, top))
    return tuple(out)


@lru_cache(maxsize=1024)
def _affordable(weapons: tuple[int, ...], thrusters: int, free: int) -> frozenset[tuple[int, bool]]:
    """(weapon bits, rotate) a move can power from ``free`` reactor energy, given the weapons' and
    thrusters' energy already in place."""
    out = set()
    for bits, sub in enumerate(_SUBSETS):
        base = sum(max(0, _W_MIN[k] - weapons[k]) for k in sub)
        if base <= free:
            out.add((bits, False))
        if base + max(0, _THR_MIN - thrusters) <= free:
            out.add((bits, True))
    return frozenset(out)


def _damage(weapon: Weapon, shielded: bool, rules: int) -> int:
    return hit_damage(weapon, shielded, rules)


def _moves(ship: Ship, e: _Energy, facing: Facing) -> list[tuple[int, int]]:
    """(ring change, adjust) of every movement the first move can make: (0, 0) is coasting."""
    out = [(0, 0)]
    for burn in Burn:
        if e.engines >= burn.engines_needed and ship.mass >= burn.mass_cost:
            if ship.ring + facing.sign * burn.rings in RINGS:
                out.extend((facing.sign * burn.rings, adj) for adj in (-1, 0, 1))
    return out


def _second_start(ship: Ship, facing: Facing, move: tuple[int, int], recoil: bool) -> Cell:
    """Where the ship fires from on its second move: after the first move's orbit, recoil, transfer
    and the second move's orbit."""
    ring = ship.ring
    sector = wrap(ship.sector + 1, ring)
    if recoil:
        sector = wrap(sector - facing.sign * RAILGUN_RECOIL, ring)
    dr, adj = move
    if dr:
        dest = ring + dr
        return dest, wrap(arrival_sector(ring, sector, dest, adj) + 1, dest)
    return ring, wrap(sector + 1, ring)


def _others_in_rail(state: OrbitState, ship: Ship, me: int, where: Cell, facing: Facing) -> bool:
    """Whether ``ship``'s railgun may have a target other than ``me`` on its first move (then it may
    recoil). In a duel there is none; with more ships the others may move before it fires, so any
    other living ship counts (the recoiled second position is then shown too: never a false "safe")."""
    return any(s.alive and s.id not in (ship.id, me) for s in state.ships)


def _slugs_between(slugs: int | None, fired: bool) -> int | None:
    """The most slugs an enemy may hold on its second move (rules 8): one fewer if its first move
    fired the railgun, ``rules.RAIL_RELOAD`` more if it may have reloaded in between."""
    if slugs is None:
        return None
    return slugs - fired + _rules.RAIL_RELOAD


def reach_at(state: OrbitState, me: int, position: Cell | None = None) -> list[EnemyReach]:
    """Every enemy that can hit ship ``me`` at ``position`` (default: where it is) before its next
    turn, with each hit and the most it can deal; enemies that cannot are left out.

    ``state`` is a position where ``me`` has moved (the state after its planned turn) or is about to
    move (then its current shields count)."""
    target = state.ships[me]
    pos = target.position if position is None else position
    shielded = target.alloc[_SHD] >= SPECS[Subsystem.SHIELDS].minimum
    order = enemy_turns(state, me)
    out = []
    for eid in dict.fromkeys(order):
        r = _enemy_at(state, state.ships[eid], me, pos, shielded, order.count(eid))
        if r is not None:
            out.append(r)
    return out


def _enemy_at(
    state: OrbitState, enemy: Ship, me: int, pos: Cell, shielded: bool, moves: int
) -> EnemyReach | None:
    ship = complete_transfer(enemy)
    fire1 = (ship.ring, wrap(ship.sector + 1, ship.ring))
    dmg = [_damage(w, shielded, state.rules) for w in WEAPONS]
    rail = 1 << WEAPONS.index(Weapon.RAILGUN)
    lands: dict[tuple[Cell, Facing], int] = {}

    def land(where: Cell, facing: Facing) -> int:
        got = lands.get((where, facing))
        if got is None:
            got = sum(1 << k for k, w in enumerate(WEAPONS) if in_range(w, where, facing, pos))
            lands[(where, facing)] = got
        return got

    def total(bits: int) -> int:
        return sum(dmg[k] for k in range(len(WEAPONS)) if bits >> k & 1)

    hits1 = hits2 = 0
    most = 0
    # rules 8: an empty magazine fires no railgun; the last slug fires on one of two moves only
    keep1 = ~rail if not has_slug(ship.slugs) else ~0
    for e in _energy_classes(ship.alloc):
        weapons = e.weapons & keep1
        for rot1 in (False, True) if e.thrusters else (False,):
            f1 = ship.facing.flipped() if rot1 else ship.facing
            land1 = weapons & land(fire1, f1)
            hits1 |= land1
            d1 = total(land1)
            if moves < 2:
                most = max(most, d1)
                continue
            can_recoil = bool(weapons & rail) and (
                bool(land1 & rail) or _others_in_rail(state, ship, me, fire1, f1)
            )
            for move in _moves(ship, e, f1):
                for recoil in (False, True) if can_recoil else (False,):
                    # firing the railgun at us is what makes it recoil; without recoil no rail hit
                    first = d1 if recoil else total(land1 & ~rail)
                    fire2 = _second_start(ship, f1, move, recoil)
                    keep2 = ~rail if not has_slug(_slugs_between(ship.slugs, recoil)) else ~0
                    best2 = 0
                    for bits, rot2 in e.second:
                        land2 = bits & keep2 & land(fire2, f1.flipped() if rot2 else f1)
                        hits2 |= land2
                        best2 = max(best2, total(land2))
                    most = max(most, first + best2)
    if not hits1 | hits2:
        return None
    ordered = tuple(
        Hit(enemy.id, mv, w, dmg[k])
        for mv, bits in ((1, hits1), (2, hits2))
        for k, w in enumerate(WEAPONS)
        if bits >> k & 1
    )
    return EnemyReach(enemy.id, moves, ordered, most)


@lru_cache(maxsize=4096)
def _cells(weapon: Weapon, where: Cell, facing: Facing) -> frozenset[Cell]:
    return frozenset(
        (r, s) for r in RINGS for s in range(RING_SECTORS[r]) if in_range(weapon, where, facing, (r, s))
    )


def enemy_zone(state: OrbitState, enemy: int, me: int) -> dict[Cell, int]:
    """Every cell ``enemy`` can hit before ``me``'s next turn, with the heaviest single shot that
    lands there (after ``me``'s shields). Empty when it does not move before then."""
    order = enemy_turns(state, me)
    moves = order.count(enemy)
    if not moves or not state.ships[enemy].alive:
        return {}
    ship = complete_transfer(state.ships[enemy])
    shielded = state.ships[me].alloc[_SHD] >= SPECS[Subsystem.SHIELDS].minimum
    fire1 = (ship.ring, wrap(ship.sector + 1, ship.ring))
    zone: dict[Cell, int] = {}

    def add(k: int, where: Cell, facing: Facing) -> None:
        d = _damage(WEAPONS[k], shielded, state.rules)
        for c in _cells(WEAPONS[k], where, facing):
            if zone.get(c, -1) < d:
                zone[c] = d

    done: set[tuple[int, Cell, Facing]] = set()
    rail_bit = 1 << WEAPONS.index(Weapon.RAILGUN)
    keep = ~rail_bit if not has_slug(ship.slugs) else ~0  # rules 8: an empty magazine
    keep2 = ~rail_bit if not has_slug(_slugs_between(ship.slugs, False)) else ~0  # or reloaded between
    for e in _energy_classes(ship.alloc):
        weapons = e.weapons & keep
        for rot1 in (False, True) if e.thrusters else (False,):
            f1 = ship.facing.flipped() if rot1 else ship.facing
            for k in range(len(WEAPONS)):
                if weapons >> k & 1 and (k, fire1, f1) not in done:
                    done.add((k, fire1, f1))
                    add(k, fire1, f1)
            if moves < 2:
                continue
            rail = weapons >> WEAPONS.index(Weapon.RAILGUN) & 1
            # recoil needs a target: ``me`` in reach on the first move (then that cell is already in the
            # zone) or another ship; a recoiled second position is drawn only for the latter
            recoils = (False, True) if rail and _others_in_rail(state, ship, me, fire1, f1) else (False,)
            for move in _moves(ship, e, f1):
                for recoil in recoils:
                    fire2 = _second_start(ship, f1, move, recoil)
                    for bits, rot2 in e.second:
                        f2 = f1.flipped() if rot2 else f1
                        for k in _SUBSETS[bits & keep2]:
                            if (k, fire2, f2) not in done:
                                done.add((k, fire2, f2))
                                add(k, fire2, f2)
    return zone


def danger_zone(state: OrbitState, me: int) -> dict[Cell, int]:
    """Every cell some enemy can hit before ``me``'s next turn, with the most damage the enemies
    moving before then could land there if each fired its heaviest shot that reaches it."""
    total: dict[Cell, int] = {}
    for eid in dict.fromkeys(enemy_turns(state, me)):
        for c, d in enemy_zone(state, eid, me).items():
            total[c] = total.get(c, 0) + d
    return total
