"""Lv11 "First Basin" (session 10, issue #26; ``tools/floodline/redesign_ch2.py``).

Water exists and never supports: a piece dropped into the pool sinks to the floor and pushes the water
up, and the water runs to the lowest cell it can reach.  The 4x4 pool fills its 2-high WALL rim to the
brim; the objective is the pool's top at row 4 (the fifth layer), so the player raises the rim before
filling under the water.  The row's "place 6 pieces, end stable" was won by every cheap strategy.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.floodline.board import Kind
from engine.floodline.campaign import level
from engine.floodline.conditions import max_water_height, raw_condition
from engine.floodline.geometry import Gravity
from engine.floodline.level import parse_level
from engine.floodline.moves import TickInput
from engine.floodline.replay import parse_replay, play
from engine.floodline.rules import initial_state, step
from engine.floodline.scoring import metrics_view
from engine.floodline.state import State, Status

SOLUTIONS = Path(__file__).resolve().parents[2] / "tools" / "floodline" / "solutions"
LV11 = parse_level(level(11))


def _end() -> State:
    return play(LV11, parse_replay((SOLUTIONS / "lv11.json").read_text()))


def _water_outside_rim(s: State) -> int:
    b = s.board
    f = b.frame
    return sum(
        1
        for i in b.indices(Kind.WATER)
        if not (2 <= f.xs[i] <= 5 and 2 <= f.zs[i] <= 5)  # the pool inside the rim (x, z = 2..5)
    )


def test_the_plan_raises_the_pool_to_row_four_in_24_pieces_three_stars() -> None:
    end = _end()
    assert end.outcome is not None and end.outcome.status == Status.WON and end.outcome.stars == 3
    assert end.metrics["piecesUsed"] == 24
    assert max_water_height(end.board) == 4 and _water_outside_rim(end) == 0
    assert json.loads((SOLUTIONS / "index.json").read_text())["lv11"]["stars"] == 3


def test_the_full_pool_spills_over_its_rim_when_a_piece_sinks_into_it() -> None:
    s = initial_state(LV11, LV11.meta.seed)
    assert s.board.count(Kind.WATER) == 32 and max_water_height(s.board) == 1  # full to the 2-high rim
    assert _water_outside_rim(s) == 0
    s = step(s, TickInput(hard=True))  # the spawn lies over the pool: the piece sinks to the floor
    assert max_water_height(s.board) == 1  # the pool does not rise above its rim ...
    assert _water_outside_rim(s) > 0  # ... the displaced units run over it to the floor outside
    assert s.board.count(Kind.WATER) == 32  # nothing is destroyed: it is only lost to the pool


def test_drop_only_never_lifts_the_pool() -> None:
    s = initial_state(LV11, LV11.meta.seed)
    top = max_water_height(s.board)
    while s.outcome is None:
        s = step(s, TickInput(hard=True))
        top = max(top, max_water_height(s.board))
    assert s.outcome.status == Status.LOST and top < 4


def test_no_tilt_is_allowed() -> None:
    s = initial_state(LV11, LV11.meta.seed)
    for g in (Gravity.EAST, Gravity.WEST, Gravity.NORTH, Gravity.SOUTH):
        assert step(s, TickInput(tilt=g)).gravity == Gravity.DOWN  # a tilt would stand the pool up


@pytest.mark.parametrize(("row", "holds"), [(3, False), (4, True), (5, True)])
def test_the_objective_is_the_pools_top_at_row_four(row: int, holds: bool) -> None:
    end = _end()
    (cond,) = LV11.objectives
    mv = {**metrics_view(end), "maxWaterHeight": row}
    assert raw_condition(cond, end.board, end.gravity, mv) is holds


@pytest.mark.parametrize(("pieces", "holds"), [(25, True), (26, True), (27, False)])
def test_two_stars_at_most_26_pieces(pieces: int, holds: bool) -> None:
    end = _end()
    (cond,) = LV11.stars.two
    mv = {**metrics_view(end), "piecesUsed": pieces}
    assert raw_condition(cond, end.board, end.gravity, mv) is holds


@pytest.mark.parametrize(("shift", "holds"), [(9, True), (10, True), (11, False)])
def test_three_stars_at_most_ten_shifted_voxels(shift: int, holds: bool) -> None:
    end = _end()
    (cond,) = LV11.stars.three
    mv = {**metrics_view(end), "shiftVoxelsTotal": shift}
    assert raw_condition(cond, end.board, end.gravity, mv) is holds
