"""Player-facing previews and explanations (Part I §10.3, issue #16): why a tilt is refused, what a
tilt would do to the world *and* the falling piece, and the one cell the next water unit fills.

Nothing here changes a state; every answer comes from the same rules code that plays the game.
"""

from __future__ import annotations

from typing import Any

from engine.floodline.board import Board, Kind, indices_of
from engine.floodline.geometry import Gravity, is_perpendicular
from engine.floodline.moves import TickInput
from engine.floodline.resolve import tilt_resolve
from engine.floodline.rules import ghost_cells, piece_cells_idx, rotation_allowed, step
from engine.floodline.solids import TiltBlocked
from engine.floodline.state import State
from engine.floodline.water import _fill_order

#: Why a tilt is refused (RULES.md 12–15): the game is over, the direction is not a legal target,
#: the cooldown is running, the rotation count/budget is used up, or the Tilt Resolve would push a
#: settled voxel into the falling piece (rollback).
REFUSALS = ("over", "direction", "cooldown", "budget", "blocked")


def tilt_refusal(s: State, target: Gravity | None) -> dict[str, Any] | None:
    """Why a tilt to ``target`` would be refused now, or None when it would happen.

    ``{"reason": one of REFUSALS, "ticks": cooldown ticks left, "used": rotations done,
    "limit": the count/budget that ran out}``. ``target`` None = the tilt key names no legal
    target (it points along the current gravity).
    """
    rules = s.level.rotation
    done = s.metrics["rotations"]
    out: dict[str, Any] = {"reason": "", "ticks": s.cooldown, "used": done, "limit": None}
    if s.outcome is not None:
        return {**out, "reason": "over"}
    if (
        target is None
        or target == s.gravity
        or target == Gravity.UP
        or not is_perpendicular(s.gravity, target)
        or target not in rules.allowed
    ):
        return {**out, "reason": "direction"}
    for limit in (rules.max_rotations, rules.tilt_budget):
        if limit is not None and done >= limit:
            return {**out, "reason": "budget", "limit": limit}
    if s.cooldown > 0:
        return {**out, "reason": "cooldown"}
    board = s.board.copy()
    piece = frozenset(piece_cells_idx(board, s.active)) if s.active is not None else frozenset()
    try:
        tilt_resolve(board, target, piece)
    except TiltBlocked:
        return {**out, "reason": "blocked"}
    return None


def preview_tilt(s: State, target: Gravity) -> dict[str, Any]:
    """Part I §10.3 rotation preview, falling piece included: the world after the tilt *and* after
    the active piece, falling under the new gravity, lands and locks where a hard drop would put it.

    ``{"allowed": False, "reason": ...}`` when the tilt is refused (``tilt_refusal``), else
    ``{"allowed": True, "rejected": False, "cells": settled cells after the piece locked,
    "piece": the piece's landing cells, "shift": voxels moved, "lost": voxels lost (the piece's
    own included), "tiltShift"/"tiltLost": the part of those the tilt alone causes,
    "outcome": {"status", "reason"} or None}``. ``rejected`` stays for callers that test it.
    """
    why = tilt_refusal(s, target)
    if why is not None:
        return {"allowed": False, "rejected": why["reason"] == "blocked", **why}
    m0 = s.metrics
    s1 = step(s, TickInput(tilt=target))
    if s1.gravity != target:  # cannot happen after tilt_refusal said yes; kept as a guard
        return {"allowed": False, "rejected": True, "reason": "blocked"}
    tilt = {
        "tiltShift": s1.metrics["shiftVoxelsTotal"] - m0["shiftVoxelsTotal"],
        "tiltLost": s1.metrics["lostVoxelsTotal"] - m0["lostVoxelsTotal"],
    }
    end = s1
    piece: list[list[int]] = []
    if s1.active is not None and s1.outcome is None:
        piece = ghost_cells(s1)
        end = step(s1, TickInput(hard=True))
    o = end.outcome
    return {
        "allowed": True,
        "rejected": False,
        "cells": end.board.cell_list(),
        "piece": piece,
        "shift": end.metrics["shiftVoxelsTotal"] - m0["shiftVoxelsTotal"],
        "lost": end.metrics["lostVoxelsTotal"] - m0["lostVoxelsTotal"],
        **tilt,
        "outcome": None if o is None else {"status": o.status.value, "reason": o.reason.value},
    }


def next_fill(board: Board, g: Gravity) -> list[int] | None:
    """The one cell (x, y, z) the next unit of the present water would settle in (Part IV §5.3, the
    same global fill order as the solver), or None when there is no water or no room left."""
    water = indices_of(board.kind, int(Kind.WATER))
    if not water:
        return None
    probe = board.copy()
    for i in water:
        probe.kind[i] = Kind.EMPTY
    take = _fill_order(probe, g, water, len(water) + 1, frozenset())
    have = set(water)
    new = [i for i in take if i not in have]
    if len(take) <= len(water) or not new:
        return None
    return list(board.frame.coords(new[-1]))


def danger(s: State) -> int:
    """How close the level is to a fail line, 0..100 (Part I §12: the music ramps with it): the top
    of the settled stack against the overflow line (``heightLimit``), and the highest water against
    the forbidden water height when the level has one. 0 up to half way, 100 at the line."""
    from engine.floodline.conditions import max_water_height, max_world_height

    def ramp(top: int, line: int) -> int:
        if line <= 0:
            return 100
        return max(0, min(100, (200 * (top + 1) - 100 * line) // line))

    out = ramp(max_world_height(s.board), s.height_limit)
    forbidden = s.level.constraints.water_forbidden_height
    if forbidden is not None:
        out = max(out, ramp(max_water_height(s.board), forbidden))
    return out


# -- rules the page used to restate (issue #24) ---------------------------------------------------


def over_line(s: State, cells: list[list[int]] | list[tuple[int, int, int]]) -> bool:
    """True when ``cells`` (a landing piece, e.g. ``ghost_cells``), settled, would be an OVERFLOW:
    a movable solid at world height ``y >= heightLimit`` (RULES.md §11, ``solid_above_limit``; a line
    at or above the board's top can never be crossed)."""
    limit = s.height_limit
    return limit < s.board.sy and any(c[1] >= limit for c in cells)


def tilt_unsafe(s: State) -> bool:
    """The falling piece is over the overflow line while a tilt can happen now (some allowed
    direction passes ``rotation_allowed``): a tilt now would lock it up there (the preview's
    ``outcome`` says OVERFLOW). A warning only; the rules decide what a tilt does."""
    a = s.active
    if a is None or not over_line(s, list(a.cells())):
        return False
    return any(rotation_allowed(s, g) for g in s.level.rotation.allowed)
