"""The stored last run, in the platform's one save format (``engine.core`` ``SaveData``, restored with
``Session.load``), and the migration of the format Floodline used before it.

Storage (``gridworks:floodline:<name>``, each ``{"v": 1, "data": ...}``):

* ``game`` — the run in progress, stored at checkpoints (pause, leaving, the page hidden) in the
  same ``SaveData`` form as ``last``; Continue restores it through ``RealtimeApp.restoring`` (a
  Session replayed a few moves a frame) and the player plays on from where they stopped. Removed
  when the run ends (it then becomes ``last``) or a new run starts. New in session 8: no older key
  changed format, so stars, bests and the last run are read as before.
* ``last`` — the last finished run as ``SaveData``: ``seed``, ``moves`` (run-length encoded tick texts) and
  ``options = {"level": <the level dict played>, "n": <campaign number, 0 = endless>,
  "rulesVersion": <engine RULES_VERSION>}``. The level travels with the save, so a run stays
  watchable after the campaign's level files change.
* ``lastrun`` — the old format (until this change): ``{"level": n, "seed": s, "inputs": [...]}``,
  played under rules ``LEGACY_RULES``. It is read once: under the same rules it is rewritten as
  ``last`` (with today's level ``n``, which is what the old page replayed it on) and removed only
  after ``last`` was stored; under other rules it is set aside (backup key + notice), not replayed.
* ``progress`` (stars, best endless score) is not touched here: its format is unchanged.

A ``last`` save made under other rules is set aside (quarantined, with a notice naming both rules
versions) instead of being replayed into a different ending. No ``js`` here (tested in CPython).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, Field

from engine.core.schema import SchemaError
from engine.core.session import SaveData, Session, rules_of
from engine.floodline import GAME, parse_level, parse_move
from engine.floodline.level import RULES_VERSION
from engine.floodline.moves import MAX_REPEAT, TickInput, format_move
from engine.floodline.replay import compact_save, make_replay
from engine.floodline.replay_file import check_replay_file

LAST = "last"
SAVE = "game"  # the run in progress (``RealtimeApp.SAVE``): continued, not watched
LEGACY = "lastrun"
#: the rules the old ``lastrun`` records were played under (Floodline rules "0.2", Session rules 1)
LEGACY_RULES = ("0.2", 1)
LevelFor = Callable[[int, int], dict[str, Any]]


class LastRun(BaseModel):
    """The last run as stored before the shared save format (key ``lastrun``)."""

    level: int = Field(ge=0, le=30)
    seed: int = Field(ge=0)
    inputs: list[str] = Field(default_factory=list, max_length=200_000)


def make_save(
    n: int, level: dict[str, Any], seed: int, moves: list[str], rules: tuple[str, int] | None = None
) -> SaveData:
    """A Floodline ``SaveData`` for campaign level ``n`` (0 = endless) played with ``seed`` under
    ``rules`` (``(RULES_VERSION, Session rules)``, today's by default)."""
    version, number = rules if rules is not None else (RULES_VERSION, rules_of(GAME))
    return SaveData(
        game=GAME.name,
        version=Session.SAVE_VERSION,
        rules=number,
        seed=seed,
        options={"level": level, "n": n, "rulesVersion": version},
        moves=list(moves),
    )


def from_session(n: int, level: dict[str, Any], session: Any) -> SaveData:
    """The run in ``session`` (moves run-length encoded) as the stored last run."""
    return make_save(n, level, session.seed, list(compact_save(session).moves))


class MoveLog:
    """The run's moves, run-length encoded as they are played (what ``compact_save`` gives at the
    end, without formatting thousands of ticks in the frame the run ends — issue #20)."""

    def __init__(self) -> None:
        self.runs: list[tuple[str, int]] = []  # (tick text, count)

    def add(self, move: TickInput) -> None:
        text = format_move(move.once())
        n = int(move.repeat)
        last = self.runs[-1] if self.runs else None
        if last is not None and last[0] == text and last[1] + n <= MAX_REPEAT:
            self.runs[-1] = (text, last[1] + n)
        else:
            self.runs.append((text, n))

    def moves(self) -> list[str]:
        return [t if n == 1 else f"{t}*{n}" for t, n in self.runs]


def level_no(save: SaveData) -> int:
    """Campaign number of a save (0 = endless)."""
    n = save.options.get("n", 0)
    return n if isinstance(n, int) else 0


def rules_of_save(save: SaveData) -> str:
    return str(save.options.get("rulesVersion", "?"))


def migrate(old: LastRun, level_for: LevelFor) -> SaveData:
    """The old ``lastrun`` record as a save: the level it named (today's file, as the old page
    replayed it) and the rules it was played under (``LEGACY_RULES``)."""
    return make_save(old.level, level_for(old.level, old.seed), old.seed, old.inputs, LEGACY_RULES)


def other_rules(save: SaveData) -> str | None:
    """Why ``save`` cannot be replayed faithfully here (other rules), or None."""
    if rules_of_save(save) == RULES_VERSION and save.rules == rules_of(GAME):
        return None
    return f"recorded under Floodline rules {rules_of_save(save)}, this version plays rules {RULES_VERSION}"


def newer_rules(save: SaveData) -> bool:
    """True when ``save`` was recorded by a newer build (Floodline rules or Session rules above
    this build's): it is kept for that build, not moved aside."""

    def parts(v: str) -> tuple[int, ...]:
        try:
            return tuple(int(p) for p in v.split("."))
        except ValueError:
            return ()

    return parts(rules_of_save(save)) > parts(RULES_VERSION) or save.rules > rules_of(GAME)


def damage(save: SaveData) -> str | None:
    """Why a stored run cannot be watched (a level field or a move this build does not know), or None.

    ``Session.load`` would raise on the first unknown token only once the player pressed "Watch last
    run"; checked when the record is read, a damaged one is kept aside with a notice instead."""
    level = save.options.get("level")
    if not isinstance(level, dict):
        return "not a Floodline run"
    try:
        parse_level(level)
    except (SchemaError, ValueError) as exc:
        return f"its level is damaged ({str(exc)[:100]})"
    for k, text in enumerate(save.moves):
        try:
            parse_move(text)
        except ValueError as exc:
            return f"move {k} is damaged ({str(exc)[:80]})"
    return None


def load_last(storage: Any, level_for: LevelFor) -> SaveData | None:
    """The stored last run: ``last`` if readable under today's rules, else the migrated ``lastrun``.

    Unreadable records are quarantined by ``storage`` (kept under a backup key, notice added); a
    save from other rules is quarantined with a notice naming both versions.
    """
    raw = storage.read_raw(LAST)
    save = storage.load(LAST, SaveData) if raw is not None else None
    if save is not None:
        if save.game != GAME.name or not isinstance(save.options.get("level"), dict):
            storage.quarantine(LAST, raw, "not a Floodline run")
            return None
        if newer_rules(save):  # kept for the newer build that recorded it (not moved aside)
            storage.hold(LAST, other_rules(save) or "newer rules")
            return None
        why = other_rules(save) or damage(save)
        if why is not None:
            storage.quarantine(LAST, raw, why)
            return None
        return save
    if storage.read_raw(LEGACY) is None:
        return None
    old = storage.load(LEGACY, LastRun)  # a malformed legacy record is quarantined by the store
    if old is None:
        return None
    try:
        save = migrate(old, level_for)
    except (OSError, ValueError) as exc:  # the level it names is gone: keep the record aside
        storage.quarantine(LEGACY, storage.read_raw(LEGACY) or "", str(exc)[:120])
        return None
    why = other_rules(save) or damage(save)
    if why is not None:  # played under rules this build no longer plays: kept aside, with a notice
        storage.quarantine(LEGACY, storage.read_raw(LEGACY) or "", why)
        return None
    if storage.save(LAST, save):
        storage.remove(LEGACY)
    return save


def to_file(save: SaveData) -> str:
    """The stored run as an exported replay file."""
    rep = make_replay(parse_level(save.options["level"]), save.seed, [])
    rep = rep.model_copy(update={"inputs": list(save.moves)})
    return json.dumps(
        {"floodline": 1, "level": level_no(save), "replay": rep.model_dump(by_alias=True)},
        separators=(",", ":"),
    )


def from_file(text: str, level_for: LevelFor, count: int = 30) -> SaveData:
    """Parse an exported replay; ``ReplayRefused`` (a code + parameters, worded by the page) when this
    build will not play it (engine ``replay_file.check_replay_file``)."""
    n, rep, lv_dict = check_replay_file(text, level_for, count)
    return make_save(n, lv_dict, rep.seed, rep.inputs)


def session_of(save: SaveData) -> Session[Any, Any]:
    """The run rebuilt through ``Session.load`` (``SchemaError`` names a bad move)."""
    return Session.load(GAME, save)
