"""Number system, routes and the collapse formula (spec ch. 3, 4, 6.1, 7, 9, 17.3, 17.7, 19.1).

All values are powers of three from 3^1 to 3^15; 0 marks an empty cell. 3^15 is the singularity.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.ternar.topology import N_NODES, NEIGHBOUR_SETS

SINGULARITY = 3**15  # 14348907
DISPLAY_CAP = 3**14  # 4782969, the largest number ever drawn (9.1)
BREAKTHROUGH_MIN = 3**6  # nodes heavier than this may break through (5.3)
POWERS: tuple[int, ...] = tuple(3**k for k in range(1, 16))
_EXP = {v: k for k, v in enumerate(POWERS, start=1)}

# Multiplier table of 7.1 in tenths: L=2 x1.0, 3 x1.2, 4 x1.5, 5-6 x2.0, 7-11 x3.0, 12+ x4.0
CLEAN_WATER_BONUS = 1000
SUPERCHAIN_LENGTH = 12


def is_power(v: int) -> bool:
    """True for 3^1 .. 3^15."""
    return v in _EXP


def exponent(v: int) -> int:
    """k such that v == 3^k (1..15); ValueError for any other number."""
    try:
        return _EXP[v]
    except KeyError:
        raise ValueError(f"{v} is not a power of three in 3^1..3^15") from None


def multiplier_tenths(length: int) -> int:
    """M(L) of 7.1 in tenths (10 = x1.0); ValueError for L < 2."""
    if length < 2:
        raise ValueError("a route has at least two nodes")
    if length == 2:
        return 10
    if length == 3:
        return 12
    if length == 4:
        return 15
    if length <= 6:
        return 20
    if length <= 11:
        return 30
    return 40


def route_score(values: Sequence[int]) -> int:
    """Points for collapsing a chain: floor(sum(V) * M(L)), plus 1000 when L >= 12 (4.3, 7.2)."""
    total = sum(values) * multiplier_tenths(len(values)) // 10
    if len(values) >= SUPERCHAIN_LENGTH:
        total += CLEAN_WATER_BONUS
    return total


def is_superchain(values: Sequence[int]) -> bool:
    """L >= 12 and sum(V) >= max(V) * 3 * 2 (4.2)."""
    return len(values) >= SUPERCHAIN_LENGTH and sum(values) >= max(values) * 6


def collapse_value(values: Sequence[int]) -> int:
    """Result placed in the last node: max*3, or max*9 for a superchain; capped at the singularity."""
    top = max(values)
    result = top * 9 if is_superchain(values) else top * 3
    return min(result, SINGULARITY)


@dataclass(frozen=True)
class RouteCheck:
    """Outcome of checking a route: ``ok``, or the reason and the index of the first bad node."""

    ok: bool
    reason: str = ""
    bad_index: int = -1


def step_allowed(prev_value: int, value: int, index: int) -> bool:
    """Whether a node of ``value`` may follow ``prev_value`` at position ``index`` (0-based) of a route.

    Position 1 must equal position 0 (the starting pair); later a node keeps the value (plateau) or
    triples it (step-up). Decreases and skipped powers break the link.
    """
    if index == 1:
        return value == prev_value
    return value == prev_value or value == prev_value * 3


def check_route(values: Sequence[int], route: Sequence[int]) -> RouteCheck:
    """Check ``route`` (node ids) against the field ``values`` (0 = empty) by the rules of ch. 3 and 9.5."""
    if len(route) < 2:
        return RouteCheck(False, "too_short", len(route) - 1 if route else -1)
    seen: set[int] = set()
    for i, nid in enumerate(route):
        if not 0 <= nid < N_NODES:
            return RouteCheck(False, "unknown_node", i)
        if nid in seen:
            return RouteCheck(False, "repeated_node", i)
        seen.add(nid)
        v = values[nid]
        if v == 0:
            return RouteCheck(False, "empty_cell", i)
        if v >= SINGULARITY:
            return RouteCheck(False, "singularity", i)
        if i > 0:
            if nid not in NEIGHBOUR_SETS[route[i - 1]]:
                return RouteCheck(False, "not_adjacent", i)
            pv = values[route[i - 1]]
            if not step_allowed(pv, v, i):
                if i == 1:
                    return RouteCheck(False, "start_not_equal", i)
                if v < pv:
                    return RouteCheck(False, "decrease", i)
                return RouteCheck(False, "skipped_power", i)
    return RouteCheck(True)


def has_route(values: Sequence[int]) -> bool:
    """True when some route exists: two adjacent equal, non-singular nodes (every route starts so)."""
    for a in range(N_NODES):
        v = values[a]
        if v == 0 or v >= SINGULARITY:
            continue
        for b in NEIGHBOUR_SETS[a]:
            if b > a and values[b] == v:
                return True
    return False


def link_count(values: Sequence[int]) -> int:
    """The network's links (8.2 "connectivity"): adjacent equal, non-singular node pairs. Every route
    starts on one, so 0 links is game over (19.6); the page warns when few are left."""
    n = 0
    for a in range(N_NODES):
        v = values[a]
        if v == 0 or v >= SINGULARITY:
            continue
        for b in NEIGHBOUR_SETS[a]:
            if b > a and values[b] == v:
                n += 1
    return n


def first_pair(values: Sequence[int]) -> tuple[int, int] | None:
    """The lowest-id pair of adjacent equal non-singular nodes, or None."""
    for a in range(N_NODES):
        v = values[a]
        if v == 0 or v >= SINGULARITY:
            continue
        for b in sorted(NEIGHBOUR_SETS[a]):
            if values[b] == v:
                return (a, b)
    return None


def route_step(values: Sequence[int], route: Sequence[int], node: int) -> tuple[tuple[int, ...], str]:
    """One drag step (3.1, 3.3): the route after the pointer enters ``node``, and what happened.

    Status: "started" (first node), "extended", "backtracked" (entering the previous node drops the
    last one: the live Soft Undo of 3.3), "unchanged" (same node), or "rejected" (empty cell,
    singularity, not adjacent, a loop, or a value the ascending rule forbids; the glue tints it #FFCDD2).
    """
    r = tuple(route)
    if r and node == r[-1]:
        return r, "unchanged"
    if len(r) >= 2 and node == r[-2]:
        return r[:-1], "backtracked"
    if not 0 <= node < N_NODES:
        return r, "rejected"
    v = values[node]
    if v == 0 or v >= SINGULARITY or node in r:
        return r, "rejected"
    if not r:
        return (node,), "started"
    if node not in NEIGHBOUR_SETS[r[-1]] or not step_allowed(values[r[-1]], v, len(r)):
        return r, "rejected"
    return r + (node,), "extended"
