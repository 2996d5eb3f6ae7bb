"""Rules 3 (issue 29): intents and per-hero fight choices, rest/event/trap choices, relics,
generator 3's shapes, and the boundaries of the thresholds in RULES.md (value-1 / value / value+1)."""

from __future__ import annotations

import pytest
from runmap_helpers import drive_to

from engine.core.rng import GodotRng
from engine.core.session import IllegalMoveError, Session
from engine.runmap import GAME, NodeType, Phase, RunOptions, generate_map, layout_problems, migrate_save
from engine.runmap import choices3 as C
from engine.runmap import fight3 as F
from engine.runmap.config import SchemaError
from engine.runmap.encounters import scale_hp
from engine.runmap.game import party_bot_move, read_intents
from engine.runmap.generate3 import FORK_WEIGHT, pick_plan, window_plans
from engine.runmap.moves import Buy, Choose, Fight, Join, Select, parse_move
from engine.runmap.rules import BLESSING_COST, apply_move, legal_moves
from engine.runmap.state import EnemyState, RunState


def fight_state(players: int = 1, seed: int = 5, rules: int = 5) -> RunState:
    s = GAME.initial(seed, {"preset": "slice", "players": players, "rules": rules})
    assert s.options.rules == rules >= 3 and s.phase == Phase.COMBAT
    return s


def with_enemy(s: RunState, intent: str, value: int, hp: int = 200) -> RunState:
    """Test-only: one enemy with a fixed intent (so a round's numbers are exact)."""
    assert s.combat is not None
    e = EnemyState(
        enemy_id="ghoul", rank="basic", hp=hp, max_hp=hp, dice=1, bonus=0, intent=intent, intent_value=value
    )
    return s.model_copy(update={"combat": s.combat.model_copy(update={"enemies": (e,)})})


def test_every_enemy_shows_an_intent_with_its_number_before_the_party_acts() -> None:
    s = fight_state()
    assert s.combat is not None
    for e in s.combat.enemies:
        assert e.intent in ("attack", "heavy", "guard") and e.intent_value > 0


@pytest.mark.parametrize("value", [0, 1, 5])
def test_an_attack_intent_hits_exactly_its_number(value: int) -> None:
    s = with_enemy(fight_state(), "attack", value)
    after = apply_move(s, Fight(0, "attack"))
    assert after.players[0].hp == 60 - value


@pytest.mark.parametrize(
    ("hit", "lost"), [(F.BLOCK_BASE, 0), (F.BLOCK_BASE + 6, 0), (F.BLOCK_BASE + 7, None)]
)
def test_block_absorbs_base_plus_a_die_and_no_more(hit: int, lost: int | None) -> None:
    """A block is BLOCK_BASE + 1d6: a hit of BLOCK_BASE or BLOCK_BASE+6 can be fully absorbed, +7 never."""
    s = with_enemy(fight_state(), "heavy", hit)
    after = apply_move(s, Fight(0, "block"))
    taken = 60 - after.players[0].hp
    if lost is None:
        assert 1 <= taken <= 6
    elif hit == F.BLOCK_BASE:
        assert taken == lost
    else:
        assert 0 <= taken <= 5


def test_parry_takes_no_hit_and_is_once_per_fight() -> None:
    s = with_enemy(fight_state(), "heavy", 40)
    after = apply_move(s, Fight(0, "skill"))
    assert after.players[0].hp == 60
    assert Fight(0, "skill") not in legal_moves(after)
    with pytest.raises(IllegalMoveError, match="Parry"):
        apply_move(after, Fight(0, "skill"))


@pytest.mark.parametrize(("potions", "ok"), [(0, False), (1, True), (2, True)])
def test_item_needs_a_potion_in_the_belt(potions: int, ok: bool) -> None:
    s = with_enemy(fight_state(), "guard", 9).model_copy(update={"potions": potions})
    hurt = s.model_copy(update={"players": (s.players[0].model_copy(update={"hp": 30}),)})
    if not ok:
        with pytest.raises(IllegalMoveError, match="belt is empty"):
            apply_move(hurt, Fight(0, "item"))
        return
    after = apply_move(hurt, Fight(0, "item"))
    assert after.players[0].hp == 30 + F.POTION_HEAL and after.potions == potions - 1


def test_guard_soaks_the_party_damage_first() -> None:
    """Rules 3 and 4: a guard of N soaks N of the party's damage (rules 5 halves it instead)."""
    s = with_enemy(fight_state(rules=4), "guard", 50, hp=100)
    after = apply_move(s, Fight(0, "attack"))
    assert after.combat is not None and after.combat.enemies[0].hp == 100  # 50 guard > any 2d6+2


def test_each_player_acts_for_their_own_hero_and_the_round_waits_for_all() -> None:
    s = apply_move(fight_state(players=2), Join(1))
    with pytest.raises(IllegalMoveError, match="own hero"):
        apply_move(s, Fight(0, "attack", 1))  # seat 1 is connected: the host may not act for it
    with pytest.raises(IllegalMoveError, match="own hero"):
        apply_move(s, Fight(1, "attack", 0))
    half = apply_move(s, Fight(0, "block"))
    assert half.combat is not None and half.combat.round == 0 and half.combat.pending == ((0, "block"),)
    with pytest.raises(IllegalMoveError, match="already chosen"):
        apply_move(half, Fight(0, "attack"))
    done = apply_move(half, Fight(1, "attack"))
    assert done.combat is None or done.combat.round == 1
    # a seat that is not connected is played by the host
    solo_host = fight_state(players=2)
    moved = apply_move(apply_move(solo_host, Fight(0, "attack")), Fight(0, "attack", 1))
    assert moved.combat is None or moved.combat.round == 1


def test_fight_move_text_round_trips_with_a_hero() -> None:
    assert parse_move("p0 block h2") == Fight(0, "block", 2)
    assert str(Fight(0, "block", 2)) == "p0 block h2"
    assert parse_move("p1 skill h1") == Fight(1, "skill")  # one's own hero is the plain form
    with pytest.raises(ValueError):
        parse_move("p0 attack h7")


def test_the_intent_reader_uses_every_action() -> None:
    s = fight_state()
    assert read_intents(with_enemy(s, "heavy", 30), 0) == "skill"
    used = with_enemy(s, "heavy", 30)
    assert used.combat is not None
    used = used.model_copy(update={"combat": used.combat.model_copy(update={"skills_used": (0,)})})
    assert read_intents(used, 0) == "block"
    assert read_intents(with_enemy(s, "attack", 3), 0) == "attack"
    low = with_enemy(s, "attack", 8).model_copy(
        update={"players": (s.players[0].model_copy(update={"hp": 14}),)}
    )
    assert read_intents(low, 0) == "item"


# ------------------------------------------------------------ rest, events, traps, relics
def test_rest_site_asks_rest_or_upgrade() -> None:
    state, rest = drive_to(NodeType.REST, {"preset": "slice"})
    hurt = state.model_copy(update={"players": (state.players[0].model_copy(update={"hp": 20}),)})
    at = apply_move(hurt, Select(0, rest))
    assert at.phase == Phase.REST and at.players[0].hp == 20
    assert {str(m) for m in legal_moves(at)} == {"p0 choose rest", "p0 choose upgrade"}
    assert apply_move(at, Choose(0, "rest")).players[0].hp == 38
    up = apply_move(at, Choose(0, "upgrade"))
    assert (
        up.players[0].hp == 20
        and up.attack_bonus == at.attack_bonus + 1
        and up.block_bonus == at.block_bonus + 2
    )
    with pytest.raises(IllegalMoveError, match="not an option"):
        apply_move(at, Choose(0, "accept"))


@pytest.mark.parametrize(
    ("gold", "ok"), [(C.GAMBLE_COST - 1, False), (C.GAMBLE_COST, True), (C.GAMBLE_COST + 1, True)]
)
def test_the_bet_needs_its_stake(gold: int, ok: bool) -> None:
    s = fight_state().model_copy(
        update={"phase": Phase.EVENT, "event": "gamble", "combat": None, "gold": gold}
    )
    assert (C.option_refused(s, "accept") is None) == ok
    after = apply_move(s, Choose(0, "decline"))
    assert after.gold == gold and after.phase == Phase.MAP


@pytest.mark.parametrize("event", C.EVENTS)
def test_every_event_offers_two_options_with_different_results(event: str) -> None:
    s = fight_state().model_copy(update={"phase": Phase.EVENT, "event": event, "combat": None, "gold": 50})
    s = s.model_copy(update={"players": (s.players[0].model_copy(update={"hp": 40}),)})
    a, b = apply_move(s, Choose(0, "accept")), apply_move(s, Choose(0, "decline"))
    key = lambda x: (x.gold, x.players, x.potions, x.relics)  # noqa: E731
    assert key(a) != key(b)


@pytest.mark.parametrize(("hp", "after"), [(C.TRAP_EDGE, 1), (C.TRAP_EDGE + 1, 1), (C.TRAP_EDGE + 2, 2)])
def test_edging_around_a_trap_never_kills(hp: int, after: int) -> None:
    s = fight_state().model_copy(update={"phase": Phase.EVENT, "event": "trap", "combat": None})
    s = s.model_copy(update={"players": (s.players[0].model_copy(update={"hp": hp}),)})
    assert apply_move(s, Choose(0, "decline")).players[0].hp == after


def test_an_elite_beaten_gives_a_relic_and_gold() -> None:
    state, elite = drive_to(NodeType.ELITE, {"preset": "slice"})
    s = apply_move(state, Select(0, elite))
    assert s.combat is not None
    one_hp = s.combat.model_copy(
        update={
            "enemies": (
                s.combat.enemies[0].model_copy(update={"hp": 1, "intent": "guard", "intent_value": 0}),
            )
        }
    )
    won = apply_move(s.model_copy(update={"combat": one_hp}), Fight(0, "attack"))
    assert won.phase == Phase.MAP and len(won.relics) == 1 and won.gold == s.gold + 75


@pytest.mark.parametrize(
    ("gold", "ok"), [(BLESSING_COST - 1, False), (BLESSING_COST, True), (BLESSING_COST + 1, True)]
)
def test_a_blessing_is_an_offering(gold: int, ok: bool) -> None:
    s = fight_state().model_copy(update={"phase": Phase.SHRINE, "combat": None, "gold": gold})
    assert (Choose(0, "blessing") in legal_moves(s)) == ok
    if ok:
        assert apply_move(s, Choose(0, "blessing")).gold == gold - BLESSING_COST


@pytest.mark.parametrize(
    ("potions", "ok"), [(C.POTION_BELT - 1, True), (C.POTION_BELT, False), (C.POTION_BELT + 1, False)]
)
def test_the_potion_belt_holds_three_per_hero(potions: int, ok: bool) -> None:
    s = fight_state().model_copy(
        update={"phase": Phase.SHOP, "combat": None, "gold": 100, "potions": potions}
    )
    assert (Buy(0, "potion") in legal_moves(s)) == ok


@pytest.mark.parametrize(("players", "hp"), [(1, 24), (2, 51), (4, 105)])
def test_party_hp_scaling_adds_an_eighth_per_extra_hero(players: int, hp: int) -> None:
    assert scale_hp(24, players, rules=3) == hp
    assert scale_hp(24, players, rules=2) == 24 * players


# ------------------------------------------------------------ generator 3
def test_window_plans_cover_without_crossing_and_prefer_forks() -> None:
    for n in (1, 2, 3):
        for m in (1, 2, 3):
            for plan in window_plans(n, m, 2):
                covered = [j for s, c in plan for j in range(s, s + c)]
                assert sorted(set(covered)) == list(range(m)) and covered == sorted(covered)
                assert all(1 <= c <= 2 for _, c in plan)
    assert window_plans(1, 3, 2) == ()
    with pytest.raises(ValueError):
        pick_plan(1, 3, 2, GodotRng(1))
    assert FORK_WEIGHT > 1


@pytest.mark.parametrize("preset", ["full", "slice"])
def test_generator_3_maps_differ_in_shape_and_keep_every_rule(preset: str) -> None:
    graphs = set()
    for seed in range(300):
        layout = generate_map(seed, 1, RunOptions(preset=preset))  # type: ignore[arg-type]
        assert layout_problems(layout, 2) == []
        for targets in _succ(layout).values():
            if len(targets) >= 2:
                keys = {(layout.nodes[j].node_type, layout.nodes[j].guardian_id) for j in targets}
                assert len(keys) == len(targets)  # no fork offers one type twice
        c = {t: sum(n.node_type == t for n in layout.nodes) for t in NodeType}
        if preset == "full":
            assert c[NodeType.ELITE] == c[NodeType.REST] == c[NodeType.SHOP] == 2
        else:
            assert c[NodeType.ELITE] <= 1 and c[NodeType.REST] <= 2
            assert all(
                n.node_type not in (NodeType.ELITE, NodeType.REST) for n in layout.nodes if n.layer <= 1
            )
        graphs.add(tuple((e.from_index, e.to_index) for e in layout.edges))
    assert len(graphs) >= 100  # lab: 1,515 full / 2,269 slice graphs per 3,000 seeds


def _succ(layout):  # type: ignore[no-untyped-def]
    out: dict[int, list[int]] = {}
    for e in layout.edges:
        out.setdefault(e.from_index, []).append(e.to_index)
    return out


# ------------------------------------------------------------ saves
def test_a_rules_2_save_replays_as_rules_2_and_new_runs_are_rules_3() -> None:
    old = Session(GAME, 11, {"rules": 2, "preset": "full"})
    while old.state.phase != Phase.OVER and len(old.moves) < 30:
        m = party_bot_move(old.state)
        assert m is not None
        old.play(m)
    again = Session.load(GAME, migrate_save(old.save_json()))
    assert again.state_hash() == old.state_hash() and again.state.options.rules == 2
    assert "potions" not in GAME.snapshot(again.state)  # rules-2 hashes are what they were
    assert "potions" in GAME.snapshot(GAME.initial(11, {}))


# ------------------------------------------------------------ #24: RULES.md thresholds at value-1 / value / value+1
@pytest.mark.parametrize(
    ("field", "value", "ok"),
    [
        ("layer_count", 4, False),
        ("layer_count", 5, True),
        ("layer_count", 6, True),
        ("layer_count", 11, True),
        ("layer_count", 12, True),
        ("layer_count", 13, False),
        ("edges_per_node_max", 0, False),
        ("edges_per_node_max", 1, True),
        ("edges_per_node_max", 3, True),
        ("edges_per_node_max", 4, False),
        ("elite_cap", -1, False),
        ("elite_cap", 0, True),
        ("elite_cap", 3, True),
        ("elite_cap", 4, False),
    ],
)
def test_knobs_hold_their_safe_ranges(field: str, value: int, ok: bool) -> None:
    from engine.runmap import Knobs  # noqa: PLC0415

    opts = {"preset": "slice", "knobs": {field: value}}
    if ok:
        assert GAME.initial(3, opts).layout.layer_count == (
            value if field == "layer_count" else Knobs().layer_count
        )
    else:
        with pytest.raises(SchemaError, match=field):
            GAME.initial(3, opts)


@pytest.mark.parametrize(
    ("players", "ok"), [(0, False), (1, True), (2, True), (3, True), (4, True), (5, False)]
)
def test_party_sizes_one_to_four(players: int, ok: bool) -> None:
    if ok:
        assert len(GAME.initial(3, {"players": players}).players) == players
    else:
        with pytest.raises(SchemaError, match="players"):
            GAME.initial(3, {"players": players})


@pytest.mark.parametrize(("cap", "elites"), [(0, 0), (1, 1)])
def test_the_slice_elite_cap_is_never_passed(cap: int, elites: int) -> None:
    from engine.runmap import Knobs  # noqa: PLC0415

    most = 0
    for seed in range(200):
        layout = generate_map(seed, 1, RunOptions(preset="slice", knobs=Knobs(elite_cap=cap)))
        most = max(most, sum(n.node_type == NodeType.ELITE for n in layout.nodes))
    assert most == elites  # reaches the cap (value) and never cap + 1


@pytest.mark.parametrize(("hp", "drinks"), [(60 - 12 - 1, True), (60 - 12, True), (60 - 12 + 1, False)])
def test_the_reader_drinks_only_when_a_potion_is_not_wasted(hp: int, drinks: bool) -> None:
    """read_intents drinks when the coming hits leave <= 8 HP and at least 12 HP are missing."""
    s = with_enemy(fight_state(), "attack", hp - 8)
    s = s.model_copy(update={"players": (s.players[0].model_copy(update={"hp": hp}),)})
    assert (read_intents(s, 0) == "item") == drinks
