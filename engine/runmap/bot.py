"""The bot of the shared command line (``python -m engine.core bot runmap``) and the generic lab."""

from __future__ import annotations

from engine.runmap.game import bot_move as bot_policy

__all__ = ["bot_policy"]
