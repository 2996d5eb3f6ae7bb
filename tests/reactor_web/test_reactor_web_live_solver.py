"""The editor's live solver (issue #27): "solvable in N pulses" found a few ms per frame, the same
par as the engine's search; "no win within N" when there is none; nothing for an invalid level."""

from __future__ import annotations

from typing import Any

from engine.reactor import load_level
from engine.reactor.campaign import entries
from engine.reactor.game import check_level
from engine.reactor.solver import AUTHOR_BUDGET, AUTHOR_MAX_PULSES, Relaxed, search_iter
from www.reactor.esolve import LiveSolver


class Clock:
    """A fake clock: every reading is 1 ms later."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        self.t += 1.0
        return self.t


def run(data: dict[str, Any] | None, ms: float = 5.0) -> tuple[LiveSolver, int]:
    s = LiveSolver(clock=Clock())
    s.restart(data)
    frames = 0
    while not s.step(ms):
        frames += 1
        assert s.status()[0] == "searching"
    return s, frames


def test_a_campaign_level_is_solvable_at_its_par_over_several_frames() -> None:
    e = next(e for e in entries() if e.name == "hot_split")  # junctions, 896 switch settings
    s, frames = run(e.level)
    assert s.status() == ("solvable", {"n": e.par}) and s.par() == e.par
    assert frames > 1  # spread over frames, never one long block


def test_a_level_that_validates_but_cannot_be_won_says_so() -> None:
    """Power On with its breaker walled in: validation passes, the solver proves no win."""
    e = next(e for e in entries() if e.name == "power_on")
    lv = {**e.level, "terrain": ["#########", "#.#.....#", "##......#", "#.......#", "#########"]}
    assert not check_level(lv).errors
    s, _ = run(lv)
    assert s.status() == ("none", {"n": AUTHOR_MAX_PULSES}) and s.par() is None


def test_an_invalid_level_gives_no_verdict() -> None:
    s, _ = run(None)
    assert s.status() == ("", {}) and not s.busy
    s.restart({"width": 3})
    assert s.status() == ("", {})


def test_restart_drops_the_old_verdict() -> None:
    e = next(e for e in entries() if e.name == "power_on")
    s, _ = run(e.level)
    s.restart(e.level)
    assert s.status() == ("searching", {"n": 0})


def test_the_bound_is_built_one_switch_setting_a_step() -> None:
    """The search's bound checks every switch setting (up to ``Relaxed.MAX_CONFIGS`` network
    propagations: seconds in a browser on the hardest levels); the live solver gets control back
    after each one, and the lazy build gives exactly the bound built at once."""
    e = next(e for e in entries() if e.name == "hot_split")  # junctions, 896 switch settings
    st = load_level(e.level)
    lazy = Relaxed(st, lazy=True)
    assert lazy.dist is None
    steps = list(lazy.build())
    assert steps == list(range(1, lazy.size + 1)) and lazy.size > 1
    assert lazy.dist == Relaxed(st).dist
    # the generator's first values are those settings, before any pulse is simulated
    run = search_iter(st, AUTHOR_MAX_PULSES, AUTHOR_BUDGET)
    assert [next(run) for _ in range(3)] == [1, 2, 3]
