"""Depth-correct drawing of the active piece and the ghost over the cached world (pure Python).

The settled world is painted once on an offscreen layer. A falling piece drawn on top of it would
hide blocks that stand in front of it, so for each moving group we build one small mesh: the group's
own faces plus the faces of the world voxels that are nearer the camera and overlap it on screen,
all in painter's order. Drawn clipped to the group's silhouette, that repaints exactly the pixels
the group covers. Group voxels hidden behind opaque world voxels are reported, so the caller can add
an x-ray outline and the piece is never lost from sight.
"""

from __future__ import annotations

from gwweb.floodline.iso import VZ, Proj, cube_faces, depth_key, neighbour_offsets
from gwweb.floodline.mesh import LOOK_IDX, Mesh

Cell = tuple[int, int, int]
Box = tuple[float, float, float, float]


def hex_box(p: Proj, x: int, y: int, z: int) -> Box:
    """Screen bounding box (x0, y0, x1, y1) of the cube at cell (x, y, z) (memoised per projection)."""
    k = (2, x, y, z)
    hit = p.memo.get(k)
    if hit is None:
        hit = p.memo[k] = _hex_box(p, x, y, z)
    return hit  # type: ignore[return-value]


def _hex_box(p: Proj, x: int, y: int, z: int) -> Box:
    a, b = p.ab(x + 0.5, z + 0.5)
    u, v = a - b, a + b
    s, hs, vs = p.s, p.s * 0.5, p.s * VZ
    return (
        p.ox + (u - 1) * s,
        p.oy + (v - 1) * hs - (y + 1) * vs,
        p.ox + (u + 1) * s,
        p.oy + (v + 1) * hs - y * vs,
    )


def hexagon(p: Proj, x: int, y: int, z: int) -> list[float]:
    """The cube's screen outline (6 points, 12 floats) for the clip path."""
    top, side_a, side_b = cube_faces(p, x, y, z)
    # top: t0 t1 t2 t3 ; side_a: t1 t2 d2 d1 ; side_b: t3 t2 d2 d3
    return [
        *top[0:4],  # t0 t1
        *side_a[6:8],  # d1
        *side_a[4:6],  # d2
        *side_b[6:8],  # d3
        *top[6:8],  # t3
    ]


def _overlap(b1: Box, b2: Box, shrink: float) -> bool:
    w1, h1 = (b1[2] - b1[0]) * shrink, (b1[3] - b1[1]) * shrink
    return (
        b1[0] + w1 < b2[2] - w1
        and b2[0] + w1 < b1[2] - w1
        and b1[1] + h1 < b2[3] - h1
        and b2[1] + h1 < b1[3] - h1
    )


class WorldIndex:
    """World voxels bucketed by screen column, for fast "what stands in front of this cube"."""

    def __init__(self, p: Proj, world: Mesh) -> None:
        self.p = p
        self.world = world
        self.cols: dict[int, list[tuple[float, Cell, Box, bool]]] = {}
        for cell, (d, _, _, opaque) in world.vox.items():
            a, b = p.ab(cell[0] + 0.5, cell[2] + 0.5)
            key = round(a - b)
            self.cols.setdefault(key, []).append((d, cell, hex_box(p, *cell), opaque))

    def in_front(self, x: int, y: int, z: int) -> list[tuple[float, Cell, Box, bool]]:
        p = self.p
        a, b = p.ab(x + 0.5, z + 0.5)
        d0 = a + b + y
        box = hex_box(p, x, y, z)
        key = round(a - b)
        out = []
        for k in (key - 1, key, key + 1):
            for item in self.cols.get(k, ()):
                if item[0] > d0 and item[1] != (x, y, z) and _overlap(box, item[2], 0.02):
                    out.append(item)
        return out


def occluded_mesh(
    idx: WorldIndex,
    cells: list[list[int]],
    look: str,
    edge: int,
    with_water: bool,
) -> tuple[Mesh, list[float], list[Cell]]:
    """(merged mesh, clip hexagons, occluded group cells) for one moving group.

    Without world voxels in front the clip list is empty and the mesh is the group alone.
    """
    own = {(c[0], c[1], c[2]) for c in cells}
    m = Mesh()
    if not own:
        return m, [], []
    p = idx.p
    na, nb = neighbour_offsets(p.view)
    shades = LOOK_IDX[look]
    items: list[tuple[float, int, Cell]] = []  # (depth, 0 = group / 1 = world, cell)
    front: dict[Cell, float] = {}
    hidden: list[Cell] = []
    for x, y, z in own:
        items.append((depth_key(p, x, y, z), 0, (x, y, z)))
        cover = False
        box = hex_box(p, x, y, z)
        for d, cell, wbox, opaque in idx.in_front(x, y, z):
            if cell in own or (not opaque and not with_water):
                continue
            front[cell] = d
            if opaque and _overlap(box, wbox, 0.22):
                cover = True
        if cover:
            hidden.append((x, y, z))
    for cell, d in front.items():
        items.append((d, 1, cell))
    items.sort()
    w = idx.world
    for _, kind, (x, y, z) in items:
        if kind == 0:
            faces = cube_faces(p, x, y, z)
            for f, (dx, dy, dz) in enumerate(((0, 1, 0), na, nb)):
                if (x + dx, y + dy, z + dz) in own:
                    continue
                m.add(faces[f], shades[f], edge)
        else:
            _, i0, i1, _ = w.vox[(x, y, z)]
            m.pts.extend(w.pts[i0 * 8 : i1 * 8])
            m.fills.extend(w.fills[i0:i1])
            m.strokes.extend(w.strokes[i0:i1])
    clip: list[float] = []
    if front:
        for x, y, z in own:
            clip.extend(hexagon(p, x, y, z))
    hidden.sort()
    return m, clip, hidden


def outline_mesh(p: Proj, cells: list[Cell], own: list[list[int]], stroke: int) -> Mesh:
    """Stroke-only faces of the hidden group voxels (the x-ray silhouette)."""
    group = {(c[0], c[1], c[2]) for c in own}
    na, nb = neighbour_offsets(p.view)
    m = Mesh()
    for x, y, z in cells:
        faces = cube_faces(p, x, y, z)
        for f, (dx, dy, dz) in enumerate(((0, 1, 0), na, nb)):
            if (x + dx, y + dy, z + dz) not in group:
                m.add(faces[f], -1, stroke)
    return m
