"""Lv22 "Heavy Pieces" (session 10, issue #26): a tilt budget of 4 against the "park" strategy.

With no budget, the lab's "park" strategy (every piece at the highest spot a west tilt loses nothing
from, then west and back, again and again) won Lv22 ★3 in 41 pieces on its 12th tilt.  The level now
has ``tiltBudget: 4`` (the objective's two tilts and one more try, as Lv26's): the committed spine
plan tilts twice and wins as before.  Heavy is still not necessary (RULES.md 57: its only effects are
mass 2 and half the wind push, and Lv22 has neither a weight limit nor wind).
"""

from __future__ import annotations

import copy
from functools import cache
from pathlib import Path
from typing import Any

from engine.floodline.campaign import level
from engine.floodline.level import parse_level
from engine.floodline.moves import parse_move
from engine.floodline.replay import parse_replay
from engine.floodline.rules import initial_state, step
from engine.floodline.state import Reason, State, Status

SOLUTION = Path(__file__).resolve().parents[2] / "tools" / "floodline" / "solutions" / "lv22.json"


@cache
def _inputs() -> tuple[Any, ...]:
    out = []
    for text in parse_replay(SOLUTION.read_text()).inputs:
        mv = parse_move(text)
        out += [mv.once()] * mv.repeat
    return tuple(out)


def _play(budget: int | None) -> State:
    d = copy.deepcopy(level(22))
    if budget is None:
        d.pop("rotation", None)
    else:
        d["rotation"] = {"tiltBudget": budget}
    s = initial_state(parse_level(d), int(d["meta"]["seed"]))
    for t in _inputs():
        if s.outcome is not None:
            break
        s = step(s, t)
    return s


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
