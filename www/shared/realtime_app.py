"""``RealtimeApp``: the real-time twin of ``TurnApp`` (``gwweb.shared.app``), after Tatham's midend.

The same four pieces — a UI-state object (never undone), ``interpret(ui, state, ev) -> move | None``
(what the player meant, at once), the engine's ``apply`` through ``Session`` (what happens) and
``render(g, ui, state, t)`` — plus a clock: the shell calls ``tick()`` ``TICKS_PER_SECOND`` times a
second, and each tick asks ``step(ui, state) -> move | None`` for the move of that tick (the keys
latched in the UI since the last tick, or an idle move: gravity and the game's timers are the engine's
rules, applied like any move). A game page with menus has no session while no game runs
(``session`` is None; ``state`` then is None too, and ``interpret``/``render`` get None).

Saving: a real-time game makes a move every tick, so it is saved at checkpoints (``checkpoint()``:
pause, leaving, the end of a game, the page losing focus), not after every move; restore goes through
``engine.core.session.restore`` like ``TurnApp`` (a newer build's save held, a damaged one kept
aside with a notice); ``undo``/``redo`` take back whole ticks through the session (a game that does
not offer undo never calls them).

Hooks a game overrides (all optional): ``before_tick`` (work done on the clock whatever the screen:
imports, warm-up), ``waiting`` (the clock stands still: paused, a prompt open), ``speed`` (moves
per tick: 2 while a replay is watched), ``apply`` (play one move; default ``session.play``, a refusal
``refused``), ``on_events`` (sound, animation, announcements) and ``save``/``restore``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from gwweb.shared.app import Draw, Interpret, ShellLike, newer_than_build, raw_save
from gwweb.shared.app_base import AppBase
from gwweb.shared.canvas import Gfx
from gwweb.shared.input import Event

from engine.core.session import Game, Session, restore

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
        if self.session is None or self.waiting():
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

    def waiting(self) -> bool:
        """True while the game clock stands still (paused, a prompt open); False by default."""
        return False

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
        """The session as ``SaveData`` under ``SAVE`` (override to keep another record)."""
        if self.session is not None:
            self.shell.storage.save(self.SAVE, self.session.save())

    def restore(self) -> Session[S, M] | None:
        """The stored game as a session, or None (none stored; a newer build's kept for it; a damaged
        one kept aside with a notice). ``begin`` it to play on."""
        st = self.shell.storage
        raw = st.read_raw(self.SAVE)
        if raw is None:
            return None
        newer = newer_than_build(self.game, raw)
        if newer is not None:
            st.hold(self.SAVE, newer)
        else:
            got = restore(self.game, raw_save(raw), keep_events=True)
            if got.session is not None:
                return got.session
            st.quarantine(self.SAVE, raw, got.reason[:160])
        for n in st.take_notices():
            self.shell.notify(n)
        return None

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


__all__ = ["RealtimeApp", "Step"]
