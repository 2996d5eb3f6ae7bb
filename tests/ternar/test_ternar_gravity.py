"""Sand gravity (5.2-5.4, 16.3): passes, lightness priority, tie choices, breakthrough."""

from hypothesis import given, settings
from hypothesis import strategies as st
from ternar_util import HIGH, LOW, FixedRng, values

from engine.core.rng import Lcg32
from engine.ternar.gravity import breakthrough_percent, gravity_pass, is_settled, settle
from engine.ternar.topology import DOWN, N_NODES, UP, node_id

FULL_BOTTOM = {(7, c): 3 ** (c + 1) for c in range(6)}  # 3,9,27,81,243,729: a full bottom row


def _moves(passes):
    return [[(m.src, m.dst) for m in p] for p in passes]


def run(cells, direction=DOWN, rng=None):
    v = values(cells)
    g = [False] * N_NODES
    passes = settle(v, g, direction, rng or Lcg32(1))
    return v, _moves(passes)


def test_lone_node_over_two_holes_falls_to_its_own_column():
    # (6,2) over (7,2) and (7,3), both empty: it takes (7,2), the same column index
    v, moves = run({(6, 2): 3})
    assert moves == [[(node_id(6, 2), node_id(7, 2))]]
    # from a six-row (5,2) over (6,1) and (6,2): it takes (6,2); then over (7,2)/(7,3): (7,2)
    v, moves = run({(5, 2): 9})
    assert moves == [[(node_id(5, 2), node_id(6, 2))], [(node_id(6, 2), node_id(7, 2))]]
    assert v[node_id(7, 2)] == 9


def test_lone_node_zigzags_straight_down_the_column():
    v, moves = run({(0, 3): 27})
    assert [m[0][1] for m in moves] == [node_id(r, 3) for r in range(1, 8)]


def test_lighter_claimant_wins_the_hole():
    bottom = dict(FULL_BOTTOM)
    del bottom[(7, 2)]
    v, moves = run({**bottom, (6, 1): 9, (6, 2): 3})
    assert moves[0] == [(node_id(6, 2), node_id(7, 2))]
    assert v[node_id(7, 2)] == 3 and v[node_id(6, 1)] == 9
    v, moves = run({**bottom, (6, 1): 3, (6, 2): 9})
    assert moves[0] == [(node_id(6, 1), node_id(7, 2))]
    assert v[node_id(7, 2)] == 3 and v[node_id(6, 2)] == 9


def test_equal_claimants_same_column_wins():
    bottom = dict(FULL_BOTTOM)
    del bottom[(7, 2)]
    # hole (7,2) in a six-row: claimants (6,1) (upper-left) and (6,2) (upper-right) -> (6,2) wins
    v, moves = run({**bottom, (6, 1): 9, (6, 2): 9})
    assert moves == [[(node_id(6, 2), node_id(7, 2))]]
    # hole (6,2) in a five-row: claimants (5,2) (upper-left) and (5,3) (upper-right) -> (5,2) wins
    row6 = {(6, c): 3 ** (c + 1) for c in range(5) if c != 2}
    v, moves = run({**FULL_BOTTOM, **row6, (5, 2): 9, (5, 3): 9})
    assert moves[0] == [(node_id(5, 2), node_id(6, 2))]


def test_moves_are_simultaneous_per_pass_no_cascade():
    bottom = dict(FULL_BOTTOM)
    del bottom[(7, 2)]
    row6 = {(6, 0): 27, (6, 1): 27, (6, 2): 3, (6, 3): 27, (6, 4): 27}
    v, moves = run({**bottom, **row6, (5, 2): 9})
    # pass 1: only (6,2) drops; (5,2) may not follow into the cell it vacated in the same pass
    assert moves == [[(node_id(6, 2), node_id(7, 2))], [(node_id(5, 2), node_id(6, 2))]]


def test_node_wanted_by_two_holes_goes_straight_other_hole_waits_a_pass():
    bottom = dict(FULL_BOTTOM)
    del bottom[(7, 2)]
    del bottom[(7, 3)]
    v, moves = run({**bottom, (6, 2): 3, (6, 3): 9})
    # (7,3) also prefers the lighter 3 from (6,2), but that node takes (7,2); (7,3) waits one pass
    assert moves == [[(node_id(6, 2), node_id(7, 2))], [(node_id(6, 3), node_id(7, 3))]]


def test_breakthrough_percent_formula():
    assert breakthrough_percent(3) == 0
    assert breakthrough_percent(3**6) == 0  # only V > 3^6
    # P = min(0.15, log3(V)/20): log3 >= 7 makes 0.35+, so every eligible node gets 15 %
    for k in range(7, 16):
        assert breakthrough_percent(3**k) == 15


def _contest(heavy):
    bottom = dict(FULL_BOTTOM)
    del bottom[(7, 2)]
    return {**bottom, (6, 1): heavy, (6, 2): 3}


def test_breakthrough_lets_the_heavy_node_fall_first():
    rng = FixedRng(LOW)  # draw 0 < 15 -> breakthrough
    v = values(_contest(3**7))
    moves = gravity_pass(v, [False] * N_NODES, DOWN, rng)
    assert [(m.src, m.dst, m.breakthrough) for m in moves] == [(node_id(6, 1), node_id(7, 2), True)]
    assert rng.calls == 1


def test_no_breakthrough_when_the_draw_misses():
    rng = FixedRng(HIGH)  # draw 99 >= 15
    v = values(_contest(3**7))
    moves = gravity_pass(v, [False] * N_NODES, DOWN, rng)
    assert [(m.src, m.dst, m.breakthrough) for m in moves] == [(node_id(6, 2), node_id(7, 2), False)]
    assert rng.calls == 1


def test_no_draw_for_nodes_up_to_3_pow_6_or_equal_weights():
    rng = FixedRng(LOW)
    gravity_pass(values(_contest(3**6)), [False] * N_NODES, DOWN, rng)
    bottom = dict(FULL_BOTTOM)
    del bottom[(7, 2)]
    gravity_pass(values({**bottom, (6, 1): 3**8, (6, 2): 3**8}), [False] * N_NODES, DOWN, rng)
    assert rng.calls == 0


def test_breakthrough_frequency_is_about_15_percent():
    rng = Lcg32(2026)
    hits = 0
    for _ in range(4000):
        v = values(_contest(3**9))
        hits += gravity_pass(v, [False] * N_NODES, DOWN, rng)[0].breakthrough
    assert 0.12 < hits / 4000 < 0.18


def test_upward_gravity_mirrors_with_same_rules():
    # Hexa-Storm inversion: a node under two empty cells rises to its own column
    v, moves = run({(1, 2): 3}, direction=UP)
    assert moves == [[(node_id(1, 2), node_id(0, 2))]]
    v, moves = run({(7, 0): 3}, direction=UP)
    assert v[node_id(0, 0)] == 3


def test_ghost_flag_travels_with_the_node():
    v = values({(5, 2): 9})
    g = [False] * N_NODES
    g[node_id(5, 2)] = True
    settle(v, g, DOWN, Lcg32(1))
    assert g[node_id(7, 2)] and sum(g) == 1


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from([0, 0, 0, 3, 9, 27, 3**7, 3**10, 3**15]), min_size=N_NODES, max_size=N_NODES),
    st.integers(0, 2**32 - 1),
    st.sampled_from([DOWN, UP]),
)
def test_settle_conserves_nodes_and_never_merges(vals, seed, direction):
    v = list(vals)
    before = sorted(x for x in v if x)
    g = [False] * N_NODES
    passes = settle(v, g, direction, Lcg32(seed))
    assert sorted(x for x in v if x) == before
    assert is_settled(v, direction)
    for p in passes:
        dsts = [m.dst for m in p]
        assert len(dsts) == len(set(dsts))
