"""Shared builders for the Orbit Simulator tests."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.orbit import initial_state
from engine.orbit.moves import parse_plan
from engine.orbit.state import OrbitState, Ship
from engine.orbit.turn import Event, execute_turn


def make(*ships: dict[str, Any], first: int = 0, max_rounds: int = 100, rules: int = 1) -> OrbitState:
    """A state from explicit ship setups (dicts of ShipSetup fields), under rules version ``rules``."""
    return initial_state(0, {"ships": list(ships), "first": first, "max_rounds": max_rounds, "rules": rules})


def bare(ships: tuple[Ship, ...]) -> tuple[Ship, ...]:
    """Ships without their railgun magazine (rules 8 adds one; the starts are otherwise the same)."""
    return tuple(replace(s, slugs=None) for s in ships)


def run(state: OrbitState, *texts: str) -> OrbitState:
    for t in texts:
        state, _ = execute_turn(state, parse_plan(t))
    return state


def turn(state: OrbitState, text: str) -> tuple[OrbitState, list[Event]]:
    return execute_turn(state, parse_plan(text))


# Two ships far apart on ring 5 (out of every weapon's range of each other).
FAR = ({"ring": 5, "sector": 0}, {"ring": 5, "sector": 48})
