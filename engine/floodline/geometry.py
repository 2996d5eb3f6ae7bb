"""Integer geometry: gravity directions, the (U, R, F) tie-break frame and per-board index tables.

Cells are addressed by a flat index ``i = (y * Z + z) * X + x``.  Everything here is integer
arithmetic; tables are cached per board size (and per gravity for the orderings).
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache

Vec = tuple[int, int, int]


class Gravity(StrEnum):
    """The gravity directions of Rules §2.3 (UP exists only to name an illegal target)."""

    DOWN = "DOWN"
    NORTH = "NORTH"
    SOUTH = "SOUTH"
    EAST = "EAST"
    WEST = "WEST"
    UP = "UP"

    @property
    def vec(self) -> Vec:
        return GRAVITY_VEC[self]


GRAVITY_VEC: dict[Gravity, Vec] = {
    Gravity.DOWN: (0, -1, 0),
    Gravity.NORTH: (0, 0, -1),
    Gravity.SOUTH: (0, 0, 1),
    Gravity.EAST: (1, 0, 0),
    Gravity.WEST: (-1, 0, 0),
    Gravity.UP: (0, 1, 0),
}
VEC_GRAVITY: dict[Vec, Gravity] = {v: g for g, v in GRAVITY_VEC.items()}

#: Rules §2.4.1: the Right axis per gravity (UP gets X, like DOWN; it never occurs in play).
RIGHT_AXIS: dict[Gravity, Vec] = {
    Gravity.DOWN: (1, 0, 0),
    Gravity.NORTH: (1, 0, 0),
    Gravity.SOUTH: (1, 0, 0),
    Gravity.EAST: (0, 0, 1),
    Gravity.WEST: (0, 0, 1),
    Gravity.UP: (1, 0, 0),
}

#: The gravities a player may have (Rules §2.3): no UP during gameplay.
PLAY_GRAVITIES = (Gravity.DOWN, Gravity.NORTH, Gravity.SOUTH, Gravity.EAST, Gravity.WEST)


def neg(v: Vec) -> Vec:
    return (-v[0], -v[1], -v[2])


def add(a: Vec, b: Vec) -> Vec:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def dot(a: Vec, b: Vec) -> int:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def cross(a: Vec, b: Vec) -> Vec:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def axes(g: Gravity) -> tuple[Vec, Vec, Vec]:
    """The local frame ``(U, R, F)``: ``U = -g``, ``R`` from the table, ``F = U x R``."""
    u = neg(GRAVITY_VEC[g])
    r = RIGHT_AXIS[g]
    return u, r, cross(u, r)


def grav_elev(c: Vec, g: Gravity) -> int:
    """``gravElev(c) = dot(c, u)`` with ``u = -g``."""
    return dot(c, neg(GRAVITY_VEC[g]))


def tie_coord(c: Vec, g: Gravity) -> Vec:
    """``tieCoord(c) = (dot(c,U), dot(c,R), dot(c,F))``."""
    u, r, f = axes(g)
    return (dot(c, u), dot(c, r), dot(c, f))


def order_key(c: Vec, g: Gravity) -> tuple[int, Vec]:
    """The canonical sort key of Rules §1.3: ``(gravElev, tieCoord)``."""
    return (grav_elev(c, g), tie_coord(c, g))


def is_perpendicular(a: Gravity, b: Gravity) -> bool:
    """True when a 90° snap turns gravity ``a`` into ``b``."""
    return dot(GRAVITY_VEC[a], GRAVITY_VEC[b]) == 0


class Frame:
    """Index tables for one board size: coordinates and the 6-neighbour lists."""

    def __init__(self, sx: int, sy: int, sz: int) -> None:
        self.sx, self.sy, self.sz = sx, sy, sz
        self.n = sx * sy * sz
        n = self.n
        row = list(range(sx))
        self.xs: list[int] = row * (sy * sz)
        self.zs: list[int] = [z for z in range(sz) for _ in row] * sy
        self.ys: list[int] = [y for y in range(sy) for _ in range(sx * sz)]
        # 6-neighbours in the order +x, -x, +y, -y, +z, -z (index arithmetic; no bounds calls)
        plane = sx * sz
        nb6: list[tuple[int, ...]] = []
        add = nb6.append
        for i in range(n):
            x = i % sx
            z = (i // sx) % sz
            out = []
            if x + 1 < sx:
                out.append(i + 1)
            if x > 0:
                out.append(i - 1)
            if i + plane < n:
                out.append(i + plane)
            if i >= plane:
                out.append(i - plane)
            if z + 1 < sz:
                out.append(i + sx)
            if z > 0:
                out.append(i - sx)
            add(tuple(out))
        self.nb6 = nb6

    def index(self, x: int, y: int, z: int) -> int:
        return (y * self.sz + z) * self.sx + x

    def index_or_none(self, x: int, y: int, z: int) -> int | None:
        if 0 <= x < self.sx and 0 <= y < self.sy and 0 <= z < self.sz:
            return (y * self.sz + z) * self.sx + x
        return None

    def coords(self, i: int) -> Vec:
        return (self.xs[i], self.ys[i], self.zs[i])

    def step(self, i: int, d: Vec) -> int:
        """Index of ``cell(i) + d``, or -1 when out of bounds."""
        x, y, z = self.xs[i] + d[0], self.ys[i] + d[1], self.zs[i] + d[2]
        if 0 <= x < self.sx and 0 <= y < self.sy and 0 <= z < self.sz:
            return (y * self.sz + z) * self.sx + x
        return -1


class GravTables:
    """Per (board size, gravity): ``elev[i]``, ``rank[i]`` (position in the canonical order), ``down[i]``."""

    def __init__(self, frame: Frame, g: Gravity) -> None:
        self.g = g
        u, r, f = axes(g)
        xs, ys, zs = frame.xs, frame.ys, frame.zs
        self.elev = [xs[i] * u[0] + ys[i] * u[1] + zs[i] * u[2] for i in range(frame.n)]
        rr = [xs[i] * r[0] + ys[i] * r[1] + zs[i] * r[2] for i in range(frame.n)]
        ff = [xs[i] * f[0] + ys[i] * f[1] + zs[i] * f[2] for i in range(frame.n)]
        elev = self.elev
        # (gravElev, tieCoord) = (e, e, r, f): sorting by (e, r, f) is the same order
        order = sorted(range(frame.n), key=lambda i: (elev[i], rr[i], ff[i]))
        self.order = order
        self.rank = [0] * frame.n
        for pos, i in enumerate(order):
            self.rank[i] = pos
        gv = GRAVITY_VEC[g]
        self.down = [frame.step(i, gv) for i in range(frame.n)]
        self.min_elev = min(self.elev) if self.elev else 0


@lru_cache(maxsize=64)
def frame_for(sx: int, sy: int, sz: int) -> Frame:
    return Frame(sx, sy, sz)


@lru_cache(maxsize=256)
def tables_for(sx: int, sy: int, sz: int, g: Gravity) -> GravTables:
    return GravTables(frame_for(sx, sy, sz), g)
