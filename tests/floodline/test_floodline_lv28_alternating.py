"""Lv28 "Alternating Wind" (session 11, issue #26): the tower must stand leaning east, then north.

Session 10 gave Lv28 a tilt budget of 4, but the lab's "park" strategy (each piece at the highest
spot a tilt to one side loses nothing from, then that tilt out and straight back) still won ★2 in 21
pieces: on the old Lv28 park *is* the spine plan.  Now the world never tilts back down
(``rotation.allowed`` has no DOWN), so no out-and-back ritual exists, and the WALL post has a notch on
its south-west corner: the column (3, y, 5) rests on the post's west face tilted east and on the
notch's south face tilted north.  The committed plan (``tools/floodline/lv28_plan.py``) builds a
Reinforced spine in the notch, tilts east, then north: ★2 in 23 pieces.  ★3 is the row's "shift 0"
(a STAR_GAPS entry: the thrown pieces move on the tilts); its boundary is pinned here.
"""

from __future__ import annotations

import copy
from typing import Any

from engine.floodline.campaign import level
from engine.floodline.conditions import stack_height
from engine.floodline.geometry import Gravity
from engine.floodline.level import parse_level
from engine.floodline.moves import IDLE, TickInput
from engine.floodline.state import Reason, Status
from tests.floodline.tilting import replay, solution_ticks
from tools.floodline.necessity import _no_material


def _build() -> list[TickInput]:
    """The solution's inputs before its first tilt: the spine stands 26 high in the notch."""
    ticks = list(solution_ticks(28))
    return ticks[: next(i for i, t in enumerate(ticks) if t.tilt is not None)]


def _tilts(*gs: Gravity) -> list[TickInput]:
    out: list[TickInput] = []
    for g in gs:
        out += [*[IDLE] * 30, TickInput(tilt=g)]
    return [*out, *[IDLE] * 30]


def _changed(**rotation: Any) -> dict[str, Any]:
    d = copy.deepcopy(level(28))
    d["rotation"] = {**d["rotation"], **rotation}
    return d


def test_the_plan_wins_two_stars_in_23_pieces_tilting_east_then_north() -> None:
    s = replay(28, solution_ticks(28))
    assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == 2
    assert s.metrics["piecesUsed"] == 23 and s.metrics["rotations"] == 2
    assert s.gravity == Gravity.NORTH and stack_height(s.board) >= 26


def test_the_world_never_tilts_back_down() -> None:
    """No out-and-back: from east the DOWN tilt is refused (the ritual #26 names is gone)."""
    assert Gravity.DOWN not in parse_level(level(28)).rotation.allowed
    s = replay(28, [*_build(), *_tilts(Gravity.EAST, Gravity.DOWN)])
    assert s.gravity == Gravity.EAST and s.metrics["rotations"] == 1
    assert s.outcome is None


def test_only_east_and_north_hold_the_spine_in_the_notch() -> None:
    """The spine rests on the post tilted east and on the notch tilted north (either order); tilted
    south after east, or west first, nothing holds it."""
    for first, second in ((Gravity.EAST, Gravity.NORTH), (Gravity.NORTH, Gravity.EAST)):
        s = replay(28, [*_build(), *_tilts(first, second)])
        assert s.outcome is not None and s.outcome.status == Status.WON, (first, second)
    south = replay(28, [*_build(), *_tilts(Gravity.EAST, Gravity.SOUTH)])
    assert south.outcome is None or south.outcome.status != Status.WON
    assert stack_height(south.board) < 26
    west = replay(28, [*_build(), *_tilts(Gravity.WEST)])
    assert stack_height(west.board) < 26
    ritual = replay(28, _tilts(Gravity.EAST, Gravity.NORTH))  # the no-piece ritual
    assert ritual.outcome is None or ritual.outcome.status != Status.WON


def test_without_the_notch_the_spine_slides_out_tilted_north() -> None:
    d = copy.deepcopy(level(28))
    d["cells"] = [c for c in d["cells"] if c["pos"] != [3, 0, 4]]
    s = replay(28, solution_ticks(28), d)
    assert s.outcome is None or s.outcome.status != Status.WON
    assert stack_height(s.board) < 26


def test_without_reinforced_the_spine_does_not_stand() -> None:
    """Reinforced drawn as Standard (the same inputs): the loose column breaks off on the first tilt."""
    s = replay(28, solution_ticks(28), _no_material("REINFORCED")(copy.deepcopy(level(28))))
    assert s.outcome is None or s.outcome.status != Status.WON
    assert stack_height(s.board) < 26


def test_the_two_tilts_fit_a_budget_of_two_not_one() -> None:
    assert parse_level(level(28)).rotation.tilt_budget == 4
    one = replay(28, solution_ticks(28), _changed(tiltBudget=1))
    assert one.outcome is not None and one.outcome.status == Status.LOST
    assert one.outcome.reason == Reason.TILTS_EXHAUSTED
    two = replay(28, solution_ticks(28), _changed(tiltBudget=2))
    assert two.outcome is not None and two.outcome.status == Status.WON


def test_star_three_is_the_rows_shift_limit_at_its_boundary() -> None:
    """★3 "shift voxels ≤ N" (the row's N = 0): the plan's shift S earns it at N = S and S + 1, not S - 1."""
    shift = int(replay(28, solution_ticks(28)).metrics["shiftVoxelsTotal"])
    assert shift > 0  # the row's "shift 0" is missed (STAR_GAPS)
    stars = {}
    for v in (shift - 1, shift, shift + 1):
        d = copy.deepcopy(level(28))
        (cond,) = d["stars"]["three"]
        assert cond["metric"] == "shiftVoxelsTotal" and cond["value"] == 0
        cond["value"] = v
        o = replay(28, solution_ticks(28), d).outcome
        assert o is not None and o.status == Status.WON
        stars[v] = o.stars
    assert stars == {shift - 1: 2, shift: 3, shift + 1: 3}


def test_park_pair_plays_the_eight_perpendicular_pairs_only_where_down_is_refused() -> None:
    """The lab's park strategies tilt out and back, which Lv28 refuses; ``park_pair`` (session 16) plays
    each ordered pair of perpendicular sideways tilts instead, and leaves levels with DOWN to park."""
    from tools.floodline.park_pair import pairs

    got = pairs(parse_level(level(28)))
    assert len(got) == 8 and all(a != b and Gravity.DOWN not in (a, b) for a, b in got)
    assert (Gravity.EAST, Gravity.NORTH) in got and (Gravity.EAST, Gravity.WEST) not in got
    assert pairs(parse_level(level(21))) == []
