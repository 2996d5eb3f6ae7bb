"""The state of a best-game replay (``replay.py``), apart so that ``page.TernarPage`` can name it
without importing the replay's actions (no import cycle, #24)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.session import Session
from engine.ternar import Move, State


@dataclass
class Replay:
    """A best game played back: ``moves`` of the best game, ``done`` of them shown so far, on its
    own session; ``live`` is the game in progress, given back when the replay stops."""

    live: Session[State, Move]
    moves: list[Move]
    done: int = 0
    next_at: float = 0.0
    score: int = 0
