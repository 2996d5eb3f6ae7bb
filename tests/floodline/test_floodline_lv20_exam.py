"""Lv20 "Floodplain Exam" (session 15, issue #26; ``tools/floodline/lv20_plan.py``).

Lv16's open-faced box with a pool two layers deep and one drain (rate 2) high in the face's column:
it drains only on locks made while tilted east, where nothing but ice (or the drain's one-cell lane)
holds a piece.  Session 16: the only tilts are east and back down, and height 12 must survive an east
tilt, so the tower's top must rest on ice: freeze HIGH in the face, drain 40 on that ice, tilt back,
raise the tower in front of the ice, tilt east (the rest falls out).  The session-15 version (tower
tilted west, against the closed face) fell to ``freeze_stay`` ★3 in 23 pieces.
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


def test_the_plan_wins_three_stars_in_23_pieces_with_one_freeze_and_three_tilts() -> None:
    end = _end()
    assert end.outcome is not None and end.outcome.status == Status.WON and end.outcome.stars == 3
    m = end.metrics
    assert m["piecesUsed"] == 23 and m["rotations"] == 3 and m["freezesUsed"] == 1
    assert m["waterRemovedTotal"] >= 40 and end.gravity == Gravity.EAST
    assert m["lostVoxelsTotal"] == 84  # the last tilt sheds the pile and the tower under the ice
    assert LV20.constraints.max_lost_voxels is None
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


def test_the_only_tilts_are_east_and_down() -> None:
    assert set(LV20.rotation.allowed) == {Gravity.DOWN, Gravity.EAST}  # no closed face to tilt a tower onto


def test_without_freeze_the_level_cannot_be_won() -> None:
    """Idea necessary: tilted east, a voxel is held only by ice or by the drain's lane (its row), so
    without ice nothing above the drain's row survives the east tilt: height <= drain row + 1 < 12.
    The plan without its freeze loses."""
    assert _drain()[1] + 1 < 12
    assert LV20.bag.type == "FIXED_SEQUENCE" and not LV20.bag.materials  # Standard only: no Reinforced frame
    d = copy.deepcopy(level(20))
    d["abilities"]["freezeCharges"] = 0
    end = _play(d)
    assert end.outcome is None or end.outcome.status != Status.WON


def test_a_blind_freeze_at_the_most_water_loses() -> None:
    """The family's Freeze (``freeze_stay``: the cube holding the most water) lands low, rows 0-4: the
    plan's inputs with that freeze instead of its own do not win."""
    from tools.playtest.floodline_tilted import _freeze_target

    blind = _freeze_target(_tilt(initial_state(LV20, LV20.meta.seed), Gravity.EAST))
    assert blind is not None and blind[1] + 2 < 11  # its ice ends below the tower's top row
    s = initial_state(LV20, LV20.meta.seed)
    for t in solution_ticks(20):
        if s.outcome is not None:
            break
        s = step(s, TickInput(freeze=blind) if t.freeze is not None else t)
    assert s.outcome is None or s.outcome.status != Status.WON


@pytest.mark.parametrize(("budget", "won"), [(2, False), (3, True), (4, True)])
def test_the_plan_needs_its_three_tilts(budget: int, won: bool) -> None:
    """East (drain), down (build), east (the tilt the tower survives on the ice)."""
    d = copy.deepcopy(level(20))
    d["rotation"]["tiltBudget"] = budget
    end = _play(d)
    assert (end.outcome is not None and end.outcome.status == Status.WON) is won


@pytest.mark.parametrize(
    ("star", "pieces", "holds"),
    [
        ("three", 23, True),
        ("three", 24, True),
        ("three", 25, False),
        ("two", 29, True),
        ("two", 30, True),
        ("two", 31, False),
    ],
)
def test_star_piece_boundaries(star: str, pieces: int, holds: bool) -> None:
    end = _end()
    (cond,) = getattr(LV20.stars, star)
    mv = {**metrics_view(end), "piecesUsed": pieces}
    assert raw_condition(cond, end.board, end.gravity, mv) is holds
