"""Toasts: short messages that fade after a few seconds, spoken to screen readers as they appear.

``Toasts(shell)`` keeps the queue; ``push(text)`` shows one (and ``shell.announce``s it);
``visible()`` lists what to draw now with an opacity; ``draw(g, cx, bottom)`` is a default look
(a dark pill per toast, newest at the bottom) that a game may replace with its own drawing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx

TOAST_MS = 3200.0
FADE_MS = 400.0


class Announcer(Protocol):
    def announce(self, text: str) -> None: ...
    def invalidate(self) -> None: ...


@dataclass
class Toast:
    text: str
    until: float  # page clock (ms) when it is gone


class Toasts:
    """At most ``keep`` toasts, each shown for ``ms`` milliseconds on the page clock."""

    def __init__(
        self,
        shell: Announcer | None = None,
        clock: Callable[[], float] | None = None,
        ms: float = TOAST_MS,
        keep: int = 3,
    ) -> None:
        self.shell = shell
        self.ms = ms
        self.keep = keep
        self.items: list[Toast] = []
        if clock is None:
            from gwweb.shared.clock import now_ms

            clock = now_ms
        self.clock = clock

    def push(self, text: str, ms: float | None = None, *, announce: bool = True) -> None:
        """Show ``text`` (a repeat of the newest toast just refreshes it) and announce it
        (``announce=False``: already spoken, e.g. a ``shell.notify`` notice shown as a toast)."""
        until = self.clock() + (self.ms if ms is None else ms)
        if self.items and self.items[-1].text == text:
            self.items[-1].until = until
        else:
            self.items = (self.items + [Toast(text, until)])[-self.keep :]
        if self.shell is not None:
            if announce:
                self.shell.announce(text)
            self.shell.invalidate()

    def clear(self) -> None:
        self.items = []

    def visible(self) -> list[tuple[str, float]]:
        """``(text, opacity)`` of the toasts still showing, oldest first; expired ones are dropped."""
        t = self.clock()
        self.items = [x for x in self.items if x.until > t]
        return [(x.text, min(1.0, (x.until - t) / FADE_MS)) for x in self.items]

    def active(self) -> bool:
        """True while a toast shows (turn-based apps keep animating to fade it)."""
        return bool(self.visible())

    def texts(self) -> list[str]:
        return [x.text for x in self.items]

    def draw(
        self,
        g: Gfx,
        cx: float,
        bottom: float,
        max_w: float = 520.0,
        fg: str = "#FFE0B2",
        bg: str = "rgba(20,12,10,0.92)",
        size: float = 14.0,
    ) -> float:
        """Default look: stacked pills centred at ``cx`` above ``bottom``; returns the top used."""
        y = bottom
        for text, a in reversed(self.visible()):
            lines = g.wrap(text, min(max_w, g.width - 40), size)[:3]
            w = max(g.measure(ln, size) for ln in lines) + 28
            h = len(lines) * (size + 5) + 12
            y -= h
            g.alpha(a)
            g.rect(cx - w / 2, y, w, h, bg)
            for k, ln in enumerate(lines):
                g.text(cx, y + 6 + (size + 5) * (k + 0.5), ln, fg, size, align="center", baseline="middle")
            g.alpha(1.0)
            y -= 6
        return y
