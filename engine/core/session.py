"""Game session: seed + options + move list, undo/redo, hashing, save/load.

A game plugs in by implementing the ``Game`` protocol. Saves are the seed,
the options and the moves as strings; loading replays every move through the
game's own ``parse_move``/``apply``, so every save exercises serialisation.
"""

from __future__ import annotations

from typing import Any, Generic, Protocol, TypeVar

from pydantic import Field

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
    """A saved game: everything needed to replay it exactly."""

    game: str = Field(min_length=1, max_length=40)
    version: int = Field(ge=1)
    seed: int = Field(ge=0, lt=2**64)
    options: dict[str, Any] = Field(default_factory=dict)
    moves: list[str] = Field(default_factory=list, max_length=200_000)


SNAPSHOT_EVERY = 32


class Session(Generic[S, Mv]):
    """History of one game: current state, undo and redo by snapshot + replay."""

    SAVE_VERSION = 1

    def __init__(self, game: Game[S, Mv], seed: int, options: dict[str, Any] | None = None) -> None:
        self.game = game
        self.seed = seed
        self.options: dict[str, Any] = dict(options or {})
        self.moves: list[Mv] = []
        self._redo: list[Mv] = []
        self._snapshots: dict[int, S] = {0: game.initial(seed, self.options)}
        self.state: S = self._snapshots[0]

    # -- playing -------------------------------------------------------
    def play(self, move: Mv) -> S:
        """Apply ``move``; on ``IllegalMoveError`` nothing changes. Clears redo."""
        new_state = self.game.apply(self.state, move)
        self.moves.append(move)
        self._redo.clear()
        self.state = new_state
        if len(self.moves) % SNAPSHOT_EVERY == 0:
            self._snapshots[len(self.moves)] = new_state
        return new_state

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
        return self.state

    def redo(self) -> S:
        """Re-apply the last undone move."""
        if not self._redo:
            raise IllegalMoveError("nothing to redo")
        move = self._redo.pop()
        self.state = self.game.apply(self.state, move)
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
            seed=self.seed,
            options=self.options,
            moves=[self.game.format_move(m) for m in self.moves],
        )

    def save_json(self) -> str:
        return self.save().model_dump_json()

    @classmethod
    def load(cls, game: Game[S, Mv], data: SaveData | str | dict[str, Any]) -> Session[S, Mv]:
        """Rebuild a session by replaying a save; ``SchemaError`` names the bad part."""
        save = data if isinstance(data, SaveData) else parse_model(SaveData, data, "save")
        if save.game != game.name:
            raise SchemaError("save", [f"it belongs to game {save.game!r}, not {game.name!r}"])
        if save.version > cls.SAVE_VERSION:
            raise SchemaError("save", [f"version {save.version} is newer than this build supports"])
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
