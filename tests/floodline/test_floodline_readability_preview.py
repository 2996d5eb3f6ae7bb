"""Issue #16 readability: the tilt preview includes the falling piece, a refused tilt says why,
and the basin preview's "next fill" is the one cell the next water unit settles in."""

from __future__ import annotations

from floodline_util import run, start

from engine.floodline.board import Board, Kind
from engine.floodline.geometry import Gravity
from engine.floodline.preview import next_fill, preview_tilt, tilt_refusal
from engine.floodline.water import settle_water

SLOW = {"gravityTicks": 600}


def test_tilt_preview_counts_the_falling_piece_lost_through_an_open_face() -> None:
    # an empty board open to the west: the tilt moves no settled voxel, but the piece then slides
    # west, stops at the open face and is lost when it locks (RULES.md 16b)
    s = start(timing=SLOW, board={"openFaces": ["WEST"]}, rotation={"allowed": ["DOWN", "WEST"]})
    p = preview_tilt(s, Gravity.WEST)
    real = run(s, "tW", "d")
    lost = real.metrics["lostVoxelsTotal"]
    assert lost > 0  # the scenario: the piece is lost
    assert p["tiltLost"] == 0 and p["lost"] == lost  # the old preview said "0 lost"
    assert p["cells"] == real.board.cell_list()
    assert p["piece"] and min(c[0] for c in p["piece"]) == 0  # it lands against the west face


def test_tilt_preview_shows_where_the_piece_lands_and_changes_nothing() -> None:
    s = start(timing=SLOW, rotation={"allowed": ["DOWN", "EAST"]})
    before = (s.board.snapshot(), s.tick, s.gravity)
    p = preview_tilt(s, Gravity.EAST)
    assert (s.board.snapshot(), s.tick, s.gravity) == before
    real = run(s, "tE", "d")
    solids = sorted(tuple(c["pos"]) for c in p["cells"] if c["type"] == "SOLID")
    assert solids == sorted(tuple(c) for c in p["piece"]) == sorted(real.board.cells_of(Kind.SOLID))
    assert max(c[0] for c in p["piece"]) == s.board.sx - 1 and p["lost"] == 0


def test_refused_tilt_names_direction_budget_cooldown_and_blocking() -> None:
    s = start(
        timing=SLOW, rotation={"allowed": ["DOWN", "WEST", "EAST"], "maxRotations": 2, "cooldownSeconds": 1}
    )
    assert tilt_refusal(s, Gravity.WEST) is None
    assert tilt_refusal(s, Gravity.NORTH)["reason"] == "direction"  # not allowed in this level
    assert tilt_refusal(s, None)["reason"] == "direction"  # the key points along gravity
    assert tilt_refusal(s, Gravity.DOWN)["reason"] == "direction"  # already the gravity
    s = run(s, "tW")
    why = tilt_refusal(s, Gravity.DOWN)
    assert why["reason"] == "cooldown" and why["ticks"] == s.cooldown > 0
    s = run(s, ".*60", "tD")
    assert s.gravity == Gravity.DOWN
    s = run(s, ".*60")
    why = tilt_refusal(s, Gravity.EAST)
    assert why["reason"] == "budget" and why["limit"] == 2 and why["used"] == 2
    assert preview_tilt(s, Gravity.EAST)["reason"] == "budget"
    # a settled pillar the tilt would push into the falling piece: rolled back
    s = run(start(timing=SLOW, cells=[{"pos": [6, 0, 3], "to": [6, 1, 3], "type": "SOLID"}]), "s*10")
    assert tilt_refusal(s, Gravity.WEST)["reason"] == "blocked"
    assert run(s, "tW").gravity == Gravity.DOWN  # the engine refuses it indeed


def _pour(b: Board, g: Gravity) -> tuple[int, int, int]:
    """Add one unit of water from the top of the box and return the cell that became wet."""
    before = set(b.cells_of(Kind.WATER))
    top = max(c[1] for c in before) + 1
    x, _, z = min(before)
    b.set_kind((x, top, z), Kind.WATER)
    settle_water(b, g)
    (new,) = set(b.cells_of(Kind.WATER)) - before
    return new


def test_next_fill_is_the_single_cell_the_next_unit_settles_in() -> None:
    # a 6-wide trough: the old preview marked the whole empty floor row; the next unit takes one cell
    b = Board(6, 6, 3)
    for x in range(6):
        for z in (0, 2):
            b.set_kind((x, 0, z), Kind.WALL)
            b.set_kind((x, 1, z), Kind.WALL)
    b.set_kind((0, 0, 1), Kind.WATER)
    b.set_kind((1, 0, 1), Kind.WATER)
    settle_water(b, Gravity.DOWN)
    for _ in range(8):  # fills the floor row, then the next row, cell by cell
        cell = next_fill(b, Gravity.DOWN)
        assert cell is not None
        assert tuple(cell) == _pour(b, Gravity.DOWN)
    empty = Board(3, 3, 3)
    assert next_fill(empty, Gravity.DOWN) is None


def test_danger_ramps_towards_the_overflow_line_and_the_flood_line() -> None:
    from engine.floodline.preview import danger

    s = start()  # height limit 12
    assert danger(s) == 0
    tall = start(cells=[{"pos": [0, 0, 0], "to": [0, 10, 0], "type": "SOLID", "anchored": True}])
    mid = start(cells=[{"pos": [0, 0, 0], "to": [0, 8, 0], "type": "SOLID", "anchored": True}])
    assert 0 < danger(mid) < danger(tall) < 100
    full = start(cells=[{"pos": [0, 0, 0], "to": [0, 11, 0], "type": "SOLID", "anchored": True}])
    assert danger(full) == 100
    # water up to y = 1 under a forbidden height of 3 (its own line; the overflow line is far)
    pool = [{"pos": [0, 0, 0], "to": [7, 1, 7], "type": "WATER"}]
    wet = start(cells=pool, constraints={"waterForbiddenHeight": 3})
    assert danger(wet) == 33 and danger(start(cells=pool)) == 0
