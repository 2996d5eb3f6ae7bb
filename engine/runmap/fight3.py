"""Rules 3-5 fights (issue 29): enemy intents shown, each hero chooses attack, block, skill or item.

Every enemy shows its **intent** for the round before anyone acts, with its exact number (as Slay
the Spire shows it): ``attack N`` (hits every standing hero for N), ``heavy N`` (a big hit on every
standing hero) or ``guard N`` (it attacks nobody and N of the party's damage to it is absorbed).
Each standing hero then picks one action (``pending``); when every standing hero has one, the
round resolves in seat order, then the enemies act, then new intents are rolled:

- ``attack``: 2d6 + 2 + attack bonus on the first standing enemy (its guard absorbs first);
- ``block``: BLOCK_BASE + 1d6 + block bonus, taken off the hits aimed at this hero this round;
- ``skill`` (Parry, once per fight per hero): the hero takes no hit this round and strikes back
  for 1d6 + attack bonus on the first standing enemy (ignoring guard);
- ``item``: drink a potion from the party's belt: the hero heals POTION_HEAL.

Rules 5 (``FIGHT_RULES[5]``; rules 3 and 4 keep ``FIGHT_RULES[3]``): intents follow a cycle per
rank instead of a draw (the next one is shown, ``next_intent``), heavy = 3 x hit + 8, a guard
halves each hit instead of absorbing N, and a hero's attack is 1d6 + 6.

Rules 6 (``FIGHT_RULES[6]``, issue 29: guard and plain-attack rounds are decisions): the round is
simultaneous (an enemy felled this round still lands the blow it showed, so killing it does not
spare the party that blow: block or attack is a real choice even in the last round); a block that
nothing hit (a round in which no enemy attacked: a guard round) is kept into the next round, so a
guard round is the time to raise a block for the blows shown next; Parry answers a heavy blow only
(it is there for the telegraphed big hit); a block is 17 + 1d6.

Who may act for a hero: its own seat when connected; the host for a hero whose seat is not
connected (a solo run, a local party, a player who left). Numbers are in RULES.md.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.core.rng import GodotRng
from engine.core.session import IllegalMoveError
from engine.runmap.model import Rank
from engine.runmap.moves import FightAction
from engine.runmap.state import EnemyState, PlayerState, RunState

ACTIONS: tuple[FightAction, ...] = ("attack", "block", "skill", "item")
PLAYER_DICE, ATTACK_BASE = 2, 2
BLOCK_BASE = 12
PARRY_DICE = 1
POTION_HEAL = 16
HEAVY_MULT, HEAVY_EXTRA = 3, 0
GUARD_BASE = 8
INTENTS: dict[Rank, tuple[tuple[str, int], ...]] = {
    "basic": (("attack", 6), ("heavy", 2), ("guard", 2)),
    "elite": (("attack", 4), ("heavy", 4), ("guard", 2)),
    "boss": (("attack", 4), ("heavy", 4), ("guard", 2)),
}


@dataclass(frozen=True)
class FightRules:
    """The numbers of a fight that differ between rules versions (RULES.md, rules 3 and rules 5)."""

    heavy_mult: int  # a heavy intent hits for heavy_mult x the rolled hit + heavy_extra
    heavy_extra: int
    block_base: int
    guard_halves: bool  # rules 5: an enemy on guard takes half of every hit instead of soaking N
    # rules 3: each round's intent is drawn with these weights; rules 5: ``patterns`` instead
    intents: dict[Rank, tuple[tuple[str, int], ...]] | None
    # rules 5: each rank's intents follow this cycle (enemy k shows entry (round + k) % len);
    # only the hit's dice are rolled
    patterns: dict[Rank, tuple[str, ...]] | None = None
    attack_dice: int = PLAYER_DICE  # a hero's attack: attack_dice d6 + attack_base + attack bonus
    attack_base: int = ATTACK_BASE
    # rules 6: a hero's block that nothing hit this round (no enemy attacked) is kept into the next
    keep_block: bool = False
    # rules 6: an enemy felled this round still lands the blow it showed (the round is simultaneous)
    blows_land: bool = False
    # rules 6: Parry only answers a heavy blow (the skill is there for the telegraphed big hit)
    parry_heavy_only: bool = False


PATTERN_BASIC = ("attack", "attack", "heavy", "guard")
PATTERN_STRONG = ("attack", "heavy", "attack", "heavy", "guard")
BLOCK_BASE_6 = 17
RULES_5 = FightRules(
    heavy_mult=3,
    heavy_extra=8,
    block_base=BLOCK_BASE,
    guard_halves=True,
    intents=None,
    patterns={"basic": PATTERN_BASIC, "elite": PATTERN_STRONG, "boss": PATTERN_STRONG},
    attack_dice=1,
    attack_base=6,
)
FIGHT_RULES: dict[int, FightRules] = {
    3: FightRules(HEAVY_MULT, HEAVY_EXTRA, BLOCK_BASE, False, INTENTS),
    5: RULES_5,
    # rules 6 is rules 5's round with a bigger block, the kept block, landing blows and a heavy-only Parry
    6: replace(RULES_5, block_base=BLOCK_BASE_6, keep_block=True, blows_land=True, parry_heavy_only=True),
}


def fight_rules(rules: int) -> FightRules:
    """The fight numbers of rules version ``rules`` (3 and 4 share rules 3's; 6 and later rules 6's:
    rules 7 changes only the guardians' HP, ``encounters.guardian_stats``)."""
    return FIGHT_RULES[6] if rules >= 6 else FIGHT_RULES[5] if rules >= 5 else FIGHT_RULES[3]


def block_range(rules: int, block_bonus: int) -> tuple[int, int]:
    """The lowest and highest block a hero can roll (shown on the Block button)."""
    base = fight_rules(rules).block_base + block_bonus
    return base + 1, base + 6


def attack_range(rules: int, attack_bonus: int) -> tuple[int, int]:
    """The lowest and highest attack a hero can roll (shown on the Attack button)."""
    fr = fight_rules(rules)
    base = fr.attack_base + attack_bonus
    return base + fr.attack_dice, base + 6 * fr.attack_dice


def _d6(rng: GodotRng, n: int) -> int:
    return sum(rng.randi_range(1, 6) for _ in range(n))


def roll_intent(e: EnemyState, rng: GodotRng, rules: int = 3, step: int = 0) -> EnemyState:
    """The enemy's next intent and its exact number, from the run stream. A guard's number is
    what it soaks (rules 3) or 50, the percent of every hit it takes off (rules 5)."""
    if e.hp == 0:
        return e.model_copy(update={"intent": "", "intent_value": 0})
    fr = fight_rules(rules)
    if fr.patterns is not None:
        cycle = fr.patterns[e.rank]
        kind = cycle[step % len(cycle)]
    else:
        assert fr.intents is not None
        table = fr.intents[e.rank]
        roll = rng.randi_range(0, sum(w for _, w in table) - 1)
        kind = table[-1][0]
        for name, w in table:
            if roll < w:
                kind = name
                break
            roll -= w
    hit = _d6(rng, e.dice) + e.bonus
    guard = 50 if fr.guard_halves else GUARD_BASE + 2 * e.dice
    value = {"attack": hit, "heavy": fr.heavy_mult * hit + fr.heavy_extra, "guard": guard}[kind]
    return e.model_copy(update={"intent": kind, "intent_value": value})


def next_intent(state: RunState, k: int) -> str:
    """The kind of intent enemy ``k`` shows next round when its rules follow a pattern (rules 5),
    so a player can plan; "" when intents are drawn (rules 3/4) or the enemy is down."""
    fr = fight_rules(state.options.rules)
    c = state.combat
    if fr.patterns is None or c is None or not 0 <= k < len(c.enemies) or c.enemies[k].hp == 0:
        return ""
    cycle = fr.patterns[c.enemies[k].rank]
    return cycle[(c.round + 1 + k) % len(cycle)]


def incoming(e: EnemyState) -> int:
    """What the enemy will hit each standing hero for this round (0 when it guards or is down)."""
    return e.intent_value if e.hp > 0 and e.intent in ("attack", "heavy") else 0


def may_act_for(state: RunState, seat: int, hero: int) -> bool:
    """A seat acts for its own hero; the host also for heroes whose seat is not connected."""
    if hero == seat and seat in state.connected:
        return True
    return seat == state.host and hero not in state.connected


def waiting_heroes(state: RunState) -> list[int]:
    """Standing heroes without an action this round, in seat order."""
    assert state.combat is not None
    done = {h for h, _ in state.combat.pending}
    return [p.seat for p in state.players if p.hp > 0 and p.seat not in done]


def next_hero_for(state: RunState, seat: int) -> int | None:
    """The hero ``seat`` chooses for next this round (its own first), None when it has none."""
    if state.combat is None:
        return None
    mine = [h for h in waiting_heroes(state) if may_act_for(state, seat, h)]
    return seat if seat in mine else (mine[0] if mine else None)


def action_allowed(state: RunState, hero: int, action: str) -> str | None:
    """Why ``hero`` may not take ``action`` now (None when it may)."""
    c = state.combat
    assert c is not None
    if action not in ACTIONS:
        return f"{action} is not a fight action (attack, block, skill, item)"
    if action == "skill" and hero in c.skills_used:
        return f"hero {hero + 1} has used Parry in this fight"
    if action == "skill" and fight_rules(state.options.rules).parry_heavy_only:
        if not any(e.intent == "heavy" and e.hp > 0 for e in c.enemies):
            return "Parry answers a heavy blow: no enemy winds one up this round"
    if action == "item":
        drunk = sum(1 for _, a in c.pending if a == "item")
        if state.potions - drunk <= 0:
            return "the potion belt is empty"
    return None


def choose(state: RunState, seat: int, hero: int, action: str) -> RunState:
    """Record ``hero``'s action for this round (by ``seat``); resolve when every hero has one."""
    c = state.combat
    assert c is not None
    if not 0 <= hero < len(state.players) or state.players[hero].hp == 0:
        raise IllegalMoveError(f"hero {hero + 1} cannot act (down or not in the party)")
    if not may_act_for(state, seat, hero):
        raise IllegalMoveError(f"p{seat} cannot act for hero {hero + 1}: each player acts for their own hero")
    if hero not in waiting_heroes(state):
        raise IllegalMoveError(f"hero {hero + 1} has already chosen this round")
    why = action_allowed(state, hero, action)
    if why is not None:
        raise IllegalMoveError(why)
    s = state.model_copy(update={"combat": c.model_copy(update={"pending": (*c.pending, (hero, action))})})
    if waiting_heroes(s):
        return s.model_copy(update={"last_event": f"hero {hero + 1}: {action}"})
    return resolve(s)


def start(enemies: tuple[EnemyState, ...], rng: GodotRng, rules: int = 3) -> tuple[EnemyState, ...]:
    """The opening intents of a fight."""
    return tuple(roll_intent(e, rng, rules, k) for k, e in enumerate(enemies))


def _target(enemies: list[EnemyState]) -> int | None:
    return next((k for k, e in enumerate(enemies) if e.hp > 0), None)


def resolve(state: RunState) -> RunState:
    """Play the round: heroes in seat order, then the enemies' intents, then new intents.
    Returns the state with the round applied (the caller checks victory and defeat)."""
    c = state.combat
    assert c is not None
    rng = GodotRng(0)
    rng.set_state(state.rng_state)
    fr = fight_rules(state.options.rules)
    enemies = list(c.enemies)
    players: list[PlayerState] = list(state.players)
    guarding = [e.intent == "guard" and e.hp > 0 for e in enemies]
    guard = [
        e.intent_value if g and not fr.guard_halves else 0 for e, g in zip(enemies, guarding, strict=True)
    ]
    parry: set[int] = set()
    block = [c.kept_block[i] if i < len(c.kept_block) else 0 for i in range(len(players))]
    potions = state.potions
    used = list(c.skills_used)
    party_rolls: list[int] = []
    for hero, action in sorted(c.pending):
        if action == "attack":
            roll = _d6(rng, fr.attack_dice) + fr.attack_base + state.attack_bonus
            party_rolls.append(roll)
            k = _target(enemies)
            if k is not None:
                if fr.guard_halves:
                    soaked = roll // 2 if guarding[k] else 0
                else:
                    soaked = min(guard[k], roll)
                    guard[k] -= soaked
                enemies[k] = enemies[k].model_copy(update={"hp": max(0, enemies[k].hp - (roll - soaked))})
        elif action == "block":
            roll = fr.block_base + _d6(rng, 1) + state.block_bonus
            party_rolls.append(roll)
            block[hero] += roll
        elif action == "skill":
            roll = _d6(rng, PARRY_DICE) + state.attack_bonus
            party_rolls.append(roll)
            used.append(hero)
            parry.add(hero)
            k = _target(enemies)
            if k is not None:
                enemies[k] = enemies[k].model_copy(update={"hp": max(0, enemies[k].hp - roll)})
        else:  # item
            potions -= 1
            p = players[hero]
            players[hero] = p.model_copy(update={"hp": min(p.max_hp, p.hp + POTION_HEAL)})
    enemy_rolls: list[int] = []
    strikers = c.enemies if fr.blows_land else enemies
    hit_any = any(incoming(e) > 0 for e in strikers)
    for e in strikers:
        hit = incoming(e)
        if hit == 0:
            continue
        enemy_rolls.append(hit)
        for i, p in enumerate(players):
            if p.hp == 0 or i in parry:
                continue
            absorbed = min(block[i], hit)
            block[i] -= absorbed
            players[i] = p.model_copy(update={"hp": max(0, p.hp - (hit - absorbed))})
    enemies = [roll_intent(e, rng, state.options.rules, c.round + 1 + k) for k, e in enumerate(enemies)]
    keep = fr.keep_block and not hit_any and any(block)
    combat = c.model_copy(
        update={
            "kept_block": tuple(block) if keep else (),
            "enemies": tuple(enemies),
            "round": c.round + 1,
            "last_party_rolls": tuple(party_rolls),
            "last_enemy_rolls": tuple(enemy_rolls),
            "pending": (),
            "skills_used": tuple(sorted(set(used))),
        }
    )
    return state.model_copy(
        update={"players": tuple(players), "combat": combat, "potions": potions, "rng_state": rng.get_state()}
    )
