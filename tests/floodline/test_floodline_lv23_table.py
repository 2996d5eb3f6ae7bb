"""Lv23 "Skyline Footprint" (session 16, issue #26): a tower to 18 AND a flat 3 x 3 table at level 6,
both through two tilts.

Session 15's lab: "park" (each piece at the highest spot a tilt loses nothing from) WON the old Lv23
(height only) ★2 in 34 pieces.  Under rules 0.5 a tilted open-sided stack keeps only what rests on the
post or a held Reinforced frame, so height alone counts Reinforced pieces and park spends them as a plan
does.  The redraw makes the row's ★3 plateau part of the objective: a loose table is shed by the tilt,
so it is nine Reinforced voxels tied to the spine, laid on a loose scaffold the tilt throws away
(``tools/floodline/lv23_plan.py``): ★3 in 49 pieces.
"""

from __future__ import annotations

import copy
from typing import Any

from engine.floodline.board import Kind
from engine.floodline.campaign import level
from engine.floodline.conditions import plateau, stack_height
from engine.floodline.geometry import Gravity
from engine.floodline.moves import TickInput
from engine.floodline.state import Status
from tests.floodline.tilting import replay, solution_ticks
from tools.floodline.lv23_plan import TABLE, TABLE_XZ

PIECES = 49


def _build() -> list[TickInput]:
    """The solution's inputs before its first tilt (spine and table stand)."""
    ticks = list(solution_ticks(23))
    return ticks[: next(i for i, t in enumerate(ticks) if t.tilt is not None)]


def _stars3(value: int) -> dict[str, Any]:
    d = copy.deepcopy(level(23))
    d["stars"]["three"][0]["value"] = value
    return d


def test_the_plan_wins_three_stars_in_49_pieces_with_tower_and_table() -> None:
    s = replay(23, solution_ticks(23))
    assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == 3
    assert s.metrics["piecesUsed"] == PIECES and s.metrics["rotations"] == 2
    assert s.gravity == Gravity.DOWN
    assert stack_height(s.board) >= 18 and plateau(s.board, 6, 9, 3, 3)
    b = s.board
    assert all(b.kind[b.idx(c)] == Kind.SOLID and b.anchor[b.idx(c)] for c in TABLE)


def test_both_structures_are_objectives_that_survive_two_tilts() -> None:
    objs = level(23)["objectives"]
    assert [o["type"] for o in objs] == ["REACH_HEIGHT", "BUILD_PLATEAU"]
    assert all(o["surviveTilts"] == 2 for o in objs)
    assert objs[1]["worldLevel"] == 6 and objs[1]["width"] == objs[1]["depth"] == 3


def test_three_star_boundary_at_the_plans_length() -> None:
    for value, stars in ((PIECES - 1, 2), (PIECES, 3), (PIECES + 1, 3)):
        s = replay(23, solution_ticks(23), _stars3(value))
        assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == stars, value


def test_the_scaffold_under_the_table_is_loose_and_the_tilt_throws_it_away() -> None:
    """Before the tilt 34 loose voxels stand under the table (pieces land on them); after it only the
    four lying on the post's top are left (Heavy on stone is ballast, RULES.md 68, and holds its row),
    and the table still stands: it holds through the spine, not the scaffold."""

    def loose_under(bd: Any) -> list[tuple[int, int, int]]:
        return [
            (x, y, z)
            for x, z in TABLE_XZ
            for y in range(6)
            if bd.kind[bd.idx((x, y, z))] == Kind.SOLID and not bd.anchor[bd.idx((x, y, z))]
        ]

    built = replay(23, _build())
    assert len(loose_under(built.board)) == 34 and plateau(built.board, 6, 9, 3, 3)
    end = replay(23, solution_ticks(23))
    left = loose_under(end.board)
    assert len(left) == 4 and all(c[1] == 4 and c[0] in (3, 4) and c[2] in (3, 4) for c in left)
    assert plateau(end.board, 6, 9, 3, 3) and end.metrics["lostVoxelsTotal"] > 0


def test_without_the_tilts_or_before_the_table_there_is_no_win() -> None:
    """The spine alone (height reached, table open) is no win; the built level untilted is no win."""
    built = replay(23, _build())
    assert built.outcome is None
    assert stack_height(built.board) >= 18
