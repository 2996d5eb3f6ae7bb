"""Pydantic helpers: strict base models and a parse function with clear errors."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

M = TypeVar("M", bound=BaseModel)


class Model(BaseModel):
    """Base for every external schema: unknown fields are errors; the validator is built on first use."""

    model_config = ConfigDict(extra="forbid", defer_build=True)


class FrozenModel(BaseModel):
    """Immutable, hashable value model; unknown fields are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with outside data, for the page to word in the player's language.

    ``path``: the field (pydantic's location joined by dots, ``(top level)`` for the whole object;
    ``""`` for a problem of the text itself, e.g. not JSON). ``code``: pydantic's error type
    (``missing``, ``less_than_equal``, ``literal_error``...) or a game's own code (``json``,
    ``not_object``, ``share_checksum``...; ``text`` for a plain message). ``params``: the values the
    words need (pydantic's context: ``le``, ``min_length``, ``expected``, ``tag``...). ``text``: the
    English words, as ``str(SchemaError)`` has always shown them.
    """

    path: str
    code: str
    text: str
    params: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        return f"{self.path}: {self.text}" if self.path else self.text

    def param(self, name: str, default: Any = None) -> Any:
        """The value of parameter ``name`` (``default`` when it has none)."""
        return dict(self.params).get(name, default)


def problem(code: str, text: str, path: str = "", **params: Any) -> Problem:
    """A coded problem of a game's own (``SchemaError(what, [problem(...)])``)."""
    return Problem(path, code, text, tuple(sorted(params.items())))


class SchemaError(ValueError):
    """Raised when outside data (level, save, replay, share code) is malformed.

    ``str(err)`` names what is wrong and where, readable by a player. ``details`` are the problems
    with codes and parameters (``Problem``: a page words them in its language by code, never by
    reading the English); ``problems`` are their English texts (``str`` of each detail).
    """

    def __init__(self, what: str, problems: list[str] | list[Problem] | list[str | Problem]) -> None:
        self.what = what
        self.details: list[Problem] = [
            p if isinstance(p, Problem) else Problem("", "text", p) for p in problems
        ]
        self.problems = [str(p) for p in self.details]
        super().__init__(f"{what} is invalid: " + "; ".join(self.problems))


def _plain(v: Any) -> Any:
    """A pydantic context value as plain data (numbers and strings as they are, others as text)."""
    return v if isinstance(v, (int, float, str, bool)) or v is None else str(v)


def _describe(err: ValidationError) -> list[Problem]:
    out = []
    for e in err.errors()[:8]:
        loc = ".".join(str(p) for p in e.get("loc", ())) or "(top level)"
        ctx = {k: _plain(v) for k, v in (e.get("ctx") or {}).items()}
        out.append(
            Problem(loc, str(e.get("type", "invalid")), e.get("msg", "invalid"), tuple(sorted(ctx.items())))
        )
    return out


def parse_model(model: type[M], data: str | bytes | dict[str, Any], what: str | None = None) -> M:
    """Validate JSON text or a dict into ``model``, raising ``SchemaError`` on any problem."""
    label = what or model.__name__
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except (ValueError, UnicodeDecodeError) as exc:
            raise SchemaError(label, [problem("json", f"not valid JSON ({exc})", error=str(exc))]) from None
    if not isinstance(data, dict):
        got = type(data).__name__
        raise SchemaError(label, [problem("not_object", f"expected a JSON object, got {got}", got=got)])
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise SchemaError(label, _describe(exc)) from None
