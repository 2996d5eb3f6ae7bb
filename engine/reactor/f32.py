"""C# ``float`` semantics: every stored simulation value is IEEE-754 single precision.

``f32(x)`` rounds a Python float to the nearest single; the result of a basic operation on two
singles computed in double and rounded once equals the single-precision result (double has more
than 2*24+2 significand bits), so ``f32(a + b)`` reproduces C# ``a + b`` exactly.
"""

from __future__ import annotations

from array import array
from decimal import ROUND_HALF_UP, Decimal

_BUF = array("f", [0.0])


def f32(x: float) -> float:
    """``x`` rounded to the nearest IEEE-754 single (as a Python float)."""
    _BUF[0] = x
    return _BUF[0]


def zeros(n: int) -> array:
    """A single-precision array of ``n`` zeros."""
    return array("f", bytes(4 * n))


def display(value: float) -> str:
    """Show a value to one decimal, as .NET ``float.ToString("0.0")`` does: the single is first
    formatted with 7 significant digits, then that decimal is rounded with halves away from zero
    (``0.35f`` = 0.3499999940… → "0.35" → 0.4)."""
    d = Decimal(f"{f32(value):.7g}").quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    if d == 0:
        d = Decimal("0.0")
    return str(d)


def band(value: float, caution: float, critical: float) -> int:
    """Band index: 0 safe, 1 caution, 2 critical (``value >= threshold`` enters the band)."""
    if value >= critical:
        return 2
    if value >= caution:
        return 1
    return 0


BAND_NAMES = ("safe", "caution", "critical")
