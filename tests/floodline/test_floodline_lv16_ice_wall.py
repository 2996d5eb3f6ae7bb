"""Lv16 "Freeze 101" (session 11, issue #26; ``tools/floodline/redesign_ch2.py``).

The east face is open and the board has no WALL: tilted east, the floor's water lies against the open
face, a lock drains 1 (the drain sits high in the face's column), and a piece is held only along
gravity by an immovable cell — the drain's one-cell lane or ice.  Freezing the face water gives the
pile a wall; without the freeze the pieces fall out of the face (at most 12 voxels may be lost).
Random play and "tilt, drop, tilt back, drop" won the old Lv16 ★3 in 6 pieces.
"""

from __future__ import annotations

import copy
import json

import pytest

from engine.floodline.campaign import level
from engine.floodline.conditions import raw_condition
from engine.floodline.geometry import Gravity
from engine.floodline.level import parse_level
from engine.floodline.moves import TickInput
from engine.floodline.rules import initial_state, step
from engine.floodline.scoring import metrics_view
from engine.floodline.state import State, Status
from tests.floodline.tilting import SOLUTIONS, play_moves, solution_moves, ticks
from tests.floodline.tilting import tilt as _tilt

LV16 = parse_level(level(16))


def _play(data: dict, moves: list[str]) -> State:
    lv = parse_level(data)
    s = initial_state(lv, lv.meta.seed)
    for t in ticks(moves):
        if s.outcome is not None:
            break
        s = step(s, t)
    return s


def test_the_plan_wins_three_stars_in_twenty_pieces_losing_nothing() -> None:
    end = play_moves(16, solution_moves(16))
    assert end.outcome is not None and end.outcome.status == Status.WON and end.outcome.stars == 3
    assert end.metrics["piecesUsed"] == 20 and end.metrics["lostVoxelsTotal"] == 0
    assert end.metrics["freezesUsed"] == 1 and end.metrics["waterRemovedTotal"] == 20
    assert json.loads((SOLUTIONS / "index.json").read_text())["lv16"]["stars"] == 3


def test_no_win_under_twenty_pieces() -> None:
    units = next(o.units for o in LV16.objectives if o.type == "DRAIN_WATER")
    drains = [c for c in LV16.cells if c.type == "DRAIN"]
    assert units == 20 and len(drains) == 1 and drains[0].rate == 1  # one unit per lock at most
    assert not any(c.type == "WALL" for c in LV16.cells)  # nothing else to rest a pile on
    assert LV16.bag.type == "FIXED_SEQUENCE" and not any(
        getattr(e, "material", None) for e in LV16.bag.sequence
    )


def test_the_drain_works_only_on_locks_made_while_tilted_east() -> None:
    s = initial_state(LV16, LV16.meta.seed)
    assert step(s, TickInput(hard=True)).metrics["waterRemovedTotal"] == 0
    east = step(_tilt(s, Gravity.EAST), TickInput(hard=True))
    assert east.metrics["waterRemovedTotal"] == 1
    assert east.metrics["lostVoxelsTotal"] > 0  # with no ice the piece fell out of the open face


def test_without_the_freeze_the_plan_loses() -> None:
    moves = [m for m in solution_moves(16) if not m.startswith("f")]
    assert len(moves) == len(solution_moves(16)) - 1
    end = play_moves(16, moves)
    assert end.outcome is not None and end.outcome.status != Status.WON
    assert end.metrics["waterRemovedTotal"] < 20


@pytest.mark.parametrize(("resolves", "won"), [(20, False), (21, True), (24, True)])
def test_the_ice_must_last_until_the_last_lock(resolves: int, won: bool) -> None:
    """The same plan with shorter-lived ice: thawing in the 20th lock resolve, the pile falls out (COLLAPSE)."""
    d = copy.deepcopy(level(16))
    d["abilities"]["freezeDurationResolves"] = resolves
    end = _play(d, solution_moves(16))
    assert (end.outcome is not None and end.outcome.status == Status.WON) is won


@pytest.mark.parametrize(
    ("star", "lost", "holds"),
    [("two", 3, True), ("two", 4, True), ("two", 5, False), ("three", 0, True), ("three", 1, False)],
)
def test_star_lost_voxel_boundaries(star: str, lost: int, holds: bool) -> None:
    end = play_moves(16, solution_moves(16))
    (cond,) = getattr(LV16.stars, star)
    mv = {**metrics_view(end), "lostVoxelsTotal": lost}
    assert raw_condition(cond, end.board, end.gravity, mv) is holds


@pytest.mark.parametrize("strategy", ["drop", "tilt_drop"])
def test_cheap_strategies_lose(strategy: str) -> None:
    from tools.playtest.floodline_family import play

    r = play(strategy, 16, LV16.meta.seed, 30)
    assert not r["won"]


def test_the_necessity_driver_plays_the_ice_plans_with_their_freeze() -> None:
    """``necessity_plans`` plays the redesign plans of Lv16/17 (not Lv17's older hand plan) and their
    one freeze after the tilt (``redesign_ch2.FREEZES``)."""
    from tools.floodline import redesign_ch2
    from tools.floodline.necessity_plans import plan_source

    assert plan_source(16) == plan_source(17) == "redesign"
    assert redesign_ch2.FREEZES[16] == redesign_ch2.FREEZES[17] == redesign_ch2.LV16_FREEZE
