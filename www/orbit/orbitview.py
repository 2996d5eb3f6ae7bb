"""The ring diagram: camera (pan/zoom), cached rings layer, ships, transfer arcs, weapon reach, animation.

Drawing only; positions come from engine states, weapon reach from ``engine.orbit.rules.in_range``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gwweb.shared.canvas import Gfx
from gwweb.shared.geometry import Rect

from engine.orbit.exposure import danger_zone, enemy_zone
from engine.orbit.rules import RING_SECTORS, RINGS, WEAPONS, Facing, Weapon, in_range
from engine.orbit.state import OrbitState, Ship

from .threatview import Run, zone_runs

TAU = 2 * math.pi
RING_R: dict[int, float] = {1: 0.30, 2: 0.45, 3: 0.60, 4: 0.75, 5: 0.90}
BAND = 0.065
STAR_R = 0.12
SHIP_COLORS = ("#4FC3F7", "#FFB74D", "#AED581", "#F06292")
WEAPON_FILL = {
    Weapon.LASER: "rgba(255,82,82,0.20)",
    Weapon.RAILGUN: "rgba(255,235,59,0.22)",
    Weapon.MISSILES: "rgba(186,104,200,0.22)",
}
WEAPON_LINE = {Weapon.LASER: "#FF5252", Weapon.RAILGUN: "#FFEB3B", Weapon.MISSILES: "#CE93D8"}
SPACE = "#1A110E"
THREAT_FILL = {1: "rgba(255,82,82,0.35)", 2: "rgba(255,60,60,0.55)", 3: "rgba(230,30,30,0.8)"}
"""Band colour by damage tier (``threatview.tier``: up to 2, up to 5, more)."""


def sector_angle(ring: int, sector: float) -> float:
    """Canvas angle of a (fractional) sector position: 0 at the top, clockwise (prograde)."""
    return -math.pi / 2 + TAU * sector / RING_SECTORS[ring]


def ship_angle(ring: int, sector: int) -> float:
    return sector_angle(ring, sector + 0.5)


def _short(a: float) -> float:
    """Angle difference folded into (-pi, pi]."""
    return (a + math.pi) % TAU - math.pi


@dataclass
class Camera:
    zoom: float = 1.0
    ox: float = 0.0
    oy: float = 0.0

    def fit(self) -> None:
        self.zoom, self.ox, self.oy = 1.0, 0.0, 0.0


class OrbitView:
    """Maps orbit units (radius 1 = outer edge) to the screen rectangle and draws the system."""

    def __init__(self) -> None:
        self.cam = Camera()
        self.rect: Rect | None = None
        self._layer: Gfx | None = None
        self._layer_key: tuple[float, ...] = ()
        self._reach_key: tuple[tuple[Weapon, ...], tuple[int, int], Facing] | None = None
        self._reach: list[tuple[Weapon, int, int, int]] = []
        self._threat_state: OrbitState | None = None
        self._threat_key: tuple[int, int | None] | None = None
        self._threat: list[Run] = []

    # -- camera --------------------------------------------------------------------------------------
    def base(self) -> float:
        r = self.rect
        return 0.0 if r is None else min(r.w, r.h) / 2 * 0.94

    def scale(self) -> float:
        return self.base() * self.cam.zoom

    def center(self) -> tuple[float, float]:
        r = self.rect
        return (0.0, 0.0) if r is None else (r.cx + self.cam.ox, r.cy + self.cam.oy)

    def to_screen(self, radius: float, angle: float) -> tuple[float, float]:
        cx, cy = self.center()
        s = self.scale()
        return cx + math.cos(angle) * radius * s, cy + math.sin(angle) * radius * s

    def zoom_at(self, factor: float, px: float, py: float) -> None:
        old = self.cam.zoom
        new = max(1.0, min(8.0, old * factor))
        cx, cy = self.center()
        k = new / old
        self.cam.ox += (px - cx) * (1 - k)
        self.cam.oy += (py - cy) * (1 - k)
        self.cam.zoom = new
        self.clamp()

    def pan(self, dx: float, dy: float) -> None:
        self.cam.ox += dx
        self.cam.oy += dy
        self.clamp()

    def clamp(self) -> None:
        lim = self.scale()
        self.cam.ox = max(-lim, min(lim, self.cam.ox))
        self.cam.oy = max(-lim, min(lim, self.cam.oy))
        if self.cam.zoom <= 1.0:
            self.cam.ox = self.cam.oy = 0.0

    def focus(self, ring: int, sector: int) -> None:
        """Centre the camera on a ship (zooming in for the outer rings)."""
        self.cam.zoom = max(self.cam.zoom, 1.0 + 0.5 * (ring - 1))
        a = ship_angle(ring, sector)
        s = self.scale()
        self.cam.ox = -math.cos(a) * RING_R[ring] * s
        self.cam.oy = -math.sin(a) * RING_R[ring] * s
        self.clamp()

    # -- static rings ----------------------------------------------------------------------------------
    def prepare(self, g: Gfx, r: Rect) -> Gfx:
        """The rings layer for ``r`` at the current camera (drawn only when either changed); the page
        calls it in idle time before the first game frame needs it."""
        self.rect = r
        key = (r.x, r.y, r.w, r.h, self.cam.zoom, self.cam.ox, self.cam.oy, g.dpr)
        if self._layer is None or self._layer_key != key:
            self._layer_key = key
            if self._layer is None or self._layer.width != r.w or self._layer.height != r.h:
                self._layer = g.layer(r.w, r.h)
            else:
                self._layer.fit()
            lg = self._layer
            lg.begin_frame()
            self._draw_rings(lg, -r.x, -r.y)
        return self._layer

    def _rings(self, g: Gfx, r: Rect) -> None:
        g.blit(self.prepare(g, r), r.x, r.y)

    def _draw_rings(self, g: Gfx, dx: float, dy: float) -> None:
        g.clear(SPACE)
        cx, cy = self.center()
        cx, cy = cx + dx, cy + dy
        s = self.scale()
        # the star
        g.circle(cx, cy, STAR_R * s, fill="#FFB300")
        g.circle(cx, cy, STAR_R * s * 0.7, fill="#FFE082")
        for ring in RINGS:
            rr = RING_R[ring] * s
            g.circle(cx, cy, (RING_R[ring] + BAND) * s, stroke="rgba(255,224,178,0.10)", width=1)
            g.circle(cx, cy, rr, stroke="rgba(255,224,178,0.35)", width=1.2)
            n = RING_SECTORS[ring]
            r0, r1 = (RING_R[ring] - BAND * 0.6) * s, (RING_R[ring] + BAND * 0.6) * s
            # the sector ticks as one dashed arc as wide as a tick is long (a dash per sector
            # boundary): a handful of canvas calls instead of two per sector
            step = TAU * rr / n
            g.line_dash([1.0, step - 1.0])
            a_start = sector_angle(ring, 0)
            g.arc(cx, cy, rr, a_start, a_start + TAU, "rgba(255,224,178,0.28)", r1 - r0)
            g.line_dash([])
            # sector 0 marker and ring label
            a0 = sector_angle(ring, 0)
            g.line(
                cx + math.cos(a0) * r0,
                cy + math.sin(a0) * r0,
                cx + math.cos(a0) * r1,
                cy + math.sin(a0) * r1,
                "rgba(255,224,178,0.8)",
                2,
            )
            fs = max(10.0, min(13.0, s * 0.05))
            g.text(
                cx - 4, cy - rr + 4, f"R{ring}", "rgba(255,224,178,0.7)", fs, align="right", baseline="top"
            )
        g.alpha(1.0)

    # -- weapon reach ----------------------------------------------------------------------------------
    def reach(
        self, weapons: list[Weapon], where: tuple[int, int], facing: Facing
    ) -> list[tuple[Weapon, int, int, int]]:
        """Runs (weapon, ring, first sector, length) of sectors in reach, from the engine's ``in_range``."""
        key = (tuple(weapons), where, facing)
        if key == self._reach_key:
            return self._reach
        runs: list[tuple[Weapon, int, int, int]] = []
        for w in WEAPONS:
            if w not in weapons:
                continue
            for ring in RINGS:
                n = RING_SECTORS[ring]
                hit = [in_range(w, where, facing, (ring, s)) for s in range(n)]
                if all(hit):
                    runs.append((w, ring, 0, n))
                    continue
                for s in range(n):
                    if hit[s] and not hit[s - 1]:
                        ln = 0
                        while ln < n and hit[(s + ln) % n]:
                            ln += 1
                        runs.append((w, ring, s, ln))
        self._reach_key, self._reach = key, runs
        return runs

    def threat_runs(self, state: OrbitState, me: int, only: int | None = None) -> list[Run]:
        """Runs (ring, first sector, length, damage tier) where the enemies of ``me`` (or only ship
        ``only``) can hit it before its next turn: the engine's ``exposure`` zones, cached per state."""
        # keyed on the state object itself (``is``), not its id(): a freed state's id can come back
        key = (me, only)
        if state is self._threat_state and key == self._threat_key:
            return self._threat
        zone = danger_zone(state, me) if only is None else enemy_zone(state, only, me)
        self._threat_state, self._threat_key, self._threat = state, key, zone_runs(zone)
        return self._threat

    def draw_threat(self, g: Gfx, runs: list[Run]) -> None:
        """Enemy threat zones: a red band along the outer edge of each ring band, darker and wider
        where the hit would be harder."""
        cx, cy = self.center()
        s = self.scale()
        for ring, first, ln, tier in runs:
            r_in, r_out = (RING_R[ring] + BAND * (0.75 - 0.2 * tier)) * s, (RING_R[ring] + BAND) * s
            a0, a1 = sector_angle(ring, first), sector_angle(ring, first + ln)
            g.begin_path()
            g.arc_to_path(cx, cy, r_out, a0, a1)
            g.arc_to_path(cx, cy, r_in, a1, a0, True)
            g.close_path()
            g.fill_style(THREAT_FILL[tier])
            g.fill()

    def draw_reach(self, g: Gfx, runs: list[tuple[Weapon, int, int, int]]) -> None:
        cx, cy = self.center()
        s = self.scale()
        for w, ring, first, ln in runs:
            r_in, r_out = (RING_R[ring] - BAND) * s, (RING_R[ring] + BAND) * s
            a0, a1 = sector_angle(ring, first), sector_angle(ring, first + ln)
            g.begin_path()
            g.arc_to_path(cx, cy, r_out, a0, a1)
            g.arc_to_path(cx, cy, r_in, a1, a0, True)
            g.close_path()
            g.fill_style(WEAPON_FILL[w])
            g.fill()

    # -- ships ---------------------------------------------------------------------------------------
    def ship_xy(self, ship: Ship, t: float = 1.0, old: Ship | None = None) -> tuple[float, float, float]:
        """Screen x, y and the tangent angle of ``ship``, interpolated from ``old`` by ``t``."""
        r1, a1 = RING_R[ship.ring], ship_angle(ship.ring, ship.sector)
        if old is None or t >= 1.0:
            r, a = r1, a1
        else:
            r0, a0 = RING_R[old.ring], ship_angle(old.ring, old.sector)
            e = t * t * (3 - 2 * t)
            r = r0 + (r1 - r0) * e
            a = a0 + _short(a1 - a0) * e
        x, y = self.to_screen(r, a)
        return x, y, a

    def arc_points(
        self, ring0: int, sector0: int, ring1: int, sector1: int, steps: int = 20
    ) -> list[tuple[float, float]]:
        r0, a0 = RING_R[ring0], ship_angle(ring0, sector0)
        r1, a1 = RING_R[ring1], ship_angle(ring1, sector1)
        da = _short(a1 - a0)
        return [self.to_screen(r0 + (r1 - r0) * k / steps, a0 + da * k / steps) for k in range(steps + 1)]

    def dashed(self, g: Gfx, pts: list[tuple[float, float]], color: str, width: float = 1.5) -> None:
        g.line_dash([5, 4])
        g.stroke_style(color, width)
        g.begin_path()
        g.move_to(pts[0][0], pts[0][1])
        for x, y in pts[1:]:
            g.line_to(x, y)
        g.stroke()
        g.line_dash([])

    def glyph(
        self,
        g: Gfx,
        x: float,
        y: float,
        tangent: float,
        facing: Facing,
        color: str,
        size: float,
        label: str,
        ghost: bool = False,
        active: bool = False,
    ) -> None:
        d = tangent + (math.pi / 2 if facing is Facing.PROGRADE else -math.pi / 2)
        nose = (x + math.cos(d) * size, y + math.sin(d) * size)
        left = (x + math.cos(d + 2.5) * size * 0.8, y + math.sin(d + 2.5) * size * 0.8)
        right = (x + math.cos(d - 2.5) * size * 0.8, y + math.sin(d - 2.5) * size * 0.8)
        if active:
            g.circle(x, y, size * 1.6, stroke="rgba(255,255,255,0.7)", width=1.5)
        if ghost:
            g.poly([nose, left, right], stroke=color, width=1.5)
        else:
            g.poly([nose, left, right], fill=color, stroke="#000000", width=1)
        g.text(x + size * 1.1, y - size * 1.1, label, color, max(11.0, size * 1.1), bold=True)

    def draw(
        self,
        g: Gfx,
        rect: Rect,
        state: OrbitState,
        *,
        prev: OrbitState | None = None,
        t: float = 1.0,
        reach: list[tuple[Weapon, int, int, int]] | None = None,
        threat: list[Run] | None = None,
        planned: Ship | None = None,
        shots: list[tuple[int, int, Weapon]] | None = None,
    ) -> None:
        """Rings, weapon reach, transfer arcs, ships (animated from ``prev``), shots, planned burn."""
        t = max(0.0, min(1.0, t))
        self.rect = rect
        self._rings(g, rect)
        g.save()
        g.clip_rect(rect.x, rect.y, rect.w, rect.h)
        if reach:
            self.draw_reach(g, reach)
        if threat:
            self.draw_threat(g, threat)
        size = max(7.0, min(13.0, self.scale() * 0.035))
        # transfer arcs for ships in transit, and the planned burn's destination
        for ship in state.ships:
            if ship.alive and ship.transit is not None:
                col = SHIP_COLORS[ship.id]
                pts = self.arc_points(ship.ring, ship.sector, ship.transit.to_ring, ship.transit.dest_sector)
                self.dashed(g, pts, col)
                dx, dy = pts[-1]
                g.circle(dx, dy, size * 0.7, stroke=col, width=1.5)
        if planned is not None and planned.transit is not None:
            pts = self.arc_points(
                planned.ring, planned.sector, planned.transit.to_ring, planned.transit.dest_sector
            )
            self.dashed(g, pts, "#FFFFFF", 2)
            dx, dy = pts[-1]
            g.circle(dx, dy, size * 0.9, stroke="#FFFFFF", width=2)
            g.text(
                dx,
                dy + size * 1.2 + 10,
                f"R{planned.transit.to_ring} S{planned.transit.dest_sector}",
                "#FFFFFF",
                11,
                bold=True,
                align="center",
            )
        # ships; several in one sector are spread along the radius
        seen: dict[tuple[int, int], int] = {}
        for ship in state.ships:
            old = prev.ships[ship.id] if prev is not None else None
            if not ship.alive and (old is None or not old.alive or t >= 1.0):
                continue
            x, y, tang = self.ship_xy(ship, t, old)
            k = seen.get(ship.position, 0)
            seen[ship.position] = k + 1
            if k:
                x += math.cos(tang) * size * 1.6 * k
                y += math.sin(tang) * size * 1.6 * k
            facing = ship.facing if old is None or t > 0.4 else old.facing
            color = SHIP_COLORS[ship.id]
            if not ship.alive:
                g.alpha(max(0.0, 1 - t))
            self.glyph(g, x, y, tang, facing, color, size, str(ship.id + 1), active=ship.id == state.active)
            g.alpha(1.0)
            if old is not None and ship.hull < old.hull and t < 1.0:
                g.circle(x, y, size * (1.2 + t), stroke="#FF5252", width=2)
                g.text(
                    x,
                    y - size * (1.6 + t),
                    f"-{old.hull - ship.hull}",
                    "#FF8A80",
                    13,
                    bold=True,
                    align="center",
                )
        if planned is not None:
            x, y, tang = self.ship_xy(planned)
            self.glyph(g, x, y, tang, planned.facing, "#FFFFFF", size * 0.8, "", ghost=True)
        if shots and prev is not None and t < 1.0:
            for src, dst, w in shots:
                sx, sy, _ = self.ship_xy(state.ships[src], 1.0)
                tx, ty, _ = self.ship_xy(prev.ships[dst], 1.0)
                g.alpha(min(1.0, 2.0 - 2.0 * t))
                g.line(sx, sy, tx, ty, WEAPON_LINE[w], 3.0 if w is Weapon.RAILGUN else 2.0)
                g.circle(tx, ty, 3 + 6 * t, fill=WEAPON_LINE[w])
                g.alpha(1.0)
        g.restore()
