"""Board drawing: terrain (cached layer), hazards in colour and pattern, props, leaks, robot,
and the all-seeing-eye underground overlay. Reads engine state; decides nothing."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.reactor.balance import CARRIERS
from engine.reactor.f32 import display
from engine.reactor.presentation import layer_opacity
from engine.reactor.state import ABSENT, LEAKING
from engine.reactor.views import danger_cells, robot_doomed_next_pulse

from .sprites import (
    ALPHA,
    CARRIER_OFFSET,
    COL,
    FLOOR,
    FLOOR_LINE,
    LETHAL,
    QUAD,
    SURF_COL,
    WALL,
    WALL_EDGE,
    _cell_label,
    draw_prop,
    pattern,
    skull,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from gwweb.shared.canvas import Gfx

    from engine.reactor.state import ReactorState

    from .layout import Layout


MAX_LAYER_PX = 2400 * 2400  # backing-store pixels of one cached board layer (bigger: drawn directly)


class BoardPainter:
    """Draws one level's board. Three offscreen layers (board-sized, origin at the board's corner)
    hold what only changes with the state shown: the floor and hazards, then leaks, props and the
    danger marks, then the hazard numbers and the eye's underground view; a frame blits them and
    draws the robot. During a pulse cascade only the layers whose input changed are redrawn (the
    eased surface values: floor+hazards and numbers; the props layer only when the stage changes)."""

    def __init__(self) -> None:
        self.layer: Any = None
        self.key: tuple[Any, ...] = ()
        self.danger_for: Any = None
        self.danger_map: dict[int, tuple[str, str]] = {}
        self._doomed: tuple[Any, bool] | None = None
        self.cache: dict[str, tuple[Any, tuple[Any, ...]]] = {}  # layer name -> (Gfx, key)
        self.redrawn: dict[str, int] = {"base": 0, "mid": 0, "top": 0}  # layer redraw counts (tests)

    def board(
        self,
        g: Gfx,
        st: ReactorState,
        view: ReactorState,
        lay: Layout,
        surf: dict[str, Any],
        eye_layer: str | None,
    ) -> None:
        """The whole board under the robot: terrain, hazards, leaks, props, danger, numbers and (when
        ``eye_layer`` is given) the underground view; ``view`` is the state shown (a cascade stage),
        ``surf`` its surface values."""
        s = lay.cell
        w, h = s * st.grid.width, s * st.grid.height
        if w * h * g.dpr * g.dpr > MAX_LAYER_PX:  # a huge zoomed board: draw straight to the screen
            self.terrain(g, st, lay)
            self._base(g, view, lay, surf)
            self._mid(g, view, lay)
            self._top(g, view, lay, surf, eye_layer)
            self.doomed(g, view, lay)
            return
        size = (s, st.grid.width, st.grid.height, g.dpr, st.grid)  # the grid: another level, other walls
        local: list[Any] = []  # the layout with the board at (0, 0), made only when a layer is drawn

        def at0() -> Any:
            if not local:
                local.append(replace(lay, ox=0.0, oy=0.0))
            return local[0]

        # keys compare contents (a move clones the whole state but changes little of it)
        under = self._under_sig(view) if eye_layer is not None else None
        self._layer(
            g, "base", size + (surf, view.blocks), w, h, lambda lg: self._base(lg, view, at0(), surf, st)
        )
        self._layer(g, "mid", size + self._mid_sig(view), w, h, lambda lg: self._mid(lg, view, at0()))
        top_key = size + (surf if s >= 38 else None, eye_layer, under)
        self._layer(g, "top", top_key, w, h, lambda lg: self._top(lg, view, at0(), surf, eye_layer))
        for name in ("base", "mid", "top"):
            g.blit(self.cache[name][0], lay.ox, lay.oy)
        self.doomed(g, view, lay)

    def _mid_sig(self, st: ReactorState) -> tuple[Any, ...]:
        """Everything the props/leaks/danger layer reads from a state (compared by value)."""
        consumers = tuple(tuple(st.carriers_at(c)) for c, p in st.props.items() if p.kind == "consumer")
        heat = st.surface["heat"]
        reactors = tuple(heat[c] for c, p in st.props.items() if p.kind == "reactor")
        return (
            st.props,
            st.leaks,
            st.services,
            st.ready,
            st.eye_access,
            consumers,
            reactors,
            self.danger_of(st),
        )

    def _under_sig(self, st: ReactorState) -> tuple[Any, ...]:
        """The underground view's inputs (layers by value, flow sources)."""
        layers = tuple((bytes(la.state), la.amount, la.intensity, la.integrity) for la in st.layers.values())
        return (layers, st.props)

    def danger_of(self, st: ReactorState) -> dict[int, tuple[str, str]]:
        """The engine's ``danger_cells`` of ``st``, once per state (states never change)."""
        if self.danger_for is not st:
            self.danger_for, self.danger_map = st, danger_cells(st)
        return self.danger_map

    def _layer(
        self, g: Gfx, name: str, key: tuple[Any, ...], w: float, h: float, paint: Callable[[Gfx], None]
    ) -> None:
        got = self.cache.get(name)
        if got is not None and got[1] == key:
            return
        if got is None or got[1][:4] != key[:4]:
            lg = sized_layer(g, got[0] if got is not None else None, w, h)
        else:
            lg = got[0]
            lg.clear_rect(0, 0, w, h)
        paint(lg)
        self.cache[name] = (lg, key)
        self.redrawn[name] += 1

    def _base(
        self, g: Gfx, view: ReactorState, lay: Layout, surf: dict[str, Any], st: ReactorState | None = None
    ) -> None:
        if st is not None:
            self.terrain(g, st, lay)
        self.hazards(g, view, lay, surf)

    def _mid(self, g: Gfx, view: ReactorState, lay: Layout) -> None:
        self.leaks(g, view, lay)
        self.props(g, view, lay)
        self.danger(g, view, lay)

    def _top(
        self, g: Gfx, view: ReactorState, lay: Layout, surf: dict[str, Any], eye_layer: str | None
    ) -> None:
        self.hazard_labels(g, view, lay, surf)
        if eye_layer is not None:
            self.underground(g, view, lay, eye_layer)

    def terrain(self, g: Gfx, st: ReactorState, lay: Layout) -> None:
        grid = st.grid
        key = (id(grid), lay.cell, grid.width, grid.height, g.dpr)
        if self.layer is None or key != self.key:
            s = lay.cell
            self.layer = sized_layer(g, self.layer, s * grid.width, s * grid.height)
            lg = self.layer
            lg.rect(0, 0, lg.width, lg.height, FLOOR)
            for y in range(grid.height):
                for x in range(grid.width):
                    i = y * grid.width + x
                    if grid.walls[i]:
                        lg.rect(x * s, y * s, s, s, WALL_EDGE)
                        lg.rect(x * s + 1.5, y * s + 1.5, s - 3, s - 3, WALL)
                        lg.line(x * s + 3, y * s + s * 0.5, x * s + s - 3, y * s + s * 0.5, WALL_EDGE, 1)
                    else:
                        lg.frame(x * s + 0.5, y * s + 0.5, s - 1, s - 1, FLOOR_LINE, 1)
            self.key = key
        g.blit(self.layer, lay.ox, lay.oy)

    # -- surface hazards ---------------------------------------------------------------------
    def hazards(self, g: Gfx, st: ReactorState, lay: Layout, surf: dict[str, Any]) -> None:
        s = lay.cell
        h = s / 2
        t = st.balance.thresholds
        w = st.grid.width
        for i in st.grid.floor_cells:
            x0, y0 = lay.ox + (i % w) * s, lay.oy + (i // w) * s
            for q, (qx, qy) in QUAD.items():
                v = surf[q][i]
                th = t[q]
                if v < th.safe:
                    continue
                b = 2 if v >= th.critical else 1 if v >= th.caution else 0
                x, y = x0 + qx * h, y0 + qy * h
                g.alpha(ALPHA[b])
                g.rect(x + 1, y + 1, h - 2, h - 2, SURF_COL[q])
                g.alpha(1.0)
                pattern(g, q, b, x + 1, y + 1, h - 2)
                if b == 2:
                    g.frame(x + 1.5, y + 1.5, h - 3, h - 3, "#FFFFFF", 1.5)
            blocks = [e for e, a in st.blocks.items() if a[i] > 0]
            if blocks:
                g.line_dash([3, 3])
                for k, e in enumerate(blocks):
                    g.frame(x0 + 2 + 2 * k, y0 + 2 + 2 * k, s - 4 - 4 * k, s - 4 - 4 * k, COL[e], 1.5)
                g.line_dash([])

    def danger(self, g: Gfx, st: ReactorState, lay: Layout) -> None:
        """Cells that kill the robot (engine ``danger_cells``): lethal now = a solid red frame with
        black-and-red corner stripes and a skull mark; lethal after the next pulse = a dashed red
        frame. A shape, not only a colour (the robot's own doomed cell: ``doomed``)."""
        s = lay.cell
        w = st.grid.width
        for i, (now, later) in self.danger_of(st).items():
            x0, y0 = lay.ox + (i % w) * s, lay.oy + (i // w) * s
            if now:
                g.frame(x0 + 1, y0 + 1, s - 2, s - 2, LETHAL, max(2.0, s * 0.06))
                c = s * 0.28
                for ax, ay, dx, dy in ((x0, y0, 1, 1), (x0 + s, y0 + s, -1, -1)):
                    g.poly([(ax, ay), (ax + dx * c, ay), (ax, ay + dy * c)], LETHAL)
                    g.line(ax + dx * c * 0.5, ay, ax, ay + dy * c * 0.5, "#000000", max(1.5, s * 0.05))
                skull(g, x0 + s * 0.5, y0 + s * 0.5, s * 0.16)
            elif later:
                g.line_dash([max(3.0, s * 0.12), max(2.0, s * 0.08)])
                g.frame(x0 + 2, y0 + 2, s - 4, s - 4, LETHAL, max(2.0, s * 0.06))
                g.line_dash([])

    def doomed(self, g: Gfx, st: ReactorState, lay: Layout) -> None:
        """The robot's own cell doomed next pulse: a red ring and "!" (drawn every frame, not cached:
        it moves with the robot)."""
        if self._doomed is None or self._doomed[0] is not st:
            self._doomed = (st, robot_doomed_next_pulse(st))
        if self._doomed[1]:
            s, w = lay.cell, st.grid.width
            r = st.robot
            cx, cy = lay.ox + (r % w + 0.5) * s, lay.oy + (r // w + 0.5) * s
            g.circle(cx, cy, s * 0.48, None, LETHAL, max(3.0, s * 0.08))
            g.text(cx - s * 0.36, cy - s * 0.32, "!", LETHAL, max(10.0, s * 0.34), True, "center", "middle")

    def hazard_labels(self, g: Gfx, st: ReactorState, lay: Layout, surf: dict[str, Any]) -> None:
        """Numeric values (one decimal) in the hazard quadrants, drawn above the props."""
        s = lay.cell
        if s < 38:
            return
        h = s / 2
        t = st.balance.thresholds
        w = st.grid.width
        fs = max(9.0, h * 0.42)
        for i in st.grid.floor_cells:
            x0, y0 = lay.ox + (i % w) * s, lay.oy + (i // w) * s
            for q, (qx, qy) in QUAD.items():
                v = surf[q][i]
                if v < t[q].safe:
                    continue
                x, y = x0 + qx * h + h / 2, y0 + qy * h + (h * 0.3 if qy == 0 else h * 0.72)
                txt = display(v)
                tw = g.measure(txt, fs, True) + 4
                g.rect(x - tw / 2, y - fs / 2 - 1, tw, fs + 2, "rgba(0,0,0,0.6)")
                g.text(x, y + 0.5, txt, SURF_COL[q], fs, True, "center", "middle")

    def surface_changes(
        self,
        g: Gfx,
        st: ReactorState,
        lay: Layout,
        surf: dict[str, Any],
        old: dict[str, Any],
        cells: tuple[int, ...],
    ) -> None:
        """Eye view during a cascade: the surface values of ``cells`` (those that changed this stage)
        on top of the underground labels, stacked from the bottom of the cell, each boxed in its
        quantity's colour so they do not read as underground values."""
        s = lay.cell
        if s < 24:
            return
        w = st.grid.width
        t = st.balance.thresholds
        fs = max(8.0, s * 0.2)
        for i in cells:
            x0, y0 = lay.ox + (i % w) * s, lay.oy + (i // w) * s
            k = 0
            for q in QUAD:
                v = surf[q][i]
                if v < t[q].safe and abs(v - old[q][i]) < 0.05:
                    continue
                ty = y0 + s - 3 - (k + 1) * (fs + 2)
                if ty < y0 + s * 0.3:
                    break
                txt = display(v)
                tw = min(s - 4, g.measure(txt, fs, True) + 6)
                _cell_label(g, x0, ty, s, tw, fs, txt, SURF_COL[q], framed=True)
                k += 1

    def integrity_changes(
        self, g: Gfx, st: ReactorState, prev: ReactorState, lay: Layout, cells: tuple[int, ...], layer: str
    ) -> None:
        """Eye view during a cascade: underground cells whose integrity changed this stage get an
        ``i old→new`` label in their layer's colour (the eye's labels show integrity only for one
        layer)."""
        s = lay.cell
        if s < 24:
            return
        w = st.grid.width
        fs = max(8.0, s * 0.19)
        for i in cells:
            x0, y0 = lay.ox + (i % w) * s, lay.oy + (i // w) * s
            k = 0
            for c in CARRIERS:
                if layer not in ("all", c):
                    continue
                a, b = prev.layers[c].integrity[i], st.layers[c].integrity[i]
                if a == b:
                    continue
                txt = f"i{display(a)}→{display(b)}"
                ty = y0 + s - 3 - (k + 1) * (fs + 2)
                _cell_label(g, x0, ty, s, s - 4, fs, txt, SURF_COL[c])
                k += 1

    # -- props, leaks, robot -------------------------------------------------------------------
    def props(self, g: Gfx, st: ReactorState, lay: Layout) -> None:
        s = lay.cell
        w = st.grid.width
        for cell, p in st.props.items():
            cx, cy = lay.ox + (cell % w + 0.5) * s, lay.oy + (cell // w + 0.5) * s
            draw_prop(g, st, p, cx, cy, s)
            if p.kind == "valve":
                for o in p.outlets:
                    ox, oy = lay.ox + (o % w + 0.5) * s, lay.oy + (o // w + 0.5) * s
                    g.line_dash([2, 3])
                    g.circle(ox, oy, s * 0.4, None, COL["coolant"], 1.5)
                    g.line_dash([])

    def leaks(self, g: Gfx, st: ReactorState, lay: Layout) -> None:
        s = lay.cell
        w = st.grid.width
        for lk in st.leaks:
            if lk.repaired:
                continue
            ax, ay = lay.ox + (lk.access % w + 0.5) * s, lay.oy + (lk.access // w + 0.5) * s
            col = COL[lk.carrier]
            if lk.cell != lk.access:  # wall leak: a spout from the wall into its face
                wx, wy = lay.ox + (lk.cell % w + 0.5) * s, lay.oy + (lk.cell // w + 0.5) * s
                mx, my = (wx + ax) / 2, (wy + ay) / 2
                dx, dy = (ax - wx) / s, (ay - wy) / s
                px, py = -dy, dx
                g.poly(
                    [
                        (mx - dx * s * 0.12 + px * s * 0.16, my - dy * s * 0.12 + py * s * 0.16),
                        (mx - dx * s * 0.12 - px * s * 0.16, my - dy * s * 0.12 - py * s * 0.16),
                        (mx + dx * s * 0.2, my + dy * s * 0.2),
                    ],
                    col,
                    "#000000",
                    1,
                )
            # crack mark at the repair face (bottom-left corner)
            x0, y0 = ax - s * 0.46, ay + s * 0.46
            pts = [(x0, y0 - s * 0.3), (x0 + s * 0.1, y0 - s * 0.2), (x0 + s * 0.04, y0 - s * 0.12)]
            pts += [(x0 + s * 0.16, y0 - s * 0.02)]
            for a, b in zip(pts, pts[1:]):
                g.line(a[0], a[1], b[0], b[1], "#000000", 4)
            for a, b in zip(pts, pts[1:]):
                g.line(a[0], a[1], b[0], b[1], col, 2.5)

    def robot(self, g: Gfx, st: ReactorState, lay: Layout, cell: int | None = None) -> None:
        s = lay.cell
        w = st.grid.width
        c = st.robot if cell is None else cell
        cx, cy = lay.ox + (c % w + 0.5) * s, lay.oy + (c // w + 0.5) * s
        if c in st.props:  # keep the prop under the robot readable: a smaller robot in the corner
            cx, cy = cx + s * 0.24, cy - s * 0.24
            s *= 0.62
        if st.heat_immunity > 0:
            g.circle(cx, cy, s * 0.42, None, COL["heat"], 3)
        g.circle(cx, cy, s * 0.3, "#ECEFF1", "#000000", 2)
        g.rect(cx - s * 0.18, cy - s * 0.1, s * 0.36, s * 0.12, "#263238")
        g.rect(cx - s * 0.12, cy - s * 0.07, s * 0.07, s * 0.06, "#4DD0E1")
        g.rect(cx + s * 0.05, cy - s * 0.07, s * 0.07, s * 0.06, "#4DD0E1")
        if st.outcome is not None and st.outcome.result == "lost":
            g.line(cx - s * 0.3, cy - s * 0.3, cx + s * 0.3, cy + s * 0.3, "#FF1744", 4)
            g.line(cx + s * 0.3, cy - s * 0.3, cx - s * 0.3, cy + s * 0.3, "#FF1744", 4)
        if st.heat_immunity > 0:
            g.text(cx + s * 0.3, cy - s * 0.28, str(st.heat_immunity), COL["heat"], max(10, s * 0.28), True)

    # -- all-seeing eye -------------------------------------------------------------------------
    def underground(self, g: Gfx, st: ReactorState, lay: Layout, active: str) -> None:
        """Networks as thick lines between cell centres, sources as large dots, numeric values."""
        s = lay.cell
        w, hgt = st.grid.width, st.grid.height
        op = layer_opacity(active) if active != "all" else {c: 1.0 for c in COL} | {"surface": 0.5}
        g.alpha(1.0 - op["surface"])
        g.rect(lay.ox, lay.oy, s * w, s * hgt, "#0B1015")
        order = [c for c in CARRIERS if c != active] + ([active] if active in COL else [])
        for c in order:
            layer = st.layers[c]
            g.alpha(op[c])
            off = CARRIER_OFFSET[c] * s * 0.14
            col = COL[c]
            lw = max(3.0, s * 0.16)
            for i, state in enumerate(layer.state):
                if state == ABSENT:
                    continue
                x, y = lay.ox + (i % w + 0.5) * s + off, lay.oy + (i // w + 0.5) * s + off
                for nb in (i + 1 if (i % w) + 1 < w else -1, i + w if i + w < w * hgt else -1):
                    if nb >= 0 and layer.state[nb] != ABSENT:
                        nx, ny = lay.ox + (nb % w + 0.5) * s + off, lay.oy + (nb // w + 0.5) * s + off
                        g.line(x, y, nx, ny, col, lw)
                g.circle(x, y, lw * 0.7, col)
                if state == LEAKING:
                    g.circle(x, y, lw * 1.3, None, "#FFFFFF", 2)
                    g.line(x - lw, y - lw, x + lw, y + lw, "#FFFFFF", 2)
            for p in st.props_of("flow"):
                if p.carrier == c:
                    x = lay.ox + (p.cell % w + 0.5) * s + off
                    y = lay.oy + (p.cell // w + 0.5) * s + off
                    g.circle(
                        x, y, s * 0.3, col if p.enabled else "#222222", "#FFFFFF" if p.enabled else col, 3
                    )
            g.alpha(1.0)
        if s < 24:
            return
        fs = max(8.0, s * 0.2)
        compact = s < 44
        shown = CARRIERS if active not in COL else (active,)
        for i in range(w * hgt):
            lines = []
            for c in shown:
                layer = st.layers[c]
                if layer.state[i] != ABSENT:
                    a, n = display(layer.amount[i]), display(layer.intensity[i])
                    if compact:
                        lines.append((a, SURF_COL[c]))
                    else:  # one layer: integrity on its own line (one line overflowed the cell)
                        lines.append((f"{a}/{n}", SURF_COL[c]))
                        if len(shown) == 1:
                            lines.append((f"i{display(layer.integrity[i])}", SURF_COL[c]))
            if not lines:
                continue
            x0, y0 = lay.ox + (i % w) * s, lay.oy + (i // w) * s
            for k, (text, col) in enumerate(lines):
                ty = y0 + 2 + k * (fs + 1)
                g.rect(x0 + 1, ty, s - 2, fs + 1, "rgba(0,0,0,0.72)")
                fsz = g.fit_text(text, s - 4, fs, True, 5)
                g.text(x0 + s / 2, ty + fs / 2 + 1, text, col, fsz, True, "center", "middle")


def sized_layer(g: Gfx, old: Gfx | None, w: float, h: float) -> Gfx:
    """An offscreen layer of ``w`` x ``h`` CSS px: ``old`` resized (and so cleared) when there is one
    (a new canvas and its context cost a few ms in Pyodide), else a new one."""
    if old is None:
        return g.layer(w, h)
    old.width, old.height = w, h
    old.fit()
    old.begin_frame()
    old.clear_rect(0, 0, w, h)  # a resize to the same backing size keeps the old pixels
    return old
