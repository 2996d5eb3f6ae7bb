"""Top bar and full-screen overlays: start menu, pass-the-device cover, game over, help, replay bar."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gwweb.shared.canvas import Gfx

from .layout import Rect
from .model import SEAT_KINDS
from .orbitview import SHIP_COLORS
from .widgets import BAD, DIM, FG, GOOD, PANEL, PANEL2, button2, paragraph, swatch

if TYPE_CHECKING:
    from .host import OrbitHost

BACKDROP = "#1A110E"


def top_bar(app: OrbitHost, g: Gfx, rect: Rect, status: str, status_color: str = FG) -> None:
    tr, phone = app.tr, app.ui.layout.phone
    g.rect(rect.x, rect.y, rect.w, rect.h, "#2B1B17")
    bw = 40.0 if phone else 64.0
    gap = 4.0
    ids = [
        ("menu", "≡" if phone else tr("menu")),
        ("undo", "↶" if phone else tr("undo")),
        ("help", "?" if phone else tr("help")),
        ("lang", tr("lang")),
        (
            "mute",
            ("♪" if not app.shell.audio.muted else "×♪")
            if phone
            else (tr("mute") if not app.shell.audio.muted else tr("muted")),
        ),
    ]
    if phone and app.has_game() and app.ui.mode == "play":
        ids.insert(2, ("tab", tr("log") if app.ui.tab == "plan" else tr("plan")))
    x = rect.right - 6 - len(ids) * (bw + gap) + gap
    right_start = x
    for bid, label in ids:
        enabled = bid != "undo" or app.can_undo()
        if bid == "menu":  # on the menu itself it only leads back to a game that is still running
            enabled = app.ui.help_open or app.ui.mode != "menu" or (app.has_game() and not app.match.over())
        elif bid == "tab":  # the log and plan views differ only while a human plans
            enabled = app.planning() and not app.ui.help_open
        g.button(
            bid,
            x,
            rect.y + 6,
            bw,
            rect.h - 12,
            label,
            size=13,
            enabled=enabled,
            active=(bid == "tab" and app.ui.tab == "log"),
        )
        x += bw + gap
    left = 10.0
    if not phone:
        g.text(left, rect.cy + 1, tr("title"), FG, 17, bold=True, baseline="middle")
        left += g.measure(tr("title"), 17, True) + 16
    avail = right_start - left - 8
    if status and avail > 30:
        g.text(
            left,
            rect.cy + 1,
            status,
            status_color,
            g.fit_text(status, avail, 14, True),
            bold=True,
            baseline="middle",
        )


def menu(app: OrbitHost, g: Gfx) -> None:
    """New game: presets, ship count, seats (each human or an AI level), difficulty, start/continue."""
    tr = app.tr
    w, h = g.width, g.height
    g.rect(0, 44, w, h - 44, PANEL)
    cw = min(520.0, w - 24)
    x = (w - cw) / 2
    y = 60.0 if h >= 600 else 50.0
    g.text(w / 2, y + 14, tr("new_game"), FG, 22, bold=True, align="center", baseline="middle")
    y += 40
    pw = (cw - 12) / 4
    presets = [
        ("hotseat", tr("preset_hotseat")),
        ("ai", tr("preset_ai")),
        ("demo", tr("preset_demo")),
        ("link", tr("preset_link")),
    ]
    for k, (pid, label) in enumerate(presets):
        fs = g.fit_text(label, pw - 8, 14)
        g.button(f"preset:{pid}", x + k * (pw + 4), y, pw, 44, label, size=fs, active=app.ui.preset == pid)
    y += 58
    g.text(x, y + 16, tr("players", n=len(app.ui.seats)), FG, 15, bold=True, baseline="middle")
    for k, n in enumerate((2, 3, 4)):
        g.button(f"np:{n}", x + cw - (3 - k) * 52, y, 48, 32, str(n), size=15, active=len(app.ui.seats) == n)
    y += 44
    short = h < 600  # a phone on its side: seats in two columns
    sx0, scw = x, cw
    if short:
        cw = (scw - 6) / 2
    for i, kind in enumerate(app.ui.seats):
        if short:
            x = sx0 + (i % 2) * (cw + 6)
        g.rect(x, y, cw, 38, PANEL2)
        swatch(g, x + 16, y + 19, i, 8)
        name = tr("seat", n=i + 1)
        fs = g.fit_text(name, cw * 0.45 - 36, 15, True)  # never under the seat button (short screens)
        g.text(x + 32, y + 19, name, SHIP_COLORS[i], fs, bold=True, baseline="middle")
        g.button(
            f"seat:{i}",
            x + cw * 0.45,
            y + 3,
            cw * 0.55 - 4,
            32,
            tr(f"kind_{kind}"),
            size=14,
            active=kind == "human",
        )
        if not short or i % 2 == 1 or i == len(app.ui.seats) - 1:
            y += 42
    x, cw = sx0, scw
    y += 4
    g.button("diff", x, y, cw, 36, tr("difficulty", level=tr(f"level_{app.ui.difficulty}")), size=14)
    y += 44
    if not short:
        y = paragraph(g, x, y, cw, tr("menu_hint"), DIM, 12) + 8
    has_game = app.has_game() and not app.match.over()
    sw = (cw - 6) / 2 if has_game else cw
    sh = 48 if not short else 40
    button2(g, "start", x, y, sw, sh, tr("start"), "", size=17, color=GOOD)
    if has_game:
        g.button("continue", x + sw + 6, y, sw, sh, tr("continue"), size=17)
    y += sh + 8
    if app.link.has_stored():  # the link game waits on this device while another game is on screen
        label = tr("continue_link")
        g.button("continue:link", x, y, cw, 40, label, size=g.fit_text(label, cw - 12, 15))
        y += 48
    y += 4
    if not app.ui.layout.phone and y + 20 < h:
        paragraph(g, x, y, cw, tr("keys"), DIM, 11)


def link_error(app: OrbitHost, g: Gfx, why: str) -> None:
    """Why a link was refused, under the top bar until closed (not a toast that fades)."""
    w = g.width
    x, y, bw = 8.0, 48.0, w - 16.0
    lines = 2 if g.measure(why, 13) < 2 * (bw - 80) else 3
    g.rect(x, y, bw, 14 + lines * 18, "#5D1A1A")
    paragraph(g, x + 10, y + 8, bw - 64, why, "#FFFFFF", 13, max_lines=lines)
    g.button("linkerr", x + bw - 48, y + 4, 44, 40, "✕", size=16)


def cover(app: OrbitHost, g: Gfx, ship: int) -> None:
    """Pass-the-device screen: hides the board until the next player taps."""
    tr = app.tr
    w, h = g.width, g.height
    g.rect(0, 44, w, h - 44, "#1A110E")
    g.button("cover", 0, 44, w, h - 44, "", fg="rgba(0,0,0,0)")
    swatch(g, w / 2, h * 0.34, ship, 18)
    g.text(w / 2, h * 0.34 + 44, tr("cover_title"), FG, 24, bold=True, align="center", baseline="middle")
    body = tr("cover_body", ship=app.ship_name(ship))
    g.text(
        w / 2,
        h * 0.34 + 80,
        body,
        SHIP_COLORS[ship],
        g.fit_text(body, w - 30, 17),
        align="center",
        baseline="middle",
    )
    g.text(w / 2, h * 0.34 + 116, tr("cover_tap"), DIM, 14, align="center", baseline="middle")


def game_over(app: OrbitHost, g: Gfx, rect: Rect) -> None:
    tr = app.tr
    out = app.match.state.outcome
    if out is None:
        return
    cw, ch = min(380.0, rect.w - 24), 196.0
    x, y = rect.cx - cw / 2, rect.cy - ch / 2
    g.rect(x, y, cw, ch, "rgba(43,27,23,0.94)")
    g.frame(x + 0.5, y + 0.5, cw - 1, ch - 1, FG, 1.5)
    g.text(rect.cx, y + 26, tr("game_over"), FG, 20, bold=True, align="center", baseline="middle")
    if out.winner is not None:
        head = tr("win", ship=app.ship_name(out.winner))
        color = SHIP_COLORS[out.winner]
        sub = tr(f"term_{out.termination.value}")
    else:
        head, color, sub = tr("draw"), BAD, tr(f"term_{out.termination.value}")
    g.text(
        rect.cx,
        y + 60,
        head,
        color,
        g.fit_text(head, cw - 20, 19, True),
        bold=True,
        align="center",
        baseline="middle",
    )
    g.text(rect.cx, y + 88, sub, DIM, g.fit_text(sub, cw - 20, 14), align="center", baseline="middle")
    bw = (cw - 30) / 2
    g.button("replay", x + 10, y + 112, bw, 34, tr("replay"), size=14)
    g.button("newgame", x + 20 + bw, y + 112, bw, 34, tr("new_game"), size=14)
    g.button("undo", x + 10, y + 152, bw, 34, tr("undo"), size=14, enabled=app.can_undo())
    g.button("menu", x + 20 + bw, y + 152, bw, 34, tr("menu"), size=14)


def help_screen(app: OrbitHost, g: Gfx) -> None:
    tr = app.tr
    w, h = g.width, g.height
    g.rect(0, 44, w, h - 44, BACKDROP)
    cw = min(620.0, w - 24)
    x = (w - cw) / 2
    pages = int(tr("help_pages"))
    page = app.ui.help_page % pages
    title, _, body = app.help_text(page).partition("\n")
    y = 66.0
    g.text(x, y, f"{title}  ({page + 1}/{pages})", FG, 20, bold=True, baseline="top")
    y += 36
    size = 15 if w > 500 else 14
    paragraph(g, x, y, cw, body, FG, size, size * 1.45)
    by = h - 60
    bw = (cw - 12) / 3
    g.button("help:prev", x, by, bw, 42, "◀ " + tr("prev"), size=15)
    g.button("help:close", x + bw + 6, by, bw, 42, tr("close"), size=15)
    g.button("help:next", x + 2 * (bw + 6), by, bw, 42, tr("next") + " ▶", size=15)


def replay_bar(app: OrbitHost, g: Gfx, rect: Rect) -> None:
    tr = app.tr
    g.rect(rect.x, rect.y, rect.w, rect.h, PANEL)
    total = len(app.match.turns)
    title = tr("replay_title", n=app.ui.replay_i, total=total)
    g.text(rect.x + 10, rect.y + 18, title, FG, 15, bold=True, baseline="middle")
    bw = (rect.w - 20 - 18) / 4
    y = rect.y + 36
    x = rect.x + 10
    for k, (bid, label) in enumerate(
        (
            ("rp:prev", "◀"),
            ("rp:play", tr("pause") if app.ui.replay_play else tr("play")),
            ("rp:next", "▶"),
            ("rp:close", tr("close")),
        )
    ):
        g.button(bid, x + k * (bw + 6), y, bw, 36, label, size=15)


__all__ = ["SEAT_KINDS", "cover", "game_over", "help_screen", "menu", "replay_bar", "top_bar"]
