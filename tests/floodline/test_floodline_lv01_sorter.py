"""Lv1 "First Stack" (session 11, issue #26; RULES.md 69): a shape sorter.

The floor (y = 0) is WALL but for eight slots, one per piece of the looping fixed bag I3, L3, O2, T3,
I3, L3, O2, T3; the objective is every slot filled flush (a plateau on exactly the slot columns at level
0: a piece standing up out of a slot, or lying across one, spoils it).  The L3 and T3 spawn standing and
must be turned flat (the teach beat: move, rotate, lock).  A piece that fits nowhere yet can be parked on
the shelf; the bag comes round again.  ★2 at most 10 pieces (two parked), ★3 8 pieces and no overhang.
The tests replay the committed solution (``python -m tools.floodline.target_plans lv01 --write``) and
variations of it (its eight pieces cut apart).
"""

from __future__ import annotations

import pytest

from engine.floodline.campaign import level
from engine.floodline.state import Status
from tests.floodline.tilting import play_moves, solution_moves


def _pieces() -> list[list[str]]:
    """The committed solution cut into its eight pieces (each ends with its hard drop ``d``): piece k
    goes from its spawn into slot k, which is for the k-th kind of the bag (I3, L3, O2, T3, I3, L3,
    O2, T3).  Every piece of a kind spawns in the same place, so piece k's moves fit any piece of its
    kind."""
    out: list[list[str]] = [[]]
    for m in solution_moves(1):
        out[-1].append(m)
        if m == "d":
            out.append([])
    return out[:-1]


PIECES = _pieces()


def _parked_first(n: int) -> list[str]:
    """The first ``n`` pieces hard-dropped where they spawn (on the shelf in the middle: x = 3..5 has
    no slot under the spawn), then the eight slots filled in bag order."""
    return ["d"] * n + [m for k in range(8) for m in PIECES[(n + k) % 8]]


def test_the_solution_wins_three_stars_in_eight_pieces() -> None:
    s = play_moves(1, solution_moves(1))
    assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == 3
    assert s.metrics["piecesUsed"] == 8 and s.metrics["rotations"] == 0


def test_seven_slots_are_not_a_win() -> None:
    """The 8th piece still to come: no win (one slot open)."""
    moves = solution_moves(1)
    last_drop = max(i for i, m in enumerate(moves) if m == "d")
    s = play_moves(1, moves[:last_drop])
    assert s.outcome is None and s.metrics["piecesUsed"] == 7


def test_a_t_not_turned_flat_spoils_its_slot() -> None:
    """The last T3 moved to its slot but not turned flat: it lands standing, two voxels in the slot's
    bar and two on the shelf; the slot's stem and an end of its bar stay open: no win."""
    last = [m for m in PIECES[7] if not m.startswith("r")]
    s = play_moves(1, [*(m for k in range(7) for m in PIECES[k]), *last])
    assert len(PIECES) == 8 and s.outcome is None and s.metrics["piecesUsed"] == 8


@pytest.mark.parametrize(("parked", "stars"), [(0, 3), (1, 2), (2, 2), (3, 1)])
def test_stars_by_pieces_parked(parked: int, stars: int) -> None:
    """8 pieces ★3; 9 and 10 (one or two parked on the shelf) ★2; 11 ★1."""
    s = play_moves(1, _parked_first(parked))
    assert s.outcome is not None and s.outcome.status == Status.WON, parked
    assert s.metrics["piecesUsed"] == 8 + parked and s.outcome.stars == stars


@pytest.mark.parametrize("strategy", ["drop", "tilt_drop", "greedy", "park"])
def test_the_cheap_family_loses(strategy: str) -> None:
    from tools.playtest.floodline_family import play

    r = play(strategy, 1, int(level(1)["meta"]["seed"]), 16)
    assert not r["won"] and r["pieces"] >= 1, r


@pytest.mark.parametrize(("pieces", "flush"), [(0, 0), (1, 3), (4, 14), (7, 24)])
def test_the_objective_bar_counts_slot_cells_filled_flush(pieces: int, flush: int) -> None:
    """The HUD's bar (``objective_progress``) counts slot cells filled flush, of 28 (I3 3, L3 3, O2 4, T3 4)."""
    from engine.floodline.scoring import objective_progress

    s = play_moves(1, [m for k in range(pieces) for m in PIECES[k]])
    row = objective_progress(s)[0]
    assert (row["value"], row["target"]) == (flush, 28)
