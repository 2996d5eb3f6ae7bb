"""Run Map: the seeded route map, run loop and co-op host selection of issue 9.

Public API for the browser glue:

- ``GAME`` — the ``Game`` for ``engine.core.session.Session(GAME, seed, options)``;
  options ``{"preset": "slice"|"full", "players": 1-4, "defy_the_gods": bool}``.
- moves: ``Select(seat, node)``, ``Fight(seat, "attack"|"defend")``, ``Buy(seat, item)``,
  ``Leave(seat)``, ``Choose(seat, option)``, ``Join(seat)``, ``Drop(seat)``; text forms
  ``"p0 select 3"``, ``"p0 attack"``, ``"p1 join"``... via ``parse_move``/``format_move``.
- state: ``RunState`` (``layout``, ``current_node_index``, ``phase``, ``players``, ``combat``,
  ``host``, ``connected``, ``available_nodes()``, ``last_event``), ``outcome(state)``.
- ``generate_map(seed, players, RunOptions)`` -> ``MapLayout`` (pydantic, JSON round trip).
- rules versions: ``current_options(opts)`` stamps a new run with ``RULES_VERSION``;
  ``migrate_save(save)`` reads a save written before rules 2 as rules 1 (old generator).
"""

from engine.runmap.config import Knobs, RunOptions, parse_options
from engine.runmap.game import GAME, RunMapGame, Step, bot_move, current_options, migrate_save
from engine.runmap.mapgen import generate_map
from engine.runmap.model import EncounterData, EnemyData, MapEdge, MapLayout, MapNode, NodeType, Vector2
from engine.runmap.moves import Buy, Choose, Drop, Fight, Join, Leave, Move, Select, format_move, parse_move
from engine.runmap.rules import legal_moves, new_run, outcome, start_run
from engine.runmap.state import CombatState, Phase, PlayerState, RunOutcome, RunState, Termination
from engine.runmap.validate import layout_problems, load_layout

__all__ = [
    "GAME",
    "Buy",
    "Choose",
    "CombatState",
    "Drop",
    "EncounterData",
    "EnemyData",
    "Fight",
    "Join",
    "Knobs",
    "Leave",
    "MapEdge",
    "MapLayout",
    "MapNode",
    "Move",
    "NodeType",
    "Phase",
    "PlayerState",
    "RunMapGame",
    "RunOptions",
    "RunOutcome",
    "RunState",
    "Select",
    "Step",
    "Termination",
    "Vector2",
    "bot_move",
    "current_options",
    "format_move",
    "generate_map",
    "layout_problems",
    "legal_moves",
    "load_layout",
    "migrate_save",
    "new_run",
    "outcome",
    "parse_move",
    "parse_options",
    "start_run",
]
