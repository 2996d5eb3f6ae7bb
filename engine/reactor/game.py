"""Loading levels and the ``Game`` object the shared ``Session`` drives."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import engine.reactor.forecast as forecast
import engine.reactor.pulse as pulse
from engine.core.hashing import state_hash
from engine.core.schema import SchemaError
from engine.reactor.actions import Action, apply_action, format_action, parse_action
from engine.reactor.balance import load_balance
from engine.reactor.builtin import builtin_level as builtin_level
from engine.reactor.builtin import builtin_levels as builtin_levels
from engine.reactor.fingerprint import check_fingerprint
from engine.reactor.schema import LevelM, parse_level
from engine.reactor.stages import PulseTrace
from engine.reactor.state import ReactorState, level_from_state, snapshot, state_from_level
from engine.reactor.validate import Report, validate_level

DEFAULT_LEVEL = "tutorial"
# Rules versions: 1 the first release; 2 valves usable on consecutive pulses, a heat shield lasts
# HeatImmunitySteps moves (the pulse raising it does not spend one), pars from search.
RULES_VERSION = 2


def check_level(level: LevelM | str | dict[str, Any], difficulty: str | None = None) -> Report:
    """Validate a level (schema first: raises ``SchemaError``; then the Validation section rules)."""
    lv = level if isinstance(level, LevelM) else parse_level(level)
    return validate_level(lv, load_balance(difficulty or lv.meta.difficulty))


def load_level(level: LevelM | str | dict[str, Any], difficulty: str | None = None) -> ReactorState:
    """A playable state from a level; ``SchemaError`` lists validation errors (with cells).

    An authored level settles its networks (Supplied/Starved, no pulse) and refreshes forecasts; a
    level saved mid-play (``dynamic`` present) keeps its stored runtime values exactly.
    """
    lv = level if isinstance(level, LevelM) else parse_level(level)
    diff = difficulty or lv.meta.difficulty
    balance = load_balance(diff)
    rep = validate_level(lv, balance)
    if not rep.ok:
        raise SchemaError("level", [f"{e.code} at ({e.x},{e.y}): {e.message}" for e in rep.errors])
    st = state_from_level(lv, balance, diff)
    if lv.dynamic is None:
        pulse.settle(st)
        forecast.refresh_forecasts(st)
    else:
        pulse.derive_readiness(st)
    st.level_state = pulse.level_state(st)
    return st


def save_level(st: ReactorState, dynamic: bool = True) -> LevelM:
    """Serialize a state (a game in progress when ``dynamic``)."""
    return level_from_state(st, dynamic)


@dataclass(frozen=True)
class LevelEnded:
    """Event: the move ended the level (``result`` "won" or "lost"; ``reason`` the engine's code,
    e.g. the robot killed by a hazard, the reactor activated)."""

    result: str
    reason: str


class ReactorGame:
    """Reactor Maintenance for ``Session``: options ``{"level": <name | JSON text | dict>,
    "difficulty": "easy" | "normal" | "hard", "fingerprint": <progress.level_fingerprint>}``
    (the fingerprint is optional; a different one refuses to load). The seed is unused (the game
    has no randomness)."""

    name = "reactor"
    rules = RULES_VERSION

    def initial(self, seed: int, options: dict[str, Any]) -> ReactorState:
        level = options.get("level", DEFAULT_LEVEL)
        if isinstance(level, str) and not level.lstrip().startswith("{"):
            lv = builtin_level(level)
        elif isinstance(level, (str, dict)):
            lv = parse_level(level)
        else:
            raise SchemaError("options", ["level must be a built-in name, JSON text or an object"])
        diff = options.get("difficulty")
        if diff is not None and not isinstance(diff, str):
            raise SchemaError("options", ["difficulty must be a string"])
        check_fingerprint(options, lv)  # a save made on another version of this map (issue #27)
        return load_level(lv, diff)

    def apply(self, state: ReactorState, move: Action) -> ReactorState:
        return apply_action(state, move)

    def apply_with_events(self, state: ReactorState, move: Action) -> tuple[ReactorState, list[Any]]:
        """``apply`` and what happened, in order (``Session.play`` keeps them when ``keep_events``):
        a lengthy action's pulse stages (``stages.PulseStage``: the action, networks, integrity,
        every surface step, robot safety, readiness, timers, forecast — each with the state after
        it and the cells it changed), then ``LevelEnded`` when the move ended the level. A move
        of the robot has no stages (only ``LevelEnded`` when a hazard killed it)."""
        events: list[Any] = []
        if move.lengthy:
            trace = PulseTrace(state)
            new = apply_action(state, move, on_stage=trace)
            events.extend(trace.stages)
        else:
            new = apply_action(state, move)
        if new.outcome is not None and state.outcome is None:
            events.append(LevelEnded(new.outcome.result, new.outcome.reason))
        return new, events

    def parse_move(self, text: str) -> Action:
        return parse_action(text)

    def format_move(self, move: Action) -> str:
        return format_action(move)

    def snapshot(self, state: ReactorState) -> Any:
        return snapshot(state)


GAME = ReactorGame()


def hash_state(st: ReactorState) -> str:
    """sha256 of the canonical snapshot."""
    return state_hash(snapshot(st))


def level_to_json(st: ReactorState, dynamic: bool = True) -> str:
    """Pretty JSON of a saved state."""
    return json.dumps(save_level(st, dynamic).model_dump(mode="json"), indent=1)
