"""Lv8 "Tilt Budget" (session 10, issue #26; RULES.md 63): one garage column with two mouths.

The box bottom is open; the only floor is a 2x2 column in a WALL block (x = 0..1, z = 1..2, layers
y = 1..11, roofed from y = 12).  Layers 1..6 open to the east (reached tilted west), layers 7..11 to the
south (reached tilted north).  Height 12 surviving one tilt is eleven O2: west, north and back down are 3
of the 6-tilt budget (★3: at least 2 left).  The tests replay the committed solution
(``python -m tools.floodline.target_plans lv08 --write``) and variations.
"""

from __future__ import annotations

import pytest

from engine.floodline.campaign import level
from engine.floodline.state import Reason, State, Status
from tests.floodline.tilting import play_moves, solution_moves

MOVES: list[str] = solution_moves(8)
NORTH = MOVES.index("tN")


def _play(moves: list[str]) -> State:
    return play_moves(8, moves)


def test_the_solution_wins_three_stars_in_eleven_pieces_with_three_tilts() -> None:
    s = _play(MOVES)
    assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == 3
    assert s.metrics["piecesUsed"] == 11 and s.metrics["rotations"] == 3
    assert s.metrics["lostVoxelsTotal"] == 0 and s.metrics["shiftVoxelsTotal"] == 0


@pytest.mark.parametrize(("extra", "tilts", "stars"), [([], 3, 3), (["tD"], 4, 3), (["tD", "tW"], 5, 2)])
def test_star_three_is_two_tilts_left(extra: list[str], tilts: int, stars: int) -> None:
    """Extra tilts between the lower and the upper part (the lower layers rest on the floor under any
    gravity): 4 tilts leave 2 of 6 (★3), 5 leave 1 (★2: the row has no ★2 condition)."""
    s = _play([*MOVES[:NORTH], *extra, *MOVES[NORTH:]])
    assert s.outcome is not None and s.outcome.status == Status.WON
    assert s.metrics["rotations"] == tilts and s.outcome.stars == stars


def test_the_lower_mouth_only_reaches_six_layers() -> None:
    """Tilted west only (no north tilt): after the six lower layers, a piece at layer 7 rests against the
    wall over the lower mouth, outside the column, and falls out on the tilt back."""
    lower = MOVES[:NORTH]
    s = _play([*lower, "my+", ".", "mz-", ".", "d", "tD"])
    assert s.outcome is None or s.outcome.status != Status.WON
    assert s.metrics["lostVoxelsTotal"] == 4


def test_the_full_column_needs_the_tilt_back() -> None:
    s = _play(MOVES[: MOVES.index("tD")])
    assert s.outcome is None and s.metrics["piecesUsed"] == 11


def test_without_a_tilt_every_piece_falls_into_the_void() -> None:
    s = _play(["d", "d", "d"])
    assert s.metrics["lostVoxelsTotal"] == 12
    assert s.outcome is not None and s.outcome.status == Status.LOST and s.outcome.reason == Reason.COLLAPSE


@pytest.mark.parametrize("strategy", ["drop", "tilt_drop", "greedy", "wall", "park", "tilt_greedy"])
def test_the_cheap_family_loses(strategy: str) -> None:
    from tools.playtest.floodline_family import play

    r = play(strategy, 8, int(level(8)["meta"]["seed"]), 30)
    assert not r["won"] and r["pieces"] >= 1, r
