"""Taps and swipes on the scrolling screens (level list, help): a press on a button there fires on
release only when the pointer stayed within ``SLOP`` pixels (a tap); a press that moves further
is a swipe that scrolls the list and fires nothing. No browser imports (tested in CPython)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SLOP = 10.0  # px a finger may wander and still tap (about a fingertip's jitter)


@dataclass
class Press:
    """A pointer held down on a scrolling screen."""

    hit: str  # the button under the press ("" for none)
    x0: float
    y0: float
    scroll0: float
    moved: bool = False


class Scroller:
    """The tap-or-swipe state of one scrolling screen; ``scroll`` is read and written through the
    ``get``/``put`` callables so the screen keeps its own scroll field."""

    def __init__(self) -> None:
        self.press: Press | None = None

    def down(self, hit: str, x: float, y: float, scroll: float) -> None:
        self.press = Press(hit, x, y, scroll)

    def event(self, ev: Any) -> tuple[bool, float | None, str | None]:
        """Feed a pointer event while a press is held: (consumed, new scroll or None, tapped button
        or None)."""
        p = self.press
        if p is None or ev.kind != "pointer":
            return False, None, None
        if ev.name == "move":
            if not p.moved and (abs(ev.x - p.x0) > SLOP or abs(ev.y - p.y0) > SLOP):
                p.moved = True
            return True, (p.scroll0 - (ev.y - p.y0)) if p.moved else None, None
        if ev.name in ("up", "cancel"):
            self.press = None
            tapped = p.hit if (ev.name == "up" and not p.moved and p.hit) else None
            return True, None, tapped
        return False, None, None
