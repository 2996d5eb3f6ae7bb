"""Screen layout: top bar, board area (cell size and origin), side or bottom panel."""

from __future__ import annotations

from dataclasses import dataclass

TOP = 44.0


@dataclass
class Layout:
    w: float
    h: float
    wide: bool
    cell: float
    ox: float
    oy: float
    gw: int
    gh: int
    px: float
    py: float
    pw: float
    ph: float

    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        cx = int((x - self.ox) // self.cell)
        cy = int((y - self.oy) // self.cell)
        if x < self.ox or y < self.oy or not (0 <= cx < self.gw and 0 <= cy < self.gh):
            return None
        return cx, cy

    def xy(self, cx: int, cy: int) -> tuple[float, float]:
        return self.ox + cx * self.cell, self.oy + cy * self.cell


def compute(w: float, h: float, gw: int, gh: int, panel_min: float = 290.0) -> Layout:
    """Wide screens: board left, panel right. Narrow: board on top, panel below."""
    wide = w >= 700 and w >= h * 1.05
    pad = 8.0
    if wide:
        pw = max(panel_min, min(400.0, w * 0.34))
        bw, bh = w - pw - 3 * pad, h - TOP - 2 * pad
        cell = min(64.0, bw / gw, bh / gh)
        ox = pad + (bw - cell * gw) / 2
        oy = TOP + pad + (bh - cell * gh) / 2
        return Layout(w, h, True, cell, ox, oy, gw, gh, w - pw - pad, TOP + pad, pw, h - TOP - 2 * pad)
    bw = w - 2 * pad
    bh = max(120.0, min(h * 0.42, h - TOP - 360))
    cell = min(56.0, bw / gw, bh / gh)
    ox = pad + (bw - cell * gw) / 2
    oy = TOP + pad
    py = oy + cell * gh + pad
    return Layout(w, h, False, cell, ox, oy, gw, gh, pad, py, w - 2 * pad, h - py - pad)
