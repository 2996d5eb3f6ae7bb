"""The voxel grid (Rules §2.2): one occupant per cell, materials, anchoring, ice timers, drains."""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Any

from engine.floodline.geometry import Frame, Gravity, Vec, frame_for


class Kind(IntEnum):
    """Cell occupancy types."""

    EMPTY = 0
    SOLID = 1
    WALL = 2
    BEDROCK = 3
    WATER = 4
    ICE = 5
    POROUS = 6
    DRAIN = 7


class Material(StrEnum):
    STANDARD = "STANDARD"
    HEAVY = "HEAVY"
    REINFORCED = "REINFORCED"


class DrainScope(StrEnum):
    SELF = "SELF"
    ADJ6 = "ADJ6"
    ADJ26 = "ADJ26"


MATERIALS = (Material.STANDARD, Material.HEAVY, Material.REINFORCED)
MAT_CODE = {m: k for k, m in enumerate(MATERIALS)}
#: Part VI §1: mass per voxel.
MASS = {Material.STANDARD: 1, Material.HEAVY: 2, Material.REINFORCED: 1}
MASS_BY_CODE = [MASS[m] for m in MATERIALS]

#: Kinds that move with solid settling (6-connected components).
MOVABLE = frozenset({Kind.SOLID, Kind.POROUS})
#: Kinds that never move: immovable support (Rules §6.2 "attached to immovable support").
IMMOVABLE = frozenset({Kind.WALL, Kind.BEDROCK, Kind.ICE, Kind.DRAIN})
#: Kinds that give support along gravity (Rules §6.1).
SUPPORTING = MOVABLE | IMMOVABLE
#: Kinds the active piece may enter (Rules §4.2).
PIECE_FREE = frozenset({Kind.EMPTY, Kind.WATER})

CHAR = {
    Kind.EMPTY: ".",
    Kind.SOLID: "#",
    Kind.WALL: "W",
    Kind.BEDROCK: "B",
    Kind.WATER: "~",
    Kind.ICE: "I",
    Kind.POROUS: "P",
    Kind.DRAIN: "D",
}
MAT_CHAR = {Material.STANDARD: "#", Material.HEAVY: "H", Material.REINFORCED: "R"}


def indices_of(buf: bytearray | bytes, value: int) -> list[int]:
    """Ascending positions of ``value`` in ``buf``."""
    out = []
    find = buf.find
    i = find(value)
    while i >= 0:
        out.append(i)
        i = find(value, i + 1)
    return out


#: ``kind.translate(MOVABLE_TABLE)`` gives 1 where the cell is a movable solid, else 0.
MOVABLE_TABLE = bytes(1 if k in (Kind.SOLID, Kind.POROUS) else 0 for k in range(256))


class Board:
    """Mutable grid; the engine copies it before changing it (states share boards read-only).

    ``kind[i]`` is a ``Kind``; ``mat[i]`` a material code (solids/porous, else -1);
    ``anchor[i]`` 0 = free, -1 = permanent (Reinforced), k > 0 = Stabilize rotations left;
    ``ice[i]`` resolves until thaw; ``drains[i] = (rate, scope)``.
    """

    __slots__ = ("sx", "sy", "sz", "frame", "kind", "mat", "anchor", "ice", "drains", "open_faces", "ballast")

    def __init__(self, sx: int, sy: int, sz: int, open_faces: frozenset[Gravity] = frozenset()) -> None:
        self.sx, self.sy, self.sz = sx, sy, sz
        self.frame: Frame = frame_for(sx, sy, sz)
        n = self.frame.n
        self.kind = bytearray(n)  # Kind codes; bytearray: C-speed copy, count, find, translate
        self.mat: list[int] = [-1] * n
        self.anchor: list[int] = [0] * n
        self.ice: list[int] = [0] * n
        self.drains: dict[int, tuple[int, DrainScope]] = {}
        self.open_faces = open_faces
        #: rules 0.6 "ballast" (RULES.md 68): a Heavy voxel on stone is held under every gravity;
        #: False when a game of rules 0.5 is replayed under its own rules
        self.ballast = True

    def copy(self) -> Board:
        b = Board.__new__(Board)
        b.sx, b.sy, b.sz, b.frame = self.sx, self.sy, self.sz, self.frame
        b.kind = self.kind[:]
        b.mat = self.mat[:]
        b.anchor = self.anchor[:]
        b.ice = self.ice[:]
        b.drains = dict(self.drains)
        b.open_faces = self.open_faces
        b.ballast = self.ballast
        return b

    # -- cell access ---------------------------------------------------
    def idx(self, c: Vec) -> int:
        return self.frame.index(c[0], c[1], c[2])

    def in_bounds(self, c: Vec) -> bool:
        return 0 <= c[0] < self.sx and 0 <= c[1] < self.sy and 0 <= c[2] < self.sz

    def at(self, c: Vec) -> Kind:
        return Kind(self.kind[self.idx(c)])

    def clear(self, i: int) -> None:
        self.kind[i] = Kind.EMPTY
        self.mat[i] = -1
        self.anchor[i] = 0
        self.ice[i] = 0
        self.drains.pop(i, None)

    def set_solid(self, c: Vec, material: Material = Material.STANDARD, anchored: bool = False) -> None:
        i = self.idx(c)
        self.clear(i)
        self.kind[i] = Kind.SOLID
        self.mat[i] = MAT_CODE[material]
        self.anchor[i] = -1 if (anchored or material == Material.REINFORCED) else 0

    def set_kind(self, c: Vec, kind: Kind) -> None:
        i = self.idx(c)
        self.clear(i)
        self.kind[i] = kind
        if kind == Kind.POROUS:
            self.mat[i] = MAT_CODE[Material.STANDARD]

    def set_ice(self, c: Vec, resolves: int) -> None:
        i = self.idx(c)
        self.clear(i)
        self.kind[i] = Kind.ICE
        self.ice[i] = resolves

    def set_drain(self, c: Vec, rate: int, scope: DrainScope) -> None:
        i = self.idx(c)
        self.clear(i)
        self.kind[i] = Kind.DRAIN
        self.drains[i] = (rate, DrainScope(scope))

    # -- queries -------------------------------------------------------
    def indices(self, kind: int) -> list[int]:
        """Indices of every cell of ``kind``, ascending (C-speed ``find`` loop)."""
        return indices_of(self.kind, kind)

    def cells_of(self, kind: Kind) -> list[Vec]:
        f = self.frame
        return [f.coords(i) for i in indices_of(self.kind, kind)]

    def count(self, kind: Kind) -> int:
        return self.kind.count(kind)

    def material_at(self, c: Vec) -> Material | None:
        m = self.mat[self.idx(c)]
        return MATERIALS[m] if m >= 0 else None

    # -- serialisation -------------------------------------------------
    def layers(self) -> list[list[str]]:
        """Rows of characters per world layer y (bottom first), row z, column x."""
        out = []
        for y in range(self.sy):
            rows = []
            for z in range(self.sz):
                row = []
                for x in range(self.sx):
                    i = self.frame.index(x, y, z)
                    k = Kind(self.kind[i])
                    if k == Kind.SOLID:
                        ch = MAT_CHAR[MATERIALS[self.mat[i]]]
                        if self.anchor[i] > 0:
                            ch = ch.lower() if ch != "#" else "s"
                    else:
                        ch = CHAR[k]
                    row.append(ch)
                rows.append("".join(row))
            out.append(rows)
        return out

    def snapshot(self) -> dict[str, Any]:
        """JSON-ready full description (used for hashing and the CLI)."""
        return {
            "size": [self.sx, self.sy, self.sz],
            "kind": "".join(str(k) for k in self.kind),
            "mat": "".join("-" if m < 0 else str(m) for m in self.mat),
            "anchor": {str(i): a for i, a in enumerate(self.anchor) if a},
            "ice": {str(i): t for i, t in enumerate(self.ice) if t},
            "drains": {str(i): [r, s.value] for i, (r, s) in sorted(self.drains.items())},
            "open": sorted(g.value for g in self.open_faces),
        }

    def cell_list(self) -> list[dict[str, Any]]:
        """Non-empty cells as level-style entries (the CLI's output format)."""
        out: list[dict[str, Any]] = []
        f = self.frame
        for i, k in enumerate(self.kind):
            if k == Kind.EMPTY:
                continue
            kk = Kind(k)
            e: dict[str, Any] = {"pos": list(f.coords(i)), "type": kk.name}
            if kk == Kind.SOLID:
                e["material"] = MATERIALS[self.mat[i]].value
                if self.anchor[i]:
                    e["anchored"] = True if self.anchor[i] < 0 else self.anchor[i]
            elif kk == Kind.ICE:
                e["thawIn"] = self.ice[i]
            elif kk == Kind.DRAIN:
                rate, scope = self.drains[i]
                e["rate"], e["scope"] = rate, scope.value
            out.append(e)
        return out
