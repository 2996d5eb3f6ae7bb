"""C# float semantics, value display with bands, balance presets from the data file."""

from __future__ import annotations

import pytest

from engine.core.schema import SchemaError
from engine.reactor.balance import difficulties, load_balance
from engine.reactor.f32 import band, display, f32


def test_f32_rounds_to_single_precision() -> None:
    assert f32(0.1) == 0.10000000149011612
    assert f32(1.0) == 1.0
    assert f32(16777217.0) == 16777216.0  # 2**24 + 1 is not representable
    assert f32(f32(0.1) + f32(0.2)) == f32(0.3)  # single-precision sum (in double it differs)
    assert 0.1 + 0.2 != 0.3


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (0.0, "0.0"),
        (0.25, "0.3"),
        (0.35, "0.4"),
        (0.15, "0.2"),
        (-0.35, "-0.4"),
        (2.45, "2.5"),
        (9.96, "10.0"),
        (1e-9, "0.0"),
        (3.04999, "3.0"),
    ],
)
def test_display_one_decimal_half_away_from_zero_on_exact_single(value: float, text: str) -> None:
    # .NET formats the single with 7 significant digits first: 0.35f (0.3499999940...) -> "0.35" -> 0.4
    assert display(value) == text


def test_display_matches_dotnet_on_every_twentieth_from_0_to_10() -> None:
    # the 201 values k/20: .NET shows the decimal k/20 rounded half away from zero (40 of them
    # differed when the exact binary value was rounded instead)
    from decimal import ROUND_HALF_UP, Decimal

    for k in range(201):
        want = str((Decimal(k) / 20).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))
        assert display(f32(k / 20)) == want, k


def test_bands() -> None:
    b = load_balance()
    t = b.thresholds["heat"]
    assert band(0.0, t.caution, t.critical) == 0
    assert band(t.caution, t.caution, t.critical) == 1
    assert band(f32(t.critical - 0.001), t.caution, t.critical) == 1
    assert band(t.critical, t.caution, t.critical) == 2


def test_balance_presets_from_data_file() -> None:
    assert set(difficulties()) == {"easy", "normal", "hard"}
    normal = load_balance("normal")
    assert normal.structural_integrity_damage_scale == 0.25  # the design's Normal value
    assert normal.max_structural_integrity == 10
    easy, hard = load_balance("easy"), load_balance("hard")
    assert easy.structural_integrity_damage_scale < normal.structural_integrity_damage_scale
    assert hard.structural_integrity_damage_scale > normal.structural_integrity_damage_scale
    assert hard.pulse_steps == normal.pulse_steps == easy.pulse_steps  # one pulse length for everything
    for v in (normal.dilute_amount, normal.heat_evaporation_scale, normal.thresholds["fuel"].safe):
        assert v == f32(v)
    with pytest.raises(SchemaError, match="unknown difficulty"):
        load_balance("nightmare")
