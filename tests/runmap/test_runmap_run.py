"""The run loop: selection (criterion 8), visiting, REST, the placeholder systems, the outcome."""

from __future__ import annotations

import math

import pytest
from runmap_helpers import drive_to, heal_full, path_to, resolve

from engine.core.session import IllegalMoveError
from engine.runmap import GAME, NodeType, Phase, RunState, Termination, new_run, outcome, start_run
from engine.runmap.config import Knobs, RunOptions
from engine.runmap.moves import Buy, Choose, Fight, Leave, Select
from engine.runmap.rules import (
    ATONEMENT_HEAL,
    EVENT_GOLD,
    EVENT_HEAL,
    EVENT_HURT,
    POTION_COST,
    POTION_HEAL,
    WHETSTONE_COST,
    apply_move,
    legal_moves,
)

SLICE = {"preset": "slice", "rules": 2}  # the fights and nodes of rules 2 (rules 3: test_runmap_rules3.py)
FULL = {"preset": "full", "rules": 2}


def test_run_starts_at_minus_one_then_layer0_is_auto_selected() -> None:
    fresh = new_run(7, RunOptions(rules=2))
    assert fresh.current_node_index == -1 and fresh.phase == Phase.MAP
    assert [n.index for n in fresh.available_nodes()] == [0]
    assert not any(n.visited for n in fresh.layout.nodes)
    started = start_run(fresh)
    assert started == GAME.initial(7, {"rules": 2})
    assert started.current_node_index == 0 and started.layout.nodes[0].visited
    assert started.phase == Phase.COMBAT and started.path == (0,)
    with pytest.raises(IllegalMoveError):
        start_run(started)


def test_ac8_only_connected_nodes_can_be_selected() -> None:
    state = resolve(GAME.initial(4, SLICE))
    allowed = {n.index for n in state.available_nodes()}
    assert allowed == {e.to_index for e in state.layout.edges if e.from_index == 0}
    for node in state.layout.nodes:
        if node.index in allowed:
            continue
        with pytest.raises(IllegalMoveError, match="not connected|no node"):
            apply_move(state, Select(0, node.index))
    with pytest.raises(IllegalMoveError, match="no node"):
        apply_move(state, Select(0, 999))
    # backtracking to a visited node is refused too (design rule 4)
    nxt = resolve(apply_move(state, Select(0, min(allowed))))
    with pytest.raises(IllegalMoveError):
        apply_move(nxt, Select(0, 0))


def test_selecting_marks_visited_moves_and_keeps_the_map() -> None:
    state = resolve(GAME.initial(4, SLICE))
    target = state.available_nodes()[-1].index
    after = apply_move(state, Select(0, target))
    assert after.current_node_index == target and after.layout.nodes[target].visited
    assert after.path == (0, target)
    assert after.layout.structure() == state.layout.structure()  # the map never changes
    assert state.layout.nodes[target].visited is False  # the old state is untouched


def test_cannot_select_while_fighting_or_act_when_not_fighting() -> None:
    state = GAME.initial(4, SLICE)
    with pytest.raises(IllegalMoveError, match="during combat"):
        apply_move(state, Select(0, 1))
    done = resolve(state)
    with pytest.raises(IllegalMoveError, match="no fight"):
        apply_move(done, Fight(0, "attack"))
    with pytest.raises(IllegalMoveError, match="not in a shop"):
        apply_move(done, Buy(0, "potion"))
    with pytest.raises(IllegalMoveError, match="not at a shrine"):
        apply_move(done, Choose(0, "upgrade"))


def test_rest_heals_floor_max_hp_times_030() -> None:
    state, rest = drive_to(NodeType.REST, SLICE)
    hurt = state.model_copy(update={"players": (state.players[0].model_copy(update={"hp": 10}),)})
    after = apply_move(hurt, Select(0, rest))
    assert after.players[0].hp == 10 + math.floor(60 * 0.30) == 28
    assert after.phase == Phase.MAP
    nearly = state.model_copy(update={"players": (state.players[0].model_copy(update={"hp": 55}),)})
    assert apply_move(nearly, Select(0, rest)).players[0].hp == 60  # never above max


def test_rest_heal_knob_and_downed_players() -> None:
    opts = {"rules": 2, "preset": "slice", "players": 2, "knobs": Knobs(rest_heal_percent=0.15).model_dump()}
    state, rest = drive_to(NodeType.REST, opts)
    p0, p1 = state.players
    hurt = state.model_copy(
        update={"players": (p0.model_copy(update={"hp": 0}), p1.model_copy(update={"hp": 30}))}
    )
    after = apply_move(hurt, Select(0, rest))
    assert [p.hp for p in after.players] == [9, 39]  # floor(60 * 0.15) = 9; a downed player gets up


def test_fight_round_rolls_and_damage() -> None:
    state = GAME.initial(21, SLICE)
    enemies = state.combat.enemies if state.combat else ()
    after = apply_move(state, Fight(0, "attack"))
    assert after.combat is None or after.combat.round == 1
    rolls = after.combat.last_party_rolls if after.combat else ()
    if after.combat is not None:
        (roll,) = rolls
        assert 2 + 2 <= roll <= 12 + 2  # 2d6 + 2
        dealt = sum(e.hp for e in enemies) - sum(e.hp for e in after.combat.enemies)
        assert dealt == min(roll, enemies[0].hp)  # the first standing enemy takes the roll
        taken = 60 - after.players[0].hp
        assert taken == sum(after.combat.last_enemy_rolls)
    assert after.rng_state != state.rng_state


def test_defend_blocks_with_d6_per_player() -> None:
    state = GAME.initial(21, SLICE)
    after = apply_move(state, Fight(0, "defend"))
    assert after.combat is not None
    (block,) = after.combat.last_party_rolls
    assert 1 <= block <= 6
    assert state.combat is not None and after.combat.enemies == state.combat.enemies  # no damage dealt
    assert 60 - after.players[0].hp == max(0, sum(after.combat.last_enemy_rolls) - block)


def test_winning_a_fight_pays_gold_and_returns_to_the_map() -> None:
    state = GAME.initial(2, SLICE)
    gold = state.layout.nodes[0].encounter_data.gold if state.layout.nodes[0].encounter_data else -1
    won = resolve(state)
    assert won.phase == Phase.MAP and won.gold == gold == 10 and won.combat is None


def test_shop_potion_whetstone_and_leave() -> None:
    state, shop = drive_to(NodeType.SHOP, FULL)
    state = state.model_copy(update={"gold": 50})
    state = apply_move(state, Select(0, shop))
    assert state.phase == Phase.SHOP
    hurt = state.model_copy(update={"players": (state.players[0].model_copy(update={"hp": 20}),)})
    s1 = apply_move(hurt, Buy(0, "potion"))
    assert s1.gold == 50 - POTION_COST and s1.players[0].hp == 20 + POTION_HEAL
    s2 = apply_move(s1, Buy(0, "whetstone"))
    assert s2.gold == 50 - POTION_COST - WHETSTONE_COST and s2.attack_bonus == s1.attack_bonus + 1
    with pytest.raises(IllegalMoveError, match="costs"):
        apply_move(s2, Buy(0, "whetstone"))
    assert apply_move(s2, Leave(0)).phase == Phase.MAP


def test_shrine_options() -> None:
    state, shrine = drive_to(NodeType.SHRINE, FULL)
    at = apply_move(state.model_copy(update={"gold": 4}), Select(0, shrine))
    assert at.phase == Phase.SHRINE
    assert legal_moves(at) == [Choose(0, "blessing"), Choose(0, "upgrade"), Choose(0, "atonement")]
    assert apply_move(at, Choose(0, "blessing")).attack_bonus == at.attack_bonus + 1
    up = apply_move(at, Choose(0, "upgrade")).players[0]
    assert (up.max_hp, up.hp) == (at.players[0].max_hp + 5, at.players[0].hp + 5)
    low = at.model_copy(update={"players": (at.players[0].model_copy(update={"hp": 5}),)})
    atoned = apply_move(low, Choose(0, "atonement"))
    assert atoned.players[0].hp == 5 + ATONEMENT_HEAL and atoned.gold == 0 and atoned.phase == Phase.MAP


def test_memory_shrine_collects_the_acts_fragment() -> None:
    state, mem = drive_to(NodeType.MEMORY_SHRINE, FULL)
    after = apply_move(state, Select(0, mem))
    assert after.memories == (1,) and after.players[0].max_hp == 65 and after.phase == Phase.MAP


def test_event_outcomes_come_from_the_run_stream() -> None:
    seen = set()
    for start in range(0, 400, 40):
        state, ev = drive_to(NodeType.EVENT, FULL, seeds=range(start, start + 40))
        after = apply_move(state, Select(0, ev))
        before_hp, hp = state.players[0].hp, after.players[0].hp
        if after.gold == state.gold + EVENT_GOLD:
            seen.add("gold")
        elif hp == max(min(before_hp, 1), before_hp - EVENT_HURT):
            seen.add("curse")
        else:
            assert hp == min(state.players[0].max_hp, before_hp + EVENT_HEAL)
            seen.add("spring")
        assert after.rng_state != state.rng_state and after.phase == Phase.MAP
    assert seen == {"gold", "curse", "spring"}


def test_trap_hurts_and_can_end_the_run() -> None:
    state, trap = drive_to(NodeType.TRAP, FULL)
    after = apply_move(state, Select(0, trap))
    assert 3 <= state.players[0].hp - after.players[0].hp <= 8  # 1d6 + 2
    low = state.model_copy(update={"players": (state.players[0].model_copy(update={"hp": 2}),)})
    dead = apply_move(low, Select(0, trap))
    end = outcome(dead)
    assert dead.phase == Phase.OVER and end is not None and end.termination == Termination.DEFEAT
    with pytest.raises(IllegalMoveError, match="over"):
        apply_move(dead, Fight(0, "attack"))


def _finish(state: RunState) -> RunState:
    """Walk the leftmost route, healing each round, until the run ends."""
    while state.phase != Phase.OVER:
        if state.phase == Phase.MAP:
            state = apply_move(state, Select(0, state.available_nodes()[0].index))
        elif state.phase == Phase.COMBAT:
            state = apply_move(heal_full(state), Fight(0, "attack"))
        else:
            state = resolve(state)
    return state


def test_victory_on_the_final_boss_only() -> None:
    end_state = _finish(GAME.initial(8, FULL))
    end = outcome(end_state)
    assert end is not None and end.termination == Termination.VICTORY
    assert end.guardians_defeated == ("beholder", "house", "shadow_kraken")
    assert end.floor == 15 and end.memories == (1, 2) and len(end.path) == 15
    assert end_state.layout.nodes[end.path[-1]].node_type == NodeType.BOSS
    assert [end_state.layout.nodes[i].layer for i in end.path] == list(range(15))


def test_defy_the_gods_victory_through_the_rng_portal() -> None:
    state = GAME.initial(8, {"rules": 1, "preset": "full", "defy_the_gods": True})
    portal = next(n.index for n in state.layout.nodes if n.guardian_id == "rng")
    while state.phase != Phase.OVER:
        if state.phase == Phase.MAP:
            path = path_to(state, portal)
            assert path is not None
            state = apply_move(state, Select(0, path[0]))
        else:
            state = (
                resolve(state)
                if state.phase != Phase.COMBAT
                else apply_move(heal_full(state), Fight(0, "attack"))
            )
    end = outcome(state)
    assert end is not None and end.termination == Termination.VICTORY and end.guardians_defeated[-1] == "rng"


def test_beating_an_act_guardian_restores_the_party_but_is_not_victory() -> None:
    state = GAME.initial(8, FULL)
    while not state.guardians_defeated:
        if state.phase == Phase.MAP:
            state = apply_move(state, Select(0, state.available_nodes()[0].index))
        elif state.phase == Phase.COMBAT:
            low = state.model_copy(update={"players": (state.players[0].model_copy(update={"hp": 59}),)})
            state = apply_move(low, Fight(0, "attack"))
        else:
            state = resolve(state)
    assert state.guardians_defeated == ("beholder",) and outcome(state) is None
    assert state.phase == Phase.MAP and state.players[0].hp == state.players[0].max_hp
    assert [n.floor for n in state.available_nodes()] == [6] and state.current_act == 1


def test_defeat_at_zero_hp_in_a_fight() -> None:
    state = GAME.initial(5, SLICE)
    low = state.model_copy(update={"players": (state.players[0].model_copy(update={"hp": 1}),)})
    while low.phase == Phase.COMBAT:
        low = apply_move(low, Fight(0, "defend" if low.players[0].hp else "attack"))
    end = outcome(low)
    assert end is not None, "seed 5's first fight outlasts 1 HP"
    assert end.termination == Termination.DEFEAT and end.floor == 1 and low.players[0].hp == 0


def test_legal_moves_are_all_accepted() -> None:
    state = GAME.initial(30, {"rules": 2, "preset": "full", "players": 2})
    for _ in range(60):
        moves = legal_moves(state)
        if not moves:
            break
        for m in moves:
            apply_move(state, m)  # every listed move is legal
        state = apply_move(heal_full(state), moves[0])


def test_fights_use_the_pre_rolled_encounter_without_new_draws() -> None:
    """Contract: "Encounter data is pre-rolled at map generation - no randomness at encounter start"."""
    for node_type in (NodeType.ELITE, NodeType.COMBAT, NodeType.BOSS):
        state, node = drive_to(node_type, {"rules": 2, "preset": "slice", "players": 3})
        enc = state.layout.nodes[node].encounter_data
        assert enc is not None
        after = apply_move(state, Select(0, node))
        assert after.phase == Phase.COMBAT and after.rng_state == state.rng_state
        assert after.combat is not None and after.combat.node_index == node
        assert [(e.enemy_id, e.rank, e.hp, e.dice, e.bonus) for e in after.combat.enemies] == [
            (e.enemy_id, e.rank, e.hp, e.dice, e.bonus) for e in enc.enemies
        ]
        if node_type == NodeType.ELITE:
            assert after.combat.enemies[0].rank == "elite"
