"""Lv20 "Floodplain Exam" (session 15, issue #26; ``tools/floodline/lv20_plan.py``).

Lv16's open-faced box with a pool two layers deep and one drain (rate 2) high in the face's column:
it drains only on locks made while tilted east, where nothing but ice (or the drain's one-cell lane)
holds a piece.  Drain 40 on a frozen wall, tilt back, build height 12, tilt west.  The session-14 Lv20
(closed east wall) fell to ``build_tilt`` (★2, 26 pieces); freeze was never needed.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

import pytest

from engine.floodline.campaign import level
from engine.floodline.conditions import raw_condition
from engine.floodline.geometry import Gravity
from engine.floodline.level import parse_level
from engine.floodline.moves import TickInput
from engine.floodline.pieces import PIECES
from engine.floodline.rules import initial_state, step
from engine.floodline.scoring import metrics_view
from engine.floodline.state import State, Status
from tests.floodline.tilting import SOLUTIONS, solution_ticks
from tests.floodline.tilting import tilt as _tilt

LV20 = parse_level(level(20))


def _play(d: dict[str, Any] | None = None, drop_freeze: bool = False) -> State:
    lv = parse_level(d) if d is not None else LV20
    s = initial_state(lv, lv.meta.seed)
    for t in solution_ticks(20):
        if s.outcome is not None:
            break
        if drop_freeze and t.freeze is not None:
            continue
        s = step(s, t)
    return s


@cache
def _end() -> State:
    return _play()


def _drain() -> tuple[int, int, int]:
    (d,) = [c for c in LV20.cells if c.type == "DRAIN"]
    return d.pos


def test_the_plan_wins_three_stars_in_27_pieces_with_one_freeze_and_three_tilts() -> None:
    end = _end()
    assert end.outcome is not None and end.outcome.status == Status.WON and end.outcome.stars == 3
    m = end.metrics
    assert m["piecesUsed"] == 27 and m["rotations"] == 3 and m["freezesUsed"] == 1
    assert m["waterRemovedTotal"] >= 40 and m["lostVoxelsTotal"] == 0
    assert json.loads((SOLUTIONS / "index.json").read_text())["lv20"]["stars"] == 3


def test_under_down_the_drain_is_out_of_reach_of_any_displacement() -> None:
    """The pool is 2 layers; 60 pieces of 4 voxels add 4 more: the water's top stays below the
    drain's lowest neighbour (its y - 1)."""
    sx, sz = LV20.board.size
    water = sum(
        (c.to[0] - c.pos[0] + 1) * (c.to[1] - c.pos[1] + 1) * (c.to[2] - c.pos[2] + 1)
        for c in LV20.cells
        if c.type == "WATER" and c.to is not None
    )
    assert water == 120
    biggest = max(len(PIECES[k]) for k in LV20.bag.sequence)
    top = (water + 60 * biggest) // (sx * sz) - 1
    assert top < _drain()[1] - 1
    s = step(initial_state(LV20, LV20.meta.seed), TickInput(hard=True))
    assert s.metrics["waterRemovedTotal"] == 0


def test_tilted_east_a_lock_drains_two_and_without_ice_the_piece_falls_out() -> None:
    s = _tilt(initial_state(LV20, LV20.meta.seed), Gravity.EAST)
    assert s.metrics["waterRemovedTotal"] == 0  # a tilt alone drains nothing
    s = step(s, TickInput(hard=True))
    assert s.metrics["waterRemovedTotal"] == 2
    assert s.metrics["lostVoxelsTotal"] > 0  # out of the open face


def _first_lock(drop_freeze: bool) -> State:
    s = initial_state(LV20, LV20.meta.seed)
    for t in solution_ticks(20):
        if s.metrics["piecesUsed"] == 1:
            break
        if not (drop_freeze and t.freeze is not None):
            s = step(s, t)
    return s


@pytest.mark.parametrize("frozen", [True, False])
def test_the_plans_first_piece_is_held_by_the_ice_and_only_by_it(frozen: bool) -> None:
    s = _first_lock(drop_freeze=not frozen)
    assert s.gravity == Gravity.EAST and s.metrics["waterRemovedTotal"] == 2
    assert s.metrics["freezesUsed"] == int(frozen)
    assert (s.metrics["lostVoxelsTotal"] == 0) is frozen


def test_without_freeze_the_level_cannot_be_won() -> None:
    """Idea necessary: with no Freeze charge the plan loses on lost voxels, and no play can win: 40
    units at 2 per east lock is 20 locks of >= 3 voxels, and without ice only the drain's lane (the
    9 cells west of it) holds a voxel under the east tilt, so at least 60 - 9 are lost (limit 12)."""
    d = copy.deepcopy(level(20))
    d["abilities"]["freezeCharges"] = 0
    end = _play(d)
    assert end.outcome is not None and end.outcome.status != Status.WON
    assert end.metrics["lostVoxelsTotal"] > LV20.constraints.max_lost_voxels
    units = next(o.units for o in LV20.objectives if o.type == "DRAIN_WATER")
    rate = max(c.rate for c in LV20.cells if c.type == "DRAIN")
    smallest = min(len(PIECES[k]) for k in LV20.bag.sequence)
    lane = _drain()[0]
    assert units // rate * smallest - lane > LV20.constraints.max_lost_voxels
    assert LV20.bag.type == "FIXED_SEQUENCE" and not LV20.bag.materials  # Standard only: no Reinforced frame


@pytest.mark.parametrize(("lost", "ok"), [(12, True), (13, False)])
def test_lost_voxel_limit_boundary(lost: int, ok: bool) -> None:
    assert (lost <= LV20.constraints.max_lost_voxels) is ok


@pytest.mark.parametrize(("budget", "won"), [(2, False), (3, True), (4, True)])
def test_the_plan_needs_its_three_tilts(budget: int, won: bool) -> None:
    """East (drain), down (build), west (the tilt the tower survives)."""
    d = copy.deepcopy(level(20))
    d["rotation"]["tiltBudget"] = budget
    end = _play(d)
    assert (end.outcome is not None and end.outcome.status == Status.WON) is won


@pytest.mark.parametrize(("pieces", "holds"), [(27, True), (28, True), (29, False)])
def test_three_stars_at_most_28_pieces(pieces: int, holds: bool) -> None:
    end = _end()
    cond = next(c for c in LV20.stars.three if c.metric == "piecesUsed")
    mv = {**metrics_view(end), "piecesUsed": pieces}
    assert raw_condition(cond, end.board, end.gravity, mv) is holds


@pytest.mark.parametrize(("lost", "holds"), [(7, True), (8, True), (9, False)])
def test_two_stars_at_most_eight_voxels_lost(lost: int, holds: bool) -> None:
    end = _end()
    cond = next(c for c in LV20.stars.two if c.metric == "lostVoxelsTotal")
    mv = {**metrics_view(end), "lostVoxelsTotal": lost}
    assert raw_condition(cond, end.board, end.gravity, mv) is holds
