"""Where the first-run tutorial is (issue 15): its steps, the hint route of step 0 and how long its
motion runs.

Kept apart from ``tutorial`` (which draws) so the app and ``page`` can name ``Tutorial`` without
importing the drawing module.

Motion (issue #24/#30, an idle page rests): the hint route's pulse and running dot (step 0) and the
cards' pulses run for ``MOTION_MS`` after the step opens or after the player's last input, easing
out over the last ``FADE_MS`` into a still pose (the route glows steadily, the ghost and the
singularity stand still), then the page asks for no frames until the next input. ``moving(now)``
stays True for ``REST_MARGIN_MS`` past the end, so the last frame drawn is the still pose itself.
"""

from __future__ import annotations

from engine.ternar import State
from engine.ternar.bot import hint

STEPS = ("route", "window", "ghost", "singularity")
MOTION_MS = 6000.0  # three runs of the hint's dot (2 s each)
FADE_MS = 600.0  # the pulse eases into the still pose (and out of it when input wakes it)
REST_MARGIN_MS = 50.0  # frames go on this long after the end: the last one is the still pose


class Tutorial:
    """Where the first-run tutorial is; ``step`` 0..3; its motion runs ``[woke, until)``."""

    def __init__(self, step: int = 0, now: float = 0.0) -> None:
        self.step = step
        self._hint: tuple[tuple[int, ...], tuple[int, ...]] | None = None  # (values, route)
        self.woke = now - FADE_MS  # the first showing starts in full motion
        self.until = now + MOTION_MS

    @property
    def modal(self) -> bool:
        return self.step >= 1

    def wake(self, now: float) -> None:
        """Input or a new step: the motion runs (again) for ``MOTION_MS`` from ``now``; a motion still
        running keeps its phase (it only lasts longer), a still one eases back in."""
        if not self.moving(now):
            self.woke = now
        self.until = now + MOTION_MS

    def moving(self, now: float) -> bool:
        """Does the tutorial's picture still change at page time ``now`` (ms)? (The page draws frames
        while True.)"""
        return now <= self.until + REST_MARGIN_MS

    def motion(self, now: float) -> float:
        """How much of the pulse to show at ``now``: 1 in full motion, 0 in the still pose, easing in
        over ``FADE_MS`` after waking and out over the last ``FADE_MS``."""
        k = min((now - self.woke) / FADE_MS, (self.until - now) / FADE_MS)
        return max(0.0, min(1.0, k))

    def route_hint(self, values: tuple[int, ...], state: State) -> tuple[int, ...]:
        """The route to show on the board in step 0 (the engine's hint, cached per field)."""
        if self._hint is None or self._hint[0] != values:
            r = hint(state)
            self._hint = (values, r.nodes if r is not None else ())
        return self._hint[1]
