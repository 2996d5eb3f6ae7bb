"""Reference computations for /selfcheck/ (``engine.core.selfcheck``): same hashes in CPython and the browser."""

from __future__ import annotations

from engine.core.selfcheck import session_check
from engine.runmap import GAME, bot_move


def checks() -> dict[str, str]:
    """The host bot's run on two seeds: every state, undo/redo, save and reload hashed."""
    return {f"session_{seed}": session_check(GAME, seed, {}, bot_move, max_moves=40) for seed in (7, 2026)}
