"""Short-lived effects on screen that are not the engine state: the 1.6 swell, the 19.1 tint,
the 17.8 Soft Win salute and the Architect / Big Bang banner (9.3). Pure Python state; the
drawing takes a ``Gfx``."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.ternar import display

from .layout import Layout
from .view import RING

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx

FRAME_MS = 1000.0 / 60.0
SWELL = display.SWELL_SCALE  # 1.6: the active node grows to 1.2x ...
TINT_MS = float(display.INVALID_TINT_MS)  # 19.1: the rejected target in #FFCDD2 for 100 ms
SALUTE_MS = 3200.0  # 17.8: the Soft Win salute
MOMENT_MS = 3200.0  # the Architect / Big Bang banner over the board


@dataclass
class Moment:
    """A banner over the board: ``kind`` is "architect" or "big_bang"."""

    kind: str
    title: str
    line: str
    t0: float
    until: float


@dataclass
class Fx:
    scales: dict[int, float] = field(default_factory=dict)  # nodes swelling or shrinking back
    tint: tuple[int, float] | None = None  # node, until (ms)
    salute: tuple[int, float] | None = None  # node, until (ms)
    moment: Moment | None = None
    vibrating: bool = False  # the route line vibrates (3.3): keep drawing

    def tint_node(self, nid: int, now: float) -> None:
        if self.tint is None or self.tint[0] != nid:
            self.tint = (nid, now + TINT_MS)

    def running(self, active: int | None) -> bool:
        """True while any effect still changes the picture."""
        return (
            self.vibrating
            or self.tint is not None
            or self.salute is not None
            or self.moment is not None
            or any(abs(s - (SWELL if n == active else 1.0)) > 0.004 for n, s in self.scales.items())
            or (active is not None and active not in self.scales)
        )

    def lerp_scales(self, active: int | None, dt: float) -> None:
        """1.6: scale += (target - scale) * k, k = 0.15 per 60 Hz frame (frame-rate independent)."""
        k = 1.0 - (1.0 - display.LERP_K) ** (min(dt, 100.0) / FRAME_MS)
        if active is not None and active not in self.scales:
            self.scales[active] = 1.0
        for n in list(self.scales):
            s = self.scales[n]
            target = SWELL if n == active else 1.0
            s += (target - s) * k
            if target == 1.0 and abs(s - 1.0) < 0.004:
                del self.scales[n]
            else:
                self.scales[n] = s


def draw_salute(fx: Fx, g: Gfx, lay: Layout | None, t_now: float) -> None:
    """17.8 Soft Win: a burst of the six ring colours around the first singularity."""
    if fx.salute is None:
        return
    nid, until = fx.salute
    left = until - t_now
    if left <= 0 or lay is None:
        fx.salute = None
        return
    q = 1.0 - left / SALUTE_MS
    x0, y0 = lay.cx[nid], lay.cy[nid]
    g.alpha(max(0.0, 1.0 - q))
    for i in range(30):
        ang = i * 2.399963  # golden angle: an even spread without randomness
        dist = lay.cell * (0.6 + 2.6 * q) * (0.55 + 0.45 * ((i * 7) % 10) / 10)
        x = x0 + math.cos(ang) * dist
        y = y0 + math.sin(ang) * dist + lay.cell * 0.9 * q * q
        g.circle(x, y, max(1.5, lay.cell * 0.07 * (1.0 - 0.5 * q)), fill=RING[i % 6] if i % 3 else "#FFB74D")
    g.alpha(1.0)


def draw_moment(fx: Fx, g: Gfx, lay: Layout | None, t_now: float) -> None:
    """17.8 Soft Win and 9.3 Big Bang: a banner over the board (and, for the Big Bang, a white shock
    ring from the centre) that fades out; input is not locked by it."""
    m = fx.moment
    if m is None:
        return
    if t_now >= m.until or lay is None:
        fx.moment = None
        return
    q = (t_now - m.t0) / max(1.0, m.until - m.t0)
    b = lay.board
    if m.kind == "big_bang" and q < 0.5:
        k = q / 0.5
        g.alpha(0.8 * (1.0 - k))
        g.circle(b.cx, b.cy, max(4.0, k * max(b.w, b.h)), stroke="#FFB74D", width=max(4.0, lay.cell * 0.3))
        g.alpha(1.0)
    a = min(1.0, q / 0.1, (1.0 - q) / 0.25)
    g.alpha(max(0.0, a))
    h = lay.cell * 1.6
    w = min(b.w, 420.0)
    g.round_rect(b.cx - w / 2, b.cy - h / 2, w, h, 14, fill="#3E2723")
    size = g.fit_text(m.title, w - 24, lay.cell * 0.55, True)
    g.text(b.cx, b.cy - h * 0.14, m.title, "#FFE0B2", size, bold=True, align="center", baseline="middle")
    sub = g.fit_text(m.line, w - 24, max(12.0, lay.cell * 0.28))
    g.text(b.cx, b.cy + h * 0.26, m.line, "#FFFFFF", sub, align="center", baseline="middle")
    g.alpha(1.0)


__all__ = ["MOMENT_MS", "SALUTE_MS", "Fx", "Moment", "draw_moment", "draw_salute"]
