"""Lv28 "Alternating Wind" (session 10, issue #26): a tilt budget of 4 against the "park" strategy.

With no budget, the lab's "park" strategy (every piece at the highest spot an east tilt loses nothing
from, then east and back, again and again) won Lv28 ★2 in 38 pieces with 16 tilts.  The level now
has ``tiltBudget: 4`` (the objective's two tilts and one more try): the committed spine plan tilts
twice and wins as before (★2; its ★3 "shift 0" is still a STAR_GAPS entry).
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

SOLUTION = Path(__file__).resolve().parents[2] / "tools" / "floodline" / "solutions" / "lv28.json"


@cache
def _inputs() -> tuple[Any, ...]:
    out = []
    for text in parse_replay(SOLUTION.read_text()).inputs:
        mv = parse_move(text)
        out += [mv.once()] * mv.repeat
    return tuple(out)


def _play(budget: int) -> State:
    d = copy.deepcopy(level(28))
    d["rotation"] = {"tiltBudget": budget}
    s = initial_state(parse_level(d), int(d["meta"]["seed"]))
    for t in _inputs():
        if s.outcome is not None:
            break
        s = step(s, t)
    return s


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
