"""Determinism test mode (Rules §14): seeded random boards → resolve + tilt → hashes."""

from __future__ import annotations

from engine.core.hashing import state_hash
from engine.core.rng import XorShift128Plus
from engine.floodline.board import MATERIALS, Board, DrainScope, Kind
from engine.floodline.geometry import PLAY_GRAVITIES, Gravity, is_perpendicular
from engine.floodline.resolve import resolve_phase, tilt_resolve


def random_board(seed: int, sx: int = 6, sy: int = 10, sz: int = 6) -> tuple[Board, Gravity, list[int]]:
    """A seeded random board, a gravity and a few free cells to lock as a 'piece'."""
    rng = XorShift128Plus(seed)
    b = Board(sx, sy, sz)
    for i in range(b.frame.n):
        r = rng.next_below(100)
        c = b.frame.coords(i)
        if r < 6:
            b.set_kind(c, Kind.WALL)
        elif r < 30:
            b.set_solid(c, MATERIALS[rng.next_below(3)])
        elif r < 45:
            b.set_kind(c, Kind.WATER)
        elif r < 46:
            b.set_drain(
                c,
                1 + rng.next_below(3),
                (DrainScope.SELF, DrainScope.ADJ6, DrainScope.ADJ26)[rng.next_below(3)],
            )
        elif r < 48:
            b.set_ice(c, 1 + rng.next_below(3))
    g = PLAY_GRAVITIES[rng.next_below(5)]
    free = [i for i, k in enumerate(b.kind) if k in (Kind.EMPTY, Kind.WATER)]
    piece = sorted({free[rng.next_below(len(free))] for _ in range(4)}) if free else []
    return b, g, piece


def determinism_hashes(seeds: range | list[int]) -> list[str]:
    """For each seed: lock the piece, resolve, then tilt-resolve to the first perpendicular gravity."""
    out = []
    for seed in seeds:
        b, g, piece = random_board(seed)
        rep = resolve_phase(b, g, piece)
        g2 = next(x for x in PLAY_GRAVITIES if is_perpendicular(x, g))
        rep2 = tilt_resolve(b, g2, frozenset())
        out.append(state_hash({"board": b.snapshot(), "r1": rep.as_dict(), "r2": rep2.as_dict()}))
    return out
