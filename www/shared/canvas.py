"""Canvas drawing from Python: DPR-aware sizing, bound 2D methods, text and button helpers.

Coordinates are CSS pixels; the backing store is scaled by devicePixelRatio so
lines stay sharp. Buttons are drawn on the canvas and registered as hit regions
for the input module (the canvas monolith: no DOM widgets).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import js  # type: ignore[import-not-found]

FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"


@dataclass
class Region:
    id: str
    x: float
    y: float
    w: float
    h: float

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px <= self.x + self.w and self.y <= py <= self.y + self.h


class Gfx:
    """Wraps a canvas element (visible or offscreen) and its 2D context."""

    def __init__(self, canvas: Any, fit_window: bool = True) -> None:
        self.canvas = canvas
        self.ctx = canvas.getContext("2d")
        self.fit_window = fit_window
        self.width = 0.0
        self.height = 0.0
        self.dpr = 1.0
        self.regions: list[Region] = []
        c = self.ctx
        # bound methods kept once: each FFI lookup costs microseconds
        self._fill_rect = c.fillRect
        self._stroke_rect = c.strokeRect
        self._fill_text = c.fillText
        self._begin = c.beginPath
        self._move = c.moveTo
        self._line = c.lineTo
        self._arc = c.arc
        self._close = c.closePath
        self._fill = c.fill
        self._stroke = c.stroke
        self._measure = c.measureText
        self._set_transform = c.setTransform
        self._draw_image = c.drawImage
        self._fill_cache = ""
        self._stroke_cache = ""
        self._font_cache = ""
        self._width_cache = -1.0
        self._align_cache = ""
        self._baseline_cache = ""

    # -- sizing ----------------------------------------------------------
    def fit(self) -> bool:
        """Match the backing store to the element size × DPR; True if it changed."""
        dpr = float(js.window.devicePixelRatio or 1)
        if self.fit_window:
            rect = self.canvas.getBoundingClientRect()
            w, h = float(rect.width), float(rect.height)
        else:
            w, h = self.width, self.height
        bw, bh = max(1, round(w * dpr)), max(1, round(h * dpr))
        changed = bw != self.canvas.width or bh != self.canvas.height or dpr != self.dpr
        if changed:
            self.canvas.width = bw
            self.canvas.height = bh
            self.forget_styles()
        self.width, self.height, self.dpr = w, h, dpr
        self._set_transform(dpr, 0, 0, dpr, 0, 0)
        return changed

    def begin_frame(self) -> None:
        self.regions.clear()
        self._set_transform(self.dpr, 0, 0, self.dpr, 0, 0)

    # -- state -------------------------------------------------------------
    def forget_styles(self) -> None:
        """The context's styles changed behind the caches (resize, restore): set them again on next use."""
        self._fill_cache = self._stroke_cache = self._font_cache = ""
        self._align_cache = self._baseline_cache = ""
        self._width_cache = -1.0

    def save(self) -> None:
        self.ctx.save()

    def restore(self) -> None:
        """``ctx.restore()``; the style caches are dropped since the context's styles reverted."""
        self.ctx.restore()
        self.forget_styles()

    def clip_rect(self, x: float, y: float, w: float, h: float) -> None:
        """Clip further drawing to a rectangle (undo with ``save()``/``restore()``)."""
        self._begin()
        self.ctx.rect(x, y, w, h)
        self.ctx.clip()

    def fill_style(self, color: str) -> None:
        if color != self._fill_cache:
            self.ctx.fillStyle = color
            self._fill_cache = color

    def stroke_style(self, color: str, width: float = 1.0) -> None:
        if color != self._stroke_cache:
            self.ctx.strokeStyle = color
            self._stroke_cache = color
        if width != self._width_cache:
            self.ctx.lineWidth = width
            self._width_cache = width

    def font(self, size: float, bold: bool = False, family: str = FONT) -> None:
        f = f"{'bold ' if bold else ''}{size:.0f}px {family}"
        if f != self._font_cache:
            self.ctx.font = f
            self._font_cache = f

    def alpha(self, a: float) -> None:
        self.ctx.globalAlpha = a

    # -- primitives --------------------------------------------------------
    def clear(self, color: str) -> None:
        self.fill_style(color)
        self._fill_rect(0, 0, self.width, self.height)

    def rect(self, x: float, y: float, w: float, h: float, color: str) -> None:
        self.fill_style(color)
        self._fill_rect(x, y, w, h)

    def frame(self, x: float, y: float, w: float, h: float, color: str, width: float = 1.0) -> None:
        self.stroke_style(color, width)
        self._stroke_rect(x, y, w, h)

    def line(self, x1: float, y1: float, x2: float, y2: float, color: str, width: float = 1.0) -> None:
        self.stroke_style(color, width)
        self._begin()
        self._move(x1, y1)
        self._line(x2, y2)
        self._stroke()

    def _paint(self, fill: str | None, stroke: str | None, width: float) -> None:
        """Fill and/or stroke the current path."""
        if fill:
            self.fill_style(fill)
            self._fill()
        if stroke:
            self.stroke_style(stroke, width)
            self._stroke()

    def circle(
        self,
        x: float,
        y: float,
        r: float,
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
    ) -> None:
        self._begin()
        self._arc(x, y, r, 0, 2 * math.pi)
        self._paint(fill, stroke, width)

    def poly(
        self,
        pts: list[tuple[float, float]],
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
    ) -> None:
        if not pts:
            return
        self._begin()
        self._move(pts[0][0], pts[0][1])
        for x, y in pts[1:]:
            self._line(x, y)
        self._close()
        self._paint(fill, stroke, width)

    def text(
        self,
        x: float,
        y: float,
        s: str,
        color: str,
        size: float = 14,
        bold: bool = False,
        align: str = "left",
        baseline: str = "alphabetic",
    ) -> None:
        self.fill_style(color)
        self.font(size, bold)
        if align != self._align_cache:
            self.ctx.textAlign = align
            self._align_cache = align
        if baseline != self._baseline_cache:
            self.ctx.textBaseline = baseline
            self._baseline_cache = baseline
        self._fill_text(s, x, y)

    def measure(self, s: str, size: float = 14, bold: bool = False) -> float:
        self.font(size, bold)
        return float(self._measure(s).width)

    def fit_text(self, s: str, max_w: float, size: float, bold: bool = False, min_size: float = 8) -> float:
        """Largest font size ≤ ``size`` at which ``s`` fits in ``max_w``."""
        while size > min_size and self.measure(s, size, bold) > max_w:
            size -= 1
        return size

    def wrap(self, s: str, max_w: float, size: float = 14, bold: bool = False) -> list[str]:
        """Split ``s`` into lines no wider than ``max_w``."""
        lines: list[str] = []
        for para in s.split("\n"):
            cur = ""
            for word in para.split(" "):
                t = f"{cur} {word}" if cur else word
                if cur and self.measure(t, size, bold) > max_w:
                    lines.append(cur)
                    cur = word
                else:
                    cur = t
            lines.append(cur)
        return lines

    def button(
        self,
        id: str,
        x: float,
        y: float,
        w: float,
        h: float,
        label: str,
        *,
        fg: str = "#FFE0B2",
        bg: str | None = None,
        size: float = 15,
        active: bool = False,
        enabled: bool = True,
    ) -> Region:
        """Draw a bordered button and register its hit region."""
        if bg:
            self.rect(x, y, w, h, bg)
        if active:
            self.rect(x, y, w, h, "rgba(255,224,178,0.18)")
        color = fg if enabled else "rgba(255,224,178,0.4)"
        self.frame(x + 0.5, y + 0.5, w - 1, h - 1, color, 1.5)
        fs = self.fit_text(label, w - 8, size)
        self.text(x + w / 2, y + h / 2 + 1, label, color, fs, align="center", baseline="middle")
        region = Region(id, x, y, w, h)
        if enabled:
            self.regions.append(region)
        return region

    def region_at(self, px: float, py: float) -> str | None:
        """The id of the top-most button under the point, if any."""
        for r in reversed(self.regions):
            if r.contains(px, py):
                return r.id
        return None

    # -- paths (public: games build shapes with these, never with ``ctx`` or ``_arc``) ------
    def begin_path(self) -> None:
        self._begin()

    def move_to(self, x: float, y: float) -> None:
        self._move(x, y)

    def line_to(self, x: float, y: float) -> None:
        self._line(x, y)

    def arc_to_path(self, x: float, y: float, r: float, a0: float, a1: float, ccw: bool = False) -> None:
        """Add a circular arc (radians, clockwise on screen unless ``ccw``) to the current path."""
        self._arc(x, y, r, a0, a1, ccw)

    def rect_path(self, x: float, y: float, w: float, h: float) -> None:
        self.ctx.rect(x, y, w, h)

    def round_rect_path(self, x: float, y: float, w: float, h: float, r: float) -> None:
        """Add a rounded rectangle to the current path (plain rectangle where ``roundRect`` is missing)."""
        try:
            self.ctx.roundRect(x, y, w, h, r)
        except Exception:
            self.ctx.rect(x, y, w, h)

    def close_path(self) -> None:
        self._close()

    def fill_path(self, color: str) -> None:
        self.fill_style(color)
        self._fill()

    def stroke_path(self, color: str, width: float = 1.0) -> None:
        self.stroke_style(color, width)
        self._stroke()

    def fill(self) -> None:
        """Fill the current path with the current fill style."""
        self._fill()

    def stroke(self) -> None:
        """Stroke the current path with the current stroke style and width."""
        self._stroke()

    def paint(self, fill: str | None = None, stroke: str | None = None, width: float = 1.0) -> None:
        """Fill and/or stroke the current path."""
        self._paint(fill, stroke, width)

    # -- shapes ------------------------------------------------------------------
    def arc(
        self,
        x: float,
        y: float,
        r: float,
        a0: float,
        a1: float,
        color: str,
        width: float = 1.0,
        cap: str = "butt",
    ) -> None:
        """Stroke an arc of a circle (angles in radians)."""
        self.line_cap(cap)
        self._begin()
        self._arc(x, y, r, a0, a1)
        self.stroke_style(color, width)
        self._stroke()
        if cap != "butt":
            self.line_cap("butt")

    def sector(self, x: float, y: float, r_in: float, r_out: float, a0: float, a1: float, fill: str) -> None:
        """Fill a ring sector between radii ``r_in`` and ``r_out`` (a pie slice when ``r_in`` is 0)."""
        self._begin()
        self._arc(x, y, r_out, a0, a1)
        if r_in > 0:
            self._arc(x, y, r_in, a1, a0, True)
        else:
            self._line(x, y)
        self._close()
        self.fill_style(fill)
        self._fill()

    def polyline(self, pts: list[tuple[float, float]], color: str, width: float = 1.0) -> None:
        """Stroke an open path through ``pts``."""
        if len(pts) < 2:
            return
        self._begin()
        self._move(pts[0][0], pts[0][1])
        for x, y in pts[1:]:
            self._line(x, y)
        self.stroke_style(color, width)
        self._stroke()

    def round_rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        r: float,
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
    ) -> None:
        """A filled and/or outlined rounded rectangle."""
        self._begin()
        self.round_rect_path(x, y, w, h, r)
        self._paint(fill, stroke, width)

    def clear_rect(self, x: float, y: float, w: float, h: float) -> None:
        """Make a rectangle transparent (layers)."""
        self.ctx.clearRect(x, y, w, h)

    def line_dash(self, dash: list[float] | None = None) -> None:
        """Dashed strokes from now on (``None`` or ``[]``: solid)."""
        self.ctx.setLineDash(dash or [])

    def line_cap(self, cap: str) -> None:
        """``"butt"``, ``"round"`` or ``"square"`` line ends."""
        self.ctx.lineCap = cap

    def line_join(self, join: str) -> None:
        """``"miter"``, ``"round"`` or ``"bevel"`` corners of strokes."""
        self.ctx.lineJoin = join

    def translate(self, dx: float, dy: float) -> None:
        """Shift the origin of further drawing (``begin_frame`` resets it)."""
        self.ctx.translate(dx, dy)

    def radial_fill(self, x: float, y: float, r: float, stops: list[tuple[float, str]]) -> None:
        """Fill the square around ``(x, y)`` with a radial gradient of radius ``r``
        (``stops``: offset 0..1 and colour), e.g. a glow sprite drawn once into a layer."""
        grad = self.ctx.createRadialGradient(x, y, 0, x, y, r)
        for at, color in stops:
            grad.addColorStop(at, color)
        self.ctx.fillStyle = grad
        self._fill_cache = ""  # the gradient is not a colour the cache knows
        self._fill_rect(x - r, y - r, 2 * r, 2 * r)

    def draw_js(self, fn: Any, *args: Any) -> Any:
        """Call a JavaScript drawing function ``fn(ctx, *args)`` with this canvas's 2D context
        (batch drawing: thousands of shapes, or a transform, in one call); the style caches are
        dropped afterwards since ``fn`` may have changed the context's styles."""
        out = fn(self.ctx, *args)
        self.forget_styles()
        return out

    # -- layers --------------------------------------------------------------
    def layer(self, w: float, h: float) -> Gfx:
        """An offscreen canvas (never attached to the page) for caching static drawing."""
        el = js.document.createElement("canvas")
        g = Gfx(el, fit_window=False)
        g.width, g.height = w, h
        g.fit()
        return g

    def blit(
        self, layer: Gfx, x: float = 0, y: float = 0, w: float | None = None, h: float | None = None
    ) -> None:
        """Draw ``layer`` at ``(x, y)``, at its own size or scaled to ``w`` x ``h``."""
        self._draw_image(
            layer.canvas, x, y, layer.width if w is None else w, layer.height if h is None else h
        )

    def image(self, img: Any, x: float, y: float, w: float, h: float) -> None:
        """Draw a loaded image element (``<img>``, ``ImageBitmap``...) scaled to ``w`` x ``h`` at (``x``, ``y``)."""
        self._draw_image(img, x, y, w, h)

    def blit_part(
        self, layer: Gfx, sx: float, sy: float, w: float, h: float, x: float = 0, y: float = 0
    ) -> None:
        """Copy the ``w`` x ``h`` part of ``layer`` at (``sx``, ``sy``) (CSS px) to (``x``, ``y``)."""
        d = layer.dpr
        self._draw_image(layer.canvas, sx * d, sy * d, w * d, h * d, x, y, w, h)
