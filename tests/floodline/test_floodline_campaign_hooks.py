"""Part VIII: every objective and star hook of the 30-level plan is expressible and evaluates."""

from __future__ import annotations

import json

import pytest
from floodline_util import run

from engine.floodline.level import parse_level
from engine.floodline.rules import initial_state
from engine.floodline.view import view
from tools.floodline.plan import PLAN, level_for


def test_plan_has_thirty_levels() -> None:
    assert sorted(PLAN) == list(range(1, 31))


@pytest.mark.parametrize("lv", sorted(PLAN))
def test_campaign_level_hooks_parse_and_run(lv: int) -> None:
    level = parse_level(level_for(lv))
    s = initial_state(level, level.meta.seed)
    s = run(s, "mx+", ".", "d", "s*20", "tE", "d", ".*30")
    v = view(s)
    json.dumps(v)  # the client view is plain JSON
    assert len(v["objectives"]) == len(level.objectives)
    assert v["size"] == [level.board.size[0], 36, level.board.size[1]]
