"""Ship cards: one per ship (colour, hull, heat, mass, energy in use, powered systems)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gwweb.shared.canvas import Gfx

from engine.orbit.rules import HULL_START, MASS_MAX, REACTOR_UNITS, WEAPONS
from engine.orbit.state import OrbitState, Ship
from engine.orbit.threat import powered_systems

from .layout import Rect
from .orbitview import WEAPON_LINE
from .widgets import DIM, FG, HOT, PANEL2, gauge, swatch

if TYPE_CHECKING:
    from .host import OrbitHost

HULL_MAX = HULL_START
HEAT_SCALE = REACTOR_UNITS
"""Heat gauges run to this (a display scale, not a rule)."""


def ship_cards(app: OrbitHost, g: Gfx, rect: Rect, state: OrbitState, compact: bool) -> None:
    """One card per ship: colour, hull, heat, energy in use; the active ship outlined."""
    n = len(state.ships)
    tr = app.tr
    if compact:
        cw = (rect.w - 8) / n
        for s in state.ships:
            x = rect.x + 4 + s.id * cw
            y = rect.y + 3
            g.rect(x + 1, y, cw - 2, rect.h - 6, PANEL2)
            if s.id == state.active:
                g.frame(x + 1.5, y + 0.5, cw - 3, rect.h - 7, "#FFFFFF", 1.5)
            swatch(g, x + 10, y + 10, s.id, 5)
            kind = app.match.kind(s.id)
            tag = {"human": "", "friend": "·" + tr("friend_short")}.get(kind, "·" + tr("ai_short"))
            name = str(s.id + 1) + tag
            g.text(x + 18, y + 14, name, FG if s.alive else DIM, 11, bold=True)
            nx = x + 22 + g.measure(name, 11, True)
            systems_line(app, g, nx, y + 10, x + cw - 4 - nx, s, 9)
            bw = cw - 12
            gauge(
                g,
                x + 5,
                y + 18,
                bw * 0.5 - 2,
                12,
                s.hull,
                HULL_MAX,
                "#66BB6A" if s.alive else "#555",
                f"{s.hull}",
                10,
            )
            gauge(g, x + 5 + bw * 0.5, y + 18, bw * 0.5 - 2, 12, s.heat, HEAT_SCALE, HOT, f"{s.heat}", 10)
        return
    cw, ch = 156.0, 64.0
    for s in state.ships:
        x, y = rect.x + 8, rect.y + 8 + s.id * (ch + 6)
        g.alpha(0.92)
        g.rect(x, y, cw, ch, PANEL2)
        g.alpha(1.0)
        if s.id == state.active:
            g.frame(x + 0.5, y + 0.5, cw - 1, ch - 1, "#FFFFFF", 1.5)
        swatch(g, x + 11, y + 12, s.id)
        kind = app.match.kind(s.id)
        label = tr({"human": "ship", "friend": "ship_friend"}.get(kind, "ship_ai"), n=s.id + 1)
        g.text(x + 22, y + 16, label, FG if s.alive else DIM, g.fit_text(label, cw - 76, 12, True), bold=True)
        used = sum(s.alloc)
        g.text(x + cw - 6, y + 16, f"⚡{used}/{REACTOR_UNITS}", DIM, 11, align="right")
        gauge(
            g,
            x + 6,
            y + 24,
            cw - 12,
            11,
            s.hull,
            HULL_MAX,
            "#66BB6A" if s.alive else "#555",
            f"{tr('hull')} {s.hull}",
            9,
        )
        gauge(g, x + 6, y + 37, (cw - 12) / 2 - 2, 11, s.heat, HEAT_SCALE, HOT, f"{tr('heat')} {s.heat}", 9)
        gauge(
            g,
            x + 6 + (cw - 12) / 2 + 2,
            y + 37,
            (cw - 12) / 2 - 2,
            11,
            s.mass,
            MASS_MAX,
            "#4DB6AC",
            f"{tr('mass')} {s.mass}",
            9,
        )
        systems_line(app, g, x + 6, y + 57, cw - 12, s, 10)


def systems_line(app: OrbitHost, g: Gfx, x: float, y: float, w: float, s: Ship, size: float) -> None:
    """The ship's powered subsystems (committed energy), weapons in their weapon colour."""
    subs = powered_systems(s) if s.alive else []
    if not subs:
        g.text(x, y, app.tr("cold"), DIM, size, baseline="middle")
        return
    for sub in subs:
        label = app.tr(f"abbr_{sub.value}")
        wpn = next((wp for wp in WEAPONS if wp.subsystem is sub), None)
        col = WEAPON_LINE[wpn] if wpn is not None else FG
        lw = g.measure(label, size, True)
        if lw > w:
            break
        g.text(x, y, label, col, size, bold=True, baseline="middle")
        x += lw + 5
        w -= lw + 5
        if w <= 0:
            break
