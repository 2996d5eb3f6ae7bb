"""Editor board drawing: every layer with the design's opacity rules and procedural badges."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.reactor.balance import CARRIERS, load_balance
from engine.reactor.presentation import layer_opacity

from .badges import prop_key, tool_key
from .sprites import COL, FLOOR, FLOOR_LINE, QUAD, SURF_COL, WALL, WALL_EDGE, pattern

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx

    from .layout import Layout
    from .parts import EditorView

BADGE = {
    "reactor": ("R", "#00C853"),
    "terminal": ("T", "#7986CB"),
    "supply": ("+", "#8D6E63"),
    "valve": ("V", "#2F80ED"),
    "junction": ("J", "#90A4AE"),
    "door": ("D", "#A1887F"),
    "consumer": ("C", "#43A047"),
}
THRESHOLDS = load_balance("normal").thresholds
OFFSET = {"fuel": -1, "electricity": 0, "coolant": 1}


def draw_board(g: Gfx, ed: EditorView, lay: Layout) -> None:
    doc = ed.doc
    d = doc.data
    s = lay.cell
    w, h = doc.w, doc.h
    op = layer_opacity(ed.ui.layer)
    # surface: terrain, hazards, props, robot at the surface opacity
    g.alpha(op["surface"])
    for y in range(h):
        row = d["terrain"][y]
        for x in range(w):
            px, py = lay.ox + x * s, lay.oy + y * s
            if row[x] == "#":
                g.rect(px, py, s, s, WALL_EDGE)
                g.rect(px + 1.5, py + 1.5, s - 3, s - 3, WALL)
            else:
                g.rect(px, py, s, s, FLOOR)
                g.frame(px + 0.5, py + 0.5, s - 1, s - 1, FLOOR_LINE, 1)
    half = s / 2
    for sc in d["surface"]:
        for q, (qx, qy) in QUAD.items():
            v = float(sc.get(q, 0.0))
            if v <= 0:
                continue
            th = THRESHOLDS[q]
            b = 2 if v >= th.critical else 1 if v >= th.caution else 0
            x, y = lay.ox + sc["x"] * s + qx * half, lay.oy + sc["y"] * s + qy * half
            g.rect(x + 1, y + 1, half - 2, half - 2, SURF_COL[q])
            pattern(g, q, b, x + 1, y + 1, half - 2)
            if s >= 36:
                g.text(
                    x + half / 2,
                    y + half / 2,
                    f"{v:.1f}",
                    "#000000",
                    max(8, half * 0.4),
                    True,
                    "center",
                    "middle",
                )
        blocks = [e for e in CARRIERS if int((sc.get("blocks") or {}).get(e, 0)) > 0]
        if blocks:  # remedy blocks: dashed frames in the element's colour, as in play
            g.line_dash([3, 3])
            x0, y0 = lay.ox + sc["x"] * s, lay.oy + sc["y"] * s
            for k, e in enumerate(blocks):
                g.frame(x0 + 2 + 2 * k, y0 + 2 + 2 * k, s - 4 - 4 * k, s - 4 - 4 * k, COL[e], 1.5)
            g.line_dash([])
    for p in d["props"]:
        if p["kind"] == "flow":
            continue
        cx, cy = lay.ox + (p["x"] + 0.5) * s, lay.oy + (p["y"] + 0.5) * s
        letter, col = BADGE.get(p["kind"], ("?", "#888888"))
        if p["kind"] == "supply":
            letter = "+" + {"fuel": "F", "coolant": "W", "electricity": "E", "heat": "H"}[p["item"]]
            col = SURF_COL[p["item"]]
        if p["kind"] == "junction":
            letter = f"J{p.get('ratio_mode', 0)}"
        if p["kind"] == "door" and p.get("open"):
            letter = "d"
        if p["kind"] == "consumer" and p.get("enabled") is False:
            col = "#616161"
        r = s * 0.32
        if ed.badges.draw(g, prop_key(p), cx - r, cy - r, 2 * r):
            continue
        g.rect(cx - r, cy - r, 2 * r, 2 * r, col)
        g.frame(cx - r, cy - r, 2 * r, 2 * r, "#000000", 1.5)
        g.text(
            cx,
            cy + 1,
            letter,
            "#FFFFFF",
            g.fit_text(letter, 2 * r - 2, r * 1.1, True, 7),
            True,
            "center",
            "middle",
        )
        if p["kind"] == "valve":
            for ox, oy in p.get("outlets", []):
                g.line_dash([2, 3])
                g.circle(lay.ox + (ox + 0.5) * s, lay.oy + (oy + 0.5) * s, s * 0.4, None, COL["coolant"], 1.5)
                g.line_dash([])
    rb = d["robot"]
    g.circle(lay.ox + (rb["x"] + 0.5) * s, lay.oy + (rb["y"] + 0.5) * s, s * 0.28, "#ECEFF1", "#000000", 2)
    g.alpha(1.0)
    # underground: inactive layers first, the active one on top
    order = [c for c in CARRIERS if c != ed.ui.layer] + ([ed.ui.layer] if ed.ui.layer != "surface" else [])
    lw = max(3.0, s * 0.16)
    for c in order:
        g.alpha(op[c])
        cells = {(u["x"], u["y"]): u for u in d["layers"][c]}
        off = OFFSET[c] * s * 0.14
        col = COL[c]
        for (x, y), u in cells.items():
            cx, cy = lay.ox + (x + 0.5) * s + off, lay.oy + (y + 0.5) * s + off
            for nx, ny in ((x + 1, y), (x, y + 1)):
                if (nx, ny) in cells:
                    g.line(cx, cy, lay.ox + (nx + 0.5) * s + off, lay.oy + (ny + 0.5) * s + off, col, lw)
            g.circle(cx, cy, lw * 0.7, col)
            if u.get("state") == "leaking":
                g.circle(cx, cy, lw * 1.3, None, "#FFFFFF", 2)
            integ = u.get("integrity")
            if c == ed.ui.layer and integ is not None and s >= 26:
                g.text(
                    cx + s * 0.18,
                    cy - s * 0.18,
                    f"{float(integ):.0f}",
                    "#FFFFFF",
                    max(8, s * 0.22),
                    True,
                    "center",
                    "middle",
                )
        for p in d["props"]:
            if p["kind"] == "flow" and p["carrier"] == c:
                cx, cy = lay.ox + (p["x"] + 0.5) * s + off, lay.oy + (p["y"] + 0.5) * s + off
                on = p.get("enabled", True)
                g.circle(cx, cy, s * 0.3, col if on else "#222222", "#FFFFFF" if on else col, 3)
        for lk in d["leaks"]:
            if lk["carrier"] == c:
                ax, ay = lk["access"]
                g.frame(lay.ox + ax * s + 3, lay.oy + ay * s + 3, s - 6, s - 6, col, 2)
        g.alpha(1.0)
    if ed.ui.selected is not None:
        x, y = ed.ui.selected
        g.frame(
            lay.ox + x * s - 1, lay.oy + y * s - 1, s + 2, s + 2, "#FFFFFF", 2
        )  # outside the block frames
    if ed.ui.flash is not None:
        x, y = ed.ui.flash
        g.frame(lay.ox + x * s - 2, lay.oy + y * s - 2, s + 4, s + 4, "#FF1744", 4)
    hover = ed.ui.stroke.get("hover") if ed.ui.stroke is not None else None
    if hover is None and ed.ui.kbd and ed.ui.stroke is None:
        hover = ed.ui.selected  # the keyboard cell cursor previews what Enter/Space would paint
    if hover is not None and ed.ui.tool != "cursor":  # drag preview: the tool's badge under the pointer
        x, y = hover
        g.alpha(0.65)
        draw_tool_badge(g, ed, lay.ox + x * s + s * 0.15, lay.oy + y * s + s * 0.15, s * 0.7)
        g.alpha(1.0)
        g.frame(lay.ox + x * s + 1, lay.oy + y * s + 1, s - 2, s - 2, "#FFEA00", 2)


def draw_tool_badge(g: Gfx, ed: EditorView, x: float, y: float, size: float) -> None:
    """The current tool's badge (drag preview)."""
    draw_badge_for(g, ed, ed.ui.tool, x, y, size)


def draw_badge_for(g: Gfx, ed: EditorView, tool: str, x: float, y: float, size: float) -> None:
    """A tool's badge: the shipped image of its semantic key, else a compact procedural badge
    (colour square + letter)."""
    key = tool_key(tool, ed.ui.layer, ed.ui.prop_kind)
    if ed.badges.draw(g, key, x, y, size):
        return
    kind = ed.ui.prop_kind if tool == "prop" else tool
    letter, col = BADGE.get(kind, (tool[:1].upper(), "#607D8B"))
    if tool in ("source", "network") and ed.ui.layer in COL:
        col = COL[ed.ui.layer]
    g.rect(x, y, size, size, col)
    g.frame(x, y, size, size, "#000000", 1.5)
    g.text(
        x + size / 2,
        y + size / 2 + 1,
        letter,
        "#FFFFFF",
        g.fit_text(letter, size - 2, size * 0.6, True, 7),
        True,
        "center",
        "middle",
    )
