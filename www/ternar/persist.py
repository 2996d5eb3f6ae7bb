"""Session and storage adapters of the Ternar page (no drawing)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


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
