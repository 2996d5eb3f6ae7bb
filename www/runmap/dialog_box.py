"""The look every Run Map dialog shares: the dimmed map behind it, its box, its button colour, and the
"waiting for the host" line (used by ``screens`` and the rules-3 dialogs in ``screens3``)."""

from __future__ import annotations

from gwweb.shared.canvas import Gfx

from engine.runmap import RunState

from . import layout
from .render import INK, MUTED, T

BOX = "#4E342E"
BTN = "#6D4C41"


def dim(g: Gfx, f: layout.Frame) -> None:
    g.alpha(0.62)
    g.rect(0, layout.TOP_H, f.w, f.h - layout.TOP_H, "#000000")
    g.alpha(1.0)


def box(g: Gfx, r: layout.Rect) -> None:
    g.rect(r.x, r.y, r.w, r.h, BOX)
    g.frame(r.x + 0.5, r.y + 0.5, r.w - 1, r.h - 1, INK, 2)


def waiting(g: Gfx, r: layout.Rect, y: float, s: RunState, t: T) -> None:
    msg = t("host_picks", n=s.host + 1) if s.host is not None else t("no_host")
    g.text(r.x + r.w / 2, y, msg, MUTED, g.fit_text(msg, r.w - 24, 15), align="center", baseline="middle")
