"""Lv22 "Heavy Pieces" (session 10, issue #26): a tilt budget of 4 against the "park" strategy.

With no budget, the lab's "park" strategy (every piece at the highest spot a west tilt loses nothing
from, then west and back, again and again) won Lv22 ★3 in 41 pieces on its 12th tilt.  The level now
has ``tiltBudget: 4`` (the objective's two tilts and one more try, as Lv26's): the committed spine
plan tilts twice and wins as before.  Heavy is still not necessary (RULES.md 57: its only effects are
mass 2 and half the wind push, and Lv22 has neither a weight limit nor wind).
"""

from __future__ import annotations

from engine.floodline.campaign import level
from engine.floodline.level import parse_level
from engine.floodline.state import Reason, State, Status
from tests.floodline.tilting import play_with_budget


def _play(budget: int | None) -> State:
    return play_with_budget(22, budget)


def test_the_level_has_a_budget_of_four_tilts() -> None:
    assert parse_level(level(22)).rotation.tilt_budget == 4


def test_the_spine_plan_wins_three_stars_in_33_pieces_with_two_tilts() -> None:
    s = _play(4)
    assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == 3
    assert s.metrics["piecesUsed"] == 33 and s.metrics["rotations"] == 2
    assert s.metrics["majorCollapses"] <= 1


def test_the_two_tilts_fit_a_budget_of_two_not_one() -> None:
    """Budget 1 / 2 / 3 with the same inputs: the objective needs two tilts, so 1 loses at once."""
    one = _play(1)
    assert one.outcome is not None and one.outcome.status == Status.LOST
    assert one.outcome.reason == Reason.TILTS_EXHAUSTED
    for b in (2, 3):
        s = _play(b)
        assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == 3
