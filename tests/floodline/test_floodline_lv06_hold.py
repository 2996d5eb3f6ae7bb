"""Lv6 "Hold It" (session 10, issue #26; RULES.md 62): the garage again, taller, with two I4 in the bag.

The box bottom is open; the only floor is a 2x2 garage in an east WALL block (x = 6..7, z = 1..2, layers
y = 1..10, roofed from y = 11), reached while the world is tilted east.  Height 10 surviving one tilt is
nine O2 layers from the floor up.  The fixed bag brings two I4 (3rd and 8th): the committed plan holds the
first for good and lets the second fall out on the tilt back (4 lost: the level's limit, 5 collapses).
The tests replay the committed solution (``python -m tools.floodline.target_plans lv06 --write``).
"""

from __future__ import annotations

import pytest

from engine.floodline.campaign import level
from engine.floodline.state import Reason, State, Status
from tests.floodline.tilting import play_moves, solution_moves

MOVES: list[str] = solution_moves(6)
HOLD = MOVES.index("h")


def _play(moves: list[str]) -> State:
    return play_moves(6, moves)


def test_the_solution_wins_three_stars_in_ten_pieces_with_one_hold() -> None:
    s = _play(MOVES)
    assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == 3
    assert s.metrics["piecesUsed"] == 10 and s.metrics["holdsUsed"] == 1
    assert s.metrics["lostVoxelsTotal"] == 4 and s.metrics["rotations"] == 2


def test_the_same_play_without_the_hold_loses() -> None:
    """The hold press replaced by a drop at the spawn: the first I4 slides in across layer 6, half out of
    the garage's mouth; the O2 meant for that layer stops on its end and the next piece cannot spawn
    (TOP_OUT).  Hold is this plan's way past the I4, not proven the only one (an upright I4 fits)."""
    s = _play([*MOVES[:HOLD], "d", *MOVES[HOLD + 1 :]])
    assert s.metrics["holdsUsed"] == 0
    assert s.outcome is not None and s.outcome.status == Status.LOST and s.outcome.reason == Reason.TOP_OUT


def test_the_full_garage_needs_the_tilt_back() -> None:
    s = _play(MOVES[: MOVES.index("tD")])
    assert s.outcome is None and s.metrics["piecesUsed"] == 10


def test_without_a_tilt_every_piece_falls_into_the_void() -> None:
    s = _play(["d", "d"])
    assert s.metrics["lostVoxelsTotal"] == 8
    assert s.outcome is not None and s.outcome.status == Status.LOST and s.outcome.reason == Reason.COLLAPSE


@pytest.mark.parametrize("strategy", ["drop", "tilt_drop", "greedy", "wall", "park", "tilt_greedy"])
def test_the_cheap_family_loses(strategy: str) -> None:
    from tools.playtest.floodline_family import play

    r = play(strategy, 6, int(level(6)["meta"]["seed"]), 30)
    assert not r["won"] and r["pieces"] >= 1, r
