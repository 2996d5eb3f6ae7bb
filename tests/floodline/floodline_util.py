"""Shared helpers for the Floodline tests (imported by path; not a test module)."""

from __future__ import annotations

from typing import Any

from engine.floodline.board import Board, Kind
from engine.floodline.level import Level, parse_level
from engine.floodline.moves import TickInput, parse_move
from engine.floodline.rules import initial_state, step
from engine.floodline.state import State


def floor_board(sx: int = 5, sy: int = 8, sz: int = 5) -> Board:
    """An empty board (the box floor supports)."""
    return Board(sx, sy, sz)


def level(**kw: Any) -> Level:
    """A small level (8x8 footprint, height 16, limit 12) with overrides merged in."""
    base: dict[str, Any] = {
        "board": {"size": [8, 8], "height": 16, "heightLimit": 12},
        "bag": {"type": "FIXED_SEQUENCE", "sequence": ["O2"] * 30},
    }
    for k, v in kw.items():
        if isinstance(v, dict) and isinstance(base.get(k), dict):
            base[k] = {**base[k], **v}
        else:
            base[k] = v
    return parse_level(base)


def start(seed: int = 1, **kw: Any) -> State:
    return initial_state(level(**kw), seed)


def run(s: State, *texts: str) -> State:
    """Apply move texts (with ``*N`` repeats) tick by tick."""
    for text in texts:
        mv = parse_move(text)
        for _ in range(mv.repeat):
            s = step(s, mv.once())
    return s


def tick(s: State, **kw: Any) -> State:
    return step(s, TickInput(**kw))


def cells(board: Board, kind: Kind) -> list[tuple[int, int, int]]:
    return sorted(board.cells_of(kind))
