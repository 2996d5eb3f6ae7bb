"""Orbit Simulator: ships on five rings, a 10-unit reactor, heat, ring transfers, weapons; 2-4 players.

Public API (see RULES.md for the rules and every reading this package chose):

- ``GAME``: the ``engine.core.session.Game`` object (moves are ``TurnPlan`` values).
- ``initial_state(seed, options)``, ``OrbitState`` / ``Ship`` / ``Transit`` / ``Outcome``.
- ``TurnPlan``, ``FireOrder``, ``plan(...)``, ``parse_plan(text)``, ``COAST``.
- ``validate(state, plan)`` -> ``[Problem]``, ``plan_actions(state, plan)`` -> ``[Action]`` (preview),
  ``execute_turn(state, plan)`` -> ``(state, [Event])``.
- ``choose_plan(state, level, seed)`` with ``level`` in ``AI_LEVELS``.
- Geometry for drawing: ``RING_SECTORS``, ``map_sector``, ``arrival_sector``, ``in_range``, ``arc_span``,
  ``sectors_in_range(weapon, (ring, sector), facing)``, ``planned_arrival(state, plan)``.
- Planning panel: ``preview(state, plan)`` (pending energy, budget, heat next, targets, actions, problems),
  ``fire_targets(state, plan, weapon)``.
"""

from engine.orbit.ai import AI_LEVELS, choose_plan
from engine.orbit.game import GAME, OrbitGame, OrbitOptions, Scenario, initial_state
from engine.orbit.moves import COAST, FireOrder, TurnPlan, parse_plan, plan
from engine.orbit.rules import (
    RING_SECTORS,
    SPECS,
    SUBSYSTEMS,
    WEAPON_SPECS,
    Burn,
    Facing,
    Subsystem,
    Weapon,
    arc_span,
    arrival_sector,
    in_range,
    map_sector,
    sectors_in_range,
)
from engine.orbit.state import OrbitState, Outcome, Ship, Termination, Transit
from engine.orbit.turn import (
    Action,
    Event,
    Problem,
    execute_turn,
    fire_targets,
    plan_actions,
    planned_arrival,
    preview,
    validate,
)

__all__ = [
    "AI_LEVELS",
    "COAST",
    "GAME",
    "RING_SECTORS",
    "SPECS",
    "SUBSYSTEMS",
    "WEAPON_SPECS",
    "Action",
    "Burn",
    "Event",
    "Facing",
    "FireOrder",
    "OrbitGame",
    "OrbitOptions",
    "OrbitState",
    "Outcome",
    "Problem",
    "Scenario",
    "Ship",
    "Subsystem",
    "Termination",
    "Transit",
    "TurnPlan",
    "Weapon",
    "arc_span",
    "arrival_sector",
    "choose_plan",
    "execute_turn",
    "in_range",
    "initial_state",
    "map_sector",
    "parse_plan",
    "plan",
    "fire_targets",
    "plan_actions",
    "preview",
    "planned_arrival",
    "sectors_in_range",
    "validate",
]
