"""Write a Reactor level from ASCII drawings (``tools.reactor.designs`` holds the drawings).

A design is a dict:

- ``id``, ``title``, ``description`` (the level's goal, never its steps);
- ``map``: rows of the surface: ``#`` wall, ``.`` floor, ``@`` the robot, any other character a
  prop named in ``props`` (``{"a": {"kind": "flow", "carrier": "fuel"}, ...}``);
- ``fuel`` / ``coolant`` / ``electricity``: rows of the same size, ``.`` or space = no pipe, a digit
  ``d`` = a pipe at structural integrity ``d`` (``z`` = 0.2: one pulse of overpressure breaks it), ``l`` = a leaking pipe (integrity 3, with a leak
  record; an electricity leak faces its first floor neighbour in N, E, S, W order), anything else =
  an intact pipe;
- ``heat`` / ``fuel_spill`` / ``electricity_spill`` / ``water``: rows where a digit ``d`` puts
  ``d`` (``X`` = 10, ``h`` = 4.8: just under the robot's heat limit) of that quantity on the cell;
- ``requirements``, ``inventory`` (optional).
"""

from __future__ import annotations

from typing import Any

QTY = {"heat": "heat", "fuel_spill": "fuel", "electricity_spill": "electricity", "water": "coolant"}
CARRIERS = ("fuel", "coolant", "electricity")


def build(d: dict[str, Any]) -> dict[str, Any]:
    """The level JSON dict of design ``d``."""
    rows: list[str] = d["map"]
    h, w = len(rows), len(rows[0])
    assert all(len(r) == w for r in rows), d["id"]
    terrain = ["".join("#" if c == "#" else "." for c in r) for r in rows]
    props: list[dict[str, Any]] = []
    robot = None
    for y, r in enumerate(rows):
        for x, c in enumerate(r):
            if c in "#.":
                continue
            if c == "@":
                robot = {"x": x, "y": y}
                continue
            spec = dict(d["props"][c])
            if "outlets" in spec:
                spec["outlets"] = [list(o) for o in spec["outlets"]]
            props.append({"kind": spec.pop("kind"), "x": x, "y": y, **spec})
    assert robot is not None, d["id"]
    layers: dict[str, list[dict[str, Any]]] = {c: [] for c in CARRIERS}
    leaks: list[dict[str, Any]] = []
    for carrier in CARRIERS:
        for y, r in enumerate(d.get(carrier, [])):
            for x, c in enumerate(r):
                if c in ". ":
                    continue
                cell: dict[str, Any] = {"x": x, "y": y}
                if c.isdigit():
                    cell["integrity"] = float(c)
                elif c == "z":
                    cell["integrity"] = 0.2
                elif c == "l":
                    cell.update(state="leaking", integrity=3.0)
                    leaks.append({"carrier": carrier, "x": x, "y": y, "access": list(_access(terrain, x, y))})
                layers[carrier].append(cell)
    surface: dict[tuple[int, int], dict[str, Any]] = {}
    for key, q in QTY.items():
        for y, r in enumerate(d.get(key, [])):
            for x, c in enumerate(r):
                if c.isdigit() or c in "Xh":
                    v = 10.0 if c == "X" else 4.8 if c == "h" else float(c)
                    surface.setdefault((x, y), {"x": x, "y": y})[q] = v
    return {
        "meta": {"id": d["id"], "title": d["title"], "author": "Gridworks", "description": d["description"]},
        "width": w,
        "height": h,
        "terrain": terrain,
        "layers": layers,
        "props": props,
        "requirements": dict(d.get("requirements", {})),
        "leaks": leaks,
        "surface": [surface[k] for k in sorted(surface, key=lambda k: (k[1], k[0]))],
        "robot": robot,
        "inventory": dict(d.get("inventory", {})),
    }


def _access(terrain: list[str], x: int, y: int) -> tuple[int, int]:
    if terrain[y][x] == ".":
        return (x, y)
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        nx, ny = x + dx, y + dy
        if 0 <= ny < len(terrain) and 0 <= nx < len(terrain[0]) and terrain[ny][nx] == ".":
            return (nx, ny)
    raise ValueError(f"leak at {x},{y} has no floor access")


def main(argv: list[str] | None = None) -> int:
    """``python -m tools.reactor.author NAME ...``: write each design into ``engine/reactor/levels``."""
    import argparse
    import json
    from pathlib import Path

    from tools.reactor.designs import DESIGNS

    ap = argparse.ArgumentParser()
    ap.add_argument("names", nargs="+")
    args = ap.parse_args(argv)
    out = Path(__file__).resolve().parents[2] / "engine" / "reactor" / "levels"
    for name in args.names:
        lv = build(DESIGNS[name])
        (out / f"{lv['meta']['id']}.json").write_text(
            json.dumps(lv, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )
        print("wrote", lv["meta"]["id"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
