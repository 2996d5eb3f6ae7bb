"""Voxel meshes as flat quad lists (pure Python): materials, face culling, painter's order."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from gwweb.floodline.iso import Proj, cube_faces, depth_key, neighbour_offsets

from engine.floodline.board import SUPPORTING

# style table: index → CSS colour; a mesh refers to styles by index so JS gets one array once
STYLES: list[str] = []
_INDEX: dict[str, int] = {}


def style(color: str) -> int:
    i = _INDEX.get(color)
    if i is None:
        i = len(STYLES)
        STYLES.append(color)
        _INDEX[color] = i
    return i


# (top, side +a, side +b) shades per look
LOOKS: dict[str, tuple[str, str, str]] = {
    "STANDARD": ("#e4dccb", "#b9af9c", "#958b79"),
    "HEAVY": ("#7d8390", "#5c616c", "#464a53"),
    "REINFORCED": ("#a9c4df", "#7f9dbd", "#63809f"),
    "WALL": ("#8a7a66", "#6c5e4d", "#54483b"),
    "BEDROCK": ("#5a524a", "#443d37", "#342f2a"),
    "WATER": ("rgba(96,176,255,0.50)", "rgba(40,120,220,0.42)", "rgba(30,95,190,0.46)"),
    "ICE": ("#f2fcff", "#c8ecfa", "#a8dcf0"),
    "POROUS": ("#c9aa74", "#a88a58", "#8a6f45"),
    "DRAIN": ("#2f3d45", "#243038", "#1b252b"),
    "ACTIVE": ("#ffd27a", "#e0a848", "#bd8733"),
    "ACTIVE_HEAVY": ("#c9a46a", "#9c7c4a", "#7a5f38"),
    "ACTIVE_REINFORCED": ("#ffe7a8", "#d7b56a", "#b0904c"),
    "GHOST": ("rgba(255,255,255,0.16)", "rgba(255,255,255,0.08)", "rgba(255,255,255,0.05)"),
    "DOOMED": ("rgba(255,60,50,0.55)", "rgba(230,40,30,0.5)", "rgba(200,30,20,0.5)"),
    "PREVIEW": ("rgba(255,120,90,0.30)", "rgba(255,120,90,0.20)", "rgba(255,120,90,0.16)"),
}
LOOK_IDX = {k: tuple(style(c) for c in v) for k, v in LOOKS.items()}
EDGE = style("rgba(20,16,12,0.45)")
EDGE_SOFT = style("rgba(20,16,12,0.22)")
SURFACE = style("#dff3ff")
HAZARD = style("#f2c21b")
FRAME = style("#dfe9f5")
DRAIN_RING = style("#36d6e8")
GHOST_EDGE = style("rgba(255,255,255,0.75)")
ACTIVE_EDGE = style("rgba(60,30,0,0.75)")
ANCHOR = style("#ffcf40")
UNSUPPORTED = style("rgba(255,60,60,0.55)")
PREVIEW_EDGE = style("rgba(255,150,120,0.8)")
SCOPE = style("rgba(54,214,232,0.75)")
SCOPE_FILL = style("rgba(54,214,232,0.10)")
BAD_EDGE = style("rgba(255,110,90,0.95)")
BASIN_LOW = style("#7ff6ff")
BASIN_LOW_FILL = style("rgba(127,246,255,0.30)")
BASIN_EDGE = style("rgba(170,220,255,0.7)")
NEXT_FILL = style("rgba(120,190,255,0.14)")
NEXT_EDGE = style("rgba(170,215,255,0.5)")
ZONE_FILL = style("rgba(54,214,232,0.26)")

#: cells that hide the faces they touch: everything that supports (engine ``board.SUPPORTING``)
OPAQUE = frozenset(k.name for k in SUPPORTING)


def look_of(cell: dict[str, Any]) -> str:
    t = cell["type"]
    if t == "SOLID":
        return str(cell.get("material", "STANDARD"))
    return t


def _inset(q: tuple[float, ...], k: float) -> tuple[float, ...]:
    cx = (q[0] + q[2] + q[4] + q[6]) / 4
    cy = (q[1] + q[3] + q[5] + q[7]) / 4
    return tuple(c + (v - c) * k for v, c in zip(q, (cx, cy) * 4, strict=True))


def _band(q: tuple[float, ...], lo: float, hi: float) -> tuple[float, ...]:
    """Horizontal band of a side quad (top edge = points 0,1; bottom edge = points 3,2)."""
    x0, y0, x1, y1, x2, y2, x3, y3 = q

    def lerp(ax: float, ay: float, bx: float, by: float, t: float) -> tuple[float, float]:
        return ax + (bx - ax) * t, ay + (by - ay) * t

    return (
        *lerp(x0, y0, x3, y3, lo),
        *lerp(x1, y1, x2, y2, lo),
        *lerp(x1, y1, x2, y2, hi),
        *lerp(x0, y0, x3, y3, hi),
    )


class Mesh:
    """Quads (8 floats each) with a fill and a stroke style index (-1 = none)."""

    def __init__(self) -> None:
        self.pts: list[float] = []
        self.fills: list[int] = []
        self.strokes: list[int] = []
        # settled world only: cell → (depth, first quad, end quad, opaque) for the occlusion pass
        self.vox: dict[tuple[int, int, int], tuple[float, int, int, bool]] = {}

    def add(self, q: tuple[float, ...], fill: int, stroke: int = -1) -> None:
        self.pts.extend(q)
        self.fills.append(fill)
        self.strokes.append(stroke)

    def __len__(self) -> int:
        return len(self.fills)


_NEXT: dict[str, Any] = {"type": "NEXT"}


def world_mesh(
    p: Proj,
    cells: list[dict[str, Any]],
    cut: int | None = None,
    marked: set[tuple[int, int, int]] | None = None,
    scope: list[list[int]] | None = None,
    basin: dict[str, Any] | None = None,
) -> Mesh:
    """Settled world: only faces not hidden by an opaque neighbour (or by water inside water)."""
    steps = world_mesh_steps(p, cells, cut, marked, scope, basin)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


#: cells built between two yields of ``world_mesh_steps``
STEP_CELLS = 48


def world_mesh_steps(
    p: Proj,
    cells: list[dict[str, Any]],
    cut: int | None = None,
    marked: set[tuple[int, int, int]] | None = None,
    scope: list[list[int]] | None = None,
    basin: dict[str, Any] | None = None,
) -> Generator[None, None, Mesh]:
    """``world_mesh`` in slices: yields every ``STEP_CELLS`` cells so the caller can spread the
    build over frames (issue #20); the mesh is the generator's return value."""
    kinds: dict[tuple[int, int, int], str] = {}
    for c in cells:
        pos = c["pos"]
        if cut is not None and pos[1] >= cut:
            continue
        kinds[(pos[0], pos[1], pos[2])] = c["type"]
    na, nb = neighbour_offsets(p.view)
    get_kind = kinds.get
    order = []
    for c in cells:
        x, y, z = c["pos"]
        if (x, y, z) in kinds:
            order.append((depth_key(p, x, y, z), x, y, z, c))
    if basin is not None:  # §10.3 next-fill tiles, in painter's order so terrain in front hides them
        fill = {(c[0], c[1], c[2]) for c in basin["nextFill"]}
        for x, y, z in fill:  # the top of each column: the surface that level of water would have
            if (
                (cut is None or y < cut)
                and (x, y + 1, z) not in fill
                and get_kind((x, y + 1, z)) not in OPAQUE
            ):
                order.append((depth_key(p, x, y, z), x, y, z, _NEXT))
    order.sort(key=lambda t: t[0])
    m = Mesh()
    get = kinds.get
    vox = m.vox
    for k, (d, x, y, z, c) in enumerate(order):
        if k % STEP_CELLS == STEP_CELLS - 1:
            yield
        t = c["type"]
        if t == "NEXT":
            m.add(cube_faces(p, x, y, z)[0], NEXT_FILL, NEXT_EDGE)
            continue
        water = t == "WATER"
        first = len(m.fills)
        faces = cube_faces(p, x, y, z)
        shades = LOOK_IDX.get(look_of(c), LOOK_IDX["STANDARD"])
        for f, (dx, dy, dz) in enumerate(((0, 1, 0), na, nb)):
            nk = get((x + dx, y + dy, z + dz))
            if nk is not None and (nk in OPAQUE or (water and nk == "WATER")):
                continue
            q = faces[f]
            if water:
                m.add(q, shades[f], SURFACE if f == 0 else -1)
                continue
            m.add(q, shades[f], EDGE)
            look = look_of(c)
            if look == "HEAVY" and f:
                m.add(_band(q, 0.38, 0.62), HAZARD)
            elif look == "REINFORCED":
                m.add(_inset(q, 0.62), shades[f], FRAME)
            elif look == "DRAIN" and f == 0:
                m.add(_inset(q, 0.55), DRAIN_RING, -1)
                m.add(_inset(q, 0.3), shades[0], -1)
            elif look == "ICE" and f == 0:
                m.add(_inset(q, 0.5), FRAME, -1)
            if c.get("anchored") and f == 0:
                m.add(_inset(q, 0.35), ANCHOR, -1)
            if marked and (x, y, z) in marked:
                m.add(q, UNSUPPORTED, -1)
        if len(m.fills) > first:
            vox[(x, y, z)] = (d, first, len(m.fills), not water)
    for x, y, z in scope or ():  # drain reach, computed by the engine under the current gravity
        if cut is None or y < cut:
            m.add(cube_faces(p, x, y, z)[0], SCOPE_FILL, SCOPE)
    if basin is not None:
        basin_overlay(m, p, basin, cut)
    return m


def basin_overlay(m: Mesh, p: Proj, basin: dict[str, Any], cut: int | None) -> None:
    """Part I §10.3 basin preview from the engine's ``basin_preview``: the water bodies' surfaces
    outlined (the lowest filled), drain reach as cubes. (Next-fill tiles are drawn in ``world_mesh``.)"""

    def keep(c: list[int]) -> bool:
        return cut is None or c[1] < cut

    for b in basin["basins"]:
        own = {tuple(c) for c in b["cells"]}
        edge = BASIN_LOW if b["lowest"] else BASIN_EDGE
        for c in b["cells"]:
            if keep(c) and (c[0], c[1] + 1, c[2]) not in own:
                m.add(cube_faces(p, c[0], c[1], c[2])[0], BASIN_LOW_FILL if b["lowest"] else -1, edge)
    for d in basin["drains"]:
        for c in d["cells"]:
            if keep(c):
                for q in cube_faces(p, c[0], c[1], c[2]):
                    m.add(q, ZONE_FILL, SCOPE)


def piece_mesh(p: Proj, cells: list[list[int]], look: str, edge: int, only_top: bool = False) -> Mesh:
    """A free-standing group of cubes (active piece, ghost, previews), culled among themselves."""
    own = {(c[0], c[1], c[2]) for c in cells}
    na, nb = neighbour_offsets(p.view)
    shades = LOOK_IDX[look]
    m = Mesh()
    for x, y, z in sorted(own, key=lambda c: depth_key(p, *c)):
        faces = cube_faces(p, x, y, z)
        for f, (dx, dy, dz) in enumerate(((0, 1, 0), na, nb)):
            if only_top and f:
                continue
            if (x + dx, y + dy, z + dz) in own:
                continue
            m.add(faces[f], shades[f], edge)
    return m


def frame_mesh(p: Proj, height_limit: int) -> tuple[list[tuple[float, ...]], list[tuple[float, ...]]]:
    """Floor tiles and the back-wall outlines of the box (as quads and line segments)."""
    tiles: list[tuple[float, ...]] = []
    for x in range(p.sx):
        for z in range(p.sz):
            a0, b0 = p.ab(x, z)
            a1, b1 = p.ab(x + 1, z + 1)
            lo_a, hi_a, lo_b, hi_b = min(a0, a1), max(a0, a1), min(b0, b1), max(b0, b1)
            tiles.append(
                (*p.pt(lo_a, lo_b, 0), *p.pt(hi_a, lo_b, 0), *p.pt(hi_a, hi_b, 0), *p.pt(lo_a, hi_b, 0))
            )
    a_lo, b_lo = -p.sx / 2, -p.sz / 2
    if p.view % 2:
        a_lo, b_lo = -p.sz / 2, -p.sx / 2
    a_hi, b_hi = -a_lo, -b_lo
    lines: list[tuple[float, ...]] = []
    for yy in (p.sy, height_limit):
        lines.append((*p.pt(a_lo, b_hi, yy), *p.pt(a_lo, b_lo, yy), *p.pt(a_hi, b_lo, yy)))
    lines.append((*p.pt(a_lo, b_lo, 0), *p.pt(a_lo, b_lo, p.sy)))
    lines.append((*p.pt(a_lo, b_hi, 0), *p.pt(a_lo, b_hi, p.sy)))
    lines.append((*p.pt(a_hi, b_lo, 0), *p.pt(a_hi, b_lo, p.sy)))
    return tiles, lines
