"""``gwweb.shared.loop.Loop``: a real-time page whose clock ``rests`` (a menu, nothing on the clock)
asks for no frame of its own, as a turn-based page does; input or ``invalidate`` draws one frame;
the clock resumes (a frame each refresh, ticks counted afresh, no catch-up burst) once it stops
resting. Issue #24: idle pages cost CPU (Floodline's menu drew 60 frames a second)."""

from __future__ import annotations

import types
from collections.abc import Iterator
from typing import Any

import pytest

from tests.gwstub import glue_modules


class FakeJs:
    """``js`` as the loop uses it: rAF callbacks queued, run by ``frame(ts)``."""

    def __init__(self) -> None:
        self.queued: list[Any] = []
        self.document = types.SimpleNamespace(hidden=False, addEventListener=lambda *a: None)
        self.performance = types.SimpleNamespace(now=lambda: 0.0)

    def requestAnimationFrame(self, cb: Any) -> None:  # noqa: N802 - the DOM's name
        self.queued.append(cb)

    def frame(self, ts: float) -> None:
        queued, self.queued = self.queued, []
        for cb in queued:
            cb(ts)


@pytest.fixture
def mods() -> Iterator[tuple[Any, FakeJs]]:
    with glue_modules(("shared.loop",)) as mods:
        loop = mods["shared.loop"]
        fake = FakeJs()
        saved = loop.js
        loop.js = fake  # the module's own ``js`` (it may have been imported by another test first)
        try:
            yield loop, fake
        finally:
            loop.js = saved


def make(loop: Any, resting: dict[str, bool]) -> tuple[Any, list[int], list[int]]:
    ticks: list[int] = []
    draws: list[int] = []
    lp = loop.Loop(
        True,
        ticks.append,
        lambda: draws.append(1),
        lambda: False,
        lambda e: (_ for _ in ()).throw(e),
        lambda: resting["now"],
    )
    return lp, ticks, draws


def test_a_resting_realtime_page_requests_no_frames_until_asked(mods: tuple[Any, FakeJs]) -> None:
    loop, js = mods
    resting = {"now": True}
    lp, ticks, draws = make(loop, resting)
    lp.invalidate()
    js.frame(0.0)
    assert draws == [1] and ticks == [0]
    assert js.queued == []  # resting: no next frame is asked for
    lp.invalidate()  # input or a change: one frame, then still
    js.frame(1000.0)
    assert len(draws) == 2 and js.queued == []


def test_the_clock_resumes_without_a_catch_up_burst(mods: tuple[Any, FakeJs]) -> None:
    loop, js = mods
    resting = {"now": True}
    lp, ticks, draws = make(loop, resting)
    lp.invalidate()
    js.frame(0.0)
    resting["now"] = False  # a level starts
    lp.invalidate()
    js.frame(5000.0)  # long after the last frame: the clock starts afresh here
    js.frame(5017.0)
    js.frame(5034.0)
    assert ticks == [0, 0, 1, 1] and len(js.queued) == 1  # it keeps asking for frames
    resting["now"] = True  # back to the menu
    js.frame(5051.0)
    assert js.queued == []


def test_a_page_that_never_rests_draws_every_frame(mods: tuple[Any, FakeJs]) -> None:
    loop, js = mods
    lp = loop.Loop(True, lambda n: None, lambda: None, lambda: False, lambda e: None)
    lp.invalidate()
    for i in range(3):
        js.frame(i * 16.7)
        assert len(js.queued) == 1
