"""The searching players' position estimate (``search.evaluate``), issue 28: no pay for powered systems.

Until session 7 the estimate added 0.5 for every subsystem at its minimum energy, which paid the
six-system brawler on every turn and made the expert fly it on 81 % of duel turns (RULES.md,
"Variety"). Powering a subsystem is now worth only what it does (shots lined up, burns, scooping).
"""

from __future__ import annotations

import pytest

from engine.orbit import search
from engine.orbit.search import evaluate
from tests.orbit.orbit_helpers import FAR, make


def _with(energy: dict[str, int]):
    far = [dict(FAR[0], energy=energy), dict(FAR[1])]
    return make(*far)


def test_power_bonus_is_gone():
    assert search.POWER_BONUS == 0.0


@pytest.mark.parametrize(
    ("sub", "below", "at", "above"),
    [("scp", 0, 1, 1), ("las", 1, 2, 2), ("mis", 1, 2, 2), ("rail", 3, 4, 4), ("eng", 0, 1, 2)],
)
@pytest.mark.parametrize("lookahead", [False, True])
def test_powering_a_subsystem_out_of_reach_scores_nothing(sub, below, at, above, lookahead):
    """Minimum - 1, minimum and the next level up score the same when nothing is in reach."""
    before = _with({})
    scores = {evaluate(before, _with({sub: n}), 0, lookahead) for n in (below, at, above)}
    assert len(scores) == 1


def test_a_weapon_lined_up_still_counts():
    """What a powered weapon can do is still scored: missiles in reach of an enemy (1 ring, 0 gap)."""
    near = [{"ring": 4, "sector": 0}, {"ring": 4, "sector": 2}]
    cold = make(*near)
    armed = make(dict(near[0], energy={"mis": 2}), near[1])
    assert evaluate(cold, armed, 0, True) > evaluate(cold, cold, 0, True)
