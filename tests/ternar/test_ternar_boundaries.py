"""Every threshold of Ternar's RULES.md at value - 1, value and value + 1 (issue #24), one table each.

Where the quantity moves in steps larger than 1 (sums of powers of three, values), the neighbours are
the nearest reachable values on either side; each row says what it checks.
"""

import pytest
from ternar_util import field

from engine.ternar import apply_with_events
from engine.ternar.display import format_number, line_style
from engine.ternar.generation import (
    FREEZE_TURN,
    GUARDRAIL_FROM_RULES,
    GUARDRAIL_LOW_PERCENT,
    SHIFT_GAP,
    SHIFT_GAP_4,
    ghost_chance_per_10000,
    shifted_window,
    spawn_table,
    top_weight_percent,
)
from engine.ternar.gravity import breakthrough_percent
from engine.ternar.model import Outcome, Route, Termination, intro_stage
from engine.ternar.rules import SINGULARITY, collapse_value, is_superchain, multiplier_tenths, route_score
from engine.ternar.telemetry import Profile, record_session

# 4.2 superchain: L >= 12 and sum >= max * 6. With 12 nodes of 3/9/27 the sums step by 6, so 156 / 162
# / 168 are the reachable sums around 27 * 6 = 162.
SUPERCHAIN_SUM = [
    ("sum 156 < 162", [3] + [9] * 8 + [27] * 3, False),
    ("sum 162 = 27*6", [9] * 9 + [27] * 3, True),
    ("sum 168 > 162", [3] * 2 + [9] * 6 + [27] * 4, True),
]


@pytest.mark.parametrize(("name", "chain", "hit"), SUPERCHAIN_SUM, ids=[r[0] for r in SUPERCHAIN_SUM])
def test_superchain_sum_threshold(name, chain, hit):
    assert len(chain) == 12 and max(chain) == 27
    assert is_superchain(chain) is hit
    assert collapse_value(chain) == (27 * 9 if hit else 27 * 3)


@pytest.mark.parametrize(("length", "hit"), [(11, False), (12, True), (13, True)])
def test_superchain_length_threshold(length, hit):
    chain = [3] * length  # sum 3L >= 18 always: only the length decides
    assert is_superchain(chain) is hit
    assert route_score(chain) == 3 * length * multiplier_tenths(length) // 10 + (1000 if hit else 0)


@pytest.mark.parametrize(
    ("length", "tenths"),
    [(2, 10), (3, 12), (4, 15), (5, 20), (6, 20), (7, 30), (8, 30), (10, 30), (11, 30), (12, 40), (13, 40)],
)
def test_multiplier_steps_at_each_edge(length, tenths):
    assert multiplier_tenths(length) == tenths


@pytest.mark.parametrize(("value", "pct"), [(3**5, 0), (3**6, 0), (3**7, 15), (3**8, 15)])
def test_breakthrough_only_above_3_pow_6(value, pct):
    assert breakthrough_percent(value) == pct


@pytest.mark.parametrize(("turns", "stage"), [(20, 1), (21, 2), (22, 2), (50, 2), (51, 3), (52, 3)])
def test_intro_stage_edges(turns, stage):
    assert intro_stage(turns) == stage


@pytest.mark.parametrize(
    ("turns", "p"), [(19, 5), (20, 10), (21, 10), (79, 20), (80, 25), (81, 25), (400, 25)]
)
def test_top_weight_steps_every_20_turns_up_to_25(turns, p):
    assert top_weight_percent(turns, guardrail=False) == p


@pytest.mark.parametrize(
    ("ruleset", "guardrail", "table"),
    [
        (4, True, [(27, 70), (81, 25), (243, 5)]),  # rules 4: the top held at 5 %
        (5, False, [(27, 50), (81, 25), (243, 25)]),  # rules 5 without it: 10.1's curve
        (5, True, [(27, 85), (81, 15)]),  # ... rules 5 with it: low 85 / mid 15, no top value
        (6, True, [(27, 85), (81, 15)]),
    ],
)
def test_guardrail_table_from_rules_5(ruleset, guardrail, table):
    """10.3's "temporary reduction of difficulty": from rules 5 (GUARDRAIL_FROM_RULES) the guardrail
    spawns the window's low and mid values only, 85/15 (RULES.md "Casual guardrail"); at turn 400 the
    plain curve has its top at 25 % (rules 4's guardrail: 5 %)."""
    assert GUARDRAIL_FROM_RULES == 5 and GUARDRAIL_LOW_PERCENT == 85
    assert spawn_table("classic", 3, 400, guardrail, ruleset) == [(v, p) for v, p in table]


@pytest.mark.parametrize(("turns", "chance"), [(99, 200), (100, 100), (101, 100)])
def test_ghost_chance_halves_at_turn_100(turns, chance):
    assert ghost_chance_per_10000(turns, guardrail=False) == chance
    assert ghost_chance_per_10000(turns, guardrail=True) == chance + 500


@pytest.mark.parametrize(
    ("turns", "moves"), [(FREEZE_TURN - 1, True), (FREEZE_TURN, False), (FREEZE_TURN + 1, False)]
)
def test_window_freezes_at_turn_150(turns, moves):
    reached = 3 ** (1 + 2 + SHIFT_GAP)
    assert (shifted_window("classic", 1, (), reached, turns)[0] == 2) is moves


@pytest.mark.parametrize(
    ("reached", "moves"),
    [(3 ** (3 + SHIFT_GAP - 1), False), (3 ** (3 + SHIFT_GAP), True), (3 ** (3 + SHIFT_GAP + 1), True)],
)
def test_window_shift_needs_top_times_3_pow_gap(reached, moves):
    low, pool = shifted_window("classic", 1, (), reached, 60)
    assert (low, pool) == ((2, (3,)) if moves else (1, ()))


@pytest.mark.parametrize(
    ("reached", "moves"),
    [(3 ** (5 + SHIFT_GAP_4 - 1), False), (3 ** (5 + SHIFT_GAP_4), True), (3 ** (5 + SHIFT_GAP_4 + 1), True)],
)
def test_rules_4_window_shift_needs_top_times_3_pow_3(reached, moves):
    """Rules 4 (#30, the arc): window [27, 81, 243] moves only for a merge of 243 * 3^3 = 3^8."""
    assert SHIFT_GAP_4 == 3
    low, pool = shifted_window("classic", 3, (3, 9), reached, 60, 4)
    assert (low, pool) == ((4, (3, 9, 27)) if moves else (3, (3, 9)))


@pytest.mark.parametrize(
    ("window_low", "ruleset", "bang", "after"),
    [
        (11, 4, True, 12),  # one level below the cap: the Big Bang clears and takes the window to it
        (12, 4, False, 12),  # at the cap (rules 4): no Big Bang, the singularities stay as walls
        (12, 3, True, 12),  # rules 3 cleared the field at the cap too (the loop of #30)
    ],
)
def test_rules_4_no_big_bang_at_the_window_cap(window_low, ruleset, bang, after):
    cells = {(7, 0): SINGULARITY, (7, 1): SINGULARITY, (7, 2): 3**14, (7, 3): 3**14, (3, 0): 3**13}
    cells.update({(3, 1): 3**13})
    s = field(cells, turns=200, singularities_created=2, window_low=window_low, options={"ruleset": ruleset})
    new, evs = apply_with_events(s, Route(nodes=(41, 40)))
    assert any(e.kind == "big_bang" for e in evs) is bang
    assert any(e.kind == "walls" for e in evs) is (not bang)  # the page says why nothing happened
    assert new.window_low == after and new.big_bangs == int(bang)
    assert (SINGULARITY in new.values) is not bang


@pytest.mark.parametrize(("count", "bang"), [(2, False), (3, True), (4, True)])
def test_big_bang_needs_three_connected_singularities(count, bang):
    """count - 1 singularities in a row at the bottom, then a merge of two 3^14 makes the count-th."""
    cells = {(7, c): SINGULARITY for c in range(count - 1)}
    cells.update({(7, count - 1): 3**14, (7, count): 3**14, (3, 0): 3, (3, 1): 3})
    s = field(cells, turns=200, singularities_created=count - 1)
    _, evs = apply_with_events(s, Route(nodes=(38 + count, 38 + count - 1)))
    assert any(e.kind == "big_bang" for e in evs) is bang


@pytest.mark.parametrize(("n", "text"), [(9999, "9999"), (10000, "10K"), (10001, "10K"), (12345, "12.34K")])
def test_number_format_switches_at_10000(n, text):
    assert format_number(n) == text


@pytest.mark.parametrize(("length", "width"), [(3, 2), (4, 4), (5, 4), (6, 4), (7, 6), (8, 6)])
def test_line_width_edges(length, width):
    assert line_style(length)[0] == width


def _defeat(turns, seed):
    s = field({(7, 0): 3, (7, 2): 9}, turns=turns, seed=seed)
    return s.model_copy(update={"outcome": Outcome(reason=Termination.NO_MATCHES, turns=turns)})


@pytest.mark.parametrize(("turns", "on"), [(49, True), (50, False), (51, False)])
def test_guardrail_after_three_defeats_under_50_turns(turns, on):
    p = Profile()
    for seed in (1, 2):
        p = record_session(p, _defeat(10, seed))
    p = record_session(p, _defeat(turns, 3))
    assert p.guardrail is on


@pytest.mark.parametrize(("turns", "on"), [(100, True), (101, False), (102, False)])
def test_guardrail_lifts_after_a_session_over_100_turns(turns, on):
    p = Profile()
    for seed in (1, 2, 3):
        p = record_session(p, _defeat(10, seed))
    assert p.guardrail
    assert record_session(p, _defeat(turns, 4)).guardrail is on


@pytest.mark.parametrize(("links", "level"), [(0, "last"), (1, "last"), (2, "low"), (3, "low"), (4, "ok")])
def test_network_health_cue_levels(links, level):
    """Issue #30: the page warns of a failing network at LINKS_LOW (3) links or fewer, "last" at one."""
    from engine.ternar.display import LINKS_LOW, links_level

    assert LINKS_LOW == 3 and links_level(links) == level


def test_link_count_is_the_adjacent_equal_non_singular_pairs():
    from engine.ternar.rules import has_route, link_count
    from engine.ternar.topology import N_NODES

    s = field({(7, 0): 3, (7, 1): 3, (7, 2): 3, (6, 0): 9, (6, 4): SINGULARITY, (7, 5): SINGULARITY})
    assert link_count(s.values) == 2  # 38-39 and 39-40; the 9 has no equal neighbour; two joined
    # singularities (37, 43) are no link (no route passes them)
    assert link_count([0] * N_NODES) == 0 and not has_route([0] * N_NODES)
