"""The run loop: node selection, the placeholder systems each node calls, victory and defeat.

Every function returns a new ``RunState``; an ``IllegalMoveError`` leaves the given state as
it was. The placeholder systems (dice skirmish, shop, shrine, event, trap, memory shrine) are
the smallest honest versions; their numbers are in RULES.md.
"""

from __future__ import annotations

import math

import engine.runmap.choices3 as choices3
import engine.runmap.coop as coop
import engine.runmap.fight3 as fight3
from engine.core.rng import GodotRng
from engine.core.session import IllegalMoveError
from engine.runmap.config import FULL_REST_HEAL_PERCENT, MAX_HP, RunOptions
from engine.runmap.mapgen import generate_map
from engine.runmap.model import MapNode, NodeType
from engine.runmap.moves import Buy, Choose, Drop, Fight, Join, Leave, Move, Select, ShrineOption
from engine.runmap.state import (
    CombatState,
    EnemyState,
    Phase,
    PlayerState,
    RunOutcome,
    RunState,
    Termination,
)

# The run's second stream (fight dice, events, traps): Godot RNG seeded with seed ^ salt, so
# the map stream stays exactly the pseudocode's.
DICE_SALT = 0x9E3779B97F4A7C15

PLAYER_DICE = 2  # party attack: 2d6 + ATTACK_BASE + attack_bonus per standing player
ATTACK_BASE = 2
POTION_COST, POTION_HEAL = 15, 15
WHETSTONE_COST = 30
UPGRADE_MAX_HP = 5
ATONEMENT_COST, ATONEMENT_HEAL = 10, 20
MEMORY_MAX_HP = 5
EVENT_GOLD, EVENT_HURT, EVENT_HEAL = 15, 5, 10
TRAP_BASE = 2
SCORE_PER_GUARDIAN, SCORE_PER_FLOOR = 100, 10
BLESSING_COST = 25  # rules 3: a shrine's blessing is an offering (upgrade stays free)
START_POTIONS = 1  # rules 3: the belt holds one potion per hero at the start


def rest_heal_percent(options: RunOptions) -> float:
    """The REST knob of the preset (0.30 unless the slice overrides it)."""
    return options.knobs.rest_heal_percent if options.preset == "slice" else FULL_REST_HEAL_PERCENT


def new_run(seed: int, options: RunOptions) -> RunState:
    """A run at ``current_node_index`` -1: the map generated, the party at full HP, p0 host."""
    layout = generate_map(seed, options.players, options)
    players = tuple(PlayerState(seat=i, hp=MAX_HP, max_hp=MAX_HP) for i in range(options.players))
    dice = GodotRng(seed ^ DICE_SALT)
    return RunState(
        seed=seed,
        options=options,
        layout=layout,
        players=players,
        rng_state=dice.get_state(),
        potions=START_POTIONS * options.players if options.rules >= 3 else 0,
    )


def start_run(state: RunState) -> RunState:
    """Edge case "Run starts with current_node_index = -1": layer 0's single COMBAT node is
    auto-selected (no host decision is needed for a forced move)."""
    if state.current_node_index != -1:
        raise IllegalMoveError("the run has already started")
    (first,) = state.layout.nodes_at(0)
    return _enter(state, first)


# ---------------------------------------------------------------- helpers
def _rng(state: RunState) -> GodotRng:
    rng = GodotRng(0)
    rng.set_state(state.rng_state)
    return rng


def _heal_all(players: tuple[PlayerState, ...], amount: int) -> tuple[PlayerState, ...]:
    return tuple(p.model_copy(update={"hp": min(p.max_hp, p.hp + amount)}) for p in players)


def run_score(gold: int, guardians: int, floor: int) -> int:
    """A run's score: its gold (rules 4: the gold earned, ``RunState.gold_earned``; rules 1-3: the
    gold held), 100 per guardian defeated and 10 per floor reached. The RNG Portal's hoard
    (``encounters.PORTAL_GOLD``) is what makes defying the gods worth it."""
    return gold + SCORE_PER_GUARDIAN * guardians + SCORE_PER_FLOOR * floor


def pay(state: RunState, cost: int) -> RunState:
    """``state`` after paying ``cost`` gold for a purchase (the caller checked the purse); from
    rules 4 the payment is kept in ``gold_spent``, so buying never lowers the score."""
    spent = state.gold_spent + cost if state.options.rules >= 4 else state.gold_spent
    return state.model_copy(update={"gold": state.gold - cost, "gold_spent": spent})


def best_score(best: int, end: RunOutcome | None) -> int:
    """The best score after a run ended with ``end`` (``best`` so far; unchanged while in play)."""
    return best if end is None else max(best, end.score)


def _end(state: RunState, termination: Termination, note: str) -> RunState:
    node = state.current_node
    floor = 0 if node is None else node.floor
    outcome = RunOutcome(
        termination=termination,
        floor=floor,
        node_index=state.current_node_index,
        guardians_defeated=state.guardians_defeated,
        gold=state.gold,
        memories=state.memories,
        path=state.path,
        score=run_score(state.gold_earned, len(state.guardians_defeated), floor),
        defied=state.options.rules >= 2 and "rng" in state.guardians_defeated,
        gold_earned=state.gold_earned if state.options.rules >= 4 else 0,
    )
    return state.model_copy(
        update={"phase": Phase.OVER, "combat": None, "result": outcome, "last_event": note}
    )


def _all_down(players: tuple[PlayerState, ...]) -> bool:
    return all(p.hp == 0 for p in players)


def _enter(state: RunState, node: MapNode) -> RunState:
    """``select_node``'s effect: mark visited, move there, and call the node's system."""
    nodes = list(state.layout.nodes)
    nodes[node.index] = node.model_copy(update={"visited": True})
    layout = state.layout.model_copy(update={"nodes": tuple(nodes)})
    s = state.model_copy(
        update={"layout": layout, "current_node_index": node.index, "path": (*state.path, node.index)}
    )
    t = node.node_type
    label = f"floor {node.floor}: {t.value}"
    if t in (NodeType.COMBAT, NodeType.ELITE, NodeType.BOSS):
        assert node.encounter_data is not None
        enemies = tuple(
            EnemyState(enemy_id=e.enemy_id, rank=e.rank, hp=e.hp, max_hp=e.hp, dice=e.dice, bonus=e.bonus)
            for e in node.encounter_data.enemies
        )
        names = ", ".join(e.enemy_id for e in enemies)
        if s.options.rules >= 3:
            rng = _rng(s)
            enemies = fight3.start(enemies, rng, s.options.rules)
            s = s.model_copy(update={"rng_state": rng.get_state()})
        return s.model_copy(
            update={
                "phase": Phase.COMBAT,
                "combat": CombatState(node_index=node.index, enemies=enemies),
                "last_event": f"{label} - {names}",
            }
        )
    if s.options.rules >= 3 and t in (NodeType.REST, NodeType.EVENT, NodeType.TRAP):
        if t == NodeType.REST:
            return s.model_copy(update={"phase": Phase.REST, "last_event": f"{label} - rest or upgrade"})
        s = choices3.enter_event(s, trap=t == NodeType.TRAP)
        return s.model_copy(update={"last_event": f"{label} - {s.event}"})
    if t == NodeType.REST:
        pct = rest_heal_percent(s.options)
        players = tuple(
            p.model_copy(update={"hp": min(p.max_hp, p.hp + math.floor(p.max_hp * pct))}) for p in s.players
        )
        return s.model_copy(
            update={"players": players, "phase": Phase.MAP, "last_event": f"{label} - rested"}
        )
    if t == NodeType.SHOP:
        return s.model_copy(update={"phase": Phase.SHOP, "last_event": f"{label} - {s.gold} gold to spend"})
    if t == NodeType.SHRINE:
        return s.model_copy(update={"phase": Phase.SHRINE, "last_event": f"{label} - choose a gift"})
    if t == NodeType.MEMORY_SHRINE:
        players = tuple(
            p.model_copy(update={"max_hp": p.max_hp + MEMORY_MAX_HP, "hp": p.hp + MEMORY_MAX_HP})
            for p in s.players
        )
        return s.model_copy(
            update={
                "players": players,
                "memories": (*s.memories, node.act),
                "phase": Phase.MAP,
                "last_event": f"{label} - memory fragment {node.act} collected",
            }
        )
    rng = _rng(s)
    if t == NodeType.EVENT:
        roll = rng.randi_range(1, 3)
        if roll == 1:
            s = s.model_copy(update={"gold": s.gold + EVENT_GOLD})
            note = f"found {EVENT_GOLD} gold"
        elif roll == 2:
            hurt = tuple(p.model_copy(update={"hp": max(min(p.hp, 1), p.hp - EVENT_HURT)}) for p in s.players)
            s = s.model_copy(update={"players": hurt})
            note = f"a curse: -{EVENT_HURT} HP"
        else:
            s = s.model_copy(update={"players": _heal_all(s.players, EVENT_HEAL)})
            note = f"a spring: +{EVENT_HEAL} HP"
        return s.model_copy(
            update={"phase": Phase.MAP, "rng_state": rng.get_state(), "last_event": f"{label} - {note}"}
        )
    if t == NodeType.TRAP:
        hits = []
        players_l = []
        for p in s.players:
            dmg = rng.randi_range(1, 6) + TRAP_BASE if p.hp > 0 else 0
            hits.append(dmg)
            players_l.append(p.model_copy(update={"hp": max(0, p.hp - dmg)}))
        s = s.model_copy(
            update={"players": tuple(players_l), "phase": Phase.MAP, "rng_state": rng.get_state()}
        )
        note = f"{label} - trap hits " + ", ".join(str(h) for h in hits)
        if _all_down(s.players):
            return _end(s, Termination.DEFEAT, note + "; the party falls")
        return s.model_copy(update={"last_event": note})
    raise AssertionError(f"unhandled node type {t}")  # pragma: no cover


# ---------------------------------------------------------------- the skirmish
def _fight_round(state: RunState, action: str) -> RunState:
    combat = state.combat
    assert combat is not None
    rng = _rng(state)
    rules = state.options.rules
    enemies = list(combat.enemies)
    players = list(state.players)
    party_rolls: list[int] = []
    block = 0
    for p in players:
        if p.hp == 0:
            continue
        if action == "attack":
            roll = sum(rng.randi_range(1, 6) for _ in range(PLAYER_DICE)) + ATTACK_BASE + state.attack_bonus
            party_rolls.append(roll)
            for k, e in enumerate(enemies):
                if e.hp > 0:
                    enemies[k] = e.model_copy(update={"hp": max(0, e.hp - roll)})
                    break
        else:
            roll = rng.randi_range(1, 6)
            party_rolls.append(roll)
            block += roll
    enemy_rolls: list[int] = []
    if any(e.hp > 0 for e in enemies):
        for e in enemies:
            if e.hp == 0:
                continue
            standing = [i for i, p in enumerate(players) if p.hp > 0]
            if not standing:
                break
            # rules 1: one hit on the standing player with the most HP; rules 2: one on each
            targets = [max(standing, key=lambda i: (players[i].hp, -i))] if rules == 1 else standing
            for target in targets:
                if players[target].hp == 0:
                    continue
                hit = sum(rng.randi_range(1, 6) for _ in range(e.dice)) + e.bonus
                enemy_rolls.append(hit)
                absorbed = min(block, hit)
                block -= absorbed
                hit -= absorbed
                players[target] = players[target].model_copy(update={"hp": max(0, players[target].hp - hit)})
    new_combat = combat.model_copy(
        update={
            "enemies": tuple(enemies),
            "round": combat.round + 1,
            "last_party_rolls": tuple(party_rolls),
            "last_enemy_rolls": tuple(enemy_rolls),
        }
    )
    s = state.model_copy(
        update={"players": tuple(players), "combat": new_combat, "rng_state": rng.get_state()}
    )
    return _round_over(s)


def _round_over(s: RunState) -> RunState:
    """After a round: victory (gold, relics, act break, the run won), defeat, or the next round."""
    new_combat = s.combat
    assert new_combat is not None
    node = s.layout.nodes[new_combat.node_index]
    party_rolls, enemy_rolls = list(new_combat.last_party_rolls), list(new_combat.last_enemy_rolls)
    # rules 6: the round is simultaneous; a party that falls as it fells the last enemy has lost
    if all(e.hp == 0 for e in new_combat.enemies) and not (
        fight3.fight_rules(s.options.rules).blows_land and _all_down(s.players)
    ):
        assert node.encounter_data is not None
        guardians = s.guardians_defeated
        if node.node_type == NodeType.BOSS:
            guardians = (*guardians, node.guardian_id)
            # act break: the party recovers fully before the next act
            s = s.model_copy(
                update={"players": tuple(p.model_copy(update={"hp": p.max_hp}) for p in s.players)}
            )
        note = f"victory in round {new_combat.round}: +{node.encounter_data.gold} gold"
        if s.options.rules >= 3:
            s = choices3.after_fight(s)
            if node.node_type == NodeType.ELITE:
                rng = _rng(s)
                s, relic = choices3.grant_relic(s, rng)
                s = s.model_copy(update={"rng_state": rng.get_state()})
                note += f", relic {relic}" if relic else ""
        s = s.model_copy(
            update={
                "gold": s.gold + node.encounter_data.gold,
                "guardians_defeated": guardians,
                "phase": Phase.MAP,
                "combat": None,
                "last_event": note,
            }
        )
        if node.layer == s.layout.layer_count - 1:
            return _end(s, Termination.VICTORY, f"{node.guardian_id} is defeated - the run is won")
        return s
    if _all_down(s.players):
        return _end(s, Termination.DEFEAT, f"the party falls on floor {node.floor}")
    return s.model_copy(
        update={"last_event": f"round {new_combat.round}: party {party_rolls}, enemies {enemy_rolls}"}
    )


# ---------------------------------------------------------------- apply
SHRINE_OPTIONS: tuple[ShrineOption, ...] = ("blessing", "upgrade", "atonement")


def apply_move(state: RunState, move: Move) -> RunState:
    """The state after ``move``; ``IllegalMoveError`` (state untouched) if the rules refuse it."""
    if isinstance(move, Join):
        return coop.join(state, move.seat)
    if isinstance(move, Drop):
        return coop.drop(state, move.seat)
    if state.phase == Phase.OVER:
        raise IllegalMoveError("the run is over")
    if isinstance(move, Select):
        coop.require_host(state, move.seat, "select a node")
        if state.phase != Phase.MAP:
            raise IllegalMoveError(f"cannot select a node during {state.phase.value}")
        if not 0 <= move.node < len(state.layout.nodes):
            raise IllegalMoveError(f"there is no node {move.node}")
        allowed = [n.index for n in state.available_nodes()]
        if move.node not in allowed:
            raise IllegalMoveError(
                f"node {move.node} is not connected to the current node (choose from {allowed})"
            )
        return _enter(state, state.layout.nodes[move.node])
    if isinstance(move, Fight):
        if state.options.rules >= 3:
            if state.phase != Phase.COMBAT:
                raise IllegalMoveError(f"no fight is going on ({state.phase.value})")
            s = fight3.choose(state, move.seat, move.actor, move.action)
            return s if s.combat is not None and s.combat.pending else _round_over(s)
        coop.require_host(state, move.seat, move.action)
        if state.phase != Phase.COMBAT:
            raise IllegalMoveError(f"no fight is going on ({state.phase.value})")
        if move.action not in ("attack", "defend") or move.hero is not None:
            raise IllegalMoveError(f"{move} is not a move of rules {state.options.rules} (attack or defend)")
        return _fight_round(state, move.action)
    if isinstance(move, Buy):
        coop.require_host(state, move.seat, "buy")
        if state.phase != Phase.SHOP:
            raise IllegalMoveError("not in a shop")
        cost = POTION_COST if move.item == "potion" else WHETSTONE_COST
        if state.gold < cost:
            raise IllegalMoveError(f"{move.item} costs {cost} gold, the party has {state.gold}")
        if move.item == "potion" and state.options.rules >= 3:
            if state.potions >= choices3.belt_size(state):
                raise IllegalMoveError(f"the potion belt is full ({choices3.belt_size(state)})")
            s = choices3.add_potions(pay(state, cost), 1)
            return s.model_copy(update={"last_event": "a potion for the belt"})
        if move.item == "potion":
            return pay(state, cost).model_copy(
                update={
                    "players": _heal_all(state.players, POTION_HEAL),
                    "last_event": f"potion: +{POTION_HEAL} HP",
                }
            )
        return pay(state, cost).model_copy(
            update={
                "attack_bonus": state.attack_bonus + 1,
                "last_event": "whetstone: +1 attack",
            }
        )
    if isinstance(move, Leave):
        coop.require_host(state, move.seat, "leave")
        if state.phase != Phase.SHOP:
            raise IllegalMoveError("not in a shop")
        return state.model_copy(update={"phase": Phase.MAP, "last_event": "left the shop"})
    if isinstance(move, Choose):
        coop.require_host(state, move.seat, "choose")
        if state.phase in (Phase.REST, Phase.EVENT):
            s, note = choices3.choose(state, move.option, rest_heal_percent(state.options))
            if _all_down(s.players):
                return _end(s, Termination.DEFEAT, note + "; the party falls")
            return s.model_copy(update={"last_event": note})
        if state.phase != Phase.SHRINE:
            raise IllegalMoveError("not at a shrine")
        if move.option not in SHRINE_OPTIONS:
            raise IllegalMoveError(f"{move.option} is not a shrine gift ({', '.join(SHRINE_OPTIONS)})")
        if move.option == "blessing" and state.options.rules >= 3:
            if state.gold < BLESSING_COST:
                raise IllegalMoveError(f"the blessing asks {BLESSING_COST} gold, the party has {state.gold}")
            state = pay(state, BLESSING_COST)
        if move.option == "blessing":
            s = state.model_copy(update={"attack_bonus": state.attack_bonus + 1})
        elif move.option == "upgrade":
            s = state.model_copy(
                update={
                    "players": tuple(
                        p.model_copy(
                            update={"max_hp": p.max_hp + UPGRADE_MAX_HP, "hp": p.hp + UPGRADE_MAX_HP}
                        )
                        for p in state.players
                    )
                }
            )
        else:
            s = pay(state, min(state.gold, ATONEMENT_COST)).model_copy(
                update={"players": _heal_all(state.players, ATONEMENT_HEAL)}
            )
        return s.model_copy(update={"phase": Phase.MAP, "last_event": f"shrine: {move.option}"})
    raise IllegalMoveError(f"unknown move {move!r}")  # pragma: no cover


def outcome(state: RunState) -> RunOutcome | None:
    """The typed end of the run, ``None`` while it is in play."""
    return state.result


def legal_moves(state: RunState) -> list[Move]:
    """Every move the current host may make now (connection moves excluded); empty when over."""
    if state.phase == Phase.OVER or state.host is None:
        return []
    h = state.host
    if state.phase == Phase.MAP:
        return [Select(h, n.index) for n in state.available_nodes()]
    if state.phase == Phase.COMBAT and state.options.rules >= 3:
        hero = fight3.next_hero_for(state, h)
        if hero is None:
            return []
        return [
            Fight(h, a, None if hero == h else hero)
            for a in fight3.ACTIONS
            if fight3.action_allowed(state, hero, a) is None
        ]
    if state.phase == Phase.COMBAT:
        return [Fight(h, "attack"), Fight(h, "defend")]
    if state.phase in (Phase.REST, Phase.EVENT):
        opts = choices3.OPTIONS[state.phase]
        return [Choose(h, o) for o in opts if choices3.option_refused(state, o) is None]
    if state.phase == Phase.SHOP:
        moves: list[Move] = []
        full_belt = state.options.rules >= 3 and state.potions >= choices3.belt_size(state)
        if state.gold >= POTION_COST and not full_belt:
            moves.append(Buy(h, "potion"))
        if state.gold >= WHETSTONE_COST:
            moves.append(Buy(h, "whetstone"))
        return [*moves, Leave(h)]
    poor = state.options.rules >= 3 and state.gold < BLESSING_COST
    return [Choose(h, o) for o in SHRINE_OPTIONS if not (poor and o == "blessing")]
