"""Pure display rules from the spec for the glue: number format (1.4), palette (1.3), timings (16.5),
route line tension (3.3), fall paths from turn events. No drawing here."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.ternar.events import (
    BigBangEvent,
    CollapseEvent,
    DealEvent,
    Event,
    FallPassEvent,
    SpawnEvent,
    ZenRefillEvent,
)
from engine.ternar.rules import SINGULARITY, exponent

PALETTE: tuple[str, ...] = ("#D1EAFF", "#D1F2EB", "#FEF5D1", "#FADBD8", "#EBDEF0", "#FCF3CF")
TEXT_COLOR = "#3E2723"
SINGULARITY_COLOR = "#000000"
# darker rims of the same hues (not in the spec: the two pale yellows need a border to stay apart)
RIM_PALETTE: tuple[str, ...] = ("#9CC3E6", "#93D1BF", "#E0CB78", "#E6A7A1", "#C7AAD6", "#E3AAB4")
INVALID_TINT = "#FFCDD2"
INVALID_TINT_MS = 100
GHOST_ALPHA = 0.6
SWELL_SCALE = 1.2
LERP_K = 0.15
SNAP_RADIUS = 0.8
FLASH_MS = 100
BELL_HZ = 432
VIBRATION_AMPLITUDE_PX = 1.5
VIBRATION_HZ = 10
FALL_BASE_MS = 300
LINKS_LOW = 3  # issue #30: the page warns of a failing network when this many links or fewer are left
_SUFFIXES = ((10**15, "Q"), (10**12, "T"), (10**9, "B"), (10**6, "M"), (10**3, "K"))


def format_number(n: int) -> str:
    """1.4: up to 9999 in full; from 10000 '#.##' + K/M/B/T/Q, truncated, trailing zeros dropped
    (19600 -> '19.6K', 59000 -> '59K', 12345 -> '12.34K')."""
    if n < 0:
        return "-" + format_number(-n)
    if n <= 9999:
        return str(n)
    for base, suffix in _SUFFIXES:
        if n >= base:
            hundredths = n * 100 // base
            whole, frac = divmod(hundredths, 100)
            text = f"{whole}.{frac:02d}".rstrip("0").rstrip(".")
            return text + suffix
    return str(n)  # pragma: no cover - n >= 10000 always meets K


def node_label(value: int) -> str:
    """Text on a node: formatted value; '' for empty cells and singularities (drawn as the Tron logo)."""
    if value <= 0 or value >= SINGULARITY:
        return ""
    return format_number(value)


def color_index(value: int) -> int:
    """Ring position of a value: exponent mod 6 (1.3: colour follows the place in the cycle)."""
    return (exponent(value) - 1) % len(PALETTE)


def node_color(value: int) -> str:
    """Fill colour of a node: the pastel ring, black for a singularity."""
    if value >= SINGULARITY:
        return SINGULARITY_COLOR
    return PALETTE[color_index(value)]


def node_rim(value: int) -> str:
    """Border colour of a node: the darker ring, black for a singularity."""
    if value >= SINGULARITY:
        return SINGULARITY_COLOR
    return RIM_PALETTE[color_index(value)]


def cycle_rings(value: int) -> int:
    """Inner rings drawn on a node (issue #30, readability): the turn of the colour cycle its value is
    on, 0 for 3..3^6, 1 for 3^7..3^12, 2 for 3^13..3^14 (none on empty cells and singularities). Two
    values that share a pastel (exponents 6 apart) always differ by one ring, so a late board with
    3 and 2187 (both blue) tells them apart at a glance."""
    if value <= 0 or value >= SINGULARITY:
        return 0
    return (exponent(value) - 1) // len(PALETTE)


def line_style(length: int, stage: int = 3) -> tuple[int, bool, bool]:
    """3.3 route line: (width px, glow, vibration): 2-3 nodes 2 px; 4-6 4 px + glow; 7+ 6 px + glow +
    vibration. In intro stage 1 (12.1) the line has neither glow nor vibration."""
    if length <= 3:
        width, glow, vib = 2, False, False
    elif length <= 6:
        width, glow, vib = 4, True, False
    else:
        width, glow, vib = 6, True, True
    if stage <= 1:
        glow = vib = False
    return width, glow, vib


def fall_time_ms(row_distance: int) -> int:
    """16.5: t = 300 * (1 - 0.1 * (rowDistance - 1)) ms (3 rows -> 240 ms); floored at 30 ms."""
    if row_distance < 1:
        return 0
    return max(30, FALL_BASE_MS - 30 * (row_distance - 1))


def fall_paths(events: Iterable[Event]) -> list[tuple[int, ...]]:
    """Whole journeys of falling nodes in a turn: each tuple lists the cells one node passed through,
    in order (len - 1 rows). Built by chaining the per-pass moves."""
    at: dict[int, list[int]] = {}
    done: list[list[int]] = []
    for e in events:
        if isinstance(e, FallPassEvent):
            nxt: dict[int, list[int]] = {}
            for m in e.moves:
                path = at.pop(m.src, [m.src])
                path.append(m.dst)
                nxt[m.dst] = path
            at.update(nxt)
        elif e.kind in ("collapse", "big_bang", "zen_refill"):
            done.extend(at.values())
            at = {}
    done.extend(at.values())
    return [tuple(p) for p in done]


def replay_events(values: Sequence[int], events: Iterable[Event]) -> list[int]:
    """Step a field through a turn's events (collapse, fall passes, spawns, Big Bang/Zen clears,
    deals): the glue can draw the field between any two events. Ends at the new state's values
    (an ``undo`` event carries no cells: use the new state instead)."""
    v = list(values)
    for e in events:
        if isinstance(e, CollapseEvent):
            for n in e.route[:-1]:
                v[n] = 0
            v[e.target] = e.result
        elif isinstance(e, FallPassEvent):
            for m in e.moves:
                v[m.src] = 0
            for m in e.moves:
                v[m.dst] = m.value
        elif isinstance(e, SpawnEvent):
            v[e.node] = e.value
        elif isinstance(e, (BigBangEvent, ZenRefillEvent)):
            v = [0] * len(v)
        elif isinstance(e, DealEvent):
            for cell, value in e.nodes:
                v[cell] = value
    return v


def links_level(links: int) -> str:
    """How the network-health cue speaks of ``links`` (``rules.link_count``): "last" for one link,
    "low" for 2..LINKS_LOW, "ok" above (0 links only happens at game over)."""
    if links <= 1:
        return "last"
    return "low" if links <= LINKS_LOW else "ok"
