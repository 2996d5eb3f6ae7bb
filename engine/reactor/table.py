"""The 12x12 hazard pair table, stored as the design prints it (upper triangle) and mirrored.

Rows/columns are (quantity, band) in the order FuelSafe .. HeatCritical; index = 3*quantity + band.
"""

from __future__ import annotations

HOLD = "Hold"
FLOW = "Flow"
DILUTE = "Dilute"
WARM = "Warm"
QUENCH = "Quench"
EVAPORATE = "Evaporate"
CONDUCT = "Conduct"
IGNITE = "Ignite"
VERBS = (HOLD, FLOW, DILUTE, WARM, QUENCH, EVAPORATE, CONDUCT, IGNITE)

LABELS: tuple[str, ...] = tuple(
    f"{q}{b}" for q in ("Fuel", "Coolant", "Electricity", "Heat") for b in ("Safe", "Caution", "Critical")
)

# Verbatim from the design's table: row label followed by its entries from the diagonal rightwards.
PRINTED_ROWS = """
FuelSafe Hold Flow Flow Hold Dilute Dilute Hold Warm Ignite Hold Warm Ignite
FuelCaution Hold Flow Dilute Dilute Dilute Warm Ignite Ignite Warm Ignite Ignite
FuelCritical Hold Dilute Dilute Dilute Ignite Ignite Ignite Ignite Ignite Ignite
CoolantSafe Hold Flow Flow Hold Conduct Conduct Hold Quench Quench
CoolantCaution Hold Flow Conduct Conduct Conduct Quench Quench Quench
CoolantCritical Hold Conduct Conduct Conduct Quench Quench Quench
ElectricitySafe Hold Flow Flow Hold Hold Hold
ElectricityCaution Hold Flow Hold Hold Hold
ElectricityCritical Hold Hold Hold Hold
HeatSafe Hold Flow Flow
HeatCaution Hold Flow
HeatCritical Hold
"""


def _build() -> tuple[tuple[str, ...], ...]:
    grid: list[list[str]] = [[""] * 12 for _ in range(12)]
    rows = [line.split() for line in PRINTED_ROWS.strip().splitlines()]
    if len(rows) != 12:
        raise AssertionError("pair table must have 12 rows")
    for r, parts in enumerate(rows):
        if parts[0] != LABELS[r] or len(parts) - 1 != 12 - r:
            raise AssertionError(f"pair table row {parts[0]} malformed")
        for k, verb in enumerate(parts[1:]):
            if verb not in VERBS:
                raise AssertionError(f"unknown verb {verb}")
            c = r + k
            grid[r][c] = verb
            grid[c][r] = verb  # blank lower triangle mirrors the upper one
    return tuple(tuple(row) for row in grid)


PAIR_TABLE: tuple[tuple[str, ...], ...] = _build()


def verb(q1: int, b1: int, q2: int, b2: int) -> str:
    """The verb for quantity ``q1`` in band ``b1`` meeting quantity ``q2`` in band ``b2``."""
    return PAIR_TABLE[3 * q1 + b1][3 * q2 + b2]
