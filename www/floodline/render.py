"""Canvas side of the voxel view: one JS loop draws a whole quad mesh; the settled world is
cached on an offscreen layer and redrawn only when the board, view, cut-away or size change."""

from __future__ import annotations

import math
import time
from array import array
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

import js  # type: ignore[import-not-found]
from gwweb.floodline import mesh as M
from gwweb.floodline.iso import GRAVITY_VEC, VIEW_AXES, Proj, fit_rows
from gwweb.floodline.occlusion import WorldIndex
from gwweb.floodline.ruler import OPEN_CORNERS, back_wall_ruler, flood_line, gravity_side
from gwweb.shared.canvas import Gfx
from pyodide.ffi import to_js  # type: ignore[import-not-found]

_DRAW_QUADS = js.Function.new(
    "ctx",
    "pts",
    "fills",
    "strokes",
    "styles",
    "lw",
    "start",
    "end",
    """
    const n = Math.min(fills.length, end === undefined ? fills.length : end);
    ctx.lineWidth = lw; ctx.lineJoin = 'round';
    for (let i = start || 0; i < n; i++) {
      const k = i * 8;
      ctx.beginPath(); ctx.moveTo(pts[k], pts[k+1]); ctx.lineTo(pts[k+2], pts[k+3]);
      ctx.lineTo(pts[k+4], pts[k+5]); ctx.lineTo(pts[k+6], pts[k+7]); ctx.closePath();
      const f = fills[i]; if (f >= 0) { ctx.fillStyle = styles[f]; ctx.fill(); }
      const s = strokes[i]; if (s >= 0) { ctx.strokeStyle = styles[s]; ctx.stroke(); }
    }
    """,
)
_styles_js: Any = None
_styles_n = 0


def typed(ctor: Any, code: str, values: list[Any]) -> Any:
    """A JS typed array filled from a Python list by one buffer copy (``JsBuffer.assign``) instead
    of converting element by element (issue #20: thousands of quads per world)."""
    out = ctor.new(len(values))
    try:
        out.assign(array(code, values))
    except Exception:  # noqa: BLE001 - a runtime without JsBuffer.assign: the slow path
        out = ctor.new(to_js(values))
    return out


class JsMesh:
    """A mesh converted to typed arrays once, so redrawing it is a single JS call."""

    def __init__(self, m: M.Mesh) -> None:
        self.n = len(m)
        self.pts = typed(js.Float32Array, "f", m.pts) if self.n else None
        self.fills = typed(js.Int16Array, "h", m.fills) if self.n else None
        self.strokes = typed(js.Int16Array, "h", m.strokes) if self.n else None


def draw_mesh(g: Gfx, m: M.Mesh | JsMesh, lw: float = 1.0, start: int = 0, end: int = -1) -> None:
    """Draw quads ``start..end`` (all by default) of a mesh in one JS call."""
    global _styles_js, _styles_n
    if not (m.n if isinstance(m, JsMesh) else len(m)):
        return
    if _styles_js is None or _styles_n != len(M.STYLES):
        _styles_js = to_js(list(M.STYLES))
        _styles_n = len(M.STYLES)
    jm = m if isinstance(m, JsMesh) else JsMesh(m)
    g.draw_js(_DRAW_QUADS, jm.pts, jm.fills, jm.strokes, _styles_js, lw, start, jm.n if end < 0 else end)


_CLIP_HEXES = js.Function.new(
    "ctx",
    "pts",
    """
    ctx.beginPath();
    for (let k = 0; k < pts.length; k += 12) {
      ctx.moveTo(pts[k], pts[k+1]);
      for (let j = 2; j < 12; j += 2) ctx.lineTo(pts[k+j], pts[k+j+1]);
      ctx.closePath();
    }
    ctx.clip();
    """,
)
#: turn about (cx, cy) by ``angle``, scale by ``k`` about it, then shift by (dx, dy)
_TRANSFORM = js.Function.new(
    "ctx",
    "cx",
    "cy",
    "angle",
    "k",
    "dx",
    "dy",
    """
    ctx.translate(cx, cy);
    if (angle) ctx.rotate(angle);
    if (k !== 1) ctx.scale(k, k);
    ctx.translate(dx - cx, dy - cy);
    """,
)
_DASHED = js.Function.new(
    "ctx",
    "pts",
    "style",
    "lw",
    """
    ctx.save(); ctx.setLineDash([5, 4]); ctx.lineWidth = lw; ctx.strokeStyle = style; ctx.lineJoin = 'round';
    ctx.beginPath();
    for (let k = 0; k < pts.length; k += 8) {
      ctx.moveTo(pts[k], pts[k+1]); ctx.lineTo(pts[k+2], pts[k+3]);
      ctx.lineTo(pts[k+4], pts[k+5]); ctx.lineTo(pts[k+6], pts[k+7]); ctx.closePath();
    }
    ctx.stroke(); ctx.restore();
    """,
)


#: per-frame time for the sliced world rebuild (mesh building, then painting), ms
BUDGET_MS = 5.0
#: quads painted per JS call while painting the back layer
PAINT_CHUNK = 600


class Part:
    """One moving group ready to draw: its merged mesh, clip outline and x-ray outline."""

    def __init__(self, mesh: M.Mesh, clip: list[float], xray: M.Mesh | None, xray_style: str) -> None:
        self.mesh = JsMesh(mesh)
        self.clip = typed(js.Float32Array, "f", clip) if clip else None
        self.xray = typed(js.Float32Array, "f", xray.pts) if xray is not None and len(xray) else None
        self.xray_style = xray_style


@dataclass
class Job:
    """A world layer being built over several frames: the mesh steps, then the quads painted."""

    key: tuple[object, ...]
    proj: Proj
    steps: Generator[None, None, M.Mesh]
    height_limit: int
    open_faces: tuple[str, ...]
    open_label: str
    gravity: tuple[str, str] = ("DOWN", "")  # (gravity, the label of the side it falls toward)
    flood: tuple[int, str] | None = None  # (the flood line's height, its label)
    jm: JsMesh | None = None  # the finished mesh as typed arrays
    index: WorldIndex | None = None  # its occlusion index
    at: int = -1  # quads painted so far (-1: the back layer not started)


class WorldView:
    """Projection + the cached settled-world layer for the current board, and the camera.

    The layer holds the whole box at a scale that shows ``rows`` rows; on taller boards it is
    taller than the view and the camera pans vertically (``off``, eased) to follow the piece and
    the top of the stack (Input §7.3). The horizon never turns (§7.1).
    """

    def __init__(self) -> None:
        self.proj: Proj | None = None
        self.layer: Gfx | None = None
        self.key: tuple[object, ...] = ()
        self.place_key: tuple[object, ...] = ()
        self.rect = (0.0, 0.0, 1.0, 1.0)
        self.layer_h = 1.0
        self.off = 0.0
        self.target = 0.0
        self.redraws = 0
        self.ms = 0.0
        self.index: WorldIndex | None = None
        self.zoom = 1.0  # eased scale change (old scale / new scale → 1)
        self.job: Job | None = None  # the layer being built for a new key (sliced)
        self.back: Gfx | None = None  # the layer painted while the front one is shown
        self.flush = False  # the next ensure builds the whole layer at once (test hooks)
        self.flushed = False  # the last rebuild was such a flush

    def place(self, view: int, size: list[int], rect: tuple[float, float, float, float], rows: int) -> Proj:
        x, y, w, h = rect
        self.rect = rect
        pk = (view, tuple(size), w, h, rows)
        if pk != self.place_key or self.proj is None:
            old = self.proj if self.place_key[:4] == pk[:4] else None
            self.place_key = pk
            p, lh = fit_rows(view, size[0], size[1], size[2], w, h, rows)
            # only the rows changed (a spawn on a taller/shorter stack): zoom from the old scale
            self.zoom = old.s / p.s if old is not None else 1.0
            self.proj, self.layer_h = p, lh
            self.off = self.target = min(0.0, h - lh)  # floor first; the focus pass moves it
        return self.proj

    def pans(self) -> bool:
        return self.layer_h > self.rect[3] + 0.5

    def aim(self, top: float, bottom: float) -> None:
        """Set the camera target so layer rows ``top..bottom`` (px) are on screen, centred if they
        fit, else with the top (the piece) kept near the upper edge."""
        h = self.rect[3]
        if not self.pans():
            self.target = 0.0
            return
        m = h * 0.08
        if bottom - top + 2 * m <= h:
            t = h / 2 - (top + bottom) / 2
        else:
            t = m - top
        self.target = max(h - self.layer_h, min(0.0, t))

    def visible(self, top: float, bottom: float) -> bool:
        h = self.rect[3]
        m = h * 0.03
        return top + self.off >= m and bottom + self.off <= h - m

    def ease(self) -> bool:
        """One frame of camera easing; True while moving."""
        if abs(self.zoom - 1.0) > 0.004:
            self.zoom += (1.0 - self.zoom) * 0.2
        else:
            self.zoom = 1.0
        d = self.target - self.off
        if abs(d) < 0.5:
            self.off = self.target
            return False
        self.off += d * 0.16
        return True

    def ensure(
        self,
        g: Gfx,
        key: tuple[object, ...],
        cells: list[dict[str, Any]],
        height_limit: int,
        cut: int | None,
        marked: set[tuple[int, int, int]] | None,
        open_faces: tuple[str, ...] = (),
        open_label: str = "open",
        scope: list[list[int]] | None = None,
        basin: dict[str, Any] | None = None,
        busy: bool = False,
        gravity: tuple[str, str] = ("DOWN", ""),
        flood: tuple[int, str] | None = None,
    ) -> str:
        """Bring the layer up to ``key`` (board identity, view, cut, size). The work is sliced over
        frames (issue #20): the mesh is built ``BUDGET_MS`` at a time, then painted on a back layer
        a chunk of quads at a time, and the layers swap when it is done — nothing on a ``busy`` frame
        (another heavy job ran). Without a layer yet it is all done at once. Returns the work done."""
        if key == self.key and self.layer is not None:
            self.job = None
            return ""
        first = self.flush  # a test hook asked: all at once (else sliced, even the first layer)
        self.flushed, self.flush = self.flush, False
        if busy and not first:
            return ""
        t0 = time.perf_counter()
        budget = 1e9 if first else BUDGET_MS
        job = self.job
        proj = self.proj
        assert proj is not None
        if job is None or job.key != key or job.proj is not proj:
            steps = M.world_mesh_steps(proj, cells, cut, marked, scope, basin)
            job = self.job = Job(key, proj, steps, height_limit, open_faces, open_label, gravity, flood)
        spent = lambda: (time.perf_counter() - t0) * 1000  # noqa: E731
        if job.jm is None:
            try:
                while spent() < budget:
                    next(job.steps)
                self.ms = spent()
                return "mesh"
            except StopIteration as done:
                wm = done.value
                job.jm = JsMesh(wm)
                job.index = WorldIndex(proj, wm)
                if not first and spent() >= budget:
                    self.ms = spent()
                    return "mesh"
        back = self._paint(g, job, budget - spent())
        self.ms = spent()
        if back is None:
            return "paint"
        self.back, self.layer = self.layer, back
        self.index = job.index
        self.key = key
        self.job = None
        self.redraws += 1
        return "paint"

    def _paint(self, g: Gfx, job: Job, budget: float) -> Gfx | None:
        """Paint the job's mesh on the back layer, ``PAINT_CHUNK`` quads per call while ``budget``
        (ms) lasts; the finished back layer, or None when there is more to paint."""
        t0 = time.perf_counter()
        p = self.proj
        assert p is not None
        w, h = self.rect[2], self.layer_h
        lg = self.back
        if job.at < 0:
            if lg is None or lg.width != w or lg.height != h:
                lg = self.back = g.layer(w, h)
            lg.fit()
            lg.clear_rect(0, 0, w, h)
            self._frame(lg, p, job)
            job.at = 0
        assert lg is not None
        jm = job.jm
        assert jm is not None
        while job.at < jm.n:
            end = min(jm.n, job.at + PAINT_CHUNK)
            draw_mesh(lg, jm, 1.0, job.at, end)
            job.at = end
            if (time.perf_counter() - t0) * 1000 >= budget and job.at < jm.n:
                return None
        return lg

    @staticmethod
    def _frame(lg: Gfx, p: Proj, job: Job) -> None:
        """The floor tiles, the height ruler on the back walls, the box outline with the red overflow
        line, the open faces, and under a sideways gravity the side the world falls toward."""
        height_limit, open_faces, open_label = job.height_limit, job.open_faces, job.open_label
        tiles, lines = M.frame_mesh(p, height_limit)
        floor = M.Mesh()
        fl, fl2, edge = M.style("#2b3a48"), M.style("#30404f"), M.style("rgba(140,170,200,0.25)")
        for i, t in enumerate(tiles):
            floor.add(t, fl if (i + i // p.sz) % 2 else fl2, edge)
        draw_mesh(lg, floor)
        back_wall_ruler(lg, p, height_limit)
        for k, ln in enumerate(lines):
            color = "rgba(255,90,90,0.85)" if k == 1 else "rgba(160,190,220,0.35)"
            pts = [(ln[i], ln[i + 1]) for i in range(0, len(ln), 2)]
            for (x1, y1), (x2, y2) in zip(pts, pts[1:], strict=False):
                lg.line(x1, y1, x2, y2, color, 2 if k == 1 else 1)
        for face in open_faces:
            open_face(lg, p, face, height_limit, open_label)
        if job.gravity[0] != "DOWN":
            gravity_side(lg, p, *job.gravity)
        if job.flood is not None:
            flood_line(lg, p, *job.flood)

    def forget(self) -> None:
        """Drop the shown world (a new level): nothing is drawn until its own layer is ready."""
        self.layer = None
        self.key = ()
        self.index = None
        self.job = None

    def shows(self, run_id: int) -> bool:
        """The layer shows (some board version of) the run ``run_id``."""
        return self.layer is not None and self.key[:1] == (run_id,)

    def shown_version(self, run_id: int) -> int:
        """The board version of run ``run_id`` the layer shows (-1: another run's, or none)."""
        v = self.key[1] if len(self.key) > 1 and self.key[0] == run_id else -1
        return v if isinstance(v, int) else -1

    def current(self, key: tuple[object, ...]) -> bool:
        """The layer shows ``key``."""
        return key == self.key and self.layer is not None

    def blit(self, g: Gfx, tilt: float = 0.0) -> None:
        if self.layer is None:
            return
        x, y, w, h = self.rect
        g.save()
        g.clip_rect(x, y, w, h)
        self._zoom(g)
        if abs(tilt) >= 1e-3:
            g.draw_js(_TRANSFORM, x + w / 2, y + h / 2, tilt, 1, 0, 0)
        g.blit(self.layer, x, y + self.off)
        g.restore()

    def _zoom(self, g: Gfx) -> None:
        if self.zoom != 1.0:
            x, y, w, h = self.rect
            g.draw_js(_TRANSFORM, x + w / 2, y + h / 2, 0, self.zoom, 0, 0)

    def draw_dynamic(self, g: Gfx, parts: list[Part], tilt: float = 0.0) -> None:
        """Previews, ghost and piece in layer coordinates: each group with the world voxels in
        front of it repainted inside its silhouette, then dashed x-ray outlines of hidden voxels."""
        x, y, w, h = self.rect
        g.save()
        g.clip_rect(x, y, w, h)
        self._zoom(g)
        # the piece swings with the board during the tilt animation
        angle = tilt if abs(tilt) >= 1e-3 else 0
        g.draw_js(_TRANSFORM, x + w / 2, y + h / 2, angle, 1, x, y + self.off)
        for part in parts:
            if part.clip is not None:
                g.save()
                g.draw_js(_CLIP_HEXES, part.clip)
                draw_mesh(g, part.mesh, 1.2)
                g.restore()
            else:
                draw_mesh(g, part.mesh, 1.2)
        for part in parts:
            if part.xray is not None:
                g.draw_js(_DASHED, part.xray, part.xray_style, 1.6)
        g.restore()


def open_face(g: Gfx, p: Proj, face: str, height: int, label: str) -> None:
    """An open (void) side of the box: blocks that cross it are lost (RULES 16). A faint orange
    sheet with dashed edges and a label at its floor edge."""
    corners = OPEN_CORNERS.get(face)
    if corners is None:
        return
    (x0, z0), (x1, z1) = corners(p.sx, p.sz)
    pts = [p.world(x0, 0, z0), p.world(x1, 0, z1), p.world(x1, height, z1), p.world(x0, height, z0)]
    nx, _, nz = GRAVITY_VEC[face]  # the face's outward normal: gravity toward that side (engine)
    (ax, az), (bx, bz) = VIEW_AXES[p.view]
    if nx * (ax + bx) + nz * (az + bz) < 0:  # a back side: a faint sheet (a front one stays clear)
        g.poly(pts, fill="rgba(255,140,40,0.10)")
    g.line_dash([7, 5])
    g.poly(pts, stroke="rgba(255,150,60,0.9)", width=2)
    g.line_dash(None)
    g.line(pts[0][0], pts[0][1], pts[1][0], pts[1][1], "rgba(255,150,60,1)", 4)
    mx, my = (pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2
    g.text(mx, my + 16, label, "#ffb070", 12, True, align="center")


def gravity_dir(p: Proj, gravity: str) -> tuple[float, float]:
    return p.screen_dir(GRAVITY_VEC[gravity])


def tilt_angle(p: Proj, old: str, new: str, t: float) -> float:
    """Screen rotation for the tilt animation: the board swings from the old gravity to the new."""
    o = gravity_dir(p, old)
    n = gravity_dir(p, new)
    ang = math.atan2(o[0] * n[1] - o[1] * n[0], o[0] * n[0] + o[1] * n[1])
    ease = (1 - t) ** 2
    return -ang * 0.25 * ease
