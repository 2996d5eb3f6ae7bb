"""The new-run menu and the seed keypad (the first screen of a new player)."""

from __future__ import annotations

from gwweb.shared import chrome
from gwweb.shared.canvas import Gfx

from engine.runmap.chrome import CHROME

from . import icons, layout
from .render import GOLD, INK, MUTED, THEME, T

BOX = "#4E342E"
BTN = "#6D4C41"


def menu(g: Gfx, w: float, h: float, t: T, *, preset: str, players: int, seed: str, has_run: bool) -> None:
    """The new-run screen; on narrow screens each label sits above its controls."""
    cw = min(480.0, w - 24)
    x = (w - cw) / 2
    y = float(layout.TOP_H + 12)
    g.text(w / 2, y + 28, t("title"), GOLD, 30, bold=True, align="center")
    for k, kind in enumerate(("COMBAT", "ELITE", "REST", "SHOP", "SHRINE", "BOSS")):
        icons.badge(g, w / 2 + (k - 2.5) * 34, y + 58, 13, kind, "beholder")
    y += 78
    for line in g.wrap(t("goal"), cw, 13):
        g.text(w / 2, y + 12, line, INK, 13, align="center")
        y += 18
    y += 6
    stacked = cw < 440
    lw = 0.0 if stacked else min(130.0, cw * 0.28)
    bg = "#4E342E"

    def label(text: str, y: float) -> float:
        if stacked:
            g.text(x, y + 13, text, MUTED, 13)
            return y + 20
        g.text(x, y + 26, text, MUTED, g.fit_text(text, lw - 8, 14, min_size=9))
        return y

    for name, value in (("preset", preset), ("players", players)):  # the choices RunOptions allows
        y = chrome.option_row(
            g,
            THEME,
            CHROME.field(name),
            value,
            lambda n, v: t(str(v)) if n == "preset" else str(v),
            x,
            y,
            cw,
            caption=t(name),
            caption_w=lw,
            caption_above=stacked,
            size=14,
        )
        y += 8
    y = label(t("seed"), y)
    g.rect(x + lw, y, cw - lw, 40, "#1F1411")
    g.text(x + lw + 12, y + 28, seed, GOLD, g.fit_text(seed, cw - lw - 24, 22, True), bold=True)
    y += 46
    sw = (cw - lw - 8) / 2
    g.button("rand_seed", x + lw, y, sw, 38, t("new_seed"), bg=bg, size=14)
    g.button("keypad", x + lw + sw + 8, y, sw, 38, t("keypad"), bg=bg, size=14)
    y += 56
    g.button("start", x, y, cw, 48, t("start"), bg="#8D3B2F", size=18)
    y += 56
    if has_run:
        g.button("continue", x, y, cw, 44, t("continue"), bg=BTN, size=16)
        y += 52
    half = (cw - 8) / 2
    g.button("coop", x, y, half, 44, t("coop"), bg="#37474F", size=15)
    g.button("coop_dev", x + half + 8, y, half, 44, t("coop_dev"), bg="#37474F", size=15)
    y += 52
    for line in g.wrap(t("coop_hint"), cw, 12) + g.wrap(t("keys_help"), cw, 12):
        if y > h - 8:
            break
        g.text(x, y + 12, line, MUTED, 12)
        y += 17


def keypad(g: Gfx, w: float, h: float, t: T, digits: str) -> None:
    """A numeric keypad dialog for the seed."""
    bw = min(84.0, (w - 64) / 3)
    bh = min(56.0, (h - 260) / 5)
    kw = bw * 3 + 16
    r = layout.Rect(
        (w - kw - 32) / 2, max(layout.TOP_H + 8, (h - (bh + 8) * 5 - 120) / 2), kw + 32, (bh + 8) * 5 + 110
    )
    g.alpha(0.7)
    g.rect(0, 0, w, h, "#000000")
    g.alpha(1.0)
    g.rect(r.x, r.y, r.w, r.h, BOX)
    g.frame(r.x + 0.5, r.y + 0.5, r.w - 1, r.h - 1, INK, 2)
    g.text(r.x + r.w / 2, r.y + 28, t("keypad_title"), INK, 17, bold=True, align="center")
    g.rect(r.x + 16, r.y + 42, kw, 44, "#1F1411")
    shown = digits or "0"
    g.text(
        r.x + 16 + kw - 10,
        r.y + 73,
        shown,
        GOLD,
        g.fit_text(shown, kw - 20, 26, True),
        bold=True,
        align="right",
    )
    keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "clear", "0", "back"]
    y0 = r.y + 98
    for k, key in enumerate(keys):
        cx = r.x + 16 + (k % 3) * (bw + 8)
        cy = y0 + (k // 3) * (bh + 8)
        label = {"clear": t("clear"), "back": "⌫"}.get(key, key)
        g.button(f"kp:{key}", cx, cy, bw, bh, label, bg=BTN, size=22)
    y = y0 + 4 * (bh + 8)
    half = (kw - 8) / 2
    g.button("kp:cancel", r.x + 16, y, half, bh, t("cancel"), bg="#4E342E", size=16)
    g.button("kp:ok", r.x + 24 + half, y, half, bh, t("ok"), bg="#8D3B2F", size=18)
