"""Screen layout (16.1 Dynamic Redraw): the pyramid always fits, centred, for any canvas size.

Pointy-top hexes; ``cell`` is a hex's width (flat side to flat side) and the distance between
neighbouring centres. Rows are ``cell * sqrt(3)/2`` apart; even rows (5 nodes) are shifted right by half
a cell (even-r, as in ``engine.ternar.topology``). Pure Python: no ``js``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from gwweb.shared.geometry import Rect  # noqa: F401 - re-exported for this game's modules

from engine.ternar import display
from engine.ternar.topology import COORDS, N_NODES

SQRT3 = math.sqrt(3.0)
ROW_STEP = SQRT3 / 2  # in cells
HEX_R = 1 / SQRT3  # corner radius in cells
BOARD_W = 6.0  # in cells
BOARD_H = 7 * ROW_STEP + 2 * HEX_R  # ~7.217 cells
SNAP = display.SNAP_RADIUS  # 3.3: magnetic capture inside 80 % of the cell's radius


@dataclass
class Layout:
    """Where everything goes for a ``width`` x ``height`` canvas (CSS pixels)."""

    width: float
    height: float
    wide: bool = False
    cell: float = 40.0
    board: Rect = Rect(0, 0, 0, 0)
    top: Rect = Rect(0, 0, 0, 0)  # the shared chrome's top bar: home, title, New game, Share, RU, sound
    hud: Rect = Rect(0, 0, 0, 0)  # title, score, best, turn, window
    info: Rect = Rect(0, 0, 0, 0)  # route preview / hints
    bar: Rect = Rect(0, 0, 0, 0)  # the game's own controls: Soft Undo (and telemetry on a wide screen)
    cx: list[float] = field(default_factory=list)
    cy: list[float] = field(default_factory=list)

    @property
    def radius(self) -> float:
        """Hex corner radius in px."""
        return self.cell * HEX_R

    @property
    def compact(self) -> bool:
        """Narrow screens get smaller type."""
        return self.width < 420 or self.height < 520

    def center(self, nid: int) -> tuple[float, float]:
        return self.cx[nid], self.cy[nid]

    def node_at(self, px: float, py: float, snap: float = SNAP) -> int | None:
        """The node whose centre is within ``snap`` of the hex radius of the point, if any."""
        lim = (snap * self.radius) ** 2
        best, best_d = None, lim
        for n in range(N_NODES):
            d = (self.cx[n] - px) ** 2 + (self.cy[n] - py) ** 2
            if d <= best_d:
                best, best_d = n, d
        return best

    def nearest(self, px: float, py: float) -> int:
        """The node closest to the point (for keyboard cursor placement)."""
        return min(range(N_NODES), key=lambda n: (self.cx[n] - px) ** 2 + (self.cy[n] - py) ** 2)


def _clamp(v: float, lo: float, hi: float) -> float:
    return max(lo, min(hi, v))


def compute(width: float, height: float, top: float = 0.0, bottom: float = 0.0) -> Layout:
    """The layout for a canvas; chooses the stacked (portrait, embed) or the side-panel (landscape) form.

    ``top``: the height of the shared top bar across the canvas; ``bottom``: a strip at the bottom left
    free (an embed's "Click or Tab to play" pill sits there, so it never covers a control or a node)."""
    w, h0 = max(width, 200.0), max(height, 240.0)
    top_h = top
    h = max(h0 - top_h - bottom, 200.0)
    pad = _clamp(min(w, h) * 0.025, 6, 16)
    # stacked: HUD on top, preview line, board, button bar at the bottom
    hud_h = _clamp(h * 0.1, 68, 92)
    info_h = _clamp(h * 0.045, 24, 36)
    bar_h = _clamp(h * 0.09, 54, 76)
    st_cell = min((w - 2 * pad) / BOARD_W, (h - hud_h - info_h - bar_h - 2 * pad) / BOARD_H)
    # wide: panels left and right, the board uses the full height
    side = _clamp(w * 0.22, 170, 320)
    wd_cell = min((w - 2 * side - 2 * pad) / BOARD_W, (h - 2 * pad) / BOARD_H)
    lay = Layout(width, height)
    if w >= 640 and wd_cell > st_cell * 1.05:
        lay.wide = True
        lay.cell = wd_cell
        bw, bh = wd_cell * BOARD_W, wd_cell * BOARD_H
        lay.board = Rect((w - bw) / 2, (h - bh) / 2, bw, bh)
        # the HUD column needs ~300 px (title .. window pills, storm line); on a landscape phone
        # (h ~ 390) 55 % of the height put the hint over the Turn value and hid the window pills
        hud_wh = max(h * 0.55, min(310.0, h - 2 * pad - 70))
        lay.hud = Rect(pad, pad, side - 2 * pad, hud_wh)
        lay.info = Rect(pad, pad + hud_wh, side - 2 * pad, h - hud_wh - 3 * pad)
        lay.bar = Rect(w - side + pad, pad, side - 2 * pad, h - 2 * pad)
    else:
        lay.cell = max(st_cell, 12.0)
        bw, bh = lay.cell * BOARD_W, lay.cell * BOARD_H
        top = hud_h + info_h
        room = h - top - bar_h
        lay.board = Rect((w - bw) / 2, top + max(0.0, (room - bh) / 2), bw, bh)
        lay.hud = Rect(pad, 0, w - 2 * pad, hud_h)
        lay.info = Rect(pad, hud_h, w - 2 * pad, info_h)
        lay.bar = Rect(pad, h - bar_h, w - 2 * pad, bar_h)
    if top_h:
        lay.board, lay.hud, lay.info, lay.bar = (
            Rect(r.x, r.y + top_h, r.w, r.h) for r in (lay.board, lay.hud, lay.info, lay.bar)
        )
    lay.top = Rect(0, 0, width, top_h)
    c = lay.cell
    bx, by = lay.board.x, lay.board.y
    lay.cx = [bx + (col + 0.5 + (0.5 if row % 2 == 0 else 0.0)) * c for row, col in COORDS]
    lay.cy = [by + (HEX_R + row * ROW_STEP) * c for row, col in COORDS]
    return lay


def hex_corners(r: float) -> list[tuple[float, float]]:
    """Corner offsets of a pointy-top hex of corner radius ``r``."""
    return [
        (r * math.cos(math.radians(60 * i - 90)), r * math.sin(math.radians(60 * i - 90))) for i in range(6)
    ]
