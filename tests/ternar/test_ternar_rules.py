"""Routes (ch. 3), collapse and score (ch. 4, 7, 17.3)."""

import pytest

from engine.ternar.fixtures import empty_rows, values_from_rows
from engine.ternar.rules import (
    SINGULARITY,
    check_route,
    collapse_value,
    has_route,
    is_superchain,
    multiplier_tenths,
    route_score,
    route_step,
)


def test_spec_example_3_3_9_27_27_gives_81():
    assert collapse_value([3, 3, 9, 27, 27]) == 81


def test_spec_example_3_3_3_3_3_scores_30():
    assert route_score([3, 3, 3, 3, 3]) == 30


@pytest.mark.parametrize(
    ("length", "tenths"),
    [(2, 10), (3, 12), (4, 15), (5, 20), (6, 20), (7, 30), (11, 30), (12, 40), (44, 40)],
)
def test_multiplier_table(length, tenths):
    assert multiplier_tenths(length) == tenths


def test_multiplier_needs_two_nodes():
    with pytest.raises(ValueError):
        multiplier_tenths(1)


def test_score_is_floored_and_bonus_at_twelve():
    assert route_score([3, 3, 3]) == 10  # 9 * 1.2 = 10.8 -> 10
    assert route_score([9, 9, 27, 27]) == 108  # 72 * 1.5
    assert route_score([3] * 11) == 99  # 33 * 3.0, no bonus
    assert route_score([3] * 12) == 36 * 4 + 1000


def test_superchain_threshold():
    # L >= 12 and sum >= max*6
    twelve = [3] * 12  # sum 36 >= 18
    assert is_superchain(twelve) and collapse_value(twelve) == 27
    eleven = [3] * 11
    assert not is_superchain(eleven) and collapse_value(eleven) == 9
    # 3*10 + 9 + 27 = 66 < 27*6 = 162: long but not heavy enough -> max*3
    chain = [3] * 10 + [9, 27]
    assert not is_superchain(chain) and collapse_value(chain) == 81
    # well above the sum threshold (90 >= 54); the exact boundary (156 / 162 / 168 against 27 * 6)
    # is test_ternar_boundaries.py::test_superchain_sum_threshold
    chain2 = [3, 3, 3] + [9] * 9
    assert is_superchain(chain2) and collapse_value(chain2) == 81


def test_collapse_caps_at_singularity():
    assert collapse_value([3**14, 3**14]) == SINGULARITY
    assert collapse_value([3**13] * 12) == SINGULARITY  # 3^13 * 9 = 3^15
    assert collapse_value([3**14] * 12) == SINGULARITY  # would be 3^16


def _field(cells):
    rows = empty_rows()
    for (r, c), v in cells.items():
        rows[r][c] = v
    return values_from_rows(rows)


# bottom row ids 38..43, row 6 ids 33..37
def test_valid_routes_plateau_and_step_up():
    v = _field({(7, 0): 3, (7, 1): 3, (7, 2): 9, (7, 3): 27, (7, 4): 27, (7, 5): 27})
    assert check_route(v, [38, 39, 40, 41, 42]).ok
    assert check_route(v, [38, 39]).ok
    assert check_route(v, [39, 38]).ok
    assert check_route(v, [41, 42, 43]).ok


@pytest.mark.parametrize(
    ("cells", "route", "reason", "idx"),
    [
        ({(7, 0): 3, (7, 1): 9}, [38, 39], "start_not_equal", 1),
        ({(7, 0): 9, (7, 1): 9, (7, 2): 3}, [38, 39, 40], "decrease", 2),
        ({(7, 0): 3, (7, 1): 3, (7, 2): 27}, [38, 39, 40], "skipped_power", 2),
        ({(7, 0): 3, (7, 2): 3}, [38, 40], "not_adjacent", 1),
        ({(7, 0): 3}, [38, 39], "empty_cell", 1),
        ({(7, 0): 3, (7, 1): 3}, [38], "too_short", 0),
        ({(7, 0): 3, (7, 1): 3}, [38, 39, 38], "repeated_node", 2),
        ({(7, 0): SINGULARITY, (7, 1): SINGULARITY}, [38, 39], "singularity", 0),
        ({(7, 0): 3, (7, 1): 3, (7, 2): SINGULARITY, (7, 3): 3}, [38, 39, 40, 41], "singularity", 2),
    ],
)
def test_invalid_routes(cells, route, reason, idx):
    res = check_route(_field(cells), route)
    assert not res.ok
    assert (res.reason, res.bad_index) == (reason, idx)


def test_second_node_must_equal_first_even_for_a_step():
    # 3 -> 9 is a step-up, but a route must start with two equal values
    v = _field({(7, 0): 3, (7, 1): 9, (7, 2): 9})
    assert check_route(v, [38, 39, 40]).reason == "start_not_equal"
    assert check_route(v, [39, 40]).ok


def test_has_route_ignores_singularity_pairs():
    assert not has_route(_field({(7, 0): SINGULARITY, (7, 1): SINGULARITY}))
    assert not has_route(_field({(7, 0): 3, (7, 1): 9, (7, 2): 3}))
    assert has_route(_field({(7, 0): 3, (6, 0): 3}))


def test_route_step_drag_protocol():
    v = _field({(7, 0): 3, (7, 1): 3, (7, 2): 9, (7, 3): 3, (7, 4): SINGULARITY})
    r, st = route_step(v, (), 38)
    assert (r, st) == ((38,), "started")
    assert route_step(v, r, 38) == ((38,), "unchanged")
    assert route_step(v, r, 40) == ((38,), "rejected")  # not adjacent
    r, st = route_step(v, r, 39)
    assert (r, st) == ((38, 39), "extended")
    r, st = route_step(v, r, 40)
    assert (r, st) == ((38, 39, 40), "extended")
    assert route_step(v, r, 41) == (r, "rejected")  # 9 -> 3 decrease
    # moving back along the line drops the last node (live soft undo, 3.3)
    assert route_step(v, r, 39) == ((38, 39), "backtracked")
    assert route_step(v, (38, 39), 38) == ((38,), "backtracked")
    assert route_step(v, (), 42) == ((), "rejected")  # singularity
    assert route_step(v, (), 43) == ((), "rejected")  # empty
    assert route_step(v, (39,), 40) == ((39,), "rejected")  # start pair must be equal
