"""The shared results card: why the game ended, the score lines, and what to do next."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gwweb.shared.canvas import Gfx

from engine.core.chrome_data import ResultLine

from .theme import Theme
from .widgets import button

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
) -> tuple[float, float, float, float]:
    """A card centred in ``area`` (x, y, w, h; the whole canvas by default): ``title``, ``lines``
    (wrapped, each in its tone) and ``buttons`` ``cols`` to a row. Returns the card's rectangle."""
    ax, ay, aw, ah = area or (0.0, 0.0, g.width, g.height)
    if theme.dim_page:
        g.alpha(theme.dim_alpha)
        g.rect(ax, ay, aw, ah, theme.dim_page)
        g.alpha(1.0)
    cw = min(width, aw - 24)
    wrapped: list[tuple[str, CardLine, float, bool, float]] = []
    for ln in lines:
        size, bold, lh = SIZES.get(ln.tone, SIZES["body"])
        if ln.tone == "body" or ln.tone == "dim":
            for part in g.wrap(ln.text, cw - 40, size):
                wrapped.append((part, ln, size, bold, lh))
        else:
            wrapped.append((ln.text, ln, g.fit_text(ln.text, cw - 20, size, bold), bold, lh))
    rows = (len(buttons) + cols - 1) // cols
    ch = 44 + sum(w[4] for w in wrapped) + 14 + rows * 40 + 10
    x, y = ax + (aw - cw) / 2, ay + max(8.0, (ah - ch) / 2)
    if theme.radius > 0:
        g.round_rect(x, y, cw, ch, theme.radius + 4, fill=theme.card, stroke=theme.card_fg, width=1.5)
    else:
        g.rect(x, y, cw, ch, theme.card)
        g.frame(x + 0.5, y + 0.5, cw - 1, ch - 1, theme.card_fg, 1.5)
    cx = x + cw / 2
    g.text(
        cx,
        y + 26,
        title,
        theme.card_fg,
        g.fit_text(title, cw - 20, 20, True),
        bold=True,
        align="center",
        baseline="middle",
    )
    ly = y + 44
    for text, ln, size, bold, lh in wrapped:
        color = ln.color or theme.tone(ln.tone)
        g.text(cx, ly + lh / 2, text, color, size, bold=bold, align="center", baseline="middle")
        ly += lh
    ly += 14
    bw = (cw - 20 - (cols - 1) * 10) / cols
    for k, b in enumerate(buttons):
        bx = x + 10 + (k % cols) * (bw + 10)
        by = ly + (k // cols) * 40
        button(
            g,
            theme,
            b.id,
            bx,
            by,
            bw,
            34,
            b.label,
            size=14,
            bold=b.bold,
            enabled=b.enabled,
            focused=focused == b.id,
        )
    return (x, y, cw, ch)


__all__ = ["CardButton", "CardLine", "results_card", "worded"]
