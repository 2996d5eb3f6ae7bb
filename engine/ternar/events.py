"""What happened during a turn, in order, for the glue to animate (no animation data in the state).

``apply_with_events`` returns these; each has a ``kind`` and the ``phase`` of 17.1 it belongs to.
``event.model_dump()`` gives a plain dict for JavaScript.
"""

from __future__ import annotations

from typing import Literal

from engine.core.schema import FrozenModel


class CollapseEvent(FrozenModel):
    """The route vanished; ``result`` appeared on ``target`` (the last node). ``flash`` for L >= 12 (18.1)."""

    kind: Literal["collapse"] = "collapse"
    phase: Literal["COLLAPSING"] = "COLLAPSING"
    route: tuple[int, ...]
    values: tuple[int, ...]
    target: int
    result: int
    result_type: Literal["normal", "singularity"]
    superchain: bool
    multiplier_tenths: int
    points: int
    bonus: int
    flash: bool


class FallMove(FrozenModel):
    """One node moving one row: ``src`` -> ``dst``."""

    src: int
    dst: int
    value: int
    ghost: bool
    breakthrough: bool


class FallPassEvent(FrozenModel):
    """One simultaneous pass of sand gravity (5.4 c). ``direction`` 1 = down, -1 = up (Hexa-Storm)."""

    kind: Literal["fall"] = "fall"
    phase: Literal["FALLING"] = "FALLING"
    pass_index: int
    direction: int
    moves: tuple[FallMove, ...]


class BreakthroughEvent(FrozenModel):
    """A heavy node (> 3^6) fell out of turn, beating a lighter claimant (5.3); precedes its pass."""

    kind: Literal["breakthrough"] = "breakthrough"
    phase: Literal["FALLING"] = "FALLING"
    pass_index: int
    src: int
    dst: int
    value: int


class SpawnEvent(FrozenModel):
    """A node flowed in at ``node``: the turn's new node (17.2), or ``regen`` for a regenerated node
    replacing one the collapse removed, or ``rescue`` for the 8.1 last-chance ghost. All nodes of a
    turn flow in first, then one gravity settle follows (its fall events come after)."""

    kind: Literal["spawn"] = "spawn"
    phase: Literal["SPAWNING"] = "SPAWNING"
    node: int
    value: int
    node_type: Literal["normal", "ghost"]
    regen: bool = False
    rescue: bool = False


class DealEvent(FrozenModel):
    """Starting nodes placed on an empty field (16.2): new game, after a Big Bang, Zen refill."""

    kind: Literal["deal"] = "deal"
    phase: Literal["SPAWNING"] = "SPAWNING"
    nodes: tuple[tuple[int, int], ...]


class WindowShiftEvent(FrozenModel):
    """The generation window moved (6.4); ``excluded`` joined the historical pool (6.6)."""

    kind: Literal["window_shift"] = "window_shift"
    phase: Literal["PROCESSING"] = "PROCESSING"
    old_window: tuple[int, int, int]
    new_window: tuple[int, int, int]
    excluded: tuple[int, ...]


class InversionEvent(FrozenModel):
    """Hexa-Storm: the regeneration direction flipped (11.3); falls in the new direction follow."""

    kind: Literal["inversion"] = "inversion"
    phase: Literal["FALLING"] = "FALLING"
    gravity: Literal["down", "up"]


class BigBangEvent(FrozenModel):
    """Three edge-connected singularities: the field is cleared, New Game+ (9.3)."""

    kind: Literal["big_bang"] = "big_bang"
    phase: Literal["PROCESSING"] = "PROCESSING"
    singularities: tuple[int, ...]
    cleared: tuple[int, ...]
    new_window: tuple[int, int, int]


class WallsEvent(FrozenModel):
    """Rules 4: a merge joined three or more singularities while the window is at its cap. There is no
    Big Bang there (its +3 levels have nowhere to go): the singularities stay on the field as walls."""

    kind: Literal["walls"] = "walls"
    phase: Literal["PROCESSING"] = "PROCESSING"
    singularities: tuple[int, ...]


class ZenRefillEvent(FrozenModel):
    """Zen has no death: a dead field is cleared and dealt again (RULES.md)."""

    kind: Literal["zen_refill"] = "zen_refill"
    phase: Literal["PROCESSING"] = "PROCESSING"
    cleared: tuple[int, ...]


class StageEvent(FrozenModel):
    """The intro stage changed (12.1); the glue switches glow etc. when it is IDLE (12.2)."""

    kind: Literal["stage"] = "stage"
    phase: Literal["IDLE"] = "IDLE"
    stage: int


class AchievementEvent(FrozenModel):
    """First singularity: salute and the «Архитектор» achievement (17.8)."""

    kind: Literal["achievement"] = "achievement"
    phase: Literal["COLLAPSING"] = "COLLAPSING"
    name: Literal["architect"] = "architect"
    node: int


class UndoEvent(FrozenModel):
    """Soft Undo: ``score_before`` (current) -> snapshot restored with ``score_after`` (x0.9)."""

    kind: Literal["undo"] = "undo"
    phase: Literal["IDLE"] = "IDLE"
    score_before: int
    snapshot_score: int
    score_after: int


class GameOverEvent(FrozenModel):
    """The game ended (8, 19.6)."""

    kind: Literal["game_over"] = "game_over"
    phase: Literal["GAMEOVER"] = "GAMEOVER"
    reason: Literal["no_matches", "window_lock", "full_lock"]


Event = (
    CollapseEvent
    | FallPassEvent
    | BreakthroughEvent
    | SpawnEvent
    | DealEvent
    | WindowShiftEvent
    | InversionEvent
    | BigBangEvent
    | WallsEvent
    | ZenRefillEvent
    | StageEvent
    | AchievementEvent
    | UndoEvent
    | GameOverEvent
)


def dump_events(events: list[Event]) -> list[dict[str, object]]:
    """Plain dicts (JSON-ready) of ``events``, in order, for the JavaScript side."""
    return [e.model_dump(mode="json") for e in events]
