"""Lv18 "Drain Placement" as a cellar with a hatch (session 14, issue #26; ``tools/floodline/lv18_plan.py``).

The pool lies under a WALL roof; the only way below is a one-cell hatch far from it.  Tilted east,
the water runs along the cellar to its far end, past the hatch's reach, and back to the pool when
the world comes down.  The drain works only if it is steered through the hatch while the world is
tilted east (it slides into the far cellar); dropped down the hatch under DOWN it stays dry.  Greedy
and wall stacking won the old level by sinking the drain into the open pool.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from engine.floodline.board import Kind
from engine.floodline.campaign import level
from engine.floodline.geometry import Gravity
from engine.floodline.level import parse_level
from engine.floodline.moves import IDLE, TickInput
from engine.floodline.replay import parse_replay, play
from engine.floodline.rules import initial_state, step
from engine.floodline.state import State, Status
from tests.floodline.tilting import replay, solution_ticks
from tests.floodline.tilting import tilt as _tilt

SOLUTIONS = Path(__file__).resolve().parents[2] / "tools" / "floodline" / "solutions"
DATA = level(18)
LV18 = parse_level(DATA)
HATCH = (8, 5, 6)
PIECES = 20  # the committed solution's length


def _water_xs(s: State) -> set[int]:
    f = s.board.frame
    return {f.xs[i] for i in s.board.indices(Kind.WATER)}


def test_the_plan_wins_three_stars_in_twenty_pieces() -> None:
    end = play(LV18, parse_replay((SOLUTIONS / "lv18.json").read_text()))
    assert end.outcome is not None and end.outcome.status == Status.WON and end.outcome.stars == 3
    assert end.metrics["piecesUsed"] == PIECES and end.metrics["drainsPlaced"] == 1
    assert end.metrics["waterRemovedTotal"] >= 42
    assert json.loads((SOLUTIONS / "index.json").read_text())["lv18"]["stars"] == 3


@pytest.mark.parametrize(("limit", "stars"), [(PIECES - 1, 1), (PIECES, 3), (PIECES + 1, 3)])
def test_two_stars_at_most_the_pieces_boundary(limit: int, stars: int) -> None:
    data = copy.deepcopy(DATA)
    data["stars"]["two"] = [{"type": "METRIC_AT_MOST", "metric": "piecesUsed", "value": limit}]
    end = replay(18, list(solution_ticks(18)), data)
    assert end.outcome is not None and end.outcome.status == Status.WON and end.outcome.stars == stars


def test_the_pool_is_out_of_reach_under_down_and_comes_back_after_a_tilt() -> None:
    s = initial_state(LV18, LV18.meta.seed)
    assert _water_xs(s) == set(range(5))  # under the roof, west
    east = _tilt(s, Gravity.EAST)
    assert min(_water_xs(east)) >= 10  # the far cellar: never at the hatch (x = 8)
    back = _tilt(east, Gravity.DOWN)
    assert _water_xs(back) == set(range(5))  # back in the pool


def _drain_down_the_hatch(s: State) -> State:
    s = step(s, TickInput(drain=True))
    assert s.active is not None
    while s.active.origin[0] != HATCH[0]:
        s = step(step(s, TickInput(move="x+" if s.active.origin[0] < HATCH[0] else "x-")), IDLE)
    while s.active.origin[2] != HATCH[2]:
        s = step(step(s, TickInput(move="z+" if s.active.origin[2] < HATCH[2] else "z-")), IDLE)
    return step(s, TickInput(hard=True))


def test_a_drain_dropped_down_the_hatch_under_down_stays_dry() -> None:
    s = _drain_down_the_hatch(initial_state(LV18, LV18.meta.seed))
    f = s.board.frame
    assert [(f.xs[i], f.ys[i], f.zs[i]) for i in s.board.indices(Kind.DRAIN)] == [(8, 2, 6)]
    s = _tilt(s, Gravity.EAST)
    for _ in range(3):
        s = step(s, TickInput(hard=True))
    assert s.metrics["piecesUsed"] == 3 and s.metrics["waterRemovedTotal"] == 0


def test_the_solution_without_the_tilt_or_the_drain_does_not_win() -> None:
    ticks = list(solution_ticks(18))
    no_tilt = [t for t in ticks if t.tilt is None]
    end = replay(18, no_tilt, DATA)
    assert end.metrics["waterRemovedTotal"] == 0
    assert end.outcome is None or end.outcome.status != Status.WON
    data = copy.deepcopy(DATA)
    data["abilities"]["drainPlacementCharges"] = 0
    end = replay(18, ticks, data)
    assert end.metrics["waterRemovedTotal"] == 0
    assert end.outcome is None or end.outcome.status != Status.WON
