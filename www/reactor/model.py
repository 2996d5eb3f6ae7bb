"""Play controller without the browser: the engine session, saves, click-to-walk paths, views.

Every rule decision comes from ``engine.reactor``; this module only picks moves the player asked
for, keeps the session (undo = replay minus one) and turns engine views into display rows.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from pydantic import Field

from engine.core.schema import Model, SchemaError
from engine.core.session import IllegalMoveError, SaveData, Session
from engine.reactor import GAME, builtin_level, builtin_levels, can_view_underground, status
from engine.reactor.actions import Action
from engine.reactor.balance import QUANTITIES
from engine.reactor.campaign import entry as campaign_entry
from engine.reactor.campaign import keys as campaign_keys
from engine.reactor.campaign import star_pulses
from engine.reactor.f32 import BAND_NAMES
from engine.reactor.progress import (
    MAP_CHANGED,
    MAP_CHANGED_TEXT,
    game_options,
    restore_game,
)
from engine.reactor.schema import parse_level
from engine.reactor.stages import PulseStage, PulseTrace
from engine.reactor.state import ReactorState
from engine.reactor.table import verb
from engine.reactor.walk import plan_walk

QUANT = QUANTITIES  # the engine's constants, not copies
BANDS = BAND_NAMES
DIR_KEYS = {"up": "n", "right": "e", "down": "s", "left": "w"}


class CurrentGame(Model):
    """The game in progress: which level and the action list (replayed on load)."""

    key: str = Field(min_length=1, max_length=100)
    moves: list[str] = Field(default_factory=list, max_length=100_000)


class SavedGame(Model):
    """The game in progress, format 2: the level key, whether a hint was shown (it costs a star),
    and the engine's ``SaveData`` (seed + options + moves, with the rules version), restored with
    ``Session.load``. Format 1 was ``CurrentGame`` (key + moves); ``upgrade_saved`` converts it."""

    key: str = Field(min_length=1, max_length=100)
    hinted: bool = False
    undone: int = Field(default=0, ge=0, le=100_000)  # pulses taken back (the stars count them)
    save: SaveData


GAME_FORMAT = 2  # storage record version of the "game" record


def options_for(key: str, custom: CustomLevels) -> dict[str, Any]:
    """Session options of a level key (a custom level travels inside the save)."""
    kind, _, name = key.partition(":")
    if kind in ("builtin", "campaign"):
        return {"level": name}
    if kind == "custom" and name in custom.levels:
        return {"level": custom.levels[name]}
    raise KeyError(key)


def upgrade_saved(version: int, data: Any, custom: CustomLevels) -> SavedGame:
    """A stored "game" record of any format as ``SavedGame``; format 1 moves were played under
    rules 1 (the replay decides whether they still stand). ``ValueError``/``KeyError`` if unusable."""
    if version >= 2:
        return SavedGame.model_validate(data)
    old = CurrentGame.model_validate(data)
    save = SaveData(
        game=GAME.name,
        version=Session.SAVE_VERSION,
        rules=1,
        seed=0,
        options=options_for(old.key, custom),
        moves=old.moves,
    )
    return SavedGame(key=old.key, save=save)


def restore_play(saved: SavedGame) -> tuple[Run | None, str, str]:
    """(play, status, reason) from a saved game: status ``ok``, ``migrated`` (older rules, or a save
    from before map fingerprints: still playable, now stamped), ``closed`` (older rules, cannot
    continue), ``map_changed`` (the level's map changed since the save: its moves would mean
    something else) or ``corrupt`` (``engine.reactor.progress.restore_game``)."""
    got = restore_game(saved.save)
    if got.session is None:
        status = MAP_CHANGED if got.status == "closed" and got.reason == MAP_CHANGED_TEXT else got.status
        return None, status, got.reason
    run = Run(saved.key, got.session)
    run.hinted = saved.hinted
    run.undone = saved.undone
    return run, got.status, ""


class CustomLevels(Model):
    """Levels made in the editor, by id (level JSON objects; ``load_custom`` keeps aside any that
    the engine's level schema refuses)."""

    levels: dict[str, Any] = Field(default_factory=dict)  # level objects; see ``load_custom``
    pars: dict[str, int] = Field(default_factory=dict)  # the solver's par of a saved level (#27)


def level_problem(data: Any) -> str:
    """Why ``data`` is not a level the engine's schema reads ("" when it is one)."""
    try:
        parse_level(data if isinstance(data, dict) else "")
    except SchemaError as exc:
        return "; ".join(exc.problems)[:160] or "not a level"
    return ""


class StorageLike(Protocol):
    """The part of ``gwweb.shared.storage.Storage`` these loaders use."""

    def load(self, name: str, model: Any, version: int = 1) -> Any: ...
    def read_raw(self, name: str) -> str | None: ...
    def quarantine(self, name: str, raw: str, reason: str) -> str: ...
    def save(self, name: str, value: Any, version: int = 1) -> bool: ...


def load_custom(storage: StorageLike) -> CustomLevels:
    """The stored custom levels; a damaged record, or any level in it the engine's schema refuses,
    is kept aside under a backup key with a player notice (the other levels stay)."""
    got: CustomLevels = storage.load("custom", CustomLevels) or CustomLevels()
    bad = {k: v for k, v in got.levels.items() if level_problem(v)}
    if bad:
        why = "; ".join(f"{k}: {level_problem(v)}" for k, v in bad.items())
        storage.quarantine("custom", json.dumps({"v": 1, "data": {"levels": bad}}), why[:160])
        got = CustomLevels(
            levels={k: v for k, v in got.levels.items() if k not in bad},
            pars={k: v for k, v in got.pars.items() if k not in bad},
        )
        storage.save("custom", got)
    return got


LEVEL_DIR = Path(__file__).with_name("levels")  # the page's own data (Russian goal texts)


def campaign() -> list[str]:
    """Level keys in the engine's campaign order (then any other shipped level)."""
    return list(_campaign())


@cache
def _campaign() -> tuple[str, ...]:
    keys = campaign_keys()
    listed = {k.partition(":")[2] for k in keys}
    return tuple(keys + ["builtin:" + n for n in builtin_levels() if n not in listed])


def level_title(key: str, custom: CustomLevels) -> tuple[str, str]:
    """Title and description of a level key."""
    kind, _, name = key.partition(":")
    try:
        if kind in ("builtin", "campaign"):
            return _builtin_title(key)
        data = custom.levels.get(name) or {}
        meta = data.get("meta", {})
        return str(meta.get("title", name)), str(meta.get("description", ""))
    except (SchemaError, ValueError, KeyError):
        return name, ""


@cache
def _builtin_title(key: str) -> tuple[str, str]:
    """Title and description of a shipped level (the campaign's level data when it is one: no parse)."""
    e = campaign_entry(key)
    if e is not None:
        meta = e.level.get("meta", {})
        return str(meta.get("title", e.name)), str(meta.get("description", ""))
    lv = builtin_level(key.partition(":")[2])
    return lv.meta.title, lv.meta.description


def session_for(key: str, custom: CustomLevels) -> Session:
    """A fresh session for a level key; ``SchemaError`` / ``KeyError`` when it cannot load."""
    kind, _, name = key.partition(":")
    if kind in ("builtin", "campaign"):
        return Session(GAME, 0, game_options(name))  # the map's fingerprint rides in every save
    if kind == "custom" and name in custom.levels:
        return Session(GAME, 0, game_options(json.dumps(custom.levels[name])))
    raise KeyError(key)


def in_progress(run: Run) -> bool:
    """Is ``run`` a stored game with moves and no outcome (opening another level would replace it)?"""
    return run.stored() and run.state.outcome is None and bool(run.session.moves)


def next_level(key: str) -> str | None:
    """The campaign level after ``key`` (None after the last one, or for a level not in it)."""
    keys = campaign()
    return keys[keys.index(key) + 1] if key in keys and keys.index(key) + 1 < len(keys) else None


def replay(session: Session, moves: list[str]) -> None:
    """Replay stored action texts (a save); raises on any refused or malformed one."""
    for m in moves:
        session.play_text(m)


def walk_path(st: ReactorState, target: int) -> list[str]:
    """The engine's safe walk from the robot to ``target`` (empty when it refuses)."""
    x, y = st.grid.xy(target)
    return list(plan_walk(st, x, y).moves)


def pair_rules(st: ReactorState, cell: int) -> list[tuple[str, str, str]]:
    """The pair-table entries acting on this cell's same-cell pairs (both quantities at trace level)."""
    t = st.balance.thresholds
    present: list[tuple[int, int]] = []
    for qi, q in enumerate(QUANT):
        v = st.surface[q][cell]
        if v >= t[q].safe:
            b = 2 if v >= t[q].critical else 1 if v >= t[q].caution else 0
            present.append((qi, b))
    out = []
    for i in range(len(present)):
        for j in range(i + 1, len(present)):
            (q1, b1), (q2, b2) = present[i], present[j]
            v = verb(q1, b1, q2, b2)
            out.append((f"{QUANT[q1]} {BANDS[b1]}", f"{QUANT[q2]} {BANDS[b2]}", v))
    return out


def band_of(st: ReactorState, q: str, v: float) -> int:
    """Display band of a (possibly interpolated) surface value."""
    t = st.balance.thresholds[q]
    return 2 if v >= t.critical else 1 if v >= t.caution else 0


class Run:
    """One level being played, as the page shows it: its key, the session (the app's: ``TurnApp``
    plays and saves it), the last refusal or note, the move queue of a click-to-walk, the hint flag
    and the pulses taken back (both saved beside the session)."""

    def __init__(self, key: str, session: Session[ReactorState, Action]) -> None:
        self.key = key
        self.session = session
        self.message = ""
        self.queue: list[str] = []
        self.next_walk = 0.0  # page clock (ms) when the walk's next move plays
        self.last_trace: PulseTrace | None = None
        self.events: list[Any] = []  # the engine's events of the last action played with capture
        self.hinted = False  # a hint was shown in this game (costs a star)
        self.undone = 0  # pulses taken back in this game (``campaign.star_pulses`` counts them)
        self.note = ""  # an informative line (the hint), shown when there is no refusal
        self.refusal: tuple[str, dict[str, str]] = ("", {})  # the engine's code of the last refusal

    @property
    def state(self) -> ReactorState:
        return self.session.state

    def stored(self) -> bool:
        """Is this a level the page saves and whose wins count (not an editor play-test)?"""
        return self.key.startswith(("builtin:", "campaign:", "custom:"))

    def try_play(self, text: str, capture: bool = False) -> tuple[bool, str]:
        """Play one action text; returns (accepted, refusal reason). With ``capture`` the engine's
        events are kept (``Session.play_events``): ``events`` lists them and ``last_trace`` holds a
        lengthy action's pulse stages for the cascade (None otherwise)."""
        self.last_trace = None
        self.events = []
        before = self.session.state
        try:
            move = self.session.game.parse_move(text)
            if capture:
                self.events = self.session.play_events(move)
            else:
                self.session.play(move)
        except IllegalMoveError as exc:
            self.message = str(exc)
            self.refusal = (getattr(exc, "code", ""), dict(getattr(exc, "params", {})))
            self.queue.clear()
            return False, str(exc)
        except ValueError as exc:
            self.message = str(exc)
            self.refusal = ("", {})
            self.queue.clear()
            return False, str(exc)
        stages = [e for e in self.events if isinstance(e, PulseStage)]
        if stages:
            self.last_trace = PulseTrace(before)
            self.last_trace.stages = stages
        self.message = ""
        self.refusal = ("", {})
        return True, ""

    def undo(self) -> bool:
        self.queue.clear()
        if not self.session.can_undo():
            return False
        pulse = self.state.pulse
        self.session.undo()
        self.undone += pulse - self.state.pulse  # a lengthy action taken back (a move costs none)
        self.message = ""
        return True

    def restart(self) -> None:
        self.queue.clear()
        self.session.restart()
        self.undone = 0
        self.message = ""

    def can_view(self) -> bool:
        return can_view_underground(self.state)

    def status(self) -> dict[str, Any]:
        return status(self.state)

    def save(self) -> SavedGame:
        """The game in progress as saved (format 2: the engine's SaveData)."""
        return SavedGame(key=self.key, hinted=self.hinted, undone=self.undone, save=self.session.save())

    def star_pulses(self) -> int:
        """The pulses this game's stars count (``engine.reactor.campaign.star_pulses``)."""
        st = self.state
        return star_pulses(st.pulse, self.undone, st.eye_access)

    def hint(self, lang: str) -> str:
        """The level's one-step hint in ``lang`` (engine campaign data); marks the game hinted."""
        e = campaign_entry(self.key)
        if e is None or not e.hint:
            return ""
        self.hinted = True
        return e.hint_ru if lang == "ru" and e.hint_ru else e.hint
