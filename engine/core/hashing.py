"""Canonical state hashing, identical in CPython and Pyodide."""

from __future__ import annotations

import hashlib
import json
import math
from typing import Any

from pydantic import BaseModel


def _plain(obj: Any) -> Any:
    """Convert models, tuples, sets and enums into canonical JSON-ready values."""
    if isinstance(obj, BaseModel):
        return _plain(obj.model_dump(mode="json"))
    if isinstance(obj, dict):
        return {str(k): _plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_plain(v) for v in obj]
    if isinstance(obj, (set, frozenset)):
        return sorted((_plain(v) for v in obj), key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(obj, float):
        if not math.isfinite(obj):
            raise ValueError(f"non-finite float {obj!r} cannot be hashed")
        if obj.is_integer() and abs(obj) < 2**53:
            return int(obj) if obj != 0 else 0
        return obj
    if hasattr(obj, "value") and hasattr(obj, "name") and not isinstance(obj, (int, str)):
        return _plain(obj.value)  # Enum
    return obj


def canonical_json(obj: Any) -> str:
    """Deterministic JSON: sorted keys, no spaces, integral floats written as ints."""
    return json.dumps(_plain(obj), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(obj: Any) -> str:
    """Hex sha256 of ``canonical_json(obj)``; the same in every runtime."""
    return hashlib.sha256(canonical_json(obj).encode("utf-8")).hexdigest()
