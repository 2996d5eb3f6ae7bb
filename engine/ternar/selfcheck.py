"""Reference computations for /selfcheck/ (``engine.core.selfcheck``): same hashes in CPython and the browser."""

from __future__ import annotations

from engine.core.selfcheck import session_check
from engine.ternar import GAME
from engine.ternar.bot import greedy_route


def checks() -> dict[str, str]:
    """A greedy-bot game per mode: every state, undo/redo, save and reload hashed."""
    return {
        f"session_{mode}": session_check(GAME, 20261124, {"mode": mode}, greedy_route, max_moves=8)
        for mode in ("classic", "storm")
    }
