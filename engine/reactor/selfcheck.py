"""Reference computations for /selfcheck/ (``engine.core.selfcheck``): same hashes in CPython and the browser."""

from __future__ import annotations

from engine.core.selfcheck import session_check
from engine.reactor import GAME
from engine.reactor.bot import run_bot


def checks() -> dict[str, str]:
    """The greedy bot on the default level: every state, undo/redo, save and reload hashed."""
    start = GAME.initial(3, {})
    _, actions = run_bot(start, max_actions=12)
    return {"session": session_check(GAME, 3, {}, moves=actions)}
