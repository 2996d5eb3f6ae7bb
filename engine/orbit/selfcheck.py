"""Reference computations for /selfcheck/ (``engine.core.selfcheck``): same hashes in CPython and the browser."""

from __future__ import annotations

from typing import Any

from engine.core.selfcheck import session_check
from engine.orbit import GAME, choose_plan


def _plan(state: Any) -> Any:
    return None if state.outcome is not None else choose_plan(state, "greedy", 5)


def checks() -> dict[str, str]:
    """A computer-vs-computer match: every state, undo/redo, save and reload hashed."""
    return {"session": session_check(GAME, 11, {}, _plan, max_moves=6)}
