"""Input & Feel: tick order, gravity, soft/hard drop, DAS/ARR, lock delay and resets, hold, bags, tilts."""

from __future__ import annotations

import pytest
from floodline_util import cells, run, start, tick

from engine.floodline.bag import draw, new_bag
from engine.floodline.board import Kind, Material
from engine.floodline.geometry import Gravity
from engine.floodline.level import Bag
from engine.floodline.moves import parse_move
from engine.floodline.pieces import PIECES
from engine.floodline.state import Reason

SLOW = {"gravityTicks": 600}


def test_spawn_top_voxel_one_below_height_limit() -> None:
    # board height 16, heightLimit 12: the top voxel spawns at y = 11, centred on x/z
    s = start()
    assert s.active is not None
    assert s.active.piece_id == "O2" and s.active.origin == (3, 11, 3) and s.active.rot == 0
    s = start(bag={"type": "FIXED_SEQUENCE", "sequence": ["L3"]})  # two layers tall: pivot at y = 10
    assert s.active is not None and s.active.origin == (3, 10, 3)
    assert max(c[1] for c in s.active.cells()) == 11
    s = start(board={"heightLimit": 6})  # follows the limit, not the box height
    assert s.active is not None and s.active.origin[1] == 5


def test_tilt_right_after_spawn_does_not_overflow() -> None:
    # The bug this spawn rule fixes: a piece spawned in the margin above heightLimit slid sideways on a
    # tilt and locked above the limit (OVERFLOW).  Now it locks below the limit and the game goes on.
    s = run(start(timing=SLOW), "tE")
    assert s.gravity == Gravity.EAST and s.active is not None
    s = run(s, "d")
    assert cells(s.board, Kind.SOLID) == [(6, 11, 3), (6, 11, 4), (7, 11, 3), (7, 11, 4)]
    assert s.outcome is None
    s = run(s, "tD")
    assert s.outcome is None or s.outcome.reason != Reason.OVERFLOW
    assert max(c[1] for c in cells(s.board, Kind.SOLID)) < 12


def test_sideways_gravity_spawn_is_at_the_far_end_centred_below_the_limit() -> None:
    s = run(start(timing=SLOW), "d", "tE")  # locked piece, then tilt: the next piece spawns under EAST
    s = run(s, "d")
    assert s.gravity == Gravity.EAST and s.active is not None
    # x: the up-gravity (west) end; y: floor((12 - 1) / 2) = 5; z centred as before
    assert s.active.origin == (0, 5, 3)


def test_gravity_steps_every_gravity_ticks() -> None:
    s = start(timing={"gravityTicks": 30})
    s = run(s, ".*29")
    assert s.active is not None and s.active.origin[1] == 11
    s = run(s, ".")
    assert s.active is not None and s.active.origin[1] == 10


def test_soft_drop_one_cell_per_tick() -> None:
    s = run(start(timing=SLOW), "s*5")
    assert s.active is not None and s.active.origin[1] == 6


def test_hard_drop_locks_immediately_and_spawns_next() -> None:
    s = run(start(), "d")
    assert s.metrics["piecesUsed"] == 1
    assert cells(s.board, Kind.SOLID) == [(3, 0, 3), (3, 0, 4), (4, 0, 3), (4, 0, 4)]
    assert s.active is not None and s.active.origin == (3, 11, 3)
    assert s.tick == 1


def test_das_and_arr_timing() -> None:
    s = start(timing=SLOW, board={"size": [20, 8]})
    xs = []
    for _ in range(17):
        s = tick(s, move="x+")
        assert s.active is not None
        xs.append(s.active.origin[0])
    x0 = 9
    # press: move at once; next move after DAS=10 ticks, then every ARR=2 ticks
    assert xs[0] == x0 + 1
    assert xs[1:10] == [x0 + 1] * 9
    assert (
        xs[10] == x0 + 2 and xs[11] == x0 + 2 and xs[12] == x0 + 3 and xs[14] == x0 + 4 and xs[16] == x0 + 5
    )


def test_direction_change_restarts_das_and_release_resets() -> None:
    s = start(timing=SLOW, board={"size": [20, 8]})
    s = run(s, "mx+*5", "mz+")
    assert s.active is not None and s.active.origin[0] == 10 and s.active.origin[2] == 4
    s = run(s, "mz+*9")
    assert s.active.origin[2] == 4  # 9 more held ticks: DAS not yet charged (needs 10)
    s = run(s, "mz+")
    assert s.active.origin[2] == 5
    s = run(s, ".", "mz+")  # released then pressed: immediate move again
    assert s.active.origin[2] == 6


def test_moves_parallel_to_gravity_are_ignored() -> None:
    s = start(timing=SLOW)
    s2 = run(s, "my+")
    assert s2.active == s.active.moved(gravity_timer=1)


def test_lock_delay_twelve_ticks() -> None:
    s = run(start(timing=SLOW), "s*11")
    assert s.active is not None and s.active.origin[1] == 0 and s.active.lock_timer == 0
    s = run(s, ".*11")
    assert s.metrics["piecesUsed"] == 0 and s.active.lock_timer == 11
    s = run(s, ".")
    assert s.metrics["piecesUsed"] == 1


def test_lock_resets_capped_at_four() -> None:
    ledge = {"pos": [0, 0, 0], "to": [3, 0, 7], "type": "BEDROCK"}
    s = run(start(timing=SLOW, cells=[ledge]), "s*10")
    a = s.active
    assert a is not None and a.origin == (3, 1, 3) and a.grounded and a.lock_timer == 0
    timers = []
    for _ in range(5):
        s = run(s, "mx+")  # cells x=4,5: off the ledge -> ungrounded
        assert s.active is not None and not s.active.grounded
        timers.append((s.active.lock_resets, s.active.lock_timer))
        s = run(s, "mx-")  # back on the ledge -> grounded
    assert timers == [(1, -1), (2, -1), (3, -1), (4, -1), (4, 0)]  # the fifth ungrounding keeps the timer
    assert s.active.lock_timer == 1
    s = run(s, ".*10")
    assert s.metrics["piecesUsed"] == 0
    s = run(s, ".")
    assert s.metrics["piecesUsed"] == 1


def test_hold_once_per_drop_and_swap_back() -> None:
    s = start(bag={"type": "FIXED_SEQUENCE", "sequence": ["I3", "L3", "T3", "O2", "I4", "I4"]})
    s = run(s, "s*3", "rx+", "h")
    assert s.hold == ("I3", Material.STANDARD) and s.active.piece_id == "L3"
    assert s.queue[0][0] == "T3"
    s = run(s, "h")
    assert s.active.piece_id == "L3" and s.metrics["holdsUsed"] == 1  # second hold ignored
    s = run(s, "d", "h")
    assert s.active.piece_id == "I3" and s.active.rot == 0  # held piece back in spawn orientation
    assert s.hold == ("T3", Material.STANDARD)


def test_hold_disabled() -> None:
    s = run(start(abilities={"hold": False}), "h")
    assert s.hold is None and s.metrics["holdsUsed"] == 0


def test_canonical_order_hold_before_hard_drop() -> None:
    s = start(bag={"type": "FIXED_SEQUENCE", "sequence": ["I3", "O2", "L3", "L3"]})
    s = run(s, "h,d")
    assert s.hold == ("I3", Material.STANDARD)
    assert len(cells(s.board, Kind.SOLID)) == 4  # the O2 swapped in was the one dropped


def test_preview_and_fixed_sequence_end() -> None:
    s = start(
        bag={"type": "FIXED_SEQUENCE", "sequence": ["I3", "L3", "T3", "O2"]}, timing={"previewCount": 3}
    )
    assert [p for p, _ in s.queue] == ["L3", "T3", "O2"]
    s = run(s, "d", "d", "d")
    assert s.queue == () and s.active.piece_id == "O2"
    s = run(s, "d")
    assert s.outcome is not None and s.outcome.reason == Reason.OUT_OF_PIECES


def test_fixed_sequence_loop_and_forced_material() -> None:
    bag = Bag(type="FIXED_SEQUENCE", sequence=["I3", {"piece": "O2", "material": "REINFORCED"}], loop=True)
    st = new_bag(5)
    got = []
    for _ in range(5):
        item, st = draw(bag, st)
        got.append(item)
    assert got == [
        ("I3", Material.STANDARD),
        ("O2", Material.REINFORCED),
        ("I3", Material.STANDARD),
        ("O2", Material.REINFORCED),
        ("I3", Material.STANDARD),
    ]


def _draws(bag: Bag, seed: int, n: int) -> list[tuple[str, Material]]:
    st = new_bag(seed)
    out = []
    for _ in range(n):
        item, st = draw(bag, st)
        assert item is not None
        out.append(item)
    return out


def test_weighted_is_seeded_and_respects_zero_weights() -> None:
    bag = Bag(type="WEIGHTED", weights={"O2": 3, "I3": 1, "L3": 0})
    a = _draws(bag, 42, 400)
    assert a == _draws(bag, 42, 400)
    assert a != _draws(bag, 43, 400)
    names = [p for p, _ in a]
    assert set(names) == {"O2", "I3"}
    assert 240 <= names.count("O2") <= 360  # weight 3:1 over 400 draws


def test_bag_n_draws_permutations() -> None:
    bag = Bag(type="BAG_N", pieces=["O2", "I3", "L3", "T3"], copies=2)
    names = [p for p, _ in _draws(bag, 9, 24)]
    for k in range(0, 24, 8):
        assert sorted(names[k : k + 8]) == sorted(["O2", "I3", "L3", "T3"] * 2)


def test_material_roll_only_with_two_positive_weights() -> None:
    plain = Bag(type="WEIGHTED")
    single = Bag(type="WEIGHTED", materials={"HEAVY": 5})
    assert [p for p, _ in _draws(plain, 3, 30)] == [p for p, _ in _draws(single, 3, 30)]
    assert {m for _, m in _draws(single, 3, 30)} == {Material.HEAVY}
    mixed = Bag(type="WEIGHTED", materials={"STANDARD": 1, "REINFORCED": 1})
    mats = {m for _, m in _draws(mixed, 3, 60)}
    assert mats == {Material.STANDARD, Material.REINFORCED}
    assert set(PIECES) >= {p for p, _ in _draws(mixed, 3, 60)}


def test_reinforced_anchors_on_lock() -> None:
    s = start(bag={"type": "FIXED_SEQUENCE", "sequence": [{"piece": "O2", "material": "REINFORCED"}, "O2"]})
    s = run(s, "s*5", "d")
    assert all(s.board.anchor[s.board.idx(c)] == -1 for c in cells(s.board, Kind.SOLID))


# -- world rotation ------------------------------------------------------------------------------
def test_tilt_changes_gravity_and_piece_follows() -> None:
    s = run(start(timing=SLOW), "s*3", "tE")
    assert s.gravity == Gravity.EAST and s.metrics["rotations"] == 1
    s = run(s, "d")
    assert cells(s.board, Kind.SOLID) == [(6, 8, 3), (6, 8, 4), (7, 8, 3), (7, 8, 4)]
    assert s.outcome is None


@pytest.mark.parametrize(
    ("rot", "moves", "expect"),
    [
        ({"allowed": ["DOWN", "EAST", "WEST"]}, ["tN"], 0),  # direction not allowed
        ({}, ["tE", "tW"], 1),  # EAST -> WEST is 180°, not a snap
        ({"maxRotations": 2}, ["tE", "tD", "tW"], 2),
        ({"tiltBudget": 1}, ["tE", "tD"], 1),
        ({"cooldownSeconds": 0.5}, ["tE", ".*28", "tD"], 1),  # 30-tick cooldown
        ({"cooldownSeconds": 0.5}, ["tE", ".*29", "tD"], 2),
    ],
)
def test_rotation_constraints(rot: dict[str, object], moves: list[str], expect: int) -> None:
    s = run(start(timing=SLOW, rotation=rot), *moves)
    assert s.metrics["rotations"] == expect


def test_up_is_not_a_move() -> None:
    with pytest.raises(ValueError):
        parse_move("tU")


def test_tilt_resolve_settles_world_immediately() -> None:
    s = start(timing=SLOW, cells=[{"pos": [1, 0, 1], "to": [1, 2, 1], "type": "SOLID"}])
    s = run(s, "tW")
    assert cells(s.board, Kind.SOLID) == [(0, 0, 1), (0, 1, 1), (0, 2, 1)]
    assert s.metrics["shiftVoxelsTotal"] == 3 and s.last_resolve["shift"] == 3


def test_tilt_rejected_when_settled_voxel_would_enter_piece() -> None:
    # A pillar at x=6 falls WEST along y=1..; the piece hovers in its path at x=3..4, y=1.
    pillar = {"pos": [6, 0, 3], "to": [6, 1, 3], "type": "SOLID"}
    s = run(start(timing=SLOW, cells=[pillar]), "s*10")
    assert s.active is not None and s.active.origin == (3, 1, 3)
    before = s.board.snapshot()
    s2 = run(s, "tW")
    assert s2.gravity == Gravity.DOWN and s2.metrics["rotations"] == 0
    assert s2.board.snapshot() == before
    s3 = run(s, "tE")  # away from the piece: fine
    assert s3.gravity == Gravity.EAST and cells(s3.board, Kind.SOLID) == [(7, 0, 3), (7, 1, 3)]


def test_piece_rotation_uses_kicks_in_order() -> None:
    # I3 along x; yaw +90° turns +x into -z.  At origin z=1 the plain turn pokes out at z=-1:
    # kicks (+1,0,0) and (-1,0,0) still poke out, (0,0,+1) is the first that fits.
    s = start(timing=SLOW, bag={"type": "FIXED_SEQUENCE", "sequence": ["I3", "I3"]})
    s = run(s, "mz-", ".", "mz-")  # tap, release, tap: z origin 3 -> 1
    assert s.active is not None and s.active.origin[2] == 1
    s1 = run(s, "ry+")
    a = s1.active
    assert a is not None and a.rot != 0
    assert a.origin == (s.active.origin[0], s.active.origin[1], 2)
    assert sorted(c[2] for c in a.cells()) == [0, 1, 2]
    # At z=0 no kick fits (the longest reach is +1): rotation rejected, nothing changes.
    s = run(s, ".", "mz-")
    s2 = run(s, "ry+")
    assert s2.active is not None and s2.active.rot == 0 and s2.active.origin == s.active.origin


def test_preview_tilt_matches_the_real_tilt_and_changes_nothing() -> None:
    from engine.floodline.view import preview_tilt

    s = start(
        timing=SLOW,
        cells=[{"pos": [1, 0, 1], "to": [1, 2, 1], "type": "SOLID"}],
        rotation={"allowed": ["DOWN", "WEST"]},
    )
    before = s.board.snapshot()
    p = preview_tilt(s, Gravity.WEST)
    assert s.board.snapshot() == before
    real = run(s, "tW", "d")  # the preview includes the falling piece landing under the new gravity
    assert p["cells"] == real.board.cell_list() and p["tiltShift"] == 3
    assert preview_tilt(s, Gravity.EAST)["reason"] == "direction"
    pillar = {"pos": [6, 0, 3], "to": [6, 1, 3], "type": "SOLID"}
    s = run(start(timing=SLOW, cells=[pillar]), "s*10")
    p = preview_tilt(s, Gravity.WEST)
    assert p["rejected"] and p["reason"] == "blocked"


def test_hold_and_drain_respawn_use_the_spawn_rule() -> None:
    bag = {"type": "FIXED_SEQUENCE", "sequence": ["I3", "L3", "T3", "O2", "O2"]}
    s = start(timing=SLOW, bag=bag, abilities={"hold": True, "drainPlacementCharges": 1})
    s = run(s, "s*5", "h")  # the I3 fell to y = 6; the L3 comes in at the spawn point
    assert s.active is not None and s.active.piece_id == "L3"
    assert max(c[1] for c in s.active.cells()) == 11
    s = run(s, "d", "s*5", "h")  # swap back: the held I3 returns at the spawn point too
    assert s.active is not None and s.active.piece_id == "I3" and s.active.origin == (2, 11, 3)
    s = run(s, "s*3", "p")  # drain placement swaps in a one-voxel drain piece at the spawn point
    assert s.active is not None and s.active.piece_id != "I3" and s.active.origin[1] == 11
