"""One frame of the Ternar page: board (resting layer, swell, route line, animation), HUD, overlays."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from gwweb.shared.chrome import BAR_H
from gwweb.shared.chrome.home import shows_home

from engine.ternar.display import links_level
from engine.ternar.rules import link_count

from . import hud
from .effects import draw_moment, draw_salute
from .frame_cache import Panel
from .layout import Layout, Rect, compute
from .render import background
from .view import fmt_mult, fmt_score, fmt_value, preview

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx

    from .page import TernarPage


EMBED_PILL = 40.0  # px: the shell's embed pill (13 px text + 14) and its 8 px margin, with room to spare


def _board(app: TernarPage, g: Gfx, lay: Layout, t_now: float, dt: float) -> None:
    st = app.state
    p = app.painter
    ui = app.ui
    fx = app.fx
    tl = app.move_anim
    ms = app.anim_ms()
    if tl is not None and ms is not None:
        hit = tl.at(ms)
        if hit is not None:
            step, prog = hit
            p.step_frame(g, step, prog, ms - step.start)
            fx.vibrating = False
            return
    p.resting(g, st.values, st.ghosts)
    active = app.active()
    fx.lerp_scales(active, dt)
    gs = set(st.ghosts)
    route = ui.route
    on_route = set(route)
    p.route_nodes(g, route, st.values, st.ghosts, active)
    # nodes still shrinking back from 1.2x, then the active one on top (it overlaps its neighbours)
    order = [n for n, s in fx.scales.items() if n != active and s > 1.004]
    if active is not None:
        order.append(active)
    for n in order:
        v = st.values[n]
        if not v:
            continue
        glow = 1.0 if n == active else 0.45 if n in on_route else 0.0
        p.node(g, lay.cx[n], lay.cy[n], v, scale=fx.scales.get(n, 1.0), ghost=n in gs, glow=glow)
    if fx.tint is not None:
        nid, until = fx.tint
        if t_now >= until:
            fx.tint = None
        else:
            p.tinted(g, nid, st.values[nid])
    fx.vibrating = p.route_line(g, route, glow_ok=st.stage() >= 2, t_sec=t_now / 1000.0)
    pv = preview(st.values, route)
    if pv is not None:
        last = route[-1]
        r = lay.cell * 0.3
        y = lay.cy[last] - lay.cell * 0.98
        if y - r < lay.board.y - lay.cell * 0.2:
            y = lay.cy[last] + lay.cell * 0.98
        _badge(app, g, lay.cx[last], y, r, pv.result)
    if ui.show_cursor:
        p.cursor(g, ui.cursor.nid)  # the keyboard focus on the board (steady)
    tut = app.tutorial
    if tut is not None and tut.step == 0 and not route and st.outcome is None and ui.dialog is None:
        from . import tutorial

        hint = tut.route_hint(st.values, st)
        tutorial.draw_route_hint(app, g, hint, t_now / 1000.0, tut.motion(t_now))


def _info(app: TernarPage, g: Gfx, lay: Layout) -> None:
    t = app.t
    st = app.state
    ui = app.ui
    pv = preview(st.values, ui.route)
    if app.replay is not None:  # a replay of the best game (issue #30): say so, and how to leave
        n = len(app.replay.moves)
        hud.info_line(g, lay, t("replay_on", i=app.replay.done, n=n), t("replay_sub"), strong=True)
    elif pv is not None:
        sub = t("superchain") if pv.superchain else ""
        if pv.bonus:
            sub = f"{sub}  {t('bonus')}".strip()
        text = t(
            "preview", value=fmt_value(pv.result), points=fmt_score(pv.points), mult=fmt_mult(pv.mult_tenths)
        )
        hud.info_line(g, lay, text, sub, strong=True)
    elif len(ui.route) == 1:
        hud.info_line(g, lay, t("preview_one"))
    elif app.tutorial is not None and app.tutorial.step == 0 and st.outcome is None:
        hud.info_line(g, lay, t("tut_route"), strong=True)
    elif st.outcome is None and links_level(links := link_count(st.values)) != "ok":
        hud.info_line(g, lay, t("links_" + links_level(links), n=links), t("links_sub"), strong=True)
    elif ui.show_cursor and st.outcome is None:  # a key was pressed: say how the keys work
        hud.info_line(g, lay, t("hint_keys"))
    elif st.outcome is None and st.turns < 2:
        hud.info_line(g, lay, t("hint_start"))
    elif st.outcome is None and st.turns < 5:
        hud.info_line(g, lay, t("hint_more"))
    elif ui.show_cursor or (lay.wide and not ui.touch):
        hud.info_line(g, lay, t("hint_keys"))
    elif st.outcome is None:
        hud.info_line(g, lay, t("links", n=link_count(st.values)))


def _badge(app: TernarPage, g: Gfx, x: float, y: float, r: float, value: int) -> None:
    """The would-be result as a small hex near the finger; drawn once per value into a tiny layer."""
    c = app.frames.badge
    if c is None or c[0] != (value, r):
        lg = g.layer(2 * r + 4, 2 * r + 4)
        lg.begin_frame()
        hud.mini_hex(lg, r + 2, r + 2, r, value)
        c = app.frames.badge = ((value, r), lg)
    g.blit(c[1], x - r - 2, y - r - 2)


def _cached(
    app: TernarPage, g: Gfx, name: str, rect: Rect, key: Hashable, paint: Callable[[Gfx], None]
) -> None:
    """Draw a rarely changing panel into its own layer; blit it and re-register its buttons each frame."""
    c = app.frames.panels.get(name)
    if c is None or c.rect != rect:
        c = app.frames.panels[name] = Panel(rect, g.layer(rect.w + 2, rect.h + 2))
    lg = c.layer
    if c.key != key:
        lg.begin_frame()
        lg.clear_rect(0, 0, lg.width, lg.height)
        lg.translate(1 - rect.x, 1 - rect.y)
        lg.line_join("round")
        paint(lg)
        c.regions = list(lg.regions)
        c.key = key
    g.blit(lg, rect.x - 1, rect.y - 1)
    g.regions.extend(c.regions)


def draw_frame(app: TernarPage, g: Gfx, t_now: float) -> None:
    """The whole frame at page time ``t_now`` (ms)."""
    fc = app.frames
    dt = t_now - fc.last_frame
    fc.last_frame = t_now
    lay = fc.lay
    if lay is None or lay.width != g.width or lay.height != g.height:
        # an embed keeps its bottom strip free for the shell's "Click or Tab to play" pill (issue #30)
        bottom = EMBED_PILL if getattr(app.shell, "embed", False) else 0.0
        lay = fc.lay = app.ui.lay = compute(g.width, g.height, top=BAR_H, bottom=bottom)
        app.painter.resize(g, lay)
        fc.panels.clear()
        fc.badge = None
    t = app.t
    ui = app.ui
    g.line_join("round")
    background(g)
    _board(app, g, lay, t_now, dt)
    st = app.state
    mode = st.options.mode
    bv = app.best
    best = bv.best
    storm = None
    if mode == "storm":
        storm = ("↓" if st.gravity == "down" else "↑", st.turns_to_inversion)
    window = st.window if mode != "zen" else (3, 9, 27)
    lang = app.shell.i18n.lang
    _cached(
        app,
        g,
        "hud",
        lay.hud,
        (lang, st.score, best, st.turns, mode, window, storm),
        lambda lg: hud.hud(
            lg, lay, t, score=st.score, best=best, turn=st.turns, mode=mode, window=window, storm=storm
        ),
    )
    replaying = app.replay.done if app.replay is not None else -1
    info_key = (lang, ui.route, st.values, st.turns, st.outcome is None, ui.show_cursor, ui.touch, replaying)
    _cached(app, g, "info", lay.info, info_key, lambda lg: _info(app, lg, lay))
    sh = app.shell
    locked = app.move_anim is not None
    undo_ok = st.can_undo and not locked
    muted = bool(sh.audio.muted)
    home = shows_home(sh)
    _cached(
        app,
        g,
        "top",
        lay.top,
        (lang, muted, home),
        lambda lg: hud.top(lg, lay, t, muted=muted, lang_label=t("lang"), home=home),
    )
    _cached(
        app,
        g,
        "bar",
        lay.bar,
        (lang, st.undo_counter, undo_ok),
        lambda lg: hud.bar(lg, lay, t, counter=st.undo_counter, undo_ok=undo_ok),
    )
    if ui.dialog == "new":
        from .dialogs import new_game_dialog
        from .links import today_utc
        from .replay import has_best

        ui.dialog_rect = new_game_dialog(
            g,
            t,
            mode=ui.dialog_mode,
            in_progress=st.outcome is None and st.turns > 0,
            focus=ui.keyboard,
            replay=has_best(app.shell.storage, ui.dialog_mode),
            today=today_utc(),
            daily_focus=ui.dialog_daily,
        )
    elif st.outcome is not None and not locked and app.replay is None:
        from .dialogs import game_over
        from .replay import has_best

        replay = has_best(app.shell.storage, st.options.mode)
        game_over(g, t, st, new_best=bv.new_best, focus=ui.keyboard, replay=replay)
    elif app.tutorial_card():
        from . import tutorial

        tutorial.draw_card(app, g, t_now / 1000.0)
    draw_salute(app.fx, g, lay, t_now)
    draw_moment(app.fx, g, lay, t_now)
    # notices (storage problems: stay until closed) and short toasts
    y = lay.board.y + 6 if not lay.wide and ui.dialog is None else lay.top.h + 8  # above the New game card
    pending = sh.notices[app.dismissed :]
    if pending:
        y = hud.toast(g, lay, pending[-1], 1.0, y, closable=True)
    for text, alpha in sh.toasts.visible():
        y = hud.toast(g, lay, text, alpha, y)
