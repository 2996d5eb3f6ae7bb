"""The editor's document: a level as schema JSON (a dict), edit operations, undo/redo, validation.

No browser code here. Validation and parsing are the engine's (``check_level``, ``parse_level``,
``parse_share_code``); a malformed import raises ``SchemaError`` and leaves the document untouched.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from engine.core.schema import Problem, SchemaError, problem
from engine.reactor import check_level, parse_level, parse_share_code, share_code
from engine.reactor.balance import CARRIERS as ENGINE_CARRIERS
from engine.reactor.balance import QUANTITIES, difficulties, load_balance
from engine.reactor.schema import EDITOR_MAX_SIDE, EDITOR_MIN_SIDE
from engine.reactor.state import DIRS as ENGINE_DIRS
from engine.reactor.validate import Issue

CARRIERS = ENGINE_CARRIERS  # the engine's constants, not copies
QUANT = QUANTITIES
PROP_KINDS = ("reactor", "terminal", "supply", "valve", "junction")
SUPPLY_ITEMS = QUANTITIES  # what a supply prop can hold: the engine's quantities
INV_ITEMS = ("fuel_neutralizer", "coolant_neutralizer", "electricity_neutralizer", "heat_shield")
DIFFICULTIES = tuple(d for d in ("easy", "normal", "hard") if d in difficulties())
DIRS = tuple((dx, dy) for _, dx, dy in ENGINE_DIRS)  # N, E, S, W as the engine orders them
MIN_SIZE, MAX_SIZE = EDITOR_MIN_SIDE, EDITOR_MAX_SIDE  # the engine's bound (responsive pulses)


def balance_of(difficulty: str) -> Any:
    """The engine's balance preset (inventory capacity, junction ratio modes, ...)."""
    return load_balance(difficulty if difficulty in DIFFICULTIES else "normal")


RU_LAT = dict(
    zip(
        "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
        "a b v g d e e zh z i y k l m n o p r s t u f kh ts ch sh sch - y - e yu ya".split(),
        strict=True,
    )
)


def level_id(title: str) -> str:
    """A schema-valid level id from a title (Russian letters transliterated)."""
    text = "".join(RU_LAT.get(ch, ch) for ch in title.lower())
    slug = "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in text)
    while "--" in slug:
        slug = slug.replace("--", "-")
    return slug.strip("-")[:56] or "level"


def new_level(w: int = 10, h: int = 7, n: int = 1) -> dict[str, Any]:
    terrain = ["#" * w] + ["#" + "." * (w - 2) + "#" for _ in range(h - 2)] + ["#" * w]
    return {
        "meta": {"id": f"my-level-{n}", "title": f"My level {n}", "author": "", "description": ""},
        "width": w,
        "height": h,
        "terrain": terrain,
        "layers": {"fuel": [], "coolant": [], "electricity": []},
        "props": [{"kind": "reactor", "x": w - 2, "y": h - 2}],
        "requirements": {"fuel": 0, "coolant": 0, "electricity": 0},
        "leaks": [],
        "surface": [],
        "robot": {"x": 1, "y": 1},
    }


class Doc:
    """A level being edited, with undo/redo of whole-document snapshots."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.undo_stack: list[str] = []
        self.redo_stack: list[str] = []
        self.errors: list[tuple[Issue | Problem, int | None, int | None]] = []
        """Blocking problems: the engine's validation issues, or the schema's problems (text)."""
        self.warnings: list[tuple[Issue | Problem, int | None, int | None]] = []
        self.validate()

    # -- history ----------------------------------------------------------------------------------
    def checkpoint(self) -> None:
        """Record the document before an edit (one undo step per stroke or click)."""
        self.undo_stack.append(json.dumps(self.data))
        del self.undo_stack[:-100]
        self.redo_stack.clear()

    def undo(self) -> bool:
        if not self.undo_stack:
            return False
        self.redo_stack.append(json.dumps(self.data))
        self.data = json.loads(self.undo_stack.pop())
        self.validate()
        return True

    def redo(self) -> bool:
        if not self.redo_stack:
            return False
        self.undo_stack.append(json.dumps(self.data))
        self.data = json.loads(self.redo_stack.pop())
        self.validate()
        return True

    # -- validation ---------------------------------------------------------------------------------
    def validate(self) -> None:
        try:
            rep = check_level(copy.deepcopy(self.data))
        except SchemaError as exc:
            self.errors = [(p, None, None) for p in exc.details]
            self.warnings = []
            return
        self.errors = [(e, e.x, e.y) for e in rep.errors]
        self.warnings = [(w, w.x, w.y) for w in rep.warnings]

    @property
    def ok(self) -> bool:
        return not self.errors

    # -- queries --------------------------------------------------------------------------------------
    @property
    def w(self) -> int:
        return int(self.data["width"])

    @property
    def h(self) -> int:
        return int(self.data["height"])

    @property
    def difficulty(self) -> str:
        return str(self.data["meta"].get("difficulty", "normal"))

    @property
    def capacity(self) -> int:
        return int(balance_of(self.difficulty).inventory_capacity)

    @property
    def ratio_modes(self) -> int:
        return len(balance_of(self.difficulty).junction_ratio_modes)

    @property
    def inventory(self) -> dict[str, int]:
        inv = self.data.get("inventory") or {}
        return {k: int(inv.get(k, 0)) for k in INV_ITEMS}

    @property
    def inventory_total(self) -> int:
        return sum(self.inventory.values())

    def wall(self, x: int, y: int) -> bool:
        return self.data["terrain"][y][x] == "#"

    def prop(self, x: int, y: int) -> dict[str, Any] | None:
        for p in self.data["props"]:
            if p["x"] == x and p["y"] == y:
                return p
        return None

    def under(self, c: str, x: int, y: int) -> dict[str, Any] | None:
        for u in self.data["layers"][c]:
            if u["x"] == x and u["y"] == y:
                return u
        return None

    def surface(self, x: int, y: int) -> dict[str, Any] | None:
        for s in self.data["surface"]:
            if s["x"] == x and s["y"] == y:
                return s
        return None

    def leak(self, c: str, x: int, y: int) -> dict[str, Any] | None:
        for lk in self.data["leaks"]:
            if lk["carrier"] == c and lk["x"] == x and lk["y"] == y:
                return lk
        return None

    # -- edits (callers checkpoint first) ----------------------------------------------------------
    def set_wall(self, x: int, y: int, wall: bool) -> None:
        row = self.data["terrain"][y]
        self.data["terrain"][y] = row[:x] + ("#" if wall else ".") + row[x + 1 :]

    def set_prop(self, x: int, y: int, prop: dict[str, Any] | None) -> None:
        self.data["props"] = [p for p in self.data["props"] if not (p["x"] == x and p["y"] == y)]
        if prop is not None:
            self.data["props"].append({**prop, "x": x, "y": y})

    def set_under(self, c: str, x: int, y: int, present: bool) -> None:
        cells = [u for u in self.data["layers"][c] if not (u["x"] == x and u["y"] == y)]
        if present:
            cells.append({"x": x, "y": y})
        else:
            self.data["leaks"] = [
                lk for lk in self.data["leaks"] if not (lk["carrier"] == c and lk["x"] == x and lk["y"] == y)
            ]
            p = self.prop(x, y)
            if p is not None and p["kind"] == "flow" and p["carrier"] == c:
                self.set_prop(x, y, None)
        self.data["layers"][c] = cells

    def add_surface(self, x: int, y: int, q: str, delta: float) -> None:
        s = self.surface(x, y)
        if s is None:
            s = {"x": x, "y": y}
            self.data["surface"].append(s)
        v = round(max(0.0, min(10.0, float(s.get(q, 0.0)) + delta)), 1)
        if v > 0:
            s[q] = v
        else:
            s.pop(q, None)
        self._drop_empty(s)

    def add_block(self, x: int, y: int, e: str, delta: int) -> None:
        """Initial remedy block (pulses remaining, 0-99) of element ``e`` on a floor cell."""
        s = self.surface(x, y)
        if s is None:
            s = {"x": x, "y": y}
            self.data["surface"].append(s)
        b = dict(s.get("blocks") or {})
        v = max(0, min(99, int(b.get(e, 0)) + delta))
        if v > 0:
            b[e] = v
        else:
            b.pop(e, None)
        if b:
            s["blocks"] = b
        else:
            s.pop("blocks", None)
        self._drop_empty(s)

    def _drop_empty(self, s: dict[str, Any]) -> None:
        if not any(float(s.get(k, 0.0)) > 0 for k in QUANT) and not s.get("blocks"):
            self.data["surface"].remove(s)

    def set_robot(self, x: int, y: int) -> None:
        """Move the robot start; its authored heat immunity stays."""
        self.data["robot"] = {**self.data["robot"], "x": x, "y": y}

    def add_immunity(self, delta: int) -> None:
        r = self.data["robot"]
        v = max(0, min(99, int(r.get("heat_immunity", 0)) + delta))
        if v:
            r["heat_immunity"] = v
        else:
            r.pop("heat_immunity", None)

    def add_inventory(self, item: str, delta: int) -> bool:
        """Initial inventory; refuses to go above the difficulty's capacity (False)."""
        inv = self.inventory
        if delta > 0 and self.inventory_total + delta > self.capacity:
            return False
        inv[item] = max(0, min(99, inv[item] + delta))
        clean = {k: v for k, v in inv.items() if v}
        if clean:
            self.data["inventory"] = clean
        else:
            self.data.pop("inventory", None)
        return True

    def set_difficulty(self, d: str) -> None:
        meta = self.data["meta"]
        if d == "normal":
            meta.pop("difficulty", None)
        else:
            meta["difficulty"] = d

    def clear_surface(self, x: int, y: int) -> None:
        self.data["surface"] = [s for s in self.data["surface"] if not (s["x"] == x and s["y"] == y)]

    def set_integrity(self, c: str, x: int, y: int, delta: float) -> None:
        u = self.under(c, x, y)
        if u is None:
            return
        v = max(
            0.0,
            min(10.0, float(u.get("integrity", 10.0) if u.get("integrity") is not None else 10.0) + delta),
        )
        if v >= 10.0:
            u.pop("integrity", None)
        else:
            u["integrity"] = v

    def floor_faces(self, x: int, y: int) -> list[tuple[int, int]]:
        out = []
        for dx, dy in DIRS:
            nx, ny = x + dx, y + dy
            if 0 <= nx < self.w and 0 <= ny < self.h and not self.wall(nx, ny):
                out.append((nx, ny))
        return out

    def toggle_leak(self, c: str, x: int, y: int) -> None:
        """Floor cell: the leak's access is the cell itself; wall cell: the first floor face (N E S W)."""
        u = self.under(c, x, y)
        if u is None:
            return
        lk = self.leak(c, x, y)
        if lk is not None:
            self.data["leaks"].remove(lk)
            u.pop("state", None)
            return
        if self.wall(x, y):
            faces = self.floor_faces(x, y)
            access = faces[0] if faces else (x, y)
        else:
            access = (x, y)
        self.data["leaks"].append({"carrier": c, "x": x, "y": y, "access": list(access)})
        u["state"] = "leaking"
        if u.get("integrity") is None or u["integrity"] > 4:
            u["integrity"] = 3

    def cycle_face(self, c: str, x: int, y: int) -> None:
        lk = self.leak(c, x, y)
        faces = self.floor_faces(x, y)
        if lk is None or not faces:
            return
        cur = tuple(lk["access"])
        k = faces.index(cur) + 1 if cur in faces else 0
        lk["access"] = list(faces[k % len(faces)])

    def resize(self, w: int, h: int) -> None:
        """Grow or shrink at the right/bottom edge. A wall border stays one wall thick: the last
        column (row) moves with the edge when it is all wall, new cells inside are floor (wall where
        the whole old row/column was wall), and everything on the moved edge moves with it."""
        w, h = max(MIN_SIZE, min(MAX_SIZE, w)), max(MIN_SIZE, min(MAX_SIZE, h))
        ow, oh = self.w, self.h
        t = self.data["terrain"]
        edge_x = all(row[ow - 1] == "#" for row in t)
        edge_y = t[oh - 1] == "#" * ow

        def map_axis(v: int, old: int, new: int, edge: bool) -> int | None:
            if edge:
                if v == old - 1:
                    return new - 1
                return v if v < new - 1 else None
            return v if v < new else None

        def mx(v: int) -> int | None:
            return map_axis(v, ow, w, edge_x)

        def my(v: int) -> int | None:
            return map_axis(v, oh, h, edge_y)

        full_rows = [row == "#" * ow for row in t]
        full_cols = [all(row[x] == "#" for row in t) for x in range(ow)]
        grid = [["#" if (full_rows[y] or not edge_x) else "." for _ in range(w)] for y in range(oh)]
        for y in range(oh):
            for x in range(ow):
                nx = mx(x)
                if nx is not None:
                    grid[y][nx] = t[y][x]
        rows: list[list[str]] = [["#"] * w for _ in range(h)]
        new_full_cols = [not edge_x] * w
        for x in range(ow):
            nx = mx(x)
            if nx is not None:
                new_full_cols[nx] = full_cols[x]
        for y in range(h):
            if not edge_y:
                rows[y] = grid[y][:] if y < oh else ["#"] * w
            else:
                rows[y] = ["#" if new_full_cols[x] else "." for x in range(w)]
        if edge_y:
            for y in range(oh):
                ny = my(y)
                if ny is not None:
                    rows[ny] = grid[y][:]
        self.data["terrain"] = ["".join(r) for r in rows]
        self.data["width"], self.data["height"] = w, h

        def move(d: dict[str, Any]) -> bool:
            nx, ny = mx(d["x"]), my(d["y"])
            if nx is None or ny is None:
                return False
            d["x"], d["y"] = nx, ny
            return True

        def move_xy(xy: list[int]) -> list[int] | None:
            nx, ny = mx(xy[0]), my(xy[1])
            return None if nx is None or ny is None else [nx, ny]

        for c in CARRIERS:
            cells = self.data["layers"][c]
            have = {(u["x"], u["y"]) for u in cells}
            # a pipe that runs into the moved edge keeps running into it across the new cells
            fill = []
            if edge_x and w > ow:
                fill += [
                    (x, ny)
                    for y in range(oh)
                    if {(ow - 2, y), (ow - 1, y)} <= have and (ny := my(y)) is not None
                    for x in range(ow - 1, w - 1)
                ]
            if edge_y and h > oh:
                fill += [
                    (nx, y)
                    for x in range(ow)
                    if {(x, oh - 2), (x, oh - 1)} <= have and (nx := mx(x)) is not None
                    for y in range(oh - 1, h - 1)
                ]
            kept = [u for u in cells if move(u)]
            moved = {(u["x"], u["y"]) for u in kept}
            for x, y in fill:
                if (x, y) not in moved:
                    kept.append({"x": x, "y": y})
                    moved.add((x, y))
            self.data["layers"][c] = kept
        self.data["props"] = [p for p in self.data["props"] if move(p)]
        for p in self.data["props"]:
            if p["kind"] == "valve":
                outs = [o for o in (move_xy(list(o)) for o in p["outlets"]) if o is not None]
                p["outlets"] = outs or [[p["x"], p["y"]]]
        leaks = []
        for lk in self.data["leaks"]:
            dx, dy = lk["access"][0] - lk["x"], lk["access"][1] - lk["y"]  # the face keeps its side
            if move(lk) and 0 <= lk["x"] + dx < w and 0 <= lk["y"] + dy < h:
                lk["access"] = [lk["x"] + dx, lk["y"] + dy]
                leaks.append(lk)
        self.data["leaks"] = leaks
        self.data["surface"] = [s for s in self.data["surface"] if move(s)]
        r = self.data["robot"]
        rx, ry = mx(r["x"]), my(r["y"])
        r["x"] = rx if rx is not None else max(0, w - 2)
        r["y"] = ry if ry is not None else max(0, h - 2)

    # -- import / export -------------------------------------------------------------------------------
    def export_json(self) -> str:
        return json.dumps(
            parse_level(copy.deepcopy(self.data)).model_dump(mode="json", exclude_defaults=True), indent=1
        )

    def share(self) -> str:
        return share_code(parse_level(copy.deepcopy(self.data)))


def import_text(text: str) -> dict[str, Any]:
    """A level dict from JSON text or a share code; ``SchemaError`` explains what is wrong."""
    s = text.strip()
    if "#level=" in s:  # a share link: its code
        s = s.split("#level=", 1)[1].strip()
    if not s:
        raise SchemaError("import", [problem("import_empty", "nothing to import (empty text)")])
    if s.startswith("{"):
        lv = parse_level(s)
    elif s.upper().startswith("RM"):
        lv = parse_share_code(s)
    else:
        raise SchemaError(
            "import", [problem("import_kind", "expected level JSON ({...}) or a share code (RM1....)")]
        )
    return normalize(lv.model_dump(mode="json", exclude_defaults=True))


def normalize(data: dict[str, Any]) -> dict[str, Any]:
    """Every list the editor edits present; no play-time state."""
    data.pop("dynamic", None)
    data.pop("forecasts", None)
    data.setdefault("layers", {})
    for c in CARRIERS:
        data["layers"].setdefault(c, [])
    for k in ("props", "leaks", "surface"):
        data.setdefault(k, [])
    data.setdefault("requirements", {})
    for c in CARRIERS:
        data["requirements"].setdefault(c, 0)
    return data
