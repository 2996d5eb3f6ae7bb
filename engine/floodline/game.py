"""The ``Game`` protocol object for ``engine.core.session.Session``: a move is one tick's inputs."""

from __future__ import annotations

import json
from typing import Any

from engine.core.hashing import canonical_json
from engine.core.session import IllegalMoveError, SaveData
from engine.floodline.events import Event, tick_events
from engine.floodline.level import RULES, Level, parse_level
from engine.floodline.moves import TickInput, format_move, parse_move
from engine.floodline.rules import initial_state, step
from engine.floodline.state import State

_LEVEL_CACHE: dict[str, Level] = {}


def level_from_options(options: dict[str, Any]) -> Level:
    """``options["level"]`` (a level dict or JSON text) or the default sandbox level."""
    raw = options.get("level", {})
    key = raw if isinstance(raw, str) else canonical_json(raw)
    lv = _LEVEL_CACHE.get(key)
    if lv is None:
        lv = parse_level(raw)
        if len(_LEVEL_CACHE) > 64:
            _LEVEL_CACHE.clear()
        _LEVEL_CACHE[key] = lv
    return lv


class FloodlineGame:
    """Floodline rules for the Session: ``initial(seed, {"level": ...})``, ``apply(state, TickInput)``."""

    name = "floodline"
    rules = RULES

    def migrate_save(self, save: SaveData) -> SaveData | None:
        """A game saved under rules 4 ("0.5") goes on under the 0.5 rules: its level is marked
        ``meta.rulesVersion = "0.5"``, which turns rules 0.6's ballast off for that game only
        (RULES.md 68), so its moves replay exactly as they were played.

        A game saved under rules 1 ("0.2", height = max y), 2 ("0.3", global water fill, side
        contact holds) or 3 ("0.4", a rigid piece hangs from one resting voxel) cannot go on: the same
        moves may now end it differently (REACH_HEIGHT counts layers; water fills per body; a voxel
        is held only through what is under it) and the campaign levels were retuned.  The
        core keeps the old save aside and the page says why; stars, bests and unlocks live in
        ``Progress``, which did not change."""
        if save.rules != 4:
            return None
        raw = save.options.get("level", {})
        try:
            lv = json.loads(raw) if isinstance(raw, str) else dict(raw)
        except (ValueError, TypeError):
            return None
        if not isinstance(lv, dict):
            return None
        meta = lv.get("meta", {})
        lv = {**lv, "meta": {**(meta if isinstance(meta, dict) else {}), "rulesVersion": "0.5"}}
        return save.model_copy(update={"rules": RULES, "options": {**save.options, "level": lv}})

    def initial(self, seed: int, options: dict[str, Any]) -> State:
        """Start ``options["level"]`` with the PRNG seeded by ``seed``."""
        return initial_state(level_from_options(options), seed)

    def apply(self, state: State, move: TickInput) -> State:
        """Run ``move.repeat`` ticks; refused (IllegalMoveError) only once the game is over."""
        _check(state, move)
        one = move.once()
        s = state
        for _ in range(move.repeat):
            s = step(s, one)
            if s.outcome is not None:
                break
        return s

    def apply_with_events(self, state: State, move: TickInput) -> tuple[State, list[Event]]:
        """``apply`` plus what happened on each tick, in order (``events.tick_events``); the
        ``Session`` keeps them in ``last_events`` when it was made with ``keep_events=True``."""
        _check(state, move)
        one = move.once()
        s = state
        out: list[Event] = []
        for _ in range(move.repeat):
            s0, s = s, step(s, one)
            out += tick_events(s0, s, one)
            if s.outcome is not None:
                break
        return s, out

    def parse_move(self, text: str) -> TickInput:
        return parse_move(text)

    def format_move(self, move: TickInput) -> str:
        return format_move(move)

    def snapshot(self, state: State) -> Any:
        return state.snapshot()


def _check(state: State, move: TickInput) -> None:
    if state.outcome is not None:
        raise IllegalMoveError("the game is over")
    if move.freeze is not None and not state.board.in_bounds(move.freeze):
        raise IllegalMoveError(f"freeze target {move.freeze} is outside the board")


GAME = FloodlineGame()
