"""The one button the shared chrome draws (border, optional fill, label, hit region, focus ring)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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


@dataclass(frozen=True)
class RowItem:
    """One button of a row: its id and label, and how it looks (``active``: the chosen option)."""

    id: str
    label: str
    enabled: bool = True
    bold: bool = False
    active: bool = False
    size: float | None = None  # None: ``button_row``'s size, fitted to the button


def button_row(
    g: Gfx,
    theme: Theme,
    items: Sequence[RowItem],
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    gap: float = 8.0,
    slots: int | None = None,
    bw: float | None = None,
    size: float = 14.0,
    focused: str | None = None,
) -> list[Region]:
    """The one row of buttons every chrome piece draws (option choices, a card's actions, the top
    bar's buttons): ``items`` left to right from ``x``, each ``bw`` wide or, by default, an equal share
    of ``w`` split into ``slots`` (default: one per item) with ``gap`` between; rows of a grid pass
    ``slots`` so a short last row keeps the width. Returns the regions of the enabled buttons."""
    n = max(1, slots if slots is not None else len(items))
    width = bw if bw is not None else (w - (n - 1) * gap) / n
    out: list[Region] = []
    for k, it in enumerate(items):
        r = button(
            g,
            theme,
            it.id,
            x + k * (width + gap),
            y,
            width,
            h,
            it.label,
            size=it.size if it.size is not None else size,
            bold=it.bold,
            active=it.active,
            enabled=it.enabled,
            focused=focused == it.id,
        )
        if it.enabled:
            out.append(r)
    return out


def paragraph(
    g: Gfx, x: float, y: float, w: float, text: str, color: str, size: float, line_h: float | None = None
) -> float:
    """Wrapped text from ``y`` (top); returns the y below the last line."""
    lh = line_h or size * 1.35
    for line in g.wrap(text, w, size):
        g.text(x, y, line, color, size, baseline="top")
        y += lh
    return y


__all__ = ["RowItem", "button", "button_row", "paragraph"]
