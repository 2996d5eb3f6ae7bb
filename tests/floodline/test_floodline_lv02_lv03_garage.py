"""Lv2 "First Tilt" and Lv3 "Four Winds" (session 10, issue #26; RULES.md 61): a garage reached by a tilt.

The box bottom is open (a void: a piece dropped straight down falls out and is lost).  The only floor is
inside a 2x2 garage in a WALL block, roofed over, open toward the middle of the box: on the west side in
Lv2 (x = 0..1, z = 1..2, layers y = 1..6), on the north side in Lv3 (x = 2..3, z = 0..1, y = 1..8).  A
piece reaches it only while the world is tilted toward the block, sliding in at the height the player
moved it to.  The height objective (6 / 8) must survive one tilt, so the pieces must rest on the garage
floor when the world tilts back: 5 / 7 O2 stacked from the floor up.  The tests replay the committed
solutions (``python -m tools.floodline.target_plans lv02 lv03 --write``) and variations.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.floodline.campaign import level
from engine.floodline.level import parse_level
from engine.floodline.moves import parse_move
from engine.floodline.rules import initial_state
from engine.floodline.state import Reason, State, Status
from tools.floodline.solve_levels import _run

SOLUTIONS = Path(__file__).resolve().parents[2] / "tools" / "floodline" / "solutions"
#: level -> (tilt toward the garage, pieces the garage needs, the layer a tilted piece spawns at)
GARAGE = {2: ("tW", 5, 4), 3: ("tN", 7, 5)}


def _moves(n: int) -> list[str]:
    return list(json.loads((SOLUTIONS / f"lv{n:02d}.json").read_text())["inputs"])


def _play(n: int, moves: list[str]) -> State:
    lv = parse_level(level(n))
    s = initial_state(lv, lv.meta.seed)
    for t in moves:
        mv = parse_move(t)
        s = _run(s, [mv.once()] * mv.repeat)
    return s


def _fill(n: int, layers: list[int]) -> list[str]:
    """Tilt toward the garage, then one O2 into each of ``layers`` (the first piece starts high)."""
    tilt, _need, spawn_y = GARAGE[n]
    first = parse_level(level(n)).board.height_limit - 1
    out = [tilt]
    for k, y in enumerate(layers):
        y0 = first if k == 0 else spawn_y
        out += [f"my{'+' if y > y0 else '-'}", "."] * abs(y - y0) + ["d"]
    return out


@pytest.mark.parametrize("n", [2, 3])
def test_the_solution_fills_the_garage_from_the_floor_for_three_stars(n: int) -> None:
    s = _play(n, _moves(n))
    assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == 3
    assert s.metrics["piecesUsed"] == GARAGE[n][1] >= 5
    assert s.metrics["lostVoxelsTotal"] == 0 and s.metrics["shiftVoxelsTotal"] == 0
    assert s.metrics["rotations"] == 2


@pytest.mark.parametrize("n", [2, 3])
@pytest.mark.parametrize("missing", [1, 0])
def test_one_piece_short_of_the_garage_is_no_win(n: int, missing: int) -> None:
    """need - 1 pieces from the floor up stop one layer short of the target; need pieces win."""
    need = GARAGE[n][1]
    s = _play(n, [*_fill(n, list(range(1, need - missing + 1))), ".*90", "tD"])
    assert s.metrics["piecesUsed"] == need - missing and s.metrics["rotations"] == 2
    won = s.outcome is not None and s.outcome.status == Status.WON
    assert won == (missing == 0), (n, missing)


@pytest.mark.parametrize("n", [2, 3])
def test_the_full_garage_needs_the_tilt_back(n: int) -> None:
    need = GARAGE[n][1]
    s = _play(n, _fill(n, list(range(1, need + 1))))
    assert s.outcome is None  # height reached while tilted: it must survive a tilt first


@pytest.mark.parametrize("n", [2, 3])
def test_without_a_tilt_every_piece_falls_into_the_void(n: int) -> None:
    s = _play(n, ["d", "d", "d"])
    assert s.metrics["lostVoxelsTotal"] == 12 and s.metrics["rotations"] == 0
    assert s.outcome is not None and s.outcome.status == Status.LOST and s.outcome.reason == Reason.COLLAPSE


def test_lv02_a_garage_filled_one_layer_high_shifts_on_the_way_down_two_stars() -> None:
    """★3 is the row's "shift voxels = 0": five O2 in layers 2..6 fall one layer when the world tilts
    back (20 voxels shift), still height 6: ★2; layers 1..5 shift nothing: ★3."""
    high = _play(2, [*_fill(2, [2, 3, 4, 5, 6]), "tD"])
    assert high.outcome is not None and high.outcome.stars == 2 and high.metrics["shiftVoxelsTotal"] == 20
    low = _play(2, [*_fill(2, [1, 2, 3, 4, 5]), "tD"])
    assert low.outcome is not None and low.outcome.stars == 3 and low.metrics["shiftVoxelsTotal"] == 0


def test_lv02_tilted_east_the_pieces_pile_on_the_open_side_and_fall_out() -> None:
    s = _play(2, ["tE", "d", "d", "d", "tD"])
    assert s.metrics["lostVoxelsTotal"] >= 12
    assert s.outcome is not None and s.outcome.status == Status.LOST


@pytest.mark.parametrize(("extra", "stars"), [(False, 3), (True, 1)])
def test_lv03_star_two_is_at_most_two_tilts(extra: bool, stars: int) -> None:
    """★2 "≤ 2 tilts" (★3 has no condition of its own): north and back wins ★3 in 2 tilts.  Six layers,
    then east and north again for the last piece (it spawned while tilted east) and back down: 4 tilts,
    ★1 (its last piece's first try is lost in the void, 4 voxels)."""
    if extra:
        moves = [*_fill(3, list(range(1, 7))), ".*90", "tE", ".*90", "tN", "mx+", ".", "mx+", "."]
        moves += ["my+", ".", "my+", ".", "d"]
    else:
        moves = _fill(3, list(range(1, 8)))
    s = _play(3, [*moves, ".*90", "tD"])
    assert s.outcome is not None and s.outcome.status == Status.WON
    assert s.metrics["rotations"] == (4 if extra else 2) and s.outcome.stars == stars


@pytest.mark.parametrize("n", [2, 3])
@pytest.mark.parametrize("strategy", ["drop", "tilt_drop", "greedy", "wall", "park", "tilt_greedy"])
def test_the_cheap_family_loses(n: int, strategy: str) -> None:
    """Each strategy plays the level to its end (30 pieces cap; the bag holds 8 / 10): no win."""
    from tools.playtest.floodline_family import play

    r = play(strategy, n, int(level(n)["meta"]["seed"]), 30)
    assert not r["won"] and r["pieces"] >= 1, r
