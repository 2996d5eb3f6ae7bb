"""Lv10 "Foundation Exam" (session 10, issue #26; RULES.md 64): the two-mouth column and a walled deck.

Every face but the top is open.  A 2x2 garage column (x = 1..2, z = 1..2, layers 1..13, back wall at
x = 0, roofed from y = 14) opens east for layers 1..6 (tilt west) and south for 7..13 (tilt north).  A
3x3 deck (WALL at y = 3, x = 7..9, z = 5..7) has a one-high lip on its west and north sides, so its top
layer survives a west or a north tilt while anything stacked higher falls out.  Height 14 surviving 2
tilts AND a 3x3 plateau at level 4; budget 8 tilts; ★3 at most 6 voxels shifted.  The tests replay the
committed solution (``python -m tools.floodline.target_plans lv10 --write``) and variations.
"""

from __future__ import annotations

import pytest

from engine.floodline.campaign import level
from engine.floodline.state import Reason, State, Status
from tests.floodline.tilting import play_moves, solution_moves

MOVES: list[str] = solution_moves(10)
FIRST_DROP = MOVES.index("d")


def _play(moves: list[str]) -> State:
    return play_moves(10, moves)


def test_the_solution_wins_three_stars_in_sixteen_pieces_with_four_tilts() -> None:
    s = _play(MOVES)
    assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == 3
    assert s.metrics["piecesUsed"] == 16 and s.metrics["rotations"] == 4
    assert s.metrics["lostVoxelsTotal"] == 0 and s.metrics["shiftVoxelsTotal"] == 0


@pytest.mark.parametrize(("cut", "won"), [(2, False), (1, False), (0, True)])
def test_height_must_survive_two_tilts(cut: int, won: bool) -> None:
    """The full column and deck after 0 / 1 / 2 of the closing tilts (down, west): only 2 win."""
    s = _play(MOVES[: len(MOVES) - cut])
    assert (s.outcome is not None and s.outcome.status == Status.WON) == won


def test_without_the_first_deck_row_there_is_no_plateau() -> None:
    """The first I3 dropped where it spawns (over the void: 3 lost) instead of onto the deck: the column
    is built as before, the deck keeps a gap and the level is not won."""
    s = _play(["d", *MOVES[FIRST_DROP + 1 :]])
    assert s.metrics["lostVoxelsTotal"] == 3
    assert s.outcome is None or s.outcome.status != Status.WON


def test_without_a_tilt_only_the_deck_holds_pieces() -> None:
    s = _play(["d", "d", "d"])
    assert s.metrics["lostVoxelsTotal"] >= 9 and s.metrics["rotations"] == 0
    assert s.outcome is not None and s.outcome.status == Status.LOST and s.outcome.reason == Reason.COLLAPSE


@pytest.mark.parametrize("strategy", ["drop", "tilt_drop", "greedy", "wall", "park", "tilt_greedy"])
def test_the_cheap_family_loses(strategy: str) -> None:
    from tools.playtest.floodline_family import play

    r = play(strategy, 10, int(level(10)["meta"]["seed"]), 25)
    assert not r["won"] and r["pieces"] >= 1, r


@pytest.mark.parametrize(
    ("piece", "tap", "shifted", "stars"), [(14, "mx-", 4, 3), (13, "mx-", 6, 3), (12, "mx-", 8, 2)]
)
def test_star_three_is_at_most_six_shifted_voxels(piece: int, tap: str, shifted: int, stars: int) -> None:
    """★3 "shift ≤ 6" at its boundary: one O2 of the column's upper (south-mouth) run tapped one cell west
    before its drop (2 of its voxels lost over the void, the rest of the column shifts as it settles):
    the 15th / 14th / 13th piece nudged shifts 4 / 6 / 8 voxels → ★3 / ★3 / ★2.  Found by nudging each
    drop of the committed solution one cell; every such variation shifts an even number (7 not reached)."""
    drops = [i for i, m in enumerate(MOVES) if m == "d"]
    i = drops[piece]
    s = _play([*MOVES[:i], tap, ".", *MOVES[i:]])
    assert s.outcome is not None and s.outcome.status == Status.WON
    assert s.metrics["shiftVoxelsTotal"] == shifted and s.metrics["lostVoxelsTotal"] == 2
    assert s.outcome.stars == stars
