"""Board sprites: the carrier colours, the lethal skull, the colour-blind hazard patterns, the prop
badges and small cell labels (procedural drawing with ``Gfx``; reads engine state, decides nothing)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from engine.reactor import network

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx

    from engine.reactor.state import ReactorState

# carrier colours of the design (coolant blue, fuel red, electricity yellow); heat orange
COL = {"fuel": "#E53935", "coolant": "#2F80ED", "electricity": "#F2D21B", "heat": "#FF8F00"}
SURF_COL = {"fuel": "#FF5252", "coolant": "#64B5F6", "electricity": "#FFEE58", "heat": "#FFA726"}
ITEM_LETTER = {"fuel": "F", "coolant": "W", "electricity": "E", "heat": "H"}
FLOOR, FLOOR_LINE, WALL, WALL_EDGE = "#22303A", "#2E3F4B", "#56646E", "#3A454D"
CONSUMER_COL = {
    "producing": "#2E7D32",
    "supplied": "#7CB342",
    "starved": "#C62828",
    "disabled": "#4E4E4E",
    "unknown": "#757575",
}
CONSUMER_MARK = {"producing": "✓", "supplied": "~", "starved": "!", "disabled": "off", "unknown": "?"}
QUAD = {"fuel": (0, 0), "coolant": (1, 0), "electricity": (0, 1), "heat": (1, 1)}
ALPHA = (0.42, 0.62, 0.88)
LETHAL = "#FF1744"
OPEN_DOOR = "#69F0AE"
CARRIER_OFFSET = {"fuel": -1, "electricity": 0, "coolant": 1}


def skull(g: Gfx, cx: float, cy: float, r: float) -> None:
    """The lethal mark: a small skull (round head, two eye holes, jaw) on a black disc."""
    g.circle(cx, cy, r * 1.35, "rgba(0,0,0,0.78)")
    g.circle(cx, cy - r * 0.15, r * 0.8, "#FFFFFF")
    g.rect(cx - r * 0.45, cy + r * 0.35, r * 0.9, r * 0.55, "#FFFFFF")
    g.circle(cx - r * 0.32, cy - r * 0.15, r * 0.24, "#000000")
    g.circle(cx + r * 0.32, cy - r * 0.15, r * 0.24, "#000000")


def pattern(g: Gfx, q: str, band: int, x: float, y: float, n: float) -> None:
    """The colour-blind pattern of a quantity: fuel diagonals, water dots, electricity zigzags,
    heat vertical strokes; one to three marks for the safe, caution and critical bands."""
    k = band + 1
    dark = "rgba(0,0,0,0.75)"
    if q == "fuel":
        for j in range(k):
            o = n * (j + 1) / (k + 1)
            g.line(x + o - n * 0.25, y + n, x + o + n * 0.25, y, dark, 1.6)
    elif q == "coolant":
        for j in range(k):
            g.circle(x + n * (j + 1) / (k + 1), y + n * 0.78, max(1.5, n * 0.07), dark)
    elif q == "electricity":
        for j in range(k):
            yy = y + n * (0.2 + 0.22 * j)
            pts = [
                (x + n * 0.1, yy),
                (x + n * 0.35, yy + n * 0.1),
                (x + n * 0.6, yy),
                (x + n * 0.9, yy + n * 0.1),
            ]
            for a, b in zip(pts, pts[1:]):
                g.line(a[0], a[1], b[0], b[1], dark, 1.6)
    else:
        for j in range(k):
            xx = x + n * (j + 1) / (k + 1)
            g.line(xx, y + n * 0.1, xx, y + n * 0.35, dark, 1.8)


def draw_prop(g: Gfx, st: ReactorState, p: Any, cx: float, cy: float, s: float) -> None:
    """A procedural badge per prop kind, showing its state."""
    r = s * 0.3
    k = p.kind
    if k == "reactor":
        ready = p.cell in st.ready
        heat = st.surface["heat"][p.cell]
        ring = (
            "#00E676"
            if ready or p.activated
            else ("#FF1744" if heat >= st.balance.reactor_heat_caution else "#B0BEC5")
        )
        g.circle(cx, cy, s * 0.44, "#102027", ring, 3 if ready else 2)
        for j in range(3):
            a0 = -math.pi / 2 + j * 2 * math.pi / 3
            pts = [(cx, cy)]
            for d in (-0.45, 0.45):
                pts.append((cx + math.cos(a0 + d) * s * 0.34, cy + math.sin(a0 + d) * s * 0.34))
            g.poly(pts, ring)
        g.circle(cx, cy, s * 0.07, "#102027", ring, 1.5)
    elif k == "flow":
        col = COL[p.carrier]
        g.rect(cx - r, cy - r, 2 * r, 2 * r, col if p.enabled else "#37474F")
        g.frame(cx - r, cy - r, 2 * r, 2 * r, "#000000" if p.enabled else col, 2)
        tri = [(cx - r * 0.45, cy - r * 0.55), (cx + r * 0.6, cy), (cx - r * 0.45, cy + r * 0.55)]
        g.poly(tri, "#101010" if p.enabled else None, None if p.enabled else col, 2)
        if not p.enabled:
            g.line(cx - r, cy + r, cx + r, cy - r, col, 2)
    elif k == "consumer":
        state = network.consumer_display(st, p.cell)
        g.rect(cx - r, cy - r, 2 * r, 2 * r, CONSUMER_COL[state])
        g.frame(cx - r, cy - r, 2 * r, 2 * r, "#000000", 2)
        mark = CONSUMER_MARK[state]
        g.text(
            cx,
            cy - r * 0.1,
            mark,
            "#FFFFFF",
            g.fit_text(mark, 2 * r - 4, r * 1.1, True),
            True,
            "center",
            "middle",
        )
        services = st.services.get(p.cell, {})
        n = len(services)
        for j, (c, v) in enumerate(sorted(services.items())):
            dx = cx + (j - (n - 1) / 2) * r * 0.6
            filled = v != network.STARVED and p.enabled
            g.circle(dx, cy + r * 0.68, max(2.5, r * 0.22), COL[c] if filled else "#000000", COL[c], 1.5)
    elif k == "junction":
        pts = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
        g.poly(pts, "#455A64", "#CFD8DC", 2)
        weights = st.balance.junction_ratio_modes[p.ratio_mode]
        txt = ":".join(str(int(x)) for x in weights)
        g.text(cx, cy, txt, "#FFFFFF", g.fit_text(txt, 2 * r - 2, r * 0.6, True, 6), True, "center", "middle")
    elif k == "door":
        grid = st.grid
        x, y = grid.xy(p.cell)
        ew = (y > 0 and grid.walls[p.cell - grid.width]) and (
            y + 1 < grid.height and grid.walls[p.cell + grid.width]
        )
        col = "#8D6E63" if not p.open else "#A1887F"
        half = s * 0.5
        # open: two jamb stubs and a green arrow through the gap; closed: a solid leaf with a lock dot
        if ew:  # corridor runs west-east: the door is a vertical leaf
            if p.open:
                g.rect(cx - 3, cy - half, 6, s * 0.2, col)
                g.rect(cx - 3, cy + half - s * 0.2, 6, s * 0.2, col)
                g.line(cx - s * 0.3, cy, cx + s * 0.3, cy, OPEN_DOOR, 2.5)
                g.poly(
                    [(cx + s * 0.34, cy), (cx + s * 0.2, cy - s * 0.1), (cx + s * 0.2, cy + s * 0.1)],
                    OPEN_DOOR,
                )
            else:
                g.rect(cx - 4, cy - half, 8, s, col)
                g.frame(cx - 4, cy - half, 8, s, "#000000", 1.5)
                g.circle(cx, cy, max(2.5, s * 0.08), "#FFD54F", "#000000", 1)
        else:
            if p.open:
                g.rect(cx - half, cy - 3, s * 0.2, 6, col)
                g.rect(cx + half - s * 0.2, cy - 3, s * 0.2, 6, col)
                g.line(cx, cy - s * 0.3, cx, cy + s * 0.3, OPEN_DOOR, 2.5)
                g.poly(
                    [(cx, cy + s * 0.34), (cx - s * 0.1, cy + s * 0.2), (cx + s * 0.1, cy + s * 0.2)],
                    OPEN_DOOR,
                )
            else:
                g.rect(cx - half, cy - 4, s, 8, col)
                g.frame(cx - half, cy - 4, s, 8, "#000000", 1.5)
                g.circle(cx, cy, max(2.5, s * 0.08), "#FFD54F", "#000000", 1)
    elif k == "terminal":
        g.rect(cx - r, cy - r * 0.8, 2 * r, r * 1.6, "#1A237E")
        g.frame(cx - r, cy - r * 0.8, 2 * r, r * 1.6, "#9FA8DA", 2)
        eye = [(cx - r * 0.8, cy)]
        eye += [(cx + r * 0.8 * math.cos(a), cy - r * 0.5 * math.sin(a)) for a in (2.6, 2.0, 1.1, 0.5)]
        eye += [(cx + r * 0.8, cy)]
        eye += [(cx + r * 0.8 * math.cos(a), cy + r * 0.5 * math.sin(a)) for a in (0.5, 1.1, 2.0, 2.6)]
        g.poly(eye, "#E8EAF6", "#000000", 1)
        g.circle(cx, cy, r * 0.25, "#1A237E" if not st.eye_access else "#00E5FF")
    elif k == "supply":
        a = 0.3 if p.depleted else 1.0
        g.alpha(a)
        col = SURF_COL[p.item]
        g.rect(cx - r, cy - r * 0.8, 2 * r, r * 1.6, "#6D4C41")
        g.frame(cx - r, cy - r * 0.8, 2 * r, r * 1.6, col, 2)
        g.text(cx, cy + 1, "+" + ITEM_LETTER[p.item], col, r * 0.9, True, "center", "middle")
        g.alpha(1.0)
    elif k == "valve":
        col = COL["coolant"]
        g.poly([(cx - r, cy - r * 0.6), (cx, cy), (cx - r, cy + r * 0.6)], col, "#000000", 1.5)
        g.poly([(cx + r, cy - r * 0.6), (cx, cy), (cx + r, cy + r * 0.6)], col, "#000000", 1.5)
        g.line(cx, cy, cx, cy - r, "#CFD8DC", 2)
        g.rect(cx - r * 0.4, cy - r - 2, r * 0.8, 4, "#CFD8DC")


def _cell_label(
    g: Gfx, x0: float, ty: float, s: float, tw: float, fs: float, txt: str, col: str, framed: bool = False
) -> None:
    """A small bold label boxed on black, centred in a cell of size ``s`` at row ``ty``."""
    g.rect(x0 + (s - tw) / 2, ty, tw, fs + 2, "rgba(0,0,0,0.85)")
    if framed:
        g.frame(x0 + (s - tw) / 2, ty, tw, fs + 2, col, 1)
    g.text(x0 + s / 2, ty + fs / 2 + 1.5, txt, col, g.fit_text(txt, s - 8, fs), True, "center", "middle")
