"""Lv19 "Forbidden Zone": plug the vent, then tilt (session 14, issue #26; ``tools/floodline/lv19_plan.py``).

The pool and the drain lie in one roofed cellar, the drain at its far east end on a floor raised
above the pool: under DOWN it is dry, tilted east the water reaches it (1 per lock).  The cellar's
one vent sits at that far end: unplugged, the tilted water runs up it and stands above the roof,
and water at y >= 3 loses (WATER_FORBIDDEN).  Greedy, wall and park won the old level in 10 pieces
(a floor drain in the open pool).
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
from engine.floodline.moves import TickInput
from engine.floodline.replay import parse_replay, play
from engine.floodline.rules import initial_state, step
from engine.floodline.state import Reason, Status
from tests.floodline.tilting import replay, solution_ticks
from tests.floodline.tilting import tilt as _tilt

SOLUTIONS = Path(__file__).resolve().parents[2] / "tools" / "floodline" / "solutions"
DATA = level(19)
LV19 = parse_level(DATA)
VENT = (13, 3, 6)
PIECES = 31  # the committed solution's length
TILTS = 1  # and its tilts


def test_the_plan_wins_three_stars() -> None:
    end = play(LV19, parse_replay((SOLUTIONS / "lv19.json").read_text()))
    assert end.outcome is not None and end.outcome.status == Status.WON and end.outcome.stars == 3
    assert end.metrics["piecesUsed"] == PIECES and end.metrics["rotations"] == TILTS
    assert end.metrics["waterRemovedTotal"] >= 30
    assert json.loads((SOLUTIONS / "index.json").read_text())["lv19"]["stars"] == 3


@pytest.mark.parametrize(("limit", "stars"), [(TILTS - 1, 2), (TILTS, 3), (TILTS + 1, 3)])
def test_three_stars_at_most_the_tilts_boundary(limit: int, stars: int) -> None:
    data = copy.deepcopy(DATA)
    data["stars"]["three"] = [{"type": "METRIC_AT_MOST", "metric": "rotations", "value": limit}]
    end = replay(19, list(solution_ticks(19)), data)
    assert end.outcome is not None and end.outcome.status == Status.WON and end.outcome.stars == stars


def test_the_drain_is_dry_under_down() -> None:
    s = initial_state(LV19, LV19.meta.seed)
    for _ in range(3):
        s = step(s, TickInput(hard=True))
    assert s.metrics["piecesUsed"] == 3 and s.metrics["waterRemovedTotal"] == 0


def test_tilting_with_the_vent_open_loses_at_once() -> None:
    s = step(initial_state(LV19, LV19.meta.seed), TickInput(tilt=Gravity.EAST))
    assert s.outcome is not None and s.outcome.reason == Reason.WATER_FORBIDDEN


def test_the_solution_plugs_the_vent_before_it_tilts() -> None:
    ticks = list(solution_ticks(19))
    first = next(i for i, t in enumerate(ticks) if t.tilt is not None)
    before = replay(19, ticks[:first], DATA)
    assert before.board.kind[before.board.frame.index(*VENT)] == int(Kind.SOLID)
    assert before.metrics["waterRemovedTotal"] == 0


def test_tilted_back_the_water_leaves_the_drain() -> None:
    ticks = list(solution_ticks(19))
    first = next(i for i, t in enumerate(ticks) if t.tilt is not None)
    s = replay(19, ticks[: first + 1], DATA)
    assert s.gravity == Gravity.EAST and s.outcome is None
    s = step(s, TickInput(hard=True))
    assert s.metrics["waterRemovedTotal"] == 1  # one lock under the tilt: the drain's rate
    s = step(_tilt(s, Gravity.DOWN), TickInput(hard=True))
    assert s.metrics["waterRemovedTotal"] == 1
