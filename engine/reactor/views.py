"""Read-only views for the UI: cell inspection, underground view, value display with bands."""

from __future__ import annotations

from typing import Any

import engine.reactor.network as network
from engine.core.session import IllegalMoveError
from engine.reactor.actions import can_view_underground
from engine.reactor.balance import CARRIERS, QUANTITIES
from engine.reactor.f32 import BAND_NAMES, band, display
from engine.reactor.state import STRUCT_NAMES, ReactorState


def shown(st: ReactorState, quantity: str, value: float) -> dict[str, str]:
    """A surface value as the UI shows it: one decimal plus its safe/caution/critical band."""
    t = st.balance.thresholds[quantity]
    return {"text": display(value), "band": BAND_NAMES[band(value, t.caution, t.critical)]}


def inspect_cell(st: ReactorState, x: int, y: int) -> dict[str, Any]:
    """Everything the player may inspect about one cell (underground only with all-seeing-eye access)."""
    g = st.grid
    if not g.inside(x, y):
        raise IllegalMoveError("inspect target is out of bounds")
    i = g.cell(x, y)
    out: dict[str, Any] = {
        "x": x,
        "y": y,
        "terrain": "wall" if g.walls[i] else "floor",
        "robot": st.robot == i,
    }
    if not g.walls[i]:
        out["surface"] = {q: shown(st, q, st.surface[q][i]) for q in QUANTITIES}
        out["blocks"] = {e: int(a[i]) for e, a in st.blocks.items() if a[i] > 0}
    p = st.props.get(i)
    if p is not None:
        info: dict[str, Any] = {"kind": p.kind}
        if p.kind == "flow":
            info.update(carrier=p.carrier, enabled=p.enabled)
        elif p.kind == "consumer":
            info.update(
                enabled=p.enabled,
                state=network.consumer_display(st, i),
                services=dict(st.services.get(i, {})),
            )
        elif p.kind == "junction":
            info.update(ratio_mode=p.ratio_mode, weights=list(st.balance.junction_ratio_modes[p.ratio_mode]))
        elif p.kind == "door":
            info.update(open=p.open)
        elif p.kind == "supply":
            info.update(item=p.item, depleted=p.depleted)
        elif p.kind == "valve":
            info.update(outlets=[g.xy(o) for o in p.outlets])
        elif p.kind == "reactor":
            info.update(
                ready=i in st.ready,
                fed=network.reactor_fed(st, i),
                activated=p.activated,
                heat=shown(st, "heat", st.surface["heat"][i]),
            )
        out["prop"] = info
    out["leaks"] = [
        {"carrier": lk.carrier, "at": g.xy(lk.cell), "repaired": lk.repaired}
        for lk in st.leaks
        if lk.access == i
    ]
    if can_view_underground(st):
        out["underground"] = underground_cell(st, i)
    return out


def underground_cell(st: ReactorState, i: int) -> dict[str, Any]:
    res = {}
    for c in CARRIERS:
        lay = st.layers[c]
        if lay.state[i]:
            res[c] = {
                "state": STRUCT_NAMES[lay.state[i]],
                "amount": display(lay.amount[i]),
                "intensity": display(lay.intensity[i]),
                "integrity": display(lay.integrity[i]),
            }
    return res


def underground_view(st: ReactorState) -> dict[str, list[list[Any]]]:
    """All-seeing-eye view: per carrier, rows of None (absent) or [state, amount, intensity, integrity]."""
    if not can_view_underground(st):
        raise IllegalMoveError("visit an all-seeing-eye terminal to view the underground")
    g = st.grid
    out: dict[str, list[list[Any]]] = {}
    for c in CARRIERS:
        lay = st.layers[c]
        rows = []
        for y in range(g.height):
            row: list[Any] = []
            for x in range(g.width):
                i = g.cell(x, y)
                row.append(
                    None
                    if not lay.state[i]
                    else [STRUCT_NAMES[lay.state[i]], lay.amount[i], lay.intensity[i], lay.integrity[i]]
                )
            rows.append(row)
        out[c] = rows
    return out


def status_warnings(st: ReactorState) -> list[dict[str, Any]]:
    """Current (Pulse +0) warnings: one per starved carrier of each enabled consumer, starved reactor feeds."""
    g = st.grid
    out: list[dict[str, Any]] = []
    for cell, services in sorted(st.services.items()):
        for c, v in services.items():
            if v == network.STARVED:
                out.append(
                    {
                        "kind": "consumer_starved",
                        "cell": g.xy(cell),
                        "carrier": c,
                        "required": st.required[c] > 0,
                    }
                )
    for p in st.props_of("reactor"):
        for c in st.carriers_at(p.cell):
            lay = st.layers[c]
            if not (lay.amount[p.cell] > 0 and lay.intensity[p.cell] > 0):
                out.append(
                    {"kind": "reactor_feed_starved", "cell": g.xy(p.cell), "carrier": c, "required": True}
                )
    return out


def status(st: ReactorState) -> dict[str, Any]:
    """Level-wide status for the HUD: level state, ready reactors, inventory, forecasts."""
    return {
        "level_state": st.level_state,
        "pulse": st.pulse,
        "outcome": None if st.outcome is None else {"result": st.outcome.result, "reason": st.outcome.reason},
        "ready": [st.grid.xy(c) for c in st.ready],
        "banner": "REACTOR READY" if st.ready else "",
        "inventory": dict(st.inventory),
        "heat_immunity": st.heat_immunity,
        "producing": network.producing_counts(st),
        "required": dict(st.required),
        "forecasts": [
            {
                "when": w.label(),
                "pulse": w.pulse,
                "kind": w.kind,
                "cell": None if w.cell is None else st.grid.xy(w.cell),
                "subject": w.subject,
                "message": w.message,
            }
            for w in st.forecasts
        ],
        "warnings": status_warnings(st),
        "events": list(st.events),
    }


def danger_cells(st: ReactorState) -> dict[int, tuple[str, str]]:
    """Floor cells that kill the robot: cell -> (quantity lethal now, quantity lethal after the next
    pulse), each "" when safe; heat counts as lethal here (a shield only delays it). Cells safe both
    now and next pulse are left out. The next pulse is the forecast's (no player action)."""
    from engine.reactor.walk import lethal_quantity

    out: dict[int, tuple[str, str]] = {}
    surfaces = getattr(st.trace, "surfaces", ()) or ()
    nxt = surfaces[0] if surfaces else None
    limits = st.balance.robot_unsafe
    for i in st.grid.floor_cells:
        now = lethal_quantity(st, i, 0)
        later = ""
        if nxt is not None:
            for q in QUANTITIES:
                lim = limits[q]
                if lim is not None and nxt[q][i] >= lim:
                    later = q
                    break
        if now or later:
            out[i] = (now, later)
    return out


def kill_thresholds(st: ReactorState) -> dict[str, float]:
    """What kills: robot limits per surface quantity (coolant water never does) and reactor heat."""
    out = {q: float(v) for q, v in st.balance.robot_unsafe.items() if v is not None}
    out["reactor_heat"] = float(st.balance.reactor_heat_terminal)
    return out


def robot_doomed_next_pulse(st: ReactorState) -> bool:
    """The forecast says the robot dies in the next pulse where it stands."""
    return any(
        w.kind == "terminal_loss" and w.pulse == 1 and w.subject == "robot_hazard" for w in st.forecasts
    )
