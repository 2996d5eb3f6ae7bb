"""Lv24 "First Gust" (session 14, issue #26): a weight limit that only a play using the hold slot meets.

Uncapped, the lab's cheap "park" (every piece at the highest spot a tilt loses nothing from) won the
level ★3 in 26 pieces: its frame on the post reached height 20 with the L4 Reinforced drawn 26th.  The
level now has a weight limit of 132: the first 23 draws weigh 131 and 24 weigh 135, so a play that
locks every piece it draws stops at the 23rd; only a piece kept in the hold slot for good (one of the
two P5 Heavy, 10 each) lets a play lock the 26th draw (the first 26 less a P5 Heavy weigh 132).  The
committed plan (``tools/floodline/park_plan.py``: park's placements heading east, the P5 Heavy drawn
15th held for good) reaches height 20 with its 25th piece.  Replayed from its committed solution.
"""

from __future__ import annotations

import copy
from functools import cache

from engine.floodline.campaign import level
from engine.floodline.conditions import stack_height
from engine.floodline.level import parse_level
from engine.floodline.moves import TickInput
from engine.floodline.state import State, Status
from tests.floodline.tilting import draw_masses, replay, solution_ticks, with_max_mass
from tools.floodline.necessity import _abilities

CAP = 132


@cache
def _plan() -> tuple[State, tuple[TickInput, ...]]:
    ticks = solution_ticks(24)
    return replay(24, list(ticks)), ticks


def test_the_level_has_the_weight_limit_hold_and_no_stabilize() -> None:
    lv = parse_level(level(24))
    assert lv.constraints.max_mass == CAP
    assert lv.abilities.hold and lv.abilities.stabilize_charges == 0  # Stabilize comes with Lv25


def test_the_plan_wins_three_stars_in_25_pieces_at_the_limit_with_one_hold() -> None:
    s = _plan()[0]
    assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == 3
    assert s.metrics["piecesUsed"] == 25 and s.metrics["massPlaced"] == CAP
    assert s.metrics["holdsUsed"] == 1 and s.metrics["rotations"] <= 4
    assert stack_height(s.board) >= 20


def test_the_weight_limit_at_its_boundary() -> None:
    """The same inputs: won at 132 and 133, WEIGHT_EXCEEDED at 131 (the 25th piece crosses it)."""
    ticks = list(_plan()[1])
    outs = {v: replay(24, ticks, with_max_mass(24, v)).outcome for v in (CAP - 1, CAP, CAP + 1)}
    assert all(o is not None for o in outs.values())
    assert {v: o.status for v, o in outs.items() if o is not None} == {
        CAP - 1: Status.LOST,
        CAP: Status.WON,
        CAP + 1: Status.WON,
    }
    lost = outs[CAP - 1]
    assert lost is not None and lost.reason.value == "WEIGHT_EXCEEDED"


def test_the_bag_allows_23_locked_pieces_or_25_with_a_heavy_one_held() -> None:
    """Bag arithmetic (no play): 23 draws weigh 131, 24 weigh 135 (park's uncapped win locked 26, 142);
    the 26 first draws less the heaviest (a P5 Heavy, 10) weigh 132, the 27 first less it 136."""
    m = draw_masses(24, 27)
    assert sum(m[:23]) <= CAP < sum(m[:24]) and sum(m[:26]) == 142
    assert sum(m[:26]) - max(m[:26]) == CAP < sum(m[:27]) - max(m[:27])


def test_without_hold_the_plan_does_not_win() -> None:
    """No hold slot (the same inputs): the P5 Heavy is locked, the play goes over the limit."""
    s = replay(24, list(_plan()[1]), _abilities(hold=False)(copy.deepcopy(level(24))))
    assert s.outcome is None or s.outcome.status != Status.WON
