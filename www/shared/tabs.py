"""The game-in-progress conflict between two tabs, as the player sees it (no ``js``; the shell wires it).

When another tab of the same browser has played on with the game this tab holds (``Storage`` finds
it at write time or from the ``storage`` event), the shell draws this dialog over the game and
holds the game's input until the player chooses: keep playing here (this tab's game is stored over
the other's) or load the other tab's game (the page reloads and restores it).
Keys: Enter keeps playing here, L loads the other tab's game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import storage_text as words

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx
    from gwweb.shared.storage import Storage

HERE = "gw-tab:here"
OTHER = "gw-tab:other"
KEYS = {"Enter": HERE, "NumpadEnter": HERE, "KeyL": OTHER}


class TabConflict:
    """Whether the dialog is open, what its buttons do, and how it is drawn."""

    def __init__(self, storage: Storage, reload: Callable[[], None], lang: Callable[[], str]) -> None:
        self.storage = storage
        self.reload = reload
        self.lang = lang
        self.open = False
        self.shown = 0  # how many times the dialog opened (test hook)

    def raise_(self, _name: str = "") -> bool:
        """Open the dialog (a conflict was found); True when it was closed before."""
        if self.open:
            return False
        self.open = True
        self.shown += 1
        return True

    def choose(self, bid: str) -> bool:
        """A dialog button (or its key); True when ``bid`` was one of them."""
        if bid == HERE:
            self.open = False
            self.storage.take_over()
            return True
        if bid == OTHER:
            self.open = False
            self.reload()
            return True
        return False

    def text(self, key: str) -> str:
        return words.text(self.lang(), key)

    def draw(self, g: Gfx) -> None:
        """A dimmed game with the question and two buttons in the middle."""
        if not self.open:
            return
        w = min(460.0, g.width - 24)
        title, body, note = (
            self.text("conflict_title"),
            self.text("conflict_body"),
            self.text("conflict_here_note"),
        )
        lines = g.wrap(body, w - 32, 14)
        bh = 40.0
        h = 28 + 22 + 20 * len(lines) + 10 + 18 + 12 + 2 * bh + 10 + 16
        x, y = (g.width - w) / 2, max(8.0, (g.height - h) / 2)
        g.alpha(0.6)
        g.rect(0, 0, g.width, g.height, "#000000")
        g.alpha(1.0)
        g.rect(x, y, w, h, "#3E2723")
        g.frame(x + 0.5, y + 0.5, w - 1, h - 1, "#FF9800", 2)
        cx = x + w / 2
        ty = y + 28
        size = g.fit_text(title, w - 32, 17, bold=True)
        g.text(cx, ty, title, "#FFE0B2", size, bold=True, align="center")
        ty += 26
        for line in lines:
            g.text(cx, ty, line, "#FFE0B2", 14, align="center")
            ty += 20
        ty += 6
        g.button(HERE, x + 16, ty, w - 32, bh, "⏎  " + self.text("conflict_here"), size=15)
        ty += bh + 4
        g.text(cx, ty + 12, note, "rgba(255,224,178,0.75)", g.fit_text(note, w - 32, 12), align="center")
        ty += 22
        g.button(OTHER, x + 16, ty, w - 32, bh, "L  " + self.text("conflict_other"), size=15)
