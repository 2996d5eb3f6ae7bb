"""Floodline: deterministic voxel stacking with world rotation, solid settling and basin water.

Public API for the browser glue and tools:

- ``GAME`` (``Session(GAME, seed, {"level": level_dict})``), moves as ``TickInput`` / text (``moves``).
- ``parse_level``, ``Level``, ``json_schema`` (level format); ``make_replay`` / ``play`` (replays).
- ``view(state)`` — everything the client draws; ``debug_view(state)`` — §14 overlays.
"""

from engine.floodline.game import GAME, FloodlineGame
from engine.floodline.geometry import Gravity
from engine.floodline.level import Level, json_schema, level_hash, parse_level
from engine.floodline.moves import IDLE, TickInput, format_move, parse_move, wait
from engine.floodline.replay import Replay, make_replay, parse_replay, play
from engine.floodline.state import ActivePiece, Outcome, Reason, State, Status
from engine.floodline.view import debug_view, view

__all__ = [
    "GAME",
    "IDLE",
    "ActivePiece",
    "FloodlineGame",
    "Gravity",
    "Level",
    "Outcome",
    "Reason",
    "Replay",
    "State",
    "Status",
    "TickInput",
    "debug_view",
    "format_move",
    "json_schema",
    "level_hash",
    "make_replay",
    "parse_level",
    "parse_move",
    "parse_replay",
    "play",
    "view",
    "wait",
]
