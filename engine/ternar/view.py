"""JSON-ready views for the glue: what to draw for a state, and a preview of a route being dragged."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.ternar.display import GHOST_ALPHA, line_style, node_color, node_label
from engine.ternar.model import State
from engine.ternar.rules import check_route, collapse_value, is_superchain, route_score
from engine.ternar.topology import N_NODES, center, coords


def state_view(state: State) -> dict[str, Any]:
    """Everything the page draws for ``state``: cells (id, r, q, value, type, label, color, alpha,
    x, y in node-width units), score, turns, window, undo counter, phase, stage, mode, gravity, outcome."""
    cells = []
    for nid in range(N_NODES):
        r, q = coords(nid)
        v = state.values[nid]
        t = state.node_type(nid)
        x, y = center(nid)
        cells.append(
            {
                "id": nid,
                "r": r,
                "q": q,
                "x": x,
                "y": y,
                "value": v,
                "type": t,
                "label": node_label(v),
                "color": node_color(v) if v else "",
                "alpha": GHOST_ALPHA if t == "ghost" else 1.0,
            }
        )
    return {
        "cells": cells,
        "score": state.score,
        "turns": state.turns,
        "window": list(state.window),
        "undo": state.undo_counter,
        "can_undo": state.can_undo,
        "phase": state.phase.value,
        "stage": state.stage(),
        "mode": state.options.mode,
        "gravity": state.gravity,
        "turns_to_inversion": state.turns_to_inversion,
        "outcome": state.outcome.reason.value if state.outcome else None,
    }


def route_preview(state: State, route: Sequence[int]) -> dict[str, Any]:
    """For a route being dragged: whether releasing now would be a valid move, the result value and
    points it would give, and the line style (3.3) to draw it with."""
    width, glow, vibration = line_style(len(route), state.stage())
    out: dict[str, Any] = {
        "length": len(route),
        "width": width,
        "glow": glow,
        "vibration": vibration,
        "valid": False,
        "result": 0,
        "points": 0,
        "superchain": False,
        "flash": False,
    }
    if state.outcome is None and check_route(state.values, route).ok:
        chain = [state.values[n] for n in route]
        out.update(
            valid=True,
            result=collapse_value(chain),
            points=route_score(chain),
            superchain=is_superchain(chain),
            flash=len(chain) >= 12,
        )
    return out
