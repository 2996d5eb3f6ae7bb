"""What a game declares for the shared page chrome (top bar, new-game options, level picker, help
overlay, results card), as data the front end builds its screens from (Tatham's front end draws the
"Type" menu from each game's ``presets`` and ``configure`` lists the same way).

The engine says *what* there is; the page (``gwweb.shared.chrome``) says how it looks and words it:
every ``key`` below is a string-table key the game's glue translates (EN/RU), never English text.

- ``option_fields(Model, names)``: the new-game choices, read from the game's own pydantic options
  model (a ``Literal`` field gives its values, a ``bool`` False/True, an ``int`` with ``ge``/``le``
  its range), so the picker can never offer a value the engine refuses.
- ``LevelEntry``: one entry of a level list (id, title key, par, locked).
- ``HelpSection``: one page of the help overlay (title key, body key).
- ``ResultLine``: one line of a results card (key + format values + a tone).
- ``ChromeSpec``: all of it for one game (``spec.options_for(values)`` validates a choice).
"""

from __future__ import annotations

import types
import typing
from enum import Enum
from typing import Any, Literal, Union

from pydantic import BaseModel, Field

from engine.core.schema import FrozenModel

Value = str | int | bool
Tone = Literal["title", "body", "score", "good", "bad", "dim"]
MAX_RANGE = 12  # an int field with a wider range is typed in, not picked


class OptionField(FrozenModel):
    """One new-game choice: the options model's field ``name``, its allowed ``choices`` in order and
    its ``default``. The label is the glue's key ``opt_<name>`` and each value's ``opt_<name>_<value>``."""

    name: str
    choices: tuple[Value, ...] = Field(min_length=1)
    default: Value


class LevelEntry(FrozenModel):
    """One level of a level list: ``id`` (what the engine is started with), ``title`` (a string key
    or the level's own name), ``par`` (None: no par), ``locked``."""

    id: str
    title: str
    par: int | None = None
    locked: bool = False


class HelpSection(FrozenModel):
    """One page of the help overlay: its title and body string keys."""

    title: str
    body: str


class ResultLine(FrozenModel):
    """One line of a results card: a string ``key`` formatted with ``params``, drawn in ``tone``."""

    key: str
    params: dict[str, Value] = {}
    tone: Tone = "body"


class ChromeSpec(FrozenModel):
    """Everything the shared chrome needs from one game."""

    game: str
    title: str = "title"
    options: tuple[OptionField, ...] = ()
    levels: tuple[LevelEntry, ...] = ()
    help: tuple[HelpSection, ...] = ()

    def field(self, name: str) -> OptionField:
        """The declared option ``name`` (KeyError if the game declares none by that name)."""
        for f in self.options:
            if f.name == name:
                return f
        raise KeyError(name)

    def defaults(self) -> dict[str, Value]:
        return {f.name: f.default for f in self.options}

    def options_for(self, values: dict[str, Any]) -> dict[str, Value]:
        """``values`` checked against the declared choices (unknown names dropped, a value not
        offered replaced by the default): what the picker hands to ``new_game``."""
        out = self.defaults()
        for f in self.options:
            v = values.get(f.name, f.default)
            out[f.name] = v if v in f.choices else f.default
        return out

    def level(self, level_id: str) -> LevelEntry | None:
        return next((lv for lv in self.levels if lv.id == level_id), None)


def _choices(annotation: Any, meta: list[Any]) -> tuple[Value, ...]:
    """The values a field's type allows, in declaration order (ValueError when not a finite set)."""
    origin = typing.get_origin(annotation)
    if origin is Literal:
        return tuple(typing.get_args(annotation))
    if origin in (Union, types.UnionType):  # Optional[...] and friends: not a pick-one choice
        raise ValueError(f"{annotation!r} is not one finite set of values")
    if annotation is bool:
        return (False, True)
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return tuple(m.value for m in annotation)
    if annotation is int:
        lo = next((m.ge for m in meta if getattr(m, "ge", None) is not None), None)
        hi = next((m.le for m in meta if getattr(m, "le", None) is not None), None)
        if lo is None or hi is None or hi - lo + 1 > MAX_RANGE:
            raise ValueError("an int option needs ge and le no more than 12 apart")
        return tuple(range(int(lo), int(hi) + 1))
    raise ValueError(f"{annotation!r} is not a finite set of values")


def option_fields(model: type[BaseModel], names: list[str] | tuple[str, ...]) -> tuple[OptionField, ...]:
    """The new-game choices ``names`` of the pydantic options ``model``, read from its field types."""
    out = []
    for name in names:
        info = model.model_fields[name]  # KeyError: the game names a field its model lacks
        choices = _choices(info.annotation, list(info.metadata))
        default = info.get_default(call_default_factory=True)
        if isinstance(default, Enum):
            default = default.value
        if default not in choices:
            raise ValueError(f"{model.__name__}.{name}: default {default!r} is not among {choices!r}")
        out.append(OptionField(name=name, choices=choices, default=default))
    return tuple(out)


__all__ = ["ChromeSpec", "HelpSection", "LevelEntry", "OptionField", "ResultLine", "Value", "option_fields"]
