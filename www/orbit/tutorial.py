"""First-game tutorial: a few cards drawn on the canvas over the orbit view while the player plans
their first game (allocation, the 3-per-turn return, heat, threat zones). Shown once; Skip ends it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gwweb.shared.canvas import Gfx
from gwweb.shared.geometry import Rect
from gwweb.shared.storage import Storage
from pydantic import BaseModel

from .widgets import DIM, FG, GOOD, PANEL2, paragraph

if TYPE_CHECKING:
    from .host import OrbitHost

STEPS = 4
FLAG = "tutorial"


class TutorialDone(BaseModel):
    """Stored once the player has finished or skipped the tutorial."""

    done: bool = True


def seen(storage: Storage) -> bool:
    return storage.load(FLAG, TutorialDone) is not None


def mark_seen(storage: Storage) -> None:
    storage.save(FLAG, TutorialDone())


def draw(app: OrbitHost, g: Gfx, rect: Rect, step: int) -> None:
    """Card ``step`` (0-based) at the bottom of the orbit view, with Next/Skip buttons."""
    tr = app.tr
    w = min(440.0, rect.w - 16)
    x = rect.x + (rect.w - w) / 2
    title = tr(f"tut_title_{step}")
    body = tr(f"tut_{step}")
    lines = len(g.wrap(body, w - 24, 13))
    h = 30 + lines * 17.5 + 48
    y = rect.bottom - h - 8
    g.alpha(0.96)
    g.rect(x, y, w, h, PANEL2)
    g.alpha(1.0)
    g.frame(x + 0.5, y + 0.5, w - 1, h - 1, GOOD, 1.5)
    g.text(
        x + 12, y + 18, f"{step + 1}/{STEPS} · {title}", GOOD, g.fit_text(title, w - 60, 14, True), bold=True
    )
    paragraph(g, x + 12, y + 28, w - 24, body, FG, 13, 17.5)
    bw = 96.0
    last = step == STEPS - 1
    g.button("tut:next", x + w - bw - 10, y + h - 42, bw, 34, tr("tut_done" if last else "tut_next"), size=14)
    if not last:
        g.button("tut:skip", x + w - 2 * bw - 18, y + h - 42, bw, 34, tr("tut_skip"), size=14, fg=DIM)
