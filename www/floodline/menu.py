"""The level select on the shared chrome: the top bar, the engine's campaign as one shared level grid
per chapter (stars won; a locked level greyed, the one that opens next marked with the lost runs
left before it opens anyway), the line naming the level under the pointer or the keyboard focus
and why it is open, and the page's buttons (Play or Continue, Endless, replays, keys)."""

from __future__ import annotations

from gwweb.floodline.campaign import losses_to_open, opened_by
from gwweb.floodline.hud import ACCENT, DIM, INK
from gwweb.floodline.look import BG, THEME, bar
from gwweb.floodline.strings import Tr, title_for
from gwweb.floodline.textfit import fit
from gwweb.floodline.ui import Ui
from gwweb.shared import chrome
from gwweb.shared.canvas import Gfx
from gwweb.shared.chrome.widgets import button

from engine.core.chrome_data import LevelEntry
from engine.floodline.campaign import COUNT, Progress, level, level_id, unlocked

#: a level cell laid out on the grid: (level number, x, y, w, h), locked ones included (hover)
Cell = tuple[int, float, float, float, float]
GAP = 8.0  # the shared grid's gap between cells


def entries(p: Progress, first: int, last: int) -> list[LevelEntry]:
    """Levels ``first``..``last`` as the shared grid's entries (``locked`` asked of the engine)."""
    return [
        LevelEntry(id=level_id(n), title=str(n), locked=not unlocked(p, n)) for n in range(first, last + 1)
    ]


def frontier(p: Progress) -> int:
    """The first locked level (0: every level is open)."""
    return next((n for n in range(2, COUNT + 1) if not unlocked(p, n)), 0)


def marks(t: Tr, p: Progress) -> dict[str, str]:
    """The line under each level's number: its stars when open, the lost runs left on the level that
    opens next (``✕k``), nothing on the other locked ones."""
    out: dict[str, str] = {}
    nxt = frontier(p)
    for n in range(1, COUNT + 1):
        if unlocked(p, n):
            s = p.stars.get(level_id(n), 0)
            out[level_id(n)] = "★" * s + "☆" * (3 - s)
        elif n == nxt:
            k = losses_to_open(p, n)
            out[level_id(n)] = "" if k is None else t("grid_left", k=k)
    return out


def level_number(bid: str) -> int:
    """The campaign number of a grid button ``level:lvNN`` (0 when ``bid`` is none)."""
    lid = chrome.level_of(bid)
    return int(lid[2:]) if lid is not None and lid[2:].isdigit() else 0


def level_at(cells: list[Cell], px: float, py: float) -> int:
    """The level whose cell is under (px, py) on the grid drawn last (0: none)."""
    for n, x, y, w, h in cells:
        if x <= px <= x + w and y <= py <= y + h:
            return n
    return 0


def unlock_line(t: Tr, p: Progress, n: int) -> str:
    """Why level ``n`` is open, or how it opens (the engine's ``unlocked``, worded)."""
    why = opened_by(p, n)
    if why == "won":
        return t("open_won", p=n - 1)
    if why == "losses":
        return t("open_losses", p=n - 1, k=p.losses.get(level_id(n - 1), 0))
    if why == "locked":
        k = losses_to_open(p, n)
        if k is not None:
            return t("locked_how_1" if k == 1 else "locked_how", n=n, p=n - 1, k=k)
    return ""


def draw(g: Gfx, t: Tr, ui: Ui, *, muted: bool, home: bool, saved: str = "") -> None:
    """The level select. ``saved``: the Continue button's words when a run is stored unfinished
    (else Play opens the last level played). Lays out ``ui.grid`` (hover)."""
    w, h = g.width, g.height
    p = ui.progress
    g.clear(BG)
    total = sum(p.stars.values())
    bar(g, t, t("stars_total", n=total, m=3 * COUNT), muted=muted, home=home, status_color=ACCENT)
    cols = 10 if w >= 760 else 5
    gw = min(w - 24, 820.0)
    x0 = (w - gw) / 2
    rows = 10 // cols
    cell_h = max(38.0, min(52.0, (h - 44 - 360) / (3 * rows) - GAP))
    y = chrome.BAR_H + 8
    cells: list[Cell] = []
    mk = marks(t, p)
    current = level_id(p.last)
    cw = (gw - (cols - 1) * GAP) / cols
    for ch in range(1, 4):
        g.text(x0 + 2, y + 14, t(f"ch{ch}"), DIM, 14, True)
        y += 20
        first = (ch - 1) * 10 + 1
        lv = entries(p, first, first + 9)
        for k in range(len(lv)):  # the shared grid's own cell geometry, kept for hover
            cells.append(
                (first + k, x0 + (k % cols) * (cw + GAP), y + (k // cols) * (cell_h + GAP), cw, cell_h)
            )
        y = chrome.level_grid(
            g, THEME, lv, lambda e: e.title, x0, y, gw, cols=cols, cell_h=cell_h, marks=mk, current=current
        )
    ui.grid = cells
    shown = ui.hover if 1 <= ui.hover <= COUNT else p.last
    info(g, t, p, shown, y + 2)
    y += 88
    bw2 = min(220.0, (w - 40) / 2)
    button(g, THEME, "play", w / 2 - bw2 - 6, y, bw2, 40, saved or t("play"), size=16, bold=True)
    button(g, THEME, "endless", w / 2 + 6, y, bw2, 40, t("endless"), size=16)
    y += 62
    g.text(w / 2, y, t("best", n=p.endless_best), DIM, 13, align="center")
    y += 14
    bw3 = min(160.0, (w - 40) / 3)
    for k, bid in enumerate(("watch", "export", "import")):
        enabled = ui.has_replay or bid == "import"
        button(
            g, THEME, bid, w / 2 + (k - 1.5) * bw3 + (k - 1) * 6, y, bw3, 34, t(bid), size=13, enabled=enabled
        )
    y += 42
    if ui.has_keyboard():
        button(g, THEME, "keys", w / 2 - bw3 / 2, y, bw3, 34, t("keys"), size=13)
    else:
        note = str(t("keys_no_keyboard"))
        g.text(w / 2, y + 20, note, DIM, fit(g, note, w - 24, 12), align="center")


def info(g: Gfx, t: Tr, p: Progress, n: int, y: float) -> None:
    """Level ``n``'s name, its teach beat, and why it is open or how it opens (wrapped)."""
    w = g.width
    title = f"{n}. {title_for(t, n, level(n))}"
    if not unlocked(p, n):
        title += f" · {t('locked')}"
    g.text(w / 2, y + 12, title, INK, fit(g, title, w - 24, 16, True), True, align="center")
    beat = str(t(f"beat_lv{n:02d}"))
    g.text(w / 2, y + 30, beat, DIM, fit(g, beat, w - 24, 13), align="center")
    lines = g.wrap(unlock_line(t, p, n), w - 24, 12)
    nxt = frontier(p)
    if nxt and nxt != n:  # the rule for the level that opens next, whichever level is named
        lines += g.wrap(unlock_line(t, p, nxt), w - 24, 12)
    for k, line in enumerate(lines[:3]):
        g.text(w / 2, y + 48 + 14 * k, line, ACCENT, 12, align="center")


__all__ = ["draw", "entries", "frontier", "level_at", "level_number", "marks", "unlock_line"]
