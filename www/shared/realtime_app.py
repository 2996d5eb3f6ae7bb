"""``RealtimeApp``: the real-time twin of ``TurnApp`` (``gwweb.shared.app``), after Tatham's midend.

The same four pieces — a UI-state object (never undone), ``interpret(ui, state, ev) -> move | None``
(what the player meant, at once), the engine's ``apply`` through ``Session`` (what happens) and
``render(g, ui, state, t)`` — plus a clock: the shell calls ``tick()`` ``TICKS_PER_SECOND`` times a
second, and each tick asks ``step(ui, state) -> move | None`` for the move of that tick (the keys
latched in the UI since the last tick, or an idle move: gravity and the game's timers are the engine's
rules, applied like any move). A game page with menus has no session while no game runs
(``session`` is None; ``state`` then is None too, and ``interpret``/``render`` get None).

Saving: a real-time game makes a move every tick, so it is saved at checkpoints (``checkpoint()``:
pause, leaving, the end of a game, the page losing focus), not after every move; the save is guarded
between tabs like ``TurnApp``'s (a second tab never replaces or ``drop``-s this tab's game silently:
the shell asks, ``on_conflict``); restore goes through
the core's ``Session`` like ``TurnApp`` (a newer build's save held, a damaged one kept aside with a
notice), at once (``restore``) or a few moves a frame (``restoring``: a long game replays thousands
of ticks, and the page stays live meanwhile); ``undo``/``redo`` take back whole ticks through the session (a game that does
not offer undo never calls them).

Hooks a game overrides (all optional): ``before_tick`` (work done on the clock whatever the screen:
imports, warm-up), ``waiting`` (the clock stands still: paused, a prompt open), ``speed`` (moves
per tick: 2 while a replay is watched), ``apply`` (play one move; default ``session.play``, a refusal
``refused``), ``on_events`` (sound, animation, announcements) and ``game_save``/``restore``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from gwweb.shared.app import Draw, Interpret, ShellLike, newer_than_build, raw_save
from gwweb.shared.app_base import AppBase
from gwweb.shared.canvas import Gfx
from gwweb.shared.input import Event

from engine.core.schema import SchemaError, parse_model
from engine.core.session import Game, SaveData, Session, restore, rules_of

S = TypeVar("S")
M = TypeVar("M")
U = TypeVar("U")

#: ``step(ui, state) -> move | None``: the move of one tick
Step = Callable[[U, S], M | None]


class RealtimeApp(AppBase[S, M, U, S | None]):
    """A real-time game page: UI state + interpret + step (one move a tick) + Session + render
    (the fields both app shapes share are ``AppBase``'s)."""

    realtime = True

    def __init__(
        self,
        shell: ShellLike,
        game: Game[S, M],
        ui: U,
        interpret: Interpret[U, S | None, M],
        step: Step[U, S, M],
        render: Draw[U, S | None],
        clock: Callable[[], float] | None = None,
    ) -> None:
        super().__init__(shell, game, ui, interpret, render, clock)
        self.step = step
        self.session: Session[S, M] | None = None
        """The game being played (``None`` on a menu)."""
        self.ticks = 0
        """Ticks the clock ran for the current session (a waiting tick does not count)."""
        storage = shell.storage
        # a game in progress: another tab's is never replaced silently, and "keep playing here"
        # stores this tab's game as it is then (``latest_save``)
        storage.guard(self.SAVE, latest=self.latest_save)
        self._ask: Callable[[str], None] = storage.on_conflict  # the shell's two-tabs question
        storage.on_conflict = self.on_conflict

    # -- the session -----------------------------------------------------------------
    @property
    def state(self) -> S | None:
        return None if self.session is None else self.session.state

    def begin(self, session: Session[S, M]) -> None:
        """Play ``session`` from now (a new game, a restored one, a replay being watched)."""
        self.session = session
        self.ticks = 0
        self.shell.invalidate()

    def end(self) -> None:
        """Back to the menus: the game is saved (``checkpoint``), then there is none."""
        self.checkpoint()
        self.session = None
        self.shell.invalidate()

    # -- the clock -------------------------------------------------------------------
    def tick(self) -> None:
        """One tick of the game clock: ``before_tick``, then (unless ``waiting``) ``speed()`` moves,
        each ``step(ui, state)``; a tick whose step says None plays nothing."""
        self.before_tick()
        if self.session is None or self.waiting() or self.asking():
            return
        self.ticks += 1
        for _ in range(self.speed()):
            state = self.state
            if state is None:
                return
            move = self.step(self.ui, state)
            if move is None:
                return
            self.play(move)

    def before_tick(self) -> None:
        """Work done on the clock on every screen (imports, warm-up); nothing by default."""

    def rests(self) -> bool:
        """True while nothing runs on the clock (a menu with no work pending): the page then draws
        only on input or when invalidated, as a turn-based page does, instead of 60 frames a second.
        False by default (the clock always runs); a game that knows its menus are still says when."""
        return False

    def waiting(self) -> bool:
        """True while the game clock stands still (paused, a prompt open); False by default."""
        return False

    def asking(self) -> bool:
        """True while the shell asks which tab's game to keep (``tabs.TabConflict``): the clock
        stands still, as the input does."""
        return bool(getattr(getattr(self.shell, "tabs", None), "open", False))

    def speed(self) -> int:
        """Moves played per tick (1; e.g. 2 while a replay is watched at double speed)."""
        return 1

    # -- moves -----------------------------------------------------------------------
    def play(self, move: M) -> bool:
        """Play ``move`` (``apply``), then let the game react to its events (``on_events``)."""
        if self.session is None or not self.apply(move):
            return False
        self.on_events(self.session.last_events)
        return True

    def apply(self, move: M) -> bool:
        """Apply one move through the session; a refusal goes to ``refused`` and changes nothing."""
        if self.session is None:
            return False
        try:
            self.session.play(move)
        except ValueError as exc:
            self.refused(str(exc))
            return False
        return True

    def refused(self, why: str) -> None:
        self.shell.announce(why)

    def on_events(self, events: list[Any]) -> None:
        """The events of the move just played (sound, animation, announcements); nothing by default."""

    def undo(self) -> None:
        """Take back the last tick played (then saved)."""
        if self.session is not None and self.session.can_undo():
            self.session.undo()
            self.checkpoint()
            self.shell.invalidate()

    def redo(self) -> None:
        if self.session is not None and self.session.can_redo():
            self.session.redo()
            self.on_events(self.session.last_events)
            self.shell.invalidate()

    # -- persistence -----------------------------------------------------------------
    def checkpoint(self) -> None:
        """Save now (pause, leaving, the end of a game, focus lost): ``save`` when a game runs."""
        if self.session is not None:
            self.save()

    def save(self) -> None:
        """The game in progress (``game_save``) stored under ``SAVE``."""
        save = self.game_save()
        if save is not None:
            self.shell.storage.save(self.SAVE, save)

    def game_save(self) -> SaveData | None:
        """The game in progress as ``SaveData``, or None when there is none to keep (override to
        keep another record: e.g. a replay being watched is not a game in progress)."""
        return None if self.session is None else self.session.save()

    def latest_save(self) -> tuple[object, int] | None:
        """This tab's game as it is now, JSON-ready, with its record version (the storage's
        ``guard(name, latest)``): what "keep playing here" stores. None with no game."""
        save = self.game_save()
        return None if save is None else (save.model_dump(mode="json"), 1)

    def drop(self) -> None:
        """The game in progress ended, or a new one replaced it: its save is removed, unless another
        tab stored its own game since this tab last read or wrote it, or a newer build's save is kept
        there (both stay: the other tab's game is not this tab's to throw away)."""
        st = self.shell.storage
        if self.SAVE not in st.held and not st.conflict(self.SAVE):
            st.remove(self.SAVE)

    def on_conflict(self, name: str) -> None:
        """Another tab stored its own game over the one this tab last read or wrote (the storage's
        guard found it when saving or from the ``storage`` event).

        No game on screen: nothing to choose between, the page takes in the stored game
        (``other_game``: its Continue names that one). A game on screen: the shell asks the player
        which to keep and the clock stands still (``asking``); "keep playing here" stores this
        tab's game as it is then (``latest_save``)."""
        if name == self.SAVE and self.session is None and not self.shell.storage.pending:
            self.other_game()
            return
        self._ask(name)

    def on_storage(self, name: str) -> None:
        """Another tab wrote record ``name`` (the ``storage`` event, after the storage's own check).
        The game in progress removed there (that tab ended its game or began a new one) while this
        tab plays one: this tab's is stored again at once (a checkpoint), so it is not lost. With no
        game on screen the page takes in what is stored now (``other_game``)."""
        if name != self.SAVE:
            return
        if self.session is None:
            self.other_game()
            return
        st = self.shell.storage
        try:
            raw = st.backend.getItem(st.key(self.SAVE))  # read without taking it as seen
            gone = not isinstance(raw, str)  # None, or JS null (not None in Pyodide)
        except Exception:  # noqa: BLE001 - no storage to read: nothing to put back
            gone = False
        if gone:
            self.checkpoint()

    def other_game(self) -> None:
        """Another tab stored a game while this page shows none (nothing by default; a page with a
        Continue reads it again)."""

    def restore(self) -> Session[S, M] | None:
        """The stored game as a session, or None (none stored; a newer build's kept for it; a damaged
        one kept aside with a notice). ``begin`` it to play on. All at once: ``restoring()`` does the
        same a few moves at a time (a long real-time game replays thousands of ticks)."""
        job = self.restoring()
        while not job.step():
            pass
        return job.session

    def restoring(self) -> Restoring[S, M]:
        """The stored game being restored over several calls of ``step(ms)`` (``Restoring``)."""
        return Restoring(self)

    def check_save(self, data: dict[str, Any] | str) -> str:
        """Why a stored save (its ``SaveData`` as read) cannot be continued by this page though the
        core would replay it (e.g. a game's own rules label beside ``SaveData.rules``), or ""."""
        return ""

    # -- the App contract --------------------------------------------------------------
    def handle(self, ev: Event) -> None:
        move = self.interpret(self.ui, self.state, ev)
        if move is not None:
            self.play(move)
        self.shell.invalidate()

    def draw(self, g: Gfx) -> None:
        self.render(g, self.ui, self.state, self.clock())

    def state_hash(self) -> str:
        return "" if self.session is None else self.session.state_hash()

    def save_json(self) -> str:
        return "{}" if self.session is None else self.session.save_json()


class Restoring(Generic[S, M]):
    """A stored game restored through the session a few moves at a time, so a page restoring a long
    real-time game stays live (``app.restoring()``; ``RealtimeApp.restore`` runs it to the end).

    Read at once: none stored (``session`` None, ``done``), a newer build's save (held for it), a
    record the core refuses or the game's ``check_save`` refuses (kept aside with a notice), an older
    rules number (the core's ``restore`` and the game's ``migrate_save``, at once). Otherwise each
    ``step(ms)`` replays moves for about ``ms`` milliseconds; a move the engine refuses keeps the
    record aside with a notice. ``session`` is the game once ``done``."""

    def __init__(self, app: RealtimeApp[S, M, Any]) -> None:
        self.app = app
        self.session: Session[S, M] | None = None
        self.done = False
        self.moves: list[str] = []
        self.k = 0
        st = app.shell.storage
        self.raw: str | None = st.read_raw(app.SAVE)
        if self.raw is None:
            self.done = True
            return
        newer = newer_than_build(app.game, self.raw)
        if newer is not None:
            st.hold(app.SAVE, newer)
            self._fail("")
            return
        data = raw_save(self.raw)
        why = app.check_save(data)
        if why:
            self._fail(why)
            return
        try:
            save = data if isinstance(data, SaveData) else parse_model(SaveData, data, "save")
        except SchemaError as exc:
            self._fail(str(exc))
            return
        if (
            save.game != app.game.name
            or save.version > Session.SAVE_VERSION
            or save.rules != rules_of(app.game)
        ):
            got = restore(app.game, save, keep_events=True)  # another game's, or older rules: the core says
            if got.session is None:
                self._fail(got.reason)
            else:
                self._finish(got.session)
            return
        try:
            self.session = Session(app.game, save.seed, save.options, keep_events=True)
        except (ValueError, TypeError, KeyError) as exc:
            self._fail(f"options: {exc}")
            return
        self.moves = list(save.moves)
        if not self.moves:
            self._finish(self.session)

    def step(self, ms: float = 1e9) -> bool:
        """Replay moves for about ``ms`` milliseconds (at least one); True once done."""
        if self.done or self.session is None:
            return True
        t0 = time.perf_counter()
        while self.k < len(self.moves):
            text = self.moves[self.k]
            try:
                self.session.play_text(text)
            except ValueError as exc:
                self._fail(f"moves.{self.k} ({text[:40]!r}): {exc}")
                return True
            self.k += 1
            if (time.perf_counter() - t0) * 1000 >= ms:
                break
        if self.k >= len(self.moves):
            self._finish(self.session)
        return self.done

    @property
    def share(self) -> float:
        """How much of the game is replayed (0..1)."""
        return 1.0 if self.done else self.k / max(1, len(self.moves))

    def _finish(self, session: Session[S, M]) -> None:
        session.keep_events = True
        session.last_events = []
        self.session, self.done = session, True

    def _fail(self, why: str) -> None:
        """Not restored: kept aside with ``why`` (unless held for a newer build: ``why`` empty)."""
        st = self.app.shell.storage
        if why and self.raw is not None:
            st.quarantine(self.app.SAVE, self.raw, why[:160])
        self.session, self.done = None, True
        for n in st.take_notices():
            self.app.shell.notify(n)


__all__ = ["RealtimeApp", "Restoring", "Step"]
