"""requestAnimationFrame loop driven from Python.

Real-time games get a fixed-timestep accumulator (60 ticks/s, at most
``MAX_CATCHUP`` ticks per frame) while their clock runs; while it ``rests`` (a
menu: nothing on the clock) they behave as turn-based games do. Turn-based games
draw only when invalidated or animating; when idle no frame is requested at all. The rAF proxy is created
once. The loop pauses while the tab is hidden.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

TICK_HZ = 60
TICK_MS = 1000.0 / TICK_HZ
MAX_CATCHUP = 5


class Loop:
    """Calls ``step(ticks)`` then ``draw()`` each animation frame while needed."""

    def __init__(
        self,
        realtime: bool,
        step: Callable[[int], None],
        draw: Callable[[], None],
        busy: Callable[[], bool],
        on_error: Callable[[BaseException], None],
        rests: Callable[[], bool] | None = None,
    ) -> None:
        self.realtime = realtime
        self.rests = rests
        """A real-time page's "nothing runs on the clock now" (no ticks, a frame only when asked)."""
        self.step = step
        self.draw = draw
        self.busy = busy
        self.on_error = on_error
        self.dirty = True
        self.scheduled = False
        self.stopped = False
        self.last: float | None = None
        self.acc = 0.0
        self.frame_ms: list[float] = []
        self.frames = 0
        self._raf = create_proxy(self._frame)
        self._vis = create_proxy(self._visibility)
        js.document.addEventListener("visibilitychange", self._vis)

    def invalidate(self) -> None:
        """Ask for a redraw on the next frame."""
        self.dirty = True
        self.schedule()

    def schedule(self) -> None:
        if not self.scheduled and not self.stopped and not js.document.hidden:
            self.scheduled = True
            js.requestAnimationFrame(self._raf)

    def ticking(self) -> bool:
        """True while the real-time clock runs (a frame each refresh, ``step`` gets its ticks)."""
        return self.realtime and not (self.rests is not None and self.rests())

    def stop(self) -> None:
        self.stopped = True

    def _visibility(self, _e: Any) -> None:
        if js.document.hidden:
            self.last = None  # no catch-up burst after a hidden period
        else:
            self.invalidate()

    def _frame(self, ts: float) -> None:
        self.scheduled = False
        if self.stopped:
            return
        t0 = js.performance.now()
        try:
            ticks = 0
            ticking = self.ticking()
            if not ticking:
                self.last, self.acc = None, 0.0  # the clock starts afresh: no catch-up burst
            else:
                if self.last is None:
                    self.last = ts
                self.acc += ts - self.last
                self.last = ts
                while self.acc >= TICK_MS and ticks < MAX_CATCHUP:
                    self.acc -= TICK_MS
                    ticks += 1
                if ticks == MAX_CATCHUP:
                    self.acc = 0.0
            self.step(ticks)
            if ticking or self.dirty or self.busy():
                self.dirty = False
                self.draw()
                self.frames += 1
                ms = float(js.performance.now() - t0)
                self.frame_ms.append(ms)
                if len(self.frame_ms) > 600:
                    del self.frame_ms[:300]
        except BaseException as exc:  # noqa: BLE001 - shown to the player, loop stops
            self.stopped = True
            self.on_error(exc)
            return
        if self.ticking() or self.dirty or self.busy():
            self.schedule()
