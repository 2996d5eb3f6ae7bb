"""A computer seat's turn, thought a slice of a frame at a time.

``engine.orbit.ai.think`` is a generator that yields after each simulated plan; ``Computer.step``
advances it for at most ``BUDGET_MS`` of the frame and returns the chosen plan when the search ends.
The page draws nothing new while the computer thinks, so a thinking frame costs only its slice.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.orbit.ai import Thinking
from engine.orbit.moves import TurnPlan

from .model import Match

GAP_MS = 450.0
"""Pause before a computer seat starts thinking (the board settles after the last animation)."""
BUDGET_MS = 4.0
"""Longest slice of a frame the computer player may think for (the search runs across frames)."""


class Computer:
    """The search in progress for the seat to move (``reset`` whenever the turn changes hands)."""

    def __init__(self) -> None:
        self.due: float | None = None
        self.steps: Thinking | None = None

    def reset(self) -> None:
        self.due = None
        self.steps = None

    def thinking(self) -> bool:
        return self.steps is not None

    def step(
        self, match: Match, now: float, clock: Callable[[], float], budget: float = BUDGET_MS
    ) -> TurnPlan | None:
        """Think for at most ``budget`` ms; the plan once the search is done, else None."""
        if self.due is None:
            self.due = now + GAP_MS
        if now < self.due:
            return None
        if self.steps is None:
            self.steps = match.ai_think()
        start = clock()
        while True:
            try:
                next(self.steps)
            except StopIteration as done:
                self.reset()
                plan: TurnPlan = done.value
                return plan
            if clock() - start >= budget:
                return None
