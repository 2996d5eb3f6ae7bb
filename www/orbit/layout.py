"""Screen layout for desktop (orbit left, panel right) and phone (orbit on top, panel below)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def right(self) -> float:
        return self.x + self.w

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px <= self.x + self.w and self.y <= py <= self.y + self.h

    def inset(self, d: float) -> Rect:
        return Rect(self.x + d, self.y + d, max(0.0, self.w - 2 * d), max(0.0, self.h - 2 * d))


@dataclass(frozen=True)
class Layout:
    w: float
    h: float
    phone: bool
    top: Rect
    cards: Rect | None
    orbit: Rect
    panel: Rect
    row: float
    font: float


TOP_H = 44.0


def compute(w: float, h: float) -> Layout:
    """Rectangles for the current canvas size (CSS pixels)."""
    phone = w < 700 or h > w * 1.05
    top = Rect(0, 0, w, TOP_H)
    if not phone:
        pw = max(340.0, min(460.0, w * 0.4))
        orbit = Rect(0, TOP_H, w - pw, h - TOP_H)
        panel = Rect(w - pw, TOP_H, pw, h - TOP_H)
        return Layout(w, h, False, top, None, orbit, panel, 30.0, 14.0)
    cards = Rect(0, TOP_H, w, 38)
    row = 26.0 if h >= 760 else 23.0
    need = 44 + 7 * row + (row + 2) + (row + 11) + (row + 4) + 2 * (row + 3) + 6 + 34 + 4 + (row + 10) + 10
    oh = max(200.0 if h >= 700 else 150.0, min(w, h - TOP_H - cards.h - need))
    orbit = Rect(0, cards.bottom, w, oh)
    panel = Rect(0, orbit.bottom, w, max(0.0, h - orbit.bottom))
    return Layout(w, h, True, top, cards, orbit, panel, row, 13.0)
