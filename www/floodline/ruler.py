"""Height and gravity made readable on the box itself (issue #26 readability), drawn with the floor
on the world layer, behind every block:

* a ruler on the two back walls: each world layer a band, coloured by its group of five (1–5 blue,
  6–10 teal, 11–15 sand, 16–20 rust, then again), alternate layers lighter, and the layer count
  written at the top edge of each layer (every layer, or every 2nd / 5th when the layers are thin);
  the count is what a REACH_HEIGHT objective counts (layers from the box floor, RULES.md 32);
* under a sideways gravity, the side the world now falls toward outlined in amber (tinted when it
  is a back wall) with "FLOOR ▸" chevrons on the real floor pointing the way pieces fall — so a
  locked piece resting on that side reads as resting, not hanging.
"""

from __future__ import annotations

from gwweb.floodline.iso import GRAVITY_VEC, VIEW_AXES, VZ, Proj
from gwweb.shared.canvas import Gfx

#: the world (x, z) corners of each side of the box at the floor, by the side's name
OPEN_CORNERS = {
    "EAST": lambda sx, sz: ((sx, 0), (sx, sz)),
    "WEST": lambda sx, sz: ((0, 0), (0, sz)),
    "NORTH": lambda sx, sz: ((0, 0), (sx, 0)),
    "SOUTH": lambda sx, sz: ((0, sz), (sx, sz)),
}

#: band colours per group of five layers (r, g, b)
GROUPS = ((90, 150, 230), (70, 190, 170), (200, 185, 100), (215, 125, 85))
AMBER = "rgba(255,210,122,0.85)"


def band_color(y: int, alpha: float) -> str:
    """The band colour of world layer ``y`` (0 = the bottom layer)."""
    r, g, b = GROUPS[(y // 5) % len(GROUPS)]
    return f"rgba({r},{g},{b},{alpha:.3f})"


def label_step(p: Proj) -> int:
    """Write every layer's count while a layer is at least 11 px tall, else every 2nd or 5th."""
    px = p.s * VZ
    return 1 if px >= 11 else (2 if px >= 6 else 5)


def _corners(p: Proj) -> tuple[float, float, float, float]:
    a_lo, b_lo = -p.sx / 2, -p.sz / 2
    if p.view % 2:
        a_lo, b_lo = -p.sz / 2, -p.sx / 2
    return a_lo, b_lo, -a_lo, -b_lo


def back_wall_ruler(g: Gfx, p: Proj, height_limit: int) -> None:
    """Layer bands on both back walls and the layer counts along their outer edges."""
    a_lo, b_lo, a_hi, b_hi = _corners(p)
    top = min(p.sy, max(height_limit + 2, 1))
    for y in range(top):
        alpha = 0.13 if y % 2 == 0 else 0.06
        if y >= height_limit:
            alpha *= 0.5
        color = band_color(y, alpha)
        g.poly(
            [p.pt(a_lo, b_hi, y), p.pt(a_lo, b_lo, y), p.pt(a_lo, b_lo, y + 1), p.pt(a_lo, b_hi, y + 1)],
            fill=color,
        )
        g.poly(
            [p.pt(a_lo, b_lo, y), p.pt(a_hi, b_lo, y), p.pt(a_hi, b_lo, y + 1), p.pt(a_lo, b_lo, y + 1)],
            fill=color,
        )
        if (y + 1) % 5 == 0:  # a stronger line every five layers
            pts = [p.pt(a_lo, b_hi, y + 1), p.pt(a_lo, b_lo, y + 1), p.pt(a_hi, b_lo, y + 1)]
            for (x1, y1), (x2, y2) in zip(pts, pts[1:], strict=False):
                g.line(x1, y1, x2, y2, band_color(y, 0.55), 1)
    step = label_step(p)
    size = max(9.0, min(13.0, p.s * VZ * 0.85))
    for n in range(step, top + 1, step):
        yy = n - 0.5  # the middle of layer n (its count written on it)
        lx, ly = p.pt(a_lo, b_hi - 0.15, yy)
        rx, ry = p.pt(a_hi - 0.15, b_lo, yy)
        color = band_color(n - 1, 0.95)
        g.text(lx + 3, ly + size * 0.35, str(n), color, size, True, align="left")
        g.text(rx - 3, ry + size * 0.35, str(n), color, size, True, align="right")


def flood_line(g: Gfx, p: Proj, height: int, label: str) -> None:
    """The flood line (``constraints.waterForbiddenHeight``): water reaching this layer ends the run;
    a blue dashed line round the box at that height, named on the left back wall."""
    a_lo, b_lo, a_hi, b_hi = _corners(p)
    pts = [
        p.pt(a_lo, b_hi, height),
        p.pt(a_lo, b_lo, height),
        p.pt(a_hi, b_lo, height),
        p.pt(a_hi, b_hi, height),
    ]
    g.line_dash([8, 5])
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True):
        g.line(x1, y1, x2, y2, "rgba(110,190,255,0.95)", 2)
    g.line_dash(None)
    x, y = p.pt(a_lo, (b_lo + b_hi) / 2, height)
    g.text(x + 6, y - 6, label, "#8fd0ff", 12, True, align="left")


def gravity_side(g: Gfx, p: Proj, gravity: str, label: str) -> None:
    """Under a sideways gravity: the side everything falls toward, and chevrons on the floor."""
    corners = OPEN_CORNERS.get(gravity)
    if corners is None:
        return
    (x0, z0), (x1, z1) = corners(p.sx, p.sz)
    pts = [p.world(x0, 0, z0), p.world(x1, 0, z1), p.world(x1, p.sy, z1), p.world(x0, p.sy, z0)]
    gx, _, gz = GRAVITY_VEC[gravity]
    (ax, az), (bx, bz) = VIEW_AXES[p.view]
    if gx * (ax + bx) + gz * (az + bz) < 0:  # a back wall: tinted as the new floor
        g.poly(pts, fill="rgba(255,210,122,0.10)")
    g.poly(pts, stroke=AMBER, width=3)
    dx, dy = p.screen_dir((gx, 0, gz))
    length = max(16.0, p.s * 1.6)
    for k in (-1, 0, 1):
        cx, cy = p.world(p.sx / 2 + k * gx * p.sx / 4 - gx * 0.8, 0, p.sz / 2 + k * gz * p.sz / 4 - gz * 0.8)
        arrow(g, cx, cy, dx, dy, length, "rgba(255,210,122,0.8)", max(2.5, p.s * 0.14))
    mx, my = sum(q[0] for q in pts) / 4, sum(q[1] for q in pts) / 4  # the middle of that side
    half = g.measure(label, 12, True) / 2 + 4  # kept whole on the layer (a side at the screen's edge)
    mx = max(half, min(g.width - half, mx))
    g.text(mx, my, label, "#ffd27a", 12, True, align="center")


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
