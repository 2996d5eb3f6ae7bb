"""Pure view helpers (no ``js``): number notation (1.4), the colour ring (1.3), route preview, sounds' pitches."""

from __future__ import annotations

from dataclasses import dataclass

from engine.ternar.display import format_number
from engine.ternar.rules import (
    SINGULARITY,
    collapse_value,
    exponent,
    is_superchain,
    multiplier_tenths,
    route_score,
)
from engine.ternar.rules import route_step as engine_route_step

TEXT = "#3E2723"
BG = "#F7F3EE"
SLOT = "#E9E1D8"
# 1.3: the six pastel colours; the colour follows the value's place in the cycle of powers (exp mod 6),
# so when the window shifts the colour of the value that leaves the cycle returns for the new top one.
RING = ("#D1EAFF", "#D1F2EB", "#FEF5D1", "#FADBD8", "#EBDEF0", "#FCF3CF")
# darker borders of the same hues, so the two pale yellows stay apart (quartz gets a rose rim)
RIM = ("#9CC3E6", "#93D1BF", "#E0CB78", "#E6A7A1", "#C7AAD6", "#E3AAB4")
INVALID = "#FFCDD2"
SINGULARITY_FILL = "#151515"


def fmt_value(v: int) -> str:
    """1.4 notation, from the engine's ``display.format_number`` (the single source)."""
    return format_number(v)


def fmt_score(n: int) -> str:
    """Score with thin-space thousands groups (the full number; the HUD has room for it)."""
    return f"{n:,}".replace(",", "\u2009")


def colour_index(v: int) -> int:
    """Index into RING for a value (power of three)."""
    return (exponent(v) - 1) % 6


def fill_for(v: int) -> str:
    return SINGULARITY_FILL if v >= SINGULARITY else RING[colour_index(v)]


def rim_for(v: int) -> str:
    return "#000000" if v >= SINGULARITY else RIM[colour_index(v)]


@dataclass(frozen=True)
class Preview:
    """What releasing the route now would do."""

    length: int
    result: int
    points: int
    mult_tenths: int
    superchain: bool
    bonus: bool


def preview(values: tuple[int, ...] | list[int], route: tuple[int, ...]) -> Preview | None:
    """The would-be result and score of ``route`` (None for fewer than two nodes)."""
    if len(route) < 2:
        return None
    chain = [values[n] for n in route]
    return Preview(
        length=len(route),
        result=collapse_value(chain),
        points=route_score(chain),
        mult_tenths=multiplier_tenths(len(route)),
        superchain=is_superchain(chain),
        bonus=len(route) >= 12,
    )


def fmt_mult(tenths: int) -> str:
    return f"{tenths // 10}.{tenths % 10}"


def route_step(
    values: tuple[int, ...] | list[int], route: tuple[int, ...], node: int
) -> tuple[tuple[int, ...], str]:
    """One drag step, decided by the engine's ``route_step`` (3.1-3.3, 9.5); the glue only draws it."""
    return engine_route_step(values, route, node)


# 16.6: each linked node climbs one step of a major triad (root, third, fifth, octave, ...)
_TRIAD = (0, 4, 7)
BASE_HZ = 261.63  # C4


def triad_hz(step: int) -> float:
    """Pitch of the ``step``-th linked node (0-based), folded after three octaves."""
    step %= 9
    octave, k = divmod(step, 3)
    return BASE_HZ * 2 ** ((12 * octave + _TRIAD[k]) / 12)


BELL_HZ = 432.0
ERROR_HZ = 110.0
