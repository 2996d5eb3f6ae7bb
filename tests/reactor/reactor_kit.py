"""Small builders for Reactor Maintenance test levels (ASCII maps -> level dicts)."""

from __future__ import annotations

from typing import Any

from engine.reactor import load_level
from engine.reactor.balance import load_balance
from engine.reactor.state import ReactorState

B = load_balance("normal")


def layer(rows: list[str] | None) -> list[dict[str, Any]]:
    """'+' intact at max integrity, a digit = intact with that integrity, '.'/' ' absent."""
    out: list[dict[str, Any]] = []
    for y, row in enumerate(rows or []):
        for x, ch in enumerate(row):
            if ch == "+":
                out.append({"x": x, "y": y})
            elif ch.isdigit():
                out.append({"x": x, "y": y, "integrity": float(ch)})
    return out


def level(
    terrain: list[str],
    *,
    fuel: list[str] | None = None,
    coolant: list[str] | None = None,
    electricity: list[str] | None = None,
    props: list[dict[str, Any]] | None = None,
    leaks: list[dict[str, Any]] | None = None,
    surface: list[dict[str, Any]] | None = None,
    robot: tuple[int, int] = (1, 1),
    required: dict[str, int] | None = None,
    inventory: dict[str, int] | None = None,
    reactor: tuple[int, int] | None = None,
) -> dict[str, Any]:
    """A level dict; a reactor control is added at ``reactor`` (default: last floor cell) if none given."""
    props = list(props or [])
    if not any(p["kind"] == "reactor" for p in props):
        if reactor is None:
            cells = [(x, y) for y, r in enumerate(terrain) for x, ch in enumerate(r) if ch == "."]
            occupied = {(p["x"], p["y"]) for p in props}
            reactor = [c for c in cells if c not in occupied and c != robot][-1]
        props.append({"kind": "reactor", "x": reactor[0], "y": reactor[1]})
    lv: dict[str, Any] = {
        "meta": {"id": "test", "title": "Test"},
        "width": len(terrain[0]),
        "height": len(terrain),
        "terrain": list(terrain),
        "layers": {"fuel": layer(fuel), "coolant": layer(coolant), "electricity": layer(electricity)},
        "props": props,
        "leaks": list(leaks or []),
        "surface": list(surface or []),
        "robot": {"x": robot[0], "y": robot[1]},
        "requirements": dict(required or {}),
        "inventory": dict(inventory or {}),
    }
    for lk in lv["leaks"]:  # authored unrepaired leaks need their cell marked leaking
        if not lk.get("repaired"):
            for c in lv["layers"][lk["carrier"]]:
                if (c["x"], c["y"]) == (lk["x"], lk["y"]):
                    c["state"] = "leaking"
    return lv


def load(lv: dict[str, Any]) -> ReactorState:
    return load_level(lv)


def at(st: ReactorState, q: str, x: int, y: int) -> float:
    """Surface quantity ``q`` at (x, y)."""
    return st.surface[q][st.grid.cell(x, y)]


def under(st: ReactorState, carrier: str, x: int, y: int) -> tuple[float, float, float]:
    """(amount, intensity, integrity) of an underground cell."""
    lay = st.layers[carrier]
    i = st.grid.cell(x, y)
    return lay.amount[i], lay.intensity[i], lay.integrity[i]


def put(st: ReactorState, q: str, x: int, y: int, v: float) -> None:
    st.surface[q][st.grid.cell(x, y)] = v


def flow(x: int, y: int, carrier: str, enabled: bool = True) -> dict[str, Any]:
    return {"kind": "flow", "x": x, "y": y, "carrier": carrier, "enabled": enabled}


def consumer(x: int, y: int, enabled: bool = True) -> dict[str, Any]:
    return {"kind": "consumer", "x": x, "y": y, "enabled": enabled}


OPEN_ROOM = [
    "##########",
    "#........#",
    "#........#",
    "#........#",
    "##########",
]


def lethal_room(heat_cells: tuple[tuple[int, int], ...] = ((2, 1),), shields: int = 0) -> dict[str, Any]:
    """The open room with lethal heat (9) on ``heat_cells``; robot at (1, 1)."""
    lv = level(
        OPEN_ROOM,
        surface=[{"x": x, "y": y, "heat": 9.0} for x, y in heat_cells],
        inventory={"heat_shield": shields} if shields else None,
    )
    return lv
