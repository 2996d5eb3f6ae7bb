"""The legend overlay: hazard patterns per quantity and band, prop badges, controls."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.reactor.balance import QUANTITIES
from engine.reactor.f32 import BAND_NAMES, display
from engine.reactor.views import kill_thresholds

from .egoals import level_text
from .sprites import ALPHA, LETHAL, SURF_COL, pattern, skull

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx

    from .parts import PageView

QS = QUANTITIES


def draw_help(g: Gfx, app: PageView) -> None:
    t = app.t
    w = min(560.0, g.width - 16)
    h = min(g.height - 60, 620.0)
    x, y = (g.width - w) / 2, 50.0
    g.rect(x, y, w, h, "rgba(12,20,28,0.97)")
    g.frame(x, y, w, h, "#FFE082", 1.5)
    g.text(x + 12, y + 24, t("legend"), "#FFE082", 17, True)
    g.button("closehelp", x + w - 86, y + 8, 76, 28, t("close"), size=13, bg="#1C2A35")
    top, view_h = y + 44, h - 48  # the body scrolls (wheel, swipe) inside the box, clipped to it
    scroll = min(max(0.0, app.ui.help_scroll), app.ui.help_max_scroll)
    app.ui.help_scroll = scroll
    g.save()
    g.clip_rect(x, top, w, view_h)
    g.translate(0, -scroll)
    end = _body(g, app, x, top + 4, w)
    g.restore()
    app.ui.help_max_scroll = max(0.0, end - top - view_h + 8)
    if app.ui.help_max_scroll > 0:  # a scroll bar says there is more
        bar_h = max(24.0, view_h * view_h / (view_h + app.ui.help_max_scroll))
        bar_y = top + (view_h - bar_h) * (scroll / app.ui.help_max_scroll)
        g.rect(x + w - 6, bar_y, 3, bar_h, "#FFE082")


def _body(g: Gfx, app: PageView, x: float, yy: float, w: float) -> float:
    """The help text from ``yy`` down; returns the y below it."""
    t = app.t
    play = app.run
    if play is not None:  # the goal of the level being played, in the current language
        lang = app.shell.i18n.lang
        if play.key.startswith("test:"):
            title, goal = play.state.meta.title, play.state.meta.description
        else:
            title, goal = level_text(play.key, app.custom, lang)
        label = f"{t('goal_of')} {title}"
        if play.state.difficulty != "normal":
            label += f" · {t('diff_' + play.state.difficulty)}"
        g.text(x + 12, yy + 14, label, "#FFE082", g.fit_text(label, w - 24, 14, True), True)
        yy += 20  # the label's whole height inside the clipped body (its tops were cut)
        for line in g.wrap(goal, w - 24, 13):
            g.text(x + 12, yy + 14, line, "#ECEFF1", 13)
            yy += 17
        yy += 12
        kills = kill_thresholds(play.state)
        text = t("kills", **{k: display(v) for k, v in kills.items()})
        for line in g.wrap(text, w - 24, 13, True):
            g.text(x + 12, yy + 14, line, LETHAL, 13, True)
            yy += 17
        skull(g, x + 24, yy + 16, 7)
        for line in g.wrap(t("lethal_marks"), w - 56, 12):
            g.text(x + 44, yy + 14, line, "#ECEFF1", 12)
            yy += 16
        yy += 10
    n = 26.0
    for b, band in enumerate(BAND_NAMES):
        g.text(x + 130 + b * 70 + n / 2, yy + 10, t(band), "#B0BEC5", 12, False, "center")
    yy += 18
    for q in QS:
        g.text(x + 12, yy + n * 0.65, t("water") if q == "coolant" else t(q), SURF_COL[q], 14, True)
        for b in range(3):
            bx = x + 130 + b * 70
            g.alpha(ALPHA[b])
            g.rect(bx, yy, n, n, SURF_COL[q])
            g.alpha(1.0)
            pattern(g, q, b, bx, yy, n)
            if b == 2:
                g.frame(bx + 0.5, yy + 0.5, n - 1, n - 1, "#FFFFFF", 1.5)
        yy += n + 8
    for line in g.wrap(t("legend_text"), w - 24, 13):
        g.text(x + 12, yy + 12, line, "#ECEFF1", 13)
        yy += 17
    return yy
