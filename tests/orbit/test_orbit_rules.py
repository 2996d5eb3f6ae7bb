"""Numbers and geometry of the rules document: subsystems, heat formula, rings, sector mapping, ranges."""

from __future__ import annotations

import itertools

import pytest

from engine.orbit.rules import (
    MASS_MAX,
    MASS_START,
    REACTOR_UNITS,
    RETURN_LIMIT,
    RING_SECTORS,
    SPECS,
    Burn,
    Facing,
    Subsystem,
    Weapon,
    arc_gap,
    arrival_sector,
    in_range,
    map_sector,
    overclock_heat,
)


def test_reactor_limits_and_mass():
    assert REACTOR_UNITS == 10
    assert RETURN_LIMIT == 3
    assert (MASS_START, MASS_MAX) == (10, 24)


@pytest.mark.parametrize(
    ("sub", "minimum", "maximum", "threshold", "heat"),
    [
        (Subsystem.ENGINES, 1, 3, 2, 1),  # max 3: issue 8's ruling (document says 2)
        (Subsystem.THRUSTERS, 1, 1, 1, 0),
        (Subsystem.SCOOP, 1, 1, 1, 0),
        (Subsystem.LASER, 2, 2, 2, 0),
        (Subsystem.RAILGUN, 4, 4, 3, 1),
        (Subsystem.MISSILES, 2, 2, 2, 0),
        (Subsystem.SHIELDS, 2, 2, 2, 0),
    ],
)
def test_subsystem_table(sub, minimum, maximum, threshold, heat):
    s = SPECS[sub]
    assert (s.minimum, s.maximum, s.threshold, s.heat_per_overclock) == (minimum, maximum, threshold, heat)


def test_overclock_formula_document_example():
    # Engines with 3 units, threshold 2, 1 heat/unit -> (3 - 2) * 1 = 1 heat per turn.
    assert overclock_heat(Subsystem.ENGINES, 3) == 1
    assert overclock_heat(Subsystem.ENGINES, 2) == 0
    assert overclock_heat(Subsystem.ENGINES, 1) == 0
    assert overclock_heat(Subsystem.RAILGUN, 4) == 1
    assert overclock_heat(Subsystem.RAILGUN, 3) == 0
    assert all(
        overclock_heat(s, SPECS[s].maximum) == 0
        for s in SPECS
        if s not in (Subsystem.ENGINES, Subsystem.RAILGUN)
    )


def test_rings_and_burns():
    assert RING_SECTORS == {1: 6, 2: 12, 3: 24, 4: 48, 5: 96}
    assert [(b.engines_needed, b.mass_cost, b.rings) for b in Burn] == [(1, 1, 1), (2, 2, 2), (3, 3, 3)]


@pytest.mark.parametrize(
    ("src", "sector", "dst", "expected"),
    [
        (1, 3, 2, 6),  # document examples
        (2, 6, 3, 12),
        (2, 6, 1, 3),
        (3, 12, 2, 6),
        (1, 3, 5, 48),
    ],
)
def test_document_mapping_examples(src, sector, dst, expected):
    assert map_sector(src, sector, dst) == expected


# All 20 ordered ring pairs, one off-grid sector each (hand-computed: floor(s * N_dst / N_src)).
TWENTY = [
    (1, 5, 2, 10), (1, 5, 3, 20), (1, 5, 4, 40), (1, 5, 5, 80),
    (2, 7, 1, 3), (2, 7, 3, 14), (2, 7, 4, 28), (2, 7, 5, 56),
    (3, 23, 1, 5), (3, 23, 2, 11), (3, 23, 4, 46), (3, 23, 5, 92),
    (4, 13, 1, 1), (4, 13, 2, 3), (4, 13, 3, 6), (4, 13, 5, 26),
    (5, 95, 1, 5), (5, 95, 2, 11), (5, 95, 3, 23), (5, 95, 4, 47),
]  # fmt: skip


@pytest.mark.parametrize(("src", "sector", "dst", "expected"), TWENTY)
def test_all_twenty_ring_pairs(src, sector, dst, expected):
    assert map_sector(src, sector, dst) == expected


def test_twenty_pairs_cover_every_ordered_pair():
    assert sorted((a, b) for a, _, b, _ in TWENTY) == [
        (a, b) for a, b in itertools.permutations(range(1, 6), 2)
    ]


def test_mapping_uses_start_boundary_everywhere():
    # The destination sector contains the start boundary of the source sector (RULES.md); outward that is
    # the least prograde of the overlapping sectors, inward the one containing the whole source sector.
    for a, b in itertools.permutations(range(1, 6), 2):
        na, nb = RING_SECTORS[a], RING_SECTORS[b]
        for s in range(na):
            d = map_sector(a, s, b)
            assert d * na <= s * nb < (d + 1) * na
            if b > a:
                assert d == s * (nb // na)  # not the end boundary (s + 1) * f - 1
            else:
                assert d == s // (na // nb)


def test_adjustment_wraps_at_ring_boundaries():
    assert arrival_sector(2, 0, 1, -1) == 5
    assert arrival_sector(5, 95, 4, +1) == 0
    assert arrival_sector(1, 3, 2, +1) == 7
    assert arrival_sector(1, 3, 2, -1) == 5


def test_mapping_rejects_bad_input():
    with pytest.raises(ValueError):
        map_sector(1, 6, 2)
    with pytest.raises(ValueError):
        map_sector(0, 0, 2)
    with pytest.raises(ValueError):
        map_sector(1, 0, 6)


def test_arc_gap():
    assert arc_gap(1, 0, 1, 1) == 0  # touching sectors
    assert arc_gap(1, 0, 1, 3) == 32  # two ring-1 sectors between them
    assert arc_gap(5, 0, 5, 95) == 0  # wrap-around neighbours
    assert arc_gap(5, 0, 5, 5) == 4
    assert arc_gap(2, 0, 5, 4) == 0  # R5 S4 lies inside R2 S0 (arc 0..8)


def test_laser_range_same_or_adjacent_ring_within_15_degrees():
    assert in_range(Weapon.LASER, (3, 0), Facing.PROGRADE, (4, 2))
    assert in_range(Weapon.LASER, (5, 0), Facing.PROGRADE, (5, 5))  # gap 4 arc units
    assert not in_range(Weapon.LASER, (5, 0), Facing.PROGRADE, (5, 6))  # gap 5
    assert not in_range(Weapon.LASER, (3, 0), Facing.PROGRADE, (5, 0))  # two rings apart


def test_missiles_any_ring_within_45_degrees():
    assert in_range(Weapon.MISSILES, (1, 0), Facing.PROGRADE, (5, 28))  # gap 12
    assert not in_range(Weapon.MISSILES, (1, 0), Facing.PROGRADE, (5, 29))
    assert in_range(Weapon.MISSILES, (1, 0), Facing.PROGRADE, (5, 83))  # behind: turret, any direction


def test_railgun_fires_along_facing_on_its_ring_a_quarter_turn():
    assert in_range(Weapon.RAILGUN, (5, 10), Facing.PROGRADE, (5, 34))
    assert not in_range(Weapon.RAILGUN, (5, 10), Facing.PROGRADE, (5, 35))
    assert not in_range(Weapon.RAILGUN, (5, 10), Facing.PROGRADE, (5, 9))  # behind
    assert in_range(Weapon.RAILGUN, (5, 10), Facing.RETROGRADE, (5, 9))
    assert in_range(Weapon.RAILGUN, (1, 5), Facing.PROGRADE, (1, 0))  # one ring-1 sector ahead, wrapped
    assert not in_range(Weapon.RAILGUN, (1, 5), Facing.PROGRADE, (1, 1))
    assert in_range(Weapon.RAILGUN, (3, 4), Facing.PROGRADE, (3, 4))  # point blank
    assert not in_range(Weapon.RAILGUN, (3, 4), Facing.PROGRADE, (4, 8))  # other ring


def test_sectors_in_range_shapes():
    from engine.orbit.rules import sectors_in_range

    rail = sectors_in_range(Weapon.RAILGUN, (5, 10), Facing.PROGRADE)
    assert rail == [(5, s) for s in range(10, 35)]
    laser = sectors_in_range(Weapon.LASER, (3, 0), Facing.PROGRADE)
    assert {r for r, _ in laser} == {2, 3, 4}
    assert (3, 23) in laser and (3, 2) in laser and (3, 3) not in laser
    missiles = sectors_in_range(Weapon.MISSILES, (1, 0), Facing.PROGRADE)
    assert {r for r, _ in missiles} == {1, 2, 3, 4, 5}
    assert sorted(s for r, s in missiles if r == 5) == list(range(0, 29)) + list(range(83, 96))
