"""One frame of Run Map: the menu (with the keypad or the co-op dialog over it) or the run (map,
panel, top bar and the dialog of the phase), then the newest toast and the keyboard focus ring.

The buttons of the top dialog are recorded as the focus ring (``ui.ring``) for the next key.
Modules of screens not on show are imported when first drawn (start-up time).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from gwweb.shared.canvas import Gfx
from gwweb.shared.chrome import shows_home

from engine.runmap import Phase

from . import hud, layout, render, ring

if TYPE_CHECKING:
    from .app_face import AppFace


def draw(app: AppFace, g: Gfx, now: float) -> None:
    ui = app.ui
    t = app.t
    g.clear(render.BG)
    mark = 0
    if ui.screen == "menu" or not app.has_run:
        from . import menu  # noqa: PLC0415 - first drawn on demand

        f = layout.compute(g.width, g.height, 8)
        render.top_bar(
            g,
            f,
            t,
            muted=app.shell.audio.muted,
            lang_label=t("lang"),
            status="",
            run=False,
            home=shows_home(app.shell),
        )
        p = app.prefs
        menu.menu(
            g, g.width, g.height, t, preset=p.preset, players=p.players, seed=str(p.seed), has_run=app.has_run
        )
        if app.coop.waiting():
            hud.toast(g, f, t("coop_wait"))
        if ui.keypad_open:
            mark = len(g.regions)
            menu.keypad(g, g.width, g.height, t, ui.kp_digits)
        if app.devices_open():
            mark = len(g.regions)
            app.devices.draw(g, f, centered=True)
        if not ui.keypad_open:
            _toast(app, g, f)
    else:
        mark = _run(app, g, now)
    ui.ring = [r for r in g.regions[mark:] if r.id != "dev:none"]
    if ui.keyboard and ui.ring:
        if ui.ring_focus not in {r.id for r in ui.ring}:
            ui.ring_focus = ring.default_focus(ui.ring)
        ring.draw(g, ui.ring, ui.ring_focus)


def _run(app: AppFace, g: Gfx, now: float) -> int:
    """The run screen; returns where the top dialog's buttons start in ``g.regions``."""
    ui = app.ui
    s = app.state
    f = app.frame()
    ui.scroll = layout.clamp_scroll(f, ui.scroll)
    pulse = 0.5 + 0.5 * math.sin(now / 260.0) if ui.pulse_until > now else 1.0
    can_act = app.can_act()
    if pulse != 1.0 or app.devices_open():
        mark = _screen(app, g, f, pulse, can_act)
    else:
        cache = app.screen_cache
        coop = app.coop
        key = (
            s,
            ui.card,
            ui.scroll,
            ui.hover,
            ui.focus,
            ui.inspect,
            ui.seat,
            ui.legend_open,
            f,
            can_act,
            coop.active,
            coop.aim,
            tuple(sorted(coop.wishes.items())),
            coop.status_line(),
            app.shell.audio.muted,
            app.t("lang"),
            app.shell.progress.best(s.options.preset),
            g.width,
            g.height,
            g.dpr,
        )
        if cache.layer is None or cache.key is None or not _same(cache.key, key):
            if cache.layer is None or (cache.layer.width, cache.layer.height, cache.layer.dpr) != (
                g.width,
                g.height,
                g.dpr,
            ):
                cache.layer = g.layer(g.width, g.height)
            lg = cache.layer
            lg.begin_frame()
            lg.clear(render.BG)
            cache.mark = _screen(app, lg, f, pulse, can_act)
            cache.regions = list(lg.regions)
            cache.key = key
        g.blit(cache.layer)
        base = len(g.regions)
        g.regions.extend(cache.regions)
        mark = base + cache.mark
    _toast(app, g, f)
    return mark


def _same(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    """The state (first) by identity (it is immutable), the rest by value."""
    return a[0] is b[0] and a[1:] == b[1:]


def _screen(app: AppFace, g: Gfx, f: layout.Frame, pulse: float, can_act: bool) -> int:
    """Map, panel, top bar and the phase's dialog; returns where the dialog's buttons start."""
    ui = app.ui
    t = app.t
    s = app.state
    on_map = s.phase == Phase.MAP and ui.card is None
    render.draw_map(
        g,
        app.map_cache,
        f,
        s,
        ui.scroll,
        t,
        hover=ui.hover if on_map else None,
        focus=ui.focus if on_map and (can_act or app.coop.active) else None,
        aim=app.coop.aim,
        wishes=app.coop.party_wishes() if on_map else None,
        pulse=pulse,
        selectable=can_act,
    )
    hud.panel(
        g,
        f,
        s,
        t,
        me=ui.seat,
        inspect=ui.inspect if ui.inspect is not None else ui.hover,
        focus=ui.focus if on_map else None,
        can_act=can_act and on_map,
        coop_line=app.coop.status_line(),
        guest=app.coop.active and not app.coop.is_host(),
        legend_open=ui.legend_open,
    )
    node = s.current_node
    status = (
        t("seed_n", seed=s.seed)
        + " · "
        + t("floor_n", floor=node.floor if node else 0, total=s.layout.layer_count)
    )
    if node is not None and s.options.preset == "full":
        status += " · " + t("act_n", act=node.act)
    render.top_bar(
        g,
        f,
        t,
        muted=app.shell.audio.muted,
        lang_label=t("lang"),
        status=status,
        run=True,
        home=shows_home(app.shell),
    )
    mark = len(g.regions)
    if ui.intro and ui.card is None and s.phase == Phase.COMBAT and s.combat and s.combat.round == 0:
        hud.intro_banner(g, f, t)
    elif ui.card is not None or s.phase != Phase.MAP:
        from . import screens  # noqa: PLC0415 - first drawn on demand

        if ui.card is not None:
            screens.card(g, f, ui.card, t)
        else:
            best = app.shell.progress.best(s.options.preset) or 0
            from engine.runmap.party import option_votes  # noqa: PLC0415

            votes = option_votes(s, app.coop.party_wishes())
            screens.phase_dialog(g, f, s, t, ui.seat, can_act, best, votes)
    if ui.legend_open and f.phone:
        hud.legend_overlay(g, f, s, t)
    if app.devices_open():
        mark = len(g.regions)
        app.devices.draw(g, f)
    return mark


def _toast(app: AppFace, g: Gfx, f: layout.Frame) -> None:
    """The newest toast of the shell's shared queue, in Run Map's look."""
    shown = app.shell.toasts.visible()
    if shown:
        hud.toast(g, f, shown[-1][0])
