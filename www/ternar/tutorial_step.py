"""Where the first-run tutorial is (issue 15): its steps and the hint route of step 0.

Kept apart from ``tutorial`` (which draws) so the app and ``page`` can name ``Tutorial`` without
importing the drawing module.
"""

from __future__ import annotations

from engine.ternar import State
from engine.ternar.bot import hint

STEPS = ("route", "window", "ghost", "singularity")


class Tutorial:
    """Where the first-run tutorial is; ``step`` 0..3."""

    def __init__(self, step: int = 0) -> None:
        self.step = step
        self._hint: tuple[tuple[int, ...], tuple[int, ...]] | None = None  # (values, route)

    @property
    def modal(self) -> bool:
        return self.step >= 1

    def route_hint(self, values: tuple[int, ...], state: State) -> tuple[int, ...]:
        """The route to show on the board in step 0 (the engine's hint, cached per field)."""
        if self._hint is None or self._hint[0] != values:
            r = hint(state)
            self._hint = (values, r.nodes if r is not None else ())
        return self._hint[1]
