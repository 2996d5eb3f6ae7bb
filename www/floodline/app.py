"""Floodline page: the app the shell drives, a thin ``RealtimeApp`` (``gwweb.shared.realtime_app``)
made of four explicit parts:

* ``ui.Ui`` — the UI state (everything undo does not restore: the screen, the view, the focus, the
  touch pad, the prompt, the run on screen, the menus' record);
* ``controls.interpret_event(ui, state, ev)`` — what the player meant (game keys latched for the
  next tick, page keys on ``ui``, page actions asked for in ``ui.requests``);
* ``step_move(ui, state)`` — this tick's ``TickInput`` (the keys latched, or the replay's next);
* ``drawstate.DrawState.draw(g, ui, state, t)`` — the screen (its layers and caches kept in the
  draw state, like the drawstate of Tatham's puzzles).

The run's ``Session`` is the app's (``RealtimeApp.session``); ``flow.Page`` is the page outside the
game (the record, the last run, the replay watched, the level being prepared, the buttons).
``sounds``, ``hooks`` and ``warmup`` do the rest. No module imports this one."""

from __future__ import annotations

import gc
import time
from typing import TYPE_CHECKING, Any

import js  # type: ignore[import-not-found]
from gwweb.floodline import board_draw, sounds
from gwweb.floodline.announce import Announcer
from gwweb.floodline.controls import interpret_event, on_focus, preview_marks
from gwweb.floodline.drawstate import DrawState, stage
from gwweb.floodline.flow import Page
from gwweb.floodline.hooks import test_hooks
from gwweb.floodline.interpret import tick_move
from gwweb.floodline.keys import BINDINGS
from gwweb.floodline.music import Music
from gwweb.floodline.rebind import Rebinder
from gwweb.floodline.saves import SAVE
from gwweb.floodline.strings import TABLES
from gwweb.floodline.ui import Ui
from gwweb.shared.canvas import Gfx
from gwweb.shared.clock import now_ms
from gwweb.shared.input import Event
from gwweb.shared.realtime_app import RealtimeApp

from engine.floodline import GAME, State, TickInput
from engine.floodline.campaign import Progress
from engine.floodline.level import RULES_VERSION

if TYPE_CHECKING:
    from gwweb.shared.shell import Shell

    from engine.core.session import SaveData


class App(RealtimeApp[State, TickInput, Ui]):
    """The Floodline page (``realtime``: the shell calls ``tick`` 60 times a second)."""

    realtime = True

    def __init__(self, shell: Shell) -> None:
        shell.i18n.tables = TABLES
        shell.bindings(BINDINGS)
        progress = shell.storage.load("progress", Progress) or Progress()
        ui = Ui(progress, Rebinder(shell), coarse_only=_coarse_only())
        self.ds = DrawState(shell)
        super().__init__(shell, GAME, ui, interpret_event, self.next_move, self.ds.draw, clock=now_ms)
        self.page = Page(shell, ui, self, self.ds, progress)
        self.music: Music | None = None  # the ambient music and noise sounds (made on first use)
        self.announcer = Announcer()  # what screen readers are told (tilts, objectives met)
        self.frozen = False  # test hook: stop the clock without the pause screen
        self.perf = Perf()  # this frame's tick time, the slowest frames, the profiler (diagnostics)

    # -- input ---------------------------------------------------------------------------
    SAVE = SAVE  # the run in progress (``saves``): continued through ``restoring``, not watched

    def handle(self, ev: Event) -> None:
        """``interpret`` (``RealtimeApp.handle``), then what it asked of the page; a pause is a
        checkpoint (the run in progress is stored)."""
        paused = self.ui.paused
        super().handle(ev)
        self.carry_out()
        if self.ui.paused and not paused:
            self.checkpoint()

    def on_button(self, id: str) -> None:
        """A canvas button was pressed (pointer, or Enter/Space on the keyboard focus); a pause (the
        pause or help button) is a checkpoint, as from the keyboard."""
        paused = self.ui.paused
        self.page.on_button(id)
        self.carry_out()
        if self.ui.paused and not paused:
            self.checkpoint()

    def on_focus(self, focused: bool) -> None:
        """An embed lost the keyboard (Escape, a click outside): the falling piece waits, paused (a
        checkpoint). A level still starting (its run made over frames) starts now, paused: it would
        otherwise begin falling after the player looked away."""
        if not focused:
            self.page.finish_start()
        on_focus(self.ui, self.state, focused)
        if not focused:
            self.checkpoint()

    def on_hidden(self) -> None:
        """The tab was hidden or is closing: the run waits, paused, and is stored (a checkpoint)."""
        on_focus(self.ui, self.state, False)
        self.checkpoint()

    def on_storage(self, name: str) -> None:
        """Another tab stored a record: its stars taken in, its run in progress read (``RealtimeApp``)."""
        super().on_storage(name)
        self.page.on_storage(name)

    def other_game(self) -> None:
        """Another tab stored its run while this page shows no run: Continue names that one."""
        self.page.look_for_game()
        self.shell.invalidate()

    def carry_out(self) -> None:
        """The page actions ``interpret`` asked for in ``ui.requests`` (buttons, mute, a key taken
        by a button or rebound, a tilt preview)."""
        ui = self.ui
        while ui.requests:
            what, arg = ui.requests.pop(0)
            if what == "button":
                self.page.on_button(arg)
            elif what == "mute":
                self.shell.set_muted(not self.shell.audio.muted)
            elif what == "consume":  # the key's action events are ignored until it is released
                bound = self.shell.input.bindings.get(arg, "")
                if bound:
                    ui.swallow, ui.swallow_key = bound, arg
            elif what == "rebind":
                ui.rebinder.press(arg)
            elif what == "preview" and ui.run is not None:
                run = ui.run
                ui.preview = preview_marks(run.preview(arg), run.board_cells, run.board_version)
        if ui.run is not None:
            ui.run.view = ui.view  # the view-model names board directions for the camera's view

    # -- loop ----------------------------------------------------------------------------
    def tick(self) -> None:
        t0 = time.perf_counter()
        pr = self.perf.profiler
        if pr is not None:
            pr.enable()
        try:
            super().tick()
        finally:
            if pr is not None:
                pr.disable()
            self.perf.tick_ms += (time.perf_counter() - t0) * 1000

    def before_tick(self) -> None:
        """Imports and a waiting start's warm-up step run on the clock whatever the screen."""
        page = self.page
        if page.continuing and page.ui.run is None:  # Continue pressed: a few ms of replay a frame
            if not self.perf.start_stepped:
                self.perf.start_stepped = True
                page.continue_restore()
        while page.pending_import:
            page.load_import(page.pending_import.pop(0))
        if page.starting and not self.perf.start_stepped:  # one warm-up step a frame, not one per tick
            self.perf.start_stepped = True
            t1 = time.perf_counter()
            page.continue_start()
            self.ds.stages.append(f"start {(time.perf_counter() - t1) * 1000:.0f}")

    def rests(self) -> bool:
        """No run on the screen and no start, Continue or import pending: the menus are still, so
        the shell draws them only on input or when invalidated (idle pages cost no CPU, issue #24)."""
        page = self.page
        return (
            self.ui.run is None
            and not page.starting
            and not page.continuing
            and not page.pending_import
            and page.player is None
        )

    def waiting(self) -> bool:
        """The level's clock stands still: no run, paused, frozen (test hook), over, its world not on
        the screen yet, the phone prompt unread, or a tilt preview shown (planning pause, issue #26)."""
        run = self.ui.run
        if run is None or self.ui.paused or self.frozen or run.state.outcome is not None:
            return True
        if not self.ds.world.shows(id(run)):
            return True  # the level's clock starts once its world is on the screen
        if board_draw.tip_holds_clock(self.ds, self.ui, run):
            return True  # phone: the prompt is read before the first piece falls (a tap starts it)
        return self.ui.preview is not None and not self.ui.watching

    def speed(self) -> int:
        """A replay is watched at double speed."""
        return 2 if self.ui.watching else 1

    def next_move(self, ui: Ui, state: State) -> TickInput | None:
        """The app's ``step``: the replay's next move while one is watched, else ``step_move``."""
        if state.outcome is None and self.page.player is not None:
            return self.page.player.next()
        return step_move(ui, state)

    def apply(self, move: TickInput) -> bool:
        """Through the run (its move log, its events for sound and drawing; the run's end is recorded
        on the next light frame, see ``draw``)."""
        if self.ui.run is None:
            return False
        self.ui.run.play(move)
        return True

    def save(self) -> None:
        """A checkpoint stores the unfinished run as the game in progress (a finished one was kept as
        the last run when its end was recorded)."""
        self.page.keep_game()

    def game_save(self) -> SaveData | None:
        """The unfinished run being played (not a replay watched), as ``page.keep_game`` stores it."""
        return self.page.game_save()

    def check_save(self, data: dict[str, Any] | str) -> str:
        """A stored run recorded under other Floodline rules (its ``rulesVersion``) is not continued:
        the same moves may end differently now (kept aside with a notice naming both)."""
        options = data.get("options") if isinstance(data, dict) else None
        if not isinstance(options, dict) or not isinstance(options.get("level"), dict):
            return "not a Floodline run"
        if str(options.get("rulesVersion", "?")) != RULES_VERSION:
            return f"recorded under Floodline rules {options.get('rulesVersion', '?')}, this version plays rules {RULES_VERSION}"
        return ""

    # -- drawing -------------------------------------------------------------------------
    def draw(self, g: Gfx) -> None:
        """This frame: the run's events sounded, its end recorded or its view-model refreshed (one
        heavy job a frame, issue #20), then ``render`` (``DrawState.draw``) and the music."""
        t0 = time.perf_counter()
        run = self.ui.run
        ds = self.ds
        ev = [e.kind for e in run.events] if run is not None else []
        pr = self.perf.profiler
        if pr is not None:
            pr.enable()
        self.ui.reduced_motion = _reduced_motion()
        if run is not None and not self.ui.keys_screen:
            for text in self.announcer.news(ds.t, run, run.events):
                self.shell.announce(text)
            sounds.play(self.shell.audio, self.sound(), self.ui, run)
            ds.heavy = run.busy or ds.fresh  # a run's first frame: no HUD or world work yet
            ds.fresh = run.busy = False
            if run.state.outcome is not None and not self.page.recorded and not ds.heavy:
                t1 = time.perf_counter()
                self.page.finish()  # stars, best score, the stored run
                ds.heavy = True
                ds.stages.append(f"finish {(time.perf_counter() - t1) * 1000:.0f}")
            if run.stale and not ds.heavy:
                t1 = time.perf_counter()
                run.sync()
                ds.heavy = True
                ds.stages.append(f"sync {(time.perf_counter() - t1) * 1000:.0f}")
        super().draw(g)  # -> DrawState.draw(g, ui, state, t)
        if pr is not None:
            pr.disable()
        t1 = time.perf_counter()
        sounds.ambience(self.sound(), self.ui, run, ds.heavy)
        stage(ds.stages, "music", t1)
        self.perf.frame(t0, ev, ds.stages)
        ds.stages = []

    def sound(self) -> Music:
        """The ambient music and noise sounds (made on first use)."""
        if self.music is None:
            self.music = Music(self.shell.audio)
        return self.music

    # -- hooks ---------------------------------------------------------------------------
    def test_hooks(self) -> dict[str, Any]:
        return test_hooks(self)


def step_move(ui: Ui, state: State) -> TickInput | None:
    """The move of this tick: the keys latched since the last tick (``tick_move``); a tilt key along
    gravity is refused with the engine's reason (the run shows it). None once the run is over."""
    if state.outcome is not None:
        return None
    inp, refusal = tick_move(ui.keys, state, ui.view)
    if refusal is not None and ui.run is not None:
        ui.run.refused(refusal)
    return inp


class Perf:
    """Frame diagnostics (issue #20): this frame's tick time and the slowest frames."""

    def __init__(self) -> None:
        self.profiler: Any = None  # test hook: a cProfile.Profile of every tick and draw
        self.tick_ms = 0.0  # time spent in this frame's ticks
        self.start_stepped = False  # a waiting start already ran its warm-up step this frame
        self.slow: list[tuple[object, ...]] = []  # (ms, tick ms, draw ms, events, stages, gc ms)

    def frame(self, t0: float, ev: list[str], stages: list[str]) -> None:
        """A frame drawn since ``t0``: kept among the slowest when over 12 ms; the frame's counters reset."""
        ms = (time.perf_counter() - t0) * 1000
        total = ms + self.tick_ms
        if total > 12:  # the slowest frames and what they did (frame budget, issue #20)
            row = (round(total, 1), round(self.tick_ms, 1), round(ms, 1), ev[:4], stages, round(_GC[1], 1))
            self.slow = sorted([*self.slow, row], reverse=True)[:8]
        self.tick_ms = 0.0
        self.start_stepped = False
        _GC[1] = 0.0


_GC = [0.0, 0.0]  # (start of the running collection, ms collected this frame)


def _gc_watch(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _GC[0] = time.perf_counter()
    else:
        _GC[1] += (time.perf_counter() - _GC[0]) * 1000


gc.callbacks.append(_gc_watch)


def _reduced_motion() -> bool:
    """The player asked for reduced motion (``prefers-reduced-motion``, kept by the loader)."""
    try:
        return bool(js.window.gridworks.reducedMotion)
    except Exception:  # noqa: BLE001 - a loader without it: motion as usual
        return False


def _coarse_only() -> bool:
    """The browser reports no fine pointer and no hover (a phone or tablet without mouse/keyboard)."""
    try:
        return bool(js.window.matchMedia("(any-pointer: fine), (any-hover: hover)").matches) is False
    except Exception:  # noqa: BLE001 - old browsers without matchMedia: assume a keyboard
        return False


def _checkpoint_when_hidden(app: App) -> None:
    """The tab hidden (another tab, the phone's home screen) or the page closing is a checkpoint: the
    run in progress is stored, so Continue finds it on the next visit."""
    try:
        from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

        def changed(_e: Any) -> None:
            if js.document.hidden:
                app.on_hidden()

        js.document.addEventListener("visibilitychange", create_proxy(changed))
        js.window.addEventListener("pagehide", create_proxy(lambda _e: app.on_hidden()))
    except Exception:  # noqa: BLE001 - no document (tests): checkpoints at pause and leaving only
        pass


def create(shell: Shell) -> App:
    app = App(shell)
    _checkpoint_when_hidden(app)
    return app
