"""The editor's document: a level as schema JSON (a dict), edit operations, undo/redo, validation.

No browser code here. Validation and parsing are the engine's (``check_level``, ``parse_level``,
``parse_share_code``); a malformed import raises ``SchemaError`` and leaves the document untouched.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from engine.core.schema import SchemaError
from engine.reactor import check_level, parse_level, parse_share_code, share_code

CARRIERS = ("fuel", "coolant", "electricity")
QUANT = ("fuel", "coolant", "electricity", "heat")
PROP_KINDS = ("reactor", "terminal", "supply", "valve", "junction")
SUPPLY_ITEMS = ("fuel", "coolant", "electricity", "heat")
DIRS = ((0, -1), (1, 0), (0, 1), (-1, 0))


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
        self.errors: list[tuple[str, int | None, int | None]] = []
        self.warnings: list[tuple[str, int | None, int | None]] = []
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
            self.errors = [(p, None, None) for p in exc.problems]
            self.warnings = []
            return
        self.errors = [(f"{e.code}: {e.message}", e.x, e.y) for e in rep.errors]
        self.warnings = [(f"{w.code}: {w.message}", w.x, w.y) for w in rep.warnings]

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
        s[q] = v
        if not any(float(s.get(k, 0.0)) > 0 for k in QUANT):
            self.data["surface"].remove(s)

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
        w, h = max(3, min(32, w)), max(3, min(32, h))
        t = self.data["terrain"]
        rows = [(t[y] if y < len(t) else "#" * w)[:w].ljust(w, "#") for y in range(h)]
        self.data["terrain"], self.data["width"], self.data["height"] = rows, w, h

        def inside(d: dict[str, Any]) -> bool:
            return d["x"] < w and d["y"] < h

        for c in CARRIERS:
            self.data["layers"][c] = [u for u in self.data["layers"][c] if inside(u)]
        self.data["props"] = [p for p in self.data["props"] if inside(p)]
        for p in self.data["props"]:
            if p["kind"] == "valve":
                p["outlets"] = [o for o in p["outlets"] if o[0] < w and o[1] < h] or [[p["x"], p["y"]]]
        self.data["leaks"] = [
            lk for lk in self.data["leaks"] if inside(lk) and lk["access"][0] < w and lk["access"][1] < h
        ]
        self.data["surface"] = [s for s in self.data["surface"] if inside(s)]
        r = self.data["robot"]
        r["x"], r["y"] = min(r["x"], w - 1), min(r["y"], h - 1)

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
    if not s:
        raise SchemaError("import", ["nothing to import (empty text)"])
    if s.startswith("{"):
        lv = parse_level(s)
    elif s.upper().startswith("RM"):
        lv = parse_share_code(s)
    else:
        raise SchemaError("import", ["expected level JSON ({...}) or a share code (RM1....)"])
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
