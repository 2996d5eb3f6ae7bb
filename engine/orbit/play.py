"""Headless games: AI vs AI self-play and scenario replays (used by the CLI, tests and bench)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.hashing import state_hash
from engine.orbit.ai import choose_plan
from engine.orbit.game import Scenario, initial_state, scenario_options
from engine.orbit.moves import TurnPlan, parse_plan
from engine.orbit.state import OrbitState, Outcome
from engine.orbit.turn import Event, execute_turn


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A finished (or stopped) game: seed, seats, the moves as text, final state, outcome and hash."""

    seed: int
    levels: tuple[str, ...]
    moves: tuple[str, ...]
    final: OrbitState
    outcome: Outcome | None

    @property
    def hash(self) -> str:
        return state_hash(self.final.to_json())

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "levels": list(self.levels),
            "turns": len(self.moves),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "hash": self.hash,
        }


def selfplay(
    seed: int, levels: tuple[str, ...] = ("tactical", "tactical"), max_rounds: int = 100
) -> GameRecord:
    """Play one game with ship i driven by ``levels[i]``; every AI decision is seeded from ``seed``."""
    state = initial_state(seed, {"players": len(levels), "max_rounds": max_rounds})
    moves: list[str] = []
    while state.outcome is None:
        plan = choose_plan(state, levels[state.active], seed)
        moves.append(plan.text())
        state, _ = execute_turn(state, plan)
    return GameRecord(seed, levels, tuple(moves), state, state.outcome)


def play_scenario(sc: Scenario) -> tuple[OrbitState, list[dict[str, Any]]]:
    """Run a scenario's plans in order; returns the final state and one JSON record per turn.

    Raises ``ValueError`` (``IllegalMoveError`` or a parse error) naming the plan that failed.
    """
    state = initial_state(0, scenario_options(sc))
    rows: list[dict[str, Any]] = []
    for i, text in enumerate(sc.plans):
        if state.outcome is not None:
            raise ValueError(f"plans.{i} ({text!r}): the game is already over")
        try:
            plan: TurnPlan = parse_plan(text)
            actor = state.active
            state, events = execute_turn(state, plan)
        except ValueError as exc:
            raise ValueError(f"plans.{i} ({text!r}): {exc}") from None
        rows.append(turn_record(i + 1, actor, plan, state, events))
    return state, rows


def turn_record(n: int, actor: int, plan: TurnPlan, state: OrbitState, events: list[Event]) -> dict[str, Any]:
    """Per-turn JSON: who moved, the plan, the log and every ship's ring, sector, facing, energy..."""
    snap = state.to_json()
    return {
        "turn": n,
        "ship": actor,
        "plan": plan.text(),
        "events": [f"[{e.step}] {e.text}" for e in events],
        "ships": snap["ships"],
        "active": snap["active"],
        "outcome": snap["outcome"],
    }
