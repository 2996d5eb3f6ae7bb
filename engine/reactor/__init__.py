"""Reactor Maintenance: a deterministic, turn-based systems puzzle (rules engine).

Public API for the browser glue and editor:

- ``Session(GAME, 0, {"level": "tutorial" | level JSON text | dict, "difficulty": "normal"})``;
  moves are text actions (``parse_action``/``format_action``): ``move n|e|s|w``, ``inspect X Y``,
  ``view`` (quick) and ``interact``, ``repair [carrier]``, ``remedy fuel|coolant|electricity``,
  ``shield``, ``activate`` (lengthy: one pulse). Refusals raise ``IllegalMoveError(reason)``.
- State to draw (``ReactorState``): ``grid`` (width, height, walls), ``surface[q]`` (q in fuel,
  coolant, electricity, heat; index ``y * width + x``), ``blocks[e]``, ``props`` (cell -> Prop),
  ``leaks``, ``robot``, ``inventory``, ``heat_immunity``, ``services``, ``ready``, ``level_state``,
  ``forecasts`` (``ForecastWarning.label()`` = "Pulse +N"), ``events``, ``outcome``, ``pulse``; underground
  ``layers[c]`` only through ``underground_view`` when ``can_view_underground``.
- ``status(state)`` (HUD dict), ``inspect_cell(state, x, y)`` (values shown to one decimal with
  their band), ``check_level`` (validation report), ``load_level``/``save_level`` (schema),
  ``share_code``/``parse_share_code``, ``presentation`` (layer opacity, tools, colours).
- ``walk.plan_walk`` (click-to-walk that never kills, refusal codes), ``views.danger_cells`` (what
  kills now / after the next pulse), ``actions.action_options`` and ``actions.Refusal`` (codes),
  ``campaign`` (order, pars, taught mechanics, hints, stars), ``solver.search`` (fewest pulses),
  ``progress`` (map fingerprints in saves: ``game_options``, ``restore_game``; progress format 2
  with best pulses per level: ``upgrade_progress``, ``record_win``, ``best_pulses``).
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
from engine.reactor.views import inspect_cell, status, underground_view

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
    "inspect_cell",
    "load_level",
    "parse_action",
    "parse_level",
    "parse_share_code",
    "save_level",
    "share_code",
    "status",
    "underground_view",
]
