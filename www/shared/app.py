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

A page whose games are levels picked from a list may start with **no game open**: give ``TurnApp``
an ``IdleScreen`` (the level list or an editor: its own pure ``interpret(ui, ev) -> command`` and
``render(g, ui, t)``, no state), and ``session`` stays unset (``game_open`` False) until a game is
restored, opened (``new_game``) or closed again (``close_game``). A game's own stored records next to
its save (progress, campaign, bests) are ``Record`` objects (``TurnApp.record``): validated when read,
kept aside with a notice when damaged, saved with ``save()``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol, TypeVar, runtime_checkable

from gwweb.shared.app_base import AppBase
from gwweb.shared.canvas import Gfx
from gwweb.shared.input import Event
from gwweb.shared.record import Record
from pydantic import BaseModel

from engine.core.session import Game, SaveData, Session, restore, rules_of

S = TypeVar("S")
M = TypeVar("M")
U = TypeVar("U")
R = TypeVar("R", bound=BaseModel)  # a stored record's model
U_contra = TypeVar("U_contra", contravariant=True)


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


class IdleScreen(Protocol[U_contra]):
    """The screen of a page with no game open (a level list, an editor): input and drawing read
    only the UI state. ``interpret`` returns a command for ``TurnApp.on_button`` (``"level:3"``
    opens a level) or ``None`` (``ui`` may have changed: a scroll, a hover)."""

    def interpret(self, ui: U_contra, ev: Event) -> str | None: ...
    def render(self, g: Gfx, ui: U_contra, t: float) -> None: ...


class NoGameOpen(LookupError):
    """``TurnApp.session``/``state`` asked for while no game is open (see ``game_open``)."""


class Animation(Protocol):
    """What ``on_events`` may return: the move's animation, ``total`` ms long. While it runs
    ``TurnApp.locked()`` is True and ``handle`` keeps board input from ``interpret``.

    An animation with a true ``skippable`` attribute (optional, read with ``getattr``) is cut short
    by input instead: a press (``is_press``) ends it at once and is then handled as usual (nothing
    the player does is lost), and other input (hover, wheel) goes on to ``interpret`` meanwhile."""

    @property
    def total(self) -> float: ...


def is_press(ev: Any) -> bool:
    """A key or bound action pressed, or a pointer pressed down (what cuts a skippable animation)."""
    kind = getattr(ev, "kind", "")
    if kind in ("action", "key"):
        return bool(getattr(ev, "down", False))
    return kind == "pointer" and getattr(ev, "name", "") == "down"


class TurnApp(AppBase[S, M, U, S]):
    """A turn-based game page: UI state + interpret + Session + draw, saved after every move.

    Subclasses (or callers) give ``game``, ``ui`` (a fresh UI-state object), ``interpret`` and
    ``render``; override ``on_events(events)`` to animate, play sounds and ``announce`` results.

    No game open: with an ``idle`` screen the page starts without a session when no saved game
    restores (``game_open`` False; ``handle``/``draw`` go to the idle screen, whose commands go to
    ``on_button``); ``new_game`` opens one, ``close_game`` closes it (the save stays). A game whose
    save carries more than ``SaveData`` (a level key, a hint flag) overrides ``save_record`` and
    ``migrate``; ``RECORD_VERSION`` is its storage record version.

    Animation: ``on_events`` may return an ``Animation`` (anything with ``total`` ms); while it
    runs ``locked()`` is True, ``handle`` gives no input to ``interpret``, ``anim_ms()`` says how
    far it is, ``undo`` waits for its end (``after_animation``), and ``prev_state`` is the state before
    the move (to animate from). A ``skippable`` animation is cut short by a press instead
    (``cut_animation``), which is then handled. However it ends, ``animation_ended(anim, cut_by)``
    is told (``cut_by``: the input that cut it, or None when it ran its time). ``redo`` re-plays an
    undone move; ``new_game(seed, options)``; ``open_session`` opens a game made elsewhere (a level
    picked from a list, an editor's play-test).
    """

    RECORD_VERSION = 1
    shell: ShellLike

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
        idle: IdleScreen[U] | None = None,
    ) -> None:
        super().__init__(shell, game, ui, interpret, render, clock)  # the fields both app shapes share
        self.new_seed = new_seed
        self.options = dict(options or {})
        self.move_anim: Animation | None = None
        self.move_anim_t0 = 0.0
        self.prev_state: S | None = None
        """The state before the last move played (``None`` after a new game or a reload)."""
        self._after_anim: list[Callable[[], None]] = []
        self.idle = idle
        # a game in progress: another tab's is never replaced silently, and "keep playing here"
        # stores this tab's game as it is then (``latest_save``), as ``RealtimeApp`` does
        shell.storage.guard(self.SAVE, latest=self.latest_save)
        self._session: Session[S, M] | None = self._restore()

    # -- the game open (or none) ---------------------------------------------------
    @property
    def session(self) -> Session[S, M]:
        """The game being played (``NoGameOpen`` while none is: see ``game_open``)."""
        if self._session is None:
            raise NoGameOpen("no game is open")
        return self._session

    @session.setter
    def session(self, value: Session[S, M]) -> None:
        self._session = value

    @property
    def game_open(self) -> bool:
        """False while the page shows its idle screen with no game (a level list, an editor)."""
        return self._session is not None

    def close_game(self) -> None:
        """Close the game being played (its save stays stored): the idle screen shows."""
        if self.idle is None:
            raise NoGameOpen("this page has no screen without a game")
        self._session = None
        self.move_anim, self.prev_state, self._after_anim = None, None, []
        self.shell.invalidate()

    def record(
        self,
        name: str,
        model: type[R],
        default: Callable[[], R],
        version: int = 1,
        check: Callable[[R], str] | None = None,
    ) -> Record[R]:
        """The game's own stored record ``name`` (see ``Record``); its notices are shown now."""
        rec = Record(self.shell.storage, name, model, default, version, check)
        self.tell_notices()
        return rec

    def tell_notices(self) -> None:
        """Show the storage's notices (records kept aside or held for a newer build)."""
        for n in self.shell.storage.take_notices():
            self.shell.notify(n)

    # -- persistence -----------------------------------------------------------
    def _restore(self) -> Session[S, M] | None:
        st = self.shell.storage
        raw = st.read_raw(self.SAVE)
        self.restored = False
        """True when the session came from the saved game (False: a fresh one or none)."""
        if raw is not None:
            newer = newer_than_build(self.game, raw, self.RECORD_VERSION)
            if newer is not None:  # kept for the build that wrote it; this page plays a fresh game
                st.hold(self.SAVE, newer)
                self.tell_notices()
                return self.fresh() if self.idle is None else None
            got = restore(self.game, self.migrate(raw_save(raw)), keep_events=True)
            if got.session is not None:
                self.restored = True
                return got.session
            st.quarantine(self.SAVE, raw, got.reason[:160])
            self.tell_notices()
        return self.fresh() if self.idle is None else None

    def migrate(self, data: dict[str, Any] | str) -> dict[str, Any] | str:
        """A stored save as the session should read it (override to upgrade an older format a game
        keeps outside ``SaveData.rules``; the default passes it through)."""
        return data

    def fresh(self, seed: int | None = None) -> Session[S, M]:
        return Session(self.game, self.new_seed() if seed is None else seed, self.options, keep_events=True)

    def save(self) -> None:
        """Store the game being played (nothing while no game is open)."""
        if self._session is not None:
            self.shell.storage.save(self.SAVE, self.save_record(), self.RECORD_VERSION)

    def latest_save(self) -> tuple[object, int] | None:
        """This tab's game as it is now, JSON-ready, with its record version (the storage's
        ``guard(name, latest)``): what "keep playing here" stores. None with no game open."""
        if self._session is None:
            return None
        return self.save_record().model_dump(mode="json"), self.RECORD_VERSION

    def save_record(self) -> BaseModel:
        """The stored form of the game being played: its ``SaveData`` (override to wrap it with
        what the game keeps beside it; ``migrate`` then reads the wrapper back)."""
        return self.session.save()

    @property
    def state(self) -> S:
        """The state of the game being played (``NoGameOpen`` while none is)."""
        return self.session.state

    # -- moves -----------------------------------------------------------------
    def play(self, move: M) -> bool:
        """Apply ``move`` through the session; a refusal is announced and changes nothing."""
        if self._session is None:
            return False
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
        """Take back the last move (after the running animation, if one runs; a skippable one is
        cut short first)."""
        if self.locked():
            if not self.skippable():
                self.after_animation(self.undo)
                return
            self.cut_animation("undo")
        if self._session is not None and self.session.can_undo():
            self.session.undo()
            self.prev_state = None
            self.save()
            self.shell.invalidate()

    def redo(self) -> None:
        """Play the last undone move again (its events come to ``on_events`` as for a new move)."""
        if self.locked() or self._session is None or not self.session.can_redo():
            return
        before = self.session.state
        self.session.redo()
        self._played(before)

    def new_game(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A fresh game (``options`` replace the current ones when given)."""
        if options is not None:
            self.options = dict(options)
        self.open_session(self.fresh(seed))

    def open_session(self, session: Session[S, M]) -> None:
        """Play ``session`` from now on (a game made elsewhere: a level from a list, a play-test);
        a running animation is dropped, and the game is saved."""
        self.session = session
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

    def finish_animation(self, cut_by: object | None = None) -> None:
        """End the running animation now (``cut_by``: the input that cut it short, if any), tell
        ``animation_ended`` and run what waited for it."""
        anim, self.move_anim = self.move_anim, None
        if anim is not None:
            self.animation_ended(anim, cut_by)
        todo, self._after_anim = self._after_anim, []
        for fn in todo:
            fn()
        self.shell.invalidate()

    def animation_ended(self, anim: Animation, cut_by: object | None) -> None:
        """The move animation ``anim`` ended: it ran its time (``cut_by`` None) or the input
        ``cut_by`` (an ``Event``, or a button id) cut it short. Override to log it or follow up."""

    def skippable(self) -> bool:
        """Does the running animation give way to input (its ``skippable`` attribute)?"""
        return bool(getattr(self.move_anim, "skippable", False))

    def cut_animation(self, cut_by: object) -> None:
        """Cut a running skippable animation short because of ``cut_by`` (no-op otherwise)."""
        if self.move_anim is not None and self.skippable():
            self.finish_animation(cut_by)

    # -- the App contract --------------------------------------------------------
    def handle(self, ev: Event) -> None:
        if self._session is None:
            cmd = self.idle.interpret(self.ui, ev) if self.idle is not None else None
            if cmd is not None:
                self.on_button(cmd)
            else:
                self.shell.invalidate()
            return
        if self.locked():
            if not self.skippable():
                return  # the move is still animating: input waits (the game may queue some itself)
            if is_press(ev):
                self.cut_animation(ev)  # ends now; the press is then handled as usual
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
        if self._session is None:
            if self.idle is not None:
                self.idle.render(g, self.ui, self.clock())
            return
        self.anim_ms()  # an animation that has run its time ends before this frame
        self.render(g, self.ui, self.state, self.clock())

    def animating(self) -> bool:
        return self.move_anim is not None

    def state_hash(self) -> str:
        return self.session.state_hash() if self._session is not None else ""

    def save_json(self) -> str:
        return self.session.save_json() if self._session is not None else "{}"


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


__all__ = [
    "Animation",
    "App",
    "IdleScreen",
    "NoGameOpen",
    "Record",
    "SaveData",
    "ShellLike",
    "TurnApp",
    "is_press",
    "newer_than_build",
    "raw_save",
]
