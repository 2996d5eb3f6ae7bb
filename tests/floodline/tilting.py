"""A test helper shared by the level tests: tilt the world once the tilt cooldown has run out."""

from __future__ import annotations

from engine.floodline.geometry import Gravity
from engine.floodline.moves import IDLE, TickInput
from engine.floodline.rules import step
from engine.floodline.state import State


def tilt(s: State, g: Gravity) -> State:
    """Wait out the cooldown, tilt to ``g`` and check the tilt was taken."""
    while s.cooldown > 0:
        s = step(s, IDLE)
    s = step(s, TickInput(tilt=g))
    assert s.gravity == g
    return s
