"""Campaign progress (stars, best pulses) and the map fingerprint that saves carry (issue #27).

A level's *fingerprint* hashes everything that decides play (terrain, networks, props, hazards,
robot, inventory, requirements, difficulty) and nothing a player only reads (title, author,
description, id). A game in progress records the fingerprint of its map in the session options
(``game_options``); ``restore_game`` closes, with a clear reason, a saved game whose level has
changed since it was saved, instead of replaying its moves onto another map. Saves written before
the fingerprint existed are replayed as before and, when that works, stamped with today's
fingerprint (the migration).

Progress format 2 adds the best pulses per level (the count the stars use,
``campaign.star_pulses``) with the fingerprint of the map it was set on. Format 1
(``completed`` + ``stars``) reads as format 2 with no bests: nothing is lost. When a level's map
changes, its stars stay (a player earned them), the best stays stored but is reported as set on an
earlier map (``best_pulses`` returns None for today's map) and the next win on the new map replaces it.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import Field

from engine.core.schema import Model, SchemaError
from engine.core.session import Restored, SaveData, Session, restore

# Re-exported (``import X as X``): the page and the tools import these from here.
from engine.reactor.fingerprint import FINGERPRINT_PREFIX as FINGERPRINT_PREFIX
from engine.reactor.fingerprint import MAP_CHANGED as MAP_CHANGED
from engine.reactor.fingerprint import MAP_CHANGED_TEXT as MAP_CHANGED_TEXT
from engine.reactor.fingerprint import check_fingerprint as check_fingerprint
from engine.reactor.fingerprint import fingerprint_of
from engine.reactor.fingerprint import level_fingerprint as level_fingerprint
from engine.reactor.schema import LevelM, parse_level

PROGRESS_FORMAT = 2  # storage record version of the "progress" record


def _options_level(options: dict[str, Any]) -> LevelM:
    """The level a session's options name (a built-in name, JSON text or an object)."""
    from engine.reactor.game import builtin_level

    level = options.get("level")
    if isinstance(level, str) and not level.lstrip().startswith("{"):
        return builtin_level(level)
    if isinstance(level, (str, dict)):
        return parse_level(level)
    raise SchemaError("options", ["level must be a built-in name, JSON text or an object"])


def options_fingerprint(options: dict[str, Any]) -> str:
    """The fingerprint of today's version of the level named by session ``options`` (computed once
    per level name or JSON text: ``fingerprint.source_fingerprint``)."""
    level = options.get("level")
    if isinstance(level, str):
        return fingerprint_of(level)
    return level_fingerprint(_options_level(options))


def game_options(level: str | dict[str, Any], difficulty: str | None = None) -> dict[str, Any]:
    """Session options for a new game that carry the map's fingerprint: ``{"level", "fingerprint"}``
    (and ``difficulty`` when given). The page passes these to ``Session(GAME, 0, ...)``."""
    out: dict[str, Any] = {"level": level}
    if difficulty is not None:
        out["difficulty"] = difficulty
    out["fingerprint"] = options_fingerprint(out)
    return out


def map_changed(options: dict[str, Any]) -> bool:
    """Do these saved options carry a fingerprint that today's level no longer has? (False when
    they carry none, or the level cannot be read: the replay reports that.)"""
    fp = options.get("fingerprint")
    if not isinstance(fp, str):
        return False
    try:
        return fp != options_fingerprint(options)
    except SchemaError:
        return False


def restore_game(data: SaveData | str | dict[str, Any], *, keep_events: bool = False) -> Restored[Any, Any]:
    """``engine.core.session.restore`` for Reactor saves, map-aware: a save whose fingerprint differs
    from today's level is ``closed`` with reason ``MAP_CHANGED_TEXT`` (``old`` keeps it for the
    quarantine); a save without a fingerprint is replayed as before and, when it loads, its session
    options are stamped with today's fingerprint (status ``migrated``)."""
    from engine.reactor.game import GAME

    try:
        save = data if isinstance(data, SaveData) else SaveData.model_validate(_as_dict(data))
    except (ValueError, TypeError) as exc:
        return Restored(None, "corrupt", f"save: {exc}"[:300])
    if map_changed(save.options):
        return Restored(None, "closed", MAP_CHANGED_TEXT, save)
    got: Restored[Any, Any] = restore(GAME, save, keep_events=keep_events)
    session = got.session
    if session is None or "fingerprint" in save.options:
        return got
    try:
        session.options = {**session.options, "fingerprint": options_fingerprint(session.options)}
    except SchemaError:
        return got
    return Restored(session, "migrated", got.reason, save)


def _as_dict(data: str | dict[str, Any]) -> Any:
    return json.loads(data) if isinstance(data, str) else data


# -- progress ------------------------------------------------------------------------------------
class Best(Model):
    """The fewest pulses a level was won in (the count the stars use) and the map it was set on."""

    pulses: int = Field(ge=0, le=1_000_000)
    fingerprint: str = Field(default="", max_length=40)


class Progress(Model):
    """Campaign progress, format 2: completed level keys, best stars and best pulses per level key.
    Format 1 records (``completed`` + ``stars``) validate as it unchanged."""

    completed: list[str] = Field(default_factory=list, max_length=1000)
    stars: dict[str, int] = Field(default_factory=dict, max_length=1000)
    best: dict[str, Best] = Field(default_factory=dict, max_length=1000)


def upgrade_progress(version: int, data: Any) -> Progress:
    """A stored progress record of any format as ``Progress``; ``ValueError`` if unusable (the
    caller keeps the record aside). Format 1 keeps every completed key and star, with no bests."""
    if not isinstance(data, dict):
        raise ValueError("progress must be an object")
    if version <= 1:
        data = {"completed": data.get("completed", []), "stars": data.get("stars", {})}
    return Progress.model_validate(data)


def record_win(progress: Progress, key: str, pulses: int, stars: int | None, fingerprint: str) -> Progress:
    """Progress after a win of level ``key`` in ``pulses`` (counted as the stars count them) with
    ``stars`` (None for levels without par) on the map ``fingerprint``. Stars keep their best;
    the best pulses keep the fewest on the same map, and a win on a changed map replaces an
    earlier map's best."""
    completed = progress.completed if key in progress.completed else [*progress.completed, key]
    star_map = dict(progress.stars)
    if stars is not None:
        star_map[key] = max(stars, star_map.get(key, 0))
    best = dict(progress.best)
    old = best.get(key)
    if old is None or old.fingerprint != fingerprint or pulses < old.pulses:
        best[key] = Best(pulses=pulses, fingerprint=fingerprint)
    return Progress(completed=completed, stars=star_map, best=best)


def best_pulses(progress: Progress, key: str, fingerprint: str | None = None) -> int | None:
    """The best pulses of ``key`` (None if never won); with ``fingerprint``, only a best set on
    that map counts (a best from an earlier map is None: ``best_from_earlier_map`` tells)."""
    b = progress.best.get(key)
    if b is None or (fingerprint is not None and b.fingerprint != fingerprint):
        return None
    return b.pulses


def best_from_earlier_map(progress: Progress, key: str, fingerprint: str) -> bool:
    """Was the stored best of ``key`` set on another version of its map?"""
    b = progress.best.get(key)
    return b is not None and b.fingerprint != fingerprint


def campaign_fingerprint(key: str) -> str | None:
    """Today's fingerprint of a campaign or built-in level key (None for other keys)."""
    from engine.reactor.campaign import entry

    e = entry(key)
    if e is not None:
        return level_fingerprint(e.level)
    kind, _, name = key.partition(":")
    if kind not in ("builtin", "campaign"):
        return None
    try:
        return options_fingerprint({"level": name})
    except SchemaError:
        return None


def new_session(level: str | dict[str, Any], difficulty: str | None = None) -> Session[Any, Any]:
    """A fresh session whose saves carry the map fingerprint (``game_options``)."""
    from engine.reactor.game import GAME

    return Session(GAME, 0, game_options(level, difficulty))
