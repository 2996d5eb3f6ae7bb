"""Rules 7 (issue 29, session 16): rules 6's fights against act guardians with less HP (beholder 18,
house 26, Shadow Kraken 36 before party scaling; the RNG Portal keeps 50), so a player who reads the
intents wins a fair share of runs. Maps, types, other encounters and the round are rules 6's; a rules-6
save replays as rules 6 (its golden is pinned in ``test_runmap_rules6``)."""

from __future__ import annotations

import pytest

from engine.core.rng import GodotRng
from engine.core.session import Session
from engine.runmap import GAME, RunOptions, current_options, generate_map, migrate_save
from engine.runmap import fight3 as F
from engine.runmap.config import RULES_VERSION
from engine.runmap.encounters import GUARDIAN_STATS_3, guardian_stats, roll_guardian_encounter, scale_hp
from engine.runmap.game import party_bot_move
from engine.runmap.model import MapLayout
from engine.runmap.rules import outcome

RULES7_HP = {"beholder": 18, "house": 26, "shadow_kraken": 36, "rng": 50}


def test_new_runs_are_rules_7_and_fight_by_rules_6s_round() -> None:
    assert RULES_VERSION == 7 and GAME.initial(5, {"preset": "full"}).options.rules == 7
    assert F.fight_rules(7) == F.fight_rules(6)


@pytest.mark.parametrize("rules", [5, 6, 7, 8])
def test_guardian_hp_by_rules(rules: int) -> None:
    """Rules 6 and before keep rules 3's guardians; rules 7 (and a later number) the smaller ones;
    dice and bonus never change."""
    stats = guardian_stats(rules)
    for gid, (hp, dice, bonus) in stats.items():
        want = RULES7_HP[gid] if rules >= 7 else GUARDIAN_STATS_3[gid][0]
        assert (hp, dice, bonus) == (want, *GUARDIAN_STATS_3[gid][1:])


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_rules_7_guardian_has_its_hp_scaled_by_the_party(players: int) -> None:
    """beholder 18 x players + 18 x (players - 1) // 8: 18 / 38 / 58 / 78 (rules 6: 28 / 59 / 91 / 122)."""
    boss = roll_guardian_encounter("beholder", players, 1, GodotRng(1), 7).enemies[0]
    assert boss.hp == scale_hp(18, players, 7) == (18, 38, 58, 78)[players - 1]
    old = roll_guardian_encounter("beholder", players, 1, GodotRng(1), 6).enemies[0]
    assert old.hp == (28, 59, 91, 122)[players - 1] and (old.dice, old.bonus) == (boss.dice, boss.bonus)


def _without_guardian_hp(layout: MapLayout) -> MapLayout:
    nodes = []
    for n in layout.nodes:
        enc = n.encounter_data
        if n.is_guardian and enc is not None:
            boss = enc.enemies[0].model_copy(update={"hp": 0})
            enc = enc.model_copy(update={"enemies": (boss, *enc.enemies[1:])})
        nodes.append(n.model_copy(update={"encounter_data": enc}))
    return layout.model_copy(update={"nodes": tuple(nodes)})


@pytest.mark.parametrize("preset", ["slice", "full"])
def test_rules_7_changes_only_the_guardians_hp(preset: str) -> None:
    """Same graph, node types, encounters and minions as rules 6; only the guardian's own HP differs."""
    for seed in range(20):
        m6 = generate_map(seed, 3, RunOptions(rules=6, preset=preset, players=3))  # type: ignore[arg-type]
        m7 = generate_map(seed, 3, RunOptions(rules=7, preset=preset, players=3))  # type: ignore[arg-type]
        assert m7.edges == m6.edges
        assert _without_guardian_hp(m7) == _without_guardian_hp(m6)
        hps = [
            (a.guardian_id, a.encounter_data.enemies[0].hp, b.encounter_data.enemies[0].hp)
            for a, b in zip(m7.nodes, m6.nodes, strict=True)
            if a.is_guardian and a.encounter_data is not None and b.encounter_data is not None
        ]
        assert hps and all(x < y if gid != "rng" else x == y for gid, x, y in hps)


def bot_run(seed: int, options: dict[str, object]) -> Session:
    s = Session(GAME, seed, current_options(options))  # stamped as the page stamps a new run
    while (m := party_bot_move(s.state)) is not None:
        s.play(m)
    return s


# Recorded when rules 7 landed (session 16): (moves, state hash, score) of a rules-7 bot run.
RULES7_GOLDEN = (98, "4b6db6d837d351af1a5d3f40ca74ff00d952363f955b327d202d46e4eca5c1fe", 725)


def test_rules_7_golden_and_a_rules_7_save_replays() -> None:
    s = bot_run(31, {"players": 2, "preset": "full"})
    res = outcome(s.state)
    assert res is not None and s.state.options.rules == 7
    again = Session.load(GAME, migrate_save(s.save_json()))
    assert again.state_hash() == s.state_hash()
    assert (len(s.moves), s.state_hash(), res.score) == RULES7_GOLDEN
