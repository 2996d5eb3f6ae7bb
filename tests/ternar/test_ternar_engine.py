"""Turns: collapse in the last node, invalid routes, window shift/freeze, spawn, Big Bang, undo, game over."""

import pytest
from ternar_util import field

from engine.core.session import IllegalMoveError, Session
from engine.ternar import (
    GAME,
    InvalidRouteError,
    Route,
    SoftUndo,
    Termination,
    apply,
    apply_with_events,
    initial,
)
from engine.ternar.display import replay_events
from engine.ternar.engine import classify_end, inverted, storm_hold
from engine.ternar.generation import spawn_table
from engine.ternar.rules import SINGULARITY, has_route
from engine.ternar.topology import N_NODES, coords, node_id

BOTTOM_CHAIN = {(7, 0): 3, (7, 1): 3, (7, 2): 9, (7, 3): 27, (7, 4): 27}


def kinds(events):
    return [e.kind for e in events]


def test_collapse_puts_max_times_3_on_the_last_node_and_scores():
    s = field(BOTTOM_CHAIN)
    new, evs = apply_with_events(s, Route.parse("38-39-40-41-42"))
    col = evs[0]
    assert col.kind == "collapse"
    assert (col.target, col.result, col.points, col.multiplier_tenths) == (42, 81, 138, 20)
    assert not col.flash and not col.superchain
    assert new.values[42] == 81  # the bottom row does not move
    assert new.score == 138 and new.turns == 1 and new.chain_total == 5


def test_superchain_in_play_gives_max_times_9_bonus_and_flash():
    path = [(7, c) for c in range(6)] + [(6, c) for c in range(4, -1, -1)] + [(5, 0)]
    s = field({rc: 9 for rc in path}, turns=60, options={"ruleset": 1})
    route = Route(nodes=tuple(node_id(*rc) for rc in path))
    new, evs = apply_with_events(s, route)
    col = evs[0]
    assert col.superchain and col.flash and col.result == 81 and col.bonus == 1000
    assert new.score == 108 * 4 + 1000
    # rules 1: 81 >= 27 and >= 81: the window shifts twice, 3 and 9 join the historical pool
    shift = next(e for e in evs if e.kind == "window_shift")
    assert shift.old_window == (3, 9, 27) and shift.new_window == (27, 81, 243) and shift.excluded == (3, 9)
    assert new.window == (27, 81, 243) and new.pool == (3, 9)


def test_invalid_route_changes_nothing():
    s = field(BOTTOM_CHAIN)
    sess = Session(GAME, 1)
    sess.state = s
    for bad in ("38-40", "38-39-41", "40-41", "38", "42-41-40"):
        with pytest.raises(InvalidRouteError):
            sess.play_text(bad)
    assert sess.state is s and sess.moves == []
    with pytest.raises(IllegalMoveError) as exc:
        apply(s, Route.parse("38-39-41"))
    assert exc.value.check.reason == "not_adjacent"


def test_window_shifts_when_max_reaches_top_and_freezes_at_150():
    cells = {(7, 0): 243, (7, 1): 243}  # 243 * 3 = 729 = top 27 * 3^3 (rules 4)
    new = apply(field(cells, turns=148), Route.parse("38-39"))  # turn 149 may still shift
    assert new.window == (9, 27, 81) and new.pool == (3,)
    new = apply(field(cells, turns=149), Route.parse("38-39"))  # the 150th turn: frozen
    assert new.window == (3, 9, 27) and new.pool == ()
    new = apply(field({(7, 0): 81, (7, 1): 81}, turns=60), Route.parse("38-39"))  # 243 < 729 (rules 4)
    assert new.window == (3, 9, 27)
    r3 = apply(field({(7, 0): 81, (7, 1): 81}, turns=60, options={"ruleset": 3}), Route.parse("38-39"))
    assert r3.window == (9, 27, 81)  # rules 3 moved at top * 3^2
    new = apply(
        field(cells, turns=40, options={"ruleset": 6}), Route.parse("38-39")
    )  # rules 2-6: in the intro it moves too (12.1 ...
    assert new.window == (9, 27, 81)
    assert spawn_table("classic", new.window_low, 41, False) == [
        (3, 60),
        (9, 25),
        (27, 15),
    ]  # ... spawns do not
    new = apply(field({(7, 0): 27, (7, 1): 27}, turns=60), Route.parse("38-39"))  # 81 < 243
    assert new.window == (3, 9, 27)
    new = apply(field(cells, options={"mode": "zen"}), Route.parse("38-39"))
    assert new.window == (3, 9, 27)
    old = apply(field({(7, 0): 9, (7, 1): 9}, turns=148, options={"ruleset": 1}), Route.parse("38-39"))
    assert old.window == (9, 27, 81)


def test_window_top_never_passes_display_cap():
    s = field({(7, 0): 3**14, (7, 1): 3**14, (7, 2): 3**13, (7, 3): 3**13}, window_low=12)
    new = apply(s, Route.parse("40-41"))
    assert new.window == (3**12, 3**13, 3**14)


def test_one_new_node_per_turn_plus_regeneration_of_the_vanished():
    s = field(BOTTOM_CHAIN, turns=60, window_low=3)
    new, evs = apply_with_events(s, Route.parse("38-39-40-41-42"))
    spawns = [e for e in evs if e.kind == "spawn"]
    assert [e.regen for e in spawns] == [False] + [True] * 4  # the new node first
    assert all(e.value in (27, 81, 243) for e in spawns)  # rules 3: every one from the window
    assert all(coords(e.node)[0] == 0 for e in spawns)  # they flow in at the top row
    assert new.occupied() == 5 - 4 + 4 + 1
    r2 = field(BOTTOM_CHAIN, turns=60, window_low=3, options={"ruleset": 2})
    spawns = [e for e in apply_with_events(r2, Route.parse("38-39-40-41-42"))[1] if e.kind == "spawn"]
    assert spawns[0].value in (27, 81, 243)  # rules 2: the new node from the window ...
    assert all(e.value in (3, 9) for e in spawns[1:])  # ... the regenerated ones light sand (16.3)
    old = field(BOTTOM_CHAIN, options={"ruleset": 1})
    evs = apply_with_events(old, Route.parse("38-39-40-41-42"))[1]
    assert [e.regen for e in evs if e.kind == "spawn"] == [True] * 4 + [False]
    lit = field(BOTTOM_CHAIN, options={"regeneration": False})
    new, evs = apply_with_events(lit, Route.parse("38-39-40-41-42"))
    assert [e.regen for e in evs if e.kind == "spawn"] == [False]
    assert new.occupied() == 2


def test_spawned_nodes_settle_after_flowing_in():
    from engine.ternar.gravity import is_settled

    new, evs = apply_with_events(field({(7, 0): 3, (7, 1): 3, (7, 3): 9}), Route.parse("38-39"))
    assert kinds(evs)[:3] == ["collapse", "spawn", "spawn"]

    assert is_settled(list(new.values), 1)
    last_spawn = max(i for i, e in enumerate(evs) if e.kind == "spawn")
    assert any(e.kind == "fall" for e in evs[last_spawn:])


def test_ghost_last_node_becomes_normal():
    s = field({(7, 0): 3, (7, 1): 3}, ghosts=(39,))
    new, evs = apply_with_events(s, Route.parse("38-39"))
    assert new.values[39] == 9 and new.node_type(39) == "normal"
    s = field({(7, 0): 3, (7, 1): 3}, ghosts=(38,))
    assert apply(s, Route.parse("38-39")).values[39] == 9  # a ghost merges like a normal node


def test_singularity_forms_gives_achievement_and_blocks_routes():
    s = field({(7, 0): 3**14, (7, 1): 3**14, (7, 2): 3, (7, 3): 3}, window_low=12)
    new, evs = apply_with_events(s, Route.parse("38-39"))
    assert new.values[39] == SINGULARITY and new.node_type(39) == "singularity"
    assert "achievement" in kinds(evs) and new.singularities_created == 1
    col = evs[0]
    assert col.result_type == "singularity" and col.points == 2 * 3**14  # the route still scores
    with pytest.raises(InvalidRouteError):
        apply(new, Route(nodes=(39, 40)))


def test_big_bang_on_three_connected_singularities():
    cells = {(7, 0): SINGULARITY, (7, 1): SINGULARITY, (7, 2): 3**14, (7, 3): 3**14}
    s = field(cells, turns=200, singularities_created=2)
    new, evs = apply_with_events(s, Route.parse("41-40"))
    assert "big_bang" in kinds(evs) and "achievement" not in kinds(evs)
    bang = next(e for e in evs if e.kind == "big_bang")
    assert bang.singularities == (38, 39, 40)
    assert new.window == (81, 243, 729) and new.pool == (3, 9, 27)  # window +3 levels
    assert new.big_bangs == 1 and SINGULARITY not in new.values
    assert sorted({v for v in new.values if v}) <= [81, 243]  # New Game+ deal from the new window
    assert has_route(list(new.values)) and new.outcome is None
    assert replay_events(s.values, evs) == list(new.values)


def test_two_singularities_are_no_big_bang():
    cells = {(7, 0): SINGULARITY, (7, 2): 3**14, (7, 3): 3**14, (7, 5): 3, (6, 4): 3}
    new, evs = apply_with_events(field(cells), Route.parse("41-40"))
    assert "big_bang" not in kinds(evs)


def test_soft_undo_restores_snapshot_with_ten_percent_penalty_once():
    s = field(BOTTOM_CHAIN, score=1001)
    assert not s.can_undo
    with pytest.raises(IllegalMoveError):
        apply(s, SoftUndo())  # nothing to undo yet
    after = apply(s, Route.parse("38-39-40-41-42"))
    assert after.can_undo and after.undo_counter == "0/1"
    back, evs = apply_with_events(after, SoftUndo())
    assert back.values == s.values and back.rng == s.rng and back.turns == 0
    assert back.score == 900 and back.undo_counter == "1/1" and not back.can_undo
    assert evs[0].score_before == 1001 + 138 and evs[0].score_after == 900
    with pytest.raises(IllegalMoveError):
        apply(back, SoftUndo())
    # the restored RNG replays the same turn
    again = apply(back, Route.parse("38-39-40-41-42"))
    assert again.values == after.values
    assert again.prev is None  # no snapshot is kept once the undo is spent


def test_classify_end_reasons():
    full = [3 ** (1 + (i % 2)) for i in range(N_NODES)]
    assert classify_end(full, (3, 9, 27)) == Termination.FULL_LOCK
    stale = [0] * N_NODES
    stale[38], stale[40] = 3, 9
    assert classify_end(stale, (27, 81, 243)) == Termination.WINDOW_LOCK
    assert classify_end(stale, (3, 9, 27)) == Termination.NO_MATCHES


def _play_until(pred, mode="classic", seeds=range(300)):
    """Play the same small opening on many seeds until ``pred(state, events)`` holds."""
    for seed in seeds:
        s = field({(7, 0): 3, (7, 1): 3}, seed=seed, options={"mode": mode})
        new, evs = apply_with_events(s, Route.parse("38-39"))
        if pred(new, evs):
            return new, evs
    raise AssertionError("no seed produced the situation")


def test_game_over_when_no_route_remains():
    new, evs = _play_until(lambda s, e: s.outcome is not None)
    assert not has_route(list(new.values))
    assert new.outcome.reason in (Termination.NO_MATCHES, Termination.WINDOW_LOCK)
    assert evs[-1].kind == "game_over" and new.phase.value == "GAMEOVER"
    with pytest.raises(IllegalMoveError):
        apply(new, Route.parse("39-40"))
    with pytest.raises(IllegalMoveError):
        apply(new, SoftUndo())  # Soft Undo only in IDLE


def test_zen_has_no_death_it_deals_again():
    new, evs = _play_until(lambda s, e: "zen_refill" in kinds(e), mode="zen")
    assert new.outcome is None and has_route(list(new.values)) and new.zen_resets == 1
    assert kinds(evs)[kinds(evs).index("zen_refill") + 1] == "deal"
    assert replay_events(field({(7, 0): 3, (7, 1): 3}).values, evs) == list(new.values)


def test_rescue_ghost_before_death(monkeypatch):
    import engine.ternar.engine as eng

    monkeypatch.setattr(eng, "chance", lambda rng, p: True)
    cells = {(7, 0): 9, (7, 1): 9, (7, 4): 3, (7, 5): 27}
    found = None
    for seed in range(300):
        s = field(cells, seed=seed, turns=30, window_low=2, pool=(3,))
        new, evs = apply_with_events(s, Route.parse("38-39"))
        if any(e.kind == "spawn" and e.rescue for e in evs):
            found = (new, evs)
            break
    assert found is not None
    new, evs = found
    rescue = next(e for e in evs if e.kind == "spawn" and e.rescue)
    assert rescue.node_type == "ghost" and rescue.value == 3


def test_storm_inverts_regeneration_every_10_turns():
    from engine.ternar.bot import greedy_route
    from engine.ternar.gravity import is_settled

    s = initial(4, {"mode": "storm"})
    for turn in range(1, 21):
        s, evs = apply_with_events(s, greedy_route(s))
        assert s.outcome is None
        if turn % 10 == 0:
            assert "inversion" in kinds(evs)
            assert s.gravity == ("up" if turn == 10 else "down") and s.turns_to_inversion == 10
        else:
            assert "inversion" not in kinds(evs) and s.turns_to_inversion == 10 - turn % 10
        direction = 1 if s.gravity == "down" else -1
        assert is_settled(list(s.values), direction, storm_hold("storm", s.options.ruleset, inverted(s)))


def test_stage_events_at_turn_21_and_51():
    s = field({(7, 0): 3, (7, 1): 3, (7, 3): 9, (7, 4): 9}, turns=20)
    assert [e.stage for e in apply_with_events(s, Route.parse("38-39"))[1] if e.kind == "stage"] == [2]
    s = field({(7, 0): 3, (7, 1): 3, (7, 3): 9, (7, 4): 9}, turns=50)
    assert [e.stage for e in apply_with_events(s, Route.parse("38-39"))[1] if e.kind == "stage"] == [3]


def test_storm_inverted_spawns_enter_from_the_bottom_and_rise():
    s = field(
        {(0, 0): 3, (0, 1): 3, (0, 3): 27}, options={"mode": "storm"}, gravity="up", turns_to_inversion=5
    )
    new, evs = apply_with_events(s, Route.parse("0-1"))
    spawns = [e for e in evs if e.kind == "spawn"]
    assert len(spawns) == 2 and all(coords(e.node)[0] == 7 for e in spawns)
    from engine.ternar.gravity import is_settled

    assert is_settled(list(new.values), -1) and new.turns_to_inversion == 4


def test_storm_inversion_resettles_the_field_at_once():
    s = field({(7, 0): 3, (7, 1): 3, (7, 3): 9}, options={"mode": "storm"}, turns_to_inversion=1)
    new, evs = apply_with_events(s, Route.parse("38-39"))
    k = kinds(evs)
    assert "inversion" in k and k[k.index("inversion") + 1] == "fall"
    assert new.gravity == "up" and new.turns_to_inversion == 10
    assert all(coords(n)[0] <= 1 for n, v in enumerate(new.values) if v)  # everything rose to the top


def test_a_spawned_top_value_does_not_shift_the_window():
    # a 27 that flowed in is not "reached": merging 3-3 -> 9 keeps [3, 9, 27]
    s = field({(7, 0): 3, (7, 1): 3, (7, 5): 27}, turns=60)
    assert apply(s, Route.parse("38-39")).window == (3, 9, 27)
    # a merge reaching top * 27 does shift it (rules 4)
    s = field({(7, 0): 243, (7, 1): 243, (7, 5): 27}, turns=60)
    assert apply(s, Route.parse("38-39")).window == (9, 27, 81)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_rules_3_every_normal_node_after_the_intro_comes_from_the_window(seed):
    """Issue #30: after turn 50 every new or regenerated non-ghost node holds a value of the window of
    its moment (older values come back only as ghosts); turns 1-20 only 3 and 9, 21-50 only 3/9/27."""
    import random

    from engine.ternar import check_route, initial
    from engine.ternar.model import intro_stage

    rng = random.Random(seed)
    # a window already moved on ([27, 81, 243], pool 3 and 9) just before the intro's second stage ends
    s = initial(seed).model_copy(update={"window_low": 3, "pool": (3, 9), "turns": 40})
    allowed = {1: {3, 9}, 2: {3, 9, 27}}
    checked = 0
    while s.outcome is None and s.turns < 120:
        pairs = [(a, b) for a in range(44) for b in range(44) if check_route(s.values, [a, b]).ok]
        new, evs = apply_with_events(s, Route(nodes=rng.choice(pairs)))
        window = s.window
        for e in evs:
            if e.kind in ("window_shift", "big_bang"):
                window = e.new_window
            if e.kind == "spawn" and e.node_type == "normal":
                stage = intro_stage(new.turns)
                assert e.value in (allowed[stage] if stage < 3 else set(window)), (new.turns, e.value, window)
                checked += stage == 3
        s = new
    assert checked > 0 or s.outcome is not None
