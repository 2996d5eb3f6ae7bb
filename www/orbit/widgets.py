"""Small canvas widgets shared by the panel and the screens: gauges, two-line buttons, text blocks."""

from __future__ import annotations

from gwweb.shared.canvas import Gfx
from gwweb.shared.chrome import Theme

from .orbitview import SHIP_COLORS

FG = "#FFE0B2"
DIM = "#BCAAA4"
BAD = "#FF8A65"
GOOD = "#A5D6A7"
PANEL = "#3E2723"
PANEL2 = "#4E342E"
HOT = "#FF7043"
THEME = Theme(
    fg=FG, dim=DIM, bar="#2B1B17", backdrop="#1A110E", card="rgba(43,27,23,0.94)", good=GOOD, bad=BAD
)
"""Orbit's colours for the shared chrome (top bar, help, results card)."""


def gauge(
    g: Gfx,
    x: float,
    y: float,
    w: float,
    h: float,
    value: float,
    maximum: float,
    color: str,
    label: str,
    size: float = 11,
) -> None:
    """A filled bar with ``label`` written over it."""
    g.rect(x, y, w, h, "rgba(0,0,0,0.35)")
    frac = 0.0 if maximum <= 0 else max(0.0, min(1.0, value / maximum))
    if frac:
        g.rect(x, y, w * frac, h, color)
    g.frame(x + 0.5, y + 0.5, w - 1, h - 1, "rgba(255,224,178,0.35)", 1)
    fs = g.fit_text(label, w - 4, size)
    # a dark shadow keeps the white label readable over the light amber, green and teal fills
    g.text(
        x + w / 2 + 1,
        y + h / 2 + 2,
        label,
        "rgba(0,0,0,0.85)",
        fs,
        bold=True,
        align="center",
        baseline="middle",
    )
    g.text(x + w / 2, y + h / 2 + 1, label, "#FFFFFF", fs, bold=True, align="center", baseline="middle")


def button2(
    g: Gfx,
    id: str,
    x: float,
    y: float,
    w: float,
    h: float,
    label: str,
    sub: str = "",
    *,
    active: bool = False,
    enabled: bool = True,
    size: float = 14,
    color: str | None = None,
) -> None:
    """A button with an optional small second line (costs, shortcuts)."""
    if active:
        g.rect(x, y, w, h, "rgba(255,183,77,0.35)")
    if not sub:
        g.button(id, x, y, w, h, label, size=size, enabled=enabled, fg=color or FG)
        return
    g.button(id, x, y, w, h, "", size=size, enabled=enabled, fg=color or FG)
    col = (color or FG) if enabled else "rgba(255,224,178,0.4)"
    fs = g.fit_text(label, w - 6, size)
    g.text(x + w / 2, y + h * 0.36 + 1, label, col, fs, align="center", baseline="middle")
    fs2 = g.fit_text(sub, w - 6, size * 0.72)
    g.text(
        x + w / 2,
        y + h * 0.76,
        sub,
        DIM if enabled else "rgba(188,170,164,0.4)",
        fs2,
        align="center",
        baseline="middle",
    )


def swatch(g: Gfx, x: float, y: float, ship: int, r: float = 6) -> None:
    g.circle(x, y, r, fill=SHIP_COLORS[ship], stroke="#000000")


def paragraph(
    g: Gfx,
    x: float,
    y: float,
    w: float,
    text: str,
    color: str,
    size: float,
    line_h: float | None = None,
    max_lines: int = 99,
) -> float:
    """Wrapped text; returns the y below the last line."""
    lh = line_h or size * 1.35
    for i, line in enumerate(g.wrap(text, w, size)):
        if i >= max_lines:
            break
        g.text(x, y, line, color, size, baseline="top")
        y += lh
    return y
