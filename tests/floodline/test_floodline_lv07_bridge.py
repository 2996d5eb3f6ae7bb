"""Lv7 "Reinforced Intro" (session 9, issue #26; RULES.md 58): a Reinforced bridge between two WALL posts.

All four sides are open.  The posts stand in row z = 4: a west post at x = 2 (3 high), an east post
at x = 6 (3 high) with a 4-high shoulder at x = 7.  The bridge spans the gap x = 3..5 at y = 3, so
under DOWN its hanging voxels are held only as part of a Reinforced frame resting on a post (rules
0.5 load path, RULES.md 17), and under the east tilt the frame rests on the shoulder.  The tests play
the committed hand plan (``tools/floodline/target_plans.py`` ``LV07``) and its variations.
"""

from __future__ import annotations

import copy
from functools import cache

from engine.floodline.board import Kind
from engine.floodline.campaign import level
from engine.floodline.moves import parse_move
from engine.floodline.state import Reason, State, Status
from tools.floodline.necessity import _no_material
from tools.floodline.solve_levels import _run
from tools.floodline.target_plans import LV07, Step, place, run_plan

SPAN = [(x, 3, 4) for x in (3, 4, 5)]
BUILD: list[Step] = LV07[: LV07.index("tE")]  # the placements and holds, before the tilts


@cache
def _built(k: int) -> tuple[State, bool]:
    """The first ``k`` steps of ``BUILD`` played as ``run_plan`` plays them, each on the one before
    (finding a placement's moves is the slow part: no prefix is searched twice); False once a step
    could not be carried out (the play stops there)."""
    if k == 0:
        return run_plan("lv07", [], strict=False)[0], True
    s, ok = _built(k - 1)
    if not ok or s.outcome is not None:
        return s, False
    st = BUILD[k - 1]
    if isinstance(st, str):
        mv = parse_move(st)
        return _run(s, [mv.once()] * mv.repeat), True
    try:
        return _run(s, place(s, st)), True
    except ValueError:
        return s, False


def _play(plan: list[Step], data: dict[str, object] | None = None) -> State:
    """``run_plan`` on Lv7 (or on ``data``); a plan that starts with steps of ``BUILD`` starts from
    their cached state."""
    if data is not None:
        return run_plan("lv07", plan, data=data, strict=False)[0]
    k = 0
    while k < min(len(plan), len(BUILD)) and plan[k] == BUILD[k]:
        k += 1
    s, ok = _built(k)
    for st in plan[k:]:
        if not ok or s.outcome is not None:
            break
        assert isinstance(st, str), st  # the tails are tilts and waits
        mv = parse_move(st)
        s = _run(s, [mv.once()] * mv.repeat)
    return s


def _solid(s: State, c: tuple[int, int, int]) -> bool:
    return s.board.at(c) == Kind.SOLID


def test_the_plan_wins_three_stars_in_five_pieces_and_loses_four_voxels() -> None:
    s = _play(LV07)
    assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == 3
    assert s.metrics["piecesUsed"] == 5 and s.metrics["rotations"] == 2
    assert s.metrics["lostVoxelsTotal"] == 4  # the I4 with nowhere to go; the limit is 5
    assert all(_solid(s, c) for c in SPAN)


def test_the_built_bridge_needs_a_tilt_and_the_second_frame_piece() -> None:
    """0 tilts: no win yet; one Reinforced I3 (4 pieces) then the tilts: no bridge, no win."""
    built = _play(BUILD)
    assert built.outcome is None and all(_solid(built, c) for c in SPAN)
    half = _play([*BUILD[:-1], "tE", ".*30", "tD"])
    assert half.outcome is None and half.metrics["piecesUsed"] == 4
    ritual = _play(["tE", ".*30", "tD"])  # the no-piece ritual
    assert ritual.outcome is None or ritual.outcome.status == Status.LOST


def test_tilted_west_the_frame_has_no_shoulder_and_leaves_the_box() -> None:
    s = _play([*BUILD, "tW", ".*30", "tD"])
    assert s.outcome is not None and s.outcome.status == Status.LOST
    assert s.outcome.reason == Reason.COLLAPSE and s.metrics["lostVoxelsTotal"] > 5


def test_without_reinforced_a_standard_span_breaks_off() -> None:
    """The stripped level (Reinforced pieces drawn as Standard): the first span piece cannot hang over
    the gap, so the plan cannot be carried out and the level is not won."""
    data = _no_material("REINFORCED")(copy.deepcopy(level(7)))
    s = _play(LV07, data)
    assert s.outcome is None or s.outcome.status != Status.WON
    assert not all(_solid(s, c) for c in SPAN)
