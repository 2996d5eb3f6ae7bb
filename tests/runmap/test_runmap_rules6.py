"""Rules 6 (issue 29, session 15): guard and plain-attack rounds are decisions. The round is
simultaneous (an enemy felled this round still lands the blow it showed); a block that nothing hit
(no enemy attacked this round) is kept into the next round; Parry answers a heavy blow only; a block
is 17 + 1d6. Rules-5 runs replay as rules 5 (golden). Boundaries from RULES.md."""

from __future__ import annotations

import pytest

from engine.core.rng import GodotRng
from engine.core.session import Session
from engine.runmap import GAME, current_options, migrate_save
from engine.runmap import fight3 as F
from engine.runmap.config import RULES_VERSION
from engine.runmap.game import party_bot_move, read_intents
from engine.runmap.moves import Fight
from engine.runmap.rules import apply_move, outcome
from engine.runmap.state import EnemyState, Phase, RunState


def fight_state(rules: int = 6, players: int = 1) -> RunState:
    s = GAME.initial(5, {"preset": "slice", "players": players, "rules": rules})
    assert s.phase == Phase.COMBAT and s.combat is not None
    return s


def with_enemies(s: RunState, *spec: tuple[str, int, int], seed: int = 3) -> RunState:
    """Test-only: enemies with fixed (intent, value, hp), and a fixed dice stream."""
    assert s.combat is not None
    es = tuple(
        EnemyState(
            enemy_id="ghoul", rank="basic", hp=hp, max_hp=hp, dice=1, bonus=2, intent=i, intent_value=v
        )  # type: ignore[arg-type]
        for i, v, hp in spec
    )
    combat = s.combat.model_copy(update={"enemies": es})
    return s.model_copy(update={"combat": combat, "rng_state": GodotRng(seed).get_state()})


def test_rules_6_and_later_fight_by_rules_6s_round() -> None:
    assert RULES_VERSION >= 6  # rules 7 (session 16) changes only the guardians' HP
    assert F.fight_rules(7) == F.fight_rules(6)
    assert F.fight_rules(6).blows_land and F.fight_rules(6).keep_block and F.fight_rules(6).parry_heavy_only
    assert not F.fight_rules(5).blows_land and not F.fight_rules(5).keep_block


@pytest.mark.parametrize(("rules", "lost"), [(5, 0), (6, 7)])
def test_an_enemy_felled_this_round_still_lands_its_blow_in_rules_6(rules: int, lost: int) -> None:
    """An attack of 7..12 fells an enemy of 1 HP that attacks for 7: rules 5 spares the hero."""
    s = with_enemies(fight_state(rules), ("attack", 7, 1))
    after = apply_move(s, Fight(0, "attack"))
    assert after.phase == Phase.MAP  # the fight is won
    assert after.players[0].hp == s.players[0].hp - lost


def test_a_party_that_falls_as_it_fells_the_last_enemy_has_lost() -> None:
    s = with_enemies(fight_state(), ("attack", 99, 1))
    s = s.model_copy(update={"players": (s.players[0].model_copy(update={"hp": 10}),)})
    after = apply_move(s, Fight(0, "attack"))
    res = outcome(after)
    assert res is not None and res.termination.value == "defeat"


@pytest.mark.parametrize(
    ("hit", "least", "most"), [(17, 0, 0), (18, 0, 0), (19, 0, 1), (23, 0, 5), (24, 1, 6)]
)
def test_a_rules_6_block_is_17_plus_a_die(hit: int, least: int, most: int) -> None:
    """A block of 18..23 over several dice streams: a blow of 18 never gets through, 24 always does."""
    assert F.block_range(6, 0) == (18, 23) and F.block_range(5, 0) == (13, 18)
    for seed in range(12):
        s = with_enemies(fight_state(), ("attack", hit, 500), seed=seed)
        after = apply_move(s, Fight(0, "block"))
        assert least <= s.players[0].hp - after.players[0].hp <= most


def test_a_block_nothing_hit_is_kept_into_the_next_round_only() -> None:
    """Guard round: the block is kept; the next round's blow (7) is absorbed by it while the hero
    attacks; a round in which an enemy attacked keeps nothing."""
    s = with_enemies(fight_state(), ("guard", 50, 500))
    braced = apply_move(s, Fight(0, "block"))
    assert braced.combat is not None
    (block,) = braced.combat.last_party_rolls
    assert braced.combat.kept_block == (block,) and 18 <= block <= 23
    nxt = braced.model_copy(
        update={"combat": with_enemies(braced, ("attack", 7, 500)).combat}  # keeps kept_block
    )
    hp = nxt.players[0].hp
    after = apply_move(nxt, Fight(0, "attack"))
    assert after.players[0].hp == hp and after.combat is not None and after.combat.kept_block == ()
    hit = apply_move(with_enemies(fight_state(), ("attack", 1, 500)), Fight(0, "block"))
    assert hit.combat is not None and hit.combat.kept_block == ()  # an enemy attacked: nothing kept
    assert apply_move(s, Fight(0, "attack")).combat.kept_block == ()  # type: ignore[union-attr]


def test_parry_answers_a_heavy_blow_only() -> None:
    for intent in ("attack", "guard"):
        s = with_enemies(fight_state(), (intent, 5, 500))
        assert F.action_allowed(s, 0, "skill") is not None
        assert F.action_allowed(with_enemies(fight_state(5), (intent, 5, 500)), 0, "skill") is None
    heavy = with_enemies(fight_state(), ("guard", 50, 500), ("heavy", 23, 500))
    assert F.action_allowed(heavy, 0, "skill") is None


def test_the_reader_braces_in_a_guard_round_before_a_heavy_blow() -> None:
    """A guard round whose next shown intent is heavy: block (kept for the heavy); else attack."""
    s = fight_state()
    assert s.combat is not None
    e = s.combat.enemies[0].model_copy(update={"intent": "guard", "intent_value": 50, "hp": 500})
    for rnd in range(4):
        t = s.model_copy(update={"combat": s.combat.model_copy(update={"enemies": (e,), "round": rnd})})
        want = "block" if F.next_intent(t, 0) == "heavy" else "attack"
        assert read_intents(t, 0) == want


def bot_run(seed: int, options: dict[str, object]) -> Session:
    s = Session(GAME, seed, {**current_options(options), **options})  # stamped as the page stamps a new run
    while (m := party_bot_move(s.state)) is not None:
        s.play(m)
    return s


# Recorded when rules 6 landed (session 15): (moves, state hash, score) of a rules-6 bot run.
RULES6_GOLDEN = (66, "8de05e1c36e1f080f83d6b3486d2aa2e93f8c2d486c2ed777f4134cb2396a24c", 290)


def test_rules_6_golden_and_a_rules_6_save_replays() -> None:
    """Pinned with ``rules: 6`` since rules 7 (session 16): the same run, hash and score as recorded."""
    s = bot_run(31, {"players": 2, "preset": "full", "rules": 6})
    res = outcome(s.state)
    assert res is not None and s.state.options.rules == 6
    again = Session.load(GAME, migrate_save(s.save_json()))
    assert again.state_hash() == s.state_hash()
    assert (len(s.moves), s.state_hash(), res.score) == RULES6_GOLDEN
