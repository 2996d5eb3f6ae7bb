"""Session and storage adapters of the Ternar page (no drawing)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from engine.ternar import GAME, apply_with_events


class EventsGame:
    """``GAME`` for the session, remembering the events of the last move for the animation."""

    name = GAME.name

    def __init__(self) -> None:
        self.last_events: list[Any] = []

    def initial(self, seed: int, options: dict[str, Any]) -> Any:
        return GAME.initial(seed, options)

    def apply(self, state: Any, move: Any) -> Any:
        new, self.last_events = apply_with_events(state, move)
        return new

    def parse_move(self, text: str) -> Any:
        return GAME.parse_move(text)

    def format_move(self, move: Any) -> str:
        return GAME.format_move(move)

    def snapshot(self, state: Any) -> Any:
        return GAME.snapshot(state)


class TelemetryLog(BaseModel):
    """Finished sessions' 19.5 records, newest last (kept locally, exportable)."""

    records: list[dict[str, Any]] = Field(default_factory=list, max_length=200)


class NullSafeBackend:
    """Web Storage wrapper: Pyodide 314 turns JS ``null`` into ``jsnull`` (not None), which
    ``gwweb.shared.storage`` compares with ``is None`` (a missing key then loops in ``quarantine``)."""

    def __init__(self, backend: Any) -> None:
        self.backend = backend

    def getItem(self, key: str) -> str | None:  # noqa: N802 - Web Storage API name
        v = self.backend.getItem(key)
        if v is None or type(v).__name__ in ("JsNull", "JsUndefined"):
            return None
        return str(v)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.backend.setItem(key, value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.backend.removeItem(key)
