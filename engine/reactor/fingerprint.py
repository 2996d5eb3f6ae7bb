"""A level's map fingerprint (issue #27): what ``ReactorGame.initial`` checks a saved game against.

It hashes everything that decides play (terrain, networks, props, hazards, robot, inventory,
requirements, difficulty) and nothing a player only reads (title, author, description, id). Kept
apart from ``progress`` so that ``game`` can ask it without importing the progress model (which
imports ``game``): no import cycle.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import Any

from engine.core.hashing import canonical_json
from engine.core.schema import SchemaError
from engine.reactor.builtin import builtin_level
from engine.reactor.schema import LevelM, parse_level

FINGERPRINT_PREFIX = "m1-"
MAP_CHANGED = "map_changed"  # reason code of a saved game closed because its level changed
MAP_CHANGED_TEXT = (
    "this level's map has changed since the game was saved, so its moves no longer mean the same; "
    "the old game was kept aside and the level starts afresh (stars and best pulses are kept)"
)
_TEXT_ONLY = ("id", "title", "author", "description")  # meta fields a fingerprint ignores


def level_fingerprint(level: LevelM | str | dict[str, Any]) -> str:
    """The map fingerprint of a level (``m1-`` + 16 hex digits); ``SchemaError`` if unreadable."""
    lv = level if isinstance(level, LevelM) else parse_level(level)
    data = lv.model_dump(mode="json")
    data["meta"] = {k: v for k, v in data["meta"].items() if k not in _TEXT_ONLY}
    data.pop("forecasts", None)  # derived on load, never authored play
    return FINGERPRINT_PREFIX + hashlib.sha256(canonical_json(data).encode("utf-8")).hexdigest()[:16]


@lru_cache(maxsize=64)
def source_fingerprint(source: str) -> str:
    """The fingerprint of a level given as session options give it: a built-in name or JSON text.
    Computed once per source text (a level's text decides its map, and built-in levels are
    package data), so restoring, replaying and checking a save do not hash the map again."""
    if not source.lstrip().startswith("{"):
        return level_fingerprint(builtin_level(source))
    return level_fingerprint(source)


def fingerprint_of(level: LevelM | str | dict[str, Any]) -> str:
    """``level_fingerprint`` of a level as session options name it (a built-in name, JSON text,
    an object or a parsed ``LevelM``), cached for names and JSON text (``source_fingerprint``)."""
    return source_fingerprint(level) if isinstance(level, str) else level_fingerprint(level)


def check_fingerprint(options: dict[str, Any], lv: LevelM) -> None:
    """Raise ``SchemaError`` (problem code ``map_changed``) when ``options`` carry a fingerprint
    other than ``lv``'s (``ReactorGame.initial`` calls it, so ``Session.load`` never replays a
    game onto a changed map even without ``restore_game``). When the options name the level by
    name or JSON text, its fingerprint is computed once (``source_fingerprint``)."""
    fp = options.get("fingerprint")
    if fp is None:
        return
    level = options.get("level")
    today = source_fingerprint(level) if isinstance(level, str) else level_fingerprint(lv)
    if fp != today:
        raise SchemaError("save", [f"{MAP_CHANGED}: {MAP_CHANGED_TEXT}"])
