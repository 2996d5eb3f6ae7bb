"""Lv27 "Tight Budget" (session 14, issue #26): a weight limit that only a Stabilized spine meets.

Uncapped, the lab's cheap "park" (every piece at the highest spot a tilt loses nothing from) won the
level ★3 in 24 pieces: the bag's Reinforced pieces alone reach height 24 by the 24th draw.  The
level now has a weight limit of 114: the first 19 draws weigh 111 and 20 weigh 119, so a play that
locks every piece it draws stops at the 19th; keeping a 10-mass Heavy (the C3D5 drawn 10th or the P5
drawn 18th) in the hold slot for good lets it lock 20 of the first 21 (114); the first Heavy (the Z4
drawn 1st, 8) is not enough (116).  The committed plan (``tools/floodline/park_plan.py``: park's
placements heading north, the level's one Stabilize on the L4 drawn 4th, the P5 Heavy drawn 18th held
for good) reaches height 24 with its 20th piece.  Replayed from its committed solution (a witness).
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

CAP = 114


@cache
def _plan() -> tuple[State, tuple[TickInput, ...]]:
    ticks = solution_ticks(27)
    return replay(27, list(ticks)), ticks


def test_the_level_has_the_weight_limit_and_the_rows_tilt_budget() -> None:
    lv = parse_level(level(27))
    assert lv.constraints.max_mass == CAP
    assert lv.rotation.tilt_budget == 6 and lv.abilities.stabilize_charges == 1 and lv.abilities.hold


def test_the_plan_wins_three_stars_in_20_pieces_at_the_limit_with_one_stabilize_and_one_hold() -> None:
    s = _plan()[0]
    assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == 3
    assert s.metrics["piecesUsed"] == 20 and s.metrics["massPlaced"] == CAP
    assert s.metrics["stabilizesUsed"] == 1 and s.metrics["holdsUsed"] == 1
    assert stack_height(s.board) >= 24


def test_the_weight_limit_at_its_boundary() -> None:
    """The same inputs: won at 114 and 115, WEIGHT_EXCEEDED at 113 (the 20th piece crosses it)."""
    ticks = list(_plan()[1])
    outs = {v: replay(27, ticks, with_max_mass(27, v)).outcome for v in (CAP - 1, CAP, CAP + 1)}
    assert all(o is not None for o in outs.values())
    assert {v: o.status for v, o in outs.items() if o is not None} == {
        CAP - 1: Status.LOST,
        CAP: Status.WON,
        CAP + 1: Status.WON,
    }
    lost = outs[CAP - 1]
    assert lost is not None and lost.reason.value == "WEIGHT_EXCEEDED"


def test_the_bag_allows_19_locked_pieces_or_20_with_a_heavy_one_held() -> None:
    """Bag arithmetic (no play): 19 draws weigh 111, 20 weigh 119 (park's uncapped win locked 24, 140);
    the first 21 less a 10-mass Heavy weigh 114, the first 22 less it 122; the first 21 less the first
    Heavy drawn (the Z4, 8) weigh 116: "hold the first Heavy" is not enough."""
    m = draw_masses(27, 24)
    assert sum(m[:19]) <= CAP < sum(m[:20]) and sum(m[:24]) == 140
    assert sum(m[:21]) - max(m[:21]) == CAP < sum(m[:22]) - max(m[:22])
    assert m[0] == 8 and sum(m[:21]) - m[0] > CAP


def test_without_stabilize_the_plan_does_not_win() -> None:
    """No Stabilize charge (the same inputs): the L4 drawn 4th is loose, the tower falls short."""
    s = replay(27, list(_plan()[1]), _abilities(stabilizeCharges=0)(copy.deepcopy(level(27))))
    assert s.outcome is None or s.outcome.status != Status.WON


def test_without_hold_the_plan_does_not_win() -> None:
    """No hold slot (the same inputs): the P5 Heavy is locked, the play goes over the limit."""
    s = replay(27, list(_plan()[1]), _abilities(hold=False)(copy.deepcopy(level(27))))
    assert s.outcome is None or s.outcome.status != Status.WON
