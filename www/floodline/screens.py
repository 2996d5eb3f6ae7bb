"""Level select, pause and results screens (canvas buttons; ids handled by the app)."""

from __future__ import annotations

from typing import Any

from gwweb.floodline.campaign import COUNT, Progress, level, unlocked
from gwweb.floodline.hud import ACCENT, DIM, INK
from gwweb.floodline.strings import Tr, title_for
from gwweb.floodline.textfit import fit
from gwweb.shared.canvas import Gfx

BG = "#15202b"
# level buttons of the last drawn level select: (n, x, y, w, h), locked ones included (for hover)
LEVEL_BOXES: list[tuple[int, float, float, float, float]] = []


def level_at(px: float, py: float) -> int:
    for n, x, y, w, h in LEVEL_BOXES:
        if x <= px <= x + w and y <= py <= y + h:
            return n
    return 0


def level_select(
    g: Gfx, t: Tr, prog: Progress, has_replay: bool = False, focus: int = 0, keyboard: bool = True
) -> None:
    """The campaign grid; the line under it names ``focus`` (the level under the pointer) or the
    last level played, in the current language. Without a keyboard (``keyboard=False``: a touch-only
    phone) the Keys (rebinding) button is replaced by a short note saying why."""
    w, h = g.width, g.height
    g.clear(BG)
    top = 56
    g.text(w / 2, 40, t("title"), ACCENT, 30 if w > 500 else 24, True, align="center")
    cols = 10 if w >= 760 else 5
    gw = min(w - 24, 820)
    x0 = (w - gw) / 2
    bw = gw / cols
    rows_per_ch = 10 // cols
    avail = h - top - 150
    bh = max(34.0, min(64.0, avail / (3 * rows_per_ch) - 30 / rows_per_ch))
    y = top + 18.0
    LEVEL_BOXES.clear()
    for ch in range(3):
        g.text(x0 + 4, y + 14, t(f"ch{ch + 1}"), DIM, 15, True)
        y += 22
        for i in range(10):
            n = ch * 10 + i + 1
            r, c = divmod(i, cols)
            bx, by = x0 + c * bw + 3, y + r * bh + 3
            ok = unlocked(prog, n)
            LEVEL_BOXES.append((n, bx, by, bw - 6, bh - 6))
            stars = prog.stars.get(f"lv{n:02d}", 0)
            label = f"{n}"
            g.button(
                f"lv:{n}", bx, by, bw - 6, bh - 6, label, enabled=ok, size=16, active=n == prog.last and ok
            )
            star_text = "★" * stars + "☆" * (3 - stars)
            g.text(bx + (bw - 6) / 2, by + bh - 10, star_text, ACCENT if stars else DIM, 10, align="center")
        y += rows_per_ch * bh + 8
    y += 8
    shown = focus if 1 <= focus <= COUNT else prog.last
    title = f"{shown}. {title_for(t, shown, level(shown))}"
    if not unlocked(prog, shown):
        title += f" · {t('locked')}"
    g.text(w / 2, y + 4, title, INK, fit(g, title, w - 24, 16, True), True, align="center")
    beat = str(t(f"beat_lv{shown:02d}"))
    g.text(w / 2, y + 22, beat, DIM, fit(g, beat, w - 24, 13), align="center")
    bw2 = min(200.0, (w - 40) / 2)
    g.button(
        "play",
        w / 2 - bw2 - 6,
        y + 32,
        bw2,
        40,
        t("play"),
        size=17,
        bg="rgba(255,210,122,0.12)",
    )
    g.button("endless", w / 2 + 6, y + 32, bw2, 40, t("endless"), size=17)
    g.text(w / 2, y + 92, t("best", n=prog.endless_best), DIM, 13, align="center")
    total = sum(prog.stars.values())
    g.text(w / 2, y + 110, f"★ {total}/{COUNT * 3}", ACCENT, 13, align="center")
    ry = y + 122
    bw3 = min(160.0, (w - 40) / 3)
    g.button("watch", w / 2 - bw3 * 1.5 - 6, ry, bw3, 34, t("watch"), size=13, enabled=has_replay)
    g.button("export", w / 2 - bw3 / 2, ry, bw3, 34, t("export"), size=13, enabled=has_replay)
    g.button("import", w / 2 + bw3 / 2 + 6, ry, bw3, 34, t("import"), size=13)
    if keyboard:
        g.button("keys", w / 2 - bw3 / 2, ry + 42, bw3, 34, t("keys"), size=13)
    else:
        note = str(t("keys_no_keyboard"))
        g.text(w / 2, ry + 62, note, DIM, fit(g, note, w - 24, 12), align="center")


def overlay_box(g: Gfx, w: float, h: float) -> tuple[float, float, float, float]:
    bw, bh = min(420.0, g.width - 30), min(h, g.height - 20)
    x, y = (g.width - bw) / 2, (g.height - bh) / 2
    g.rect(0, 0, g.width, g.height, "rgba(5,10,16,0.55)")
    g.rect(x, y, bw, bh, "rgba(24,36,50,0.97)")
    g.frame(x + 0.5, y + 0.5, bw - 1, bh - 1, "rgba(255,210,122,0.5)", 1.5)
    return x, y, bw, bh


def pause(g: Gfx, t: Tr, help_text: str, tip: str = "") -> None:
    """Pause box: resume/restart/levels, the level's tip again (it hides after 12 s), the key help."""
    width = min(420.0, g.width - 30) - 30
    lines = (g.wrap(tip, width, 11) + [""] if tip else []) + g.wrap(help_text, width, 11)
    x, y, bw, bh = overlay_box(g, 420, 236 + 15 * len(lines))
    g.text(x + bw / 2, y + 40, t("paused"), ACCENT, 24, True, align="center")
    by = y + 66
    for bid, key in (("resume", "resume"), ("restart", "restart"), ("levels", "menu")):
        g.button(bid, x + 40, by, bw - 80, 40, t(key), size=16)
        by += 50
    for i, line in enumerate(lines):
        g.text(x + bw / 2, by + 10 + i * 15, line, DIM, 11, align="center")


def results(
    g: Gfx,
    t: Tr,
    outcome: dict[str, Any],
    n: int,
    has_next: bool,
    best: int | None,
    missed: list[str] | None = None,
) -> None:
    """Results card; ``missed`` = one line per star not earned and why (Part I §6.4)."""
    won = outcome["status"] == "WON"
    extra = 16 * len(missed or [])
    x, y, bw, bh = overlay_box(g, 420, 166 + 48 * (3 if won and has_next else 2) + 14 + extra)
    title = t("won") if won else (t("over") if n == 0 else t("lost"))
    g.text(x + bw / 2, y + 42, title, ACCENT if won else "#ff8a6a", 24, True, align="center")
    if n:
        stars = outcome["stars"]
        g.text(x + bw / 2, y + 86, "★" * stars + "☆" * (3 - stars), ACCENT, 34, align="center")
    reason = t("reason_" + outcome["reason"])
    g.text(x + bw / 2, y + 120, reason, INK, 14, align="center")
    line = t("score", n=outcome["score"])
    if best is not None:
        line += "  ·  " + t("best", n=best)
    g.text(x + bw / 2, y + 144, line, DIM, 14, align="center")
    for i, text in enumerate(missed or []):
        g.text(x + bw / 2, y + 164 + 16 * i, text, "#ffb27a", fit(g, text, bw - 24, 12), align="center")
    by = y + 166 + extra
    if won and has_next:
        g.button("next", x + 40, by, bw - 80, 40, t("next_level"), size=16, bg="rgba(255,210,122,0.12)")
        by += 48
    g.button("restart", x + 40, by, bw - 80, 40, t("restart"), size=16)
    by += 48
    g.button("levels", x + 40, by, bw - 80, 40, t("menu"), size=16)
