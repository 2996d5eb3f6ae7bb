"""Endless-mode mutators (Part I §7.2): stepped every N locked pieces."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine.floodline.board import Kind
from engine.floodline.water import settle_water

if TYPE_CHECKING:
    from engine.floodline.state import State


def after_lock(s: State) -> None:
    """Apply every mutator whose period divides the new ``piecesUsed`` (in level order)."""
    n = s.metrics["piecesUsed"]
    if n == 0:
        return
    for m in s.level.mutators:
        if n % m.every_pieces:
            continue
        if m.type == "HEIGHT_SQUEEZE":
            s.height_limit = max(m.min_height_limit, s.height_limit - m.step)
        elif m.type == "PIECE_COMPLEXITY":
            k = n // m.every_pieces
            if k <= len(m.add_pieces) and m.add_pieces[k - 1] not in s.bag.extra:
                s.bag = replace(s.bag, extra=s.bag.extra + (m.add_pieces[k - 1],))
        elif m.type == "WATER_INJECTION" and m.units > 0:
            inject_water(s, m.units)


def inject_water(s: State, units: int) -> None:
    """Add ``units`` water units entering at the top-centre column and settle them."""
    board = s.board  # already a private copy inside _lock
    f = board.frame
    x, z = board.sx // 2, board.sz // 2
    top = f.index(x, board.sy - 1, z)
    sources = [top] * units
    if board.kind[top] == Kind.WATER:
        sources = sources  # the existing unit stays a source of its own
    rep = settle_water(board, s.gravity, sources)
    s.metrics["waterOverflowTotal"] += rep.overflow
