"""Cards over the board: the New game card and the game-over card (drawn only when shown, so
this module is imported on first use, not before the first frame)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .hud import CARD, SOFT, TEXT, button, rounded
from .layout import Layout, Rect
from .view import BG, Tr, fmt_score

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx


def card(g: Gfx, lay: Layout, h: float) -> Rect:
    """Dim the screen and draw a centred card of height ``h``."""
    g.alpha(0.55)
    g.rect(0, 0, lay.width, lay.height, BG)
    g.alpha(1.0)
    w = min(380.0, lay.width - 24)
    r = Rect((lay.width - w) / 2, max(8.0, (lay.height - h) / 2), w, h)
    rounded(g, r.x, r.y, r.w, r.h, 14)
    g.fill_style(CARD)
    g.fill()
    g.stroke_style(TEXT, 1.5)
    g.stroke()
    return r


def new_game_dialog(g: Gfx, lay: Layout, t: Tr, *, mode: str, in_progress: bool, focus: bool = False) -> Rect:
    """The three modes (arrows move the highlight, Enter starts it: ``focus`` rings it)."""
    h = 330.0 if in_progress else 306.0
    r = card(g, lay, h)
    y = r.y + 36
    g.text(r.cx, y, t("new_game_q"), TEXT, 22, bold=True, align="center")
    if in_progress:
        y += 24
        g.text(r.cx, y, t("new_game_lost"), SOFT, 13, align="center")
    y += 18
    for m in ("classic", "zen", "storm"):
        b = Rect(r.x + 16, y, r.w - 32, 58)
        button(g, "mode:" + m, b, "", fill="#F3EEE7" if m == mode else None, focus=focus and m == mode)
        g.text(b.x + 14, b.y + 24, t("mode_" + m), TEXT, 17, bold=True)
        desc = t("mode_desc_" + m)
        g.text(b.x + 14, b.y + 45, desc, SOFT, g.fit_text(desc, b.w - 24, 12.5), baseline="alphabetic")
        y += 66
    bw = (r.w - 44) / 2
    button(g, "telemetry", Rect(r.x + 16, r.y + r.h - 54, bw, 40), t("telemetry"), size=13)
    button(g, "cancel", Rect(r.x + 28 + bw, r.y + r.h - 54, bw, 40), t("cancel"), size=15)
    return r


def game_over(
    g: Gfx, lay: Layout, t: Tr, *, reason: str, score: int, new_best: bool, zen: bool, focus: bool = False
) -> None:
    """Why the game ended and its score; Enter plays again (``focus`` rings that button), N picks a mode."""
    r = card(g, lay, 240.0 if new_best and not zen else 216.0)
    y = r.y + 38
    g.text(
        r.cx,
        y,
        t("game_over"),
        TEXT,
        g.fit_text(t("game_over"), r.w - 24, 21, True),
        bold=True,
        align="center",
    )
    y += 30
    for line in g.wrap(t("reason_" + reason), r.w - 40, 14):
        g.text(r.cx, y, line, SOFT, 14, align="center")
        y += 19
    y += 14
    g.text(r.cx, y, t("final_score", score=fmt_score(score)), TEXT, 20, bold=True, align="center")
    if new_best and not zen:
        g.text(r.cx, y + 22, t("new_best"), "#E65100", 14, bold=True, align="center")
    bw = (r.w - 44) / 2
    button(g, "again", Rect(r.x + 16, r.y + r.h - 58, bw, 42), t("new_game"), size=15, bold=True, focus=focus)
    button(g, "new", Rect(r.x + 28 + bw, r.y + r.h - 58, bw, 42), t("other_mode"), size=15)
