"""One frame of the Orbit page: the mode's screen, overlays, the top bar, toasts and the focus ring.

Drawing only: reads the app's match and UI state, never changes a rule (``draw(app, g, t)`` is the
``TurnApp`` render).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gwweb.shared import focus
from gwweb.shared.canvas import Gfx

from engine.orbit.exposure import enemy_turns
from engine.orbit.rules import WEAPONS
from engine.orbit.state import OrbitState, Ship

from . import layout as lay_mod
from . import panel, screens, turnlog, tutorial
from .cards import ship_cards
from .model import FRIEND, HUMAN
from .orbitview import SHIP_COLORS
from .widgets import BAD, FG

if TYPE_CHECKING:
    from .host import OrbitHost

FOCUS = "#FFFFFF"
"""The keyboard focus ring (drawn over a dark outline so it shows on every background)."""
NOTICE_MS = 6000.0


def status(app: OrbitHost) -> tuple[str, str]:
    """The top bar's status line and its colour."""
    m, ui, phone = app.match, app.ui, app.ui.layout.phone
    if not app.has_game() or ui.mode == "menu":
        return (app.tr("title") if phone else ""), FG
    s = m.state
    if m.over():
        return app.tr("game_over"), BAD
    who = app.ship_name(s.active)
    rnd = app.tr("round", n=s.round)
    if m.kind() == FRIEND:
        text = app.tr("friend_turn", ship=who)
        return (text if phone else f"{rnd} · {text}"), "#80DEEA"
    if m.kind() != HUMAN:
        text = app.tr("thinking" if ui.anim is None else "watching", ship=who)
        return (text if phone else f"{rnd} · {text}"), "#FFCC80"
    return (rnd if phone else f"{rnd} · {app.tr('turn_of', ship=who)}"), FG


def draw(app: OrbitHost, g: Gfx, now: float) -> None:
    ui = app.ui
    if (ui.layout.w, ui.layout.h) != (g.width, g.height):
        ui.layout = lay_mod.compute(g.width, g.height)
    L = ui.layout
    text, color = status(app)
    playing = ui.mode != "menu" and app.has_game()
    size = (app.shell.i18n.lang, g.width, g.height, g.dpr, text, color)
    if playing and ui.anim is not None and not ui.help.open:
        # an animation moves only the ships: everything else is one cached layer over the board
        g.clear("#2B1B17")
        board(app, g, now)
        lg = _chrome.layer_for(g)
        if _chrome.stale((id(ui.anim), app.rev, *size)):
            lg.clear_rect(0, 0, lg.width, lg.height)
            chrome(app, lg)
            screens.top_bar(app, lg, L.top, text, color)
    else:
        # nothing moves: the frame is drawn once into a layer, later frames (a toast fading) blit it
        lg = _still.layer_for(g)
        if _still.stale((app.rev, id(app.match.state), playing, ui.mode, ui.replay_i, *size)):
            lg.clear("#2B1B17")
            if playing:
                board(app, lg, now)
                chrome(app, lg)
            else:
                screens.menu(app, lg)
            if ui.help.open:
                lg.regions.clear()
                screens.help_screen(app, lg)
            screens.top_bar(app, lg, L.top, text, color)
    g.blit(lg)
    g.regions.extend(lg.regions)
    if ui.link_error and not ui.help.open:
        screens.link_error(app, g, ui.link_error)
    toasts = app.shell.toasts
    notices = app.shell.notices
    if len(notices) > app.notices_shown and not toasts.items:
        app.notices_shown += 1
        toasts.push(notices[app.notices_shown - 1], NOTICE_MS, announce=False)  # notify() spoke it
    # on a phone the panel (with Execute) fills the bottom: messages go over the orbit view instead;
    # on a desktop, centred over the orbit view, clear of the zoom buttons and the panel
    game = ui.mode != "menu" and not ui.help.open and L.orbit.h > 0
    if game and L.phone:
        toasts.draw(g, g.width / 2, L.orbit.bottom - 8, size=13)
    elif game:
        toasts.draw(g, L.orbit.cx - 25, g.height - 16, max_w=L.orbit.w - 120, size=13)
    else:
        toasts.draw(g, g.width / 2, g.height - 16, size=13)
    focus_ring(app, g)


def focus_ring(app: OrbitHost, g: Gfx) -> None:
    """The keyboard focus: a double outline around the focused button, if it is drawn."""
    focus.draw_ring(g, g.regions, app.ui.focus, FOCUS)


class _Cached:
    """A full-canvas layer drawn again only when its key changes."""

    def __init__(self) -> None:
        self.key: tuple[object, ...] | None = None
        self.layer: Gfx | None = None

    def layer_for(self, g: Gfx) -> Gfx:
        lg = self.layer
        if lg is None:
            lg = self.layer = g.layer(g.width, g.height)
        elif (lg.width, lg.height, lg.dpr) != (g.width, g.height, g.dpr):
            lg.width, lg.height = g.width, g.height
            lg.fit()
            self.key = None
        return lg

    def stale(self, key: tuple[object, ...]) -> bool:
        """True (and the layer's frame begun, its buttons forgotten) when ``key`` differs."""
        if key == self.key or self.layer is None:
            return False
        self.key = key
        self.layer.begin_frame()
        return True


_chrome = _Cached()
"""Everything but the board during an animation (cards, panel, top bar), over the moving board."""
_still = _Cached()
"""The whole frame while nothing moves (menus, planning, dialogs)."""


def shown_state(app: OrbitHost) -> OrbitState:
    """The state on the board: the replay's turn, the animated turn's end, or the game's."""
    ui = app.ui
    if ui.anim is not None:
        return ui.anim.after
    return app.replay_state() if ui.mode == "replay" else app.match.state


def board(app: OrbitHost, g: Gfx, now: float) -> None:
    """The orbit view: rings, reach and threat zones, ships (animated), shots, the planned burn."""
    m, ui = app.match, app.ui
    L = ui.layout
    state = shown_state(app)
    prev, t, shots = None, 1.0, None
    if ui.anim is not None:
        prev, shots = ui.anim.before, ui.anim.shots
        t = ui.anim.progress(now)
    reach, threat = None, None
    planned: Ship | None = None
    pl = ui.planner
    view = ui.view
    only = app.reach_enemy()
    if ui.mode == "play" and ui.anim is None and not m.over():
        threat = view.threat_runs(m.state, app.viewer(), only)
    if app.planning() and pl is not None:
        powered = [w for w in WEAPONS if pl.powered(w.subsystem)]
        if powered:
            where, facing = pl.fire_position()
            reach = view.reach(powered, where, facing)
        if not pl.problems():
            planned = app.preview_ship()
    view.draw(g, L.orbit, state, prev=prev, t=t, reach=reach, threat=threat, planned=planned, shots=shots)
    if threat is not None and only is not None:
        twice = app.tr("reach_twice") if enemy_turns(m.state, app.viewer()).count(only) > 1 else ""
        cap = app.tr("reach_of", ship=app.ship_name(only), twice=twice)
        # along the board's bottom edge, left of the zoom buttons: the ship cards cover its top
        r = L.orbit
        w = r.w - 16 - 50
        size = g.fit_text(cap, w, 13)
        g.rect(r.x + 4, r.bottom - 26, min(w, g.measure(cap, size)) + 8, 20, "rgba(27,17,14,0.85)")
        g.text(r.x + 8, r.bottom - 16, cap, SHIP_COLORS[only], size, baseline="middle")


def chrome(app: OrbitHost, g: Gfx) -> None:
    """Everything of the game screen but the board: ship cards, zoom buttons, the panel, dialogs."""
    m, ui = app.match, app.ui
    L = ui.layout
    replay = ui.mode == "replay"
    state = shown_state(app)
    if L.cards is not None:
        g.rect(L.cards.x, L.cards.y, L.cards.w, L.cards.h, "#2B1B17")
    compact = L.phone or L.split
    strip = L.cards or (lay_mod.Rect(L.orbit.x, L.orbit.y, L.orbit.w, 38) if compact else L.orbit)
    ship_cards(app, g, strip, state, compact=compact)
    zb = 34.0
    zx, zy = L.orbit.right - zb - 8, L.orbit.bottom - 3 * (zb + 4) - 4
    # not under the game-over dialog: they would peek out from behind it and do nothing
    dialog = m.over() and ui.anim is None and not replay
    for k, (bid, label) in enumerate(() if dialog else (("zoom+", "+"), ("zoom-", "−"), ("fit", "⊙"))):
        g.button(bid, zx, zy + k * (zb + 4), zb, zb, label, bg="rgba(43,27,23,0.8)", size=16)
    if replay:
        rect = L.panel
        screens.replay_bar(app, g, rect)
        turnlog.log_panel(app, g, lay_mod.Rect(rect.x, rect.y + 80, rect.w, rect.h - 80), upto=ui.replay_i)
        return
    if app.covered():
        g.regions.clear()
        screens.cover(app, g, m.state.active)
        return
    if (L.phone and ui.tab == "log") or not app.planning():
        turnlog.status_panel(app, g, L.panel, status(app)[0])
    else:
        panel.plan_panel(app, g, L.panel)
    if m.over() and ui.anim is None:
        g.regions.clear()
        screens.game_over(app, g, L.orbit)
    elif ui.tut_step is not None and app.planning():
        tutorial.draw(app, g, L.orbit, ui.tut_step)
