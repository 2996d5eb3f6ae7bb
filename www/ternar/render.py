"""Drawing the field: hex nodes, the cached resting layer, the radial highlight and the route line (1.6, 3.3, 3.4).

Resting nodes are drawn once into an offscreen layer and blitted; only the active (swelling) nodes,
the line and animated nodes are drawn per frame.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from engine.ternar import display
from engine.ternar.rules import SINGULARITY
from engine.ternar.topology import N_NODES

from .layout import Layout, hex_corners
from .view import BG, INVALID, SLOT, TEXT, fill_for, fmt_value, rim_for

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx

    from .anim import Step

# 3.3: thread / cable / flow
LINE_CORE = "#4E342E"
LINE_GLOW = "rgba(255,167,38,0.38)"
FLASH = "#FFFFFF"
VIB_AMP = display.VIBRATION_AMPLITUDE_PX
VIB_HZ = float(display.VIBRATION_HZ)
CURSOR_ALPHA = 0.9
_TEXT_SCALE = {1: 0.42, 2: 0.4, 3: 0.34, 4: 0.28, 5: 0.24, 6: 0.21}


class BoardPainter:
    """Knows the layout and caches: the slots layer, a sprite per resting node value, the
    slots+resting-nodes layer built from them, and the glow sprite."""

    def __init__(self) -> None:
        self.lay: Layout | None = None
        self.layer: Gfx | None = None
        self.layer_key: object = None
        self.glow: Gfx | None = None
        self.corners: list[tuple[float, float]] = []
        self.ox = 0.0
        self.oy = 0.0
        self._labels: dict[int, str] = {}
        self._sizes: dict[str, float] = {}
        self.route_layer: Gfx | None = None
        self.route_key: object = None
        self.slots_layer: Gfx | None = None  # the empty slots: drawn once per layout
        self.sprites: dict[tuple[int, bool], Gfx] = {}  # a resting node per (value, ghost), per layout

    # -- set-up ------------------------------------------------------------
    def resize(self, g: Gfx, lay: Layout) -> None:
        self.lay = lay
        self.corners = hex_corners(lay.radius * 0.93)
        m = lay.cell * 0.3
        self.ox, self.oy = lay.board.x - m, lay.board.y - m
        self.layer = g.layer(lay.board.w + 2 * m, lay.board.h + 2 * m)
        self.layer_key = None
        self.route_layer = g.layer(lay.board.w + 2 * m, lay.board.h + 2 * m)
        self.route_key = None
        self.slots_layer = None
        self.sprites.clear()
        self._sizes.clear()
        size = lay.radius * 2.2
        self.glow = g.layer(size, size)
        stops = [
            (0.0, "rgba(255,255,255,0.95)"),
            (0.45, "rgba(255,255,255,0.45)"),
            (1.0, "rgba(255,255,255,0)"),
        ]
        self.glow.radial_fill(size / 2, size / 2, size / 2, stops)

    def label(self, v: int) -> str:
        s = self._labels.get(v)
        if s is None:
            s = self._labels[v] = fmt_value(v)
        return s

    # -- primitives -----------------------------------------------------------
    def hex_path(self, g: Gfx, x: float, y: float, s: float = 1.0) -> None:
        c = self.corners
        g.begin_path()
        g.move_to(x + c[0][0] * s, y + c[0][1] * s)
        for i in range(1, 6):
            g.line_to(x + c[i][0] * s, y + c[i][1] * s)
        g.close_path()

    def slot(self, g: Gfx, x: float, y: float) -> None:
        self.hex_path(g, x, y, 0.97)
        g.fill_style("#F1EBE4")
        g.fill()
        g.stroke_style(SLOT, max(1.0, self.lay.cell * 0.02) if self.lay else 1.0)
        g.stroke()

    def node(
        self,
        g: Gfx,
        x: float,
        y: float,
        value: int,
        *,
        scale: float = 1.0,
        ghost: bool = False,
        alpha: float = 1.0,
        tint: str | None = None,
        glow: float = 0.0,
    ) -> None:
        """One node; ``glow`` > 0 lays the radial highlight (1.6 «Луч») between fill and number."""
        if value <= 0 or scale <= 0.01:
            return
        lay = self.lay
        assert lay is not None
        a = alpha * (display.GHOST_ALPHA if ghost else 1.0)
        if a < 0.999:
            g.alpha(a)
        self.hex_path(g, x, y, scale)
        g.fill_style(tint or fill_for(value))
        g.fill()
        g.stroke_style(rim_for(value), max(1.2, lay.cell * 0.035 * scale))
        g.stroke()
        for k in range(display.cycle_rings(value)):  # the colour cycle's turn: a second cue (issue #30)
            self.hex_path(g, x, y, scale * (0.86 - 0.1 * k))
            g.stroke_style(rim_for(value), max(1.0, lay.cell * 0.025 * scale))
            g.stroke()
        if glow > 0 and self.glow is not None:
            gw = self.glow.width * scale
            g.alpha(a * glow)
            g.blit(self.glow, x - gw / 2, y - gw / 2, gw, gw)
            g.alpha(a)
        if value >= SINGULARITY:
            r = lay.radius * 0.42 * scale
            g.circle(x, y, r, stroke="#FFFFFF", width=max(1.5, lay.cell * 0.04))
            g.text(x, y + 1, "Т", "#FFFFFF", r * 1.25, bold=True, align="center", baseline="middle")
        else:
            s = self.label(value)
            size = self.text_size(g, s) * scale
            g.text(x, y + size * 0.05, s, TEXT, size, bold=True, align="center", baseline="middle")
        if a < 0.999:
            g.alpha(1.0)

    def text_size(self, g: Gfx, s: str) -> float:
        """1.4 auto-scaling: smaller type for more digits, always inside the hex (cached per layout)."""
        size = self._sizes.get(s)
        if size is None:
            lay = self.lay
            assert lay is not None
            size = lay.cell * _TEXT_SCALE.get(len(s), 0.19)
            size = g.fit_text(s, lay.cell * 0.8, size, True, 6)
            self._sizes[s] = size
        return size

    def route_nodes(
        self, g: Gfx, route: tuple[int, ...], values: Sequence[int], ghosts: Collection[int], skip: int | None
    ) -> None:
        """Route nodes with the soft highlight, cached on their own layer while the route is unchanged."""
        lay = self.lay
        assert lay is not None
        key = (route, skip, values, lay.cell, lay.board)
        if key != self.route_key:
            self.route_key = key
            lg = self.route_layer
            assert lg is not None
            lg.begin_frame()
            lg.clear_rect(0, 0, lg.width, lg.height)
            lg.line_join("round")
            gs = set(ghosts)
            for n in route:
                if n != skip and values[n]:
                    self.node(
                        lg, lay.cx[n] - self.ox, lay.cy[n] - self.oy, values[n], ghost=n in gs, glow=0.45
                    )
        if route and self.route_layer is not None:
            g.blit(self.route_layer, self.ox, self.oy)

    # -- the resting layer -------------------------------------------------------
    def resting(
        self,
        g: Gfx,
        values: Sequence[int],
        ghosts: Collection[int],
        hidden: frozenset[int] = frozenset(),
    ) -> None:
        """Blit the slots and resting nodes (rebuilt only when the field or the layout changed)."""
        lay = self.lay
        assert lay is not None
        key = (tuple(values), tuple(sorted(ghosts)), hidden, lay.cell, lay.board)
        if key != self.layer_key:
            self.layer_key = key
            lg = self.layer
            assert lg is not None
            lg.begin_frame()
            lg.clear_rect(0, 0, lg.width, lg.height)
            lg.line_join("round")
            lg.blit(self._slots(g))
            gs = set(ghosts)
            d = lg.dpr
            for n in range(N_NODES):
                v = values[n]
                if v and n not in hidden:
                    sp = self.sprite(g, v, n in gs)
                    h = sp.width / 2  # the sprite lands on whole device pixels (no resampling blur)
                    x = round((lay.cx[n] - self.ox - h) * d) / d
                    y = round((lay.cy[n] - self.oy - h) * d) / d
                    lg.blit(sp, x, y)
        if self.layer is not None:
            g.blit(self.layer, self.ox, self.oy)

    def _slots(self, g: Gfx) -> Gfx:
        """The 44 empty slots on a layer the size of the resting one (drawn once per layout)."""
        if self.slots_layer is None:
            lay, rest = self.lay, self.layer
            assert lay is not None and rest is not None
            sl = self.slots_layer = g.layer(rest.width, rest.height)
            sl.begin_frame()
            sl.line_join("round")
            for n in range(N_NODES):
                self.slot(sl, lay.cx[n] - self.ox, lay.cy[n] - self.oy)
        return self.slots_layer

    def sprite(self, g: Gfx, value: int, ghost: bool) -> Gfx:
        """A resting node (scale 1, no glow) drawn once per layout into its own small layer: a
        field's rebuild after a move is one blit per node instead of a dozen canvas calls."""
        key = (value, ghost)
        sp = self.sprites.get(key)
        if sp is None:
            lay = self.lay
            assert lay is not None
            h = float(math.ceil(lay.radius) + 2)  # the hex (0.93 r) and its rim fit inside
            sp = self.sprites[key] = g.layer(2 * h, 2 * h)
            sp.begin_frame()
            sp.line_join("round")
            self.node(sp, h, h, value, ghost=ghost)
        return sp

    def slots_only(self, g: Gfx) -> None:
        self.resting(g, [0] * N_NODES, ())

    # -- the route line (3.3, 3.4) ------------------------------------------------
    def route_line(
        self, g: Gfx, route: tuple[int, ...], *, glow_ok: bool, t_sec: float, flash: bool = False
    ) -> bool:
        """Draw the polyline; returns True when it vibrates (needs frames)."""
        lay = self.lay
        if lay is None or len(route) < 2:
            return False
        n = len(route)
        pts = [(lay.cx[i], lay.cy[i]) for i in route]
        w, glow, vib = display.line_style(n, 3 if glow_ok else 1)  # 3.3 tension, 12.1 stage 1 plain
        width = float(w)
        vibrate = vib and not flash
        if vibrate:
            # interior points move along the normal of their segment: sin(t * 10 Hz + i) * 1.5 px
            phase = t_sec * VIB_HZ * 2 * math.pi
            for i in range(1, n - 1):
                (x0, y0), (x1, y1) = pts[i], pts[i + 1]
                dx, dy = x1 - x0, y1 - y0
                d = math.hypot(dx, dy) or 1.0
                off = math.sin(phase + i) * VIB_AMP
                pts[i] = (x0 - dy / d * off, y0 + dx / d * off)
        g.line_cap("round")
        g.line_join("round")
        layers: list[tuple[str, float]] = []
        if flash:
            layers = [("rgba(255,255,255,0.6)", width + 10), (FLASH, width + 2)]
        else:
            if glow:
                layers.append((LINE_GLOW, width + 8))
            layers.append((LINE_CORE, width))
            if glow:
                layers.append(("rgba(255,236,179,0.9)", max(1.0, width * 0.35)))  # inner glow
        for color, lw in layers:
            g.stroke_style(color, lw)
            g.begin_path()
            g.move_to(pts[0][0], pts[0][1])
            for x, y in pts[1:]:
                g.line_to(x, y)
            g.stroke()
        return vibrate

    # -- animation frames ------------------------------------------------------------
    def step_frame(self, g: Gfx, step: Step, p: float, local_ms: float) -> None:
        """Draw the field during one animation step at progress ``p`` (0..1)."""
        from .anim import POP_MS, ease_in, ease_out_back  # the first turn, not the first frame

        lay = self.lay
        assert lay is not None
        gs = [i for i, x in enumerate(step.ghosts) if x]
        if step.kind == "flash":
            self.resting(g, step.values, gs)
            self.route_line(g, step.route, glow_ok=True, t_sec=0.0, flash=True)
            return
        self.resting(g, step.values, gs)
        if step.kind == "collapse":
            for mv in step.movers:
                c = mv.path[0]
                if c == step.target:
                    continue
                self.node(
                    g, lay.cx[c], lay.cy[c], mv.value, scale=1.0 - 0.7 * p, alpha=1.0 - p, ghost=mv.ghost
                )
            x, y = lay.cx[step.target], lay.cy[step.target]
            if p < 0.4:
                old = next((m.value for m in step.movers if m.path[0] == step.target), step.result)
                self.node(g, x, y, old, scale=1.0 + 0.2 * (1 - p / 0.4))
            else:
                q = (p - 0.4) / 0.6
                self.node(g, x, y, step.result, scale=0.7 + 0.3 * ease_out_back(q), glow=1.0 - q)
        elif step.kind == "settle":
            for mv in step.movers:
                q = 0.0 if local_ms <= mv.delay or mv.dur <= 0 else min(1.0, (local_ms - mv.delay) / mv.dur)
                x, y = self.along(mv.path, ease_in(q))
                if mv.spawn and local_ms < POP_MS:  # flows in: pops in while it starts to fall
                    k = local_ms / POP_MS
                    self.node(
                        g,
                        x,
                        y,
                        mv.value,
                        ghost=mv.ghost,
                        alpha=min(1.0, 0.3 + k),
                        scale=max(0.05, ease_out_back(k)),
                    )
                else:
                    self.node(g, x, y, mv.value, ghost=mv.ghost)
        elif step.kind == "clear":
            for mv in step.movers:
                c = mv.path[0]
                self.node(
                    g,
                    lay.cx[c],
                    lay.cy[c],
                    mv.value,
                    ghost=mv.ghost,
                    alpha=1.0 - p,
                    scale=1.0 + 0.3 * p,
                    glow=p,
                )

    def along(self, path: list[int], q: float) -> tuple[float, float]:
        lay = self.lay
        assert lay is not None
        if len(path) == 1:
            return lay.cx[path[0]], lay.cy[path[0]]
        s = q * (len(path) - 1)
        i = min(int(s), len(path) - 2)
        f = s - i
        a, b = path[i], path[i + 1]
        return lay.cx[a] + (lay.cx[b] - lay.cx[a]) * f, lay.cy[a] + (lay.cy[b] - lay.cy[a]) * f

    def tinted(self, g: Gfx, nid: int, value: int) -> None:
        """19.1: the rejected target in #FFCDD2."""
        lay = self.lay
        assert lay is not None
        if value:
            self.node(g, lay.cx[nid], lay.cy[nid], value, tint=INVALID)
        else:
            self.hex_path(g, lay.cx[nid], lay.cy[nid])
            g.fill_style(INVALID)
            g.fill()

    def cursor(self, g: Gfx, nid: int) -> None:
        """Keyboard cursor: a steady brown ring around the node (a focus ring; it used to pulse, but
        the page draws only on input when idle, so each key showed it at a random phase)."""
        lay = self.lay
        assert lay is not None
        self.hex_path(g, lay.cx[nid], lay.cy[nid], 1.1)
        g.alpha(CURSOR_ALPHA)
        g.stroke_style(TEXT, max(2.0, lay.cell * 0.05))
        g.stroke()
        g.alpha(1.0)


def background(g: Gfx) -> None:
    g.clear(BG)
