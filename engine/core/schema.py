"""Pydantic helpers: strict base models and a parse function with clear errors."""

from __future__ import annotations

import json
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

M = TypeVar("M", bound=BaseModel)


class Model(BaseModel):
    """Base for every external schema: unknown fields are errors; the validator is built on first use."""

    model_config = ConfigDict(extra="forbid", defer_build=True)


class FrozenModel(BaseModel):
    """Immutable, hashable value model; unknown fields are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class SchemaError(ValueError):
    """Raised when outside data (level, save, replay, share code) is malformed.

    ``str(err)`` names what is wrong and where, readable by a player.
    """

    def __init__(self, what: str, problems: list[str]) -> None:
        self.what = what
        self.problems = problems
        super().__init__(f"{what} is invalid: " + "; ".join(problems))


def _describe(err: ValidationError) -> list[str]:
    out = []
    for e in err.errors()[:8]:
        loc = ".".join(str(p) for p in e.get("loc", ())) or "(top level)"
        out.append(f"{loc}: {e.get('msg', 'invalid')}")
    return out


def parse_model(model: type[M], data: str | bytes | dict[str, Any], what: str | None = None) -> M:
    """Validate JSON text or a dict into ``model``, raising ``SchemaError`` on any problem."""
    label = what or model.__name__
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except (ValueError, UnicodeDecodeError) as exc:
            raise SchemaError(label, [f"not valid JSON ({exc})"]) from None
    if not isinstance(data, dict):
        raise SchemaError(label, [f"expected a JSON object, got {type(data).__name__}"])
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise SchemaError(label, _describe(exc)) from None
