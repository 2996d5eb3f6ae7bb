"""Floodline page: the app the shell drives, a ``RealtimeApp`` (``gwweb.shared.realtime_app``): the UI
state ``Ui``, ``interpret(ui, state, ev)`` (``Controls.interpret_event``: keys latched for the next
tick, page keys and buttons), ``step(ui, state)`` (this tick's ``TickInput``, or the replay's next),
the run's ``Session`` and ``render(g, ui, state, t)``. The rest is split by responsibility:
``controls`` (input), ``flow`` (screens flow and buttons), ``persist`` (progress and the stored run),
``model`` (the run: Session + view-model, events from the engine), ``board_draw`` / ``chrome`` /
``hud`` / ``screens`` (drawing), ``sounds``, ``hooks``, ``warmup``. No module imports this one."""

from __future__ import annotations

import gc
import time
from typing import TYPE_CHECKING, Any

import js  # type: ignore[import-not-found]
from gwweb.floodline import board_draw, focus, hud, screens, sounds, warmup
from gwweb.floodline.campaign import COUNT, Progress, missed_star_lines, unlocked
from gwweb.floodline.chrome import AppChrome
from gwweb.floodline.controls import Controls
from gwweb.floodline.hints import hint_fmt
from gwweb.floodline.hooks import test_hooks
from gwweb.floodline.interpret import tick_move
from gwweb.floodline.iso import VIEW_NAMES
from gwweb.floodline.keys import BINDINGS
from gwweb.floodline.model import Run
from gwweb.floodline.music import Music
from gwweb.floodline.rebind import Rebinder
from gwweb.floodline.render import Part, WorldView
from gwweb.floodline.replays import Player, level_for
from gwweb.floodline.saves import load_last
from gwweb.floodline.strings import TABLES, tip_for
from gwweb.floodline.ui import Ui
from gwweb.floodline.warmup import Warmup
from gwweb.shared.canvas import Gfx, Region
from gwweb.shared.clock import now_ms
from gwweb.shared.realtime_app import RealtimeApp

from engine.floodline import GAME, State, TickInput

if TYPE_CHECKING:
    from gwweb.shared.shell import Shell

    from engine.core.session import SaveData


class App(Controls, AppChrome, RealtimeApp[State, TickInput, Ui]):
    """The Floodline page (``realtime``: the shell calls ``tick`` 60 times a second)."""

    realtime = True

    def __init__(self, shell: Shell) -> None:
        RealtimeApp.__init__(
            self, shell, GAME, Ui(), self.interpret_event, self.step_move, self.render_screen, clock=now_ms
        )
        self.shell = shell
        shell.i18n.tables = TABLES
        shell.bindings(BINDINGS)
        self.t = shell.i18n.t
        self.progress = shell.storage.load("progress", Progress) or Progress()
        self.run: Run | None = None
        self.world = WorldView()
        self.pad: list[tuple[str, str, float, float, float, float]] = []
        self.ring: list[Region] = []  # the buttons the keyboard focus moves over (this frame)
        self.ring_ids: tuple[str, ...] = ()
        self.recorded = False
        self.starting = 0
        self.fresh = False  # the first frame of a run: only the light parts are drawn
        self.endless_seed = 0
        self.hud_layer: Gfx | None = None
        self.bar_layer: Gfx | None = None
        self.bar_key: tuple[object, ...] = ()
        self.bar_regions: list[Region] = []
        self.results_key: tuple[object, ...] = ()
        self.results_lines: list[str] = []
        self.hud_key: tuple[object, ...] = ()
        self.hud_redraws = 0
        self.hud_ms = 0.0
        self.tip_key: tuple[object, ...] = ()
        self.tip_lines: tuple[list[str], float] = ([], 13.0)  # the prompt's wrapped lines and size
        self.fmt_key: tuple[object, ...] = ()
        self.fmt_cache: dict[str, str] = {}
        self.coarse_only = _coarse_only()
        self.rebinder = Rebinder(shell)
        self.last_run: SaveData | None = load_last(shell.storage, level_for)  # the old 'lastrun' migrated
        self.player: Player | None = None
        self.pending_import: list[str] = []
        self.pad_layer: Gfx | None = None
        self.pad_key: tuple[object, ...] = ()
        self.dyn_key: tuple[object, ...] = ()
        self.dyn_parts: list[Part] = []
        self.hidden: dict[str, list[list[int]]] = {"piece": [], "ghost": []}
        self.warnings_shown: list[str] = []
        self.cam_spawn: tuple[object, ...] = ()
        self.rows_key: tuple[object, ...] = ()
        self.dyn_ms = (0.0, 0.0)  # (last, max) ms to build the piece/ghost meshes
        self.frozen = False  # test hook: stop the clock without the pause screen
        self.cam_rows = 12
        self.first_frame_at = 0.0  # performance.now() of the first frame drawn for the current run
        self.hud_rect = (0.0, 0.0, 0.0, 0.0)
        self.phone = False  # the phone layout (HUD strip over the board) was drawn last
        self.tip_rect: tuple[float, float, float, float] | None = None
        self.heavy = False  # a heavy job already ran this frame (see draw)
        self.tick_ms = 0.0  # time spent in this frame's ticks
        self.start_stepped = False  # a waiting start already ran its warm-up step this frame
        self.stages: list[str] = []  # heavy jobs of this frame with their ms (diagnostics)
        self.slow: list[tuple[object, ...]] = []  # the slowest frames: (ms, tick ms, draw ms, events, stale)
        self.music: Music | None = None  # the ambient music and noise sounds (made on first use)
        self.profiler: Any = None  # test hook: a cProfile.Profile of every tick and draw
        self.warm = Warmup(
            self.progress.last, self.prewarm_bar
        )  # the engine warmed and the Play level's run made, idle
        warmup.schedule(self.warm, warmup.idle_later)

    # -- loop ----------------------------------------------------------------------------
    def tick(self) -> None:
        t0 = time.perf_counter()
        pr = self.profiler
        if pr is not None:
            pr.enable()
        try:
            RealtimeApp.tick(self)
        finally:
            if pr is not None:
                pr.disable()
            self.tick_ms += (time.perf_counter() - t0) * 1000

    def before_tick(self) -> None:
        """Imports and a waiting start's warm-up step run on the clock whatever the screen."""
        while self.pending_import:
            self.load_import(self.pending_import.pop(0))
        if self.starting and not self.start_stepped:  # one warm-up step a frame, not one per catch-up tick
            self.start_stepped = True
            t1 = time.perf_counter()
            self.continue_start()
            self.stages.append(f"start {(time.perf_counter() - t1) * 1000:.0f}")

    def waiting(self) -> bool:
        """The level's clock stands still: no run, paused, frozen (test hook), over, its world not on
        the screen yet, the phone prompt unread, or a tilt preview shown (planning pause, issue #26)."""
        run = self.run
        if run is None or self.ui.paused or self.frozen or run.state.outcome is not None:
            return True
        if not self.world.shows(id(run)):
            return True  # the level's clock starts once its world is on the screen
        if board_draw.tip_holds_clock(self, run):
            return True  # phone: the prompt is read before the first piece falls (a tap starts it)
        return self.ui.preview is not None and self.player is None

    def speed(self) -> int:
        """A replay is watched at double speed."""
        return 1 if self.player is None else 2

    def step_move(self, ui: Ui, state: State) -> TickInput | None:
        """The move of this tick: the replay's next, or the keys latched since the last tick
        (``tick_move``; a tilt key along gravity is refused with the engine's reason)."""
        if state.outcome is not None:
            return None
        if self.player is not None:
            return self.player.next()
        inp, refusal = tick_move(ui.keys, state, ui.view)
        if refusal is not None and self.run is not None:
            self.run.refused(refusal)
        return inp

    def apply(self, move: TickInput) -> bool:
        """Through the run (its move log, its events for sound and drawing; the run's end is recorded
        on the next light frame, see ``render_screen``)."""
        if self.run is None:
            return False
        self.run.play(move)
        return True

    def save(self) -> None:
        """A checkpoint keeps the run as the stored last run (``Persistence.keep_last_run``)."""
        self.keep_last_run()

    # -- drawing -------------------------------------------------------------------------
    def draw(self, g: Gfx) -> None:
        t0 = time.perf_counter()
        ev = [e.kind for e in self.run.events] if self.run is not None else []
        pr = self.profiler
        if pr is not None:
            pr.enable()
        RealtimeApp.draw(self, g)  # -> render_screen(g, ui, state, t)
        if pr is not None:
            pr.disable()
        t1 = time.perf_counter()
        sounds.ambience(self.sound(), self.ui, self.run, self.heavy)
        _stage(self.stages, "music", t1)
        ms = (time.perf_counter() - t0) * 1000
        total = ms + self.tick_ms
        if total > 12:  # the slowest frames and what they did (frame budget, issue #20)
            self.slow.append(
                (round(total, 1), round(self.tick_ms, 1), round(ms, 1), ev[:4], self.stages, round(_GC[1], 1))
            )
            self.slow = sorted(self.slow, reverse=True)[:8]
        self.tick_ms = 0.0
        self.start_stepped = False
        self.stages = []
        _GC[1] = 0.0

    def render_screen(self, g: Gfx, ui: Ui, state: State | None, t: float) -> None:
        """The screen for ``ui`` and the run's ``state`` (None: the menus), with the focus ring."""
        self.ring = []
        self._draw_screen(g)
        ids = tuple(r.id for r in self.ring)
        if ids != self.ring_ids:  # another screen (or card) came up: its main button first
            self.ring_ids = ids
            self.ui.focus = None
        if self.ring and self.ui.keyboard_nav:  # visible focus while the keyboard is in use
            if self.ui.focus not in ids:
                self.ui.focus = focus.default_focus(self.ring)
            focus.draw(g, self.ring, self.ui.focus)

    def _draw_screen(self, g: Gfx) -> None:
        w, h = g.width, g.height
        self.pad = []
        if self.ui.keys_screen:
            self.rebinder.draw(g, self.t, self.shell.i18n.lang)
            self.corner_buttons(g, w)
            self.ring = list(g.regions)
            return
        if self.run is None:
            screens.level_select(
                g, self.t, self.progress, self.last_run is not None, self.ui.hover, self.has_keyboard()
            )
            self.corner_buttons(g, w)
            self.ring = list(g.regions)
            self.draw_notices(g)
            return
        run = self.run
        sounds.play(self.shell.audio, self.sound(), self.ui, run)
        # issue #20: one heavy job per frame — the tick that locked/tilted, then the view-model
        # refresh, then the world mesh, then the world layer, then the HUD (each on its own frame)
        self.heavy = run.busy or self.fresh  # a run's first frame: no HUD or world work yet
        self.fresh = False
        run.busy = False
        if run.state.outcome is not None and not self.recorded and not self.heavy:
            t0 = time.perf_counter()
            self.finish()  # stars, best score, the stored run
            self.heavy = True
            self.stages.append(f"finish {(time.perf_counter() - t0) * 1000:.0f}")
        if run.stale and not self.heavy:
            t0 = time.perf_counter()
            run.sync()
            self.heavy = True
            self.stages.append(f"sync {(time.perf_counter() - t0) * 1000:.0f}")
        g.clear(screens.BG)
        phone = self.phone = w < 700 or h > w * 1.15
        show_pad = (self.ui.touch or w < 700) and self.player is None  # no pad while watching a replay
        t0 = time.perf_counter()
        rows = hud.pad_rows(run, self.t)
        top = 44
        self.top_bar(g, run, w)
        _stage(self.stages, "bar", t0)
        if phone:
            hud_h = hud.strip_height(g, self.t, run, w)
            pad_h = min(70.0 * len(rows), h * 0.09 * len(rows)) if show_pad else 0
            board = (0.0, top + hud_h, w, h - top - hud_h - pad_h)
            self.hud_panel(g, run, (0, top, w, hud_h), True)
            if show_pad:
                self.pad = hud.pad_layout(rows, 4, h - pad_h, w - 8, pad_h - 4)
        else:
            pw = min(300.0, max(230.0, w * 0.28))
            pad_h = min(60.0 * len(rows), h * 0.08 * len(rows)) if show_pad else 0
            board = (0.0, top, w - pw, h - top - pad_h)
            self.hud_panel(g, run, (w - pw, top, pw, h - top - pad_h), False)
            if show_pad:
                self.pad = hud.pad_layout(rows, 4, h - pad_h, w - 8, pad_h - 4)
        _stage(self.stages, "side", t0)
        t0 = time.perf_counter()
        self.draw_board(g, run, board)
        _stage(self.stages, "board", t0)
        if not self.first_frame_at:
            self.first_frame_at = now_ms()
        if self.pad:
            self.draw_pad(g)
        o = run.state.outcome
        overlay = len(g.regions)  # the focus ring goes over the pause / results card's buttons
        if o is not None:
            best = self.progress.endless_best if run.n == 0 else None
            outcome = {"status": o.status.value, "reason": o.reason.value, "stars": o.stars, "score": o.score}
            rkey = (id(run), self.shell.i18n.lang)
            if rkey != self.results_key:  # the engine's star report, once per run (issue #20)
                self.results_key = rkey
                t1 = time.perf_counter()
                self.results_lines = missed_star_lines(self.t, run.level, run.state) if run.n else []
                self.stages.append(f"stars {(time.perf_counter() - t1) * 1000:.0f}")
            missed = self.results_lines
            screens.results(
                g, self.t, outcome, run.n, run.n < COUNT and unlocked(self.progress, run.n + 1), best, missed
            )
        elif self.ui.paused:
            keys = self.t("tip_touch" if self.ui.touch else "keys_help", **self.hints())
            screens.pause(g, self.t, keys, tip_for(self.t, run.n, self.hints()))
        if self.player is None:
            self.ring = list(g.regions[overlay:])
        self.draw_notices(g)

    def sound(self) -> Music:
        """The ambient music and noise sounds (made on first use)."""
        if self.music is None:
            self.music = Music(self.shell.audio)
        return self.music

    def draw_board(self, g: Gfx, run: Run, rect: tuple[float, float, float, float]) -> None:
        board_draw.draw_board(self, g, run, rect)

    def tip_waits(self) -> bool:
        """The level's clock waits for its prompt to be closed (phone, before the first tick)."""
        return self.run is not None and board_draw.tip_holds_clock(self, self.run)

    def touch_hints(self) -> bool:
        """Tips name the touch pad (not keys) on touch devices and small screens (where the pad shows)."""
        return self.ui.touch or self.shell.gfx.width < 700

    def hints(self) -> dict[str, str]:
        """Key-hint placeholders from the current bindings (or the pad), cached per bindings/lang."""
        b = self.shell.input.bindings
        key = (id(b), len(b), self.shell.i18n.lang, self.touch_hints(), self.ui.view)
        if key != self.fmt_key:
            self.fmt_key = key
            self.fmt_cache = hint_fmt(
                b, self.shell.i18n.lang, self.touch_hints(), self.t, VIEW_NAMES[self.ui.view]
            )
        return self.fmt_cache

    def tip_text(self, run: Run) -> str:
        """The level's beat prompt (tutorial tip), the pad's how-to on touch in lv01, or the replay note;
        every key named comes from the current bindings (or the pad's labels on touch)."""
        if self.player is not None:
            return str(self.t("watching", **self.hints()))
        if self.touch_hints() and run.n == 1:
            return f"{self.t('tip_touch', **self.hints())} {self.t('tip_1_goal')}"
        return tip_for(self.t, run.n, self.hints())

    def draw_notices(self, g: Gfx) -> None:
        notes = self.shell.notices[-2:]
        for i, text in enumerate(notes):
            g.rect(8, g.height - 34 - i * 30, g.width - 16, 26, "rgba(120,40,30,0.9)")
            g.text(16, g.height - 16 - i * 30, text[:140], "#fff", 12)

    # -- hooks ---------------------------------------------------------------------------
    def test_hooks(self) -> dict[str, Any]:
        return test_hooks(self)


_GC = [0.0, 0.0]  # (start of the running collection, ms collected this frame)


def _gc_watch(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _GC[0] = time.perf_counter()
    else:
        _GC[1] += (time.perf_counter() - _GC[0]) * 1000


gc.callbacks.append(_gc_watch)


def _stage(stages: list[str], name: str, t0: float, over_ms: float = 5.0) -> None:
    """Note ``name`` with its ms in this frame's diagnostics when it took over ``over_ms``."""
    ms = (time.perf_counter() - t0) * 1000
    if ms > over_ms:
        stages.append(f"{name} {ms:.0f}")


def _coarse_only() -> bool:
    """The browser reports no fine pointer and no hover (a phone or tablet without mouse/keyboard)."""
    try:
        return bool(js.window.matchMedia("(any-pointer: fine), (any-hover: hover)").matches) is False
    except Exception:  # noqa: BLE001 - old browsers without matchMedia: assume a keyboard
        return False


def create(shell: Shell) -> App:
    return App(shell)
