"""Reference hashes for /selfcheck/ (a real game's copy is found by ``engine.core.selfcheck.engines``)."""

from __future__ import annotations

from engine.core.selfcheck import session_check
from engine.template import GAME


def checks() -> dict[str, str]:
    return {"session": session_check(GAME, 7, {}, moves=["R", "D", "R", "D"])}
