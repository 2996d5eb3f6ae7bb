"""Keyboard play of the screens (level select, pause, results, key rebinding): a focus ring over
the canvas buttons of the screen on top.

Tab / Shift+Tab go to the next / previous button in drawing order, the arrows to the nearest
button in that direction, Enter or Space presses it. The focused button has a thick gold outline,
drawn while the keyboard is in use (the first key press shows it; the pointer hides it).
The geometry is the shared ``gwweb.shared.focus``.
"""

from __future__ import annotations

from collections.abc import Sequence

from gwweb.shared import focus
from gwweb.shared.canvas import Gfx, Region

#: the button a keyboard user starts on, per screen (first one present wins)
PREFERRED = ("resume", "next", "restart", "play", "bind:left")
DIRS = {"ArrowLeft": (-1.0, 0.0), "ArrowRight": (1.0, 0.0), "ArrowUp": (0.0, -1.0), "ArrowDown": (0.0, 1.0)}
MOVE_KEYS = frozenset(DIRS) | {"Tab"}
PRESS_KEYS = frozenset(("Enter", "NumpadEnter", "Space"))
RING = focus.RING


def default_focus(ring: Sequence[Region], play: str | None = None) -> str | None:
    """The screen's main action (``play``: the level select's Play button id), else the first one."""
    return focus.default_focus(ring, (*PREFERRED, play))


def step(ring: Sequence[Region], current: str | None, key: str, back: bool = False) -> str | None:
    """The button focused after ``key`` (an arrow, or Tab; ``back`` = Shift+Tab) on ``current``."""
    if key == "Tab":
        ids = [r.id for r in ring]
        return focus.cycle(ids, current, back) if current in ids else default_focus(ring)
    dx, dy = DIRS[key]
    return focus.step(ring, current, dx, dy, PREFERRED)


def draw(g: Gfx, ring: Sequence[Region], focused: str | None) -> None:
    """A thick outline around the focused button (visible focus for keyboard play)."""
    focus.draw_ring(g, ring, focused)
