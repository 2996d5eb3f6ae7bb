"""Ternar («Тернар»): the hex number-network game (seed: ternar-hex-network-spec.ru.txt).

Use ``GAME`` with ``engine.core.Session``, or the functions directly:
``initial(seed, options)``, ``apply_with_events(state, move)``, ``Route.parse("38-39-33")``.
"""

from __future__ import annotations

from typing import Any

from engine.core.session import SaveData, Session
from engine.ternar.engine import (
    InvalidRouteError,
    apply,
    apply_with_events,
    classify_end,
    initial,
    initial_with_events,
    parse_options,
)
from engine.ternar.events import Event, dump_events
from engine.ternar.fixtures import state_from_json, state_from_rows, state_to_json
from engine.ternar.model import Move, Options, Outcome, Phase, Route, SoftUndo, State, Termination
from engine.ternar.rules import RouteCheck, check_route, collapse_value, has_route, route_score


def parse_move(text: str) -> Move:
    """``"undo"`` -> SoftUndo, ``"a-b-c"`` -> Route; ValueError if malformed."""
    t = text.strip()
    if t.lower() == "undo":
        return SoftUndo()
    return Route.parse(t)


def format_move(move: Move) -> str:
    """Text form of a move (round-trips through ``parse_move``)."""
    return move.text()


RULES_VERSION = 8  # 8: Hexa-Storm's heavy values (81+) keep their cells while inverted (16.3);
# 7: the window holds still in the intro (12.1) and WINDOW_LOCK names a dead field
# where the window left more numbers behind than it makes (RULES.md "Rules version 7");
# 6: WINDOW_LOCK when most of the dead field is out of the window (RULES.md);
# 5: the casual guardrail (10.3) spawns the window's low and mid at 85/15 (RULES.md);
# 4: the window shifts at top * 3^3, no Big Bang at the window cap (issue #30, the arc);
# 3: every node after the intro from the window (issue #30); 2: deal with a future, 12.1 intro values,
# paced window, light regeneration (RULES.md)


def migrate_save(save: SaveData) -> SaveData:
    """A save from older rules stays playable: its options pin the readings it was played under
    (rules 1: ``ruleset`` 1 and five start nodes; rules 2 and 3: ``ruleset`` 2 or 3), so its moves
    replay exactly as they were played and the game goes on under them."""
    options = dict(save.options)
    if save.rules <= 1:
        options.setdefault("ruleset", 1)
        options.setdefault("start_nodes", 5)
    else:
        options.setdefault("ruleset", min(save.rules, RULES_VERSION))
    return save.model_copy(update={"options": options})


class TernarGame:
    """The ``engine.core.session.Game`` implementation for Ternar."""

    name = "ternar"
    rules = RULES_VERSION

    def initial(self, seed: int, options: dict[str, Any]) -> State:
        return initial(seed, options)

    def apply(self, state: State, move: Move) -> State:
        return apply(state, move)

    def apply_with_events(self, state: State, move: Move) -> tuple[State, list[Event]]:
        """``apply`` plus the turn's events (``Session`` keeps them in ``last_events``)."""
        return apply_with_events(state, move)

    def play_with_events(self, session: Session[State, Move], move: Move) -> list[Event]:
        """``session.play(move)`` that also returns the turn's events (``session.play_events``).

        Raises like ``session.play`` (``InvalidRouteError``/``IllegalMoveError``, session untouched).
        """
        return session.play_events(move)

    def migrate_save(self, save: SaveData) -> SaveData:
        return migrate_save(save)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def format_move(self, move: Move) -> str:
        return format_move(move)

    def snapshot(self, state: State) -> Any:
        return state.model_dump(mode="json")


GAME = TernarGame()

__all__ = [
    "GAME",
    "RULES_VERSION",
    "Event",
    "InvalidRouteError",
    "Move",
    "Options",
    "Outcome",
    "Phase",
    "Route",
    "RouteCheck",
    "SoftUndo",
    "State",
    "TernarGame",
    "Termination",
    "apply",
    "apply_with_events",
    "check_route",
    "classify_end",
    "dump_events",
    "collapse_value",
    "format_move",
    "has_route",
    "initial",
    "initial_with_events",
    "migrate_save",
    "parse_move",
    "parse_options",
    "route_score",
    "state_from_json",
    "state_from_rows",
    "state_to_json",
]
