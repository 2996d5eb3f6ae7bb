"""The shared help overlay: the game's declared ``HelpSection`` pages, one at a time."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gwweb.shared.canvas import Gfx

from engine.core.chrome_data import HelpSection

from .theme import Theme
from .widgets import button, paragraph

PREV, CLOSE, NEXT = "help:prev", "help:close", "help:next"
Tr = Callable[..., str]


@dataclass
class HelpState:
    """Whether help is open and on which page (UI state: never undone, never saved)."""

    open: bool = False
    page: int = 0

    def show(self, page: int = 0) -> None:
        self.open, self.page = True, page

    def press(self, bid: str, pages: int) -> bool:
        """A help button pressed: True when it was one (prev/next wrap, close shuts)."""
        if bid == CLOSE:
            self.open = False
        elif bid == PREV:
            self.page = (self.page - 1) % max(1, pages)
        elif bid == NEXT:
            self.page = (self.page + 1) % max(1, pages)
        else:
            return False
        return True

    def key(self, name: str, pages: int) -> bool:
        """A key while help is open: ←/→ turn pages, Escape/Enter/H close it. True when taken."""
        ids = {
            "ArrowLeft": PREV,
            "KeyA": PREV,
            "ArrowRight": NEXT,
            "KeyD": NEXT,
            "Escape": CLOSE,
            "Enter": CLOSE,
            "KeyH": CLOSE,
            "Space": NEXT,
        }
        return name in ids and self.press(ids[name], pages)


def help_overlay(
    g: Gfx,
    theme: Theme,
    tr: Tr,
    sections: Sequence[HelpSection],
    state: HelpState,
    *,
    top: float = 44.0,
    body: Callable[[HelpSection], str] | None = None,
    focused: str | None = None,
) -> None:
    """Help page ``state.page`` of ``sections`` over the screen below ``top``, with Prev/Close/Next.
    ``body`` may word a section itself (text with live values); the default is ``tr(section.body)``."""
    w, h = g.width, g.height
    g.rect(0, top, w, h - top, theme.backdrop)
    cw = min(620.0, w - 24)
    x = (w - cw) / 2
    pages = max(1, len(sections))
    page = state.page % pages
    sec = sections[page] if sections else HelpSection(title="help", body="")
    y = top + 22.0
    g.text(x, y, f"{tr(sec.title)}  ({page + 1}/{pages})", theme.fg, 20, bold=True, baseline="top")
    y += 36
    size = 15 if w > 500 else 14
    paragraph(g, x, y, cw, body(sec) if body else tr(sec.body), theme.fg, size, size * 1.45)
    by = h - 60
    bw = (cw - 12) / 3
    for k, (bid, label) in enumerate(
        ((PREV, "◀ " + tr("prev")), (CLOSE, tr("close")), (NEXT, tr("next") + " ▶"))
    ):
        button(g, theme, bid, x + k * (bw + 6), by, bw, 42, label, size=15, focused=focused == bid)


__all__ = ["CLOSE", "NEXT", "PREV", "HelpState", "help_overlay"]
