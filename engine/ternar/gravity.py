"""Sand gravity (spec 5.2-5.4, 17.4, 16.3): the stepwise cascade, run in passes.

One pass:
  a. every empty cell (in id order) looks at its two source cells along the 5 and 7 o'clock vectors
     (for downward gravity: the upper-left node would move 5 o'clock, the upper-right 7 o'clock);
  b. with two claimants the lighter (smaller value) wins; equal values -> the claimant in the same
     column index (the straight storage link) wins; if the heavier one is above 3^6 a breakthrough
     is drawn first (P = min(0.15, log3(V)/20)) and, if it fires, the heavier wins;
  c. a node chosen by two cells (it hangs over two empty cells) goes to the cell with its own column
     index; the other cell stays empty for this pass;
  d. all chosen moves happen at once; repeat until a pass moves nothing.
Nodes never merge while falling. Singularities and ghosts fall like any node.

``hold`` (rules 8, Hexa-Storm while the regeneration is inverted, 16.3): a node of value >= ``hold``
keeps its cell -- it claims no empty cell, and its cell is not a hole; 0 holds nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.rng import Lcg32
from engine.ternar.rand import below
from engine.ternar.rules import BREAKTHROUGH_MIN, exponent
from engine.ternar.topology import ABOVE, BELOW, DOWN, N_NODES, same_column, targets


@dataclass(frozen=True)
class Fall:
    """One node moving one cell in one pass: from ``src`` to ``dst`` carrying ``value``."""

    src: int
    dst: int
    value: int
    ghost: bool
    breakthrough: bool


def breakthrough_percent(value: int) -> int:
    """P of 5.3 in percent: min(15, 100 * log3(V) / 20) for V > 3^6, else 0."""
    if value <= BREAKTHROUGH_MIN:
        return 0
    return min(15, 5 * exponent(value))


def _straight(cell: int, options: list[int]) -> int:
    for o in options:
        if same_column(cell, o):
            return o
    return options[0]


def _mobile(value: int, hold: int) -> int:
    """``value`` if that node may move, else 0 (held: a heavy node under ``hold``, rules 8)."""
    return 0 if hold and value >= hold else value


def gravity_pass(
    values: list[int], ghosts: list[bool], direction: int, rng: Lcg32, hold: int = 0
) -> list[Fall]:
    """Run one pass in place on ``values``/``ghosts``; return the moves made (empty when settled).
    Nodes of value >= ``hold`` (when ``hold`` > 0) keep their cells."""
    claims: dict[int, list[tuple[int, bool]]] = {}
    table = ABOVE if direction == DOWN else BELOW
    for cell in range(N_NODES):
        if values[cell] != 0:
            continue
        a, b = table[cell]
        va = _mobile(values[a], hold) if a is not None else 0
        vb = _mobile(values[b], hold) if b is not None else 0
        broke = False
        if va == 0:
            if vb == 0:
                continue
            winner = b
        elif vb == 0:
            winner = a
        elif va == vb:
            assert a is not None
            winner = a if same_column(cell, a) else b
        else:
            light, heavy, hv = (a, b, vb) if va < vb else (b, a, va)
            winner = light
            pct = breakthrough_percent(hv)
            if pct and below(rng, 100) < pct:
                winner = heavy
                broke = True
        assert winner is not None
        claims.setdefault(winner, []).append((cell, broke))
    moves: list[Fall] = []
    for node in sorted(claims):
        options = claims[node]
        if len(options) == 1:
            dst, broke = options[0]
        else:
            dst = _straight(node, [c for c, _ in options])
            broke = dict(options)[dst]
        moves.append(Fall(node, dst, values[node], ghosts[node], broke))
    for m in moves:
        values[m.dst] = m.value
        ghosts[m.dst] = m.ghost
        values[m.src] = 0
        ghosts[m.src] = False
    return moves


# Every pass advances at least one node by one row, and 44 nodes can advance at most 7 rows each,
# so a settle never needs more than 308 passes; the guard is never reached.
MAX_PASSES = 400


def settle(
    values: list[int], ghosts: list[bool], direction: int, rng: Lcg32, hold: int = 0
) -> list[list[Fall]]:
    """Run passes until nothing moves; return the moves of each pass (possibly none)."""
    passes: list[list[Fall]] = []
    for _ in range(MAX_PASSES):
        moves = gravity_pass(values, ghosts, direction, rng, hold)
        if not moves:
            break
        passes.append(moves)
    return passes


def is_settled(values: list[int], direction: int, hold: int = 0) -> bool:
    """True when no node has an empty cell it could fall into (nodes held by ``hold`` stay put)."""
    for nid in range(N_NODES):
        if _mobile(values[nid], hold) == 0:
            continue
        for t in targets(nid, direction):
            if t is not None and values[t] == 0:
                return False
    return True
