"""The hazard pair table is the design's table exactly, mirrored, and the verbs are used as printed."""

from __future__ import annotations

import pytest

from engine.reactor.table import LABELS, PAIR_TABLE, VERBS, verb

FUEL, COOL, ELEC, HEAT = 0, 1, 2, 3
SAFE, CAUTION, CRITICAL = 0, 1, 2


def test_table_is_12_by_12_and_symmetric() -> None:
    assert len(PAIR_TABLE) == 12 and all(len(r) == 12 for r in PAIR_TABLE)
    for r in range(12):
        for c in range(12):
            assert PAIR_TABLE[r][c] == PAIR_TABLE[c][r]
            assert PAIR_TABLE[r][c] in VERBS
    assert LABELS[0] == "FuelSafe" and LABELS[11] == "HeatCritical"


# (row label, column label, verb) read off the printed design table, upper triangle.
PRINTED = [
    ("FuelSafe", "FuelSafe", "Hold"),
    ("FuelSafe", "FuelCaution", "Flow"),
    ("FuelSafe", "CoolantCaution", "Dilute"),
    ("FuelSafe", "ElectricityCaution", "Warm"),
    ("FuelSafe", "ElectricityCritical", "Ignite"),
    ("FuelSafe", "HeatCaution", "Warm"),
    ("FuelSafe", "HeatCritical", "Ignite"),
    ("FuelCaution", "FuelCaution", "Hold"),
    ("FuelCaution", "FuelCritical", "Flow"),
    ("FuelCaution", "CoolantSafe", "Dilute"),
    ("FuelCaution", "ElectricitySafe", "Warm"),
    ("FuelCaution", "ElectricityCaution", "Ignite"),
    ("FuelCaution", "HeatSafe", "Warm"),
    ("FuelCritical", "FuelCritical", "Hold"),
    ("FuelCritical", "CoolantSafe", "Dilute"),
    ("FuelCritical", "ElectricitySafe", "Ignite"),
    ("FuelCritical", "HeatSafe", "Ignite"),
    ("CoolantSafe", "CoolantCaution", "Flow"),
    ("CoolantSafe", "ElectricitySafe", "Hold"),
    ("CoolantSafe", "ElectricityCaution", "Conduct"),
    ("CoolantSafe", "HeatSafe", "Hold"),
    ("CoolantSafe", "HeatCaution", "Quench"),
    ("CoolantCaution", "ElectricitySafe", "Conduct"),
    ("CoolantCaution", "HeatSafe", "Quench"),
    ("CoolantCritical", "CoolantCritical", "Hold"),
    ("CoolantCritical", "ElectricitySafe", "Conduct"),
    ("CoolantCritical", "HeatCritical", "Quench"),
    ("ElectricitySafe", "ElectricityCaution", "Flow"),
    ("ElectricitySafe", "HeatCritical", "Hold"),
    ("ElectricityCaution", "ElectricityCritical", "Flow"),
    ("ElectricityCritical", "HeatCritical", "Hold"),
    ("HeatSafe", "HeatCaution", "Flow"),
    ("HeatSafe", "HeatCritical", "Flow"),
    ("HeatCaution", "HeatCaution", "Hold"),
    ("HeatCaution", "HeatCritical", "Flow"),
    ("HeatCritical", "HeatCritical", "Hold"),
]


@pytest.mark.parametrize(("row", "col", "expected"), PRINTED)
def test_printed_entries_and_their_mirror(row: str, col: str, expected: str) -> None:
    r, c = LABELS.index(row), LABELS.index(col)
    assert PAIR_TABLE[r][c] == expected
    assert PAIR_TABLE[c][r] == expected  # blank lower triangle mirrors


def test_verb_counts_match_printed_table() -> None:
    upper = [PAIR_TABLE[r][c] for r in range(12) for c in range(r, 12)]
    assert len(upper) == 78
    counts = {v: upper.count(v) for v in VERBS}
    # counted by hand from the design's printed rows
    assert counts == {
        "Hold": 26,
        "Flow": 12,
        "Dilute": 8,
        "Warm": 4,
        "Quench": 8,
        "Evaporate": 0,
        "Conduct": 8,
        "Ignite": 12,
    }


def test_design_rules_hold_in_table() -> None:
    # coolant never directly increases heat: coolant x heat is only Hold/Quench
    for b1 in range(3):
        for b2 in range(3):
            assert verb(COOL, b1, HEAT, b2) in ("Hold", "Quench")
            assert verb(FUEL, b1, COOL, b2) in ("Hold", "Dilute")
            assert verb(ELEC, b1, HEAT, b2) == "Hold"
    assert verb(HEAT, CRITICAL, FUEL, SAFE) == "Ignite"
