"""Lv21 "Weight Limit" (session 15, issue #26): a limit that binds, 98 instead of the row's 250.

At 250 the limit never bound (a piece weighs at most 5 in Lv21's bag, no Heavy): the lab's cheap
"park" won ★3 in 26 pieces (heading north, mass 107).  Now ``maxMass`` is 98: the first 25 draws weigh
103 and 26 weigh 107, and a hold slot can keep only one piece out for good (at most 5), so a play
that needs the 26th draw locks at least 102 and loses (WEIGHT_EXCEEDED) whatever it holds, and one
that needs the 25th must keep a 5-mass piece out.  The committed plan (the spine plan,
``tools/floodline/spine_plans.py``, whose 24th draw, a P5 it would have thrown away, is put in the
hold slot for good) wins ★3 in 24 pieces, mass 98.  Replayed from its committed solution (a witness).
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

CAP = 98


@cache
def _plan() -> tuple[State, tuple[TickInput, ...]]:
    ticks = solution_ticks(21)
    return replay(21, list(ticks)), ticks


def test_the_level_has_the_weight_limit_and_a_hold_slot() -> None:
    lv = parse_level(level(21))
    assert lv.constraints.max_mass == CAP and lv.abilities.hold


def test_the_plan_wins_three_stars_in_24_pieces_at_the_limit_with_one_hold() -> None:
    s = _plan()[0]
    assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == 3
    assert s.metrics["piecesUsed"] == 24 and s.metrics["massPlaced"] == CAP
    assert s.metrics["holdsUsed"] == 1
    assert stack_height(s.board) >= 18


def test_the_weight_limit_at_its_boundary() -> None:
    """The same inputs: won at 98 and 99, WEIGHT_EXCEEDED at 97 (the 24th piece crosses it)."""
    ticks = list(_plan()[1])
    outs = {v: replay(21, ticks, with_max_mass(21, v)).outcome for v in (CAP - 1, CAP, CAP + 1)}
    assert {v: (o.status, o.reason.value) for v, o in outs.items() if o is not None} == {
        CAP - 1: (Status.LOST, "WEIGHT_EXCEEDED"),
        CAP: (Status.WON, "OBJECTIVES_MET"),
        CAP + 1: (Status.WON, "OBJECTIVES_MET"),
    }


def test_the_bag_stops_every_play_that_needs_the_26th_draw() -> None:
    """Bag arithmetic (no play): 25 draws weigh 103, 26 weigh 107 (park's uncapped win); no draw weighs
    more than 5, so 25 of the first 26 weigh at least 102 > 98, and 24 of the first 25 at least 98."""
    m = draw_masses(21, 26)
    assert max(m) == 5 and sum(m[:25]) == 103 and sum(m[:26]) == 107
    assert sum(m[:26]) - max(m[:26]) > CAP
    assert sum(m[:25]) - max(m[:25]) == CAP
    assert sum(m[:24]) > CAP  # locking every one of 24 draws is over the limit too


def test_without_hold_the_plan_does_not_win() -> None:
    """No hold slot (the same inputs): the P5 drawn 24th is locked, the play goes over the limit."""
    s = replay(21, list(_plan()[1]), _abilities(hold=False)(copy.deepcopy(level(21))))
    assert s.outcome is None or s.outcome.status != Status.WON
