"""Shared helpers for the Ternar tests (module name prefixed to avoid clashes)."""

from engine.core.rng import Lcg32
from engine.ternar.fixtures import empty_rows, state_from_rows, values_from_rows


class FixedRng(Lcg32):
    """An Lcg32 stand-in that returns queued 32-bit values (then repeats the last one)."""

    def __init__(self, *outputs: int) -> None:
        super().__init__(0)
        self.outputs = list(outputs)
        self.calls = 0

    def next_u32(self) -> int:
        self.calls += 1
        if len(self.outputs) > 1:
            return self.outputs.pop(0)
        return self.outputs[0]


LOW = 0  # below(rng, n) == 0
HIGH = 2**32 - 1  # below(rng, n) == n - 1


def field(cells, **kw):
    """A state whose field holds ``{(row, col): value}``."""
    rows = empty_rows()
    for (r, c), v in cells.items():
        rows[r][c] = v
    return state_from_rows(rows, **kw)


def values(cells):
    rows = empty_rows()
    for (r, c), v in cells.items():
        rows[r][c] = v
    return list(values_from_rows(rows))
