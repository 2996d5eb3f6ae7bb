"""Compose larger campaign levels from smaller ones: place level maps on one canvas, open wall
cells between them, keep one robot and one reactor (``python -m tools.reactor.compose``).

The composed levels are written into ``engine/reactor/levels``; their pars come from
``python -m tools.reactor.par``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

LEVELS = Path(__file__).resolve().parents[2] / "engine" / "reactor" / "levels"


# Parts whose campaign level was redrawn after it was pasted into a composed level: the composed
# level keeps the part as it was (session 7 redrew Live Water; Wet Work holds session 6's; session 8
# redrew Cracked Cable; Night Shift and Full Load hold session 7's). Dead Man's Switch (Final Exam
# with Two Services pasted below) was redrawn in session 10: ``tools.reactor.designs``.
FROZEN_PARTS = {
    "cracked_cable": Path(__file__).resolve().parents[2]
    / "tests"
    / "reactor"
    / "reactor_cracked_cable_session7.json",
    "live_water": Path(__file__).resolve().parents[2]
    / "tests"
    / "reactor"
    / "reactor_live_water_session6.json",
}


def load(name: str) -> dict[str, Any]:
    path = FROZEN_PARTS.get(name, LEVELS / f"{name}.json")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def compose(
    meta: dict[str, Any],
    parts: list[tuple[str, int, int]],
    openings: list[tuple[int, int]],
    robot_from: str,
    reactor_from: str,
    requirements: dict[str, int],
    walls: list[tuple[int, int]] = (),  # type: ignore[assignment]
    edit: Any = None,
) -> dict[str, Any]:
    """Levels ``parts`` (name, dx, dy) on one canvas; later parts draw over earlier ones' walls only."""
    width = max(load(n)["width"] + dx for n, dx, _ in parts)
    height = max(load(n)["height"] + dy for n, _, dy in parts)
    grid = [["#"] * width for _ in range(height)]
    layers: dict[str, list[dict[str, Any]]] = {"fuel": [], "coolant": [], "electricity": []}
    props: list[dict[str, Any]] = []
    leaks: list[dict[str, Any]] = []
    surface: list[dict[str, Any]] = []
    inventory: dict[str, int] = {}
    robot = None
    for name, dx, dy in parts:
        lv = load(name)
        for y, row in enumerate(lv["terrain"]):
            for x, ch in enumerate(row):
                if ch != "#":
                    grid[y + dy][x + dx] = ch
        for c, cells in lv["layers"].items():
            layers[c] += [{**cell, "x": cell["x"] + dx, "y": cell["y"] + dy} for cell in cells]
        for p in lv["props"]:
            if p["kind"] == "reactor" and name != reactor_from:
                continue
            q = {**p, "x": p["x"] + dx, "y": p["y"] + dy}
            if "outlets" in q:
                q["outlets"] = [[ox + dx, oy + dy] for ox, oy in q["outlets"]]
            props.append(q)
        for lk in lv.get("leaks", []):
            leaks.append(
                {
                    **lk,
                    "x": lk["x"] + dx,
                    "y": lk["y"] + dy,
                    "access": [lk["access"][0] + dx, lk["access"][1] + dy],
                }
            )
        surface += [{**s, "x": s["x"] + dx, "y": s["y"] + dy} for s in lv.get("surface", [])]
        for k, v in lv.get("inventory", {}).items():
            inventory[k] = inventory.get(k, 0) + v
        if name == robot_from:
            robot = {"x": lv["robot"]["x"] + dx, "y": lv["robot"]["y"] + dy}
    for x, y in openings:
        grid[y][x] = "."
    for x, y in walls:
        grid[y][x] = "#"
    out = {
        "meta": meta,
        "width": width,
        "height": height,
        "terrain": ["".join(r) for r in grid],
        "layers": layers,
        "props": props,
        "requirements": requirements,
        "leaks": leaks,
        "surface": surface,
        "robot": robot,
        "inventory": inventory,
    }
    if edit is not None:
        edit(out)
    return out


def write(name: str, lv: dict[str, Any]) -> None:
    (LEVELS / f"{name}.json").write_text(
        json.dumps(lv, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )


def night_shift() -> dict[str, Any]:
    return compose(
        {
            "id": "night_shift",
            "title": "Night Shift",
            "author": "Gridworks",
            "description": "Three plants, one reactor: two fuel consumers, two electricity consumers, and a "
            "cracked cable under the reactor that must never see more than 6 volts. The fire in the "
            "north room will not wait.",
        },
        [("fire_door", 0, 0), ("cracked_cable", 12, 1), ("split_flow", 0, 7)],
        openings=[(12, 4), (9, 7)],
        robot_from="fire_door",
        reactor_from="cracked_cable",
        requirements={"fuel": 2, "electricity": 2},
    )


def hot_split() -> dict[str, Any]:
    return compose(
        {
            "id": "hot_split",
            "title": "Hot Split",
            "author": "Gridworks",
            "description": "The fuel plant is past a corridor too hot to walk (heat 5 kills). Both fuel "
            "consumers and the electricity consumer must produce.",
        },
        [("hot_corridor", 0, 0), ("split_flow", 10, 0)],
        openings=[(10, 2)],
        robot_from="hot_corridor",
        reactor_from="split_flow",
        requirements={"fuel": 2, "electricity": 1},
    )


def wet_work() -> dict[str, Any]:
    return compose(
        {
            "id": "wet_work",
            "title": "Wet Work",
            "author": "Gridworks",
            "description": "A burning corridor, a charged wet breaker, and three services the reactor "
            "needs. Water puts out fire and carries current (electricity 5 kills).",
        },
        [("sprinkler_test", 0, 2), ("live_water", 12, 0)],
        openings=[(12, 4)],
        robot_from="sprinkler_test",
        reactor_from="live_water",
        requirements={"coolant": 1, "electricity": 2},
    )


def full_load() -> dict[str, Any]:
    return compose(
        {
            "id": "full_load",
            "title": "Full Load",
            "author": "Gridworks",
            "description": "Every plant on the night shift at once: a hot corridor, a cracked cable under "
            "the reactor (over 6 volts breaches it) and a burning sprinkler hall. Three electricity "
            "consumers and a coolant consumer must produce.",
        },
        [("hot_corridor", 0, 0), ("cracked_cable", 10, 0), ("sprinkler_test", 0, 4)],
        openings=[(10, 2), (2, 4)],
        robot_from="hot_corridor",
        reactor_from="cracked_cable",
        requirements={"coolant": 1, "electricity": 3},
    )


LEVELS_MADE = {
    "night_shift": night_shift,
    "hot_split": hot_split,
    "wet_work": wet_work,
    "full_load": full_load,
}


def main() -> None:
    for name, fn in LEVELS_MADE.items():
        write(name, fn())


if __name__ == "__main__":
    main()
