"""Command line: ``python -m engine.floodline {validate,replay,resolve,play,schema,hash}``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from pydantic import Field

from engine.core.hashing import state_hash
from engine.core.schema import SchemaError, parse_model
from engine.floodline.board import Board, Kind
from engine.floodline.geometry import Gravity
from engine.floodline.level import CellSpec, L, Level, json_schema, level_warnings, parse_level
from engine.floodline.moves import parse_move
from engine.floodline.pieces import PIECES, ROTATIONS, offsets
from engine.floodline.replay import make_replay, parse_replay, play, result
from engine.floodline.rules import initial_state, step
from engine.floodline.solids import TiltBlocked
from engine.floodline.state import Material


class PiecePlacement(L):
    id: str
    rot: int = Field(default=0, ge=0, lt=len(ROTATIONS))
    origin: tuple[int, int, int]
    material: Material = Material.STANDARD
    stabilize: bool = False


class BoardFile(L):
    """Input of ``resolve``: a board snapshot plus an optional piece to lock or world rotation."""

    size: tuple[int, int, int]
    cells: list[CellSpec] = Field(default_factory=list)
    gravity: Gravity = Gravity.DOWN
    open_faces: list[Gravity] = Field(default_factory=list)
    piece: PiecePlacement | None = None
    rotate_to: Gravity | None = None


def _read(path: str) -> str:
    return Path(path).read_text(encoding="utf-8")


def resolve_board(data: str | dict[str, Any]) -> dict[str, Any]:
    """Settle a board snapshot (lock ``piece`` or tilt to ``rotateTo``); returns board + metrics."""
    from engine.floodline.resolve import resolve_phase, tilt_resolve
    from engine.floodline.rules import build_board

    bf = parse_model(BoardFile, data, "board")
    sx, sy, sz = bf.size
    lvl = Level.model_validate(
        {
            "board": {"size": [sx, sz], "height": sy, "heightLimit": sy, "openFaces": bf.open_faces},
            "cells": bf.cells,
        }
    )
    board: Board = build_board(lvl)
    piece_cells: list[int] = []
    if bf.piece is not None:
        if bf.piece.id not in PIECES:
            raise SchemaError("board", [f"piece.id: unknown piece {bf.piece.id!r}"])
        for v in offsets(bf.piece.id, bf.piece.rot):
            c = (bf.piece.origin[0] + v[0], bf.piece.origin[1] + v[1], bf.piece.origin[2] + v[2])
            if not board.in_bounds(c) or board.at(c) not in (Kind.EMPTY, Kind.WATER):
                raise SchemaError("board", [f"piece: cell {list(c)} is out of bounds or occupied"])
            piece_cells.append(board.idx(c))
    out: dict[str, Any] = {"rejected": False}
    g = bf.gravity
    if bf.rotate_to is not None:
        try:
            rep = tilt_resolve(board, bf.rotate_to, frozenset(piece_cells))
            g = bf.rotate_to
        except TiltBlocked as exc:
            out["rejected"] = True
            out["why"] = str(exc)
            board = build_board(lvl)
            rep = None
    else:
        mat = bf.piece.material if bf.piece else Material.STANDARD
        anchor = 2 if bf.piece and bf.piece.stabilize else 0
        rep = resolve_phase(board, g, piece_cells or None, mat, anchor)
    out.update(
        {
            "size": [sx, sy, sz],
            "gravity": g.value,
            "metrics": rep.as_dict() if rep else None,
            "cells": board.cell_list(),
            "stateHash": state_hash(board.snapshot()),
        }
    )
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m engine.floodline", description=__doc__)
    sub = p.add_subparsers(dest="cmd", required=True)
    v = sub.add_parser("validate", help="check a level file; exit 1 on errors")
    v.add_argument("level")
    r = sub.add_parser("replay", help="run a replay on a level; print outcome, stars, metrics, hash")
    r.add_argument("level")
    r.add_argument("replay")
    rs = sub.add_parser("resolve", help="settle a board snapshot; print the settled board and metrics")
    rs.add_argument("board")
    pl = sub.add_parser("play", help="let the seeded bot play a level; print the result (and replay)")
    pl.add_argument("level", nargs="?")
    pl.add_argument("--seed", type=int, default=1)
    pl.add_argument("--pieces", type=int, default=30)
    pl.add_argument("--tilt-every", type=int, default=0)
    pl.add_argument("--save-replay")
    sub.add_parser("schema", help="print the level JSON Schema")
    h = sub.add_parser("hash", help="state hash after seed + moves (default level unless --level)")
    h.add_argument("--level")
    h.add_argument("--seed", type=int, default=0)
    h.add_argument("moves", nargs="*")
    a = p.parse_args(argv)
    try:
        if a.cmd == "validate":
            try:
                lvl = parse_level(_read(a.level))
            except SchemaError as exc:
                for prob in exc.problems:
                    print(f"error: {prob}")
                return 1
            for w in level_warnings(lvl):
                print(f"warning: {w}")
            print(f"ok: {lvl.meta.id}")
            return 0
        if a.cmd == "replay":
            lvl = parse_level(_read(a.level))
            s = play(lvl, parse_replay(_read(a.replay)))
            print(json.dumps(result(s), indent=2))
            return 0
        if a.cmd == "resolve":
            print(json.dumps(resolve_board(_read(a.board))))
            return 0
        if a.cmd == "schema":
            print(json.dumps(json_schema(), indent=2))
            return 0
        lvl = parse_level(_read(a.level)) if a.level else parse_level({})
        if a.cmd == "play":
            from engine.floodline.bot import run_bot

            s, moves = run_bot(initial_state(lvl, a.seed), a.seed, a.pieces, a.tilt_every)
            if a.save_replay:
                Path(a.save_replay).write_text(
                    make_replay(lvl, a.seed, moves).model_dump_json(by_alias=True, indent=1), encoding="utf-8"
                )
            print(json.dumps(result(s), indent=2))
            return 0
        s = initial_state(lvl, a.seed)
        for text in a.moves:
            mv = parse_move(text)
            for _ in range(mv.repeat):
                if s.outcome is None:
                    s = step(s, mv.once())
        print(state_hash(s.snapshot()))
        return 0
    except SchemaError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
