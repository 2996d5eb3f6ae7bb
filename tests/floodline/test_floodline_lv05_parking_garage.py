"""Lv5 "Parking Lot" (session 10, issue #26; RULES.md 65): a parking garage.

The box bottom is open.  The only floor is a 3x3 garage in a west WALL block (x = 0..2, z = 1..3, layers
1..3, roofed from y = 4), open to the east: tilted west an I3 slides in as one full row at the height and
row the player chose.  Six rows make two flat layers, the plateau at level 2 (layer 3 stays empty above
it), which must survive one tilt (★3: two); ★2 at most 10 pieces.  The tests replay the committed
solution (``python -m tools.floodline.target_plans lv05 --write``) and variations.
"""

from __future__ import annotations

import pytest

from engine.floodline.campaign import level
from engine.floodline.state import Reason, State, Status
from tests.floodline.tilting import play_moves, solution_moves

MOVES: list[str] = solution_moves(5)
BUILT = MOVES[: len(MOVES) - 2]  # six rows in, still tilted west


def _play(moves: list[str]) -> State:
    return play_moves(5, moves)


def _row(y: int, z: int) -> list[str]:
    """One more I3 (spawned tilted west at layer 3, row z = 2) into layer ``y``, row ``z``."""
    out: list[str] = []
    for axis, d in (("z", z - 2), ("y", y - 3)):
        out += [f"m{axis}{'+' if d > 0 else '-'}", "."] * abs(d)
    return [*out, "d"]


def test_the_solution_wins_three_stars_in_six_pieces() -> None:
    s = _play(MOVES)
    assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == 3
    assert s.metrics["piecesUsed"] == 6 and s.metrics["lostVoxelsTotal"] == 0
    assert s.metrics["rotations"] == 3


@pytest.mark.parametrize(("tilts", "stars"), [(1, 2), (2, 3)])
def test_the_plateau_must_survive_one_tilt_and_two_for_star_three(tilts: int, stars: int) -> None:
    built = _play(BUILT)
    assert built.outcome is None  # the plateau stands, no tilt survived yet
    once = _play([*BUILT, "tD"])
    assert once.outcome is None and once.win_pending == 2  # secured at ★2, the game goes on
    end = _play([*BUILT, "tD", *(["tW"] if tilts == 2 else ["d"])])  # a second tilt, or a drop instead
    assert end.outcome is not None and end.outcome.status == Status.WON and end.outcome.stars == stars


def test_a_row_missing_is_no_plateau() -> None:
    """Five rows (the last one left out) and the tilts: the top layer has a gap, no win."""
    s = _play([*BUILT[: len(BUILT) - len(_row(2, 3))], "tD", "tW"])
    assert s.metrics["piecesUsed"] == 5
    assert s.outcome is None or s.outcome.status != Status.WON


@pytest.mark.parametrize(("extra", "stars"), [(4, 3), (5, 1)])
def test_star_two_is_at_most_ten_pieces(extra: int, stars: int) -> None:
    """Extra I3 slid west along row z = 0 (one layer higher each) rest on the block's wall beside the
    garage and fall out on the tilt back (3 voxels each, 15 allowed): 10 pieces keep ★2 (and ★3), 11 lose both (★1)."""
    spare = [t for k in range(extra) for t in ("mz-", ".", "mz-", ".", *["my+", "."] * k, "d")]
    first = BUILT.index("d") + 1  # after the first row (the first piece is soft-dropped, then tilted)
    s = _play([*BUILT[:first], *spare, *BUILT[first:], "tD", "tW"])
    assert s.metrics["piecesUsed"] == 6 + extra
    assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == stars


def test_without_a_tilt_every_piece_falls_into_the_void() -> None:
    s = _play(["d"] * 6)
    assert s.metrics["lostVoxelsTotal"] == 18
    assert s.outcome is not None and s.outcome.status == Status.LOST and s.outcome.reason == Reason.COLLAPSE


@pytest.mark.parametrize("strategy", ["drop", "tilt_drop", "greedy", "wall", "park", "tilt_greedy"])
def test_the_cheap_family_loses(strategy: str) -> None:
    from tools.playtest.floodline_family import play

    r = play(strategy, 5, int(level(5)["meta"]["seed"]), 20)
    assert not r["won"] and r["pieces"] >= 1, r
