"""Shared builders for the page-glue tests: tutorial cascades and a tiny open room."""

from __future__ import annotations

import json
from typing import Any

from engine.core.session import Session
from engine.reactor import GAME
from www.reactor.cascade import Cascade
from www.reactor.model import Run

TO_TERMINAL = ["move e", "move e", "move s"] + ["move e"] * 6 + ["move s", "move s", "interact"]
TO_CABLE_SOURCE = ["move n"] * 4 + ["move w"] * 9


def tutorial_cable_cascade(eye: bool) -> tuple[Cascade, Run]:
    """Tutorial: visit the terminal, walk to the switched-off electricity source, switch it on."""
    p = Run("builtin:tutorial", Session(GAME, 0, {"level": "tutorial"}))
    for m in TO_TERMINAL + TO_CABLE_SOURCE:
        assert p.try_play(m)[0], m
    assert p.state.eye_access and p.state.grid.xy(p.state.robot) == (1, 2)
    before = p.state
    assert p.try_play("interact", capture=True)[0] and p.last_trace is not None
    return Cascade(before, p.last_trace, 0.0, "full", eye, "x"), p


def room(surface: list[dict[str, Any]], robot: tuple[int, int] = (3, 2)) -> dict[str, Any]:
    """An 8×3 open room with a consumer under the robot and a reactor in the corner."""
    terrain = ["##########", "#........#", "#........#", "#........#", "##########"]
    return {
        "meta": {"id": "test", "title": "Test"},
        "width": 10,
        "height": 5,
        "terrain": terrain,
        "layers": {"fuel": [], "coolant": [], "electricity": []},
        "props": [
            {"kind": "consumer", "x": robot[0], "y": robot[1], "enabled": True},
            {"kind": "reactor", "x": 8, "y": 3},
        ],
        "leaks": [],
        "surface": surface,
        "robot": {"x": robot[0], "y": robot[1]},
        "requirements": {},
        "inventory": {},
    }


def cascade_in(lv: dict[str, Any], action: str = "interact") -> tuple[Cascade, Run]:
    p = Run("test:x", Session(GAME, 0, {"level": json.dumps(lv)}))
    before = p.state
    ok, why = p.try_play(action, capture=True)
    assert ok, why
    assert p.last_trace is not None
    return Cascade(before, p.last_trace, 0.0, "full", False, "x"), p
