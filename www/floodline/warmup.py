"""Warming the engine in idle time while the level select shows, a small step per idle callback
(issue #20: starting a level cost one ~170 ms frame).

pydantic builds a model's validator on its first use (``defer_build``): the level models are built
here one at a time, leaves first, so no step is long. Then the level the Play button opens is
parsed and its board tables are built, and the ``Run`` for it is made ahead (``prepared``): the
start of a campaign level is deterministic (its seed is in the level), so ``App.start`` takes the
prepared run when it is for the level asked. Finally the long-lived objects are frozen out of the
collector, so its full passes during play walk only the run's own objects.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from engine.floodline import level as L

if TYPE_CHECKING:
    from gwweb.floodline.model import Run

IDLE_TIMEOUT_MS = 1500  # run even if the page never idles
ROOM_MS = 12.0  # another step when the idle period has this much time left (a step takes a few ms)

#: the level schema's models, leaves first (each ``model_rebuild`` then reuses its parts)
MODELS = (
    L.Meta,
    L.BoardSpec,
    L.CellSpec,
    L.RotationRules,
    L.SeqEntry,
    L.Bag,
    L.Timing,
    L.Abilities,
    L.Condition,
    L.Stars,
    L.Constraints,
    L.WindParams,
    L.Hazard,
    L.Scoring,
    L.Mutator,
    L.Level,
)


class Warmup:
    """The steps, and the run prepared for level ``n`` (taken once by ``take``)."""

    def __init__(self, n: int, extra: Callable[[], None] | None = None) -> None:
        self.n = n
        self.extra = extra  # one more step after the models (the page's own pre-drawing)
        self.prepared: Run | None = None
        self.done = False
        self.it = self.steps()  # driven by idle callbacks (schedule) and, when a start waits, by frames

    def steps(self) -> Iterator[None]:
        from gwweb.floodline.model import Run  # noqa: PLC0415

        from engine.floodline.campaign import level  # noqa: PLC0415
        from engine.floodline.game import level_from_options  # noqa: PLC0415
        from engine.floodline.geometry import Gravity, tables_for  # noqa: PLC0415

        for m in MODELS:
            m.model_rebuild()
            yield
        if self.extra is not None:
            self.extra()
            yield
        if not 1 <= self.n <= 30:
            self.done = True
            return
        lv = level(self.n)
        parsed = level_from_options({"level": lv})  # parsed once, kept in the engine's cache
        yield
        b = parsed.board
        tables_for(b.size[0], b.height, b.size[1], Gravity.DOWN)
        yield
        run = Run(lv, self.n, defer=True)  # the engine's initial state (a step) ...
        yield
        run.sync()  # ... and the view-model read from it (another)
        self.prepared = run
        yield
        gc.collect()
        gc.freeze()
        self.done = True

    def step(self) -> bool:
        """One step now; True once every step has run."""
        try:
            next(self.it)
        except StopIteration:
            return True
        return self.done

    def take(self, n: int) -> Run | None:
        """The prepared run for campaign level ``n`` (None if it is another level or not ready)."""
        run, self.prepared = self.prepared, None
        return run if run is not None and run.n == n and not run.session.moves else None


def schedule(w: Warmup, later: Callable[[Callable[[Any], None]], None]) -> None:
    """Run ``w``'s steps in idle time: each time ``later`` calls back (an idle callback in the page,
    with its deadline) as many steps as the idle period has room for (at least one)."""
    it = w.it

    def some(deadline: Any = None) -> None:
        try:
            next(it)
            while deadline is not None and float(deadline.timeRemaining()) > ROOM_MS:
                next(it)
        except StopIteration:
            return
        later(some)

    later(some)


def idle_later(fn: Callable[[Any], None]) -> None:
    """Call ``fn(deadline)`` in the page's next idle period (``setTimeout`` where there is no idle
    callback: ``fn(None)``, one step)."""
    import js  # type: ignore[import-not-found]  # noqa: PLC0415
    from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]  # noqa: PLC0415

    cb = create_once_callable(lambda deadline=None, *_a: fn(deadline))
    if hasattr(js.window, "requestIdleCallback"):
        js.window.requestIdleCallback(cb, js.Object.fromEntries([["timeout", IDLE_TIMEOUT_MS]]))
    else:
        js.setTimeout(cb, 50)
