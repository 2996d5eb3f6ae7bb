"""One frame of the Ternar page: board (resting layer, swell, route line, animation), HUD, overlays."""

from __future__ import annotations

import math
from typing import Any

import js  # type: ignore[import-not-found]

from engine.ternar import display

from . import hud, tutorial
from .layout import compute
from .render import background
from .view import RING, fmt_mult, fmt_score, fmt_value, preview

FRAME_MS = 1000.0 / 60.0


def _lerp_scales(app: Any, dt: float) -> None:
    """1.6: scale += (target - scale) * k, k = 0.15 per 60 Hz frame (frame-rate independent)."""
    k = 1.0 - (1.0 - display.LERP_K) ** (min(dt, 100.0) / FRAME_MS)
    active = app._active()
    if active is not None and active not in app.scales:
        app.scales[active] = 1.0
    for n in list(app.scales):
        s = app.scales[n]
        target = app._target(n)
        s += (target - s) * k
        if target == 1.0 and abs(s - 1.0) < 0.004:
            del app.scales[n]
        else:
            app.scales[n] = s


def _board(app: Any, g: Any, t_now: float, dt: float) -> None:
    lay = app.lay
    st = app.state
    p = app.painter
    tl = app.timeline
    if tl is not None:
        hit = tl.at(t_now - app.anim_t0) if tl.consistent else None
        if hit is None:
            if not tl.consistent:
                js.console.warn("ternar: turn events did not reproduce the new state; animation skipped")
            app.timeline = None
            if app.pending_undo:
                app.pending_undo = False
                app.undo()
            st = app.state
        else:
            step, prog = hit
            p.step_frame(g, step, prog, t_now - app.anim_t0 - step.start)
            app.vibrating = False
            return
    p.resting(g, st.values, st.ghosts)
    _lerp_scales(app, dt)
    gs = set(st.ghosts)
    active = app._active()
    route = app.route
    on_route = set(route)
    p.route_nodes(g, route, st.values, st.ghosts, active)
    # nodes still shrinking back from 1.2x, then the active one on top (it overlaps its neighbours)
    order = [n for n, s in app.scales.items() if n != active and s > 1.004]
    if active is not None:
        order.append(active)
    for n in order:
        v = st.values[n]
        if not v:
            continue
        glow = 1.0 if n == active else 0.45 if n in on_route else 0.0
        p.node(g, lay.cx[n], lay.cy[n], v, scale=app.scales.get(n, 1.0), ghost=n in gs, glow=glow)
    if app.tint is not None:
        nid, until = app.tint
        if t_now >= until:
            app.tint = None
        else:
            p.tinted(g, nid, st.values[nid])
    app.vibrating = p.route_line(g, route, glow_ok=st.stage() >= 2, t_sec=t_now / 1000.0)
    pv = preview(st.values, route)
    if pv is not None:
        last = route[-1]
        r = lay.cell * 0.3
        y = lay.cy[last] - lay.cell * 0.98
        if y - r < lay.board.y - lay.cell * 0.2:
            y = lay.cy[last] + lay.cell * 0.98
        _badge(app, g, lay.cx[last], y, r, pv.result)
    if app.show_cursor and app.timeline is None:
        p.cursor(g, app.cursor.nid, t_now / 1000.0)
    tut = app.tutorial
    if tut is not None and tut.step == 0 and not route and st.outcome is None and app.dialog is None:
        tutorial.draw_route_hint(app, g, tut.route_hint(st.values, st), t_now / 1000.0)


def _info(app: Any, g: Any) -> None:
    t = app.t
    st = app.state
    pv = preview(st.values, app.route)
    if pv is not None:
        sub = t("superchain") if pv.superchain else ""
        if pv.bonus:
            sub = f"{sub}  {t('bonus')}".strip()
        text = t(
            "preview", value=fmt_value(pv.result), points=fmt_score(pv.points), mult=fmt_mult(pv.mult_tenths)
        )
        hud.info_line(g, app.lay, text, sub, strong=True)
    elif len(app.route) == 1:
        hud.info_line(g, app.lay, t("preview_one"))
    elif app.tutorial is not None and app.tutorial.step == 0 and st.outcome is None:
        hud.info_line(g, app.lay, t("tut_route"), strong=True)
    elif app.show_cursor and st.outcome is None:  # a key was pressed: say how the keys work
        hud.info_line(g, app.lay, t("hint_keys"))
    elif st.outcome is None and st.turns < 2:
        hud.info_line(g, app.lay, t("hint_start"))
    elif st.outcome is None and st.turns < 5:
        hud.info_line(g, app.lay, t("hint_more"))
    elif app.show_cursor or (app.lay.wide and not app.touch):
        hud.info_line(g, app.lay, t("hint_keys"))


def _badge(app: Any, g: Any, x: float, y: float, r: float, value: int) -> None:
    """The would-be result as a small hex near the finger; drawn once per value into a tiny layer."""
    c = app.ui_cache.get("badge")
    if c is None or c[0] != (value, r):
        lg = g.layer(2 * r + 4, 2 * r + 4)
        lg.begin_frame()
        hud.mini_hex(lg, r + 2, r + 2, r, value)
        c = app.ui_cache["badge"] = ((value, r), lg)
    g.blit(c[1], x - r - 2, y - r - 2)


def _salute(app: Any, g: Any, t_now: float) -> None:
    """17.8 Soft Win: a burst of the six ring colours around the first singularity."""
    nid, until = app.salute
    left = until - t_now
    if left <= 0 or app.lay is None:
        app.salute = None
        return
    q = 1.0 - left / app.SALUTE_MS
    lay = app.lay
    x0, y0 = lay.cx[nid], lay.cy[nid]
    g.alpha(max(0.0, 1.0 - q))
    for i in range(30):
        ang = i * 2.399963  # golden angle: an even spread without randomness
        dist = lay.cell * (0.6 + 2.6 * q) * (0.55 + 0.45 * ((i * 7) % 10) / 10)
        x = x0 + math.cos(ang) * dist
        y = y0 + math.sin(ang) * dist + lay.cell * 0.9 * q * q
        g.circle(x, y, max(1.5, lay.cell * 0.07 * (1.0 - 0.5 * q)), fill=RING[i % 6] if i % 3 else "#FFB74D")
    g.alpha(1.0)


def _moment(app: Any, g: Any, t_now: float) -> None:
    """17.8 Soft Win and 9.3 Big Bang: a banner over the board (and, for the Big Bang, a white shock
    ring from the centre) that fades out; input is not locked by it."""
    kind, title, line, t0, until = app.moment
    lay = app.lay
    if t_now >= until or lay is None:
        app.moment = None
        return
    q = (t_now - t0) / max(1.0, until - t0)
    b = lay.board
    if kind == "big_bang" and q < 0.5:
        k = q / 0.5
        g.alpha(0.8 * (1.0 - k))
        g.circle(b.cx, b.cy, max(4.0, k * max(b.w, b.h)), stroke="#FFB74D", width=max(4.0, lay.cell * 0.3))
        g.alpha(1.0)
    a = min(1.0, q / 0.1, (1.0 - q) / 0.25)
    g.alpha(max(0.0, a))
    h = lay.cell * 1.6
    w = min(b.w, 420.0)
    hud.rounded(g, b.cx - w / 2, b.cy - h / 2, w, h, 14)
    g.fill_style("#3E2723")
    g.fill()
    size = g.fit_text(title, w - 24, lay.cell * 0.55, True)
    g.text(b.cx, b.cy - h * 0.14, title, "#FFE0B2", size, bold=True, align="center", baseline="middle")
    sub = g.fit_text(line, w - 24, max(12.0, lay.cell * 0.28))
    g.text(b.cx, b.cy + h * 0.26, line, "#FFFFFF", sub, align="center", baseline="middle")
    g.alpha(1.0)


def _cached(app: Any, g: Any, name: str, rect: Any, key: Any, paint: Any) -> None:
    """Draw a rarely changing panel into its own layer; blit it and re-register its buttons each frame."""
    c = app.ui_cache.get(name)
    if c is None or c["rect"] != rect:
        c = app.ui_cache[name] = {
            "rect": rect,
            "layer": g.layer(rect.w + 2, rect.h + 2),
            "key": None,
            "regions": [],
        }
    lg = c["layer"]
    if c["key"] != key:
        lg.begin_frame()
        lg.clear_rect(0, 0, lg.width, lg.height)
        lg.ctx.translate(1 - rect.x, 1 - rect.y)
        lg.ctx.lineJoin = "round"
        paint(lg)
        c["regions"] = list(lg.regions)
        c["key"] = key
    g.blit(lg, rect.x - 1, rect.y - 1)
    g.regions.extend(c["regions"])


def draw_frame(app: Any, g: Any) -> None:
    t_now = float(js.performance.now())
    dt = t_now - app.last_frame
    app.last_frame = t_now
    if app.lay is None or app.lay.width != g.width or app.lay.height != g.height:
        app.lay = compute(g.width, g.height)
        app.painter.resize(g, app.lay)
        app.ui_cache = {}
    lay = app.lay
    t = app.t
    g.ctx.lineJoin = "round"
    background(g)
    _board(app, g, t_now, dt)
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
    info_key = (lang, app.route, st.values, st.turns, st.outcome is None, app.show_cursor, app.touch)
    _cached(app, g, "info", lay.info, info_key, lambda lg: _info(app, lg))
    sh = app.shell
    undo_ok = st.can_undo and app.timeline is None
    muted = bool(sh.audio.muted)
    _cached(
        app,
        g,
        "bar",
        lay.bar,
        (lang, st.undo_counter, undo_ok, muted),
        lambda lg: hud.bar(
            lg, lay, t, counter=st.undo_counter, undo_ok=undo_ok, muted=muted, lang_label=t("lang")
        ),
    )
    if app.dialog == "new":
        app.dialog_rect = hud.new_game_dialog(
            g, lay, t, mode=app.dialog_mode, in_progress=st.outcome is None and st.turns > 0
        )
    elif st.outcome is not None and app.timeline is None:
        hud.game_over(
            g,
            lay,
            t,
            reason=st.outcome.reason.value,
            score=st.score,
            new_best=bv.new_best,
            zen=mode == "zen",
        )
    elif app.tutorial_card():
        tutorial.draw_card(app, g, t_now / 1000.0)
    if app.salute is not None:
        _salute(app, g, t_now)
    if app.moment is not None:
        _moment(app, g, t_now)
    # notices (storage problems: stay until closed) and short toasts
    y = lay.board.y + 6 if not lay.wide and app.dialog is None else 12.0  # above the New game card
    pending = sh.notices[app.dismissed :]
    if pending:
        y = hud.toast(g, lay, pending[-1], 1.0, y, closable=True)
    live = [(s, u) for s, u in app.toasts if u > t_now]
    app.toasts = live
    for s, until in live:
        y = hud.toast(g, lay, s, max(0.0, min(1.0, (until - t_now) / 400.0)), y)
