"""The necessity driver plays each level's own hand-written plan (issue #26, session 10).

Session 9's "hold / Reinforced necessary" lines for Lv12 were false: the driver's ``plan`` player was
the greedy solver on every chapter-1/2 level.  Now it plays the plan that wrote the committed solution
(``target_plans.PLANS``, ``redesign.PLANS``), and only a level with none falls back to the solver.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from engine.floodline.campaign import level
from engine.floodline.geometry import Gravity
from engine.floodline.level import parse_level, under_rules
from engine.floodline.moves import parse_move
from engine.floodline.replay import parse_replay
from engine.floodline.rules import initial_state, step
from engine.floodline.state import State, Status
from tools.floodline import redesign, target_plans
from tools.floodline.necessity import _no_tilts
from tools.floodline.necessity_plans import plan_source

SOLUTIONS = Path(__file__).resolve().parents[2] / "tools" / "floodline" / "solutions"


def test_each_level_is_played_by_the_plan_that_wrote_its_solution() -> None:
    assert plan_source(7) == "target_plans" and "lv07" in target_plans.PLANS
    assert plan_source(11) == "redesign" and 11 in redesign.PLANS
    assert plan_source(12) == "redesign" and 12 in redesign.PLANS
    assert plan_source(26) == "cantilever_plan"
    assert plan_source(21) == "spine_plans"
    for n in range(1, 31):
        src = plan_source(n)
        has_plan = f"lv{n:02d}" in target_plans.PLANS or n in redesign.PLANS or n >= 21
        assert (src == "greedy solver") is not has_plan, n


def _replay_on(data: dict[str, Any]) -> State:
    """Lv12's committed solution (the plan's own ticks, a fixture) replayed on level data ``data``: a
    tilt the level refuses does nothing and the placements are played on (as the plan driver skips a
    refused tilt).  Replaces session 10's plan search on the stripped level (92 s + 55 s of CI)."""
    rep = parse_replay((SOLUTIONS / "lv12.json").read_text())
    s = initial_state(under_rules(parse_level(data), rep.rules_version), rep.seed)
    for text in rep.inputs:
        mv = parse_move(text)
        one = mv.once()
        for _ in range(mv.repeat):
            if s.outcome is None:
                s = step(s, one)
    return s


def test_lv12_without_tilts_the_plan_plays_on_and_drains_nothing() -> None:
    end = _replay_on(_no_tilts(copy.deepcopy(level(12))))
    assert end.gravity == Gravity.DOWN  # the refused tilt did nothing
    assert end.metrics["piecesUsed"] > 0  # the placements are played
    assert end.metrics["waterRemovedTotal"] == 0
    assert end.outcome is None or end.outcome.status != Status.WON


def test_lv12_the_plan_on_the_full_level_wins() -> None:
    end = _replay_on(copy.deepcopy(level(12)))
    assert end.gravity == Gravity.SOUTH
    assert end.outcome is not None and end.outcome.status == Status.WON
