"""The shared results card: why the game ended, the score lines, and what to do next."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gwweb.shared.canvas import Gfx

from engine.core.chrome_data import ResultLine

from .theme import Theme
from .widgets import RowItem, button_row

Tr = Callable[..., str]


@dataclass(frozen=True)
class CardLine:
    """A line as drawn: its words, its tone (``ResultLine.tone``) and an optional own colour."""

    text: str
    tone: str = "body"
    color: str | None = None


@dataclass(frozen=True)
class CardButton:
    id: str
    label: str
    enabled: bool = True
    bold: bool = False


def worded(tr: Tr, lines: Sequence[ResultLine]) -> list[CardLine]:
    """The engine's result lines in the player's language."""
    return [CardLine(tr(ln.key, **ln.params), ln.tone) for ln in lines]


SIZES = {
    "score": (20.0, True, 26.0),
    "good": (19.0, True, 28.0),
    "bad": (19.0, True, 28.0),
    "body": (14.0, False, 19.0),
}


def card(
    g: Gfx, theme: Theme, w: float, h: float, area: tuple[float, float, float, float] | None = None
) -> tuple[float, float, float, float]:
    """Darken ``area`` (``theme.dim_page``; the whole canvas by default) and draw an empty card
    ``w`` x ``h`` centred in it. Returns the card's rectangle (x, y, w, h)."""
    ax, ay, aw, ah = area or (0.0, 0.0, g.width, g.height)
    if theme.dim_page:
        g.alpha(theme.dim_alpha)
        g.rect(ax, ay, aw, ah, theme.dim_page)
        g.alpha(1.0)
    cw = min(w, aw - 24)
    x, y = ax + (aw - cw) / 2, ay + max(8.0, (ah - h) / 2)
    if theme.radius > 0:
        g.round_rect(x, y, cw, h, theme.radius + 4, fill=theme.card, stroke=theme.card_fg, width=1.5)
    else:
        g.rect(x, y, cw, h, theme.card)
        g.frame(x + 0.5, y + 0.5, cw - 1, h - 1, theme.card_fg, 1.5)
    return (x, y, cw, h)


def results_card(
    g: Gfx,
    theme: Theme,
    title: str,
    lines: Sequence[CardLine],
    buttons: Sequence[CardButton],
    *,
    area: tuple[float, float, float, float] | None = None,
    cols: int = 2,
    focused: str | None = None,
    width: float = 380.0,
    emblem: tuple[float, Callable[[Gfx, float, float], None]] | None = None,
    button_h: float = 34.0,
    title_color: str | None = None,
) -> tuple[float, float, float, float]:
    """A card centred in ``area`` (x, y, w, h; the whole canvas by default): ``title``, ``lines``
    (wrapped, each in its tone) and ``buttons`` ``cols`` to a row; ``emblem`` = (height, draw(g, cx,
    top)) puts the game's picture above the title. Returns the card's rectangle."""
    aw = (area or (0.0, 0.0, g.width, g.height))[2]
    cw = min(width, aw - 24)
    wrapped: list[tuple[str, CardLine, float, bool, float]] = []
    for ln in lines:
        size, bold, lh = SIZES.get(ln.tone, SIZES["body"])
        if ln.tone in ("body", "dim"):
            wrapped.extend((part, ln, size, bold, lh) for part in g.wrap(ln.text, cw - 40, size))
        else:
            wrapped.append((ln.text, ln, g.fit_text(ln.text, cw - 20, size, bold), bold, lh))
    rows = (len(buttons) + cols - 1) // cols
    eh = emblem[0] if emblem else 0.0
    ch = eh + 44 + sum(w[4] for w in wrapped) + 14 + rows * (button_h + 6) + 10
    x, y, cw, ch = card(g, theme, cw, ch, area)
    cx = x + cw / 2
    if emblem:
        emblem[1](g, cx, y + 10)
    ty = y + eh
    fs = g.fit_text(title, cw - 20, 20, True)
    g.text(cx, ty + 26, title, title_color or theme.card_fg, fs, bold=True, align="center", baseline="middle")
    ly = ty + 44
    for text, ln, size, bold, lh in wrapped:
        color = ln.color or theme.tone(ln.tone)
        g.text(cx, ly + lh / 2, text, color, size, bold=bold, align="center", baseline="middle")
        ly += lh
    ly += 14
    for r0 in range(0, len(buttons), cols):
        items = [RowItem(b.id, b.label, enabled=b.enabled, bold=b.bold) for b in buttons[r0 : r0 + cols]]
        by = ly + (r0 // cols) * (button_h + 6)
        button_row(
            g, theme, items, x + 10, by, cw - 20, button_h, gap=10.0, slots=cols, size=14, focused=focused
        )
    return (x, y, cw, ch)


__all__ = ["CardButton", "CardLine", "card", "results_card", "worded"]
