"""Turn animation: the engine's pure timeline (``engine.ternar.timeline``) plus easing curves.

The schedule (what moves when, for how long input is locked) is a display rule of the engine, so
engine tests and the playtest lab measure exactly what the page plays.
"""

from __future__ import annotations

from engine.ternar.timeline import POP_MS, Mover, Step, Timeline, build

__all__ = ["POP_MS", "Mover", "Step", "Timeline", "build", "ease_in", "ease_out_back"]


def ease_in(p: float) -> float:
    """Falling accelerates."""
    return p * p


def ease_out_back(p: float) -> float:
    """A small overshoot for pops."""
    c = 1.70158
    q = p - 1
    return 1 + (c + 1) * q * q * q + c * q * q
