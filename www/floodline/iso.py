"""Isometric projection for the four snap views and face-culled voxel meshes (pure Python).

Views (F1–F4) look from the NE, NW, SW and SE corners. Ground axes on screen: ``+a`` runs to
the lower right, ``+b`` to the lower left; ``A``/``B`` are their world (x, z) directions. The
camera never follows gravity (Input §7.1): gravity only changes the arrow and the fall direction.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.floodline.geometry import GRAVITY_VEC as _ENGINE_GRAVITY_VEC

VIEW_NAMES = ("NE", "NW", "SW", "SE")
# (world (x, z) of +a, world (x, z) of +b) per view; north is -z, east is +x
VIEW_AXES: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = (
    ((1, 0), (0, -1)),
    ((0, -1), (-1, 0)),
    ((-1, 0), (0, 1)),
    ((0, 1), (1, 0)),
)
#: the engine's gravity vectors, keyed by the gravity's name (engine.floodline.geometry, not a copy)
GRAVITY_VEC: dict[str, tuple[int, int, int]] = {g.value: v for g, v in _ENGINE_GRAVITY_VEC.items()}
VEC_GRAVITY = {v: k for k, v in GRAVITY_VEC.items()}

Quad = tuple[float, float, float, float, float, float, float, float]
VZ = 0.82  # cube height relative to the half tile width (a little flatter than true isometric)


@dataclass
class Proj:
    """Screen mapping of one board in one view: ``s`` = half tile width in CSS px."""

    view: int
    sx: int
    sy: int
    sz: int
    s: float
    ox: float
    oy: float
    #: per-cell geometry memo (cube faces, depth key, screen box): the world is rebuilt from it
    #: after every lock instead of recomputing every cube (issue #20)
    memo: dict[tuple[int, int, int, int], object] = field(default_factory=dict, repr=False, compare=False)

    def ab(self, x: float, z: float) -> tuple[float, float]:
        (ax, az), (bx, bz) = VIEW_AXES[self.view]
        cx, cz = x - self.sx / 2, z - self.sz / 2
        return cx * ax + cz * az, cx * bx + cz * bz

    def pt(self, a: float, b: float, y: float) -> tuple[float, float]:
        s = self.s
        return self.ox + (a - b) * s, self.oy + (a + b) * s * 0.5 - y * s * VZ

    def world(self, x: float, y: float, z: float) -> tuple[float, float]:
        a, b = self.ab(x, z)
        return self.pt(a, b, y)

    def screen_dir(self, v: tuple[int, int, int]) -> tuple[float, float]:
        """Screen direction (unit-ish) of a world vector."""
        x0, y0 = self.world(0, 0, 0)
        x1, y1 = self.world(v[0], v[1], v[2])
        dx, dy = x1 - x0, y1 - y0
        n = (dx * dx + dy * dy) ** 0.5 or 1.0
        return dx / n, dy / n


def fit(view: int, sx: int, sy: int, sz: int, x: float, y: float, w: float, h: float) -> Proj:
    """The largest projection of the whole box that fits the rectangle, centred."""
    span = (sx + sz) / 2
    s = max(2.0, min(w / (2 * span) * 0.96, h / (span + sy * VZ) * 0.96))
    ox = x + w / 2
    top = y + (h - (span + sy * VZ) * s) / 2
    oy = top + sy * VZ * s + span * s * 0.5
    return Proj(view, sx, sy, sz, s, ox, oy)


def fit_rows(view: int, sx: int, sy: int, sz: int, w: float, h: float, rows: int) -> tuple[Proj, float]:
    """A projection of the whole box on a layer ``w`` wide, scaled so the footprint and ``rows``
    rows fit a ``w``×``h`` view; returns (projection, layer height ≥ h). Boxes of at most ``rows``
    rows are centred exactly as :func:`fit` does; taller ones overflow the view and are panned."""
    span = (sx + sz) / 2
    r = min(sy, rows)
    s = max(2.0, min(w / (2 * span) * 0.96, h / (span + r * VZ) * 0.96))
    content = (span + sy * VZ) * s
    lh = max(h, content / 0.96)
    top = (lh - content) / 2
    oy = top + sy * VZ * s + span * s * 0.5
    return Proj(view, sx, sy, sz, s, w / 2, oy), lh


def view_dirs(view: int) -> dict[str, tuple[int, int, int]]:
    """World unit vectors of the screen-relative ground directions right/left/away/near."""
    (ax, az), (bx, bz) = VIEW_AXES[view]
    return {
        "right": (ax, 0, az),
        "left": (-ax, 0, -az),
        "away": (-bx, 0, -bz),
        "near": (bx, 0, bz),
    }


def axis_token(v: tuple[int, int, int]) -> str:
    """``(1,0,0)`` → ``"x+"``."""
    for i, name in enumerate("xyz"):
        if v[i]:
            return f"{name}{'+' if v[i] > 0 else '-'}"
    return "y+"


def move_for(view: int, gravity: str, key_dir: str) -> str | None:
    """Engine move token for a screen-relative direction key, perpendicular to gravity.

    With sideways gravity the ground axis along gravity is replaced by up/down: the keys that
    point up-screen (left, away) move up, the others down.
    """
    d = view_dirs(view)[key_dir]
    g = GRAVITY_VEC[gravity]
    if sum(d[i] * g[i] for i in range(3)) != 0:
        d = (0, 1, 0) if key_dir in ("left", "away") else (0, -1, 0)
    return axis_token(d)


def tilt_for(view: int, gravity: str, key_dir: str) -> str | None:
    """Gravity target for a tilt key: the key's ground direction; the opposite of the current
    gravity returns to DOWN; the current gravity itself is refused (None)."""
    d = view_dirs(view)[key_dir]
    g = GRAVITY_VEC[gravity]
    if d == g:
        return None
    if d == (-g[0], -g[1], -g[2]):
        return "DOWN"
    return VEC_GRAVITY[d]


def rotation_for(view: int, kind: str, sign: int) -> str:
    """Piece rotation token: yaw about y, pitch about the screen-right axis, roll about the
    screen-away axis (so R/F and Z/C turn the piece the same way in every view)."""
    if kind == "yaw":
        return "y+" if sign > 0 else "y-"
    d = view_dirs(view)["right" if kind == "pitch" else "away"]
    if sign < 0:
        d = (-d[0], -d[1], -d[2])
    return axis_token(d)


# -- meshes -----------------------------------------------------------------------------
TOP, SIDE_A, SIDE_B = 0, 1, 2


def cube_faces(p: Proj, x: int, y: int, z: int) -> tuple[Quad, Quad, Quad]:
    """Top, +a and +b faces of the unit cube at cell (x, y, z) (memoised per projection)."""
    k = (0, x, y, z)
    hit = p.memo.get(k)
    if hit is None:
        hit = p.memo[k] = _cube_faces(p, x, y, z)
    return hit  # type: ignore[return-value]


def _cube_faces(p: Proj, x: int, y: int, z: int) -> tuple[Quad, Quad, Quad]:
    ac, bc = p.ab(x + 0.5, z + 0.5)
    a0, a1, b0, b1 = ac - 0.5, ac + 0.5, bc - 0.5, bc + 0.5
    s, ox, oy = p.s, p.ox, p.oy
    hs = s * 0.5
    vs = s * VZ

    def q(a: float, b: float, yy: float) -> tuple[float, float]:
        return ox + (a - b) * s, oy + (a + b) * hs - yy * vs

    t0, t1, t2, t3 = q(a0, b0, y + 1), q(a1, b0, y + 1), q(a1, b1, y + 1), q(a0, b1, y + 1)
    d1, d2, d3 = q(a1, b0, y), q(a1, b1, y), q(a0, b1, y)
    top = (*t0, *t1, *t2, *t3)
    side_a = (*t1, *t2, *d2, *d1)
    side_b = (*t3, *t2, *d2, *d3)
    return top, side_a, side_b  # type: ignore[return-value]


def neighbour_offsets(view: int) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    (ax, az), (bx, bz) = VIEW_AXES[view]
    return (ax, 0, az), (bx, 0, bz)


def depth_key(p: Proj, x: int, y: int, z: int) -> float:
    """Painter's order key of cell (x, y, z): larger is nearer the camera (memoised)."""
    k = (1, x, y, z)
    hit = p.memo.get(k)
    if hit is None:
        a, b = p.ab(x + 0.5, z + 0.5)
        hit = p.memo[k] = a + b + y
    return hit  # type: ignore[return-value]
