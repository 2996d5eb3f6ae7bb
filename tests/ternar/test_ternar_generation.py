"""Generation window (6), difficulty (10), intro (12), ghosts (6.5-6.6), spawn (17.2), start (16.2)."""

import pytest
from ternar_util import HIGH, LOW, FixedRng, values

from engine.core.rng import Lcg32
from engine.ternar import initial
from engine.ternar.engine import has_future
from engine.ternar.generation import (
    deal,
    draw_spawn_value,
    draw_weighted,
    ghost_chance_per_10000,
    ghost_eligible,
    shifted_window,
    spawn_cell,
    spawn_table,
    top_weight_percent,
)
from engine.ternar.gravity import is_settled
from engine.ternar.rules import has_route, is_power
from engine.ternar.topology import DOWN, UP, coords, node_id, row_ids


def test_difficulty_curve_top_weight():
    # P = min(25 %, 5 % + floor(turns / 20) * 5 %)
    assert [top_weight_percent(t, False) for t in (0, 19, 20, 39, 40, 60, 80, 500)] == [
        5,
        5,
        10,
        10,
        15,
        20,
        25,
        25,
    ]
    assert top_weight_percent(500, True) == 5  # guardrail: the curve is held back


def test_spawn_tables_sum_to_100_and_follow_window_and_stages():
    # rules 2: 12.1 names the intro values whatever the window did
    for w in (1, 2, 5):
        assert spawn_table("classic", w, 0, False) == [(3, 70), (9, 30)]  # stage 1: only 3 and 9
        assert spawn_table("classic", w, 20, False) == [(3, 70), (9, 30)]
        assert spawn_table("classic", w, 21, False) == [(3, 65), (9, 25), (27, 10)]  # stage 2 adds 27
        assert spawn_table("classic", w, 50, False) == [(3, 60), (9, 25), (27, 15)]
    assert spawn_table("classic", 1, 51, False) == [(3, 60), (9, 25), (27, 15)]
    assert spawn_table("classic", 2, 100, False) == [(9, 50), (27, 25), (81, 25)]
    assert spawn_table("classic", 2, 100, True) == [(9, 70), (27, 25), (81, 5)]  # the 70/25/5 of 6.3
    assert spawn_table("zen", 1, 500, False) == [(3, 70), (9, 25), (27, 5)]
    # rules 1 capped the moved window instead
    assert spawn_table("classic", 2, 5, False, 1) == [(9, 100)]
    assert spawn_table("classic", 2, 30, False, 1) == [(9, 70), (27, 30)]
    assert spawn_table("classic", 3, 5, False, 1) == [(27, 100)]
    for args in [
        ("classic", w, t, g, r) for w in (1, 2, 5) for t in (0, 21, 60, 200) for g in (0, 1) for r in (1, 2)
    ]:
        assert sum(p for _, p in spawn_table(*args)) == 100


def test_weighted_draw_edges_and_frequencies():
    table = [(3, 70), (9, 25), (27, 5)]
    assert draw_weighted(FixedRng(LOW), table) == 3
    assert draw_weighted(FixedRng(HIGH), table) == 27
    rng = Lcg32(99)
    counts = {3: 0, 9: 0, 27: 0}
    for _ in range(20000):
        counts[draw_weighted(rng, table)] += 1
    assert abs(counts[3] / 20000 - 0.70) < 0.02
    assert abs(counts[9] / 20000 - 0.25) < 0.02
    assert abs(counts[27] / 20000 - 0.05) < 0.01


def test_window_shift_rule():
    # rules 2: no shift in the intro (turns 0-50); then one level per turn, when a merge reaches
    # the window top * 3^2 (RULES.md "Growth"); frozen from turn 150
    assert shifted_window("classic", 1, (), 27 * 3, 60) == (1, ())
    assert shifted_window("classic", 1, (), 27 * 9, 60) == (2, (3,))
    assert shifted_window("classic", 2, (3,), 3**10, 60) == (3, (3, 9))  # one level per turn
    assert shifted_window("classic", 1, (), 3**10, 50) == (2, (3,))  # intro: the window moves, spawns do not
    assert shifted_window("classic", 1, (), 3**10, 150) == (1, ())  # frozen from turn 150
    assert shifted_window("zen", 1, (), 3**10, 60) == (1, ())
    assert shifted_window("storm", 12, (), 3**14, 60) == (12, ())  # top capped at 3^14
    # rules 1: the literal maxValue >= V(n+2), several levels at once, also in the intro
    assert shifted_window("classic", 1, (), 9, 10, 1) == (1, ())
    assert shifted_window("classic", 1, (), 27, 10, 1) == (2, (3,))
    assert shifted_window("classic", 2, (3,), 243, 10, 1) == (4, (3, 9, 27))
    assert shifted_window("classic", 1, (), 243, 150, 1) == (1, ())
    assert shifted_window("storm", 11, (), 3**14, 10, 1) == (12, (3**11,))


def test_ghost_chance_and_eligibility():
    assert ghost_chance_per_10000(0, False) == 200
    assert ghost_chance_per_10000(100, False) == 100
    assert ghost_chance_per_10000(30, True) == 700  # +5 % under the guardrail
    field = values({(7, 0): 3, (7, 1): 27})
    assert ghost_eligible("classic", 30, (3,), field, 2)
    assert not ghost_eligible("classic", 20, (3,), field, 2)  # ghosts start in intro stage 2
    assert not ghost_eligible("zen", 30, (3,), field, 2)
    assert not ghost_eligible("classic", 30, (), field, 2)
    assert not ghost_eligible("classic", 30, (3,), values({(7, 1): 27}), 2)  # nothing stranded


def test_ghost_value_is_uniform_over_the_historical_pool():
    field = values({(7, 0): 3})
    v, ghost = draw_spawn_value(FixedRng(LOW), "classic", 3, 30, False, (3, 9), field)
    assert (v, ghost) == (3, True)
    v, ghost = draw_spawn_value(FixedRng(LOW, HIGH), "classic", 3, 30, False, (3, 9), field)
    assert (v, ghost) == (9, True)
    v, ghost = draw_spawn_value(FixedRng(HIGH), "classic", 3, 60, False, (3, 9), field)
    assert (v, ghost) == (243, False)
    rng = Lcg32(5)
    draws = [draw_spawn_value(rng, "classic", 3, 30, False, (3, 9), field) for _ in range(20000)]
    ghosts = [v for v, g in draws if g]
    assert 0.015 < len(ghosts) / 20000 < 0.025
    assert 0.4 < ghosts.count(3) / len(ghosts) < 0.6


def test_spawn_cell_prefers_the_top_row_then_the_next():
    empty = [0] * 44
    assert coords(spawn_cell(empty, Lcg32(3), DOWN))[0] == 0
    assert coords(spawn_cell(empty, Lcg32(3), UP))[0] == 7  # inverted regeneration: bottom first
    top_full = list(empty)
    for n in row_ids(0):
        top_full[n] = 3
    assert coords(spawn_cell(top_full, Lcg32(3), DOWN))[0] == 1
    assert spawn_cell([3] * 44, Lcg32(3), DOWN) is None
    rng = Lcg32(1)
    seen = {spawn_cell(empty, rng, DOWN) for _ in range(200)}
    assert seen == set(row_ids(0))


def test_deal_places_in_rows_7_and_8_with_100_attempts():
    v = [0] * 44
    placed = deal(v, Lcg32(8), 5, 1, DOWN)
    assert len(placed) == 5 and len({c for c, _ in placed}) == 5
    assert all(coords(c)[0] in (6, 7) and val in (3, 9) for c, val in placed)
    full = [0] * 44
    for r in (6, 7):
        for n in row_ids(r):
            full[n] = 27
    assert deal(full, Lcg32(8), 5, 1, DOWN) == []  # gives up after 100 attempts per node
    assert all(coords(c)[0] in (0, 1) for c, _ in deal([0] * 44, Lcg32(8), 5, 1, UP))


def test_deal_value_split_is_70_30():
    rng = Lcg32(17)
    vals = []
    for _ in range(2000):
        vals += [v for _, v in deal([0] * 44, rng, 5, 1, DOWN)]
    assert abs(vals.count(3) / len(vals) - 0.70) < 0.02


@pytest.mark.parametrize("seed", [0, 1, 2, 77, 123456789, 2**40 + 5])
def test_initial_state(seed):
    s = initial(seed)
    nodes = [(n, v) for n, v in enumerate(s.values) if v]
    assert len(nodes) == 7  # rules 2: the 7 start nodes 16.2 allows (5 left 1 game in 20 dead by turn 5)
    assert all(coords(n)[0] in (6, 7) and v in (3, 9) for n, v in nodes)
    assert has_future(list(s.values)) and is_settled(list(s.values), DOWN)
    old = initial(seed, {"ruleset": 1, "start_nodes": 5})
    assert old.occupied() == 5 and has_route(list(old.values))
    assert s.window == (3, 9, 27) and s.turns == 0 and s.score == 0 and s.undo_counter == "0/1"
    assert s.phase.value == "IDLE" and s.stage() == 1


def test_initial_options():
    assert initial(3, {"start_nodes": 5}).occupied() == 5
    for bad in (
        {"mode": "hard"},
        {"start_nodes": 8},
        {"start_nodes": 4},
        {"colour": 1},
        {"spawn_per_turn": 0},
    ):
        with pytest.raises(ValueError):
            initial(3, bad)
    with pytest.raises(ValueError):
        initial(-1)


def test_different_seeds_give_different_starts_same_seed_same_start():
    assert initial(11) == initial(11)
    assert len({initial(s).values for s in range(30)}) > 20


def test_values_are_always_powers_of_three():
    s = initial(9, {"mode": "zen"})
    assert all(v == 0 or is_power(v) for v in s.values)
    assert s.stage() == 3  # Zen has no intro stages
    assert node_id(7, 0) == 38


def test_a_deal_needs_two_disjoint_pairs():
    assert has_future(values({(7, 0): 3, (7, 1): 3, (7, 3): 9, (7, 4): 9}))
    assert not has_future(values({(7, 0): 3, (7, 1): 3, (7, 2): 3}))  # one pair shares its node
    assert not has_future(values({(7, 0): 3, (7, 1): 3, (7, 3): 9}))
    assert has_future(values({(7, 0): 3, (7, 1): 3, (7, 2): 3, (7, 3): 3}))


def test_no_start_is_lost_before_it_begins():
    """Issue 15: no deal of seeds 0..199 is dead or lost on every first move."""
    from engine.ternar import Route, apply
    from engine.ternar.bot import iter_routes

    for seed in range(200):
        s = initial(seed)
        routes = [r for r, _ in iter_routes(s.values, 10_000, 100_000)]
        assert any(apply(s, Route(nodes=r)).outcome is None for r in routes), seed
