"""Canvas side of the voxel view: one JS loop draws a whole quad mesh; the settled world is
cached on an offscreen layer and redrawn only when the board, view, cut-away or size change."""

from __future__ import annotations

import math
import time
from typing import Any

import js  # type: ignore[import-not-found]
from gwweb.floodline import mesh as M
from gwweb.floodline.iso import GRAVITY_VEC, Proj, fit
from gwweb.shared.canvas import Gfx
from pyodide.ffi import to_js  # type: ignore[import-not-found]

_DRAW_QUADS = js.Function.new(
    "ctx",
    "pts",
    "fills",
    "strokes",
    "styles",
    "lw",
    """
    const n = fills.length; ctx.lineWidth = lw; ctx.lineJoin = 'round';
    for (let i = 0; i < n; i++) {
      const k = i * 8;
      ctx.beginPath(); ctx.moveTo(pts[k], pts[k+1]); ctx.lineTo(pts[k+2], pts[k+3]);
      ctx.lineTo(pts[k+4], pts[k+5]); ctx.lineTo(pts[k+6], pts[k+7]); ctx.closePath();
      const f = fills[i]; if (f >= 0) { ctx.fillStyle = styles[f]; ctx.fill(); }
      const s = strokes[i]; if (s >= 0) { ctx.strokeStyle = styles[s]; ctx.stroke(); }
    }
    """,
)
_styles_js: Any = None
_styles_n = 0


class JsMesh:
    """A mesh converted to typed arrays once, so redrawing it is a single JS call."""

    def __init__(self, m: M.Mesh) -> None:
        self.n = len(m)
        self.pts = js.Float32Array.new(to_js(m.pts)) if self.n else None
        self.fills = js.Int16Array.new(to_js(m.fills)) if self.n else None
        self.strokes = js.Int16Array.new(to_js(m.strokes)) if self.n else None


def draw_mesh(g: Gfx, m: M.Mesh | JsMesh, lw: float = 1.0) -> None:
    global _styles_js, _styles_n
    if not (m.n if isinstance(m, JsMesh) else len(m)):
        return
    if _styles_js is None or _styles_n != len(M.STYLES):
        _styles_js = to_js(list(M.STYLES))
        _styles_n = len(M.STYLES)
    jm = m if isinstance(m, JsMesh) else JsMesh(m)
    _DRAW_QUADS(g.ctx, jm.pts, jm.fills, jm.strokes, _styles_js, lw)
    g.forget_styles()  # the JS loop changed the context's styles


class WorldView:
    """Projection + the cached settled-world layer for the current board."""

    def __init__(self) -> None:
        self.proj: Proj | None = None
        self.layer: Gfx | None = None
        self.key: tuple[Any, ...] = ()
        self.rect = (0.0, 0.0, 1.0, 1.0)
        self.redraws = 0
        self.ms = 0.0

    def place(self, view: int, size: list[int], rect: tuple[float, float, float, float]) -> Proj:
        x, y, w, h = rect
        p = fit(view, size[0], size[1], size[2], 0, 0, w, h)
        self.rect = rect
        self.proj = p
        return p

    def ensure(
        self,
        g: Gfx,
        key: tuple[Any, ...],
        cells: list[dict[str, Any]],
        height_limit: int,
        cut: int | None,
        marked: set[tuple[int, int, int]] | None,
    ) -> None:
        """Redraw the layer if ``key`` (board identity, view, cut, size) changed."""
        if key == self.key and self.layer is not None:
            return
        self.key = key
        t0 = time.perf_counter()
        _, _, w, h = self.rect
        if self.layer is None or self.layer.width != w or self.layer.height != h:
            self.layer = g.layer(w, h)
        lg = self.layer
        lg.fit()
        lg.ctx.clearRect(0, 0, w, h)
        p = self.proj
        assert p is not None
        tiles, lines = M.frame_mesh(p, height_limit)
        floor = M.Mesh()
        fl, fl2, edge = M.style("#2b3a48"), M.style("#30404f"), M.style("rgba(140,170,200,0.25)")
        for i, t in enumerate(tiles):
            floor.add(t, fl if (i + i // p.sz) % 2 else fl2, edge)
        draw_mesh(lg, floor)
        for k, ln in enumerate(lines):
            color = "rgba(255,90,90,0.85)" if k == 1 else "rgba(160,190,220,0.35)"
            pts = [(ln[i], ln[i + 1]) for i in range(0, len(ln), 2)]
            for (x1, y1), (x2, y2) in zip(pts, pts[1:], strict=False):
                lg.line(x1, y1, x2, y2, color, 2 if k == 1 else 1)
        draw_mesh(lg, M.world_mesh(p, cells, cut, marked))
        self.redraws += 1
        self.ms = (time.perf_counter() - t0) * 1000

    def blit(self, g: Gfx, tilt: float = 0.0) -> None:
        if self.layer is None:
            return
        x, y, w, h = self.rect
        if abs(tilt) < 1e-3:
            g.blit(self.layer, x, y)
            return
        c = g.ctx
        g.save()
        c.translate(x + w / 2, y + h / 2)
        c.rotate(tilt)
        g.blit(self.layer, -w / 2, -h / 2)
        g.restore()

    def draw_dynamic(self, g: Gfx, parts: list[JsMesh]) -> None:
        """Piece, ghost and previews drawn over the cached world, in board coordinates."""
        x, y, _, _ = self.rect
        c = g.ctx
        g.save()
        c.translate(x, y)
        for m in parts:
            draw_mesh(g, m, 1.2)
        g.restore()


def arrow(
    g: Gfx, cx: float, cy: float, dx: float, dy: float, length: float, color: str, width: float = 5
) -> None:
    """A thick arrow from (cx, cy) along (dx, dy)."""
    ex, ey = cx + dx * length, cy + dy * length
    g.line(cx, cy, ex - dx * width * 1.5, ey - dy * width * 1.5, color, width)
    px, py = -dy, dx
    hw = width * 1.8
    g.poly(
        [
            (ex, ey),
            (ex - dx * hw * 1.8 + px * hw, ey - dy * hw * 1.8 + py * hw),
            (ex - dx * hw * 1.8 - px * hw, ey - dy * hw * 1.8 - py * hw),
        ],
        fill=color,
    )


def gravity_dir(p: Proj, gravity: str) -> tuple[float, float]:
    return p.screen_dir(GRAVITY_VEC[gravity])


def tilt_angle(p: Proj, old: str, new: str, t: float) -> float:
    """Screen rotation for the tilt animation: the board swings from the old gravity to the new."""
    o = gravity_dir(p, old)
    n = gravity_dir(p, new)
    ang = math.atan2(o[0] * n[1] - o[1] * n[0], o[0] * n[0] + o[1] * n[1])
    ease = (1 - t) ** 2
    return -ang * 0.25 * ease
