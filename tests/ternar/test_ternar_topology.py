"""Field topology (spec ch. 2): 44 nodes, rows of 5/6, even-r offset neighbours."""

import pytest

from engine.ternar.topology import (
    ABOVE,
    BELOW,
    N_NODES,
    NEIGHBOURS,
    ROW_WIDTHS,
    adjacent,
    center,
    coords,
    neighbours,
    node_id,
    row_ids,
)


def test_field_has_44_nodes_in_rows_of_5_and_6():
    assert N_NODES == 44
    # spec rows 1,3,5,7 (indices 0,2,4,6) have five nodes; 2,4,6,8 have six
    assert ROW_WIDTHS == (5, 6, 5, 6, 5, 6, 5, 6)
    assert [len(row_ids(r)) for r in range(8)] == [5, 6, 5, 6, 5, 6, 5, 6]
    assert row_ids(7) == (38, 39, 40, 41, 42, 43)


def test_ids_round_trip_and_reject_outside():
    for nid in range(N_NODES):
        assert node_id(*coords(nid)) == nid
    with pytest.raises(ValueError):
        node_id(0, 5)  # a five-node row has no col 5
    with pytest.raises(ValueError):
        coords(44)


def test_even_r_neighbours_of_specific_nodes():
    # (0,0) in a shifted (even) row touches (0,1) and (1,0), (1,1) below
    assert neighbours(0) == (1, 5, 6)
    # an interior node of a five-row has six neighbours: (2,2) -> (2,1),(2,3),(1,2),(1,3),(3,2),(3,3)
    assert neighbours(node_id(2, 2)) == tuple(
        sorted([node_id(2, 1), node_id(2, 3), node_id(1, 2), node_id(1, 3), node_id(3, 2), node_id(3, 3)])
    )
    # an odd (six) row node: (3,2) -> (3,1),(3,3),(2,1),(2,2),(4,1),(4,2)
    assert neighbours(node_id(3, 2)) == tuple(
        sorted([node_id(3, 1), node_id(3, 3), node_id(2, 1), node_id(2, 2), node_id(4, 1), node_id(4, 2)])
    )
    # the left end of a six-row touches only one node in each five-row
    assert neighbours(node_id(1, 0)) == (0, 6, 11)


def test_adjacency_is_symmetric_and_at_most_six():
    for a in range(N_NODES):
        assert 2 <= len(NEIGHBOURS[a]) <= 6
        for b in NEIGHBOURS[a]:
            assert adjacent(b, a)
    assert sum(len(n) for n in NEIGHBOURS) % 2 == 0
    assert not adjacent(0, 2)
    assert not adjacent(0, 11)


def test_neighbours_are_exactly_the_hexes_at_unit_distance():
    for a in range(N_NODES):
        ax, ay = center(a)
        near = {
            b
            for b in range(N_NODES)
            if b != a and abs(((center(b)[0] - ax) ** 2 + (center(b)[1] - ay) ** 2) - 1) < 1e-9
        }
        assert near == set(NEIGHBOURS[a])


def test_odd_spec_rows_are_shifted_right_by_half():
    assert center(node_id(0, 0))[0] == 1.0
    assert center(node_id(1, 0))[0] == 0.5


def test_five_and_seven_oclock_cells():
    # BELOW[n] = (7 o'clock / SW, 5 o'clock / SE)
    assert BELOW[node_id(0, 0)] == (node_id(1, 0), node_id(1, 1))
    assert BELOW[node_id(1, 0)] == (None, node_id(2, 0))
    assert BELOW[node_id(1, 5)] == (node_id(2, 4), None)
    assert BELOW[node_id(7, 3)] == (None, None)
    assert ABOVE[node_id(7, 3)] == (node_id(6, 2), node_id(6, 3))


def test_centres_fit_the_field_box():
    from engine.ternar.topology import FIELD_HEIGHT, FIELD_WIDTH, HEX_RADIUS

    xs = [center(n)[0] for n in range(N_NODES)]
    ys = [center(n)[1] for n in range(N_NODES)]
    assert min(xs) - 0.5 == 0 and max(xs) + 0.5 == FIELD_WIDTH
    assert abs(min(ys) - HEX_RADIUS) < 1e-12 and abs(max(ys) + HEX_RADIUS - FIELD_HEIGHT) < 1e-12
