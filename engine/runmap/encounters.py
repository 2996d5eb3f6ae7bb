"""Encounter tables and the pre-rolls made at map generation (placeholders, see RULES.md).

The design leaves the tables to the Enemy Data & AI system, which does not exist yet, so
these are the smallest honest stand-ins: a few basic, elite and guardian enemies with HP and
an attack of ``dice`` d6 + ``bonus``. HP scales with the party: ``hp * players``; each hit
scales too (``bonus + players - 1``). Acts add ``4 * (act - 1)`` HP to basic and elite enemies.
"""

from __future__ import annotations

from engine.core.rng import GodotRng
from engine.runmap.model import EncounterData, EnemyData, NodeType

# (enemy_id, hp, dice, bonus)
BASIC: tuple[tuple[str, int, int, int], ...] = (
    ("skeleton", 10, 1, 1),
    ("ghoul", 12, 1, 2),
    ("bone_rat", 6, 1, 0),
    ("cultist", 9, 1, 1),
    ("imp", 7, 1, 1),
)
ELITE: tuple[tuple[str, int, int, int], ...] = (
    ("grave_knight", 24, 2, 1),
    ("dice_golem", 28, 2, 0),
    ("hex_witch", 20, 2, 2),
)
GUARDIAN_STATS: dict[str, tuple[int, int, int]] = {
    "beholder": (32, 1, 4),
    "house": (40, 1, 5),
    "shadow_kraken": (50, 2, 2),
    "rng": (62, 2, 4),
}
# rules 3: elites hit with one die (their heavy hits are telegraphed, fight3)
ELITE_3: tuple[tuple[str, int, int, int], ...] = (
    ("grave_knight", 24, 1, 3),
    ("dice_golem", 28, 1, 2),
    ("hex_witch", 20, 1, 4),
)
# rules 3: guardians with telegraphed heavy hits (fight3) hit less often and less hard
GUARDIAN_STATS_3: dict[str, tuple[int, int, int]] = {
    "beholder": (28, 1, 2),
    "house": (36, 1, 3),
    "shadow_kraken": (40, 2, 0),
    "rng": (50, 2, 2),
}
# rules 7: the act guardians of acts 1-3 have less HP (session-15 lab: the intent reader fell to the
# act-1 and act-2 guardians in 7 of 10 lost runs; RULES.md "Rules 7")
GUARDIAN_STATS_7: dict[str, tuple[int, int, int]] = {
    **GUARDIAN_STATS_3,
    "beholder": (18, 1, 2),
    "house": (26, 1, 3),
    "shadow_kraken": (36, 2, 0),
}
GOLD = {"basic": 10, "elite": 25, "boss": 40}
ELITE_GOLD_3 = 75  # rules 3: an elite's purse (a relic comes with it, ``choices3``)
PORTAL_GOLD = 300  # rules 2: the RNG Portal's hoard, the reward for defying the gods (lab: worth it)


PARTY_HP_EXTRA_3 = 8  # rules 3: each hero beyond the first adds 1/8 of the enemy's HP on top


def scale_hp(hp: int, players: int, rules: int = 1) -> int:
    """Party scaling of enemy HP: ``hp * players`` (rules 3: plus ``hp * (players - 1) // 8``, as a
    party's hits average out and its potions and parries add up)."""
    extra = hp * (players - 1) // PARTY_HP_EXTRA_3 if rules >= 3 else 0
    return hp * players + extra


def hit_bonus(bonus: int, players: int, rules: int) -> int:
    """Rules 1: every hit + (players - 1). Rules 2: each enemy attacks every standing player
    instead (``rules.py``), so a hit is the same at any party size."""
    return bonus + players - 1 if rules == 1 else bonus


def extra_enemies(players: int, rules: int) -> int:
    """Rules 1: one more enemy with 3+ players; rules 2: none (HP and attacks already scale)."""
    return 1 if players >= 3 and rules == 1 else 0


def _basic(rng: GodotRng, players: int, act: int, rules: int = 1) -> EnemyData:
    eid, hp, dice, bonus = BASIC[rng.randi_range(0, len(BASIC) - 1)]
    return EnemyData(
        enemy_id=eid,
        rank="basic",
        hp=scale_hp(hp + 4 * (act - 1), players, rules),
        dice=dice,
        bonus=hit_bonus(bonus, players, rules),
    )


def roll_encounter(
    node_type: NodeType, player_count: int, act: int, rng: GodotRng, rules: int = 1
) -> EncounterData:
    """Pre-roll a COMBAT (1-2 basic enemies, +1 with 3+ players in rules 1) or ELITE encounter
    (one elite, +1 basic with 3+ players in rules 1)."""
    extra = extra_enemies(player_count, rules)
    if node_type == NodeType.COMBAT:
        count = rng.randi_range(1, 2) + extra
        enemies = tuple(_basic(rng, player_count, act, rules) for _ in range(count))
        return EncounterData(tier="basic", enemies=enemies, gold=GOLD["basic"])
    if node_type == NodeType.ELITE:
        table = ELITE_3 if rules >= 3 else ELITE
        eid, hp, dice, bonus = table[rng.randi_range(0, len(table) - 1)]
        elite = EnemyData(
            enemy_id=eid,
            rank="elite",
            hp=scale_hp(hp + 4 * (act - 1), player_count, rules),
            dice=dice,
            bonus=hit_bonus(bonus, player_count, rules),
        )
        minions = tuple(_basic(rng, player_count, act, rules) for _ in range(extra))
        return EncounterData(
            tier="elite", enemies=(elite, *minions), gold=ELITE_GOLD_3 if rules >= 3 else GOLD["elite"]
        )
    raise ValueError(f"no encounter table for {node_type.value}")


def guardian_stats(rules: int) -> dict[str, tuple[int, int, int]]:
    """(HP, dice, bonus) of each guardian under rules version ``rules``."""
    return GUARDIAN_STATS_7 if rules >= 7 else GUARDIAN_STATS_3 if rules >= 3 else GUARDIAN_STATS


def roll_guardian_encounter(
    guardian_id: str, player_count: int, act: int, rng: GodotRng, rules: int = 1
) -> EncounterData:
    """Pre-roll a guardian fight: the guardian plus 0-1 basic minions (one more with 3+ players)."""
    if guardian_id not in GUARDIAN_STATS:
        raise ValueError(f"unknown guardian {guardian_id!r}")
    hp, dice, bonus = guardian_stats(rules)[guardian_id]
    boss = EnemyData(
        enemy_id=guardian_id,
        rank="boss",
        hp=scale_hp(hp, player_count, rules),
        dice=dice,
        bonus=hit_bonus(bonus, player_count, rules),
    )
    minions = rng.randi_range(0, 1) + extra_enemies(player_count, rules)
    gold = PORTAL_GOLD if rules >= 2 and guardian_id == "rng" else GOLD["boss"]
    return EncounterData(
        tier="boss",
        enemies=(boss, *(_basic(rng, player_count, act, rules) for _ in range(minions))),
        gold=gold,
    )
