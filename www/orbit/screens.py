"""Top bar and full-screen overlays: start menu, pass-the-device cover, game over, help, replay bar."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gwweb.shared import chrome
from gwweb.shared.canvas import Gfx
from gwweb.shared.chrome import BarButton

from engine.orbit.chrome import CHROME, result_lines

from .layout import Rect
from .model import SEAT_KINDS
from .orbitview import SHIP_COLORS
from .widgets import DIM, FG, GOOD, PANEL, PANEL2, THEME, button2, paragraph, swatch

if TYPE_CHECKING:
    from .host import OrbitHost


def top_bar(app: OrbitHost, g: Gfx, rect: Rect, status: str, status_color: str = FG) -> None:
    """The shared top bar (``gwweb.shared.chrome``): home, title, status, Orbit's commands."""
    tr, phone, ui = app.tr, app.ui.layout.phone, app.ui
    muted = app.shell.audio.muted
    over = app.has_game() and app.match.over()
    bar = [
        # on the menu itself Menu only leads back to a game that is still running
        BarButton(
            "menu",
            tr("menu"),
            "≡",
            enabled=ui.help.open or ui.mode != "menu" or (app.has_game() and not over),
        ),
        BarButton("undo", tr("undo"), "↶", enabled=app.can_undo()),
        BarButton("help", tr("help"), "?"),
        BarButton("lang", tr("lang")),
        BarButton("mute", tr("muted") if muted else tr("mute"), "×♪" if muted else "♪"),
    ]
    if (
        phone and app.has_game() and ui.mode == "play"
    ):  # the log and plan views differ only while a human plans
        tab = tr("log") if ui.tab == "plan" else tr("plan")
        bar.insert(
            2, BarButton("tab", tab, tab, enabled=app.planning() and not ui.help.open, active=ui.tab == "log")
        )
    chrome.top_bar(
        g,
        THEME,
        tr("title"),
        bar,
        phone=phone,
        status=status,
        status_color=status_color,
        home=chrome.shows_home(app.shell),
        x=rect.x,
        y=rect.y,
        w=rect.w,
        h=rect.h,
    )


def menu(app: OrbitHost, g: Gfx) -> None:
    """New game: presets, ship count, seats (each human or an AI level), difficulty, start/continue."""
    tr = app.tr
    w, h = g.width, g.height
    g.rect(0, 44, w, h - 44, PANEL)
    cw = min(520.0, w - 24)
    x = (w - cw) / 2
    y = 60.0 if h >= 600 else 50.0
    if app.ui.link_error and not app.ui.help.open:  # below the refused-link banner
        y = link_error_bottom(g, app.ui.link_error) + 6
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
    chrome.option_row(  # the ship count: the choices OrbitOptions allows (engine-declared)
        g,
        THEME,
        CHROME.field("players"),
        len(app.ui.seats),
        lambda _name, v: str(v),
        x,
        y,
        cw,
        32,
        prefixes={"players": "np"},
        caption=tr("players", n=len(app.ui.seats)),
        caption_w=cw - 156,
        caption_bold=True,
    )
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


def link_error_bottom(g: Gfx, why: str) -> float:
    """Where the refused-link banner ends (the menu starts below it, so it hides no button)."""
    lines = 2 if g.measure(why, 13) < 2 * (g.width - 96) else 3
    return 48.0 + 14 + lines * 18


def link_error(app: OrbitHost, g: Gfx, why: str) -> None:
    """Why a link was refused, under the top bar until closed (not a toast that fades)."""
    w = g.width
    x, y, bw = 8.0, 48.0, w - 16.0
    lines = 2 if g.measure(why, 13) < 2 * (bw - 80) else 3
    g.rect(x, y, bw, link_error_bottom(g, why) - y, "#5D1A1A")
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
    """The shared results card over the orbit view: the engine's result lines (the winner in its colour)."""
    tr = app.tr
    out = app.match.state.outcome
    if out is None:
        return
    lines = []
    for ln in result_lines(out):
        ship = ln.params.get("ship")
        if isinstance(ship, int):
            lines.append(chrome.CardLine(tr(ln.key, ship=app.ship_name(ship)), ln.tone, SHIP_COLORS[ship]))
        else:
            lines.append(chrome.CardLine(tr(ln.key), ln.tone))
    buttons = [
        chrome.CardButton("replay", tr("replay")),
        chrome.CardButton("newgame", tr("new_game")),
        chrome.CardButton("undo", tr("undo"), enabled=app.can_undo()),
        chrome.CardButton("menu", tr("menu")),
    ]
    chrome.results_card(g, THEME, tr("game_over"), lines, buttons, area=(rect.x, rect.y, rect.w, rect.h))


def help_screen(app: OrbitHost, g: Gfx) -> None:
    """The shared help overlay over Orbit's declared help pages."""
    chrome.help_overlay(g, THEME, app.tr, CHROME.help, app.ui.help, top=44.0)


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
