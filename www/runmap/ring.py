"""The keyboard focus ring over the canvas buttons of the top dialog (menu, keypad, fight, shop,
shrine, outcome card, end of run, co-op dialog).

The arrows move the focus to the nearest button in that direction (←/→ at the end of a row go
on to the next or previous button in drawing order), Enter or Space presses it; the focused button has a thick gold
outline, drawn whenever the last input was a key. The geometry is the shared ``gwweb.shared.focus``.
"""

from __future__ import annotations

from collections.abc import Sequence

from gwweb.shared import focus
from gwweb.shared.canvas import Gfx, Region

PREFERRED = (
    "card_ok",
    "continue",
    "start",
    "fight:attack",
    "kp:ok",
    "new_run",
    "dev:host",
    "dev:next",
    "dev:accept",
    "dev:answer",
    "dev:copy",
)
DIRS = {"left": (-1.0, 0.0), "right": (1.0, 0.0), "up": (0.0, -1.0), "down": (0.0, 1.0)}
RING = focus.RING


def default_focus(ring: Sequence[Region]) -> str | None:
    """The button a keyboard user starts on: the dialog's main action, else the first one."""
    return focus.default_focus(ring, PREFERRED)


def step(ring: Sequence[Region], current: str | None, direction: str) -> str | None:
    """The button focused after pressing ``direction`` (left/right/up/down) on ``current``."""
    dx, dy = DIRS[direction]
    return focus.step(ring, current, dx, dy, PREFERRED)


def draw(g: Gfx, ring: Sequence[Region], focused: str | None) -> None:
    """A thick outline around the focused button (visible focus for keyboard play)."""
    focus.draw_ring(g, ring, focused)
