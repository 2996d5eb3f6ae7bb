"""The Orbit page's computer seat (pure Python): thought a slice of a frame at a time, after a pause,
it plays exactly the plan the engine's ``choose_plan`` makes."""

from __future__ import annotations

from engine.orbit.ai import choose_plan
from www.orbit.computer import BUDGET_MS, GAP_MS, Computer
from www.orbit.model import HUMAN, Match


class FakeClock:
    """Advances ``per_call`` ms on every reading (each search step 'costs' that much)."""

    def __init__(self, per_call: float) -> None:
        self.t = 0.0
        self.per_call = per_call

    def __call__(self) -> float:
        self.t += self.per_call
        return self.t


def test_sliced_search_plays_the_engines_plan_within_the_budget():
    m = Match(12, ["expert", HUMAN])
    c = Computer()
    clock = FakeClock(0.25)
    assert c.step(m, 0.0, clock) is None and not c.thinking()  # the pause before thinking
    assert c.step(m, GAP_MS - 1, clock) is None and not c.thinking()
    frames, plan = 0, None
    while plan is None:
        start = clock.t
        plan = c.step(m, GAP_MS + frames * 16.0, clock)
        frames += 1
        assert clock.t - start <= BUDGET_MS + 2 * clock.per_call  # one step past the budget at most
    assert frames > 3  # the search really was spread over frames
    assert plan == choose_plan(m.state, "expert", m.seed)
    assert not c.thinking() and c.due is None  # ready for the next turn


def test_reset_drops_a_search_in_progress():
    m = Match(5, ["greedy", HUMAN])
    c = Computer()
    clock = FakeClock(1.0)
    c.step(m, 0.0, clock)
    assert c.step(m, GAP_MS, clock) is None and c.thinking()
    c.reset()
    assert not c.thinking() and c.due is None
