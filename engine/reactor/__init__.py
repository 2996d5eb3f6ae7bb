"""Reactor Maintenance: a deterministic, turn-based systems puzzle (rules engine).

Public API for the browser glue: ``GAME`` (for ``Session``), ``load_level``, ``check_level``,
``parse_action``/``format_action``, ``inspect_cell``, ``underground_view``, ``share_code``.
"""

from engine.reactor.actions import (
    Action,
    advance_pulse,
    advance_step,
    apply_action,
    can_view_underground,
    format_action,
    parse_action,
)
from engine.reactor.game import (
    GAME,
    ReactorGame,
    builtin_level,
    builtin_levels,
    check_level,
    hash_state,
    load_level,
    save_level,
)
from engine.reactor.schema import LevelM, parse_level, parse_share_code, share_code
from engine.reactor.state import ReactorState

__all__ = [
    "GAME",
    "Action",
    "LevelM",
    "ReactorGame",
    "ReactorState",
    "advance_pulse",
    "advance_step",
    "apply_action",
    "builtin_level",
    "builtin_levels",
    "can_view_underground",
    "check_level",
    "format_action",
    "hash_state",
    "load_level",
    "parse_action",
    "parse_level",
    "parse_share_code",
    "save_level",
    "share_code",
]
