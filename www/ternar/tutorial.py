"""First-run tutorial on the canvas (issue 15): a route on the real board, then three short cards —
the window pills, a ghost, a singularity and the Big Bang. Skippable at any step, remembered.

Step 0 is not modal: the engine's hint route glows on the board and the info line says what to do;
playing any move moves on. Steps 1-3 are cards with Next and Skip (Enter / Esc).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from gwweb.shared import chrome

from engine.ternar.rules import SINGULARITY

from . import hud
from .layout import Rect
from .tutorial_step import STEPS

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx

    from .page import TernarPage


STILL_ALPHA = 0.85  # the hint route at rest: a steady glow


def draw_route_hint(
    app: TernarPage, g: Gfx, route: tuple[int, ...], t_sec: float, motion: float = 1.0
) -> None:
    """Step 0: the hint route pulses on the board, a dot runs along it like a finger (``motion`` 1;
    at 0 the route glows still and the dot is gone: ``Tutorial.motion``); a Skip button sits in the
    board's top-right corner (touch has no Esc)."""
    lay = app.ui.lay
    if lay is None:
        return
    if len(route) >= 2:
        pulse = 0.55 + 0.35 * math.sin(t_sec * 4.0)
        g.alpha(STILL_ALPHA + (pulse - STILL_ALPHA) * motion)
        app.painter.route_line(g, route, glow_ok=True, t_sec=0.0)
        if motion > 0:
            g.alpha(0.85 * motion)
            q = (t_sec * 0.5) % 1.0
            x, y = app.painter.along(list(route), q * q * (3 - 2 * q))
            g.circle(x, y, max(5.0, lay.cell * 0.11), fill="#FFB74D", stroke="#3E2723", width=1.5)
        g.alpha(1.0)
    b = lay.board
    w = min(130.0, max(86.0, g.measure(app.t("tut_skip"), 13) + 28))
    hud.button(g, "tut_skip", Rect(b.x + b.w - w, b.y + 2, w, 32), app.t("tut_skip"), size=13, fill=hud.CARD)


def draw_card(app: TernarPage, g: Gfx, t_sec: float) -> Rect | None:
    """Steps 1-3: a card with an illustration, two lines of text, Next (Enter: it has the focus
    ring) and Skip (Esc)."""
    tut = app.tutorial
    lay = app.ui.lay
    if tut is None or lay is None:
        return None
    t = app.t
    key = STEPS[tut.step]
    k = tut.motion(t_sec * 1000.0)  # the pulses ease into a still pose (the page then rests)
    r = Rect(*chrome.card(g, hud.THEME, 380.0, 318.0))  # the shared card
    y = r.y + 34
    g.text(r.cx, y, t(f"tut_{key}_title"), hud.TEXT, 20, bold=True, align="center")
    g.text(r.x + r.w - 16, r.y + 22, f"{tut.step + 1}/{len(STEPS)}", hud.SOFT, 12, align="right")
    y += 22
    cy = y + 44
    st = app.state
    p = app.painter
    if key == "window":
        window = st.window if st.options.mode != "zen" else (3, 9, 27)
        left = hud.pills(g, r.cx + 20, cy, 15, window)
        g.text(r.cx + 45, cy + 1, "→", hud.TEXT, 22, bold=True, align="center", baseline="middle")
        hud.mini_hex(g, r.cx + 85, cy, 22, window[0])
        g.text(left - 8, cy + 1, app.t("window"), hud.SOFT, 13, align="right", baseline="middle")
    elif key == "ghost":
        v = st.pool[0] if st.pool else 3
        p.node(g, r.cx - 44, cy, v, scale=0.8)
        p.node(g, r.cx + 44, cy, v, scale=0.8, ghost=True, alpha=0.75 + 0.25 * k * math.sin(t_sec * 3))
    else:
        hud.mini_hex(g, r.cx - 105, cy, 24, 3**14)
        hud.mini_hex(g, r.cx - 55, cy, 24, 3**14)
        g.text(r.cx - 8, cy + 1, "→", hud.TEXT, 22, bold=True, align="center", baseline="middle")
        p.node(g, r.cx + 50, cy, SINGULARITY, scale=0.75 + 0.05 * k * math.sin(t_sec * 4))
    y = cy + 56
    for line in g.wrap(t(f"tut_{key}"), r.w - 36, 14):
        g.text(r.cx, y, line, hud.TEXT, 14, align="center")
        y += 19
    bw = (r.w - 44) / 2
    last = tut.step == len(STEPS) - 1
    hud.button(g, "tut_skip", Rect(r.x + 16, r.y + r.h - 56, bw, 40), t("tut_skip"), size=14)
    hud.button(
        g,
        "tut_next",
        Rect(r.x + 28 + bw, r.y + r.h - 56, bw, 40),
        t("tut_play" if last else "tut_next"),
        size=15,
        bold=True,
        focus=True,
    )
    return r
