"""Saved games that break part-way (issue #30): keep the moves that still replay.

A save is a seed, options and the moves played. When one move no longer replays (a damaged record,
a hand-edited file), ``salvage`` cuts the save before it, so the player keeps the game up to there
instead of losing all of it; the page keeps the whole record aside and says what happened.
"""

from __future__ import annotations

from typing import Any

from engine.core.schema import SchemaError, parse_model
from engine.core.session import SaveData, Session
from engine.ternar import GAME, migrate_save


def salvage(data: dict[str, Any]) -> tuple[dict[str, Any], int] | None:
    """``(the save cut before its first move that does not replay, the moves kept)``.

    None when the save replays whole, when not even its first move replays, or when it cannot be read
    as a Ternar save of this build at all (those cases are the shared restore's: a fresh game, the
    record kept aside).
    """
    try:
        save = parse_model(SaveData, data, "save")
    except SchemaError:
        return None
    if save.game != GAME.name or save.rules > GAME.rules or save.version > Session.SAVE_VERSION:
        return None
    played = migrate_save(save) if save.rules < GAME.rules else save
    try:
        session = Session(GAME, played.seed, played.options)
    except (ValueError, TypeError, KeyError):
        return None
    kept = 0
    for text in played.moves:
        try:
            session.play_text(text)
        except ValueError:
            break
        kept += 1
    if kept == len(played.moves) or kept == 0:
        return None
    cut = dict(data)
    cut["moves"] = list(save.moves[:kept])
    return cut, kept
