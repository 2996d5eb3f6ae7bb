"""The editor's live solver (issue #27): "solvable in N pulses" found a few ms per frame, the same
par as the engine's search; "no win within N" when there is none; nothing for an invalid level."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from engine.reactor import load_level
from engine.reactor.campaign import entries
from engine.reactor.game import check_level
from engine.reactor.solver import AUTHOR_BUDGET, AUTHOR_MAX_PULSES, Relaxed, search, search_iter
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


def test_a_change_of_level_cancels_the_search_and_the_same_level_keeps_it() -> None:
    """Every edit restarts the solver: a different level drops the running search (and its count);
    the same level again (an edit undone) goes on where it was; a level searched before gets its
    verdict back at once."""
    po, sf = (next(e for e in entries() if e.name == n) for n in ("power_on", "split_flow"))
    s = LiveSolver(clock=Clock())
    s.restart(sf.level)
    s.step(ms=10**6, budget=3)
    assert s.status() == ("searching", {"n": 3})
    s.restart(json.loads(json.dumps(sf.level)))  # an equal level (a no-op edit): the search goes on
    s.step(ms=10**6, budget=1)
    assert s.status() == ("searching", {"n": 4})
    s.restart(po.level)  # another level: the old search is dropped
    assert s.status() == ("searching", {"n": 0})
    while not s.step():
        pass
    assert s.status() == ("solvable", {"n": po.par})
    s.restart(sf.level)
    assert s.status() == ("searching", {"n": 0})  # not searched to its end before: afresh
    s.restart(po.level)
    assert s.status() == ("solvable", {"n": po.par}) and not s.busy  # searched before: at once


def test_a_frame_runs_at_most_its_slice_or_its_budget_of_steps() -> None:
    """The fake clock moves 1 ms a reading: a 5 ms slice runs 5 steps; a budget of 3 stops at 3
    whatever the clock says; a budget of 1 runs exactly one."""
    e = next(e for e in entries() if e.name == "hot_split")
    s = LiveSolver(clock=Clock())
    s.restart(e.level)
    for ms, budget, n in ((5.0, 10**6, 5), (10**6, 3, 8), (10**6, 1, 9), (4.0, 4, 13), (4.0, 5, 17)):
        s.step(ms=ms, budget=budget)
        assert s.status() == ("searching", {"n": n}), (ms, budget)


CHECKED = ("power_on", "split_flow", "sprinkler_test", "cracked_cable", "hot_split")


@pytest.mark.parametrize("name", CHECKED)
def test_the_incremental_search_finds_what_the_one_shot_search_finds(name: str) -> None:
    """The live solver, a few steps a frame (budgets of 1-3 steps, so frames end anywhere: inside the bound's
    precompute, its backward pass, a depth of the search), gives the same result as ``search`` run at
    once: same fewest pulses, same plan, same proof, same pulses simulated, and the campaign's par."""
    e = next(e for e in entries() if e.name == name)
    once = search(load_level(e.level), AUTHOR_MAX_PULSES, AUTHOR_BUDGET)
    s = LiveSolver(clock=Clock())
    s.restart(e.level)
    frames = 0
    while not s.step(ms=10**6, budget=1 + frames % 3):
        frames += 1
    r = s.result
    assert r is not None and frames > 1
    assert (r.pulses, r.plan, r.proved_below, r.nodes, r.complete) == (
        once.pulses,
        once.plan,
        once.proved_below,
        once.nodes,
        once.complete,
    )
    assert r.pulses == e.par and s.par() == e.par


def test_the_incremental_search_of_an_unwinnable_level_and_a_cut_one_match_the_one_shot() -> None:
    """No win (Power On walled in: every depth to ``AUTHOR_MAX_PULSES`` searched) and a search cut
    by its budget (Hot Split with 50 pulses) end the same way incrementally and at once."""
    po = next(e for e in entries() if e.name == "power_on")
    walled = {**po.level, "terrain": ["#########", "#.#.....#", "##......#", "#.......#", "#########"]}
    hs = next(e for e in entries() if e.name == "hot_split")
    for lv, budget in ((walled, AUTHOR_BUDGET), (hs.level, 50)):
        once = search(load_level(lv), AUTHOR_MAX_PULSES, budget)
        run = search_iter(load_level(lv), AUTHOR_MAX_PULSES, budget)
        while True:
            try:
                next(run)
            except StopIteration as done:
                r = done.value
                break
        assert (r.pulses, r.proved_below, r.nodes, r.complete) == (
            once.pulses,
            once.proved_below,
            once.nodes,
            once.complete,
        )
    assert once.pulses is None and not once.complete and once.nodes == 50


def test_the_bound_is_built_one_switch_setting_or_one_chunk_a_step() -> None:
    """The search's bound checks every switch setting (up to ``Relaxed.MAX_CONFIGS`` network
    propagations: seconds in a browser on the hardest levels), then turns the ready ones into
    distances by a backward pass (Control Room: 12,544 settings, 0.1 s of CPython, ~0.6 s in a
    browser at once); the live solver gets control back after each setting and after each
    ``BFS_CHUNK`` settings of the pass. The distances are right: 0 exactly at the ready settings,
    and otherwise one more than the best switch press leads to (a setting from which no press
    sequence readies a reactor has none)."""
    e = next(e for e in entries() if e.name == "hot_split")  # junctions, 896 switch settings
    st = load_level(e.level)
    lazy = Relaxed(st, lazy=True)
    assert lazy.dist is None
    steps = list(lazy.build())
    assert lazy.dist is not None and lazy.size > Relaxed.BFS_CHUNK
    chunks = len(lazy.dist) // Relaxed.BFS_CHUNK
    assert chunks >= 2 and steps == list(range(1, lazy.size + chunks + 1))
    assert lazy.dist == Relaxed(st).dist
    nt, modes = len(lazy.toggles), lazy.modes

    def presses(cfg: tuple[int, ...]) -> list[tuple[int, ...]]:
        return [
            cfg[:k] + ((1 - cfg[k]) if k < nt else (cfg[k] + 1) % modes,) + cfg[k + 1 :]
            for k in range(len(cfg))
        ]

    for cfg in itertools.product(*([range(2)] * nt + [range(modes)] * len(lazy.juncs))):
        d = lazy.dist.get(cfg)
        after = [lazy.dist[n] for n in presses(cfg) if n in lazy.dist]
        if d is None:
            assert not after, cfg
        elif d > 0:
            assert min(after) == d - 1, cfg
    assert sum(1 for d in lazy.dist.values() if d == 0) == sum(1 for cfg in lazy.dist if lazy._ready(st, cfg))
    # the generator's first values are those settings, before any pulse is simulated
    run = search_iter(st, AUTHOR_MAX_PULSES, AUTHOR_BUDGET)
    assert [next(run) for _ in range(3)] == [1, 2, 3]


class _Loop:
    def __init__(self) -> None:
        self.dirty = False
        self.scheduled = 0

    def schedule(self) -> None:
        self.scheduled += 1


class _Shell:
    def __init__(self) -> None:
        self.loop = _Loop()
        self.invalidated = 0

    def invalidate(self) -> None:
        self.invalidated += 1
        self.loop.dirty = True


def test_a_frame_draws_or_searches_never_both() -> None:
    """Session 16 (50 ms frames): the solver runs in the frame tick; a frame that will draw (an input
    made the loop dirty, or the panel's count is due every STATUS_MS) does not search, and a frame that
    searched asks for the next frame without drawing."""
    from www.reactor import esolve

    e = next(e for e in entries() if e.name == "hot_split")
    ed = esolve.EditorSolving()
    ed.shell, ed.app = _Shell(), None
    ed.solver = LiveSolver(clock=Clock())
    ed.solver.restart(e.level)
    loop = ed.shell.loop
    loop.dirty = True  # an input this frame: it draws, no search
    ed.search_tick()
    assert ed.solver.nodes == 0 and loop.scheduled == 1
    loop.dirty = False  # the count is due (never shown yet): it draws, no search
    ed.search_tick()
    assert ed.solver.nodes == 0 and ed.shell.invalidated == 1
    loop.dirty = False
    ed.search_tick()  # a quiet frame: a slice, no drawing, the next frame asked for
    assert ed.solver.nodes > 0 and ed.shell.invalidated == 1 and loop.scheduled == 2
    assert ed.solver.longest <= esolve.SLICE_MS + 2  # the fake clock ticks 1 ms a reading
