"""The app contract between the shell and a game page, typed.

``App`` is what ``gwweb.<game>.app.create(shell)`` returns (see ``www/README.md``). The optional
members (``tick``, ``on_resize``, ``on_focus``, ``test_hooks``) are found with ``hasattr``.

``TurnApp`` is the one app shape for a turn-based game, after Tatham's midend: a UI-state object
(cursor, selection, drag: never undone), ``interpret(ui, state, ev) -> move | None`` (what did the
player mean), the engine's ``apply`` through ``Session`` (what happens), and
``draw(g, ui, state, t)``. It saves every move (seed + moves, ``SaveData``), restores through
``engine.core.session.restore`` (older rules kept playable or closed with a notice) and offers
undo/redo. ``www/template/app.py`` is the smallest example. Its real-time twin (a clock asking
``step(ui, state)`` for one move a tick, saves at checkpoints) is ``gwweb.shared.realtime_app``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from gwweb.shared.canvas import Gfx
from gwweb.shared.input import Event

from engine.core.session import Game, SaveData, Session, restore, rules_of

S = TypeVar("S")
M = TypeVar("M")
U = TypeVar("U")


@runtime_checkable
class App(Protocol):
    """What the shell drives."""

    realtime: bool

    def handle(self, ev: Event) -> None: ...
    def on_button(self, id: str) -> None: ...
    def draw(self, g: Gfx) -> None: ...
    def animating(self) -> bool: ...
    def state_hash(self) -> str: ...
    def save_json(self) -> str: ...


class ShellLike(Protocol):
    """The parts of ``gwweb.shared.shell.Shell`` a ``TurnApp`` uses (a fake one in tests)."""

    storage: Any
    notices: list[str]
    i18n: Any
    toasts: Any

    @property
    def progress(self) -> Any: ...
    def set_lang(self, lang: str) -> None: ...
    def invalidate(self) -> None: ...
    def notify(self, text: str) -> None: ...
    def announce(self, text: str) -> None: ...


Interpret = Callable[[U, S, Event], M | None]
Draw = Callable[[Gfx, U, S, float], None]


class Animation(Protocol):
    """What ``on_events`` may return: the move's animation, ``total`` ms long. While it runs
    ``TurnApp.locked()`` is True and ``handle`` keeps board input from ``interpret``."""

    @property
    def total(self) -> float: ...


class TurnApp(Generic[S, M, U]):
    """A turn-based game page: UI state + interpret + Session + draw, saved after every move.

    Subclasses (or callers) give ``game``, ``ui`` (a fresh UI-state object), ``interpret`` and
    ``render``; override ``on_events(events)`` to animate, play sounds and ``announce`` results.

    Animation: ``on_events`` may return an ``Animation`` (anything with ``total`` ms); while it
    runs ``locked()`` is True, ``handle`` gives no input to ``interpret``, ``anim_ms()`` says how
    far it is, ``undo`` waits for its end (``after_animation``), and ``prev_state`` is the state before
    the move (to animate from). ``redo`` re-plays an undone move; ``new_game(seed, options)``.
    """

    realtime = False
    SAVE = "game"

    def __init__(
        self,
        shell: ShellLike,
        game: Game[S, M],
        ui: U,
        interpret: Interpret[U, S, M],
        render: Draw[U, S],
        new_seed: Callable[[], int],
        options: dict[str, Any] | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.shell = shell
        self.game = game
        self.ui = ui
        self.interpret = interpret
        self.render = render
        self.new_seed = new_seed
        self.options = dict(options or {})
        self.clock = clock or (lambda: 0.0)
        self.move_anim: Animation | None = None
        self.move_anim_t0 = 0.0
        self.prev_state: S | None = None
        """The state before the last move played (``None`` after a new game or a reload)."""
        self._after_anim: list[Callable[[], None]] = []
        shell.storage.guard(self.SAVE)  # a game in progress: another tab's is never replaced silently
        self.session: Session[S, M] = self._restore()

    # -- persistence -----------------------------------------------------------
    def _restore(self) -> Session[S, M]:
        st = self.shell.storage
        raw = st.read_raw(self.SAVE)
        self.restored = False
        """True when the session came from the saved game (False: a fresh one)."""
        if raw is not None:
            newer = newer_than_build(self.game, raw)
            if newer is not None:  # kept for the build that wrote it; this page plays a fresh game
                st.hold(self.SAVE, newer)
                for n in st.take_notices():
                    self.shell.notify(n)
                return self.fresh()
            got = restore(self.game, self.migrate(raw_save(raw)), keep_events=True)
            if got.session is not None:
                self.restored = True
                return got.session
            st.quarantine(self.SAVE, raw, got.reason[:160])
            for n in st.take_notices():
                self.shell.notify(n)
        return self.fresh()

    def migrate(self, data: dict[str, Any] | str) -> dict[str, Any] | str:
        """A stored save as the session should read it (override to upgrade an older format a game
        keeps outside ``SaveData.rules``; the default passes it through)."""
        return data

    def fresh(self, seed: int | None = None) -> Session[S, M]:
        return Session(self.game, self.new_seed() if seed is None else seed, self.options, keep_events=True)

    def save(self) -> None:
        self.shell.storage.save(self.SAVE, self.session.save())

    @property
    def state(self) -> S:
        return self.session.state

    # -- moves -----------------------------------------------------------------
    def play(self, move: M) -> bool:
        """Apply ``move`` through the session; a refusal is announced and changes nothing."""
        before = self.session.state
        try:
            self.session.play(move)
        except ValueError as exc:
            self.refused(str(exc))
            return False
        self._played(before)
        return True

    def _played(self, before: S) -> None:
        """A move changed the state: save, let the game react, animate."""
        self.prev_state = before
        self.save()
        anim = self.on_events(self.session.last_events)
        if anim is not None and anim.total > 0:
            self.move_anim, self.move_anim_t0 = anim, self.clock()
        self.shell.invalidate()

    def undo(self) -> None:
        """Take back the last move (after the running animation, if one runs)."""
        if self.locked():
            self.after_animation(self.undo)
            return
        if self.session.can_undo():
            self.session.undo()
            self.prev_state = None
            self.save()
            self.shell.invalidate()

    def redo(self) -> None:
        """Play the last undone move again (its events come to ``on_events`` as for a new move)."""
        if self.locked() or not self.session.can_redo():
            return
        before = self.session.state
        self.session.redo()
        self._played(before)

    def new_game(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A fresh game (``options`` replace the current ones when given)."""
        if options is not None:
            self.options = dict(options)
        self.session = self.fresh(seed)
        self.move_anim, self.prev_state, self._after_anim = None, None, []
        self.save()
        self.shell.invalidate()

    def refused(self, why: str) -> None:
        self.shell.announce(why)

    def on_events(self, events: list[Any]) -> Animation | None:
        """The events of the move just played (animation, sound, announcements); return the
        move's ``Animation`` to hold input until it ends."""
        return None

    # -- animation ---------------------------------------------------------------
    def anim_ms(self) -> float | None:
        """Milliseconds into the running move animation, or ``None`` (an ended one is finished here)."""
        if self.move_anim is None:
            return None
        t = self.clock() - self.move_anim_t0
        if t >= self.move_anim.total:
            self.finish_animation()
            return None
        return t

    def locked(self) -> bool:
        """True while a move animation runs (input waits)."""
        return self.anim_ms() is not None

    def after_animation(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` when the running animation ends (at once when none runs)."""
        if self.locked():
            self._after_anim.append(fn)
        else:
            fn()

    def finish_animation(self) -> None:
        """End the running animation now and run what waited for it."""
        self.move_anim = None
        todo, self._after_anim = self._after_anim, []
        for fn in todo:
            fn()
        self.shell.invalidate()

    # -- the App contract --------------------------------------------------------
    def handle(self, ev: Event) -> None:
        if self.locked():
            return  # the move is still animating: input waits (the game may queue some itself)
        move = self.interpret(self.ui, self.state, ev)
        if move is not None:
            self.play(move)
        else:
            self.shell.invalidate()  # the UI state may have changed (cursor, hover)

    def on_button(self, id: str) -> None:
        if id == "undo":
            self.undo()
        elif id == "redo":
            self.redo()
        elif id == "new":
            self.new_game()

    def draw(self, g: Gfx) -> None:
        self.anim_ms()  # an animation that has run its time ends before this frame
        self.render(g, self.ui, self.state, self.clock())

    def animating(self) -> bool:
        return self.move_anim is not None

    def state_hash(self) -> str:
        return self.session.state_hash()

    def save_json(self) -> str:
        return self.session.save_json()


def newer_than_build(game: Game[Any, Any], raw: str, record_version: int = 1) -> str | None:
    """Why the stored record ``raw`` was written by a newer build than this one (its record
    version above ``record_version``, or its ``SaveData`` version or rules number above this
    build's; a ``SaveData`` nested as ``data.save`` or ``data.session`` counts too), or None."""
    try:
        rec = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(rec, dict):
        return None
    v, data = rec.get("v", 1), rec.get("data")
    if isinstance(v, int) and v > record_version:
        return f"record version {v}, this build writes {record_version}"
    for inner in ("save", "session"):  # a game's record around its SaveData
        if isinstance(data, dict) and isinstance(data.get(inner), dict):
            data = data[inner]
    if not isinstance(data, dict):
        return None
    version, rules = data.get("version"), data.get("rules")
    if isinstance(version, int) and version > Session.SAVE_VERSION:
        return f"save version {version}, this build reads {Session.SAVE_VERSION}"
    if isinstance(rules, int) and rules > rules_of(game):
        return f"rules {rules}, this build plays {rules_of(game)}"
    return None


def raw_save(raw: str) -> dict[str, Any] | str:
    """The ``SaveData`` inside a storage record ``{"v": .., "data": ..}`` (or the text as it is)."""
    try:
        rec = json.loads(raw)
    except ValueError:
        return raw
    if isinstance(rec, dict) and isinstance(rec.get("data"), dict):
        data: dict[str, Any] = rec["data"]
        return data
    return raw


__all__ = ["Animation", "App", "SaveData", "ShellLike", "TurnApp", "newer_than_build", "raw_save"]
