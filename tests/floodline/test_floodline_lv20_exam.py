"""Lv20 "Floodplain Exam" (session 10, issue #26; ``tools/floodline/redesign_ch2.py``).

The one drain sits high in the east wall, so it drains only on locks made while the world is tilted
east (2 per lock: 40 units take 20 such locks); height 12 must then survive a tilt.  Random play and
"tilt, drop, tilt back, drop" won the old exam, whose one pour reached two floor drains.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.floodline.campaign import level
from engine.floodline.conditions import raw_condition
from engine.floodline.geometry import Gravity
from engine.floodline.level import parse_level
from engine.floodline.moves import TickInput
from engine.floodline.replay import parse_replay, play
from engine.floodline.rules import initial_state, step
from engine.floodline.scoring import metrics_view
from engine.floodline.state import State, Status
from tests.floodline.tilting import tilt as _tilt

SOLUTIONS = Path(__file__).resolve().parents[2] / "tools" / "floodline" / "solutions"
LV20 = parse_level(level(20))


def _end() -> State:
    return play(LV20, parse_replay((SOLUTIONS / "lv20.json").read_text()))


def test_the_plan_wins_three_stars_in_twenty_pieces() -> None:
    end = _end()
    assert end.outcome is not None and end.outcome.status == Status.WON and end.outcome.stars == 3
    assert end.metrics["piecesUsed"] == 20 and end.metrics["lostVoxelsTotal"] == 0
    assert end.metrics["waterRemovedTotal"] >= 40
    assert json.loads((SOLUTIONS / "index.json").read_text())["lv20"]["stars"] == 3


def test_the_drain_works_only_on_locks_made_while_tilted_east() -> None:
    units = next(o.units for o in LV20.objectives if o.type == "DRAIN_WATER")
    rate = max(c.rate for c in LV20.cells if c.type == "DRAIN")
    assert units // rate == 20  # no win in fewer than 20 pieces
    s = initial_state(LV20, LV20.meta.seed)
    down = step(s, TickInput(hard=True))
    assert down.metrics["waterRemovedTotal"] == 0  # under DOWN the pool is far below the drain
    east = _tilt(s, Gravity.EAST)
    assert east.metrics["waterRemovedTotal"] == 0  # a tilt alone drains nothing (locks do)
    east = step(east, TickInput(hard=True))
    assert east.metrics["waterRemovedTotal"] == 2  # one lock under the east tilt: the drain's rate
    back = step(_tilt(east, Gravity.DOWN), TickInput(hard=True))
    assert back.metrics["waterRemovedTotal"] == 2  # back down, the water falls out of the drain's reach


def test_out_and_back_without_a_lock_drains_nothing() -> None:
    s = _tilt(_tilt(initial_state(LV20, LV20.meta.seed), Gravity.EAST), Gravity.DOWN)
    s = step(s, TickInput(hard=True))
    assert s.metrics["waterRemovedTotal"] == 0 and s.metrics["rotations"] == 2


def test_the_height_must_survive_a_tilt() -> None:
    (height,) = [o for o in LV20.objectives if o.type == "REACH_HEIGHT"]
    assert height.height == 12 and height.survive_tilts == 1
    assert LV20.rotation.tilt_budget == 2  # session 11: 10 let "tilt, stay, tilt back once" win ★2


@pytest.mark.parametrize(("budget", "won"), [(1, False), (2, True), (3, True)])
def test_the_plan_needs_exactly_its_two_tilts(budget: int, won: bool) -> None:
    """The committed plan tilts east once and back down once: a budget of 1 cannot carry it."""
    from tests.floodline.tilting import solution_ticks

    d = json.loads(json.dumps(level(20)))
    d["rotation"]["tiltBudget"] = budget
    lv = parse_level(d)
    s = initial_state(lv, lv.meta.seed)
    for t in solution_ticks(20):
        if s.outcome is not None:
            break
        s = step(s, t)
    assert (s.outcome is not None and s.outcome.status == Status.WON) is won


@pytest.mark.parametrize(("pieces", "holds"), [(21, True), (22, True), (23, False)])
def test_three_stars_at_most_22_pieces(pieces: int, holds: bool) -> None:
    end = _end()
    cond = next(c for c in LV20.stars.three if c.metric == "piecesUsed")
    mv = {**metrics_view(end), "piecesUsed": pieces}
    assert raw_condition(cond, end.board, end.gravity, mv) is holds


@pytest.mark.parametrize(("lost", "holds"), [(7, True), (8, True), (9, False)])
def test_three_stars_at_most_eight_voxels_lost(lost: int, holds: bool) -> None:
    end = _end()
    cond = next(c for c in LV20.stars.three if c.metric == "lostVoxelsTotal")
    mv = {**metrics_view(end), "lostVoxelsTotal": lost}
    assert raw_condition(cond, end.board, end.gravity, mv) is holds
