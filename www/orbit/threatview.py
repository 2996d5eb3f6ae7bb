"""What the page says about danger (issue 28): the engine's ``exposure`` as panel lines and band runs.

No browser imports: the words and the runs are plain functions of engine answers, unit-tested in
CPython. The truth (who can hit where, on which move, for how much after shields) is the engine's
``engine.orbit.exposure``; this module only words and groups it.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.orbit.exposure import EnemyReach, Hit
from engine.orbit.rules import RING_SECTORS, RINGS

Tr = Callable[..., str]
Run = tuple[int, int, int, int]
"""(ring, first sector, length, tier) of a band drawn on the board."""


def hits_text(tr: Tr, r: EnemyReach) -> str:
    """``Laser 2, Missiles 2`` for one move; ``1st: Missiles 2 · 2nd: Railgun 5`` for a double move.

    Weapons are named as on the ship cards; a hit the target's shields take whole says so in words
    (``Missiles stopped by shields``), never as a bare ``0``."""

    def one(h: Hit) -> str:
        weapon = tr("sub_" + h.weapon.value)
        return tr("hit_dmg", weapon=weapon, n=h.damage) if h.damage else tr("hit_blocked", weapon=weapon)

    def move(mv: int) -> str:
        return ", ".join(one(h) for h in r.hits if h.move == mv)

    if r.moves < 2:
        return move(1)
    parts = [tr(f"move{mv}") + " " + move(mv) for mv in (1, 2) if any(h.move == mv for h in r.hits)]
    return " · ".join(parts)


def reach_lines(tr: Tr, name: Callable[[int], str], reach: list[EnemyReach]) -> list[str]:
    """One line per enemy that can hit the planned position (damage after shields, the most it can
    deal, a double move said as such), or the one "safe" line."""
    if not reach:
        return [tr("threat_none")]
    return [
        tr(
            "threat_twice" if r.moves > 1 else "threat_enemy",
            ship=name(r.enemy),
            hits=hits_text(tr, r),
            most=tr("up_to_hull", n=r.most) if r.most else tr("no_hull_lost"),
        )
        for r in reach
    ]


def tier(damage: int) -> int:
    """Band shade: 1 for a light hit (up to 2), 2 for up to 5, 3 for more."""
    return 1 if damage <= 2 else 2 if damage <= 5 else 3


def zone_runs(zone: dict[tuple[int, int], int]) -> list[Run]:
    """Runs of consecutive sectors of one ring with the same damage tier (a full ring is one run)."""
    runs: list[Run] = []
    for ring in RINGS:
        n = RING_SECTORS[ring]
        tiers = [tier(zone[(ring, k)]) if (ring, k) in zone else 0 for k in range(n)]
        if all(t == tiers[0] for t in tiers):
            if tiers[0]:
                runs.append((ring, 0, n, tiers[0]))
            continue
        for k in range(n):
            if tiers[k] and tiers[k] != tiers[k - 1]:
                ln = 1
                while ln < n and tiers[(k + ln) % n] == tiers[k]:
                    ln += 1
                runs.append((ring, k, ln, tiers[k]))
    return runs


def next_enemy(current: int | None, enemies: list[int]) -> int | None:
    """The enemy whose reach to show after ``current`` (keyboard E): each in turn, then none."""
    if not enemies:
        return None
    if current not in enemies:
        return enemies[0]
    i = enemies.index(current) + 1
    return enemies[i] if i < len(enemies) else None
