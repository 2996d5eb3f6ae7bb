"""HUD, button bar, dialogs and toasts, all on the canvas (16.7, 20.5: border-only buttons in #3E2723)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from gwweb.shared.canvas import Region
from gwweb.shared.chrome import BarButton, Glyph, Theme, top_bar

from .layout import Layout, Rect, hex_corners
from .view import TEXT, Tr, fill_for, fmt_score, fmt_value, rim_for

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx

MUTED = "#BCAAA4"
SOFT = "#795548"  # secondary text: 5.9:1 on the page (#8D6E63 was 4.2:1, under AA)
CARD = "#FFFDF9"
FOCUS = "#E65100"  # keyboard focus ring: 4.6:1 on the page
THEME = Theme(
    fg=TEXT,
    dim=SOFT,
    card=CARD,
    card_fg=TEXT,
    good=FOCUS,  # a new best: the ring's orange
    focus=FOCUS,
    radius=10.0,
    active="#F3EEE7",
    disabled=MUTED,
    dim_page="#F7F3EE",
    dim_alpha=0.55,
    bar="#EFE6DB",  # the top bar: a light strip over the pastel page (20.5: no dark blocks)
)
"""Ternar's colours for the shared chrome (cards over the board)."""


def rounded(g: Gfx, x: float, y: float, w: float, h: float, r: float) -> None:
    """Start a new path with a rounded rectangle (a plain one where ``roundRect`` is missing)."""
    g.begin_path()
    g.round_rect_path(x, y, w, h, r)


def button(
    g: Gfx,
    bid: str,
    r: Rect,
    label: str,
    *,
    enabled: bool = True,
    size: float = 15,
    bold: bool = False,
    fill: str | None = None,
    focus: bool = False,
) -> None:
    """A border-only button (no background colour, 20.5) registered as a hit region; ``focus``
    draws the keyboard focus ring (the button Enter presses)."""
    color = TEXT if enabled else MUTED
    rounded(g, r.x + 0.75, r.y + 0.75, r.w - 1.5, r.h - 1.5, min(10.0, r.h / 3))
    if fill:
        g.fill_style(fill)
        g.fill()
    g.stroke_style(color, 1.5)
    g.stroke()
    if focus:
        focus_ring(g, r)
    fs = g.fit_text(label, r.w - 10, size, bold)
    g.text(r.cx, r.cy + 1, label, color, fs, bold=bold, align="center", baseline="middle")
    if enabled:
        g.regions.append(Region(bid, r.x, r.y, r.w, r.h))


def focus_ring(g: Gfx, r: Rect) -> None:
    """The keyboard focus: an orange ring just outside ``r`` (the canvas has no DOM focus outline)."""
    rounded(g, r.x - 3, r.y - 3, r.w + 6, r.h + 6, min(13.0, r.h / 3 + 3))
    g.stroke_style(FOCUS, 2.5)
    g.stroke()


def undo_button(g: Gfx, r: Rect, counter: str, enabled: bool) -> None:
    """16.7: a circle with a curved arrow, border only, and the used/available fraction beside it."""
    color = TEXT if enabled else MUTED
    d = min(r.h, 48.0)
    cx, cy, rad = r.x + d / 2, r.cy, d / 2 - 1
    g.circle(cx, cy, rad, stroke=color, width=1.5)
    a = rad * 0.48
    g.line_cap("round")
    g.stroke_style(color, 2.0)
    g.begin_path()
    g.arc_to_path(cx, cy + a * 0.15, a, math.pi * 1.15, math.pi * 2.25)
    g.stroke()
    # arrow head at the arc's start (left side), pointing down-left
    hx, hy = cx + a * math.cos(math.pi * 1.15), cy + a * 0.15 + a * math.sin(math.pi * 1.15)
    g.poly(
        [(hx - a * 0.45, hy - a * 0.05), (hx + a * 0.2, hy - a * 0.35), (hx + a * 0.05, hy + a * 0.4)],
        fill=color,
    )
    # the counter stays readable while the button is greyed (it is the 0/1 -> 1/1 information of 16.7)
    g.text(
        r.x + d + 6,
        cy + 1,
        counter,
        TEXT if enabled else SOFT,
        max(12.0, d * 0.34),
        bold=True,
        baseline="middle",
    )
    # registered even when greyed: a tap then says why (nothing to undo yet / already used / queued)
    g.regions.append(Region("undo", r.x, r.y, r.w, r.h))


def speaker_glyph(muted: bool) -> Glyph:
    """The «Динамик» icon (16.6) drawn inside a button's ``(x, y, w, h)``: a speaker, waves or a cross."""

    def draw(g: Gfx, x0: float, y0: float, w: float, h: float) -> None:
        s = min(w, h) * 0.22
        x, y = x0 + w / 2 - s * 0.6, y0 + h / 2
        g.poly(
            [
                (x - s, y - s * 0.45),
                (x - s * 0.3, y - s * 0.45),
                (x + s * 0.4, y - s),
                (x + s * 0.4, y + s),
                (x - s * 0.3, y + s * 0.45),
                (x - s, y + s * 0.45),
            ],
            fill=TEXT,
        )
        g.line_cap("round")
        if muted:
            g.line(x + s * 0.8, y - s * 0.5, x + s * 1.8, y + s * 0.5, TEXT, 2)
            g.line(x + s * 0.8, y + s * 0.5, x + s * 1.8, y - s * 0.5, TEXT, 2)
        else:
            for k in (0.9, 1.5):
                g.stroke_style(TEXT, 1.6)
                g.begin_path()
                g.arc_to_path(x + s * 0.3, y, s * k, -0.8, 0.8)
                g.stroke()

    return draw


def mini_hex(g: Gfx, x: float, y: float, r: float, value: int) -> None:
    """A small hex with its number (the would-be result badge)."""
    pts = [(x + dx, y + dy) for dx, dy in hex_corners(r)]
    g.poly(pts, fill=fill_for(value), stroke=rim_for(value), width=1.2)
    label = fmt_value(value)
    g.text(
        x,
        y + 1,
        label,
        TEXT,
        g.fit_text(label, r * 1.6, r * 0.95, True, 6),
        bold=True,
        align="center",
        baseline="middle",
    )


def pills(g: Gfx, right: float, cy: float, size: float, window: tuple[int, ...]) -> float:
    """The generation window as three coloured pills ending at ``right``; returns their left edge."""
    x = right
    h = size + 8
    for v in reversed(window):
        label = fmt_value(v)
        w = g.measure(label, size, True) + 12
        x -= w
        rounded(g, x, cy - h / 2, w, h, h / 2)
        g.fill_style(fill_for(v))
        g.fill()
        g.stroke_style(rim_for(v), 1.2)
        g.stroke()
        g.text(x + w / 2, cy + 1, label, TEXT, size, bold=True, align="center", baseline="middle")
        x -= 4
    return x + 4


def stat(
    g: Gfx, x: float, y: float, w: float, label: str, value: int, size: float, align: str = "left"
) -> None:
    """Label above a number fitted into ``w`` (the 1.4 notation when the full number cannot fit)."""
    lab = max(10.0, min(13.0, size * 0.55))
    g.text(x, y - size - 3, label, SOFT, lab, align=align, baseline="alphabetic")
    text = fmt_score(value)
    fs = g.fit_text(text, w, size, True, 12)
    if g.measure(text, fs, True) > w:
        text = fmt_value(value)
        fs = g.fit_text(text, w, size, True, 8)
    g.text(x, y, text, TEXT, fs, bold=True, align=align, baseline="alphabetic")


def hud(
    g: Gfx,
    lay: Layout,
    t: Tr,
    *,
    score: int,
    best: int | None,
    turn: int,
    mode: str,
    window: tuple[int, ...],
    storm: tuple[str, int] | None,
) -> None:
    r = lay.hud
    if lay.wide:
        y = r.y + 30  # the title is on the top bar
        g.text(r.x, y, t("mode_" + mode), SOFT, 17, bold=True)
        y += 62
        big = min(34.0, r.w / 5)
        stat(g, r.x, y, r.w, t("score"), score, big)
        y += 62
        if best is None:
            g.text(r.x, y - 22, t("zen_no_best"), SOFT, 13)
        else:
            stat(g, r.x, y, r.w, t("best"), best, 22)
        y += 56
        stat(g, r.x, y, r.w, t("turn"), turn, 22)
        y += 34
        left = pills(g, r.x + r.w, y - 4, 12, window)
        if r.x + g.measure(t("window"), 12) + 6 < left:  # narrow side panel: the pills alone
            g.text(r.x, y, t("window"), SOFT, 12)
        if storm:
            g.text(r.x, y + 30, f"{storm[0]} {t('storm_in', n=storm[1])}", SOFT, 14)
        return
    title_size = max(16.0, min(26.0, r.h * 0.3))
    ty = r.y + title_size + 4
    g.text(r.x, ty, t("title"), TEXT, title_size, bold=True)
    left = pills(g, r.x + r.w, ty - title_size * 0.35, max(10.0, min(13.0, r.h * 0.15)), window)
    tw = g.measure(t("title"), title_size, True)
    sub = t("mode_" + mode)
    small = max(10.0, min(13.0, r.h * 0.15))
    if r.x + tw + 10 + g.measure(sub, small) < left - 6:
        g.text(r.x + tw + 10, ty, sub, SOFT, small)
    val = max(15.0, min(24.0, r.h * 0.3))
    base = r.y + r.h - 6
    stat(g, r.x, base, r.w * 0.42, t("score"), score, val)  # a clear gap before Best: 10-digit scores
    if best is None:
        g.text(r.x + r.w * 0.46, base, "—", MUTED, val * 0.8, bold=True)
        g.text(r.x + r.w * 0.46, base - val * 0.8 - 3, t("best"), SOFT, max(10.0, min(13.0, val * 0.55)))
    else:
        stat(g, r.x + r.w * 0.46, base, r.w * 0.32, t("best"), best, val * 0.8)
    label = t("turn") if not storm else f"{t('turn')} {storm[0]}{storm[1]}"
    stat(g, r.x + r.w, base, r.w * 0.2, label, turn, val * 0.8, align="right")


def top(g: Gfx, lay: Layout, t: Tr, *, muted: bool, lang_label: str, home: bool = True) -> None:
    """The shared chrome's top bar: the way home (``home``; none inside a blog post), the title on a
    wide screen, and New game, Share (the game as a link), the language and the sound (16.6)."""
    phone = not lay.wide
    buttons = [
        BarButton("new", t("new_game"), t("new_short")),
        BarButton("share", t("share"), t("share_short")),
        BarButton("lang", lang_label, lang_label),
        BarButton("mute", t("sound"), glyph=speaker_glyph(muted)),
    ]
    r = lay.top
    top_bar(g, THEME, t("title"), buttons, phone=phone, home=home, w=r.w, h=r.h, bw=58.0 if phone else 96.0)


def bar(g: Gfx, lay: Layout, t: Tr, *, counter: str, undo_ok: bool) -> None:
    """The game's own controls beside the board: the Soft Undo (16.7) and, on a wide screen, the
    telemetry export (the rest is on the top bar)."""
    r = lay.bar
    if lay.wide:
        bh = 46.0
        y = r.y + 20
        undo_button(g, Rect(r.x, y, 110, bh), counter, undo_ok)
        button(g, "telemetry", Rect(r.x, y + bh + 18, r.w, 36), t("telemetry"), size=13)
        return
    bh = min(44.0, r.h - 14)
    undo_button(g, Rect(r.x, r.y + (r.h - bh) / 2, bh + 44, bh), counter, undo_ok)


def toast(g: Gfx, lay: Layout, text: str, alpha: float, y: float, closable: bool = False) -> float:
    """A small card near the top of the board; returns its bottom."""
    size = 13.5 if lay.compact else 15.0
    maxw = min(lay.width - 24, 460.0)
    avail = maxw - 28 - (24 if closable else 0)
    lines = g.wrap(text, avail, size)
    # a word longer than the card (a storage key) is drawn smaller rather than under the × / off the card
    sizes = [g.fit_text(s, avail, size, False, 8) for s in lines]
    w = min(maxw, max(g.measure(s, f) for s, f in zip(lines, sizes)) + 28 + (24 if closable else 0))
    h = 12 + len(lines) * (size + 5)
    x = (lay.width - w) / 2
    g.alpha(alpha)
    rounded(g, x, y, w, h, 10)
    g.fill_style(CARD)
    g.fill()
    g.stroke_style(TEXT, 1.2)
    g.stroke()
    ty = y + 6 + size
    for s, f in zip(lines, sizes):
        g.text(x + 14, ty, s, TEXT, f)
        ty += size + 5
    if closable:
        g.text(x + w - 16, y + h / 2 + 1, "×", TEXT, 18, bold=True, align="center", baseline="middle")
        g.regions.append(Region("dismiss", x, y, w, h))
    g.alpha(1.0)
    return y + h + 6


def info_line(g: Gfx, lay: Layout, text: str, sub: str = "", strong: bool = False) -> None:
    r = lay.info
    size = max(13.0, min(19.0, r.h * 0.55)) if not lay.wide else 18.0
    if lay.wide:
        lines = g.wrap(text, r.w, size, strong)
        while size > 11 and 20 + len(lines) * (size + 6) + (40 if sub else 0) > r.h:  # short screens
            size -= 1
            lines = g.wrap(text, r.w, size, strong)
        y = r.y + 20
        for line in lines:
            g.text(r.x, y, line, TEXT if strong else SOFT, size, bold=strong)
            y += size + 6
        if sub:
            for line in g.wrap(sub, r.w, 14):
                g.text(r.x, y, line, "#E65100", 14, bold=True)
                y += 20
        return
    full = f"{text}   {sub}" if sub else text
    fs = g.fit_text(full, r.w, size, strong)
    if sub and fs < 12:  # two lines: the preview, then the superchain / bonus note
        fs = g.fit_text(text, r.w, min(size, r.h * 0.5), strong)
        g.text(r.cx, r.y + r.h * 0.3, text, TEXT, fs, bold=strong, align="center", baseline="middle")
        g.text(
            r.cx,
            r.y + r.h * 0.8,
            sub,
            "#E65100",
            g.fit_text(sub, r.w, min(12.0, r.h * 0.36), True),
            bold=True,
            align="center",
            baseline="middle",
        )
        return
    g.text(r.cx, r.cy + 1, full, TEXT if strong else SOFT, fs, bold=strong, align="center", baseline="middle")
