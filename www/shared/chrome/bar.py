"""The shared top bar: the way home, the game's title, a status line and the game's buttons."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gwweb.shared.canvas import Gfx

from .home import HOME
from .theme import Theme
from .widgets import RowItem, button, button_row

BAR_H = 44.0


Glyph = Callable[[Gfx, float, float, float, float], None]


@dataclass(frozen=True)
class BarButton:
    """One top-bar button: ``label`` on a wide screen, ``short`` (an icon) on a phone; ``glyph``
    draws a picture inside the button's ``(x, y, w, h)`` instead of any text (a speaker, a share
    sign: the game's own icons)."""

    id: str
    label: str
    short: str = ""
    enabled: bool = True
    active: bool = False
    glyph: Glyph | None = None


def top_bar(
    g: Gfx,
    theme: Theme,
    title: str,
    buttons: list[BarButton],
    *,
    phone: bool,
    status: str = "",
    status_color: str | None = None,
    home: bool = True,
    x: float = 0.0,
    y: float = 0.0,
    w: float | None = None,
    h: float = BAR_H,
    bw: float | None = None,
    focused: str | None = None,
) -> float:
    """Draw the bar across ``(x, y, w, h)``: a home button (id ``home``: back to the launcher) when
    ``home``, the title (wide screens), ``status`` in the space left, and ``buttons`` from the right
    edge. Returns the bar's bottom."""
    w = g.width if w is None else w
    g.rect(x, y, w, h, theme.bar)
    bw = bw if bw is not None else (40.0 if phone else 64.0)
    gap = 4.0
    bx = x + w - 6 - len(buttons) * (bw + gap) + gap
    right_start = bx
    bh = h - 12
    items = [
        RowItem(
            b.id, "" if b.glyph else (b.short or b.label if phone else b.label), b.enabled, active=b.active
        )
        for b in buttons
    ]
    button_row(g, theme, items, bx, y + 6, 0.0, bh, gap=gap, bw=bw, size=13, focused=focused)
    for k, b in enumerate(buttons):
        if b.glyph:  # the game's icon inside its button (a square when the button is narrower than tall)
            s = min(bh, bw)
            b.glyph(g, bx + k * (bw + gap), y + (h - s) / 2, bw, s)
    left = x + 10.0
    if home:
        hw = 36.0 if phone else 40.0
        hh = h - 12
        button(g, theme, HOME, x + 6, y + (h - hh) / 2, hw, hh, "⌂", size=18, focused=focused == HOME)
        left = x + 6 + hw + 10
    if not phone and title:
        g.text(left, y + h / 2 + 1, title, theme.fg, 17, bold=True, baseline="middle")
        left += g.measure(title, 17, True) + 16
    avail = right_start - left - 8
    if status and avail > 30:
        fs = g.fit_text(status, avail, 14, True)
        g.text(left, y + h / 2 + 1, status, status_color or theme.fg, fs, bold=True, baseline="middle")
    return y + h


__all__ = ["BAR_H", "BarButton", "top_bar"]
