"""The editor's live solver (issue #27): "solvable in N pulses" found a few ms per frame, the same
par as the engine's search; "no win within N" when there is none; nothing for an invalid level."""

from __future__ import annotations

from typing import Any

from engine.reactor.campaign import entries
from engine.reactor.game import check_level
from engine.reactor.solver import AUTHOR_MAX_PULSES
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
    e = next(e for e in entries() if e.name == "control_room")
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
