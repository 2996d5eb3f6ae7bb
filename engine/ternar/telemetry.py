"""Telemetry of 13.2 / 19.5 and the career profile (Best, casual guardrail 10.3) kept across sessions.

The engine stores nothing: the glue keeps the ``Profile`` JSON (e.g. in localStorage), passes
``options_for(profile, mode)`` to a new game, and calls ``record_session`` when a session ends.
"""

from __future__ import annotations

import hashlib
from typing import Literal

from pydantic import Field

from engine.core.hashing import canonical_json
from engine.core.schema import FrozenModel, Model
from engine.ternar.model import Mode, State

GUARDRAIL_LOSSES = 3  # 10.3: three defeats in a row ...
SHORT_GAME = 50  # ... each under 50 turns
SUCCESS_GAME = 100  # lifted by the first session of more than 100 turns


class TelemetryMeta(FrozenModel):
    sessionId: str
    seed: int
    mode: Mode


class TelemetryStats(FrozenModel):
    turns: int
    maxValue: int
    totalScore: int
    avgChainLength: float
    ghostsSpawned: int
    singularitiesCreated: int


class TelemetryTermination(FrozenModel):
    reason: Literal["no_matches", "window_lock", "full_lock", "user_exit"]
    lastGridDensity: float


class Telemetry(FrozenModel):
    """One session record, exactly the JSON shape of 19.5."""

    meta: TelemetryMeta
    stats: TelemetryStats
    termination: TelemetryTermination


def session_id(seed: int, options: object = None) -> str:
    """A UUID-shaped id derived from the seed and options (deterministic; no clock, no global random)."""
    h = hashlib.sha256(canonical_json({"seed": seed, "options": options}).encode()).hexdigest()
    return f"{h[0:8]}-{h[8:12]}-4{h[13:16]}-{'89ab'[int(h[16], 16) % 4]}{h[17:20]}-{h[20:32]}"


def telemetry(state: State, sid: str | None = None) -> Telemetry:
    """The 19.5 record for ``state``; reason "user_exit" while the game is still on.

    avgChainLength and lastGridDensity are rounded to 2 decimals; maxValue is the largest value ever
    reached in the session (3^15 once a singularity formed).
    """
    reason = state.outcome.reason.value if state.outcome is not None else "user_exit"
    avg = round(state.chain_total / state.turns, 2) if state.turns else 0.0
    return Telemetry(
        meta=TelemetryMeta(
            sessionId=sid or session_id(state.seed, state.options.model_dump(mode="json")),
            seed=state.seed,
            mode=state.options.mode,
        ),
        stats=TelemetryStats(
            turns=state.turns,
            maxValue=state.max_value,
            totalScore=state.score,
            avgChainLength=avg,
            ghostsSpawned=state.ghosts_spawned,
            singularitiesCreated=state.singularities_created,
        ),
        termination=TelemetryTermination(reason=reason, lastGridDensity=round(state.density(), 2)),
    )


class Profile(Model):
    """What survives between sessions: Best per mode (Zen writes none), the guardrail and its streak.

    Best holds finished (or abandoned) sessions only: the game in progress lives in its save, so a
    Soft Undo takes its points back and a reload shows the same Best. ``recorded`` names the last
    session written (``session_key``) and ``best_before`` the Best it had to beat, so recording is
    idempotent and the game-over card can still tell a new record after a reload.
    """

    best_classic: int = Field(default=0, ge=0)
    best_storm: int = Field(default=0, ge=0)
    short_losses: int = Field(default=0, ge=0)
    guardrail: bool = False
    sessions: int = Field(default=0, ge=0)
    recorded: str = Field(default="", max_length=120)
    best_before: int = Field(default=0, ge=0)


def salvage_profile(data: object) -> Profile | None:
    """A damaged profile record's readable fields (issue #30: a damaged profile never resets Best
    silently): each field that is valid on its own is kept, the others take their defaults. None when
    ``data`` is not a dict or no Best survives."""
    if not isinstance(data, dict):
        return None
    kept: dict[str, object] = {}
    for name in Profile.model_fields:
        if name in data:
            try:
                Profile.model_validate({name: data[name]})
            except ValueError:
                continue
            kept[name] = data[name]
    profile = Profile.model_validate(kept)
    return profile if profile.best_classic or profile.best_storm else None


class BestView(FrozenModel):
    """What the page shows about Best for a game: ``best`` (None in Zen), and whether the score is a
    new record (it beats a previous, non-zero Best)."""

    score: int
    best: int | None
    new_best: bool


def session_key(state: State) -> str:
    """Names one session at one point: mode, seed, turns and score."""
    return f"{state.options.mode}:{state.seed}:{state.turns}:{state.score}"


def best_for(profile: Profile, mode: str) -> int | None:
    """Best score of ``mode``; None for Zen (11.2: its score is never written to Best)."""
    if mode == "classic":
        return profile.best_classic
    if mode == "storm":
        return profile.best_storm
    return None


def live_best(profile: Profile, state: State) -> int | None:
    """Best to show during play: max(stored Best, current score); None in Zen."""
    return best_view(profile, state).best


def best_view(profile: Profile, state: State) -> BestView:
    """Best for the HUD and the game-over card, before or after ``record_session`` of ``state``:
    Best = max(the Best this session had to beat, the score); "new best" when the score beats a
    previous non-zero Best."""
    b = best_for(profile, state.options.mode)
    if b is None:
        return BestView(score=state.score, best=None, new_best=False)
    before = profile.best_before if profile.recorded == session_key(state) else b
    return BestView(score=state.score, best=max(before, state.score), new_best=state.score > before > 0)


def options_for(profile: Profile, mode: str) -> dict[str, object]:
    """Options for a new game of ``mode`` under this profile (the guardrail travels in the save)."""
    return {"mode": mode, "guardrail": profile.guardrail and mode != "zen"}


def record_session(profile: Profile, state: State) -> Profile:
    """The profile after a session ends (game over, or abandoned for a new game).

    Best rises to the score (not in Zen); recording the same session twice changes nothing (a reload
    after game over). A defeat under 50 turns extends the streak, any other defeat
    resets it; the third short defeat in a row turns the guardrail on. Any session of more than 100
    turns turns it off and resets the streak. Zen sessions leave the profile unchanged.
    """
    mode = state.options.mode
    if mode == "zen" or profile.recorded == session_key(state):
        return profile  # Zen writes nothing; the same session is never recorded twice
    data = profile.model_dump()
    data["sessions"] += 1
    key = "best_classic" if mode == "classic" else "best_storm"
    data["best_before"] = data[key]
    data["recorded"] = session_key(state)
    data[key] = max(data[key], state.score)
    if state.outcome is not None:
        if state.turns < SHORT_GAME:
            data["short_losses"] += 1
            if data["short_losses"] >= GUARDRAIL_LOSSES:
                data["guardrail"] = True
        else:
            data["short_losses"] = 0
    if state.turns > SUCCESS_GAME:
        data["guardrail"] = False
        data["short_losses"] = 0
    return Profile.model_validate(data)


class TelemetryLog(Model):
    """Records kept locally for export to «Сфера» (13); the newest ``LOG_LIMIT`` are kept."""

    records: list[Telemetry] = Field(default_factory=list)


LOG_LIMIT = 200


def append_record(log: TelemetryLog, record: Telemetry) -> TelemetryLog:
    """A new log with ``record`` appended (oldest dropped beyond 200 records)."""
    return TelemetryLog(records=[*log.records, record][-LOG_LIMIT:])
