"""The play field: cached world, camera follow, depth-correct piece/ghost, overlays and tips."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Protocol

from gwweb.floodline import hud
from gwweb.floodline import mesh as M
from gwweb.floodline.iso import Proj
from gwweb.floodline.model import Run
from gwweb.floodline.occlusion import hex_box, occluded_mesh, outline_mesh
from gwweb.floodline.render import Part, WorldView, tilt_angle
from gwweb.floodline.ui import Ui
from gwweb.shared.canvas import Gfx

from engine.floodline.level import TICKS_PER_SECOND

TIP_TICKS = TICKS_PER_SECOND * 12  # the prompt's 12 seconds
PIECE_XRAY = "rgba(255,214,120,0.95)"
GHOST_XRAY = "rgba(255,255,255,0.7)"


class BoardPage(Protocol):
    """The drawing state the play field reads and keeps (``drawstate.DrawState``): the world layer
    and camera, the string lookup, and this module's caches (camera rows, piece/ghost meshes, the
    prompt's lines). The UI state comes as its own argument."""

    world: WorldView
    shell: Any
    t: Callable[..., str]
    heavy: bool
    stages: list[str]
    rows_key: tuple[object, ...]
    cam_rows: int
    cam_spawn: tuple[object, ...]
    dyn_key: tuple[object, ...]
    dyn_parts: list[Part]
    dyn_ms: tuple[float, float]
    hidden: dict[str, list[list[int]]]
    warnings_shown: list[str]
    tip_key: tuple[object, ...]
    tip_lines: tuple[list[str], float]

    def tip_text(self, ui: Ui, run: Run) -> str: ...
    def touch_hints(self, ui: Ui) -> bool: ...


def floor_in_view(run: Run) -> bool:
    """Under a sideways gravity the whole structure falls (its base matters as much as its top), and
    where a flood line is set the floor water is the danger: the camera keeps the floor in view."""
    s = run.state
    return s.gravity.value != "DOWN" or s.level.constraints.water_forbidden_height is not None


def rows_for(app: BoardPage, run: Run) -> int:
    """Rows the camera shows (Input §7.3). Chosen on spawn so the piece and the top of the
    structure (plus a few rows under it) fit, in steps of 4 rows so the scale changes rarely;
    taller boards are panned rather than shrunk to a sliver."""
    s = run.state
    key = (id(run), s.metrics["piecesUsed"], s.metrics["holdsUsed"], s.gravity.value, s.board.sy)
    if key != app.rows_key:
        app.rows_key = key
        cells = run.active_cells()
        hi = max((c[1] for c in cells), default=s.height_limit) + 1
        lo = run.top_cells[0][1] if run.top_cells else 0
        if floor_in_view(run):  # the base of the structure (or the flood) stays in view
            lo = 0
        need = hi - max(0, lo - 3) + 1
        app.cam_rows = min(s.board.sy, max(12, -(-need // 4) * 4))
    return int(app.cam_rows)


def _span(p: Proj, cells: list[list[int]]) -> tuple[float, float]:
    top, bottom = 1e9, -1e9
    for c in cells:
        b = hex_box(p, c[0], c[1], c[2])
        top, bottom = min(top, b[1]), max(bottom, b[3])
    return top, bottom


def camera(
    app: BoardPage, ui: Ui, run: Run, p: Proj, cells: list[list[int]], ghost: list[list[int]], snap: bool
) -> None:
    """Input §7.3: on spawn (and when the piece would leave the view) recentre on the piece, its
    landing spot and the top of the structure; ease there. Views and resizes snap."""
    wv = app.world
    if ui.reduced_motion:  # prefers-reduced-motion: the camera jumps, it does not glide or zoom
        snap = True
        wv.zoom = 1.0
    if not wv.pans():
        wv.off = wv.target = 0.0
        wv.ease()
        return
    s = run.state
    spawn = (id(run), s.metrics["piecesUsed"], s.metrics["holdsUsed"], s.gravity.value, ui.view)
    top = run.top_cells
    if not top:  # nothing built yet: the floor is the top of the structure
        b = s.board
        top = [[0, 0, 0], [b.sx - 1, 0, 0], [0, 0, b.sz - 1], [b.sx - 1, 0, b.sz - 1]]
    focus = cells + ghost + top
    if floor_in_view(run):  # sideways gravity or a flood line: the floor stays on screen
        b = s.board
        focus = focus + [[0, 0, 0], [b.sx - 1, 0, b.sz - 1]]
    if not focus:
        return
    if spawn != app.cam_spawn or snap:
        app.cam_spawn = spawn
        wv.aim(*_span(p, focus))
    elif cells:
        y_top, y_bottom = _span(p, cells)
        if not wv.visible(y_top, y_bottom):
            wv.aim(*_span(p, focus))
    if snap:
        wv.off = wv.target
    wv.ease()


def draw_board(app: BoardPage, ui: Ui, g: Gfx, run: Run, rect: tuple[float, float, float, float]) -> None:
    s = run.state
    wv = app.world
    old_place = wv.place_key
    p = wv.place(ui.view, [s.board.sx, s.board.sy, s.board.sz], rect, rows_for(app, run))
    key = (
        id(run),
        run.board_version,
        ui.cut,
        s.height_limit,
        wv.place_key,
        app.shell.i18n.lang,
        ui.basins,
        s.gravity.value,
    )
    faces = tuple(sorted(str(getattr(f, "value", f)) for f in s.board.open_faces))
    basin = run.basins() if ui.basins else None
    flood = s.level.constraints.water_forbidden_height
    did = wv.ensure(
        g,
        key,
        run.board_cells,
        s.height_limit,
        ui.cut,
        run.unsupported,
        faces,
        app.t("open_face"),
        run.drain_scope,
        basin,
        app.heavy,
        (s.gravity.value, app.t("gravity_side")),
        None if flood is None else (flood, app.t("flood_line")),
    )
    app.heavy = app.heavy or (bool(did) and not wv.flushed)
    if did:
        app.stages.append(f"{did} {wv.ms:.0f}")
    # until the layer shows the new board, the piece that just locked is drawn over the old one
    shown = wv.shown_version(id(run))  # board version on the layer
    lag = run.locked[0] if 0 <= shown <= run.locked_at else []
    tilt = 0.0
    if ui.tilt_anim is not None:
        old, new, f = ui.tilt_anim
        tilt = tilt_angle(p, old, new, f / 14)
        ui.tilt_anim = (old, new, f + 1) if f < 14 else None
    ghost = run.ghost()
    cells = run.active_cells()
    camera(app, ui, run, p, cells, ghost, wv.place_key != old_place)
    wv.blit(g, tilt)
    pv = ui.preview
    pv_on = pv is not None and pv.get("board") == run.board_version
    mat = s.active.material.value if s.active is not None else ""
    dkey = (wv.key, str(cells), str(ghost), mat, id(pv) if pv_on else 0, str(lag))
    # only the layer changed (a new world swapped in) on a frame that already did heavy work: the
    # piece and ghost meshes are rebuilt against the new world on the next frame (issue #20)
    later = app.heavy and bool(app.dyn_parts) and app.dyn_key[1:] == dkey[1:]
    if dkey != app.dyn_key and wv.index is not None and not later:
        t0 = time.perf_counter()
        app.dyn_key = dkey
        parts = []
        hidden: dict[str, list[list[int]]] = {"piece": [], "ghost": []}
        if lag:
            look = {"HEAVY": "HEAVY", "REINFORCED": "REINFORCED"}.get(run.locked[1], "STANDARD")
            parts.append(Part(M.piece_mesh(p, lag, look, M.EDGE), [], None, ""))
        if pv_on and pv is not None and pv.get("gone"):  # §10.2: what this tilt would move or lose
            parts.append(Part(M.piece_mesh(p, pv["gone"], "DOOMED", M.BAD_EDGE), [], None, ""))
        if pv_on and pv is not None and pv.get("moved"):
            parts.append(Part(M.piece_mesh(p, pv["moved"], "PREVIEW", M.PREVIEW_EDGE), [], None, ""))
        if ghost:
            bad = run.ghost_overflow(ghost) or run.ghost_on_water(ghost)
            m, clip, hid = occluded_mesh(wv.index, ghost, "GHOST", M.BAD_EDGE if bad else M.GHOST_EDGE, False)
            xr = outline_mesh(p, hid, ghost, M.GHOST_EDGE) if hid else None
            parts.append(Part(m, clip, xr, GHOST_XRAY))
            hidden["ghost"] = [list(c) for c in hid]
        if cells:
            look = {"HEAVY": "ACTIVE_HEAVY", "REINFORCED": "ACTIVE_REINFORCED"}.get(mat, "ACTIVE")
            m, clip, hid = occluded_mesh(wv.index, cells, look, M.ACTIVE_EDGE, True)
            xr = outline_mesh(p, hid, cells, M.ACTIVE_EDGE) if hid else None
            parts.append(Part(m, clip, xr, PIECE_XRAY))
            hidden["piece"] = [list(c) for c in hid]
        app.dyn_parts = parts
        app.hidden = hidden
        ms = (time.perf_counter() - t0) * 1000
        app.dyn_ms = (ms, max(app.dyn_ms[1], ms))
        app.stages.append(f"dyn {ms:.0f}")
    wv.draw_dynamic(g, app.dyn_parts, tilt)
    x, y, w, h = rect
    if cells and ghost:
        g.save()
        g.clip_rect(x, y, w, h)
        hud.drop_line(g, p, x, y + wv.off, cells, ghost)
        g.restore()
    rain = (run.endless or {}).get("rain")
    if rain is not None:  # endless: where the next shower falls (engine endless.status), to catch it
        g.save()
        g.clip_rect(x, y, w, h)
        rain_marker(g, p, x, y + wv.off, rain, s.board.sy, app.t("e_here", n=rain["inPieces"]))
        g.restore()
    overlays(app, ui, g, run, rect, p, ghost)


def rain_marker(g: Gfx, p: Proj, x: float, y: float, rain: dict[str, Any], sy: int, label: str) -> None:
    """A dashed blue column from the top of the box to the floor over the next shower's column."""
    cx, cz = (int(v) for v in rain["column"])
    x1, y1 = p.world(cx + 0.5, sy, cz + 0.5)
    x2, y2 = p.world(cx + 0.5, 0, cz + 0.5)
    g.line_dash([5, 4])
    g.line(x + x1, y + y1, x + x2, y + y2, "rgba(110,190,255,0.9)", 2)
    g.line_dash(None)
    g.circle(x + x2, y + y2, 4, fill="rgba(110,190,255,0.9)")
    g.text(x + x1, y + y1 - 6, label, "#8fd0ff", 12, True, align="center")


def piece_screen_box(app: BoardPage, run: Run) -> list[float] | None:
    """The active piece's bounding box in CSS px on the page (for tests)."""
    p = app.world.proj
    cells = run.active_cells()
    if p is None or not cells:
        return None
    x, y, _, _ = app.world.rect
    boxes = [hex_box(p, c[0], c[1], c[2]) for c in cells]
    off = app.world.off
    return [
        x + min(b[0] for b in boxes),
        y + off + min(b[1] for b in boxes),
        x + max(b[2] for b in boxes),
        y + off + max(b[3] for b in boxes),
    ]


def overlays(
    app: BoardPage,
    ui: Ui,
    g: Gfx,
    run: Run,
    rect: tuple[float, float, float, float],
    p: Proj,
    ghost: list[list[int]],
) -> None:
    x, y, w, h = rect
    t = app.t
    s = run.state
    bs = 40.0 if app.touch_hints(ui) else 30.0  # finger-sized on touch screens
    g.button("cutDown", x + w - 2 * bs - 12, y + 8, bs, bs, "▾", size=14 + (bs - 30) / 3)
    g.button("cutUp", x + w - bs - 8, y + 8, bs, bs, "▴", size=14 + (bs - 30) / 3)
    cut = t("slice_off") if ui.cut is None else t("slice", n=ui.cut)
    g.text(x + w - 8, y + bs + 24, cut, hud.ACCENT if ui.cut is not None else hud.DIM, 12, align="right")
    if run.wet or ui.basins:
        bw = 2 * bs + 4
        g.button(
            "basins", x + w - bw - 8, y + bs + 32, bw, bs - 2, t("basins_btn"), size=12, active=ui.basins
        )
    if ui.basins and run.wet:  # §10.3 legend
        bx = x + w - 8
        for i, (key_, color) in enumerate(
            (("bz_low", "#7ff6ff"), ("bz_next", "#96d2ff"), ("bz_drain", "#36d6e8"))
        ):
            g.text(bx, y + 2 * bs + 48 + i * 16, t(key_), color, 12, align="right")
    pv = ui.preview
    # on narrow screens below the board's top corner buttons: at the board's foot, near the pad
    ly = y + h - 22 if w < 560 else y + 24
    if pv is not None and pv.get("board") == run.board_version:
        hud.preview_label(t, g, pv, x + w / 2, ly, w - 16)
        g.text(x + w / 2, ly + (-22 if w < 560 else 26), t("planning"), hud.ACCENT, 12, True, align="center")
    else:
        flash_refusal(app, ui, g, run, x + w / 2, ly, w - 16)
    r = max(18.0, min(30.0, w * 0.05))
    hud.gravity_badge(g, t, run, p, x + r + 12, y + r + 12, r)
    hud.wind_badge(g, t, run, p, x + r + 12, y + 3 * r + 44, r * 0.8)
    if s.outcome is None:
        app.warnings_shown = hud.warnings(g, t, run, x + 2 * r + 34, y + 10, ghost, w - 2 * r - 2 * bs - 60)
    else:
        app.warnings_shown = []
    tip_box(app, ui, g, run, rect)


FLASH_MS = 2600.0


def flash_refusal(app: BoardPage, ui: Ui, g: Gfx, run: Run, cx: float, cy: float, max_w: float) -> None:
    """A refused or rolled-back tilt says why (engine ``tilt_refusal``) for a few seconds: a toast
    of the shell (spoken to screen readers too), drawn here as a banner over the board."""
    seen = (id(run), run.refusals)
    toasts = app.shell.toasts
    if run.refusal is not None and seen != ui.refusal_seen:
        ui.refusal_seen = seen
        toasts.push(hud.refusal_text(app.t, run.refusal), FLASH_MS)
    if run.state.outcome is not None:
        return
    shown = toasts.visible()
    if shown:
        text, a = shown[-1]
        g.alpha(a)
        hud.banner(g, text, cx, cy, max_w)
        g.alpha(1.0)


def tip_visible(app: BoardPage, ui: Ui, run: Run) -> bool:
    """The beat prompt shows for the first 12 s of a level (always while watching a replay) until
    the player taps/clicks it away."""
    if ui.tip_closed or not app.tip_text(ui, run):
        return False
    return run.state.tick < TIP_TICKS or ui.watching


def tip_holds_clock(app: BoardPage, ui: Ui, run: Run) -> bool:
    """On a phone the level's prompt is read before the first piece falls (issue #26): the clock
    waits at tick 0 while it is up, and a tap on it, or on the pad, starts the level."""
    return (
        ui.phone
        and not ui.watching
        and run.state.tick == 0
        and run.state.outcome is None
        and tip_visible(app, ui, run)
    )


def tip_box(app: BoardPage, ui: Ui, g: Gfx, run: Run, rect: tuple[float, float, float, float]) -> None:
    """The tutorial prompt, at the foot of the board. On a phone it leaves the HUD strip (objectives,
    star conditions, next pieces) readable and the level waits for it to be tapped away (see
    ``tip_holds_clock``); on a desktop the first piece falls meanwhile. A tap or click closes it (✕)."""
    ui.tip_rect = None
    ui.tip_holds = False
    if run.state.outcome is not None or not tip_visible(app, ui, run):
        return
    tip = app.tip_text(ui, run)
    x, y, w, h = rect
    wait = ui.tip_holds = tip_holds_clock(app, ui, run)
    bx, bw = (x + 8, w - 16) if ui.phone else (x + 12, min(w - 24, 540.0))
    size = 13.0
    key = (tip, bw, wait, app.shell.i18n.lang)
    if app.tip_key != key:
        lines = g.wrap(tip, bw - 44, size)
        if wait:
            lines += g.wrap(app.t("tip_start"), bw - 44, size)
        app.tip_key, app.tip_lines = key, (lines, size)
    lines, size = app.tip_lines
    lh = size + 4
    th = 10 + lh * len(lines)
    bh = max(th, 30.0)
    by = y + h - bh - 8
    g.rect(bx, by, bw, bh, "rgba(10,16,24,0.94)" if wait else "rgba(10,16,24,0.82)")
    g.frame(bx + 0.5, by + 0.5, bw - 1, bh - 1, "rgba(255,210,122,0.5)")
    ty = by + (bh - th) / 2
    for i, line in enumerate(lines):
        last = wait and i == len(lines) - 1
        g.text(bx + 10, ty + 5 + lh * (i + 0.8), line, hud.GOOD if last else hud.ACCENT, size, last)
    g.text(bx + bw - 16, by + 18, "✕", hud.DIM, 14, True, align="center")
    ui.tip_rect = (bx, by, bw, bh)


def tip_hit(rect: tuple[float, float, float, float] | None, px: float, py: float) -> bool:
    """A pointer down at (px, py) falls on the prompt drawn at ``rect`` (the caller closes it)."""
    return rect is not None and rect[0] <= px <= rect[0] + rect[2] and rect[1] <= py <= rect[1] + rect[3]
