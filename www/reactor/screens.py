"""Level list, the top bar (the shared chrome's, with the way home) and the end-of-level box."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from gwweb.shared import chrome
from gwweb.shared.chrome.card_text import card_text_width

from engine.reactor.progress import Progress, best_pulses, campaign_fingerprint

from . import layout as layout_mod
from .egoals import level_text
from .model import campaign, level_title
from .stars import par, star_text, stars_for
from .strings import reason

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx

    from engine.reactor.state import ReactorState

    from .layout import Layout
    from .parts import PageView


THEME = chrome.Theme(  # the page's own colours for the shared chrome (buttons as ``Gfx.button`` draws them)
    fg="#FFE0B2",
    dim="#90A4AE",
    bar="#15202A",
    backdrop="rgba(12,20,28,0.97)",
    card="#0A1016",  # opaque: the phone results card lies over the panel text
    card_fg="#ECEFF1",
    accent="#FFD600",
    good="#FFD600",
    bad="#FF5252",
    focus="#00E5FF",
    button_bg="#1C2A35",
)


def draw_topbar(g: Gfx, app: PageView) -> None:
    """The shared top bar: home (the launcher; none inside a blog post), the title, the screen's
    buttons (the editor or the level list, undo and restart while playing, help, language, sound)."""
    t, ui, run = app.t, app.ui, app.run
    items = [("editor_top", t("editor")) if ui.screen == "menu" else ("levels", t("levels"))]
    if ui.screen == "play" and run is not None and run.key.startswith("test:"):
        items = [("backeditor", "← " + t("editor"))]
    if ui.screen == "play":  # the hotkey hint only where it fits at a readable size (not phones)
        items += [("undo", t("undo") + (" [Z]" if g.width >= 600 else "")), ("restart", t("restart"))]
    items += [
        ("help", "?"),
        ("lang", t("lang")),
        ("mute", t("unmute") if app.shell.audio.muted else t("mute")),
    ]
    home = chrome.shows_home(app.shell)
    n = len(items)
    room = g.width - 16 - 6 * (n - 1) - (46 if home else 0)
    bw = min(120.0, room / n)
    phone = g.width - n * (bw + 4) < 300  # no room for the title
    buttons = [chrome.BarButton(bid, label) for bid, label in items]
    chrome.top_bar(g, THEME, t("title"), buttons, phone=phone, home=home, bw=bw, h=layout_mod.TOP)


def draw_end(g: Gfx, app: PageView, lay: Layout, st: ReactorState) -> None:
    """The end box, the shared chrome's results card: won (stars against the level's par when it
    has one, the best pulses; next level / levels) or lost (why; undo / restart). It sits in the
    board half away from the robot (on a phone's flat board: just below it, over the panel)."""
    won = st.outcome is not None and st.outcome.result == "won"
    key = app.run.key if app.run is not None else ""
    p = (par(key) or app.custom.pars.get(key.partition(":")[2])) if won else None
    counted = app.run.star_pulses() if app.run is not None else st.pulse
    stars = stars_for(counted, p, bool(app.run is not None and app.run.hinted))
    bx0, by0, board_w, board_h = lay.board_rect
    card_w = min(400.0, board_w - 10)  # wide enough for the pulses/par/best line on a desktop
    lines: list[chrome.CardLine] = []
    if stars is not None and p is not None:
        lines.append(chrome.CardLine(star_text(stars), "score", "#FFD600"))
        lines += [chrome.CardLine(s) for s in score_lines(g, app, key, counted, p, card_w, board_w)]
    elif not won and st.outcome is not None:
        lines.append(chrome.CardLine(reason(app.shell.i18n.lang, st.outcome.reason), "bad"))
    if won:
        buttons = [chrome.CardButton("next", app.t("next"), bold=True)] if app.next_level() else []
        buttons.append(chrome.CardButton("levels", app.t("levels")))
    else:
        buttons = [chrome.CardButton("undo", app.t("undo")), chrome.CardButton("restart", app.t("restart"))]
    body = 26 + 19 * (len(lines) - 1) if stars is not None else 28 * len(lines)
    bh = 44 + 14 + 40 + 10 + body  # the card's height
    ry = lay.oy + (st.robot // st.grid.width + 0.5) * lay.cell
    top = ry >= by0 + board_h / 2  # keep the robot's cell visible: the box goes to the other half
    y = by0 + (lay.cell * 0.6 if top else board_h - bh - lay.cell * 0.6)
    y = max(by0, min(y, by0 + board_h - bh))
    if not lay.wide and board_h < bh + 2 * lay.cell:  # a flat board on a phone: the box goes just
        y = lay.py - 4  # below it, over the panel's title (the level is over), and the board stays seen
    title = app.t("won_toast") if won else app.t("state_Lost")
    chrome.results_card(
        g,
        THEME,
        title,
        lines,
        buttons,
        area=(bx0, y - 8, board_w, bh + 16),
        cols=len(buttons),
        width=card_w,
        title_color="#FFD600" if won else "#FF5252",
    )


def score_lines(
    g: Gfx, app: PageView, key: str, counted: int, p: int, card_w: float, area_w: float
) -> list[str]:
    """The won card's pulses/par line and today's best: one line where it fits the card, else the
    best on its own line (a phone's card is ~330 px of text, so the chrome would wrap the joined line
    mid-phrase)."""
    line = app.t("par_line", n=counted, par=p)
    pulses = todays_best(app.progress, key)
    if pulses is None:
        return [line]
    best = app.t("best_line", n=pulses)
    room = card_text_width(THEME, card_w, area_w)  # where the chrome's card wraps a body line
    joined = line + " · " + best
    return [joined] if g.measure(joined, 14) <= room else [line, best]


def draw_ask(g: Gfx, app: PageView) -> None:
    """Modal question before a level from the list replaces the game in progress: only its two
    buttons answer (Enter = open the new level, Esc = keep the game)."""
    t, play, key = app.t, app.run, app.ui.ask or ""
    g.regions.clear()
    g.rect(0, 0, g.width, g.height, "rgba(0,0,0,0.55)")
    w = min(440.0, g.width - 24)
    old = level_title(play.key, app.custom)[0] if play is not None else ""
    moves = len(play.session.moves) if play is not None else 0
    text = t("ask_replace", new=level_title(key, app.custom)[0], old=old, n=moves)
    lines = g.wrap(text, w - 28, 14)
    h = 70 + 20 * len(lines) + 44
    x, y = (g.width - w) / 2, max(50.0, (g.height - h) / 2)
    g.rect(x, y, w, h, "#141E27")
    g.frame(x, y, w, h, "#FFCA28", 2)
    title = t("ask_title")
    g.text(x + 14, y + 28, title, "#FFCA28", g.fit_text(title, w - 28, 17, True, 11), True)
    for k, ln in enumerate(lines):
        g.text(x + 14, y + 56 + 20 * k, ln, "#ECEFF1", 14)
    by, bw = y + h - 50, (w - 42) / 2
    yes, no = t("ask_yes"), t("ask_no")
    g.button("ask:yes", x + 14, by, bw, 36, yes, size=g.fit_text(yes, bw - 10, 13, True, 9), bg="#7F1D1D")
    g.button("ask:no", x + 28 + bw, by, bw, 36, no, size=g.fit_text(no, bw - 10, 13, True, 9), bg="#1C2A35")


@cache
def _fingerprint(key: str) -> str | None:
    return campaign_fingerprint(key)


def todays_best(progress: Progress, key: str) -> int | None:
    """The best pulses of level ``key`` on today's map (a custom level's: whatever was stored)."""
    return best_pulses(progress, key, _fingerprint(key))


def menu_columns(width: float) -> int:
    """Two columns of level cards on wide screens, one on phones."""
    return 2 if width >= 860 else 1


def draw_menu(g: Gfx, app: PageView) -> None:
    """Level list: cards in one or two columns, scrolled by wheel/drag/keys when taller than the screen."""
    t = app.t
    cols = menu_columns(g.width)
    w = min(1100.0 if cols == 2 else 560.0, g.width - 24)
    cw = (w - 12 * (cols - 1)) / cols
    max_lines = 3 if cols == 2 else 4  # whole goal texts (Russian ones run longer)
    x0 = (g.width - w) / 2
    top = layout_mod.TOP + 20
    lang = app.shell.i18n.lang
    sig = (g.width, lang, tuple((k, id(v)) for k, v in app.custom.levels.items()))
    cached = app.ui.menu_cache
    if cached is None or cached[0] != sig:  # level texts and card layout: once per size/language
        cached = app.ui.menu_cache = (sig, *_menu_cards(g, app, lang, x0, top, cw, cols, max_lines))
    cards, y = cached[1], cached[2]
    content_bottom = y + 56 + 16 * len(app.shell.notices[-3:])
    max_scroll = max(0.0, content_bottom - g.height + 12)
    app.ui.menu_scroll = min(max(0.0, app.ui.menu_scroll), max_scroll)
    app.ui.menu_max_scroll = max_scroll
    dy = -app.ui.menu_scroll
    clip = top + 30
    for key, title, lines, num, cx, cy, h in cards:
        cy += dy
        if cy + h < clip or cy > g.height:
            continue
        if not key:
            g.text(cx, cy + 18, title, "#90A4AE", 15, True)
            continue
        if cy < clip:
            continue  # partly under the header: not clickable
        done = key in app.progress.completed
        g.button(f"level:{key}", cx, cy, cw, h, "", bg="#18242E")
        g.text(cx + 12, cy + 22, f"{num}. {title}", "#ECEFF1", 16, True)
        tag_x = cx + cw - 12
        if done:
            best = app.progress.stars.get(key)
            tag = star_text(best) if best else "✓ " + t("done")
            g.text(tag_x, cy + 22, tag, "#FFD600" if best else "#69F0AE", 14, True, "right")
            tag_x -= g.measure(tag, 14, True) + 12
            pulses = todays_best(app.progress, key)
            if pulses is not None:  # the fewest pulses it was won in (on today's map)
                tag = t("best_tag", n=pulses)
                g.text(tag_x, cy + 22, tag, "#90A4AE", 12, False, "right")
                tag_x -= g.measure(tag, 12) + 12
        diff = _difficulty(app, key)
        if diff != "normal":
            g.text(
                tag_x,
                cy + 22,
                t("diff_" + diff),
                "#FFAB40" if diff == "hard" else "#81D4FA",
                13,
                True,
                "right",
            )
        for k, line in enumerate(lines):
            g.text(cx + 12, cy + 42 + 14 * k, line, "#90A4AE", 12)
    y += dy
    if y + 6 >= clip:
        g.button("editor", x0, y + 6, w, 40, t("editor"), bg="#263238")
    y += 56
    for notice in app.shell.notices[-3:]:
        for line in g.wrap(notice, w, 12):
            g.text(x0, y + 12, line, "#FFCC80", 12)
            y += 16
    # header last, above scrolled cards
    g.rect(0, top - 6, g.width, 40, "#0B1218")
    right = x0 + w
    if max_scroll > 0:
        g.button("menu_down", right - 36, top - 4, 36, 30, "▼", bg="#1C2A35")
        g.button("menu_up", right - 78, top - 4, 36, 30, "▲", bg="#1C2A35")
        right -= 86
    if app.run is not None:
        bw = min(140.0, g.measure(t("back"), 14) + 24)
        g.button("resume", right - bw, top - 4, bw, 30, t("back"), bg="#1C2A35")
        right -= bw + 8
    title = t("choose_level")  # the heading never runs under the buttons (phones, Russian)
    g.text(x0, top + 16, title, "#FFE082", g.fit_text(title, right - x0 - 4, 20, True, 11), True)


Card = tuple[str, str, list[str], int, float, float, float]  # key, title, goal lines, number, x, y, h


def _menu_cards(
    g: Gfx, app: PageView, lang: str, x0: float, top: float, cw: float, cols: int, max_lines: int
) -> tuple[list[Card], float]:
    """The level cards laid out (unscrolled) and the y below the last one."""
    keys = campaign()
    rows = [(k, *level_text(k, app.custom, lang)) for k in keys]
    if app.custom.levels:
        rows.append(("", app.t("custom"), ""))
        rows += [
            ("custom:" + k, *level_text("custom:" + k, app.custom, lang)) for k in sorted(app.custom.levels)
        ]
    cards: list[Card] = []
    y = top + 34
    col = 0
    row_h = 0.0
    n = 0
    for key, title, desc in rows:
        if not key:
            if col:
                y += row_h + 8
                col, row_h = 0, 0.0
            cards.append(("", title, [], 0, x0, y, 28))
            y += 28
            continue
        n += 1
        lines = g.wrap(desc, cw - 24, 12)[:max_lines] if desc else []
        h = 54 + 14 * (max(1, len(lines)) - 1)
        cards.append((key, title, lines, n, x0 + col * (cw + 12), y, h))
        row_h = max(row_h, h)
        col += 1
        if col == cols:
            y += row_h + 8
            col, row_h = 0, 0.0
    if col:
        y += row_h + 8
    return cards, y


def _difficulty(app: PageView, key: str) -> str:
    """A custom level's difficulty, shown on its card when not normal (campaign levels are normal)."""
    kind, _, name = key.partition(":")
    if kind != "custom":
        return "normal"
    return str((app.custom.levels.get(name) or {}).get("meta", {}).get("difficulty", "normal"))
