"""Lv28 "Alternating Wind" (session 10, issue #26): a tilt budget of 4 against the "park" strategy.

With no budget, the lab's "park" strategy (every piece at the highest spot an east tilt loses nothing
from, then east and back, again and again) won Lv28 ★2 in 38 pieces with 16 tilts.  The level now
has ``tiltBudget: 4`` (the objective's two tilts and one more try): the committed spine plan tilts
twice and wins as before (★2; its ★3 "shift 0" is still a STAR_GAPS entry).
"""

from __future__ import annotations

from engine.floodline.campaign import level
from engine.floodline.level import parse_level
from engine.floodline.state import Reason, State, Status
from tests.floodline.tilting import play_with_budget


def _play(budget: int | None) -> State:
    return play_with_budget(28, budget)


def test_the_level_has_a_budget_of_four_tilts_and_the_plan_wins_with_two() -> None:
    assert parse_level(level(28)).rotation.tilt_budget == 4
    s = _play(4)
    assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == 2
    assert s.metrics["piecesUsed"] == 23 and s.metrics["rotations"] == 2


def test_the_two_tilts_fit_a_budget_of_two_not_one() -> None:
    one = _play(1)
    assert one.outcome is not None and one.outcome.status == Status.LOST
    assert one.outcome.reason == Reason.TILTS_EXHAUSTED
    for b in (2, 3):
        s = _play(b)
        assert s.outcome is not None and s.outcome.status == Status.WON
