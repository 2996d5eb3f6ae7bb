"""Endless mode (Part I §7.2; issue #26 "a goal that lasts and ends", as Wetrix and BlockOut).

The mutators step every ``everyPieces`` locked pieces, in level order, after the lock resolve and
before the fail states are checked (RULES.md 38 and E1–E5):

* ``PIECE_COMPLEXITY`` adds one more piece to the bag, ``HEIGHT_SQUEEZE`` lowers the height limit,
  ``WATER_INJECTION`` drops units at the top centre, ``WIND`` lets the level's gust blow (38).
* ``RAIN`` (rising pressure): ``units + piecesUsed // rampEveryPieces`` units fall from the top of a
  column drawn by a PCG32 seeded with ``(meta.seed, piecesUsed)`` — the same column for the same run.
* ``LAYER_CLEAR`` (something to clear): every world layer ``y`` with no empty cell (solids, immovable
  cells such as a drain, and water fill it) of which at least half is movable solids loses its solids
  and its water; what stood on it settles. ``score × k²`` for ``k`` layers cleared by one lock.
* ``EVAPORATE`` (something to evaporate; steering water pays): a *lake* — a 6-connected body of water
  with no cell on the box floor, so held up by the player's blocks — loses ``units`` units from its
  top after each lock, each scoring ``score × min(size, lakeCap)``: the bigger the lake the water
  was steered into, the more each unit pays. Water on the floor never evaporates: it is the flood,
  and ``constraints.waterForbiddenHeight`` ends the run once water stands in that layer (y ≥ it).

Counts go to ``metrics`` under ``rained``, ``layersCleared``, ``washed``, ``evaporated`` (only in levels that
have these mutators, so campaign state hashes are unchanged).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.core.rng import Pcg32
from engine.floodline.board import MOVABLE, Kind
from engine.floodline.solids import settle_solids
from engine.floodline.water import settle_water

if TYPE_CHECKING:
    from engine.floodline.board import Board
    from engine.floodline.level import Mutator
    from engine.floodline.state import State

_WATER = int(Kind.WATER)
_EMPTY = int(Kind.EMPTY)
_MOVABLE = frozenset(int(k) for k in MOVABLE)
#: kinds that fill a layer without being cleared (they never move)
_FIXED = frozenset(int(k) for k in (Kind.WALL, Kind.BEDROCK, Kind.DRAIN, Kind.ICE))


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
        elif m.type == "RAIN":
            rain(s, m)
        elif m.type == "LAYER_CLEAR":
            clear_layers(s, m)
        elif m.type == "EVAPORATE":
            evaporate(s, m)


def inject_water(s: State, units: int, column: tuple[int, int] | None = None) -> int:
    """Add ``units`` water units entering at the top of ``column`` (default: the centre) and settle
    them; returns the units that found room."""
    board = s.board  # already a private copy inside _lock
    x, z = column if column is not None else (board.sx // 2, board.sz // 2)
    top = board.frame.index(x, board.sy - 1, z)
    rep = settle_water(board, s.gravity, [top] * units)
    s.metrics["waterOverflowTotal"] += rep.overflow
    return units - rep.overflow


def rain_column(seed: int, pieces: int, sx: int, sz: int) -> tuple[int, int]:
    """The column the rain after ``pieces`` locked pieces falls in (seeded, no shared state)."""
    rng = Pcg32()
    rng.seed(seed & 0xFFFFFFFFFFFFFFFF, pieces)
    return rng.next_below(sx), rng.next_below(sz)


def rain_units(m: Mutator, pieces: int) -> int:
    """Units of one shower: the base plus one more every ``rampEveryPieces`` pieces (0 = no ramp)."""
    return m.units + (pieces // m.ramp_every_pieces if m.ramp_every_pieces else 0)


def rain(s: State, m: Mutator) -> None:
    n = s.metrics["piecesUsed"]
    units = rain_units(m, n)
    if units <= 0:
        return
    col = rain_column(s.level.meta.seed, n, s.board.sx, s.board.sz)
    _add(s, "rained", inject_water(s, units, col))


def full_layers(board: Board) -> list[int]:
    """World layers ``y`` with no empty cell (solids, fixed cells and water fill it) of which at least
    half the cells are movable solids (a layer of water on the floor is the flood, not a clear)."""
    out = []
    per = board.sx * board.sz
    for y in range(board.sy):
        layer = board.kind[y * per : (y + 1) * per]
        if _EMPTY not in layer and 2 * sum(1 for k in layer if k in _MOVABLE) >= per:
            out.append(y)
    return out


def clear_layers(s: State, m: Mutator) -> int:
    """BlockOut's rule in world layers: full layers lose their movable solids, the rest settles."""
    board = s.board
    ys = full_layers(board)
    if not ys:
        return 0
    per = board.sx * board.sz
    washed = 0
    for y in ys:
        for i in range(y * per, (y + 1) * per):
            if board.kind[i] in _MOVABLE:
                board.clear(i)
            elif board.kind[i] == _WATER:  # the water sealed in the layer goes with it
                board.kind[i] = _EMPTY
                washed += 1
    if washed:
        _add(s, "washed", washed)
    part = settle_solids(board, s.gravity)
    w = settle_water(board, s.gravity, part.displaced)
    s.metrics["waterOverflowTotal"] += w.overflow
    k = len(ys)
    _add(s, "layersCleared", k)
    s.metrics["score"] += m.score * k * k
    return k


def lakes(board: Board) -> list[list[int]]:
    """Bodies of water (6-connected) with no cell on the box floor (``y = 0``), in index order."""
    f = board.frame
    per = board.sx * board.sz
    seen: set[int] = set()
    out = []
    for i in range(per, f.n):
        if board.kind[i] != _WATER or i in seen:
            continue
        body, stack, floor = [], [i], False
        seen.add(i)
        while stack:
            c = stack.pop()
            body.append(c)
            x, y, z = f.xs[c], f.ys[c], f.zs[c]
            floor = floor or y == 0
            for nx, ny, nz in (
                (x + 1, y, z),
                (x - 1, y, z),
                (x, y + 1, z),
                (x, y - 1, z),
                (x, y, z + 1),
                (x, y, z - 1),
            ):
                if 0 <= nx < board.sx and 0 <= ny < board.sy and 0 <= nz < board.sz:
                    j = f.index(nx, ny, nz)
                    if j not in seen and board.kind[j] == _WATER:
                        seen.add(j)
                        stack.append(j)
        if not floor:
            out.append(sorted(body))
    return out


def evaporate(s: State, m: Mutator) -> int:
    """Each lake loses ``m.units`` units from its top (highest y, then lowest index); each unit scores
    ``m.score × min(lake size, m.lake_cap)``."""
    board = s.board
    f = board.frame
    gone = 0
    for body in lakes(board):
        size = len(body)
        top = sorted(body, key=lambda i: (-f.ys[i], i))[: m.units]
        for i in top:
            board.kind[i] = _EMPTY
        gone += len(top)
        s.metrics["score"] += m.score * min(size, m.lake_cap) * len(top)
    if gone:
        _add(s, "evaporated", gone)
    return gone


def _add(s: State, key: str, n: int) -> None:
    s.metrics[key] = s.metrics.get(key, 0) + n


def status(s: State) -> dict[str, Any]:
    """What the endless HUD shows: the next shower (pieces until it, units, the column it falls in — the
    same the rain will use, so the page can show where to hold it), layers cleared,
    units evaporated, lakes now (count, units), and the flood: ``height`` = layers holding water
    (top water y + 1) against ``limit`` = ``waterForbiddenHeight`` (the run ends once height > limit)."""
    from engine.floodline.conditions import max_water_height

    n = s.metrics["piecesUsed"]
    out: dict[str, Any] = {
        "layersCleared": s.metrics.get("layersCleared", 0),
        "evaporated": s.metrics.get("evaporated", 0),
        "rained": s.metrics.get("rained", 0),
    }
    for m in s.level.mutators:
        if m.type == "RAIN":
            left = m.every_pieces - n % m.every_pieces
            col = rain_column(s.level.meta.seed, n + left, s.board.sx, s.board.sz)
            out["rain"] = {"inPieces": left, "units": rain_units(m, n + left), "column": list(col)}
    ls = lakes(s.board)
    out["lakes"] = len(ls)
    out["lakeUnits"] = sum(len(b) for b in ls)
    limit = s.level.constraints.water_forbidden_height
    if limit is not None:
        out["flood"] = {"height": max_water_height(s.board) + 1, "limit": limit}
    return out


def endless_level(seed: int) -> dict[str, Any]:
    """The endless run on ``seed`` (RULES.md E1–E5): a 6×6 box, 14 layers to the overflow line; rain every
    3 pieces that grows by a unit every 20; full layers clear; lakes held up by blocks evaporate; the
    flood (floor water) may not reach height 4; a drain in one corner; taller pieces every 15 pieces,
    the ceiling one lower every 30, wind after 40."""
    return {
        "meta": {"id": "endless", "title": "Endless", "seed": seed, "mode": "ENDLESS"},
        "board": {"size": [6, 6], "height": 18, "heightLimit": 14},
        "bag": {
            "type": "WEIGHTED",
            "weights": {"O2": 3, "I3": 3, "L3": 3, "T3": 2, "I4": 2, "L4": 1, "J4": 1},
            "materials": {"STANDARD": 6, "HEAVY": 1, "REINFORCED": 1},
        },
        "rotation": {"cooldownSeconds": 1},
        "abilities": {"hold": True, "freezeCharges": 2, "stabilizeCharges": 2},
        "cells": [{"pos": [0, 0, 5], "type": "DRAIN", "rate": 2, "scope": "ADJ26"}],
        "constraints": {"waterForbiddenHeight": 4},
        "hazards": [
            {"type": "WIND_GUST", "params": {"intervalSeconds": 20, "directionMode": "RANDOM_SEEDED"}}
        ],
        "mutators": [
            {"type": "LAYER_CLEAR", "everyPieces": 1, "score": 100},
            {"type": "EVAPORATE", "everyPieces": 1, "units": 1, "score": 5, "lakeCap": 12},
            {"type": "RAIN", "everyPieces": 3, "units": 2, "rampEveryPieces": 20},
            {"type": "PIECE_COMPLEXITY", "everyPieces": 15},
            {"type": "HEIGHT_SQUEEZE", "everyPieces": 30, "step": 1, "minHeightLimit": 8},
            {"type": "WIND", "everyPieces": 40},
        ],
    }
