"""Game session: seed + options + move list, undo/redo, hashing, save/load.

A game plugs in by implementing the ``Game`` protocol. Saves are the seed,
the options and the moves as strings; loading replays every move through the
game's own ``parse_move``/``apply``, so every save exercises serialisation.

Optional members a game may add (found with ``getattr``, so older games need nothing):

* ``apply_with_events(state, move) -> (state, events)``: ``Session.play`` keeps the events of
  the move it applied in ``session.last_events`` (for animation, sound, announcements) when
  ``session.keep_events`` is on; replays (load, undo) use the cheaper ``apply``.
* ``rules: int``: the rules version, written into every save (``SaveData.rules``).
* ``migrate_save(save) -> SaveData | None``: called when a save carries older rules; return the
  save rewritten for today's rules (kept playable) or ``None`` (the old game cannot continue and is
  closed with a notice, see ``restore``). Without the hook an older save is replayed as it is and
  closed only if the replay fails.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, Literal, Protocol, TypeVar

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer

from engine.core.hashing import state_hash
from engine.core.schema import Model, SchemaError, parse_model

S = TypeVar("S")
Mv = TypeVar("Mv")


class IllegalMoveError(ValueError):
    """A move that the rules refuse; the state is unchanged."""


class Game(Protocol[S, Mv]):
    """What a game offers the session."""

    name: str

    def initial(self, seed: int, options: dict[str, Any]) -> S:
        """The starting state for ``seed`` and ``options``."""
        ...

    def apply(self, state: S, move: Mv) -> S:
        """The state after ``move``; raises ``IllegalMoveError`` (state untouched) if refused."""
        ...

    def parse_move(self, text: str) -> Mv:
        """Parse a move from its text form; raises ``ValueError`` if malformed."""
        ...

    def format_move(self, move: Mv) -> str:
        """The text form of ``move`` (round-trips through ``parse_move``)."""
        ...

    def snapshot(self, state: S) -> Any:
        """A JSON-ready view of ``state`` used for hashing."""
        ...


class SaveData(Model):
    """A saved game: everything needed to replay it exactly.

    ``version`` is the save format; ``rules`` the game's rules version the moves were played
    under (1 when absent, so saves written before the field existed still load; it is left out of
    the JSON while it is 1, so those saves also stay byte-identical).
    """

    game: str = Field(min_length=1, max_length=40)
    version: int = Field(ge=1)
    rules: int = Field(default=1, ge=1)
    seed: int = Field(ge=0, lt=2**64)
    options: dict[str, Any] = Field(default_factory=dict)
    moves: list[str] = Field(default_factory=list, max_length=200_000)

    @model_serializer(mode="wrap")
    def _omit_first_rules(self, handler: SerializerFunctionWrapHandler) -> Any:
        out = handler(self)
        if isinstance(out, dict) and out.get("rules") == 1:
            del out["rules"]
        return out


class RulesChangedError(SchemaError):
    """A save made under older rules that cannot be continued under today's; ``save`` keeps it."""

    def __init__(self, save: SaveData, current: int, reason: str) -> None:
        self.save = save
        self.current = current
        super().__init__(
            "save", [f"made under rules {save.rules}, this build plays rules {current}: {reason}"]
        )


def rules_of(game: Any) -> int:
    """A game's rules version (1 for games that do not declare one)."""
    return int(getattr(game, "rules", 1))


SNAPSHOT_EVERY = 32


class Session(Generic[S, Mv]):
    """History of one game: current state, undo and redo by snapshot + replay."""

    SAVE_VERSION = 1

    def __init__(
        self,
        game: Game[S, Mv],
        seed: int,
        options: dict[str, Any] | None = None,
        *,
        keep_events: bool = False,
    ) -> None:
        self.game = game
        self.seed = seed
        self.options: dict[str, Any] = dict(options or {})
        self.moves: list[Mv] = []
        self._redo: list[Mv] = []
        self._snapshots: dict[int, S] = {0: game.initial(seed, self.options)}
        self.state: S = self._snapshots[0]
        self.keep_events = keep_events
        self.last_events: list[Any] = []
        """Events of the last move ``play``/``redo`` applied (empty after undo, restart, load)."""

    # -- playing -------------------------------------------------------
    def _apply(self, move: Mv) -> S:
        with_events = getattr(self.game, "apply_with_events", None) if self.keep_events else None
        if with_events is None:
            new_state = self.game.apply(self.state, move)
            self.last_events = []
        else:
            new_state, events = with_events(self.state, move)
            self.last_events = list(events)
        return new_state

    def play(self, move: Mv) -> S:
        """Apply ``move``; on ``IllegalMoveError`` nothing changes. Clears redo.

        With ``keep_events`` on and a game offering ``apply_with_events``, the move's events are
        kept in ``last_events``.
        """
        new_state = self._apply(move)
        self.moves.append(move)
        self._redo.clear()
        self.state = new_state
        if len(self.moves) % SNAPSHOT_EVERY == 0:
            self._snapshots[len(self.moves)] = new_state
        return new_state

    def play_events(self, move: Mv) -> list[Any]:
        """``play(move)`` with the events kept for this move (whatever ``keep_events`` says); returns them."""
        keep, self.keep_events = self.keep_events, True
        try:
            self.play(move)
        finally:
            self.keep_events = keep
        return self.last_events

    def play_text(self, text: str) -> S:
        """Parse and play a move given as text."""
        return self.play(self.game.parse_move(text))

    def can_undo(self) -> bool:
        return bool(self.moves)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> S:
        """Take back the last move (replaying from the nearest snapshot)."""
        if not self.moves:
            raise IllegalMoveError("nothing to undo")
        self._redo.append(self.moves.pop())
        self.state = self._rebuild(len(self.moves))
        self.last_events = []
        return self.state

    def redo(self) -> S:
        """Re-apply the last undone move."""
        if not self._redo:
            raise IllegalMoveError("nothing to redo")
        move = self._redo[-1]
        self.state = self._apply(move)
        self._redo.pop()
        self.moves.append(move)
        if len(self.moves) % SNAPSHOT_EVERY == 0:
            self._snapshots[len(self.moves)] = self.state
        return self.state

    def restart(self) -> S:
        """Back to the initial state; the history is discarded."""
        self.moves.clear()
        self._redo.clear()
        self._snapshots = {0: self._snapshots[0]}
        self.state = self._snapshots[0]
        self.last_events = []
        return self.state

    def _rebuild(self, n: int) -> S:
        for k in [k for k in self._snapshots if k > n]:
            del self._snapshots[k]
        base = max(self._snapshots)
        state = self._snapshots[base]
        for mv in self.moves[base:n]:
            state = self.game.apply(state, mv)
        return state

    # -- identity ------------------------------------------------------
    def state_hash(self) -> str:
        return state_hash(self.game.snapshot(self.state))

    def save(self) -> SaveData:
        return SaveData(
            game=self.game.name,
            version=self.SAVE_VERSION,
            rules=rules_of(self.game),
            seed=self.seed,
            options=self.options,
            moves=[self.game.format_move(m) for m in self.moves],
        )

    def save_json(self) -> str:
        return self.save().model_dump_json()

    @classmethod
    def load(
        cls, game: Game[S, Mv], data: SaveData | str | dict[str, Any], *, keep_events: bool = False
    ) -> Session[S, Mv]:
        """Rebuild a session by replaying a save; ``SchemaError`` names the bad part.

        A save from older rules goes through the game's ``migrate_save`` hook when it has one;
        ``RulesChangedError`` (a ``SchemaError``) says the old game cannot be continued.
        """
        save = data if isinstance(data, SaveData) else parse_model(SaveData, data, "save")
        if save.game != game.name:
            raise SchemaError("save", [f"it belongs to game {save.game!r}, not {game.name!r}"])
        if save.version > cls.SAVE_VERSION:
            raise SchemaError("save", [f"version {save.version} is newer than this build supports"])
        current = rules_of(game)
        if save.rules > current:
            raise SchemaError("save", [f"rules {save.rules} are newer than this build plays ({current})"])
        old = save
        if save.rules < current:
            migrate = getattr(game, "migrate_save", None)
            if migrate is not None:
                migrated = migrate(save)
                if migrated is None:
                    raise RulesChangedError(old, current, "the game cannot be continued")
                save = migrated
        try:
            session = cls._replay(game, save)
        except RulesChangedError:
            raise
        except SchemaError as exc:
            if old.rules < current:
                raise RulesChangedError(old, current, "; ".join(exc.problems)) from None
            raise
        session.keep_events = keep_events
        return session

    @classmethod
    def _replay(cls, game: Game[S, Mv], save: SaveData) -> Session[S, Mv]:
        try:
            session = cls(game, save.seed, save.options)
        except (ValueError, TypeError, KeyError) as exc:
            raise SchemaError("save", [f"options: {exc}"]) from None
        for i, text in enumerate(save.moves):
            try:
                session.play_text(text)
            except ValueError as exc:
                raise SchemaError("save", [f"moves.{i} ({text!r}): {exc}"]) from None
        return session


@dataclass
class Restored(Generic[S, Mv]):
    """What ``restore`` found: ``status`` is ``"ok"``, ``"migrated"`` (older rules, kept playable),
    ``"closed"`` (older rules, cannot continue: ``old`` keeps the save, show ``reason``) or
    ``"corrupt"`` (unreadable: ``reason`` names the problem)."""

    session: Session[S, Mv] | None
    status: Literal["ok", "migrated", "closed", "corrupt"]
    reason: str = ""
    old: SaveData | None = field(default=None)


def restore(
    game: Game[S, Mv], data: SaveData | str | dict[str, Any], *, keep_events: bool = False
) -> Restored[S, Mv]:
    """Load a saved game without raising: older rules are kept playable or closed with a reason.

    The glue shows ``reason`` as a notice when the status is ``"closed"`` or ``"corrupt"``, keeps
    the old save aside (storage quarantine) and starts a new game; best scores and stars live in
    their own records and are untouched.
    """
    try:
        save = data if isinstance(data, SaveData) else parse_model(SaveData, data, "save")
        session = Session.load(game, save, keep_events=keep_events)
    except RulesChangedError as exc:
        return Restored(None, "closed", str(exc), exc.save)
    except SchemaError as exc:
        return Restored(None, "corrupt", str(exc))
    status: Literal["ok", "migrated"] = "migrated" if save.rules < rules_of(game) else "ok"
    return Restored(session, status, "", save if status == "migrated" else None)
