"""The one button the shared chrome draws (border, optional fill, label, hit region, focus ring)."""

from __future__ import annotations

from gwweb.shared.canvas import Gfx, Region
from gwweb.shared.focus import draw_ring

from .theme import Theme


def button(
    g: Gfx,
    theme: Theme,
    bid: str,
    x: float,
    y: float,
    w: float,
    h: float,
    label: str,
    *,
    size: float = 15,
    bold: bool = False,
    active: bool = False,
    enabled: bool = True,
    color: str | None = None,
    focused: bool = False,
) -> Region:
    """A bordered button registered as the hit region ``bid`` (only when ``enabled``); ``active``
    fills it as a chosen option; ``focused`` rings it (the button Enter presses)."""
    fg = (color or theme.fg) if enabled else theme.disabled
    region = Region(bid, x, y, w, h)
    if theme.radius <= 0:
        if theme.button_bg:
            g.rect(x, y, w, h, theme.button_bg)
        if active:
            g.rect(x, y, w, h, theme.active)
        g.frame(x + 0.5, y + 0.5, w - 1, h - 1, fg, 1.5)
    else:
        r = min(theme.radius, h / 3)
        if theme.button_bg:
            g.round_rect(x + 0.75, y + 0.75, w - 1.5, h - 1.5, r, fill=theme.button_bg)
        g.round_rect(
            x + 0.75,
            y + 0.75,
            w - 1.5,
            h - 1.5,
            r,
            fill=theme.active if active else None,
            stroke=fg,
            width=1.5,
        )
    fs = g.fit_text(label, w - 8, size, bold)
    g.text(x + w / 2, y + h / 2 + 1, label, fg, fs, bold=bold, align="center", baseline="middle")
    if enabled:
        g.regions.append(region)
    if focused:
        draw_ring(g, [region], bid, theme.focus)
    return region


def paragraph(
    g: Gfx, x: float, y: float, w: float, text: str, color: str, size: float, line_h: float | None = None
) -> float:
    """Wrapped text from ``y`` (top); returns the y below the last line."""
    lh = line_h or size * 1.35
    for line in g.wrap(text, w, size):
        g.text(x, y, line, color, size, baseline="top")
        y += lh
    return y


__all__ = ["button", "paragraph"]
