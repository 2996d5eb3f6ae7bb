"""Lv17 "Temporary Bridge" (session 11, issue #26; ``tools/floodline/redesign_ch2.py``).

Lv16's open-faced box (tilted east, only ice or the drain's one-cell lane holds a piece; a lock drains 1)
with the row's "create a crossing, then drain": a bridge of gap 2 built on the frozen face AND 20 units.
Random play won the old Lv17 ★2 in 14 pieces; its plan (5 pieces) never froze.
"""

from __future__ import annotations

import json

import pytest

from engine.floodline.campaign import level
from engine.floodline.conditions import raw_condition, spans
from engine.floodline.level import parse_level
from engine.floodline.scoring import metrics_view
from engine.floodline.state import Status
from tests.floodline.tilting import SOLUTIONS, play_moves, solution_moves

LV17 = parse_level(level(17))


def test_the_plan_wins_three_stars_in_twenty_pieces_under_one_tilt() -> None:
    end = play_moves(17, solution_moves(17))
    assert end.outcome is not None and end.outcome.status == Status.WON and end.outcome.stars == 3
    assert end.metrics["piecesUsed"] == 20 and end.metrics["rotations"] == 1
    assert end.metrics["freezesUsed"] == 1 and end.metrics["waterRemovedTotal"] == 20
    assert spans(end.board)[0] >= 2  # the crossing stands on the ice wall
    assert json.loads((SOLUTIONS / "index.json").read_text())["lv17"]["stars"] == 3


def test_the_objectives_are_a_crossing_and_twenty_units_at_one_per_lock() -> None:
    kinds = {o.type: o for o in LV17.objectives}
    assert kinds["BRIDGE"].length == 2 and kinds["DRAIN_WATER"].units == 20
    assert [c.rate for c in LV17.cells if c.type == "DRAIN"] == [1]
    assert not any(c.type == "WALL" for c in LV17.cells) and LV17.bag.type == "FIXED_SEQUENCE"


def test_without_the_freeze_the_plan_loses() -> None:
    moves = [m for m in solution_moves(17) if not m.startswith("f")]
    assert len(moves) == len(solution_moves(17)) - 1
    end = play_moves(17, moves)
    assert end.outcome is not None and end.outcome.status != Status.WON


@pytest.mark.parametrize(
    ("star", "metric", "value", "holds"),
    [
        ("two", "lostVoxelsTotal", 4, True),
        ("two", "lostVoxelsTotal", 5, False),
        ("three", "rotations", 0, True),
        ("three", "rotations", 1, True),
        ("three", "rotations", 2, False),
    ],
)
def test_star_boundaries(star: str, metric: str, value: int, holds: bool) -> None:
    end = play_moves(17, solution_moves(17))
    (cond,) = getattr(LV17.stars, star)
    assert cond.metric == metric
    mv = {**metrics_view(end), metric: value}
    assert raw_condition(cond, end.board, end.gravity, mv) is holds


@pytest.mark.parametrize("strategy", ["drop", "tilt_drop"])
def test_cheap_strategies_lose(strategy: str) -> None:
    from tools.playtest.floodline_family import play

    assert not play(strategy, 17, LV17.meta.seed, 30)["won"]
