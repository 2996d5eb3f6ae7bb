"""Floodline page: real-time loop, input mapping, layout, drawing, sounds, progress."""

from __future__ import annotations

import gc
import time
from typing import Any

import js  # type: ignore[import-not-found]
from gwweb.floodline import board_draw, fileio, hud, screens, sounds, warmup
from gwweb.floodline.campaign import (
    COUNT,
    Progress,
    endless_level,
    level,
    missed_star_lines,
    record,
    unlocked,
)
from gwweb.floodline.chrome import AppChrome
from gwweb.floodline.hints import hint_fmt
from gwweb.floodline.hooks import test_hooks
from gwweb.floodline.iso import VIEW_NAMES
from gwweb.floodline.keys import BINDINGS
from gwweb.floodline.model import Run
from gwweb.floodline.rebind import Rebinder
from gwweb.floodline.render import Part, WorldView
from gwweb.floodline.replays import Player, from_file, level_for, to_file
from gwweb.floodline.saves import level_no, load_last, make_save
from gwweb.floodline.strings import TABLES, tip_for
from gwweb.floodline.warmup import Warmup
from gwweb.shared.canvas import Gfx, Region

from engine.core.session import SaveData


class App(AppChrome):
    realtime = True

    def __init__(self, shell: Any) -> None:
        self.shell = shell
        shell.i18n.tables = TABLES
        shell.bindings(BINDINGS)
        self.t = shell.i18n.t
        self.progress = shell.storage.load("progress", Progress) or Progress()
        self.run: Run | None = None
        self.paused = False
        self.view = 0
        self.cut: int | None = None
        self.world = WorldView()
        self.tilt_anim: tuple[str, str, int] | None = None
        self.touch = False
        self.pad: list[tuple[str, str, float, float, float, float]] = []
        self.pad_down: dict[int, str] = {}
        self.recorded = False
        self.endless_seed = 0
        self.hud_layer: Gfx | None = None
        self.bar_layer: Gfx | None = None
        self.bar_key: tuple[Any, ...] = ()
        self.bar_regions: list[Region] = []
        self.results_key: tuple[Any, ...] = ()
        self.results_lines: list[str] = []
        self.hud_key: tuple[Any, ...] = ()
        self.hud_redraws = 0
        self.hud_ms = 0.0
        self.tip_cache: tuple[Any, ...] = ()
        self.alt = False
        self.peek = False  # touch: the PEEK toggle makes the next T button preview its tilt
        self.fmt_key: tuple[Any, ...] = ()
        self.fmt_cache: dict[str, str] = {}
        self.keys_screen = False
        self.keyboard_seen = False  # a key event arrived: a keyboard exists whatever the pointer
        self.coarse_only = _coarse_only()
        self.rebinder = Rebinder(shell)
        self.last_run = load_last(shell.storage, level_for)  # SaveData; the old 'lastrun' is migrated
        self.player: Player | None = None
        self.pending_import: list[str] = []
        self._file_proxy: Any = None
        self.pad_layer: Gfx | None = None
        self.pad_key: tuple[Any, ...] = ()
        self.dyn_key: tuple[Any, ...] = ()
        self.dyn_parts: list[Part] = []
        self.hidden: dict[str, list[Any]] = {"piece": [], "ghost": []}
        self.warnings_shown: list[str] = []
        self.cam_spawn: tuple[Any, ...] = ()
        self.rows_key: tuple[Any, ...] = ()
        self.dyn_ms = (0.0, 0.0)  # (last, max) ms to build the piece/ghost meshes
        self.hover = 0  # level button under the pointer on the level select
        self.frozen = False  # test hook: stop the clock without the pause screen
        self.cam_rows = 12
        self.preview: dict[str, Any] | None = None
        self.basins = False  # §10.3 basin preview (B / the board's button)
        self.first_frame_at = 0.0  # performance.now() of the first frame drawn for the current run
        self.hud_rect = (0.0, 0.0, 0.0, 0.0)
        self.tip_rect: tuple[float, float, float, float] | None = None
        self.tip_closed = 0  # id() of the run whose prompt the player closed
        self.heavy = False  # a heavy job already ran this frame (see draw)
        self.tick_ms = 0.0  # time spent in this frame's ticks
        self.stages: list[str] = []  # heavy jobs of this frame with their ms (diagnostics)
        self.slow: list[tuple[Any, ...]] = []  # the slowest frames: (ms, tick ms, draw ms, events, stale)
        self.flash: tuple[str, float] | None = None  # a refused tilt's reason, until performance.now()
        self.refusal_seen: tuple[int, int] = (0, 0)
        self.profiler: Any = None  # test hook: a cProfile.Profile of every tick and draw
        self.warm = Warmup(self.progress.last)  # the engine warmed and the Play level's run made, idle
        warmup.schedule(self.warm, warmup.idle_later)

    # -- runs ----------------------------------------------------------------------------
    def start(self, n: int) -> None:
        if n == 0:
            self.endless_seed = 7919 * (self.progress.endless_runs + 1) % 100_000
            self.progress.endless_runs += 1
            run = Run(endless_level(self.endless_seed), 0)
        else:
            self.progress.last = n
            run = self.warm.take(n) or Run(level(n), n)
        self.save_progress()
        self.begin(run)

    def begin(self, run: Run) -> None:
        self.run = run
        self.player = None
        self.world.place_key = ()  # a new level starts without a zoom from the last one
        self.world.forget()  # and without the last one's world: its layer is built over a few frames
        self.dyn_parts, self.dyn_key = [], ()
        run.view = self.view
        self.paused = False
        self.cut = None
        self.recorded = False
        self.tilt_anim = None
        self.preview = None
        self.peek = False
        self.first_frame_at = 0.0

    def watch(self, save: SaveData) -> None:
        """Play a stored run back in the page (stars are not recorded)."""
        self.begin(Run(save.options["level"], level_no(save), save.seed))
        self.endless_seed = save.seed
        self.player = Player(save.moves)
        self.recorded = True

    def keep_last_run(self) -> None:
        run = self.run
        if run is None or self.player is not None or not run.session.moves:
            return
        self.last_run = make_save(run.n, run.level, run.session.seed, run.log.moves())
        self.shell.storage.save("last", self.last_run)
        self.shell.take_storage_notices()

    def export_replay(self) -> None:
        if self.last_run is not None:
            n = level_no(self.last_run)
            fileio.download(f"floodline-{'endless' if n == 0 else f'lv{n:02d}'}.json", to_file(self.last_run))

    def import_replay(self) -> None:
        fileio.pick_text(self._queue_import)

    def _queue_import(self, text: str) -> None:
        self.pending_import.append(text)
        self.shell.invalidate()

    def load_import(self, text: str) -> None:
        try:
            lr = from_file(text)
        except ValueError as exc:
            self.shell.notify(self.t("import_bad", why=str(exc)[:160]))
            return
        self.last_run = lr
        self.shell.storage.save("last", lr)
        self.shell.take_storage_notices()
        self.watch(lr)

    def save_progress(self) -> None:
        self.shell.storage.save("progress", self.progress)
        p = self.progress  # the launcher's card: stars, endless best, the level Continue opens
        best = {"endless": p.endless_best} if p.endless_best else {}
        self.shell.progress.sync(
            best=best,
            stars=dict(p.stars),
            stars_max=3 * COUNT,
            in_progress=bool(p.stars),
            level=p.last,
            levels=COUNT,
        )
        self.shell.take_storage_notices()

    def finish(self) -> None:
        """Record stars / best score once when the run ends."""
        run = self.run
        if run is None or self.recorded or run.state.outcome is None:
            return
        self.recorded = True
        o = run.state.outcome
        if run.n == 0:
            self.progress.endless_best = max(self.progress.endless_best, int(o.score))
        elif o.status.value == "WON":
            record(self.progress, run.n, int(o.stars))
        self.save_progress()
        self.keep_last_run()
        if run.n:  # the run the results card's first button starts, made in idle time
            self.warm = Warmup(min(COUNT, run.n + 1) if o.status.value == "WON" else run.n)
            warmup.schedule(self.warm, warmup.idle_later)
        won = o.status.value == "WON"  # what the results card shows, for screen readers
        words = [self.t("won") if won else (self.t("over") if run.n == 0 else self.t("lost"))]
        if run.n and won:
            words.append(self.t("results_stars", n=int(o.stars)))
        words += [self.t("reason_" + o.reason.value), self.t("score", n=int(o.score))]
        self.shell.announce(". ".join(words))

    # -- loop ----------------------------------------------------------------------------
    def tick(self) -> None:
        t0 = time.perf_counter()
        pr = self.profiler
        if pr is not None:
            pr.enable()
        try:
            self._tick()
        finally:
            if pr is not None:
                pr.disable()
            self.tick_ms += (time.perf_counter() - t0) * 1000

    def _tick(self) -> None:
        while self.pending_import:
            self.load_import(self.pending_import.pop(0))
        run = self.run
        if run is None or self.paused or self.frozen or run.state.outcome is not None:
            return
        if not self.world.shows(id(run)):
            return  # the level's clock starts once its world is on the screen
        if self.player is not None:
            for _ in range(2):
                inp = self.player.next()
                if inp is None or run.state.outcome is not None:
                    break
                run.play(inp)
            return
        run.tick()  # the run's end is recorded on the next light frame (finish, see _draw)

    def has_keyboard(self) -> bool:
        """False on a touch-only device (touch used or only coarse pointers, and no key pressed yet):
        the Keys (rebinding) screen is then not offered."""
        return self.keyboard_seen or not (self.touch or self.coarse_only)

    def handle(self, ev: Any) -> None:
        if ev.kind == "key":
            self.keyboard_seen = True
        if self.keys_screen:
            if ev.kind == "key" and ev.down and self.rebinder.press(ev.name):
                return
            if ev.kind == "action" and ev.down and ev.name == "pause":
                self.keys_screen = False
            return
        if ev.kind == "key" and ev.name in ("AltLeft", "AltRight"):
            self.alt = ev.down
            if not ev.down:
                self.preview = None
        elif ev.kind == "action":
            self.action(ev.name, ev.down)
        elif ev.kind == "pointer":
            self.pointer(ev)

    def action(self, name: str, down: bool) -> None:
        run = self.run
        if name.startswith("view") and down:
            self.set_view((self.view + 1) % 4 if name == "viewNext" else int(name[4]) - 1)
            return
        if not down and run is not None:
            run.key(name, False)
            return
        if not down:
            return
        if name == "mute":
            self.shell.set_muted(not self.shell.audio.muted)
        elif name == "pause" and self.player is not None:
            self.on_button("levels")
        elif name == "pause" and run is not None and run.state.outcome is None:
            self.paused = not self.paused
            run.release_all()
        elif name == "confirm":
            if run is None:
                self.start(self.progress.last)
            elif run.state.outcome is not None:
                self.on_button(
                    "next" if run.state.outcome.status.value == "WON" and 0 < run.n < COUNT else "restart"
                )
        elif name == "basins":
            self.basins = not self.basins
        elif name == "peek":
            self.peek = not self.peek
            self.preview = None
        elif name in ("cutDown", "cutUp") and run is not None:
            h = run.state.board.sy
            cur = h if self.cut is None else self.cut
            cur = max(1, min(h, cur + (1 if name == "cutUp" else -1)))
            self.cut = None if cur >= h else cur
        elif (
            name.startswith("tilt")
            and (self.alt or self.peek)
            and run is not None
            and run.state.outcome is None
        ):
            self.peek = False
            self.preview = preview_marks(run.preview(name), run.board_cells, run.board_version)
        elif run is not None and not self.paused and run.state.outcome is None and self.player is None:
            self.preview = None
            run.key(name, True)

    def set_view(self, v: int) -> None:
        self.view = v
        if self.run is not None:
            self.run.view = v

    def pointer(self, ev: Any) -> None:
        if ev.pointer_type == "touch" and not self.touch:
            self.touch = True
        run = self.run
        if run is None and ev.name == "move" and not self.keys_screen:
            self.hover = screens.level_at(ev.x, ev.y)
        if ev.name == "down":
            if board_draw.tip_hit(self, ev.x, ev.y):
                return
            for action, _, bx, by, bw, bh in self.pad:
                if bx <= ev.x <= bx + bw and by <= ev.y <= by + bh:
                    self.pad_down[ev.pointer_id] = action
                    self.action(action, True)
                    return
        elif ev.name in ("up", "cancel"):
            action = self.pad_down.pop(ev.pointer_id, "")
            if action and run is not None:
                run.key(action, False)

    def on_button(self, bid: str) -> None:
        if bid.startswith("lv:"):
            n = int(bid[3:])
            if unlocked(self.progress, n):
                self.start(n)
        elif bid == "endless":
            self.start(0)
        elif bid == "lang":
            self.shell.set_lang("ru" if self.shell.i18n.lang == "en" else "en")
        elif bid == "mute":
            self.shell.set_muted(not self.shell.audio.muted)
        elif bid == "pause":
            self.action("pause", True)
        elif bid == "resume":
            self.paused = False
        elif bid == "restart" and self.run is not None:
            self.start(self.run.n)
        elif bid == "keys" and self.has_keyboard():
            self.keys_screen = True
        elif bid.startswith("bind:"):
            self.rebinder.waiting = bid[5:]
        elif bid == "keys_reset":
            self.rebinder.reset()
        elif bid == "keys_done":
            self.keys_screen = False
            self.rebinder.waiting = None
        elif bid == "watch" and self.last_run is not None:
            self.watch(self.last_run)
        elif bid == "export":
            self.export_replay()
        elif bid == "import":
            self.import_replay()
        elif bid == "levels":
            if self.run is not None and self.run.state.outcome is None:
                self.keep_last_run()
            self.player = None
            self.run = None
            self.paused = False
        elif bid == "next" and self.run is not None:
            self.start(min(COUNT, self.run.n + 1))
        elif bid == "view":
            self.set_view((self.view + 1) % 4)
        elif bid in ("cutUp", "cutDown", "basins"):
            self.action(bid, True)

    # -- drawing -------------------------------------------------------------------------
    def draw(self, g: Gfx) -> None:
        t0 = time.perf_counter()
        ev = [e.kind for e in self.run.events] if self.run is not None else []
        pr = self.profiler
        if pr is not None:
            pr.enable()
        self._draw(g)
        if pr is not None:
            pr.disable()
        sounds.ambience(self)
        ms = (time.perf_counter() - t0) * 1000
        total = ms + self.tick_ms
        if total > 12:  # the slowest frames and what they did (frame budget, issue #20)
            self.slow.append(
                (round(total, 1), round(self.tick_ms, 1), round(ms, 1), ev[:4], self.stages, round(_GC[1], 1))
            )
            self.slow = sorted(self.slow, reverse=True)[:8]
        self.tick_ms = 0.0
        self.stages = []
        _GC[1] = 0.0

    def _draw(self, g: Gfx) -> None:
        w, h = g.width, g.height
        self.pad = []
        if self.keys_screen:
            self.rebinder.draw(g, self.t, self.shell.i18n.lang)
            self.corner_buttons(g, w)
            return
        if self.run is None:
            screens.level_select(
                g, self.t, self.progress, self.last_run is not None, self.hover, self.has_keyboard()
            )
            self.corner_buttons(g, w)
            self.draw_notices(g)
            return
        run = self.run
        sounds.play(self, run)
        # issue #20: one heavy job per frame — the tick that locked/tilted, then the view-model
        # refresh, then the world mesh, then the world layer, then the HUD (each on its own frame)
        self.heavy = run.busy
        run.busy = False
        if run.state.outcome is not None and not self.recorded and not self.heavy:
            self.finish()  # stars, best score, the stored run
            self.heavy = True
            self.stages.append("finish")
        if run.stale and not self.heavy:
            t0 = time.perf_counter()
            run.sync()
            self.heavy = True
            self.stages.append(f"sync {(time.perf_counter() - t0) * 1000:.0f}")
        g.clear(screens.BG)
        phone = w < 700 or h > w * 1.15
        show_pad = (self.touch or w < 700) and self.player is None  # no pad while watching a replay
        rows = hud.pad_rows(run, self.t)
        top = 44
        self.top_bar(g, run, w)
        if phone:
            hud_h = 128
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
        self.draw_board(g, run, board)
        if not self.first_frame_at:
            self.first_frame_at = float(js.performance.now())
        if self.pad:
            self.draw_pad(g)
        o = run.state.outcome
        if o is not None:
            best = self.progress.endless_best if run.n == 0 else None
            outcome = {"status": o.status.value, "reason": o.reason.value, "stars": o.stars, "score": o.score}
            rkey = (id(run), self.shell.i18n.lang)
            if rkey != self.results_key:  # the engine's star report, once per run (issue #20)
                self.results_key = rkey
                self.results_lines = missed_star_lines(self.t, run.level, run.state) if run.n else []
            missed = self.results_lines
            screens.results(
                g, self.t, outcome, run.n, run.n < COUNT and unlocked(self.progress, run.n + 1), best, missed
            )
        elif self.paused:
            keys = self.t("tip_touch" if self.touch else "keys_help", **self.hints())
            screens.pause(g, self.t, keys, tip_for(self.t, run.n, self.hints()))
        self.draw_notices(g)

    def draw_board(self, g: Gfx, run: Run, rect: tuple[float, float, float, float]) -> None:
        board_draw.draw_board(self, g, run, rect)

    def touch_hints(self) -> bool:
        """Tips name the touch pad (not keys) on touch devices and small screens (where the pad shows)."""
        return self.touch or self.shell.gfx.width < 700

    def hints(self) -> dict[str, str]:
        """Key-hint placeholders from the current bindings (or the pad), cached per bindings/lang."""
        b = self.shell.input.bindings
        key = (id(b), len(b), self.shell.i18n.lang, self.touch_hints(), self.view)
        if key != self.fmt_key:
            self.fmt_key = key
            self.fmt_cache = hint_fmt(
                b, self.shell.i18n.lang, self.touch_hints(), self.t, VIEW_NAMES[self.view]
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

    def animating(self) -> bool:
        return False

    def on_focus(self, focused: bool) -> None:
        """An embed lost the keyboard (Escape, a click outside): the falling piece waits, paused."""
        run = self.run
        if not focused and run is not None and run.state.outcome is None and self.player is None:
            if not self.paused:
                self.paused = True
                run.release_all()

    # -- hooks ---------------------------------------------------------------------------
    def state_hash(self) -> str:
        return "" if self.run is None else self.run.session.state_hash()

    def save_json(self) -> str:
        return "{}" if self.run is None else self.run.session.save_json()

    def test_hooks(self) -> dict[str, Any]:
        return test_hooks(self)


def preview_marks(pv: dict[str, Any], before: list[dict[str, Any]], version: int) -> dict[str, Any]:
    """The engine's tilt preview plus what to draw: ``moved`` = cells that become solid/water/ice
    (the landed piece included), ``gone`` = solids that leave the board and piece cells that are lost."""
    after = {(tuple(c["pos"]), c["type"]) for c in pv.get("cells", [])}
    cur = {(tuple(c["pos"]), c["type"]) for c in before}
    moved = [
        c["pos"]
        for c in pv.get("cells", [])
        if c["type"] in ("SOLID", "WATER", "ICE") and (tuple(c["pos"]), c["type"]) not in cur
    ]
    gone: list[Any] = []
    if pv.get("cells"):
        gone = [c["pos"] for c in before if c["type"] == "SOLID" and (tuple(c["pos"]), "SOLID") not in after]
        gone += [c for c in pv.get("piece", []) if (tuple(c), "SOLID") not in after]
    return {**pv, "board": version, "moved": moved, "gone": gone}


_GC = [0.0, 0.0]  # (start of the running collection, ms collected this frame)


def _gc_watch(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _GC[0] = time.perf_counter()
    else:
        _GC[1] += (time.perf_counter() - _GC[0]) * 1000


gc.callbacks.append(_gc_watch)


def _coarse_only() -> bool:
    """The browser reports no fine pointer and no hover (a phone or tablet without mouse/keyboard)."""
    try:
        return bool(js.window.matchMedia("(any-pointer: fine), (any-hover: hover)").matches) is False
    except Exception:  # noqa: BLE001 - old browsers without matchMedia: assume a keyboard
        return False


def create(shell: Any) -> App:
    return App(shell)
