"""Screen layout for desktop (orbit left, panel right) and phone (orbit on top, panel below)."""

from __future__ import annotations

from dataclasses import dataclass

from gwweb.shared.geometry import Rect  # noqa: F401 - re-exported for this game's modules


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
    split: bool = False


TOP_H = 44.0


def compute(w: float, h: float) -> Layout:
    """Rectangles for the current canvas size (CSS pixels)."""
    phone = h > w * 1.05 or (w < 700 and h >= 600)
    top = Rect(0, 0, w, TOP_H)
    if not phone and h < 620:
        # short landscape (a phone on its side): square orbit left, the panel in two columns
        ow = max(200.0, min(h - TOP_H, w * 0.45))
        orbit = Rect(0, TOP_H, ow, h - TOP_H)
        panel = Rect(ow, TOP_H, w - ow, h - TOP_H)
        row = max(20.0, min(30.0, (h - TOP_H - 54) / 8.2))
        return Layout(w, h, False, top, None, orbit, panel, row, 13.0, True)
    if not phone:
        pw = max(340.0, min(460.0, w * 0.4))
        orbit = Rect(0, TOP_H, w - pw, h - TOP_H)
        panel = Rect(w - pw, TOP_H, pw, h - TOP_H)
        return Layout(w, h, False, top, None, orbit, panel, 30.0, 14.0)
    # on short phones the ship cards float over the top of the orbit view instead of taking a strip
    cards: Rect | None = Rect(0, TOP_H, w, 38) if h >= 700 else None
    below = cards.bottom if cards is not None else TOP_H
    # taller phones get taller rows: the +/− buttons are the main touch targets
    row = 28.0 if h >= 800 else 26.0 if h >= 760 else 23.0
    big = 48.0 - row  # the selected subsystem row and the vent row carry 44 px +/- buttons
    need = (
        44
        + 7 * row
        + 2 * big
        + (row + 2)
        + (row + 11)
        + (row + 4)
        + 2 * (row + 3)
        + 6
        + 34
        + 4
        + (row + 10)
        + 10
    )
    oh = max(200.0 if h >= 700 else 140.0, min(w, h - below - need))
    orbit = Rect(0, below, w, oh)
    panel = Rect(0, orbit.bottom, w, max(0.0, h - orbit.bottom))
    return Layout(w, h, True, top, cards, orbit, panel, row, 13.0)
