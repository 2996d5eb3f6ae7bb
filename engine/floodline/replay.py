"""Replays (Rules §13): rules version + level hash + seed + per-tick inputs (run-length encoded)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from engine.core.hashing import state_hash
from engine.core.schema import Model, SchemaError, parse_model
from engine.core.session import SaveData, Session
from engine.floodline.game import GAME
from engine.floodline.level import PLAYABLE_RULES, RULES_VERSION, Level, level_hash, under_rules
from engine.floodline.moves import TickInput, compress, format_move, parse_move
from engine.floodline.rules import initial_state, step
from engine.floodline.state import State


class Replay(Model):
    """``inputs`` are move texts; ``".*30"`` is 30 idle ticks (see ``engine.floodline.moves``)."""

    rules_version: str = Field(default=RULES_VERSION, alias="rulesVersion")
    level_hash: str | None = Field(default=None, alias="levelHash")
    seed: int = Field(ge=0, lt=2**64)
    inputs: list[str] = Field(default_factory=list, max_length=200_000)

    model_config = {"extra": "forbid", "populate_by_name": True}


def parse_replay(data: str | bytes | dict[str, Any]) -> Replay:
    return parse_model(Replay, data, "replay")


def make_replay(level: Level, seed: int, moves: list[TickInput]) -> Replay:
    """A replay of ``moves`` (compressed) on ``level``."""
    return Replay(
        rules_version=RULES_VERSION,
        level_hash=level_hash(level),
        seed=seed,
        inputs=[format_move(m) for m in compress(list(moves))],
    )


def replay_from_session(session: Session[State, TickInput], level: Level) -> Replay:
    return make_replay(level, session.seed, session.moves)


def play(level: Level, replay: Replay) -> State:
    """Run a replay; raises ``SchemaError`` on a version/level mismatch or a malformed input."""
    if replay.rules_version not in PLAYABLE_RULES:
        raise SchemaError("replay", [f"rulesVersion {replay.rules_version!r} is not {RULES_VERSION!r}"])
    if replay.level_hash is not None and replay.level_hash != level_hash(level):
        raise SchemaError("replay", ["levelHash does not match the level file"])
    s = initial_state(under_rules(level, replay.rules_version), replay.seed)
    for k, text in enumerate(replay.inputs):
        try:
            mv = parse_move(text)
        except ValueError as exc:
            raise SchemaError("replay", [f"inputs.{k} ({text!r}): {exc}"]) from None
        one = mv.once()
        for _ in range(mv.repeat):
            if s.outcome is not None:
                break
            s = step(s, one)
    return s


def result(s: State) -> dict[str, Any]:
    """The replay CLI's JSON: outcome, stars, score, metrics, final state hash."""
    o = s.outcome
    return {
        "outcome": "IN_PROGRESS" if o is None else o.status.value,
        "reason": None if o is None else o.reason.value,
        "stars": 0 if o is None else o.stars,
        "score": s.metrics["score"] if o is None else o.score,
        "ticks": s.tick,
        "gravity": s.gravity.value,
        "metrics": dict(s.metrics),
        "stateHash": state_hash(s.snapshot()),
    }


def session_for(level: Level, replay: Replay) -> Session[State, TickInput]:
    """A Session holding the replay (for undo/redo in a viewer)."""
    sess: Session[State, TickInput] = Session(
        GAME, replay.seed, {"level": level.model_dump(mode="json", by_alias=True)}
    )
    for text in replay.inputs:
        if sess.state.outcome is not None:
            break
        sess.play_text(text)
    return sess


def compact_save(session: Session[State, TickInput]) -> SaveData:
    """The session's save with runs of identical ticks merged (``".*300"``); loads to the same state."""
    save = session.save()
    return save.model_copy(update={"moves": [format_move(m) for m in compress(list(session.moves))]})
