"""Screen layout: top bar, board area (cell size, origin, visible viewport), side or bottom panel.

On small screens the board can be zoomed to ``ZOOM_CELL`` px cells (numbers readable, tap targets
finger-sized); the viewport then shows part of the board centred on ``centre`` (board cells)."""

from __future__ import annotations

from dataclasses import dataclass, field

TOP = 44.0
ZOOM_CELL = 44.0  # zoomed cell size: every hazard number is drawn from 38 px up
AUTO_ZOOM_BELOW = 38.0  # a board whose fitted cells are smaller than this can zoom (numbers hidden)
DEFAULT_ZOOM_BELOW = 30.0  # ... and starts zoomed when they are smaller than this


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
    view: tuple[float, float, float, float] = field(default=(0.0, 0.0, 0.0, 0.0))  # visible board rect
    fit: float = 0.0  # the cell size that shows the whole board
    zoomed: bool = False

    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        vx, vy, vw, vh = self.view
        if vw > 0 and not (vx <= x < vx + vw and vy <= y < vy + vh):
            return None
        cx = int((x - self.ox) // self.cell)
        cy = int((y - self.oy) // self.cell)
        if x < self.ox or y < self.oy or not (0 <= cx < self.gw and 0 <= cy < self.gh):
            return None
        return cx, cy

    def xy(self, cx: int, cy: int) -> tuple[float, float]:
        return self.ox + cx * self.cell, self.oy + cy * self.cell

    @property
    def board_rect(self) -> tuple[float, float, float, float]:
        """The part of the board on screen (the whole board unless zoomed)."""
        x0, y0 = self.ox, self.oy
        x1, y1 = x0 + self.cell * self.gw, y0 + self.cell * self.gh
        vx, vy, vw, vh = self.view
        if vw > 0:
            x0, y0, x1, y1 = max(x0, vx), max(y0, vy), min(x1, vx + vw), min(y1, vy + vh)
        return x0, y0, x1 - x0, y1 - y0

    @property
    def can_zoom(self) -> bool:
        return self.fit < AUTO_ZOOM_BELOW


def _place(origin: float, span: float, cells: int, cell: float, centre: float) -> float:
    """Board origin on one axis: centred when it fits, else ``centre`` in the middle, clamped."""
    size = cells * cell
    if size <= span:
        return origin + (span - size) / 2
    o = origin + span / 2 - centre * cell
    return min(origin, max(origin + span - size, o))


def compute(
    w: float,
    h: float,
    gw: int,
    gh: int,
    panel_min: float = 290.0,
    zoom: bool = False,
    centre: tuple[float, float] | None = None,
) -> Layout:
    """Wide screens: board left, panel right. Narrow: board on top, panel below."""
    wide = w >= 700 and w >= h * 1.05
    pad = 8.0
    cx, cy = centre if centre is not None else (gw / 2, gh / 2)
    if wide:
        pw = max(panel_min, min(400.0, w * 0.34))
        bw, bh = w - pw - 3 * pad, h - TOP - 2 * pad
        fit = min(64.0, bw / gw, bh / gh)
        cell = max(fit, ZOOM_CELL) if zoom and fit < AUTO_ZOOM_BELOW else fit
        ox = _place(pad, bw, gw, cell, cx)
        oy = _place(TOP + pad, bh, gh, cell, cy)
        view = (pad, TOP + pad, bw, bh)
        return Layout(
            w,
            h,
            True,
            cell,
            ox,
            oy,
            gw,
            gh,
            w - pw - pad,
            TOP + pad,
            pw,
            h - TOP - 2 * pad,
            view,
            fit,
            cell > fit,
        )
    bw = w - 2 * pad
    bh = max(120.0, min(h * 0.42, h - TOP - 360))
    fit = min(56.0, bw / gw, bh / gh)
    cell = max(fit, ZOOM_CELL) if zoom and fit < AUTO_ZOOM_BELOW else fit
    vh = min(bh, cell * gh)
    ox = _place(pad, bw, gw, cell, cx)
    oy = _place(TOP + pad, vh, gh, cell, cy)
    py = TOP + pad + vh + pad
    return Layout(
        w,
        h,
        False,
        cell,
        ox,
        oy,
        gw,
        gh,
        pad,
        py,
        w - 2 * pad,
        h - py - pad,
        (pad, TOP + pad, bw, vh),
        fit,
        cell > fit,
    )
