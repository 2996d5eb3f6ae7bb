"""Lv15 "Don't Build on Water" (session 15, issue #26; ``tools/floodline/lv15_plan.py``).

A 7 x 7 box with an open floor under a pool 4 layers deep; four one-cell WALL stilts reach the
surface.  Water never supports, so a voxel not resting on a stilt or a held voxel sinks and is lost;
the plan raises the stilts, lays a Reinforced plate, fills a 3 x 3 well to a plateau at height 13.
The old Lv15 (a puddle in a walled pit) fell to greedy, wall and park at ★3 in 6 pieces.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

import pytest

from engine.floodline.campaign import level
from engine.floodline.conditions import raw_condition, resting_on_water
from engine.floodline.level import parse_level
from engine.floodline.moves import TickInput
from engine.floodline.rules import initial_state, step
from engine.floodline.scoring import metrics_view
from engine.floodline.state import State, Status
from tests.floodline.tilting import SOLUTIONS, solution_ticks

LV15 = parse_level(level(15))


def _start(d: dict[str, Any] | None = None) -> State:
    lv = parse_level(d) if d is not None else LV15
    return initial_state(lv, lv.meta.seed)


def _pieces() -> list[list[TickInput]]:
    """The committed solution's ticks, one list per locked piece (each ends with its hard drop)."""
    out: list[list[TickInput]] = [[]]
    for t in solution_ticks(15):
        out[-1].append(t)
        if t.hard:
            out.append([])
    return [p for p in out if p]


def _run(s: State, ticks: list[TickInput]) -> State:
    for t in ticks:
        if s.outcome is not None:
            break
        s = step(s, t)
    return s


@cache
def _end() -> State:
    return _run(_start(), list(solution_ticks(15)))


def test_the_plan_wins_three_stars_in_24_pieces_losing_nothing() -> None:
    end = _end()
    assert end.outcome is not None and end.outcome.status == Status.WON and end.outcome.stars == 3
    assert end.metrics["piecesUsed"] == 24 and end.metrics["lostVoxelsTotal"] == 0
    assert not resting_on_water(end.board, end.gravity)
    assert json.loads((SOLUTIONS / "index.json").read_text())["lv15"]["stars"] == 3


@pytest.mark.parametrize("open_floor", [True, False])
def test_a_piece_dropped_on_the_pool_sinks_through_it(open_floor: bool) -> None:
    """Water never holds a piece: over the open floor it sinks out of the box (lost); over a closed
    floor the same piece sinks to the floor and stays."""
    d = copy.deepcopy(level(15))
    if not open_floor:
        d["board"]["openFaces"] = []
    s = step(_start(d), TickInput(hard=True))  # the spawn column is pool, not stilt
    assert s.metrics["lostVoxelsTotal"] == (3 if open_floor else 0)


def test_a_flat_piece_across_two_stilts_keeps_only_the_voxels_on_them() -> None:
    s = _start()
    s = step(s, TickInput(move="z-"))
    s = step(s, TickInput(hard=True))  # I3 along x over (2, 2) and (4, 2): the middle voxel sinks
    assert s.metrics["lostVoxelsTotal"] == 1 and s.metrics["piecesUsed"] == 1


def test_bars_laid_on_the_stilt_tops_rest_on_the_pool() -> None:
    """★3's hook: skip raising the stilts (the four I3 dropped into the pool) and the plan's first two
    bars lie on the stilt tops, on the water's surface; ★3 (nothing resting on water) fails."""
    s = _start()
    for _ in range(4):
        s = step(s, TickInput(hard=True))
    assert s.metrics["lostVoxelsTotal"] == 12 and s.outcome is None  # the limit is 12: one more loses
    for piece in _pieces()[4:6]:
        s = _run(s, piece)
    assert s.outcome is None and s.metrics["lostVoxelsTotal"] == 12
    assert resting_on_water(s.board, s.gravity)
    (cond,) = LV15.stars.three
    assert not raw_condition(cond, s.board, s.gravity, metrics_view(s))
    mid = _run(_start(), [t for p in _pieces()[:6] for t in p])  # the plan: stilts raised first
    assert not resting_on_water(mid.board, mid.gravity)


def test_a_bar_between_two_bars_at_its_height_falls_through() -> None:
    """Side contact holds nothing: the plate is two bars along x, then three across them."""
    s = _run(_start(), [t for p in _pieces()[:6] for t in p])
    lost = s.metrics["lostVoxelsTotal"]
    s = step(s, TickInput(hard=True))  # the next bar where it spawns: along x over the middle row
    assert s.metrics["lostVoxelsTotal"] == lost + 3


@pytest.mark.parametrize(("lost", "ok"), [(12, True), (13, False)])
def test_lost_voxel_limit_boundary(lost: int, ok: bool) -> None:
    assert (lost <= LV15.constraints.max_lost_voxels) is ok


@pytest.mark.parametrize(("lost", "holds"), [(3, True), (4, True), (5, False)])
def test_two_stars_at_most_four_voxels_lost(lost: int, holds: bool) -> None:
    end = _end()
    (cond,) = LV15.stars.two
    mv = {**metrics_view(end), "lostVoxelsTotal": lost}
    assert raw_condition(cond, end.board, end.gravity, mv) is holds


def test_without_reinforced_bars_the_plate_cannot_stand() -> None:
    """The bars are Reinforced: as Standard pieces the plan's plate breaks and the game is lost."""
    d = copy.deepcopy(level(15))
    d["bag"]["sequence"] = [e["piece"] if isinstance(e, dict) else e for e in d["bag"]["sequence"]]
    s = _run(_start(d), list(solution_ticks(15)))
    assert s.outcome is None or s.outcome.status != Status.WON
