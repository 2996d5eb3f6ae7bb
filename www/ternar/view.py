"""Pure view helpers (no ``js``): number notation (1.4), the colour ring (1.3), route preview, sounds' pitches."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.ternar import display
from engine.ternar.display import format_number
from engine.ternar.rules import (
    collapse_value,
    is_superchain,
    multiplier_tenths,
    route_score,
)
from engine.ternar.rules import route_step as engine_route_step

Tr = Callable[..., str]
"""The page's translator: ``t(key, **fields)`` (``shell.i18n.t``)."""

# colours are the engine's display values (1.3), never copies: what engine tests check is drawn
TEXT = display.TEXT_COLOR
BG = "#F7F3EE"
SLOT = "#E9E1D8"
RING = display.PALETTE
INVALID = display.INVALID_TINT


def fmt_value(v: int) -> str:
    """1.4 notation, from the engine's ``display.format_number`` (the single source)."""
    return format_number(v)


def fmt_score(n: int) -> str:
    """Score with thin-space thousands groups (the full number; the HUD has room for it)."""
    return f"{n:,}".replace(",", "\u2009")


def fill_for(v: int) -> str:
    """Fill of a node: the engine's ``display.node_color`` (pastel ring, black singularity)."""
    return display.node_color(v)


def rim_for(v: int) -> str:
    """Border of a node: the engine's ``display.node_rim``."""
    return display.node_rim(v)


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


BELL_HZ = float(display.BELL_HZ)
ERROR_HZ = 110.0
