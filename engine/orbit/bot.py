"""The bot of the shared command line (``python -m engine.core bot orbit``) and the generic lab."""

from __future__ import annotations

from engine.orbit.ai import choose_plan
from engine.orbit.moves import TurnPlan
from engine.orbit.state import OrbitState


def bot_policy(state: OrbitState) -> TurnPlan | None:
    """The greedy computer player's plan for the ship to move (``None`` once the game is over)."""
    return None if state.outcome is not None else choose_plan(state, "greedy", 5)
